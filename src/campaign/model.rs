//! The campaign file format (`campaigns/<id>.json`): everything a Campaign
//! Information Sheet holds (4.20), as plain serde types.
//!
//! Every struct denies unknown fields, so a typo in a campaign file is an
//! error, not a silently ignored value. `docs/campaign-format.md` documents
//! every field; keep the two in step.

use serde::{Deserialize, Serialize};

/// The format version this build reads and writes.
pub const CAMPAIGN_FORMAT_VERSION: u32 = 1;

/// One campaign (4.20 Campaign Information Sheet).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Campaign {
    pub format_version: u32,
    /// `seven-days`, `second-manassas`, `antietam`, `chancellorsville`, `gettysburg`.
    pub id: String,
    pub name: String,
    /// Historical dates, for the menu ("25 June – 1 July 1862").
    pub dates: String,
    /// Position in the Grand Campaign (21.0), 1-based.
    pub grand_campaign_order: u32,
    /// A short historical introduction in our own words.
    pub introduction: String,
    /// One line for the main menu's card (at most
    /// [`super::bounds::MAX_SUMMARY_CHARS`] characters); without it, the
    /// introduction's first sentence ([`Campaign::summary`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub summary: Option<String>,
    /// Where the values that the rulebook does not give come from.
    pub sources: Vec<String>,
    /// Length of the Campaign Turn Track (3.0, 9.1).
    pub turns: u32,
    pub lee: Lee,
    pub map: Map,
    pub corps: Vec<Corps>,
    /// Named Force counters of this campaign (4.8).
    pub forces: Vec<ForceDef>,
    /// Generic counters: Brigades, Regiments, Batteries, Garrisons,
    /// Fortifications (4.8, 6.1, 6.2, 7.10–7.12).
    pub counter_mix: Vec<CounterStock>,
    pub setup: Setup,
    pub late_arrivals: Vec<LateArrival>,
    pub battle_plans: BattlePlans,
    pub confederate_resupply: ConfederateResupply,
    pub union_resupply: UnionResupply,
    pub union_orders: UnionOrders,
    /// Maximum number of Forces in one Union group (16.3).
    pub union_group_maximum: u32,
    /// Optional rule Union Cavalry Corps: the d10 result at or above which
    /// the Union AI's Saving Throw negates a Scout counter (10 before
    /// February 1863, 9 after).
    pub union_cavalry_saving_throw: u32,
    /// Withdrawal table (14.8).
    pub withdrawal: Vec<WithdrawalRow>,
    /// Battle Resolution Table for Quick and Very Quick battles.
    pub battle_resolution: BattleResolutionTable,
    pub victory: Victory,
    pub special_rules: Vec<SpecialRule>,
}

impl Campaign {
    /// The campaign in one line: its `summary`, else the introduction's
    /// first sentence.
    pub fn summary(&self) -> &str {
        match &self.summary {
            Some(s) if !s.trim().is_empty() => s.trim(),
            _ => first_sentence(&self.introduction),
        }
    }
}

/// Up to the first full stop followed by a space and a capital letter (so
/// "D. H. Hill" and "A. P. Hill" do not end it), or all of `text`.
pub fn first_sentence(text: &str) -> &str {
    let text = text.trim();
    let bytes: Vec<(usize, char)> = text.char_indices().collect();
    for (i, &(at, c)) in bytes.iter().enumerate() {
        if !matches!(c, '.' | '!' | '?') {
            continue;
        }
        let next = bytes.get(i + 1).map(|p| p.1);
        let after = bytes.get(i + 2).map(|p| p.1);
        // An initial: one capital letter before the stop ("D. H. Hill").
        let initial = c == '.'
            && i >= 1
            && bytes[i - 1].1.is_uppercase()
            && (i < 2 || !bytes[i - 2].1.is_alphanumeric());
        match (next, after) {
            (None, _) => return text,
            (Some(' '), Some(a)) if a.is_uppercase() && !initial => {
                return &text[..at + c.len_utf8()];
            }
            _ => {}
        }
    }
    text
}

#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    Confederate,
    Union,
}

