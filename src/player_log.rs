//! The Player Log (4.4, 21.0): every finished campaign and every Grand
//! Campaign, kept in `player-log.json` in the data folder. It is written
//! atomically and read tolerantly (fields added by later versions have
//! defaults, so a log survives upgrades); a file this build cannot read is
//! never overwritten: it is kept as `player-log.json.bad-N` first. Exports
//! as Markdown and CSV.
//!
//! Version 2 adds each campaign's luck record (`crate::luck`): the rolls
//! of known chance of each side, from which a Grand Campaign's and the
//! whole history's luck are exact sums. A version 1 log reads as before,
//! its campaigns without a luck record.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::rules::components::{Casualties, Rating};
use crate::rules::difficulty::GameOptions;

pub const FILE: &str = "player-log.json";

/// The Grand Campaign the game in play belongs to, if any (its id).
#[derive(bevy::prelude::Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CurrentGrand(pub Option<u64>);
pub const VERSION: u32 = 2;
/// A Player Log holds a few hundred bytes a game; a file larger than this
/// is not one (it is left alone, `store::read_file`).
const MAX_BYTES: u64 = 16 * 1024 * 1024;

/// 21.0: the campaigns of a Grand Campaign, in order.
pub const GRAND_CAMPAIGN: [&str; 5] = [
    "seven-days",
    "second-manassas",
    "antietam",
    "chancellorsville",
    "gettysburg",
];

/// One term of the Grand Campaign (21.0), as the set-up screen lists it:
/// what it means for the player in one line, and its rule numbers (", "
/// between them).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GrandTerm {
    pub name: &'static str,
    pub summary: &'static str,
    pub rule: &'static str,
}

/// 21.0: the terms of a Grand Campaign.
pub const GRAND_TERMS: [GrandTerm; 4] = [
    GrandTerm {
        name: "Five campaigns in order",
        summary: "From the Seven Days to Gettysburg, in the order Lee fought them.",
        rule: "21.0",
    },
    GrandTerm {
        name: "One set of options",
        summary: "The difficulty, battle rules and Optional rules chosen here hold for all five.",
        rule: "7.14, 21.0",
    },
    GrandTerm {
        name: "A defeat ends it",
        summary: "A Campaign Defeat ends the Grand Campaign: your quest has come to an end.",
        rule: "21.0",
    },
    GrandTerm {
        name: "A score to beat",
        summary: "Each campaign's Victory Points go to the Player Log; their total is your score.",
        rule: "4.4, 21.0",
    },
];

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PlayerLog {
    pub version: u32,
    #[serde(default)]
    pub entries: Vec<LogEntry>,
    #[serde(default)]
    pub grand: Vec<GrandCampaign>,
}

impl Default for PlayerLog {
    fn default() -> Self {
        PlayerLog {
            version: VERSION,
            entries: Vec::new(),
            grand: Vec::new(),
        }
    }
}

/// One finished campaign.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LogEntry {
    /// Unique in the log: the state digest of the finished game.
    pub id: String,
    pub finished_at: u64,
    pub campaign: String,
    pub campaign_name: String,
    /// None when written by a later fcrel with options this one does not
    /// know (the rest of the log still reads).
    #[serde(default, deserialize_with = "lenient")]
    pub options: Option<GameOptions>,
    pub victory: bool,
    #[serde(default)]
    pub reason: String,
    pub victory_points: u32,
    pub lee_victory_points: u32,
    pub rating: Rating,
    #[serde(default)]
    pub objectives: Vec<ObjectiveResult>,
    #[serde(default)]
    pub casualties: Casualties,
    #[serde(default)]
    pub battles: u32,
    /// The player's own notes.
    #[serde(default)]
    pub notes: String,
    /// The Grand Campaign it belongs to.
    #[serde(default)]
    pub grand: Option<u64>,
    /// Each side's rolls of known chance in the game (version 2; None in
    /// older logs).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub luck: Option<crate::luck::Sides>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ObjectiveResult {
    pub text: String,
    pub vp: u32,
    pub achieved: bool,
}

