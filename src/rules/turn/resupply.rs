//! 15.3–15.6 Confederate Resupply and 18.0–18.3 Union Resupply.

use crate::rules::board::PieceIx;
use crate::rules::decision::Request;
use std::collections::BTreeSet;

use crate::campaign::{CounterKind, ResupplyResult, Side};
use crate::dice::roll_d10;
use crate::rules::components::{Id, Location, Strength};
use crate::rules::ctx::Ctx;
use crate::rules::decision::{Decision, Interrupt};

/// 15.3 Confederate Resupply: Command Points and free Scouts, then the
/// player's Refits (15.4), purchases (15.5) and Scouts (15.6).
pub fn confederate(ctx: &mut Ctx) -> Result<(), Interrupt> {
    let r = ctx.board.campaign.confederate_resupply.clone();
    ctx.board.cp.confederate += r.command_points;
    note!(
        ctx,
        "15.3",
        "You gain {} Command Points ({} in all).",
        r.command_points,
        ctx.board.cp.confederate
    );
    // 15.3.1: free Scouts, within the counters (4.10); the optional rule
    // Number of Scout Counters changes how many.
    let change = ctx.board.options.scout_change();
    let due = (r.scouts as i32 + change).max(0) as u32;
    if change != 0 {
        note!(
            ctx,
            "15.3.1",
            "Number of Scout Counters (optional rule): {change:+} Scout at {:?}: {due}.",
            ctx.board.options.player
        );
    }
    let room = ctx.board.scouts.counters - ctx.board.scouts.available;
    let free = due.min(room);
    ctx.board.scouts.available += free;
    note!(
        ctx,
        "15.3.1",
        "{}",
        if free < due {
            format!(
                "You gain {}; every Scout counter is in use (4.10).",
                crate::chronicle::counted(free, "Scout", "Scouts")
            )
        } else {
            format!(
                "You gain {}.",
                crate::chronicle::counted(free, "Scout", "Scouts")
            )
        }
    );
    if !resupply_available(ctx, Side::Confederate)? {
        return Ok(());
    }
    let mut bought: BTreeSet<String> = BTreeSet::new();
    loop {
        let cp = ctx.board.cp.confederate;
        let mut options = Vec::new();
        // 15.4 Refit: reduced Forces, not those bought reduced this step.
        if cp >= 2 {
            for p in &ctx.board.pieces {
                if p.force.side == Side::Confederate
                    && p.strength == Strength::Reduced
                    && p.location().area().is_some()
                    && !bought.contains(&p.force.id)
                {
                    options.push(Decision::Refit { force: *p.id() });
                }
            }
        }
        // 15.5 Purchase: Forces beside the map (never captured artillery),
        // into areas with Confederate Forces; one choice per kind of
        // identical generic counter.
        // Who is in each area from one pass over the counters, not one an
        // area (by map index: the graph's ids are in the same order).
        let present = ctx.board.sides_present();
        let areas: Vec<Id> = ctx
            .board
            .graph
            .ids
            .iter()
            .zip(&present)
            .filter(|(_, there)| there[0])
            .map(|(&a, _)| a)
            .collect();
        let mut kinds: Vec<PieceIx> = Vec::new();
        for i in ctx.board.in_pile(&Location::ConfederateAvailable, |f| {
            f.side == Side::Confederate
        }) {
            let f = &ctx.board.pieces[i].force;
            let dup = !f.is_named()
                && kinds.iter().any(|&k| {
                    let g = &ctx.board.pieces[k].force;
                    !g.is_named()
                        && g.kind == f.kind
                        && g.force_type == f.force_type
                        && g.full == f.full
                        && g.skill == f.skill
                });
            if !dup {
                kinds.push(i);
            }
        }
        let mut areas_sorted = areas.clone();
        areas_sorted.sort();
        for &k in &kinds {
            let f = &ctx.board.pieces[k].force;
            for reduced in [false, true] {
                if reduced && f.reduced.is_none() {
                    continue;
                }
                if f.purchase_cost(reduced) > cp {
                    continue;
                }
                for a in &areas_sorted {
                    // Optional rule Confederate Groups and Area Group Limit.
                    if crate::rules::group_limit::refuses(ctx.board, k, a).is_some() {
                        continue;
                    }
                    options.push(Decision::Purchase {
                        force: *ctx.board.pieces[k].id(),
                        area: *a,
                        reduced,
                    });
                }
            }
        }
        // 15.6 Scouts.
        if cp >= 1 && ctx.board.scouts.available < ctx.board.scouts.counters {
            options.push(Decision::BuyScout);
        }
        options.push(Decision::EndResupply);
        // Worded only for a decider that reads the words.
        let prompt = if ctx.decider.reads_prompts() {
            format!(
                "Confederate Resupply: {cp} Command Points. Refit (2), purchase Forces (their Combat Value), buy Scouts (1), or end the step."
            )
        } else {
            String::new()
        };
        let answer = ctx.ask(Request::new("15.3", prompt, options))?;
        ctx.board.cp.confederate -= answer.cost(ctx.board, false);
        match answer {
            Decision::EndResupply => break,
            Decision::Refit { force } => {
                let i = ctx.board.index(&force).expect("offered");
                ctx.board.pieces[i].strength = Strength::Full;
                note!(
                    ctx,
                    "15.4",
                    "{} is Refitted for 2 Command Points.",
                    ctx.board.label(i)
                );
            }
            Decision::Purchase {
                force,
                area,
                reduced,
            } => {
                let i = ctx.board.index(&force).expect("offered");
                let cost = ctx.board.pieces[i].force.purchase_cost(reduced);
                ctx.board.move_to(i, &area);
                ctx.board.pieces[i].strength = if reduced {
                    Strength::Reduced
                } else {
                    Strength::Full
                };
                bought.insert(force.to_string());
                note!(
                    ctx,
                    "15.5",
                    "{} is purchased{} for {cost} Command Points and placed in {}.",
                    ctx.board.label(i),
                    if reduced { " on its reduced side" } else { "" },
                    ctx.board.area_name(&area)
                );
            }
            Decision::BuyScout => {
                ctx.board.scouts.available += 1;
                note!(ctx, "15.6", "A Scout is purchased for 1 Command Point.");
            }
            other => unreachable!("not offered: {other:?}"),
        }
    }
    Ok(())
}

