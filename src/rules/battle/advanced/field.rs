//! The Advanced Battlefield Sheet (A10.2.14): a battle's Forces on its
//! Squares. "One Square may contain one Confederate Force, one Union Force
//! or one Confederate Force and one Union Force" (in Melee, A11.5).

use crate::campaign::Side;
use crate::rules::battle::field::Slot;
use crate::rules::battle::ground::Ground;
use crate::rules::battle::ground::Square;
use crate::rules::board::Board;
use crate::rules::decision::UnitView;

/// A battle on the Advanced Battlefield Sheet.
pub type Field = crate::rules::battle::field::Field<Square>;
/// A Force on the Advanced Battlefield Sheet.
pub type Unit = crate::rules::battle::field::Unit<Square>;

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
        let at = self.units[k].at;
        self.side(self.units[k].side.other())
            .map(|t| at.distance(self.units[t].at))
            .min()
    }

    /// The sheet as the player sees it, attached to a request.
    pub fn view(&self) -> Vec<UnitView> {
        self.units
            .indices()
            .map(|k| {
                let u = &self.units[k];
                UnitView {
                    force: u.id.clone(),
                    side: u.side,
                    region: u.at.region(),
                    square: Some(u.at),
                    formation: u.formation,
                    counter: u.counter,
                    range: self.range_to_enemy(k),
                    in_melee: self.in_melee(k),
                    passing: u.passing,
                }
            })
            .collect()
    }

    /// The sheet's invariants: one Force of a side a Square, no Battle Plan
    /// Counter on a Force in Melee (A12.2), every unit's counter on the
    /// battle's area.
    pub fn problem(&self, board: &Board) -> Option<String> {
        if let Some(u) = self.units.iter().find(|u| !u.at.on(self.columns)) {
            return Some(format!(
                "a Force in Square {}, off a sheet of {} Columns",
                u.at.name(),
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
