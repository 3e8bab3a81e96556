//! The Union battle AI: 13.0 tactics, 14.0–14.1 Special Battle Plans drawn
//! from the cup, 14.2–14.3 Default Battle Plans resolved front to rear.

use super::combat::*;
use super::field::*;
use crate::campaign::{ForceType, Side};
use crate::chronicle::Modifier;
use crate::dice::{Check, roll_check};
use crate::rules::battle::field::Slot;
use crate::rules::battle::ground::Region;
use crate::rules::battle::terms::{Formation, Tactics};
pub use crate::rules::battle::turns::cup::{charge_activation, draw_special_plans, resolve_common};
pub use crate::rules::battle::turns::tactics::*;
use crate::rules::board::PieceIx;
use crate::rules::components::SpecialBattlePlan;
use crate::rules::ctx::Ctx;

/// Resolve or place a drawn plan; false when it does not count against the
/// quantity (Hard Cover with nowhere to go, Flanking Fire with every
/// Confederate in Melee).
pub(super) fn resolve_drawn(ctx: &mut Ctx, f: &mut Field, plan: SpecialBattlePlan) -> R<bool> {
    if let Some(counts) = resolve_common(ctx, f, plan)? {
        return Ok(counts);
    }
    match plan {
        SpecialBattlePlan::Charge => {
            f.drawn.push(plan);
            charge(ctx, f)?;
        }
        SpecialBattlePlan::ScreenedMarch => {
            f.drawn.push(plan);
            let n = f.side(Side::Union).count() as i32;
            let check = Check::new(
                Side::Union,
                "Screened March",
                "14.1.8",
                n,
                "Union Forces on the sheet",
            )
            .then("1 Hit on a Confederate Force", "no Hit");
            if roll_check(ctx.dice, ctx.chronicle, check)?.success {
                let rear = f
                    .side(Side::Confederate)
                    .map(|k| f.units[k].at())
                    .min_by_key(|r| r.depth(Side::Confederate));
                if let Some(rear) = rear {
                    let there = f.units_at(rear, Side::Confederate);
                    if let Some(k) =
                        lowest_skill_random(ctx, f, &there, "14.1.8", "Screened March strikes")?
                    {
                        let pid = f.units[k].piece;
                        hit(ctx, f, pid, HitSource::OffBoard, "14.1.8")?;
                    }
                }
            }
        }
        SpecialBattlePlan::Broken => {
            f.drawn.push(plan);
            // The lowest-Skill Mobile Force, searching from the foremost
            // Region back.
            for r in Region::rear_to_front(Side::Confederate).into_iter().rev() {
                // Artillery cannot Retreat (11.1.1) and is passed over.
                let mobile: Vec<Slot> = f
                    .units_at(r, Side::Confederate)
                    .into_iter()
                    .filter(|&k| can_retreat(f.force_type(k)))
                    .collect();
                if mobile.is_empty() {
                    continue;
                }
                let k = lowest_skill_random(ctx, f, &mobile, "14.1.9", "Broken strikes")?
                    .expect("not empty");
                let pid = f.units[k].piece;
                if !activate(ctx, f, pid, "Broken", "14.1.9", &[])? {
                    retreat(ctx, f, pid, RetreatKind::Push, "14.1.9")?;
                }
                break;
            }
        }
        _ => unreachable!("resolved by resolve_common"),
    }
    Ok(true)
}

