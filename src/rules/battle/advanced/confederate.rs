//! The Confederate side of a battle turn on the Squares: the Default
//! Battle Plans a Force may use (A12.4, A11.5), the Battle Plan Counters'
//! Advanced wording (A12.3), Garrisons and Fortifications (A11.1), and the
//! player's order of resolution (A14.4).

use super::attack::{has_targets_in, targets};
use super::combat::{
    advance_into, advance_through, attack_on, choose_square, choose_target, face, formation_toward,
};
use super::field::{Field, Occupancy};
use super::movement::{
    Retreat, march_squares, march_squares_from, march_squares_in, retreat as retreat_squares,
    through_squares,
};
use super::moves::retreat_two;
use crate::campaign::{ForceType, Side};
use crate::chronicle::Modifier;
use crate::rules::battle::field::Slot;
use crate::rules::battle::ground::{Ground, Region, Square};
use crate::rules::battle::terms::{Formation, PlanCounter};
use crate::rules::battle::turns::activation::activated;
use crate::rules::battle::turns::cup::disrupt;
use crate::rules::battle::turns::defaults;
use crate::rules::battle::turns::shock::ShockBy;
use crate::rules::battle::turns::{R, k_of};
use crate::rules::board::{Board, PieceIx};
use crate::rules::ctx::Ctx;
use crate::rules::decision::{DefaultPlan, FormationChange, Move, SecondMove};

fn in_row_f(f: &Field, k: Slot) -> bool {
    f.units[k].at().region() == Region::ConfederateReserve
}

/// Artillery without an Activation number cannot March (11.1.1).
fn marches(board: &Board, f: &Field, k: Slot) -> bool {
    let p = &board.pieces[f.units[k].piece];
    f.force_type(k) != ForceType::Artillery || p.force.values(p.strength).activation.is_some()
}

/// The Squares unit `k` may March into: any adjacent one without a friend
/// (A12.4), for Artillery none holding a Union Force.
pub fn march_to(f: &Field, k: Slot) -> Vec<Square> {
    // Room for every neighbour at once (a filtered list grows as it goes).
    let mut squares = Vec::with_capacity(8);
    squares.extend(march_to_iter(f, k));
    squares
}

/// [`march_to`] one by one.
fn march_to_iter(f: &Field, k: Slot) -> impl Iterator<Item = Square> + '_ {
    march_to_in(f, Occupancy::of(f), k)
}

/// [`march_to_iter`] with the sheet read already.
fn march_to_in(f: &Field, occupied: Occupancy, k: Slot) -> impl Iterator<Item = Square> + '_ {
    let artillery = f.force_type(k) == ForceType::Artillery;
    march_squares_in(f, occupied, k).filter(move |s| !artillery || !occupied.any(*s, Side::Union))
}

/// The Default Battle Plans a Confederate Force may use now (A12.4, A11.5,
/// A11.1.1).
pub fn defaults(board: &Board, f: &Field, k: Slot) -> Vec<DefaultPlan> {
    let mut v = Vec::new();
    defaults_into(board, f, &Occupancy::of(f), k, |d| v.push(d));
    v
}

