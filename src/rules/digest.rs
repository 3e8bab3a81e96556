//! A stable digest of the whole game state (DESIGN.md, Determinism): the
//! same campaign, options, seed and decisions give the same digest on every
//! run and machine. Everything is gathered in a fixed order (by stable id),
//! serialised to JSON and hashed with 64-bit FNV-1a.

use bevy::prelude::*;
use serde::Serialize;

use super::components::*;
use super::difficulty::GameOptions;
use crate::chronicle::Chronicle;
use crate::dice::Dice;

#[derive(Serialize)]
struct ForceState<'a> {
    id: &'a str,
    location: &'a Location,
    strength: Strength,
}

#[derive(Serialize)]
struct Snapshot<'a> {
    campaign: &'a str,
    options: &'a GameOptions,
    turn: &'a CampaignTurn,
    command_points: &'a CommandPoints,
    scouts: &'a Scouts,
    special_battle_plans: &'a SpecialBattlePlanCup,
    progress: &'a Progress,
    lee: Vec<&'a Location>,
    objective_markers: Vec<&'a str>,
    forces: Vec<ForceState<'a>>,
    dice: &'a Dice,
    chronicle: &'a Chronicle,
}

/// The game state as canonical JSON, or None when no campaign is set up.
pub fn snapshot_json(world: &mut World) -> Option<String> {
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
        special_battle_plans: world.get_resource::<SpecialBattlePlanCup>()?,
        progress: world.get_resource::<Progress>()?,
        lee,
        objective_markers,
        forces,
        dice: world.get_resource::<Dice>()?,
        chronicle: world.get_resource::<Chronicle>()?,
    };
    serde_json::to_string(&snapshot).ok()
}

/// `fcrel1-` and 16 hex digits, or None when no campaign is set up.
pub fn state_digest(world: &mut World) -> Option<String> {
    snapshot_json(world).map(|json| format!("fcrel1-{:016x}", fnv1a64(json.as_bytes())))
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
