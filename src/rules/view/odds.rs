//! The armies a move or a battle choice would bring together.

use crate::campaign::Side;
use crate::rules::battle::outweighed;
use crate::rules::board::Board;

/// The combined Combat Values that would meet in an area.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BattleOdds {
    pub confederate: u32,
    pub union: u32,
}

impl BattleOdds {
    /// The armies in `to` once `mover` (a Force not there yet) joins.
    pub fn at(board: &Board, mover: Option<&str>, to: &str) -> Option<BattleOdds> {
        let union = board.area_combat(to, Side::Union);
        if union == 0 {
            return None;
        }
        let moving = mover
            .and_then(|m| board.piece(m))
            .filter(|p| p.location().area() != Some(to))
            .map_or(0, |p| p.combat());
        Some(BattleOdds {
            confederate: board.area_combat(to, Side::Confederate) + moving,
            union,
        })
    }

    /// 10.2.9: the side that would be Enveloped at 3:1 (before Fog of
    /// War); none when no Confederate Force would be there to fight.
    pub fn enveloped(&self) -> Option<Side> {
        if self.confederate == 0 {
            return None;
        }
        outweighed(self.confederate, self.union)
    }

    /// "battle: you 9 vs Union 30 — Enveloped at 3:1!".
    pub fn text(&self) -> String {
        let note = match self.enveloped() {
            Some(Side::Confederate) => " — Enveloped at 3:1!",
            Some(Side::Union) => " — you Envelop at 3:1",
            None => "",
        };
        format!(
            "battle: you {} vs Union {}{note}",
            self.confederate, self.union
        )
    }
}
