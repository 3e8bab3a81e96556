//! The pieces of the game as ECS components and resources. Every counter is
//! an entity with exactly one [`Location`], so no counter can be in two
//! places (map, battlefield, cup, pile) at once; a cup's contents are the
//! counters whose location is that cup.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use crate::campaign::{Campaign, CounterKind, CounterValues, ForceType, Phase, Side, Skill};

pub use super::id::Id;

/// The campaign being played, as loaded.
#[derive(Resource, Clone, Debug)]
pub struct ActiveCampaign(pub Arc<Campaign>);

/// An Area of the Campaign map (2.0).
#[derive(Component, Debug, Clone, PartialEq, Eq)]
pub struct MapArea {
    pub id: String,
}

/// A grey Confederate Objective counter on the area (4.17, 7.13).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct ObjectiveMarker;

/// Where a counter is. One per counter: the invariant that nothing is lost
/// or duplicated rests on this.
#[derive(Component, Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(tag = "at", content = "id", rename_all = "snake_case")]
pub enum Location {
    /// In an Area of the Campaign map.
    Area(String),
    /// Waiting off the map for its Late Arrival (7.9).
    LateArrival(String),
    /// Destroyed Named Union Forces (4.18).
    ReinforcementCup,
    /// Union Brigades, Regiments and Batteries not in play (4.19).
    AdditionalForcesCup,
    /// Union Garrisons and Fortifications not in play (6.2.1).
    StaticForcesPile,
    /// Captured artillery of both sides (5.9.2).
    CapturedArtilleryPile,
    /// Confederate counters next to the map: unpurchased or destroyed (7.10, 11.11).
    ConfederateAvailable,
    /// Out of the game for good (10.2.8 Desertion).
    RemovedFromGame,
}

impl Location {
    pub fn area(&self) -> Option<&str> {
        match self {
            Location::Area(a) => Some(a),
            _ => None,
        }
    }
}

/// Full-strength or reduced side up (5.9).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Strength {
    #[default]
    Full,
    Reduced,
}

/// A Force counter (4.8, 5.0).
#[derive(Component, Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Force {
    /// Stable id: the campaign's force id, or `<stock>-<n>` for generic counters.
    pub id: String,
    pub side: Side,
    pub name: String,
    pub force_type: ForceType,
    pub skill: Skill,
    pub corps: Option<String>,
    /// Carries Jackson's 'J' (15.1.1).
    pub jackson: bool,
    pub full: CounterValues,
    pub reduced: Option<CounterValues>,
    /// None for Named Forces; the kind for generic counters (4.8).
    pub kind: Option<CounterKind>,
}

impl Force {
    pub fn is_named(&self) -> bool {
        self.kind.is_none()
    }

    /// How the chronicle names it: a Named Force by its name, a generic
    /// counter by its own ("Infantry Brigade 3", "Artillery Battery 3-1").
    pub fn chronicle_name(&self) -> &str {
        &self.name
    }

    /// 15.5: a Force costs its Combat Value on the side it is bought on.
    pub fn purchase_cost(&self, reduced: bool) -> u32 {
        let side = if reduced {
            Strength::Reduced
        } else {
            Strength::Full
        };
        self.values(side).combat
    }

    pub fn values(&self, strength: Strength) -> CounterValues {
        match strength {
            Strength::Full => self.full,
            Strength::Reduced => self.reduced.unwrap_or(self.full),
        }
    }
}

/// The Robert E. Lee counter (4.7). Never a Force.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct LeeCounter {
    pub command_rating: u32,
}

/// 4.11 Campaign Turn counter: turn 0 is before the first Advance Turn.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct CampaignTurn {
    pub turn: u32,
    pub phase: Phase,
    /// Turns the Optional rule The Battle Continues added after the Turn
    /// Track's last box.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub extra: u32,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// 4.9 Command Points of both sides.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct CommandPoints {
    pub confederate: u32,
    pub union: u32,
}

/// The campaign's losses: every Hit applied (11.10) and every Force
/// destroyed (11.11), by side.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Casualties {
    pub confederate_hits: u32,
    pub union_hits: u32,
    pub confederate_destroyed: u32,
    pub union_destroyed: u32,
}

impl Casualties {
    /// One Hit applied to a Force of `side` (11.10).
    pub fn hit(&mut self, side: Side) {
        match side {
            Side::Confederate => self.confederate_hits += 1,
            Side::Union => self.union_hits += 1,
        }
    }

    /// One Force of `side` destroyed or captured (11.11, 5.9.1).
    pub fn lost(&mut self, side: Side) {
        match side {
            Side::Confederate => self.confederate_destroyed += 1,
            Side::Union => self.union_destroyed += 1,
        }
    }
}

/// 4.10 Scouts: those in the Scout box, and the physical counters (a hard limit).
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Scouts {
    pub available: u32,
    pub counters: u32,
}

