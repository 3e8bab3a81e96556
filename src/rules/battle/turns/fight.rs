//! A battle on a battlefield sheet, from the Battle Plan Quantity to its
//! end, Rejoins included: 10.2.10–10.2.20 before the first battle turn
//! (quantities, purchases, Insights, Scouts against the cup, Screened
//! Approach; the sheet's geometry places the armies), then the battle turns
//! (`sequence`), then the ending.

use super::sequence::battle;
use super::tactics::tactics_for;
use super::{R, Sheet};
use crate::campaign::{ForceType, Insight, Side, SpecialRule, WithdrawalResult};
use crate::rules::battle::endings::{
    cleared, finish, finish_withdrawal, leave_area, rejoin_bounded,
};
use crate::rules::battle::field::{Field, InsightState};
use crate::rules::battle::prebattle::{envelopment, pre_battle};
use crate::rules::battle::record::EventKind;
use crate::rules::battle::{BattleSpec, Ending, Outcome, PreBattle};
use crate::rules::board::PieceIx;
use crate::rules::components::SpecialBattlePlan;
use crate::rules::ctx::Ctx;
use crate::rules::decision::{Decision, Request};
use crate::rules::difficulty::BattleMode;

/// Fight a Basic battle to its end, Rejoins included.
pub fn fight<P: Sheet>(ctx: &mut Ctx, spec: &BattleSpec) -> R<Outcome> {
    let area = spec.area.as_str();
    let mut rounds = 0;
    loop {
        rounds += 1;
        ctx.begin_round(rounds);
        let name = ctx.board.area_name(area).to_string();
        note!(ctx, "9.3", "Battle of {name} ({}).", P::RULES);
        let first_here = ctx.board.progress.battled.insert(area.to_string());
        let pre = pre_battle(ctx, area, P::MODE)?;
        let ending = if let Some(gone) = cleared(ctx.board, area) {
            Some(Ending::Cleared { loser: gone })
        } else {
            envelopment(ctx, area)
        };
        let ending = match ending {
            Some(e) => Some(e),
            None => {
                let mut f = set_up::<P>(ctx, area, &pre, first_here)?;
                let ending = battle(ctx, &mut f)?;
                kept_off_share_the_fate(ctx, area, ending)?;
                ending
            }
        };
        match ending {
            Some(ending) => return Ok(finish(ctx, ending, rounds)),
            None if rejoin_bounded(ctx, rounds) => {
                let encamp = finish_withdrawal(ctx, area, WithdrawalResult::Encamp)?;
                return Ok(finish(ctx, encamp, rounds));
            }
            None => note!(
                ctx,
                "14.8.1",
                "Rejoin: a new battle starts from the Fog of War."
            ),
        }
    }
}

/// R-10.2.12.7: Forces kept off the sheet (Screen, Screened Approach) share
/// their army's fate when it loses the field. They are not Lee's army on
/// the field: a Lee left without Forces on the sheet stays, alone (14.5,
/// 3.2).
pub fn kept_off_share_the_fate(ctx: &mut Ctx, area: &str, ending: Option<Ending>) -> R<()> {
    let lost = matches!(
        ending,
        Some(Ending::Routed {
            loser: Side::Confederate
        }) | Some(Ending::Cleared {
            loser: Some(Side::Confederate)
        })
    );
    if lost && ctx.board.has_side(area, Side::Confederate) {
        note!(
            ctx,
            "10.2.12.7",
            "The Forces kept off the sheet leave the field with the army, without Robert E. Lee."
        );
        leave_area(ctx, area, Side::Confederate, "14.5", false)?;
    }
    Ok(())
}

