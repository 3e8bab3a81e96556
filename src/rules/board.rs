//! The board: a plain-data working copy of the campaign's mutable state
//! (every counter's location and side up, Lee, Command Points, Scouts).
//!
//! Rule procedures run on a `Board` taken from the ECS world and the result
//! is written back (`commit`). The world stays the single source of truth
//! between steps; the copy makes a step restartable (clone it before, throw
//! it away on an interrupt) and lets the odds advisor and the simulator run
//! thousands of procedures without an `App`.

use std::sync::Arc;

use bevy::prelude::*;

use super::components::*;
use super::difficulty::GameOptions;
use crate::campaign::{Campaign, CounterKind, ForceType, Side, Skill};
use crate::chronicle::Chronicle;
use crate::rules::ix::IxVec;
pub use crate::rules::ix::PieceIx;

#[derive(Debug, Clone)]
pub struct Piece {
    pub force: Arc<Force>,
    /// The Force's id as the decisions name it (made once, copied freely).
    id: crate::rules::components::Id,
    /// Changed only through [`Board::set_location`] (and the Board's moves),
    /// which keep `at` in step.
    location: Location,
    /// The map's index (`MapGraph`) of the area the counter is in, or
    /// `OFF_MAP`: areas are compared as numbers, not as names, in the
    /// lookups every rule and the commander make.
    at: u32,
    pub strength: Strength,
}

/// `Piece::at` of a counter in no area of the map.
const OFF_MAP: u32 = u32::MAX;
/// What an area id the map lacks is looked up as: no counter is there.
const NOWHERE: u32 = u32::MAX - 1;

impl Piece {
    fn new(force: Arc<Force>, location: Location, strength: Strength, graph: &MapGraph) -> Piece {
        let at = area_index(graph, &location);
        Piece {
            id: force.id.as_str().into(),
            force,
            location,
            at,
            strength,
        }
    }

    /// The Combat Value on the side now up (ignoring the superscript).
    pub fn combat(&self) -> u32 {
        self.force.values(self.strength).combat
    }

    /// The Force's id, as decisions carry it.
    pub fn id(&self) -> &crate::rules::components::Id {
        &self.id
    }

    /// Where the counter is.
    pub fn location(&self) -> &Location {
        &self.location
    }

    /// The map index of the area it is in (`MapGraph::ids`), if any.
    pub fn area_index(&self) -> Option<usize> {
        (self.at != OFF_MAP).then_some(self.at as usize)
    }
}

fn area_index(graph: &MapGraph, location: &Location) -> u32 {
    location
        .area()
        .and_then(|a| graph.idx(a))
        .map_or(OFF_MAP, |i| i as u32)
}

/// Where a destroyed counter goes (11.11), or a captured one (5.9.2).
pub fn destination(force: &Force, captured: bool) -> Location {
    if captured {
        return Location::CapturedArtilleryPile;
    }
    match (force.side, force.kind) {
        (Side::Confederate, _) => Location::ConfederateAvailable,
        (Side::Union, None) => Location::ReinforcementCup,
        (Side::Union, Some(CounterKind::Garrison | CounterKind::Fortification)) => {
            Location::StaticForcesPile
        }
        (Side::Union, Some(_)) => Location::AdditionalForcesCup,
    }
}

/// What a Hit did (11.10).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HitResult {
    Reduced,
    Destroyed,
}

/// A battle as it began in a Resolve Battles step: its area, the board and
/// dice at that moment, and how many answers the decider had given.
#[derive(Debug, Clone)]
pub struct BattleStart {
    pub area: String,
    pub board: Box<Board>,
    pub dice: crate::dice::Dice,
    pub answered: usize,
}

