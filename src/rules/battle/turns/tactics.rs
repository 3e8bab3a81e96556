//! 13.0 Determine Union Tactics and the pool of Union Special Battle Plans
//! (13.2, 13.4).

use super::{R, Sheet};
use crate::campaign::Side;
use crate::dice::roll_d10;
use crate::rules::battle::field::Field;
use crate::rules::battle::terms::Tactics;
use crate::rules::components::SpecialBattlePlan;
use crate::rules::ctx::Ctx;

/// 13.0: Aggressive above 1:1, Defensive below, a die on a tie (even:
/// Aggressive).
pub fn determine_tactics<P: Sheet>(ctx: &mut Ctx, f: &mut Field<P>) -> R<()> {
    let u = f.combat_total(ctx.board, Side::Union);
    let c = f.combat_total(ctx.board, Side::Confederate);
    tactics_for(ctx, f, u, c)
}

/// 13.0 for given combined Combat Values (at placement: the Forces about to
/// be placed, R-10.3).
pub fn tactics_for<P: Sheet>(ctx: &mut Ctx, f: &mut Field<P>, u: u32, c: u32) -> R<()> {
    let t = if u > c {
        Tactics::Aggressive
    } else if c > u {
        Tactics::Defensive
    } else {
        let d = roll_d10(
            ctx.dice,
            ctx.chronicle,
            "13.0",
            format!("Union tactics at {u} against {c}"),
            |d| {
                if d % 2 == 0 {
                    "even: Aggressive".into()
                } else {
                    "odd: Defensive".into()
                }
            },
        )?;
        if d % 2 == 0 {
            Tactics::Aggressive
        } else {
            Tactics::Defensive
        }
    };
    if t != f.tactics || f.turn == 1 {
        note!(
            ctx,
            "13.0",
            "Union {u} against Confederate {c}: the Union uses {t:?} tactics."
        );
    }
    f.tactics = t;
    ctx.frame(f, |_| format!("Union tactics: {t:?}"));
    Ok(())
}

/// The pool for the tactics in use (13.2, 13.4).
pub fn in_pool(t: Tactics, p: SpecialBattlePlan) -> bool {
    match p {
        SpecialBattlePlan::Charge | SpecialBattlePlan::WellStruck => t == Tactics::Aggressive,
        SpecialBattlePlan::HardCover => t == Tactics::Defensive,
        _ => true,
    }
}
