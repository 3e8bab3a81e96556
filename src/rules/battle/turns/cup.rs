//! 14.0 Draw and Assign Union Special Battle Plans: the draw from the cup;
//! each plan drawn is resolved by the sheet's geometry.

use super::tactics::in_pool;
use super::{R, Sheet};
use crate::rules::battle::field::Field;
use crate::rules::components::SpecialBattlePlan;
use crate::rules::ctx::Ctx;

/// 14.0: draw and assign the Union Special Battle Plans.
pub fn draw_special_plans<P: Sheet>(ctx: &mut Ctx, f: &mut Field<P>) -> R<()> {
    let quantity = f.union_quantity;
    let mut counted = 0;
    // Plans drawn that could not be used and do not count (Hard Cover with
    // no Force to go to, Flanking Fire with every Confederate in Melee) stay
    // out of the cup until the draw ends, so the draw always ends.
    let mut set_aside = Vec::new();
    while counted < quantity {
        // Disrupted plans are out of the cup already (12.4.3).
        let mut pool: Vec<SpecialBattlePlan> = f
            .cup
            .iter()
            .copied()
            .filter(|p| in_pool(f.tactics, *p))
            .collect();
        if pool.is_empty() {
            note!(
                ctx,
                "14.0",
                "The cup holds no other Special Battle Plan the Union can use: it has {counted} of {quantity} this turn (R-14.0)."
            );
            break;
        }
        pool.sort();
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
