//! 11.9–11.11 Hits on the sheet, whatever its geometry: which Force a Hit
//! falls on (lowest Skill Level, ties by the dice), Suffering Hits with
//! Close Ranks and Heavy Fire, destroyed and captured Forces, and Melee's
//! loss of Battle Plan Counters (11.5).

use super::activation::activate;
use super::{R, Sheet, k_of};
use crate::campaign::{ForceType, Side};
use crate::rules::battle::endings::capture_artillery;
use crate::rules::battle::field::{Field, Slot, Unit};
use crate::rules::battle::terms::Formation;
use crate::rules::board::{Board, HitResult, PieceIx, label};
use crate::rules::components::{SpecialBattlePlan, Strength};
use crate::rules::ctx::Ctx;

/// Where a Hit comes from: Heavy Fire and Close Ranks care (14.1.1, 14.1.10).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HitSource {
    Attack,
    ShockOrDefensiveFire,
    OffBoard,
}

/// Remove a unit from the sheet (its counter is elsewhere now).
pub fn off_sheet<P: Copy + Eq>(f: &mut Field<P>, pid: PieceIx) {
    if let Some(k) = k_of(f, pid) {
        f.units.remove(k);
    }
}

/// Destroy a unit (11.11); in Melee an Artillery Force is captured instead
/// (11.5).
pub fn destroy<P: Sheet>(ctx: &mut Ctx, f: &mut Field<P>, pid: PieceIx, rule: &'static str) {
    ctx.board.destroy(pid, ctx.chronicle, rule);
    off_sheet(f, pid);
    ctx.frame(f, |b| format!("{} is destroyed", label(&b.pieces[pid])));
}

/// Infantry and Cavalry; Artillery cannot Retreat (11.1.1, 11.1.2) and
/// Static Forces are destroyed instead (11.4.2).
pub fn can_retreat(ty: ForceType) -> bool {
    matches!(ty, ForceType::Infantry | ForceType::Cavalry)
}

/// Hard Cover leaves a Force that moves, retreats or is destroyed (14.1.2).
pub fn release_hard_cover<P: Copy + Eq>(ctx: &mut Ctx, f: &mut Field<P>, pid: PieceIx) {
    if let Some(k) = k_of(f, pid)
        && f.units[k].hard_cover
    {
        f.units[k].hard_cover = false;
        f.cup.push(SpecialBattlePlan::HardCover);
        note!(ctx, "14.1.2", "Hard Cover returns to the cup.");
    }
}

/// A Force that moves leaves Hard Cover (14.1.2) and Entrench (10.2.12.3)
/// behind.
pub fn leave_place<P: Copy + Eq>(ctx: &mut Ctx, f: &mut Field<P>, pid: PieceIx) {
    release_hard_cover(ctx, f, pid);
    if let Some(k) = k_of(f, pid)
        && f.units[k].entrench
    {
        f.units[k].entrench = false;
        note!(ctx, "10.2.12.3", "Entrench is removed: its Force moves.");
    }
}

/// Lowest Skill Level among units; ties broken by the dice. None if empty.
pub fn lowest_skill_random<P: Copy + Eq>(
    ctx: &mut Ctx,
    f: &Field<P>,
    ks: &[Slot],
    rule: &'static str,
    what: &str,
) -> R<Option<Slot>> {
    pick_by_skill(ctx, f, ks, rule, what, false)
}

pub fn pick_by_skill<P: Copy + Eq>(
    ctx: &mut Ctx,
    f: &Field<P>,
    ks: &[Slot],
    rule: &'static str,
    what: &str,
    highest: bool,
) -> R<Option<Slot>> {
    if ks.is_empty() {
        return Ok(None);
    }
    let skills = ks.iter().map(|&k| f.skill(ctx.board, k));
    let want = if highest { skills.max() } else { skills.min() }.expect("not empty");
    // Listed only when the dice must choose among equals.
    let mut tied = ks
        .iter()
        .copied()
        .filter(|&k| f.skill(ctx.board, k) == want);
    let first = tied.next().expect("the best is among them");
    if tied.next().is_none() {
        return Ok(Some(first));
    }
    let pieces: Vec<PieceIx> = ks
        .iter()
        .filter(|&&k| f.skill(ctx.board, k) == want)
        .map(|&k| f.units[k].piece)
        .collect();
    let chosen = ctx.pick_piece(rule, what, &pieces)?;
    Ok(f.unit_of(chosen))
}