/// 21.0: the five campaigns in order under one set of options.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GrandCampaign {
    /// Seconds since 1970 when it began; unique in the log.
    pub id: u64,
    /// None when written by a later fcrel with options this one does not
    /// know (the rest of the log still reads).
    #[serde(default, deserialize_with = "lenient")]
    pub options: Option<GameOptions>,
    pub status: GrandStatus,
    #[serde(default)]
    pub notes: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GrandStatus {
    /// Going on: the next campaign is to be played.
    InProgress,
    /// A Campaign Defeat ended it (21.0).
    Defeated,
    /// All five campaigns played.
    Completed,
}

impl GrandStatus {
    pub fn name(self) -> &'static str {
        match self {
            GrandStatus::InProgress => "in progress",
            GrandStatus::Defeated => "ended by a defeat",
            GrandStatus::Completed => "completed",
        }
    }
}

impl PlayerLog {
    /// The entries of a Grand Campaign, in the order played.
    pub fn grand_entries(&self, id: u64) -> Vec<&LogEntry> {
        let mut v: Vec<&LogEntry> = self
            .entries
            .iter()
            .filter(|e| e.grand == Some(id))
            .collect();
        v.sort_by_key(|e| e.finished_at);
        v
    }

    /// The luck of a Grand Campaign's campaigns together (those logged
    /// with a luck record).
    pub fn grand_luck(&self, id: u64) -> crate::luck::Sides {
        sum_luck(self.grand_entries(id))
    }

    /// The luck of every campaign logged, in the order finished: the
    /// player's history for a chart.
    pub fn luck_history(&self) -> Vec<(&LogEntry, crate::luck::Sides)> {
        let mut v: Vec<&LogEntry> = self.entries.iter().filter(|e| e.luck.is_some()).collect();
        v.sort_by_key(|e| e.finished_at);
        v.into_iter()
            .filter_map(|e| e.luck.map(|l| (e, l)))
            .collect()
    }

    pub fn grand_total(&self, id: u64) -> u32 {
        self.grand_entries(id)
            .iter()
            .map(|e| e.victory_points)
            .sum()
    }

