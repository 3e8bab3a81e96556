//! What changed (issue 38): where everything stands ([`Positions`]) and
//! the typed list of what differs between two moments ([`changes`]): Forces
//! moved from one area to another, counters that arrived on the map, left
//! it (destroyed to a cup or pile, captured, removed) or flipped, Lee's
//! moves, Command Points and Scouts. Each item names its area(s), so the
//! map can show it and a player mirroring the game on the real board knows
//! what to move. The glue notes the positions as play goes on
//! ([`SinceDecision`]); `view::what_changed` is the list since the player's
//! last decision on the map.
//!
//! This module reads only the pieces' types (`Board::positions` builds a
//! [`Positions`]), so the battle record can keep them too.

use bevy::prelude::Resource;
use serde::{Deserialize, Serialize};

use crate::campaign::Side;
use crate::rules::components::{CommandPoints, Location, Scouts, Strength};
use crate::rules::turn::step::Step;

/// What changed since the player's last decision on the map, kept as
/// play goes on (issue 45 item 11): a player mirroring the game on the
/// real board moves what it lists. The glue notes the positions
/// ([`SinceDecision::remember`]) when an answer is taken and when a step
/// begins; a decision in a step where the player moves counters on the map
/// ([`mirrored_after`]) starts the list afresh, every other note (a
/// battle's questions, a Scout against a Union group's orders, a step
/// begun) adds what changed since the note before. So the list holds
/// every Union move, arrival and loss since, in the order the steps and
/// questions came, however many questions the Union turn asked. None
/// until the first answer of a game; a new game or a load starts without
/// one.
#[derive(Resource, Debug, Clone, Default)]
pub struct SinceDecision {
    /// What changed from the player's last decision on the map up to the
    /// last note, in order.
    pub changes: Vec<Change>,
    /// Where everything stood at the last note.
    pub positions: Option<Positions>,
    /// The step of the last note.
    step: Option<Step>,
    /// An answer was taken this frame: note the positions.
    taken: bool,
}

/// The steps in which the player moves counters on the map (7.9 Late
/// Arrivals, 9.2 Moves, 15.1 Forced March, 15.3–15.6 Resupply): after a
/// decision there, the real board stands as the game did. A battle's
/// questions, the order battles are fought in (Resolve Battles) and a
/// Scout against a Union group's orders (16.3.1, Union Orders) come in the
/// middle of what the player will mirror. A game outside the Campaign
/// Turn (a stand-alone battle) has no steps: every decision counts.
pub fn mirrored_after(step: Option<Step>) -> bool {
    match step {
        None => true,
        Some(s) => matches!(
            s,
            Step::AdvanceTurn
                | Step::ConfederateMoves
                | Step::ForcedMarch
                | Step::ConfederateResupply
        ),
    }
}

impl SinceDecision {
    /// An answer was accepted: the positions are to be noted.
    pub fn taken(&mut self) {
        self.taken = true;
    }

    /// Whether the positions are to be noted now, in `step`: an answer was
    /// taken, or a step has begun since the last note of a list kept.
    pub fn wants(&self, step: Option<Step>) -> bool {
        self.taken || (self.positions.is_some() && self.step != step)
    }

    /// Note where everything stands (`positions`, in `step`): the list
    /// starts afresh at an answer in a step the player mirrors, else it
    /// grows by what changed since the last note.
    pub fn remember(&mut self, positions: Option<Positions>, step: Option<Step>) {
        let fresh = self.taken && mirrored_after(step);
        self.taken = false;
        self.step = step;
        let Some(now) = positions else { return };
        match &self.positions {
            Some(before) if !fresh => {
                let more = changes(before, &now);
                self.changes.extend(more);
            }
            _ => self.changes.clear(),
        }
        self.positions = Some(now);
    }

    /// What changed from the player's last decision on the map to `now`:
    /// the notes' changes in order, then what changed since the last one;
    /// a side's Command Points and the Scouts once, from where they stood
    /// to where they stand. None before the first answer.
    pub fn since(&self, now: &Positions) -> Option<Vec<Change>> {
        let before = self.positions.as_ref()?;
        let mut all = self.changes.clone();
        all.extend(changes(before, now));
        Some(totals_once(all))
    }
}

