//! Part One's Basic Battle Rules (10.2.10–14.7) on the six-Region
//! Battlefield Sheet.

pub mod combat;
pub mod confederate;
pub mod field;
pub mod union;
pub mod view;

use crate::rules::battle::ground::Region;
use crate::rules::battle::terms::{Formation, Tactics};
use crate::rules::decision::Request;
use combat::*;
use field::*;
use view::ask_on;

use super::endings::{cleared, finish, leave_area, rout_award, withdraw, withdrawal_result};
use super::outweighed;
use super::prebattle::{envelopment, pre_battle};
use super::{BattleSpec, Ending, Outcome, PreBattle};
use crate::campaign::{ForceType, Insight, Side, SpecialRule, WithdrawalResult};
use crate::dice::{Check, roll_check};
use crate::rules::components::SpecialBattlePlan;
use crate::rules::ctx::Ctx;
use crate::rules::decision::Decision;
use crate::rules::difficulty::BattleMode;

/// Fight a Basic battle to its end, Rejoins included.
pub fn fight(ctx: &mut Ctx, spec: &BattleSpec) -> R<Outcome> {
    let area = spec.area.as_str();
    let mut rounds = 0;
    loop {
        rounds += 1;
        ctx.begin_round(rounds);
        let name = ctx.board.area_name(area).to_string();
        note!(
            ctx,
            "9.3",
            "Battle of {name} (Basic Battle Rules, on the Battlefield Sheet)."
        );
        let first_here = ctx.board.progress.battled.insert(area.to_string());
        let pre = pre_battle(ctx, area, BattleMode::Basic)?;
        let ending = if let Some(gone) = cleared(ctx.board, area) {
            Some(Ending::Cleared { loser: gone })
        } else {
            envelopment(ctx, area)
        };
        let ending = match ending {
            Some(e) => Some(e),
            None => {
                let mut f = set_up(ctx, area, &pre, first_here)?;
                let ending = battle(ctx, &mut f)?;
                kept_off_share_the_fate(ctx, area, ending)?;
                ending
            }
        };
        match ending {
            Some(ending) => return Ok(finish(ctx, ending, rounds)),
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
pub fn set_up(ctx: &mut Ctx, area: &str, pre: &PreBattle, first_here: bool) -> R<Field> {
    let lee = ctx.board.lee_in(area);
    let c = ctx.board.campaign.clone();
    let mut quantity = ctx.board.options.confederate_battle_plans(&c, lee);
    let union_quantity = ctx.board.options.union_special_battle_plans(&c) + pre.union_special_bonus;
    note!(
        ctx,
        "10.2.10",
        "Battle Plan Quantity: {quantity} ({}); the Union draws {union_quantity} Special Battle Plan(s) a turn.",
        if lee {
            "Robert E. Lee's Command Rating"
        } else {
            "the campaign's number without Lee"
        }
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
    let answer = ctx.ask(Request::new(
        "10.2.11",
        format!("Buy Battle Plans? You have {cp} Command Points: +1 for 2, +2 for 5."),
        options,
    ))?;
    if let Decision::BuyBattlePlans { extra } = answer
        && extra > 0
    {
        let cost = answer.cost(ctx.board, false);
        ctx.board.cp.confederate -= cost;
        quantity += extra;
        note!(
            ctx,
            "10.2.11",
            "{cost} Command Points buy {extra} more Battle Plan(s): {quantity} a turn."
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
    let here: Vec<usize> = ctx.board.side_in_area(area, Side::Confederate);
    let mut screen: Option<(usize, usize)> = None;
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
            let prompt =
                format!("Choose Insights: each costs one of your {quantity} Battle Plans a turn.");
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
                        "The {insight:?} Insight is chosen: {quantity} Battle Plan(s) a turn."
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
    let mut cup = SpecialBattlePlan::counter_mix();
    cup.sort();
    while ctx.board.scouts.available > 0 {
        if ctx.recording() {
            ctx.record(super::record::EventKind::Cup { cup: cup.clone() });
        }
        let mut kinds = cup.clone();
        kinds.dedup();
        let mut options: Vec<Decision> = kinds
            .into_iter()
            .map(|plan| Decision::RemoveSpecialPlan { plan })
            .collect();
        options.push(Decision::EndRemovals);
        let prompt = format!(
            "Discard a Scout ({} left) to take a Special Battle Plan out of the cup for this battle?",
            ctx.board.scouts.available
        );
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
    let cavalry: Vec<usize> = here
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
                cavalry: Some(ctx.board.pieces[p].id().clone()),
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
    let off: Vec<usize> = [screen.map(|s| s.0), screen.map(|s| s.1), screened_approach]
        .into_iter()
        .flatten()
        .collect();
    // 13.0 at placement fixes the Union Formation (10.3), counted over the
    // Forces about to be placed: the sheet is still empty.
    let u = ctx.board.area_combat(area, Side::Union);
    let c: u32 = ctx
        .board
        .side_in_area(area, Side::Confederate)
        .into_iter()
        .filter(|p| !off.contains(p))
        .map(|p| ctx.board.pieces[p].combat())
        .sum();
    union::tactics_for(ctx, &mut f, u, c)?;
    if screened_approach.is_some() {
        place_union(ctx, &mut f)?;
        place_confederates(ctx, &mut f, &off)?;
    } else {
        place_confederates(ctx, &mut f, &off)?;
        place_union(ctx, &mut f)?;
    }
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
fn can_screen(ctx: &Ctx, here: &[usize]) -> bool {
    let has = |t: ForceType| {
        here.iter()
            .any(|&p| ctx.board.pieces[p].force.force_type == t)
    };
    here.len() >= 3 && has(ForceType::Cavalry) && has(ForceType::Infantry)
}

/// 10.2.12.7: which Cavalry and Infantry Forces stay off the sheet to
/// Screen; a free Screen may be left unused.
fn ask_screen(ctx: &mut Ctx, here: &[usize], free: bool) -> R<Option<(usize, usize)>> {
    let of = |t: ForceType| -> Vec<usize> {
        here.iter()
            .copied()
            .filter(|&p| ctx.board.pieces[p].force.force_type == t)
            .collect()
    };
    let mut options = Vec::new();
    for &cv in &of(ForceType::Cavalry) {
        for &inf in &of(ForceType::Infantry) {
            options.push(Decision::ScreenWith {
                cavalry: ctx.board.pieces[cv].id().clone(),
                infantry: ctx.board.pieces[inf].id().clone(),
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

/// 10.2.15–10.2.17 with 10.2.12.4 Front.
fn place_confederates(ctx: &mut Ctx, f: &mut Field, off: &[usize]) -> R<()> {
    let area = f.area.clone();
    let front = f.has_insight(Insight::Front);
    let mut front_used = 0;
    for pid in ctx.board.side_in_area(&area, Side::Confederate) {
        if off.contains(&pid) {
            continue;
        }
        let ty = ctx.board.pieces[pid].force.force_type;
        match ty {
            ForceType::Garrison => f.units.push(Unit::new(
                ctx.board,
                pid,
                Side::Confederate,
                Region::ConfederateApproach,
                Formation::Line,
            )),
            ForceType::Fortification => f.units.push(Unit::new(
                ctx.board,
                pid,
                Side::Confederate,
                Region::ConfederateReserve,
                Formation::Line,
            )),
            _ => {
                let mut regions = vec![Region::ConfederateReserve];
                if ty != ForceType::Artillery
                    && f.mobile_count(Region::ConfederateApproach, Side::Confederate) < 4
                {
                    regions.push(Region::ConfederateApproach);
                }
                if front && front_used < 3 {
                    regions.push(Region::ConfederateFront);
                }
                let formations = if ty == ForceType::Artillery {
                    vec![Formation::Line]
                } else {
                    vec![Formation::Line, Formation::Column]
                };
                let id = ctx.board.pieces[pid].id();
                let mut options = Vec::with_capacity(regions.len() * formations.len());
                for r in &regions {
                    for fm in &formations {
                        options.push(Decision::PlaceForce {
                            force: id.clone(),
                            region: *r,
                            formation: *fm,
                        });
                    }
                }
                let prompt = format!("Place {} on the Battlefield Sheet.", ctx.board.label(pid));
                if let Decision::PlaceForce {
                    region, formation, ..
                } = ask_on(ctx, f, "10.2.16", prompt, options)?
                {
                    if region == Region::ConfederateFront {
                        front_used += 1;
                    }
                    f.units.push(Unit::new(
                        ctx.board,
                        pid,
                        Side::Confederate,
                        region,
                        formation,
                    ));
                }
            }
        }
    }
    note!(
        ctx,
        "10.2.16",
        "Confederate set-up: {}.",
        Region::ALL
            .iter()
            .map(|r| (r, f.in_region(*r, Side::Confederate).len()))
            .filter(|(_, n)| *n > 0)
            .map(|(r, n)| format!("{n} in the {}", r.name()))
            .collect::<Vec<_>>()
            .join(", ")
    );
    if f.lee {
        note!(
            ctx,
            "10.2.17",
            "Robert E. Lee takes his place on the Battlefield Sheet."
        );
    }
    Ok(())
}

/// 10.2.18–10.2.19 with 10.2.12.8 Terrain; Formation by tactics (10.3).
fn place_union(ctx: &mut Ctx, f: &mut Field) -> R<()> {
    let area = f.area.clone();
    let formation = match f.tactics {
        Tactics::Aggressive => Formation::Column,
        Tactics::Defensive => Formation::Line,
    };
    let pieces = ctx.board.side_in_area(&area, Side::Union);
    if f.has_insight(Insight::Terrain) {
        let options = vec![
            Decision::TerrainRegion {
                region: Region::UnionApproach,
            },
            Decision::TerrainRegion {
                region: Region::UnionReserve,
            },
        ];
        if let Decision::TerrainRegion { region } = ask_on(
            ctx,
            f,
            "10.2.12.8",
            "Terrain: all Union Forces in the Union Approach or the Union Reserve?",
            options,
        )? {
            for pid in pieces {
                let ty = ctx.board.pieces[pid].force.force_type;
                let fm = if matches!(ty, ForceType::Infantry | ForceType::Cavalry) {
                    formation
                } else {
                    Formation::Line
                };
                f.units
                    .push(Unit::new(ctx.board, pid, Side::Union, region, fm));
            }
            if region == Region::UnionApproach {
                f.terrain_approach = f.mobile_count(region, Side::Union);
            }
            note!(
                ctx,
                "10.2.12.8",
                "Terrain: every Union Force is placed in the {}.",
                region.name()
            );
        }
        return Ok(());
    }
    let mut foot: Vec<usize> = Vec::new();
    for pid in pieces {
        match ctx.board.pieces[pid].force.force_type {
            ForceType::Garrison => f.units.push(Unit::new(
                ctx.board,
                pid,
                Side::Union,
                Region::UnionApproach,
                Formation::Line,
            )),
            ForceType::Fortification | ForceType::Artillery => f.units.push(Unit::new(
                ctx.board,
                pid,
                Side::Union,
                Region::UnionReserve,
                Formation::Line,
            )),
            _ => foot.push(pid),
        }
    }
    // The first 4 Infantry and Cavalry at random into the Approach.
    let mut approach = 0;
    while !foot.is_empty() {
        let pid = if approach < 4 && foot.len() > 1 {
            let chosen = ctx.pick_piece("10.2.19", "Union Force placed in the Approach", &foot)?;
            foot.retain(|&p| p != chosen);
            chosen
        } else {
            foot.remove(0)
        };
        let region = if approach < 4 {
            Region::UnionApproach
        } else {
            Region::UnionReserve
        };
        approach += 1;
        f.units
            .push(Unit::new(ctx.board, pid, Side::Union, region, formation));
    }
    note!(
        ctx,
        "10.2.19",
        "Union set-up ({:?}, {formation:?}): {}.",
        f.tactics,
        [
            Region::UnionFront,
            Region::UnionApproach,
            Region::UnionReserve
        ]
        .iter()
        .map(|r| (r, f.in_region(*r, Side::Union).len()))
        .filter(|(_, n)| *n > 0)
        .map(|(r, n)| format!("{n} in the {}", r.name()))
        .collect::<Vec<_>>()
        .join(", ")
    );
    ctx.frame(f, |_| "The Union is placed".into());
    Ok(())
}

/// An Insight roll against Lee's Command Rating, with Scout re-rolls (12.1.1).
fn insight_roll(ctx: &mut Ctx, what: &str, rule: &'static str, bonus: i32) -> R<bool> {
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

/// 12.1 Insight Activation.
pub fn insights_step(ctx: &mut Ctx, f: &mut Field) -> R<()> {
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
                    let r = f.units[k].region;
                    if f.side(Side::Confederate)
                        .any(|c| f.units[c].region.distance(r) <= 1)
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
/// rearmost Region forward, lowest Skill first.
fn screen_attacks(ctx: &mut Ctx, f: &mut Field) -> R<()> {
    let Some((_, infantry)) = f.screen else {
        return Ok(());
    };
    let p = &ctx.board.pieces[infantry];
    let cv = p.force.values(p.strength).combat as i32;
    let mut hits = 0;
    for n in 1..=3 {
        let check = Check::new(
            format!("Screen attack {n} by {}", crate::rules::board::label(p)),
            "10.2.12.7",
            cv,
            "Combat Value",
        );
        if roll_check(ctx.dice, ctx.chronicle, check)?.success {
            hits += 1;
        }
    }
    for _ in 0..hits {
        let rear = f
            .side(Side::Union)
            .map(|k| f.units[k].region)
            .min_by_key(|r| r.depth(Side::Union));
        let Some(rear) = rear else { break };
        let there = f.in_region(rear, Side::Union);
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

/// 14.5 Rout Check on the sheet.
fn rout_check(ctx: &mut Ctx, f: &mut Field) -> R<()> {
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

/// 10.1 Battle Turns until the battle ends. None means Rejoin.
pub fn battle(ctx: &mut Ctx, f: &mut Field) -> R<Option<Ending>> {
    loop {
        note!(ctx, "10.1", "Battle turn {} of {}.", f.turn, f.turns);
        insights_step(ctx, f)?;
        if f.routed != Some(Side::Confederate) {
            confederate::assign(ctx, f)?;
            confederate::take_cover(ctx, f)?;
        }
        if f.routed != Some(Side::Union) {
            union::determine_tactics(ctx, f)?;
            union::draw_special_plans(ctx, f)?;
        }
        if let Some(e) = ended(ctx, f) {
            return Ok(Some(e));
        }
        check(ctx, f, "the draw");
        confederate::resolve(ctx, f, true)?;
        if f.formation_counter && f.routed != Some(Side::Confederate) {
            let answer = ask_on(
                ctx,
                f,
                "12.3.7",
                "Use the Formation counter before the Union acts?",
                vec![Decision::EndFormationChanges, Decision::UseFormationCounter],
            )?;
            if answer == Decision::UseFormationCounter {
                confederate::use_formation_counter(ctx, f)?;
            }
        }
        union::resolve_union(ctx, f)?;
        check(ctx, f, "the Union Battle Plans");
        if let Some(e) = ended(ctx, f) {
            return Ok(Some(e));
        }
        confederate::resolve(ctx, f, false)?;
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
            u.cover = false;
        }
        let turn = f.turn;
        ctx.frame(f, |_| format!("End of battle turn {turn}"));
        if let Some(e) = ended(ctx, f) {
            return Ok(Some(e));
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
fn check(ctx: &Ctx, f: &Field, step: &str) {
    debug_assert!(
        f.problem(ctx.board).is_none(),
        "after {step} of battle turn {}: {}",
        f.turn,
        f.problem(ctx.board).unwrap_or_default()
    );
}

/// 14.7: one army gone from the sheet ends the battle.
fn ended(ctx: &mut Ctx, f: &Field) -> Option<Ending> {
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
pub fn withdrawal(ctx: &mut Ctx, f: &Field) -> R<Option<Ending>> {
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
