//! The Suggest panel headless: the rules, the odds advisor and the Suggest
//! panel's systems in an `App` with a small search.

use super::*;
use crate::odds::advise::Placement;
use crate::rules::board::Board;
use crate::rules::commander::Policy;
use crate::rules::decision::Decider;
use crate::rules::difficulty::{BattleMode, GameOptions};
use crate::rules::setup::NewCampaign;
use bevy::state::app::StatesPlugin;

fn app(battles: BattleMode, seed: u64) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, crate::RulesPlugin))
        .add_message::<RequestRedraw>()
        // Battles recorded, as the window has them: their questions carry
        // the sheet.
        .init_resource::<crate::rules::battle::record::BattleRecords>()
        .add_plugins((crate::app::advisor::plugin, plugin));
    app.world_mut()
        .resource_mut::<crate::app::advisor::Advisor>()
        .trials = 20;
    {
        let mut s = app.world_mut().resource_mut::<Suggest>();
        s.first_round = 4;
        s.max_trials = 8;
    }
    let campaign = Arc::new(crate::campaign::load_bundled("seven-days").expect("loads"));
    let options = GameOptions {
        battles,
        seed,
        ..GameOptions::default()
    };
    app.world_mut()
        .write_message(NewCampaign::new(campaign, options));
    app
}

/// Answer with the objective policy until `stop` says so at a request.
fn play_until(app: &mut App, mut stop: impl FnMut(&Request) -> bool) {
    let mut policy = Policy::Objective;
    for _ in 0..20_000 {
        app.update();
        let world = app.world_mut();
        assert_ne!(
            *world.resource::<State<GameState>>().get(),
            GameState::Over,
            "the campaign ended first"
        );
        if let Some(r) = world.resource::<PendingDecision>().request.clone() {
            if stop(&r) {
                return;
            }
            let board = Board::from_world(world).expect("a board");
            let d = policy.decide(&board, &r).expect("an answer");
            world.write_message(Decide(d));
        }
    }
    panic!("the campaign does not end");
}

fn assigning(r: &Request) -> bool {
    r.battle_location.is_some() && r.options.contains(&Decision::EndAssign)
}

