//! The Battlefield Sheet (10.2.14): a battle's Forces on its six Regions,
//! where each side stands, room in a Region, and the sheet's invariants.

use crate::campaign::Side;
use crate::rules::battle::field::Slot;
pub use crate::rules::battle::field::{ClearOrders, Effects, FirstEntries, InsightState};
use crate::rules::battle::ground::Region;
use crate::rules::board::Board;

/// A battle on the Battlefield Sheet.
pub type Field = crate::rules::battle::field::Field<Region>;
/// A Force on the Battlefield Sheet.
pub type Unit = crate::rules::battle::field::Unit<Region>;

impl Field {
    /// Room for one more Mobile Force of `side` in a Region (10.2.14).
    pub fn has_room(&self, region: Region, side: Side) -> bool {
        region
            .capacity()
            .is_none_or(|cap| self.mobile_count(region, side) < cap)
    }

    /// Regions to the nearest enemy Force; None when there is none.
    pub fn range_to_enemy(&self, k: Slot) -> Option<i32> {
        let u = &self.units[k];
        Occupancy::regions_of(self).range(u.at(), u.side)
    }
}

/// Where each side stands on the sheet, read in one pass over the units:
/// the Regions it occupies (bits by position) and its Mobile Forces in each
/// (10.2.14). It answers as `Field::any_in_region`, `in_melee` and
/// `has_room` do (tests/battle_props.rs), for listing a question's answers
/// without rescanning the sheet for every Force; it is stale as soon as
/// anything on the sheet moves.
#[derive(Debug, Clone, Copy)]
pub struct Occupancy {
    regions: [u8; 2],
    /// Mobile Forces by side and Region; counted only by [`Occupancy::of`].
    mobile: [[u8; 6]; 2],
}

impl Occupancy {
    fn index(side: Side) -> usize {
        usize::from(side == Side::Union)
    }

    /// Regions and Mobile Forces, in one pass over the units.
    pub fn of(f: &Field) -> Occupancy {
        let mut at = Occupancy {
            regions: [0; 2],
            mobile: [[0; 6]; 2],
        };
        for u in &f.units {
            let side = Occupancy::index(u.side);
            at.regions[side] |= 1 << u.at().pos();
            if u.ty.is_mobile() {
                at.mobile[side][u.at() as usize] += 1;
            }
        }
        at
    }

    /// Regions only (no counts for [`Occupancy::has_room`]).
    pub fn regions_of(f: &Field) -> Occupancy {
        // Two locals, not an array indexed by side: the compiler keeps them
        // in registers (this read is made for most questions and moves).
        let (mut confederate, mut union) = (0u8, 0u8);
        for u in &f.units {
            let bit = 1 << u.at().pos();
            match u.side {
                Side::Confederate => confederate |= bit,
                Side::Union => union |= bit,
            }
        }
        Occupancy {
            regions: [confederate, union],
            mobile: [[0; 6]; 2],
        }
    }

    /// Whether any of a side's Forces is in a Region.
    pub fn any(&self, region: Region, side: Side) -> bool {
        self.regions[Occupancy::index(side)] & 1 << region.pos() != 0
    }

    /// Both sides in the Region: Melee there (11.5).
    pub fn melee(&self, region: Region) -> bool {
        self.any(region, Side::Confederate) && self.any(region, Side::Union)
    }

    /// Regions from a Force of `side` in `region` to the nearest enemy.
    pub fn range(&self, region: Region, side: Side) -> Option<i32> {
        let enemy = self.regions[Occupancy::index(side.other())];
        let p = region.pos() as u32;
        // The nearest enemy Region at or beyond this one, and at or before.
        let ahead = (enemy >> p != 0).then(|| (enemy >> p).trailing_zeros());
        let behind_bits = enemy & (((1u16 << (p + 1)) - 1) as u8);
        let behind = (behind_bits != 0).then(|| p - (7 - behind_bits.leading_zeros()));
        match (ahead, behind) {
            (Some(a), Some(b)) => Some(a.min(b) as i32),
            (a, b) => a.or(b).map(|d| d as i32),
        }
    }

    /// Room for one more Mobile Force of `side` (10.2.14).
    pub fn has_room(&self, region: Region, side: Side) -> bool {
        region.capacity().is_none_or(|cap| {
            usize::from(self.mobile[Occupancy::index(side)][region as usize]) < cap
        })
    }

    /// The closest non-Melee Region with enemies, other than its own, for
    /// Artillery of `side` in `region` (11.7).
    pub fn artillery_target(&self, region: Region, side: Side) -> Option<Region> {
        Region::ALL
            .into_iter()
            .filter(|r| *r != region && self.any(*r, side.other()) && !self.melee(*r))
            .min_by_key(|r| r.distance(region))
    }
}

impl Field {
    /// The sheet's invariants: no Region over its capacity, no Battle Plan
    /// Counter on a Force in Melee, every unit's counter on the battle's area.
    pub fn problem(&self, board: &Board) -> Option<String> {
        for r in Region::ALL {
            for side in [Side::Confederate, Side::Union] {
                if let Some(cap) = r.capacity() {
                    let cap = if (r, side) == (Region::UnionApproach, Side::Union) {
                        cap.max(self.terrain_approach)
                    } else {
                        cap
                    };
                    let n = self.mobile_count(r, side);
                    if n > cap {
                        return Some(format!(
                            "{n} {} Mobile Forces in the {} (at most {cap})",
                            side.name(),
                            r.name()
                        ));
                    }
                }
            }
        }
        self.units_problem(board)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `Occupancy::range` is the distance to the nearest Region the enemy
    /// holds, as a scan of the Regions finds it, for every placement of
    /// the two sides.
    #[test]
    fn occupancy_range_is_the_nearest_enemy_region() {
        for confederate in 0u8..64 {
            for union in 0u8..64 {
                let at = Occupancy {
                    regions: [confederate, union],
                    mobile: [[0; 6]; 2],
                };
                for side in [Side::Confederate, Side::Union] {
                    let enemy = if side == Side::Confederate {
                        union
                    } else {
                        confederate
                    };
                    for region in Region::ALL {
                        let scanned = Region::ALL
                            .iter()
                            .filter(|r| enemy & 1 << r.pos() != 0)
                            .map(|r| (r.pos() - region.pos()).abs())
                            .min();
                        assert_eq!(
                            at.range(region, side),
                            scanned,
                            "{side:?} in {region:?}, enemy {enemy:06b}"
                        );
                    }
                }
            }
        }
    }
}
