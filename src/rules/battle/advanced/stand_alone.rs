//! Battle-Pack-style stand-alone battles on the modified Advanced
//! Battlefield Sheet (A10.2.14: "rows A to F and columns 1 to 11, or 1 to
//! 12"): both armies placed by the scenario, Union Objective Markers,
//! fixed quantities and Union tactics, and the scenario's victory
//! conditions (R-A-stand-alone).

pub use super::battle_pack::{Placed, StandAlone, StandAloneGame, StandAloneResult, Victory};
use super::field::{Field, Unit};
use crate::campaign::Side;
use crate::rules::battle::Ending;
use crate::rules::battle::turns::R;
use crate::rules::battle::turns::sequence::battle;
use crate::rules::ctx::Ctx;
use crate::rules::difficulty::BattleMode;

/// Fight a stand-alone battle in `area` to its end and judge it.
pub fn fight(ctx: &mut Ctx, area: &str, attacker: Side, s: &StandAlone) -> R<StandAloneResult> {
    ctx.board.battle_location = Some(area.into());
    ctx.begin_battle(area, BattleMode::Advanced, attacker);
    ctx.begin_round(1);
    let name = ctx.board.area_name(area).to_string();
    note!(
        ctx,
        "A10.2.14",
        "Battle of {name}, a stand-alone battle on the modified Advanced Battlefield Sheet ({} Columns): {}, {} a turn, the Union {:?} with {} a turn (R-A-stand-alone).",
        s.columns,
        crate::chronicle::counted(s.battle_turns, "battle turn", "battle turns"),
        crate::chronicle::counted(s.confederate_battle_plans, "Battle Plan", "Battle Plans"),
        s.union_tactics,
        crate::chronicle::counted(
            s.union_special_battle_plans,
            "Special Battle Plan",
            "Special Battle Plans"
        )
    );
    let mut f = Field::new(area, false, s.battle_turns);
    f.start = s
        .placement
        .iter()
        .filter_map(|p| ctx.board.index(&p.force))
        .map(|i| (i, ctx.board.pieces[i].strength))
        .collect();
    f.columns = s.columns;
    f.objectives = s.objectives.clone();
    f.stand_alone = true;
    f.quantity = s.confederate_battle_plans;
    f.union_quantity = s.union_special_battle_plans;
    f.tactics = s.union_tactics;
    for p in &s.placement {
        let Some(pid) = ctx.board.index(&p.force) else {
            return Err(crate::rules::decision::Interrupt::Unsupported(format!(
                "\"{}\" is placed by the stand-alone battle but is no counter of this campaign",
                p.force
            )));
        };
        let side = ctx.board.pieces[pid].force.side;
        f.units
            .push(Unit::new(ctx.board, pid, side, p.square, p.formation));
    }
    if !s.objectives.is_empty() {
        note!(
            ctx,
            "A10.2.14",
            "Union Objective Markers in {}.",
            s.objectives
                .iter()
                .map(|o| o.name())
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    ctx.frame(&f, |_| "Both armies are placed".to_string());
    let ending = battle(ctx, &mut f)?.unwrap_or(Ending::LastTurn);
    let held = f
        .objectives
        .iter()
        .filter(|o| f.any_at(**o, Side::Union) && !f.any_at(**o, Side::Confederate))
        .count() as u32;
    let hits = f.hits_suffered(ctx.board);
    let routed = match ending {
        Ending::Routed { loser } | Ending::Enveloped { loser } => Some(loser),
        Ending::Cleared { loser } => loser,
        Ending::Retreat { side } => Some(side),
        Ending::ConfederateWithdrew => Some(Side::Confederate),
        Ending::Encamp | Ending::LastTurn => None,
    };
    let (winner, why) = match (routed, s.victory) {
        (Some(loser), _) => (
            Some(loser.other()),
            format!(
                "The battle ends: {}; the {} hold the field.",
                ending.describe(),
                loser.other().army()
            ),
        ),
        (None, Victory::Objectives { needed }) if held >= needed => (
            Some(Side::Union),
            format!("The Union holds {held} of the Objectives, {needed} needed."),
        ),
        (None, Victory::Objectives { needed }) => (
            Some(Side::Confederate),
            format!("The Union holds {held} of the Objectives, {needed} needed: it fails."),
        ),
        (None, Victory::Casualties) => {
            let [c, u] = hits;
            let winner = match c.cmp(&u) {
                std::cmp::Ordering::Less => Some(Side::Confederate),
                std::cmp::Ordering::Greater => Some(Side::Union),
                std::cmp::Ordering::Equal => None,
            };
            (
                winner,
                format!("Hits inflicted: the Confederates {u}, the Union {c}."),
            )
        }
    };
    note!(
        ctx,
        "A10.2.14",
        "{} {why}",
        match winner {
            Some(side) => format!("{} victory.", side.name()),
            None => "A draw.".to_string(),
        }
    );
    ctx.board.battle_location = None;
    ctx.end_battle(ending);
    Ok(StandAloneResult {
        ending,
        winner,
        why,
        hits,
        objectives_held: held,
    })
}

/// The game's one step: the battle fought, then the result as the end of
/// the game (`progress.result`: a victory is a Confederate one).
pub fn play(ctx: &mut Ctx, game: &StandAloneGame) -> R<()> {
    if ctx.board.progress.result.is_some() {
        return Ok(());
    }
    let r = fight(ctx, &game.area, game.attacker, &game.terms)?;
    // Kept in the battle's record (when one is kept) for the end screen:
    // `progress.result` carries only the sentence.
    ctx.record(crate::rules::battle::record::EventKind::StandAloneEnd { result: r.clone() });
    let reason = format!(
        "{}: {}",
        r.winner
            .map_or("A draw".to_string(), |s| format!("{} victory", s.name())),
        r.why
    );
    ctx.board.progress.result = Some(crate::rules::components::CampaignResult {
        victory: r.winner == Some(Side::Confederate),
        reason,
        victory_points: 0,
        rating: crate::rules::components::Rating::Historical,
    });
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::rules::battle::field::steps_lost;
    use crate::rules::components::Strength;

    /// 11.10: the sheet's Hits tally in a battle won on Hits (Malvern Hill)
    /// starts at none, only grows, and ends at the Hits the result counts.
    #[test]
    fn the_hits_tally_runs_with_the_battle() {
        use crate::rules::battle::record::{BattleRecords, EventKind};
        let (s, _) = crate::scenario::bundled_battle("malvern-hill").expect("bundled");
        let campaign = std::sync::Arc::new(crate::campaign::load_bundled(&s.campaign).unwrap());
        let mut board = s.board(campaign);
        board.battles = Some(BattleRecords::default());
        let mut dice = crate::dice::Dice::seeded(3);
        let mut chronicle = crate::chronicle::Chronicle::default();
        let mut decider = crate::rules::decision::ThenPolicy {
            recorded: crate::rules::decision::Recorded::default(),
            policy: crate::rules::commander::Policy::Objective,
        };
        let mut ctx = crate::rules::ctx::Ctx {
            board: &mut board,
            dice: &mut dice,
            chronicle: &mut chronicle,
            decider: &mut decider,
        };
        let terms = s.stand_alone.as_ref().expect("stand-alone");
        let r = super::fight(&mut ctx, &s.area, s.attacker, terms).expect("fought");
        let tallies: Vec<[u32; 2]> = board.battles.as_ref().unwrap().battles[0]
            .events
            .iter()
            .filter_map(|e| match &e.kind {
                EventKind::Sheet { sheet, .. } => Some(sheet.hits.expect("a stand-alone tally")),
                _ => None,
            })
            .collect();
        assert_eq!(tallies.first(), Some(&[0, 0]));
        assert!(
            tallies
                .windows(2)
                .all(|w| w[1][0] >= w[0][0] && w[1][1] >= w[0][1])
        );
        assert_eq!(tallies.last(), Some(&r.hits));
        assert!(r.hits.iter().sum::<u32>() > 0, "{r:?}");
    }

    #[test]
    fn hits_are_the_steps_lost() {
        assert_eq!(steps_lost(Strength::Full, true, Some(Strength::Reduced)), 1);
        assert_eq!(steps_lost(Strength::Full, true, None), 2);
        assert_eq!(steps_lost(Strength::Reduced, true, None), 1);
        assert_eq!(steps_lost(Strength::Full, false, None), 1);
        assert_eq!(steps_lost(Strength::Full, true, Some(Strength::Full)), 0);
    }
}
