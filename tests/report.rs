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
    fcrel::report::write(&report, &dir.join("game.html"), Default::default()).unwrap();
    assert_eq!(
        std::fs::read_to_string(dir.join("game.html")).unwrap(),
        html
    );
    fcrel::report::write(&report, &dir.join("game.md"), Default::default()).unwrap();
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

/// `fcrel replay` with these arguments: (exit code, stderr).
fn replay(args: &[&str]) -> (i32, String) {
    let run = std::process::Command::new(env!("CARGO_BIN_EXE_fcrel"))
        .arg("replay")
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    (
        run.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&run.stderr).into_owned(),
    )
}

/// Every file in `dir`, by name, with its bytes.
fn files(dir: &std::path::Path) -> std::collections::BTreeMap<String, Vec<u8>> {
    std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .filter(|e| e.path().is_file())
        .map(|e| {
            (
                e.file_name().to_string_lossy().into_owned(),
                std::fs::read(e.path()).unwrap(),
            )
        })
        .collect()
}

/// Issue 45 item 1: a report never replaces the save it is made from, a
/// .json file (a save, a replay, a branch) or an existing file without
/// --force, and never opens a named pipe; each refusal is one line naming
/// the file, exit 1, and every file is left as it was.
#[test]
fn a_report_never_replaces_a_file_it_did_not_write() {
    let dir = scratch("refuse");
    let fixture = "tests/fixtures/seven-days-basic-turn-7-digest-2.json";
    let save = dir.join("s.json");
    std::fs::copy(fixture, &save).unwrap();
    let other = dir.join("other.json");
    std::fs::write(&other, b"{}").unwrap();
    let notes = dir.join("notes.md");
    std::fs::write(&notes, b"my notes").unwrap();
    let s = save.to_str().unwrap();
    let before = files(&dir);
    let cases: Vec<(Vec<String>, &str)> = vec![
        (vec![s.into(), "--report".into(), s.into()], ".json"),
        (
            vec![s.into(), "--report".into(), s.into(), "--force".into()],
            ".json",
        ),
        (
            vec![
                s.into(),
                "--report".into(),
                other.to_str().unwrap().into(),
                "--force".into(),
            ],
            ".json",
        ),
        (
            vec![s.into(), "--report".into(), notes.to_str().unwrap().into()],
            "exists",
        ),
        (
            vec![
                s.into(),
                "--report".into(),
                dir.to_str().unwrap().into(),
                "--force".into(),
            ],
            "directory",
        ),
    ];
    for (args, why) in &cases {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let (code, err) = replay(&args);
        assert_eq!(code, 1, "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(why), "{args:?}: {err}");
        assert_eq!(files(&dir), before, "{args:?}: nothing written");
    }
    // The save by another spelling of its path: still the input.
    let dotted = dir.join(".").join("s.json");
    let (code, err) = replay(&[s, "--report", dotted.to_str().unwrap(), "--force"]);
    assert_eq!(code, 1, "{err}");
    // A named pipe is refused without being opened (a read would hang).
    #[cfg(unix)]
    {
        let fifo = dir.join("pipe.md");
        let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
        assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o644) }, 0);
        let (code, err) = replay(&[s, "--report", fifo.to_str().unwrap(), "--force"]);
        assert_eq!(code, 1, "{err}");
        assert!(err.contains("named pipe"), "{err}");
    }
    // With --force an existing report of ours is replaced.
    let (code, err) = replay(&[s, "--report", notes.to_str().unwrap(), "--force"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("(7 turns, "), "{err}");
    assert!(
        std::fs::read_to_string(&notes)
            .unwrap()
            .contains("Old Church")
    );
    assert_eq!(
        std::fs::read(&save).unwrap(),
        std::fs::read(fixture).unwrap()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 45 item 2: a Markdown report and its maps are written all or
/// nothing. A map's name already taken stops it before anything is
/// written; a failure part-way leaves none of its files behind.
#[test]
fn a_markdown_report_is_written_all_or_nothing() {
    let dir = scratch("whole");
    let s = "tests/fixtures/seven-days-basic-turn-7-digest-2.json";
    std::fs::write(dir.join("aar-turn-3.svg"), b"mine").unwrap();
    let out = dir.join("aar.md");
    let (code, err) = replay(&[s, "--report", out.to_str().unwrap()]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("aar-turn-3.svg") && err.contains("exists"),
        "{err}"
    );
    assert_eq!(
        files(&dir).len(),
        1,
        "nothing written: {:?}",
        files(&dir).keys()
    );
    assert_eq!(std::fs::read(dir.join("aar-turn-3.svg")).unwrap(), b"mine");
    // A folder where the report goes: refused, no map left behind.
    std::fs::remove_file(dir.join("aar-turn-3.svg")).unwrap();
    std::fs::create_dir(&out).unwrap();
    let (code, err) = replay(&[s, "--report", out.to_str().unwrap(), "--force"]);
    assert_eq!(code, 1, "{err}");
    assert!(files(&dir).is_empty(), "{:?}", files(&dir).keys());
    // Written part-way: the staging folder is made, a file in it cannot
    // be moved into place (a folder of the map's name): nothing is left.
    std::fs::remove_dir(&out).unwrap();
    let report = fcrel::report::build(
        &fcrel::save::read(std::path::Path::new(s)).unwrap(),
        seven_days(),
    )
    .unwrap();
    std::fs::create_dir(dir.join("aar-turn-7.svg")).unwrap();
    std::fs::write(dir.join("aar-turn-7.svg").join("x"), b"x").unwrap();
    let opts = fcrel::report::WriteOptions {
        force: true,
        inputs: &[],
    };
    assert!(fcrel::report::write(&report, &out, opts).is_err());
    assert!(files(&dir).is_empty(), "{:?}", files(&dir).keys());
    let _ = std::fs::remove_dir_all(&dir);
}
