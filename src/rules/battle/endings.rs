//! How battles end and what they leave (11.9–11.11, 5.9.1–5.9.2,
//! 14.5–14.8): Hits on the map (Quick and Very Quick), Artillery captured,
//! Routs and Retreats off the field, the Withdrawal, and the 3.2 check that
//! Lee is not left alone.

use super::awards::{Win, win_award};
use super::{Ending, Outcome, outweighed, record};
use crate::campaign::{CounterKind, ForceType, Side, WithdrawalResult};
use crate::dice::roll_table;
use crate::rules::board::{Board, PieceIx, label};
use crate::rules::components::{Location, Strength};
use crate::rules::ctx::Ctx;
use crate::rules::decision::{Decision, Interrupt, Request};

/// A battle's end: 3.2, the campaign is lost if Lee is left alone.
pub fn finish(ctx: &mut Ctx, ending: Ending, rounds: u32) -> Outcome {
    let campaign_lost = ctx.board.lee_isolated();
    if campaign_lost {
        note!(
            ctx,
            "3.2",
            "Robert E. Lee is left without Confederate Forces: the campaign is lost."
        );
    }
    Outcome {
        ending,
        campaign_lost,
        rounds,
    }
}

/// 11.9 (Quick/Very Quick): apply Hits to one army in the area, lowest
/// category then lowest Skill Level first; the player picks among equal
/// Union Forces, the dice among equal Confederate Forces. Hits left when
/// the army is gone are discarded.
pub fn allocate_hits(
    ctx: &mut Ctx,
    area: &str,
    side: Side,
    hits: u32,
    rule: &'static str,
) -> Result<(), Interrupt> {
    let mut on = Vec::new();
    for n in 0..hits {
        let forces = ctx.board.side_in_area(area, side);
        if forces.is_empty() {
            note!(
                ctx,
                rule,
                "{} on the {} army {} discarded: none of its Forces remain.",
                crate::chronicle::counted(hits - n, "Hit", "Hits"),
                side.name(),
                if hits - n == 1 { "is" } else { "are" }
            );
            break;
        }
        let key = |i: PieceIx| {
            let f = &ctx.board.pieces[i].force;
            (crate::rules::board::hit_category(f.force_type), f.skill)
        };
        let lowest = forces.iter().map(|&i| key(i)).min().expect("not empty");
        let candidates: Vec<PieceIx> = forces.into_iter().filter(|&i| key(i) == lowest).collect();
        let target = if candidates.len() == 1 {
            candidates[0]
        } else if side == Side::Union {
            let options = candidates
                .iter()
                .map(|&i| Decision::HitUnionForce {
                    force: *ctx.board.pieces[i].id(),
                })
                .collect();
            match ctx.ask(Request::new(
                rule,
                "Which Union Force of equal Skill Level takes the Hit?",
                options,
            ))? {
                Decision::HitUnionForce { force } => ctx.board.index(&force).expect("offered"),
                _ => unreachable!("ask returns an offered option"),
            }
        } else {
            ctx.pick_piece(rule, "Hit on an equal-Skill Confederate Force", &candidates)?
        };
        let result = ctx.board.hit(target, ctx.chronicle, rule);
        on.push((
            ctx.board.pieces[target].force.id.clone(),
            result == crate::rules::board::HitResult::Destroyed,
        ));
    }
    if ctx.recording() && hits > 0 {
        ctx.record(record::EventKind::Hits { side, hits, on });
    }
    Ok(())
}

