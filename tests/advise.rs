//! `fcrel advise` (issue 37): on a save waiting at a Battle Plan Counter
//! assignment it prints a ranked list with intervals, the same as JSON,
//! the same for a seed on any number of threads; the game's later dice
//! change nothing; saves that wait at no decision are refused by name.

mod common;
use common::fcrel;

use std::path::PathBuf;
use std::sync::Arc;

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use fcrel::campaign;
use fcrel::dice::{Dice, Reseed};
use fcrel::rules::board::Board;
use fcrel::rules::commander::Policy;
use fcrel::rules::decision::{Decider, Decision, Request};
use fcrel::rules::difficulty::{BattleMode, DiceMode, GameOptions};
use fcrel::rules::sequence::{Decide, GameState, PendingDecision};
use fcrel::rules::setup::NewCampaign;
use fcrel::save::SaveFile;
use serde_json::Value;

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("fcrel-advise-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn app() -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, fcrel::RulesPlugin));
    app
}

/// Play the Seven Days with the objective policy until `stop` says so;
/// the game as a save and the dice rolled so far.
fn save_when(
    options: GameOptions,
    mut stop: impl FnMut(&PendingDecision) -> bool,
) -> Option<(SaveFile, u64)> {
    let c = Arc::new(campaign::load_bundled("seven-days").unwrap());
    let mut a = app();
    a.world_mut().write_message(NewCampaign::new(c, options));
    let mut policy = Policy::Objective;
    for _ in 0..20_000 {
        a.update();
        let world = a.world_mut();
        if *world.resource::<State<GameState>>().get() == GameState::Over {
            return None;
        }
        let pending = world.resource::<PendingDecision>().clone();
        if stop(&pending) {
            let rolled = world.resource::<Dice>().rolled();
            return SaveFile::from_world(world).map(|s| (s, rolled));
        }
        if let Some(request) = pending.request {
            let board = Board::from_world(world).unwrap();
            let d = policy.decide(&board, &request).unwrap();
            world.write_message(Decide(d));
        }
    }
    panic!("the campaign does not end");
}

fn at_assignment(r: &Request) -> bool {
    r.options.contains(&Decision::EndAssign)
}

/// A Basic campaign waiting at its first Battle Plan Counter assignment.
fn assignment_save() -> (SaveFile, u64) {
    for seed in 1..30 {
        let options = GameOptions {
            battles: BattleMode::Basic,
            seed,
            ..GameOptions::default()
        };
        if let Some(found) = save_when(options, |p| p.request.as_ref().is_some_and(at_assignment)) {
            return found;
        }
    }
    panic!("no game reaches a Battle Plan Counter assignment");
}

fn advise_json(args: &[&str]) -> Value {
    let mut all = vec!["advise"];
    all.extend_from_slice(args);
    all.push("--json");
    let (code, out, err) = fcrel(&all);
    assert_eq!(code, 0, "{out}{err}");
    serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}"))
}