#[derive(Debug, Clone)]
pub struct Board {
    pub campaign: Arc<Campaign>,
    pub graph: Arc<MapGraph>,
    pub options: GameOptions,
    /// Every counter, sorted by id. Counters are never added or removed
    /// once the board is made (they change place), so the index below holds.
    pub pieces: IxVec<PieceIx, Piece>,
    /// Position in `pieces` of each id: looked up for every Force a rule
    /// or the commander names, never iterated.
    piece_index: Arc<bevy::platform::collections::HashMap<String, PieceIx>>,
    /// The same by the address of each counter's id (`Piece::id`): the
    /// Forces the answers name found without hashing their ids.
    piece_by_address: Arc<crate::rules::id::ByAddress<PieceIx>>,
    pub lee: Location,
    pub cp: CommandPoints,
    pub scouts: Scouts,
    pub turn: CampaignTurn,
    pub progress: Progress,
    /// 4.16 The Battle Location Area while a battle is fought (transient:
    /// it lives only inside a step's procedure, for the requests it asks).
    pub battle_location: Option<crate::rules::components::Id>,
    /// Battles recorded for display (`battle::record`); None: not recording.
    pub battles: Option<crate::rules::battle::record::BattleRecords>,
    /// Every battle is kept in `battles`, not only the last few
    /// (`record::KeepAllBattles`: the after-action report).
    pub keep_all_battles: bool,
    /// Where each battle of a Resolve Battles step began (`fcrel odds`
    /// weighing the battle a save waits in); None: not kept.
    pub battle_starts: Option<Vec<BattleStart>>,
    /// Battles fought on this board, a Rejoin's new battle (14.8.1)
    /// counted again: the chronicle's "Battle of …" entries, counted
    /// without keeping a chronicle (`fcrel simulate`).
    pub battles_fought: u32,
    /// A stand-alone battle played as a game of its own (no campaign
    /// turns).
    pub stand_alone: Option<Arc<crate::rules::battle::advanced::battle_pack::StandAloneGame>>,
}

/// `Board::piece_index` and `Board::piece_by_address`.
type PieceIndex = (
    Arc<bevy::platform::collections::HashMap<String, PieceIx>>,
    Arc<crate::rules::id::ByAddress<PieceIx>>,
);

fn index_of(pieces: &IxVec<PieceIx, Piece>) -> PieceIndex {
    (
        Arc::new(
            pieces
                .iter_enumerated()
                .map(|(i, p)| (p.force.id.clone(), i))
                .collect(),
        ),
        Arc::new(
            pieces
                .iter_enumerated()
                .map(|(i, p)| (*p.id(), i))
                .collect(),
        ),
    )
}

impl Board {
    /// Copy the game out of the world; None when no campaign is set up.
    pub fn from_world(world: &mut World) -> Option<Board> {
        let graph = Arc::new(world.get_resource::<MapGraph>()?.clone());
        let mut q = world.query::<(&Force, &Location, &Strength)>();
        let mut pieces: Vec<Piece> = q
            .iter(world)
            .map(|(f, l, s)| Piece::new(Arc::new(f.clone()), l.clone(), *s, &graph))
            .collect();
        pieces.sort_by(|a, b| a.force.id.cmp(&b.force.id));
        let pieces = IxVec::from(pieces);
        let (piece_index, piece_by_address) = index_of(&pieces);
        let mut lee_q = world.query_filtered::<&Location, With<LeeCounter>>();
        let lee = lee_q.iter(world).next()?.clone();
        Some(Board {
            campaign: world.get_resource::<ActiveCampaign>()?.0.clone(),
            graph,
            options: *world.get_resource::<GameOptions>()?,
            pieces,
            piece_index,
            piece_by_address,
            lee,
            cp: *world.get_resource::<CommandPoints>()?,
            scouts: *world.get_resource::<Scouts>()?,
            turn: *world.get_resource::<CampaignTurn>()?,
            progress: world.get_resource::<Progress>()?.clone(),
            battle_location: None,
            // Procedures that should record take them explicitly
            // (`sequence::run_step`); views of the board do not copy them.
            battles: None,
            keep_all_battles: false,
            battle_starts: None,
            battles_fought: 0,
            stand_alone: world
                .get_resource::<crate::rules::battle::advanced::battle_pack::ActiveStandAlone>()
                .map(|g| g.0.clone()),
        })
    }

    /// A board with the campaign's counters and nothing on the map: named
    /// Forces out of play, generic counters in their cups and piles, Lee
    /// beside the map, no Command Points or Scouts. Scenarios and tests place what
    /// they need with [`Board::place`].
    pub fn empty(campaign: Arc<Campaign>, options: GameOptions) -> Board {
        let graph = Arc::new(MapGraph::new(&campaign));
        let mut pieces: Vec<Piece> = campaign_counters(&campaign)
            .into_iter()
            .map(|(force, location)| {
                let location = if force.is_named() {
                    Location::RemovedFromGame
                } else {
                    location
                };
                Piece::new(Arc::new(force), location, Strength::Full, &graph)
            })
            .collect();
        pieces.sort_by(|a, b| a.force.id.cmp(&b.force.id));
        let pieces = IxVec::from(pieces);
        let (piece_index, piece_by_address) = index_of(&pieces);
        Board {
            graph,
            scouts: Scouts {
                available: 0,
                counters: campaign.confederate_resupply.scout_counters,
            },
            campaign,
            options,
            pieces,
            piece_index,
            piece_by_address,
            lee: Location::ConfederateAvailable,
            cp: CommandPoints::default(),
            turn: CampaignTurn {
                turn: 1,
                phase: crate::campaign::Phase::Confederate,
                extra: 0,
            },
            progress: Progress::default(),
            battle_location: None,
            battles: None,
            keep_all_battles: false,
            battle_starts: None,
            battles_fought: 0,
            stand_alone: None,
        }
    }

