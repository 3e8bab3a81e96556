//! A11.0, A11.3, A11.4.2, A14.1, A14.5 Forces moving on the Squares:
//! entering a Square (first entries, Melee), a move leaving Hard Cover and
//! Entrench behind, and every kind of Retreat, into an empty Square or off
//! the sheet, or the Force destroyed.

use super::field::Field;
use super::movement::{Retreat, retreat as retreat_squares, retreat_through};
use crate::campaign::Side;
use crate::rules::battle::awards::first_entry;
use crate::rules::battle::ground::Square;
use crate::rules::battle::terms::Formation;
use crate::rules::battle::turns::end::exit_sheet;
use crate::rules::battle::turns::hits::{can_retreat, destroy, leave_place, strip_melee_counters};
use crate::rules::battle::turns::{R, ask_about, k_of};
use crate::rules::board::{Board, PieceIx, label};
use crate::rules::ctx::Ctx;
use crate::rules::decision::{About, Decision, Move};

/// Put a unit in a Square, counting the first entries that give Command
/// Points by Row, as the Regions the Rows stand for (15.3, 18.4, A10.2.14).
pub fn enter(ctx: &mut Ctx, f: &mut Field, pid: PieceIx, to: Square) {
    let Some(k) = k_of(f, pid) else { return };
    // 18.4 "first enters": a move within a Row enters none.
    let entered = f.units[k].at().region() != to.region();
    f.units.set_at(k, to);
    f.units[k].passing = false;
    // However a Force comes in (advance, retreat), Melee strips counters.
    strip_melee_counters(ctx, f, to);
    if entered {
        let (side, region) = (f.units[k].side, to.region());
        first_entry(ctx, &mut f.entries, side, region, || {
            format!("Row {} (the {})", Square::row_letter(region), region.name())
        });
    }
}

/// A move into a Square (A11.0 March and Advance, A11.3): Hard Cover
/// (14.1.2) and Entrench (10.2.12.3) stay behind.
pub fn move_into(ctx: &mut Ctx, f: &mut Field, pid: PieceIx, to: Square) {
    if k_of(f, pid).is_none() {
        return;
    }
    leave_place(ctx, f, pid);
    enter(ctx, f, pid, to);
    ctx.frame(f, |b| {
        format!("{} enters Square {}", label(&b.pieces[pid]), to.name())
    });
}

/// A10.2.14: "A Friendly Force may move through a Square containing
/// another Friendly Force". The Force passes through `via`, a friend's
/// Square, on a move of two Squares; it never stops there (A11.0), so no
/// frame is drawn of it there.
pub fn pass_through(ctx: &mut Ctx, f: &mut Field, pid: PieceIx, via: Square, rule: &'static str) {
    let Some(k) = k_of(f, pid) else { return };
    let side = f.units[k].side;
    let friend = f
        .units_at(via, side)
        .into_iter()
        .find(|&j| j != k)
        .map(|j| f.label(ctx.board, j));
    leave_place(ctx, f, pid);
    enter(ctx, f, pid, via);
    if let Some(k) = k_of(f, pid) {
        f.units[k].passing = true;
    }
    note!(
        ctx,
        rule,
        "{} passes through Square {}{} (A10.2.14).",
        label(&ctx.board.pieces[pid]),
        via.name(),
        friend.map_or(String::new(), |n| format!(" (held by {n})"))
    );
}

/// A11.0: "Forces must March, Advance or Retreat into Squares vacant of
/// friendly Forces." A Force stopped in `via`, the friend's Square it was
/// passing through (its Shock attack not begun, repulsed), goes back to
/// `from`, where it set out (R-A10.2.14-through).
pub fn back_from_friend(
    ctx: &mut Ctx,
    f: &mut Field,
    pid: PieceIx,
    via: Square,
    from: Square,
    rule: &'static str,
) {
    let Some(k) = k_of(f, pid) else { return };
    f.units[k].passing = false;
    if f.units[k].at() != via {
        return;
    }
    f.units.set_at(k, from);
    note!(
        ctx,
        rule,
        "{} cannot stop in Square {}, a friend's: it goes back to Square {} (R-A10.2.14-through).",
        f.label(ctx.board, k),
        via.name(),
        from.name()
    );
    ctx.frame(f, |b| {
        format!(
            "{} goes back to Square {}",
            label(&b.pieces[pid]),
            from.name()
        )
    });
}