/// 14.1.3 Charge!: the foremost Union Forces one Region from the nearest
/// Confederates activate; failures fire (Combat), successes go in with a
/// Shock attack, highest Skill first, each against the next Confederate.
fn charge(ctx: &mut Ctx, f: &mut Field) -> R<()> {
    // The sheet read once for every Union Force (`Occupancy`).
    let at = Occupancy::regions_of(f);
    let candidates: Vec<Slot> = f
        .side(Side::Union)
        .filter(|&k| {
            let r = f.units[k].at();
            matches!(f.force_type(k), ForceType::Infantry | ForceType::Cavalry)
                && !at.any(r, Side::Confederate)
                && at.range(r, Side::Union) == Some(1)
        })
        .collect();
    if candidates.is_empty() {
        note!(
            ctx,
            "14.1.3",
            "Charge!: no Union Force is one Region from the Confederates."
        );
        return Ok(());
    }
    // Only the foremost of them.
    let front = candidates
        .iter()
        .map(|&k| f.units[k].at())
        .max_by_key(|r| r.depth(Side::Union))
        .expect("not empty");
    let charging: Vec<PieceIx> = candidates
        .into_iter()
        .filter(|&k| f.units[k].at() == front)
        .map(|k| f.units[k].piece)
        .collect();
    let mut going = charge_activation(ctx, f, &charging, "14.1.3", |ctx, f, pid| {
        let k = k_of(f, pid).expect("on the sheet");
        f.units[k].formation = Formation::Line;
        let target = front
            .advance(Side::Union)
            .expect("there is a Region in front");
        let mods = union_ranged_mods(ctx, f, pid);
        attack(
            ctx,
            f,
            pid,
            target,
            mods,
            "Combat (Charge! failed to activate)",
            "14.1.3",
        )
        .map(|_| ())
    })?;
    // Highest Skill first (ties by id), each into the Region in front,
    // each against the next Confederate Force up the Skill Levels.
    going.sort_by_key(|&pid| std::cmp::Reverse(ctx.board.pieces[pid].force.skill));
    let mut spent = Vec::new();
    for pid in going {
        let Some(k) = k_of(f, pid) else { continue };
        let Some(target) = f.units[k].at().advance(Side::Union) else {
            continue;
        };
        if !f.any_at(target, Side::Confederate) {
            note!(
                ctx,
                "14.1.3",
                "No Confederate Force remains at range 1: the rest Hold."
            );
            break;
        }
        if !f.has_room(target, Side::Union) {
            note!(
                ctx,
                "14.1.3",
                "The {} is full: {} Holds.",
                target.name(),
                f.label(ctx.board, k)
            );
            continue;
        }
        if !crate::rules::battle::turns::shock::charge_checks(ctx, f, pid)? {
            continue;
        }
        f.units[k].formation = Formation::Column;
        shock(ctx, f, pid, target, ShockBy::Charge, &mut spent)?;
    }
    Ok(())
}

/// Well-Struck for Infantry and Cavalry Ranged attacks at range 1 (14.1.4).
fn union_ranged_mods(ctx: &Ctx, f: &Field, pid: PieceIx) -> Vec<Modifier> {
    let ty = ctx.board.pieces[pid].force.force_type;
    if f.effects.well_struck && matches!(ty, ForceType::Infantry | ForceType::Cavalry) {
        vec![Modifier::pair(2, 0, "Well-Struck", "14.1.4")]
    } else {
        Vec::new()
    }
}

/// 14.3: the Union Forces that have not acted, front to rear (from the
/// Confederate Reserve to the Union Reserve), as counters.
pub fn union_order(f: &Field) -> Vec<PieceIx> {
    let mut order: Vec<(Region, PieceIx)> = f
        .side(Side::Union)
        .filter(|&k| !f.units[k].acted)
        .map(|k| (f.units[k].at(), f.units[k].piece))
        .collect();
    order.sort_by_key(|&(region, _)| std::cmp::Reverse(region.depth(Side::Union)));
    order.into_iter().map(|(_, pid)| pid).collect()
}

