//! Battles on the campaign map (10.2, Part Two Quick and Very Quick, 14.5–14.8)
//! against the rulebook's worked examples, with scripted dice.

use std::sync::Arc;

use fcrel::campaign::{self, Campaign, Side, WithdrawalResult};
use fcrel::rules::battle::quick::{self, QuickMode};
use fcrel::rules::battle::{self, BattleSpec, Ending, PreBattle};
use fcrel::rules::board::Board;
use fcrel::rules::components::{Location, Strength};
use fcrel::rules::decision::{Decision, Interrupt};
use fcrel::rules::difficulty::BattleMode;

mod common;
use common::*;

fn seven_days() -> Arc<Campaign> {
    Arc::new(campaign::load_bundled("seven-days").unwrap())
}

fn board() -> Board {
    empty_board(seven_days())
}

/// Unlike `common::at`, each counter with the side up it is given.
fn at(b: &mut Board, area: &str, forces: &[(&str, Strength)]) {
    for (id, s) in forces {
        assert!(
            b.place(id, Location::Area(area.into()), *s),
            "no counter {id}"
        );
    }
}

use Strength::{Full, Reduced};

/// 10.2.2 / 10.2.4 example: a Fog of War 8 re-rolled with a Scout to a 2:
/// the battle lasts 4 turns and you gain 2 Command Points; no going back.
#[test]
fn fog_of_war_reroll_example() {
    let mut b = board();
    b.scouts.available = 1;
    at(
        &mut b,
        "glendale",
        &[("longstreet", Full), ("slocum", Full)],
    );
    let mut run = Run::answering(b, &[8, 2], vec![Decision::RerollFogOfWar]);
    let pre = battle::prebattle::pre_battle(&mut run.ctx(), "glendale", BattleMode::Basic).unwrap();
    assert_eq!(pre.fog_roll, 2);
    assert_eq!(pre.battle_turns, 4);
    assert_eq!(run.board.cp.confederate, 2);
    assert_eq!(run.board.scouts.available, 0);
    assert_eq!(run.dice.scripted_left(), Some(0));
    // With a Scout left after the re-roll, the player is asked again; here
    // none is left, so the 2 stands without asking.
    assert_eq!(run.decider.used, 1);

    // Quick and Very Quick: the same 2 gives 4 - 2 = 2 battle turns.
    let mut b = board();
    at(
        &mut b,
        "glendale",
        &[("longstreet", Full), ("slocum", Full)],
    );
    let mut run = Run::answering(b, &[2], vec![]);
    let pre = battle::prebattle::pre_battle(&mut run.ctx(), "glendale", BattleMode::Quick).unwrap();
    assert_eq!(pre.battle_turns, 2);
}

/// 10.2.2: a re-roll is asked for while Scouts remain; the player must keep
/// the last roll when none are left.
#[test]
fn scout_rerolls_repeat_until_accepted() {
    let mut b = board();
    b.scouts.available = 2;
    at(
        &mut b,
        "glendale",
        &[("longstreet", Full), ("slocum", Full)],
    );
    let mut run = Run::answering(
        b,
        &[6, 9, 3],
        vec![Decision::RerollFogOfWar, Decision::RerollFogOfWar],
    );
    let pre =
        battle::prebattle::pre_battle(&mut run.ctx(), "glendale", BattleMode::VeryQuick).unwrap();
    assert_eq!(pre.fog_roll, 3);
    assert_eq!(run.board.scouts.available, 1, "3 gains a Scout back");
    // Without an answer the procedure stops and asks.
    let mut b = board();
    b.scouts.available = 1;
    at(
        &mut b,
        "glendale",
        &[("longstreet", Full), ("slocum", Full)],
    );
    let mut run = Run::answering(b, &[6], vec![]);
    match battle::prebattle::pre_battle(&mut run.ctx(), "glendale", BattleMode::Quick) {
        Err(Interrupt::Decide(r)) => {
            assert_eq!(r.rule, "10.2.2");
            assert_eq!(
                r.options,
                vec![Decision::AcceptFogOfWar, Decision::RerollFogOfWar]
            );
        }
        other => panic!("expected a decision, got {other:?}"),
    }
}

