//! 11.4–11.4.4 (A11.4) A Shock attack on a Force next to the attacker:
//! Defensive Fire, the defender's Shock check with the Shock Check
//! Modifiers Table, Flank and Rear where the sheet has them, and the
//! attacker's check when the defender holds. The sheet says how the two
//! Forces face each other, where the loser retreats and how the attacker
//! moves in.

use super::activation::activate;
use super::hits::{HitSource, capture_on_field, hit, release_hard_cover};
use super::{R, Sheet, k_of};
use crate::campaign::{ForceType, Insight, Side, Skill};
use crate::dice::{Check, roll_check};
use crate::rules::battle::field::{Field, Slot};
use crate::rules::battle::ground::Facing;
use crate::rules::battle::terms::Formation;
use crate::rules::board::PieceIx;
use crate::rules::ctx::Ctx;

/// How a Shock attack began (11.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ShockBy {
    /// March or cavalry March: the extra Activation check is made by the caller.
    March,
    Engage,
    Flank,
    Charge,
}

/// What became of a Shock attack.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ShockResult {
    /// Defensive Fire hit the attacker: back where it was, Holding.
    Repulsed,
    /// The defender failed and fell back; the attacker is in the Region
    /// (in Melee if other enemies are there).
    Won,
    /// Both passed, or the attacker failed its own check: Melee.
    Locked,
}