impl Side {
    pub fn other(self) -> Side {
        match self {
            Side::Confederate => Side::Union,
            Side::Union => Side::Confederate,
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Side::Confederate => "Confederate",
            Side::Union => "Union",
        }
    }
    /// The army as a subject: "the Confederates attack", "the Union attacks".
    pub fn army(self) -> &'static str {
        match self {
            Side::Confederate => "Confederates",
            Side::Union => "Union",
        }
    }
    /// The verb ending that agrees with [`Side::army`]: "attack"/"attacks".
    pub fn verb_s(self) -> &'static str {
        match self {
            Side::Confederate => "",
            Side::Union => "s",
        }
    }
}

/// 4.7, 5.8: Lee's counter for this campaign.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Lee {
    pub command_rating: u32,
}

/// The Campaign map (4.1, 2.0–2.3).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Map {
    /// Drawing space of the map: areas, rivers and roads use these coordinates
    /// (x to the right, y downwards).
    pub width: f32,
    pub height: f32,
    pub areas: Vec<Area>,
    #[serde(default)]
    pub rivers: Vec<River>,
    #[serde(default)]
    pub roads: Vec<Road>,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Area {
    pub id: String,
    pub name: String,
    /// Label position and the centre the renderer grows the area's shape from.
    pub position: [f32; 2],
    /// Optional hand-drawn outline; without it the renderer derives a shape.
    #[serde(default)]
    pub outline: Vec<[f32; 2]>,
    /// Ids of adjacent Areas; must be symmetric.
    pub adjacent: Vec<String>,
    /// Inside the red-dashed Battle Area (2.3).
    #[serde(default)]
    pub battle_area: bool,
    /// A city symbol (7.6); areas with the same city name are parts of one
    /// city.
    #[serde(default)]
    pub city: Option<String>,
    /// A fort symbol (7.6).
    #[serde(default)]
    pub fort: bool,
    /// Water or otherwise inaccessible: named for flavour only (2.1).
    #[serde(default)]
    pub impassable: bool,
    /// The ground as the map colours it. No rule reads it: the campaign
    /// map's Areas have no terrain in the rules (2.1); battles take theirs
    /// from the Battlefield Sheet.
    #[serde(default)]
    pub terrain: Terrain,
}

/// An Area's ground as the map colours it (never read by the rules).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Terrain {
    #[default]
    Open,
    Farmland,
    Woods,
    Heights,
    Swamp,
    Town,
}

impl Terrain {
    pub const ALL: [Terrain; 6] = [
        Terrain::Open,
        Terrain::Farmland,
        Terrain::Woods,
        Terrain::Heights,
        Terrain::Swamp,
        Terrain::Town,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Terrain::Open => "open ground",
            Terrain::Farmland => "farmland",
            Terrain::Woods => "woods",
            Terrain::Heights => "heights",
            Terrain::Swamp => "swamp",
            Terrain::Town => "town",
        }
    }
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct River {
    pub id: String,
    pub name: String,
    pub path: Vec<[f32; 2]>,
    /// Pairs of adjacent areas whose shared border this river runs along.
    #[serde(default)]
    pub separates: Vec<[String; 2]>,
    /// Pairs of areas joined by a ford or bridge across this river.
    #[serde(default)]
    pub crossings: Vec<Crossing>,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Crossing {
    pub name: String,
    pub areas: [String; 2],
}

#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum RoadKind {
    Road,
    Rail,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Road {
    pub name: String,
    pub kind: RoadKind,
    pub path: Vec<[f32; 2]>,
}

/// A corps (5.5). Union Forces move in groups by corps (16.3.2).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Corps {
    /// The identifier printed on the counter ("III", "J").
    pub id: String,
    pub side: Side,
    pub name: String,
    pub commander: String,
    /// Forces of this corps carry Jackson's 'J' and may use 15.1.1.
    #[serde(default)]
    pub jackson: bool,
}

#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[serde(rename_all = "snake_case")]
pub enum ForceType {
    Infantry,
    Cavalry,
    Artillery,
    Garrison,
    Fortification,
}

impl ForceType {
    /// 6.1 Mobile Forces / 6.2 Static Forces.
    pub fn is_mobile(self) -> bool {
        matches!(
            self,
            ForceType::Infantry | ForceType::Cavalry | ForceType::Artillery
        )
    }
    pub fn name(self) -> &'static str {
        match self {
            ForceType::Infantry => "Infantry",
            ForceType::Cavalry => "Cavalry",
            ForceType::Artillery => "Artillery",
            ForceType::Garrison => "Garrison",
            ForceType::Fortification => "Fortification",
        }
    }
}