/// 10.2.10–10.3: quantities, purchases, Insights, Scouts against the cup,
/// Screened Approach, placement of both armies and Lee.
pub fn set_up<P: Sheet>(
    ctx: &mut Ctx,
    area: &str,
    pre: &PreBattle,
    first_here: bool,
) -> R<Field<P>> {
    let lee = ctx.board.lee_in(area);
    let c = ctx.board.campaign.clone();
    let mut quantity = ctx.board.options.confederate_battle_plans(&c, lee);
    let mut union_quantity =
        ctx.board.options.union_special_battle_plans(&c) + pre.union_special_bonus;
    if P::MODE == BattleMode::Advanced {
        // A10.2, A14.0: one more Special Battle Plan a turn in campaigns.
        union_quantity += 1;
        note!(
            ctx,
            "A10.2",
            "Union Bonus Special Battle Plan: one more a turn on the Advanced Battlefield Sheet."
        );
    }
    note!(
        ctx,
        "10.2.10",
        "Battle Plan Quantity: {quantity} ({}); the Union draws {} a turn.",
        if lee {
            "Robert E. Lee's Command Rating"
        } else {
            "the campaign's number without Lee"
        },
        crate::chronicle::counted(
            union_quantity,
            "Special Battle Plan",
            "Special Battle Plans"
        )
    );
    // 10.2.11 Buy Additional Confederate Battle Plans.
    let cp = ctx.board.cp.confederate;
    let mut options = vec![Decision::BuyBattlePlans { extra: 0 }];
    if cp >= 2 {
        options.push(Decision::BuyBattlePlans { extra: 1 });
    }
    if cp >= 5 {
        options.push(Decision::BuyBattlePlans { extra: 2 });
    }
    // Worded only for a decider that reads the words.
    let prompt = if ctx.decider.reads_prompts() {
        format!("Buy Battle Plans? You have {cp} Command Points: +1 for 2, +2 for 5.")
    } else {
        String::new()
    };
    let answer = ctx.ask(Request::new("10.2.11", prompt, options))?;
    if let Decision::BuyBattlePlans { extra } = answer
        && extra > 0
    {
        let cost = answer.cost(ctx.board, false);
        ctx.board.cp.confederate -= cost;
        quantity += extra;
        note!(
            ctx,
            "10.2.11",
            "{cost} Command Points buy {} more: {quantity} a turn.",
            crate::chronicle::counted(extra, "Battle Plan", "Battle Plans")
        );
    }
    // 10.2.12 Insights.
    let forbidden: Vec<Insight> = c
        .special_rules
        .iter()
        .flat_map(|r| match r {
            SpecialRule::ForbiddenInsights { insights, .. } => insights.clone(),
            _ => Vec::new(),
        })
        .collect();
    let mut insights: Vec<InsightState> = Vec::new();
    if let Some(i) = pre.insight {
        insights.push(InsightState {
            insight: i,
            spent: false,
        });
        note!(
            ctx,
            "10.2.6",
            "The Fog of War gives the {i:?} Insight, free."
        );
    }
    for r in &c.special_rules {
        if let SpecialRule::FreeInsight {
            label,
            insight,
            area: a,
            first_battle_only,
        } = r
            && a == area
            && (!first_battle_only || first_here)
            && !insights.iter().any(|s| s.insight == *insight)
        {
            insights.push(InsightState {
                insight: *insight,
                spent: false,
            });
            note!(ctx, "10.2.12", "{label}: the {insight:?} Insight, free.");
        }
    }
    let here: Vec<PieceIx> = ctx.board.side_in_area(area, Side::Confederate);
    let mut screen: Option<(PieceIx, PieceIx)> = None;
    if lee {
        loop {
            let mut options = Vec::new();
            if quantity > 0 {
                for i in Insight::ALL {
                    if forbidden.contains(&i) || insights.iter().any(|s| s.insight == i) {
                        continue;
                    }
                    if i == Insight::Screen && !can_screen(ctx, &here) {
                        continue;
                    }
                    options.push(Decision::ChooseInsight { insight: i });
                }
            }
            options.push(Decision::EndInsights);
            let prompt = if ctx.decider.reads_prompts() {
                format!("Choose Insights: each costs one of your {quantity} Battle Plans a turn.")
            } else {
                String::new()
            };
            match ctx.ask(Request::new("10.2.12", prompt, options))? {
                Decision::ChooseInsight { insight } => {
                    quantity -= 1;
                    insights.push(InsightState {
                        insight,
                        spent: false,
                    });
                    note!(
                        ctx,
                        "10.2.12",
                        "The {insight:?} Insight is chosen: {} a turn.",
                        crate::chronicle::counted(quantity, "Battle Plan", "Battle Plans")
                    );
                    if insight == Insight::Screen {
                        screen = ask_screen(ctx, &here, false)?;
                    }
                }
                _ => break,
            }
        }
    }
    // A Screen from the Fog of War or a Special Rule is used the same way
    // (R-10.2.12.7-free): the player names the Forces, or leaves it unused.
    if screen.is_none() && insights.iter().any(|s| s.insight == Insight::Screen) {
        if can_screen(ctx, &here) {
            screen = ask_screen(ctx, &here, true)?;
        } else {
            note!(
                ctx,
                "10.2.12.7",
                "The free Screen Insight cannot be used: it needs at least 3 Forces here, with Cavalry and Infantry."
            );
        }
    }
    // 14.0.1 Scouts take Special Battle Plans out of the cup for the battle.
    let mut cup = SpecialBattlePlan::full_cup();
    while ctx.board.scouts.available > 0 {
        if ctx.recording() {
            ctx.record(EventKind::Cup { cup: cup.clone() });
        }
        let mut kinds = cup.clone();
        kinds.dedup();
        let mut options: Vec<Decision> = kinds
            .into_iter()
            .map(|plan| Decision::RemoveSpecialPlan { plan })
            .collect();
        options.push(Decision::EndRemovals);
        let prompt = if ctx.decider.reads_prompts() {
            format!(
                "Discard a Scout ({} left) to take a Special Battle Plan out of the cup for this battle?",
                ctx.board.scouts.available
            )
        } else {
            String::new()
        };
        match ctx.ask(Request::new("14.0.1", prompt, options))? {
            Decision::RemoveSpecialPlan { plan } => {
                ctx.board.scouts.available -= 1;
                if crate::rules::cavalry::scout_negated(
                    ctx,
                    "a Special Battle Plan out of the cup",
                )? {
                    note!(ctx, "14.0.1", "{} stays in the cup.", plan.name());
                    continue;
                }
                let i = cup.iter().position(|p| *p == plan).expect("offered");
                cup.remove(i);
                note!(
                    ctx,
                    "14.0.1",
                    "A Scout takes {} out of the cup for this battle.",
                    plan.name()
                );
            }
            _ => break,
        }
    }
    // 10.2.20 Screened Approach.
    let cavalry: Vec<PieceIx> = here
        .iter()
        .copied()
        .filter(|&p| {
            ctx.board.pieces[p].force.force_type == ForceType::Cavalry
                && screen.is_none_or(|(c, _)| c != p)
        })
        .collect();
    let mut screened_approach = None;
    if !cavalry.is_empty() {
        let mut options = vec![Decision::ScreenedApproach { cavalry: None }];
        for &p in &cavalry {
            options.push(Decision::ScreenedApproach {
                cavalry: Some(*ctx.board.pieces[p].id()),
            });
        }
        if let Decision::ScreenedApproach { cavalry: Some(id) } = ctx.ask(Request::new(
            "10.2.20",
            "Use Screened Approach (the Union places first)?",
            options,
        ))? {
            screened_approach = ctx.board.index(&id);
            note!(
                ctx,
                "10.2.20",
                "Screened Approach: {id} screens; the Union places its Forces first."
            );
        }
    }
    let mut f = Field::new(area, lee, pre.battle_turns);
    f.quantity = quantity;
    f.union_quantity = union_quantity;
    f.insights = insights;
    f.cup = cup;
    let off: Vec<PieceIx> = [screen.map(|s| s.0), screen.map(|s| s.1), screened_approach]
        .into_iter()
        .flatten()
        .collect();
    crate::rules::battle::prebattle::counter_battery_fire(ctx, area, &off)?;
    // 13.0 at placement fixes the Union Formation (10.3), counted over the
    // Forces about to be placed: the sheet is still empty.
    let u = ctx.board.area_combat(area, Side::Union);
    let c: u32 = ctx
        .board
        .side_in_area(area, Side::Confederate)
        .into_iter()
        .filter(|p| !off.contains(p))
        .map(|p| ctx.board.pieces[p].combat())
        .fold(0, u32::saturating_add);
    tactics_for(ctx, &mut f, u, c)?;
    P::place(ctx, &mut f, &off, screened_approach.is_some())?;
    f.screen = screen;
    if let Some((c, i)) = screen {
        note!(
            ctx,
            "10.2.12.7",
            "{} and {} stay off the Battlefield Sheet to Screen.",
            ctx.board.label(c),
            ctx.board.label(i)
        );
    }
    Ok(f)
}