/// A Shock attack by `pid` on unit `target`, next to it (11.4–11.4.4).
pub fn shock_on<P: Sheet>(
    ctx: &mut Ctx,
    f: &mut Field<P>,
    pid: PieceIx,
    target: Slot,
    by: ShockBy,
) -> R<ShockResult> {
    let k = k_of(f, pid).expect("on the sheet");
    let side = f.units[k].side;
    let tpid = f.units[target].piece;
    let region = f.units[target].at();
    note!(
        ctx,
        "11.4",
        "{} makes a Shock attack on {} in {}.",
        f.label(ctx.board, k),
        f.label(ctx.board, target),
        region.label()
    );

    // 11.4.1 Defensive Fire.
    if activate(ctx, f, tpid, "Defensive Fire: Activation", "11.4.1", &[])? {
        let tk = k_of(f, tpid).expect("still here");
        let tp = &ctx.board.pieces[tpid];
        let cv = tp.force.values(tp.strength).combat as i32;
        let mut c = Check::new(
            tp.force.side,
            format!("Defensive Fire: {}", f.label(ctx.board, tk)),
            "11.4.1",
            cv,
            "Combat Value (superscript ignored)",
        )
        .then("a Hit: the Shock attack fails", "no Hit");
        if matches!(
            f.force_type(tk),
            ForceType::Artillery | ForceType::Fortification
        ) {
            c = c.modifier(2, "range 1", "11.7.2");
        }
        if side == Side::Union && f.effects.smoke {
            c = c.modifier(-1, "Smoke", "14.1.5");
        }
        if roll_check(ctx.dice, ctx.chronicle, c)?.success {
            note!(
                ctx,
                "11.4.1",
                "Defensive Fire hits: the Shock attack fails."
            );
            if let Some(ak) = k_of(f, pid) {
                f.units[ak].counter = None;
                f.units[ak].acted = true;
            }
            hit(ctx, f, pid, HitSource::ShockOrDefensiveFire, "11.4.1")?;
            return Ok(ShockResult::Repulsed);
        }
    }

    // 11.4.2 Shock check of the defender, with 11.4.3.
    let tk = k_of(f, tpid).expect("still here");
    let ak = k_of(f, pid).expect("here");
    let (from, at) = (f.units[ak].at(), f.units[tk].at());
    // A10.3: each Force's Formation in relation to the other.
    let attacker_form = from.formation_toward(f.units[ak].formation, at);
    let defender_form = at.formation_toward(f.units[tk].formation, from);
    // A11.4.2.2-A11.4.2.3: from the Flank or the Rear (never on Regions).
    let facing = facing_modifier(at.facing(side.other(), from));
    let (def_mod, att_mod) = formation_modifiers(attacker_form, defender_form);
    let defender_is_artillery = f.force_type(tk) == ForceType::Artillery;
    let mut defender_passed = false;
    if defender_is_artillery {
        note!(
            ctx,
            "11.4.4",
            "{} automatically fails its Shock check.",
            f.label(ctx.board, tk)
        );
    } else {
        let mut c = shock_check(ctx, tpid);
        if def_mod != 0 {
            c = c.modifier(
                def_mod,
                format!("{attacker_form:?} against {defender_form:?}"),
                "11.4.3",
            );
        }
        if by == ShockBy::Flank {
            c = c.modifier(-3, "Flank", "12.3.6");
        }
        if let Some(m) = facing {
            c = c.modifier(-m.0, m.1, m.2);
        }
        let du = &f.units[tk];
        if du.side == Side::Confederate {
            if du.cover && by == ShockBy::Charge {
                c = c.modifier(1, "Cover", "12.3.3");
            }
            if du.entrench {
                c = c.modifier(2, "Entrench", "10.2.12.3");
            }
            if f.has_insight(Insight::Morale) {
                c = c.modifier(2, "Morale Insight", "10.2.12.5");
            }
            if f.effects.smoke {
                c = c.modifier(-1, "Smoke", "14.1.5");
            }
        } else if du.hard_cover {
            c = c.modifier(2, "Hard Cover", "14.1.2");
        }
        defender_passed = roll_check(ctx.dice, ctx.chronicle, c)?.success;
        // Cover and Hard Cover are spent by the check.
        let du = &mut f.units[tk];
        if du.cover {
            du.cover = false;
            du.counter = None;
            note!(ctx, "12.3.3", "Cover is removed after the Shock check.");
        }
        if f.units[tk].hard_cover {
            release_hard_cover(ctx, f, tpid);
        }
    }
    if !defender_passed {
        if defender_is_artillery {
            capture_on_field(ctx, f, tpid, "11.4.4");
        } else {
            if let Some(tk) = k_of(f, tpid) {
                f.units[tk].counter = None;
            }
            let destroyed = hit(ctx, f, tpid, HitSource::ShockOrDefensiveFire, "11.4.2")?;
            if !destroyed && k_of(f, tpid).is_some() {
                P::shock_retreat(ctx, f, tpid)?;
            }
        }
        P::move_into(ctx, f, pid, region);
        let locked = f.any_at(region, side.other());
        if locked && let Some(ak) = k_of(f, pid) {
            f.units[ak].counter = None;
        }
        return Ok(if locked {
            ShockResult::Locked
        } else {
            ShockResult::Won
        });
    }
    // The defender holds: the attacker comes in and checks in turn.
    P::move_into(ctx, f, pid, region);
    if let Some(tk) = k_of(f, tpid) {
        f.units[tk].counter = None;
    }
    let ak = k_of(f, pid).expect("here");
    f.units[ak].counter = None;
    let mut c = shock_check(ctx, pid);
    if att_mod != 0 {
        c = c.modifier(
            att_mod,
            format!("{attacker_form:?} against {defender_form:?}"),
            "11.4.3",
        );
    }
    if let Some((n, what, rule)) = facing {
        c = c.modifier(n, what, rule);
    }
    if side == Side::Confederate && f.has_insight(Insight::Morale) {
        c = c.modifier(2, "Morale Insight", "10.2.12.5");
    }
    if side == Side::Confederate && f.effects.smoke {
        c = c.modifier(-1, "Smoke", "14.1.5");
    }
    if side == Side::Union && k_of(f, tpid).is_some_and(|t| f.units[t].entrench) {
        c = c.modifier(-2, "Entrench", "10.2.12.3");
    }
    if !roll_check(ctx.dice, ctx.chronicle, c)?.success {
        hit(ctx, f, pid, HitSource::ShockOrDefensiveFire, "11.4.2")?;
    }
    Ok(ShockResult::Locked)
}

/// Optional rule O11.4 Shock Attacks: the Activation checks a Force of
/// this Skill Level makes to begin a Shock attack.
pub fn checks_by_skill(skill: Skill) -> u32 {
    match skill {
        Skill::Conscript | Skill::PoorLine => 3,
        Skill::Line | Skill::Veteran => 2,
        Skill::Elite => 1,
    }
}