/// 5.9.1–5.9.2: an Artillery Force is captured. It goes to the Captured
/// Artillery pile and the capturing side places an Artillery Force of equal
/// or lower Combat Value in `area`: a recaptured one first, then one from
/// stock; with none, the capturing side gains 2 Command Points.
pub fn capture_artillery(ctx: &mut Ctx, i: PieceIx, area: &str, rule: &'static str) {
    let side = ctx.board.pieces[i].force.side;
    let cv = ctx.board.pieces[i].force.full.combat;
    let captor = side.other();
    note!(
        ctx,
        rule,
        "{} is captured (5.9.1) and goes to the Captured Artillery pile.",
        label(&ctx.board.pieces[i])
    );
    // A captured battery is lost to its army like a destroyed one.
    ctx.board.progress.casualties.lost(side);
    ctx.board.set_location(i, Location::CapturedArtilleryPile);
    ctx.board.pieces[i].strength = Strength::Full;
    let own_stock = match captor {
        Side::Union => Location::AdditionalForcesCup,
        Side::Confederate => Location::ConfederateAvailable,
    };
    // The strongest that may stand in (the first of equals) from the
    // Captured Artillery pile, else a Battery of the captor's own stock:
    // both found in one pass over the counters.
    let mut captured: Option<(u32, PieceIx)> = None;
    let mut stock: Option<(u32, PieceIx)> = None;
    for (j, p) in ctx.board.pieces.iter_enumerated() {
        let f = &p.force;
        if f.side != captor || f.force_type != ForceType::Artillery || f.full.combat > cv {
            continue;
        }
        let best = if *p.location() == Location::CapturedArtilleryPile {
            &mut captured
        } else if *p.location() == own_stock && f.kind == Some(CounterKind::Battery) {
            &mut stock
        } else {
            continue;
        };
        if best.is_none_or(|(top, _)| f.full.combat > top) {
            *best = Some((f.full.combat, j));
        }
    }
    let substitute = captured.or(stock).map(|(_, j)| j);
    match substitute {
        Some(j) => {
            ctx.board.move_to(j, area);
            ctx.board.pieces[j].strength = Strength::Full;
            note!(
                ctx,
                rule,
                "{} takes its place for the {} (5.9.2).",
                ctx.board.label(j),
                captor.army()
            );
        }
        None => {
            match captor {
                Side::Union => ctx.board.cp.union += 2,
                Side::Confederate => ctx.board.cp.confederate += 2,
            }
            note!(
                ctx,
                rule,
                "No {} Artillery can take its place: the {} gain 2 Command Points (5.9.2).",
                captor.name(),
                captor.name()
            );
        }
    }
}

/// Static Forces of a side leaving the battle are destroyed and its
/// Artillery is captured (14.5, 14.8.2, 14.8.3).
fn abandon(ctx: &mut Ctx, area: &str, side: Side, rule: &'static str) {
    for i in ctx.board.side_in_area(area, side) {
        match ctx.board.pieces[i].force.force_type {
            ForceType::Garrison | ForceType::Fortification => {
                ctx.board.destroy(i, ctx.chronicle, rule)
            }
            ForceType::Artillery => capture_artillery(ctx, i, area, rule),
            _ => {}
        }
    }
}

/// Where Forces of `side` leaving the battle in `area` may go: the
/// adjacent areas `side` Holds, else those its enemy does not Hold (14.5
/// for a Union Force, 14.8.2–14.8.3 for a Retreating army).
pub fn retreat_choices(board: &Board, area: &str, side: Side) -> Vec<String> {
    let Some(i) = board.graph.idx(area) else {
        return Vec::new();
    };
    // Who Holds each area (2.1), from one pass over the counters.
    let present = board.sides_present();
    let holds = |j: usize, s: Side| {
        let mine = usize::from(s == Side::Union);
        present[j][mine] && !present[j][1 - mine]
    };
    let nb = &board.graph.adjacent_by_id[i];
    let mut open: Vec<usize> = nb.iter().copied().filter(|&j| holds(j, side)).collect();
    if open.is_empty() {
        open = nb
            .iter()
            .copied()
            .filter(|&j| !holds(j, side.other()))
            .collect();
    }
    open.into_iter()
        .map(|j| board.graph.ids[j].to_string())
        .collect()
}

/// 14.5, 14.5.1: whether a Confederate Force leaving a battle may go into
/// adjacent area `to`: not where Union Forces are. The answers and the
/// Why? (`rules::why`) read this one check.
pub fn retreat_open(board: &Board, to: &str) -> bool {
    !board.has_side(to, Side::Union)
}

