//! A11.6–A11.7 on the Squares: whom a Force may attack, the Union's choice
//! of target (A11.7, A14.2.2, A14.2.2.1), the Combat Value modifiers that
//! come from where the two Forces stand, and the order the Union Forces act
//! in (A14.3).

use super::field::{Field, Occupancy};
use crate::campaign::{ForceType, Side, Skill};
use crate::chronicle::Modifier;
use crate::rules::battle::field::Slot;
use crate::rules::battle::ground::Ground;
use crate::rules::battle::turns::R;
use crate::rules::battle::turns::attack::range_modifier;
use crate::rules::battle::turns::hits::pick_by_skill;
use crate::rules::board::PieceIx;
use crate::rules::ctx::Ctx;
use std::cmp::Reverse;

fn ranged(ty: ForceType) -> bool {
    matches!(ty, ForceType::Artillery | ForceType::Fortification)
}

fn distance(f: &Field, k: Slot, t: Slot) -> i32 {
    f.units[k].at().distance(f.units[t].at())
}

/// The enemy units unit `k` may attack now. Artillery and Fortifications:
/// not in Melee, at Forces not in Melee one Square or more away (A11.6,
/// A11.7, A11.1). Infantry, Cavalry and Garrisons: the Force in their own
/// Square when in Melee (R-A11.5-target), else those in adjacent Squares
/// (A11.6); Union Cavalry whose nearest Confederate Force is exactly 2
/// Squares away, those 2 Squares away (A14.2.2.1).
pub fn targets(f: &Field, k: Slot) -> Vec<Slot> {
    // Room for them all at once (a filtered list grows as it goes).
    let mut ts = Vec::with_capacity(f.units.len());
    ts.extend(enemy_targets(f, k));
    ts
}

/// Whether unit `k` may attack any enemy Force now ([`targets`], without
/// the list).
pub fn has_targets(f: &Field, k: Slot) -> bool {
    has_targets_in(f, &Occupancy::of(f), k)
}

/// [`has_targets`] with the sheet read already (`occupied`), from where
/// the Forces stand alone: whom a Force reaches is decided by the nearest
/// enemy, so only ranged fire needs more, an enemy Square without a Force
/// of its own side in it.
pub fn has_targets_in(f: &Field, occupied: &Occupancy, k: Slot) -> bool {
    match reach(f, occupied, k) {
        Reach::Nothing => false,
        Reach::NotInMelee => occupied.any_alone(f.units[k].side.other()),
        // The nearest enemy is this far (or in its own Square).
        Reach::At(_) => true,
    }
}

/// Which enemy Forces are targets, decided once for the attacker.
#[derive(Clone, Copy)]
enum Reach {
    Nothing,
    /// Those not in Melee, one Square or more away (ranged fire).
    NotInMelee,
    /// Those this many Squares away (0: its own Square, in Melee).
    At(i32),
}

/// Whom unit `k` reaches, the sheet read already.
fn reach(f: &Field, occupied: &Occupancy, k: Slot) -> Reach {
    let u = &f.units[k];
    let in_melee = occupied.any(u.at(), u.side.other());
    if ranged(f.force_type(k)) {
        if in_melee {
            Reach::Nothing
        } else {
            Reach::NotInMelee
        }
    } else if in_melee {
        Reach::At(0)
    } else {
        match occupied.range(u.at(), u.side) {
            Some(1) => Reach::At(1),
            Some(2) if u.side == Side::Union && f.force_type(k) == ForceType::Cavalry => {
                Reach::At(2)
            }
            _ => Reach::Nothing,
        }
    }
}

/// [`targets`] one by one, in the sheet's order, every question about
/// where Forces stand read from one [`Occupancy`].
fn enemy_targets(f: &Field, k: Slot) -> impl Iterator<Item = Slot> + '_ {
    let u = &f.units[k];
    let occupied = Occupancy::of(f);
    let reach = reach(f, &occupied, k);
    f.side(u.side.other()).filter(move |&t| {
        let there = f.units[t].at();
        match reach {
            Reach::Nothing => false,
            Reach::NotInMelee => !occupied.any(there, u.side) && u.at().distance(there) >= 1,
            Reach::At(r) => u.at().distance(there) == r,
        }
    })
}

/// The Union's target among [`targets`]: the closest (A11.7), among those
/// the highest Skill Level, then the dice (A14.2.2, A14.2.2.1, 20.0).
pub fn union_target(ctx: &mut Ctx, f: &Field, k: Slot) -> R<Option<Slot>> {
    // The closest kept as the targets come, in the sheet's order.
    let mut near = Vec::new();
    let mut closest = i32::MAX;
    for t in enemy_targets(f, k) {
        let d = distance(f, k, t);
        if d < closest {
            near.clear();
            closest = d;
        }
        if d == closest {
            near.push(t);
        }
    }
    pick_by_skill(ctx, f, &near, "A14.2.2", "The Union attacks", true)
}

