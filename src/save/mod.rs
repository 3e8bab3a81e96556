//! Saved games and replays. A game is its set-up plus its decisions, so a
//! save holds the campaign, the options (the seed among them), every
//! decision made so far and the physical dice typed in, with the state's
//! digest for checking: loading replays the decisions from the start and
//! arrives at the same game (same digest, same future rolls). A replay file
//! is the same file; `fcrel replay FILE --verify` re-runs it.
//!
//! Files are versioned JSON under the data folder (`saves/`, `autosaves/`,
//! `replays/`), written atomically (`store::write_atomic`). Reading never
//! touches a file; a damaged, foreign or newer file is reported with its
//! name and the problem.

pub mod games;

use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use crate::campaign::{Campaign, Place};
use crate::dice::Reseed;
use crate::rules::decision::Decision;
use crate::rules::difficulty::GameOptions;
use crate::rules::sequence::{Branch, GameLog, GameState, PendingDecision, StepDecisions};
use crate::rules::turn::Step;

/// Which game a save belongs to (seconds since 1970 when it began): the
/// autosaves of different games never push each other out.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct GameId(pub u64);

/// What the first field of every save says.
pub const FORMAT: &str = "fcrel-save";
/// The newest version this build reads and writes; older ones are read
/// when they can be. A file is written with the lowest version that holds
/// it ([`SaveFile::version_needed`]): a what-if branch is version 2, every
/// other save stays version 1, which earlier builds read.
pub const VERSION: u32 = 2;
/// Autosaves kept; older ones are removed as new ones are written.
pub const AUTOSAVES_KEPT: usize = 8;
/// Files larger than this are not saves (a campaign's decisions are a few
/// hundred kilobytes at most).
const MAX_BYTES: u64 = 64 * 1024 * 1024;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SaveFile {
    /// Always "fcrel-save".
    pub format: String,
    pub version: u32,
    /// The campaign's id and its name when saved.
    pub campaign: String,
    pub campaign_name: String,
    pub options: GameOptions,
    /// Where the game stood: campaign turn and step.
    pub turn: u32,
    #[serde(default)]
    pub step: Option<Step>,
    /// Seconds since 1970 (UTC) when written.
    pub saved_at: u64,
    /// The game is over (a finished campaign's replay).
    #[serde(default)]
    pub finished: bool,
    pub decisions: Vec<Decision>,
    #[serde(default)]
    pub dice: Vec<u32>,
    /// `rules::digest::state_digest` when saved.
    pub digest: String,
    /// The Grand Campaign (21.0) the game belongs to (its id in the Player
    /// Log).
    #[serde(default)]
    pub grand: Option<u64>,
    /// The game's id ([`GameId`]); 0 in files that predate it.
    #[serde(default)]
    pub game: u64,
    /// A stand-alone battle's bundled scenario key, when the game is one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stand_alone: Option<String>,
    /// Version 2: a what-if branch's name and parent game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub branch: Option<Branch>,
    /// Version 2: where a branch's fresh dice begin (`dice::Reseed`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub reseeds: Vec<Reseed>,
}

/// Why a file cannot be loaded, with the file it is about and the place in
/// it (a field path or a line and column; the whole file for an empty,
/// foreign or unreadable one). `problem` is the whole message after the
/// file's name, the place in it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SaveProblem {
    pub file: PathBuf,
    pub place: Place,
    pub problem: String,
}

impl fmt::Display for SaveProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.file.display(), self.problem)
    }
}

impl SaveFile {
    /// The game in the world as a save, or None when no campaign is set up.
    pub fn from_world(world: &mut World) -> Option<SaveFile> {
        let digest = crate::rules::digest::state_digest(world)?;
        let campaign = world
            .get_resource::<crate::rules::components::ActiveCampaign>()?
            .0
            .clone();
        let log = world.get_resource::<GameLog>()?;
        let step = world.get_resource::<StepDecisions>()?;
        let decisions = log.with_current(step);
        let dice = log.dice.clone();
        let (branch, reseeds) = (log.branch.clone(), log.reseeds.clone());
        let turn = world
            .get_resource::<crate::rules::components::CampaignTurn>()?
            .turn;
        let mut save = SaveFile {
            format: FORMAT.into(),
            version: 1,
            campaign: campaign.id.clone(),
            campaign_name: campaign.name.clone(),
            options: *world.get_resource::<GameOptions>()?,
            turn,
            step: world.get_resource::<State<Step>>().map(|s| *s.get()),
            saved_at: crate::store::now(),
            finished: world
                .get_resource::<State<GameState>>()
                .is_some_and(|s| *s.get() == GameState::Over),
            decisions,
            dice,
            digest,
            grand: world
                .get_resource::<crate::player_log::CurrentGrand>()
                .and_then(|g| g.0),
            game: world.get_resource::<GameId>().map_or(0, |g| g.0),
            stand_alone: world
                .get_resource::<crate::rules::battle::advanced::battle_pack::ActiveStandAlone>()
                .map(|g| g.0.key.clone()),
            branch,
            reseeds,
        };
        save.version = save.version_needed();
        Some(save)
    }