/// 14.5, 14.5.1: where Confederate Force `i` leaving the battle in `area`
/// may go, as the player's answers: each adjacent area without Union Forces.
pub fn confederate_retreat_options(board: &Board, area: &str, i: PieceIx) -> Vec<Decision> {
    let force = board.pieces[i].id();
    board
        .neighbours(area)
        .into_iter()
        .filter(|a| retreat_open(board, a))
        .map(|a| Decision::RetreatTo {
            force: *force,
            area: a.as_str().into(),
        })
        .collect()
}

/// 14.5 Rout (and the Quick Voluntary Retreat, which follows its
/// procedure for the Confederates): static Forces destroyed, Artillery
/// captured, each Mobile Force to an adjacent area by the rules'
/// preference, destroyed when there is none; Lee follows the first
/// Confederate Force out.
pub fn leave_battle(ctx: &mut Ctx, area: &str, side: Side, routed: bool) -> Result<(), Interrupt> {
    let rule = if routed { "14.5" } else { "14.5.1" };
    leave_area(ctx, area, side, rule, true)?;
    if routed {
        rout_award(ctx, side);
    }
    Ok(())
}

/// Where counter `i`, leaving the battle in `area`, goes (14.5): a Union
/// Force to an area the dice choose (`union_what` words the pick), a
/// Confederate one to the player's choice (`ask` puts the question with
/// its options); None when no adjacent area is open to it.
pub fn leaving_to(
    ctx: &mut Ctx,
    area: &str,
    i: PieceIx,
    rule: &'static str,
    union_what: &str,
    ask: impl FnOnce(&mut Ctx, Vec<Decision>) -> Result<Decision, Interrupt>,
) -> Result<Option<String>, Interrupt> {
    match ctx.board.pieces[i].force.side {
        Side::Union => {
            let choices = retreat_choices(ctx.board, area, Side::Union);
            if choices.is_empty() {
                return Ok(None);
            }
            Ok(Some(ctx.pick_area(rule, union_what, &choices)?))
        }
        Side::Confederate => {
            let options = confederate_retreat_options(ctx.board, area, i);
            if options.is_empty() {
                return Ok(None);
            }
            match ask(ctx, options)? {
                Decision::RetreatTo { area, .. } => Ok(Some(area.to_string())),
                _ => unreachable!("ask returns an offered option"),
            }
        }
    }
}

/// Every Force of `side` still in `area` leaves it as 14.5 says (static
/// Forces destroyed, Artillery captured, the others to an adjacent area);
/// Lee goes with the first when `with_lee`.
pub fn leave_area(
    ctx: &mut Ctx,
    area: &str,
    side: Side,
    rule: &'static str,
    with_lee: bool,
) -> Result<(), Interrupt> {
    let lee_here = with_lee && ctx.board.lee_in(area);
    abandon(ctx, area, side, rule);
    let mut lee_moved = false;
    for i in ctx.board.side_in_area(area, side) {
        let dest = leaving_to(
            ctx,
            area,
            i,
            rule,
            &format!("{} retreats to", ctx.board.label(i)),
            |ctx, options| {
                let prompt = format!("Where does {} go?", ctx.board.label(i));
                ctx.ask(Request::new(rule, prompt, options))
            },
        )?;
        match dest {
            Some(to) => {
                // 14.5: Lee goes with the first Confederate Force out.
                let lee = side == Side::Confederate && lee_here && !lee_moved;
                lee_moved |= lee;
                go_to(ctx, &[i], &to, rule, lee, Leaving::Area);
            }
            None => {
                note!(ctx, rule, "No adjacent area is open to it.");
                ctx.board.destroy(i, ctx.chronicle, rule);
            }
        }
    }
    Ok(())
}

