//! 10.2.6–10.2.8 Fog of War Event Tables.

use crate::campaign::UnionLevel;

/// A Fog of War event (10.2.5–10.2.8).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FogEvent {
    /// Select 1 Insight at random; Lee need not be present. Quick and Very
    /// Quick: the Confederate BRT ±1 shift instead.
    RandomInsight,
    /// You gain 2 Command Points.
    GainCommandPoints,
    /// You gain 1 Scout.
    GainScout,
    /// Pay 2 Command Points to add 1 Confederate Brigade to 1 Confederate
    /// Held Area (not the battle's).
    BuyBrigade,
    /// Roll d10: 1–5 add 1 Union Regiment; 6–10 transfer 2 of your Command
    /// Points to the Union (if unable, add the Regiment).
    RegimentOrTransfer,
    /// 1 Hit on 1 random Confederate Infantry Force in 1 random Confederate
    /// Held Area.
    Disease,
    /// 1 Hit on all Confederate Forces in 1 random Confederate Held Area.
    VirulentDisease,
    /// A random Confederate Force makes an Activation check: 1 Hit if it
    /// passes, removed from the game if it fails.
    Desertion,
    /// Add 1 random Union Reinforcement (fall-back: Brigade, Regiment,
    /// Battery, 4 Command Points).
    UnionReinforcement,
    /// Roll d10: 1–2 add 1 Union Fortification; 3–10 add 1 Union Garrison.
    UnionStatic,
    /// Union gains +N Special Battle Plans each battle turn (Quick and Very
    /// Quick: N column shifts).
    UnionSpecialPlans(u32),
}

impl FogEvent {
    pub fn text(self) -> &'static str {
        match self {
            FogEvent::RandomInsight => {
                "Select 1 Insight at random. Robert E. Lee does not need to be present."
            }
            FogEvent::GainCommandPoints => "You gain 2 Command Points.",
            FogEvent::GainScout => "You gain 1 Scout.",
            FogEvent::BuyBrigade => {
                "Pay 2 Command Points to add 1 Confederate Brigade to 1 Confederate Held Area."
            }
            FogEvent::RegimentOrTransfer => {
                "Roll d10. 1-5: Add 1 Union Regiment to the Battle. 6-10: Transfer 2 of your Command Points to the Union."
            }
            FogEvent::Disease => {
                "Disease. Inflict 1 Hit on 1 random Confederate Infantry Force in 1 random Confederate Held Area."
            }
            FogEvent::VirulentDisease => {
                "Virulent Disease. Inflict 1 Hit on all Confederate Forces in 1 random Confederate Held Area."
            }
            FogEvent::Desertion => {
                "Desertion. Randomly select 1 Confederate Force in one Confederate Held Area."
            }
            FogEvent::UnionReinforcement => "Add 1 random Union Reinforcement to the Battle.",
            FogEvent::UnionStatic => {
                "Roll d10. 1-2: Add 1 Union Fortification to the Battle. 3-10: Add 1 Union Garrison to the Battle."
            }
            FogEvent::UnionSpecialPlans(1) => {
                "Union gains +1 Special Battle Plan each Turn of the Battle."
            }
            FogEvent::UnionSpecialPlans(_) => {
                "Union gains +2 Special Battle Plans each Turn of the Battle."
            }
        }
    }

    /// The event as the battle mode reads it: Quick and Very Quick battles
    /// use no Insights or Special Battle Plans, so those events become
    /// column shifts on the Battle Resolution Table (Part Two, 10.2.5).
    pub fn text_in(self, on_map: bool) -> &'static str {
        match self {
            FogEvent::RandomInsight if on_map => {
                "During the battle, gain a one-time shift to the right or left of the Battle Resolution Table (Confederate BRT ±1)."
            }
            FogEvent::UnionSpecialPlans(1) if on_map => {
                "Union Forces gain a column shift each Battle Turn: right when attacking, left when defending (Union BRT ±1)."
            }
            FogEvent::UnionSpecialPlans(_) if on_map => {
                "Union Forces gain two column shifts each Battle Turn: right when attacking, left when defending (Union BRT ±2)."
            }
            other => other.text(),
        }
    }

    /// Which side the event favours (10.2.5: each result benefits one side).
    pub fn favours_confederates(self) -> bool {
        matches!(
            self,
            FogEvent::RandomInsight
                | FogEvent::GainCommandPoints
                | FogEvent::GainScout
                | FogEvent::BuyBrigade
        )
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FogRow {
    pub from: u32,
    pub to: u32,
    pub battle_turns: u32,
    pub event: FogEvent,
}

const fn row(from: u32, to: u32, battle_turns: u32, event: FogEvent) -> FogRow {
    FogRow {
        from,
        to,
        battle_turns,
        event,
    }
}

use FogEvent::*;

/// 10.2.6 Regular.
pub const REGULAR: [FogRow; 10] = [
    row(1, 1, 3, RandomInsight),
    row(2, 2, 4, GainCommandPoints),
    row(3, 3, 5, GainScout),
    row(4, 4, 4, BuyBrigade),
    row(5, 5, 3, RegimentOrTransfer),
    row(6, 6, 5, Disease),
    row(7, 7, 6, UnionReinforcement),
    row(8, 8, 4, UnionStatic),
    row(9, 9, 3, UnionSpecialPlans(1)),
    row(10, 10, 4, UnionSpecialPlans(2)),
];

/// 10.2.7 Hard. Row 9 is missing from the printed table: docs/rulings.md
/// makes it "+2 Special Battle Plans", 4 battle turns.
pub const HARD: [FogRow; 9] = [
    row(1, 1, 3, GainScout),
    row(2, 2, 4, BuyBrigade),
    row(3, 3, 5, RegimentOrTransfer),
    row(4, 4, 4, Disease),
    row(5, 5, 3, UnionReinforcement),
    row(6, 6, 6, UnionStatic),
    row(7, 8, 5, UnionSpecialPlans(1)),
    row(9, 9, 4, UnionSpecialPlans(2)),
    row(10, 10, 4, VirulentDisease),
];

/// 10.2.8 Veteran.
pub const VETERAN: [FogRow; 8] = [
    row(1, 1, 3, RegimentOrTransfer),
    row(2, 2, 4, Disease),
    row(3, 3, 5, UnionReinforcement),
    row(4, 4, 3, UnionStatic),
    row(5, 6, 5, UnionSpecialPlans(1)),
    row(7, 8, 4, UnionSpecialPlans(2)),
    row(9, 9, 3, VirulentDisease),
    row(10, 10, 4, Desertion),
];

pub fn table(level: UnionLevel) -> &'static [FogRow] {
    match level {
        UnionLevel::Regular => &REGULAR,
        UnionLevel::Hard => &HARD,
        UnionLevel::Veteran => &VETERAN,
    }
}