/// 5.1 Skill Level, weakest first (the derived order is the rule's order).
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[serde(rename_all = "snake_case")]
pub enum Skill {
    Conscript,
    PoorLine,
    Line,
    Veteran,
    Elite,
}

impl Skill {
    pub fn letter(self) -> char {
        match self {
            Skill::Conscript => 'C',
            Skill::PoorLine => 'P',
            Skill::Line => 'L',
            Skill::Veteran => 'V',
            Skill::Elite => 'E',
        }
    }
}

/// One side of a counter (5.6, 5.7, 5.9).
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq, Hash)]
#[serde(deny_unknown_fields)]
pub struct CounterValues {
    /// None: no Activation number (11.1.1 heavy artillery, 5.9).
    #[serde(default)]
    pub activation: Option<u32>,
    pub combat: u32,
    /// The superscripted Superior Combat Value (5.7), if any.
    #[serde(default)]
    pub superior: Option<u32>,
}

/// A Named Force counter (4.8).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ForceDef {
    pub id: String,
    pub side: Side,
    /// The commander's name printed on the counter.
    pub name: String,
    #[serde(rename = "type")]
    pub force_type: ForceType,
    pub skill: Skill,
    /// Corps identifier; absent for Independent Forces (5.5).
    #[serde(default)]
    pub corps: Option<String>,
    pub full: CounterValues,
    /// Reduced side (red slash); absent when the counter has none (5.9, 6.1).
    #[serde(default)]
    pub reduced: Option<CounterValues>,
    /// Historical note on the division and the values chosen.
    #[serde(default)]
    pub note: Option<String>,
}

#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[serde(rename_all = "snake_case")]
pub enum CounterKind {
    Brigade,
    Regiment,
    Battery,
    Garrison,
    Fortification,
}

impl CounterKind {
    pub fn name(self) -> &'static str {
        match self {
            CounterKind::Brigade => "Brigade",
            CounterKind::Regiment => "Regiment",
            CounterKind::Battery => "Battery",
            CounterKind::Garrison => "Garrison",
            CounterKind::Fortification => "Fortification",
        }
    }

    /// "Battery" for one, "Batteries" for more (or none).
    pub fn noun(self, n: u64) -> &'static str {
        if n == 1 {
            return self.name();
        }
        match self {
            CounterKind::Brigade => "Brigades",
            CounterKind::Regiment => "Regiments",
            CounterKind::Battery => "Batteries",
            CounterKind::Garrison => "Garrisons",
            CounterKind::Fortification => "Fortifications",
        }
    }
}

/// A stock of identical generic counters. The loader gives each one the id
/// `<id_prefix>-<n>`, n from 1.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct CounterStock {
    pub id_prefix: String,
    pub side: Side,
    pub kind: CounterKind,
    #[serde(rename = "type")]
    pub force_type: ForceType,
    pub skill: Skill,
    pub values: CounterValues,
    pub count: u32,
}

