//! The after-action report (issue 38): a played game as a readable
//! Markdown file and a self-contained HTML page. [`build`] replays a save
//! headless, watching it step by step, and gathers typed data ([`Report`]):
//! the set-up and options, each Campaign Turn's moves (what changed in each
//! step, `rules::view::changes`) and Union orders rolls, each battle
//! (forces, Fog of War, key rolls, result, losses, Command Points, luck),
//! the Victory Points at the end and the luck record, with the map at the
//! end of each turn (`svg`, over `campaign::geometry`). `markdown` and
//! `html` word it; [`write`] writes either by the file's extension.
//!
//! The window calls [`build`] on a save (the game in play's, or a file's)
//! on a thread of its own, and [`write`]s the result.

mod doc;
mod html;
mod markdown;
pub mod svg;
mod xml;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use bevy::prelude::*;

use crate::campaign::{Campaign, Side};
use crate::chronicle::{Chronicle, RollKind};
use crate::luck::{LuckRecord, Sides};
use crate::rules::battle::record::{BattleRecord, BattleRecords, EventKind, KeepAllBattles};
use crate::rules::difficulty::{BattleMode, GameOptions};
use crate::rules::sequence::{Branch, GameState};
use crate::rules::turn::Step;
use crate::rules::view::{Change, End, GameView, Objective, Positions, changes};
use crate::save::SaveFile;

pub use html::to_html;
pub use markdown::to_markdown;

/// A played game, typed.
#[derive(Debug, Clone)]
pub struct Report {
    /// The game's name (a branch's own).
    pub title: String,
    pub campaign: Arc<Campaign>,
    pub options: GameOptions,
    pub branch: Option<Branch>,
    /// Decisions replayed, and the digest the game arrived at.
    pub decisions: usize,
    pub digest: String,
    /// The campaign has ended (else: where the save stood).
    pub finished: bool,
    /// Where everything stood after the set-up (7.0).
    pub setup: Positions,
    pub turns: Vec<TurnReport>,
    pub battles: Vec<BattleReport>,
    /// Each objective's standing, and the end of the campaign once over.
    pub objectives: Vec<Objective>,
    pub end: Option<End>,
    pub luck: LuckRecord,
}

/// One Campaign Turn.
#[derive(Debug, Clone)]
pub struct TurnReport {
    pub turn: u32,
    /// What each step changed on the map (steps that changed nothing left
    /// out).
    pub steps: Vec<StepReport>,
    /// The Union Orders rolls (16.3), as the chronicle words them.
    pub orders: Vec<String>,
    /// Its battles: indices in [`Report::battles`].
    pub battles: Vec<usize>,
    /// Where everything stood at the end of the turn (or where the game
    /// stopped).
    pub end: Positions,
    pub luck: Sides,
}

/// What one step of the sequence of play changed.
#[derive(Debug, Clone)]
pub struct StepReport {
    pub step: Step,
    pub changes: Vec<Change>,
}

/// One battle.
#[derive(Debug, Clone)]
pub struct BattleReport {
    pub area: String,
    pub area_name: String,
    pub turn: u32,
    pub mode: BattleMode,
    pub attacker: Side,
    /// The Fog of War roll kept (10.2.1–10.2.8) and how many were rolled.
    pub fog: Option<Fog>,
    /// Both armies as the battle began: (name, reduced) by side.
    pub confederates: Vec<(String, bool)>,
    pub union: Vec<(String, bool)>,
    /// Everything the battle changed: Hits (flips), Forces destroyed,
    /// retreats, arrivals; Command Points.
    pub changes: Vec<Change>,
    /// The rolls that decided it: every table roll, and every check or
    /// attack whose result had at most a 30% chance.
    pub key_rolls: Vec<String>,
    /// Every roll of the battle.
    pub rolls: usize,
    /// How it ended (None: still being fought where the save stopped).
    pub ending: Option<String>,
    pub luck: Sides,
}

/// A Fog of War roll.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fog {
    pub die: u32,
    pub battle_turns: u32,
    pub event: String,
    pub rolls: usize,
}

/// One frame of the replay: the step that ran and where things stood.
struct Frame {
    step: Option<Step>,
    positions: Positions,
}

