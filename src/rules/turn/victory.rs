//! 3.0–3.3 End of a Campaign, 21.0–21.1 Victory Points: objectives decided
//! at the end of every step, defeat conditions, the final score.

use super::step::Step;
use crate::campaign::{Condition, Deadline, DefeatCondition, ForceFilter, Phase, Side};
use crate::rules::board::Board;
use crate::rules::components::{CampaignResult, Rating};
use crate::rules::ctx::Ctx;

/// Has the end of this step reached (or passed) the deadline?
/// Whether a deadline has come. One at the Turn Track's last box is the
/// end of the campaign, wherever The Battle Continues moved it.
fn reached(board: &Board, deadline: &Deadline, turn: u32, step: Step) -> bool {
    let end_of = |phase: Option<Phase>| match phase {
        Some(Phase::Confederate) => step == Step::ConfederateResupply,
        _ => step == Step::UnionResupply,
    };
    let due = if deadline.turn >= board.campaign.turns {
        deadline.turn + board.turn.extra
    } else {
        deadline.turn
    };
    turn > due || (turn == due && end_of(deadline.phase))
}

pub(crate) fn qualifies(board: &Board, filter: &ForceFilter, id: &str) -> bool {
    match filter {
        ForceFilter::Any {} => true,
        ForceFilter::Corps { corps } => board
            .piece(id)
            .is_some_and(|p| p.force.corps.as_deref() == Some(corps.as_str())),
    }
}

pub(crate) fn has_reached(board: &Board, area: &str, filter: &ForceFilter) -> bool {
    board
        .progress
        .entered
        .get(area)
        .is_some_and(|ids| ids.iter().any(|id| qualifies(board, filter, id)))
}

/// A step that a Resolve Battles step follows (9.3, 15.2, 17.0).
fn battles_follow(step: Step) -> bool {
    matches!(
        step,
        Step::ConfederateMoves | Step::ForcedMarch | Step::UnionOrders
    )
}

/// The last step of the last turn: the campaign's final moment.
fn is_final(board: &Board, step: Step) -> bool {
    step == Step::UnionResupply && board.turn.turn >= board.last_turn()
}

/// Decide what the end of this step decides; end the campaign on defeat or
/// when every objective is achieved (3.1, 3.2).
pub fn end_of_step(ctx: &mut Ctx, step: Step) {
    if ctx.board.progress.result.is_some() {
        return;
    }
    let turn = ctx.board.turn.turn;
    let finale = is_final(ctx.board, step);
    let objectives: Vec<_> = ctx
        .board
        .options
        .objectives(&ctx.board.campaign)
        .cloned()
        .collect();
    for o in &objectives {
        if ctx.board.progress.objectives.contains_key(&o.id) {
            continue;
        }
        let b = &*ctx.board;
        let decided: Option<bool> = match &o.condition {
            Condition::ClearArea { area, by } => {
                reached(b, by, turn, step).then(|| !b.has_side(area, Side::Union))
            }
            Condition::Reach { area, by, forces } => {
                if has_reached(b, area, forces) {
                    Some(true)
                } else if reached(b, by, turn, step) {
                    Some(false)
                } else {
                    None
                }
            }
            Condition::Occupy { areas, at } => reached(b, at, turn, step)
                .then(|| areas.iter().all(|a| b.has_side(a, Side::Confederate))),
            Condition::HoldThroughout { areas } => {
                // An area being fought for is judged after its battle
                // (R-3.1-hold): both armies in it at the end of a step that
                // is followed by Resolve Battles do not lose it yet.
                let contested = |a: &String| {
                    b.has_side(a, Side::Confederate)
                        && b.has_side(a, Side::Union)
                        && battles_follow(step)
                };
                if areas
                    .iter()
                    .any(|a| b.holder(a) != Some(Side::Confederate) && !contested(a))
                {
                    Some(false)
                } else if finale {
                    Some(true)
                } else {
                    None
                }
            }
            Condition::HoldWithCombatValue { areas, min_combat } => finale.then(|| {
                areas.iter().all(|a| {
                    b.holder(a) == Some(Side::Confederate)
                        && b.area_combat(a, Side::Confederate) >= *min_combat
                })
            }),
        };
        if let Some(achieved) = decided {
            ctx.board.progress.objectives.insert(o.id.clone(), achieved);
            note!(
                ctx,
                "3.1",
                "Objective {}: \"{}\" ({} VP).",
                if achieved { "achieved" } else { "failed" },
                o.text,
                o.vp
            );
        }
    }
    // 3.2 Defeat.
    if ctx.board.lee_isolated() {
        finish(
            ctx,
            false,
            "Robert E. Lee is in an area without Confederate Forces (3.2)".into(),
        );
        return;
    }
    let defeats = ctx.board.campaign.victory.defeat.clone();
    for d in &defeats {
        let lost = match d {
            DefeatCondition::FailToReach { area, by, forces } => {
                reached(ctx.board, by, turn, step) && !has_reached(ctx.board, area, forces)
            }
            DefeatCondition::UnionHolds { areas } => areas
                .iter()
                .all(|a| ctx.board.holder(a) == Some(Side::Union)),
        };
        if lost {
            let why = describe_defeat(ctx.board, d);
            finish(ctx, false, format!("{why} (3.2)"));
            return;
        }
    }
    // 3.1 Victory: every objective achieved.
    if objectives
        .iter()
        .all(|o| ctx.board.progress.objectives.get(&o.id) == Some(&true))
    {
        finish(
            ctx,
            true,
            "every Victory Condition is achieved (3.1)".into(),
        );
    }
}