/// A Union Special Battle Plan counter (13.2, 13.4, 14.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SpecialBattlePlan {
    /// 14.1.1
    CloseRanks,
    /// 14.1.2 (Defensive only)
    HardCover,
    /// 14.1.3 (Aggressive only)
    Charge,
    /// 14.1.4 (Aggressive only)
    WellStruck,
    /// 14.1.5
    Smoke,
    /// 14.1.6
    MixedOrders,
    /// 14.1.7
    FlankingFire,
    /// 14.1.8; 13.2 prints it as "Hidden March" (docs/rulings.md).
    ScreenedMarch,
    /// 14.1.9
    Broken,
    /// 14.1.10
    HeavyFire,
    /// 14.1.11 (blank)
    FogOfWar,
}

impl SpecialBattlePlan {
    /// Every kind, in the order of 14.1.
    pub const ALL: [SpecialBattlePlan; 11] = [
        SpecialBattlePlan::CloseRanks,
        SpecialBattlePlan::HardCover,
        SpecialBattlePlan::Charge,
        SpecialBattlePlan::WellStruck,
        SpecialBattlePlan::Smoke,
        SpecialBattlePlan::MixedOrders,
        SpecialBattlePlan::FlankingFire,
        SpecialBattlePlan::ScreenedMarch,
        SpecialBattlePlan::Broken,
        SpecialBattlePlan::HeavyFire,
        SpecialBattlePlan::FogOfWar,
    ];

    pub fn name(self) -> &'static str {
        use SpecialBattlePlan::*;
        match self {
            CloseRanks => "Close Ranks",
            HardCover => "Hard Cover",
            Charge => "Charge!",
            WellStruck => "Well-Struck",
            Smoke => "Smoke",
            MixedOrders => "Mixed Orders",
            FlankingFire => "Flanking Fire",
            ScreenedMarch => "Screened March",
            Broken => "Broken",
            HeavyFire => "Heavy Fire",
            FogOfWar => "Fog of War",
        }
    }

    pub fn rule(self) -> &'static str {
        use SpecialBattlePlan::*;
        match self {
            CloseRanks => "14.1.1",
            HardCover => "14.1.2",
            Charge => "14.1.3",
            WellStruck => "14.1.4",
            Smoke => "14.1.5",
            MixedOrders => "14.1.6",
            FlankingFire => "14.1.7",
            ScreenedMarch => "14.1.8",
            Broken => "14.1.9",
            HeavyFire => "14.1.10",
            FogOfWar => "14.1.11",
        }
    }

    /// The effect in a line (the Player Aid's summary).
    pub fn effect(self) -> &'static str {
        use SpecialBattlePlan::*;
        match self {
            CloseRanks => "Cancels the first Hit on the Union Forces this turn.",
            HardCover => {
                "Defensive: on the highest-Skill Union Infantry or Artillery; attackers -2/-2, +2 to its Shock check."
            }
            Charge => {
                "Aggressive: the foremost Union Forces at range 1 Activate and Shock attack; the others fire."
            }
            WellStruck => {
                "Aggressive: Union Infantry and Cavalry +2/+0 on range-1 attacks this turn."
            }
            Smoke => "Confederate Forces -1/-1 Combat Value this turn.",
            MixedOrders => "Confederate Forces -1 Activation this turn.",
            FlankingFire => {
                "Roll the number of Union Forces or less: 1 Hit on a random Confederate Force not in Melee."
            }
            ScreenedMarch => {
                "Roll the number of Union Forces or less: 1 Hit on the lowest-Skill Force in the rearmost Region."
            }
            Broken => {
                "The foremost lowest-Skill Confederate Force checks Activation or Retreats one Region."
            }
            HeavyFire => {
                "A Confederate Force Hit by an attack this turn checks Activation or Retreats one Region."
            }
            FogOfWar => "No effect; counts against the Union's quantity.",
        }
    }

    /// The cup as every battle finds it: the whole counter mix (7.5), in
    /// a stable order. Between battles every counter is in the cup (a
    /// battle takes them out and puts them back, 14.0), so the cup is no
    /// part of the game's state: each battle's `Field` holds its own.
    pub fn full_cup() -> Vec<SpecialBattlePlan> {
        let mut cup = SpecialBattlePlan::counter_mix();
        cup.sort();
        cup
    }

    /// The physical counter mix: the union of the 13.2 and 13.4 pools.
    pub fn counter_mix() -> Vec<SpecialBattlePlan> {
        use SpecialBattlePlan::*;
        let mut v = vec![
            Charge,
            WellStruck,
            HardCover,
            HardCover,
            CloseRanks,
            CloseRanks,
            Smoke,
            FlankingFire,
            MixedOrders,
            ScreenedMarch,
            Broken,
            HeavyFire,
        ];
        v.extend([FogOfWar; 4]);
        v
    }
}