/// [`defaults`] each given to `push` in turn (the question's answers,
/// `turns::resolve::act`), the sheet read already (`occupied`: one reading
/// for every Force of the question).
pub fn defaults_into(
    board: &Board,
    f: &Field,
    occupied: &Occupancy,
    k: Slot,
    mut push: impl FnMut(DefaultPlan),
) {
    let ty = f.force_type(k);
    if !ty.is_mobile() {
        push(DefaultPlan::Hold);
        return;
    }
    if has_targets_in(f, occupied, k) {
        push(DefaultPlan::Fire);
    }
    let u = &f.units[k];
    if occupied.any(u.at(), u.side.other()) {
        // A11.5: Fire, Pivot, Hold, or March (Retreat move only).
        if ty != ForceType::Artillery {
            if retreat_squares(f, k) != Retreat::Destroyed {
                push(DefaultPlan::MarchBack);
            }
            push(DefaultPlan::Pivot);
        }
        push(DefaultPlan::Hold);
        return;
    }
    let can_march = marches(board, f, k);
    let one = can_march && march_to_in(f, *occupied, k).next().is_some();
    // A12.4 Cavalry's two Squares, through a friend's too (A10.2.14).
    let two = can_march && ty == ForceType::Cavalry && (one || !cavalry_through(f, k).is_empty());
    if one && ty == ForceType::Artillery {
        push(DefaultPlan::March {
            change: FormationChange::None,
            then: SecondMove::None,
        });
    } else if one || two {
        for change in [
            FormationChange::None,
            FormationChange::Before,
            FormationChange::After,
        ] {
            if one {
                push(DefaultPlan::March {
                    change,
                    then: SecondMove::None,
                });
            }
            if two {
                push(DefaultPlan::March {
                    change,
                    then: SecondMove::Another,
                });
            }
        }
        if one && ty == ForceType::Cavalry {
            push(DefaultPlan::March {
                change: FormationChange::Both,
                then: SecondMove::None,
            });
        }
    }
    if ty == ForceType::Cavalry && in_row_f(f, k) {
        push(DefaultPlan::Disrupt);
    }
    if ty != ForceType::Artillery {
        push(DefaultPlan::Pivot);
    }
    if can_march && in_row_f(f, k) {
        push(DefaultPlan::MarchOff);
    }
    push(DefaultPlan::Hold);
}

/// A11.1: a Garrison fires at a Union Force in its own or an adjacent
/// Square; a Fortification at one not in Melee 1 Square or more away,
/// never with a Union Force in its own Square. The player chooses the
/// target (A11.7).
pub fn static_fire(ctx: &mut Ctx, f: &mut Field, pid: PieceIx) -> R<()> {
    let k = f.unit_of(pid).expect("here");
    let (what, rule) = match f.force_type(k) {
        ForceType::Garrison => ("Fire (Garrison)", "A11.1"),
        _ => ("Fire (Fortification)", "A11.7"),
    };
    let ts = targets(f, k);
    if let Some(t) = choose_target(ctx, f, pid, &ts, "Fire at which Union Force?", rule)? {
        attack_on(ctx, f, pid, t, Vec::new(), what, rule)?;
    }
    Ok(())
}

/// The Union units next to unit `k` (range 1, A11.0.1).
fn adjacent(f: &Field, k: Slot) -> Vec<Slot> {
    let at = f.units[k].at();
    f.side(Side::Union)
        .filter(|&t| at.distance(f.units[t].at()) == 1)
        .collect()
}

/// Fire at a Union Force next to the Force (the player's choice among
/// `among`), with `mods` (A12.3).
fn fire(
    ctx: &mut Ctx,
    f: &mut Field,
    pid: PieceIx,
    among: &[Slot],
    mods: Vec<Modifier>,
    what: &str,
    rule: &'static str,
) -> R<Option<PieceIx>> {
    let prompt = format!("{what}: at which Union Force?");
    let Some(t) = choose_target(ctx, f, pid, among, &prompt, rule)? else {
        return Ok(None);
    };
    attack_on(ctx, f, pid, t, mods, what, rule)?;
    Ok(Some(t))
}

fn hold(ctx: &mut Ctx, f: &Field, k: Slot, plan: PlanCounter, why: &str) {
    note!(
        ctx,
        "11.2",
        "{}: {} cannot be carried out ({why}): the Force Holds (11.2).",
        f.label(ctx.board, k),
        plan.name()
    );
}

