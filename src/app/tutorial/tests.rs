//! Each shipped lesson driven to its end through the real engine, as the
//! window plays it: at each step the expected question is asked, the
//! expected card is up, the lesson's answer is legal and the only one the
//! view offers; the lesson ends finished and the settings keep it. Leave
//! and Resume return to the same step and game; Restart starts over.

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;

use super::lesson::{Lesson, Now};
use super::{LessonAction, Lessons, Tutorial};
use crate::app::Screen;
use crate::app::tutorial_hooks::LessonStart;
use crate::rules::sequence::{Decide, GameState, PendingDecision};
use crate::rules::view::GameView;

fn app() -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, crate::RulesPlugin))
        .init_state::<Screen>()
        .init_resource::<crate::rules::battle::record::BattleRecords>()
        .insert_resource(crate::app::WritesFiles(true))
        .insert_resource(crate::app::settings::AppSettings {
            loaded: crate::settings::LoadedSettings::default(),
            persist: false,
            message: None,
        })
        .add_plugins((crate::app::view::plugin, super::plugin));
    app
}

/// What the game screen's start does with a lesson (`screens`).
fn open(app: &mut App) {
    for _ in 0..3 {
        app.update();
        if let Some(start) = app.world_mut().remove_resource::<LessonStart>() {
            app.world_mut().write_message(start.0);
            return;
        }
    }
    panic!("the lesson did not start");
}

fn now(app: &App) -> Option<Now> {
    app.world().resource::<Tutorial>().now
}

/// One frame's worth of the lesson: the step's question checked and the
/// lesson's answer (or Next) given. The step answered, if any.
fn play_step(app: &mut App, l: &Lesson) -> Option<usize> {
    app.update();
    let Some(Now::Step(k)) = now(app) else {
        return None;
    };
    let step = &l.steps[k];
    // The card up is the step's (the card drawn is `l.card(step.card)`).
    assert!(l.card(&step.card).is_some(), "step {k}: card {}", step.card);
    let pending = app.world().resource::<PendingDecision>().request.clone();
    let over = *app.world().resource::<State<GameState>>().get() == GameState::Over;
    match (&pending, &step.asked) {
        (Some(r), Some(rule)) => assert_eq!(
            r.rule.as_str(),
            rule,
            "step {k} (card {}): the question asked",
            step.card
        ),
        (None, None) if over => {}
        _ => return None,
    }
    assert!(app.world().resource::<Tutorial>().lost.is_none());
    let view = app.world().resource::<GameView>();
    let offered: Vec<_> = view
        .request
        .as_ref()
        .map(|r| r.choices.iter().map(|c| c.decision).collect())
        .unwrap_or_default();
    match step.answer {
        Some(a) => {
            let r = pending.expect("asked");
            assert!(r.options.contains(&a), "step {k}: {a:?} is legal");
            assert_eq!(offered, vec![a], "step {k}: the lesson's answer only");
            let refused = &view.request.as_ref().unwrap().request.refused;
            assert_eq!(
                refused.len(),
                r.options.len() - 1,
                "step {k}: the others refused, with why"
            );
            assert!(refused.iter().all(
                |(_, why)| why.contains("in this lesson") || why.starts_with("In this lesson")
            ));
            app.world_mut().write_message(Decide(a));
        }
        None => {
            assert!(
                offered.is_empty(),
                "step {k}: a card to read enables no answer"
            );
            app.world_mut().write_message(LessonAction::Next);
        }
    }
    Some(k)
}

/// Frames until the rules ask a question (a lesson's replay takes some).
fn until_asked(app: &mut App) {
    for _ in 0..50 {
        app.update();
        if app.world().resource::<PendingDecision>().request.is_some() {
            break;
        }
    }
}

/// Resume lesson 1: back at step `step` of the same game (`digest`).
fn resumes_at(app: &mut App, step: usize, digest: Option<String>) {
    app.world_mut().write_message(LessonAction::Start {
        lesson: 0,
        resume: true,
    });
    open(app);
    until_asked(app);
    assert_eq!(now(app), Some(Now::Step(step)), "the same step");
    assert_eq!(
        crate::rules::digest::state_digest(app.world_mut()),
        digest,
        "the same game"
    );
}