    /// The campaign a Grand Campaign plays next, if it goes on.
    pub fn next_campaign(&self, id: u64) -> Option<&'static str> {
        let g = self.grand.iter().find(|g| g.id == id)?;
        if g.status != GrandStatus::InProgress {
            return None;
        }
        GRAND_CAMPAIGN.get(self.grand_entries(id).len()).copied()
    }

    /// Add a finished campaign (once: the same game is not logged twice)
    /// and move its Grand Campaign on (21.0: a defeat ends it).
    pub fn record(&mut self, mut entry: LogEntry) -> bool {
        if self.entries.iter().any(|e| e.id == entry.id) {
            return false;
        }
        // Only the campaign a Grand Campaign plays next counts for it (a
        // campaign begun again is logged on its own).
        if let Some(id) = entry.grand
            && self.next_campaign(id) != Some(entry.campaign.as_str())
        {
            entry.grand = None;
        }
        let grand = entry.grand;
        let victory = entry.victory;
        self.entries.push(entry);
        if let Some(id) = grand {
            let played = self.grand_entries(id).len();
            if let Some(g) = self.grand.iter_mut().find(|g| g.id == id) {
                g.status = if !victory {
                    GrandStatus::Defeated
                } else if played >= GRAND_CAMPAIGN.len() {
                    GrandStatus::Completed
                } else {
                    GrandStatus::InProgress
                };
            }
        }
        true
    }

    /// The best finished Grand Campaign total ("try to beat your best").
    pub fn best_grand_total(&self) -> Option<u32> {
        self.grand
            .iter()
            .filter(|g| g.status != GrandStatus::InProgress)
            .map(|g| self.grand_total(g.id))
            .max()
    }

    /// The log as Markdown.
    pub fn to_markdown(&self) -> String {
        let mut s = String::from("# fcrel Player Log\n\n");
        if !self.grand.is_empty() {
            s.push_str("## Grand Campaigns (21.0)\n\n");
            for g in &self.grand {
                s.push_str(&format!(
                    "### Begun {} — {}, {} Victory Points\n\n",
                    crate::store::when(g.id),
                    g.status.name(),
                    self.grand_total(g.id)
                ));
                s.push_str(&format!(
                    "Options: {}\n\n",
                    options_text(g.options.as_ref())
                ));
                for e in self.grand_entries(g.id) {
                    s.push_str(&format!(
                        "- {}: {}, {} VP ({:?} Command)\n",
                        e.campaign_name,
                        if e.victory { "Victory" } else { "Defeat" },
                        e.victory_points,
                        e.rating
                    ));
                }
                let luck = self.grand_luck(g.id);
                if !luck.is_empty() {
                    s.push_str(&format!(
                        "\nLuck: Confederate {}; Union {}.\n",
                        luck.confederate.summary(),
                        luck.union.summary()
                    ));
                }
                if !g.notes.is_empty() {
                    s.push_str(&format!("\n{}\n", g.notes));
                }
                s.push('\n');
            }
        }
        s.push_str("## Campaigns\n\n");
        s.push_str("| Finished | Campaign | Result | VP | Lee | Command | Battles | Hits taken / given | Forces lost / destroyed | Options | Notes |\n");
        s.push_str("|---|---|---|---|---|---|---|---|---|---|---|\n");
        for e in &self.entries {
            s.push_str(&format!(
                "| {} | {} | {} | {} | {} | {:?} | {} | {} / {} | {} / {} | {} | {} |\n",
                crate::store::when(e.finished_at),
                e.campaign_name,
                if e.victory { "Victory" } else { "Defeat" },
                e.victory_points,
                e.lee_victory_points,
                e.rating,
                e.battles,
                e.casualties.confederate_hits,
                e.casualties.union_hits,
                e.casualties.confederate_destroyed,
                e.casualties.union_destroyed,
                options_text(e.options.as_ref()),
                e.notes.replace('|', "/").replace('\n', " ")
            ));
        }
        for e in &self.entries {
            s.push_str(&format!(
                "\n### {} — {}\n\n{}\n\n",
                e.campaign_name,
                crate::store::when(e.finished_at),
                e.reason
            ));
            for o in &e.objectives {
                s.push_str(&format!(
                    "- [{}] {} ({} VP)\n",
                    if o.achieved { "x" } else { " " },
                    o.text,
                    o.vp
                ));
            }
            if let Some(l) = &e.luck {
                s.push_str(&format!(
                    "\nLuck: Confederate {}; Union {}.\n",
                    l.confederate.summary(),
                    l.union.summary()
                ));
            }
        }
        s
    }

    /// The campaigns as CSV (RFC 4180 quoting).
    pub fn to_csv(&self) -> String {
        let mut s = String::from(
            "finished,campaign,result,victory_points,lee_victory_points,command,battles,confederate_hits,union_hits,confederate_forces_lost,union_forces_destroyed,grand_campaign,options,notes,confederate_luck,union_luck\n",
        );
        for e in &self.entries {
            let row = [
                crate::store::when(e.finished_at),
                e.campaign_name.clone(),
                if e.victory { "Victory" } else { "Defeat" }.to_string(),
                e.victory_points.to_string(),
                e.lee_victory_points.to_string(),
                format!("{:?}", e.rating),
                e.battles.to_string(),
                e.casualties.confederate_hits.to_string(),
                e.casualties.union_hits.to_string(),
                e.casualties.confederate_destroyed.to_string(),
                e.casualties.union_destroyed.to_string(),
                e.grand.map_or(String::new(), crate::store::when),
                options_text(e.options.as_ref()),
                e.notes.clone(),
                luck_text(e.luck.as_ref(), crate::campaign::Side::Confederate),
                luck_text(e.luck.as_ref(), crate::campaign::Side::Union),
            ];
            let cells: Vec<String> = row.iter().map(|c| csv_cell(c)).collect();
            s.push_str(&cells.join(","));
            s.push('\n');
        }
        s
    }
}

