//! The Confederate Default Battle Plans every sheet carries out alike
//! (12.4, A12.4, A11.5): March back out of a Melee, and March off the
//! sheet. The sheet gives its rule number, and moves the Force back
//! through [`Sheet::ordered_retreat`].

use super::activation::activated;
use super::end::exit_sheet;
use super::{R, Sheet, k_of};
use crate::rules::battle::field::Field;
use crate::rules::battle::terms::Formation;
use crate::rules::board::PieceIx;
use crate::rules::ctx::Ctx;

/// Whether the Force is in Line: a March in Line must Activate (12.4.1,
/// A12.4); in Column it Activates by itself.
fn in_line<P: Copy + Eq>(f: &Field<P>, pid: PieceIx) -> bool {
    k_of(f, pid).is_some_and(|k| f.units[k].formation == Formation::Line)
}

/// March back (12.4.1 under 11.5, A11.5): a Retreat move only, one place
/// back out of the Melee; no changing Formation first in Melee (11.5), so
/// Line (on the Squares, toward the Row behind: its Formation on the
/// sheet) must Activate. `rule`: the sheet's (12.4.1, A11.5).
pub fn march_back<P: Sheet>(
    ctx: &mut Ctx,
    f: &mut Field<P>,
    pid: PieceIx,
    rule: &'static str,
) -> R<()> {
    if !in_line(f, pid) || activated(ctx, f, pid, "March (back)", rule, &[], true)? {
        P::ordered_retreat(ctx, f, pid, rule)?;
    }
    Ok(())
}

/// March off the sheet behind the Confederate Reserve (12.4.1, A12.4,
/// 14.5.1): Line must Activate first. `rule`: the sheet's March rule
/// (12.4.1, A12.4).
pub fn march_off<P: Sheet>(
    ctx: &mut Ctx,
    f: &mut Field<P>,
    pid: PieceIx,
    rule: &'static str,
) -> R<()> {
    if in_line(f, pid) && !activated(ctx, f, pid, "March", rule, &[], true)? {
        return Ok(());
    }
    exit_sheet(ctx, f, pid, "14.5.1")
}
