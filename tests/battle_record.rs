//! The battle record the desktop app draws and animates (`battle::record`):
//! recording never changes a battle, and what it records agrees with the
//! chronicle and the rules.

use std::path::Path;

use fcrel::campaign::Side;
use fcrel::chronicle::Chronicle;
use fcrel::dice::Dice;
use fcrel::rules::battle::ground::Region;
use fcrel::rules::battle::quick;
use fcrel::rules::battle::record::{BattleRecords, EventKind};
use fcrel::rules::battle::terms::{Formation, PlanCounter};
use fcrel::rules::battle::{BattleSpec, Outcome};
use fcrel::rules::board::Board;
use fcrel::rules::ctx::Ctx;
use fcrel::rules::decision::{Recorded, ThenPolicy};
use fcrel::scenario::{Scenario, load_scenario};

fn scenario(name: &str) -> (Scenario, std::sync::Arc<fcrel::campaign::Campaign>) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("scenarios")
        .join(name);
    load_scenario(&path).unwrap_or_else(|e| panic!("{e:?}"))
}

fn fight(s: &Scenario, board: &mut Board, seed: u64) -> (Outcome, Chronicle) {
    let mut dice = Dice::seeded(seed);
    let mut chronicle = Chronicle::default();
    let mut decider = ThenPolicy {
        recorded: Recorded::new(Vec::new()),
        policy: s.policy.expect("the bundled scenarios name a policy"),
    };
    let spec = BattleSpec {
        area: s.area.clone(),
        attacker: s.attacker,
    };
    let mut ctx = Ctx {
        board,
        dice: &mut dice,
        chronicle: &mut chronicle,
        decider: &mut decider,
    };
    let outcome = fcrel::rules::turn::fight(&mut ctx, &spec, s.mode).unwrap();
    (outcome, chronicle)
}

/// Fight with and without recording: the same battle, and the record.
fn both(name: &str, seed: u64) -> (Outcome, Chronicle, BattleRecords) {
    let (s, c) = scenario(name);
    let mut plain = s.board(c.clone());
    let (o1, ch1) = fight(&s, &mut plain, seed);
    let mut rec = s.board(c);
    rec.battles = Some(BattleRecords::default());
    let (o2, ch2) = fight(&s, &mut rec, seed);
    assert_eq!(o1, o2, "recording changed the outcome (seed {seed})");
    assert_eq!(ch1, ch2, "recording changed the chronicle (seed {seed})");
    (o2, ch2, rec.battles.unwrap())
}

#[test]
fn a_recorded_basic_battle_shows_its_fog_envelopment_and_sheet() {
    for seed in 1..=40 {
        let (outcome, chronicle, records) = both("basic-glendale.json", seed);
        assert_eq!(records.battles.len(), 1);
        let b = &records.battles[0];
        assert_eq!(b.area, "glendale");
        assert_eq!(b.ending, Some(outcome.ending));
        let EventKind::FogOfWar { die, .. } = &b.events[0].kind else {
            panic!("the first event is the Fog of War roll: {:?}", b.events[0]);
        };
        let first_roll = chronicle.entries().iter().find_map(|e| e.roll.as_ref());
        assert_eq!(Some(*die), first_roll.map(|r| r.die));
        let env = b
            .events
            .iter()
            .find_map(|e| match e.kind {
                EventKind::Envelopment {
                    confederate,
                    union,
                    enveloped,
                } => Some((confederate, union, enveloped)),
                _ => None,
            })
            .expect("an Envelopment check");
        // 10.2.9: 3:1 either way.
        let expect = if env.0 > 0 && env.1 >= 3 * env.0 {
            Some(Side::Confederate)
        } else if env.1 > 0 && env.0 >= 3 * env.1 {
            Some(Side::Union)
        } else {
            None
        };
        assert_eq!(env.2, expect);
        let sheets: Vec<_> = b
            .events
            .iter()
            .filter_map(|e| match &e.kind {
                EventKind::Sheet { sheet, .. } => Some(sheet),
                _ => None,
            })
            .collect();
        if env.2.is_none() {
            assert!(sheets.len() > 5, "seed {seed}: {} sheets", sheets.len());
            for s in &sheets {
                // 10.2.14: capacities hold in every frame; a counter never
                // sits on a Force in Melee.
                for r in Region::ALL {
                    for side in [Side::Confederate, Side::Union] {
                        let n = s
                            .units
                            .iter()
                            .filter(|u| u.region == r && u.side == side)
                            .count();
                        assert!(r.capacity().is_none_or(|c| n <= c));
                    }
                }
                assert!(s.units.iter().all(|u| !(u.in_melee && u.counter.is_some())));
                assert!(s.assigned <= s.quantity + 1);
            }
        }
        // Events follow the chronicle.
        let lens: Vec<usize> = b.events.iter().map(|e| e.chronicle_len).collect();
        assert!(lens.windows(2).all(|w| w[0] <= w[1]));
        assert!(*lens.last().unwrap() <= chronicle.entries().len());
    }
}