/// 18.0 Union Resupply.
pub fn union(ctx: &mut Ctx) -> Result<(), Interrupt> {
    let gain = ctx
        .board
        .options
        .union_resupply_command_points(&ctx.board.campaign);
    ctx.board.cp.union += gain;
    note!(
        ctx,
        "18.0",
        "The Union gains {gain} Command Points ({} in all).",
        ctx.board.cp.union
    );
    let available = resupply_available(ctx, Side::Union)?;
    if available {
        union_spend(ctx)?;
    }
    union_table(ctx)
}

/// Optional rule Resupply availability (O15.3 & 18.0): the d10 at the start
/// of a Resupply step; false when no Command Points may be spent in it
/// (they are kept). Always true without the rule.
fn resupply_available(ctx: &mut Ctx, side: Side) -> Result<bool, Interrupt> {
    if !ctx.board.options.resupply_availability {
        return Ok(true);
    }
    let at = ctx.board.options.resupply_unavailable_at(side);
    let who = match side {
        Side::Confederate => "Confederate",
        Side::Union => "Union",
    };
    let die = crate::dice::roll_table(
        ctx.dice,
        ctx.chronicle,
        "O15.3",
        format!("{who} Resupply availability ({at}+ forbids spending)"),
        Some((side, crate::chronicle::FaceSet::from_fn(|d| d < at))),
        |d| {
            if d >= at {
                "no Command Points may be spent this phase".into()
            } else {
                "Command Points may be spent".into()
            }
        },
    )?;
    if die >= at {
        note!(
            ctx,
            "O15.3",
            "{who} Resupply: no Command Points may be spent this phase; the {} Command Points are kept.",
            match side {
                Side::Confederate => ctx.board.cp.confederate,
                Side::Union => ctx.board.cp.union,
            }
        );
        ctx.chronicle
            .notice(crate::chronicle::Notice::ResupplyClosed { side });
        return Ok(false);
    }
    Ok(true)
}