    /// Put a counter somewhere with a side up. False when there is no such counter.
    pub fn place(&mut self, id: &str, location: Location, strength: Strength) -> bool {
        match self.index(id) {
            Some(i) => {
                self.set_location(i, location);
                self.pieces[i].strength = strength;
                true
            }
            None => false,
        }
    }

    /// Write the board back into the world.
    pub fn commit(&self, world: &mut World) {
        let mut q = world.query::<(&Force, &mut Location, &mut Strength)>();
        for (f, mut l, mut s) in q.iter_mut(world) {
            if let Ok(i) = self
                .pieces
                .binary_search_by(|p| p.force.id.as_str().cmp(&f.id))
            {
                let p = &self.pieces[i];
                if *l != p.location {
                    *l = p.location.clone();
                }
                if *s != p.strength {
                    *s = p.strength;
                }
            }
        }
        let mut lee_q = world.query_filtered::<&mut Location, With<LeeCounter>>();
        if let Some(mut l) = lee_q.iter_mut(world).next()
            && *l != self.lee
        {
            *l = self.lee.clone();
        }
        world.insert_resource(self.cp);
        world.insert_resource(self.scouts);
        world.insert_resource(self.turn);
        world.insert_resource(self.progress.clone());
        if let Some(records) = &self.battles {
            world.insert_resource(records.clone());
        }
    }

    /// Where everything stands (`view::changes`).
    pub fn positions(&self) -> crate::rules::view::changes::Positions {
        use crate::rules::view::changes::{ForceAt, Positions};
        Positions {
            forces: self
                .pieces
                .iter()
                .map(|p| ForceAt {
                    id: p.force.id.clone(),
                    name: p.force.chronicle_name().to_string(),
                    side: p.force.side,
                    location: p.location().clone(),
                    strength: p.strength,
                })
                .collect(),
            lee: self.lee.clone(),
            cp: self.cp,
            scouts: self.scouts,
            turn: self.turn.turn,
        }
    }

    pub fn index(&self, id: &str) -> Option<PieceIx> {
        // Most look-ups name the Force by its id (the answers do): found
        // by address, the text neither hashed nor compared.
        self.piece_by_address
            .get(id)
            .or_else(|| self.piece_index.get(id).copied())
    }

    /// The chronicle's name of counter `i`.
    pub fn label(&self, i: PieceIx) -> String {
        label(&self.pieces[i])
    }

    pub fn piece(&self, id: &str) -> Option<&Piece> {
        self.index(id).map(|i| &self.pieces[i])
    }

    /// Indices of the counters in an area, in id order.
    pub fn in_area(&self, area: &str) -> Vec<PieceIx> {
        let at = self.at(area);
        self.pieces
            .indices()
            .filter(|&i| self.pieces[i].at == at)
            .collect()
    }

    /// `Piece::at` of an area id.
    fn at(&self, area: &str) -> u32 {
        self.graph.idx(area).map_or(NOWHERE, |i| i as u32)
    }

    pub fn side_in_area(&self, area: &str, side: Side) -> Vec<PieceIx> {
        let at = self.at(area);
        self.pieces
            .indices()
            .filter(|&i| self.pieces[i].at == at && self.pieces[i].force.side == side)
            .collect()
    }

    pub fn has_side(&self, area: &str, side: Side) -> bool {
        let at = self.at(area);
        self.pieces
            .iter()
            .any(|p| p.at == at && p.force.side == side)
    }

    /// 2.1 Holding an Area: a side's Forces there and none of the other's.
    pub fn holder(&self, area: &str) -> Option<Side> {
        let c = self.has_side(area, Side::Confederate);
        let u = self.has_side(area, Side::Union);
        match (c, u) {
            (true, false) => Some(Side::Confederate),
            (false, true) => Some(Side::Union),
            _ => None,
        }
    }