/// A12.3 Fighting Retreat, step (ii): "Retreat 2 Squares". When no Square
/// behind is empty the Force may retreat through a friend's Square to an
/// empty one behind it (A10.2.14; the player's choice among several);
/// otherwise two Retreats of one Square, stopping where none is empty.
pub fn retreat_two(ctx: &mut Ctx, f: &mut Field, pid: PieceIx, rule: &'static str) -> R<()> {
    let Some(k) = k_of(f, pid) else { return Ok(()) };
    if can_retreat(f.force_type(k)) && retreat_squares(f, k) == Retreat::Destroyed {
        let through = retreat_through(f, k);
        let via = match through.as_slice() {
            [] => None,
            [one] => Some(*one),
            _ => {
                let options = through
                    .iter()
                    .map(|&square| Decision::MarchInto { square })
                    .collect();
                let prompt = move |b: &Board| {
                    format!("{} retreats through which friend's Square?", b.label(pid))
                };
                let about = About::force(f.id(k)).moving(Move::Retreat);
                match ask_about(ctx, f, rule, prompt, options, about)? {
                    Decision::MarchInto { square } => Some(square),
                    other => unreachable!("not offered: {other:?}"),
                }
            }
        };
        if let Some(via) = via {
            if let Some(k) = k_of(f, pid) {
                f.units[k].counter = None;
                f.units[k].cover = false;
            }
            pass_through(ctx, f, pid, via, rule);
            return retreat(ctx, f, pid, RetreatKind::Ordered, rule);
        }
    }
    for _ in 0..2 {
        if f.unit_of(pid).is_some() {
            retreat(ctx, f, pid, RetreatKind::Ordered, rule)?;
        }
    }
    Ok(())
}

/// Why a Force Retreats, which decides what a Retreat with nowhere to go
/// does (R-A11.0-retreats).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RetreatKind {
    /// A11.4.2: a failed Shock check. No empty Square: destroyed; from
    /// the own Reserve Row, destroyed too (as 11.4.2).
    ShockFailure,
    /// A14.1 Heavy Fire and Broken: no empty Square, destroyed; from the
    /// own Reserve Row, off the sheet to the campaign map.
    Pushed,
    /// A14.5 Rout: no empty Square, destroyed; from the own Reserve Row,
    /// off the sheet (14.5).
    Rout,
    /// A move the player chose (Fighting Retreat, March back, A12.3,
    /// A11.5): it stops where no Square is empty; off the sheet from Row
    /// F (14.5.1).
    Ordered,
}

/// Retreat a unit one Square toward its own edge (A11.0, A11.3): straight
/// back, else diagonally back (R-A11.3-retreat), the player choosing among
/// Squares for a Confederate Force, the dice for a Union one.
pub fn retreat(
    ctx: &mut Ctx,
    f: &mut Field,
    pid: PieceIx,
    kind: RetreatKind,
    rule: &'static str,
) -> R<()> {
    let Some(k) = k_of(f, pid) else { return Ok(()) };
    let name = f.label(ctx.board, k);
    if !can_retreat(f.force_type(k)) {
        // Static Forces do not retreat and are destroyed (A11.4.2); nor
        // does Artillery (11.1.1, A11.1.2).
        note!(ctx, rule, "{name} cannot retreat: it is destroyed.");
        destroy(ctx, f, pid, rule);
        return Ok(());
    }
    let side = f.units[k].side;
    match retreat_squares(f, k) {
        Retreat::OffSheet => match kind {
            RetreatKind::ShockFailure => {
                note!(
                    ctx,
                    rule,
                    "{name} must retreat from its own Reserve Row: it is destroyed (A11.4.2, 11.4.2)."
                );
                destroy(ctx, f, pid, rule);
            }
            _ => {
                leave_place(ctx, f, pid);
                exit_sheet(ctx, f, pid, rule)?;
            }
        },
        Retreat::Destroyed => match kind {
            RetreatKind::Ordered => {
                note!(
                    ctx,
                    rule,
                    "No empty Square behind {name}: it stays where it is (R-A11.0-retreats)."
                );
            }
            _ => {
                note!(
                    ctx,
                    rule,
                    "No empty Square behind {name}: it is destroyed instead (A11.0)."
                );
                destroy(ctx, f, pid, rule);
            }
        },
        Retreat::Into(squares) => {
            let to = if squares.len() == 1 {
                squares[0]
            } else if side == Side::Confederate {
                let options = squares
                    .iter()
                    .map(|&square| Decision::MarchInto { square })
                    .collect();
                let prompt = format!("{name} retreats: into which Square?");
                let about = About::force(f.id(k)).moving(Move::Retreat);
                match ask_about(ctx, f, rule, prompt, options, about)? {
                    Decision::MarchInto { square } => square,
                    other => unreachable!("not offered: {other:?}"),
                }
            } else {
                let i = crate::dice::pick_logged(
                    ctx.dice,
                    ctx.chronicle,
                    "A11.3",
                    &format!("{name} retreats into"),
                    squares.len(),
                    |i| squares[i].name(),
                )?;
                squares[i]
            };
            let k = k_of(f, pid).expect("here");
            f.units[k].counter = None;
            f.units[k].cover = false;
            leave_place(ctx, f, pid);
            enter(ctx, f, pid, to);
            note!(ctx, rule, "{name} retreats into Square {}.", to.name());
        }
    }
    ctx.frame(f, |b| format!("{} retreats", label(&b.pieces[pid])));
    Ok(())
}

