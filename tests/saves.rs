//! Saves and replays: a saved game loads as exactly the same game, writes
//! never lose a good file, and damaged files of every kind are reported and
//! left byte for byte as they were.

mod common;
use common::fcrel;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use fcrel::campaign::{self, Campaign};
use fcrel::rules::board::Board;
use fcrel::rules::commander::Policy;
use fcrel::rules::decision::Decider;
use fcrel::rules::difficulty::{BattleMode, GameOptions};
use fcrel::rules::sequence::{Decide, GameState, PendingDecision};
use fcrel::rules::setup::NewCampaign;
use fcrel::save::{self, SaveFile};

fn seven_days() -> Arc<Campaign> {
    Arc::new(campaign::load_bundled("seven-days").unwrap())
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("fcrel-saves-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn app() -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, fcrel::RulesPlugin));
    app
}

/// Answer pending questions with the policy, as the window sends them,
/// until `stop` says so or the campaign ends. Returns the decisions sent.
fn play(app: &mut App, mut stop: impl FnMut(&mut World) -> bool) -> usize {
    let mut policy = Policy::Objective;
    let mut sent = 0;
    for _ in 0..20_000 {
        app.update();
        let world = app.world_mut();
        assert!(world.resource::<PendingDecision>().blocked.is_none());
        if *world.resource::<State<GameState>>().get() == GameState::Over {
            return sent;
        }
        if let Some(request) = world.resource::<PendingDecision>().request.clone() {
            if stop(world) {
                return sent;
            }
            let board = Board::from_world(world).unwrap();
            let d = policy.decide(&board, &request).unwrap();
            world.write_message(Decide(d));
            sent += 1;
        }
    }
    panic!("the campaign does not end");
}

fn digest(app: &mut App) -> String {
    fcrel::rules::digest::state_digest(app.world_mut()).unwrap()
}

#[test]
fn save_load_and_continue_is_the_same_game() {
    let c = seven_days();
    for (battles, seed, stop_at) in [
        (BattleMode::Quick, 11, 40),
        (BattleMode::Basic, 12, 120),
        (BattleMode::Advanced, 13, 120),
    ] {
        let options = GameOptions {
            battles,
            seed,
            ..GameOptions::default()
        };
        // The uninterrupted game.
        let mut whole = app();
        whole
            .world_mut()
            .write_message(NewCampaign::new(c.clone(), options));
        play(&mut whole, |_| false);
        let end = digest(&mut whole);

        // The same game, saved at a decision, loaded and played on.
        let mut first = app();
        first
            .world_mut()
            .write_message(NewCampaign::new(c.clone(), options));
        let mut seen = 0;
        play(&mut first, |_| {
            seen += 1;
            seen > stop_at
        });
        let saved = SaveFile::from_world(first.world_mut()).unwrap();
        assert!(saved.decisions.len() >= stop_at, "{battles:?}");
        let dir = scratch(&format!("resume-{seed}"));
        let path = dir.join(saved.file_name(""));
        saved.write(&path).unwrap();
        let loaded = save::read(&path).unwrap();
        assert_eq!(loaded, saved);

        let mut second = app();
        second.world_mut().write_message(loaded.resume(c.clone()));
        // Replayed to the point of the save: the same state.
        let mut at_save = None;
        play(&mut second, |world| {
            at_save.get_or_insert_with(|| fcrel::rules::digest::state_digest(world).unwrap());
            true
        });
        assert_eq!(
            at_save.as_deref(),
            Some(saved.digest.as_str()),
            "{battles:?}"
        );
        // The headless replay agrees.
        let r = save::replay(&loaded, c.clone()).unwrap();
        assert_eq!(r.digest, saved.digest);
        assert_eq!(r.used, saved.decisions.len());
        // And played on, the same end.
        play(&mut second, |_| false);
        assert_eq!(digest(&mut second), end, "{battles:?}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}

fn good_save() -> SaveFile {
    let c = seven_days();
    let mut a = app();
    a.world_mut().write_message(NewCampaign::new(
        c,
        GameOptions {
            battles: BattleMode::Quick,
            seed: 4,
            ..GameOptions::default()
        },
    ));
    let mut n = 0;
    play(&mut a, |_| {
        n += 1;
        n > 5
    });
    SaveFile::from_world(a.world_mut()).unwrap()
}

#[test]
fn damaged_files_are_reported_and_left_untouched() {
    let dir = scratch("damaged");
    let good = good_save().to_json();
    let mut future: serde_json::Value = serde_json::from_str(&good).unwrap();
    future["version"] = serde_json::json!(save::VERSION + 1);
    let mut random = Vec::new();
    let mut x: u32 = 12345;
    for _ in 0..300 {
        x = x.wrapping_mul(1_103_515_245).wrapping_add(12345);
        random.push((x >> 16) as u8);
    }
    let cases: Vec<(&str, Vec<u8>, &str)> = vec![
        ("empty.json", Vec::new(), "is empty"),
        (
            "truncated.json",
            good.as_bytes()[..good.len() / 2].to_vec(),
            "truncated",
        ),
        (
            "settings.json",
            br#"{"version": 1, "ui_scale": 1.0}"#.to_vec(),
            "not an fcrel save",
        ),
        ("array.json", b"[1, 2, 3]".to_vec(), "not an fcrel save"),
        (
            "future.json",
            serde_json::to_vec(&future).unwrap(),
            "newer fcrel",
        ),
        ("random.json", random, "is not"),
    ];
    for (name, bytes, expect) in &cases {
        let path = dir.join(name);
        std::fs::write(&path, bytes).unwrap();
        let err = save::read(&path).unwrap_err();
        let text = err.to_string();
        assert!(text.contains(name), "{text}");
        assert!(text.contains(expect), "{name}: {text}");
        // Listing the folder reads them too; nothing is changed or moved.
        let listed = save::list(&dir);
        assert!(listed.iter().any(|l| l.path == path && l.save.is_err()));
        assert_eq!(std::fs::read(&path).unwrap(), *bytes, "{name} was changed");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_failed_write_keeps_the_earlier_save() {
    let dir = scratch("failed-write");
    let first = good_save();
    let path = dir.join("game.json");
    first.write(&path).unwrap();
    let before = std::fs::read(&path).unwrap();
    // The write fails half way: the temporary file cannot be made.
    let tmp = dir.join(format!(".game.json.tmp-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).unwrap();
    let mut second = first.clone();
    second.turn += 1;
    let err = second.write(&path).unwrap_err();
    assert!(err.to_string().contains("could not be written"), "{err}");
    assert_eq!(std::fs::read(&path).unwrap(), before);
    assert_eq!(save::read(&path).unwrap(), first);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn autosaves_keep_the_newest_few() {
    let dir = scratch("autosaves");
    let mut s = good_save();
    for i in 0..(save::AUTOSAVES_KEPT as u64 + 3) {
        s.saved_at = 1_800_000_000 + i * 60;
        save::autosave(&dir, &s).unwrap();
    }
    let kept = save::list(&dir);
    assert_eq!(kept.len(), save::AUTOSAVES_KEPT);
    let oldest = kept
        .iter()
        .map(|l| l.save.as_ref().unwrap().saved_at)
        .min()
        .unwrap();
    assert_eq!(oldest, 1_800_000_000 + 3 * 60);
    let _ = std::fs::remove_dir_all(&dir);
}

fn write(dir: &Path, name: &str, s: &SaveFile) -> String {
    let p = dir.join(name);
    std::fs::write(&p, s.to_json()).unwrap();
    p.to_string_lossy().into_owned()
}

#[test]
fn fcrel_replay_reproduces_and_verify_catches_tampering() {
    let dir = scratch("replay");
    let c = seven_days();
    let mut a = app();
    a.world_mut().write_message(NewCampaign::new(
        c,
        GameOptions {
            battles: BattleMode::Quick,
            seed: 8,
            ..GameOptions::default()
        },
    ));
    play(&mut a, |_| false);
    let finished = SaveFile::from_world(a.world_mut()).unwrap();
    assert!(finished.finished);
    let good = write(&dir, "good.json", &finished);
    let (code, out, err) = fcrel(&["replay", &good, "--verify"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains(&finished.digest), "{out}");

    // A different digest on file: --verify fails, a plain replay does not.
    let mut wrong = finished.clone();
    wrong.digest = "fcrel2-0000000000000000".into();
    let wrong = write(&dir, "wrong.json", &wrong);
    let (code, out, err) = fcrel(&["replay", &wrong, "--verify"]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(err.contains("differs"), "{err}");
    assert_eq!(fcrel(&["replay", &wrong]).0, 0);

    // A decision changed: the game goes another way, and --verify says so.
    let mut tampered = finished.clone();
    let i = tampered
        .decisions
        .iter()
        .position(|d| matches!(d, fcrel::rules::decision::Decision::EndMoves))
        .unwrap();
    tampered.decisions.remove(i);
    let tampered = write(&dir, "tampered.json", &tampered);
    let (code, _, err) = fcrel(&["replay", &tampered, "--verify"]);
    assert_eq!(code, 1, "{err}");

    // A damaged file is named with its problem.
    let bad = dir.join("bad.json");
    std::fs::write(&bad, b"{").unwrap();
    let (code, _, err) = fcrel(&["replay", bad.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(
        err.contains("bad.json") && err.contains("truncated"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// 21.0 / 4.4: a finished campaign goes to the Player Log with its Victory
/// Points, objectives and casualties; in a Grand Campaign a defeat ends it,
/// a victory leads on to Second Manassas; the Markdown names it all.
#[test]
fn finished_campaigns_go_to_the_player_log() {
    use fcrel::player_log::{self, GrandCampaign, GrandStatus, PlayerLog};
    let c = seven_days();
    let mut log = PlayerLog::default();
    log.grand.push(GrandCampaign {
        id: 99,
        options: Some(GameOptions::default()),
        status: GrandStatus::InProgress,
        notes: String::new(),
    });
    let mut a = app();
    a.world_mut().write_message(NewCampaign::new(
        c.clone(),
        GameOptions {
            battles: BattleMode::Quick,
            seed: 21,
            ..GameOptions::default()
        },
    ));
    play(&mut a, |_| false);
    let entry = player_log::entry_from_world(a.world_mut(), Some(99)).unwrap();
    let result = a
        .world()
        .resource::<fcrel::rules::components::Progress>()
        .result
        .clone()
        .unwrap();
    assert_eq!(entry.victory, result.victory);
    assert_eq!(entry.victory_points, result.victory_points);
    assert_eq!(entry.lee_victory_points, c.victory.lee_historical_vp);
    let met = entry.objectives.iter().filter(|o| o.achieved).count() as u32;
    assert_eq!(
        met,
        entry
            .objectives
            .iter()
            .filter(|o| o.achieved)
            .map(|o| o.vp)
            .sum::<u32>()
    );
    assert!(entry.battles > 0);
    assert!(log.record(entry.clone()));
    assert_eq!(
        log.next_campaign(99),
        result.victory.then_some("second-manassas"),
        "a defeat ends a Grand Campaign (21.0)"
    );
    let md = log.to_markdown();
    assert!(md.contains("The Seven Days Battles"), "{md}");
    assert!(md.contains(&format!("{} VP", entry.victory_points)));
}

/// With the player's own dice, the dice typed in are part of the save:
/// loading replays them and arrives at the same game.
#[test]
fn physical_dice_are_saved_and_replayed() {
    use fcrel::rules::difficulty::DiceMode;
    use fcrel::rules::sequence::EnterDie;
    let c = seven_days();
    let options = GameOptions {
        battles: BattleMode::Quick,
        dice: DiceMode::Physical,
        seed: 2,
        ..GameOptions::default()
    };
    let mut a = app();
    a.world_mut()
        .write_message(NewCampaign::new(c.clone(), options));
    let mut policy = Policy::Objective;
    let mut x: u32 = 7;
    let mut typed = 0;
    let mut decided = 0;
    for _ in 0..5_000 {
        a.update();
        let world = a.world_mut();
        let pending = world.resource::<PendingDecision>().clone();
        if pending.die.is_some() {
            x = x.wrapping_mul(1_103_515_245).wrapping_add(12345);
            world.write_message(EnterDie((x >> 16) % 10 + 1));
            typed += 1;
        } else if let Some(request) = pending.request {
            if decided >= 30 && typed >= 10 {
                break;
            }
            let board = Board::from_world(world).unwrap();
            let d = policy.decide(&board, &request).unwrap();
            world.write_message(Decide(d));
            decided += 1;
        }
    }
    assert!(typed >= 10, "only {typed} dice typed in");
    let saved = SaveFile::from_world(a.world_mut()).unwrap();
    assert_eq!(saved.dice.len(), typed);
    let r = save::replay(&saved, c).unwrap();
    assert_eq!(r.digest, saved.digest);
}

/// 21.0 The Grand Campaign played through: the five campaigns in order under
/// one set of options, each played in the app and written to the Player Log
/// before the next begins; the grand total is the sum of the five and the
/// Markdown export names every campaign. The options' seed is the first
/// under which the scripted commander wins all five (found with the
/// simulator, which plays the same games as the app).
#[test]
fn a_grand_campaign_is_played_through() {
    use fcrel::player_log::{
        GRAND_CAMPAIGN, GrandCampaign, GrandStatus, PlayerLog, entry_from_world,
    };
    use fcrel::rules::difficulty::PlayerLevel;
    let campaigns: Vec<Arc<Campaign>> = GRAND_CAMPAIGN
        .iter()
        .map(|id| Arc::new(campaign::load_bundled(id).unwrap()))
        .collect();
    for (n, c) in campaigns.iter().enumerate() {
        assert_eq!(c.grand_campaign_order as usize, n + 1, "{}", c.id);
    }
    let base = GameOptions {
        battles: BattleMode::VeryQuick,
        player: PlayerLevel::Easy,
        ..GameOptions::default()
    };
    let wins_all = |seed: u64| {
        campaigns.iter().all(|c| {
            fcrel::sim::play(c.clone(), GameOptions { seed, ..base }, Policy::Objective)
                .unwrap()
                .result
                .victory
        })
    };
    let seed = (1..2_000u64)
        .find(|&s| wins_all(s))
        .expect("some seed wins all five");
    let options = GameOptions { seed, ..base };
    let mut log = PlayerLog::default();
    log.grand.push(GrandCampaign {
        id: 7,
        options: Some(options),
        status: GrandStatus::InProgress,
        notes: String::new(),
    });
    let mut total = 0;
    for c in &campaigns {
        assert_eq!(log.next_campaign(7), Some(c.id.as_str()));
        let mut a = app();
        a.world_mut()
            .write_message(NewCampaign::new(c.clone(), options));
        play(&mut a, |_| false);
        let entry = entry_from_world(a.world_mut(), Some(7)).unwrap();
        assert!(entry.victory, "{}: {}", c.id, entry.reason);
        total += entry.victory_points;
        assert!(log.record(entry));
    }
    assert_eq!(log.next_campaign(7), None);
    assert_eq!(log.grand[0].status, GrandStatus::Completed);
    assert_eq!(log.grand_total(7), total);
    assert_eq!(log.best_grand_total(), Some(total));
    let md = log.to_markdown();
    for c in &campaigns {
        assert!(md.contains(&c.name), "{md}");
    }
    assert!(md.contains(&format!("{total} Victory Points")), "{md}");
}

/// A save written by an earlier build (before the rules built the app's
/// view and indexed the chronicle by turn, and before the chronicle named
/// a Force "Line Infantry") replays all its decisions. Its `fcrel1-` digest
/// hashed the chronicle's old wording, so `--verify` says it could not be
/// checked, and does not call it different.
#[test]
fn a_save_from_an_earlier_build_still_replays() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/seven-days-basic-turn-7-before-the-view.json"
    );
    let saved = fcrel::save::read(std::path::Path::new(path)).expect("a save");
    assert!(saved.digest.starts_with("fcrel1-"));
    let (code, out, err) = fcrel(&["replay", path, "--verify"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        err.contains(&format!("{} decisions", saved.decisions.len())),
        "{err}"
    );
    assert!(err.contains("not checked"), "{err}");
    assert!(!err.contains("differs"), "{err}");
}

/// The same game saved with the digest that leaves the chronicle's wording
/// out (`fcrel2-`): later builds verify it whatever they reword.
#[test]
fn a_save_with_a_wording_free_digest_verifies() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/seven-days-basic-turn-7-digest-2.json"
    );
    let saved = fcrel::save::read(std::path::Path::new(path)).expect("a save");
    assert!(saved.digest.starts_with("fcrel2-"));
    let (code, out, err) = fcrel(&["replay", path, "--verify"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains(&saved.digest), "{out}");
    assert!(!err.contains("not checked"), "{err}");
}

/// A game played with Optional rules is saved with them and replays to the
/// same state; without them the file does not mention them (saves from
/// before they existed load with them off).
#[test]
fn a_save_with_optional_rules_replays_and_verifies() {
    let dir = scratch("optional");
    let mut a = app();
    a.world_mut().write_message(NewCampaign::new(
        seven_days(),
        GameOptions {
            battles: BattleMode::Basic,
            seed: 5,
            resupply_availability: true,
            scout_counters: true,
            shock_checks: true,
            tactics_tables: true,
            counter_battery: true,
            battle_continues: true,
            officers_confused: true,
            confederate_groups: true,
            ..GameOptions::default()
        },
    ));
    play(&mut a, |_| false);
    let finished = SaveFile::from_world(a.world_mut()).unwrap();
    assert!(finished.options.resupply_availability && finished.options.scout_counters);
    assert!(finished.options.officers_confused && finished.options.shock_checks);
    assert!(finished.options.confederate_groups);
    let path = write(&dir, "optional.json", &finished);
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(
        text.contains("\"resupply_availability\": true")
            || text.contains("\"resupply_availability\":true"),
        "{text}"
    );
    let (code, out, err) = fcrel(&["replay", &path, "--verify"]);
    assert_eq!(code, 0, "{out}{err}");
    let plain = serde_json::to_string(&GameOptions::default()).unwrap();
    assert!(
        !plain.contains("resupply_availability")
            && !plain.contains("scout_counters")
            && !plain.contains("confederate_groups"),
        "{plain}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A bundled stand-alone battle is a game of its own: played to its result
/// in the window's rules, saved with its key, replayed and verified; a
/// campaign started after it is a campaign again.
#[test]
fn a_stand_alone_battle_is_a_game_of_its_own() {
    for key in ["cornfield", "malvern-hill"] {
        let (s, game) = fcrel::scenario::bundled_battle(key).expect("bundled");
        let c = Arc::new(campaign::load_bundled(&s.campaign).unwrap());
        let mut a = app();
        let options = GameOptions {
            battles: BattleMode::Advanced,
            seed: 3,
            ..GameOptions::default()
        };
        a.world_mut()
            .write_message(NewCampaign::stand_alone(c.clone(), options, Arc::new(game)));
        let sent = play(&mut a, |_| false);
        assert!(sent > 0, "{key}: the player was asked");
        let saved = SaveFile::from_world(a.world_mut()).unwrap();
        assert!(saved.finished, "{key}");
        assert_eq!(saved.stand_alone.as_deref(), Some(key));
        let result = a
            .world()
            .resource::<fcrel::rules::components::Progress>()
            .result
            .clone()
            .expect("a result");
        assert!(
            result.reason.contains("victory") || result.reason.starts_with("A draw"),
            "{}",
            result.reason
        );
        let text = serde_json::to_string(&saved).unwrap();
        let back: SaveFile = serde_json::from_str(&text).unwrap();
        let r = save::replay(&back, c.clone()).unwrap();
        assert_eq!(r.digest, saved.digest, "{key}");
        // Then a campaign: no stand-alone battle left behind.
        a.world_mut()
            .write_message(NewCampaign::new(seven_days(), GameOptions::default()));
        a.update();
        a.update();
        assert!(
            a.world()
                .get_resource::<fcrel::rules::battle::advanced::battle_pack::ActiveStandAlone>()
                .is_none()
        );
    }
}

/// Issue 32 item 7, The Battle Continues "Used with: Basic, Advanced and
/// Quick Battle Rules." and O13.0 "Used with: Basic and Advanced Battle
/// Rules.": a save edited by hand to hold an Optional rule its battle mode
/// is not used with is refused on loading — by the Load screen's reading,
/// `fcrel replay` and `fcrel odds` — at the field that holds it, and left
/// as it is.
#[test]
fn a_save_with_a_rule_its_mode_is_not_used_with_is_refused_at_its_field() {
    let dir = scratch("not-used-with");
    let good = good_save();
    for (mode, field, rule, words) in [
        (
            BattleMode::VeryQuick,
            "battle_continues",
            "The Battle Continues",
            "not used with Very Quick battles",
        ),
        (
            BattleMode::Quick,
            "tactics_tables",
            "Optional Union Tactics Tables (O13.0)",
            "not used with Quick battles",
        ),
    ] {
        let mut v: serde_json::Value = serde_json::from_str(&good.to_json()).unwrap();
        v["options"]["battles"] = serde_json::to_value(mode).unwrap();
        v["options"][field] = serde_json::json!(true);
        let name = format!("{field}.json");
        let path = dir.join(&name);
        let bytes = serde_json::to_vec_pretty(&v).unwrap();
        std::fs::write(&path, &bytes).unwrap();
        let text = save::read(&path).unwrap_err().to_string();
        assert!(text.contains(&name), "{text}");
        assert!(text.contains(&format!("options.{field}: {rule}")), "{text}");
        assert!(text.contains(words), "{text}");
        let listed = save::list(&dir);
        assert!(listed.iter().any(|l| l.path == path && l.save.is_err()));
        let p = path.to_string_lossy().into_owned();
        for args in [
            vec!["replay", p.as_str()],
            vec!["odds", "--save", p.as_str(), "--trials", "10"],
        ] {
            let (code, out, err) = fcrel(&args);
            assert_eq!(code, 1, "{args:?}: {out}{err}");
            assert!(
                err.contains(&format!("options.{field}: {rule}")),
                "{args:?}: {err}"
            );
        }
        assert_eq!(std::fs::read(&path).unwrap(), bytes, "{name} was changed");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