    /// Combined Combat Value of a side's counters (10.2.9, 14.5, 14.8).
    pub fn combined_combat(&self, indices: &[PieceIx]) -> u32 {
        indices
            .iter()
            .map(|&i| self.pieces[i].combat())
            .fold(0, u32::saturating_add)
    }

    /// [`Board::area_combat`] of the area with map index `at`.
    pub fn area_combat_at(&self, at: usize, side: Side) -> u32 {
        self.combat_where(at as u32, side)
    }

    pub fn area_combat(&self, area: &str, side: Side) -> u32 {
        self.combat_where(self.at(area), side)
    }

    fn combat_where(&self, at: u32, side: Side) -> u32 {
        self.pieces
            .iter()
            .filter(|p| p.at == at && p.force.side == side)
            .map(|p| p.combat())
            .fold(0, u32::saturating_add)
    }

    pub fn area_name<'a>(&'a self, id: &'a str) -> &'a str {
        // The graph's indices are the campaign's order of areas.
        self.graph
            .idx(id)
            .and_then(|i| self.campaign.map.areas.get(i))
            .filter(|a| a.id == id)
            .map_or(id, |a| a.name.as_str())
    }

    /// Where a counter is, in words ("in Glendale", "to the Reinforcement cup, 4.18").
    pub fn place_text(&self, l: &Location) -> String {
        match l {
            Location::Area(a) => format!("in {}", self.area_name(a)),
            other => place_name(other),
        }
    }