/// 7.6–7.13 set-up.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    /// Area where the Robert E. Lee counter starts (7.8).
    pub lee: String,
    /// Starting Forces by area (7.8).
    pub placements: Vec<Placement>,
    /// Generic counters placed at the start beyond the automatic 7.6 ones.
    #[serde(default)]
    pub counters: Vec<CounterPlacement>,
    /// Confederate Objective counters (7.13, 2.2).
    pub objective_markers: Vec<String>,
    #[serde(default)]
    pub confederate_command_points: u32,
    #[serde(default)]
    pub union_command_points: u32,
    #[serde(default)]
    pub scouts: u32,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Placement {
    pub area: String,
    pub forces: Vec<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct CounterPlacement {
    pub area: String,
    pub side: Side,
    pub kind: CounterKind,
    #[serde(rename = "type")]
    pub force_type: ForceType,
    #[serde(default = "one")]
    pub count: u32,
}

fn one() -> u32 {
    1
}

/// 7.9 Late Arrivals.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct LateArrival {
    pub id: String,
    /// How the Campaign Information Sheet names it ("Special Rule #2").
    pub label: String,
    pub forces: Vec<String>,
    pub when: ArrivalWhen,
    pub placement: ArrivalPlacement,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum ArrivalWhen {
    /// Arrive when the Turn counter enters this box.
    Turn { turn: u32 },
    /// From this turn on, roll d10 at the start of each turn; arrive on
    /// `target` or less (7.9 example, Seven Days Special Rule #2).
    Roll { from_turn: u32, target: u32 },
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum ArrivalPlacement {
    /// A fixed area.
    Area { area: String },
    /// An area Held by Confederate Forces, chosen by the player.
    ConfederateHeldChoice {},
    /// One of these areas, chosen by the player.
    Choice { areas: Vec<String> },
    /// A random Union-Held area.
    UnionHeldRandom {},
}

/// Values that differ by the player's difficulty (7.14).
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct ByPlayerLevel {
    pub easy: u32,
    pub regular: u32,
    pub hard: u32,
}

/// Values that differ by the Union AI's difficulty (7.14).
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct ByUnionLevel {
    pub regular: u32,
    pub hard: u32,
    pub veteran: u32,
}

/// 10.2.10 Battle Plan quantities.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct BattlePlans {
    /// Battle Plan Counters per battle turn without Lee; with Lee his
    /// Command Rating replaces this (10.2.10).
    pub confederate_without_lee: ByPlayerLevel,
    /// Union Special Battle Plans drawn per battle turn.
    pub union_special: ByUnionLevel,
}

/// 15.3 Confederate Resupply.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ConfederateResupply {
    /// Command Points gained every Confederate Resupply step.
    pub command_points: u32,
    /// Scout counters gained every Confederate Resupply step (15.3.1).
    pub scouts: u32,
    /// Physical Scout counters: the hard limit (4.10, 15.6).
    pub scout_counters: u32,
}

