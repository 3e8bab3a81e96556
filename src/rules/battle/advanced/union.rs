//! The Union on the Squares: which Default Battle Plan each Union Force
//! uses (A13.1, A13.3, A14.2), carrying them out in order (A14.2–A14.3),
//! and the Special Battle Plans the Advanced rules word anew (A14.1).

use super::attack::{has_targets_in, union_target};
use super::combat::{advance_into, attack_on, face};
use super::field::{Field, Occupancy};
use super::movement::{on_objective, union_advance};
use super::moves::{RetreatKind, retreat};
use crate::campaign::{ForceType, Side};
use crate::dice::{Check, roll_check};
use crate::rules::battle::field::Slot;
use crate::rules::battle::ground::{Facing, Ground, Square};
use crate::rules::battle::terms::{Formation, Tactics};
use crate::rules::battle::turns::activation::{activate, union_combat_activates};
use crate::rules::battle::turns::cup::{charge_activation, resolve_common};
use crate::rules::battle::turns::hits::{
    HitSource, can_retreat, hit, lowest_skill_random, pick_by_skill,
};
use crate::rules::battle::turns::shock::{ShockBy, charge_checks, shock_on};
use crate::rules::battle::turns::{R, k_of};
use crate::rules::board::PieceIx;
use crate::rules::components::SpecialBattlePlan;
use crate::rules::ctx::Ctx;

/// A Union Force's Default Battle Plan (A14.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UnionDefault {
    /// A14.2.2 Combat: an attack on a Force in its own or an adjacent
    /// Square, or for Artillery and Fortifications at range 1 or more.
    Combat,
    /// A14.2.2.1: Union Cavalry whose nearest Confederate Force is exactly
    /// 2 Squares away attacks it from where it is, at −2/−2.
    CavalryAtTwo,
    /// A14.2.1 Advance (Aggressive): one Square toward the closest
    /// Confederate Force, in Column.
    Advance,
    /// A14.2.4 Hold (Defensive; and a Force with nothing to do).
    Hold,
    /// A14.2 Retreat (Routed only): one Square toward Row A, in Column.
    Retreat,
}

/// The Default Battle Plan unit `k` (a Union Force) uses now.
pub fn union_default(f: &Field, k: Slot) -> UnionDefault {
    let ty = f.force_type(k);
    let mobile_foot = matches!(ty, ForceType::Infantry | ForceType::Cavalry);
    if f.routed == Some(Side::Union) {
        // Artillery was captured at the Rout (14.5); Static Forces stay.
        return if mobile_foot {
            UnionDefault::Retreat
        } else {
            UnionDefault::Hold
        };
    }
    // The sheet read once; whom a Force may attack is asked only of those
    // that never March (Infantry and Cavalry go by the range alone).
    let occupied = Occupancy::of(f);
    if !mobile_foot {
        // A11.1 Garrisons, Fortifications; A11.1.2 Artillery never March.
        return if has_targets_in(f, &occupied, k) {
            UnionDefault::Combat
        } else {
            UnionDefault::Hold
        };
    }
    let u = &f.units[k];
    match occupied.range(u.at(), u.side) {
        // A11.5: in Melee always Combat; A14.2.2: 1 Square or less.
        Some(r) if r <= 1 => UnionDefault::Combat,
        Some(2) if ty == ForceType::Cavalry => UnionDefault::CavalryAtTwo,
        // Union Objective Markers: a Force on one Holds.
        Some(_) if f.tactics == Tactics::Aggressive && !on_objective(f, k) => UnionDefault::Advance,
        _ => UnionDefault::Hold,
    }
}

/// A14.2: carry out a Union Force's Default Battle Plan.
pub fn run_default(ctx: &mut Ctx, f: &mut Field, pid: PieceIx) -> R<()> {
    let k = k_of(f, pid).expect("on the sheet");
    match union_default(f, k) {
        UnionDefault::Combat => combat(ctx, f, pid, "A14.2.2", true),
        UnionDefault::CavalryAtTwo => combat(ctx, f, pid, "A14.2.2.1", true),
        UnionDefault::Advance => {
            // A14.2.1: no Activation roll; into Column, one Square.
            let Some(to) = union_advance(ctx, f, k)? else {
                note!(
                    ctx,
                    "14.2.4",
                    "{} cannot Advance: Hold.",
                    f.label(ctx.board, k)
                );
                return Ok(());
            };
            f.units[k].formation = Formation::Column;
            advance_into(ctx, f, pid, to, ShockBy::Charge, "A14.2.1")?;
            Ok(())
        }
        UnionDefault::Hold => {
            note!(ctx, "14.2.4", "{} Holds.", f.label(ctx.board, k));
            Ok(())
        }
        UnionDefault::Retreat => retreat(ctx, f, pid, RetreatKind::Rout, "A14.5"),
    }
}