    /// [`Board::neighbours`] without copying their ids.
    pub fn neighbour_ids<'a>(&'a self, area: &str) -> impl Iterator<Item = Id> + 'a {
        let list: &'a [usize] = match self.graph.idx(area) {
            Some(i) => &self.graph.adjacent_by_id[i],
            None => &[],
        };
        list.iter().map(|&j| self.graph.ids[j])
    }

    /// [`Board::neighbour_ids`] of the area with map index `at`.
    pub fn neighbour_ids_at(&self, at: usize) -> impl Iterator<Item = Id> + '_ {
        self.graph.adjacent_by_id[at]
            .iter()
            .map(|&j| self.graph.ids[j])
    }

    /// Adjacent enterable areas, in id order.
    pub fn neighbours(&self, area: &str) -> Vec<String> {
        let Some(i) = self.graph.idx(area) else {
            return Vec::new();
        };
        self.graph.adjacent_by_id[i]
            .iter()
            .map(|&j| self.graph.ids[j].to_string())
            .collect()
    }

    /// Lee is in an area without Confederate Forces, or was destroyed with
    /// his army (`RemovedFromGame`): the campaign is lost (3.2). Lee beside
    /// the map (a scenario without him) is neither.
    /// Robert E. Lee is in `area` (10.2.10, 10.2.17: present at its battle).
    pub fn lee_in(&self, area: &str) -> bool {
        self.lee.area() == Some(area)
    }

    /// The campaign's last turn: the Turn Track's last box, and the turns
    /// The Battle Continues added after it.
    pub fn last_turn(&self) -> u32 {
        self.campaign.turns + self.turn.extra
    }

    pub fn lee_isolated(&self) -> bool {
        match &self.lee {
            Location::Area(a) => !self.has_side(a, Side::Confederate),
            Location::RemovedFromGame => true,
            _ => false,
        }
    }

    /// Apply one Hit (11.10): flip a full-strength counter that has a
    /// reduced side, otherwise destroy it (11.11).
    pub fn hit(&mut self, i: PieceIx, chronicle: &mut Chronicle, rule: &str) -> HitResult {
        self.progress.casualties.hit(self.pieces[i].force.side);
        let p = &self.pieces[i];
        if p.strength == Strength::Full && p.force.reduced.is_some() {
            chronicle.note_with(rule, || {
                format!("{} is hit and flipped to its reduced side.", label(p))
            });
            self.pieces[i].strength = Strength::Reduced;
            HitResult::Reduced
        } else {
            self.destroy(i, chronicle, rule);
            HitResult::Destroyed
        }
    }

    /// Remove a counter to where 11.11 sends it.
    pub fn destroy(&mut self, i: PieceIx, chronicle: &mut Chronicle, rule: &str) {
        self.progress.casualties.lost(self.pieces[i].force.side);
        self.progress.attached.remove(&self.pieces[i].force.id);
        self.progress
            .beyond_maximum
            .remove(&self.pieces[i].force.id);
        let dest = destination(&self.pieces[i].force, false);
        chronicle.note_with(rule, || {
            format!(
                "{} is destroyed ({}).",
                label(&self.pieces[i]),
                place_name(&dest)
            )
        });
        self.set_location(i, dest);
        self.pieces[i].strength = Strength::Full;
    }

    /// Remove a counter from the game for good (10.2.8 Desertion).
    pub fn remove_from_game(&mut self, i: PieceIx, chronicle: &mut Chronicle, rule: &str) {
        chronicle.note_with(rule, || {
            format!(
                "{} is removed from the game for good.",
                label(&self.pieces[i])
            )
        });
        self.set_location(i, Location::RemovedFromGame);
        self.pieces[i].strength = Strength::Full;
    }

    /// Move a counter onto the map. Confederate Forces entering an area are
    /// remembered for "reach" objectives (2.2).
    pub fn move_to(&mut self, i: PieceIx, area: &str) {
        self.set_location(i, Location::Area(area.to_string()));
        if self.pieces[i].force.side == Side::Confederate {
            self.progress
                .entered
                .entry(area.to_string())
                .or_default()
                .insert(self.pieces[i].force.id.clone());
        }
    }

    /// Put counter `i` somewhere (no chronicle entry, no "entered" record:
    /// the rules' own moves are [`Board::move_to`], [`Board::destroy`]…).
    pub fn set_location(&mut self, i: PieceIx, location: Location) {
        self.pieces[i].at = area_index(&self.graph, &location);
        self.pieces[i].location = location;
    }

    /// Counters in a cup or pile matching a filter, in id order.
    pub fn in_pile(&self, pile: &Location, filter: impl Fn(&Force) -> bool) -> Vec<PieceIx> {
        self.pieces
            .indices()
            // The Force first: most counters fail it, cheaper to ask than
            // where they are.
            .filter(|&i| filter(&self.pieces[i].force) && self.pieces[i].location == *pile)
            .collect()
    }

    /// A side's combined Combat Value on the map.
    pub fn army_combat(&self, side: Side) -> u32 {
        self.pieces
            .iter()
            .filter(|p| p.force.side == side && p.location.area().is_some())
            .map(|p| p.combat())
            .fold(0, u32::saturating_add)
    }

    /// Note both armies' strength at the end of a turn (for the end screen).
    pub fn record_strength(&mut self) {
        let row = (
            self.turn.turn,
            self.army_combat(Side::Confederate),
            self.army_combat(Side::Union),
        );
        self.progress.strength.retain(|r| r.0 != row.0);
        self.progress.strength.push(row);
    }

    /// Which sides have counters in each area, by map index
    /// (`[Confederate, Union]`): one pass over the counters, for the rules
    /// that ask it of every area.
    pub fn sides_present(&self) -> Vec<[bool; 2]> {
        let mut present = vec![[false; 2]; self.graph.ids.len()];
        for p in &self.pieces {
            if let Some(i) = p.area_index() {
                present[i][usize::from(p.force.side == Side::Union)] = true;
            }
        }
        present
    }

    /// Areas Held by a side (2.1: its Forces there, none of the other's),
    /// in id order.
    pub fn held_areas(&self, side: Side) -> Vec<String> {
        let mine = usize::from(side == Side::Union);
        let mut v: Vec<String> = self
            .sides_present()
            .iter()
            .enumerate()
            .filter(|(_, p)| p[mine] && !p[1 - mine])
            .map(|(i, _)| self.graph.ids[i].to_string())
            .collect();
        v.sort();
        v
    }
}

/// "Longstreet (Confederate Veteran Infantry)".
pub fn label(p: &Piece) -> String {
    let f = &p.force;
    let reduced = if p.strength == Strength::Reduced {
        ", reduced"
    } else {
        ""
    };
    // The Skill Level before the type ("Line Infantry"), so that it never
    // reads like a Formation ("in Line").
    format!(
        "{} ({} {} {}{reduced})",
        f.chronicle_name(),
        f.side.name(),
        skill_name(f.skill),
        f.force_type.name()
    )
}

