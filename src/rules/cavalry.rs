//! Optional rule "Union Cavalry Corps": every time the player discards a
//! Scout counter, the Union AI gets a Saving Throw (d10 at or above the
//! campaign's number: 10 before February 1863, 9+ after). A successful
//! throw negates the Scout's effect; the Scout stays discarded, and the
//! player may discard another to try again.

use super::ctx::Ctx;
use super::decision::Interrupt;
use crate::dice::roll_table;

/// The chronicle's rule label for this optional rule.
pub const RULE: &str = "Opt. Union Cavalry Corps";

/// Roll the Union's Saving Throw against a Scout just discarded for
/// `what`, when the optional rule is in play. True: the Scout's effect is
/// negated.
pub fn scout_negated(ctx: &mut Ctx, what: &str) -> Result<bool, Interrupt> {
    if !ctx.board.options.union_cavalry_corps {
        return Ok(false);
    }
    let target = ctx.board.campaign.union_cavalry_saving_throw;
    let die = roll_table(
        ctx.dice,
        ctx.chronicle,
        RULE,
        format!("Union Saving Throw against the Scout ({what}), {target}+ saves"),
        Some((
            crate::campaign::Side::Union,
            crate::chronicle::FaceSet::from_fn(|d| d >= target),
        )),
        |d| {
            if d >= target {
                "Union cavalry counter the Confederate horsemen: the Scout's effect is negated"
                    .into()
            } else {
                "the Scout gets through".into()
            }
        },
    )?;
    if die >= target {
        ctx.chronicle
            .notice(crate::chronicle::Notice::ScoutNegated {
                what: what.to_string(),
            });
    }
    Ok(die >= target)
}