#[test]
fn refusals_say_why_a_counter_may_not_be_attached() {
    let (_, _, records) = both("basic-glendale.json", 3);
    let sheets: Vec<_> = records.battles[0]
        .events
        .iter()
        .filter_map(|e| match &e.kind {
            EventKind::Sheet { caption, sheet } => Some((caption, sheet)),
            _ => None,
        })
        .collect();
    // Reasons ride only on the sheets shown while counters are assigned.
    for (caption, s) in &sheets {
        let with = s.units.iter().any(|u| !u.refusals.is_empty());
        assert_eq!(with, caption.starts_with("Battle turn"), "{caption}");
    }
    let sheet = sheets
        .iter()
        .find(|(_, s)| s.units.iter().any(|u| !u.refusals.is_empty()))
        .map(|(_, s)| (*s).clone())
        .expect("a sheet at the assignment of Battle Plan Counters");
    for u in sheet.units.iter().filter(|u| u.side == Side::Confederate) {
        let refused = |p: PlanCounter| {
            u.refusals
                .iter()
                .find(|(q, _)| *q == p)
                .map(|(_, w)| w.clone())
        };
        // 12.3.7: Formation is never attached to a Force.
        assert!(refused(PlanCounter::Formation).unwrap().contains("12.3.7"));
        if u.force == "pendleton" {
            // Artillery: Canister yes, Volley no (Infantry only).
            assert_eq!(refused(PlanCounter::Canister), None);
            assert!(
                refused(PlanCounter::Volley)
                    .unwrap()
                    .contains("Infantry only")
            );
        } else if !u.in_melee && u.counter.is_none() {
            assert!(refused(PlanCounter::Canister).unwrap().contains("12.3.2"));
            let aimed = refused(PlanCounter::AimedVolley);
            match u.formation {
                Formation::Line => assert_eq!(aimed, None),
                Formation::Column => assert!(aimed.unwrap().contains("Line Formation only")),
            }
        }
    }
    for u in sheet.units.iter().filter(|u| u.side == Side::Union) {
        assert!(u.refusals.is_empty());
    }
}

#[test]
fn a_recorded_quick_battle_shows_each_resolution_and_its_hits() {
    let (_, c) = scenario("quick-glendale.json");
    let table = c.battle_resolution.clone();
    let mut rejoined = 0;
    for seed in 1..=60 {
        let (outcome, chronicle, records) = both("quick-glendale.json", seed);
        let b = &records.battles[0];
        assert_eq!(b.ending, Some(outcome.ending));
        // 14.8.1: each Rejoin starts a new round of the same record.
        let rejoins: Vec<u32> = b
            .events
            .iter()
            .filter_map(|e| match e.kind {
                EventKind::Rejoin { round } => Some(round),
                _ => None,
            })
            .collect();
        assert_eq!(
            rejoins,
            (2..=outcome.rounds).collect::<Vec<_>>(),
            "seed {seed}"
        );
        if outcome.rounds > 1 {
            rejoined += 1;
            let start = fcrel::rules::battle::record::round_start(&b.events, b.events.len());
            assert!(matches!(b.events[start].kind, EventKind::FogOfWar { .. }));
        }
        let resolutions: Vec<_> = b
            .events
            .iter()
            .filter_map(|e| match &e.kind {
                EventKind::Resolution(r) if r.die.is_some() => Some(r),
                _ => None,
            })
            .collect();
        let rolled_on_table = chronicle
            .entries()
            .iter()
            .filter(|e| e.roll.is_some() && e.text.starts_with("Battle Resolution Table"))
            .count();
        assert_eq!(resolutions.len(), rolled_on_table, "seed {seed}");
        for r in resolutions {
            let differential = r.attacker_combat as i32 - r.defender_combat as i32;
            assert_eq!(r.base_column, quick::column_for(&table, differential));
            let shift: i32 = r.shifts.iter().map(|s| s.by).sum();
            assert_eq!(r.column, quick::shifted(&table, r.base_column, shift));
            assert_eq!(r.hits, quick::cell(&table, r.column, r.die.unwrap()));
            // Lee is not at Glendale: one column against the Confederates.
            let lee: Vec<i32> = r
                .shifts
                .iter()
                .filter(|s| s.why.contains("Lee"))
                .map(|s| s.by)
                .collect();
            let against = if r.attacker == Side::Confederate {
                -1
            } else {
                1
            };
            assert_eq!(lee, vec![against], "seed {seed}");
        }
        // 14.8: the Withdrawal that ended the battle, by 2:1 or by the table.
        let withdrawals: Vec<_> = b
            .events
            .iter()
            .filter_map(|e| match &e.kind {
                EventKind::Withdrawal {
                    confederate,
                    union,
                    die,
                    result,
                } => Some((*confederate, *union, *die, *result)),
                _ => None,
            })
            .collect();
        use fcrel::campaign::WithdrawalResult as W;
        use fcrel::rules::battle::Ending as E;
        let last = withdrawals.last().copied();
        match outcome.ending {
            E::Encamp => assert_eq!(last.map(|w| w.3), Some(W::Encamp)),
            E::Retreat { side: Side::Union } => {
                assert_eq!(last.map(|w| w.3), Some(W::UnionRetreat))
            }
            E::Retreat {
                side: Side::Confederate,
            } => assert_eq!(last.map(|w| w.3), Some(W::ConfederateRetreat)),
            _ => {}
        }
        for (c, u, die, _) in withdrawals {
            assert_eq!(die.is_none(), c >= 2 * u || u >= 2 * c, "seed {seed}");
        }
    }
    assert!(
        rejoined > 0,
        "no seed rejoined: the Rejoin path is not tested"
    );
}

