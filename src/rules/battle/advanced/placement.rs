//! A10.2.14 Setting up on the Advanced Battlefield Sheet, and the Formation
//! each army starts in (10.3, A13.1, A13.3).

use super::field::Field;
use crate::campaign::{ForceType, Side};
use crate::rules::battle::ground::{Region, Square};
use crate::rules::battle::terms::{Formation, Tactics};

/// The Rows a Force is placed in, in the order they fill (A10.2.14):
/// Confederate Static Forces in Row F, Mobile Forces in Row E or F, then
/// Row D "if all the Squares in Rows E and F are occupied"; Union Static
/// Forces in Row A, Mobile Forces in Row B, then Row A, then Row C. Rows
/// beyond these take what still finds no Square, toward the enemy
/// (R-A10.2.14-place).
fn rows(side: Side, ty: ForceType) -> Vec<Vec<Region>> {
    use Region::*;
    let mut rows = match (side, ty.is_mobile()) {
        (Side::Confederate, false) => vec![vec![ConfederateReserve]],
        (Side::Confederate, true) => vec![vec![ConfederateApproach, ConfederateReserve]],
        (Side::Union, false) => vec![vec![UnionReserve]],
        (Side::Union, true) => vec![vec![UnionApproach], vec![UnionReserve]],
    };
    let placed: Vec<Region> = rows.iter().flatten().copied().collect();
    for r in Region::rear_to_front(side) {
        if !placed.contains(&r) {
            rows.push(vec![r]);
        }
    }
    rows
}

/// The free Squares of the first of `rows` that has any.
fn first_free(f: &Field, side: Side, rows: &[Vec<Region>]) -> Vec<Square> {
    for group in rows {
        let free: Vec<Square> = group
            .iter()
            .flat_map(|r| Square::row_of(*r))
            .filter(|s| f.has_room(*s, side))
            .collect();
        if !free.is_empty() {
            return free;
        }
    }
    Vec::new()
}

/// The Squares a Confederate Force of type `ty` may be placed in now, the
/// player's choice among them (A10.2.14); with the Front Insight still
/// allowing a Force there (A10.2.12: up to 3), the Confederate Front's
/// Row D too.
pub fn confederate_squares(f: &Field, ty: ForceType, front: bool) -> Vec<Square> {
    let mut squares = first_free(f, Side::Confederate, &rows(Side::Confederate, ty));
    if front && ty.is_mobile() {
        for s in Square::row_of(Region::ConfederateFront) {
            if f.has_room(s, Side::Confederate) && !squares.contains(&s) {
                squares.push(s);
            }
        }
    }
    squares
}

/// Columns from the centre of a Row outward: 3, 4, 2, 5, 1, 6.
const CENTRE_OUT: [i32; 6] = [2, 3, 1, 4, 0, 5];

/// The Square a Union Force of type `ty` is placed in: the first of its
/// Rows with room (A10.2.14), filled from the centre of the Row outward
/// (R-A10.2.14-place). None when the sheet has no room for it.
pub fn union_square(f: &Field, ty: ForceType) -> Option<Square> {
    let free = first_free(f, Side::Union, &rows(Side::Union, ty));
    CENTRE_OUT
        .iter()
        .find_map(|&c| free.iter().copied().find(|s| s.column() == c))
}

/// A13.1, A13.3: Union Forces start the battle in Column under Aggressive
/// tactics, in Line under Defensive.
pub fn union_formation(tactics: Tactics) -> Formation {
    match tactics {
        Tactics::Aggressive => Formation::Column,
        Tactics::Defensive => Formation::Line,
    }
}

