//! 11.3–11.11 on the Battlefield Sheet: moves and retreats, the target of
//! a Shock attack (its Defensive Fire and Shock checks with the Shock Check
//! Modifiers Table are `turns::shock`, shared with the Squares), Melee,
//! Ranged and Artillery attacks, Hit allocation, capacity overflow.

use super::field::*;
use crate::campaign::{ForceType, Side};
use crate::chronicle::Modifier;
use crate::rules::battle::awards::first_entry;
use crate::rules::battle::field::Slot;
use crate::rules::battle::ground::Region;
use crate::rules::battle::terms::Formation;
use crate::rules::battle::turns::ask_on;
use crate::rules::board::{PieceIx, label};
use crate::rules::ctx::Ctx;
use crate::rules::decision::Decision;

pub use crate::rules::battle::turns::activation::*;
pub use crate::rules::battle::turns::attack::{defence_modifiers, range_modifier, roll_attack};
pub use crate::rules::battle::turns::end::exit_sheet;
pub use crate::rules::battle::turns::hits::*;
pub use crate::rules::battle::turns::{R, k_of};

/// Put a unit in a Region, counting the first entries that give Command
/// Points (15.3, 18.4).
pub fn enter(ctx: &mut Ctx, f: &mut Field, pid: PieceIx, to: Region) {
    let Some(k) = k_of(f, pid) else { return };
    let entered = f.units[k].at() != to;
    f.units.set_at(k, to);
    // However a Force comes in (advance, retreat), Melee strips counters.
    strip_melee_counters(ctx, f, to);
    if entered {
        let side = f.units[k].side;
        first_entry(ctx, &mut f.entries, side, to, || {
            format!("the {}", to.name())
        });
    }
}

/// How a retreat treats a full Region or the edge of the sheet.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RetreatKind {
    /// 11.4.2: destroyed if the Region is full or it is in its own Reserve.
    ShockFailure,
    /// 14.5 Rout: off the sheet from the Reserve, destroyed if the Region is full.
    Rout,
    /// 14.1.9 / 14.1.10: the lowest-Skill Force already there retreats in
    /// turn (never destroyed); off the sheet from the Reserve.
    Push,
    /// A move the player chose (Fighting Retreat, March back): it stops
    /// before a full Region; off the sheet from the Reserve.
    Ordered,
}

/// Retreat a unit one Region (11.3).
pub fn retreat(
    ctx: &mut Ctx,
    f: &mut Field,
    pid: PieceIx,
    kind: RetreatKind,
    rule: &'static str,
) -> R<()> {
    let Some(k) = k_of(f, pid) else { return Ok(()) };
    let u = f.units[k].clone();
    let ty = f.force_type(k);
    if !ty.is_mobile() {
        note!(
            ctx,
            rule,
            "{} cannot retreat: a Static Force is destroyed.",
            f.label(ctx.board, k)
        );
        destroy(ctx, f, pid, rule);
        return Ok(());
    }
    // A counter on a Force ordered back is removed (12.3.3 Cover etc.);
    // Entrench and Hard Cover only once it moves (10.2.12.3, 14.1.2).
    f.units[k].counter = None;
    f.units[k].cover = false;
    let unfix = |ctx: &mut Ctx, f: &mut Field| {
        if let Some(k) = k_of(f, pid)
            && f.units[k].entrench
        {
            f.units[k].entrench = false;
            note!(ctx, "10.2.12.3", "Entrench is removed: its Force moves.");
        }
        release_hard_cover(ctx, f, pid);
    };
    let to = u.at().retreat(u.side);
    // Into a full Region an ordered retreat stops, and a push stops when
    // nobody there can move back in turn.
    let stays = to.is_some_and(|to| {
        !f.has_room(to, u.side)
            && match kind {
                RetreatKind::Ordered => true,
                RetreatKind::Push => !f
                    .units_at(to, u.side)
                    .into_iter()
                    .any(|j| can_retreat(f.force_type(j))),
                _ => false,
            }
    });
    if !stays {
        unfix(ctx, f);
    }
    match to {
        None => match kind {
            RetreatKind::ShockFailure => {
                note!(
                    ctx,
                    rule,
                    "{} must retreat from its own Reserve: it is destroyed (11.4.2).",
                    f.label(ctx.board, k)
                );
                destroy(ctx, f, pid, rule);
            }
            _ => exit_sheet(ctx, f, pid, rule)?,
        },
        Some(to) => {
            if f.has_room(to, u.side) {
                enter(ctx, f, pid, to);
                note!(
                    ctx,
                    rule,
                    "{} retreats to the {}.",
                    f.label(ctx.board, k_of(f, pid).expect("moved")),
                    to.name()
                );
            } else {
                match kind {
                    RetreatKind::ShockFailure | RetreatKind::Rout => {
                        note!(
                            ctx,
                            rule,
                            "The {} is full: {} is destroyed.",
                            to.name(),
                            f.label(ctx.board, k)
                        );
                        destroy(ctx, f, pid, rule);
                    }
                    RetreatKind::Ordered => {
                        note!(
                            ctx,
                            rule,
                            "The {} is full: {} stays where it is.",
                            to.name(),
                            f.label(ctx.board, k)
                        );
                    }
                    RetreatKind::Push => {
                        // Another Force of the lowest Skill Level already
                        // there retreats in turn (14.1.9, 14.1.10); Artillery
                        // cannot (11.1.1), and with only Artillery there the
                        // Force stays.
                        let others: Vec<Slot> = f
                            .units_at(to, u.side)
                            .into_iter()
                            .filter(|&j| can_retreat(f.force_type(j)))
                            .collect();
                        if others.is_empty() {
                            note!(
                                ctx,
                                rule,
                                "The {} is full and nobody there can retreat: {} stays where it is.",
                                to.name(),
                                f.label(ctx.board, k)
                            );
                            ctx.frame(f, |b| format!("{} holds", label(&b.pieces[pid])));
                            return Ok(());
                        }
                        enter(ctx, f, pid, to);
                        note!(
                            ctx,
                            rule,
                            "{} retreats to the {}.",
                            f.label(ctx.board, k_of(f, pid).expect("moved")),
                            to.name()
                        );
                        if let Some(next) = lowest_skill_random(
                            ctx,
                            f,
                            &others,
                            rule,
                            "Pushed back by the crowding",
                        )? {
                            let npid = f.units[next].piece;
                            retreat(ctx, f, npid, RetreatKind::Push, rule)?;
                        }
                    }
                }
            }
        }
    }
    // Once any crowding is resolved, so that every frame keeps 10.2.14.
    ctx.frame(f, |b| format!("{} retreats", label(&b.pieces[pid])));
    Ok(())
}

