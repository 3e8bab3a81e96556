//! 12.1 Insight Activation (A12.1) on any sheet, and 12.1.1 Insight rolls:
//! against Lee's Command Rating, re-rolled with Scouts.

use super::hits::{HitSource, destroy, hit, lowest_skill_random};
use super::{R, Sheet, ask_on};
use crate::campaign::{ForceType, Insight, Side};
use crate::dice::{Check, roll_check};
use crate::rules::battle::field::{Field, Slot};
use crate::rules::ctx::Ctx;
use crate::rules::decision::{Decision, Request};

/// An Insight roll against Lee's Command Rating, with Scout re-rolls (12.1.1).
pub fn insight_roll(ctx: &mut Ctx, what: &str, rule: &'static str, bonus: i32) -> R<bool> {
    let rating = ctx.board.campaign.lee.command_rating as i32;
    let roll = |ctx: &mut Ctx| {
        let mut c = Check::new(
            Side::Confederate,
            what,
            rule,
            rating,
            "Lee's Command Rating",
        );
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

/// 12.1 Insight Activation (A12.1: Demolitions needs a Force next to its
/// target, Screen's Hits fall from Row A forward, A10.2.12).
pub fn insights_step<P: Sheet>(ctx: &mut Ctx, f: &mut Field<P>) -> R<()> {
    if f.turn == 1 {
        for i in 0..f.insights.len() {
            match f.insights[i].insight {
                Insight::Duration => {
                    let options = vec![Decision::Duration { by: 1 }, Decision::Duration { by: -1 }];
                    if let Decision::Duration { by } = ask_on(
                        ctx,
                        f,
                        "10.2.12.1",
                        format!(
                            "Duration: the battle lasts {} turns. One more or one fewer?",
                            f.turns
                        ),
                        options,
                    )? {
                        f.turns = (f.turns as i32 + by).clamp(1, 6) as u32;
                        note!(
                            ctx,
                            "10.2.12.1",
                            "Duration: the battle now lasts {} turns.",
                            f.turns
                        );
                    }
                    f.insights[i].spent = true;
                }
                Insight::Entrench => {
                    let options: Vec<Decision> = f
                        .side(Side::Confederate)
                        .filter(|&k| !f.in_melee(k))
                        .map(|k| Decision::EntrenchOn { force: f.id(k) })
                        .collect();
                    if !options.is_empty()
                        && let Decision::EntrenchOn { force } =
                            ask_on(ctx, f, "10.2.12.3", "Entrench which Force?", options)?
                    {
                        let k = f
                            .unit_of(ctx.board.index(&force).expect("offered"))
                            .expect("on the sheet");
                        f.units[k].entrench = true;
                        note!(ctx, "10.2.12.3", "{} Entrenches.", f.label(ctx.board, k));
                    }
                    f.insights[i].spent = true;
                }
                Insight::Morale => note!(
                    ctx,
                    "10.2.12.5",
                    "Morale: +2 to your Forces' Shock checks for the battle."
                ),
                Insight::Officers => note!(
                    ctx,
                    "10.2.12.6",
                    "Officers: +1 to your Forces' Activation numbers for the battle."
                ),
                _ => {}
            }
        }
    }
    let mut tried: Vec<Insight> = Vec::new();
    loop {
        let mut options = Vec::new();
        if f.has_insight(Insight::Demolitions) && !tried.contains(&Insight::Demolitions) {
            for k in f.side(Side::Union) {
                if matches!(
                    f.force_type(k),
                    ForceType::Garrison | ForceType::Fortification
                ) {
                    let r = f.units[k].at();
                    if f.side(Side::Confederate)
                        .any(|c| f.units[c].at().distance(r) <= 1)
                    {
                        options.push(Decision::TryDemolitions { target: f.id(k) });
                    }
                }
            }
        }
        let screen_ready = f.screen.is_some()
            && f.insights
                .iter()
                .any(|s| s.insight == Insight::Screen && !s.spent);
        if screen_ready && !tried.contains(&Insight::Screen) {
            options.push(Decision::TryScreen);
        }
        if options.is_empty() {
            return Ok(());
        }
        options.push(Decision::EndInsightActivation);
        match ask_on(ctx, f, "12.1", "Try an Insight this turn?", options)? {
            Decision::TryDemolitions { target } => {
                tried.push(Insight::Demolitions);
                if insight_roll(ctx, "Demolitions", "10.2.12.2", 0)? {
                    let pid = ctx.board.index(&target).expect("offered");
                    destroy(ctx, f, pid, "10.2.12.2");
                }
            }
            Decision::TryScreen => {
                tried.push(Insight::Screen);
                if insight_roll(ctx, "Screen", "10.2.12.7", 2)? {
                    screen_attacks(ctx, f)?;
                }
            }
            _ => return Ok(()),
        }
    }
}

/// 10.2.12.7: three attacks at the Infantry's Combat Value, from the Union
/// rearmost Region (Row, A10.2.12) forward, lowest Skill first.
fn screen_attacks<P: Sheet>(ctx: &mut Ctx, f: &mut Field<P>) -> R<()> {
    let Some((_, infantry)) = f.screen else {
        return Ok(());
    };
    let p = &ctx.board.pieces[infantry];
    let cv = p.force.values(p.strength).combat as i32;
    let mut hits = 0;
    for n in 1..=3 {
        let check = Check::new(
            p.force.side,
            format!("Screen attack {n} by {}", crate::rules::board::label(p)),
            "10.2.12.7",
            cv,
            "Combat Value",
        )
        .then("1 Hit", "miss");
        if roll_check(ctx.dice, ctx.chronicle, check)?.success {
            hits += 1;
        }
    }
    for _ in 0..hits {
        // The rearmost Region, or Row (A10.2.12: Row A, then B, then C).
        let rear = f
            .side(Side::Union)
            .map(|k| f.units[k].at().depth(Side::Union))
            .min();
        let Some(rear) = rear else { break };
        let there: Vec<Slot> = f
            .side(Side::Union)
            .filter(|&k| f.units[k].at().depth(Side::Union) == rear)
            .collect();
        if let Some(k) =
            lowest_skill_random(ctx, f, &there, "10.2.12.7", "The Screen's Hit falls on")?
        {
            let pid = f.units[k].piece;
            hit(ctx, f, pid, HitSource::OffBoard, "10.2.12.7")?;
        }
    }
    for s in f
        .insights
        .iter_mut()
        .filter(|s| s.insight == Insight::Screen)
    {
        s.spent = true;
    }
    note!(
        ctx,
        "10.2.12.7",
        "The Screening Forces take no further part in the battle."
    );
    Ok(())
}
