//! What a battle looked like, step by step, for front ends to show and
//! animate: the Fog of War roll, the Envelopment check, every change on the
//! Battlefield Sheet (Basic) and every Battle Resolution Table resolution
//! (Quick and Very Quick), each tied to the chronicle entry it follows.
//!
//! Recording is off unless the board carries a [`BattleRecords`] (the
//! desktop app's world has one); the simulator and the odds advisor pay
//! nothing for it. A step that is re-run with one more decision records the
//! same events again, so the record always matches the game.

use bevy::prelude::Resource;
use serde::{Deserialize, Serialize};

use super::Ending;
use super::ground::{Region, Square};
use super::terms::{Formation, PlanCounter, Tactics};
use crate::campaign::{Insight, Side, UnionLevel, WithdrawalResult};
use crate::rules::components::SpecialBattlePlan;
use crate::rules::difficulty::BattleMode;
use crate::rules::view::changes::Positions;

/// Battles kept: enough for a turn's battles and the one before (every
/// battle of the game when the board says `keep_all_battles`, for the
/// after-action report).
pub const KEPT: usize = 8;

/// In a world, every battle is recorded and kept (the after-action
/// report's replay), not only the last [`KEPT`].
#[derive(Resource, Debug, Clone, Copy, Default)]
pub struct KeepAllBattles;

/// The recent battles, oldest first.
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct BattleRecords {
    pub battles: Vec<BattleRecord>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BattleRecord {
    /// The chronicle's length when the battle began: the battle's identity.
    pub id: usize,
    pub area: String,
    pub area_name: String,
    pub mode: BattleMode,
    pub attacker: Side,
    pub campaign_turn: u32,
    pub events: Vec<BattleEvent>,
    pub ending: Option<Ending>,
    /// Where everything stood as the battle began and as it ended (its
    /// Forces, their losses and retreats, the Command Points: the
    /// after-action report reads `view::changes` between the two).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub before: Option<Box<Positions>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub after: Option<Box<Positions>>,
}

/// One thing that happened, with the chronicle's length just after it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BattleEvent {
    pub chronicle_len: usize,
    pub kind: EventKind,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum EventKind {
    /// 14.8.1 Rejoin: a new battle starts here from the Fog of War; what
    /// follows belongs to the new round.
    Rejoin { round: u32 },
    /// 10.2.1–10.2.4: a Fog of War roll (each Scout re-roll is another).
    FogOfWar {
        level: UnionLevel,
        die: u32,
        battle_turns: u32,
        event: String,
    },
    /// 10.2.9: the two combined Combat Values against the 3:1 line.
    Envelopment {
        confederate: u32,
        union: u32,
        enveloped: Option<Side>,
    },
    /// 14.0.1: the Special Battle Plan cup for this battle while Scouts may
    /// take plans out of it.
    Cup { cup: Vec<SpecialBattlePlan> },
    /// The Battlefield Sheet after a change (Basic).
    Sheet { caption: String, sheet: SheetView },
    /// One resolution on the Battle Resolution Table (Quick, Very Quick);
    /// `die` is None while the player is asked about the ±1 shift.
    Resolution(Resolution),
    /// 14.8 Withdrawal: at 2:1 the weaker army retreats without a roll
    /// (`die` None); otherwise the campaign's Withdrawal table.
    Withdrawal {
        confederate: u32,
        union: u32,
        die: Option<u32>,
        result: WithdrawalResult,
    },
    /// A stand-alone battle judged by its own terms (R-A-stand-alone):
    /// who won and why, the Hits each army suffered, the Objectives held.
    StandAloneEnd {
        result: crate::rules::battle::advanced::battle_pack::StandAloneResult,
    },
    /// Quick/Very Quick Hits applied to one army (11.9).
    Hits {
        side: Side,
        hits: u32,
        /// Each Hit's Force and whether it was destroyed.
        on: Vec<(String, bool)>,
    },
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Resolution {
    pub battle_turn: u32,
    pub battle_turns: u32,
    pub attacker: Side,
    pub attacker_combat: u32,
    pub defender_combat: u32,
    pub base_column: usize,
    pub shifts: Vec<ColumnShift>,
    pub column: usize,
    pub die: Option<u32>,
    /// Attacker and defender Hits for one battle turn.
    pub hits: [u32; 2],
    /// Very Quick: the Hits are multiplied by the battle turns.
    pub multiplier: u32,
}

/// A column shift and why (positive: right).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ColumnShift {
    pub by: i32,
    pub why: String,
    pub rule: String,
}

/// The Battlefield Sheet as the player sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SheetView {
    pub turn: u32,
    pub turns: u32,
    /// Battle Plan Counters a turn, and those assigned this turn.
    pub quantity: u32,
    pub assigned: u32,
    pub union_quantity: u32,
    pub tactics: Tactics,
    pub confederate_combat: u32,
    pub union_combat: u32,
    pub lee: bool,
    pub units: Vec<SheetUnit>,
    /// The Special Battle Plan cup for this battle, those drawn this turn
    /// and those taken out by Disrupt.
    pub cup: Vec<SpecialBattlePlan>,
    pub drawn: Vec<SpecialBattlePlan>,
    pub disrupted: Vec<SpecialBattlePlan>,
    pub insights: Vec<(Insight, bool)>,
    pub formation_counter: bool,
    pub routed: Option<Side>,
    /// The Advanced sheet's Columns (6; a stand-alone battle's 11 or 12).
    #[serde(default = "six", skip_serializing_if = "is_six")]
    pub columns: u8,
    /// A stand-alone battle's Union Objective Markers.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub objectives: Vec<Square>,
    /// A stand-alone battle: the Hits each army has suffered so far, the
    /// Confederates' then the Union's (11.10: the battle may be won on
    /// them); none in a campaign battle.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hits: Option<[u32; 2]>,
    /// Optional rule Officers Confused: the counters not to be had this
    /// battle turn (12.2), for the Why? (`rules::why`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub confused: Vec<PlanCounter>,
}

