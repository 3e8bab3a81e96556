//! The words for every decision the rules offer: one place, so the
//! decision panel, the battle panels and the advisor say the same.

use super::odds::BattleOdds;
use crate::rules::board::{Board, label};
use crate::rules::decision::{Decision, DefaultPlan, FormationChange, SecondMove};
use crate::rules::difficulty::BattleMode;

/// A readable label for a decision.
pub fn word(board: &Board, d: &Decision) -> String {
    let name = |id: &str| board.piece(id).map_or(id.to_string(), label);
    let area = |id: &str| board.area_name(id).to_string();
    match d {
        Decision::AcceptFogOfWar => "Keep this Fog of War roll".into(),
        Decision::RerollFogOfWar => "Discard a Scout and roll again".into(),
        Decision::DeclineBrigade => "Do not buy a Brigade".into(),
        Decision::BuyBrigade { force, area: a } => {
            format!("Pay 2 CP: {} to {}", name(force), area(a))
        }
        Decision::HitUnionForce { force } => format!("The Hit falls on {}", name(force)),
        Decision::ShiftColumn { shift } => match shift {
            0 => "Not now".into(),
            s if *s < 0 => "One column left".into(),
            _ => "One column right".into(),
        },
        Decision::FightOn => "Fight on".into(),
        Decision::VoluntaryRetreat => "Retreat the army (14.5.1)".into(),
        Decision::Rejoin => "Rejoin: fight again".into(),
        Decision::RetreatInsteadOfRejoin => "Retreat instead (14.8.3)".into(),
        Decision::RetreatTo { force, area: a } => {
            format!("{} retreats to {}", name(force), area(a))
        }
        Decision::PlaceArrival { area: a, .. } => format!("Enter at {}", area(a)),
        Decision::MoveForce { force, to } => format!("{} → {}", name(force), area(to)),
        Decision::JacksonMarch { force, via, to } => {
            format!("{} → {} → {} (Jackson)", name(force), area(via), area(to))
        }
        Decision::MoveLee { to } => format!("Robert E. Lee → {}", area(to)),
        Decision::EndMoves => "End this step".into(),
        Decision::FightBattleAt { area: a } => match BattleOdds::at(board, None, a) {
            Some(odds) => format!("Fight the battle of {} · {}", area(a), odds.text()),
            None => format!("Fight the battle of {}", area(a)),
        },
        Decision::Refit { force } => format!("Refit {} (2 CP)", name(force)),
        Decision::Purchase {
            force,
            area: a,
            reduced,
        } => {
            let p = board.piece(force);
            let cost = p.map_or(0, |p| p.force.purchase_cost(*reduced));
            format!(
                "Buy {}{} into {} ({cost} CP)",
                name(force),
                if *reduced { " reduced" } else { "" },
                area(a)
            )
        }
        Decision::BuyScout => "Buy a Scout (1 CP)".into(),
        Decision::EndResupply => "End Resupply".into(),
        Decision::OrdersFor { area: a, group } => {
            format!("Roll for {} in {}", group_name(board, group), area(a))
        }
        Decision::OrdersInOrder => "Roll all groups in the order listed".into(),
        Decision::AcceptOrders => "Accept the Union order".into(),
        Decision::RerollOrders => "Discard a Scout: re-roll the order".into(),
        Decision::ModifyOrders { by } if by.abs() == 1 => {
            format!("Discard a Scout: change the roll by {by:+}")
        }
        Decision::ModifyOrders { by } => format!(
            "Discard {} Scouts: change the roll by {by:+} (O16.3.1)",
            by.abs()
        ),
        Decision::BuyBattlePlans { extra: 0 } => "No more Battle Plans".into(),
        Decision::BuyBattlePlans { extra: 1 } => "+1 Battle Plan a turn (2 CP)".into(),
        Decision::BuyBattlePlans { extra } => format!("+{extra} Battle Plans a turn (5 CP)"),
        Decision::ChooseInsight { insight } => format!("The {insight:?} Insight"),
        Decision::ScreenWith { cavalry, infantry } => {
            format!("Screen with {} and {}", name(cavalry), name(infantry))
        }
        Decision::EndInsights => "No more Insights".into(),
        Decision::NoScreen => "Do not Screen: every Force fights on the sheet".into(),
        Decision::RemoveSpecialPlan { plan } => format!("Take {} out of the cup", plan.name()),
        Decision::EndRemovals => "Keep my Scouts".into(),
        Decision::ScreenedApproach { cavalry: None } => "No Screened Approach".into(),
        Decision::ScreenedApproach { cavalry: Some(c) } => {
            format!("Screened Approach with {}", name(c))
        }
        Decision::TerrainRegion { region } => format!("All Union Forces in the {}", region.name()),
        Decision::PlaceForce {
            force,
            region,
            formation,
        } => format!("{} in the {} in {formation:?}", name(force), region.name()),
        Decision::PlaceOnSquare {
            force,
            square,
            formation,
        } => format!(
            "{} in Square {} in {formation:?}",
            name(force),
            square.name()
        ),
        Decision::EntrenchOn { force } => format!("Entrench {}", name(force)),
        Decision::Duration { by } if *by > 0 => "One battle turn more".into(),
        Decision::Duration { .. } => "One battle turn fewer".into(),
        Decision::TryDemolitions { target } => format!("Demolitions against {}", name(target)),
        Decision::TryScreen => "Try the Screen".into(),
        Decision::EndInsightActivation => "No Insight roll now".into(),
        Decision::AcceptInsightRoll => "Accept the failed roll".into(),
        Decision::RerollInsight => "Discard a Scout: roll again".into(),
        Decision::AssignPlan { force, plan } => format!("{} to {}", plan.name(), name(force)),
        Decision::HoldFormationCounter => "Formation counter beside the sheet".into(),
        Decision::ClearOrders { force } => format!("Clear Orders for {} (a Scout)", name(force)),
        Decision::EndAssign => "Done assigning".into(),
        Decision::TakeBackPlan { force, plan } => {
            format!("Take {} back from {}", plan.name(), name(force))
        }
        Decision::Act { force, plan: None } => format!("{} carries out its counter", name(force)),
        Decision::Act {
            force,
            plan: Some(p),
        } => format!(
            "{}: {}",
            name(force),
            default_plan(p, board.options.battles)
        ),
        Decision::UseFormationCounter => "Use the Formation counter".into(),
        Decision::FormationChange { force } => format!("Change {}'s Formation", name(force)),
        Decision::EndFormationChanges => "No (more) Formation changes".into(),
        Decision::ShockTarget { force } => format!("Shock attack {}", name(force)),
        Decision::CrowdLoss { force } => format!("{} is destroyed in the crowding", name(force)),
        Decision::DisruptTake { plan: Some(p) } => format!("Take {} out of the cup", p.name()),
        Decision::DisruptTake { plan: None } => "Take three at random".into(),
        Decision::MarchInto { square } => format!("Into Square {}", square.name()),
        Decision::Target { force } => name(force),
    }
}

