//! A11.0, A11.3 Moving on the Squares: where a Force may March or Advance,
//! where it Retreats (or why it is destroyed instead), and where the Union
//! Advances (A11.0, A14.2.1).

use super::field::{Field, Occupancy};
use crate::campaign::Side;
use crate::rules::battle::field::Slot;
use crate::rules::battle::ground::{Facing, Ground, Square};
use crate::rules::battle::turns::R;
use crate::rules::board::PieceIx;
use crate::rules::ctx::Ctx;
use crate::rules::why::reason::Reason;

/// The Squares unit `k` may March or Advance into: the Squares around it
/// that hold no Force of its side (A11.0: "Forces must March, Advance or
/// Retreat into Squares vacant of friendly Forces"; A12.4 March "to an
/// adjacent Square in any direction"). One holding an enemy Force means a
/// Shock attack on it (A11.4).
pub fn march_squares(f: &Field, k: Slot) -> Vec<Square> {
    // Room for every neighbour at once (a filtered list grows as it goes).
    let mut squares = Vec::with_capacity(8);
    squares.extend(march_squares_iter(f, k));
    squares
}

/// [`march_squares`] one by one, room read from one [`Occupancy`] (for
/// "is there any", without a list).
pub fn march_squares_iter(f: &Field, k: Slot) -> impl Iterator<Item = Square> + '_ {
    march_squares_in(f, Occupancy::of(f), k)
}

/// [`march_squares_iter`] with the sheet read already.
pub fn march_squares_in(
    f: &Field,
    occupied: Occupancy,
    k: Slot,
) -> impl Iterator<Item = Square> + '_ {
    let u = &f.units[k];
    u.at()
        .neighbours(u.side)
        .filter(move |s| square_refusal(*s, f.columns, || occupied.any(*s, u.side)).is_none())
}

/// A11.0, A12.4: what stands against a Force in `to`, a Square next to it:
/// off the sheet (`columns` wide), or a friend there; None: it may go.
/// The March answers and the window's Why? read this one check.
#[inline]
pub fn square_refusal(
    to: Square,
    columns: u8,
    friend_there: impl FnOnce() -> bool,
) -> Option<Reason> {
    if !to.on(columns) {
        Some(Reason::OffSheet { square: to })
    } else if friend_there() {
        Some(Reason::FriendsSquare { square: to })
    } else {
        None
    }
}

/// A12.4: what stands against a Force of `side` in `at` Marching into
/// `to` (`friend_at`: where its friends stand), or None.
pub fn march_refusal(
    side: Side,
    at: Square,
    to: Square,
    columns: u8,
    friend_at: impl Fn(Square) -> bool,
) -> Option<Reason> {
    if !at.neighbours(side).any(|s| s == to) {
        return Some(Reason::NotNextSquare { square: to });
    }
    square_refusal(to, columns, || friend_at(to))
}

/// Where a Retreat takes a Force (A11.0, A11.3, A11.4.2).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Retreat {
    /// Off the sheet behind its own Reserve Row: it leaves the battle
    /// (14.5.1).
    OffSheet,
    /// Into one of these empty Squares of the next Row back, the choice
    /// the player's for a Confederate Force, the dice's for a Union one.
    Into(Vec<Square>),
    /// Every Square it could Retreat into holds a Force: "that Retreating
    /// Force is Destroyed instead" (A11.0).
    Destroyed,
}

/// A11.0, A11.3: unit `k` Retreats one Square toward its own edge, straight
/// back when that Square is empty, else into an empty Square diagonally
/// back (R-A11.3-retreat).
pub fn retreat(f: &Field, k: Slot) -> Retreat {
    let u = &f.units[k];
    retreat_from(f, u.side, u.at())
}

/// Where a Force of `side` standing in `at` would Retreat (A11.0, A11.3).
fn retreat_from(f: &Field, side: Side, at: Square) -> Retreat {
    let mut back = at.retreats(side).peekable();
    if back.peek().is_none() {
        return Retreat::OffSheet;
    }
    let empty = |s: &Square| {
        s.on(f.columns) && !f.any_at(*s, Side::Confederate) && !f.any_at(*s, Side::Union)
    };
    let back: Vec<Square> = back.collect();
    if empty(&back[0]) && back[0].column() == at.column() {
        return Retreat::Into(vec![back[0]]);
    }
    let diagonal: Vec<Square> = back
        .into_iter()
        .filter(|s| s.column() != at.column() && empty(s))
        .collect();
    if diagonal.is_empty() {
        Retreat::Destroyed
    } else {
        Retreat::Into(diagonal)
    }
}