/// 10.2.9 example: Union 6 against Confederate 16 is no Envelopment; at 18
/// the Union is Enveloped and destroyed.
#[test]
fn envelopment_example() {
    // Union 6: Sedgwick 5 + a Regiment 1. Confederates 16: Longstreet 8 +
    // A.P. Hill 8.
    let mut b = board();
    at(
        &mut b,
        "glendale",
        &[("sedgwick", Full), ("us-inf-regiment-1", Full)],
    );
    at(
        &mut b,
        "glendale",
        &[("longstreet", Full), ("ap-hill", Full)],
    );
    let mut run = Run::answering(b.clone(), &[], vec![]);
    assert_eq!(
        battle::prebattle::envelopment(&mut run.ctx(), "glendale"),
        None
    );

    // Confederates 18: add a Confederate Regiment (2).
    at(&mut b, "glendale", &[("cs-inf-regiment-1", Full)]);
    let mut run = Run::answering(b, &[], vec![]);
    assert_eq!(
        battle::prebattle::envelopment(&mut run.ctx(), "glendale"),
        Some(Ending::Enveloped { loser: Side::Union })
    );
    assert_eq!(run.loc("sedgwick"), Location::ReinforcementCup);
    assert_eq!(run.loc("us-inf-regiment-1"), Location::AdditionalForcesCup);
    assert_eq!(run.board.cp.confederate, 1, "15.3: +1 for Enveloping");
}

/// 10.2.9: Enveloped artillery is destroyed, not captured; Lee enveloped
/// with his army loses the campaign.
#[test]
fn envelopment_destroys_artillery_and_lee_is_lost() {
    let mut b = board();
    at(
        &mut b,
        "glendale",
        &[("pendleton", Full), ("holmes", Reduced)],
    );
    b.lee = Location::Area("glendale".into());
    at(
        &mut b,
        "glendale",
        &[
            ("hunt", Full),
            ("sedgwick", Full),
            ("hooker", Full),
            ("kearny", Full),
        ],
    );
    let spec = BattleSpec {
        area: "glendale".into(),
        attacker: Side::Union,
    };
    // Fog of War 2: +2 CP, nothing else changes.
    let mut run = Run::answering(b, &[2], vec![]);
    let out = quick::fight(&mut run.ctx(), &spec, QuickMode::VeryQuick).unwrap();
    assert_eq!(
        out.ending,
        Ending::Enveloped {
            loser: Side::Confederate
        }
    );
    assert!(out.campaign_lost);
    assert_eq!(run.loc("pendleton"), Location::ConfederateAvailable);
    assert_eq!(run.board.cp.union, 2, "18.4: +2 for Enveloping");
}

/// Very Quick examples: differential -5 is the "-4 to -6" column; Lee absent
/// and defending shifts one right; two Union shifts as attacker move two
/// more right; a 9 there is A1 D2; × 4 battle turns is 4 and 8 Hits.
#[test]
fn very_quick_column_shifts_and_turns_example() {
    let c = seven_days();
    let t = &c.battle_resolution;
    let label = |i: usize| t.columns[i].label.as_str();
    assert_eq!(label(quick::column_for(t, -5)), "-4 to -6");
    assert_eq!(label(quick::column_for(t, -7)), "-7 to -9");
    let lee = quick::lee_shift(Side::Union, false);
    assert_eq!(lee, 1);
    let col = quick::shifted(t, quick::column_for(t, -5), lee);
    assert_eq!(label(col), "-3 to -1");
    assert_eq!(
        label(quick::shifted(t, col, quick::union_shift(Side::Union, 2))),
        "+1 to +3"
    );
    assert_eq!(
        label(quick::shifted(
            t,
            col,
            quick::union_shift(Side::Confederate, 2)
        )),
        "-7 to -9"
    );

    // The whole resolution on the board: Union 18 attacking, Confederates 23
    // defending without Lee, Union BRT +2, 4 battle turns, a 9.
    let mut b = board();
    // Union 18: Sedgwick 5, Hooker 5, Kearny 5, Slocum 3.
    at(
        &mut b,
        "glendale",
        &[
            ("sedgwick", Full),
            ("hooker", Full),
            ("kearny", Full),
            ("slocum", Full),
        ],
    );
    // Confederates 23: Longstreet 8, A.P. Hill 8, D.H. Hill 7.
    at(
        &mut b,
        "glendale",
        &[("longstreet", Full), ("ap-hill", Full), ("dh-hill", Full)],
    );
    let pre = PreBattle {
        battle_turns: 4,
        union_shifts: 2,
        ..PreBattle::default()
    };
    let mut run = Run::answering(b, &[9], vec![]);
    let mut unused = false;
    let hits = quick::resolve_turn(
        &mut run.ctx(),
        "glendale",
        Side::Union,
        &pre,
        &mut unused,
        "12.0",
        (1, 4),
    )
    .unwrap();
    assert_eq!(hits, [1, 2]);
    assert_eq!([hits[0] * 4, hits[1] * 4], [4, 8]);
    assert!(
        run.text().contains("final column \"+1 to +3\""),
        "{}",
        run.text()
    );
}

