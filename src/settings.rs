//! The player's settings (`settings.json` in the data folder): UI scale,
//! the window's size, the Union turn's playback, the Chronicle's height,
//! the odds advisor, the set-up a new game starts from, and the lessons
//! finished or under way. Versioned JSON; unknown fields and bad values are
//! errors that name the file, the place and the problem, and the file is
//! kept (renamed) rather than overwritten.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::store;

pub const SETTINGS_VERSION: u32 = 1;
pub const UI_SCALE_RANGE: (f32, f32) = (0.75, 2.0);
pub const MIN_WINDOW: (u32, u32) = (800, 600);

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Settings {
    pub version: u32,
    /// egui zoom: 1.0 is the default size of panels and text.
    pub ui_scale: f32,
    /// The window's last size in logical pixels.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub window: Option<[u32; 2]>,
    /// How fast the Union turn's report and battles unroll.
    #[serde(default)]
    pub union_playback: Playback,
    /// The odds advisor estimates battles before you commit to them
    /// (`docs/odds.md`); off, no battle is simulated in the window.
    #[serde(default = "on")]
    pub odds_advisor: bool,
    /// The last set-up chosen (difficulty, Union AI, battle rules, dice),
    /// offered again for the next campaign; the seed is not kept.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub new_game: Option<crate::rules::difficulty::GameOptions>,
    /// The Chronicle's height in logical pixels; none: the default.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chronicle_height: Option<f32>,
    /// Battles the odds advisor fights for one estimate.
    #[serde(default = "advisor_trials", skip_serializing_if = "is_default_trials")]
    pub advisor_trials: u64,
    /// The decision panel's Suggest toggle (issue 37): the best answers
    /// found by simulation at the questions the advisor covers.
    #[serde(default, skip_serializing_if = "is_false")]
    pub suggest: bool,
    /// The Learn to play lessons finished, by id (`campaigns/tutorial/`);
    /// a file from before the tutorial has none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub lessons_finished: Vec<String>,
    /// Where each lesson under way was left, by id: Resume returns there,
    /// after a restart of the program too.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub lesson_progress: BTreeMap<String, LessonProgress>,
}

/// How far a lesson got: the answers given in its game, and the steps whose
/// card was read (Next).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LessonProgress {
    pub decisions: Vec<crate::rules::decision::Decision>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub read: Vec<usize>,
}

/// A lesson is a few dozen steps; more is not a lesson's progress.
const MAX_LESSON_STEPS: usize = 2000;

fn is_false(b: &bool) -> bool {
    !*b
}

/// The Chronicle's heights the settings accept (logical pixels).
pub const CHRONICLE_HEIGHT_RANGE: (f32, f32) = (80.0, 4096.0);
/// The odds advisor's trial counts the settings accept.
pub const ADVISOR_TRIALS_RANGE: (u64, u64) = (100, 100_000);
/// The advisor's trials unless the player chooses others (`docs/odds.md`).
pub const ADVISOR_TRIALS: u64 = 2_000;

fn advisor_trials() -> u64 {
    ADVISOR_TRIALS
}

fn is_default_trials(n: &u64) -> bool {
    *n == ADVISOR_TRIALS
}

/// The speed at which the Union turn is shown: one group at a time on the
/// player's word, slowly, quickly, or all at once.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Playback {
    Step,
    #[default]
    Slow,
    Fast,
    Instant,
}

impl Playback {
    pub const ALL: [Playback; 4] = [
        Playback::Step,
        Playback::Slow,
        Playback::Fast,
        Playback::Instant,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Playback::Step => "Step",
            Playback::Slow => "Slow",
            Playback::Fast => "Fast",
            Playback::Instant => "Instant",
        }
    }

    /// Seconds between two groups, when the program paces them.
    pub fn interval(self) -> Option<f64> {
        match self {
            Playback::Slow => Some(1.5),
            Playback::Fast => Some(0.4),
            Playback::Step | Playback::Instant => None,
        }
    }
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            version: SETTINGS_VERSION,
            ui_scale: 1.0,
            window: None,
            union_playback: Playback::default(),
            odds_advisor: true,
            new_game: None,
            chronicle_height: None,
            advisor_trials: ADVISOR_TRIALS,
            suggest: false,
            lessons_finished: Vec::new(),
            lesson_progress: BTreeMap::new(),
        }
    }
}

