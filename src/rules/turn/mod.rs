//! The campaign turn (8.0 Sequence of Play): each step as a procedure on the
//! board, in the rulebook's order, with victory and defeat checked at the end
//! of every step (3.1, 3.2).

pub mod moves;
pub mod orders;
pub mod resupply;
pub mod step;
pub mod victory;

pub use step::Step;

use super::battle::quick::{self, QuickMode};
use super::battle::{BattleSpec, Ending};
use super::board::BattleStart;
use super::components::Location;
use super::ctx::Ctx;
use super::decision::{Decision, Interrupt};
use super::difficulty::BattleMode;
use crate::campaign::{ArrivalPlacement, ArrivalWhen, Phase, Side};
use crate::dice::{Check, roll_check};
use crate::rules::board::PieceIx;
use crate::rules::decision::Request;

/// Play one step. Afterwards, check victory and defeat (3.1, 3.2); the
/// campaign's result, once reached, is in `board.progress.result`.
pub fn play_step(ctx: &mut Ctx, step: Step) -> Result<(), Interrupt> {
    if ctx.board.progress.result.is_some() {
        return Ok(());
    }
    if let Some(game) = ctx.board.stand_alone.clone() {
        // A stand-alone battle is the whole game: fought in the first step.
        return super::battle::advanced::stand_alone::play(ctx, &game);
    }
    ctx.board.turn.phase = step.phase();
    match step {
        Step::AdvanceTurn => {
            if advance_turn(ctx) {
                return Ok(());
            }
            late_arrivals(ctx)?;
        }
        Step::ConfederateMoves => moves::moves(ctx, false)?,
        Step::ForcedMarch => moves::moves(ctx, true)?,
        Step::BattlesAfterMoves | Step::BattlesAfterForcedMarch | Step::BattlesAfterOrders => {
            resolve_battles(ctx, step)?
        }
        Step::ConfederateResupply => resupply::confederate(ctx)?,
        Step::UnionOrders => {
            ctx.chronicle
                .begin(crate::chronicle::Part::UnionTurn(ctx.board.turn.turn));
            note!(
                ctx,
                "16.0",
                "Union Turn: the Campaign Turn counter is flipped to its Union side."
            );
            orders::union_orders(ctx)?
        }
        Step::UnionResupply => {
            resupply::union(ctx)?;
            battle_continues(ctx)?;
        }
    }
    victory::end_of_step(ctx, step);
    if step == Step::UnionResupply || ctx.board.progress.result.is_some() {
        ctx.board.record_strength();
    }
    Ok(())
}

/// Optional rule The Battle Continues: at the end of the campaign's last
/// turn a d10 at or above the target (Regular 10, Hard 9+, Veteran 8+, by
/// the Union's Victory Conditions level, R-Opt-BC) adds a turn, rolled for
/// again at its end. Not with Very Quick battles.
fn battle_continues(ctx: &mut Ctx) -> Result<(), Interrupt> {
    let o = ctx.board.options;
    if !o.battle_continues
        || o.battles == BattleMode::VeryQuick
        || ctx.board.progress.result.is_some()
        || ctx.board.turn.turn < ctx.board.last_turn()
    {
        return Ok(());
    }
    // R-Opt-BC: at most as many extra turns as the Turn Track has boxes.
    let track = ctx.board.campaign.turns;
    if ctx.board.turn.extra >= track {
        note!(
            ctx,
            "The Battle Continues",
            "The Battle Continues has added {track} turns, as many as the Turn Track holds: no more roll, the campaign ends (R-Opt-BC)."
        );
        return Ok(());
    }
    let target = match o.union.victory_conditions {
        crate::campaign::UnionLevel::Regular => 10,
        crate::campaign::UnionLevel::Hard => 9,
        crate::campaign::UnionLevel::Veteran => 8,
    };
    let die = crate::dice::roll_d10(
        ctx.dice,
        ctx.chronicle,
        "The Battle Continues",
        format!("The Battle Continues ({target}+ adds a turn)"),
        |d| {
            if d >= target {
                "an extra turn".into()
            } else {
                "the campaign ends".into()
            }
        },
    )?;
    if die >= target {
        ctx.board.turn.extra += 1;
        note!(
            ctx,
            "The Battle Continues",
            "The Battle Continues: the campaign lasts {} turns; its end is read at the end of Turn {}.",
            ctx.board.last_turn(),
            ctx.board.last_turn()
        );
    }
    Ok(())
}

