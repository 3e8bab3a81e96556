//! Battle scenarios (`fcrel battle --scenario FILE`): one battle from a
//! JSON file, to check the engine against the rulebook's worked examples.
//! Format: `docs/scenario-format.md`.

use std::collections::BTreeSet;
use std::path::Path;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::campaign::bounds::{
    MAX_SCENARIO_COMMAND_POINTS, MAX_SCENARIO_DECISIONS, MAX_SCENARIO_DICE,
};
use crate::campaign::{self, Campaign, Problem, Side, UnionLevel};
use crate::chronicle::Chronicle;
use crate::dice::Dice;
use crate::rules::battle::advanced::stand_alone::{
    self, StandAlone, StandAloneGame, StandAloneResult, Victory,
};
use crate::rules::battle::{BattleSpec, Outcome};
use crate::rules::board::Board;
use crate::rules::commander::Policy;
use crate::rules::components::{Location, Strength};
use crate::rules::ctx::Ctx;
use crate::rules::decision::{Decision, Interrupt, Recorded, ThenPolicy};
use crate::rules::difficulty::{BattleMode, GameOptions, PlayerLevel, UnionAspects};

pub const SCENARIO_FORMAT_VERSION: u32 = 1;

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    pub format_version: u32,
    /// A title for the output.
    #[serde(default)]
    pub name: String,
    /// The bundled campaign whose map, counters and tables are used.
    pub campaign: String,
    pub mode: BattleMode,
    /// The Battle Location Area.
    pub area: String,
    /// The army that entered the area.
    pub attacker: Side,
    /// Where Lee is; absent: not in play.
    #[serde(default)]
    pub lee: Option<String>,
    #[serde(default)]
    pub player: PlayerLevel,
    /// All six Union aspects at one level…
    #[serde(default = "regular")]
    pub union: UnionLevel,
    /// …or each aspect on its own (7.14); overrides `union`.
    #[serde(default)]
    pub union_aspects: Option<UnionAspects>,
    /// Counters on the map. Every other named Force is out of play; every
    /// other generic counter is in its cup or pile.
    pub forces: Vec<ScenarioForce>,
    /// Named Union Forces in the Reinforcement cup (4.18).
    #[serde(default)]
    pub reinforcement_cup: Vec<String>,
    /// Artillery in the Captured Artillery pile (5.9.2).
    #[serde(default)]
    pub captured_artillery: Vec<String>,
    #[serde(default)]
    pub confederate_command_points: u32,
    #[serde(default)]
    pub union_command_points: u32,
    #[serde(default)]
    pub scouts: u32,
    /// Seed for the program's dice when `dice` is absent.
    #[serde(default)]
    pub seed: u64,
    /// Scripted dice, in order (0 reads as 10).
    #[serde(default)]
    pub dice: Option<Vec<u32>>,
    /// Scripted Confederate decisions, in order.
    #[serde(default)]
    pub decisions: Vec<Decision>,
    /// Who answers once `decisions` run out; absent: the run stops and
    /// says which decision is needed.
    #[serde(default)]
    pub policy: Option<Policy>,
    /// A Battle-Pack-style stand-alone battle on the modified Advanced
    /// Battlefield Sheet (mode `advanced`): its sheet, terms, placement and
    /// victory conditions.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stand_alone: Option<StandAlone>,
    /// Optional rules in play (`GameOptions::OPTIONAL_RULES` names).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub optional: Vec<String>,
    /// Where the scenario's history comes from, for the player.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub sources: String,
    /// What the battle was, for the player choosing it.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub description: String,
}