/// Replay `save` headless and gather its report.
pub fn build(save: &SaveFile, campaign: Arc<Campaign>) -> Result<Report, String> {
    let mut frames: Vec<Frame> = Vec::new();
    let mut records: BTreeMap<usize, BattleRecord> = BTreeMap::new();
    let prepare = |app: &mut App| {
        app.insert_resource(BattleRecords::default())
            .insert_resource(KeepAllBattles);
    };
    let frame = |world: &mut World| {
        let playing = world
            .get_resource::<State<GameState>>()
            .is_some_and(|s| *s.get() != GameState::NoCampaign);
        if !playing {
            return;
        }
        let step = world.get_resource::<State<Step>>().map(|s| *s.get());
        if let Some(positions) = crate::rules::view::positions(world) {
            frames.push(Frame { step, positions });
        }
        if let Some(r) = world.get_resource::<BattleRecords>() {
            for b in &r.battles {
                records.insert(b.id, b.clone());
            }
        }
    };
    let mut rest = crate::save::replay_to_rest_with(save, campaign.clone(), prepare, frame)?;
    let world = rest.app.world_mut();
    let digest = crate::rules::digest::state_digest(world).ok_or("no campaign was set up")?;
    let board = crate::rules::board::Board::from_world(world).ok_or("no campaign was set up")?;
    let step = world.get_resource::<State<Step>>().map(|s| *s.get());
    let chronicle = world.resource::<Chronicle>().clone();
    let view = GameView::build(board, step, None);
    let luck = LuckRecord::of(&chronicle);
    let battles = battles(&records, &chronicle, &luck);
    let turns = turns(&frames, &battles, &chronicle, &luck);
    let setup = frames
        .first()
        .map(|f| f.positions.clone())
        .ok_or("the game was never set up")?;
    Ok(Report {
        title: save.title().to_string(),
        campaign,
        options: save.options,
        branch: save.branch.clone(),
        decisions: rest.used,
        digest,
        finished: rest.over,
        setup,
        turns,
        battles,
        objectives: view.objectives,
        end: view.end,
        luck,
    })
}

/// How a report may be written: over files that exist (`--force`; never
/// over a `.json`, the input or anything but a regular file), and the file
/// it is made from, never written to.
#[derive(Debug, Clone, Copy, Default)]
pub struct WriteOptions<'a> {
    pub force: bool,
    /// The game's file and a branch just written from it.
    pub inputs: &'a [&'a Path],
}

/// Write the report: a self-contained HTML page for `.html`/`.htm`,
/// else Markdown, with each turn's map as an SVG file beside it
/// (`NAME-turn-N.svg`). All or nothing: every file is written into a
/// temporary folder beside `path` first and only then moved into place,
/// and a file the report may not replace ([`may_write`]) stops it before
/// anything is written. Returns the files written.
pub fn write(report: &Report, path: &Path, o: WriteOptions) -> Result<Vec<PathBuf>, String> {
    let html = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("html") || e.eq_ignore_ascii_case("htm"));
    let mut files: Vec<(PathBuf, String)> = Vec::new();
    if html {
        files.push((path.to_path_buf(), to_html(report)));
    } else {
        let stem = path
            .file_stem()
            .map_or("report".into(), |s| s.to_string_lossy().into_owned());
        let dir = path.parent().unwrap_or(Path::new(""));
        let map_name = |turn: u32| format!("{stem}-turn-{turn}.svg");
        for t in &report.turns {
            let svg = svg::map(
                &report.campaign,
                &t.end,
                &map_title(report, t),
                &battle_areas(report, t),
            );
            files.push((dir.join(map_name(t.turn)), svg));
        }
        files.push((path.to_path_buf(), to_markdown(report, &map_name)));
    }
    for (file, _) in &files {
        may_write(file, o)?;
    }
    crate::store::write_all_or_nothing(&files)
        .map_err(|(file, e)| format!("{}: could not be written: {e}", file.display()))?;
    Ok(files.into_iter().map(|(f, _)| f).collect())
}