pub fn skill_name(s: Skill) -> &'static str {
    match s {
        Skill::Conscript => "Conscript",
        Skill::PoorLine => "Poor Line",
        Skill::Line => "Line",
        Skill::Veteran => "Veteran",
        Skill::Elite => "Elite",
    }
}

pub fn place_name(l: &Location) -> String {
    match l {
        Location::Area(a) => format!("in {a}"),
        Location::LateArrival(a) => format!("waiting to arrive ({a})"),
        Location::ReinforcementCup => "to the Reinforcement cup, 4.18".into(),
        Location::AdditionalForcesCup => "to the Additional Forces cup, 4.19".into(),
        Location::StaticForcesPile => "to the Static Forces pile, 6.2.1".into(),
        Location::CapturedArtilleryPile => "to the Captured Artillery pile, 5.9.2".into(),
        Location::ConfederateAvailable => "placed beside the map, 11.11".into(),
        Location::RemovedFromGame => "removed from the game".into(),
    }
}

/// Hit allocation order of the Quick and Very Quick rules (11.9): Infantry
/// and Cavalry, then Garrisons, then Artillery, then Fortifications.
pub fn hit_category(t: ForceType) -> u8 {
    match t {
        ForceType::Infantry | ForceType::Cavalry => 0,
        ForceType::Garrison => 1,
        ForceType::Artillery => 2,
        ForceType::Fortification => 3,
    }
}

/// Every counter of the campaign with its set-up location before 7.6 and
/// the extra set-up counters: named Forces where 7.8/7.9 put them; generic
/// counters beside the map (Confederate, 7.10), in the Additional Forces cup
/// (Union Brigades, Regiments, Batteries, 7.11) or the Static Forces pile
/// (Union Garrisons and Fortifications, 7.12). Ids are `<stock>-<n>`.
pub fn campaign_counters(c: &Campaign) -> Vec<(Force, Location)> {
    let mut out = Vec::new();
    for f in &c.forces {
        let location = c
            .setup
            .placements
            .iter()
            .find(|p| p.forces.contains(&f.id))
            .map(|p| Location::Area(p.area.clone()))
            .or_else(|| {
                c.late_arrivals
                    .iter()
                    .find(|l| l.forces.contains(&f.id))
                    .map(|l| Location::LateArrival(l.id.clone()))
            })
            // The validator refuses files where this happens.
            .unwrap_or(Location::ConfederateAvailable);
        let jackson = f
            .corps
            .as_ref()
            .is_some_and(|k| c.corps.iter().any(|x| &x.id == k && x.jackson));
        out.push((
            Force {
                id: f.id.clone(),
                side: f.side,
                name: f.name.clone(),
                force_type: f.force_type,
                skill: f.skill,
                corps: f.corps.clone(),
                jackson,
                full: f.full,
                reduced: f.reduced,
                kind: None,
            },
            location,
        ));
    }
    for stock in &c.counter_mix {
        // "us-battery-3" → "3-": what tells stocks of one kind apart.
        let key = stock.kind.name().to_lowercase();
        let part = stock
            .id_prefix
            .find(&key)
            .map_or("", |i| &stock.id_prefix[i + key.len()..])
            .trim_start_matches('-');
        for n in 1..=stock.count {
            let number = if part.is_empty() {
                n.to_string()
            } else {
                format!("{part}-{n}")
            };
            out.push((
                Force {
                    id: format!("{}-{n}", stock.id_prefix),
                    side: stock.side,
                    // Each counter its own readable name: "Infantry Brigade 3".
                    // A Garrison or Fortification is named once: "Garrison 2".
                    name: if stock.force_type.name() == stock.kind.name() {
                        format!("{} {number}", stock.kind.name())
                    } else {
                        format!("{} {} {number}", stock.force_type.name(), stock.kind.name())
                    },
                    force_type: stock.force_type,
                    skill: stock.skill,
                    corps: None,
                    jackson: false,
                    full: stock.values,
                    reduced: None,
                    kind: Some(stock.kind),
                },
                stock_location(stock.side, stock.kind),
            ));
        }
    }
    out
}

/// Where a generic counter waits when not in play (7.10–7.12).
pub fn stock_location(side: Side, kind: CounterKind) -> Location {
    match (side, kind) {
        (Side::Confederate, _) => Location::ConfederateAvailable,
        (Side::Union, CounterKind::Garrison | CounterKind::Fortification) => {
            Location::StaticForcesPile
        }
        (Side::Union, _) => Location::AdditionalForcesCup,
    }
}
