//! The Confederate side of a battle turn: Battle Plan Counters assigned
//! (12.2–12.3), Clear Orders (11.2.1), Default Battle Plans (12.4), the
//! player's order of resolution (14.4), Prepare and Formation.

use super::combat::*;
use super::field::*;
use crate::campaign::{ForceType, Side};
use crate::chronicle::Modifier;
use crate::rules::battle::field::Slot;
use crate::rules::battle::ground::Region;
use crate::rules::battle::terms::{Formation, PlanCounter};
use crate::rules::battle::turns::defaults;
use crate::rules::board::PieceIx;
use crate::rules::ctx::Ctx;
use crate::rules::decision::{DefaultPlan, FormationChange, SecondMove};

/// The Default Battle Plans a Confederate Force may use now (12.4, 11.5,
/// 11.1.1), each given to `push` in turn (`resolve::act`). `at` is the
/// sheet as it stands.
pub fn defaults(ctx: &Ctx, f: &Field, at: &Occupancy, k: Slot, mut push: impl FnMut(DefaultPlan)) {
    let u = &f.units[k];
    let ty = f.force_type(k);
    let melee = at.any(u.at(), Side::Union);
    if !ty.is_mobile() {
        push(DefaultPlan::Hold);
        return;
    }
    let can_fire = match ty {
        ForceType::Artillery => !melee && at.artillery_target(u.at(), Side::Confederate).is_some(),
        _ => {
            u.at() != Region::ConfederateReserve
                && at.range(u.at(), Side::Confederate).is_some_and(|r| r <= 1)
                || melee
        }
    };
    if can_fire {
        push(DefaultPlan::Fire);
    }
    if melee {
        if ty != ForceType::Artillery {
            push(DefaultPlan::MarchBack);
            push(DefaultPlan::Pivot);
        }
        push(DefaultPlan::Hold);
        return;
    }
    let next = u.at().advance(Side::Confederate);
    let room = next.is_some_and(|r| at.has_room(r, Side::Confederate));
    // 11.1.1: Artillery without an Activation number cannot March at all.
    let marches = ty != ForceType::Artillery
        || ctx.board.pieces[u.piece]
            .force
            .values(ctx.board.pieces[u.piece].strength)
            .activation
            .is_some();
    match ty {
        ForceType::Artillery => {
            if marches && room && next.is_some_and(|r| !at.any(r, Side::Union)) {
                push(DefaultPlan::March {
                    change: FormationChange::None,
                    then: SecondMove::None,
                });
            }
        }
        _ => {
            if room {
                for change in [
                    FormationChange::None,
                    FormationChange::Before,
                    FormationChange::After,
                ] {
                    push(DefaultPlan::March {
                        change,
                        then: SecondMove::None,
                    });
                    if ty == ForceType::Cavalry {
                        push(DefaultPlan::March {
                            change,
                            then: SecondMove::Advance,
                        });
                        push(DefaultPlan::March {
                            change,
                            then: SecondMove::Retreat,
                        });
                    }
                }
            }
            if ty == ForceType::Cavalry {
                push(DefaultPlan::Disrupt);
            }
            push(DefaultPlan::Pivot);
        }
    }
    if u.at() == Region::ConfederateReserve && marches {
        push(DefaultPlan::MarchOff);
    }
    push(DefaultPlan::Hold);
}

/// Garrisons fire at enemies in their own or the next Region, Fortifications
/// at the closest non-Melee Region (11.1, 11.7).
pub fn static_fire(ctx: &mut Ctx, f: &mut Field, pid: PieceIx) -> R<()> {
    let k = f.unit_of(pid).expect("here");
    match f.force_type(k) {
        ForceType::Garrison => {
            let r = f.units[k].at();
            let target = std::iter::once(r)
                .chain(r.neighbours(Side::Confederate))
                .find(|x| f.any_at(*x, Side::Union));
            if let Some(t) = target {
                attack(ctx, f, pid, t, Vec::new(), "Fire (Garrison)", "11.1")?;
            }
        }
        _ => {
            if !f.in_melee(k)
                && let Some(t) = super::union::artillery_target(f, k)
            {
                attack(ctx, f, pid, t, Vec::new(), "Fire (Fortification)", "11.7")?;
            }
        }
    }
    Ok(())
}