fn lessons() -> Vec<Lesson> {
    let (lessons, problems) = super::lesson::load_all(&super::lesson::dir());
    assert!(problems.is_empty(), "{problems:?}");
    assert!(!lessons.is_empty());
    lessons
}

#[test]
fn every_lesson_plays_to_its_end_and_is_kept_finished() {
    for (i, l) in lessons().iter().enumerate() {
        let mut app = app();
        app.world_mut().write_message(LessonAction::Start {
            lesson: i,
            resume: false,
        });
        open(&mut app);
        let mut seen = Vec::new();
        for _ in 0..2000 {
            if let Some(k) = play_step(&mut app, l) {
                seen.push(k);
            }
            if now(&app) == Some(Now::Done) {
                break;
            }
        }
        assert_eq!(
            seen,
            (0..l.steps.len()).collect::<Vec<_>>(),
            "{}: every step once, in order",
            l.id
        );
        assert_eq!(now(&app), Some(Now::Done));
        let settings = app.world().resource::<crate::app::settings::AppSettings>();
        assert_eq!(
            settings.loaded.settings.lessons_finished,
            vec![l.id.clone()]
        );
        // The campaign was won, as the last card says.
        let board = crate::rules::board::Board::from_world(app.world_mut()).unwrap();
        assert!(
            board.progress.result.as_ref().is_some_and(|r| r.victory),
            "{}",
            l.id
        );
        // The lesson wrote no file meanwhile.
        assert!(!app.world().resource::<crate::app::WritesFiles>().0);
        // Next on the finished card: back to the list, files written again.
        app.world_mut().write_message(LessonAction::Next);
        app.update();
        app.update();
        assert_eq!(
            *app.world().resource::<State<Screen>>().get(),
            Screen::Lessons
        );
        assert!(app.world().resource::<crate::app::WritesFiles>().0);
        assert!(
            app.world()
                .resource::<crate::app::tutorial_hooks::Narrowed>()
                .0
                .is_none()
        );
    }
}

#[test]
fn a_lesson_left_resumes_where_it_was_and_restarts_from_the_start() {
    let l = &lessons()[0];
    let mut app = app();
    app.world_mut().write_message(LessonAction::Start {
        lesson: 0,
        resume: false,
    });
    open(&mut app);
    // Into the battle.
    let mut last = 0;
    for _ in 0..400 {
        if let Some(k) = play_step(&mut app, l) {
            last = k;
        }
        if last >= 16 {
            break;
        }
    }
    app.update();
    let Some(Now::Step(k)) = now(&app) else {
        panic!("in the lesson")
    };
    let digest = crate::rules::digest::state_digest(app.world_mut());
    app.world_mut().write_message(LessonAction::Leave);
    app.update();
    app.update();
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::Lessons
    );
    assert!(app.world().resource::<Tutorial>().active.is_none());
    resumes_at(&mut app, k, digest);
    // Restart: the first card, no decision made.
    app.world_mut().write_message(LessonAction::Restart);
    for _ in 0..10 {
        app.update();
    }
    assert_eq!(now(&app), Some(Now::Step(0)));
    let progress = &app.world().resource::<Tutorial>().progress[&l.id];
    assert!(progress.decisions.is_empty() && !progress.read.iter().any(|r| *r));
    assert_eq!(
        app.world()
            .resource::<PendingDecision>()
            .request
            .as_ref()
            .map(|r| r.rule.as_str().to_string()),
        Some("9.2".into())
    );
}

/// Skip marks a lesson finished unplayed.
#[test]
fn a_skipped_lesson_is_kept_finished() {
    let mut app = app();
    app.world_mut()
        .write_message(LessonAction::Skip { lesson: 0 });
    app.update();
    let id = app.world().resource::<Lessons>().lessons[0].id.clone();
    let s = app.world().resource::<crate::app::settings::AppSettings>();
    assert_eq!(s.loaded.settings.lessons_finished, vec![id]);
}