/// 18.0 Union Resupply.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct UnionResupply {
    pub command_points: ByUnionLevel,
    /// Rolls on the Union Resupply Table (18.2).
    pub rolls: ByUnionLevel,
    pub table: Vec<ResupplyRow>,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ResupplyRow {
    pub rolls: Vec<u32>,
    /// The row as printed on the sheet.
    pub text: String,
    pub result: ResupplyResult,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum ResupplyResult {
    /// One generic counter of this kind from the Additional Forces cup, in a
    /// random Union-Held area (18.2). `type` restricts infantry/cavalry.
    Additional {
        counter: CounterKind,
        #[serde(default, rename = "type")]
        force_type: Option<ForceType>,
    },
    /// A Battery whose Combat Value is fixed by a follow-up roll (18.3); if
    /// none of that value is left, the next lower one (18.2).
    BatteryByRoll {
        follow_up: Vec<CombatRow>,
    },
    /// A Static Force placed in an area fixed by a follow-up roll (18.3).
    StaticByRoll {
        counter: CounterKind,
        follow_up: Vec<AreaRow>,
    },
    /// A random Named Force from the Reinforcement cup (4.18, 18.2).
    Reinforcement {},
    /// Command Points, usable from the next Union Resupply (18.0).
    CommandPoints {
        amount: u32,
    },
    Nothing {},
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct CombatRow {
    pub rolls: Vec<u32>,
    pub combat: u32,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct AreaRow {
    pub rolls: Vec<u32>,
    pub area: String,
}

/// 16.1 Union Orders charts, per Union difficulty.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct UnionOrders {
    /// 16.1.1 Campaign Map Orders.
    pub campaign_map: OrdersByLevel,
    /// 16.1.2 Battle Area Orders.
    pub battle_area: OrdersByLevel,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct OrdersByLevel {
    pub regular: OrdersChart,
    pub hard: OrdersChart,
    pub veteran: OrdersChart,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct OrdersChart {
    /// Footnotes printed under the chart ("* This Order only applies …").
    #[serde(default)]
    pub notes: Vec<String>,
    pub rows: Vec<OrdersRow>,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct OrdersRow {
    pub rolls: Vec<u32>,
    /// The order word for word as printed.
    pub text: String,
    pub order: Order,
    /// "Otherwise, …" (16.4): done when `order` cannot be carried out or is
    /// already fulfilled.
    #[serde(default)]
    pub otherwise: Option<Order>,
}

/// What a "Union-Held …"/"Confederate-Held …" order looks for (16.4).
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum OrderTarget {
    Objective,
    Area,
    CityOrFort,
}

/// One Union order (16.4).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Order {
    /// Do not move the group.
    Hold {},
    /// Move to a randomly chosen adjacent Area.
    Random {},
    /// Move `steps` Areas toward the closest Confederate Force. With
    /// `battle_area_only`, only Confederate Forces inside the Battle Area
    /// count and the order fails when there are none.
    Advance {
        steps: u32,
        #[serde(default)]
        battle_area_only: bool,
    },
    /// "Move toward …"/"Move to …": `steps` Areas closer to a named Area.
    MoveToward { area: String, steps: u32 },
    /// "Move toward Robert E. Lee".
    MoveTowardLee { steps: u32 },
    /// "Union-Held Objective / Area, City or Fort".
    UnionHeld { target: OrderTarget },
    /// "Confederate-Held Objective / Area, City or Fort" (x2, x3).
    ConfederateHeld { target: OrderTarget, steps: u32 },
}

/// 14.8 Withdrawal table.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct WithdrawalRow {
    pub rolls: Vec<u32>,
    pub result: WithdrawalResult,
}

impl WithdrawalResult {
    pub fn name(self) -> &'static str {
        match self {
            WithdrawalResult::Rejoin => "Rejoin (14.8.1)",
            WithdrawalResult::UnionRetreat => "Union Retreat (14.8.2)",
            WithdrawalResult::ConfederateRetreat => "Confederate Retreat (14.8.3)",
            WithdrawalResult::Encamp => "Encamp (14.8.4)",
        }
    }
}

#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq, Hash)]
#[serde(rename_all = "snake_case")]
pub enum WithdrawalResult {
    /// 14.8.1
    Rejoin,
    /// 14.8.2
    UnionRetreat,
    /// 14.8.3
    ConfederateRetreat,
    /// 14.8.4
    Encamp,
}

/// Battle Resolution Table (Quick and Very Quick rules).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct BattleResolutionTable {
    /// Differential columns left to right; together they cover every
    /// integer exactly once (open-ended at both ends).
    pub columns: Vec<DifferentialColumn>,
    pub rows: Vec<ResolutionRow>,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct DifferentialColumn {
    pub label: String,
    #[serde(default)]
    pub min: Option<i32>,
    #[serde(default)]
    pub max: Option<i32>,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ResolutionRow {
    pub rolls: Vec<u32>,
    /// One `[attacker hits, defender hits]` per column.
    pub cells: Vec<[u32; 2]>,
}

/// 3.0–3.3 and 21.0–21.1.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Victory {
    /// Objectives; each achieved one scores its Victory Points (21.0).
    pub objectives: Vec<Objective>,
    /// Campaign-specific defeat conditions (3.2), beyond Lee isolated.
    #[serde(default)]
    pub defeat: Vec<DefeatCondition>,
    /// Lee's historical score (3.3, 21.0).
    pub lee_historical_vp: u32,
    /// 21.1 Casualties, when the campaign uses it.
    #[serde(default)]
    pub casualties: Option<Casualties>,
}

#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[serde(rename_all = "snake_case")]
pub enum UnionLevel {
    Regular,
    Hard,
    Veteran,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Objective {
    pub id: String,
    /// As printed on the sheet.
    pub text: String,
    pub vp: u32,
    pub condition: Condition,
    /// Union Victory-Conditions levels (7.14) at which this objective
    /// applies; empty means all levels.
    #[serde(default)]
    pub union_levels: Vec<UnionLevel>,
}

#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq, Hash)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    Confederate,
    Union,
}

/// A moment on the turn track: the end of a turn's phase.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq, Hash)]
#[serde(deny_unknown_fields)]
pub struct Deadline {
    pub turn: u32,
    /// Absent: the end of the whole turn.
    #[serde(default)]
    pub phase: Option<Phase>,
}

/// Which Confederate Forces count for a condition.
///
/// Field-less variants are written `Any {}` (not `Any`) throughout so that
/// `deny_unknown_fields` also refuses stray keys on them (serde #2123).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum ForceFilter {
    Any {},
    /// Only Forces of this corps (e.g. Jackson's "J").
    Corps {
        corps: String,
    },
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Condition {
    /// No Union Forces in the area at the deadline (3.1 Beaver Dam Creek).
    ClearArea { area: String, by: Deadline },
    /// A Confederate Force has entered the area at some moment up to the
    /// deadline; it need not stay (2.2).
    Reach {
        area: String,
        by: Deadline,
        #[serde(default)]
        forces: ForceFilter,
    },
    /// At least one Confederate Force in each area at the deadline.
    Occupy { areas: Vec<String>, at: Deadline },
    /// Hold each area (2.1) at the end of every step of the campaign.
    HoldThroughout { areas: Vec<String> },
    /// Hold each area at the end of the campaign with at least this combined
    /// Combat Value (2.2 Antietam).
    HoldWithCombatValue { areas: Vec<String>, min_combat: u32 },
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum DefeatCondition {
    /// The campaign is lost at once if no qualifying Confederate Force has
    /// reached the area by the deadline (3.2 Second Manassas).
    FailToReach {
        area: String,
        by: Deadline,
        #[serde(default)]
        forces: ForceFilter,
    },
    /// The campaign is lost at once when the Union Holds all these areas.
    UnionHolds { areas: Vec<String> },
}

/// 21.1 Casualties.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Casualties {
    /// Target combined Combat Value of surviving named Confederate Forces.
    pub min_named_combat: u32,
    pub vp: u32,
}

#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[serde(rename_all = "snake_case")]
pub enum Insight {
    Duration,
    Demolitions,
    Entrench,
    Front,
    Morale,
    Officers,
    Screen,
    Terrain,
}

impl Insight {
    /// The eight Insight counters (10.2.12.1–10.2.12.8).
    pub const ALL: [Insight; 8] = [
        Insight::Duration,
        Insight::Demolitions,
        Insight::Entrench,
        Insight::Front,
        Insight::Morale,
        Insight::Officers,
        Insight::Screen,
        Insight::Terrain,
    ];
}

/// Campaign Special Rules (7.1): typed and parameterised.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum SpecialRule {
    /// The player gets this Insight free, Lee present or not (10.2.12, Seven
    /// Days: Entrench at Oak Grove).
    FreeInsight {
        label: String,
        insight: Insight,
        area: String,
        /// Only the first battle fought in the area.
        #[serde(default)]
        first_battle_only: bool,
    },
    /// Union orders never move a group across this river; the group moves
    /// toward `instead_toward` instead (16.2, Second Manassas).
    UnionNeverCrosses {
        label: String,
        river: String,
        instead_toward: String,
    },
    /// Some Insights may not be chosen in this campaign.
    ForbiddenInsights {
        label: String,
        insights: Vec<Insight>,
    },
}

impl SpecialRule {
    pub fn label(&self) -> &str {
        match self {
            SpecialRule::FreeInsight { label, .. }
            | SpecialRule::UnionNeverCrosses { label, .. }
            | SpecialRule::ForbiddenInsights { label, .. } => label,
        }
    }
}

impl Default for ForceFilter {
    fn default() -> Self {
        ForceFilter::Any {}
    }
}

impl Campaign {
    /// 7.6: every area with a City or Fort symbol in which only one side's
    /// Forces begin gets 1 Garrison and 1 Fortification of that side, "in
    /// that Area": an area of a city where no Force begins gets none
    /// (docs/rulings.md ).
    pub fn city_and_fort_counters(&self) -> Vec<(String, Side, CounterKind, ForceType)> {
        let side_of = |id: &str| self.forces.iter().find(|f| f.id == id).map(|f| f.side);
        let mut out = Vec::new();
        for a in self.map.areas.iter().filter(|a| a.city.is_some() || a.fort) {
            let mut sides: Vec<Side> = self
                .setup
                .placements
                .iter()
                .filter(|p| p.area == a.id)
                .flat_map(|p| p.forces.iter().filter_map(|f| side_of(f)))
                .collect();
            sides.sort();
            sides.dedup();
            if let [side] = sides[..] {
                for (kind, ty) in [
                    (CounterKind::Garrison, ForceType::Garrison),
                    (CounterKind::Fortification, ForceType::Fortification),
                ] {
                    out.push((a.id.clone(), side, kind, ty));
                }
            }
        }
        out
    }
}
