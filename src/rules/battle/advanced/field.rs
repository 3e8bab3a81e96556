//! The Advanced Battlefield Sheet (A10.2.14): a battle's Forces on its
//! Squares. "One Square may contain one Confederate Force, one Union Force
//! or one Confederate Force and one Union Force" (in Melee, A11.5).

use crate::campaign::Side;
use crate::rules::battle::field::Slot;
use crate::rules::battle::ground::{Ground, Square};
use crate::rules::board::Board;
use crate::rules::decision::UnitView;

/// A battle on the Advanced Battlefield Sheet.
pub type Field = crate::rules::battle::field::Field<Square>;
/// A Force on the Advanced Battlefield Sheet.
pub type Unit = crate::rules::battle::field::Unit<Square>;

/// The Squares each side holds, read in one pass over the units (bits by
/// Row and Column, up to a Battle Pack's 12 Columns): it answers as
/// `Field::any_at` and `range_to_enemy` do, without a scan of the sheet
/// for every Force (a view of the sheet asks both of every Force, and
/// was a quarter of an Advanced battle's cost). It is stale as soon as
/// anything on the sheet moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Occupancy {
    squares: [u128; 2],
}

impl Occupancy {
    fn side(side: Side) -> usize {
        usize::from(side == Side::Union)
    }

    /// Where each side's Forces stand (kept by the sheet's units until one
    /// moves, `Units::occupied_by`).
    pub fn of(f: &Field) -> Occupancy {
        Occupancy {
            squares: [Side::Confederate, Side::Union].map(|side| f.units.occupied_by(side)),
        }
    }

    /// Whether any of a side's Forces is in a Square.
    pub fn any(&self, at: Square, side: Side) -> bool {
        self.squares[Occupancy::side(side)] & 1 << at.bit() != 0
    }

    /// Whether a Force of `side` stands in a Square without an enemy.
    pub fn any_alone(&self, side: Side) -> bool {
        let s = Occupancy::side(side);
        self.squares[s] & !self.squares[1 - s] != 0
    }

    /// Squares from a Force of `side` in `at` to the nearest enemy
    /// (A11.0.1); None when there is none.
    pub fn range(&self, at: Square, side: Side) -> Option<i32> {
        let enemy = self.squares[Occupancy::side(side.other())];
        if enemy == 0 {
            return None;
        }
        let within = &WITHIN[at.bit() as usize];
        (0..).find(|&r| within[r] & enemy != 0).map(|r| r as i32)
    }
}

const BITS: usize = Square::ROWS as usize * Square::MAX_COLUMNS as usize;
const RANGES: usize = Square::MAX_COLUMNS as usize;

/// For each Square's bit, the bits of the Squares within 0, 1, 2, …
/// Squares of it (`Ground::distance`): the nearest enemy is the first of
/// these masks to hold one, a few masks instead of a distance to every
/// enemy Force (a view asks it of every Force).
static WITHIN: [[u128; RANGES]; BITS] = within();

const fn within() -> [[u128; RANGES]; BITS] {
    let columns = Square::MAX_COLUMNS as usize;
    let mut t = [[0u128; RANGES]; BITS];
    let mut from = 0;
    while from < BITS {
        let mut to = 0;
        while to < BITS {
            let rows = (from / columns).abs_diff(to / columns);
            let cols = (from % columns).abs_diff(to % columns);
            let mut r = if rows > cols { rows } else { cols };
            while r < RANGES {
                t[from][r] |= 1 << to;
                r += 1;
            }
            to += 1;
        }
        from += 1;
    }
    t
}

impl Field {
    /// Room for a Force of `side` in a Square: it is on this sheet and
    /// none of its side is there (A10.2.14).
    pub fn has_room(&self, at: Square, side: Side) -> bool {
        at.on(self.columns) && !self.any_at(at, side)
    }

    /// Every Square of this sheet.
    pub fn squares(&self) -> impl Iterator<Item = Square> + use<> {
        Square::all_on(self.columns)
    }

    /// Squares to the nearest enemy Force (A11.0.1); None when there is none.
    pub fn range_to_enemy(&self, k: Slot) -> Option<i32> {
        let u = &self.units[k];
        Occupancy::of(self).range(u.at(), u.side)
    }

    /// The sheet as the player sees it, attached to a request.
    pub fn view(&self) -> Vec<UnitView> {
        let at = Occupancy::of(self);
        self.units
            .indices()
            .map(|k| self.unit_view(&at, k))
            .collect()
    }

    /// Unit `k` as the player sees it, the sheet read as `at`
    /// (`Occupancy::of`).
    pub fn unit_view(&self, at: &Occupancy, k: Slot) -> UnitView {
        let u = &self.units[k];
        UnitView {
            force: u.id,
            side: u.side,
            region: u.at().region(),
            square: Some(u.at()),
            formation: u.formation,
            counter: u.counter,
            range: at.range(u.at(), u.side),
            in_melee: at.any(u.at(), u.side.other()),
            passing: u.passing,
        }
    }

    /// The sheet's invariants: one Force of a side a Square, no Battle Plan
    /// Counter on a Force in Melee (A12.2), every unit's counter on the
    /// battle's area.
    pub fn problem(&self, board: &Board) -> Option<String> {
        if let Some(u) = self.units.iter().find(|u| !u.at().on(self.columns)) {
            return Some(format!(
                "a Force in Square {}, off a sheet of {} Columns",
                u.at().name(),
                self.columns
            ));
        }
        for at in self.squares() {
            for side in [Side::Confederate, Side::Union] {
                let n = self
                    .units_at(at, side)
                    .into_iter()
                    .filter(|&k| !self.units[k].passing)
                    .count();
                if n > 1 {
                    return Some(format!(
                        "{n} {} Forces in Square {} (one at most)",
                        side.name(),
                        at.name()
                    ));
                }
            }
        }
        self.units_problem(board)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::battle::ground::Ground;

    /// `Occupancy::range` and `any` answer as a scan of the Squares does,
    /// for every Square of the widest sheet against many placements of the
    /// enemy (none, one, several; A11.0.1).
    #[test]
    fn occupancy_answers_as_a_scan() {
        let all: Vec<Square> = Square::all_on(Square::MAX_COLUMNS).collect();
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        for placement in 0..400 {
            let mut enemy = Vec::new();
            for _ in 0..placement % 9 {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                enemy.push(all[(seed % all.len() as u64) as usize]);
            }
            let mut at = Occupancy { squares: [0; 2] };
            for &s in &enemy {
                at.squares[Occupancy::side(Side::Union)] |= 1 << s.bit();
            }
            for &s in &all {
                let scan = enemy.iter().map(|e| s.distance(*e)).min();
                assert_eq!(at.range(s, Side::Confederate), scan, "from {}", s.name());
                assert_eq!(at.any(s, Side::Union), enemy.contains(&s));
                assert!(!at.any(s, Side::Confederate));
            }
        }
    }
}