/// 18.1: the Union spends its Command Points: Refits, Reinforcements,
/// Additional Forces.
fn union_spend(ctx: &mut Ctx) -> Result<(), Interrupt> {
    // 18.1 Refit, highest Skill Level first.
    let mut reduced: Vec<PieceIx> = ctx
        .board
        .pieces
        .indices()
        .filter(|&i| {
            let p = &ctx.board.pieces[i];
            p.force.side == Side::Union
                && p.strength == Strength::Reduced
                && p.location().area().is_some()
        })
        .collect();
    reduced.sort_by_key(|&i| std::cmp::Reverse(ctx.board.pieces[i].force.skill));
    for i in reduced {
        if ctx.board.cp.union < 2 {
            break;
        }
        ctx.board.cp.union -= 2;
        ctx.board.pieces[i].strength = Strength::Full;
        note!(
            ctx,
            "18.1",
            "The Union Refits {} for 2 Command Points.",
            ctx.board.label(i)
        );
    }
    // 18.1 Reinforcements, drawn at random until one costs too much.
    buy_from_cup(
        ctx,
        Location::ReinforcementCup,
        "Reinforcement drawn from the Reinforcement cup",
        "the Union stops drawing Reinforcements",
        true,
        "is repurchased",
    )?;
    // 18.1 Brigades, Regiments and Batteries, the same way.
    buy_from_cup(
        ctx,
        Location::AdditionalForcesCup,
        "Drawn from the Additional Forces cup",
        "the Union goes on to the Resupply Table",
        false,
        "is purchased",
    )?;
    Ok(())
}

/// 18.2 the Union Resupply Table (its results cost no Command Points, so
/// it is rolled whatever O15.3 says, R-Opt-RA).
fn union_table(ctx: &mut Ctx) -> Result<(), Interrupt> {
    // 18.2 the Union Resupply Table, the difficulty's number of times.
    let rolls = ctx.board.options.union_resupply_rolls(&ctx.board.campaign);
    let table = ctx.board.campaign.union_resupply.table.clone();
    for n in 1..=rolls {
        let die = roll_d10(
            ctx.dice,
            ctx.chronicle,
            "18.2",
            format!("Union Resupply Table ({n} of {rolls})"),
            |d| {
                table
                    .iter()
                    .find(|r| r.rolls.contains(&d))
                    .map(|r| r.text.clone())
                    .unwrap_or_default()
            },
        )?;
        let row = table
            .iter()
            .find(|r| r.rolls.contains(&die))
            .expect("validated")
            .clone();
        resupply_result(ctx, &row.result)?;
    }
    if ctx.board.cp.union > 0 {
        note!(
            ctx,
            "18.1",
            "The Union keeps {} Command Points for next turn.",
            ctx.board.cp.union
        );
    }
    Ok(())
}