fn regular() -> UnionLevel {
    UnionLevel::Regular
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ScenarioForce {
    pub id: String,
    pub area: String,
    #[serde(default)]
    pub strength: Strength,
}

/// Load and check a scenario file.
pub fn load_scenario(path: &Path) -> Result<(Scenario, Arc<Campaign>), Vec<Problem>> {
    let mut loaded: Option<Arc<Campaign>> = None;
    let scenario = campaign::load::load_file(path, "a battle scenario", |bytes| {
        if let Some((at, message)) = serde_json::from_slice::<serde_json::Value>(bytes)
            .ok()
            .filter(|v| v.is_object())
            .and_then(|v| unreadable_square(&v, String::new()))
        {
            return Err(vec![(campaign::Place::Field(at), message)]);
        }
        campaign::load::parse_json(
            bytes,
            "battle scenario",
            SCENARIO_FORMAT_VERSION,
            |s: &Scenario| {
                if let Err(why) = campaign::check_id(&s.campaign) {
                    return vec![("campaign".to_string(), why)];
                }
                match campaign::load_bundled(&s.campaign) {
                    Ok(c) => {
                        let c = Arc::new(c);
                        let problems = check(s, &c);
                        loaded = Some(c);
                        problems
                    }
                    Err(ps) => vec![(
                        "campaign".to_string(),
                        format!(
                            "campaign \"{}\" cannot be loaded: {}",
                            s.campaign,
                            ps.first().map_or(String::new(), |p| p.to_string())
                        ),
                    )],
                }
            },
        )
    })?;
    match loaded {
        Some(campaign) => Ok((scenario, campaign)),
        None => Err(vec![Problem {
            file: path.to_path_buf(),
            place: campaign::Place::Field("campaign".into()),
            message: "the campaign was not loaded".into(),
        }]),
    }
}

/// A string no Square reading can take: a letter and a Column of
/// -2147483648, whose Column less one does not fit (`Square::named`
/// subtracts 1). Found before the file is read into its types, with its
/// field path, so that a malformed scenario or save is a message, never a
/// panic. Such a string is no id of any campaign either.
pub(crate) fn unreadable_square(v: &serde_json::Value, path: String) -> Option<(String, String)> {
    use serde_json::Value;
    match v {
        Value::String(text) => {
            let mut chars = text.chars();
            let letter = chars.next().is_some_and(|c| c.is_ascii_alphabetic());
            (letter && chars.as_str().parse::<i32>() == Ok(i32::MIN)).then(|| {
                (
                    path,
                    format!("\"{text}\" is not a Square: a Row A-F and a Column 1-12, as \"D5\""),
                )
            })
        }
        Value::Array(items) => items
            .iter()
            .enumerate()
            .find_map(|(i, x)| unreadable_square(x, format!("{path}[{i}]"))),
        Value::Object(fields) => fields.iter().find_map(|(k, x)| {
            let at = if path.is_empty() {
                k.clone()
            } else {
                format!("{path}.{k}")
            };
            unreadable_square(x, at)
        }),
        _ => None,
    }
}

fn check(s: &Scenario, c: &Campaign) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let board = Board::empty(Arc::new(c.clone()), GameOptions::default());
    let area_ok = |a: &str| c.map.areas.iter().any(|x| x.id == a && !x.impassable);
    if s.format_version != SCENARIO_FORMAT_VERSION {
        out.push((
            "format_version".into(),
            format!("format version {} is not supported", s.format_version),
        ));
    }
    if !area_ok(&s.area) {
        out.push((
            "area".into(),
            format!("area \"{}\" is not a land area of {}", s.area, c.id),
        ));
    }
    if let Some(l) = &s.lee
        && !area_ok(l)
    {
        out.push((
            "lee".into(),
            format!("area \"{l}\" is not a land area of {}", c.id),
        ));
    }
    let mut seen = BTreeSet::new();
    let mut sides_here = BTreeSet::new();
    let lists = s
        .forces
        .iter()
        .enumerate()
        .map(|(i, f)| (format!("forces[{i}].id"), f.id.as_str()))
        .chain(
            s.reinforcement_cup
                .iter()
                .enumerate()
                .map(|(i, f)| (format!("reinforcement_cup[{i}]"), f.as_str())),
        )
        .chain(
            s.captured_artillery
                .iter()
                .enumerate()
                .map(|(i, f)| (format!("captured_artillery[{i}]"), f.as_str())),
        );
    for (path, id) in lists {
        if board.index(id).is_none() {
            out.push((path, format!("no counter \"{id}\" in {}", c.id)));
        } else if !seen.insert(id) {
            out.push((path, format!("counter \"{id}\" is listed twice")));
        }
    }
    for (i, f) in s.forces.iter().enumerate() {
        if !area_ok(&f.area) {
            out.push((
                format!("forces[{i}].area"),
                format!("area \"{}\" is not a land area of {}", f.area, c.id),
            ));
        }
        if let Some(p) = board.piece(&f.id) {
            if f.strength == Strength::Reduced && p.force.reduced.is_none() {
                out.push((
                    format!("forces[{i}].strength"),
                    format!("\"{}\" has no reduced side (5.9)", f.id),
                ));
            }
            if f.area == s.area {
                sides_here.insert(p.force.side);
            }
        }
    }
    for (i, id) in s.reinforcement_cup.iter().enumerate() {
        if let Some(p) = board.piece(id)
            && !(p.force.side == Side::Union && p.force.is_named())
        {
            out.push((
                format!("reinforcement_cup[{i}]"),
                format!("\"{id}\" is not a named Union Force (4.18)"),
            ));
        }
    }
    for (i, id) in s.captured_artillery.iter().enumerate() {
        if let Some(p) = board.piece(id)
            && p.force.force_type != campaign::ForceType::Artillery
        {
            out.push((
                format!("captured_artillery[{i}]"),
                format!("\"{id}\" is not Artillery (5.9.2)"),
            ));
        }
    }
    if sides_here.len() < 2 && area_ok(&s.area) {
        out.push((
            "forces".into(),
            format!("a battle needs Forces of both sides in \"{}\"", s.area),
        ));
    }
    for (name, v) in [
        ("confederate_command_points", s.confederate_command_points),
        ("union_command_points", s.union_command_points),
    ] {
        if v > MAX_SCENARIO_COMMAND_POINTS {
            out.push((
                name.into(),
                format!("{v} Command Points is more than {MAX_SCENARIO_COMMAND_POINTS}"),
            ));
        }
    }
    if s.scouts > c.confederate_resupply.scout_counters {
        out.push((
            "scouts".into(),
            format!(
                "only {} Scout counters exist (4.10)",
                c.confederate_resupply.scout_counters
            ),
        ));
    }
    if let Some(sa) = &s.stand_alone {
        check_stand_alone(s, sa, &board, &mut out);
    }
    for (i, name) in s.optional.iter().enumerate() {
        if let Err(e) = GameOptions::default().with_optional(name) {
            out.push((format!("optional[{i}]"), e));
        }
    }
    // R-Opt-used-with: the one "Used with" check, at the entry named.
    for (i, why) in GameOptions::names_not_used_with(&s.optional, s.mode) {
        out.push((format!("optional[{i}]"), why.to_string()));
    }
    if s.decisions.len() > MAX_SCENARIO_DECISIONS {
        out.push((
            "decisions".into(),
            format!(
                "{} scripted decisions is more than {MAX_SCENARIO_DECISIONS}; a battle needs a few hundred at most",
                s.decisions.len()
            ),
        ));
    }
    if let Some(d) = &s.dice {
        if d.len() > MAX_SCENARIO_DICE {
            out.push((
                "dice".into(),
                format!(
                    "{} scripted dice is more than {MAX_SCENARIO_DICE}; a battle rolls a few hundred at most",
                    d.len()
                ),
            ));
        }
        for (i, v) in d.iter().enumerate() {
            if *v > 10 {
                out.push((
                    format!("dice[{i}]"),
                    format!("{v} is not a d10 face (0-10; 0 reads as 10)"),
                ));
            }
        }
    }
    out
}