/// The Region in front with Union Forces at range 1, if any.
fn range_one(f: &Field, k: Slot) -> Option<Region> {
    let r = f.units[k].at();
    r.neighbours(Side::Confederate)
        .find(|x| f.any_at(*x, Side::Union))
}

/// Advance one Region (11.3); into Union Forces a Shock attack. Returns
/// false when the Force could not go on (stopped, repulsed or in Melee).
fn advance_one(
    ctx: &mut Ctx,
    f: &mut Field,
    pid: PieceIx,
    by: ShockBy,
    rule: &'static str,
) -> R<bool> {
    let Some(k) = f.unit_of(pid) else {
        return Ok(false);
    };
    if f.in_melee(k) {
        return Ok(false);
    }
    let Some(to) = f.units[k].at().advance(Side::Confederate) else {
        // 11.3: no Advance from the Union Reserve; the other orders go on.
        return Ok(true);
    };
    if !f.has_room(to, Side::Confederate) {
        note!(
            ctx,
            rule,
            "The {} is full: {} cannot Advance.",
            to.name(),
            f.label(ctx.board, k)
        );
        return Ok(true);
    }
    if !f.any_at(to, Side::Union) {
        move_into(ctx, f, pid, to);
        note!(
            ctx,
            rule,
            "{} Advances to the {}.",
            f.label(ctx.board, f.unit_of(pid).expect("here")),
            to.name()
        );
        return Ok(true);
    }
    if by == ShockBy::March
        && !crate::rules::battle::turns::shock::shock_activation(ctx, f, pid, "11.4")?
    {
        note!(
            ctx,
            "11.4",
            "{} fails to Activate for its Shock attack and Holds (11.4).",
            f.label(ctx.board, k)
        );
        return Ok(false);
    }
    let result = shock(ctx, f, pid, to, by, &mut Vec::new())?;
    Ok(result == ShockResult::Won)
}

fn change_formation(ctx: &mut Ctx, f: &mut Field, pid: PieceIx, to: Formation, rule: &'static str) {
    if let Some(k) = f.unit_of(pid)
        && f.units[k].formation != to
    {
        f.units[k].formation = to;
        note!(ctx, rule, "{} changes to {to:?}.", f.label(ctx.board, k));
    }
}

fn fire_at(
    ctx: &mut Ctx,
    f: &mut Field,
    pid: PieceIx,
    mods: Vec<Modifier>,
    what: &str,
    rule: &'static str,
) -> R<()> {
    fire_against(ctx, f, pid, None, mods, what, rule).map(|_| ())
}

/// A Ranged attack at range 1 (11.6), against `against` if it is still
/// at range 1; returns whom it was made against.
fn fire_against(
    ctx: &mut Ctx,
    f: &mut Field,
    pid: PieceIx,
    against: Option<PieceIx>,
    mods: Vec<Modifier>,
    what: &str,
    rule: &'static str,
) -> R<Option<PieceIx>> {
    let Some(k) = f.unit_of(pid) else {
        return Ok(None);
    };
    if f.units[k].at() == Region::ConfederateReserve
        && matches!(f.force_type(k), ForceType::Infantry | ForceType::Cavalry)
    {
        return Ok(None);
    }
    // The Region of the Force aimed at, if it is still at range 1.
    let aimed = against
        .and_then(|p| f.unit_of(p))
        .map(|t| f.units[t].at())
        .filter(|r| r.distance(f.units[k].at()) == 1);
    let Some(t) = aimed.or_else(|| range_one(f, k)) else {
        return Ok(None);
    };
    Ok(attack_against(ctx, f, pid, t, against, mods, what, rule)?.1)
}