/// The entries' luck added up.
pub fn sum_luck<'a>(entries: impl IntoIterator<Item = &'a LogEntry>) -> crate::luck::Sides {
    let mut all = crate::luck::Sides::default();
    for l in entries.into_iter().filter_map(|e| e.luck.as_ref()) {
        all.merge(l);
    }
    all
}

/// A side's luck in a few words for the exports, or "" without a record.
fn luck_text(luck: Option<&crate::luck::Sides>, side: crate::campaign::Side) -> String {
    luck.map_or(String::new(), |l| l.side(side).summary())
}

fn csv_cell(c: &str) -> String {
    if c.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", c.replace('"', "\"\""))
    } else {
        c.to_string()
    }
}

/// Options a later fcrel wrote, when this one cannot read them, are None.
fn lenient<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<GameOptions>, D::Error> {
    let v = serde_json::Value::deserialize(d)?;
    Ok(serde_json::from_value(v).ok())
}

/// The options in a few words.
pub fn options_text(o: Option<&GameOptions>) -> String {
    let Some(o) = o else {
        return "options of a later fcrel".into();
    };
    format!(
        "player {:?}, Union {}, {} battles{}, seed {}",
        o.player,
        o.union.summary(),
        o.battles.name(),
        o.optional_rules()
            .iter()
            .map(|r| format!(", {r}"))
            .collect::<String>(),
        o.seed
    )
}

/// What reading the log found.
#[derive(Debug)]
pub struct Loaded {
    pub log: PlayerLog,
    /// Where results are written.
    pub path: PathBuf,
    /// A problem with the file on disk, naming it.
    pub problem: Option<String>,
    keep: Keep,
}

/// What to do with an unreadable file before anything is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Keep {
    Nothing,
    /// Damaged: kept as `.bad-N`, a new log begun in its place.
    RenameDamaged,
}

/// Read the Player Log in `dir` (a missing file is an empty log). Never
/// changes the file. A log of a newer fcrel, or one that cannot be read
/// at all, is left alone: this session's results go to a file beside it.
pub fn load(dir: &Path) -> Loaded {
    let path = dir.join(FILE);
    let aside = dir.join(format!("player-log-{}.json", crate::store::now()));
    let fresh = |problem: Option<String>, path: PathBuf, keep: Keep| Loaded {
        log: PlayerLog::default(),
        path,
        problem,
        keep,
    };
    let bytes = match crate::store::read_file(&path, MAX_BYTES) {
        Ok(b) => b,
        Err(crate::store::ReadError::NotFound(_)) => {
            return fresh(None, path, Keep::Nothing);
        }
        Err(e) => {
            let p = format!(
                "{}: {}; it is left alone and this session's results go to {}",
                path.display(),
                e.describe("a Player Log"),
                aside.display()
            );
            return fresh(Some(p), aside, Keep::Nothing);
        }
    };
    let problem = |p: String| Some(format!("{}: {p}", path.display()));
    let value: serde_json::Value = match serde_json::from_slice(&bytes) {
        Ok(v) => v,
        Err(e) => {
            return fresh(
                problem(format!(
                    "is not valid JSON (line {}, column {}): {e}; it will be kept as {FILE}.bad-N when a result is written",
                    e.line(),
                    e.column()
                )),
                path.clone(),
                Keep::RenameDamaged,
            );
        }
    };
    if !value.is_object() {
        return fresh(
            problem(format!(
                "is not a JSON object, so not a Player Log; it will be kept as {FILE}.bad-N when a result is written"
            )),
            path.clone(),
            Keep::RenameDamaged,
        );
    }
    if value
        .get("version")
        .and_then(|v| v.as_u64())
        .is_some_and(|v| v > VERSION as u64)
    {
        let p = problem(format!(
            "was written by a newer fcrel (version {}): it is left as it is and this session's results go to {}",
            value["version"],
            aside.display()
        ));
        return fresh(p, aside, Keep::Nothing);
    }
    match serde_path_to_error::deserialize::<_, PlayerLog>(&value) {
        Ok(log) => Loaded {
            log,
            path,
            problem: None,
            keep: Keep::Nothing,
        },
        Err(e) => fresh(
            problem(format!(
                "is damaged ({}: {}); it will be kept as {FILE}.bad-N when a result is written",
                match e.path().to_string() {
                    p if p.is_empty() || p == "." => "the top level".to_string(),
                    p => p,
                },
                crate::store::cut_quoted(&e.inner().to_string())
            )),
            path.clone(),
            Keep::RenameDamaged,
        ),
    }
}

