//! Names, not ids (issue 35 item 10): a scripted campaign in each battle
//! mode (with every Optional rule it is used with), and a stand-alone
//! battle, played in a headless App as the window plays them; every text
//! the window shows from the rules (the view's status, objectives, the
//! question and each answer's words, the end; the Union turn's sections;
//! the battle records' captions and column shifts; every chronicle line)
//! is scanned for an internal id: a counter's, an area's or an
//! objective's id, or any `cs-`/`us-` counter id.

use std::collections::BTreeSet;
use std::sync::Arc;

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use fcrel::chronicle::Chronicle;
use fcrel::rules::battle::record::{BattleRecords, EventKind};
use fcrel::rules::board::Board;
use fcrel::rules::commander::Policy;
use fcrel::rules::difficulty::{BattleMode, GameOptions};
use fcrel::rules::sequence::{GameState, PendingDecision, ScriptedCommander};
use fcrel::rules::setup::NewCampaign;
use fcrel::rules::turn::Step;
use fcrel::rules::view::{GameView, union_turn_sections};

/// Every text of the view the panels show.
fn view_texts(v: &GameView, out: &mut BTreeSet<String>) {
    out.insert(v.status.phase_text());
    out.insert(v.status.campaign.clone());
    for o in &v.objectives {
        out.insert(o.text.clone());
    }
    if let Some(r) = &v.request {
        out.insert(r.request.prompt.clone());
        for c in &r.choices {
            out.insert(c.text.clone());
            if let Some(why) = &c.loses_campaign {
                out.insert(why.clone());
            }
            if let Some(odds) = &c.odds {
                out.insert(odds.text());
            }
        }
        for (_, why) in &r.request.refused {
            out.insert(why.clone());
        }
    }
    if let Some(out_of_reach) = v.victory_out_of_reach() {
        out.insert(out_of_reach.text);
    }
    if let Some(e) = &v.end {
        out.insert(e.reason.clone());
        for (text, _, _) in &e.objectives {
            out.insert(text.clone());
        }
    }
    if let Some(s) = &v.stand_alone {
        out.insert(s.name.clone());
        out.insert(s.area_name.clone());
        out.insert(s.victory_text.clone());
    }
}

/// The battle records' words: captions, Fog of War events, column shifts.
fn record_texts(records: &BattleRecords, out: &mut BTreeSet<String>) {
    for b in &records.battles {
        for e in &b.events {
            match &e.kind {
                EventKind::Sheet { caption, .. } => {
                    out.insert(caption.clone());
                }
                EventKind::FogOfWar { event, .. } => {
                    out.insert(event.clone());
                }
                EventKind::Resolution(r) => {
                    for s in &r.shifts {
                        out.insert(s.why.clone());
                    }
                }
                _ => {}
            }
        }
    }
}

/// The ids a player must never read: every counter, area and objective id
/// of the campaign.
fn ids_of(board: &Board) -> BTreeSet<String> {
    let mut ids: BTreeSet<String> = board.pieces.iter().map(|p| p.force.id.clone()).collect();
    ids.extend(board.graph.ids.iter().map(|a| a.to_string()));
    ids.extend(
        board
            .options
            .objectives(&board.campaign)
            .map(|o| o.id.clone()),
    );
    ids
}

/// The ids in `text`: a lowercase word (letters, digits, dashes) that is an
/// id of `ids`, or any word that reads like a counter id (`cs-…`, `us-…`).
fn ids_in(text: &str, ids: &BTreeSet<String>) -> Vec<String> {
    text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '-' || c == '_'))
        .map(|w| w.trim_matches('-'))
        .filter(|w| {
            ids.contains(*w)
                || ((w.starts_with("cs-") || w.starts_with("us-")) && w.len() > 3)
                || w.contains('_')
        })
        .map(str::to_string)
        .collect()
}