fn resupply_result(ctx: &mut Ctx, result: &ResupplyResult) -> Result<(), Interrupt> {
    match result {
        ResupplyResult::Additional {
            counter,
            force_type,
        } => {
            let cup = ctx.board.in_pile(&Location::AdditionalForcesCup, |f| {
                f.side == Side::Union
                    && f.kind == Some(*counter)
                    && force_type.is_none_or(|t| t == f.force_type)
            });
            if cup.is_empty() {
                note!(
                    ctx,
                    "18.2",
                    "No Union {} is left: the result is ignored.",
                    counter.name()
                );
                return Ok(());
            }
            let i = ctx.pick_piece("18.2", &format!("Union {}", counter.name()), &cup)?;
            if let Some(area) = random_union_area(ctx, i)? {
                place_union(ctx, i, &area, "joins the Union army", "18.2");
            }
        }
        ResupplyResult::BatteryByRoll { follow_up } => {
            let follow = follow_up.clone();
            let die = roll_d10(
                ctx.dice,
                ctx.chronicle,
                "18.3",
                "Follow-up: the Battery's Combat Value",
                |d| {
                    follow
                        .iter()
                        .find(|r| r.rolls.contains(&d))
                        .map_or(String::new(), |r| format!("Combat Value {}", r.combat))
                },
            )?;
            let wanted = follow
                .iter()
                .find(|r| r.rolls.contains(&die))
                .expect("validated")
                .combat;
            // The value rolled, else the next lower one, and so on (18.2).
            let cup = ctx.board.in_pile(&Location::AdditionalForcesCup, |f| {
                f.side == Side::Union
                    && f.kind == Some(CounterKind::Battery)
                    && f.full.combat <= wanted
            });
            let Some(best) = cup
                .iter()
                .map(|&i| ctx.board.pieces[i].force.full.combat)
                .max()
            else {
                note!(
                    ctx,
                    "18.2",
                    "No Union Battery of Combat Value {wanted} or less is left: the result is ignored."
                );
                return Ok(());
            };
            let i = *cup
                .iter()
                .find(|&&i| ctx.board.pieces[i].force.full.combat == best)
                .expect("exists");
            if let Some(area) = random_union_area(ctx, i)? {
                place_union(ctx, i, &area, "joins the Union army", "18.2");
            }
        }
        ResupplyResult::StaticByRoll { counter, follow_up } => {
            let follow = follow_up.clone();
            let names: Vec<String> = follow
                .iter()
                .map(|r| ctx.board.area_name(&r.area).to_string())
                .collect();
            let die = roll_d10(
                ctx.dice,
                ctx.chronicle,
                "18.3",
                format!("Follow-up: where the {} goes", counter.name()),
                |d| {
                    follow
                        .iter()
                        .position(|r| r.rolls.contains(&d))
                        .map_or(String::new(), |k| names[k].clone())
                },
            )?;
            let mut area = follow
                .iter()
                .find(|r| r.rolls.contains(&die))
                .expect("validated")
                .area
                .clone();
            let pile = ctx.board.in_pile(&Location::StaticForcesPile, |f| {
                f.side == Side::Union && f.kind == Some(*counter)
            });
            let Some(&i) = pile.first() else {
                note!(
                    ctx,
                    "18.2",
                    "No Union {} is left: the result is ignored.",
                    counter.name()
                );
                return Ok(());
            };
            // 18.3: never into an area Held by or holding Confederates.
            if ctx.board.has_side(&area, Side::Confederate) {
                note!(
                    ctx,
                    "18.3",
                    "{} has Confederate Forces: a random Union-Held area instead (18.3).",
                    ctx.board.area_name(&area)
                );
                match random_union_area(ctx, i)? {
                    Some(a) => area = a,
                    None => return Ok(()),
                }
            }
            place_union(ctx, i, &area, "is placed", "18.2");
        }
        ResupplyResult::Reinforcement {} => {
            // R-18.1-static: a Named Static Force is not a Reinforcement.
            let cup = ctx.board.in_pile(&Location::ReinforcementCup, |f| {
                f.side == Side::Union && f.force_type.is_mobile()
            });
            if cup.is_empty() {
                note!(
                    ctx,
                    "18.2",
                    "The Reinforcement cup is empty: the result is ignored."
                );
                return Ok(());
            }
            let i = ctx.pick_piece("18.2", "Reinforcement", &cup)?;
            if let Some(area) = reinforcement_area(ctx, i)? {
                place_union(ctx, i, &area, "returns to the Union army", "18.2");
            }
        }
        ResupplyResult::CommandPoints { amount } => {
            ctx.board.cp.union += amount;
            note!(
                ctx,
                "18.2",
                "The Union gains {amount} Command Points, for its next Resupply."
            );
        }
        ResupplyResult::Nothing {} => note!(ctx, "18.2", "Nothing."),
    }
    Ok(())
}