/// One Hit on a unit (11.10), with Close Ranks (14.1.1) and Heavy Fire
/// (14.1.10). Returns whether the counter was destroyed.
pub fn hit<P: Sheet>(
    ctx: &mut Ctx,
    f: &mut Field<P>,
    pid: PieceIx,
    source: HitSource,
    rule: &'static str,
) -> R<bool> {
    let Some(k) = k_of(f, pid) else {
        return Ok(false);
    };
    let side = f.units[k].side;
    if side == Side::Union && f.effects.close_ranks > 0 {
        f.effects.close_ranks -= 1;
        note!(
            ctx,
            "14.1.1",
            "Close Ranks cancels the Hit on {} (14.1.1).",
            f.label(ctx.board, k)
        );
        return Ok(false);
    }
    let ty = f.force_type(k);
    let destroyed_next = ctx.board.pieces[pid].strength == Strength::Reduced
        || ctx.board.pieces[pid].force.reduced.is_none();
    if ty == ForceType::Artillery && f.in_melee(k) && destroyed_next {
        // 11.5: Artillery in Melee is captured when destroyed, whoever
        // fires the Hit and from wherever.
        capture_on_field(ctx, f, pid, rule);
        return Ok(true);
    }
    let result = ctx.board.hit(pid, ctx.chronicle, rule);
    let text = |b: &Board| format!("Hit on {}", label(&b.pieces[pid]));
    if result == HitResult::Destroyed {
        release_hard_cover(ctx, f, pid);
        off_sheet(f, pid);
        ctx.frame(f, text);
        return Ok(true);
    }
    ctx.frame(f, text);
    if side == Side::Confederate
        && f.effects.heavy_fire
        && source == HitSource::Attack
        && can_retreat(ty)
    {
        let ok = activate(ctx, f, pid, "Heavy Fire check", "14.1.10", &[])?;
        if !ok {
            P::push_back(ctx, f, pid, "14.1.10")?;
        }
    }
    Ok(false)
}

/// 5.9.1 on the sheet: the captured counter goes to the pile and the
/// captor's substitute takes its place in the same place on the sheet.
pub fn capture_on_field<P: Sheet>(
    ctx: &mut Ctx,
    f: &mut Field<P>,
    pid: PieceIx,
    rule: &'static str,
) {
    let Some(k) = k_of(f, pid) else { return };
    let at = f.units[k].at();
    let captor = f.units[k].side.other();
    let area = f.area.clone();
    let before: Vec<PieceIx> = ctx.board.side_in_area(&area, captor);
    capture_artillery(ctx, pid, &area, rule);
    off_sheet(f, pid);
    // The substitute (if any) is the captor's counter newly in the area.
    for i in ctx.board.side_in_area(&area, captor) {
        if !before.contains(&i) && f.unit_of(i).is_none() {
            let at = P::substitute_at(f, at, captor);
            let mut substitute = Unit::new(ctx.board, i, captor, at, Formation::Line);
            substitute.acted = true;
            f.units.push(substitute);
        }
    }
    // A substitute among the enemy's Forces puts them in Melee.
    strip_melee_counters(ctx, f, at);
    ctx.frame(f, |b| format!("{} is captured", label(&b.pieces[pid])));
}

/// Confederate Forces sharing a place with Union Forces lose their Battle
/// Plan Counters (11.5, 12.2).
pub fn strip_melee_counters<P: Sheet>(ctx: &mut Ctx, f: &mut Field<P>, at: P) {
    if !f.any_at(at, Side::Union) {
        return;
    }
    for k in f.units_at(at, Side::Confederate) {
        if f.units[k].counter.take().is_some() {
            note!(
                ctx,
                "11.5",
                "{} is in Melee: its Battle Plan Counter is removed (11.5).",
                f.label(ctx.board, k)
            );
        }
        f.units[k].cover = false;
    }
}