/// The modifiers an attack by unit `k` on unit `t` gets from where they
/// stand: Melee +3/+3 to the attacker (A11.5), the range for Artillery and
/// Fortifications (A11.7.2), Union Cavalry at 2 Squares −2/−2 (A14.2.2.1).
/// Melee ignores Formation, Flank and Rear (A11.5).
pub fn position_modifiers(f: &Field, k: Slot, t: Slot) -> Vec<Modifier> {
    let range = distance(f, k, t);
    let mut m = Vec::new();
    if range == 0 {
        m.push(Modifier::pair(3, 3, "Melee combat", "A11.5"));
    } else if ranged(f.force_type(k)) {
        let r = range_modifier(range);
        m.push(Modifier::pair(
            r,
            r,
            Modifier::range_source(range),
            "A11.7.2",
        ));
    } else if range == 2 {
        m.push(Modifier::pair(
            -2,
            -2,
            "Union Cavalry at 2 Squares",
            "A14.2.2.1",
        ));
    }
    m
}

/// A14.3: the order the Union units that have not acted act in: from the
/// frontmost Row (Row F) to the rearmost (Row A), within a Row the highest
/// Skill Level first, the dice among equals.
pub fn union_order(ctx: &mut Ctx, f: &Field) -> R<Vec<Slot>> {
    // Sorted once by Row and Skill Level (stable: the sheet's order among
    // equals, as the dice see them) instead of the Row searched for its
    // best again for each Force.
    let mut units: Vec<(Slot, i32, Skill)> = (f.side(Side::Union))
        .filter(|&k| !f.units[k].acted)
        .map(|k| (k, f.units[k].at().depth(Side::Union), f.skill(ctx.board, k)))
        .collect();
    units.sort_by_key(|&(_, depth, skill)| (Reverse(depth), Reverse(skill)));
    let mut order = Vec::with_capacity(units.len());
    // One list for every group of equals (a list each was 1% of an
    // Advanced battle).
    let mut left: Vec<PieceIx> = Vec::with_capacity(units.len());
    for equals in units.chunk_by(|a, b| (a.1, a.2) == (b.1, b.2)) {
        left.clear();
        left.extend(equals.iter().map(|&(k, ..)| f.units[k].piece));
        while left.len() > 1 {
            let chosen = ctx.pick_piece("A14.3", "The Union Force to act next", &left)?;
            left.retain(|&p| p != chosen);
            order.push(f.unit_of(chosen).expect("on the sheet"));
        }
        order.extend(left.first().and_then(|&p| f.unit_of(p)));
    }
    Ok(order)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::battle::advanced::testing::{k, run, sheet, sq};
    use crate::rules::battle::ground::Square;

    /// Whether a Force has a target, answered from where the Forces stand
    /// alone, is whether the list of its targets has any, for every Force
    /// (Infantry, Cavalry, Artillery of both sides) in many placements,
    /// Melee included.
    #[test]
    fn has_targets_answers_as_the_list_does() {
        let ids = [
            "longstreet",
            "stuart",
            "pendleton",
            "ap-hill",
            "kearny",
            "stoneman",
            "hunt",
            "sykes",
        ];
        let at: Vec<(&str, &str)> = ids.iter().map(|id| (*id, "A1")).collect();
        let (_, mut f) = sheet(&at);
        let squares: Vec<Square> = Square::all_on(f.columns).collect();
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut seen = [0; 2];
        for round in 0..2000 {
            // Crowded into a few Squares (Melee everywhere) or spread out.
            let room = 2 + round % (squares.len() - 1);
            for k in f.units.indices() {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                f.units.set_at(k, squares[(seed % room as u64) as usize]);
            }
            for k in f.units.indices() {
                let listed = !targets(&f, k).is_empty();
                assert_eq!(
                    has_targets(&f, k),
                    listed,
                    "{} {:?}",
                    f.id(k),
                    f.units[k].at()
                );
                seen[usize::from(listed)] += 1;
            }
        }
        assert!(seen[0] > 1000 && seen[1] > 1000, "{seen:?}");
    }

    fn ids(f: &Field, ks: &[Slot]) -> Vec<String> {
        ks.iter().map(|&t| f.id(t).to_string()).collect()
    }

    #[test]
    fn infantry_attacks_adjacent_squares_and_its_own_in_melee() {
        let (b, mut f) = sheet(&[
            ("kearny", "C4"),
            ("longstreet", "D5"),
            ("ap-hill", "E4"),
            ("jackson", "C1"),
        ]);
        let kearny = k(&b, &f, "kearny");
        assert_eq!(ids(&f, &targets(&f, kearny)), ["longstreet"]);
        assert_eq!(f.range_to_enemy(kearny), Some(1));
        // In Melee, only the Force in its Square (R-A11.5-target).
        let jackson = k(&b, &f, "jackson");
        f.units.set_at(jackson, sq("C4"));
        assert_eq!(ids(&f, &targets(&f, kearny)), ["jackson"]);
        let m = position_modifiers(&f, kearny, jackson);
        assert_eq!(
            (m[0].amount, m[0].superior, m[0].rule.as_ref()),
            (3, Some(3), "A11.5")
        );
    }

    /// A14.2.2.1: Union Cavalry whose nearest Confederate is 2 Squares away
    /// attacks it at −2/−2; at 1 Square it attacks as any Force.
    #[test]
    fn union_cavalry_attacks_two_squares_away() {
        let (b, f) = sheet(&[("stoneman", "B2"), ("magruder", "D3"), ("holmes", "D1")]);
        let stoneman = k(&b, &f, "stoneman");
        let ts = targets(&f, stoneman);
        assert_eq!(ts.len(), 2);
        let m = position_modifiers(&f, stoneman, ts[0]);
        assert_eq!(
            (m[0].amount, m[0].superior, m[0].rule.as_ref()),
            (-2, Some(-2), "A14.2.2.1")
        );
        // Infantry at the same range attacks nothing.
        let (b, f) = sheet(&[("kearny", "B2"), ("magruder", "D3")]);
        assert!(targets(&f, k(&b, &f, "kearny")).is_empty());
        // The highest Skill Level of the two is the target (Line Magruder
        // over Poor Line Holmes), no die needed.
        let (b, f) = sheet(&[("stoneman", "B2"), ("magruder", "D3"), ("holmes", "D1")]);
        let stoneman = k(&b, &f, "stoneman");
        let (t, _) = run(&mut b.clone(), &[], Vec::new(), |ctx| {
            union_target(ctx, &f, stoneman).unwrap()
        });
        assert_eq!(t, Some(k(&b, &f, "magruder")));
    }

    /// A11.7, A11.7.2: Artillery fires at the closest Force not in Melee,
    /// never from Melee, with the range modifier to both values.
    #[test]
    fn artillery_fires_at_the_closest_force_not_in_melee() {
        let (b, mut f) = sheet(&[
            ("hunt", "A3"),
            ("kearny", "C3"),
            ("longstreet", "C3"),
            ("holmes", "D3"),
            ("jackson", "F3"),
        ]);
        let hunt = k(&b, &f, "hunt");
        let ts = targets(&f, hunt);
        assert_eq!(ids(&f, &ts), ["holmes", "jackson"]);
        let holmes = k(&b, &f, "holmes");
        let (t, _) = run(&mut b.clone(), &[], Vec::new(), |ctx| {
            union_target(ctx, &f, hunt).unwrap()
        });
        assert_eq!(t, Some(holmes));
        let m = position_modifiers(&f, hunt, holmes);
        assert_eq!((m[0].amount, m[0].superior), (-1, Some(-1)), "range 3");
        // In Melee itself, Artillery cannot fire.
        let jackson = k(&b, &f, "jackson");
        f.units.set_at(jackson, sq("A3"));
        assert!(targets(&f, hunt).is_empty());
    }

    /// A14.3: Row F first to Row A, the highest Skill Level first in a
    /// Row, the dice between equals.
    #[test]
    fn the_union_acts_front_to_rear_by_skill() {
        let (b, f) = sheet(&[
            ("richardson", "B1"),
            ("sykes", "B5"),
            ("kearny", "D2"),
            ("peck", "A1"),
            ("slocum", "A2"),
        ]);
        let (order, rolled) = run(&mut b.clone(), &[7], Vec::new(), |ctx| {
            union_order(ctx, &f).unwrap()
        });
        let names = ids(&f, &order);
        assert_eq!(&names[..3], ["kearny", "sykes", "richardson"]);
        // Peck and Slocum, both Conscripts in Row A: one die chooses.
        assert_eq!(rolled, 1);
        let mut last = names[3..].to_vec();
        last.sort();
        assert_eq!(last, ["peck", "slocum"]);
    }

    /// A14.3: the dice choose among equals in the sheet's order (the same
    /// die picks the same place in it), and a Force that has acted is
    /// left out.
    #[test]
    fn the_dice_choose_among_equals_in_the_sheets_order() {
        let order_of = |at: &[(&str, &str)], die: u32| {
            let (b, mut f) = sheet(at);
            let kearny = k(&b, &f, "kearny");
            f.units[kearny].acted = true;
            let (order, rolled) = run(&mut b.clone(), &[die], Vec::new(), |ctx| {
                union_order(ctx, &f).unwrap()
            });
            assert_eq!(rolled, 1, "one die between Peck and Slocum");
            ids(&f, &order)
        };
        for die in 1..=10 {
            let one = order_of(&[("peck", "A1"), ("slocum", "A2"), ("kearny", "D2")], die);
            let other = order_of(&[("slocum", "A2"), ("peck", "A1"), ("kearny", "D2")], die);
            assert_eq!(one.len(), 2, "Kearny has acted");
            assert_eq!(one[0] == "peck", other[0] == "slocum", "die {die}");
        }
    }
}
