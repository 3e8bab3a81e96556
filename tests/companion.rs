//! The companion for the physical board (issue 38): the typed "What
//! changed" list since the player's last decision names every Union Force
//! the Union turn moved, and with the player's own dice every die the game
//! waits for says what each face does before it is typed in.

use std::collections::BTreeMap;
use std::sync::Arc;

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use fcrel::campaign::{self, Campaign, Side};
use fcrel::chronicle::FaceSet;
use fcrel::dice::{FaceKind, FaceOutcome};
use fcrel::rules::board::Board;
use fcrel::rules::commander::Policy;
use fcrel::rules::components::{Force, Location};
use fcrel::rules::decision::Decider;
use fcrel::rules::difficulty::{BattleMode, DiceMode, GameOptions};
use fcrel::rules::sequence::{Decide, EnterDie, GameState, PendingDecision};
use fcrel::rules::setup::NewCampaign;
use fcrel::rules::turn::Step;
use fcrel::rules::view::{Change, what_changed};

fn seven_days() -> Arc<Campaign> {
    Arc::new(campaign::load_bundled("seven-days").unwrap())
}

fn app(options: GameOptions) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, fcrel::RulesPlugin));
    app.world_mut()
        .write_message(NewCampaign::new(seven_days(), options));
    app
}

/// Every Union Force on the map, read from the world's entities.
fn union_areas(world: &mut World) -> BTreeMap<String, String> {
    let mut q = world.query::<(&Force, &Location)>();
    q.iter(world)
        .filter(|(f, _)| f.side == Side::Union)
        .filter_map(|(f, l)| l.area().map(|a| (f.id.clone(), a.to_string())))
        .collect()
}

/// At every question of three Campaign Turns of the Seven Days, "What
/// changed" names every Union Force that stands in another area than it
/// did when the player last answered a question of their own, with both
/// areas, and no other: the Union turn (16.0) moves groups between the
/// player's answers about its orders (which group next, keep or re-roll),
/// and those answers do not start the list again, so at the first question
/// after a Union turn every move of the turn is named.
#[test]
fn what_changed_names_every_union_force_the_union_turn_moved() {
    let mut app = app(GameOptions {
        battles: BattleMode::Quick,
        seed: 21,
        ..GameOptions::default()
    });
    let mut policy = Policy::Objective;
    let mut before: Option<BTreeMap<String, String>> = None;
    let mut union_turn_moves = 0;
    let mut steered = 0;
    let mut before_steering: Option<BTreeMap<String, String>> = None;
    for _ in 0..5_000 {
        app.update();
        let world = app.world_mut();
        if *world.resource::<State<GameState>>().get() == GameState::Over {
            break;
        }
        let Some(request) = world.resource::<PendingDecision>().request.clone() else {
            continue;
        };
        let step = *world.resource::<State<Step>>().get();
        let board = Board::from_world(world).unwrap();
        if board.turn.turn > 3 {
            break;
        }
        if let Some(was) = before.take() {
            let now = union_areas(world);
            let changes = what_changed(world).expect("a decision was made");
            let moved: BTreeMap<String, (String, String)> = changes
                .iter()
                .filter_map(|c| match c {
                    Change::Moved { force, from, to } if force.side == Side::Union => {
                        Some((force.id.clone(), (from.clone(), to.clone())))
                    }
                    _ => None,
                })
                .collect();
            let expected: BTreeMap<String, (String, String)> = now
                .iter()
                .filter_map(|(id, to)| {
                    let from = was.get(id)?;
                    (from != to).then(|| (id.clone(), (from.clone(), to.clone())))
                })
                .collect();
            assert_eq!(moved, expected, "turn {}, {step:?}", board.turn.turn);
            if matches!(step, Step::UnionOrders | Step::ConfederateMoves) {
                union_turn_moves += moved.len();
            }
        } else {
            assert!(what_changed(world).is_none(), "nothing answered yet");
        }
        let d = policy.decide(&board, &request).unwrap();
        // Issue 45 item 11: an answer about the Union's own orders (which
        // group next, keep or re-roll) is no move of the player's: the
        // Union turn's moves stay listed across it.
        if d.steers_union_orders() {
            steered += 1;
            before = before_steering.clone();
        } else {
            before = Some(union_areas(world));
        }
        before_steering = before.clone();
        world.write_message(Decide(d));
    }
    assert!(
        union_turn_moves >= 5,
        "only {union_turn_moves} Union moves seen"
    );
    assert!(steered > 0, "the Union turns asked the player nothing");
}