/// Resolve a Battle Plan Counter (12.3).
pub fn run_counter(ctx: &mut Ctx, f: &mut Field, pid: PieceIx, plan: PlanCounter) -> R<()> {
    let k = f.unit_of(pid).expect("here");
    let column = f.units[k].formation == Formation::Column;
    let range = f.range_to_enemy(k);
    let rule = plan.rule();
    let hold = |ctx: &mut Ctx, f: &Field, why: &str| {
        note!(
            ctx,
            "11.2",
            "{}: {} cannot be carried out ({why}): the Force Holds (11.2).",
            f.label(ctx.board, k),
            plan.name()
        );
    };
    match plan {
        PlanCounter::AimedVolley => {
            if range != Some(1) {
                hold(ctx, f, "no Union Force at range 1");
                return Ok(());
            }
            if activated(ctx, f, pid, "Aimed Volley", rule, &[], false)? {
                fire_at(
                    ctx,
                    f,
                    pid,
                    vec![Modifier::pair(3, 1, "Aimed Volley", rule)],
                    "Aimed Volley",
                    rule,
                )?;
            }
        }
        PlanCounter::Canister => {
            let target = super::union::artillery_target(f, k);
            if range != Some(1) || target.is_none_or(|t| t.distance(f.units[k].at()) != 1) {
                hold(ctx, f, "not exactly 1 Region from a non-Melee Union Force");
                return Ok(());
            }
            attack(
                ctx,
                f,
                pid,
                target.expect("checked"),
                vec![Modifier::pair(2, 2, "Canister", rule)],
                "Canister",
                rule,
            )?;
        }
        PlanCounter::Cover => {
            // Activated when placed (`take_cover`): it stays in position.
            note!(
                ctx,
                rule,
                "{} stays in position in Cover.",
                f.label(ctx.board, k)
            );
        }
        PlanCounter::Engage => {
            if !column && !activated(ctx, f, pid, "Engage", rule, &[], false)? {
                return Ok(());
            }
            if advance_one(ctx, f, pid, ShockBy::Engage, rule)?
                && f.unit_of(pid).is_some_and(|k| !f.in_melee(k))
            {
                change_formation(ctx, f, pid, Formation::Line, rule);
                fire_at(
                    ctx,
                    f,
                    pid,
                    vec![Modifier::pair(1, 1, "Engage", rule)],
                    "Engage",
                    rule,
                )?;
            }
        }
        PlanCounter::FightingRetreat => {
            if range != Some(1) {
                hold(ctx, f, "not exactly 1 Region from the nearest Union Force");
                return Ok(());
            }
            let extra: &[(i32, &'static str, &'static str)] = if column {
                &[]
            } else {
                &[(-2, "Fighting Retreat in Line", "12.3.5")]
            };
            if !activated(ctx, f, pid, "Fighting Retreat", rule, extra, false)? {
                return Ok(());
            }
            let m = if column {
                Modifier::pair(-2, -2, "Fighting Retreat in Column", rule)
            } else {
                Modifier::pair(-1, -1, "Fighting Retreat in Line", rule)
            };
            fire_at(ctx, f, pid, vec![m], "Fighting Retreat", rule)?;
            for _ in 0..2 {
                if f.unit_of(pid).is_some() {
                    retreat(ctx, f, pid, RetreatKind::Ordered, rule)?;
                }
            }
        }
        PlanCounter::Flank => {
            if range != Some(2) {
                hold(ctx, f, "not exactly 2 Regions from the nearest Union Force");
                return Ok(());
            }
            if !column && !activated(ctx, f, pid, "Flank", rule, &[], false)? {
                return Ok(());
            }
            for _ in 0..2 {
                if !advance_one(ctx, f, pid, ShockBy::Flank, rule)? {
                    return Ok(());
                }
                if f.unit_of(pid).is_some_and(|k| f.in_melee(k)) {
                    return Ok(());
                }
            }
            let mods = if column {
                vec![Modifier::pair(-2, -2, "Flank in Column", rule)]
            } else {
                Vec::new()
            };
            fire_at(ctx, f, pid, mods, "Flank", rule)?;
        }
        PlanCounter::RapidAdvance => {
            if range != Some(3) {
                hold(ctx, f, "not exactly 3 Regions from the nearest Union Force");
                return Ok(());
            }
            let extra: &[(i32, &'static str, &'static str)] = if column {
                &[]
            } else {
                &[(-2, "Rapid Advance in Line", "12.3.9")]
            };
            if !activated(ctx, f, pid, "Rapid Advance", rule, extra, false)? {
                return Ok(());
            }
            for _ in 0..2 {
                if !advance_one(ctx, f, pid, ShockBy::March, rule)? {
                    return Ok(());
                }
            }
            if !column {
                fire_at(
                    ctx,
                    f,
                    pid,
                    vec![Modifier::pair(-1, -1, "Rapid Advance in Line", rule)],
                    "Rapid Advance",
                    rule,
                )?;
            }
        }
        PlanCounter::RapidFire => {
            if range_one(f, k).is_none() {
                hold(ctx, f, "no Union Force at range 1");
                return Ok(());
            }
            if column && !activated(ctx, f, pid, "Rapid Fire", rule, &[], false)? {
                return Ok(());
            }
            let first = Modifier::pair(-1, -1, "Rapid Fire, first attack", rule);
            let target = fire_against(ctx, f, pid, None, vec![first], "Rapid Fire", rule)?;
            // The second against the same Force, another at range 1 if it
            // is gone.
            let second = Modifier::pair(-2, -2, "Rapid Fire, second attack", rule);
            fire_against(ctx, f, pid, target, vec![second], "Rapid Fire", rule)?;
        }
        PlanCounter::Volley => {
            if range_one(f, k).is_none() {
                hold(ctx, f, "no Union Force at range 1");
                return Ok(());
            }
            if column && !activated(ctx, f, pid, "Volley", rule, &[], false)? {
                return Ok(());
            }
            fire_at(
                ctx,
                f,
                pid,
                vec![Modifier::pair(2, 0, "Volley", rule)],
                "Volley",
                rule,
            )?;
        }
        PlanCounter::Formation | PlanCounter::Prepare => {}
    }
    Ok(())
}

