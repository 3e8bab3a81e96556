//! `fcrel odds`: the endings' probabilities sum to 1, the output does not
//! depend on the number of threads, the counts agree with an independent
//! count of `fcrel battle`-style runs, and bad input (a save not at a
//! battle, missing or damaged files) is refused with the file named.

mod common;
use common::fcrel;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use fcrel::campaign::{self, Side};
use fcrel::rules::battle::Ending;
use fcrel::rules::board::Board;
use fcrel::rules::commander::Policy;
use fcrel::rules::decision::{Decider, Decision};
use fcrel::rules::difficulty::{BattleMode, GameOptions};
use fcrel::rules::sequence::{Decide, GameState, PendingDecision};
use fcrel::rules::setup::NewCampaign;
use fcrel::save::SaveFile;
use serde_json::Value;

const SCENARIO: &str = "scenarios/quick-glendale.json";

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("fcrel-odds-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn odds_json(args: &[&str]) -> Value {
    let mut all = vec!["odds"];
    all.extend_from_slice(args);
    all.push("--json");
    let (code, out, err) = fcrel(&all);
    assert_eq!(code, 0, "{out}{err}");
    assert!(err.contains("battles per second"), "{err}");
    serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}"))
}

#[test]
fn exclusive_endings_sum_to_one() {
    let v = odds_json(&["--scenario", SCENARIO, "--trials", "2000", "--seed", "5"]);
    let endings = v["endings"].as_array().unwrap();
    assert_eq!(endings.len(), 11);
    let p: f64 = endings
        .iter()
        .map(|e| e["probability"].as_f64().unwrap())
        .sum();
    assert!((p - 1.0).abs() < 1e-9, "the probabilities sum to {p}");
    let n: u64 = endings.iter().map(|e| e["count"].as_u64().unwrap()).sum();
    assert_eq!(n, 2000);
    for e in endings {
        let (p, lo, hi) = (
            e["probability"].as_f64().unwrap(),
            e["low"].as_f64().unwrap(),
            e["high"].as_f64().unwrap(),
        );
        assert!(0.0 <= lo && lo <= p && p <= hi && hi <= 1.0, "{e}");
    }
    // More than one ending happens: the battle is not scripted.
    assert!(endings.iter().filter(|e| e["count"] != 0).count() >= 3);
    for side in ["confederate", "union"] {
        let m = &v["hits"][side];
        assert!(
            m["low"].as_f64() <= m["mean"].as_f64() && m["mean"].as_f64() <= m["high"].as_f64()
        );
        assert!(v["combat_left"][side]["mean"].as_f64().unwrap() >= 0.0);
    }
    // The text table reads the same numbers.
    let (code, out, err) = fcrel(&[
        "odds",
        "--scenario",
        SCENARIO,
        "--trials",
        "2000",
        "--seed",
        "5",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("Estimate from 2000 simulated battles"),
        "{out}"
    );
    assert!(out.contains("Union retreat (14.8)"), "{out}");
    assert!(out.contains("Combat Value left"), "{out}");
}

#[test]
fn one_and_two_threads_print_the_same() {
    for mode in ["quick", "very-quick"] {
        let run = |threads: &str| {
            let (code, out, err) = fcrel(&[
                "odds",
                "--scenario",
                SCENARIO,
                "--trials",
                "1500",
                "--seed",
                "77",
                "--battles",
                mode,
                "--threads",
                threads,
                "--json",
            ]);
            assert_eq!(code, 0, "{err}");
            let n: i64 = threads.parse().unwrap();
            let on = fcrel::chronicle::counted(n, "thread", "threads");
            assert!(err.contains(&format!("on {on}:")), "{err}");
            out
        };
        let one = run("1");
        assert_eq!(one, run("2"), "{mode}");
        assert_eq!(one, run("3"), "{mode}");
    }
}

/// The ending's id as the odds report names it, mapped here on its own.
fn ending_id(e: Ending) -> &'static str {
    match e {
        Ending::Routed { loser: Side::Union } => "union_routed",
        Ending::Routed { .. } => "confederates_routed",
        Ending::Retreat { side: Side::Union } => "union_retreat",
        Ending::Retreat { .. } => "confederate_retreat",
        Ending::Encamp | Ending::LastTurn => "encamp",
        Ending::Enveloped { loser: Side::Union } => "union_enveloped",
        Ending::Enveloped { .. } => "confederates_enveloped",
        Ending::ConfederateWithdrew => "confederates_withdrew",
        Ending::Cleared {
            loser: Some(Side::Union),
        } => "union_cleared",
        Ending::Cleared {
            loser: Some(Side::Confederate),
        } => "confederates_cleared",
        Ending::Cleared { loser: None } => "both_cleared",
    }
}