/// A10.2.12 Terrain: "cannot be used if the number of Union Force counters
/// exceeds the number of Squares available in the chosen Row".
pub fn terrain_fits(f: &Field, union_forces: usize, row: Region) -> bool {
    Square::row_of(row)
        .filter(|s| f.has_room(*s, Side::Union))
        .count()
        >= union_forces
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::battle::field::Unit;
    use crate::rules::board::Board;
    use crate::rules::components::{Location, Strength};
    use crate::rules::difficulty::GameOptions;

    fn board() -> Board {
        let c = std::sync::Arc::new(crate::campaign::load_bundled("seven-days").expect("loads"));
        let mut b = Board::empty(c, GameOptions::default());
        for id in ["longstreet", "kearny"] {
            b.place(id, Location::Area("glendale".into()), Strength::Full);
        }
        b
    }

    fn fill(f: &mut Field, b: &Board, side: Side, squares: impl Iterator<Item = Square>) {
        let pid = b
            .pieces
            .iter()
            .position(|p| p.force.side == side)
            .expect("a counter of the side");
        for s in squares {
            f.units.push(Unit::new(b, pid, side, s, Formation::Line));
        }
    }

    fn names(v: &[Square]) -> Vec<String> {
        v.iter().map(|s| s.name()).collect()
    }

    /// A10.2.14: Static Forces in Row F; Mobile Forces in Row E or F, Row D
    /// only once E and F are full; with the Front Insight Row D as well.
    #[test]
    fn the_confederates_set_up_in_rows_f_and_e() {
        let b = board();
        let mut f = Field::new("glendale", true, 4);
        let statics = confederate_squares(&f, ForceType::Garrison, false);
        assert_eq!(names(&statics), ["F1", "F2", "F3", "F4", "F5", "F6"]);
        let mobile = confederate_squares(&f, ForceType::Infantry, false);
        assert_eq!(mobile.len(), 12);
        assert!(mobile.iter().all(|s| s.row() >= 4));
        let front = confederate_squares(&f, ForceType::Infantry, true);
        assert_eq!(front.len(), 18);
        // Every Square of E and F taken: Row D.
        fill(
            &mut f,
            &b,
            Side::Confederate,
            Square::row_of(Region::ConfederateApproach),
        );
        fill(
            &mut f,
            &b,
            Side::Confederate,
            Square::row_of(Region::ConfederateReserve),
        );
        let d = confederate_squares(&f, ForceType::Cavalry, false);
        assert_eq!(names(&d), ["D1", "D2", "D3", "D4", "D5", "D6"]);
        // A Static Force with Row F full goes forward (R-A10.2.14-place).
        assert!(
            confederate_squares(&f, ForceType::Fortification, false)
                .iter()
                .all(|s| s.row() == 3)
        );
    }

    /// A10.2.14: Union Static Forces in Row A, Mobile Forces in Row B, then
    /// Row A, then Row C; each Row filled from its centre.
    #[test]
    fn the_union_sets_up_in_rows_a_and_b_from_the_centre() {
        let b = board();
        let mut f = Field::new("glendale", true, 4);
        assert_eq!(
            union_square(&f, ForceType::Artillery)
                .map(Square::name)
                .as_deref(),
            Some("B3")
        );
        assert_eq!(
            union_square(&f, ForceType::Fortification)
                .map(Square::name)
                .as_deref(),
            Some("A3")
        );
        let mut placed = Vec::new();
        for _ in 0..6 {
            let s = union_square(&f, ForceType::Infantry).expect("room");
            placed.push(s);
            fill(&mut f, &b, Side::Union, std::iter::once(s));
        }
        assert_eq!(names(&placed), ["B3", "B4", "B2", "B5", "B1", "B6"]);
        assert_eq!(
            union_square(&f, ForceType::Cavalry)
                .map(Square::name)
                .as_deref(),
            Some("A3")
        );
        fill(
            &mut f,
            &b,
            Side::Union,
            Square::row_of(Region::UnionReserve),
        );
        assert_eq!(
            union_square(&f, ForceType::Infantry)
                .map(Square::name)
                .as_deref(),
            Some("C3")
        );
        // A10.2.12 Terrain: no more Union Forces than free Squares in the Row.
        assert!(!terrain_fits(&f, 1, Region::UnionApproach));
        assert!(terrain_fits(&f, 6, Region::UnionFront));
        assert!(!terrain_fits(&f, 7, Region::UnionFront));
        assert_eq!(union_formation(Tactics::Aggressive), Formation::Column);
        assert_eq!(union_formation(Tactics::Defensive), Formation::Line);
    }
}