/// A10.2.14: "A Friendly Force may move through a Square containing
/// another Friendly Force, but may not move through a Square containing an
/// Enemy Force." The Squares around unit `k` that a move of two Squares may
/// pass through: a friend there, no enemy (R-A10.2.14-through).
pub fn through_squares(f: &Field, k: Slot) -> Vec<Square> {
    let u = &f.units[k];
    u.at()
        .neighbours(u.side)
        .filter(|s| s.on(f.columns) && f.any_at(*s, u.side) && !f.any_at(*s, u.side.other()))
        .collect()
}

/// The Squares unit `k` could March or Advance into next from `via`, a
/// Square it passes through: none holding a friend (A11.0), and not back
/// into the one it set out from.
pub fn march_squares_from(f: &Field, k: Slot, via: Square) -> Vec<Square> {
    let u = &f.units[k];
    via.neighbours(u.side)
        .filter(|s| *s != u.at() && f.has_room(*s, u.side))
        .collect()
}

/// A12.3 Fighting Retreat ("Retreat 2 Squares") when no Square behind unit
/// `k` is empty: the friends' Squares behind it it may retreat through
/// (straight back first, then diagonally back, as R-A11.3-retreat), each
/// with an empty Square behind it or the sheet's edge (A10.2.14,
/// R-A10.2.14-through). Never through an enemy's Square.
pub fn retreat_through(f: &Field, k: Slot) -> Vec<Square> {
    let u = &f.units[k];
    let passable = |s: &Square| {
        s.on(f.columns)
            && f.any_at(*s, u.side)
            && !f.any_at(*s, u.side.other())
            && retreat_from(f, u.side, *s) != Retreat::Destroyed
    };
    let back: Vec<Square> = u.at().retreats(u.side).filter(passable).collect();
    let straight: Vec<Square> = back
        .iter()
        .copied()
        .filter(|s| s.column() == u.at().column())
        .collect();
    if straight.is_empty() { back } else { straight }
}

/// The Confederate Force a Union unit Advances toward (A11.0): the
/// closest; among equals the lowest Skill Level, then the lowest current
/// Combat Value, then the dice (R-A14.2.1). With Union Objective Markers
/// in the scenario (`by_dice`), the dice alone among the equally distant
/// ("roll d10 again to randomly determine which Confederate Force",
/// R-A-objectives).
pub fn union_advance_target(ctx: &mut Ctx, f: &Field, k: Slot, by_dice: bool) -> R<Option<Slot>> {
    let at = f.units[k].at();
    // The closest first, then the rest of the order: one pass for the
    // best, one for those equal to it.
    let key = |t: Slot| {
        let p = &ctx.board.pieces[f.units[t].piece];
        let order = (!by_dice).then(|| (p.force.skill, p.combat()));
        (at.distance(f.units[t].at()), order)
    };
    let Some(best) = f.side(Side::Confederate).map(key).min() else {
        return Ok(None);
    };
    let tied: Vec<Slot> = (f.side(Side::Confederate))
        .filter(|&t| key(t) == best)
        .collect();
    if tied.len() == 1 {
        return Ok(Some(tied[0]));
    }
    let pieces: Vec<PieceIx> = tied.iter().map(|&t| f.units[t].piece).collect();
    let chosen = ctx.pick_piece("A11.0", "The Union Advances toward", &pieces)?;
    Ok(f.unit_of(chosen))
}

/// The Square a Union unit Advances into (A11.0, A14.2.1): one step
/// toward its target, the steps that bring it closest; among those, one
/// in the target's Rear first, then its Flank, then its front (for a
/// target next to it, its own Square: the Shock attack); the dice among
/// equals (R-A14.2.1). With Union Objective Markers on the sheet a d10
/// first sends it toward the closest Confederate Force (even) or the
/// closest Objective no Union Force holds (odd, "Union Objective
/// Markers"). None when it cannot move.
pub fn union_advance(ctx: &mut Ctx, f: &Field, k: Slot) -> R<Option<Square>> {
    if let Some(objective) = objective_goal(ctx, f, k)? {
        return step_toward(ctx, f, k, objective);
    }
    let by_dice = !f.objectives.is_empty();
    let Some(t) = union_advance_target(ctx, f, k, by_dice)? else {
        return Ok(None);
    };
    let target = f.units[t].at();
    let steps = march_squares(f, k);
    let rank = |s: &Square| match target.facing(Side::Confederate, *s) {
        _ if *s == target => 0,
        Facing::Rear => 0,
        Facing::Flank => 1,
        Facing::Front => 2,
    };
    // The closest steps, among those the best placed: one pass for the
    // best, one for those equal to it.
    let key = |s: &Square| (s.distance(target), rank(s));
    let Some(best) = steps.iter().map(key).min() else {
        return Ok(None);
    };
    let tied: Vec<Square> = steps.into_iter().filter(|s| key(s) == best).collect();
    pick_square(ctx, tied, "A11.0")
}