/// 9.1: move the Turn counter; past the last box the campaign ends (3.2).
/// True when the campaign is over.
fn advance_turn(ctx: &mut Ctx) -> bool {
    let last = ctx.board.last_turn();
    ctx.board.turn.turn += 1;
    let t = ctx.board.turn.turn;
    if t > last {
        ctx.board.turn.turn = last;
        // The Turn Track is the campaign's; The Battle Continues adds turns
        // after its last box, not boxes (R-Opt-BC).
        let track = ctx.board.campaign.turns;
        let past = match ctx.board.turn.extra {
            0 => format!("the last box of the {track}-turn Turn Track"),
            1 => format!(
                "Turn {last}, the turn The Battle Continues added to the {track}-turn Turn Track,"
            ),
            n => format!(
                "Turn {last}, the last of the {n} turns The Battle Continues added to the {track}-turn Turn Track,"
            ),
        };
        victory::finish(
            ctx,
            false,
            format!(
                "the Turn counter moves past {past} without the Victory Conditions met (3.2, 9.1)"
            ),
        );
        return true;
    }
    ctx.chronicle.begin(crate::chronicle::Part::Turn(t));
    note!(
        ctx,
        "9.1",
        "Turn {t} of {last} begins: the Confederate Turn."
    );
    false
}

/// 7.9 Late Arrivals, when the Turn counter enters their box or their
/// condition is met.
fn late_arrivals(ctx: &mut Ctx) -> Result<(), Interrupt> {
    let turn = ctx.board.turn.turn;
    let arrivals = ctx.board.campaign.late_arrivals.clone();
    for la in arrivals {
        if ctx.board.progress.arrived.contains(&la.id) {
            continue;
        }
        let due = match la.when {
            ArrivalWhen::Turn { turn: t } => t <= turn,
            ArrivalWhen::Roll { from_turn, target } => {
                if turn < from_turn {
                    false
                } else {
                    // The arriving Forces' side hopes for the roll.
                    let side = la
                        .forces
                        .iter()
                        .find_map(|id| ctx.board.piece(id))
                        .map_or(Side::Confederate, |p| p.force.side);
                    let check = Check::new(
                        side,
                        format!("Late Arrival: {} ({})", names(ctx, &la.forces), la.label),
                        "7.9",
                        target as i32,
                        "arrival number",
                    )
                    .then("they arrive", "they do not arrive this turn");
                    roll_check(ctx.dice, ctx.chronicle, check)?.success
                }
            }
        };
        if !due {
            continue;
        }
        let ids: Vec<PieceIx> = la
            .forces
            .iter()
            .filter_map(|id| ctx.board.index(id))
            .filter(|&i| *ctx.board.pieces[i].location() == Location::LateArrival(la.id.clone()))
            .collect();
        let side = ids.first().map(|&i| ctx.board.pieces[i].force.side);
        let area = match &la.placement {
            ArrivalPlacement::Area { area } => Some(area.clone()),
            ArrivalPlacement::UnionHeldRandom {} => {
                let held = ctx.board.held_areas(Side::Union);
                if held.is_empty() {
                    None
                } else {
                    Some(ctx.pick_area("7.9", "Late Arrival area", &held)?)
                }
            }
            ArrivalPlacement::ConfederateHeldChoice {} | ArrivalPlacement::Choice { .. } => {
                let choices = match &la.placement {
                    ArrivalPlacement::Choice { areas } => areas.clone(),
                    _ => ctx.board.held_areas(Side::Confederate),
                };
                if choices.is_empty() {
                    None
                } else {
                    let options = choices
                        .iter()
                        .map(|a| Decision::PlaceArrival {
                            arrival: la.id.as_str().into(),
                            area: a.as_str().into(),
                        })
                        .collect();
                    match ctx.ask(Request::new(
                        "7.9",
                        format!("Where do {} enter?", names(ctx, &la.forces)),
                        options,
                    ))? {
                        Decision::PlaceArrival { area, .. } => Some(area.to_string()),
                        _ => unreachable!("ask returns an offered option"),
                    }
                }
            }
        };
        let Some(area) = area else {
            let who = names(ctx, &la.forces);
            note!(
                ctx,
                "7.9",
                "{who} cannot enter: no area qualifies; they wait (R-7.9-b)."
            );
            continue;
        };
        for i in ids {
            ctx.board.move_to(i, &area);
        }
        ctx.board.progress.arrived.insert(la.id.clone());
        let text = format!(
            "{} ({}, {}) arrive in {}.",
            names(ctx, &la.forces),
            side.map_or("", Side::name),
            la.label,
            ctx.board.area_name(&area)
        );
        note!(ctx, "7.9", "{}", text);
    }
    Ok(())
}

