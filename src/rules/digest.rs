//! A stable digest of the whole game state (DESIGN.md, Determinism): the
//! same campaign, options, seed and decisions give the same digest on every
//! run and machine. Everything is gathered in a fixed order (by stable id),
//! serialised to JSON and hashed with 64-bit FNV-1a.
//!
//! The chronicle enters by its facts (rule numbers, dice, targets and
//! modifiers), not its wording: a build that words a line better still
//! verifies the saves of the builds before it. `fcrel1-` digests (until
//! December 2026) hashed the wording too; they are checked the old way.

use bevy::prelude::*;
use serde::Serialize;

use super::components::*;
use super::difficulty::GameOptions;
use crate::chronicle::{Chronicle, Entry};
use crate::dice::Dice;

#[derive(Serialize)]
struct ForceState<'a> {
    id: &'a str,
    location: &'a Location,
    strength: Strength,
}

/// What a chronicle line records, without its words.
#[derive(Serialize)]
struct Fact<'a> {
    rule: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    roll: Option<RollFact<'a>>,
}

#[derive(Serialize)]
struct RollFact<'a> {
    die: u32,
    target: Option<i32>,
    base: Option<i32>,
    /// Amount, the superscript's change and the granting rule.
    modifiers: Vec<(i32, Option<i32>, &'a str)>,
}

fn facts(chronicle: &Chronicle) -> Vec<Fact<'_>> {
    chronicle.entries().iter().map(fact).collect()
}

fn fact(e: &Entry) -> Fact<'_> {
    Fact {
        rule: &e.rule,
        roll: e.roll.as_ref().map(|r| RollFact {
            die: r.die,
            target: r.target,
            base: r.base.as_ref().map(|(value, _)| *value),
            modifiers: r
                .modifiers
                .iter()
                .map(|m| (m.amount, m.superior, m.rule.as_ref()))
                .collect(),
        }),
    }
}

/// The Special Battle Plan cup between battles: every counter (7.5, 14.0).
/// It is no part of the world; the digest writes it as it always did, so
/// that the `fcrel2-` digests of saves and replays stay the same.
#[derive(Serialize)]
struct Cup {
    contents: Vec<SpecialBattlePlan>,
}

#[derive(Serialize)]
struct Snapshot<'a, C> {
    campaign: &'a str,
    options: &'a GameOptions,
    turn: &'a CampaignTurn,
    command_points: &'a CommandPoints,
    scouts: &'a Scouts,
    special_battle_plans: Cup,
    progress: &'a Progress,
    lee: Vec<&'a Location>,
    objective_markers: Vec<&'a str>,
    forces: Vec<ForceState<'a>>,
    dice: &'a Dice,
    chronicle: C,
}

/// The game state as canonical JSON, or None when no campaign is set up.
pub fn snapshot_json(world: &mut World) -> Option<String> {
    snapshot_with(world, facts)
}

/// Gather the state; `chronicle` says how the chronicle enters it.
fn snapshot_with<'w, C: Serialize>(
    world: &'w mut World,
    chronicle: impl FnOnce(&'w Chronicle) -> C,
) -> Option<String> {
    let mut forces_q = world.query::<(&Force, &Location, &Strength)>();
    let mut lee_q = world.query_filtered::<&Location, With<LeeCounter>>();
    let mut obj_q = world.query_filtered::<&MapArea, With<ObjectiveMarker>>();
    let world = &*world;
    let campaign = world.get_resource::<ActiveCampaign>()?;
    let mut forces: Vec<ForceState> = forces_q
        .iter(world)
        .map(|(f, location, strength)| ForceState {
            id: &f.id,
            location,
            strength: *strength,
        })
        .collect();
    forces.sort_by(|a, b| a.id.cmp(b.id));
    let mut lee: Vec<&Location> = lee_q.iter(world).collect();
    lee.sort();
    let mut objective_markers: Vec<&str> = obj_q.iter(world).map(|a| a.id.as_str()).collect();
    objective_markers.sort();
    let snapshot = Snapshot {
        campaign: &campaign.0.id,
        options: world.get_resource::<GameOptions>()?,
        turn: world.get_resource::<CampaignTurn>()?,
        command_points: world.get_resource::<CommandPoints>()?,
        scouts: world.get_resource::<Scouts>()?,
        special_battle_plans: Cup {
            contents: SpecialBattlePlan::full_cup(),
        },
        progress: world.get_resource::<Progress>()?,
        lee,
        objective_markers,
        forces,
        dice: world.get_resource::<Dice>()?,
        chronicle: chronicle(world.get_resource::<Chronicle>()?),
    };
    serde_json::to_string(&snapshot).ok()
}

/// `fcrel2-` and 16 hex digits, or None when no campaign is set up.
pub fn state_digest(world: &mut World) -> Option<String> {
    snapshot_json(world).map(|json| format!("fcrel2-{:016x}", fnv1a64(json.as_bytes())))
}

/// How a replayed game compares with the digest its file recorded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Check {
    Same,
    Differs,
    /// An `fcrel1-` digest that hashed the chronicle's wording, which this
    /// build words differently: the state cannot be told from the wording.
    Reworded,
}

/// Compare the world with a recorded digest of either form.
pub fn check(world: &mut World, recorded: &str) -> Check {
    if recorded.starts_with("fcrel1-") {
        let full = snapshot_with(world, |c| c)
            .map(|json| format!("fcrel1-{:016x}", fnv1a64(json.as_bytes())));
        return if full.as_deref() == Some(recorded) {
            Check::Same
        } else {
            Check::Reworded
        };
    }
    if state_digest(world).as_deref() == Some(recorded) {
        Check::Same
    } else {
        Check::Differs
    }
}

/// 64-bit FNV-1a: tiny, fixed forever, good enough to tell states apart.
pub fn fnv1a64(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= b as u64;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}
