//! 14.5 Rout Check, 14.7 End of the Battle and 14.8 Withdrawal on the
//! sheet.

use super::hits::{capture_on_field, destroy};
use super::{R, Sheet};
use crate::campaign::{ForceType, Side, WithdrawalResult};
use crate::rules::battle::endings::{rout_award, withdraw, withdrawal_result};
use crate::rules::battle::field::Field;
use crate::rules::battle::{Ending, outweighed};
use crate::rules::ctx::Ctx;

/// 14.5 Rout Check on the sheet.
pub fn rout_check<P: Sheet>(ctx: &mut Ctx, f: &mut Field<P>) -> R<()> {
    if f.routed.is_some() {
        return Ok(());
    }
    let u = f.combat_total(ctx.board, Side::Union);
    let c = f.combat_total(ctx.board, Side::Confederate);
    // an army already gone from the sheet ends the battle (14.7).
    let Some(loser) = outweighed(c, u).filter(|&loser| f.has_side(loser)) else {
        return Ok(());
    };
    note!(
        ctx,
        "14.5",
        "Rout check: Union {u} against Confederate {c}: the {} Rout.",
        loser.army()
    );
    f.routed = Some(loser);
    ctx.frame(f, |_| format!("The {} Rout", loser.army()));
    let losers: Vec<usize> = f.side(loser).collect();
    for k in losers.into_iter().rev() {
        let pid = f.units[k].piece;
        match f.force_type(k) {
            ForceType::Garrison | ForceType::Fortification => destroy(ctx, f, pid, "14.5"),
            ForceType::Artillery => capture_on_field(ctx, f, pid, "14.5"),
            _ => {}
        }
    }
    rout_award(ctx, loser);
    Ok(())
}

/// 14.7: one army gone from the sheet ends the battle.
pub fn ended<P: Sheet>(ctx: &mut Ctx, f: &Field<P>) -> Option<Ending> {
    let c = !f.has_side(Side::Confederate);
    let u = !f.has_side(Side::Union);
    let ending = match (c, u, f.routed) {
        (false, false, _) => return None,
        (true, true, _) => Ending::Cleared { loser: None },
        (_, _, Some(loser)) => Ending::Routed { loser },
        (true, false, None) => Ending::Cleared {
            loser: Some(Side::Confederate),
        },
        (false, true, None) => Ending::Cleared {
            loser: Some(Side::Union),
        },
    };
    note!(ctx, "14.7", "The battle ends: {}.", ending.describe());
    Some(ending)
}

/// 14.8 Withdrawal after the last battle turn. None means Rejoin.
pub fn withdrawal<P: Sheet>(ctx: &mut Ctx, f: &Field<P>) -> R<Option<Ending>> {
    let area = f.area.clone();
    let c = f.combat_total(ctx.board, Side::Confederate);
    let u = f.combat_total(ctx.board, Side::Union);
    Ok(Some(match withdrawal_result(ctx, c, u)? {
        WithdrawalResult::Rejoin => return Ok(None),
        WithdrawalResult::UnionRetreat => {
            withdraw(ctx, &area, Side::Union)?;
            Ending::Retreat { side: Side::Union }
        }
        WithdrawalResult::ConfederateRetreat => {
            withdraw(ctx, &area, Side::Confederate)?;
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
    }))
}