fn on() -> bool {
    true
}

/// Settings as loaded: the values to use, where they live, and what was
/// wrong with the file if anything.
#[derive(Debug, Clone, Default)]
pub struct LoadedSettings {
    pub settings: Settings,
    pub path: Option<PathBuf>,
    /// A message naming the file, the place and the problem.
    pub problem: Option<String>,
    /// The file on disk is unreadable: keep it before writing over it.
    pub bad_on_disk: bool,
}

pub fn settings_path() -> Option<PathBuf> {
    store::data_dir().map(|d| d.join("settings.json"))
}

/// Settings files are a few hundred bytes; anything larger is not one.
const MAX_BYTES: u64 = 1024 * 1024;

/// Parse a settings file's bytes (one byte-order mark allowed); the error
/// names the place (a field, else a line and column) and the problem.
pub fn parse_bytes(bytes: &[u8]) -> Result<Settings, String> {
    let bytes = store::strip_bom(bytes);
    match std::str::from_utf8(bytes) {
        Ok(text) => parse(text),
        Err(e) => {
            let (l, c) = crate::campaign::load::line_col(bytes, e.valid_up_to());
            Err(format!(
                "line {l}, column {c}: not UTF-8 text (is this a binary file?)"
            ))
        }
    }
}

/// Parse a settings file's text; the error names the place and the problem.
pub fn parse(text: &str) -> Result<Settings, String> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let de = &mut serde_json::Deserializer::from_str(text);
    let s: Settings = serde_path_to_error::deserialize(de).map_err(|e| {
        let inner = e.inner();
        let place = e.path().to_string();
        let message = store::cut_quoted(&crate::campaign::load::syntax_message(inner));
        // A syntax error, or one before any field is known ("?"), is at
        // its line and column.
        let syntax = matches!(
            inner.classify(),
            serde_json::error::Category::Syntax | serde_json::error::Category::Eof
        );
        if syntax || place.is_empty() || place == "." || place.contains('?') {
            format!(
                "line {}, column {}: {message}",
                inner.line(),
                inner.column()
            )
        } else {
            format!("{place}: {message}")
        }
    })?;
    if s.version != SETTINGS_VERSION {
        return Err(format!(
            "version: {} is not a settings version this fcrel reads (it reads {SETTINGS_VERSION})",
            s.version
        ));
    }
    let (lo, hi) = UI_SCALE_RANGE;
    if !(lo..=hi).contains(&s.ui_scale) {
        return Err(format!("ui_scale: {} is outside {lo}–{hi}", s.ui_scale));
    }
    if let Some([w, h]) = s.window
        && (w < MIN_WINDOW.0 || h < MIN_WINDOW.1 || w > 16384 || h > 16384)
    {
        return Err(format!(
            "window: {w}×{h} is not a usable window size (at least {}×{})",
            MIN_WINDOW.0, MIN_WINDOW.1
        ));
    }
    let (lo, hi) = CHRONICLE_HEIGHT_RANGE;
    if let Some(h) = s.chronicle_height
        && !(lo..=hi).contains(&h)
    {
        return Err(format!("chronicle_height: {h} is outside {lo}–{hi}"));
    }
    let (lo, hi) = ADVISOR_TRIALS_RANGE;
    if !(lo..=hi).contains(&s.advisor_trials) {
        return Err(format!(
            "advisor_trials: {} is outside {lo}–{hi}",
            s.advisor_trials
        ));
    }
    if let Some((i, id)) = s
        .lessons_finished
        .iter()
        .enumerate()
        .find(|(_, id)| !is_lesson_id(id))
    {
        return Err(format!(
            "lessons_finished[{i}]: \"{}\" is not a lesson id (lower-case letters, digits and '-', at most 40)",
            store::cut_quoted(id)
        ));
    }
    for (id, p) in &s.lesson_progress {
        if !is_lesson_id(id) {
            return Err(format!(
                "lesson_progress: \"{}\" is not a lesson id (lower-case letters, digits and '-', at most 40)",
                store::cut_quoted(id)
            ));
        }
        if p.decisions.len() > MAX_LESSON_STEPS {
            return Err(format!(
                "lesson_progress.{id}.decisions: {} answers, more than a lesson has ({MAX_LESSON_STEPS} at most)",
                p.decisions.len()
            ));
        }
        if let Some(step) = p.read.iter().find(|&&k| k >= MAX_LESSON_STEPS) {
            return Err(format!(
                "lesson_progress.{id}.read: step {step} is beyond any lesson ({MAX_LESSON_STEPS} at most)"
            ));
        }
    }
    Ok(s)
}

