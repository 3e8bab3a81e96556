//! Learn to play (issue 47): lessons played in the real game window with
//! the real engine, on a bundled tutorial campaign with fixed dice
//! (`campaigns/tutorial/`). A lesson is data (`lesson`): at each step a
//! card beside the element it talks about, and the one answer the lesson
//! enables (`tutorial_hooks::Narrowed`, applied to the rules' view so the
//! map, the sheet, the panels and the keys offer nothing else). The card
//! moves on when the player answers (or reads it: Next). The list of
//! lessons (`list`) starts, resumes, restarts or skips them; a finished
//! lesson is kept in the settings (`lessons_finished`), and so is where
//! each lesson under way was left (`lesson_progress`): Resume works after
//! the program is closed and opened again.

pub mod card;
pub mod lesson;
mod list;

#[cfg(test)]
mod explore;
#[cfg(test)]
mod story_tests;
#[cfg(test)]
mod tests;

use std::collections::HashMap;
use std::sync::Arc;

use bevy::prelude::*;

use super::Screen;
use super::tutorial_hooks::{LessonStart, Narrowed, Narrowing};
use crate::rules::decision::Decision;
use crate::rules::sequence::{GameLog, PendingDecision, StepDecisions};
use lesson::{Lesson, Now};

pub(super) fn plugin(app: &mut App) {
    let (lessons, problems) = lesson::load_all(&lesson::dir());
    app.insert_resource(Lessons { lessons, problems })
        .init_resource::<Tutorial>()
        .init_resource::<Narrowed>()
        .add_message::<LessonAction>()
        .add_plugins((list::plugin, card::plugin))
        .add_systems(Startup, restore_progress)
        .add_systems(
            Update,
            (act, follow, keep_progress)
                .chain()
                .after(crate::rules::sequence::RulesSystems)
                .before(crate::app::view::refresh),
        )
        .add_systems(OnExit(Screen::Game), leave_game);
}

/// The lessons found in `campaigns/tutorial/`, and the problems of those
/// that could not be read (shown on the list).
#[derive(Resource, Debug, Default)]
pub struct Lessons {
    pub lessons: Vec<Lesson>,
    pub problems: Vec<String>,
}

/// The lesson in play, and each lesson's progress in this session.
#[derive(Resource, Debug, Default)]
pub struct Tutorial {
    /// The lesson in play (its index in [`Lessons`]).
    pub active: Option<usize>,
    /// Where each lesson was left, by id: resumed from here.
    pub progress: HashMap<String, Progress>,
    /// Where the lesson stands now (set each frame in play).
    pub now: Option<Now>,
    /// A map area's centre in the window (logical points), when the card
    /// points at one.
    pub area_point: Option<Vec2>,
    /// The question asked is not the one the lesson expects (a lesson
    /// file out of step with the engine): say so, enable nothing.
    pub lost: Option<String>,
    /// Whether the app wrote files before the lesson began (a lesson
    /// writes no save, autosave nor Player Log entry).
    writes_before: Option<bool>,
}

/// How far a lesson got: its decisions and the cards read.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Progress {
    pub decisions: Vec<Decision>,
    pub read: Vec<bool>,
}

impl Progress {
    pub(super) fn begun(&self) -> bool {
        !self.decisions.is_empty() || self.read.iter().any(|r| *r)
    }

    fn from_settings(p: &crate::settings::LessonProgress) -> Progress {
        let mut read = vec![false; p.read.iter().max().map_or(0, |k| k + 1)];
        for &k in &p.read {
            read[k] = true;
        }
        Progress {
            decisions: p.decisions.clone(),
            read,
        }
    }

    fn to_settings(&self) -> crate::settings::LessonProgress {
        crate::settings::LessonProgress {
            decisions: self.decisions.clone(),
            read: (0..self.read.len()).filter(|&k| self.read[k]).collect(),
        }
    }
}

/// The lessons under way when the program last closed, from the settings.
fn restore_progress(
    settings: Option<Res<crate::app::settings::AppSettings>>,
    mut tutorial: ResMut<Tutorial>,
) {
    if let Some(s) = settings {
        for (id, p) in &s.loaded.settings.lesson_progress {
            tutorial
                .progress
                .insert(id.clone(), Progress::from_settings(p));
        }
    }
}