/// A11.3: the Squares an Advance may go into: an adjacent one without a
/// friend one Row nearer Row A, or nearer the closest Union Force
/// (R-A11.3-advance).
fn advance_squares(f: &Field, k: Slot) -> Vec<Square> {
    let at = f.units[k].at();
    let nearest = |s: Square| {
        f.side(Side::Union)
            .map(|t| s.distance(f.units[t].at()))
            .min()
    };
    let now = nearest(at);
    march_squares(f, k)
        .into_iter()
        .filter(|s| {
            s.depth(Side::Confederate) > at.depth(Side::Confederate)
                || matches!((nearest(*s), now), (Some(a), Some(b)) if a < b)
        })
        .collect()
}

/// The next step toward the Square `goal` `left` Squares away after it:
/// an adjacent Square without a friend `left` Squares from it; `empty`
/// only those without an enemy too.
fn steps_toward(f: &Field, k: Slot, goal: Square, left: i32, empty: bool) -> Vec<Square> {
    march_squares(f, k)
        .into_iter()
        .filter(|s| s.distance(goal) == left && (!empty || !f.any_at(*s, Side::Union)))
        .collect()
}

/// The friends' Squares a move of two Squares toward `goal` may pass
/// through (A10.2.14): `left` Squares from it, with a Square to go on
/// into from there (none holding a friend) one nearer.
fn through_toward(f: &Field, k: Slot, goal: Square, left: i32) -> Vec<Square> {
    through_squares(f, k)
        .into_iter()
        .filter(|via| {
            via.distance(goal) == left
                && march_squares_from(f, k, *via)
                    .iter()
                    .any(|s| s.distance(goal) == left - 1)
        })
        .collect()
}

/// The first Squares of a Cavalry March of two Squares that hold a
/// friend: ones it may pass through to an empty or enemy-held Square
/// beyond (A12.4, A10.2.14).
fn cavalry_through(f: &Field, k: Slot) -> Vec<Square> {
    through_squares(f, k)
        .into_iter()
        .filter(|via| !march_squares_from(f, k, *via).is_empty())
        .collect()
}

/// Whether an Activation check is needed: in Column (toward `to`, A10.3)
/// the counters that say so skip it.
fn column_toward(f: &Field, k: Slot, to: Square) -> bool {
    formation_toward(f, k, to) == Formation::Column
}