/// 10.2.12.7: Screen needs at least 3 Forces in the area, Cavalry and
/// Infantry among them.
fn can_screen(ctx: &Ctx, here: &[PieceIx]) -> bool {
    let has = |t: ForceType| {
        here.iter()
            .any(|&p| ctx.board.pieces[p].force.force_type == t)
    };
    here.len() >= 3 && has(ForceType::Cavalry) && has(ForceType::Infantry)
}

/// 10.2.12.7: which Cavalry and Infantry Forces stay off the sheet to
/// Screen; a free Screen may be left unused.
fn ask_screen(ctx: &mut Ctx, here: &[PieceIx], free: bool) -> R<Option<(PieceIx, PieceIx)>> {
    let of = |t: ForceType| -> Vec<PieceIx> {
        here.iter()
            .copied()
            .filter(|&p| ctx.board.pieces[p].force.force_type == t)
            .collect()
    };
    let mut options = Vec::new();
    for &cv in &of(ForceType::Cavalry) {
        for &inf in &of(ForceType::Infantry) {
            options.push(Decision::ScreenWith {
                cavalry: *ctx.board.pieces[cv].id(),
                infantry: *ctx.board.pieces[inf].id(),
            });
        }
    }
    if free {
        options.push(Decision::NoScreen);
    }
    Ok(
        match ctx.ask(Request::new(
            "10.2.12.7",
            "Which Cavalry and Infantry Forces Screen?",
            options,
        ))? {
            Decision::ScreenWith { cavalry, infantry } => Some((
                ctx.board.index(&cavalry).expect("offered"),
                ctx.board.index(&infantry).expect("offered"),
            )),
            _ => None,
        },
    )
}
