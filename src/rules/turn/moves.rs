//! 9.2 Moves and 15.1 Forced March (with 15.1.1 Jackson's Special Rule).

use crate::campaign::Side;
use crate::rules::board::PieceIx;
use crate::rules::components::{Location, Strength};
use crate::rules::ctx::Ctx;
use crate::rules::decision::Request;
use crate::rules::decision::{Decision, Interrupt};
use crate::rules::ix::IxVec;

/// The player's Mobile Forces on the map, in id order.
fn mobile_confederates(ctx: &Ctx) -> Vec<PieceIx> {
    ctx.board
        .pieces
        .indices()
        .filter(|&i| {
            let p = &ctx.board.pieces[i];
            p.force.side == Side::Confederate
                && p.force.force_type.is_mobile()
                && p.location().area().is_some()
        })
        .collect()
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
    loop {
        let mut options = Vec::new();
        // Optional rule Confederate Groups and Area Group Limit.
        let mut refused = Vec::new();
        let mut offer = |board: &crate::rules::board::Board, i: PieceIx, to: &str, d: Decision| {
            match crate::rules::group_limit::refuses(board, i, to) {
                Some(why) => refused.push((d, format!("Not to {}: {why}.", board.area_name(to)))),
                None => options.push(d),
            }
        };
        let can_pay = !forced || ctx.board.cp.confederate >= 1;
        if can_pay {
            for i in mobile_confederates(ctx) {
                let p = &ctx.board.pieces[i];
                if moved[i] {
                    continue;
                }
                let at = p.area_index().expect("on the map");
                for to in ctx.board.neighbour_ids_at(at) {
                    let d = Decision::MoveForce { force: *p.id(), to };
                    offer(ctx.board, i, &to, d);
                }
                // 15.1.1: two areas, not through an area with Union Forces.
                if forced && p.force.jackson && p.strength == Strength::Full {
                    let from = p.location().area().expect("on the map");
                    for via in ctx.board.neighbour_ids(from) {
                        if ctx.board.has_side(&via, Side::Union) {
                            continue;
                        }
                        for to in ctx.board.neighbour_ids(&via) {
                            if to != from {
                                let d = Decision::JacksonMarch {
                                    force: *p.id(),
                                    via,
                                    to,
                                };
                                offer(ctx.board, i, &to, d);
                            }
                        }
                    }
                }
            }
        }
        if !lee_moved && let Location::Area(lee_at) = ctx.board.lee.clone() {
            for to in ctx.board.neighbour_ids(&lee_at) {
                options.push(Decision::MoveLee { to });
            }
        }
        options.push(Decision::EndMoves);
        let prompt = if forced {
            format!(
                "Forced March: move Forces one area for 1 Command Point each ({} left), or end the step.",
                ctx.board.cp.confederate
            )
        } else {
            "Move your Mobile Forces one area each (free), or end the step.".to_string()
        };
        let answer = ctx.ask(Request::new(rule, prompt, options).refusing(refused))?;
        ctx.board.cp.confederate -= answer.cost(ctx.board, forced);
        match answer {
            Decision::EndMoves => break,
            Decision::MoveForce { force, to } => {
                let i = ctx.board.index(&force).expect("offered");
                let from = ctx.board.pieces[i].location().clone();
                ctx.board.move_to(i, &to);
                moved[i] = true;
                let cost = if forced { " for 1 Command Point" } else { "" };
                let text = format!(
                    "{} moves from {} to {}{cost}.",
                    ctx.board.label(i),
                    from.area().map_or("?", |a| ctx.board.area_name(a)),
                    ctx.board.area_name(&to)
                );
                note!(ctx, rule, "{}", text);
            }
            Decision::JacksonMarch { force, via, to } => {
                let i = ctx.board.index(&force).expect("offered");
                ctx.board.move_to(i, &via);
                ctx.board.move_to(i, &to);
                moved[i] = true;
                let text = format!(
                    "{} force-marches two areas through {} to {} for 1 Command Point (Jackson, 15.1.1).",
                    ctx.board.label(i),
                    ctx.board.area_name(&via),
                    ctx.board.area_name(&to)
                );
                note!(ctx, "15.1.1", "{}", text);
            }
            Decision::MoveLee { to } => {
                ctx.board.lee = Location::Area(to.to_string());
                lee_moved = true;
                let text = format!("Robert E. Lee moves to {}.", ctx.board.area_name(&to));
                note!(ctx, rule, "{}", text);
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
