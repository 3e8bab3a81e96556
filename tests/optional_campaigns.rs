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
            for i in b.pieces.indices() {
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

/// Plays as the scripted commander and checks, at every Moves and Forced
/// March question, the board itself: every area a Confederate Force has
/// entered since the step began holds one legal group (R-Opt-CG); Union
/// groups the same after each Union Orders step is left to the Orders'
/// own test.
struct Watch {
    policy: Policy,
    /// The step's first board, by rule ("9.2", "15.1") and turn.
    start: Option<(String, u32, fcrel::rules::board::Board)>,
    checked: u32,
}

impl fcrel::rules::decision::Decider for Watch {
    fn decide(
        &mut self,
        board: &fcrel::rules::board::Board,
        request: &fcrel::rules::decision::Request,
    ) -> Result<fcrel::rules::decision::Decision, fcrel::rules::decision::Interrupt> {
        use fcrel::campaign::Side;
        let rule = request.rule.to_string();
        if rule == "9.2" || rule == "15.1" {
            let turn = board.turn.turn;
            if self
                .start
                .as_ref()
                .is_none_or(|(r, t, _)| *r != rule || *t != turn)
            {
                self.start = Some((rule.clone(), turn, board.clone()));
            }
            let (_, _, before) = self.start.as_ref().unwrap();
            for area in &board.graph.ids {
                let now = board.side_in_area(area, Side::Confederate);
                let then = before.side_in_area(area, Side::Confederate);
                let entered = now
                    .iter()
                    .any(|i| !then.contains(i) && board.pieces[*i].force.force_type.is_mobile());
                if entered {
                    self.checked += 1;
                    let why = fcrel::rules::group_limit::problem(board, Side::Confederate, &now);
                    assert!(why.is_none(), "{area} in turn {turn}: {why:?}");
                }
            }
        }
        self.policy.decide(board, request)
    }
}

/// With Confederate Groups and Area Group Limit, games of every campaign in
/// every battle mode never let a move put two Corps, or more than the group
/// maximum, in one area.
#[test]
fn the_area_group_limit_holds_after_every_move() {
    let mut checked = 0;
    for id in CAMPAIGNS {
        let c = Arc::new(campaign::load_bundled(id).unwrap());
        for mode in BattleMode::ALL {
            let options = GameOptions {
                battles: mode,
                ..GameOptions::default()
            }
            .with_optional("confederate-groups")
            .unwrap();
            for n in 0..(games() / 20).max(3) {
                let mut board = fcrel::rules::setup::new_campaign(
                    c.clone(),
                    options,
                    &mut fcrel::chronicle::Chronicle::quiet(),
                );
                board.options.seed = 0x6c0_0000 + n;
                let mut dice = fcrel::dice::Dice::seeded(board.options.seed);
                let mut chronicle = fcrel::chronicle::Chronicle::quiet();
                let mut watch = Watch {
                    policy: Policy::Objective,
                    start: None,
                    checked: 0,
                };
                let mut ctx = fcrel::rules::ctx::Ctx {
                    board: &mut board,
                    dice: &mut dice,
                    chronicle: &mut chronicle,
                    decider: &mut watch,
                };
                fcrel::rules::turn::play_to_end(&mut ctx, fcrel::rules::turn::Step::AdvanceTurn)
                    .unwrap_or_else(|e| panic!("{id} {mode:?} game {n}: {e}"));
                checked += watch.checked;
            }
        }
    }
    assert!(checked > 100, "only {checked} areas entered");
}
