//! 11.2 Battle Plan Activation: the Activation check with the modifiers
//! in force, on any sheet.

use super::R;
use crate::campaign::{ForceType, Insight, Side};
use crate::dice::{Check, roll_check};
use crate::rules::battle::field::{ClearOrders, Field};
use crate::rules::board::PieceIx;
use crate::rules::ctx::Ctx;

/// Activation number with the Confederate modifiers in force: Officers +1
/// (10.2.12.6), Mixed Orders -1 (14.1.6), and any given.
pub fn activation_check<P: Copy + Eq>(
    ctx: &Ctx,
    f: &Field<P>,
    pid: PieceIx,
    what: &str,
    rule: &'static str,
    extra: &[(i32, &'static str, &'static str)],
) -> Check {
    let (base, modifiers) = activation_terms(ctx, f, pid, extra);
    modifiers.fold(
        Check::new(
            ctx.board.pieces[pid].force.side,
            format!("{what}: {}", ctx.board.label(pid)),
            rule,
            base,
            "Activation",
        )
        .then("activated", "not activated"),
        |c, (n, source, rule)| c.modifier(n, source, rule),
    )
}

/// The printed Activation number and the modifiers to it, as
/// [`activation_check`] words them.
fn activation_terms<'a, P: Copy + Eq>(
    ctx: &Ctx,
    f: &Field<P>,
    pid: PieceIx,
    extra: &'a [(i32, &'static str, &'static str)],
) -> (
    i32,
    impl Iterator<Item = (i32, &'static str, &'static str)> + 'a,
) {
    let p = &ctx.board.pieces[pid];
    let base = p.force.values(p.strength).activation.unwrap_or(0) as i32;
    let confederate = p.force.side == Side::Confederate;
    let officers = confederate && f.has_insight(Insight::Officers);
    let mixed = confederate && f.effects.mixed_orders;
    let own = [
        officers.then_some((1, "Officers Insight", "10.2.12.6")),
        mixed.then_some((-1, "Mixed Orders", "14.1.6")),
    ];
    (base, own.into_iter().flatten().chain(extra.iter().copied()))
}

pub fn activate<P: Copy + Eq>(
    ctx: &mut Ctx,
    f: &Field<P>,
    pid: PieceIx,
    what: &str,
    rule: &'static str,
    extra: &[(i32, &'static str, &'static str)],
) -> R<bool> {
    if ctx.chronicle.is_quiet() {
        // Nothing worded: the same die against the same target (4.5).
        let (base, modifiers) = activation_terms(ctx, f, pid, extra);
        let target = base + modifiers.map(|(n, _, _)| n).sum::<i32>();
        let board = &*ctx.board;
        let die = ctx
            .dice
            .d10_for(|| format!("{rule} {what}: {}", board.label(pid)))?;
        return Ok(crate::dice::succeeds(die, target));
    }
    let c = activation_check(ctx, f, pid, what, rule, extra);
    Ok(roll_check(ctx.dice, ctx.chronicle, c)?.success)
}

/// Activation for a counter or a default: Clear Orders skip the roll
/// (11.2.1): the Force's own, else for a default one from the pool.
pub fn activated<P: Copy + Eq>(
    ctx: &mut Ctx,
    f: &mut Field<P>,
    pid: PieceIx,
    what: &str,
    rule: &'static str,
    extra: &[(i32, &'static str, &'static str)],
    default: bool,
) -> R<bool> {
    let k = f.unit_of(pid).expect("here");
    let own = f.units[k].clear_orders
        == Some(if default {
            ClearOrders::Default
        } else {
            ClearOrders::Counter
        });
    if own || default && f.clear_defaults > 0 {
        if !own {
            f.clear_defaults -= 1;
        }
        note!(
            ctx,
            "11.2.1",
            "{}: {what} on Clear Orders, no Activation roll (11.2.1).",
            f.label(ctx.board, k)
        );
        return Ok(true);
    }
    let ok = activate(ctx, f, pid, what, rule, extra)?;
    if !ok {
        note!(
            ctx,
            "11.2",
            "{} fails to Activate and Holds (11.2).",
            f.label(ctx.board, k)
        );
    }
    Ok(ok)
}

/// 14.2.2 (A14.2.2, A11.1): a Union Infantry, Cavalry or Garrison Force
/// with an Activation number rolls to Activate before its Combat, and one
/// that fails Holds; Artillery, Fortifications and Forces without an
/// Activation number fire unrolled. True when the Combat goes on. `rule`:
/// the sheet's Combat rule (14.2.2, A14.2.2, and their Cavalry at range 2).
pub fn union_combat_activates<P: Copy + Eq>(
    ctx: &mut Ctx,
    f: &Field<P>,
    pid: PieceIx,
    rule: &'static str,
) -> R<bool> {
    let p = &ctx.board.pieces[pid];
    let rolls = matches!(
        p.force.force_type,
        ForceType::Infantry | ForceType::Cavalry | ForceType::Garrison
    );
    let has_activation = p.force.values(p.strength).activation.is_some();
    if rolls && has_activation && !activate(ctx, f, pid, "Combat", rule, &[])? {
        note!(
            ctx,
            rule,
            "{} fails to Activate: Hold.",
            ctx.board.label(pid)
        );
        return Ok(false);
    }
    Ok(true)
}