/// A Union group by what its label stands for (16.3.2–16.3.3): its Corps,
/// its Independent Force, or Additional Forces grouped on their own.
fn group_name(board: &Board, group: &str) -> String {
    let corps = board
        .campaign
        .corps
        .iter()
        .find(|k| k.id == group && k.side == crate::campaign::Side::Union);
    if let Some(k) = corps {
        format!("{} ({})", k.name, k.commander)
    } else if let Some(p) = board.piece(group) {
        p.force.name.clone()
    } else if let Some(n) = group.strip_prefix("additional-") {
        format!("Additional Forces group {n}")
    } else {
        group.to_string()
    }
}

/// A Default Battle Plan in words (12.4; on the Advanced sheet A12.4, in
/// Squares).
pub fn default_plan(d: &DefaultPlan, mode: BattleMode) -> String {
    let squares = mode == BattleMode::Advanced;
    match d {
        DefaultPlan::March { change, then } => {
            let mut s = if squares {
                "March one Square".to_string()
            } else {
                "March: Advance one Region".to_string()
            };
            match change {
                FormationChange::None => {}
                FormationChange::Before => s = format!("{s}, changing Formation first"),
                FormationChange::After => s = format!("{s}, then change Formation"),
                FormationChange::Both => {
                    s = format!(
                        "Change Formation, {}, change again (Cavalry)",
                        s.to_lowercase()
                    )
                }
            }
            match then {
                SecondMove::None => {}
                SecondMove::Advance => s.push_str(", and Advance again (Cavalry)"),
                SecondMove::Retreat => s.push_str(", then Retreat one Region (Cavalry)"),
                SecondMove::Another => s.push_str(", and a second Square (Cavalry)"),
            }
            format!("{s} ({})", if squares { "A12.4" } else { "12.4.1" })
        }
        DefaultPlan::MarchOff if squares => {
            "March off the sheet behind Row F (A12.4, 14.5.1)".into()
        }
        DefaultPlan::MarchOff => "March off the sheet behind the Reserve (12.4.1, 14.5.1)".into(),
        DefaultPlan::MarchBack if squares => {
            "March back one Square out of the Melee (A11.5)".into()
        }
        DefaultPlan::MarchBack => "March back one Region out of the Melee (11.5)".into(),
        DefaultPlan::Fire if squares => "Fire (A12.4)".into(),
        DefaultPlan::Fire => "Fire (12.4.2)".into(),
        DefaultPlan::Disrupt if squares => {
            "Disrupt the Union's Special Battle Plans, from Row F (A12.4)".into()
        }
        DefaultPlan::Disrupt => "Disrupt the Union's Special Battle Plans (12.4.3)".into(),
        DefaultPlan::Pivot => "Pivot: change Formation (12.4.4)".into(),
        DefaultPlan::Hold => "Hold (12.4.6)".into(),
    }
}