/// 14.5 (12.4.5, 14.2.3): every Routed Mobile Force of `side` that has not
/// acted retreats one Region in Column, rear first, so that a Region is
/// crowded only by the Routed Forces arriving together; when they exceed
/// its room the lowest Skill Level among them is destroyed (ties: the
/// player chooses among Confederates, the dice among Union Forces).
pub fn rout_retreat(ctx: &mut Ctx, f: &mut Field, side: Side, rule: &'static str) -> R<()> {
    for r in Region::rear_to_front(side) {
        let mut movers: Vec<PieceIx> = f
            .side(side)
            .filter(|&k| f.units[k].at() == r && !f.units[k].acted && can_retreat(f.force_type(k)))
            .map(|k| f.units[k].piece)
            .collect();
        for &pid in &movers {
            let k = k_of(f, pid).expect("on the sheet");
            f.units[k].acted = true;
            f.units[k].formation = Formation::Column;
        }
        if let Some(to) = r.retreat(side)
            && let Some(cap) = to.capacity()
        {
            let room = cap.saturating_sub(f.mobile_count(to, side));
            while movers.len() > room {
                let pid = crowd_loss(ctx, f, &movers, to, rule)?;
                note!(
                    ctx,
                    rule,
                    "The {} cannot take every Routed Force: {} is destroyed (lowest Skill Level, 14.5).",
                    to.name(),
                    ctx.board.label(pid)
                );
                release_hard_cover(ctx, f, pid);
                destroy(ctx, f, pid, rule);
                movers.retain(|&p| p != pid);
            }
        }
        for pid in movers {
            retreat(ctx, f, pid, RetreatKind::Rout, rule)?;
        }
    }
    Ok(())
}

/// The lowest-Skill Force among `pieces` crowding into `to` (14.5): among
/// equals the Confederate player chooses his own, the dice the Union's.
fn crowd_loss(
    ctx: &mut Ctx,
    f: &Field,
    pieces: &[PieceIx],
    to: Region,
    rule: &'static str,
) -> R<PieceIx> {
    let lowest = pieces
        .iter()
        .map(|&p| ctx.board.pieces[p].force.skill)
        .min()
        .expect("more Forces than room");
    let tied: Vec<PieceIx> = pieces
        .iter()
        .copied()
        .filter(|&p| ctx.board.pieces[p].force.skill == lowest)
        .collect();
    if tied.len() == 1 {
        return Ok(tied[0]);
    }
    if ctx.board.pieces[tied[0]].force.side == Side::Union {
        return ctx.pick_piece(rule, "The crowding destroys", &tied);
    }
    let options = tied
        .iter()
        .map(|&p| Decision::CrowdLoss {
            force: *ctx.board.pieces[p].id(),
        })
        .collect();
    let prompt = format!(
        "The {} cannot take every Routed Force: which of them is destroyed?",
        to.name()
    );
    match ask_on(ctx, f, rule, prompt, options)? {
        Decision::CrowdLoss { force } => Ok(ctx.board.index(&force).expect("offered")),
        _ => unreachable!("ask returns an offered option"),
    }
}