/// A14.2.2 Combat (A14.2.2.1 Union Cavalry at 2 Squares, A11.1 Garrisons
/// and Fortifications, A11.1.2 Artillery): the Activation roll for
/// Infantry, Cavalry and Garrisons with an Activation number (`roll`),
/// Line toward the target unless in Melee or at 2 Squares, the attack on
/// the target of [`union_target`].
fn combat(ctx: &mut Ctx, f: &mut Field, pid: PieceIx, rule: &'static str, roll: bool) -> R<()> {
    let k = k_of(f, pid).expect("on the sheet");
    let ty = f.force_type(k);
    if roll && !union_combat_activates(ctx, f, pid, rule)? {
        return Ok(());
    }
    let Some(t) = union_target(ctx, f, k)? else {
        return Ok(());
    };
    let tpid = f.units[t].piece;
    let (at, distance) = (f.units[t].at(), f.units[k].at().distance(f.units[t].at()));
    if matches!(ty, ForceType::Infantry | ForceType::Cavalry) && distance == 1 {
        face(ctx, f, pid, Formation::Line, at, rule);
    }
    attack_on(ctx, f, pid, tpid, Vec::new(), "Combat", rule)?;
    Ok(())
}

/// A14.1: the Special Battle Plans whose Advanced wording differs (Charge!,
/// Screened March, Broken); the rest as the Basic Rules (`resolve_common`).
pub fn resolve_drawn(ctx: &mut Ctx, f: &mut Field, plan: SpecialBattlePlan) -> R<bool> {
    if let Some(counts) = resolve_common(ctx, f, plan)? {
        return Ok(counts);
    }
    f.drawn.push(plan);
    match plan {
        SpecialBattlePlan::Charge => charge(ctx, f, false)?,
        SpecialBattlePlan::ScreenedMarch => {
            let n = f.side(Side::Union).count() as i32;
            let check = Check::new(
                Side::Union,
                "Screened March",
                "A14.1",
                n,
                "Union Forces on the sheet",
            )
            .then("1 Hit on a Confederate Force", "no Hit");
            // The lowest Skill Level in the rearmost Row with Confederate
            // Forces, Row F forward.
            if roll_check(ctx.dice, ctx.chronicle, check)?.success
                && let Some(row) = confederate_rows(f).last()
                && let Some(t) =
                    lowest_skill_random(ctx, f, row, "A14.1", "Screened March strikes")?
            {
                let tpid = f.units[t].piece;
                hit(ctx, f, tpid, HitSource::OffBoard, "A14.1")?;
            }
        }
        SpecialBattlePlan::Broken => {
            // A Mobile Force of the lowest Skill Level from the foremost
            // Row back (Row A first); Artillery cannot Retreat and is
            // passed over.
            let rows = confederate_rows(f);
            let row = rows.iter().find_map(|row| {
                let mobile: Vec<Slot> = row
                    .iter()
                    .copied()
                    .filter(|&k| can_retreat(f.force_type(k)))
                    .collect();
                (!mobile.is_empty()).then_some(mobile)
            });
            if let Some(row) = row
                && let Some(t) = lowest_skill_random(ctx, f, &row, "A14.1", "Broken strikes")?
            {
                let tpid = f.units[t].piece;
                if !activate(ctx, f, tpid, "Broken", "A14.1", &[])? {
                    retreat(ctx, f, tpid, RetreatKind::Pushed, "A14.1")?;
                }
            }
        }
        _ => unreachable!("resolved by resolve_common"),
    }
    Ok(true)
}

/// The Confederate units by Row, the foremost (Row A) first, Rows without
/// any left out.
fn confederate_rows(f: &Field) -> Vec<Vec<Slot>> {
    (0..i32::from(Square::ROWS))
        .map(|row| {
            f.side(Side::Confederate)
                .filter(|&k| f.units[k].at().row() == row)
                .collect::<Vec<Slot>>()
        })
        .filter(|row| !row.is_empty())
        .collect()
}

