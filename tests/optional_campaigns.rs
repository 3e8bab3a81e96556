//! Property test (issue 20): with every Optional rule on that its battle
//! mode is used with, random campaigns of each campaign in each battle mode
//! end without a panic, and no counter is lost, duplicated or misplaced.

use std::sync::Arc;

use fcrel::campaign;
use fcrel::rules::commander::Policy;
use fcrel::rules::difficulty::{BattleMode, GameOptions};

mod common;
use common::*;

/// Games per campaign and battle mode: 100 in `cargo test` (about a
/// minute on two cores); `FCREL_OPTIONAL_GAMES=1000` plays the issue's
/// thousand (docs/balance.md says when it was last run).
fn games() -> u64 {
    std::env::var("FCREL_OPTIONAL_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(100)
}

/// Every Optional rule the mode is used with.
fn all_optional(mode: BattleMode) -> GameOptions {
    let names = GameOptions::OPTIONAL_RULES
        .into_iter()
        .filter(|name| GameOptions::optional_rule_applies(name, mode))
        .collect::<Vec<_>>()
        .join(",");
    GameOptions {
        battles: mode,
        ..GameOptions::default()
    }
    .with_optional(&names)
    .unwrap()
}

fn campaigns_end_and_keep_their_counters(id: &str) {
    let c = Arc::new(campaign::load_bundled(id).unwrap());
    for mode in BattleMode::ALL {
        let options = all_optional(mode);
        let start = fcrel::rules::setup::new_campaign(
            c.clone(),
            options,
            &mut fcrel::chronicle::Chronicle::quiet(),
        );
        let counters = start.pieces.len();
        for n in 0..games() {
            let seed = 0x5eed_0000 + n;
            let policy = if n % 2 == 0 {
                Policy::Objective
            } else {
                Policy::Cautious
            };
            let game = fcrel::sim::play_from(&start, seed, policy)
                .unwrap_or_else(|e| panic!("{id} {mode:?} seed {seed}: {e}"));
            let b = &game.board;
            assert_eq!(b.pieces.len(), counters);
            for i in 0..b.pieces.len() {
                assert!(
                    allowed(b, i),
                    "{id} {mode:?} seed {seed}: {} at {:?} ({:?})",
                    b.pieces[i].force.id,
                    b.pieces[i].location(),
                    b.pieces[i].strength
                );
            }
            assert!(b.scouts.available <= b.scouts.counters);
        }
    }
}

#[test]
fn seven_days_with_every_optional_rule() {
    campaigns_end_and_keep_their_counters("seven-days");
}

#[test]
fn second_manassas_with_every_optional_rule() {
    campaigns_end_and_keep_their_counters("second-manassas");
}

#[test]
fn antietam_with_every_optional_rule() {
    campaigns_end_and_keep_their_counters("antietam");
}

#[test]
fn chancellorsville_with_every_optional_rule() {
    campaigns_end_and_keep_their_counters("chancellorsville");
}

#[test]
fn gettysburg_with_every_optional_rule() {
    campaigns_end_and_keep_their_counters("gettysburg");
}