/// 11.10 (Very Quick) example: 4 Hits on a reduced Poor Line Infantry, an
/// unnamed Artillery Force and a Fortification: the Infantry, then the
/// Artillery, then the Fortification are destroyed; the fourth Hit is lost.
#[test]
fn very_quick_hit_allocation_example() {
    let mut b = board();
    at(
        &mut b,
        "malvern-hill",
        &[
            ("hooker", Reduced),
            ("us-battery-2-1", Full),
            ("us-fortification-1", Full),
        ],
    );
    at(&mut b, "malvern-hill", &[("longstreet", Full)]);
    let mut run = Run::answering(b, &[], vec![]);
    battle::endings::allocate_hits(&mut run.ctx(), "malvern-hill", Side::Union, 4, "11.9").unwrap();
    assert_eq!(run.loc("hooker"), Location::ReinforcementCup);
    assert_eq!(run.loc("us-battery-2-1"), Location::AdditionalForcesCup);
    assert_eq!(run.loc("us-fortification-1"), Location::StaticForcesPile);
    assert!(
        run.text().contains("1 Hit on the Union army is discarded"),
        "{}",
        run.text()
    );
    assert_eq!(run.loc("longstreet"), Location::Area("malvern-hill".into()));
}

/// 11.9 (Quick): Garrisons come after Infantry and Cavalry, before
/// Artillery; lowest Skill Level first; a full Force with a reduced side
/// is flipped, then destroyed by a second Hit.
#[test]
fn hit_order_mobile_garrison_artillery_fortification() {
    let mut b = board();
    // Holmes (Poor Line) and Magruder (Line); a garrison; Pendleton artillery.
    at(
        &mut b,
        "richmond-south",
        &[
            ("holmes", Full),
            ("magruder", Full),
            ("cs-garrison-1", Full),
            ("pendleton", Full),
            ("cs-fortification-1", Full),
        ],
    );
    at(&mut b, "richmond-south", &[("slocum", Full)]);
    let mut run = Run::answering(b, &[], vec![]);
    battle::endings::allocate_hits(
        &mut run.ctx(),
        "richmond-south",
        Side::Confederate,
        4,
        "11.9",
    )
    .unwrap();
    // Holmes: flipped then destroyed; Magruder flipped, then destroyed...
    assert_eq!(run.loc("holmes"), Location::ConfederateAvailable);
    assert_eq!(run.loc("magruder"), Location::ConfederateAvailable);
    assert_eq!(
        run.loc("cs-garrison-1"),
        Location::Area("richmond-south".into())
    );
    let mut run2 = Run::answering(run.board.clone(), &[], vec![]);
    battle::endings::allocate_hits(
        &mut run2.ctx(),
        "richmond-south",
        Side::Confederate,
        2,
        "11.9",
    )
    .unwrap();
    assert_eq!(run2.loc("cs-garrison-1"), Location::ConfederateAvailable);
    assert_eq!(
        run2.loc("pendleton"),
        Location::ConfederateAvailable,
        "artillery after garrisons"
    );
    assert_eq!(
        run2.loc("cs-fortification-1"),
        Location::Area("richmond-south".into())
    );
}