impl Loaded {
    /// Write the log atomically. A damaged file is first kept under a
    /// numbered name; a readable one written meanwhile (another fcrel
    /// window) is merged in first, so nothing the player wrote is lost.
    pub fn save(&mut self) -> Result<(), String> {
        if self.keep == Keep::RenameDamaged && self.path.exists() {
            let kept = crate::store::keep_bad_file(&self.path)
                .map_err(|e| format!("{}: could not be kept: {e}", self.path.display()))?;
            self.problem = Some(format!(
                "The unreadable Player Log was kept as {}; a new one is begun.",
                kept.display()
            ));
        }
        self.keep = Keep::Nothing;
        if let Ok(bytes) = crate::store::read_file(&self.path, MAX_BYTES)
            && let Ok(disk) = serde_json::from_slice::<PlayerLog>(&bytes)
            && disk.version <= VERSION
        {
            for e in disk.entries {
                if !self.log.entries.iter().any(|m| m.id == e.id) {
                    self.log.entries.push(e);
                }
            }
            for g in disk.grand {
                if !self.log.grand.iter().any(|m| m.id == g.id) {
                    self.log.grand.push(g);
                }
            }
            self.log.entries.sort_by_key(|e| e.finished_at);
            self.log.grand.sort_by_key(|g| g.id);
        }
        // Written in this build's format (an older log is upgraded).
        self.log.version = VERSION;
        let json = serde_json::to_string_pretty(&self.log).expect("the log serialises");
        crate::store::write_atomic(&self.path, json.as_bytes())
            .map_err(|e| format!("{}: could not be written: {e}", self.path.display()))
    }
}