/// A stand-alone battle's terms (R-A-stand-alone): the sheet's width, its
/// turns, every placed Force a counter of the battle's area on a Square of
/// the sheet, one Force of a side a Square (A10.2.14), Artillery and Static
/// Forces in Line, Objectives on the sheet.
fn check_stand_alone(
    s: &Scenario,
    sa: &StandAlone,
    board: &Board,
    out: &mut Vec<(String, String)>,
) {
    use crate::campaign::ForceType;
    use crate::rules::battle::terms::Formation;
    if s.mode != BattleMode::Advanced {
        out.push((
            "mode".into(),
            "a stand-alone battle is fought on the Advanced Battlefield Sheet: mode \"advanced\""
                .into(),
        ));
    }
    if ![6, 11, 12].contains(&sa.columns) {
        out.push((
            "stand_alone.columns".into(),
            format!(
                "{} Columns: the Advanced Battlefield Sheet has 6, the modified sheet 11 or 12 (A10.2.14)",
                sa.columns
            ),
        ));
    }
    if !(1..=12).contains(&sa.battle_turns) {
        out.push((
            "stand_alone.battle_turns".into(),
            format!("{} battle turns: 1 to 12", sa.battle_turns),
        ));
    }
    for (name, v, what) in [
        (
            "confederate_battle_plans",
            sa.confederate_battle_plans,
            "Battle Plans",
        ),
        (
            "union_special_battle_plans",
            sa.union_special_battle_plans,
            "Special Battle Plans",
        ),
    ] {
        if v > 12 {
            out.push((
                format!("stand_alone.{name}"),
                format!("{v} {what} a turn: at most 12 {what} a turn"),
            ));
        }
    }
    let mut taken = BTreeSet::new();
    let mut placed = BTreeSet::new();
    for (i, p) in sa.placement.iter().enumerate() {
        let path = format!("stand_alone.placement[{i}]");
        let Some(piece) = board.piece(&p.force) else {
            out.push((
                format!("{path}.force"),
                format!("no counter \"{}\"", p.force),
            ));
            continue;
        };
        if !s.forces.iter().any(|f| f.id == p.force && f.area == s.area) {
            out.push((
                format!("{path}.force"),
                format!("\"{}\" is not among the forces in \"{}\"", p.force, s.area),
            ));
        }
        if !placed.insert(p.force.as_str()) {
            out.push((
                format!("{path}.force"),
                format!("\"{}\" is placed twice", p.force),
            ));
        }
        if !p.square.on(sa.columns) {
            out.push((
                format!("{path}.square"),
                format!(
                    "{} is off a sheet of {} Columns",
                    p.square.name(),
                    sa.columns
                ),
            ));
        }
        if !taken.insert((p.square, piece.force.side == Side::Union)) {
            out.push((
                format!("{path}.square"),
                format!(
                    "a second {} Force in {} (one a Square, A10.2.14)",
                    piece.force.side.name(),
                    p.square.name()
                ),
            ));
        }
        let line_only = !matches!(
            piece.force.force_type,
            ForceType::Infantry | ForceType::Cavalry
        );
        if line_only && p.formation != Formation::Line {
            out.push((
                format!("{path}.formation"),
                format!("\"{}\" stays in Line (A12.4, 10.3)", p.force),
            ));
        }
    }
    for f in s.forces.iter().filter(|f| f.area == s.area) {
        if !placed.contains(f.id.as_str()) {
            out.push((
                "stand_alone.placement".into(),
                format!("\"{}\" is in \"{}\" but has no Square", f.id, s.area),
            ));
        }
    }
    let mut marked = BTreeSet::new();
    for (i, o) in sa.objectives.iter().enumerate() {
        if !marked.insert(o.name()) {
            out.push((
                format!("stand_alone.objectives[{i}]"),
                format!("{} has a Union Objective Marker already", o.name()),
            ));
        }
        if let Some(p) = sa.placement.iter().find(|p| p.square == *o) {
            out.push((
                format!("stand_alone.objectives[{i}]"),
                format!(
                    "{} is taken by \"{}\": a Union Objective Marker goes on an empty Square",
                    o.name(),
                    p.force
                ),
            ));
        }
        if !o.on(sa.columns) {
            out.push((
                format!("stand_alone.objectives[{i}]"),
                format!("{} is off a sheet of {} Columns", o.name(), sa.columns),
            ));
        }
    }
    if let Victory::Objectives { needed } = sa.victory
        && (needed == 0 || needed as usize > sa.objectives.len())
    {
        out.push((
            "stand_alone.victory.needed".into(),
            format!(
                "{needed} Objectives needed, {} on the sheet",
                sa.objectives.len()
            ),
        ));
    }
}