/// 11.4 (A11.4): the Activation check a Confederate Force makes to begin
/// a Shock attack; with O11.4 Shock Attacks 1 to 3 of them by its Skill
/// Level, the first failure ending the attack.
pub fn shock_activation<P: Copy + Eq>(
    ctx: &mut Ctx,
    f: &Field<P>,
    pid: PieceIx,
    rule: &'static str,
) -> R<bool> {
    if !ctx.board.options.shock_checks {
        return activate(ctx, f, pid, "Shock attack", rule, &[]);
    }
    let n = checks_by_skill(ctx.board.pieces[pid].force.skill);
    for i in 1..=n {
        let what = format!("Shock attack, check {i} of {n}");
        if !activate(ctx, f, pid, &what, "O11.4", &[])? {
            return Ok(false);
        }
    }
    Ok(true)
}

/// O11.4 Shock Attacks for the Union: a Force that passed its Charge!
/// Activation check and will Advance makes 1 to 3 more by its Skill Level
/// (R-Opt-11.4); true when it goes in (always without the rule).
pub fn charge_checks<P: Copy + Eq>(ctx: &mut Ctx, f: &Field<P>, pid: PieceIx) -> R<bool> {
    if !ctx.board.options.shock_checks {
        return Ok(true);
    }
    let n = checks_by_skill(ctx.board.pieces[pid].force.skill);
    for i in 1..=n {
        let what = format!("Charge! Shock attack, check {i} of {n}");
        if !activate(ctx, f, pid, &what, "O11.4", &[])? {
            note!(
                ctx,
                "O11.4",
                "{} fails a Shock attack check: it Holds (O11.4).",
                ctx.board.label(pid)
            );
            return Ok(false);
        }
    }
    Ok(true)
}

/// 11.4.2: a Force's Shock check against its Combat Value, before the
/// modifiers.
fn shock_check(ctx: &Ctx, pid: PieceIx) -> Check {
    let p = &ctx.board.pieces[pid];
    Check::new(
        p.force.side,
        format!("Shock check: {}", ctx.board.label(pid)),
        "11.4.2",
        p.force.values(p.strength).combat as i32,
        "Combat Value",
    )
    .then("passes", "fails: 1 Hit")
}

/// 11.4.3: the Shock Check Modifiers for the two Formations (each in
/// relation to the other, A10.3): the defender's check and the attacker's
/// counter-check, Column against Line −2 and +2, Line against Column +2
/// and −2, none between equals.
pub(crate) fn formation_modifiers(attacker: Formation, defender: Formation) -> (i32, i32) {
    match (attacker, defender) {
        (Formation::Column, Formation::Line) => (-2, 2),
        (Formation::Line, Formation::Column) => (2, -2),
        _ => (0, 0),
    }
}

/// A11.4.2.2–A11.4.2.3: a Shock attack from the Flank gives the defender's
/// Shock check −3 (−3/−3) and the attacker's counter-check, when the
/// defender passes, +3 (+3/+3); from the Rear −6 and +6. None for a
/// frontal attack. Melee ignores them (A11.5).
pub fn facing_modifier(facing: Facing) -> Option<(i32, &'static str, &'static str)> {
    match facing {
        Facing::Front => None,
        Facing::Flank => Some((3, "Flank attack", "A11.4.2.2")),
        Facing::Rear => Some((6, "Rear attack", "A11.4.2.3")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::battle::ground::{Ground, Square};

    /// A11.4.2.3's example: Slocum in D4 attacked from E4 (front), D5
    /// (Flank: −3 to his check, +3 to the attacker's) and C4 (Rear: −6
    /// and +6).
    #[test]
    fn flank_and_rear_shock_modifiers() {
        let at = |s: &str| Square::named(s).expect("a Square");
        let slocum = at("D4");
        let from = |s: &str| facing_modifier(slocum.facing(Side::Union, at(s)));
        assert_eq!(from("E4"), None);
        assert_eq!(from("D5"), Some((3, "Flank attack", "A11.4.2.2")));
        assert_eq!(from("C4"), Some((6, "Rear attack", "A11.4.2.3")));
    }
}
