//! What changed (issue 38): where everything stands ([`Positions`]) and
//! the typed list of what differs between two moments ([`changes`]): Forces
//! moved from one area to another, counters that arrived on the map, left
//! it (destroyed to a cup or pile, captured, removed) or flipped, Lee's
//! moves, Command Points and Scouts. Each item names its area(s), so the
//! map can show it and a player mirroring the game on the real board knows
//! what to move. The glue keeps the positions as the player last decided
//! ([`SinceDecision`]); `view::what_changed` is the list since.
//!
//! This module reads only the pieces' types (`Board::positions` builds a
//! [`Positions`]), so the battle record can keep them too.

use bevy::prelude::Resource;
use serde::{Deserialize, Serialize};

use crate::campaign::Side;
use crate::rules::components::{CommandPoints, Location, Scouts, Strength};

/// Where everything stood when the player last answered a question
/// ([`super::what_changed`] lists what changed since), answers about the
/// Union's own orders (16.3, 16.3.1) aside: a Union turn's moves are all
/// listed until the player next decides something of their own. None until the
/// first answer of a game; a new game or a load starts without one. The
/// glue (`sequence`) takes it as an answer is accepted.
#[derive(Resource, Debug, Clone, Default)]
pub struct SinceDecision {
    pub positions: Option<Positions>,
    /// An answer was taken this frame: remember the positions.
    taken: bool,
}

impl SinceDecision {
    /// An answer was accepted: the positions are to be remembered.
    pub fn taken(&mut self) {
        self.taken = true;
    }

    pub fn is_taken(&self) -> bool {
        self.taken
    }

    /// The positions as the player answered.
    pub fn remember(&mut self, positions: Option<Positions>) {
        self.taken = false;
        if positions.is_some() {
            self.positions = positions;
        }
    }
}

/// Where everything stands at one moment.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Positions {
    /// Every counter, by id.
    pub forces: Vec<ForceAt>,
    pub lee: Location,
    pub cp: CommandPoints,
    pub scouts: Scouts,
    /// The Campaign Turn.
    pub turn: u32,
}

/// One counter's place.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ForceAt {
    pub id: String,
    /// Its chronicle name ("Slocum", "Infantry Brigade 3").
    pub name: String,
    pub side: Side,
    pub location: Location,
    pub strength: Strength,
}

impl Positions {
    /// The counters of `side` in `area`.
    pub fn in_area<'a>(&'a self, area: &'a str, side: Side) -> impl Iterator<Item = &'a ForceAt> {
        self.forces
            .iter()
            .filter(move |f| f.side == side && f.location.area() == Some(area))
    }

    fn force(&self, id: &str) -> Option<&ForceAt> {
        self.forces
            .binary_search_by(|f| f.id.as_str().cmp(id))
            .ok()
            .map(|i| &self.forces[i])
    }
}

/// A Force a change is about.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Who {
    pub id: String,
    pub name: String,
    pub side: Side,
}

/// One thing that changed. Areas are area ids.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Change {
    /// A Force moved (marched, retreated, was ordered) between areas.
    Moved {
        force: Who,
        from: String,
        to: String,
    },
    /// A counter came onto the map: a Late Arrival (7.9), a purchase or
    /// Reinforcement from a cup or pile (15.5, 18.1), a Fog of War event.
    Arrived {
        force: Who,
        from: Location,
        to: String,
    },
    /// A counter left the map: destroyed to a cup or pile (11.11), a
    /// captured Battery (5.9.2), removed from the game (10.2.8).
    Destroyed {
        force: Who,
        from: String,
        to: Location,
    },
    /// A counter flipped: to its reduced side (a Hit, 11.10) or back to
    /// full (a Refit, 15.4, 18.1). `area`: where it stands now, if on the map.
    Flipped {
        force: Who,
        area: Option<String>,
        to: Strength,
    },
    /// Robert E. Lee moved (his areas, None off the map).
    LeeMoved {
        from: Option<String>,
        to: Option<String>,
    },
    /// A side's Command Points.
    CommandPoints { side: Side, from: u32, to: u32 },
    /// The Scouts in the Scout box (15.3.1).
    Scouts { from: u32, to: u32 },
}

impl Change {
    /// The areas the change names, for the map to show.
    pub fn areas(&self) -> Vec<&str> {
        match self {
            Change::Moved { from, to, .. } => vec![from, to],
            Change::Arrived { to, .. } => vec![to],
            Change::Destroyed { from, .. } => vec![from],
            Change::Flipped { area, .. } => area.iter().map(String::as_str).collect(),
            Change::LeeMoved { from, to } => from.iter().chain(to).map(String::as_str).collect(),
            Change::CommandPoints { .. } | Change::Scouts { .. } => Vec::new(),
        }
    }

    /// The Force it is about, if any.
    pub fn force(&self) -> Option<&Who> {
        match self {
            Change::Moved { force, .. }
            | Change::Arrived { force, .. }
            | Change::Destroyed { force, .. }
            | Change::Flipped { force, .. } => Some(force),
            _ => None,
        }
    }
}

/// What differs from `before` to `after`: moves first (Union Forces, then
/// Confederate), then arrivals, counters destroyed, flips, Lee, Command
/// Points and Scouts; each kind in the order of the counters' ids.
pub fn changes(before: &Positions, after: &Positions) -> Vec<Change> {
    let mut moved = Vec::new();
    let mut arrived = Vec::new();
    let mut destroyed = Vec::new();
    let mut flipped = Vec::new();
    for now in &after.forces {
        let Some(was) = before.force(&now.id) else {
            continue;
        };
        let who = || Who {
            id: now.id.clone(),
            name: now.name.clone(),
            side: now.side,
        };
        match (was.location.area(), now.location.area()) {
            (Some(a), Some(b)) if a != b => moved.push(Change::Moved {
                force: who(),
                from: a.to_string(),
                to: b.to_string(),
            }),
            (None, Some(b)) => arrived.push(Change::Arrived {
                force: who(),
                from: was.location.clone(),
                to: b.to_string(),
            }),
            (Some(a), None) => destroyed.push(Change::Destroyed {
                force: who(),
                from: a.to_string(),
                to: now.location.clone(),
            }),
            _ => {}
        }
        // A counter that left the map is flipped back as it goes: no news.
        if was.strength != now.strength && now.location.area().is_some() {
            flipped.push(Change::Flipped {
                force: who(),
                area: now.location.area().map(str::to_string),
                to: now.strength,
            });
        }
    }
    // The Union's moves first: they are what the player did not make.
    moved.sort_by_key(|c| c.force().map(|f| f.side != Side::Union));
    let mut out = moved;
    out.extend(arrived);
    out.extend(destroyed);
    out.extend(flipped);
    if before.lee != after.lee {
        out.push(Change::LeeMoved {
            from: before.lee.area().map(str::to_string),
            to: after.lee.area().map(str::to_string),
        });
    }
    for side in [Side::Confederate, Side::Union] {
        let cp = |p: &Positions| match side {
            Side::Confederate => p.cp.confederate,
            Side::Union => p.cp.union,
        };
        if cp(before) != cp(after) {
            out.push(Change::CommandPoints {
                side,
                from: cp(before),
                to: cp(after),
            });
        }
    }
    if before.scouts.available != after.scouts.available {
        out.push(Change::Scouts {
            from: before.scouts.available,
            to: after.scouts.available,
        });
    }
    out
}
