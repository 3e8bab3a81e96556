//! 9.2 Moves and 15.1 Forced March (with 15.1.1 Jackson's Special Rule).

use crate::campaign::Side;
use crate::rules::board::{Board, PieceIx};
use crate::rules::components::{Id, Location, Strength};
use crate::rules::ctx::Ctx;
use crate::rules::decision::{Decision, Interrupt, Moved, Request};
use crate::rules::ix::IxVec;
use crate::rules::why::reason::Reason;

/// 9.2, 15.1: what stands against counter `i` moving at all in this step
/// (`moved`: it has moved in it already), or None. The moves offered are
/// those of the counters with nothing against them; the window's Why?
/// (`rules::why`) reads the same verdict.
pub fn mover_refusal(board: &Board, i: PieceIx, moved: bool, forced: bool) -> Option<Reason> {
    let p = &board.pieces[i];
    if p.force.side != Side::Confederate {
        Some(Reason::EnemyForce)
    } else if !p.force.force_type.is_mobile() {
        // 6.2: Garrisons and Fortifications never move.
        Some(Reason::Static)
    } else if p.location().area().is_none() {
        Some(Reason::NotOnMap)
    } else if moved {
        Some(Reason::AlreadyMoved { forced })
    } else if forced && board.cp.confederate < 1 {
        // 15.1: each Force pays 1 Command Point.
        Some(Reason::NoCommandPoints)
    } else {
        None
    }
}

/// 9.2, 15.1: what stands against Robert E. Lee moving in this step.
pub fn lee_refusal(board: &Board, moved: bool, forced: bool) -> Option<Reason> {
    if moved {
        Some(Reason::LeeAlreadyMoved { forced })
    } else if !matches!(board.lee, Location::Area(_)) {
        Some(Reason::NotOnMap)
    } else {
        None
    }
}

/// Every move counter `i` (with nothing against it moving) could make,
/// in the order they are offered: each adjacent area (9.2, 15.1), then in
/// a Forced March Jackson's two areas (15.1.1).
pub fn candidate_moves(
    board: &Board,
    i: PieceIx,
    forced: bool,
    mut each: impl FnMut(Decision, Id),
) {
    let p = &board.pieces[i];
    let at = p.area_index().expect("on the map");
    for to in board.neighbour_ids_at(at) {
        each(Decision::MoveForce { force: *p.id(), to }, to);
    }
    // 15.1.1: two areas, not through an area with Union Forces.
    if forced && p.force.jackson && p.strength == Strength::Full {
        let from = p.location().area().expect("on the map");
        for via in board.neighbour_ids(from) {
            if board.has_side(&via, Side::Union) {
                continue;
            }
            for to in board.neighbour_ids(&via) {
                if to != from {
                    let d = Decision::JacksonMarch {
                        force: *p.id(),
                        via,
                        to,
                    };
                    each(d, to);
                }
            }
        }
    }
}

/// What stands against counter `i` going into area `to`, one of its
/// candidate moves: the Optional rule Confederate Groups and Area Group
/// Limit, or nothing.
pub fn destination_refusal(board: &Board, i: PieceIx, to: &str) -> Option<Reason> {
    crate::rules::group_limit::refuses(board, i, to).map(|why| Reason::AreaGroupLimit {
        to: Id::new(to),
        why,
    })
}

/// 9.2 (free, each Mobile Force one area) or 15.1 (1 CP a Force; Jackson's
/// unhit Forces two areas for 1 CP, stopping where Union Forces are).
/// Lee moves once, free, in either step. Moves roll no dice, so the player
/// may take them back until the step ends.
pub fn moves(ctx: &mut Ctx, forced: bool) -> Result<(), Interrupt> {
    let rule = if forced { "15.1" } else { "9.2" };
    // By counter index: a Force moves once a step.
    let mut moved: IxVec<PieceIx, bool> = vec![false; ctx.board.pieces.len()].into();
    let mut lee_moved = false;
    // The same, for the request (the Why? reads it, `rules::why`).
    let mut who = Moved::default();
    loop {
        let mut options = Vec::new();
        // Optional rule Confederate Groups and Area Group Limit.
        let mut refused = Vec::new();
        let board = &*ctx.board;
        // The candidates with nothing against them (the Why? reads the
        // same checks).
        for i in board.pieces.indices() {
            if mover_refusal(board, i, moved[i], forced).is_some() {
                continue;
            }
            candidate_moves(board, i, forced, |d, to| {
                match destination_refusal(board, i, &to) {
                    Some(why) => refused.push((d, why.words(board))),
                    None => options.push(d),
                }
            });
        }
        if lee_refusal(ctx.board, lee_moved, forced).is_none()
            && let Location::Area(lee_at) = ctx.board.lee.clone()
        {
            for to in ctx.board.neighbour_ids(&lee_at) {
                options.push(Decision::MoveLee { to });
            }
        }
        options.push(Decision::EndMoves);
        // Worded only for a decider that reads the words.
        let prompt = if !ctx.decider.reads_prompts() {
            String::new()
        } else if forced {
            format!(
                "Forced March: move Forces one area for 1 Command Point each ({} left), or end the step.",
                ctx.board.cp.confederate
            )
        } else {
            "Move your Mobile Forces one area each (free), or end the step.".to_string()
        };
        let request = Request::new(rule, prompt, options)
            .refusing(refused)
            .having_moved(who.clone());
        let answer = ctx.ask(request)?;
        ctx.board.cp.confederate -= answer.cost(ctx.board, forced);
        match answer {
            Decision::EndMoves => break,
            Decision::MoveForce { force, to } => {
                let i = ctx.board.index(&force).expect("offered");
                let from = ctx.board.pieces[i].location().clone();
                ctx.board.move_to(i, &to);
                moved[i] = true;
                who.forces.push(force);
                let cost = if forced { " for 1 Command Point" } else { "" };
                note!(
                    ctx,
                    rule,
                    "{} moves from {} to {}{cost}.",
                    ctx.board.label(i),
                    from.area().map_or("?", |a| ctx.board.area_name(a)),
                    ctx.board.area_name(&to)
                );
            }
            Decision::JacksonMarch { force, via, to } => {
                let i = ctx.board.index(&force).expect("offered");
                ctx.board.move_to(i, &via);
                ctx.board.move_to(i, &to);
                moved[i] = true;
                who.forces.push(force);
                note!(
                    ctx,
                    "15.1.1",
                    "{} force-marches two areas through {} to {} for 1 Command Point (Jackson, 15.1.1).",
                    ctx.board.label(i),
                    ctx.board.area_name(&via),
                    ctx.board.area_name(&to)
                );
            }
            Decision::MoveLee { to } => {
                ctx.board.lee = Location::Area(to.to_string());
                lee_moved = true;
                who.lee = true;
                note!(
                    ctx,
                    rule,
                    "Robert E. Lee moves to {}.",
                    ctx.board.area_name(&to)
                );
            }
            other => unreachable!("not offered: {other:?}"),
        }
    }
    if ctx.board.lee_isolated() {
        crate::rules::turn::victory::finish(
            ctx,
            false,
            "Robert E. Lee is in an area without Confederate Forces (3.2)".to_string(),
        );
    }
    Ok(())
}
