//! 12.1.1 Insight rolls: against Lee's Command Rating, re-rolled with
//! Scouts.

use super::R;
use crate::dice::{Check, roll_check};
use crate::rules::ctx::Ctx;
use crate::rules::decision::{Decision, Request};

/// An Insight roll against Lee's Command Rating, with Scout re-rolls (12.1.1).
pub fn insight_roll(ctx: &mut Ctx, what: &str, rule: &'static str, bonus: i32) -> R<bool> {
    let rating = ctx.board.campaign.lee.command_rating as i32;
    let roll = |ctx: &mut Ctx| {
        let mut c = Check::new(what, rule, rating, "Lee's Command Rating");
        if bonus != 0 {
            c = c.modifier(bonus, "Screen", "10.2.12.7");
        }
        roll_check(ctx.dice, ctx.chronicle, c).map(|o| o.success)
    };
    let mut success = roll(ctx)?;
    loop {
        if success || ctx.board.scouts.available == 0 {
            return Ok(success);
        }
        match ctx.ask(Request::new(
            "12.1.1",
            format!("{what} failed. Discard a Scout to roll again?"),
            vec![Decision::AcceptInsightRoll, Decision::RerollInsight],
        ))? {
            Decision::RerollInsight => {
                ctx.board.scouts.available -= 1;
                note!(ctx, "12.1.1", "A Scout is discarded to roll again.");
                if !crate::rules::cavalry::scout_negated(ctx, "Insight re-roll")? {
                    success = roll(ctx)?;
                }
            }
            _ => return Ok(false),
        }
    }
}