/// "Charge! and Union Objective Markers": when one or more Union Forces
/// stand next to one or more Confederate Forces at the start of the draw,
/// Charge! is drawn at once (out of the cup when it is there, R-A-objectives)
/// and resolved (A14.1). True when it was: it counts against a limited
/// draw; with no draw it is a Special Rule.
pub fn objective_charge(ctx: &mut Ctx, f: &mut Field) -> R<bool> {
    if f.objectives.is_empty() {
        return Ok(false);
    }
    let next_to = f.side(Side::Union).any(|k| {
        !f.in_melee(k)
            && f.side(Side::Confederate)
                .any(|t| f.units[k].at().distance(f.units[t].at()) == 1)
    });
    if !next_to {
        return Ok(false);
    }
    note!(
        ctx,
        "A14.0",
        "Charge! and Union Objective Markers: Union Forces stand next to Confederate Forces; Charge! is drawn at once."
    );
    // Back to the cup at the end of the turn only if it came from there.
    if let Some(i) = f.cup.iter().position(|p| *p == SpecialBattlePlan::Charge) {
        f.cup.remove(i);
        f.drawn.push(SpecialBattlePlan::Charge);
    }
    charge(ctx, f, true)?;
    ctx.frame(f, |_| "The Union draws Charge!".to_string());
    Ok(true)
}

/// How a Union Force charging from `from` would strike a Confederate
/// Force at `at` (A14.1's priority table, R-A14.1-charge): 1 its Rear, 2
/// its Flank, 3 Union Column against Confederate Line, 4 Column against
/// Column; None when the Union Force, in Column on the sheet, would be in
/// Line toward a Confederate Force in Column toward it ("will not make a
/// Shock attack").
pub fn charge_priority(f: &Field, from: Square, t: Slot) -> Option<u8> {
    let at = f.units[t].at();
    let union = from.formation_toward(Formation::Column, at);
    let confederate = at.formation_toward(f.units[t].formation, from);
    if union == Formation::Line && confederate == Formation::Column {
        return None;
    }
    Some(match at.facing(Side::Confederate, from) {
        Facing::Rear => 1,
        Facing::Flank => 2,
        Facing::Front if confederate == Formation::Line => 3,
        Facing::Front => 4,
    })
}

