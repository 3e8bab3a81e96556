//! 14.0 Draw and Assign Union Special Battle Plans: the draw from the cup;
//! each plan drawn is resolved by the sheet's geometry.

use super::activation::activate;
use super::hits::{HitSource, hit, pick_by_skill};
use super::tactics::in_pool;
use super::{R, Sheet, ask_on, k_of};
use crate::campaign::{ForceType, Side};
use crate::dice::{Check, roll_check};
use crate::rules::battle::field::{Field, Slot};
use crate::rules::battle::terms::Formation;
use crate::rules::board::PieceIx;
use crate::rules::components::SpecialBattlePlan;
use crate::rules::ctx::Ctx;
use crate::rules::decision::Decision;

/// 14.0: draw and assign the Union Special Battle Plans.
pub fn draw_special_plans<P: Sheet>(ctx: &mut Ctx, f: &mut Field<P>) -> R<()> {
    let quantity = f.union_quantity;
    let mut counted = u32::from(P::objective_charge(ctx, f)? && quantity > 0);
    // Plans drawn that could not be used and do not count (Hard Cover with
    // no Force to go to, Flanking Fire with every Confederate in Melee) stay
    // out of the cup until the draw ends, so the draw always ends.
    let mut set_aside = Vec::new();
    let mut pool: Vec<SpecialBattlePlan> = Vec::with_capacity(f.cup.len());
    while counted < quantity {
        // Disrupted plans are out of the cup already (12.4.3).
        pool.clear();
        pool.extend(f.cup.iter().copied().filter(|p| in_pool(f.tactics, *p)));
        if pool.is_empty() {
            note!(
                ctx,
                "14.0",
                "The cup holds no other Special Battle Plan the Union can use: it has {counted} of {quantity} this turn (R-14.0)."
            );
            break;
        }
        // Equal counters are alike: the unstable sort gives the same list,
        // without the stable sort's scratch list (1% of an Advanced battle).
        pool.sort_unstable();
        let i = crate::dice::pick_logged(
            ctx.dice,
            ctx.chronicle,
            "14.0",
            "Union Special Battle Plan drawn from the cup",
            pool.len(),
            |i| pool[i].name().to_string(),
        )?;
        let plan = pool[i];
        let at = f.cup.iter().position(|p| *p == plan).expect("in the cup");
        f.cup.remove(at);
        let counts = P::resolve_drawn(ctx, f, plan)?;
        ctx.frame(f, |_| format!("The Union draws {}", plan.name()));
        if counts {
            counted += 1;
        } else {
            set_aside.push(plan);
        }
    }
    f.cup.append(&mut set_aside);
    // 12.4.3: the Disrupted plans come back at the end of the draw.
    f.cup.append(&mut f.disrupted);
    Ok(())
}

/// 12.4.3 Disrupt (A12.4): take one Special Battle Plan of the player's
/// choice out of the cup, or three at random, until the end of the next
/// draw.
pub fn disrupt<P: Sheet>(ctx: &mut Ctx, f: &mut Field<P>) -> R<()> {
    let mut kinds: Vec<SpecialBattlePlan> = f.cup.clone();
    kinds.sort();
    kinds.dedup();
    let mut options: Vec<Decision> = kinds
        .iter()
        .map(|p| Decision::DisruptTake { plan: Some(*p) })
        .collect();
    if f.cup.len() >= 3 {
        options.push(Decision::DisruptTake { plan: None });
    }
    if options.is_empty() {
        return Ok(());
    }
    match ask_on(
        ctx,
        f,
        "12.4.3",
        "Disrupt: take one Special Battle Plan of your choice out of the cup, or three at random?",
        options,
    )? {
        Decision::DisruptTake { plan: Some(p) } => {
            let i = f.cup.iter().position(|x| *x == p).expect("offered");
            f.disrupted.push(f.cup.remove(i));
            note!(
                ctx,
                "12.4.3",
                "Disrupt: {p:?} is out of the cup until the end of the next draw."
            );
        }
        _ => {
            for _ in 0..3 {
                let mut cup = f.cup.clone();
                cup.sort();
                let i = crate::dice::pick_logged(
                    ctx.dice,
                    ctx.chronicle,
                    "12.4.3",
                    "Disrupt takes out",
                    cup.len(),
                    |i| cup[i].name().to_string(),
                )?;
                let at = f.cup.iter().position(|x| *x == cup[i]).expect("in the cup");
                f.disrupted.push(f.cup.remove(at));
            }
        }
    }
    Ok(())
}