/// A defeat condition in words, as the campaign's end reports it.
pub fn describe_defeat(board: &Board, d: &DefeatCondition) -> String {
    let area = |id: &str| board.area_name(id).to_string();
    match d {
        DefeatCondition::FailToReach {
            area: a,
            by,
            forces,
        } => {
            let who = match forces {
                ForceFilter::Any {} => "Confederate Force".to_string(),
                ForceFilter::Corps { corps } => {
                    let name = board
                        .campaign
                        .corps
                        .iter()
                        .find(|c| &c.id == corps)
                        .map_or(corps.as_str(), |c| c.name.as_str());
                    format!("Force of {name}")
                }
            };
            format!(
                "no {who} reached {} by the end of Turn {}",
                area(a),
                by.turn
            )
        }
        DefeatCondition::UnionHolds { areas } => {
            let names: Vec<String> = areas.iter().map(|a| area(a)).collect();
            format!("the Union Holds {}", names.join(", "))
        }
    }
}

/// Victory Points of the objectives achieved so far (21.0), and 21.1.
pub fn victory_points(board: &Board) -> u32 {
    let objectives: u32 = board
        .options
        .objectives(&board.campaign)
        .filter(|o| board.progress.objectives.get(&o.id) == Some(&true))
        .map(|o| o.vp)
        .fold(0, u32::saturating_add);
    let casualties = match &board.campaign.victory.casualties {
        Some(c)
            if objectives >= board.campaign.victory.lee_historical_vp
                && named_combat_in_field(board) >= c.min_named_combat =>
        {
            c.vp
        }
        _ => 0,
    };
    objectives.saturating_add(casualties)
}

/// 21.1 Casualties: the combined Combat Value of the named Confederate
/// Forces still on the map.
pub fn named_combat_in_field(board: &Board) -> u32 {
    board
        .pieces
        .iter()
        .filter(|p| {
            p.force.side == Side::Confederate && p.force.is_named() && p.location().area().is_some()
        })
        .map(|p| p.combat())
        .fold(0, u32::saturating_add)
}

/// Where an objective stands for the player (3.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Standing {
    Achieved,
    Failed,
    /// Not decided; its condition holds on the map now.
    MetNow,
    /// Not decided; its condition does not hold now.
    AtRisk,
}

/// An objective's standing: decided, or as the map stands now. Once the
/// campaign is over, what was not achieved has failed.
pub fn standing(board: &Board, id: &str, condition: &Condition) -> Standing {
    match board.progress.objectives.get(id) {
        Some(true) => return Standing::Achieved,
        Some(false) => return Standing::Failed,
        None if board.progress.result.is_some() => return Standing::Failed,
        None => {}
    }
    let met = match condition {
        Condition::ClearArea { area, .. } => !board.has_side(area, Side::Union),
        Condition::Reach { area, forces, .. } => has_reached(board, area, forces),
        Condition::Occupy { areas, .. } => {
            areas.iter().all(|a| board.has_side(a, Side::Confederate))
        }
        Condition::HoldThroughout { areas } | Condition::HoldWithCombatValue { areas, .. } => areas
            .iter()
            .all(|a| board.holder(a) == Some(Side::Confederate)),
    };
    if met {
        Standing::MetNow
    } else {
        Standing::AtRisk
    }
}

/// 3.3 Command performance.
pub fn rating(vp: u32, lee: u32) -> Rating {
    match vp.cmp(&lee) {
        std::cmp::Ordering::Greater => Rating::Superior,
        std::cmp::Ordering::Equal => Rating::Historical,
        std::cmp::Ordering::Less => Rating::Inferior,
    }
}

/// End the campaign.
pub fn finish(ctx: &mut Ctx, victory: bool, reason: String) {
    if ctx.board.progress.result.is_some() {
        return;
    }
    let vp = victory_points(ctx.board);
    let lee = ctx.board.campaign.victory.lee_historical_vp;
    let rating = rating(vp, lee);
    note!(
        ctx,
        if victory { "3.1" } else { "3.2" },
        "The campaign ends in {}: {reason}. {vp} Victory Points against Lee's {lee}: {:?} Command (3.3).",
        if victory {
            "a Confederate Victory"
        } else {
            "a Union Victory"
        },
        rating
    );
    ctx.board.progress.result = Some(CampaignResult {
        victory,
        reason,
        victory_points: vp,
        rating,
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::difficulty::GameOptions;

    /// Sums never overflow, whatever numbers reach them unchecked: the
    /// Victory Points saturate, the 3:1 of a Rout is exact (validation
    /// keeps real files far below).
    #[test]
    fn victory_points_saturate() {
        let mut c = crate::campaign::load_bundled("seven-days").unwrap();
        for o in &mut c.victory.objectives {
            o.vp = u32::MAX / 2;
            o.union_levels.clear();
        }
        let ids: Vec<String> = c.victory.objectives.iter().map(|o| o.id.clone()).collect();
        assert!(ids.len() >= 3);
        let mut b = Board::empty(std::sync::Arc::new(c), GameOptions::default());
        for id in ids {
            b.progress.objectives.insert(id, true);
        }
        assert_eq!(victory_points(&b), u32::MAX);
        assert_eq!(
            crate::rules::battle::outweighed(u32::MAX, u32::MAX / 2),
            None
        );
        assert_eq!(
            crate::rules::battle::outweighed(u32::MAX, u32::MAX / 3),
            Some(Side::Union)
        );
    }
}