/// A whole Seven Days campaign played as the window plays it: every
/// question waits in `PendingDecision` and is answered by a `Decide`
/// message, with battle recording on. Same game as the simulator, in Basic
/// and in Quick battles, and every recorded battle has its ending.
#[test]
fn whole_campaigns_through_decide_messages_with_recording() {
    use bevy::prelude::*;
    use bevy::state::app::StatesPlugin;
    use fcrel::rules::commander::Policy;
    use fcrel::rules::decision::Decider;
    use fcrel::rules::difficulty::{BattleMode, GameOptions};
    use fcrel::rules::sequence::{Decide, GameState, PendingDecision};
    use fcrel::rules::setup::NewCampaign;

    let c = std::sync::Arc::new(fcrel::campaign::load_bundled("seven-days").unwrap());
    for (battles, seed) in [(BattleMode::Basic, 5), (BattleMode::Quick, 6)] {
        let options = GameOptions {
            battles,
            seed,
            ..GameOptions::default()
        };
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, StatesPlugin, fcrel::RulesPlugin));
        app.insert_resource(BattleRecords::default());
        app.world_mut()
            .write_message(NewCampaign::new(c.clone(), options));
        let mut policy = Policy::Objective;
        let mut frames = 0;
        let mut answered = 0;
        while *app.world().resource::<State<GameState>>().get() != GameState::Over {
            app.update();
            frames += 1;
            let world = app.world_mut();
            assert!(world.resource::<PendingDecision>().blocked.is_none());
            if let Some(request) = world.resource::<PendingDecision>().request.clone() {
                let board = Board::from_world(world).unwrap();
                let d = policy.decide(&board, &request).unwrap();
                world.write_message(Decide(d));
                answered += 1;
            }
            assert!(frames < 20_000, "the campaign does not end ({battles:?})");
        }
        assert!(answered > 20, "{battles:?}: only {answered} decisions");
        let game = fcrel::sim::play(c.clone(), options, Policy::Objective).unwrap();
        assert_eq!(
            *app.world().resource::<Chronicle>(),
            game.chronicle,
            "{battles:?}"
        );
        let records = app.world().resource::<BattleRecords>();
        assert!(
            !records.battles.is_empty(),
            "{battles:?}: no battle recorded"
        );
        for b in &records.battles {
            assert_eq!(b.mode, battles);
            assert!(
                b.ending.is_some(),
                "{battles:?}: battle of {} has no ending",
                b.area
            );
            assert!(matches!(b.events[0].kind, EventKind::FogOfWar { .. }));
            let len = app.world().resource::<Chronicle>().len();
            for e in &b.events {
                assert!(
                    b.id < e.chronicle_len && e.chronicle_len <= len,
                    "{battles:?}: battle from entry {} has an event at {} (chronicle {len})",
                    b.id,
                    e.chronicle_len
                );
            }
        }
    }
}
