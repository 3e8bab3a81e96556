//! The after-action report (issue 38): the report of a fixed replay, a
//! whole Seven Days played by the scripted commander with Basic battles,
//! names every battle and the final Victory Points, in Markdown and HTML,
//! with a map for every Campaign Turn.

use std::path::PathBuf;
use std::sync::Arc;

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use fcrel::campaign::{self, Campaign};
use fcrel::chronicle::Chronicle;
use fcrel::luck::Kind;
use fcrel::rules::commander::Policy;
use fcrel::rules::difficulty::{BattleMode, GameOptions};
use fcrel::rules::sequence::{GameState, ScriptedCommander};
use fcrel::rules::setup::NewCampaign;
use fcrel::save::SaveFile;

fn seven_days() -> Arc<Campaign> {
    Arc::new(campaign::load_bundled("seven-days").unwrap())
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("fcrel-report-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A whole game played headless: its save (a replay file) and chronicle.
fn finished_game() -> (SaveFile, Chronicle) {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, fcrel::RulesPlugin));
    app.insert_resource(ScriptedCommander(Policy::Objective));
    let options = GameOptions {
        battles: BattleMode::Basic,
        seed: 8,
        ..GameOptions::default()
    };
    app.world_mut()
        .write_message(NewCampaign::new(seven_days(), options));
    for _ in 0..5_000 {
        app.update();
        if *app.world().resource::<State<GameState>>().get() == GameState::Over {
            let world = app.world_mut();
            let save = SaveFile::from_world(world).unwrap();
            return (save, world.resource::<Chronicle>().clone());
        }
    }
    panic!("the campaign does not end");
}

#[test]
fn the_report_names_every_battle_and_the_final_victory_points() {
    let (save, chronicle) = finished_game();
    let report = fcrel::report::build(&save, seven_days()).unwrap();
    assert!(report.finished);
    assert_eq!(report.digest, save.digest);
    let end = report.end.clone().expect("the campaign ended");
    // Every battle, in the order fought.
    let fought: Vec<&str> = chronicle
        .battles()
        .iter()
        .map(|b| b.area.as_str())
        .collect();
    let reported: Vec<&str> = report.battles.iter().map(|b| b.area.as_str()).collect();
    assert_eq!(reported, fought);
    assert!(fought.len() >= 3, "{} battles", fought.len());
    assert!(report.battles.iter().all(|b| b.ending.is_some()));
    // Basic battles: attacks count in the luck record.
    assert!(report.luck.rolls.iter().any(|r| r.kind == Kind::Attack));
    let md = fcrel::report::to_markdown(&report, &|t| format!("map-{t}.svg"));
    let html = fcrel::report::to_html(&report);
    for (k, b) in report.battles.iter().enumerate() {
        let heading = format!("{}. Battle of {} (Turn {})", k + 1, b.area_name, b.turn);
        assert!(md.contains(&heading), "{heading}");
        assert!(html.contains(&heading.replace('\'', "&#39;")), "{heading}");
    }
    let vp = format!(
        "{} Victory Points against Lee&#39;s historical {}",
        end.victory_points, end.lee_historical_vp
    );
    assert!(html.contains(&vp), "{vp}");
    assert!(md.contains(&vp.replace("&#39;", "'")));
    // A map for every Campaign Turn: linked files, inline SVG.
    assert_eq!(report.turns.len() as u32, report.turns.last().unwrap().turn);
    for t in &report.turns {
        assert!(md.contains(&format!("(map-{}.svg)", t.turn)));
    }
    assert_eq!(html.matches("<svg ").count(), report.turns.len());
    assert!(!html.contains("src=\"http") && !html.contains("href=\"http"));

    // Written by the extension: HTML alone, Markdown with its maps.
    let dir = scratch("write");
    fcrel::report::write(&report, &dir.join("game.html")).unwrap();
    assert_eq!(
        std::fs::read_to_string(dir.join("game.html")).unwrap(),
        html
    );
    fcrel::report::write(&report, &dir.join("game.md")).unwrap();
    for t in &report.turns {
        let svg = std::fs::read_to_string(dir.join(format!("game-turn-{}.svg", t.turn))).unwrap();
        assert!(svg.starts_with("<svg xmlns"));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// `fcrel replay FILE --report OUT`: HTML for .html, Markdown and its maps
/// for .md; the save is only read.
#[test]
fn replay_writes_the_report_by_its_extension() {
    let dir = scratch("cli");
    let file = "tests/fixtures/seven-days-basic-turn-7-digest-2.json";
    let before = std::fs::read(file).unwrap();
    for name in ["aar.html", "aar.md"] {
        let out = dir.join(name);
        let run = std::process::Command::new(env!("CARGO_BIN_EXE_fcrel"))
            .args(["replay", file, "--report", out.to_str().unwrap()])
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .output()
            .unwrap();
        assert!(
            run.status.success(),
            "{}",
            String::from_utf8_lossy(&run.stderr)
        );
        let text = std::fs::read_to_string(&out).unwrap();
        assert!(text.contains("Battle of Old Church (Turn 2)"), "{name}");
    }
    assert!(dir.join("aar-turn-7.svg").exists());
    assert!(
        !dir.join("aar-turn-8.svg").exists(),
        "the save stops at Turn 7"
    );
    assert_eq!(std::fs::read(file).unwrap(), before);
    let _ = std::fs::remove_dir_all(&dir);
}