/// The tutorial's campaign passes the campaign validator and is not among
/// the campaigns the menu lists.
#[test]
fn the_tutorial_campaign_is_valid_and_kept_off_the_menu() {
    for l in lessons() {
        let file = super::lesson::dir().join(format!("{}.json", l.campaign));
        crate::campaign::load_campaign_file(&file).unwrap_or_else(|ps| panic!("{ps:?}"));
        let listed =
            crate::campaign::load::campaign_files_in(&crate::campaign::bundled_dir()).unwrap();
        assert!(!listed.contains(&file));
    }
}

/// Where a lesson was left outlives the program: the settings keep its
/// answers and cards read, and a new start resumes at the same step and
/// game (issue 47: "resumed where it was").
#[test]
fn a_lesson_resumes_after_the_program_is_closed_and_opened_again() {
    let l = &lessons()[0];
    let mut app = app();
    app.world_mut().write_message(LessonAction::Start {
        lesson: 0,
        resume: false,
    });
    open(&mut app);
    let mut last = 0;
    for _ in 0..400 {
        if let Some(k) = play_step(&mut app, l) {
            last = k;
        }
        if last >= 8 {
            break;
        }
    }
    until_asked(&mut app);
    let Some(Now::Step(k)) = now(&app) else {
        panic!("in the lesson")
    };
    let digest = crate::rules::digest::state_digest(app.world_mut());
    let kept = app
        .world()
        .resource::<crate::app::settings::AppSettings>()
        .loaded
        .settings
        .clone();
    let progress = &kept.lesson_progress[&l.id];
    assert!(!progress.decisions.is_empty() && !progress.read.is_empty());
    // Through the file's text, as the next start reads it.
    let text = serde_json::to_string(&kept).unwrap();
    let again = crate::settings::parse(&text).unwrap();
    let mut app = self::app();
    app.world_mut()
        .resource_mut::<crate::app::settings::AppSettings>()
        .loaded
        .settings = again;
    app.update();
    resumes_at(&mut app, k, digest);
    // Restart forgets it in the settings too.
    app.world_mut().write_message(LessonAction::Restart);
    for _ in 0..10 {
        app.update();
    }
    let s = app.world().resource::<crate::app::settings::AppSettings>();
    assert!(
        !s.loaded.settings.lesson_progress.contains_key(&l.id),
        "{:?} {:?}",
        s.loaded.settings.lesson_progress,
        app.world().resource::<Tutorial>().progress
    );
}

/// What every card shows exists: its rule has an entry in the rules
/// reference (the card's rule is a link to it), and the element it points
/// at is one the window marks (`tutorial_hooks::mark`): a Square of the
/// Advanced sheet by its name, a Row by its Region, or a panel's element.
#[test]
fn every_card_cites_a_known_rule_and_points_at_a_marked_element() {
    use super::lesson::Target;
    use crate::app::tutorial_hooks::{SHEET_BANDS, square_element};
    let reference = crate::reference::bundled();
    let squares: Vec<String> =
        crate::rules::battle::ground::Square::all_on(crate::rules::battle::ground::Square::COLUMNS)
            .map(|s| square_element(&s.name()))
            .collect();
    let panels = [
        "status.phase",
        "status.command-points",
        "situation.victory",
        "sheet.combat-totals",
        "battle.panel",
        "battle.table",
    ];
    for l in lessons() {
        for c in &l.cards {
            if let Some(rule) = &c.rule {
                assert!(
                    reference.get(rule).is_some(),
                    "{}: {}: rule {rule}",
                    l.id,
                    c.id
                );
            }
            if let Target::Element { element } = &c.target {
                assert!(
                    panels.contains(&element.as_str())
                        || SHEET_BANDS.contains(&element.as_str())
                        || squares.contains(element),
                    "{}: {}: no element {element}",
                    l.id,
                    c.id
                );
            }
        }
    }
}