/// Apply `hits` from an attack to the target Region: to `first` if the
/// attack was made against it, then lowest Skill Level first (Union melee attacks: highest, 11.5), ties by the dice; a second Hit
/// in Melee with nobody left goes to an adjacent Region; Artillery Hits go on
/// to the next farthest Region with enemy Forces (11.7).
#[allow(clippy::too_many_arguments)]
pub fn allocate(
    ctx: &mut Ctx,
    f: &mut Field,
    attacker: Side,
    region: Region,
    hits: u32,
    melee: bool,
    artillery_from: Option<Region>,
    first: Option<PieceIx>,
    rule: &'static str,
) -> R<Option<PieceIx>> {
    let defender = attacker.other();
    let mut region = region;
    let mut hit_first = first;
    if let Some(pid) = first {
        // The Force the attack was made against takes the first Hit.
        hit(ctx, f, pid, HitSource::Attack, rule)?;
    }
    for n in u32::from(first.is_some())..hits {
        let mut targets = f.units_at(region, defender);
        if targets.is_empty() {
            let next = if melee {
                // 11.9: the second Hit goes to an adjacent Region.
                region.neighbours(attacker).find(|r| f.any_at(*r, defender))
            } else if let Some(from) = artillery_from {
                // 11.7: the next farthest Region with opposing Forces.
                let at = Occupancy::regions_of(f);
                Region::ALL
                    .into_iter()
                    .filter(|r| r.distance(from) > region.distance(from))
                    .filter(|r| at.any(*r, defender) && !at.melee(*r))
                    .min_by_key(|r| r.distance(from))
            } else {
                None
            };
            match next {
                Some(r) => {
                    region = r;
                    targets = f.units_at(region, defender);
                }
                None => {
                    note!(
                        ctx,
                        rule,
                        "{}",
                        if hits - n == 1 {
                            "1 Hit finds no target and is lost.".to_string()
                        } else {
                            format!("{} Hits find no target and are lost.", hits - n)
                        }
                    );
                    return Ok(hit_first);
                }
            }
        }
        let highest = melee && attacker == Side::Union;
        let Some(t) = pick_by_skill(ctx, f, &targets, rule, "The Hit falls on", highest)? else {
            return Ok(hit_first);
        };
        let pid = f.units[t].piece;
        hit_first.get_or_insert(pid);
        hit(ctx, f, pid, HitSource::Attack, rule)?;
    }
    Ok(hit_first)
}

/// The Force an attack on `region` is made against: the one its first Hit
/// falls on (the lowest Skill Level; the highest for a Union Melee attack,
/// 11.5), whose Entrench, Cover or Hard Cover count. Among equals
/// whose modifiers differ the dice choose it before the roll; among equals
/// alike it does not matter which, and the Hit's own choice is made later.
/// The second value is the unit chosen before the roll, if any.
fn attacked(
    ctx: &mut Ctx,
    f: &Field,
    attacker: Side,
    region: Region,
    highest: bool,
    rule: &'static str,
) -> R<(Option<Slot>, Option<Slot>)> {
    let targets = f.units_at(region, attacker.other());
    let skills = targets.iter().map(|&k| f.skill(ctx.board, k));
    let Some(want) = (if highest { skills.max() } else { skills.min() }) else {
        return Ok((None, None));
    };
    let tied: Vec<Slot> = targets
        .into_iter()
        .filter(|&k| f.skill(ctx.board, k) == want)
        .collect();
    let marks = |k: Slot| {
        let u = &f.units[k];
        (u.entrench, u.cover, u.hard_cover)
    };
    if tied.iter().all(|&k| marks(k) == marks(tied[0])) {
        return Ok((Some(tied[0]), None));
    }
    let pieces: Vec<PieceIx> = tied.iter().map(|&k| f.units[k].piece).collect();
    let chosen = ctx.pick_piece(rule, "The attack is made against", &pieces)?;
    let k = f.unit_of(chosen);
    Ok((k, k))
}

/// Roll one attack by a unit on a Region and apply its Hits.
#[allow(clippy::too_many_arguments)]
pub fn attack(
    ctx: &mut Ctx,
    f: &mut Field,
    pid: PieceIx,
    region: Region,
    mods: Vec<Modifier>,
    what: &str,
    rule: &'static str,
) -> R<u32> {
    Ok(attack_against(ctx, f, pid, region, None, mods, what, rule)?.0)
}