/// A14.1 Charge!: with two or more Union Forces next to two or more
/// Confederate Forces, each of those Union Infantry and Cavalry Forces not
/// in Melee rolls to Activate; those that fail change to Line and use
/// Combat; then those that pass, the highest Skill Level first, change to
/// Column and go into a Confederate Force's Square by the priority table
/// with a Shock attack (no further Activation check); with no Confederate
/// Force next to it any more a Force Holds (R-A14.1-charge).
fn charge(ctx: &mut Ctx, f: &mut Field, objectives: bool) -> R<()> {
    let next_to = |f: &Field, k: Slot| -> Vec<Slot> {
        let at = f.units[k].at();
        f.side(Side::Confederate)
            .filter(|&t| at.distance(f.units[t].at()) == 1)
            .collect()
    };
    let charging: Vec<Slot> = f
        .side(Side::Union)
        .filter(|&k| {
            matches!(f.force_type(k), ForceType::Infantry | ForceType::Cavalry)
                && !f.in_melee(k)
                && (f.side(Side::Confederate))
                    .any(|t| f.units[k].at().distance(f.units[t].at()) == 1)
        })
        .collect();
    let mut faced: Vec<Slot> = charging.iter().flat_map(|&k| next_to(f, k)).collect();
    faced.sort_unstable();
    faced.dedup();
    // With Union Objective Markers one Union Force next to one
    // Confederate Force is enough (objective_charge).
    let needed = if objectives { 1 } else { 2 };
    if charging.len() < needed || faced.len() < needed {
        note!(
            ctx,
            "A14.1",
            "Charge!: {} next to {}; {needed} or more of each are needed: it is ignored, and counts against the draw.",
            crate::chronicle::counted(charging.len() as i64, "Union Force", "Union Forces"),
            crate::chronicle::counted(
                faced.len() as i64,
                "Confederate Force",
                "Confederate Forces"
            )
        );
        return Ok(());
    }
    let pieces: Vec<PieceIx> = charging.iter().map(|&k| f.units[k].piece).collect();
    let mut going = charge_activation(ctx, f, &pieces, "A14.1", |ctx, f, pid| {
        combat(ctx, f, pid, "A14.1", false)
    })?;
    while !going.is_empty() {
        let ks: Vec<Slot> = going.iter().filter_map(|&p| k_of(f, p)).collect();
        let Some(k) = pick_by_skill(ctx, f, &ks, "A14.1", "The next Union Force to charge", true)?
        else {
            break;
        };
        let pid = f.units[k].piece;
        going.retain(|&p| p != pid);
        let from = f.units[k].at();
        let open: Vec<Slot> = next_to(f, k)
            .into_iter()
            .filter(|&t| !f.in_melee(t))
            .collect();
        if open.is_empty() {
            note!(
                ctx,
                "A14.1",
                "No Confederate Force remains at range 1 of {}: it Holds.",
                f.label(ctx.board, k)
            );
            continue;
        }
        let ranked: Vec<(u8, Slot)> = open
            .iter()
            .filter_map(|&t| charge_priority(f, from, t).map(|r| (r, t)))
            .collect();
        let Some(best) = ranked.iter().map(|(r, _)| *r).min() else {
            note!(
                ctx,
                "A14.1",
                "{} would be in Line against Confederate Columns: Combat instead.",
                f.label(ctx.board, k)
            );
            combat(ctx, f, pid, "A14.1", false)?;
            continue;
        };
        let tied: Vec<PieceIx> = ranked
            .iter()
            .filter(|(r, _)| *r == best)
            .map(|(_, t)| f.units[*t].piece)
            .collect();
        let tpid = if tied.len() == 1 {
            tied[0]
        } else {
            ctx.pick_piece("A14.1", "The Charge! falls on", &tied)?
        };
        if !charge_checks(ctx, f, pid)? {
            continue;
        }
        f.units[k].formation = Formation::Column;
        let t = k_of(f, tpid).expect("here");
        shock_on(ctx, f, pid, t, ShockBy::Charge)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::battle::advanced::testing::{k, run, sheet};

    /// A14.1 through the one Charge! activation loop
    /// (`turns::cup::charge_activation`): each Force rolls under A14.1 and
    /// has acted; Sykes passes (2) and is sent in, Kearny fails (9) and
    /// uses Combat instead.
    #[test]
    fn charge_activation_sends_in_those_that_pass() {
        let (mut b, mut f) = sheet(&[("sykes", "C3"), ("kearny", "C4"), ("longstreet", "D4")]);
        let (sykes, kearny) = (b.index("sykes").unwrap(), b.index("kearny").unwrap());
        let mut fired = Vec::new();
        let (going, rolled) = run(&mut b, &[2, 9], vec![], |ctx| {
            charge_activation(ctx, &mut f, &[sykes, kearny], "A14.1", |_, _, pid| {
                fired.push(pid);
                Ok(())
            })
            .unwrap()
        });
        assert_eq!(going, vec![sykes]);
        assert_eq!(fired, vec![kearny]);
        assert_eq!(rolled, 2);
        assert!(
            f.units
                .iter()
                .filter(|u| u.side == Side::Union)
                .all(|u| u.acted)
        );
    }

    fn default_of(at: &[(&str, &str)], tactics: Tactics, id: &str) -> UnionDefault {
        let (b, mut f) = sheet(at);
        f.tactics = tactics;
        union_default(&f, k(&b, &f, id))
    }

    #[test]
    fn each_union_force_takes_its_default_battle_plan() {
        use Tactics::*;
        use UnionDefault::*;
        // Next to a Confederate Force, or in Melee: Combat (A14.2.2, A11.5).
        assert_eq!(
            default_of(
                &[("kearny", "C4"), ("longstreet", "D5")],
                Defensive,
                "kearny"
            ),
            Combat
        );
        assert_eq!(
            default_of(
                &[("kearny", "D5"), ("longstreet", "D5")],
                Aggressive,
                "kearny"
            ),
            Combat
        );
        // Farther: Advance under Aggressive tactics, Hold under Defensive.
        assert_eq!(
            default_of(
                &[("kearny", "B4"), ("longstreet", "D5")],
                Aggressive,
                "kearny"
            ),
            Advance
        );
        assert_eq!(
            default_of(
                &[("kearny", "B4"), ("longstreet", "D5")],
                Defensive,
                "kearny"
            ),
            Hold
        );
        // Cavalry exactly 2 Squares away attacks from there (A14.2.2.1).
        assert_eq!(
            default_of(
                &[("stoneman", "B4"), ("longstreet", "D5")],
                Defensive,
                "stoneman"
            ),
            CavalryAtTwo
        );
        // Artillery fires at range, never marches (A11.1.2, A11.7).
        assert_eq!(
            default_of(&[("hunt", "A3"), ("longstreet", "E5")], Aggressive, "hunt"),
            Combat
        );
        assert_eq!(
            default_of(&[("hunt", "A3"), ("longstreet", "A3")], Aggressive, "hunt"),
            Hold,
            "in Melee it cannot fire"
        );
        // Routed: Retreat.
        let (b, mut f) = sheet(&[("kearny", "C4"), ("longstreet", "D5")]);
        f.routed = Some(Side::Union);
        assert_eq!(union_default(&f, k(&b, &f, "kearny")), Retreat);
    }
}
