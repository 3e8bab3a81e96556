//! A lesson as data (`campaigns/tutorial/lesson-*.json`), Bevy-free: its
//! campaign and fixed seed, its cards (what each says and what it points
//! at) and its steps (the question asked while a card shows, and the one
//! answer the lesson enables, or none: the card has Next). The parser
//! names the file, the place and the problem; [`Lesson::now`] says which
//! step a game is at from the decisions made and the cards read.

use std::path::{Path, PathBuf};

use serde::Deserialize;

use crate::rules::decision::Decision;
use crate::rules::difficulty::BattleMode;

/// The lessons' folder: `campaigns/tutorial/`, beside the campaigns.
pub fn dir() -> PathBuf {
    crate::campaign::bundled_dir().join("tutorial")
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Lesson {
    /// Kept in the settings once finished (`settings::is_lesson_id`).
    pub id: String,
    pub title: String,
    /// One line for the list.
    pub summary: String,
    /// About how long it takes.
    pub minutes: u32,
    /// The campaign file in the lessons' folder (its id).
    pub campaign: String,
    pub battles: BattleMode,
    /// The program's dice are seeded with this: same answers, same story.
    pub seed: u64,
    pub cards: Vec<Card>,
    pub steps: Vec<Step>,
}

/// What a card says and where it stands.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Card {
    pub id: String,
    pub title: String,
    /// One or two sentences, our own words.
    pub text: String,
    /// The rule it teaches, shown as a link.
    #[serde(default)]
    pub rule: Option<String>,
    pub target: Target,
}

/// The screen element a card points at.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Target {
    /// A panel by its egui id: "status", "left", "decision", "chronicle".
    Panel { panel: String },
    /// An element a panel registered (`tutorial_hooks::mark`).
    Element { element: String },
    /// A map area (its counters stand there).
    Area { area: String },
    /// The map's part of the window, or the Battlefield Sheet over it.
    Map {},
    /// The end of the campaign's window.
    End {},
}

/// One step: the card shown, the question asked meanwhile, and the answer
/// enabled (none: the card is read, then Next).
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Step {
    pub card: String,
    /// The rule of the question pending while it shows; none: the campaign
    /// is over.
    #[serde(default)]
    pub asked: Option<String>,
    #[serde(default)]
    pub answer: Option<Decision>,
}

impl Step {
    pub fn is_question(&self) -> bool {
        self.answer.is_some()
    }
}

/// Where a lesson stands in a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Now {
    /// At this step.
    Step(usize),
    /// Every step done.
    Done,
}

impl Lesson {
    /// Parse and check a lesson file's text; every problem names the file
    /// and the place.
    pub fn parse(file: &Path, text: &str) -> Result<Lesson, Vec<String>> {
        let de = &mut serde_json::Deserializer::from_str(text);
        let lesson: Lesson = serde_path_to_error::deserialize(de).map_err(|e| {
            let inner = e.inner();
            let place = e.path().to_string();
            let message = crate::campaign::load::syntax_message(inner);
            if place.is_empty() || place == "." || place.contains('?') {
                vec![format!(
                    "{}:{}:{}: {message}",
                    file.display(),
                    inner.line(),
                    inner.column()
                )]
            } else {
                vec![format!("{}: {place}: {message}", file.display())]
            }
        })?;
        let problems = lesson.problems();
        if problems.is_empty() {
            Ok(lesson)
        } else {
            Err(problems
                .into_iter()
                .map(|p| format!("{}: {p}", file.display()))
                .collect())
        }
    }

    /// Read a lesson file.
    pub fn load(file: &Path) -> Result<Lesson, Vec<String>> {
        let bytes = crate::store::read_file(file, 1024 * 1024).map_err(|e| {
            vec![format!(
                "{}: {}",
                file.display(),
                e.describe("a lesson file")
            )]
        })?;
        let text = std::str::from_utf8(crate::store::strip_bom(&bytes))
            .map_err(|_| vec![format!("{}: not UTF-8 text", file.display())])?;
        Lesson::parse(file, text)
    }

    /// What is wrong with it beyond its shape.
    fn problems(&self) -> Vec<String> {
        let mut out = Vec::new();
        if !crate::settings::is_lesson_id(&self.id) {
            out.push(format!(
                "id: \"{}\" is not a lesson id (lower-case letters, digits and '-')",
                self.id
            ));
        }
        if self.steps.is_empty() {
            out.push("steps: a lesson needs at least one step".into());
        }
        for (i, c) in self.cards.iter().enumerate() {
            if self.cards[..i].iter().any(|o| o.id == c.id) {
                out.push(format!("cards[{i}].id: \"{}\" is used twice", c.id));
            }
            if c.title.trim().is_empty() || c.text.trim().is_empty() {
                out.push(format!("cards[{i}]: a card needs a title and a text"));
            }
        }
        for (i, s) in self.steps.iter().enumerate() {
            if !self.cards.iter().any(|c| c.id == s.card) {
                out.push(format!("steps[{i}].card: no card \"{}\"", s.card));
            }
            if s.answer.is_some() && s.asked.is_none() {
                out.push(format!(
                    "steps[{i}]: an answer needs the question it answers (asked)"
                ));
            }
        }
        out
    }