/// Let the worker end its search (the window keeps drawing meanwhile).
fn settle(app: &mut App) -> Advice {
    for _ in 0..12_000 {
        app.update();
        let s = app.world().resource::<Suggest>();
        if let Some(why) = &s.failed {
            panic!("no advice: {why}");
        }
        if s.settled() {
            return s.advice.clone().expect("settled");
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    panic!("no settled advice after a minute");
}

fn request(app: &App) -> Request {
    app.world()
        .resource::<PendingDecision>()
        .request
        .clone()
        .expect("a question")
}

/// The counters on the Confederate Forces of the question's sheet.
fn counters(r: &Request) -> Vec<(String, Option<PlanCounter>)> {
    let sheet = r.sheet.as_ref().expect("the assignment carries its sheet");
    sheet
        .units
        .iter()
        .filter(|u| u.side == crate::campaign::Side::Confederate)
        .map(|u| (u.force.clone(), u.counter))
        .collect()
}

/// At a Battle Plan assignment the advice ranks the answers found, each
/// with its trials; the odds advisor gives way. "Take this" gives the
/// chosen assignment's counters as the player's clicks would, one a
/// frame, and leaves Done to the player; the advice starts again with the
/// taken assignment as the player's choice; each counter comes back by
/// the rules' own answer (R-12.2-back) and the sheet is as it was.
#[test]
fn take_this_gives_the_suggested_counters_and_each_comes_back() {
    let mut app = app(BattleMode::Basic, 3);
    play_until(&mut app, assigning);
    let before = request(&app);
    let given_before = app.world().resource::<StepDecisions>().answers.clone();
    app.world_mut().resource_mut::<Suggest>().on = true;
    let advice = settle(&mut app);
    assert!(advice.asked.assignment);
    assert_eq!(
        advice.asked.battle.as_deref(),
        before.battle_location.as_deref()
    );
    assert!(!advice.ranked.is_empty());
    assert_eq!(
        advice.trials,
        advice.ranked.iter().map(|r| r.trials).sum::<u64>(),
        "every battle fought is counted once"
    );
    for r in &advice.ranked {
        assert!(r.trials >= 4, "{}: {} trials", r.label, r.trials);
        assert!(r.estimate.low <= r.estimate.mean && r.estimate.mean <= r.estimate.high);
        assert_eq!(r.decisions.last(), Some(&Decision::EndAssign));
    }
    // One worker at a time: the odds advisor gives way.
    assert!(
        app.world()
            .resource::<crate::app::advisor::Advisor>()
            .question
            .is_none()
    );
    // The best answer that gives counters and is not the player's (none
    // given yet).
    let (rank, chosen) = advice
        .ranked
        .iter()
        .enumerate()
        .find(|(_, r)| !r.player_choice && r.placements.as_ref().is_some_and(|p| !p.is_empty()))
        .map(|(i, r)| (i, r.clone()))
        .expect("an assignment with counters");
    let taken = app.world_mut().resource_mut::<Suggest>().take(rank);
    assert_eq!(taken.len() + 1, chosen.decisions.len(), "all but Done");
    for _ in 0..40 {
        app.update();
        if !app.world().resource::<Suggest>().taking() {
            break;
        }
    }
    app.update();
    let answers = app.world().resource::<StepDecisions>().answers.clone();
    assert_eq!(&answers[..given_before.len()], &given_before[..]);
    assert_eq!(&answers[given_before.len()..], &taken[..], "given in order");
    let after = request(&app);
    assert!(
        after.options.contains(&Decision::EndAssign),
        "Done is the player's"
    );
    let on_sheet: Vec<Placement> = counters(&after)
        .into_iter()
        .filter_map(|(f, c)| {
            c.map(|plan| Placement {
                force: Some(f.as_str().into()),
                plan,
            })
        })
        .collect();
    let mut want: Vec<Placement> = chosen
        .placements
        .clone()
        .unwrap_or_default()
        .into_iter()
        .filter(|p| p.force.is_some())
        .collect();
    want.sort();
    let mut on_sheet = on_sheet;
    on_sheet.sort();
    assert_eq!(on_sheet, want, "the sheet holds the suggested counters");
    // Asked again: the taken assignment is now the player's choice.
    let again = settle(&mut app);
    let mine = again
        .ranked
        .iter()
        .find(|r| r.player_choice)
        .expect("the player's choice is weighed");
    assert_eq!(mine.placements, chosen.placements);
    // Each counter comes back (R-12.2-back), last first.
    for d in taken.iter().rev() {
        let Decision::AssignPlan { force, plan } = d else {
            continue;
        };
        let back = Decision::TakeBackPlan {
            force: *force,
            plan: *plan,
        };
        assert!(request(&app).options.contains(&back), "{back:?} offered");
        app.world_mut().write_message(Decide(back));
        app.update();
        app.update();
    }
    assert_eq!(counters(&request(&app)), counters(&before));
}

/// The advice answers the question as it stands: a counter given starts
/// it again; a question it does not cover (or the toggle off) stops it,
/// and the panel has nothing there.
#[test]
fn the_advice_follows_the_question_and_stops_where_it_is_not_asked() {
    let mut app = app(BattleMode::Basic, 3);
    // Off: nothing is fought.
    play_until(&mut app, assigning);
    for _ in 0..3 {
        app.update();
    }
    {
        let s = app.world().resource::<Suggest>();
        assert!(s.covered);
        assert!(!s.refining() && s.advice.is_none());
    }
    app.world_mut().resource_mut::<Suggest>().on = true;
    app.update();
    let first = app
        .world()
        .resource::<Suggest>()
        .asked
        .clone()
        .expect("asked");
    assert!(app.world().resource::<Suggest>().refining());
    // A counter given: asked again, with it.
    let r = request(&app);
    let give = r
        .options
        .iter()
        .find(|d| matches!(d, Decision::AssignPlan { .. }))
        .cloned()
        .expect("a counter to give");
    app.world_mut().write_message(Decide(give));
    app.update();
    app.update();
    let second = app
        .world()
        .resource::<Suggest>()
        .asked
        .clone()
        .expect("asked");
    assert_ne!(second, first);
    assert_eq!(second.0.last(), Some(&give));
    assert_eq!(second.0.len(), first.0.len() + 1);
    // The aim changed: asked again.
    app.world_mut().resource_mut::<Suggest>().aim = Aim::Strength;
    app.update();
    let third = app
        .world()
        .resource::<Suggest>()
        .asked
        .clone()
        .expect("asked");
    assert_eq!(third.1, Aim::Strength);
    // Toggled off: dropped.
    app.world_mut().resource_mut::<Suggest>().on = false;
    app.update();
    {
        let s = app.world().resource::<Suggest>();
        assert!(s.asked.is_none() && s.advice.is_none() && !s.refining());
    }
    // On again, then on to a question no advice covers (outside a battle,
    // not the turn's plan nor a Scout's re-roll of the Union Orders).
    app.world_mut().resource_mut::<Suggest>().on = true;
    play_until(&mut app, |r| {
        r.battle_location.is_none()
            && !r.options.iter().any(|d| {
                matches!(
                    d,
                    Decision::MoveForce { .. }
                        | Decision::JacksonMarch { .. }
                        | Decision::RerollOrders
                        | Decision::EndMoves
                        | Decision::EndResupply
                )
            })
    });
    app.update();
    let s = app.world().resource::<Suggest>();
    assert!(!s.covered, "{:?}", request(&app).rule);
    assert!(s.asked.is_none() && s.advice.is_none() && !s.refining());
}

/// On the Advanced sheet "Take this" gives a Flank's or Rapid Advance's
/// declared target with its counter (A12.3) and goes on with the rest of
/// the assignment, as the player's clicks would.
#[test]
fn take_this_declares_the_targets_on_the_advanced_sheet() {
    let mut app = app(BattleMode::Advanced, 3);
    let mut policy = Policy::Objective;
    let (advice, rank) = loop {
        play_until(&mut app, assigning);
        app.world_mut().resource_mut::<Suggest>().on = true;
        let advice = settle(&mut app);
        let aims = |r: &Ranked| {
            r.decisions
                .iter()
                .any(|d| matches!(d, Decision::Target { .. }))
                && r.placements.as_ref().is_some_and(|p| p.len() >= 2)
        };
        if let Some(rank) = advice.ranked.iter().position(aims) {
            break (advice, rank);
        }
        app.world_mut().resource_mut::<Suggest>().on = false;
        let board = Board::from_world(app.world_mut()).expect("a board");
        let d = policy.decide(&board, &request(&app)).expect("an answer");
        app.world_mut().write_message(Decide(d));
        app.update();
    };
    let before = app.world().resource::<StepDecisions>().answers.len();
    let run = app.world_mut().resource_mut::<Suggest>().take(rank);
    assert!(run.iter().any(|d| matches!(d, Decision::Target { .. })));
    assert!(!run.contains(&Decision::EndAssign));
    for _ in 0..(run.len() + 4) {
        app.update();
    }
    let given = app.world().resource::<StepDecisions>().answers.clone();
    assert_eq!(
        given[before..],
        run[..],
        "every counter and target of {} given, in order",
        advice.ranked[rank].label
    );
}

/// On the campaign map the panel weighs the turn's plan (issue 48, item
/// 3), each answer by playing the campaign on: at a Moves question (9.2)
/// its answers include moves into areas without Union Forces and a whole
/// stack's move as one answer. "Take this" on a stack's move gives its
/// moves one a frame, each the rules' own answer, as the player's clicks
/// would; the advice is asked again once they are given.
#[test]
fn the_turn_plan_is_suggested_and_a_stacks_moves_are_taken_together() {
    let mut app = app(BattleMode::VeryQuick, 5);
    let moves =
        |r: &Request| r.battle_location.is_none() && r.options.contains(&Decision::EndMoves);
    let mut policy = Policy::Objective;
    let (advice, board) = loop {
        play_until(&mut app, moves);
        app.world_mut().resource_mut::<Suggest>().on = true;
        app.update();
        assert!(
            app.world().resource::<Suggest>().covered,
            "a Moves question is covered"
        );
        let advice = settle(&mut app);
        let board = Board::from_world(app.world_mut()).expect("a board");
        if advice.ranked.iter().any(|r| r.decisions.len() >= 2) {
            break (advice, board);
        }
        // No stack to move here: on to the next question.
        app.world_mut().resource_mut::<Suggest>().on = false;
        let r = request(&app);
        let d = policy.decide(&board, &r).expect("an answer");
        app.world_mut().write_message(Decide(d));
        app.update();
    };
    assert!(advice.asked.battle.is_none());
    assert!(!advice.asked.assignment);
    let union =
        |to: &crate::rules::components::Id| board.has_side(to, crate::campaign::Side::Union);
    assert!(
        advice.ranked.iter().any(|r| matches!(
            r.decisions.as_slice(),
            [Decision::MoveForce { to, .. }] if !union(to)
        )),
        "a move into an area without Union Forces is weighed"
    );
    let rank = advice
        .ranked
        .iter()
        .position(|r| r.decisions.len() >= 2)
        .expect("a stack's move");
    let run = advice.ranked[rank].decisions.clone();
    let to = match run[0] {
        Decision::MoveForce { to, .. } => to,
        ref d => panic!("a stack's move starts with a Force's: {d:?}"),
    };
    assert!(run.iter().all(|d| matches!(
        d,
        Decision::MoveForce { to: t, .. } | Decision::MoveLee { to: t } if *t == to
    )));
    let before = app.world().resource::<StepDecisions>().answers.len();
    assert_eq!(app.world_mut().resource_mut::<Suggest>().take(rank), run);
    for _ in 0..(run.len() + 4) {
        app.update();
    }
    let given = app.world().resource::<StepDecisions>().answers.clone();
    assert_eq!(given[before..], run[..], "every move given, in order");
    assert!(!app.world().resource::<Suggest>().taking());
    // Each Force of the stack stands in the area it was sent to.
    let after = Board::from_world(app.world_mut()).expect("a board");
    for d in &run {
        if let Decision::MoveForce { force, .. } = d {
            let at = after
                .piece(force)
                .and_then(|p| p.location().area())
                .map(str::to_string);
            assert_eq!(at.as_deref(), Some(to.as_str()), "{force:?}");
        }
    }
    // Asked again at the question after the moves.
    app.update();
    let asked = app
        .world()
        .resource::<Suggest>()
        .asked
        .clone()
        .expect("asked again");
    assert!(
        asked.0.ends_with(&run),
        "the advice answers the question after the moves"
    );
}

/// "Think longer": a search whose time is spent goes on with the same
/// trials, and its advice is that of the same search run to its trials
/// at once.
#[test]
fn think_longer_goes_on_with_the_same_search() {
    let mut app = app(BattleMode::Basic, 3);
    play_until(&mut app, assigning);
    {
        let mut s = app.world_mut().resource_mut::<Suggest>();
        // No time: the first round, then paused.
        s.seconds = 0.0;
        s.max_trials = 1 << 20;
        s.on = true;
    }
    let first = settle(&mut app);
    {
        let s = app.world().resource::<Suggest>();
        assert!(!first.finished && !first.decided, "the search ends by time");
        assert!(s.can_think_longer());
        assert_eq!(s.given, 0.0);
    }
    app.world_mut().resource_mut::<Suggest>().think_longer();
    assert!(app.world().resource::<Suggest>().refining());
    let longer = settle(&mut app);
    assert!(
        longer.trials > first.trials,
        "{} then {}",
        first.trials,
        longer.trials
    );
    assert_eq!(app.world().resource::<Suggest>().given, LONGER);
    // The same advice as the search run to its trials at once.
    let waiting = Waiting::from_world(app.world_mut()).expect("waiting");
    let pos = Position::from_waiting(
        &waiting,
        SourceInfo {
            kind: "game".into(),
            file: "test".into(),
            name: "test".into(),
        },
    )
    .expect("a position");
    let settings = advise::Settings {
        aim: first.aim,
        seed: first.seed,
        max_trials: 1 << 20,
        first_round: app.world().resource::<Suggest>().first_round,
        ..advise::Settings::default()
    };
    let mut again = advise::Advisor::new(&pos, settings).expect("an advisor");
    again.run_to(longer.trials, 1).expect("fought");
    let again = again.advice();
    let summary = |a: &Advice| {
        a.ranked
            .iter()
            .map(|r| (r.label.clone(), r.trials, r.estimate.mean.to_bits()))
            .collect::<Vec<_>>()
    };
    assert_eq!(summary(&again), summary(&longer));
}

/// The toggle is remembered in the settings, and follows them.
#[test]
fn the_toggle_is_remembered_in_the_settings() {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin))
        .init_state::<GameState>()
        .insert_resource(crate::app::settings::AppSettings {
            loaded: crate::settings::LoadedSettings::default(),
            persist: false,
            message: None,
        })
        .add_message::<RequestRedraw>()
        .add_message::<Decide>()
        .init_resource::<PendingDecision>()
        .init_resource::<GameLog>()
        .init_resource::<StepDecisions>()
        .add_plugins(plugin);
    app.update();
    assert!(!app.world().resource::<Suggest>().on);
    app.world_mut().resource_mut::<Suggest>().set_on(true);
    app.update();
    // The settings borrowed mutably, unchanged: the toggle stays.
    app.world_mut()
        .resource_mut::<crate::app::settings::AppSettings>()
        .set_changed();
    app.update();
    assert!(app.world().resource::<Suggest>().on);
    let settings = app.world().resource::<crate::app::settings::AppSettings>();
    assert!(settings.loaded.settings.suggest);
    app.world_mut()
        .resource_mut::<crate::app::settings::AppSettings>()
        .loaded
        .settings
        .suggest = false;
    app.update();
    assert!(!app.world().resource::<Suggest>().on);
}