/// Quick example: Confederates 12 attack Union 9 without Lee: +3 is the
/// "+1 to +3" column, shifted left to "0"; a 5 there is 1 Hit each. The
/// Confederate Regiment (2) is destroyed; the player picks one of the two
/// Conscript Union Forces, flipped from 3 to 1: 10 against 7, no Rout.
#[test]
fn quick_battle_turn_example_and_changing_attacker() {
    let mut b = board();
    // Confederates 12: Ewell 5, Longstreet reduced 5, a Regiment 2 (the
    // lowest Skill Level).
    at(
        &mut b,
        "glendale",
        &[
            ("ewell", Full),
            ("longstreet", Reduced),
            ("cs-inf-regiment-1", Full),
        ],
    );
    // Union 9: Slocum 3 and Peck 3 (both Conscript), a Battery 3.
    at(
        &mut b,
        "glendale",
        &[("slocum", Full), ("peck", Full), ("us-battery-3-1", Full)],
    );
    let spec = BattleSpec {
        area: "glendale".into(),
        attacker: Side::Confederate,
    };
    // Fog of War 3 (Regular): 5 - 2 = 3 battle turns, +1 Scout (asked
    // nothing: the Scout comes after the roll). Turn 1 a 5 in "0".
    // Turn 2: Confederates 10 against 7 still attack: +3 → "0"; a 6 there
    // is 1/1: Ewell? no: the lowest Skill is Line... (the Regiment is gone;
    // Ewell and Longstreet are Veteran: a random pick between them).
    let dice = [3, 5, 6, 1];
    let decisions = vec![
        Decision::HitUnionForce {
            force: "slocum".into(),
        },
        Decision::FightOn,
        Decision::HitUnionForce {
            force: "peck".into(),
        },
        Decision::VoluntaryRetreat,
        Decision::RetreatTo {
            force: "ewell".into(),
            area: "willis-church".into(),
        },
        Decision::RetreatTo {
            force: "longstreet".into(),
            area: "willis-church".into(),
        },
    ];
    let mut run = Run::answering(b, &dice, decisions);
    let out = quick::fight(&mut run.ctx(), &spec, QuickMode::Quick);
    let text = run.text();
    let out = out.unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert!(
        text.contains("Confederate 12 against Union 9: differential +3, column \"+1 to +3\""),
        "{text}"
    );
    assert!(
        text.contains("Lee absent and the Confederates attack: one column left"),
        "{text}"
    );
    assert!(text.contains("final column \"0\""), "{text}");
    assert_eq!(run.loc("cs-inf-regiment-1"), Location::ConfederateAvailable);
    assert_eq!(run.strength("slocum"), Reduced);
    assert!(
        text.contains("Battle turn 2: Union 7, Confederate 10: the Confederates attack."),
        "{text}"
    );
    assert_eq!(out.ending, Ending::ConfederateWithdrew);
    assert!(!out.campaign_lost);
    if std::env::var_os("FCREL_SHOW").is_some() {
        println!("{text}");
    }
}

/// Quick "Determine Attacker": after the first turn the Union attacks with a
/// greater or equal Combat Value (12 against 10; 14 against 10), the
/// Confederates with a greater one (10 against 9); 14 against 10 without
/// Lee is "+4 to +6" shifted right to "+7 to +9".
#[test]
fn quick_attacker_changes_with_combat_values() {
    assert_eq!(quick::quick_attacker(12, 10), Side::Union);
    assert_eq!(quick::quick_attacker(9, 10), Side::Confederate);
    assert_eq!(quick::quick_attacker(10, 10), Side::Union);
    let c = seven_days();
    let t = &c.battle_resolution;
    let col = quick::column_for(t, 14 - 10);
    assert_eq!(t.columns[col].label, "+4 to +6");
    let col = quick::shifted(t, col, quick::lee_shift(Side::Union, false));
    assert_eq!(t.columns[col].label, "+7 to +9");
}

/// 14.8 examples: 15 against 8 rolls on the Withdrawal table; 16 against 8
/// is a 2:1 disadvantage and the Union Retreats without a roll.
#[test]
fn withdrawal_two_to_one_examples() {
    let mut b = board();
    // Confederates 15: Longstreet 8, Jackson 7. Union 8: Hooker 5, Slocum 3.
    at(
        &mut b,
        "glendale",
        &[
            ("longstreet", Full),
            ("jackson", Full),
            ("hooker", Full),
            ("slocum", Full),
        ],
    );
    let mut run = Run::answering(b.clone(), &[1], vec![]);
    let r = battle::endings::withdrawal_result(&mut run.ctx(), 15, 8).unwrap();
    assert_eq!(r, WithdrawalResult::Rejoin, "a 1 on the Seven Days table");
    assert_eq!(run.dice.scripted_left(), Some(0));
    // Confederates 16: add a Regiment (1)? Longstreet 8 + Jackson 7 + 1.
    at(&mut b, "glendale", &[("cs-cav-regiment-1", Full)]);
    let c = b.area_combat("glendale", Side::Confederate);
    let u = b.area_combat("glendale", Side::Union);
    assert_eq!((c, u), (16, 8));
    let mut run = Run::answering(b, &[], vec![]);
    let r = battle::endings::withdrawal_result(&mut run.ctx(), c, u).unwrap();
    assert_eq!(r, WithdrawalResult::UnionRetreat);
}

/// 14.8.2 Union Retreat: Union statics destroyed, Union artillery captured
/// and replaced by a Confederate battery of equal or lower value, the Union
/// mobile Forces to one random Union-Held adjacent area.
#[test]
fn union_retreat_captures_artillery_and_destroys_statics() {
    let mut b = board();
    at(
        &mut b,
        "glendale",
        &[
            ("longstreet", Full),
            ("hooker", Full),
            ("us-battery-3-1", Full),
            ("us-garrison-1", Full),
        ],
    );
    // Union-held neighbours: only Malvern Hill... put Kearny in Frayser's Farm.
    at(&mut b, "fraysers-farm", &[("kearny", Full)]);
    let mut run = Run::answering(b, &[], vec![]);
    battle::endings::withdraw(&mut run.ctx(), "glendale", Side::Union).unwrap();
    assert_eq!(run.loc("us-garrison-1"), Location::StaticForcesPile);
    assert_eq!(run.loc("us-battery-3-1"), Location::CapturedArtilleryPile);
    // The best Confederate battery of Combat Value 3 or less takes its place.
    assert_eq!(run.loc("cs-battery-3-1"), Location::Area("glendale".into()));
    assert_eq!(run.loc("hooker"), Location::Area("fraysers-farm".into()));
}

