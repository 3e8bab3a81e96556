//! Battles: the machinery every battle mode shares (10.2.1–10.2.9 pre-battle,
//! 11.9–11.11 hits, 14.5–14.8 endings, 5.9.1 artillery capture) and the two
//! modes fought on the campaign map (Part Two: Quick and Very Quick).
//!
//! Everything here works on a [`Board`]; see `rules::board` for why.

pub mod advanced;
pub mod awards;
pub mod basic;
pub mod endings;
pub mod field;
pub mod fog;
pub mod ground;
pub mod prebattle;
pub mod quick;
pub mod record;
pub mod terms;
pub mod turns;

use serde::{Deserialize, Serialize};

use crate::campaign::{Insight, Side};

/// A battle to fight.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BattleSpec {
    /// The Battle Location Area (4.16).
    pub area: String,
    /// The army that entered the enemy-occupied area (Quick/Very Quick
    /// "Determine Attacker").
    pub attacker: Side,
}

/// How a battle ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Ending {
    /// 10.2.9: the weaker army was Enveloped and destroyed.
    Enveloped { loser: Side },
    /// 14.5: an army Routed.
    Routed { loser: Side },
    /// 14.8.2 / 14.8.3: an army retreated after the battle, by the table or
    /// automatically at 2:1.
    Retreat { side: Side },
    /// 14.8.4: both armies stay; no new battle in this step.
    Encamp,
    /// One army (or both) has no Forces left in the area (14.7).
    Cleared { loser: Option<Side> },
    /// Quick 14.5.1 / Very Quick 14.8.1: the player took the army away.
    ConfederateWithdrew,
    /// A stand-alone battle's last battle turn is over: no Withdrawal roll,
    /// the scenario's victory conditions decide (R-A-stand-alone).
    LastTurn,
}

impl Ending {
    pub fn describe(self) -> String {
        match self {
            Ending::Enveloped { loser } => format!("the {} were Enveloped (10.2.9)", loser.army()),
            Ending::Routed { loser } => format!("the {} Routed (14.5)", loser.army()),
            Ending::Retreat { side } => format!("{} Retreat (14.8)", side.name()),
            Ending::Encamp => "Encamp (14.8.4)".to_string(),
            Ending::Cleared { loser: Some(side) } => {
                format!("no {} Forces are left in the area (14.7)", side.name())
            }
            Ending::Cleared { loser: None } => {
                "no Forces of either side are left (14.7)".to_string()
            }
            Ending::ConfederateWithdrew => {
                "the Confederates withdrew (14.5.1 / 14.8.1)".to_string()
            }
            Ending::LastTurn => {
                "its last battle turn is over and the scenario's terms decide (R-A-stand-alone)"
                    .to_string()
            }
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    pub ending: Ending,
    /// 3.2: Lee ended alone or was destroyed.
    pub campaign_lost: bool,
    /// How many times the battle was fought (Rejoin starts it again).
    pub rounds: u32,
}

/// What the pre-battle sequence leaves for the battle itself.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PreBattle {
    pub fog_roll: u32,
    pub battle_turns: u32,
    /// Basic: the random Insight (10.2.6 event 1).
    pub insight: Option<Insight>,
    /// Basic: extra Union Special Battle Plans each battle turn.
    pub union_special_bonus: u32,
    /// Quick/Very Quick: the Union's column shifts each battle turn.
    pub union_shifts: u32,
    /// Quick/Very Quick: the Confederate BRT ±1 (replaces the Insight).
    pub confederate_shift: bool,
}

/// 10.2.9 Envelopment, 14.5 Rout: the side whose combined Combat Value the
/// other has 3 times or more.: a side of Combat Value 0 is
/// outweighed by any larger one; two sides of 0 by neither.
pub fn outweighed(confederate: u32, union: u32) -> Option<Side> {
    if u64::from(union) >= outweighs_at(confederate) {
        Some(Side::Confederate)
    } else if u64::from(confederate) >= outweighs_at(union) {
        Some(Side::Union)
    } else {
        None
    }
}

/// The combined Combat Value that outweighs `other` at 3:1 (10.2.9, 14.5,
/// three times it, and more than it (in 64 bits: never overflows).
pub fn outweighs_at(other: u32) -> u64 {
    let other = u64::from(other);
    (3 * other).max(other + 1)
}