/// A lesson id as the settings keep it: short, lower-case ASCII letters,
/// digits and '-'.
pub fn is_lesson_id(id: &str) -> bool {
    !id.is_empty()
        && id.len() <= 40
        && id
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
}

/// Load from `path`; a missing file gives the defaults, a bad one the
/// defaults and a message.
pub fn load_from(path: &Path) -> LoadedSettings {
    let mut loaded = LoadedSettings {
        path: Some(path.to_path_buf()),
        ..Default::default()
    };
    match store::read_file(path, MAX_BYTES) {
        Err(store::ReadError::NotFound(_)) => {}
        Err(e) => {
            // Not a file, too large, or not readable now: keep it before
            // writing.
            loaded.problem = Some(format!(
                "{}: {}; using the default settings (the file will be kept as {}.bad-N when settings are next saved)",
                path.display(),
                e.describe("a settings file"),
                path.display()
            ));
            loaded.bad_on_disk = true;
        }
        Ok(bytes) => match parse_bytes(&bytes) {
            Ok(s) => loaded.settings = s,
            Err(e) => {
                loaded.problem = Some(format!(
                    "{}: {e}. Using the default settings; the file will be kept as {}.bad-N when settings are next saved.",
                    path.display(),
                    path.display()
                ));
                loaded.bad_on_disk = true;
            }
        },
    }
    loaded
}

pub fn load() -> LoadedSettings {
    settings_path().map(|p| load_from(&p)).unwrap_or_default()
}