    pub fn card(&self, id: &str) -> Option<&Card> {
        self.cards.iter().find(|c| c.id == id)
    }

    /// The step a game is at: `made` decisions taken, `read` the cards
    /// (steps without an answer) whose Next was pressed. A question step
    /// is done once its decision is made; a card to read once read, or
    /// once a later decision is made (Undo takes back decisions, never
    /// readings).
    pub fn now(&self, made: usize, read: &[bool]) -> Now {
        let mut before = 0;
        for (i, s) in self.steps.iter().enumerate() {
            if s.is_question() {
                if made <= before {
                    return Now::Step(i);
                }
                before += 1;
            } else if made <= before && !read.get(i).copied().unwrap_or(false) {
                return Now::Step(i);
            }
        }
        Now::Done
    }
}

/// Every lesson in `dir`, in file-name order, and the problems of those
/// that could not be read.
pub fn load_all(dir: &Path) -> (Vec<Lesson>, Vec<String>) {
    let mut files: Vec<PathBuf> = match std::fs::read_dir(dir) {
        Ok(rd) => rd
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| {
                p.extension().is_some_and(|x| x == "json")
                    && p.file_name()
                        .and_then(|n| n.to_str())
                        .is_some_and(|n| n.starts_with("lesson-"))
            })
            .collect(),
        Err(e) => return (Vec::new(), vec![format!("{}: {e}", dir.display())]),
    };
    files.sort();
    let mut lessons = Vec::new();
    let mut problems = Vec::new();
    for f in files {
        match Lesson::load(&f) {
            Ok(l) => lessons.push(l),
            Err(ps) => problems.extend(ps),
        }
    }
    (lessons, problems)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Lesson, Vec<String>> {
        Lesson::parse(Path::new("lesson-x.json"), text)
    }

    const GOOD: &str = r#"{
      "id": "x", "title": "X", "summary": "s", "minutes": 1,
      "campaign": "tutorial", "battles": "basic", "seed": 1,
      "cards": [
        {"id": "goal", "title": "Goal", "text": "Win.", "rule": "3.1", "target": {"kind": "panel", "panel": "left"}},
        {"id": "move", "title": "Move", "text": "Move.", "target": {"kind": "area", "area": "a"}}
      ],
      "steps": [
        {"card": "goal", "asked": "9.2"},
        {"card": "move", "asked": "9.2", "answer": {"kind": "move_force", "force": "f", "to": "a"}},
        {"card": "move", "asked": "9.2", "answer": {"kind": "end_moves"}},
        {"card": "goal"}
      ]
    }"#;

    #[test]
    fn a_lesson_reads_and_knows_its_step() {
        let l = parse(GOOD).unwrap();
        assert_eq!(l.steps.iter().filter(|s| s.is_question()).count(), 2);
        assert_eq!(l.now(0, &[]), Now::Step(0));
        assert_eq!(l.now(0, &[true]), Now::Step(1));
        assert_eq!(l.now(1, &[true]), Now::Step(2));
        // Undo back to no decision: the card read stays read.
        assert_eq!(l.now(0, &[true, false, false, false]), Now::Step(1));
        assert_eq!(l.now(2, &[true]), Now::Step(3));
        assert_eq!(l.now(2, &[true, false, false, true]), Now::Done);
    }

    /// A malformed lesson file: each problem names the file, the place and
    /// what is wrong.
    #[test]
    fn a_malformed_lesson_names_file_place_and_problem() {
        let e = parse(&GOOD.replace("\"minutes\": 1", "\"minutes\": \"ten\"")).unwrap_err();
        assert!(e[0].starts_with("lesson-x.json: minutes:"), "{e:?}");
        let e = parse(&GOOD.replace("\"end_moves\"", "\"end_everything\"")).unwrap_err();
        assert!(e[0].contains("steps[2].answer"), "{e:?}");
        let e = parse(&GOOD.replace("{\"card\": \"goal\"}", "{\"card\": \"gaol\"}")).unwrap_err();
        assert_eq!(
            e,
            vec!["lesson-x.json: steps[3].card: no card \"gaol\"".to_string()]
        );
        let e = parse(&GOOD.replace("\"id\": \"move\"", "\"id\": \"goal\"")).unwrap_err();
        assert!(
            e.iter()
                .any(|p| p.contains("cards[1].id: \"goal\" is used twice")),
            "{e:?}"
        );
        let e = parse(&GOOD.replace("\"panel\": \"left\"}", "\"panel\": \"left\", \"x\": 1}"))
            .unwrap_err();
        assert!(
            e[0].contains("cards[0].target") && e[0].contains("unknown field"),
            "{e:?}"
        );
        let e = parse(&GOOD[..200]).unwrap_err();
        assert!(e[0].starts_with("lesson-x.json:"), "{e:?}");
        let e = parse(&GOOD.replace("\"id\": \"x\"", "\"id\": \"X Y\"")).unwrap_err();
        assert!(e[0].contains("id: \"X Y\""), "{e:?}");
    }
}