/// What `fcrel battle` would print as the ending for each of `n` copies of
/// the scenario seeded game_seed(seed, t), counted: ending → count, and the
/// campaign-lost, rejoined and Union-hits totals.
fn battle_runs(
    seed: u64,
    n: u64,
) -> (std::collections::BTreeMap<&'static str, u64>, u64, u64, u64) {
    let (scenario, campaign) =
        fcrel::scenario::load_scenario(&Path::new(env!("CARGO_MANIFEST_DIR")).join(SCENARIO))
            .unwrap();
    let mut counts = std::collections::BTreeMap::new();
    let (mut lost, mut rejoined, mut union_hits) = (0, 0, 0);
    for t in 0..n {
        let mut s = scenario.clone();
        s.seed = fcrel::sim::game_seed(seed, t);
        s.dice = None;
        s.decisions.clear();
        s.policy = Some(Policy::Objective);
        let report = fcrel::scenario::run(&s, campaign.clone())
            .unwrap_or_else(|stopped| panic!("seed {}: {}", s.seed, stopped.1));
        *counts.entry(ending_id(report.outcome.ending)).or_insert(0) += 1;
        lost += u64::from(report.outcome.campaign_lost);
        rejoined += u64::from(report.outcome.rounds > 1);
        union_hits += u64::from(report.board.progress.casualties.union_hits);
    }
    (counts, lost, rejoined, union_hits)
}

#[test]
fn counts_agree_with_independent_battle_runs() {
    // 1. The same seeds: each trial is the battle `fcrel battle` fights with
    //    that seed, so the counts must be exactly the same.
    let n = 400;
    let v = odds_json(&[
        "--scenario",
        SCENARIO,
        "--trials",
        &n.to_string(),
        "--seed",
        "9",
        "--threads",
        "2",
    ]);
    let (counts, lost, rejoined, union_hits) = battle_runs(9, n);
    for e in v["endings"].as_array().unwrap() {
        let id = e["ending"].as_str().unwrap();
        assert_eq!(
            e["count"].as_u64().unwrap(),
            counts.get(id).copied().unwrap_or(0),
            "{id}: {counts:?}"
        );
    }
    assert_eq!(v["campaign_lost"]["count"].as_u64(), Some(lost));
    assert_eq!(v["rejoined"]["count"].as_u64(), Some(rejoined));
    let mean = v["hits"]["union"]["mean"].as_f64().unwrap();
    assert!((mean - union_hits as f64 / n as f64).abs() < 1e-9, "{mean}");

    // 2. Different seeds: an independent sample of 500 battles; each
    //    ending's frequency must agree with the 2,000-trial estimate within
    //    a two-sample bound (4 standard errors, plus one battle's worth).
    let big = odds_json(&["--scenario", SCENARIO, "--trials", "2000", "--seed", "3"]);
    let m = 500;
    let (counts, _, _, _) = battle_runs(0xDEAD_BEEF, m);
    let n1 = 2000.0;
    let n2 = m as f64;
    for e in big["endings"].as_array().unwrap() {
        let id = e["ending"].as_str().unwrap();
        let p1 = e["probability"].as_f64().unwrap();
        let p2 = counts.get(id).copied().unwrap_or(0) as f64 / n2;
        let pooled = (p1 * n1 + p2 * n2) / (n1 + n2);
        let bound = 4.0 * (pooled * (1.0 - pooled) * (1.0 / n1 + 1.0 / n2)).sqrt() + 1.0 / n2;
        assert!(
            (p1 - p2).abs() <= bound,
            "{id}: odds {p1:.4} against independent {p2:.4} (bound {bound:.4})"
        );
        // And the independent frequency lies in the odds' 95% interval
        // widened by the independent sample's own error.
        let widen = 3.0 * (pooled * (1.0 - pooled) / n2).sqrt() + 1.0 / n2;
        assert!(
            e["low"].as_f64().unwrap() - widen <= p2 && p2 <= e["high"].as_f64().unwrap() + widen,
            "{id}: {p2:.4} outside [{}, {}] ± {widen:.4}",
            e["low"],
            e["high"]
        );
    }
}