    /// The lowest format version that holds this save: 2 for a branch, 1
    /// otherwise.
    pub fn version_needed(&self) -> u32 {
        if self.branch.is_some() || !self.reseeds.is_empty() {
            2
        } else {
            1
        }
    }

    /// The game's name: a branch's own, else the campaign's.
    pub fn title(&self) -> &str {
        self.branch
            .as_ref()
            .map_or(self.campaign_name.as_str(), |b| b.name.as_str())
    }

    /// The message that replays this save from the campaign's start.
    pub fn resume(&self, campaign: Arc<Campaign>) -> crate::rules::setup::NewCampaign {
        crate::rules::setup::NewCampaign {
            campaign,
            options: self.options,
            resume: GameLog {
                decisions: self.decisions.clone(),
                dice: self.dice.clone(),
                reseeds: self.reseeds.clone(),
                branch: self.branch.clone(),
            },
            stand_alone: self
                .stand_alone
                .as_deref()
                .and_then(crate::scenario::bundled_battle)
                .map(|(_, game)| Arc::new(game)),
        }
    }

    /// A file name from the campaign, the turn and the time.
    pub fn file_name(&self, prefix: &str) -> String {
        format!(
            "{prefix}{}-turn-{}-{}.json",
            self.campaign,
            self.turn,
            crate::store::stamp(self.saved_at)
        )
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a save serialises")
    }

    /// Write the save to `path` atomically. The bytes are checked by
    /// reading them back first, so a good file is never replaced by a bad one.
    pub fn write(&self, path: &Path) -> Result<(), SaveProblem> {
        let json = self.to_json();
        parse(path, json.as_bytes())?;
        crate::store::write_atomic(path, json.as_bytes()).map_err(|e| SaveProblem {
            file: path.to_path_buf(),
            place: Place::File,
            problem: format!("could not be written: {e}"),
        })
    }
}

/// Read a save (`store::read_file`: a regular file of at most 64 MiB) and
/// check it; the file is never changed.
pub fn read(path: &Path) -> Result<SaveFile, SaveProblem> {
    let bytes = crate::store::read_file(path, MAX_BYTES).map_err(|e| SaveProblem {
        file: path.to_path_buf(),
        place: Place::File,
        problem: e.describe("a save"),
    })?;
    parse(path, &bytes)
}

/// Parse a save's bytes and check it completely (everything a replay takes
/// from it: its campaign id, its stand-alone battle, the bounds of its
/// lists), saying exactly where and what is wrong.
pub fn parse(path: &Path, bytes: &[u8]) -> Result<SaveFile, SaveProblem> {
    parse_at(bytes).map_err(|(place, problem)| SaveProblem {
        file: path.to_path_buf(),
        place,
        problem,
    })
}

/// A problem at a place of a save, "is damaged: PLACE: what".
fn damaged(place: Place, what: impl fmt::Display) -> (Place, String) {
    let at = match &place {
        Place::Field(p) if !p.is_empty() => p.clone(),
        Place::LineCol(l, c) => format!("line {l}, column {c}"),
        _ => "the file".to_string(),
    };
    let what = crate::store::cut_quoted(&what.to_string());
    (place, format!("is damaged: {at}: {what}"))
}