/// Resolve a Battle Plan Counter on the Squares (A12.3).
pub fn run_counter(ctx: &mut Ctx, f: &mut Field, pid: PieceIx, plan: PlanCounter) -> R<()> {
    let k = f.unit_of(pid).expect("here");
    let rule = plan.rule();
    match plan {
        PlanCounter::AimedVolley => {
            // A12.3: range 1, in Line toward the target (A10.3).
            let ts: Vec<Slot> = adjacent(f, k)
                .into_iter()
                .filter(|&t| !column_toward(f, k, f.units[t].at()))
                .collect();
            if ts.is_empty() {
                hold(
                    ctx,
                    f,
                    k,
                    plan,
                    "no Union Force in an adjacent Square toward which it is in Line",
                );
                return Ok(());
            }
            if activated(ctx, f, pid, "Aimed Volley", rule, &[], false)? {
                let m = vec![Modifier::pair(3, 1, "Aimed Volley", rule)];
                fire(ctx, f, pid, &ts, m, "Aimed Volley", rule)?;
            }
        }
        PlanCounter::Canister => {
            // A12.3: exactly 1 Square from the nearest Union Force, not in
            // Melee; +2/+2 besides the range 1 modifier (A11.7.2).
            let ts: Vec<Slot> = targets(f, k)
                .into_iter()
                .filter(|&t| f.units[k].at().distance(f.units[t].at()) == 1)
                .collect();
            if f.range_to_enemy(k) != Some(1) || ts.is_empty() {
                hold(
                    ctx,
                    f,
                    k,
                    plan,
                    "not exactly 1 Square from a Union Force not in Melee",
                );
                return Ok(());
            }
            let m = vec![Modifier::pair(2, 2, "Canister", rule)];
            fire(ctx, f, pid, &ts, m, "Canister", rule)?;
        }
        PlanCounter::Cover => {
            note!(
                ctx,
                rule,
                "{} stays in position in Cover.",
                f.label(ctx.board, k)
            );
        }
        PlanCounter::Engage => {
            let squares = advance_squares(f, k);
            let Some(to) = choose_square(
                ctx,
                f,
                pid,
                &squares,
                ("Engage: Advance into which Square?", Move::Advance),
                rule,
            )?
            else {
                hold(ctx, f, k, plan, "no Square to Advance into");
                return Ok(());
            };
            if !column_toward(f, k, to) && !activated(ctx, f, pid, "Engage", rule, &[], false)? {
                return Ok(());
            }
            if advance_into(ctx, f, pid, to, ShockBy::Engage, rule)? {
                let k = f.unit_of(pid).expect("here");
                let ts = adjacent(f, k);
                if let Some(t) =
                    choose_target(ctx, f, pid, &ts, "Engage: fire at which Union Force?", rule)?
                {
                    let at = f.units[k_of(f, t).expect("here")].at();
                    face(ctx, f, pid, Formation::Line, at, rule);
                    let m = vec![Modifier::pair(1, 1, "Engage", rule)];
                    attack_on(ctx, f, pid, t, m, "Engage", rule)?;
                }
            }
        }
        PlanCounter::FightingRetreat => {
            let ts = adjacent(f, k);
            if f.range_to_enemy(k) != Some(1) || ts.is_empty() {
                hold(
                    ctx,
                    f,
                    k,
                    plan,
                    "not exactly 1 Square from the nearest Union Force",
                );
                return Ok(());
            }
            let prompt = "Fighting Retreat: fire at which Union Force?";
            let Some(t) = choose_target(ctx, f, pid, &ts, prompt, rule)? else {
                return Ok(());
            };
            let column = column_toward(f, k, f.units[k_of(f, t).expect("here")].at());
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
            attack_on(ctx, f, pid, t, vec![m], "Fighting Retreat", rule)?;
            // A12.3: step (ii) two Squares, through a friend if need be.
            retreat_two(ctx, f, pid, rule)?;
        }
        PlanCounter::Flank => {
            let target = f.units[k]
                .target
                .and_then(|t| k_of(f, t).map(|tk| (t, f.units[tk].at())));
            let Some((tpid, goal)) =
                target.filter(|(_, at)| Some(f.units[k].at().distance(*at)) == plan.aim_distance())
            else {
                hold(
                    ctx,
                    f,
                    k,
                    plan,
                    "not exactly 2 Squares from its declared target",
                );
                return Ok(());
            };
            // A10.2.14: through an empty Square or a friend's, never an
            // enemy's.
            let mut squares = steps_toward(f, k, goal, 1, true);
            squares.extend(through_toward(f, k, goal, 1));
            let Some(first) = choose_square(
                ctx,
                f,
                pid,
                &squares,
                ("Flank: Advance through which Square?", Move::Advance),
                rule,
            )?
            else {
                hold(
                    ctx,
                    f,
                    k,
                    plan,
                    "no Square without a Union Force on the way to its target",
                );
                return Ok(());
            };
            if !column_toward(f, k, first) && !activated(ctx, f, pid, "Flank", rule, &[], false)? {
                return Ok(());
            }
            let on = if f.any_at(first, Side::Confederate) {
                advance_through(ctx, f, pid, first, goal, ShockBy::Flank, rule)?
            } else {
                advance_into(ctx, f, pid, first, ShockBy::Flank, rule)?;
                let goal = f.units[k_of(f, tpid).expect("still here")].at();
                advance_into(ctx, f, pid, goal, ShockBy::Flank, rule)?
            };
            if !on {
                return Ok(());
            }
            let k = f.unit_of(pid).expect("here");
            let ts = adjacent(f, k);
            let prompt = "Flank: attack which Union Force?";
            if let Some(t) = choose_target(ctx, f, pid, &ts, prompt, rule)? {
                let mods = if column_toward(f, k, f.units[k_of(f, t).expect("here")].at()) {
                    vec![Modifier::pair(-2, -2, "Flank in Column", rule)]
                } else {
                    Vec::new()
                };
                attack_on(ctx, f, pid, t, mods, "Flank", rule)?;
            }
        }
        PlanCounter::RapidAdvance => {
            let target = f.units[k]
                .target
                .and_then(|t| k_of(f, t).map(|tk| (t, f.units[tk].at())));
            let Some((tpid, goal)) =
                target.filter(|(_, at)| Some(f.units[k].at().distance(*at)) == plan.aim_distance())
            else {
                hold(
                    ctx,
                    f,
                    k,
                    plan,
                    "not exactly 3 Squares from its declared target",
                );
                return Ok(());
            };
            // A10.2.14: the first Square may be a friend's to pass through.
            let mut squares = steps_toward(f, k, goal, 2, false);
            squares.extend(through_toward(f, k, goal, 2));
            let prompt = "Rapid Advance: Advance into which Square?";
            let Some(first) = choose_square(ctx, f, pid, &squares, (prompt, Move::Advance), rule)?
            else {
                hold(ctx, f, k, plan, "no Square on the way to its target");
                return Ok(());
            };
            let extra: &[(i32, &'static str, &'static str)] = if column_toward(f, k, first) {
                &[]
            } else {
                &[(-2, "Rapid Advance in Line", "12.3.9")]
            };
            if !activated(ctx, f, pid, "Rapid Advance", rule, extra, false)? {
                return Ok(());
            }
            if f.any_at(first, Side::Confederate) {
                let onward: Vec<Square> = march_squares_from(f, k, first)
                    .into_iter()
                    .filter(|s| s.distance(goal) == 1)
                    .collect();
                let prompt = "Rapid Advance: on into which Square?";
                let Some(second) =
                    choose_square(ctx, f, pid, &onward, (prompt, Move::Advance), rule)?
                else {
                    return Ok(());
                };
                if !advance_through(ctx, f, pid, first, second, ShockBy::March, rule)? {
                    return Ok(());
                }
            } else {
                if !advance_into(ctx, f, pid, first, ShockBy::March, rule)? {
                    return Ok(());
                }
                let k = f.unit_of(pid).expect("here");
                let goal = k_of(f, tpid).map_or(goal, |t| f.units[t].at());
                let squares = steps_toward(f, k, goal, 1, false);
                if let Some(second) =
                    choose_square(ctx, f, pid, &squares, (prompt, Move::Advance), rule)?
                    && !advance_into(ctx, f, pid, second, ShockBy::March, rule)?
                {
                    return Ok(());
                }
            }
            // A12.3: an attack at −1/−1 in Line toward a Union Force at
            // range 1; none in Column (A10.3).
            let k = f.unit_of(pid).expect("here");
            let ts: Vec<Slot> = adjacent(f, k)
                .into_iter()
                .filter(|&t| !column_toward(f, k, f.units[t].at()))
                .collect();
            let m = vec![Modifier::pair(-1, -1, "Rapid Advance in Line", rule)];
            fire(ctx, f, pid, &ts, m, "Rapid Advance", rule)?;
        }
        PlanCounter::RapidFire => {
            let ts = adjacent(f, k);
            let Some(t) =
                choose_target(ctx, f, pid, &ts, "Rapid Fire: at which Union Force?", rule)?
            else {
                hold(ctx, f, k, plan, "no Union Force in an adjacent Square");
                return Ok(());
            };
            let at = f.units[k_of(f, t).expect("here")].at();
            if column_toward(f, k, at) && !activated(ctx, f, pid, "Rapid Fire", rule, &[], false)? {
                return Ok(());
            }
            let first = Modifier::pair(-1, -1, "Rapid Fire, first attack", rule);
            attack_on(ctx, f, pid, t, vec![first], "Rapid Fire", rule)?;
            // A12.3: the second at the same Force; another at range 1 if
            // it is gone.
            let second = Modifier::pair(-2, -2, "Rapid Fire, second attack", rule);
            if k_of(f, t).is_some() {
                attack_on(ctx, f, pid, t, vec![second], "Rapid Fire", rule)?;
            } else if let Some(k) = f.unit_of(pid) {
                let ts = adjacent(f, k);
                fire(ctx, f, pid, &ts, vec![second], "Rapid Fire", rule)?;
            }
        }
        PlanCounter::Volley => {
            let ts = adjacent(f, k);
            let Some(t) = choose_target(ctx, f, pid, &ts, "Volley: at which Union Force?", rule)?
            else {
                hold(ctx, f, k, plan, "no Union Force in an adjacent Square");
                return Ok(());
            };
            let at = f.units[k_of(f, t).expect("here")].at();
            if column_toward(f, k, at) && !activated(ctx, f, pid, "Volley", rule, &[], false)? {
                return Ok(());
            }
            let m = vec![Modifier::pair(2, 0, "Volley", rule)];
            attack_on(ctx, f, pid, t, m, "Volley", rule)?;
        }
        PlanCounter::Formation | PlanCounter::Prepare => {}
    }
    Ok(())
}

