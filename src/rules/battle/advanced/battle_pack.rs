//! The terms of a Battle-Pack-style stand-alone battle, as data: its sheet,
//! placement and victory conditions, the game it makes in the window
//! (fought by `stand_alone`) and how it ended. Nothing here plays: the
//! board and the world carry it.

use std::sync::Arc;

use bevy::prelude::Resource;
use serde::{Deserialize, Serialize};

use crate::campaign::Side;
use crate::rules::battle::ground::Square;
use crate::rules::battle::terms::{Formation, Tactics};
use crate::rules::components::Strength;

/// A stand-alone battle's sheet and terms (the Scenario Information Sheet
/// of a Battle Pack).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StandAlone {
    /// The sheet's Columns: 6 (the Advanced Battlefield Sheet), 11 or 12
    /// (the modified sheet).
    pub columns: u8,
    pub battle_turns: u32,
    /// Confederate Battle Plan Counters a turn (10.2.10).
    pub confederate_battle_plans: u32,
    /// Union Special Battle Plans a turn; 0: Default Battle Plans only.
    pub union_special_battle_plans: u32,
    /// The Union's tactics for the whole battle.
    pub union_tactics: Tactics,
    /// Where the Union Objective Markers stand (none: the Union advances
    /// on the Confederates only).
    #[serde(default)]
    pub objectives: Vec<Square>,
    pub victory: Victory,
    /// Every Force on the sheet at the start.
    pub placement: Vec<Placed>,
}

/// A stand-alone battle to play as a game of its own in the window: the
/// counters on the map, the battle and its terms (built from a scenario
/// file, `crate::scenario`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StandAloneGame {
    /// The bundled scenario's key ("malvern-hill"), saved to rebuild it.
    pub key: String,
    pub name: String,
    pub area: String,
    pub attacker: Side,
    /// The counters on the map: id, area, strength.
    pub forces: Vec<(String, String, Strength)>,
    pub terms: StandAlone,
}

/// A Force's place at the start.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Placed {
    pub force: String,
    pub square: Square,
    pub formation: Formation,
}

/// Who wins a stand-alone battle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Victory {
    /// The Union wins holding at least `needed` Objective Squares alone at
    /// the end; otherwise the Confederates.
    Objectives { needed: u32 },
    /// "the army that inflicts the highest number of casualties": Hits
    /// inflicted; equal, a draw.
    Casualties,
}

/// How a stand-alone battle ended (`stand_alone::fight` judges it; the
/// battle's record keeps it for the end screen).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StandAloneResult {
    pub ending: crate::rules::battle::Ending,
    /// None: a draw.
    pub winner: Option<Side>,
    /// Why, in a sentence.
    pub why: String,
    /// Hits each army suffered: Confederate, Union (11.10).
    pub hits: [u32; 2],
    /// Objective Squares the Union holds alone at the end.
    pub objectives_held: u32,
}

/// The game in play is a stand-alone battle, not a campaign.
#[derive(Resource, Clone, Debug)]
pub struct ActiveStandAlone(pub Arc<StandAloneGame>);