/// Where each lesson was left, kept in the settings (saved at once) when
/// it changes: an answer given, a card read, a restart.
fn keep_progress(
    tutorial: Res<Tutorial>,
    settings: Option<ResMut<crate::app::settings::AppSettings>>,
) {
    let Some(mut s) = settings.filter(|_| tutorial.is_changed()) else {
        return;
    };
    let kept: std::collections::BTreeMap<_, _> = tutorial
        .progress
        .iter()
        .filter(|(_, p)| p.begun())
        .map(|(id, p)| (id.clone(), p.to_settings()))
        .collect();
    if s.loaded.settings.lesson_progress != kept {
        s.loaded.settings.lesson_progress = kept;
        s.save();
    }
}

/// What the player asks of a lesson.
#[derive(Message, Debug, Clone, PartialEq)]
pub enum LessonAction {
    /// Start the lesson (by index), from where it was left if `resume`.
    Start { lesson: usize, resume: bool },
    /// The card is read: on to the next step.
    Next,
    /// Back to the list, the lesson kept where it is.
    Leave,
    /// The lesson in play again from its start.
    Restart,
    /// Mark a lesson finished without playing it.
    Skip { lesson: usize },
}

/// The lesson's game: its campaign (from the lessons' folder) with its
/// battle rules and seed, replaying `decisions`.
pub fn new_game(l: &Lesson, decisions: Vec<Decision>) -> Result<LessonStart, String> {
    let file = lesson::dir().join(format!("{}.json", l.campaign));
    let campaign = crate::campaign::load_campaign_file(&file).map_err(|ps| {
        ps.iter()
            .map(|p| p.to_string())
            .collect::<Vec<_>>()
            .join("; ")
    })?;
    let options = crate::rules::difficulty::GameOptions {
        battles: l.battles,
        seed: l.seed,
        ..Default::default()
    };
    let mut start = crate::rules::setup::NewCampaign::new(Arc::new(campaign), options);
    start.resume = GameLog {
        decisions,
        ..GameLog::default()
    };
    Ok(LessonStart(start))
}

fn act(world: &mut World) {
    let actions: Vec<LessonAction> = world
        .resource_mut::<Messages<LessonAction>>()
        .drain()
        .collect();
    for a in actions {
        match a {
            LessonAction::Start { lesson, resume } => start(world, lesson, resume),
            LessonAction::Next => {
                let t = world.resource::<Tutorial>();
                match (t.now, t.active) {
                    (Some(Now::Step(i)), Some(id)) => {
                        let key = lesson_id(world, id);
                        let mut t = world.resource_mut::<Tutorial>();
                        let p = t.progress.entry(key).or_default();
                        if p.read.len() <= i {
                            p.read.resize(i + 1, false);
                        }
                        p.read[i] = true;
                    }
                    (Some(Now::Done), _) => go_to_list(world),
                    _ => {}
                }
            }
            LessonAction::Leave => go_to_list(world),
            LessonAction::Restart => {
                if let Some(i) = world.resource::<Tutorial>().active {
                    let key = lesson_id(world, i);
                    world.resource_mut::<Tutorial>().progress.remove(&key);
                    start(world, i, false);
                }
            }
            LessonAction::Skip { lesson } => {
                let key = lesson_id(world, lesson);
                finished(world, &key);
            }
        }
    }
}

fn lesson_id(world: &World, i: usize) -> String {
    world
        .resource::<Lessons>()
        .lessons
        .get(i)
        .map_or(String::new(), |l| l.id.clone())
}

/// Open the game screen on the lesson (again, for a restart: the game
/// screen is left and entered anew).
fn start(world: &mut World, i: usize, resume: bool) {
    let Some(l) = world.resource::<Lessons>().lessons.get(i).cloned() else {
        return;
    };
    let progress = if resume {
        world
            .resource::<Tutorial>()
            .progress
            .get(&l.id)
            .cloned()
            .unwrap_or_default()
    } else {
        Progress::default()
    };
    match new_game(&l, progress.decisions.clone()) {
        Ok(game) => {
            let writes = world.resource::<crate::app::WritesFiles>().0;
            let mut t = world.resource_mut::<Tutorial>();
            t.active = Some(i);
            t.lost = None;
            t.now = None;
            t.writes_before.get_or_insert(writes);
            t.progress.insert(l.id.clone(), progress);
            world.insert_resource(crate::app::WritesFiles(false));
            if world.get_resource::<State<Screen>>().map(|s| *s.get()) == Some(Screen::Game) {
                // A restart on the game screen: a new game over this one.
                world.write_message(game.0);
            } else {
                world.insert_resource(game);
                world.resource_mut::<NextState<Screen>>().set(Screen::Game);
            }
        }
        Err(why) => {
            world.resource_mut::<Tutorial>().lost = Some(why);
        }
    }
}