/// A random Union-Held area, or None (ignored, with a note).
/// 18.1: draw Union counters from `cup` at random and buy each at its Combat
/// Value until a draw costs more than the Union has (it goes back), the cup
/// or the Command Points run out, or no area can take it. Reinforcements go
/// where 18.1 sends them; other counters to a random Union-Held area.
fn buy_from_cup(
    ctx: &mut Ctx,
    cup: Location,
    drawn: &str,
    too_dear: &str,
    reinforcements: bool,
    verb: &str,
) -> Result<(), Interrupt> {
    loop {
        // 18.1: "the Union will not use Command Points to purchase Static
        // Forces" (R-18.1-static).
        let in_cup = ctx
            .board
            .in_pile(&cup, |f| f.side == Side::Union && f.force_type.is_mobile());
        if in_cup.is_empty() || ctx.board.cp.union == 0 {
            return Ok(());
        }
        let i = ctx.pick_piece("18.1", drawn, &in_cup)?;
        let cost = ctx.board.pieces[i].force.full.combat;
        if cost > ctx.board.cp.union {
            note!(
                ctx,
                "18.1",
                "{} costs {cost}, more than the Union's {} Command Points: it goes back into the cup and {too_dear}.",
                ctx.board.label(i),
                ctx.board.cp.union
            );
            return Ok(());
        }
        let area = if reinforcements {
            let area = reinforcement_area(ctx, i)?;
            if area.is_none() {
                note!(
                    ctx,
                    "18.1",
                    "No Union-Held area can take it: it stays in the cup."
                );
            }
            area
        } else {
            random_union_area(ctx, i)?
        };
        let Some(area) = area else {
            return Ok(());
        };
        ctx.board.cp.union -= cost;
        place_union(
            ctx,
            i,
            &area,
            &format!("{verb} for {cost} Command Points"),
            "18.1",
        );
    }
}

fn random_union_area(ctx: &mut Ctx, i: PieceIx) -> Result<Option<String>, Interrupt> {
    let mut held = ctx.board.held_areas(Side::Union);
    if held.is_empty() {
        note!(
            ctx,
            "18.2",
            "The Union Holds no area: the Force cannot be placed."
        );
        return Ok(None);
    }
    // Optional rule Confederate Groups and Area Group Limit: only where the
    // Force joins the area's one group (R-Opt-CG).
    held.retain(|a| crate::rules::group_limit::refuses(ctx.board, i, a).is_none());
    if held.is_empty() {
        note!(
            ctx,
            "18.2",
            "No Union-Held area has room for it in its one group (Confederate Groups and Area Group Limit): it is not placed."
        );
        return Ok(None);
    }
    Ok(Some(ctx.pick_area("18.2", "Union-Held area", &held)?))
}

/// 18.1/18.2: a Reinforcement goes with its corps when it can (a random one
/// of the Union-Held areas holding Forces of its corps), else to a random
/// Union-Held area.
fn reinforcement_area(ctx: &mut Ctx, i: PieceIx) -> Result<Option<String>, Interrupt> {
    if let Some(corps) = ctx.board.pieces[i].force.corps.clone() {
        let mut with_corps: Vec<String> =
            ctx.board
                .held_areas(Side::Union)
                .into_iter()
                .filter(|a| {
                    ctx.board.side_in_area(a, Side::Union).iter().any(|&j| {
                        ctx.board.pieces[j].force.corps.as_deref() == Some(corps.as_str())
                    })
                })
                .filter(|a| crate::rules::group_limit::refuses(ctx.board, i, a).is_none())
                .collect();
        with_corps.sort();
        if !with_corps.is_empty() {
            return Ok(Some(ctx.pick_area(
                "18.1",
                &format!("{corps} Corps area"),
                &with_corps,
            )?));
        }
    }
    random_union_area(ctx, i)
}

fn place_union(ctx: &mut Ctx, i: PieceIx, area: &str, what: &str, rule: &str) {
    // 16.3.3's exception: a Reinforcement rejoins its corps group even
    // when the group already holds the maximum.
    let max = ctx.board.campaign.union_group_maximum as usize;
    let full = ctx.board.pieces[i].force.corps.as_ref().and_then(|corps| {
        crate::rules::turn::orders::union_groups(ctx.board)
            .into_iter()
            .find(|g| g.area == area && &g.label == corps && g.members.len() >= max)
    });
    ctx.board.move_to(i, area);
    ctx.board.pieces[i].strength = Strength::Full;
    note!(
        ctx,
        rule,
        "{} {what} in {}.",
        ctx.board.label(i),
        ctx.board.area_name(area)
    );
    if let Some(g) = full {
        let id = ctx.board.pieces[i].force.id.clone();
        ctx.board.progress.beyond_maximum.insert(id);
        note!(
            ctx,
            "16.3.3",
            "It joins its full {} Corps group all the same: {} Forces, over the maximum of {max} (16.3.3 exception).",
            g.label,
            g.members.len() + 1
        );
    }
}