/// One of `squares`, the dice choosing among several.
fn pick_square(ctx: &mut Ctx, squares: Vec<Square>, rule: &'static str) -> R<Option<Square>> {
    if squares.len() <= 1 {
        return Ok(squares.into_iter().next());
    }
    let i = crate::dice::pick_logged(
        ctx.dice,
        ctx.chronicle,
        rule,
        "The Union Advances into",
        squares.len(),
        |i| squares[i].name(),
    )?;
    Ok(Some(squares[i]))
}

/// Whether a Union unit stands on a Union Objective Marker: it Holds
/// rather than Advance ("Union Objective Markers").
pub fn on_objective(f: &Field, k: Slot) -> bool {
    f.objectives.contains(&f.units[k].at())
}

/// "Union Objective Markers and the Advance Default Battle Plan": with
/// Markers on the sheet, a d10 for each Advance: odd, the closest Marker
/// whose Square no Union Force holds (the dice among equals); even, or
/// with every Marker held, None: the closest Confederate Force
/// (R-A-objectives).
fn objective_goal(ctx: &mut Ctx, f: &Field, k: Slot) -> R<Option<Square>> {
    if f.objectives.is_empty() {
        return Ok(None);
    }
    let die = crate::dice::roll_d10(
        ctx.dice,
        ctx.chronicle,
        "A14.2.1",
        format!(
            "Union Objective Markers: {} Advances toward",
            f.label(ctx.board, k)
        ),
        |die| {
            if die % 2 == 0 {
                "even: the closest Confederate Force".into()
            } else {
                "odd: the closest Union Objective".into()
            }
        },
    )?;
    if die % 2 == 0 {
        return Ok(None);
    }
    let at = f.units[k].at();
    let open: Vec<Square> = f
        .objectives
        .iter()
        .copied()
        .filter(|o| !f.any_at(*o, Side::Union))
        .collect();
    let Some(closest) = open.iter().map(|o| at.distance(*o)).min() else {
        note!(
            ctx,
            "A14.2.1",
            "Union Forces hold every Union Objective: toward the closest Confederate Force."
        );
        return Ok(None);
    };
    let tied: Vec<Square> = open
        .into_iter()
        .filter(|o| at.distance(*o) == closest)
        .collect();
    if tied.len() == 1 {
        return Ok(Some(tied[0]));
    }
    let i = crate::dice::pick_logged(
        ctx.dice,
        ctx.chronicle,
        "A14.2.1",
        "The Union Objective it Advances toward",
        tied.len(),
        |i| tied[i].name(),
    )?;
    Ok(Some(tied[i]))
}

