//! The Battlefield Sheet as the front ends and the player's questions see
//! it: the view attached to a request, the frames of a battle's record
//! (`battle::record`), and asking with the sheet attached.

use super::field::{Field, Occupancy};
use crate::rules::battle::field::Slot;
use crate::rules::battle::record::SheetView;
use crate::rules::ctx::Ctx;
use crate::rules::decision::UnitView;

impl Field {
    /// The sheet as the player sees it (for decisions and display).
    pub fn view(&self) -> Vec<UnitView> {
        let at = Occupancy::regions_of(self);
        self.units
            .indices()
            .map(|k| self.unit_view(&at, k))
            .collect()
    }

    /// Unit `k` as the player sees it, the sheet read as `at`
    /// (`Occupancy::regions_of`).
    pub fn unit_view(&self, at: &Occupancy, k: Slot) -> UnitView {
        let u = &self.units[k];
        UnitView {
            force: u.id,
            side: u.side,
            region: u.at(),
            square: None,
            formation: u.formation,
            counter: u.counter,
            range: at.range(u.at(), u.side),
            in_melee: at.any(u.at(), u.side.other()),
            passing: false,
        }
    }
}

impl Field {
    /// The sheet for display; `refusals` adds why each Battle Plan Counter
    /// may not be attached (asked at 12.2 only, to keep the record small).
    pub fn sheet(&self, ctx: &Ctx, refusals: bool) -> SheetView {
        crate::rules::battle::turns::view::sheet_view(self, ctx, refusals)
    }
}
