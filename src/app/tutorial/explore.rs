//! The seed search behind lesson 1 (run by hand:
//! `cargo test --lib tutorial::explore -- --ignored --nocapture`): the
//! tutorial campaign played with the lesson's moves and the Objective
//! commander for the rest, seed after seed; each seed's result, its
//! battles' endings and the questions asked (rule:answers) are printed.
//! `SEED=53 cargo test --lib tutorial::explore::show -- --ignored
//! --nocapture` prints one story's questions and answers as
//! `tools/tutorial-lesson-1.tsv` holds them (with `CHRONICLE=1`, then
//! the story's Chronicle, roll by roll). Seed 53 was chosen: the
//! battle is won by a Union Rout after a first Rout check without one,
//! Resupply has Command Points for a Scout and a purchase, the campaign
//! is won.
//!
//! For other lessons: `CAMPAIGN=campaigns/tutorial/<file>.json`,
//! `MODE=basic|quick|very-quick|advanced` and `SCRIPT=<tsv>` (a story's
//! first decisions, one `rule<TAB>answer JSON` a line, as
//! `tools/tutorial-lesson-1.tsv`) choose the campaign, the battles and
//! the moves played before the Objective commander takes over; `SEEDS=a..b`
//! the seeds tried. `CHRONICLE=1` with `show` prints, before each answer,
//! the Chronicle's new lines and every answer offered (with its words):
//! what a lesson's cards are written from. Lesson 3 (Advanced battles):
//! `CAMPAIGN=campaigns/tutorial/tutorial-advanced.json MODE=advanced
//! SCRIPT=tools/tutorial-lesson-3.tsv SEED=20`.

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;

use crate::rules::battle::record::BattleRecords;
use crate::rules::decision::{Decider, Decision};
use crate::rules::sequence::{Decide, GameState, PendingDecision};
use crate::rules::setup::NewCampaign;

/// The campaign file, battle mode and opening of the story explored
/// (`CAMPAIGN`, `MODE`, `SCRIPT`; lesson 1's by default).
fn setting() -> (String, crate::rules::difficulty::BattleMode, Vec<Decision>) {
    let campaign =
        std::env::var("CAMPAIGN").unwrap_or_else(|_| "campaigns/tutorial/tutorial.json".into());
    let mode = std::env::var("MODE")
        .map(|m| serde_json::from_str(&format!("\"{m}\"")).expect("MODE: a battle mode"))
        .unwrap_or(crate::rules::difficulty::BattleMode::Basic);
    let script = match std::env::var("SCRIPT") {
        Ok(file) => std::fs::read_to_string(&file)
            .expect("SCRIPT: a readable file")
            .lines()
            .filter(|l| !l.trim().is_empty())
            .map(|l| {
                let answer = l.split('\t').nth(1).expect("SCRIPT: rule<TAB>answer");
                serde_json::from_str(answer).expect("SCRIPT: an answer in JSON")
            })
            .collect(),
        Err(_) => script(),
    };
    (campaign, mode, script)
}

fn run(seed: u64, verbose: bool) -> Option<(bool, usize, String)> {
    let (campaign, battles, script) = setting();
    let script = &script[..];
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, crate::RulesPlugin));
    app.init_resource::<BattleRecords>();
    let campaign = std::sync::Arc::new(
        crate::campaign::load_campaign_file(std::path::Path::new(&campaign)).unwrap(),
    );
    let options = crate::rules::difficulty::GameOptions {
        battles,
        seed,
        ..Default::default()
    };
    app.world_mut()
        .write_message(NewCampaign::new(campaign, options));
    let mut n = 0;
    let mut policy = crate::rules::commander::Policy::Objective;
    let mut log = String::new();
    let mut told = 0;
    for _ in 0..3000 {
        app.update();
        if *app.world().resource::<State<GameState>>().get() == GameState::Over {
            let board = crate::rules::board::Board::from_world(app.world_mut()).unwrap();
            let r = board.progress.result.clone().unwrap();
            let rec = app.world().resource::<BattleRecords>();
            let endings: Vec<String> = rec
                .battles
                .iter()
                .map(|b| format!("{:?}", b.ending))
                .collect();
            if verbose && std::env::var("CHRONICLE").is_ok() {
                for e in app
                    .world()
                    .resource::<crate::chronicle::Chronicle>()
                    .entries()
                {
                    println!("CHRONICLE\t{}", e.line());
                }
            }
            return Some((r.victory, n, format!("{} {:?} {log}", r.reason, endings)));
        }
        let Some(r) = app.world().resource::<PendingDecision>().request.clone() else {
            continue;
        };
        let d = if n < script.len() {
            script[n]
        } else {
            let board = crate::rules::board::Board::from_world(app.world_mut()).unwrap();
            policy.decide(&board, &r).ok()?
        };
        if verbose {
            // The story so far and the answers offered (CHRONICLE=1).
            if std::env::var("CHRONICLE").is_ok() {
                let c = app.world().resource::<crate::chronicle::Chronicle>();
                for e in &c.entries()[told..] {
                    println!("    {}", e.line());
                }
                told = c.len();
                let board = crate::rules::board::Board::from_world(app.world_mut()).unwrap();
                for o in &r.options {
                    println!(
                        "      ? {} {}",
                        serde_json::to_string(o).unwrap(),
                        crate::rules::view::word(&board, o)
                    );
                }
            }
            println!(
                "STEP\t{}\t{}\t{:?}",
                r.rule.as_str(),
                serde_json::to_string(&d).unwrap(),
                d
            );
        }
        if !r.options.contains(&d) {
            println!("illegal at {n}: {d:?}");
            return None;
        }
        log.push_str(&format!("{}:{} ", r.rule.as_str(), r.options.len()));
        app.world_mut().write_message(Decide(d));
        n += 1;
    }
    None
}

fn script() -> Vec<Decision> {
    let mv = |f: &str, to: &str| Decision::MoveForce {
        force: f.into(),
        to: to.into(),
    };
    vec![
        mv("ap-hill", "mechanicsville"),
        mv("longstreet", "mechanicsville"),
        Decision::EndMoves,
        mv("ap-hill", "beaver-dam-creek"),
        mv("longstreet", "beaver-dam-creek"),
        Decision::EndMoves,
    ]
}

#[test]
#[ignore]
fn explore() {
    let seeds = std::env::var("SEEDS").unwrap_or_else(|_| "1..60".into());
    let (a, b) = seeds.split_once("..").expect("SEEDS: a..b");
    for seed in a.parse::<u64>().unwrap()..b.parse::<u64>().unwrap() {
        if let Some((won, n, why)) = run(seed, false) {
            println!("seed {seed}: won {won} in {n}: {why}");
        }
    }
}

#[test]
#[ignore]
fn show() {
    let seed: u64 = std::env::var("SEED").unwrap().parse().unwrap();
    println!("{:?}", run(seed, true));
}