/// Whether a report may be written to `path` (issue 45 item 1): never to a
/// `.json` file (saves, replays and branches are JSON), never over the file
/// it is made from, never to a directory, named pipe, device or socket
/// (looked at, not opened), and over any other existing file only with
/// `force`.
pub fn may_write(path: &Path, o: WriteOptions) -> Result<(), String> {
    let refuse = |why: &str| Err(format!("{}: {why}; nothing was written", path.display()));
    if path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("json"))
    {
        return refuse(
            "a report is never written to a .json file (saves, replays and branches are .json); name it .html or .md",
        );
    }
    let Ok(meta) = std::fs::metadata(path) else {
        return Ok(());
    };
    if let Some(what) = crate::store::not_a_file(meta.file_type()) {
        return refuse(&format!("is {what}, not a file a report can replace"));
    }
    if o.inputs.iter().any(|i| crate::store::same_file(i, path)) {
        return refuse("is the game the report is made from");
    }
    if !o.force {
        return refuse("exists; a report does not replace a file unless --force is given");
    }
    Ok(())
}

/// The areas fought over in a turn.
fn battle_areas<'a>(report: &'a Report, t: &TurnReport) -> Vec<&'a str> {
    t.battles
        .iter()
        .map(|&k| report.battles[k].area.as_str())
        .collect()
}

/// A turn's map caption.
fn map_title(report: &Report, t: &TurnReport) -> String {
    let last = report.turns.last().is_some_and(|l| l.turn == t.turn);
    if last && !report.finished {
        format!("Turn {}: where the game stands", t.turn)
    } else {
        format!("The end of Turn {}", t.turn)
    }
}

/// Each battle from its record, its chronicle span and its luck.
fn battles(
    records: &BTreeMap<usize, BattleRecord>,
    chronicle: &Chronicle,
    luck: &LuckRecord,
) -> Vec<BattleReport> {
    records
        .values()
        .map(|r| {
            let span = chronicle.battles().iter().position(|b| b.first == r.id);
            battle(r, span, chronicle, luck)
        })
        .collect()
}

fn battle(
    r: &BattleRecord,
    span: Option<usize>,
    chronicle: &Chronicle,
    luck: &LuckRecord,
) -> BattleReport {
    let fogs: Vec<(u32, u32, &String)> = r
        .events
        .iter()
        .filter_map(|e| match &e.kind {
            EventKind::FogOfWar {
                die,
                battle_turns,
                event,
                ..
            } => Some((*die, *battle_turns, event)),
            _ => None,
        })
        .collect();
    let fog = fogs.last().map(|(die, battle_turns, event)| Fog {
        die: *die,
        battle_turns: *battle_turns,
        event: (*event).clone(),
        rolls: fogs.len(),
    });
    let army = |side: Side| -> Vec<(String, bool)> {
        r.before.as_ref().map_or(Vec::new(), |p| {
            p.in_area(&r.area, side)
                .map(|f| {
                    (
                        f.name.clone(),
                        f.strength == crate::rules::components::Strength::Reduced,
                    )
                })
                .collect()
        })
    };
    let changes = match (&r.before, &r.after) {
        (Some(b), Some(a)) => changes(b, a),
        _ => Vec::new(),
    };
    let (key_rolls, rolls) = span.map_or((Vec::new(), 0), |k| key_rolls(chronicle, k));
    BattleReport {
        area: r.area.clone(),
        area_name: r.area_name.clone(),
        turn: r.campaign_turn,
        mode: r.mode,
        attacker: r.attacker,
        fog,
        confederates: army(Side::Confederate),
        union: army(Side::Union),
        changes,
        key_rolls,
        rolls,
        ending: r.ending.map(|e| e.describe()),
        luck: span
            .and_then(|k| luck.battles.get(k))
            .map_or_else(Sides::default, |b| b.luck),
    }
}

/// The key rolls of battle `n` (its chronicle lines) and its rolls in all.
fn key_rolls(chronicle: &Chronicle, n: usize) -> (Vec<String>, usize) {
    let span = &chronicle.battles()[n];
    let mut keys = Vec::new();
    let mut rolls = 0;
    for (i, e) in chronicle.entries().iter().enumerate() {
        if !span.holds(i) {
            continue;
        }
        let Some(r) = &e.roll else { continue };
        rolls += 1;
        let key = match (r.luck, r.luck_outcome()) {
            (Some(l), _) if matches!(l.kind, RollKind::Table { .. }) => true,
            (_, Some((_, good, success))) => {
                let chance = if success {
                    good.count()
                } else {
                    10 - good.count()
                };
                chance <= 3
            }
            _ => false,
        };
        if key {
            keys.push(e.line());
        }
    }
    (keys, rolls)
}

