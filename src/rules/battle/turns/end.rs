//! 14.5 Rout Check, a Force leaving the sheet for the map (14.5, 14.5.1),
//! 14.7 End of the Battle and 14.8 Withdrawal.

use super::hits::{capture_on_field, destroy, off_sheet};
use super::{R, Sheet, ask_on};
use crate::campaign::{ForceType, Side, WithdrawalResult};
use crate::rules::battle::endings::{
    Leaving, finish_withdrawal, go_to, leaving_to, rout_award, withdrawal_result,
};
use crate::rules::battle::field::{Field, Slot};
use crate::rules::battle::{Ending, outweighed};
use crate::rules::board::{Board, PieceIx, label};
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
        "Rout check: Union {u} against Confederate {c}: the {} Rout{}.",
        loser.army(),
        loser.verb_s()
    );
    f.routed = Some(loser);
    ctx.frame(f, |_| format!("The {} Rout", loser.army()));
    let losers: Vec<Slot> = f.side(loser).collect();
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
        // The last Routed Mobile Force has left the sheet.
        (true, false, Some(loser @ Side::Confederate))
        | (false, true, Some(loser @ Side::Union)) => Ending::Routed { loser },
        // Only one side's Forces on the sheet: the side that left it
        // loses the field, even if the other had Routed and was still
        // leaving (R-14.7-left-first).
        (true, false, _) => Ending::Cleared {
            loser: Some(Side::Confederate),
        },
        (false, true, _) => Ending::Cleared {
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
    match withdrawal_result(ctx, c, u)? {
        WithdrawalResult::Rejoin => Ok(None),
        other => finish_withdrawal(ctx, &area, other).map(Some),
    }
}

/// A Force leaves the sheet behind its own Reserve (14.5, 14.5.1).
pub fn exit_sheet<P: Sheet>(
    ctx: &mut Ctx,
    f: &mut Field<P>,
    pid: PieceIx,
    rule: &'static str,
) -> R<()> {
    let side = ctx.board.pieces[pid].force.side;
    let area = f.area.clone();
    let dest = leaving_to(
        ctx,
        &area,
        pid,
        rule,
        "A Union Force leaves the battle for",
        |ctx, options| {
            let prompt =
                move |b: &Board| format!("{} leaves the battle: to which area?", b.label(pid));
            ask_on(ctx, f, rule, prompt, options)
        },
    )?;
    match dest {
        Some(to) => {
            // In a Rout Lee goes with the first Force to reach the map
            // (14.5); otherwise with the last to leave the sheet.
            let lee = side == Side::Confederate
                && f.lee
                && ctx.board.lee.area() == Some(area.as_str())
                && (f.routed == Some(Side::Confederate)
                    || !f
                        .units
                        .iter()
                        .any(|u| u.side == Side::Confederate && u.piece != pid));
            go_to(ctx, &[pid], &to, rule, lee, Leaving::Sheet);
            off_sheet(f, pid);
            ctx.frame(f, |b| format!("{} leaves the sheet", label(&b.pieces[pid])));
        }
        None => {
            note!(ctx, rule, "No adjacent area is open to it.");
            destroy(ctx, f, pid, rule);
        }
    }
    Ok(())
}
