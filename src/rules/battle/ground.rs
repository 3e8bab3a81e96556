//! The ground a battle is fought on: the places of the Battlefield Sheet
//! and the questions the rules ask of them. Basic battles use the sheet's
//! six Regions (10.2.14).

use serde::{Deserialize, Serialize};

use crate::campaign::Side;

/// The six Regions, from the Confederate edge to the Union edge (10.2.14).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Region {
    ConfederateReserve,
    ConfederateApproach,
    ConfederateFront,
    UnionFront,
    UnionApproach,
    UnionReserve,
}

impl Region {
    pub const ALL: [Region; 6] = [
        Region::ConfederateReserve,
        Region::ConfederateApproach,
        Region::ConfederateFront,
        Region::UnionFront,
        Region::UnionApproach,
        Region::UnionReserve,
    ];

    pub fn pos(self) -> i32 {
        self as i32
    }

    pub fn at(pos: i32) -> Option<Region> {
        Region::ALL.get(usize::try_from(pos).ok()?).copied()
    }

    pub fn name(self) -> &'static str {
        match self {
            Region::ConfederateReserve => "Confederate Reserve",
            Region::ConfederateApproach => "Confederate Approach",
            Region::ConfederateFront => "Confederate Front",
            Region::UnionFront => "Union Front",
            Region::UnionApproach => "Union Approach",
            Region::UnionReserve => "Union Reserve",
        }
    }

    /// Mobile Forces of one side the Region holds (10.2.14); Reserves are
    /// unlimited.
    pub fn capacity(self) -> Option<usize> {
        match self {
            Region::ConfederateApproach | Region::UnionApproach => Some(4),
            Region::ConfederateFront | Region::UnionFront => Some(6),
            _ => None,
        }
    }

    /// A side's own Reserve.
    pub fn reserve(side: Side) -> Region {
        match side {
            Side::Confederate => Region::ConfederateReserve,
            Side::Union => Region::UnionReserve,
        }
    }

    pub fn approach(side: Side) -> Region {
        match side {
            Side::Confederate => Region::ConfederateApproach,
            Side::Union => Region::UnionApproach,
        }
    }

    /// One Region toward the enemy's edge (11.3 Advance); None beyond it.
    pub fn advance(self, side: Side) -> Option<Region> {
        Region::at(self.pos() + forward(side))
    }

    /// One Region toward the own edge (11.3 Retreat); None means off the sheet.
    pub fn retreat(self, side: Side) -> Option<Region> {
        Region::at(self.pos() - forward(side))
    }
}

/// +1 for the Confederates (toward the Union edge), -1 for the Union.
pub fn forward(side: Side) -> i32 {
    match side {
        Side::Confederate => 1,
        Side::Union => -1,
    }
}