/// Play a game to its end with the scripted commander, collecting every
/// text the window would show on the way; the ids found, each with one
/// text it is in.
fn play(start: NewCampaign) -> (Vec<(String, String)>, usize) {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, fcrel::RulesPlugin));
    app.insert_resource(ScriptedCommander(Policy::Objective));
    app.world_mut().write_message(start);
    let mut texts = BTreeSet::new();
    let mut ids = BTreeSet::new();
    let mut last = None;
    for frame in 0.. {
        app.update();
        assert!(frame < 4_000, "the game does not end");
        let world = app.world_mut();
        assert!(world.resource::<PendingDecision>().blocked.is_none());
        let over = *world.resource::<State<GameState>>().get() == GameState::Over;
        let request = world.resource::<PendingDecision>().request.clone();
        if (request.is_some() && request != last) || over {
            last = request.clone();
            let Some(board) = Board::from_world(world) else {
                continue;
            };
            if ids.is_empty() {
                ids = ids_of(&board);
            }
            let step = world.get_resource::<State<Step>>().map(|s| *s.get());
            view_texts(&GameView::build(board, step, request.as_ref()), &mut texts);
            if let Some((_, sections)) = union_turn_sections(world.resource::<Chronicle>()) {
                for s in sections {
                    texts.insert(s.title);
                    texts.extend(s.lines);
                }
            }
        }
        if over {
            break;
        }
    }
    let world = app.world();
    texts.extend(
        world
            .resource::<Chronicle>()
            .entries()
            .iter()
            .map(|e| e.line()),
    );
    if let Some(records) = world.get_resource::<BattleRecords>() {
        record_texts(records, &mut texts);
    }
    let mut found: Vec<(String, String)> = Vec::new();
    for t in &texts {
        for id in ids_in(t, &ids) {
            if !found.iter().any(|(i, _)| *i == id) {
                found.push((id, t.clone()));
            }
        }
    }
    (found, texts.len())
}

fn seven_days() -> Arc<fcrel::campaign::Campaign> {
    Arc::new(fcrel::campaign::load_bundled("seven-days").unwrap())
}

#[test]
fn the_pattern_finds_ids_and_leaves_names() {
    let ids: BTreeSet<String> = ["glendale", "cs-battery-2-1", "ap-hill"]
        .map(String::from)
        .into();
    assert_eq!(
        ids_in("Artillery Battery (Line, cs-battery-2-1) to glendale", &ids),
        vec!["cs-battery-2-1", "glendale"]
    );
    assert_eq!(
        ids_in("ap-hill retreats; us-inf-3 too", &ids),
        vec!["ap-hill", "us-inf-3"]
    );
    assert!(ids_in("A.P. Hill → Glendale (Confederate Line Infantry)", &ids).is_empty());
    assert!(ids_in("[11.4.3] Column against Line; one-third", &ids).is_empty());
}

/// Every battle mode, with every Optional rule it is used with.
#[test]
fn no_id_in_any_text_of_a_campaign() {
    for mode in BattleMode::ALL {
        let options = GameOptions {
            battles: mode,
            seed: 11,
            ..GameOptions::default()
        }
        .with_optional(GameOptions::ALL)
        .unwrap();
        let (found, n) = play(NewCampaign::new(seven_days(), options));
        assert!(n > 200, "{mode:?}: only {n} texts");
        assert!(found.is_empty(), "{mode:?}: {found:#?}");
    }
}

/// A stand-alone battle (the Advanced Battle Rules on its own sheet).
#[test]
fn no_id_in_any_text_of_a_stand_alone_battle() {
    for key in fcrel::scenario::bundled_battle_keys() {
        let (scenario, game) = fcrel::scenario::bundled_battle(key).unwrap();
        let campaign = Arc::new(fcrel::campaign::load_bundled(&scenario.campaign).unwrap());
        let options = GameOptions {
            battles: BattleMode::Advanced,
            seed: 11,
            ..GameOptions::default()
        };
        let (found, n) = play(NewCampaign::stand_alone(campaign, options, Arc::new(game)));
        assert!(n > 20, "{key}: only {n} texts");
        assert!(found.is_empty(), "{key}: {found:#?}");
    }
}