/// How the chronicle words Forces leaving a battle (14.5, 14.8).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Leaving {
    /// One Force from the battle's area on the map (14.5 Rout, 14.5.1).
    Area,
    /// One Force off a battlefield sheet behind its own Reserve (14.5,
    /// 14.5.1, A14.5).
    Sheet,
    /// The whole army of a side, to one area (14.8.2, 14.8.3).
    Army(Side),
}

/// A Force leaves for an area and Lee follows, in one place: `forces`
/// leave the battle for `to` (under `rule`), and Robert E. Lee goes with
/// them when `lee`. When he does is each caller's rule: in a Rout on the
/// map with the first Confederate Force out (14.5); off a sheet with the
/// first to reach the map in a Rout, else with the last to leave it
/// with a Retreating army (14.8.3).
pub fn go_to(
    ctx: &mut Ctx,
    forces: &[PieceIx],
    to: &str,
    rule: &'static str,
    lee: bool,
    leaving: Leaving,
) {
    for &i in forces {
        ctx.board.move_to(i, to);
    }
    if lee {
        ctx.board.lee = Location::Area(to.to_string());
    }
    let from = match leaving {
        Leaving::Army(side) => {
            let name = ctx.board.area_name(to);
            note!(ctx, rule, "The {} army retreats to {name}.", side.name());
            return;
        }
        Leaving::Area => "the battle",
        Leaving::Sheet => "the Battlefield Sheet",
    };
    for &i in forces {
        note!(
            ctx,
            rule,
            "{} leaves {from} for {}.",
            ctx.board.label(i),
            ctx.board.area_name(to)
        );
    }
    if lee {
        let name = ctx.board.area_name(to);
        match leaving {
            Leaving::Sheet => note!(
                ctx,
                rule,
                "Robert E. Lee leaves the battle with it for {name}."
            ),
            _ => note!(ctx, rule, "Robert E. Lee goes with it to {name}."),
        }
    }
}

/// The Command Points a Rout earns the winner (15.3, 18.4).
pub fn rout_award(ctx: &mut Ctx, loser: Side) {
    win_award(ctx, loser, Win::Rout);
}

/// 14.8.2 Union Retreat / 14.8.3 Confederate Retreat: the whole army goes to
/// one randomly selected adjacent area (own-Held first, then not Held by the
/// enemy), or is destroyed when there is none (with Lee: defeat).
pub fn withdraw(ctx: &mut Ctx, area: &str, side: Side) -> Result<(), Interrupt> {
    let rule = match side {
        Side::Union => "14.8.2",
        Side::Confederate => "14.8.3",
    };
    abandon(ctx, area, side, rule);
    let choices = retreat_choices(ctx.board, area, side);
    let mobile = ctx.board.side_in_area(area, side);
    let lee_here = ctx.board.lee_in(area);
    if choices.is_empty() {
        note!(
            ctx,
            rule,
            "No adjacent area is open to the {} army: it is destroyed.",
            side.name()
        );
        for i in mobile {
            ctx.board.destroy(i, ctx.chronicle, rule);
        }
        if side == Side::Confederate && lee_here {
            ctx.board.lee = Location::RemovedFromGame;
            note!(ctx, rule, "Robert E. Lee is lost with his army (3.2).");
        }
        return Ok(());
    }
    let to = ctx.pick_area(
        rule,
        &format!("The {} army retreats to", side.name()),
        &choices,
    )?;
    let lee = side == Side::Confederate && lee_here;
    go_to(ctx, &mobile, &to, rule, lee, Leaving::Army(side));
    Ok(())
}