fn parse_at(bytes: &[u8]) -> Result<SaveFile, (Place, String)> {
    let bytes = crate::store::strip_bom(bytes);
    if bytes.iter().all(|b| b.is_ascii_whitespace()) {
        return Err((Place::File, "is empty".into()));
    }
    let text = std::str::from_utf8(bytes).map_err(|e| {
        let (l, c) = crate::campaign::load::line_col(bytes, e.valid_up_to());
        (
            Place::LineCol(l, c),
            format!(
                "is not text (bad UTF-8 at line {l}, column {c}, byte {})",
                e.valid_up_to()
            ),
        )
    })?;
    let value: serde_json::Value = serde_json::from_str(text).map_err(|e| {
        let what = if e.is_eof() {
            "is cut short (truncated)"
        } else {
            "is not valid JSON"
        };
        (
            Place::LineCol(e.line(), e.column()),
            format!(
                "{what}: line {}, column {}: {}",
                e.line(),
                e.column(),
                crate::campaign::load::syntax_message(&e)
            ),
        )
    })?;
    let Some(obj) = value.as_object() else {
        return Err((
            Place::File,
            "is not an fcrel save (not a JSON object)".into(),
        ));
    };
    if obj.get("format").and_then(|f| f.as_str()) != Some(FORMAT) {
        return Err((
            Place::Field("format".into()),
            format!("is not an fcrel save (its \"format\" is not \"{FORMAT}\")"),
        ));
    }
    let version = obj.get("version").and_then(|v| v.as_u64()).ok_or_else(|| {
        (
            Place::Field("version".into()),
            "has no format version (version: a whole number)".to_string(),
        )
    })?;
    if version > VERSION as u64 {
        return Err((
            Place::Field("version".into()),
            format!(
                "was written by a newer fcrel (save format version {version}; this build reads up to {VERSION}): update fcrel to open it"
            ),
        ));
    }
    if version == 0 {
        return Err((
            Place::Field("version".into()),
            "has save format version 0, which no fcrel ever wrote".into(),
        ));
    }
    if let Some((at, message)) = crate::scenario::unreadable_square(&value, String::new()) {
        return Err(damaged(Place::Field(at), message));
    }
    // Read from the text, so a problem has its field path and, at the top
    // level, its line and column.
    let de = &mut serde_json::Deserializer::from_str(text);
    let save: SaveFile = serde_path_to_error::deserialize(de).map_err(|e| {
        let path = e.path().to_string();
        let inner = e.inner();
        let message = crate::campaign::load::syntax_message(inner);
        if path.is_empty() || path == "." || path.contains('?') {
            damaged(Place::LineCol(inner.line(), inner.column()), message)
        } else {
            let at = crate::campaign::load::error_place(&value, &path, &inner.to_string());
            damaged(Place::Field(at), message)
        }
    })?;
    check(&save)?;
    Ok(save)
}

/// What a replay takes from a save beyond its types: the campaign is a
/// campaign id (never a path), a stand-alone battle is a bundled one of
/// that campaign, and the lists are bounded (`campaign::bounds`), so a
/// damaged or hand-made file can neither make a replay run for ever, nor
/// hold a die no d10 shows, nor stop one half way.
fn check(save: &SaveFile) -> Result<(), (Place, String)> {
    use crate::campaign::bounds::{
        MAX_SAVE_DECISIONS, MAX_SAVE_DICE, MAX_SAVE_DIGEST, MAX_SAVE_NAME,
    };
    let field = |f: &str| Place::Field(f.to_string());
    if let Err(why) = crate::campaign::check_id(&save.campaign) {
        return Err(damaged(field("campaign"), why));
    }
    if let Some(key) = &save.stand_alone {
        match crate::scenario::bundled_battle_campaign(key) {
            None => {
                return Err(damaged(
                    field("stand_alone"),
                    format!(
                        "{} is not a bundled battle (they are: {})",
                        crate::store::quote(key),
                        crate::scenario::bundled_battle_keys().join(", ")
                    ),
                ));
            }
            Some(c) if c != save.campaign => {
                return Err(damaged(
                    field("stand_alone"),
                    format!(
                        "the battle {} is one of {}, not of this save's campaign {}",
                        crate::store::quote(key),
                        crate::store::quote(&c),
                        crate::store::quote(&save.campaign)
                    ),
                ));
            }
            Some(_) => {}
        }
    }
    if save.decisions.len() > MAX_SAVE_DECISIONS {
        return Err(damaged(
            field("decisions"),
            format!(
                "{} decisions is more than a save holds (at most {MAX_SAVE_DECISIONS})",
                save.decisions.len()
            ),
        ));
    }
    if save.dice.len() > MAX_SAVE_DICE {
        return Err(damaged(
            field("dice"),
            format!(
                "{} typed-in dice is more than a save holds (at most {MAX_SAVE_DICE})",
                save.dice.len()
            ),
        ));
    }
    if save.reseeds.len() > MAX_SAVE_DICE {
        return Err(damaged(
            field("reseeds"),
            format!(
                "{} reseeds is more than a save holds (at most {MAX_SAVE_DICE})",
                save.reseeds.len()
            ),
        ));
    }
    let mut texts: Vec<(&str, &str, usize)> = vec![
        ("campaign_name", &save.campaign_name, MAX_SAVE_NAME),
        ("digest", &save.digest, MAX_SAVE_DIGEST),
    ];
    if let Some(b) = &save.branch {
        texts.push(("branch.name", &b.name, MAX_SAVE_NAME));
        texts.push(("branch.parent_name", &b.parent_name, MAX_SAVE_NAME));
        if let Some(d) = &b.instead_of {
            texts.push(("branch.instead_of", d, MAX_SAVE_NAME));
        }
    }
    for (at, text, most) in texts {
        let n = text.chars().count();
        if n > most {
            return Err(damaged(
                field(at),
                format!(
                    "{} is {n} characters; fcrel writes at most {most} there",
                    crate::store::quote(text)
                ),
            ));
        }
    }
    // Issue 45 item 4: a branch keeps some of the decisions its file holds.
    if let Some(b) = &save.branch
        && b.kept > save.decisions.len()
    {
        return Err(damaged(
            field("branch.kept"),
            format!(
                "the branch keeps {} decisions of its parent game, but the file holds {} decisions in all",
                b.kept,
                save.decisions.len()
            ),
        ));
    }
    if let Some((i, v)) = save.dice.iter().enumerate().find(|(_, v)| **v > 10) {
        return Err(damaged(
            field(&format!("dice[{i}]")),
            format!(
                "{v} is not a d10 result (1-10; a typed 0 is the die's 0 and reads as 10, 4.5)"
            ),
        ));
    }
    // R-Opt-used-with: the one "Used with" check, at the field named.
    if let Some(n) = save.options.not_used_with().first() {
        let at = format!("options.{}", n.rule.field);
        return Err((
            Place::Field(at.clone()),
            format!("cannot be played: {at}: {n}"),
        ));
    }
    Ok(())
}