impl LoadedSettings {
    /// Write the settings atomically, first keeping an unreadable file.
    pub fn save(&mut self) -> Result<(), String> {
        let Some(path) = self.path.clone() else {
            return Err("no data folder for settings on this system".into());
        };
        if self.bad_on_disk && path.exists() {
            store::keep_bad_file(&path)
                .map_err(|e| format!("{}: cannot keep the unreadable file: {e}", path.display()))?;
        }
        self.bad_on_disk = false;
        let text = serde_json::to_string_pretty(&self.settings).expect("settings serialise");
        store::write_atomic(&path, text.as_bytes())
            .map_err(|e| format!("{}: cannot be written: {e}", path.display()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        store::scratch_dir(&format!("settings-{name}"))
    }

    #[test]
    fn settings_round_trip() {
        let dir = scratch("round");
        let path = dir.join("settings.json");
        let mut s = load_from(&path);
        assert_eq!(s.settings, Settings::default());
        assert!(s.problem.is_none());
        s.settings.ui_scale = 1.5;
        s.settings.window = Some([1280, 720]);
        s.settings.union_playback = Playback::Step;
        s.settings.odds_advisor = false;
        let chosen = crate::rules::difficulty::GameOptions {
            battles: crate::rules::difficulty::BattleMode::VeryQuick,
            dice: crate::rules::difficulty::DiceMode::Physical,
            player: crate::rules::difficulty::PlayerLevel::Hard,
            ..Default::default()
        };
        s.settings.new_game = Some(chosen);
        s.settings.chronicle_height = Some(320.0);
        s.settings.advisor_trials = 5_000;
        s.settings.suggest = true;
        s.save().unwrap();
        let again = load_from(&path);
        assert_eq!(again.settings.new_game, Some(chosen));
        assert_eq!(again.settings.union_playback, Playback::Step);
        assert!(!again.settings.odds_advisor);
        assert_eq!(again.settings.chronicle_height, Some(320.0));
        assert_eq!(again.settings.advisor_trials, 5_000);
        assert!(again.settings.suggest);
        // A file from before the advisor had a switch: on.
        std::fs::write(&path, r#"{"version": 1, "ui_scale": 1.0}"#).unwrap();
        let old = load_from(&path);
        assert!(old.problem.is_none(), "{:?}", old.problem);
        assert!(old.settings.odds_advisor);
        assert_eq!(old.settings.advisor_trials, ADVISOR_TRIALS);
        assert!(!old.settings.suggest, "Suggest starts off");
        assert_eq!(old.settings.chronicle_height, None);
        assert_eq!(again.settings.ui_scale, 1.5);
        assert_eq!(again.settings.window, Some([1280, 720]));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// The finished lessons (issue 47): kept and read back; a file from
    /// before the tutorial loads with none; a bad id names its place.
    #[test]
    fn finished_lessons_are_kept_and_older_files_still_load() {
        let dir = scratch("lessons");
        let path = dir.join("settings.json");
        std::fs::write(
            &path,
            r#"{"version": 1, "ui_scale": 1.25, "window": [1280, 720]}"#,
        )
        .unwrap();
        let mut old = load_from(&path);
        assert!(old.problem.is_none(), "{:?}", old.problem);
        assert!(old.settings.lessons_finished.is_empty());
        assert_eq!(old.settings.ui_scale, 1.25);
        // None finished: the field is not written.
        old.save().unwrap();
        assert!(
            !std::fs::read_to_string(&path)
                .unwrap()
                .contains("lessons_finished")
        );
        old.settings.lessons_finished.push("campaign-basics".into());
        old.save().unwrap();
        let again = load_from(&path);
        assert_eq!(
            again.settings.lessons_finished,
            vec!["campaign-basics".to_string()]
        );
        std::fs::write(
            &path,
            r#"{"version": 1, "ui_scale": 1.0, "lessons_finished": ["ok", "Not An Id"]}"#,
        )
        .unwrap();
        let msg = load_from(&path).problem.unwrap();
        assert!(
            msg.contains("lessons_finished[1]") && msg.contains("Not An Id"),
            "{msg}"
        );
        std::fs::write(
            &path,
            r#"{"version": 1, "ui_scale": 1.0, "lessons_finished": "all"}"#,
        )
        .unwrap();
        let msg = load_from(&path).problem.unwrap();
        assert!(msg.contains("lessons_finished"), "{msg}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// A lesson under way (issue 47): its answers and cards read are kept
    /// and read back; bad ones name their place.
    #[test]
    fn lesson_progress_is_kept_and_bad_progress_names_its_place() {
        let dir = scratch("lesson-progress");
        let path = dir.join("settings.json");
        std::fs::write(&path, r#"{"version": 1, "ui_scale": 1.0}"#).unwrap();
        let mut s = load_from(&path);
        let p = LessonProgress {
            decisions: vec![
                crate::rules::decision::Decision::MoveForce {
                    force: "ap-hill".into(),
                    to: "mechanicsville".into(),
                },
                crate::rules::decision::Decision::EndMoves,
            ],
            read: vec![0, 1, 4],
        };
        s.settings
            .lesson_progress
            .insert("first-campaign".into(), p.clone());
        s.save().unwrap();
        let again = load_from(&path);
        assert!(again.problem.is_none(), "{:?}", again.problem);
        assert_eq!(again.settings.lesson_progress["first-campaign"], p);
        for (text, place) in [
            (r#"{"Bad Id": {"decisions": []}}"#, "Bad Id"),
            (
                r#"{"a": {"decisions": [{"kind": "fly"}]}}"#,
                "lesson_progress.a.decisions[0]",
            ),
            (r#"{"a": {"decisions": [], "read": [5000]}}"#, "step 5000"),
            (r#"{"a": {"decisions": [], "turn": 3}}"#, "turn"),
        ] {
            std::fs::write(
                &path,
                format!(r#"{{"version": 1, "ui_scale": 1.0, "lesson_progress": {text}}}"#),
            )
            .unwrap();
            let msg = load_from(&path).problem.unwrap();
            assert!(
                msg.contains("lesson_progress") && msg.contains(place),
                "{msg}"
            );
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn settings_that_are_not_text_are_kept_too() {
        let dir = scratch("not-text");
        let path = dir.join("settings.json");
        std::fs::write(&path, [0xff, 0xfe, 0x00, 0x7b]).unwrap();
        let mut s = load_from(&path);
        let msg = s.problem.clone().unwrap();
        assert!(msg.contains("line 1, column 1: not UTF-8 text"), "{msg}");
        s.save().unwrap();
        let kept = dir.join("settings.json.bad-1");
        assert_eq!(std::fs::read(kept).unwrap(), vec![0xff, 0xfe, 0x00, 0x7b]);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn bad_settings_name_the_place_and_are_kept() {
        let dir = scratch("bad");
        let path = dir.join("settings.json");
        std::fs::write(&path, "{\"version\": 1, \"ui_scale\": 9.0}").unwrap();
        let mut s = load_from(&path);
        let msg = s.problem.clone().unwrap();
        assert!(
            msg.contains("settings.json") && msg.contains("ui_scale") && msg.contains("outside"),
            "{msg}"
        );
        assert_eq!(s.settings, Settings::default());
        s.settings.ui_scale = 1.25;
        s.save().unwrap();
        let kept = std::fs::read_to_string(dir.join("settings.json.bad-1")).unwrap();
        assert!(kept.contains("9.0"));
        assert_eq!(load_from(&path).settings.ui_scale, 1.25);

        std::fs::write(
            &path,
            "{\"version\": 1,\n \"ui_scale\": 1.0,\n \"colour\": 3}",
        )
        .unwrap();
        let msg = load_from(&path).problem.unwrap();
        assert!(msg.contains("unknown field `colour`"), "{msg}");
        std::fs::write(&path, "{\"version\": 1,\n \"ui_scale\": ").unwrap();
        let msg = load_from(&path).problem.unwrap();
        assert!(msg.contains("line 2"), "{msg}");
        std::fs::write(
            &path,
            "{\"version\": 1, \"ui_scale\": 1.0, \"window\": [20, 10]}",
        )
        .unwrap();
        assert!(load_from(&path).problem.unwrap().contains("window: 20×10"));
        std::fs::write(
            &path,
            "{\"version\": 1, \"ui_scale\": 1.0, \"chronicle_height\": -5}",
        )
        .unwrap();
        assert!(
            load_from(&path)
                .problem
                .unwrap()
                .contains("chronicle_height: -5")
        );
        for (field, value) in [("chronicle_height", "5.0"), ("advisor_trials", "3")] {
            std::fs::write(
                &path,
                format!("{{\"version\": 1, \"ui_scale\": 1.0, \"{field}\": {value}}}"),
            )
            .unwrap();
            let msg = load_from(&path).problem.unwrap();
            assert!(
                msg.contains(&format!("{field}: {value}")) || msg.contains(field),
                "{msg}"
            );
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// Issue 33, item 7: settings cut short in a key have a line and
    /// column (not the "?" of a field not yet known); a byte-order mark is
    /// accepted, as in every file fcrel reads.
    #[test]
    fn settings_cut_short_have_a_place_and_a_bom_is_accepted() {
        for cut in [
            "{\"version\": 1, \"ui",
            "{\"version\": 1, \"ui_scale\"",
            "{\"version\": 1,",
            "{",
        ] {
            let e = parse(cut).unwrap_err();
            assert!(e.starts_with("line 1, column "), "{cut}: {e}");
            assert!(!e.contains('?'), "{cut}: {e}");
        }
        let s = parse_bytes(b"\xEF\xBB\xBF{\"version\": 1, \"ui_scale\": 1.5}").unwrap();
        assert_eq!(s.ui_scale, 1.5);
    }

    /// Issue 33, item 3: a FIFO where the settings should be is not opened
    /// (that would hang the window's start); it is reported and kept.
    #[cfg(unix)]
    #[test]
    fn a_fifo_for_settings_is_reported_not_opened() {
        let dir = scratch("fifo");
        let path = dir.join("settings.json");
        store::make_fifo(&path);
        let mut s = load_from(&path);
        let msg = s.problem.clone().unwrap();
        assert!(
            msg.contains("settings.json") && msg.contains("named pipe"),
            "{msg}"
        );
        assert_eq!(s.settings, Settings::default());
        s.save().unwrap();
        assert!(dir.join("settings.json.bad-1").exists());
        assert!(load_from(&path).problem.is_none());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