impl Scenario {
    pub fn options(&self) -> GameOptions {
        let options = GameOptions {
            player: self.player,
            union: self
                .union_aspects
                .unwrap_or(UnionAspects::preset(self.union)),
            battles: self.mode,
            seed: self.seed,
            ..GameOptions::default()
        };
        // Checked when loaded.
        options
            .with_optional(&self.optional.join(","))
            .unwrap_or(options)
    }

    /// The board the scenario describes.
    pub fn board(&self, campaign: Arc<Campaign>) -> Board {
        let mut b = Board::empty(campaign, self.options());
        for f in &self.forces {
            b.place(&f.id, Location::Area(f.area.clone()), f.strength);
        }
        for id in &self.reinforcement_cup {
            b.place(id, Location::ReinforcementCup, Strength::Full);
        }
        for id in &self.captured_artillery {
            b.place(id, Location::CapturedArtilleryPile, Strength::Full);
        }
        if let Some(l) = &self.lee {
            b.lee = Location::Area(l.clone());
        }
        b.cp.confederate = self.confederate_command_points;
        b.cp.union = self.union_command_points;
        b.scouts.available = self.scouts;
        b
    }
}

/// A finished run.
pub struct Report {
    pub outcome: Outcome,
    /// A stand-alone battle's result.
    pub stand_alone: Option<StandAloneResult>,
    pub board: Board,
    pub chronicle: Chronicle,
    pub dice_rolled: u64,
}

/// The scenario's battle: a stand-alone one, or a battle as in a campaign.
fn fight(
    ctx: &mut Ctx,
    s: &Scenario,
    spec: &BattleSpec,
) -> Result<(Outcome, Option<StandAloneResult>), Interrupt> {
    match &s.stand_alone {
        Some(sa) => {
            let r = stand_alone::fight(ctx, &spec.area, spec.attacker, sa)?;
            let outcome = Outcome {
                ending: r.ending,
                campaign_lost: false,
                rounds: 1,
            };
            Ok((outcome, Some(r)))
        }
        None => crate::rules::turn::fight(ctx, spec, s.mode).map(|o| (o, None)),
    }
}