/// One file of a saves folder as the Load screen lists it.
#[derive(Debug, Clone)]
pub struct Listed {
    pub path: PathBuf,
    pub save: Result<SaveFile, SaveProblem>,
    /// Modified time, for ordering (newest first).
    pub modified: std::time::SystemTime,
}

/// The `.json` files of a folder, newest first; unreadable ones are listed
/// with their problem (and left as they are). Never blocks: a FIFO, a
/// device or a folder named `*.json` is listed as unreadable without being
/// opened (`store::read_file`).
pub fn list(dir: &Path) -> Vec<Listed> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut out: Vec<Listed> = entries
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| {
            p.extension().is_some_and(|x| x == "json")
                && !p
                    .file_name()
                    .is_some_and(|n| n.to_string_lossy().starts_with('.'))
        })
        .map(|path| Listed {
            modified: std::fs::metadata(&path)
                .and_then(|m| m.modified())
                .unwrap_or(std::time::UNIX_EPOCH),
            save: read(&path),
            path,
        })
        .collect();
    out.sort_by(|a, b| {
        b.modified
            .cmp(&a.modified)
            .then_with(|| b.path.cmp(&a.path))
    });
    out
}

/// Folders under the data folder.
pub fn saves_dir() -> Option<PathBuf> {
    crate::store::data_dir().map(|d| d.join("saves"))
}

pub fn autosaves_dir() -> Option<PathBuf> {
    crate::store::data_dir().map(|d| d.join("autosaves"))
}

pub fn replays_dir() -> Option<PathBuf> {
    crate::store::data_dir().map(|d| d.join("replays"))
}

/// Where the Load screen's Delete moves files: kept, never erased.
pub fn trash_dir() -> Option<PathBuf> {
    crate::store::data_dir().map(|d| d.join("trash"))
}

/// The file holding a game as of its last decision.
pub fn latest_name(game: u64) -> String {
    format!("latest-{game}.json")
}

/// Write an autosave and remove that game's oldest beyond
/// [`AUTOSAVES_KEPT`] (other games' autosaves are left alone).
pub fn autosave(dir: &Path, save: &SaveFile) -> Result<PathBuf, SaveProblem> {
    let path = dir.join(save.file_name("autosave-"));
    save.write(&path)?;
    let mut autos: Vec<Listed> = list(dir)
        .into_iter()
        .filter(|l| {
            l.path
                .file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with("autosave-"))
                && l.save.as_ref().is_ok_and(|s| s.game == save.game)
        })
        .collect();
    autos.sort_by(|a, b| {
        let at = |l: &Listed| l.save.as_ref().map_or(0, |s| s.saved_at);
        at(b).cmp(&at(a)).then_with(|| b.path.cmp(&a.path))
    });
    for old in autos.iter().skip(AUTOSAVES_KEPT) {
        let _ = std::fs::remove_file(&old.path);
    }
    Ok(path)
}

