//! 10.1 Battle Turn Sequence, the same on every sheet: Insights, the
//! Confederate Battle Plans, Union tactics and Special Battle Plans, the
//! plans resolved (Prepare first, the Union, then the Confederates), the
//! Rout check, the end of the turn; after the last, Withdrawal.

use super::cup::draw_special_plans;
use super::end::{ended, rout_check, withdrawal};
use super::tactics::determine_tactics;
use super::{R, Sheet};
use crate::campaign::Side;
use crate::rules::battle::Ending;
use crate::rules::battle::field::{Effects, Field};
use crate::rules::ctx::Ctx;

/// 10.1 Battle Turns until the battle ends. None means Rejoin.
pub fn battle<P: Sheet>(ctx: &mut Ctx, f: &mut Field<P>) -> R<Option<Ending>> {
    loop {
        note!(ctx, "10.1", "Battle turn {} of {}.", f.turn, f.turns);
        super::insights::insights_step(ctx, f)?;
        if f.routed != Some(Side::Confederate) {
            P::assign(ctx, f)?;
        }
        if f.routed != Some(Side::Union) {
            if !f.stand_alone {
                determine_tactics(ctx, f)?;
            }
            draw_special_plans(ctx, f)?;
        }
        if let Some(e) = ended(ctx, f) {
            return Ok(Some(e));
        }
        check(ctx, f, "the draw");
        P::resolve_confederate(ctx, f, true)?;
        if f.formation_counter && f.routed != Some(Side::Confederate) {
            super::plans::formation_counter(ctx, f)?;
        }
        P::resolve_union(ctx, f)?;
        check(ctx, f, "the Union Battle Plans");
        if let Some(e) = ended(ctx, f) {
            return Ok(Some(e));
        }
        P::resolve_confederate(ctx, f, false)?;
        check(ctx, f, "the Confederate Battle Plans");
        rout_check(ctx, f)?;
        // End of the turn: plans back to the cup, counters off (14.3, 14.4).
        f.cup.append(&mut f.drawn);
        f.effects = Effects::default();
        f.formation_counter = false;
        f.assigned = 0;
        for u in f.units.iter_mut() {
            u.acted = false;
            u.clear_orders = None;
            u.prepare = false;
            u.counter = None;
            u.target = None;
            u.cover = false;
        }
        let turn = f.turn;
        ctx.frame(f, |_| format!("End of battle turn {turn}"));
        if let Some(e) = ended(ctx, f) {
            return Ok(Some(e));
        }
        if f.stand_alone && f.turn >= f.turns {
            note!(
                ctx,
                "A14.7",
                "The last battle turn is over: the scenario's victory conditions decide (R-A-stand-alone)."
            );
            return Ok(Some(match f.routed {
                Some(loser) => Ending::Routed { loser },
                None => Ending::Encamp,
            }));
        }
        if f.routed.is_none() && f.turn >= f.turns {
            note!(
                ctx,
                "14.7",
                "The Battle Turn counter enters the Withdrawal box."
            );
            return withdrawal(ctx, f);
        }
        f.turn += 1;
    }
}

/// The sheet's invariants hold at the end of every step (debug builds,
/// so the tests and property tests catch any breach).
fn check<P: Sheet>(ctx: &Ctx, f: &Field<P>, step: &str) {
    debug_assert!(
        P::problem(f, ctx.board).is_none(),
        "after {step} of battle turn {}: {}",
        f.turn,
        P::problem(f, ctx.board).unwrap_or_default()
    );
}