fn go_to_list(world: &mut World) {
    world
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Lessons);
    world
        .resource_mut::<NextState<crate::rules::sequence::GameState>>()
        .set(crate::rules::sequence::GameState::NoCampaign);
}

/// The game screen closed: no lesson narrows the answers any more, and
/// the app writes files again as before.
fn leave_game(world: &mut World) {
    let mut t = world.resource_mut::<Tutorial>();
    t.active = None;
    t.now = None;
    t.area_point = None;
    let writes = t.writes_before.take();
    if let Some(w) = writes {
        world.insert_resource(crate::app::WritesFiles(w));
    }
    set_narrowed(world, Narrowed(None));
}

fn set_narrowed(world: &mut World, n: Narrowed) {
    if *world.resource::<Narrowed>() != n {
        world.insert_resource(n);
    }
}

/// Record a finished lesson in the settings (saved at once).
fn finished(world: &mut World, id: &str) {
    let Some(mut s) = world.get_resource_mut::<crate::app::settings::AppSettings>() else {
        return;
    };
    if !s.loaded.settings.lessons_finished.iter().any(|x| x == id) {
        s.loaded.settings.lessons_finished.push(id.to_string());
        s.save();
    }
}

/// Each frame of a lesson: where it stands (from the decisions made and
/// the cards read), the answer it enables, where its card points.
fn follow(world: &mut World) {
    let in_game = world.get_resource::<State<Screen>>().map(|s| *s.get()) == Some(Screen::Game);
    let Some(i) = world.resource::<Tutorial>().active.filter(|_| in_game) else {
        return;
    };
    let Some(l) = world.resource::<Lessons>().lessons.get(i).cloned() else {
        return;
    };
    let decisions = world
        .resource::<GameLog>()
        .with_current(world.resource::<StepDecisions>());
    let read = {
        let mut t = world.resource_mut::<Tutorial>();
        let p = t.progress.entry(l.id.clone()).or_default();
        p.decisions.clone_from(&decisions);
        p.read.clone()
    };
    let now = l.now(decisions.len(), &read);
    let asked = world
        .resource::<PendingDecision>()
        .request
        .as_ref()
        .map(|r| r.rule.as_str().to_string());
    let mut lost = None;
    let narrowing = match now {
        Now::Step(k) => {
            let step = &l.steps[k];
            let card = l.card(&step.card).map_or("", |c| c.title.as_str());
            let expected = step.asked.as_deref();
            if asked.is_some() && asked.as_deref() != expected {
                lost = Some(format!(
                    "The lesson expected rule {} to be asked, and rule {} is: this lesson file is out of step with the rules. Restart it, or leave it.",
                    expected.unwrap_or("none"),
                    asked.as_deref().unwrap_or("none")
                ));
            }
            Some(Narrowing {
                allowed: step.answer.into_iter().collect(),
                why: match step.answer {
                    Some(_) => {
                        format!("In this lesson, the card \"{card}\" says which answer to take.")
                    }
                    None => format!("In this lesson, read the card \"{card}\" first, then Next."),
                },
            })
        }
        Now::Done => None,
    };
    if now == Now::Done && world.resource::<Tutorial>().now != Some(Now::Done) {
        finished(world, &l.id);
    }
    // Where the card points.
    let area = match now {
        Now::Step(k) => l.card(&l.steps[k].card).and_then(|c| match &c.target {
            lesson::Target::Area { area } => Some(area.clone()),
            _ => None,
        }),
        Now::Done => None,
    };
    let point = area.and_then(|a| crate::app::map::area_on_screen(world, &a));
    let mut t = world.resource_mut::<Tutorial>();
    t.now = Some(now);
    t.area_point = point;
    t.lost = lost;
    set_narrowed(world, Narrowed(narrowing));
}