/// The Command Points and Scouts lines of `all` merged into one each, at
/// the end (none where they came back to where they were): they are
/// totals, not moves.
fn totals_once(all: Vec<Change>) -> Vec<Change> {
    let mut out = Vec::with_capacity(all.len());
    let mut cp: Vec<(Side, u32, u32)> = Vec::new();
    let mut scouts: Option<(u32, u32)> = None;
    for c in all {
        match c {
            Change::CommandPoints { side, from, to } => {
                match cp.iter_mut().find(|(s, ..)| *s == side) {
                    Some(t) => t.2 = to,
                    None => cp.push((side, from, to)),
                }
            }
            Change::Scouts { from, to } => {
                scouts = Some((scouts.map_or(from, |(f, _)| f), to));
            }
            other => out.push(other),
        }
    }
    cp.sort_by_key(|(side, ..)| *side != Side::Confederate);
    out.extend(
        cp.into_iter()
            .filter(|(_, from, to)| from != to)
            .map(|(side, from, to)| Change::CommandPoints { side, from, to }),
    );
    out.extend(
        scouts
            .filter(|(from, to)| from != to)
            .map(|(from, to)| Change::Scouts { from, to }),
    );
    out
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::decision::Decider;
    use crate::rules::sequence::{Decide, PendingDecision};
    use bevy::prelude::*;
    use bevy::state::app::StatesPlugin;

    /// The Seven Days (Quick battles, seed 3) played as the player plays:
    /// every question answered with a `Decide`, the objective policy's
    /// answer, until the Moves of `turn` wait.
    fn to_the_moves_of(turn: u32) -> App {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, StatesPlugin, crate::RulesPlugin));
        let campaign = std::sync::Arc::new(crate::campaign::load_bundled("seven-days").unwrap());
        app.world_mut()
            .write_message(crate::rules::setup::NewCampaign::new(
                campaign,
                crate::rules::difficulty::GameOptions {
                    battles: crate::rules::difficulty::BattleMode::Quick,
                    seed: 3,
                    ..Default::default()
                },
            ));
        let mut policy = crate::rules::commander::Policy::Objective;
        for _ in 0..3000 {
            app.update();
            let Some(r) = app.world().resource::<PendingDecision>().request.clone() else {
                continue;
            };
            let w = app.world();
            if w.get_resource::<State<Step>>().map(|s| *s.get()) == Some(Step::ConfederateMoves)
                && w.resource::<crate::rules::components::CampaignTurn>().turn == turn
            {
                return app;
            }
            let board = crate::rules::board::Board::from_world(app.world_mut()).unwrap();
            let d = policy.decide(&board, &r).unwrap();
            app.world_mut().write_message(Decide(d));
        }
        panic!("the Moves of turn {turn} never came");
    }

    /// Issue 45 item 11: after a Union turn in which the player answered
    /// a Scout's question on every group's orders (16.3.1), "What changed"
    /// at the next Moves lists every Union Force each group moved, from
    /// where to where, in the order of the chronicle's moves: not only the
    /// moves after the last of those questions.
    #[test]
    fn every_union_move_of_the_union_turn_in_order() {
        let mut app = to_the_moves_of(2);
        let chronicle = app
            .world()
            .resource::<crate::chronicle::Chronicle>()
            .clone();
        let (start, entries) = chronicle.latest_union_turn().expect("a Union turn");
        assert!(
            chronicle.last_decision() > start + 10,
            "the player answered questions late in the Union turn"
        );
        let board = crate::rules::board::Board::from_world(app.world_mut()).unwrap();
        let name = |id: &str| board.area_name(id).to_string();
        // "The group McCall, Morell in Beaver Dam Creek moves to Cold Harbor."
        let told: Vec<(String, String, String)> = entries
            .iter()
            .filter_map(|e| {
                let rest = e.text.strip_prefix("The group ")?;
                let (who, to) = rest.split_once(" moves to ")?;
                let (names, from) = who.rsplit_once(" in ")?;
                let to = to.trim_end_matches('.');
                Some(
                    names
                        .split(", ")
                        .map(|n| (n.to_string(), from.to_string(), to.to_string()))
                        .collect::<Vec<_>>(),
                )
            })
            .flatten()
            .collect();
        assert!(told.len() >= 9, "many Forces moved: {told:?}");
        let changed = crate::rules::view::what_changed(app.world_mut()).expect("answered");
        let listed: Vec<(String, String, String)> = changed
            .iter()
            .filter_map(|c| match c {
                Change::Moved { force, from, to } if force.side == Side::Union => {
                    Some((force.name.clone(), name(from), name(to)))
                }
                _ => None,
            })
            .collect();
        assert_eq!(listed, told);
    }

    fn at(forces: &[(&str, &str)], cp: u32) -> Positions {
        Positions {
            forces: forces
                .iter()
                .map(|(id, area)| ForceAt {
                    id: id.to_string(),
                    name: id.to_string(),
                    side: Side::Union,
                    location: Location::Area(area.to_string()),
                    strength: Strength::Full,
                })
                .collect(),
            lee: Location::Area("richmond".into()),
            cp: CommandPoints {
                confederate: 2,
                union: cp,
            },
            scouts: Scouts {
                available: 2,
                counters: 2,
            },
            turn: 1,
        }
    }

    /// Notes between the player's decisions on the map keep every move
    /// (there and back again too) in order, and the Command Points once;
    /// the next decision on the map starts afresh.
    #[test]
    fn notes_keep_every_move_until_the_next_decision_on_the_map() {
        let mut since = SinceDecision::default();
        assert!(
            !since.wants(Some(Step::UnionOrders)),
            "nothing before an answer"
        );
        since.taken();
        since.remember(
            Some(at(&[("a", "x"), ("b", "x")], 0)),
            Some(Step::ConfederateResupply),
        );
        assert!(since.wants(Some(Step::UnionOrders)), "a step begun");
        since.remember(
            Some(at(&[("a", "x"), ("b", "x")], 0)),
            Some(Step::UnionOrders),
        );
        // A Scout's question after b moved (16.3.1), then a moves.
        since.taken();
        since.remember(
            Some(at(&[("a", "x"), ("b", "y")], 3)),
            Some(Step::UnionOrders),
        );
        since.remember(
            Some(at(&[("a", "z"), ("b", "y")], 1)),
            Some(Step::BattlesAfterOrders),
        );
        let moves = |c: &[Change]| -> Vec<String> {
            c.iter()
                .map(|c| match c {
                    Change::Moved { force, from, to } => format!("{} {from}-{to}", force.id),
                    Change::CommandPoints { from, to, .. } => format!("cp {from}-{to}"),
                    other => format!("{other:?}"),
                })
                .collect()
        };
        // b goes back where it was: a move there and back is two moves.
        let now = at(&[("a", "z"), ("b", "x")], 2);
        assert_eq!(
            moves(&since.since(&now).unwrap()),
            ["b x-y", "a x-z", "b y-x", "cp 0-2"]
        );
        // A decision on the map starts afresh.
        since.taken();
        since.remember(Some(now.clone()), Some(Step::ConfederateMoves));
        assert_eq!(since.since(&now), Some(Vec::new()));
    }
}