/// The newest loadable save of a game that has not ended, in the saves and
/// autosaves folders.
pub fn newest() -> Option<(PathBuf, SaveFile)> {
    let listed: Vec<Listed> = [saves_dir(), autosaves_dir()]
        .into_iter()
        .flatten()
        .flat_map(|d| list(&d))
        .collect();
    newest_of(&listed)
}

/// The newest loadable save of a game that has not ended among files
/// already listed.
pub fn newest_of<'a>(listed: impl IntoIterator<Item = &'a Listed>) -> Option<(PathBuf, SaveFile)> {
    let all: Vec<(PathBuf, SaveFile)> = listed
        .into_iter()
        .filter_map(|l| l.save.as_ref().ok().map(|s| (l.path.clone(), s.clone())))
        .collect();
    // A game with a finished save is over: its earlier saves are not
    // "where you left off".
    let over: Vec<u64> = all
        .iter()
        .filter(|(_, s)| s.finished && s.game != 0)
        .map(|(_, s)| s.game)
        .collect();
    all.into_iter()
        .filter(|(_, s)| !s.finished && !over.contains(&s.game))
        .max_by_key(|(p, s)| (s.saved_at, p.clone()))
}

/// Where a replayed game stopped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Replayed {
    pub digest: String,
    /// The replayed game against the digest the file recorded.
    pub check: crate::rules::digest::Check,
    pub finished: bool,
    /// Decisions of the file that were used (all of them, for a good file).
    pub used: usize,
}

/// A headless app (the rules' own plugins, no window) about to replay the
/// save from its campaign's start.
pub fn replay_app(save: &SaveFile, campaign: Arc<Campaign>) -> App {
    use bevy::state::app::StatesPlugin;
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, crate::RulesPlugin));
    app.world_mut().write_message(save.resume(campaign));
    app
}

/// Replay a save headless (the rules' own plugins, no window) until its
/// decisions run out or the campaign ends, and return the state's digest.
pub fn replay(save: &SaveFile, campaign: Arc<Campaign>) -> Result<Replayed, String> {
    let mut rest = replay_to_rest(save, campaign)?;
    let digest = crate::rules::digest::state_digest(rest.app.world_mut())
        .ok_or("no campaign was set up")?
        .to_string();
    let check = crate::rules::digest::check(rest.app.world_mut(), &save.digest);
    Ok(Replayed {
        digest,
        check,
        finished: rest.over,
        used: rest.used,
    })
}

/// A replay come to rest: its app, whether the campaign ended, and how
/// many of the file's decisions it used.
pub struct AtRest {
    pub app: App,
    pub over: bool,
    pub used: usize,
}

/// Replay a save headless until the game waits for a decision or a die
/// with the file's decisions used up, or the campaign ends. Every decision
/// of the file must be legal, and all of them used if the campaign ended.
/// Serves `replay` and the odds of a save (`odds::from_save`).
pub fn replay_to_rest(save: &SaveFile, campaign: Arc<Campaign>) -> Result<AtRest, String> {
    replay_to_rest_with(save, campaign, |_| {}, |_| {})
}

/// [`replay_to_rest`], with `prepare` given the app before its first
/// frame and `frame` the world after each (the after-action report
/// watches the game step by step).
pub fn replay_to_rest_with(
    save: &SaveFile,
    campaign: Arc<Campaign>,
    prepare: impl FnOnce(&mut App),
    mut frame: impl FnMut(&mut World),
) -> Result<AtRest, String> {
    let mut app = replay_app(save, campaign);
    prepare(&mut app);
    let total = save.decisions.len();
    // Each frame runs one step; a campaign has well under 200 steps.
    for _ in 0..2_000 {
        app.update();
        let world = app.world_mut();
        frame(world);
        let pending = world.resource::<PendingDecision>().clone();
        if let Some(why) = pending.blocked {
            return Err(format!("the replay stopped: {why}"));
        }
        let over = *world.resource::<State<GameState>>().get() == GameState::Over;
        let waiting = pending.request.is_some() || pending.die.is_some();
        if !(over || waiting) {
            continue;
        }
        let left = world.resource::<StepDecisions>().answers.len();
        if over && left > 0 {
            return Err(format!(
                "the campaign ended with {} of the file still unused",
                crate::chronicle::counted(left as i64, "decision", "decisions")
            ));
        }
        let used = world.resource::<GameLog>().decisions.len() + left;
        if used < total && !over {
            return Err(format!(
                "decision {} of {total} is not a legal answer here",
                used + 1
            ));
        }
        return Ok(AtRest {
            app,
            over,
            used: used.min(total),
        });
    }
    Err("the replay did not come to rest".into())
}

mod branch;
pub use branch::{BranchOptions, branch};
