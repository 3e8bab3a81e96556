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
use fcrel::rules::view::changes::mirrored_after;
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

/// Every Force on the map and its area, read from the world's entities.
fn areas(world: &mut World) -> BTreeMap<String, String> {
    let mut q = world.query::<(&Force, &Location)>();
    q.iter(world)
        .filter_map(|(f, l)| l.area().map(|a| (f.id.clone(), a.to_string())))
        .collect()
}

/// At every question of three Campaign Turns of the Seven Days, "What
/// changed" carried out on the board as it stood at the player's last
/// decision on the map (a move, arrival or loss each from where the Force
/// then stands) gives the board as it stands: every Force that moved,
/// arrived or left is named, from where to where, in order (issue 45 item
/// 11). The Union turn (16.0) moves groups between the player's answers
/// about its orders (which group next, keep or re-roll), and a battle
/// asks its own questions: none of them starts the list again, so at the
/// first question of the player's own after a Union turn every move of
/// the turn is named.
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
    let mut union_turn_answers = 0;
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
        if let Some(was) = &before {
            let changes = what_changed(world).expect("a decision was made");
            let mut board_now = was.clone();
            for c in &changes {
                let Some(force) = c.force() else { continue };
                let at = board_now.get(&force.id).cloned();
                match c {
                    Change::Moved { from, to, .. } => {
                        assert_eq!(at.as_ref(), Some(from), "{c:?}");
                        board_now.insert(force.id.clone(), to.clone());
                    }
                    Change::Destroyed { from, .. } => {
                        assert_eq!(at.as_ref(), Some(from), "{c:?}");
                        board_now.remove(&force.id);
                    }
                    Change::Arrived { to, .. } => {
                        assert_eq!(at, None, "{c:?}");
                        board_now.insert(force.id.clone(), to.clone());
                    }
                    _ => {}
                }
            }
            assert_eq!(
                board_now,
                areas(world),
                "turn {}, {step:?}",
                board.turn.turn
            );
            if step == Step::ConfederateMoves {
                union_turn_moves = union_turn_moves.max(
                    changes
                        .iter()
                        .filter(|c| matches!(c, Change::Moved { force, .. } if force.side == Side::Union))
                        .count(),
                );
            }
        } else {
            assert!(what_changed(world).is_none(), "nothing answered yet");
        }
        let d = policy.decide(&board, &request).unwrap();
        if mirrored_after(Some(step)) || before.is_none() {
            before = Some(areas(world));
        } else if step == Step::UnionOrders {
            union_turn_answers += 1;
        }
        world.write_message(Decide(d));
    }
    assert!(
        union_turn_moves >= 5,
        "only {union_turn_moves} Union moves seen at once"
    );
    assert!(
        union_turn_answers > 0,
        "the Union turns asked the player nothing"
    );
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