fn change_formation(ctx: &mut Ctx, f: &mut Field, pid: PieceIx, rule: &'static str) {
    if let Some(k) = f.unit_of(pid) {
        f.units[k].formation = f.units[k].formation.other();
        note!(
            ctx,
            rule,
            "{} changes to {:?}.",
            f.label(ctx.board, k),
            f.units[k].formation
        );
    }
}

/// How far one step of a March took a Force.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Marched {
    /// It stopped (no Square, a failed check, a Shock attack).
    Stopped,
    /// One Square; it may go on.
    One,
    /// Two Squares, through a friend's (A10.2.14): the March is done.
    Two,
}

/// One Square of a March (A12.4): the Square chosen, an Activation check
/// in Line toward it (always for Artillery), then in or a Shock attack.
/// With `two` (Cavalry's two Squares) a friend's Square too, passed
/// through on into a second Square chosen then: both Activation checks
/// before it sets out, failing either it Holds where it is
/// (R-A10.2.14-through).
fn march_step(ctx: &mut Ctx, f: &mut Field, pid: PieceIx, prompt: &str, two: bool) -> R<Marched> {
    let Some(k) = f.unit_of(pid) else {
        return Ok(Marched::Stopped);
    };
    let mut squares = march_to(f, k);
    if two {
        squares.extend(cavalry_through(f, k));
    }
    let Some(to) = choose_square(ctx, f, pid, &squares, (prompt, Move::March), "A12.4")? else {
        return Ok(Marched::Stopped);
    };
    let must_roll = f.force_type(k) == ForceType::Artillery || !column_toward(f, k, to);
    if !f.any_at(to, Side::Confederate) {
        if must_roll && !activated(ctx, f, pid, "March", "A12.4", &[], true)? {
            return Ok(Marched::Stopped);
        }
        let on = advance_into(ctx, f, pid, to, ShockBy::March, "A12.4")?;
        return Ok(if on { Marched::One } else { Marched::Stopped });
    }
    let via = to;
    let onward = march_squares_from(f, k, via);
    let prompt = format!("March through Square {} on into which Square?", via.name());
    let Some(to) = choose_square(ctx, f, pid, &onward, (&prompt, Move::March), "A12.4")? else {
        return Ok(Marched::Stopped);
    };
    if must_roll && !activated(ctx, f, pid, "March", "A12.4", &[], true)? {
        return Ok(Marched::Stopped);
    }
    // A12.4: the second Square checked toward it, from the first.
    let line_on = via.formation_toward(f.units[k].formation, to) == Formation::Line;
    if line_on && !activated(ctx, f, pid, "March (second Square)", "A12.4", &[], true)? {
        return Ok(Marched::Stopped);
    }
    advance_through(ctx, f, pid, via, to, ShockBy::March, "A12.4")?;
    Ok(Marched::Two)
}