/// 14.1 (A14.1: "Resolve as per the Basic Rules") the Special Battle Plans
/// whose effect does not depend on the sheet: Close Ranks, Well-Struck,
/// Smoke, Mixed Orders, Heavy Fire, Fog of War, Hard Cover and Flanking
/// Fire. Some(counts) when `plan` is one of them (false: it does not count
/// against the quantity drawn, R-14.0), None for the sheet's own.
pub fn resolve_common<P: Sheet>(
    ctx: &mut Ctx,
    f: &mut Field<P>,
    plan: SpecialBattlePlan,
) -> R<Option<bool>> {
    match plan {
        SpecialBattlePlan::CloseRanks => {
            f.effects.close_ranks += 1;
            f.drawn.push(plan);
            note!(
                ctx,
                "14.1.1",
                "Close Ranks: the next Hit on the Union this turn is cancelled."
            );
        }
        SpecialBattlePlan::WellStruck => {
            f.effects.well_struck = true;
            f.drawn.push(plan);
            note!(
                ctx,
                "14.1.4",
                "Well-Struck: Union Infantry and Cavalry +2/+0 on Ranged attacks at range 1 this turn."
            );
        }
        SpecialBattlePlan::Smoke => {
            f.effects.smoke = true;
            f.drawn.push(plan);
            note!(
                ctx,
                "14.1.5",
                "Smoke: all Confederate Forces -1/-1 Combat Value this turn."
            );
        }
        SpecialBattlePlan::MixedOrders => {
            f.effects.mixed_orders = true;
            f.drawn.push(plan);
            note!(
                ctx,
                "14.1.6",
                "Mixed Orders: all Confederate Forces -1 Activation this turn."
            );
        }
        SpecialBattlePlan::HeavyFire => {
            f.effects.heavy_fire = true;
            f.drawn.push(plan);
            note!(
                ctx,
                "14.1.10",
                "Heavy Fire: Confederate Forces hit this turn check or retreat."
            );
        }
        SpecialBattlePlan::FogOfWar => {
            f.drawn.push(plan);
            note!(ctx, "14.1.11", "Fog of War: no effect.");
        }
        SpecialBattlePlan::HardCover => {
            // 14.1.2: the highest-Skill Infantry or Artillery not in Melee.
            let eligible: Vec<Slot> = f
                .side(Side::Union)
                .filter(|&k| {
                    matches!(f.force_type(k), ForceType::Infantry | ForceType::Artillery)
                        && !f.in_melee(k)
                        && !f.units[k].hard_cover
                })
                .collect();
            let Some(k) = pick_by_skill(ctx, f, &eligible, "14.1.2", "Hard Cover goes to", true)?
            else {
                note!(
                    ctx,
                    "14.0",
                    "Hard Cover has no Force to go to (14.1.2): it is set aside until the draw ends and another plan is drawn."
                );
                return Ok(Some(false));
            };
            f.units[k].hard_cover = true;
            f.units[k].formation = Formation::Line;
            note!(
                ctx,
                "14.1.2",
                "Hard Cover is attached to {} (Line).",
                f.label(ctx.board, k)
            );
        }
        SpecialBattlePlan::FlankingFire => {
            let targets: Vec<Slot> = f
                .side(Side::Confederate)
                .filter(|&k| !f.in_melee(k))
                .collect();
            if targets.is_empty() {
                note!(
                    ctx,
                    "14.1.7",
                    "Flanking Fire: every Confederate Force is in Melee; it is set aside until the draw ends and another plan is drawn."
                );
                return Ok(Some(false));
            }
            f.drawn.push(plan);
            let n = f.side(Side::Union).count() as i32;
            let check = Check::new(
                Side::Union,
                "Flanking Fire",
                "14.1.7",
                n,
                "Union Forces on the sheet",
            )
            .then("1 Hit on a Confederate Force", "no Hit");
            if roll_check(ctx.dice, ctx.chronicle, check)?.success {
                let pieces: Vec<PieceIx> = targets.iter().map(|&k| f.units[k].piece).collect();
                let pid = ctx.pick_piece("14.1.7", "Flanking Fire strikes", &pieces)?;
                hit(ctx, f, pid, HitSource::OffBoard, "14.1.7")?;
            }
        }
        SpecialBattlePlan::Charge
        | SpecialBattlePlan::ScreenedMarch
        | SpecialBattlePlan::Broken => return Ok(None),
    }
    Ok(Some(true))
}

/// 14.1.3 Charge! (A14.1), on either sheet: each Union Force of `charging`
/// (counters) rolls to Activate under the sheet's `rule` and has then
/// acted; one that fails uses Combat as the sheet words it (`combat`:
/// 14.1.3 in Line at the Region in front, A14.1 Combat at its target).
/// Those that pass are returned in the same order, for the sheet to send
/// in with their Shock attacks.
pub fn charge_activation<P: Copy + Eq>(
    ctx: &mut Ctx,
    f: &mut Field<P>,
    charging: &[PieceIx],
    rule: &'static str,
    mut combat: impl FnMut(&mut Ctx, &mut Field<P>, PieceIx) -> R<()>,
) -> R<Vec<PieceIx>> {
    let mut going = Vec::new();
    for &pid in charging {
        let ok = activate(ctx, f, pid, "Charge!", rule, &[])?;
        let Some(k) = k_of(f, pid) else { continue };
        f.units[k].acted = true;
        if ok {
            going.push(pid);
        } else {
            combat(ctx, f, pid)?;
        }
    }
    Ok(going)
}