fn app() -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, fcrel::RulesPlugin));
    app
}

/// Play with the objective policy until `stop` says so at a request;
/// returns the game as a save, or None when the campaign ended first.
fn save_when(
    options: GameOptions,
    mut stop: impl FnMut(&mut World, &fcrel::rules::decision::Request) -> bool,
) -> Option<SaveFile> {
    let c = Arc::new(campaign::load_bundled("seven-days").unwrap());
    let mut a = app();
    a.world_mut().write_message(NewCampaign::new(c, options));
    let mut policy = Policy::Objective;
    for _ in 0..20_000 {
        a.update();
        let world = a.world_mut();
        assert!(world.resource::<PendingDecision>().blocked.is_none());
        if *world.resource::<State<GameState>>().get() == GameState::Over {
            return None;
        }
        if let Some(request) = world.resource::<PendingDecision>().request.clone() {
            if stop(world, &request) {
                return SaveFile::from_world(world);
            }
            let board = Board::from_world(world).unwrap();
            let d = policy.decide(&board, &request).unwrap();
            world.write_message(Decide(d));
        }
    }
    panic!("the campaign does not end");
}

#[test]
fn a_save_not_at_a_battle_is_refused_with_its_name() {
    let options = GameOptions {
        battles: BattleMode::Quick,
        seed: 4,
        ..GameOptions::default()
    };
    // The first question of the campaign: no area holds both armies.
    let save = save_when(options, |world, _| {
        let b = Board::from_world(world).unwrap();
        !b.graph
            .ids
            .iter()
            .any(|a| b.has_side(a, Side::Union) && b.has_side(a, Side::Confederate))
    })
    .unwrap();
    let dir = scratch("not-at-battle");
    let path = dir.join("quiet-morning.json");
    save.write(&path).unwrap();
    let p = path.to_str().unwrap();
    let (code, out, err) = fcrel(&["odds", "--save", p, "--trials", "10"]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.is_empty(), "{out}");
    assert!(err.contains(p), "{err}");
    assert!(err.contains("not at a battle"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_save_inside_a_battle_goes_on_from_where_it_waits() {
    // Quick battles ask "fight on?" after each battle turn; the objective
    // policy attacks early in the Seven Days.
    let mut found = None;
    for seed in 1..40 {
        let options = GameOptions {
            battles: BattleMode::Quick,
            seed,
            ..GameOptions::default()
        };
        if let Some(s) = save_when(options, |_, r| r.battle_location.is_some()) {
            found = Some(s);
            break;
        }
    }
    let save = found.expect("some game reaches a decision inside a battle");
    let dir = scratch("in-battle");
    let path = dir.join("mid-battle.json");
    save.write(&path).unwrap();
    let p = path.to_str().unwrap();
    let run = |threads: &str| odds_json(&["--save", p, "--trials", "300", "--threads", threads]);
    let v = run("1");
    assert_eq!(v, run("2"));
    assert_eq!(v["source"]["kind"], "save");
    assert_eq!(v["mode"], "quick");
    let sum: f64 = v["endings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["probability"].as_f64().unwrap())
        .sum();
    assert!((sum - 1.0).abs() < 1e-9);
    // The battle had begun: its rolls so far are replayed in every trial.
    assert!(
        v["in_progress"]["dice_replayed"].as_u64().unwrap() > 0,
        "{}",
        v["in_progress"]
    );
    // The save itself is left as it was.
    assert_eq!(fcrel::save::read(&path).unwrap(), save);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_files_are_reported_by_name() {
    let dir = scratch("bad");
    let missing = dir.join("no-such-scenario.json");
    let m = missing.to_str().unwrap();
    let (code, _, err) = fcrel(&["odds", "--scenario", m]);
    assert_eq!(code, 1);
    assert!(err.contains(m), "{err}");

    let broken = dir.join("broken.json");
    std::fs::write(&broken, "{ \"format_version\": 1, \"campaign\": ").unwrap();
    let b = broken.to_str().unwrap();
    let (code, _, err) = fcrel(&["odds", "--scenario", b]);
    assert_eq!(code, 1);
    assert!(err.contains(b), "{err}");

    let (code, _, err) = fcrel(&["odds", "--save", b]);
    assert_eq!(code, 1);
    assert!(err.contains(b) && err.contains("truncated"), "{err}");

    let (code, _, err) = fcrel(&["odds", "--save", m]);
    assert_eq!(code, 1);
    assert!(err.contains(m), "{err}");

    let (code, _, err) = fcrel(&["odds", "--scenario", SCENARIO, "--battles", "slow"]);
    assert_eq!(code, 2);
    assert!(err.contains("--battles slow"), "{err}");
    let (code, _, _) = fcrel(&["odds", "--scenario", SCENARIO, "--threads", "0"]);
    assert_eq!(code, 2);
    let (code, _, _) = fcrel(&["odds"]);
    assert_eq!(code, 2);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A save waiting at 9.3's "Which battle is fought next?": `--area` weighs
/// any of the battles waiting, from the board the step has reached; an area
/// with no battle is refused with the ones waiting.
#[test]
fn a_save_at_the_choice_of_battles_weighs_the_one_named() {
    let mut areas: Vec<String> = Vec::new();
    let mut found = None;
    for seed in 1..60 {
        let options = GameOptions {
            battles: BattleMode::Quick,
            seed,
            ..GameOptions::default()
        };
        let at_choice = |_: &mut World, r: &fcrel::rules::decision::Request| {
            areas = r
                .options
                .iter()
                .filter_map(|d| match d {
                    Decision::FightBattleAt { area } => Some(area.to_string()),
                    _ => None,
                })
                .collect();
            areas.len() > 1
        };
        if let Some(s) = save_when(options, at_choice) {
            found = Some(s);
            break;
        }
    }
    let save = found.expect("some game has two battles waiting at once");
    let dir = scratch("at-choice");
    let path = dir.join("two-battles.json");
    save.write(&path).unwrap();
    let p = path.to_str().unwrap();
    for area in &areas {
        let v = odds_json(&["--save", p, "--area", area, "--trials", "100"]);
        assert_eq!(v["area"], area.as_str(), "{v}");
        assert!(v["in_progress"].is_null(), "{}", v["in_progress"]);
    }
    let (code, _, err) = fcrel(&[
        "odds",
        "--save",
        p,
        "--area",
        "richmond-south",
        "--trials",
        "10",
    ]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("battles waiting"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 32 item 7, O13.0 "Used with: Basic and Advanced Battle Rules.":
/// the battle a Basic save with the Optional Union Tactics Tables waits in
/// is not weighed in Quick battle rules — `--battles quick` is refused,
/// naming the rule and the save's field — and is in Advanced ones.
#[test]
fn odds_of_a_save_refuse_a_mode_its_rules_are_not_used_with() {
    let mut found = None;
    for seed in 1..40 {
        let options = GameOptions {
            battles: BattleMode::Basic,
            seed,
            tactics_tables: true,
            ..GameOptions::default()
        };
        if let Some(s) = save_when(options, |_, r| r.battle_location.is_some()) {
            found = Some(s);
            break;
        }
    }
    let save = found.expect("some game reaches a decision inside a battle");
    let dir = scratch("not-used-with");
    let path = dir.join("tables.json");
    save.write(&path).unwrap();
    let p = path.to_str().unwrap();
    let (code, out, err) = fcrel(&["odds", "--save", p, "--battles", "quick", "--trials", "10"]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.is_empty(), "{out}");
    assert!(
        err.contains(&format!(
            "{p}: options.tactics_tables: Optional Union Tactics Tables (O13.0)"
        )),
        "{err}"
    );
    assert!(
        err.contains("not used with Quick battles") && err.contains("(--battles quick)"),
        "{err}"
    );
    let v = odds_json(&["--save", p, "--battles", "advanced", "--trials", "10"]);
    assert_eq!(v["mode"], "advanced");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `--per-trial` lists every trial's outcome in trial order: its counts
/// are the report's, the list is the same on one thread or three, and
/// without the option there is no list and the same figures.
#[test]
fn per_trial_outcomes_agree_with_the_counts() {
    let run = |threads: &str| {
        odds_json(&[
            "--scenario",
            SCENARIO,
            "--trials",
            "300",
            "--seed",
            "9",
            "--per-trial",
            "--threads",
            threads,
        ])
    };
    let v = run("1");
    let per = v["per_trial"].as_array().unwrap();
    assert_eq!(per.len(), 300);
    let count = |f: &dyn Fn(&Value) -> bool| per.iter().filter(|t| f(t)).count() as u64;
    assert_eq!(
        count(&|t| t["win"] == true),
        v["union_leaves_area"]["count"].as_u64().unwrap()
    );
    assert_eq!(
        count(&|t| t["campaign_lost"] == true),
        v["campaign_lost"]["count"].as_u64().unwrap()
    );
    for e in v["endings"].as_array().unwrap() {
        assert_eq!(
            count(&|t| t["ending"] == e["ending"]),
            e["count"].as_u64().unwrap(),
            "{}",
            e["ending"]
        );
    }
    assert!(per.iter().all(|t| t.get("advised_answers").is_none()));
    assert!(count(&|t| t["win"] == true) > 0 && count(&|t| t["win"] == false) > 0);
    assert_eq!(v, run("3"));
    let plain = odds_json(&["--scenario", SCENARIO, "--trials", "300", "--seed", "9"]);
    assert!(plain.get("per_trial").is_none());
    assert_eq!(plain["endings"], v["endings"]);
    // It needs --json.
    let (code, _, err) = fcrel(&["odds", "--scenario", SCENARIO, "--per-trial"]);
    assert_eq!(code, 2, "{err}");
}

/// Advised, each trial says how many answers the advisor gave in it; on
/// the same trial seeds the advised and objective lists pair up.
#[test]
fn advised_per_trial_counts_the_advisors_answers() {
    let args = |policy: &'static str| {
        vec![
            "--scenario",
            "scenarios/basic-glendale.json",
            "--trials",
            "4",
            "--seed",
            "3",
            "--per-trial",
            "--policy",
            policy,
            "--advice-trials",
            "4",
        ]
    };
    let v = odds_json(&args("advised"));
    assert_eq!(v["advised"], 4);
    let per = v["per_trial"].as_array().unwrap();
    assert_eq!(per.len(), 4);
    assert!(
        per.iter()
            .all(|t| t["advised_answers"].as_u64().is_some_and(|n| n > 0)),
        "{per:?}"
    );
    let o = odds_json(&args("objective"));
    assert_eq!(o["per_trial"].as_array().unwrap().len(), 4);
    assert!(o.get("advised").is_none());
}

/// `fcrel bench-scenario` writes the scenario its seed draws, which
/// `fcrel battle` fights; the same seed writes the same bytes; it never
/// replaces a file, and an unknown mode is refused.
#[test]
fn bench_scenario_writes_a_scenario_that_fights() {
    let dir = scratch("bench");
    let (a, b) = (dir.join("a.json"), dir.join("b.json"));
    let write = |p: &Path| {
        fcrel(&[
            "bench-scenario",
            "--seed",
            "3",
            "--battles",
            "advanced",
            "--out",
            p.to_str().unwrap(),
        ])
    };
    let (code, out, err) = write(&a);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Generated advanced battle 3"), "{out}");
    let (code, out, err) = fcrel(&["battle", "--scenario", a.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}{err}");
    assert_eq!(write(&b).0, 0);
    let text = std::fs::read(&a).unwrap();
    assert_eq!(text, std::fs::read(&b).unwrap());
    let (code, _, err) = write(&a);
    assert_eq!(code, 1);
    assert!(err.contains("a.json"), "{err}");
    assert_eq!(std::fs::read(&a).unwrap(), text);
    let c = dir.join("c.json");
    let (code, _, err) = fcrel(&[
        "bench-scenario",
        "--seed",
        "3",
        "--battles",
        "huge",
        "--out",
        c.to_str().unwrap(),
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(!c.exists());
    let _ = std::fs::remove_dir_all(&dir);
}