fn six() -> u8 {
    6
}

fn is_six(n: &u8) -> bool {
    *n == 6
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SheetUnit {
    pub force: String,
    pub side: Side,
    pub region: Region,
    /// The Square on the Advanced Battlefield Sheet (`region` is its Row's).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub square: Option<Square>,
    /// The Union Force declared as the target of Flank or Rapid Advance
    /// (A12.3).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<String>,
    /// The declared target can no longer be struck as declared: the
    /// Force is not as far from it as its counter needs (driven back, by
    /// Broken say); it will hold (A12.3).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub aim_lost: bool,
    pub formation: Formation,
    pub reduced: bool,
    pub combat: u32,
    pub counter: Option<PlanCounter>,
    pub prepare: bool,
    pub entrench: bool,
    pub hard_cover: bool,
    pub cover: bool,
    pub acted: bool,
    pub clear_orders: bool,
    pub in_melee: bool,
    /// Passing through a friend's Square (A10.2.14, R-A10.2.14-through).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub passing: bool,
    pub range: Option<i32>,
    /// Confederates, on the sheet shown when Battle Plan Counters are
    /// assigned (12.2): why each counter may not be attached now (12.2,
    /// 12.3); counters missing here may be. Empty on other frames.
    pub refusals: Vec<(PlanCounter, String)>,
    /// The Advanced sheet: this Force and each enemy Force, as the rules
    /// see them (A10.3, A11.0.1, A11.4.2, A11.5–A11.7). Empty on the
    /// Regions.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub relations: Vec<Relation>,
    /// The Advanced sheet, Confederates: the Squares a March would take
    /// it into now (A11.0, A12.4); one holding a Union Force is a Shock
    /// attack (A11.4). Empty when it may not March.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub reach: Vec<Square>,
}

/// One Force and an enemy Force on the Advanced sheet: how far, how each
/// stands toward the other, where an attack by the first would strike and
/// with which modifiers, and whether it may attack it now.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Relation {
    /// The enemy Force.
    pub force: String,
    /// Squares between them (A11.0.1).
    pub distance: i32,
    /// This Force's Formation in relation to the enemy (A10.3).
    pub own_formation: Formation,
    /// The enemy's Formation in relation to this Force (A10.3).
    pub their_formation: Formation,
    /// Where an attack by this Force strikes the enemy (A11.4.2.2,
    /// A11.4.2.3); None in Melee, which ignores it (A11.5).
    pub strikes: Option<Strikes>,
    /// A Shock attack on the enemy (next to it, A11.4): the modifiers to
    /// the enemy's Shock check (11.4.3 Column against Line, A11.4.2.2
    /// Flank, A11.4.2.3 Rear).
    pub their_shock: Vec<crate::chronicle::Modifier>,
    /// … and to this Force's own check when the enemy holds (11.4.2).
    pub own_shock: Vec<crate::chronicle::Modifier>,
    /// The modifiers an attack by this Force on the enemy gets from where
    /// they stand (A11.5 Melee, A11.7.2 range, A14.2.2.1 Union Cavalry).
    pub attack: Vec<crate::chronicle::Modifier>,
    /// The enemy is a target this Force may attack now (A11.6, A11.7,
    /// A14.2.2.1).
    pub target: bool,
}

/// Where an attack strikes a Force (A11.4.2.2–A11.4.2.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Strikes {
    Front,
    Flank,
    Rear,
}

impl From<super::ground::Facing> for Strikes {
    fn from(f: super::ground::Facing) -> Strikes {
        use super::ground::Facing;
        match f {
            Facing::Front => Strikes::Front,
            Facing::Flank => Strikes::Flank,
            Facing::Rear => Strikes::Rear,
        }
    }
}

impl Strikes {
    pub fn name(self) -> &'static str {
        match self {
            Strikes::Front => "Front",
            Strikes::Flank => "Flank",
            Strikes::Rear => "Rear",
        }
    }
}

/// Where the round shown at `cursor` starts (after the latest Rejoin).
pub fn round_start(events: &[BattleEvent], cursor: usize) -> usize {
    events[..cursor.min(events.len())]
        .iter()
        .rposition(|e| matches!(e.kind, EventKind::Rejoin { .. }))
        .map_or(0, |i| i + 1)
}