/// 5.9.2 example: the Union captures a Confederate Battery of 5; it has none
/// of 5, so it takes back its own captured Battery of 4 from the pile.
#[test]
fn recapture_prefers_the_captured_artillery_pile() {
    let mut b = board();
    at(&mut b, "glendale", &[("pendleton", Full), ("hooker", Full)]);
    b.place("us-battery-4-1", Location::CapturedArtilleryPile, Full);
    let mut run = Run::answering(b, &[], vec![]);
    let i = run.board.index("pendleton").unwrap();
    battle::endings::capture_artillery(&mut run.ctx(), i, "glendale", "5.9.1");
    assert_eq!(run.loc("pendleton"), Location::CapturedArtilleryPile);
    assert_eq!(run.loc("us-battery-4-1"), Location::Area("glendale".into()));
    // Nothing of the captor's side to place: 2 Command Points instead.
    let mut b = board();
    at(&mut b, "glendale", &[("hunt", Full), ("longstreet", Full)]);
    for i in 1..=4 {
        b.place(
            &format!("cs-battery-2-{i}"),
            Location::RemovedFromGame,
            Full,
        );
    }
    for i in 1..=3 {
        b.place(
            &format!("cs-battery-3-{i}"),
            Location::RemovedFromGame,
            Full,
        );
    }
    let mut run = Run::answering(b, &[], vec![]);
    let i = run.board.index("hunt").unwrap();
    battle::endings::capture_artillery(&mut run.ctx(), i, "glendale", "5.9.1");
    assert_eq!(run.board.cp.confederate, 2);
}

/// Quick Rout (14.5): at 3:1 after a turn the weaker army Routs; its static
/// Forces are destroyed, its artillery captured, each mobile Force leaves to
/// an open adjacent area, Lee with the first; +1 CP for the Confederates.
#[test]
fn quick_rout_of_the_union() {
    let mut b = board();
    at(
        &mut b,
        "glendale",
        &[("longstreet", Full), ("ap-hill", Full), ("dh-hill", Full)],
    );
    b.lee = Location::Area("glendale".into());
    // Union 9 before Fog of War: Sedgwick 5, Slocum 3, a Regiment 1.
    at(
        &mut b,
        "glendale",
        &[
            ("sedgwick", Full),
            ("slocum", Full),
            ("us-inf-regiment-2", Full),
        ],
    );
    at(&mut b, "willis-church", &[("kearny", Full)]);
    let spec = BattleSpec {
        area: "glendale".into(),
        attacker: Side::Confederate,
    };
    // Fog 2 (+2 CP, 2 turns). Confederates 23 vs 9: +14 → "+10" (Lee
    // present, no shift); a 10 there is A0 D4: the Regiment, Slocum flipped
    // and destroyed, Sedgwick flipped: Union 3 against 23: Rout. Sedgwick
    // retreats to a random Union-Held neighbour (Willis Church only).
    let mut run = Run::answering(
        b,
        &[2, 10],
        vec![Decision::HitUnionForce {
            force: "us-inf-regiment-2".into(),
        }],
    );
    let out = quick::fight(&mut run.ctx(), &spec, QuickMode::Quick).unwrap();
    let text = run.text();
    assert_eq!(out.ending, Ending::Routed { loser: Side::Union }, "{text}");
    assert_eq!(
        run.loc("sedgwick"),
        Location::Area("willis-church".into()),
        "{text}"
    );
    assert_eq!(run.strength("sedgwick"), Reduced);
    assert_eq!(run.loc("slocum"), Location::ReinforcementCup);
    assert_eq!(run.board.cp.confederate, 2 + 1);
}

/// A board for the Fog of War events: a battle at Glendale, Confederate
/// Forces Holding two other areas.
fn fog_board() -> Board {
    let mut b = board();
    at(
        &mut b,
        "glendale",
        &[("longstreet", Full), ("hooker", Full)],
    );
    at(
        &mut b,
        "richmond-center",
        &[("magruder", Full), ("cs-garrison-1", Full)],
    );
    at(&mut b, "oak-grove", &[("huger", Full)]);
    b
}