/// [`attack`], made against the Force `against` when it is still in the
/// Region (Rapid Fire's second attack, 12.3.10); returns the Hits and the
/// Force it was made against: the one chosen before the roll or
/// else the one its first Hit fell on.
#[allow(clippy::too_many_arguments)]
pub fn attack_against(
    ctx: &mut Ctx,
    f: &mut Field,
    pid: PieceIx,
    region: Region,
    against: Option<PieceIx>,
    mut mods: Vec<Modifier>,
    what: &str,
    rule: &'static str,
) -> R<(u32, Option<PieceIx>)> {
    let Some(k) = k_of(f, pid) else {
        return Ok((0, None));
    };
    let side = f.units[k].side;
    let from = f.units[k].at();
    let melee = from == region;
    let ty = f.force_type(k);
    if melee {
        mods.push(Modifier::pair(3, 3, "Melee combat", "11.5"));
    }
    let artillery = matches!(ty, ForceType::Artillery | ForceType::Fortification);
    if artillery && !melee {
        let range = region.distance(from);
        let r = range_modifier(range);
        mods.push(Modifier::pair(
            r,
            r,
            Modifier::range_source(range),
            "11.7.2",
        ));
    }
    let highest = melee && side == Side::Union;
    let (target, chosen) = match against
        .and_then(|p| k_of(f, p))
        .filter(|&t| f.units[t].at() == region)
    {
        Some(t) => (Some(t), Some(t)),
        None => attacked(ctx, f, side, region, highest, rule)?,
    };
    mods.extend(defence_modifiers(f, side, target));
    let first = chosen.map(|k| f.units[k].piece);
    let hits = roll_attack(ctx, pid, mods, what, region, rule)?;
    let mut against = first;
    if hits > 0 {
        against = allocate(
            ctx,
            f,
            side,
            region,
            hits,
            melee,
            if artillery { Some(from) } else { None },
            first,
            rule,
        )?;
    }
    Ok((hits, against))
}

pub use crate::rules::battle::turns::shock::{ShockBy, ShockResult, shock_on};

/// A Shock attack by `pid` into `region` (11.4): on its lowest Skill
/// Level, the attacker's side choosing among equals, then [`shock_on`]. `spent` lists the
/// Forces earlier Charge! attacks this turn went against: each later one
/// goes against the next higher Skill Level (14.1.3); the target is added.
pub fn shock(
    ctx: &mut Ctx,
    f: &mut Field,
    pid: PieceIx,
    region: Region,
    by: ShockBy,
    spent: &mut Vec<PieceIx>,
) -> R<ShockResult> {
    let k = k_of(f, pid).expect("on the sheet");
    let side = f.units[k].side;
    let mut defenders = f.units_at(region, side.other());
    // once every Force there has faced a charger, round again.
    if defenders
        .iter()
        .any(|&d| !spent.contains(&f.units[d].piece))
    {
        defenders.retain(|&d| !spent.contains(&f.units[d].piece));
    }
    // 11.4: the lowest Skill Level defends; among equals the attacker's
    // side chooses (the player; the dice for the Union).
    let lowest = defenders
        .iter()
        .map(|&d| f.skill(ctx.board, d))
        .min()
        .expect("a Region with enemies");
    let tied: Vec<Slot> = defenders
        .iter()
        .copied()
        .filter(|&d| f.skill(ctx.board, d) == lowest)
        .collect();
    let target = if tied.len() == 1 {
        tied[0]
    } else if side == Side::Confederate {
        let options = tied
            .iter()
            .map(|&d| Decision::ShockTarget { force: f.id(d) })
            .collect();
        match ask_on(
            ctx,
            f,
            "11.4",
            "Which Union Force of the lowest Skill Level receives the Shock attack?",
            options,
        )? {
            Decision::ShockTarget { force } => f
                .unit_of(ctx.board.index(&force).expect("offered"))
                .expect("on the sheet"),
            _ => unreachable!(),
        }
    } else {
        lowest_skill_random(ctx, f, &tied, "11.4", "The Shock attack falls on")?.expect("not empty")
    };
    spent.push(f.units[target].piece);
    shock_on(ctx, f, pid, target, by)
}

/// Move a unit into `region` (11.3 Advance, 12.4.3 Disrupt): Hard Cover
/// (14.1.2) and Entrench (10.2.12.3) stay behind.
pub fn move_into(ctx: &mut Ctx, f: &mut Field, pid: PieceIx, region: Region) {
    if k_of(f, pid).is_none() {
        return;
    }
    leave_place(ctx, f, pid);
    enter(ctx, f, pid, region);
    ctx.frame(f, |b| {
        format!("{} enters the {}", label(&b.pieces[pid]), region.name())
    });
}