/// 14.8 Withdrawal: automatic Retreat at 2:1, the campaign's table
/// otherwise, for the combined Combat Values of the Forces still fighting
/// (`confederate`, `union`): on a Battlefield Sheet those "remaining on the
/// Battlefield sheet", not Forces kept off it.
pub fn withdrawal_result(
    ctx: &mut Ctx,
    confederate: u32,
    union: u32,
) -> Result<WithdrawalResult, Interrupt> {
    let (c, u) = (confederate, union);
    let record = |ctx: &mut Ctx, die: Option<u32>, result: WithdrawalResult| {
        if ctx.recording() {
            ctx.record(record::EventKind::Withdrawal {
                confederate: c,
                union: u,
                die,
                result,
            });
        }
        result
    };
    // 2:1 in 64 bits: never overflows.
    if u64::from(c) >= 2 * u64::from(u) {
        note!(
            ctx,
            "14.8",
            "Confederate {c} against Union {u}: the Union is at 2:1 or worse and Retreats."
        );
        return Ok(record(ctx, None, WithdrawalResult::UnionRetreat));
    }
    if u64::from(u) >= 2 * u64::from(c) {
        note!(
            ctx,
            "14.8",
            "Union {u} against Confederate {c}: the Confederates are at 2:1 or worse and Retreat."
        );
        return Ok(record(ctx, None, WithdrawalResult::ConfederateRetreat));
    }
    let table = ctx.board.campaign.withdrawal.clone();
    let result_of = |d: u32| {
        table
            .iter()
            .find(|r| r.rolls.contains(&d))
            .map(|r| r.result)
            .expect("validated: the withdrawal table covers 1-10")
    };
    // The rows where the Union retreats are the Confederates' good ones.
    let good =
        crate::chronicle::FaceSet::from_fn(|d| result_of(d) == WithdrawalResult::UnionRetreat);
    let die = roll_table(
        ctx.dice,
        ctx.chronicle,
        "14.8",
        format!("Withdrawal table (Confederate {c} against Union {u}, less than 2:1)"),
        Some((Side::Confederate, good)),
        |d| result_of(d).name().to_string(),
    )?;
    Ok(record(ctx, Some(die), result_of(die)))
}

/// R-14.8.1-bound: the most rounds one battle fights (the first and its
/// Rejoins). Valid Withdrawal tables end a battle long before (R-14.8.1-bound).
pub const MOST_ROUNDS: u32 = 20;

/// R-14.8.1-bound: a Rejoin in a battle's last allowed round reads as
/// Encamp (14.8.4); true when it does, with the chronicle line.
pub fn rejoin_bounded(ctx: &mut Ctx, round: u32) -> bool {
    if round < MOST_ROUNDS {
        return false;
    }
    note!(
        ctx,
        "14.8.1",
        "Rejoin after {round} rounds of this battle, the most one battle fights: the armies Encamp instead (R-14.8.1-bound)."
    );
    true
}

/// 14.5: does one army have 3 times or more the other's Combat Value?
pub fn routed_side(board: &Board, area: &str) -> Option<Side> {
    let u = board.area_combat(area, Side::Union);
    let c = board.area_combat(area, Side::Confederate);
    outweighed(c, u).filter(|&loser| board.has_side(area, loser))
}

/// The army missing from the area, if any (14.7).
pub fn cleared(board: &Board, area: &str) -> Option<Option<Side>> {
    let u = board.has_side(area, Side::Union);
    let c = board.has_side(area, Side::Confederate);
    match (c, u) {
        (true, true) => None,
        (true, false) => Some(Some(Side::Union)),
        (false, true) => Some(Some(Side::Confederate)),
        (false, false) => Some(None),
    }
}

/// 14.8.2–14.8.4: a Withdrawal result other than Rejoin carried out.
pub fn finish_withdrawal(
    ctx: &mut Ctx,
    area: &str,
    result: WithdrawalResult,
) -> Result<Ending, Interrupt> {
    Ok(match result {
        WithdrawalResult::UnionRetreat => {
            withdraw(ctx, area, Side::Union)?;
            Ending::Retreat { side: Side::Union }
        }
        WithdrawalResult::ConfederateRetreat => {
            withdraw(ctx, area, Side::Confederate)?;
            Ending::Retreat {
                side: Side::Confederate,
            }
        }
        WithdrawalResult::Encamp => {
            note!(
                ctx,
                "14.8.4",
                "Encamp: both armies stay; no new battle here in this step."
            );
            Ending::Encamp
        }
        WithdrawalResult::Rejoin => unreachable!("Rejoin is handled by the caller"),
    })
}