/// One step toward Square `goal`: the Squares around the unit without a
/// Union Force that bring it closest, the dice among equals.
fn step_toward(ctx: &mut Ctx, f: &Field, k: Slot, goal: Square) -> R<Option<Square>> {
    let steps = march_squares(f, k);
    let Some(nearest) = steps.iter().map(|s| s.distance(goal)).min() else {
        return Ok(None);
    };
    let tied: Vec<Square> = steps
        .into_iter()
        .filter(|s| s.distance(goal) == nearest)
        .collect();
    pick_square(ctx, tied, "A14.2.1")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::battle::advanced::testing::{k, run, sheet, sq};
    use crate::rules::board::Board;

    /// Runs `go` with scripted dice; its answer and the dice rolled.
    fn with_dice<T>(b: &Board, dice: &[u32], go: impl FnOnce(&mut Ctx) -> T) -> (T, u64) {
        run(&mut b.clone(), dice, Vec::new(), go)
    }

    #[test]
    fn a_force_marches_into_any_square_without_a_friend() {
        let (b, f) = sheet(&[("longstreet", "D5"), ("ap-hill", "D4"), ("smith", "C4")]);
        let squares = march_squares(&f, k(&b, &f, "longstreet"));
        assert_eq!(squares.len(), 7, "all eight but A.P. Hill's");
        assert!(!squares.contains(&sq("D4")));
        assert!(squares.contains(&sq("C4")), "into Smith: a Shock attack");
    }

    /// A11.0: a Retreat into a Square holding a Force destroys the Force;
    /// straight back first, diagonally back when that is taken
    /// (R-A11.3-retreat); behind the own Reserve Row, off the sheet.
    #[test]
    fn retreats_go_straight_back_then_diagonally_or_destroy() {
        let (b, mut f) = sheet(&[("longstreet", "D5"), ("ap-hill", "E5"), ("smith", "E4")]);
        let longstreet = k(&b, &f, "longstreet");
        assert_eq!(retreat(&f, longstreet), Retreat::Into(vec![sq("E6")]));
        let hill = k(&b, &f, "ap-hill");
        f.units.set_at(hill, sq("E6"));
        assert_eq!(retreat(&f, longstreet), Retreat::Into(vec![sq("E5")]));
        f.units.set_at(hill, sq("E5"));
        let magruder_blocks = {
            let (b2, f2) = sheet(&[
                ("longstreet", "D5"),
                ("ap-hill", "E5"),
                ("smith", "E4"),
                ("magruder", "E6"),
            ]);
            retreat(&f2, k(&b2, &f2, "longstreet"))
        };
        assert_eq!(magruder_blocks, Retreat::Destroyed);
        f.units.set_at(longstreet, sq("F2"));
        assert_eq!(retreat(&f, longstreet), Retreat::OffSheet);
        // The Union retreats toward Row A.
        let smith = k(&b, &f, "smith");
        assert_eq!(retreat(&f, smith), Retreat::Into(vec![sq("D4")]));
    }

    /// A11.0: toward the closest Confederate Force; among equals the lowest
    /// Skill Level (Poor Line Holmes before Veteran Longstreet), then the
    /// lowest Combat Value, then the dice.
    #[test]
    fn the_union_advances_toward_the_closest_lowest_skill() {
        let (b, f) = sheet(&[
            ("slocum", "C4"),
            ("longstreet", "E4"),
            ("holmes", "E6"),
            ("jackson", "F1"),
        ]);
        let slocum = k(&b, &f, "slocum");
        let (t, rolled) = with_dice(&b, &[], |ctx| {
            union_advance_target(ctx, &f, slocum, false).unwrap()
        });
        assert_eq!(t, Some(k(&b, &f, "holmes")));
        assert_eq!(rolled, 0);
        // Two Line Forces at 2 Squares: the lower Combat Value.
        let (b, f) = sheet(&[("slocum", "C4"), ("ap-hill", "E4"), ("huger", "E6")]);
        let weaker = ["ap-hill", "huger"]
            .into_iter()
            .min_by_key(|id| b.pieces[b.index(id).unwrap()].combat())
            .unwrap();
        let equal = {
            let cv = |id: &str| b.pieces[b.index(id).unwrap()].combat();
            cv("ap-hill") == cv("huger")
        };
        let (t, rolled) = with_dice(&b, &[1], |ctx| {
            union_advance_target(ctx, &f, k(&b, &f, "slocum"), false).unwrap()
        });
        if equal {
            assert_eq!(rolled, 1, "equal in all: the dice");
        } else {
            assert_eq!(t, Some(k(&b, &f, weaker)));
        }
    }

    /// A11.0's example: Slocum in C4 may Advance into D4 or D5 and a d10
    /// decides (as every random choice, R-20.0: here even D4, odd D5); one
    /// step from its target it Shocks it; it prefers the target's Rear,
    /// then its Flank.
    #[test]
    fn the_union_advances_rear_first_and_the_dice_decide_the_rest() {
        let (b, f) = sheet(&[("slocum", "C4"), ("longstreet", "E5")]);
        let slocum = k(&b, &f, "slocum");
        let (to, _) = with_dice(&b, &[2], |ctx| union_advance(ctx, &f, slocum).unwrap());
        assert_eq!(to, Some(sq("D4")));
        let (to, _) = with_dice(&b, &[7], |ctx| union_advance(ctx, &f, slocum).unwrap());
        assert_eq!(to, Some(sq("D5")));
        // Next to Longstreet: into his Square.
        let (b, f) = sheet(&[("slocum", "D4"), ("longstreet", "E5")]);
        let (to, rolled) = with_dice(&b, &[], |ctx| {
            union_advance(ctx, &f, k(&b, &f, "slocum")).unwrap()
        });
        assert_eq!((to, rolled), (Some(sq("E5")), 0));
        // Two Squares off in his Row, the Rear (F4) held by a friend: his
        // Flank (E4) before his front (D4).
        let (b, f) = sheet(&[("slocum", "E3"), ("longstreet", "E5"), ("sykes", "F4")]);
        let (to, rolled) = with_dice(&b, &[], |ctx| {
            union_advance(ctx, &f, k(&b, &f, "slocum")).unwrap()
        });
        assert_eq!((to, rolled), (Some(sq("E4")), 0));
        // Behind him: F4 (his Rear) before E4 (his Flank).
        let (b, f) = sheet(&[("slocum", "F3"), ("longstreet", "E5")]);
        let (to, rolled) = with_dice(&b, &[], |ctx| {
            union_advance(ctx, &f, k(&b, &f, "slocum")).unwrap()
        });
        assert_eq!((to, rolled), (Some(sq("F4")), 0));
    }
}
