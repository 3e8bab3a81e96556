//! The steps of a Campaign Turn (8.0) in the rulebook's order.

use serde::{Deserialize, Serialize};

use crate::campaign::Phase;

/// The steps of a Campaign Turn (8.0). Also the Bevy sub-state of a
/// campaign in play (`rules::sequence`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Step {
    /// 9.1 Advance Turn Counter (and 7.9 Late Arrivals).
    #[default]
    AdvanceTurn,
    /// 9.2 Moves.
    ConfederateMoves,
    /// 9.3 Resolve Battles.
    BattlesAfterMoves,
    /// 15.1 Forced March.
    ForcedMarch,
    /// 15.2 Resolve Battles.
    BattlesAfterForcedMarch,
    /// 15.3–15.6 Confederate Resupply.
    ConfederateResupply,
    /// 16.0–16.4 Union Orders.
    UnionOrders,
    /// 17.0 Resolve Battles.
    BattlesAfterOrders,
    /// 18.0–18.4 Union Resupply (then 19.0 Next Turn).
    UnionResupply,
}

impl Step {
    pub fn next(self) -> Step {
        match self {
            Step::AdvanceTurn => Step::ConfederateMoves,
            Step::ConfederateMoves => Step::BattlesAfterMoves,
            Step::BattlesAfterMoves => Step::ForcedMarch,
            Step::ForcedMarch => Step::BattlesAfterForcedMarch,
            Step::BattlesAfterForcedMarch => Step::ConfederateResupply,
            Step::ConfederateResupply => Step::UnionOrders,
            Step::UnionOrders => Step::BattlesAfterOrders,
            Step::BattlesAfterOrders => Step::UnionResupply,
            Step::UnionResupply => Step::AdvanceTurn,
        }
    }

    pub fn rule(self) -> &'static str {
        match self {
            Step::AdvanceTurn => "9.1",
            Step::ConfederateMoves => "9.2",
            Step::BattlesAfterMoves => "9.3",
            Step::ForcedMarch => "15.1",
            Step::BattlesAfterForcedMarch => "15.2",
            Step::ConfederateResupply => "15.3",
            Step::UnionOrders => "16.1",
            Step::BattlesAfterOrders => "17.0",
            Step::UnionResupply => "18.0",
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Step::AdvanceTurn => "Advance Turn Counter",
            Step::ConfederateMoves => "Confederate Moves",
            Step::BattlesAfterMoves => "Resolve Battles",
            Step::ForcedMarch => "Confederate Forced March",
            Step::BattlesAfterForcedMarch => "Resolve Battles",
            Step::ConfederateResupply => "Confederate Resupply",
            Step::UnionOrders => "Union Orders",
            Step::BattlesAfterOrders => "Resolve Battles",
            Step::UnionResupply => "Union Resupply",
        }
    }

    pub fn phase(self) -> Phase {
        match self {
            Step::UnionOrders | Step::BattlesAfterOrders | Step::UnionResupply => Phase::Union,
            _ => Phase::Confederate,
        }
    }
}