/// Issue 48: with few trials no answer is clearly better than the
/// built-in commander's (no counter given yet): the panel says so, keeps
/// the commander's answer first, and shows the answers no other separates
/// as tied ("=1."), each with its whole words (no two rows alike) and a
/// reason in plain words.
#[test]
fn the_panel_says_when_no_answer_is_clearly_better_and_shows_ties() {
    let mut app = app(BattleMode::Basic, 3);
    play_until(&mut app, assigning);
    app.world_mut().resource_mut::<Suggest>().on = true;
    let advice = settle(&mut app);
    assert!(advice.ranked.len() >= 3, "{}", advice.ranked.len());
    assert!(!advice.clearly_better, "8 trials an answer decide nothing");
    assert_eq!(
        verdict(&advice, false),
        "No answer is clearly better than the built-in commander's"
    );
    assert_eq!(
        verdict(&advice, true),
        "No answer is clearly better than the built-in commander's so far"
    );
    let first = &advice.ranked[0];
    assert!(first.policy_choice && first.recommended, "{first:?}");
    let titles: Vec<String> = advice.ranked.iter().map(title).collect();
    for (r, t) in advice.ranked.iter().zip(&titles) {
        assert_eq!(r.rank, 1, "{t}");
        assert!(t.starts_with("=1. "), "{t}");
        assert!(!r.reason.is_empty(), "{t}");
        for jargon in ["pts", "tr.", "objective", "comm…", "policy"] {
            assert!(!r.reason.contains(jargon), "{jargon}: {}", r.reason);
            assert!(!t.contains(jargon), "{jargon}: {t}");
        }
    }
    assert!(
        titles[0].ends_with("(the built-in commander's)"),
        "{}",
        titles[0]
    );
    // The figures' difference to the answer kept: none for it; for the
    // others whether it is clear where the reason is on hover.
    assert_eq!(versus(advice.aim, first), "the one kept");
    for r in &advice.ranked[1..] {
        assert!(versus(advice.aim, r).ends_with(", not clear"));
        assert!(r.reason.ends_with("(could be chance)"), "{}", r.reason);
    }
    assert!(
        first
            .reason
            .contains("kept unless another is clearly better"),
        "{}",
        first.reason
    );
    let mut distinct = titles.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), titles.len(), "{titles:?}");
}