/// With the player's own dice (4.5), every die the game waits for carries
/// its faces: a check's success range (the 4.5 rule), an attack's Hits, a
/// table's ten rows, a pick's candidates. A Basic Seven Days, 300 dice.
#[test]
fn every_die_asked_for_says_what_each_face_does() {
    let mut app = app(GameOptions {
        battles: BattleMode::Basic,
        dice: DiceMode::Physical,
        seed: 3,
        ..GameOptions::default()
    });
    let mut policy = Policy::Objective;
    let mut x: u32 = 5;
    let mut kinds = BTreeMap::new();
    let mut typed = 0;
    for _ in 0..20_000 {
        app.update();
        let world = app.world_mut();
        if *world.resource::<State<GameState>>().get() == GameState::Over || typed == 300 {
            break;
        }
        let pending = world.resource::<PendingDecision>().clone();
        if let Some(reason) = &pending.die {
            let faces = pending
                .die_faces
                .unwrap_or_else(|| panic!("no faces for the die of {reason}"));
            assert_eq!(
                faces.faces.iter().map(|f| f.face).collect::<Vec<_>>(),
                (1..=10).collect::<Vec<_>>()
            );
            let kind = match &faces.kind {
                FaceKind::Check { target, success } => {
                    assert_eq!(*success, FaceSet::at_most(*target));
                    for f in &faces.faces {
                        let ok = f.outcome == FaceOutcome::Success;
                        assert_eq!(ok, success.contains(f.face), "{reason}");
                    }
                    "check"
                }
                FaceKind::Attack { combat, superior } => {
                    for f in &faces.faces {
                        let hits = fcrel::dice::attack_hits(f.face, *combat, *superior);
                        assert_eq!(f.outcome, FaceOutcome::Hits { hits });
                    }
                    "attack"
                }
                FaceKind::Table { .. } => {
                    assert!(faces.faces.iter().all(|f| !f.text.is_empty()), "{reason}");
                    "table"
                }
                FaceKind::Pick { candidates, .. } => {
                    assert!(candidates.len() > 1, "{reason}");
                    "pick"
                }
            };
            *kinds.entry(kind).or_insert(0) += 1;
            x = x.wrapping_mul(1_103_515_245).wrapping_add(12345);
            world.write_message(EnterDie((x >> 16) % 10 + 1));
            typed += 1;
        } else if let Some(request) = pending.request {
            let board = Board::from_world(world).unwrap();
            let d = policy.decide(&board, &request).unwrap();
            world.write_message(Decide(d));
        }
    }
    assert_eq!(typed, 300);
    for kind in ["check", "attack", "table", "pick"] {
        assert!(kinds.contains_key(kind), "no {kind} among {kinds:?}");
    }
    // A branch of this game (docs/save-format.md): fresh dice keep the
    // dice typed in up to the branch point, the same dice keep them all;
    // both replay to their digest.
    let save = fcrel::save::SaveFile::from_world(app.world_mut()).unwrap();
    let kept = save.decisions.len() / 2;
    for same_dice in [false, true] {
        let options = fcrel::save::BranchOptions {
            kept,
            same_dice,
            fresh_seed: 1,
            game: 2,
        };
        let b = fcrel::save::branch(&save, seven_days(), options).unwrap();
        let rolled = b.branch.as_ref().unwrap().rolled as usize;
        assert!(b.reseeds.is_empty(), "no program dice to seed");
        if same_dice {
            assert_eq!(b.dice, save.dice);
        } else {
            assert_eq!(b.dice, save.dice[..rolled]);
        }
        let r = fcrel::save::replay(&b, seven_days()).unwrap();
        assert_eq!(r.digest, b.digest);
    }
}