fn event(
    b: Board,
    level: fcrel::campaign::UnionLevel,
    dice: &[u32],
    decisions: Vec<Decision>,
    mode: BattleMode,
) -> (Run, PreBattle) {
    let mut b = b;
    b.options.union = fcrel::rules::difficulty::UnionAspects::preset(level);
    let mut run = Run::answering(b, dice, decisions);
    let pre = battle::prebattle::pre_battle(&mut run.ctx(), "glendale", mode);
    let text = run.text();
    let pre = pre.unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(
        run.dice.scripted_left(),
        Some(0),
        "every scripted die used:\n{text}"
    );
    (run, pre)
}

use fcrel::campaign::UnionLevel::{Hard, Regular, Veteran};

#[test]
fn fog_event_random_insight_basic_and_quick() {
    // Basic: a random Insight among the 8 (digit 3 → the fourth, Front).
    let (_, pre) = event(fog_board(), Regular, &[1, 4], vec![], BattleMode::Basic);
    assert_eq!(pre.insight, Some(fcrel::campaign::Insight::Morale));
    assert_eq!(pre.battle_turns, 3);
    // Quick: the Confederate BRT ±1 instead; 3 - 2 = 1 battle turn.
    let (_, pre) = event(fog_board(), Regular, &[1], vec![], BattleMode::Quick);
    assert!(pre.confederate_shift);
    assert_eq!((pre.insight, pre.battle_turns), (None, 1));
}

#[test]
fn fog_event_scout_respects_the_counter_limit() {
    let mut b = fog_board();
    b.scouts.available = b.scouts.counters;
    // 3 on Regular is a Scout; with every counter in the box, none is gained.
    // The player is asked whether to re-roll (Scouts are available): keep it.
    let (run, _) = event(
        b,
        Regular,
        &[3],
        vec![Decision::AcceptFogOfWar],
        BattleMode::Quick,
    );
    assert_eq!(run.board.scouts.available, run.board.scouts.counters);
    assert!(run.text().contains("already in the Scout box"));
}

#[test]
fn fog_event_buy_brigade_pays_and_places_or_is_ignored() {
    let mut b = fog_board();
    b.cp.confederate = 3;
    let buy = Decision::BuyBrigade {
        force: "cs-cav-brigade-1".into(),
        area: "oak-grove".into(),
    };
    let (run, _) = event(b, Regular, &[4], vec![buy], BattleMode::Quick);
    assert_eq!(run.board.cp.confederate, 1);
    assert_eq!(
        run.loc("cs-cav-brigade-1"),
        Location::Area("oak-grove".into())
    );
    // The battle's own area is never offered (it is not Held).
    let mut b = fog_board();
    b.cp.confederate = 3;
    let mut run = Run::answering(b, &[4], vec![]);
    match battle::prebattle::pre_battle(&mut run.ctx(), "glendale", BattleMode::Quick) {
        Err(Interrupt::Decide(r)) => {
            assert!(r.options.contains(&Decision::DeclineBrigade));
            assert!(
                !r.options
                    .iter()
                    .any(|d| matches!(d, Decision::BuyBrigade { area, .. } if area == "glendale"))
            );
            // Two kinds of Brigade × two Held areas, plus declining.
            assert_eq!(r.options.len(), 5);
        }
        other => panic!("{other:?}"),
    }
    // Hard table 2 with only 1 CP: ignored.
    let mut b = fog_board();
    b.cp.confederate = 1;
    let (run, _) = event(b, Hard, &[2], vec![], BattleMode::VeryQuick);
    assert_eq!(run.board.cp.confederate, 1);
}

#[test]
fn fog_event_regiment_or_transfer() {
    // 1-5: a Union Regiment joins the battle (a random one from the cup).
    let (run, _) = event(fog_board(), Regular, &[5, 3, 1], vec![], BattleMode::Quick);
    let regiments = run.board.side_in_area("glendale", Side::Union).len();
    assert_eq!(regiments, 2, "Hooker and a Regiment:\n{}", run.text());
    // 6-10 with 2 CP: transferred.
    let mut b = fog_board();
    b.cp.confederate = 2;
    let (run, _) = event(b, Veteran, &[1, 7], vec![], BattleMode::Quick);
    assert_eq!((run.board.cp.confederate, run.board.cp.union), (0, 2));
    // 6-10 without 2 CP: the Regiment instead; none left: ignored.
    let mut b = fog_board();
    for i in 1..=6 {
        b.place(
            &format!("us-inf-regiment-{i}"),
            Location::RemovedFromGame,
            Full,
        );
    }
    for i in 1..=4 {
        b.place(
            &format!("us-cav-regiment-{i}"),
            Location::RemovedFromGame,
            Full,
        );
    }
    let (run, _) = event(b, Hard, &[3, 9], vec![], BattleMode::Quick);
    assert!(
        run.text().contains("No Union Regiment is available"),
        "{}",
        run.text()
    );
}