/// Resolve a Default Battle Plan (12.4).
pub fn run_default(ctx: &mut Ctx, f: &mut Field, pid: PieceIx, plan: DefaultPlan) -> R<()> {
    let k = f.unit_of(pid).expect("here");
    match plan {
        DefaultPlan::Hold => note!(ctx, "12.4.6", "{} Holds.", f.label(ctx.board, k)),
        DefaultPlan::Pivot => {
            let to = f.units[k].formation.other();
            change_formation(ctx, f, pid, to, "12.4.4");
        }
        DefaultPlan::Fire => {
            let ty = f.force_type(k);
            let column = f.units[k].formation == Formation::Column;
            if column && !activated(ctx, f, pid, "Fire", "12.4.2", &[], true)? {
                return Ok(());
            }
            if ty == ForceType::Artillery {
                if let Some(t) = super::union::artillery_target(f, k) {
                    attack(ctx, f, pid, t, Vec::new(), "Fire", "12.4.2")?;
                }
            } else if f.in_melee(k) {
                let r = f.units[k].at();
                attack(ctx, f, pid, r, Vec::new(), "Fire (Melee)", "12.4.2")?;
            } else {
                fire_at(ctx, f, pid, Vec::new(), "Fire", "12.4.2")?;
            }
        }
        DefaultPlan::MarchBack => defaults::march_back(ctx, f, pid, "12.4.1")?,
        DefaultPlan::MarchOff => defaults::march_off(ctx, f, pid, "12.4.1")?,
        DefaultPlan::Disrupt => {
            if !activated(ctx, f, pid, "Disrupt", "12.4.3", &[], true)? {
                return Ok(());
            }
            // A move: Entrench stays behind (10.2.12.3).
            if f.units[k].at() != Region::ConfederateReserve {
                move_into(ctx, f, pid, Region::ConfederateReserve);
            }
            crate::rules::battle::turns::cup::disrupt(ctx, f)?;
        }
        DefaultPlan::March { change, then } => {
            let ty = f.force_type(k);
            if change == FormationChange::Before {
                let to = f.units[k].formation.other();
                change_formation(ctx, f, pid, to, "12.4.1");
            }
            let line = f
                .unit_of(pid)
                .is_some_and(|k| f.units[k].formation == Formation::Line);
            // Line (and Artillery, always in Line) must Activate (12.4.1).
            if (line || ty == ForceType::Artillery)
                && !activated(ctx, f, pid, "March", "12.4.1", &[], true)?
            {
                return Ok(());
            }
            let went_on = advance_one(ctx, f, pid, ShockBy::March, "12.4.1")?;
            if ty == ForceType::Cavalry && went_on && f.unit_of(pid).is_some_and(|k| !f.in_melee(k))
            {
                match then {
                    SecondMove::Advance => {
                        advance_one(ctx, f, pid, ShockBy::March, "12.4.1")?;
                    }
                    SecondMove::Retreat => retreat(ctx, f, pid, RetreatKind::Ordered, "12.4.1")?,
                    SecondMove::None | SecondMove::Another => {}
                }
            }
            if change == FormationChange::After && f.unit_of(pid).is_some_and(|k| !f.in_melee(k)) {
                let to = f.units[f.unit_of(pid).expect("here")].formation.other();
                change_formation(ctx, f, pid, to, "12.4.1");
            }
        }
    }
    Ok(())
}