/// A14.5 (A12.4 Retreat, A14.2 Retreat): every Routed Mobile Force of
/// `side` that has not acted changes to Column and Retreats one Square into
/// an empty Square, or is destroyed; the rearmost first, so that each finds
/// the Squares the ones behind it left.
pub fn rout_retreat(ctx: &mut Ctx, f: &mut Field, side: Side, rule: &'static str) -> R<()> {
    let mut movers: Vec<(i32, PieceIx)> = f
        .side(side)
        .filter(|&k| !f.units[k].acted && can_retreat(f.force_type(k)))
        .map(|k| (f.units[k].at().row(), f.units[k].piece))
        .collect();
    // Rear first: Row F first for the Confederates, Row A for the Union.
    movers.sort_by_key(|&(row, _)| match side {
        Side::Confederate => -row,
        Side::Union => row,
    });
    for (_, pid) in movers {
        let Some(k) = k_of(f, pid) else { continue };
        f.units[k].acted = true;
        f.units[k].formation = Formation::Column;
        retreat(ctx, f, pid, RetreatKind::Rout, rule)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::battle::advanced::testing::{k, run, sheet, sq};

    /// A14.5: a Routed Force retreats into an empty Square; one with none
    /// behind it is destroyed; from Row F it leaves the sheet.
    #[test]
    fn routed_forces_retreat_into_empty_squares_or_are_destroyed() {
        // Row E behind Longstreet full, Row F empty.
        let (mut b, mut f) = sheet(&[
            ("longstreet", "D4"),
            ("ap-hill", "E3"),
            ("magruder", "E4"),
            ("huger", "E5"),
            ("kearny", "B4"),
        ]);
        f.routed = Some(Side::Confederate);
        let (_, rolled) = run(&mut b, &[], Vec::new(), |ctx| {
            rout_retreat(ctx, &mut f, Side::Confederate, "A14.5").unwrap()
        });
        // The Row E Forces stepped back into Row F first, and Longstreet
        // then found E4 empty.
        assert_eq!(rolled, 0);
        assert_eq!(f.units[k(&b, &f, "magruder")].at(), sq("F4"));
        assert_eq!(f.units[k(&b, &f, "longstreet")].at(), sq("E4"));
        assert!(
            f.side(Side::Confederate)
                .all(|k| f.units[k].formation == Formation::Column)
        );
        // With every Square behind him taken, a Routed Force is destroyed.
        let (mut b, mut f) = sheet(&[
            ("longstreet", "D4"),
            ("ap-hill", "E3"),
            ("magruder", "E4"),
            ("huger", "E5"),
            ("kearny", "B4"),
        ]);
        for id in ["ap-hill", "magruder", "huger"] {
            let j = k(&b, &f, id);
            f.units[j].acted = true;
        }
        run(&mut b, &[], Vec::new(), |ctx| {
            rout_retreat(ctx, &mut f, Side::Confederate, "A14.5").unwrap()
        });
        assert!(f.unit_of(b.index("longstreet").unwrap()).is_none());
        assert!(b.pieces[b.index("longstreet").unwrap()].location().area() != Some("glendale"));
    }

    /// 18.4 and 15.3 by Row: the first Union Force into Row D, E or F gives
    /// the Union a Command Point once per Row; the first Confederate into
    /// Row A gives the Confederates one.
    #[test]
    fn first_entries_count_by_row() {
        let (mut b, mut f) = sheet(&[("kearny", "C4"), ("sykes", "C2"), ("longstreet", "B3")]);
        let union = b.cp.union;
        let confederate = b.cp.confederate;
        run(&mut b, &[], Vec::new(), |ctx| {
            let kearny = ctx.board.index("kearny").unwrap();
            let sykes = ctx.board.index("sykes").unwrap();
            move_into(ctx, &mut f, kearny, sq("D4"));
            move_into(ctx, &mut f, sykes, sq("D2"));
            let longstreet = ctx.board.index("longstreet").unwrap();
            move_into(ctx, &mut f, longstreet, sq("A3"));
        });
        assert_eq!(b.cp.union, union + 1, "Row D once");
        assert_eq!(b.cp.confederate, confederate + 1, "Row A");
    }

    /// 18.4 "+1 Command Point when a Union Force first enters the
    /// Confederate Approach Region": a Union Force placed in Row E (a
    /// stand-alone battle) that moves within Row E enters no Row; into Row
    /// F it does.
    #[test]
    fn a_move_within_a_row_enters_none() {
        let (mut b, mut f) = sheet(&[("kearny", "E4"), ("longstreet", "B3")]);
        let union = b.cp.union;
        let (_, _) = run(&mut b, &[], Vec::new(), |ctx| {
            let kearny = ctx.board.index("kearny").unwrap();
            move_into(ctx, &mut f, kearny, sq("E3"));
            assert_eq!(ctx.board.cp.union, union, "within Row E");
            move_into(ctx, &mut f, kearny, sq("F3"));
        });
        assert_eq!(b.cp.union, union + 1, "into Row F");
    }
}