#[test]
fn fog_event_disease_virulent_disease_desertion() {
    // Disease: a random Held area (Oak Grove, Richmond (Center) in id
    // order: an odd digit → Richmond (Center)); its only Infantry, Magruder.
    let (run, _) = event(fog_board(), Regular, &[6, 1], vec![], BattleMode::Quick);
    assert_eq!(run.strength("magruder"), Reduced, "{}", run.text());
    // Virulent Disease (Hard 10): every Confederate Force there is hit.
    let (run, _) = event(fog_board(), Hard, &[10, 3], vec![], BattleMode::Quick);
    assert_eq!(run.strength("magruder"), Reduced);
    assert_eq!(run.loc("cs-garrison-1"), Location::ConfederateAvailable);
    // Desertion (Veteran 10): Oak Grove (digit 0), Huger; Activation 3:
    // a 2 passes and Huger takes a Hit; an 8 fails and he leaves the game.
    let (run, _) = event(
        fog_board(),
        Veteran,
        &[10, 10, 2],
        vec![],
        BattleMode::Quick,
    );
    assert_eq!(run.strength("huger"), Reduced);
    let (run, _) = event(
        fog_board(),
        Veteran,
        &[10, 10, 8],
        vec![],
        BattleMode::Quick,
    );
    assert_eq!(run.loc("huger"), Location::RemovedFromGame);
    // Holding nothing: Disease strikes the battle's own Infantry.
    let mut b = board();
    at(
        &mut b,
        "glendale",
        &[("longstreet", Full), ("hooker", Full)],
    );
    let (run, _) = event(b, Regular, &[6], vec![], BattleMode::Quick);
    assert_eq!(run.strength("longstreet"), Reduced);
}

#[test]
fn fog_event_union_reinforcement_fall_back_chain() {
    // From the Reinforcement cup when it holds a Force.
    let mut b = fog_board();
    b.place("sykes", Location::ReinforcementCup, Full);
    let (run, _) = event(b, Regular, &[7], vec![], BattleMode::Quick);
    assert_eq!(run.loc("sykes"), Location::Area("glendale".into()));
    // Empty cup: a Brigade; no Brigades: a Regiment; ...; nothing: 4 CP.
    let mut b = fog_board();
    let union_generic: Vec<String> = b
        .pieces
        .iter()
        .filter(|p| p.force.side == Side::Union && *p.location() == Location::AdditionalForcesCup)
        .map(|p| p.force.id.clone())
        .collect();
    for id in &union_generic {
        b.place(id, Location::RemovedFromGame, Full);
    }
    b.place("us-battery-2-1", Location::AdditionalForcesCup, Full);
    let (run, _) = event(b.clone(), Hard, &[5], vec![], BattleMode::Quick);
    assert_eq!(run.loc("us-battery-2-1"), Location::Area("glendale".into()));
    b.place("us-battery-2-1", Location::RemovedFromGame, Full);
    let (run, _) = event(b, Veteran, &[3], vec![], BattleMode::Quick);
    assert_eq!(run.board.cp.union, 4);
}

#[test]
fn fog_event_union_static_forces_and_special_plans() {
    // 8 then 1-2: a Fortification; 3-10: a Garrison, into the battle's area.
    let (run, _) = event(fog_board(), Regular, &[8, 2], vec![], BattleMode::VeryQuick);
    assert_eq!(
        run.loc("us-fortification-1"),
        Location::Area("glendale".into())
    );
    let (run, _) = event(fog_board(), Regular, &[8, 3], vec![], BattleMode::Basic);
    assert_eq!(run.loc("us-garrison-1"), Location::Area("glendale".into()));
    // +1 / +2 Special Battle Plans: Basic counts plans, Quick counts shifts.
    let (_, pre) = event(fog_board(), Regular, &[10], vec![], BattleMode::Basic);
    assert_eq!(
        (pre.union_special_bonus, pre.union_shifts, pre.battle_turns),
        (2, 0, 4)
    );
    let (_, pre) = event(fog_board(), Hard, &[8], vec![], BattleMode::VeryQuick);
    assert_eq!(
        (pre.union_special_bonus, pre.union_shifts, pre.battle_turns),
        (0, 1, 3)
    );
    // the missing Hard row 9 is +2 Special Battle Plans.
    let (_, pre) = event(fog_board(), Hard, &[9], vec![], BattleMode::Quick);
    assert_eq!(pre.union_shifts, 2);
}