pub fn rule(level: UnionLevel) -> &'static str {
    match level {
        UnionLevel::Regular => "10.2.6",
        UnionLevel::Hard => "10.2.7",
        UnionLevel::Veteran => "10.2.8",
    }
}

pub fn lookup(level: UnionLevel, roll: u32) -> FogRow {
    *table(level)
        .iter()
        .find(|r| (r.from..=r.to).contains(&roll))
        .expect("Fog of War tables cover 1-10")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_table_covers_one_to_ten_once() {
        for level in [UnionLevel::Regular, UnionLevel::Hard, UnionLevel::Veteran] {
            let mut seen = [0; 11];
            for r in table(level) {
                for n in r.from..=r.to {
                    seen[n as usize] += 1;
                }
            }
            assert_eq!(&seen[1..], &[1; 10], "{level:?}");
        }
    }

    /// 10.2.4 example: a re-rolled 2 on the Regular table lasts 4 turns and
    /// gives 2 Command Points.
    #[test]
    fn regular_two_is_four_turns_and_two_command_points() {
        let r = lookup(UnionLevel::Regular, 2);
        assert_eq!((r.battle_turns, r.event), (4, GainCommandPoints));
        // 10.2.10 example: a 10 on Regular is +2 Special Battle Plans.
        assert_eq!(lookup(UnionLevel::Regular, 10).event, UnionSpecialPlans(2));
        // The Very Quick example reads six turns for a 10; the table's 4
        // governs (docs/rulings.md R-VQ-10.2.4).
        assert_eq!(lookup(UnionLevel::Regular, 10).battle_turns, 4);
    }
}
