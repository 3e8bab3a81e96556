//! The Battlefield Sheet's six Regions (10.2.14), from the Confederate edge
//! to the Union edge.

use serde::{Deserialize, Serialize};

use super::questions::{Facing, Ground};
use crate::campaign::Side;
use crate::rules::battle::terms::Formation;

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
        self.ahead(side, 1)
    }

    /// One Region toward the own edge (11.3 Retreat); None means off the sheet.
    pub fn retreat(self, side: Side) -> Option<Region> {
        Region::at(self.pos() - forward(side))
    }

    /// `n` Regions toward `side`'s enemy edge (14.2.2.1: the Region two
    /// ahead); None beyond it.
    pub fn ahead(self, side: Side, n: i32) -> Option<Region> {
        Region::at(self.pos() + n * forward(side))
    }

    /// Regions from here to `other`, not counting this one and counting
    /// `other` (11.6 range, 11.7.1).
    pub fn distance(self, other: Region) -> i32 {
        (self.pos() - other.pos()).abs()
    }

    /// The Regions next to this one, the one toward `side`'s enemy first
    /// (11.6 Ranged attacks, 11.9 the second Hit of a Melee attack).
    pub fn neighbours(self, side: Side) -> impl Iterator<Item = Region> {
        [self.advance(side), self.retreat(side)]
            .into_iter()
            .flatten()
    }

    /// How far forward the Region lies for `side`: 0 in its own Reserve, 5
    /// in the enemy's (14.3 front to rear, 14.1.8 rearmost, 14.1.9 foremost).
    pub fn depth(self, side: Side) -> i32 {
        match side {
            Side::Confederate => self.pos(),
            Side::Union => 5 - self.pos(),
        }
    }

    /// The Regions from `side`'s own Reserve forward.
    pub fn rear_to_front(side: Side) -> [Region; 6] {
        let mut all = Region::ALL;
        all.sort_by_key(|r| r.depth(side));
        all
    }

    /// The half of the sheet the Region lies in: the side whose Front,
    /// Approach or Reserve it is (15.3, 18.4 first entries).
    pub fn half(self) -> Side {
        if self.pos() < 3 {
            Side::Confederate
        } else {
            Side::Union
        }
    }
}

impl Ground for Region {
    fn label(self) -> String {
        format!("the {}", self.name())
    }

    fn distance(self, other: Region) -> i32 {
        Region::distance(self, other)
    }

    fn bit(self) -> u32 {
        self as u32
    }

    fn advances(self, side: Side) -> impl Iterator<Item = Region> {
        Region::advance(self, side).into_iter()
    }

    fn retreats(self, side: Side) -> impl Iterator<Item = Region> {
        Region::retreat(self, side).into_iter()
    }

    fn neighbours(self, side: Side) -> impl Iterator<Item = Region> {
        Region::neighbours(self, side)
    }

    fn depth(self, side: Side) -> i32 {
        Region::depth(self, side)
    }

    /// The Regions span the sheet: every attack meets its target's front
    /// (the Basic rules have no Flank or Rear attacks; the Flank Battle
    /// Plan Counter is its own order, 12.3.6).
    fn facing(self, _side: Side, _from: Region) -> Facing {
        Facing::Front
    }

    /// Nothing on the Battlefield Sheet blocks sight (11.7).
    fn line_of_sight(self, _other: Region) -> bool {
        true
    }

    /// A Force's Formation is the same toward any Region (10.3).
    fn formation_toward(self, own: Formation, _other: Region) -> Formation {
        own
    }
}

/// +1 for the Confederates (toward the Union edge), -1 for the Union.
fn forward(side: Side) -> i32 {
    match side {
        Side::Confederate => 1,
        Side::Union => -1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sheet_from_each_side() {
        use Region::*;
        assert_eq!(
            Region::rear_to_front(Side::Union),
            [
                UnionReserve,
                UnionApproach,
                UnionFront,
                ConfederateFront,
                ConfederateApproach,
                ConfederateReserve
            ]
        );
        assert_eq!(Region::rear_to_front(Side::Confederate), Region::ALL);
        assert_eq!(UnionFront.ahead(Side::Union, 2), Some(ConfederateApproach));
        assert_eq!(UnionApproach.ahead(Side::Confederate, 2), None);
        assert_eq!(ConfederateReserve.distance(UnionReserve), 5);
        assert_eq!(
            UnionFront.neighbours(Side::Confederate).collect::<Vec<_>>(),
            [UnionApproach, ConfederateFront]
        );
        assert_eq!(
            ConfederateReserve
                .neighbours(Side::Union)
                .collect::<Vec<_>>(),
            [ConfederateApproach]
        );
        for r in Region::ALL {
            for other in Region::ALL {
                assert_eq!(Ground::facing(r, Side::Union, other), Facing::Front);
                assert!(Ground::line_of_sight(r, other));
                assert_eq!(Ground::distance(r, other), (r.pos() - other.pos()).abs());
            }
            assert_eq!(r.depth(Side::Confederate) + r.depth(Side::Union), 5);
            assert_eq!(
                r.half() == Side::Confederate,
                r.depth(Side::Confederate) < 3
            );
        }
    }
}