/// Very Quick 14.8.1: on a Rejoin the player may Retreat instead (14.8.3):
/// the army and Lee go to one random Confederate-Held neighbour.
#[test]
fn very_quick_rejoin_or_retreat() {
    let setup = || {
        let mut b = board();
        at(
            &mut b,
            "glendale",
            &[
                ("longstreet", Full),
                ("ap-hill", Full),
                ("hooker", Full),
                ("kearny", Full),
            ],
        );
        at(&mut b, "willis-church", &[("huger", Full)]);
        b.lee = Location::Area("glendale".into());
        b
    };
    let spec = BattleSpec {
        area: "glendale".into(),
        attacker: Side::Union,
    };
    // Fog 2 (2 battle turns, +2 CP). Union 10 attacks 16: -6, "-4 to -6"
    // (Lee present: no shift); a 9 is A1 D1, × 2: Hooker (Poor Line) and
    // A.P. Hill (Line, below Longstreet's Veteran) are destroyed. Longstreet
    // 8 against Kearny 5 is under 2:1: the Withdrawal roll, a 1, is Rejoin.
    let dice = [2, 9, 1];
    let mut run = Run::answering(setup(), &dice, vec![]);
    let out = quick::fight(&mut run.ctx(), &spec, QuickMode::VeryQuick);
    let text = run.text();
    match out {
        Err(Interrupt::Decide(r)) => {
            assert_eq!(r.rule, "14.8.1", "{text}");
            assert_eq!(
                r.options,
                vec![Decision::Rejoin, Decision::RetreatInsteadOfRejoin]
            );
        }
        other => panic!("{other:?}\n{text}"),
    }
    assert_eq!(run.loc("ap-hill"), Location::ConfederateAvailable);
    assert_eq!(run.loc("hooker"), Location::ReinforcementCup);
    // Retreat instead: the army and Lee go to Willis Church, the only
    // Confederate-Held neighbour (a single choice needs no die).
    let mut run = Run::answering(setup(), &dice, vec![Decision::RetreatInsteadOfRejoin]);
    let out = quick::fight(&mut run.ctx(), &spec, QuickMode::VeryQuick).unwrap();
    assert_eq!(out.ending, Ending::ConfederateWithdrew);
    assert_eq!(
        run.loc("longstreet"),
        Location::Area("willis-church".into())
    );
    assert_eq!(run.board.lee, Location::Area("willis-church".into()));
    assert!(!out.campaign_lost);
    // Rejoin: a new battle from the Fog of War; Longstreet 8 against Kearny
    // 5: the stronger Confederates attack. Fog 2 again; +3 is "+1 to +3"; a
    // 10 there is A1 D2, × 2: Longstreet (attacker) takes 2 Hits and is
    // destroyed, Kearny takes 4 and is destroyed; Lee is left alone.
    let mut run = Run::answering(setup(), &[2, 9, 1, 2, 10], vec![Decision::Rejoin]);
    let out = quick::fight(&mut run.ctx(), &spec, QuickMode::VeryQuick).unwrap();
    let text = run.text();
    assert_eq!(out.rounds, 2, "{text}");
    assert!(
        text.contains("the Confederates (8 against 5) attack."),
        "{text}"
    );
    assert_eq!(out.ending, Ending::Cleared { loser: None }, "{text}");
    assert!(out.campaign_lost, "Lee is left alone at Glendale");
}

/// 14.8.3: a Confederate Retreat with nowhere to go destroys the army and
/// Lee with it: the campaign is lost.
#[test]
fn confederate_retreat_with_nowhere_to_go_loses_lee() {
    let mut b = board();
    // Drewry's Bluff: neighbours Richmond (South) and New Market, both Union.
    at(
        &mut b,
        "drewrys-bluff",
        &[("holmes", Full), ("pendleton", Full), ("sedgwick", Full)],
    );
    at(&mut b, "richmond-south", &[("kearny", Full)]);
    at(&mut b, "new-market", &[("couch", Full)]);
    b.lee = Location::Area("drewrys-bluff".into());
    let mut run = Run::answering(b, &[], vec![]);
    battle::endings::withdraw(&mut run.ctx(), "drewrys-bluff", Side::Confederate).unwrap();
    assert_eq!(run.loc("holmes"), Location::ConfederateAvailable);
    // Artillery is captured before the army tries to leave; the Union puts
    // one of its Batteries in its place.
    assert_eq!(run.loc("pendleton"), Location::CapturedArtilleryPile);
    assert!(run.board.lee_isolated());
}