fn names(ctx: &Ctx, ids: &[String]) -> String {
    ids.iter()
        .map(|id| {
            ctx.board
                .piece(id)
                .map_or(id.as_str(), |p| p.force.name.as_str())
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// Areas where a battle must be fought now (9.3, 15.2, 17.0).
pub fn pending_battles(ctx: &Ctx) -> Vec<String> {
    let ids = &ctx.board.graph.ids;
    let mut v: Vec<String> = ctx
        .board
        .sides_present()
        .iter()
        .zip(ids)
        .filter(|(both, a)| both[0] && both[1] && !ctx.board.progress.encamped.contains(a.as_str()))
        .map(|(_, a)| a.to_string())
        .collect();
    v.sort();
    v
}

/// 9.3 / 15.2 / 17.0 Resolve Battles, in the order the player chooses.
fn resolve_battles(ctx: &mut Ctx, step: Step) -> Result<(), Interrupt> {
    ctx.board.progress.encamped.clear();
    let mode = ctx.board.options.battles;
    let attacker = match step.phase() {
        Phase::Confederate => Side::Confederate,
        Phase::Union => Side::Union,
    };
    loop {
        let pending = pending_battles(ctx);
        let Some(first) = pending.first().cloned() else {
            return Ok(());
        };
        let area = if pending.len() == 1 {
            first
        } else {
            let options = pending
                .iter()
                .map(|a| Decision::FightBattleAt {
                    area: a.as_str().into(),
                })
                .collect();
            match ctx.ask(Request::new(
                step.rule(),
                "Which battle is fought next?",
                options,
            ))? {
                Decision::FightBattleAt { area } => area.to_string(),
                _ => unreachable!("ask returns an offered option"),
            }
        };
        let spec = BattleSpec {
            area: area.clone(),
            attacker,
        };
        if ctx.board.battle_starts.is_some() {
            let mut board = ctx.board.clone();
            board.battle_starts = None;
            let start = BattleStart {
                area: area.clone(),
                board: Box::new(board),
                dice: ctx.dice.clone(),
                answered: ctx.decider.answered(),
            };
            ctx.board.battle_starts.get_or_insert_default().push(start);
        }
        let outcome = fight(ctx, &spec, mode)?;
        note!(
            ctx,
            step.rule(),
            "The battle of {} ends: {}.",
            ctx.board.area_name(&area),
            outcome.ending.describe()
        );
        let at = || ctx.board.area_name(&area).to_string();
        match outcome.ending {
            _ if ctx.chronicle.is_quiet() => {}
            Ending::Enveloped { loser } => ctx
                .chronicle
                .notice(crate::chronicle::Notice::Enveloped { loser, area: at() }),
            Ending::Routed { loser } => ctx
                .chronicle
                .notice(crate::chronicle::Notice::Routed { loser, area: at() }),
            _ => {}
        }
        if outcome.ending == Ending::Encamp {
            ctx.board.progress.encamped.insert(area);
        }
        if outcome.campaign_lost {
            victory::finish(
                ctx,
                false,
                "Robert E. Lee is left without Confederate Forces (3.2)".to_string(),
            );
            return Ok(());
        }
    }
}

/// Fight a battle in the chosen battle mode.
pub fn fight(
    ctx: &mut Ctx,
    spec: &BattleSpec,
    mode: BattleMode,
) -> Result<super::battle::Outcome, Interrupt> {
    // 4.16: every question asked during the battle names its location.
    ctx.board.battle_location = Some(spec.area.as_str().into());
    ctx.begin_battle(&spec.area, mode, spec.attacker);
    let outcome = match mode {
        BattleMode::Basic => super::battle::basic::fight(ctx, spec),
        BattleMode::Advanced => super::battle::advanced::fight(ctx, spec),
        BattleMode::Quick => quick::fight(ctx, spec, QuickMode::Quick),
        BattleMode::VeryQuick => quick::fight(ctx, spec, QuickMode::VeryQuick),
    };
    ctx.board.battle_location = None;
    if let Ok(o) = &outcome {
        ctx.end_battle(o.ending);
    }
    outcome
}

/// Play from `step` until the campaign ends.
pub fn play_to_end(ctx: &mut Ctx, mut step: Step) -> Result<(), Interrupt> {
    loop {
        play_step(ctx, step)?;
        if ctx.board.progress.result.is_some() {
            return Ok(());
        }
        step = step.next();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::board::Board;
    use crate::rules::difficulty::{GameOptions, UnionAspects};

    fn at_the_end(level: crate::campaign::UnionLevel) -> Board {
        let c = std::sync::Arc::new(crate::campaign::load_bundled("seven-days").unwrap());
        let options = GameOptions {
            union: UnionAspects::preset(level),
            battle_continues: true,
            ..GameOptions::default()
        };
        let mut b = Board::empty(c, options);
        b.turn.turn = b.campaign.turns;
        b
    }

    fn roll(b: &mut Board, die: u32) {
        let mut dice = crate::dice::Dice::scripted([die]);
        let mut chronicle = crate::chronicle::Chronicle::default();
        let mut decider = crate::rules::decision::Recorded::new(Vec::new());
        let mut ctx = Ctx {
            board: b,
            dice: &mut dice,
            chronicle: &mut chronicle,
            decider: &mut decider,
        };
        battle_continues(&mut ctx).unwrap();
        assert_eq!(dice.scripted_left(), Some(0));
    }

    /// The Battle Continues: 10 at Regular, 9+ at Hard, 8+ at Veteran adds
    /// a turn; the end of the campaign (a deadline at the Track's last box)
    /// moves with it.
    #[test]
    fn the_battle_continues_adds_turns_by_level() {
        use crate::campaign::UnionLevel::*;
        for (level, die, added) in [
            (Regular, 10, 1),
            (Regular, 9, 0),
            (Hard, 9, 1),
            (Hard, 8, 0),
            (Veteran, 8, 1),
            (Veteran, 7, 0),
        ] {
            let mut b = at_the_end(level);
            let last = b.campaign.turns;
            roll(&mut b, die);
            assert_eq!(b.last_turn(), last + added, "{level:?} {die}");
        }
        // R-Opt-BC: no more than the Turn Track's turns are added; the
        // roll at the end of the last of them is not made.
        let mut b = at_the_end(Veteran);
        let track = b.campaign.turns;
        for added in 1..=track {
            roll(&mut b, 10);
            assert_eq!(b.last_turn(), track + added);
            b.turn.turn = b.last_turn();
        }
        let mut dice = crate::dice::Dice::scripted([10]);
        let mut chronicle = crate::chronicle::Chronicle::default();
        let mut decider = crate::rules::decision::Recorded::new(Vec::new());
        let mut ctx = Ctx {
            board: &mut b,
            dice: &mut dice,
            chronicle: &mut chronicle,
            decider: &mut decider,
        };
        battle_continues(&mut ctx).unwrap();
        assert_eq!(dice.scripted_left(), Some(1), "no roll past the bound");
        assert_eq!(b.last_turn(), 2 * track);
        assert!(
            chronicle
                .entries()
                .iter()
                .any(|e| e.line().contains("R-Opt-BC"))
        );
        // Not before the last turn, nor with Very Quick battles.
        let mut b = at_the_end(Regular);
        b.turn.turn -= 1;
        let mut dice = crate::dice::Dice::scripted([10]);
        let mut chronicle = crate::chronicle::Chronicle::default();
        let mut decider = crate::rules::decision::Recorded::new(Vec::new());
        let mut ctx = Ctx {
            board: &mut b,
            dice: &mut dice,
            chronicle: &mut chronicle,
            decider: &mut decider,
        };
        battle_continues(&mut ctx).unwrap();
        assert_eq!(dice.rolled(), 0);
        let mut b = at_the_end(Regular);
        b.options.battles = BattleMode::VeryQuick;
        let last = b.last_turn();
        let mut dice = crate::dice::Dice::scripted([10]);
        let mut ctx = Ctx {
            board: &mut b,
            dice: &mut dice,
            chronicle: &mut chronicle,
            decider: &mut decider,
        };
        battle_continues(&mut ctx).unwrap();
        assert_eq!((b.last_turn(), dice.rolled()), (last, 0));
    }

    /// Issue 32 item 9, The Battle Continues: "If the result is equal to
    /// or greater than the target score ... add an extra turn to the
    /// game." The turn is added to the game, not to the Turn Track: an
    /// 8-turn campaign that went on to Turn 9 (or 10) ends past the 8-turn
    /// Turn Track and the turns added after it (3.2, 9.1).
    #[test]
    fn the_end_after_the_battle_continues_names_the_campaigns_turn_track() {
        let c = std::sync::Arc::new(crate::campaign::load_bundled("second-manassas").unwrap());
        assert_eq!(c.turns, 8);
        for (extra, words) in [
            (0, "past the last box of the 8-turn Turn Track without"),
            (
                1,
                "past Turn 9, the turn The Battle Continues added to the 8-turn Turn Track, without",
            ),
            (
                2,
                "past Turn 10, the last of the 2 turns The Battle Continues added to the 8-turn Turn Track, without",
            ),
        ] {
            let mut b = Board::empty(
                c.clone(),
                GameOptions {
                    battle_continues: true,
                    ..GameOptions::default()
                },
            );
            b.turn.extra = extra;
            b.turn.turn = b.last_turn();
            let mut dice = crate::dice::Dice::scripted([]);
            let mut chronicle = crate::chronicle::Chronicle::default();
            let mut decider = crate::rules::decision::Recorded::new(Vec::new());
            let mut ctx = Ctx {
                board: &mut b,
                dice: &mut dice,
                chronicle: &mut chronicle,
                decider: &mut decider,
            };
            assert!(advance_turn(&mut ctx));
            let reason = &b
                .progress
                .result
                .as_ref()
                .expect("the campaign ends")
                .reason;
            assert!(reason.contains(words), "{extra}: {reason}");
            assert!(
                !reason.contains("9-turn") && !reason.contains("10-turn"),
                "{reason}"
            );
            assert_eq!(b.turn.turn, 8 + extra);
        }
    }
}