/// The finished campaign in the world as a Player Log entry, or None when
/// it has not ended.
pub fn entry_from_world(world: &mut bevy::prelude::World, grand: Option<u64>) -> Option<LogEntry> {
    use crate::rules::components::{ActiveCampaign, Progress};
    let id = crate::rules::digest::state_digest(world)?;
    let campaign = world.get_resource::<ActiveCampaign>()?.0.clone();
    let options = *world.get_resource::<GameOptions>()?;
    let progress = world.get_resource::<Progress>()?.clone();
    let result = progress.result.clone()?;
    let chronicle = world.get_resource::<crate::chronicle::Chronicle>()?;
    let battles = chronicle
        .entries()
        .iter()
        .filter(|e| e.rule == "9.3" && e.text.starts_with("Battle of"))
        .count() as u32;
    let luck = crate::luck::LuckRecord::of(chronicle).game;
    let objectives = options
        .objectives(&campaign)
        .map(|o| ObjectiveResult {
            text: o.text.clone(),
            vp: o.vp,
            achieved: progress.objectives.get(&o.id) == Some(&true),
        })
        .collect();
    Some(LogEntry {
        id,
        finished_at: crate::store::now(),
        campaign: campaign.id.clone(),
        campaign_name: campaign.name.clone(),
        options: Some(options),
        victory: result.victory,
        reason: result.reason.clone(),
        victory_points: result.victory_points,
        lee_victory_points: campaign.victory.lee_historical_vp,
        rating: result.rating,
        objectives,
        casualties: progress.casualties,
        battles,
        notes: String::new(),
        grand,
        luck: Some(luck),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::scratch_dir;

    fn load_path(p: &Path) -> PlayerLog {
        serde_json::from_slice(&std::fs::read(p).unwrap()).unwrap()
    }

    fn entry(id: &str, campaign: &str, vp: u32, victory: bool, grand: Option<u64>) -> LogEntry {
        LogEntry {
            id: id.into(),
            finished_at: 1_800_000_000 + vp as u64,
            campaign: campaign.into(),
            campaign_name: campaign.into(),
            options: Some(GameOptions::default()),
            victory,
            reason: "The campaign ends.".into(),
            victory_points: vp,
            lee_victory_points: 4,
            rating: Rating::Historical,
            objectives: vec![ObjectiveResult {
                text: "Hold Richmond".into(),
                vp: 1,
                achieved: true,
            }],
            casualties: Casualties::default(),
            battles: 7,
            notes: "Jackson late, \"again\", at Mechanicsville".into(),
            grand,
            luck: None,
        }
    }

    #[test]
    fn a_defeat_ends_a_grand_campaign_and_totals_add_up() {
        let mut log = PlayerLog::default();
        log.grand.push(GrandCampaign {
            id: 7,
            options: Some(GameOptions::default()),
            status: GrandStatus::InProgress,
            notes: String::new(),
        });
        assert_eq!(log.next_campaign(7), Some("seven-days"));
        assert!(log.record(entry("a", "seven-days", 5, true, Some(7))));
        // The same game is logged once.
        assert!(!log.record(entry("a", "seven-days", 5, true, Some(7))));
        assert_eq!(log.next_campaign(7), Some("second-manassas"));
        // A second Seven Days does not count for it.
        assert!(log.record(entry("c", "seven-days", 3, true, Some(7))));
        assert_eq!(log.entries[1].grand, None);
        assert!(log.record(entry("b", "second-manassas", 2, false, Some(7))));
        assert_eq!(log.grand[0].status, GrandStatus::Defeated);
        assert_eq!(log.next_campaign(7), None);
        assert_eq!(log.grand_total(7), 7);
        assert_eq!(log.best_grand_total(), Some(7));
    }

    #[test]
    fn exports_name_every_campaign_and_quote_notes() {
        let mut log = PlayerLog::default();
        log.record(entry("a", "seven-days", 5, true, None));
        let md = log.to_markdown();
        assert!(
            md.contains("| seven-days | Victory | 5 | 4 | Historical | 7 |"),
            "{md}"
        );
        assert!(md.contains("- [x] Hold Richmond (1 VP)"));
        let csv = log.to_csv();
        assert!(
            csv.lines()
                .nth(1)
                .unwrap()
                .ends_with("\"Jackson late, \"\"again\"\", at Mechanicsville\",,"),
            "{csv}"
        );
    }

    /// Version 2 keeps each campaign's luck; a Grand Campaign's is the
    /// exact sum (the tail of all its rolls together, not an average of
    /// tails); a version 1 log still reads, without luck.
    #[test]
    fn luck_is_kept_per_campaign_and_summed_per_grand_campaign() {
        use crate::luck::{Account, Sides};
        let with = |rolls: &[(u32, bool)]| {
            let mut confederate = Account::default();
            for &(k, s) in rolls {
                confederate.add(k, s);
            }
            Some(Sides {
                confederate,
                union: Account::default(),
            })
        };
        let mut log = PlayerLog::default();
        log.grand.push(GrandCampaign {
            id: 7,
            options: Some(GameOptions::default()),
            status: GrandStatus::InProgress,
            notes: String::new(),
        });
        let mut a = entry("a", "seven-days", 5, true, Some(7));
        a.luck = with(&[(5, false)]);
        let mut b = entry("b", "second-manassas", 6, true, Some(7));
        b.luck = with(&[(5, false), (5, true)]);
        log.record(a);
        log.record(b);
        let grand = log.grand_luck(7).confederate;
        assert_eq!((grand.count(), grand.actual()), (3, 1));
        // Three rolls at one half, one success: as bad or worse 4/8.
        assert!((grand.as_bad_or_worse() - 0.5).abs() < 1e-12);
        assert_eq!(log.luck_history().len(), 2);
        assert!(log.to_markdown().contains(
            "Luck: Confederate 1 of 3 rolls went its way (1.5 expected): as bad or worse in 50% of games"
        ));
        let json = serde_json::to_string(&log).unwrap();
        let back: PlayerLog = serde_json::from_str(&json).unwrap();
        assert_eq!(back, log);
        // A version 1 log: no luck anywhere, and it reads.
        let dir = scratch_dir("player-log-v1");
        let mut v1 = serde_json::to_value(&log).unwrap();
        v1["version"] = serde_json::json!(1);
        for e in v1["entries"].as_array_mut().unwrap() {
            e.as_object_mut().unwrap().remove("luck");
        }
        std::fs::write(dir.join(FILE), serde_json::to_vec(&v1).unwrap()).unwrap();
        let loaded = load(&dir);
        assert!(loaded.problem.is_none(), "{:?}", loaded.problem);
        assert_eq!(loaded.log.entries.len(), 2);
        assert!(loaded.log.entries.iter().all(|e| e.luck.is_none()));
        assert!(loaded.log.grand_luck(7).is_empty());
        // Written again, it is a version 2 log.
        let mut loaded = loaded;
        loaded.save().unwrap();
        assert_eq!(load_path(&dir.join(FILE)).version, VERSION);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_damaged_log_is_kept_and_never_overwritten() {
        let dir = scratch_dir("player-log");
        let path = dir.join(FILE);
        std::fs::write(&path, b"{\"version\": 1, \"entries\": [tru").unwrap();
        let mut loaded = load(&dir);
        assert!(loaded.problem.as_deref().unwrap().contains(FILE));
        assert_eq!(
            std::fs::read(&path).unwrap(),
            b"{\"version\": 1, \"entries\": [tru"
        );
        loaded.log.record(entry("a", "seven-days", 5, true, None));
        loaded.save().unwrap();
        let kept = dir.join(format!("{FILE}.bad-1"));
        assert_eq!(
            std::fs::read(&kept).unwrap(),
            b"{\"version\": 1, \"entries\": [tru"
        );
        let again = load(&dir);
        assert!(again.problem.is_none());
        assert_eq!(again.log.entries.len(), 1);
        // A newer version's log is left as it is: results go beside it.
        std::fs::write(&path, b"{\"version\": 99, \"entries\": []}").unwrap();
        let mut newer = load(&dir);
        assert!(newer.problem.as_deref().unwrap().contains("newer fcrel"));
        newer.log.record(entry("n", "seven-days", 1, true, None));
        newer.save().unwrap();
        assert_eq!(
            std::fs::read(&path).unwrap(),
            b"{\"version\": 99, \"entries\": []}"
        );
        assert_ne!(newer.path, path);
        assert_eq!(load_path(&newer.path).entries.len(), 1);
        std::fs::remove_file(&newer.path).unwrap();
        // Another window's result written meanwhile is merged, not lost.
        std::fs::write(&path, b"{\"version\": 1}").unwrap();
        let mut one = load(&dir);
        let mut two = load(&dir);
        one.log.record(entry("1", "seven-days", 1, true, None));
        one.save().unwrap();
        two.log.record(entry("2", "seven-days", 2, true, None));
        two.save().unwrap();
        assert_eq!(load(&dir).log.entries.len(), 2);
        // Options of a later fcrel do not spoil the entry.
        let mut v: serde_json::Value =
            serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
        v["entries"][0]["options"]["future_rule"] = serde_json::json!(true);
        std::fs::write(&path, serde_json::to_vec(&v).unwrap()).unwrap();
        let later = load(&dir);
        assert!(later.problem.is_none());
        assert_eq!(later.log.entries[0].options, None);
        assert_eq!(later.log.entries[1].options, Some(GameOptions::default()));
        // Fields a later version adds are ignored; missing ones default.
        std::fs::write(&path, b"{\"version\": 1, \"entries\": [], \"future\": 3}").unwrap();
        assert!(load(&dir).problem.is_none());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