/// The Campaign Turns from the frames of the replay.
fn turns(
    frames: &[Frame],
    battles: &[BattleReport],
    chronicle: &Chronicle,
    luck: &LuckRecord,
) -> Vec<TurnReport> {
    let mut out: Vec<TurnReport> = Vec::new();
    for pair in frames.windows(2) {
        let (before, now) = (&pair[0], &pair[1]);
        let turn = now.positions.turn;
        if turn == 0 {
            continue;
        }
        if out.last().is_none_or(|t| t.turn != turn) {
            out.push(TurnReport {
                turn,
                steps: Vec::new(),
                orders: Vec::new(),
                battles: Vec::new(),
                end: now.positions.clone(),
                luck: Sides::default(),
            });
        }
        let t = out.last_mut().expect("pushed");
        t.end = now.positions.clone();
        let changed = changes(&before.positions, &now.positions);
        if let (Some(step), false) = (now.step, changed.is_empty()) {
            t.steps.push(StepReport {
                step,
                changes: changed,
            });
        }
    }
    for t in &mut out {
        t.battles = (0..battles.len())
            .filter(|&b| battles[b].turn == t.turn)
            .collect();
        t.orders = chronicle
            .entries()
            .iter()
            .enumerate()
            .filter(|(i, e)| {
                e.roll.is_some() && e.rule.starts_with("16") && chronicle.turn_of(*i) == t.turn
            })
            .map(|(_, e)| e.line())
            .collect();
        if let Some(l) = luck.turns.iter().find(|l| l.turn == t.turn) {
            t.luck = l.luck;
        }
    }
    out
}

/// How a side's luck reads in a line: "12 of 20 rolls went its way (10.4
/// expected): as good or better in 31% of games".
pub fn luck_line(luck: &Sides, side: Side) -> String {
    luck.side(side).summary()
}

/// A change in words, with area names.
pub fn change_text(c: &Campaign, change: &Change) -> String {
    let area = |id: &str| {
        c.map
            .areas
            .iter()
            .find(|a| a.id == id)
            .map_or(id.to_string(), |a| a.name.clone())
    };
    let place = crate::rules::board::place_name;
    let origin = |l: &crate::rules::components::Location| {
        use crate::rules::components::Location as L;
        match l {
            L::Area(a) => area(a),
            L::LateArrival(_) => "its Late Arrival".into(),
            L::ReinforcementCup => "the Reinforcement cup".into(),
            L::AdditionalForcesCup => "the Additional Forces cup".into(),
            L::StaticForcesPile => "the Static Forces pile".into(),
            L::CapturedArtilleryPile => "the Captured Artillery pile".into(),
            L::ConfederateAvailable => "beside the map".into(),
            L::RemovedFromGame => "out of the game".into(),
        }
    };
    match change {
        Change::Moved { force, from, to } => {
            format!(
                "{} ({}): {} → {}",
                force.name,
                force.side.name(),
                area(from),
                area(to)
            )
        }
        Change::Arrived { force, from, to } => format!(
            "{} ({}) arrives in {} (from {})",
            force.name,
            force.side.name(),
            area(to),
            origin(from)
        ),
        Change::Destroyed { force, from, to } => format!(
            "{} ({}) leaves {}: {}",
            force.name,
            force.side.name(),
            area(from),
            place(to)
        ),
        Change::Flipped {
            force,
            area: at,
            to,
        } => format!(
            "{} ({}){} {}",
            force.name,
            force.side.name(),
            at.as_deref()
                .map_or(String::new(), |a| format!(" in {}", area(a))),
            match to {
                crate::rules::components::Strength::Reduced => "is flipped to its reduced side",
                crate::rules::components::Strength::Full => "is back at full strength",
            }
        ),
        Change::LeeMoved { from, to } => format!(
            "Robert E. Lee: {} → {}",
            from.as_deref().map_or("off the map".to_string(), area),
            to.as_deref().map_or("off the map".to_string(), area)
        ),
        Change::CommandPoints { side, from, to } => {
            format!("{} Command Points: {from} → {to}", side.name())
        }
        Change::Scouts { from, to } => format!("Scouts: {from} → {to}"),
    }
}