/// Adjacency and distances of the Campaign map, by area index.
#[derive(Resource, Debug, Clone)]
pub struct MapGraph {
    /// The areas' ids, made once: the answers that name areas copy them.
    pub ids: Vec<Id>,
    /// Looked up for every distance the rules and the commander measure;
    /// never iterated, so the hash order cannot reach the rules.
    pub index: bevy::platform::collections::HashMap<String, usize>,
    /// The same by the address of each id's one interned text
    /// (`rules::id`): an area named by an [`Id`] found without hashing or
    /// comparing its text.
    by_address: crate::rules::id::ByAddress<usize>,
    pub adjacent: Vec<Vec<usize>>,
    /// `distance[a][b]`: fewest moves from a to b; `u32::MAX` when unreachable.
    pub distance: Vec<Vec<u32>>,
    /// `adjacent`, each list in the order of the areas' ids (the order the
    /// rules offer and pick neighbours in).
    pub adjacent_by_id: Vec<Vec<usize>>,
}

impl MapGraph {
    pub fn new(campaign: &Campaign) -> Self {
        let ids: Vec<Id> = campaign.map.areas.iter().map(|a| Id::new(&a.id)).collect();
        let index: bevy::platform::collections::HashMap<String, usize> = ids
            .iter()
            .enumerate()
            .map(|(i, id)| (id.to_string(), i))
            .collect();
        let by_address = ids.iter().enumerate().map(|(i, &id)| (id, i)).collect();
        let adjacent: Vec<Vec<usize>> = campaign
            .map
            .areas
            .iter()
            .map(|a| {
                let mut v: Vec<usize> = a
                    .adjacent
                    .iter()
                    .filter_map(|n| index.get(n).copied())
                    .collect();
                v.sort_unstable();
                v
            })
            .collect();
        let n = ids.len();
        let mut distance = vec![vec![u32::MAX; n]; n];
        for (start, row) in distance.iter_mut().enumerate() {
            row[start] = 0;
            let mut queue = std::collections::VecDeque::from([start]);
            while let Some(a) = queue.pop_front() {
                for &b in &adjacent[a] {
                    if row[b] == u32::MAX {
                        row[b] = row[a] + 1;
                        queue.push_back(b);
                    }
                }
            }
        }
        let adjacent_by_id = adjacent
            .iter()
            .map(|v| {
                let mut v = v.clone();
                v.sort_by(|&a, &b| ids[a].cmp(&ids[b]));
                v
            })
            .collect();
        MapGraph {
            ids,
            index,
            by_address,
            adjacent,
            distance,
            adjacent_by_id,
        }
    }

    pub fn idx(&self, id: &str) -> Option<usize> {
        // Most look-ups name the area by its id (the answers do): found by
        // address, the text neither hashed nor compared (these look-ups
        // were a tenth of a Seven Days game).
        self.by_address
            .get(id)
            .or_else(|| self.index.get(id).copied())
    }

    pub fn distance(&self, a: &str, b: &str) -> Option<u32> {
        let d = self.distance[self.idx(a)?][self.idx(b)?];
        (d != u32::MAX).then_some(d)
    }

    /// [`MapGraph::distance`] between map indices.
    pub fn distance_at(&self, a: usize, b: usize) -> Option<u32> {
        let d = self.distance[a][b];
        (d != u32::MAX).then_some(d)
    }

    pub fn are_adjacent(&self, a: &str, b: &str) -> bool {
        match (self.idx(a), self.idx(b)) {
            (Some(a), Some(b)) => self.adjacent[a].binary_search(&b).is_ok(),
            _ => false,
        }
    }
}

/// The campaign's progress toward its end (3.0–3.3, 21.0) and the
/// bookkeeping of the current step.
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Progress {
    /// Objectives decided so far: id → achieved (true) or failed (false).
    pub objectives: BTreeMap<String, bool>,
    /// Every area Confederate Forces have entered, with their ids (2.2 "reach").
    pub entered: BTreeMap<String, BTreeSet<String>>,
    /// Late Arrivals that have arrived (7.9).
    pub arrived: BTreeSet<String>,
    /// Areas where armies Encamped in this step: no new battle there in it (14.8.4).
    pub encamped: BTreeSet<String>,
    /// Areas where a battle has been fought (special rules about "the"
    /// battle of an area).
    #[serde(default)]
    pub battled: BTreeSet<String>,
    /// Both armies' combined Combat Value on the map at the end of each turn
    /// (turn, Confederate, Union), from the set-up (turn 0) on.
    #[serde(default)]
    pub strength: Vec<(u32, u32, u32)>,
    /// Hits taken and Forces destroyed so far (11.10, 11.11), for the end
    /// of the campaign.
    #[serde(default)]
    pub casualties: Casualties,
    /// Union Brigades, Regiments and Batteries attached to a corps or
    /// Independent group (16.3.3): force id → the group's label. They stay
    /// with it while they share its area and it has room.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub attached: BTreeMap<String, String>,
    /// 16.3.3's exception: Reinforcements that rejoined their full corps
    /// group in Union Resupply, each one place over the maximum while the
    /// group stays over it.
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub beyond_maximum: BTreeSet<String>,
    /// The end of the campaign, once reached.
    pub result: Option<CampaignResult>,
}

/// 3.3 Command performance against Lee's historical score.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Rating {
    Superior,
    Historical,
    Inferior,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CampaignResult {
    /// 3.1: every objective achieved.
    pub victory: bool,
    /// Why it ended, with the rule.
    pub reason: String,
    pub victory_points: u32,
    pub rating: Rating,
}