/// Fight the scenario's battle. `Err` holds the chronicle so far and why it
/// stopped (a decision needed, dice ran out, an illegal decision).
pub fn run(s: &Scenario, campaign: Arc<Campaign>) -> Result<Report, Box<(Chronicle, Interrupt)>> {
    let mut board = s.board(campaign);
    let mut dice = match &s.dice {
        Some(d) => Dice::scripted(d.iter().copied()),
        None => Dice::seeded(s.seed),
    };
    let mut chronicle = Chronicle::default();
    let recorded = Recorded::new(s.decisions.clone());
    let spec = BattleSpec {
        area: s.area.clone(),
        attacker: s.attacker,
    };
    let result = match s.policy {
        Some(policy) => {
            let mut decider = ThenPolicy { recorded, policy };
            let mut ctx = Ctx {
                board: &mut board,
                dice: &mut dice,
                chronicle: &mut chronicle,
                decider: &mut decider,
            };
            fight(&mut ctx, s, &spec)
        }
        None => {
            let mut decider = recorded;
            let mut ctx = Ctx {
                board: &mut board,
                dice: &mut dice,
                chronicle: &mut chronicle,
                decider: &mut decider,
            };
            fight(&mut ctx, s, &spec)
        }
    };
    match result {
        Ok((outcome, stand_alone)) => Ok(Report {
            outcome,
            stand_alone,
            dice_rolled: dice.rolled(),
            board,
            chronicle,
        }),
        Err(e) => Err(Box::new((chronicle, e))),
    }
}

/// The stand-alone battles bundled with fcrel: their keys and files.
const BUNDLED_BATTLES: [(&str, &str); 2] = [
    (
        "malvern-hill",
        include_str!("../scenarios/battle-malvern-hill.json"),
    ),
    (
        "cornfield",
        include_str!("../scenarios/battle-cornfield.json"),
    ),
];

/// Every bundled stand-alone battle: key, scenario, the game to play.
pub fn bundled_battles() -> Vec<(String, Scenario, StandAloneGame)> {
    BUNDLED_BATTLES
        .iter()
        .filter_map(|(key, _)| {
            let (s, g) = bundled_battle(key)?;
            Some((key.to_string(), s, g))
        })
        .collect()
}

/// The keys of the bundled stand-alone battles.
pub fn bundled_battle_keys() -> Vec<&'static str> {
    BUNDLED_BATTLES.iter().map(|(k, _)| *k).collect()
}

/// The campaign of the bundled stand-alone battle `key` (read, not
/// checked: cheap enough for every save a folder lists).
pub fn bundled_battle_campaign(key: &str) -> Option<String> {
    bundled_battle_field(key, "campaign")
}

/// The name of the bundled stand-alone battle `key` ("Malvern Hill, 1 July
/// 1862"), read as [`bundled_battle_campaign`] reads its campaign.
pub fn bundled_battle_name(key: &str) -> Option<String> {
    bundled_battle_field(key, "name")
}

fn bundled_battle_field(key: &str, field: &str) -> Option<String> {
    let (_, text) = BUNDLED_BATTLES.iter().find(|(k, _)| *k == key)?;
    let v: serde_json::Value = serde_json::from_str(text).ok()?;
    Some(v.get(field)?.as_str()?.to_string())
}

/// The bundled stand-alone battle `key`, checked; None if there is none.
pub fn bundled_battle(key: &str) -> Option<(Scenario, StandAloneGame)> {
    let (_, text) = BUNDLED_BATTLES.iter().find(|(k, _)| *k == key)?;
    let s: Scenario = serde_json::from_str(text).ok()?;
    let c = campaign::load_bundled(&s.campaign).ok()?;
    if !check(&s, &c).is_empty() {
        return None;
    }
    let game = s.stand_alone_game(key)?;
    Some((s, game))
}

impl Scenario {
    /// The stand-alone battle as a game of its own (`key` names it in
    /// saves).
    pub fn stand_alone_game(&self, key: &str) -> Option<StandAloneGame> {
        Some(StandAloneGame {
            key: key.to_string(),
            name: self.name.clone(),
            area: self.area.clone(),
            attacker: self.attacker,
            forces: self
                .forces
                .iter()
                .map(|f| (f.id.clone(), f.area.clone(), f.strength))
                .collect(),
            terms: self.stand_alone.clone()?,
        })
    }
}