/// 13.1 / 13.3 / 14.2: the Default Battle Plan of one Union Force.
pub fn union_default(ctx: &mut Ctx, f: &mut Field, pid: PieceIx) -> R<()> {
    let k = k_of(f, pid).expect("on the sheet");
    let ty = f.force_type(k);
    let region = f.units[k].at();
    // One read of the sheet for Melee and range.
    let at = Occupancy::regions_of(f);
    let melee = at.any(region, Side::Confederate);
    let range = at.range(region, Side::Union);
    match ty {
        ForceType::Garrison => {
            if range.is_some_and(|r| r <= 1) {
                union_combat(ctx, f, pid, false)?;
            }
        }
        ForceType::Artillery | ForceType::Fortification => {
            if !melee && artillery_target(f, k).is_some() {
                union_combat(ctx, f, pid, false)?;
            }
        }
        ForceType::Infantry | ForceType::Cavalry => {
            let in_reserve = region == Region::UnionReserve;
            match range {
                Some(r) if r <= 1 && (melee || !in_reserve) => union_combat(ctx, f, pid, false)?,
                Some(2) if ty == ForceType::Cavalry && !in_reserve => {
                    union_combat(ctx, f, pid, true)?
                }
                Some(r) if r >= 2 && f.tactics == Tactics::Aggressive => {
                    // 14.2.1 Advance: into Column, one Region, no Shock
                    // attack; a Force with Hard Cover Advances too and Hard
                    // Cover returns to the cup (14.1.2, in `move_into`).
                    let Some(to) = region.advance(Side::Union) else {
                        return Ok(());
                    };
                    if f.any_at(to, Side::Confederate) || !f.has_room(to, Side::Union) {
                        note!(
                            ctx,
                            "14.2.4",
                            "{} cannot Advance: Hold.",
                            ctx.board.label(pid)
                        );
                        return Ok(());
                    }
                    f.units[k].formation = Formation::Column;
                    move_into(ctx, f, pid, to);
                    note!(
                        ctx,
                        "14.2.1",
                        "{} Advances to the {} in Column.",
                        ctx.board.label(pid),
                        to.name()
                    );
                }
                _ => note!(ctx, "14.2.4", "{} Holds.", ctx.board.label(pid)),
            }
        }
    }
    Ok(())
}

/// The closest non-Melee Region with Confederates at range 1+ (11.7).
pub fn artillery_target(f: &Field, k: Slot) -> Option<Region> {
    let u = &f.units[k];
    Occupancy::regions_of(f).artillery_target(u.at(), u.side)
}

/// 14.2.2 Combat (and 14.2.2.1 Cavalry at range 2).
fn union_combat(ctx: &mut Ctx, f: &mut Field, pid: PieceIx, carbine: bool) -> R<()> {
    let k = k_of(f, pid).expect("on the sheet");
    let ty = f.force_type(k);
    let rule = if carbine { "14.2.2.1" } else { "14.2.2" };
    if !union_combat_activates(ctx, f, pid, rule)? {
        return Ok(());
    }
    let k = k_of(f, pid).expect("on the sheet");
    let region = f.units[k].at();
    if matches!(ty, ForceType::Artillery | ForceType::Fortification) {
        if let Some(target) = artillery_target(f, k) {
            attack(ctx, f, pid, target, Vec::new(), "Combat", rule)?;
        }
        return Ok(());
    }
    if carbine {
        let Some(target) = region.ahead(Side::Union, 2) else {
            return Ok(());
        };
        attack(
            ctx,
            f,
            pid,
            target,
            vec![Modifier::pair(-2, -2, "Cavalry at range 2", "14.2.2.1")],
            "Combat (carbines)",
            rule,
        )?;
        return Ok(());
    }
    let melee = f.in_melee(k);
    // 14.2.2 changes to Line; 11.5: never a Force in Melee.
    if ty != ForceType::Garrison && !melee {
        f.units[k].formation = Formation::Line;
    }
    if melee {
        attack(ctx, f, pid, region, Vec::new(), "Combat (Melee)", rule)?;
    } else if let Some(target) = region
        .neighbours(Side::Union)
        .find(|r| f.any_at(*r, Side::Confederate))
    {
        let mods = union_ranged_mods(ctx, f, pid);
        attack(ctx, f, pid, target, mods, "Combat", rule)?;
    }
    Ok(())
}