/// The verdict names an answer clearly better than the one kept; a row's
/// title is the answer's whole words without rule numbers, so that
/// answers differing only at their end ("March: …") stay apart.
#[test]
fn the_verdict_names_a_clearly_better_answer_and_titles_keep_the_whole_words() {
    let mut app = app(BattleMode::Basic, 3);
    play_until(&mut app, assigning);
    app.world_mut().resource_mut::<Suggest>().on = true;
    let mut advice = settle(&mut app);
    advice.clearly_better = true;
    advice.reference = Some("yours".into());
    advice.ranked[0].label = "Engage on Hood".into();
    assert_eq!(
        verdict(&advice, false),
        "Engage on Hood is clearly better than yours"
    );

    let mut r = advice.ranked[0].clone();
    (r.rank, r.tied, r.player_choice, r.policy_choice) = (2, false, false, false);
    let march = |change, then| {
        crate::rules::view::default_plan(
            &crate::rules::decision::DefaultPlan::March { change, then },
            BattleMode::Basic,
        )
    };
    use crate::rules::decision::{FormationChange as F, SecondMove as M};
    let words = [
        march(F::None, M::None),
        march(F::Before, M::None),
        march(F::After, M::None),
        march(F::None, M::Retreat),
    ];
    let titles: Vec<String> = words
        .iter()
        .map(|w| {
            r.label = format!("Hood: {w}");
            title(&r)
        })
        .collect();
    assert_eq!(titles[0], "2. Hood: March: Advance one Region");
    assert_eq!(
        titles[1],
        "2. Hood: March: Advance one Region, changing Formation first"
    );
    assert_eq!(
        titles[2],
        "2. Hood: March: Advance one Region, then change Formation"
    );
    assert!(
        titles[3].ends_with("then Retreat one Region (Cavalry)"),
        "{}",
        titles[3]
    );
    (r.player_choice, r.placements) = (true, None);
    r.label = "March off the sheet behind the Reserve (12.4.1, 14.5.1)".into();
    assert_eq!(
        title(&r),
        "2. March off the sheet behind the Reserve (yours)"
    );
    assert_eq!(
        without_rules("Fire (A12.4) at Hood (a Scout) (11.2)"),
        "Fire at Hood (a Scout)"
    );
}