#[test]
fn a_save_at_an_assignment_gets_a_ranked_list() {
    let (save, rolled) = assignment_save();
    let dir = scratch("assign");
    let path = dir.join("assign.json");
    save.write(&path).unwrap();
    let p = path.to_str().unwrap();
    let args = ["--save", p, "--trials", "300", "--seed", "4"];
    let v = advise_json(&args);
    assert_eq!(v["asked"]["rule"], "12.2");
    assert_eq!(v["asked"]["assignment"], true);
    assert_eq!(v["aim"], "win");
    assert_eq!(v["trials"], 300);
    let ranked = v["ranked"].as_array().unwrap();
    assert!(ranked.len() >= 3, "{}", ranked.len());
    assert!(ranked.iter().any(|r| r["player_choice"] == true));
    // Ranks: 1 + the answers clearly better; the recommended first, then
    // by rank; a rank shared is marked tied.
    assert_eq!(ranked[0]["recommended"], true);
    let ranks: Vec<u64> = ranked.iter().map(|r| r["rank"].as_u64().unwrap()).collect();
    assert!(ranks[1..].windows(2).all(|w| w[0] <= w[1]), "{ranks:?}");
    for r in ranked {
        let shared = ranks
            .iter()
            .filter(|&&k| k == r["rank"].as_u64().unwrap())
            .count()
            > 1;
        assert_eq!(r["tied"], shared);
    }
    assert!(
        v["verdict"]
            .as_str()
            .unwrap()
            .to_lowercase()
            .contains("clearly better than")
    );
    for r in ranked.iter() {
        let e = &r["estimate"];
        let (lo, m, hi) = (
            e["low"].as_f64().unwrap(),
            e["mean"].as_f64().unwrap(),
            e["high"].as_f64().unwrap(),
        );
        assert!(0.0 <= lo && lo <= m && m <= hi && hi <= 1.0, "{e}");
        assert!(r["placements"].is_array());
        assert_eq!(
            r["decisions"].as_array().unwrap().last().unwrap()["kind"],
            "end_assign"
        );
    }
    // Deterministic for a seed, on any number of threads.
    let mut one = args.to_vec();
    one.extend(["--threads", "1"]);
    assert_eq!(v, advise_json(&one));
    // Another seed rolls other trials.
    let other = advise_json(&["--save", p, "--trials", "300", "--seed", "5"]);
    assert_ne!(v["ranked"], other["ranked"]);

    // The text lists the same answers, ranked, with intervals.
    let (code, out, err) = fcrel(&["advise", "--save", p, "--trials", "300", "--seed", "4"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Question (12.2)"), "{out}");
    assert!(out.contains("95%"), "{out}");
    let first = ranked[0]["label"].as_str().unwrap();
    let rank = if ranked[0]["tied"] == true { "=" } else { " " };
    let rank = format!("{rank}{}. {first}", ranks[0]);
    assert!(out.contains(&rank), "{rank}: {out}");
    // The player's answer as it stands is listed; "yours" once they have
    // given a counter (none given is no choice: the commander's is kept).
    let mine = ranked
        .iter()
        .find(|r| r["player_choice"] == true)
        .expect("the player's answer");
    assert!(out.contains(mine["label"].as_str().unwrap()), "{out}");
    let given = !mine["placements"].as_array().unwrap().is_empty();
    assert_eq!(out.contains("yours"), given, "{out}");
    assert!(out.contains("Trials used: 300"), "{out}");
    assert!(out.contains(v["verdict"].as_str().unwrap()), "{out}");
    for jargon in ["policy's choice", "objective policy", " tr."] {
        assert!(!out.contains(jargon), "{jargon}: {out}");
    }
    // A time budget: whole rounds until it is spent, the trials used
    // printed; --trials with that number repeats the advice exactly.
    let (code, timed, err) = fcrel(&["advise", "--save", p, "--seconds", "0.01", "--json"]);
    assert_eq!(code, 0, "{err}");
    let timed: Value = serde_json::from_str(&timed).unwrap();
    let used = timed["trials"].as_u64().unwrap();
    assert!(used > 0);
    let n = used.to_string();
    let again = advise_json(&["--save", p, "--trials", &n]);
    assert_eq!(timed["ranked"], again["ranked"]);
    let (code, _, err) = fcrel(&["advise", "--save", p, "--seconds", "0"]);
    assert_eq!(code, 2, "{err}");

    // Honesty: the same save whose later dice differ (fresh dice from the
    // die the game waits after) gets the same advice.
    let mut reseeded = save.clone();
    reseeded.reseeds.push(Reseed {
        from: rolled,
        seed: 0xD1CE,
    });
    reseeded.version = 2;
    let path2 = dir.join("reseeded.json");
    reseeded.write(&path2).unwrap();
    let p2 = path2.to_str().unwrap();
    // Its later dice do differ from the game's.
    let later = |s: &SaveFile| -> Vec<u32> {
        let c = Arc::new(campaign::load_bundled(&s.campaign).unwrap());
        let mut rest = fcrel::save::replay_to_rest(s, c).unwrap();
        let mut dice = rest.app.world_mut().resource::<Dice>().clone();
        (0..20).map(|_| dice.d10("test").unwrap()).collect()
    };
    assert_ne!(later(&save), later(&reseeded));
    let w = advise_json(&["--save", p2, "--trials", "300", "--seed", "4"]);
    assert_eq!(v["ranked"], w["ranked"]);
    assert_eq!(v["asked"], w["asked"]);
    // The save is left as it was.
    assert_eq!(fcrel::save::read(&path).unwrap(), save);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn saves_waiting_at_no_decision_are_refused_by_name() {
    let dir = scratch("refused");
    // Physical dice: the game waits for a die, not a decision.
    let options = GameOptions {
        battles: BattleMode::Quick,
        dice: DiceMode::Physical,
        seed: 2,
        ..GameOptions::default()
    };
    let (save, _) = save_when(options, |p| p.die.is_some()).expect("a die is asked");
    let path = dir.join("waiting-for-a-die.json");
    save.write(&path).unwrap();
    let p = path.to_str().unwrap();
    let (code, out, err) = fcrel(&["advise", "--save", p, "--trials", "10"]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.is_empty(), "{out}");
    assert!(err.contains(p), "{err}");
    assert!(err.contains("waits for a die"), "{err}");

    let missing = dir.join("no-such-save.json");
    let m = missing.to_str().unwrap();
    let (code, _, err) = fcrel(&["advise", "--save", m]);
    assert_eq!(code, 1);
    assert!(err.contains(m), "{err}");

    let damaged = dir.join("damaged.json");
    std::fs::write(&damaged, "{ \"format\": \"fcrel-save\", ").unwrap();
    let d = damaged.to_str().unwrap();
    let (code, _, err) = fcrel(&["advise", "--save", d]);
    assert_eq!(code, 1);
    assert!(err.contains(d), "{err}");

    let (code, _, err) = fcrel(&["advise", "--save", d, "--aim", "glory"]);
    assert_eq!(code, 2);
    assert!(err.contains("--aim glory"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A campaign question (outside a battle) is weighed by playing the
/// campaign to its end: the ranking names campaigns won and lost.
#[test]
fn a_question_outside_a_battle_is_played_to_the_campaigns_end() {
    let options = GameOptions {
        battles: BattleMode::VeryQuick,
        seed: 3,
        ..GameOptions::default()
    };
    let (save, _) = save_when(options, |p| {
        p.request.as_ref().is_some_and(|r| {
            r.battle_location.is_none() && r.options.len() >= 2 && r.options.len() <= 6
        })
    })
    .expect("a campaign question");
    let dir = scratch("campaign");
    let path = dir.join("campaign.json");
    save.write(&path).unwrap();
    let p = path.to_str().unwrap();
    let v = advise_json(&["--save", p, "--trials", "40", "--aim", "campaign"]);
    assert!(v["asked"]["battle"].is_null());
    assert_eq!(v["endings"][0][0], "campaign_won");
    let ranked = v["ranked"].as_array().unwrap();
    assert!(ranked.len() >= 2);
    let n: u64 = ranked.iter().map(|r| r["trials"].as_u64().unwrap()).sum();
    assert_eq!(n, 40);
    let _ = std::fs::remove_dir_all(&dir);
}