/// Resolve a Default Battle Plan on the Squares (A12.4).
pub fn run_default(ctx: &mut Ctx, f: &mut Field, pid: PieceIx, plan: DefaultPlan) -> R<()> {
    let k = f.unit_of(pid).expect("here");
    match plan {
        DefaultPlan::Hold => note!(ctx, "12.4.6", "{} Holds.", f.label(ctx.board, k)),
        DefaultPlan::Pivot => change_formation(ctx, f, pid, "12.4.4"),
        DefaultPlan::Fire => {
            let ts = targets(f, k);
            let Some(t) = choose_target(ctx, f, pid, &ts, "Fire at which Union Force?", "A12.4")?
            else {
                return Ok(());
            };
            // A12.4: Column toward the target must Activate; in Melee the
            // Formation on the sheet counts, Artillery fires as it stands
            // (R-A12.4-fire).
            let tk = k_of(f, t).expect("here");
            let column = match f.force_type(k) {
                ForceType::Artillery => false,
                _ if f.in_melee(k) => f.units[k].formation == Formation::Column,
                _ => column_toward(f, k, f.units[tk].at()),
            };
            if column && !activated(ctx, f, pid, "Fire", "A12.4", &[], true)? {
                return Ok(());
            }
            let what = if f.in_melee(k) {
                "Fire (Melee)"
            } else {
                "Fire"
            };
            attack_on(ctx, f, pid, t, Vec::new(), what, "A12.4")?;
        }
        DefaultPlan::MarchBack => defaults::march_back(ctx, f, pid, "A11.5")?,
        DefaultPlan::MarchOff => defaults::march_off(ctx, f, pid, "A12.4")?,
        DefaultPlan::Disrupt => {
            // A12.4: from Row F, without moving.
            if activated(ctx, f, pid, "Disrupt", "A12.4", &[], true)? {
                disrupt(ctx, f)?;
            }
        }
        DefaultPlan::March { change, then } => {
            let cavalry = f.force_type(k) == ForceType::Cavalry;
            if matches!(change, FormationChange::Before | FormationChange::Both) {
                change_formation(ctx, f, pid, "A12.4");
            }
            let two = cavalry && then == SecondMove::Another;
            let went = march_step(ctx, f, pid, "March into which Square?", two)?;
            if two && went == Marched::One {
                // A12.4: Cavalry's second Square, checked toward it again.
                march_step(ctx, f, pid, "March into which second Square?", false)?;
            }
            if matches!(change, FormationChange::After | FormationChange::Both)
                && f.unit_of(pid).is_some_and(|k| !f.in_melee(k))
            {
                change_formation(ctx, f, pid, "A12.4");
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::battle::advanced::testing::{k, run, sheet};
    use crate::rules::battle::turns::resolve::{act, act_options};
    use crate::rules::decision::Decision;

    /// A14.4 through the one list of answers (`turns::resolve::act_options`):
    /// a Force with a Battle Plan Counter is offered it alone; in Melee
    /// (A11.5) its Default Battle Plans instead, as is a Force without one.
    #[test]
    fn act_options_offer_the_counter_unless_in_melee() {
        let (b, mut f) = sheet(&[
            ("longstreet", "D5"),
            ("kearny", "D5"),
            ("holmes", "E2"),
            ("huger", "F3"),
        ]);
        let (lk, hk, gk) = (
            k(&b, &f, "longstreet"),
            k(&b, &f, "holmes"),
            k(&b, &f, "huger"),
        );
        f.units[lk].counter = Some(PlanCounter::Volley);
        f.units[hk].counter = Some(PlanCounter::Volley);
        let options = act_options(
            &f,
            &[lk, hk, gk],
            |k| f.in_melee(k),
            |k, options| {
                defaults(&b, &f, k)
                    .into_iter()
                    .for_each(act(options, f.id(k)))
            },
        );
        let of = |id: &str| -> Vec<Option<DefaultPlan>> {
            options
                .iter()
                .filter_map(|d| match d {
                    Decision::Act { force, plan } if force == id => Some(*plan),
                    _ => None,
                })
                .collect()
        };
        assert_eq!(of("holmes"), vec![None]);
        let in_melee: Vec<Option<DefaultPlan>> =
            defaults(&b, &f, lk).into_iter().map(Some).collect();
        assert!(in_melee.contains(&Some(DefaultPlan::Hold)));
        assert_eq!(of("longstreet"), in_melee);
        let free: Vec<Option<DefaultPlan>> = defaults(&b, &f, gk).into_iter().map(Some).collect();
        assert_eq!(of("huger"), free);
        assert_eq!(options.len(), 1 + in_melee.len() + free.len());
    }

    fn plans_of(at: &[(&str, &str)], id: &str) -> Vec<DefaultPlan> {
        let (b, f) = sheet(at);
        defaults(&b, &f, k(&b, &f, id))
    }

    /// A11.5: in Melee only Fire, Pivot, Hold and March back; A12.4
    /// Disrupt and March off only from Row F.
    #[test]
    fn default_battle_plans_on_the_squares() {
        let melee = plans_of(&[("longstreet", "D4"), ("kearny", "D4")], "longstreet");
        assert_eq!(
            melee,
            [
                DefaultPlan::Fire,
                DefaultPlan::MarchBack,
                DefaultPlan::Pivot,
                DefaultPlan::Hold
            ]
        );
        let far = plans_of(&[("longstreet", "E4"), ("kearny", "B4")], "longstreet");
        assert!(!far.contains(&DefaultPlan::Fire), "nobody adjacent");
        assert!(!far.contains(&DefaultPlan::MarchOff), "not in Row F");
        let back = plans_of(&[("longstreet", "F4"), ("kearny", "B4")], "longstreet");
        assert!(back.contains(&DefaultPlan::MarchOff));
    }

    /// A10.3's example: Longstreet in D5 (in Line) Volleys Smith in D4 (in
    /// Column toward him: an Activation check), or Slocum in C4 (Line: none).
    #[test]
    fn volley_checks_the_formation_toward_its_target_a10_3() {
        let at = [("longstreet", "D5"), ("smith", "D4"), ("slocum", "C4")];
        // At Smith: the Activation check (7: 6 passes), then the attack.
        let (mut b, mut f) = sheet(&at);
        let lk = k(&b, &f, "longstreet");
        f.units[lk].counter = Some(PlanCounter::Volley);
        let smith = b.index("smith").unwrap();
        let answer = vec![Decision::Target {
            force: "smith".into(),
        }];
        let (_, rolled) = run(&mut b, &[6, 5], answer, |ctx| {
            let pid = ctx.board.index("longstreet").unwrap();
            run_counter(ctx, &mut f, pid, PlanCounter::Volley).unwrap()
        });
        assert_eq!(rolled, 2, "Activation, then the attack");
        assert_eq!(
            b.pieces[smith].strength,
            crate::rules::components::Strength::Reduced
        );
        // At Slocum: no Activation check; 10 +2 Volley: a Hit on a 9.
        let (mut b, mut f) = sheet(&at);
        let slocum = b.index("slocum").unwrap();
        let answer = vec![Decision::Target {
            force: "slocum".into(),
        }];
        let (_, rolled) = run(&mut b, &[9], answer, |ctx| {
            let pid = ctx.board.index("longstreet").unwrap();
            run_counter(ctx, &mut f, pid, PlanCounter::Volley).unwrap()
        });
        assert_eq!(rolled, 1, "no Activation check in Line toward C4");
        assert_eq!(
            b.pieces[slocum].strength,
            crate::rules::components::Strength::Reduced
        );
    }
}
