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

/// Battles kept: enough for a turn's battles and the one before.
pub const KEPT: usize = 8;

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
    pub range: Option<i32>,
    /// Confederates, on the sheet shown when Battle Plan Counters are
    /// assigned (12.2): why each counter may not be attached now (12.2,
    /// 12.3); counters missing here may be. Empty on other frames.
    pub refusals: Vec<(PlanCounter, String)>,
}

/// Where the round shown at `cursor` starts (after the latest Rejoin).
pub fn round_start(events: &[BattleEvent], cursor: usize) -> usize {
    events[..cursor.min(events.len())]
        .iter()
        .rposition(|e| matches!(e.kind, EventKind::Rejoin { .. }))
        .map_or(0, |i| i + 1)
}
