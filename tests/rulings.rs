//! The rulings of docs/rulings.md held by tests: each test is named in its
//! ruling's "Test:" line and asserts what the ruling decides (where Forces
//! go, which Forces are hit, which column is read, who rolls first) with
//! scripted dice and recorded answers, on the bundled Seven Days map unless
//! it says otherwise.

use fcrel::rules::battle::turns::resolve;
use std::sync::Arc;

use fcrel::campaign::{self, Campaign, Order, OrderTarget, Side, Skill, UnionLevel};
use fcrel::rules::battle::basic::combat;
use fcrel::rules::battle::basic::field::{Field, Unit};
use fcrel::rules::battle::ground::Region;
use fcrel::rules::battle::quick::{self, QuickMode};
use fcrel::rules::battle::terms::{Formation, PlanCounter};
use fcrel::rules::battle::{BattleSpec, Ending, PreBattle, endings, prebattle};
use fcrel::rules::board::{Board, PieceIx};
use fcrel::rules::components::{Location, Strength};
use fcrel::rules::decision::{Decision, Interrupt, Recorded, Request};
use fcrel::rules::difficulty::{BattleMode, UnionAspects};
use fcrel::rules::turn::Step;
use fcrel::rules::turn::orders::union_groups;

mod common;
use common::*;

use Formation::{Column, Line};
use Region::*;
use Strength::{Full, Reduced};

fn seven_days() -> Arc<Campaign> {
    Arc::new(campaign::load_bundled("seven-days").unwrap())
}

fn board() -> Board {
    empty_board(seven_days())
}

/// Seven Days with every row of the Regular Campaign Map Orders chart
/// replaced by `order` (no "Otherwise").
fn every_roll(order: Order) -> Arc<Campaign> {
    let mut c = (*seven_days()).clone();
    for row in c.union_orders.campaign_map.regular.rows.iter_mut() {
        row.order = order.clone();
        row.otherwise = None;
    }
    Arc::new(c)
}

/// Play one step with these answers; panic with the chronicle on an
/// interrupt. Returns the decider, to count the answers used.
fn play(run: &mut Run, step: Step, answers: Vec<Decision>) -> Recorded {
    let mut decider = Recorded::new(answers);
    if let Err(e) = run.step(step, &mut decider) {
        panic!("{step:?}: {e}\n{}", run.text());
    }
    decider
}

/// The question a procedure stopped at.
fn question<T: std::fmt::Debug>(r: Result<T, Interrupt>, text: &str) -> Request {
    match r {
        Err(Interrupt::Decide(q)) => *q,
        other => panic!("expected a question, got {other:?}\n{text}"),
    }
}

fn union_at(level: UnionLevel, mut b: Board) -> Board {
    b.options.union = UnionAspects::preset(level);
    b
}

/// The Fog of War and its event for a battle at `area`.
fn pre_battle(run: &mut Run, area: &str, mode: BattleMode) -> PreBattle {
    let pre = prebattle::pre_battle(&mut run.ctx(), area, mode);
    let text = run.text();
    let pre = pre.unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(run.dice.scripted_left(), Some(0), "every die used:\n{text}");
    pre
}

// ---------------------------------------------------------------------------
// Fog of War events (10.2.5–10.2.8)
// ---------------------------------------------------------------------------

/// R-10.2.7-b: Virulent Disease when the Confederates Hold no Area strikes
/// the battle's own area, every Confederate Force there, Static Forces
/// included. When they Hold one, that area is struck and the battle's is not.
#[test]
fn virulent_disease_holding_no_area_strikes_the_battle_area() {
    let mut b = union_at(UnionLevel::Hard, board());
    at(
        &mut b,
        "glendale",
        &["longstreet", "cs-garrison-1", "pendleton", "hooker"],
    );
    // Hard 10: Virulent Disease. No Held area, so no die for the area.
    let mut run = Run::new(b.clone(), &[10]);
    pre_battle(&mut run, "glendale", BattleMode::Quick);
    assert_eq!(run.strength("longstreet"), Reduced, "{}", run.text());
    assert_eq!(run.loc("longstreet"), area("glendale"));
    // A Garrison and an Artillery Force have no reduced side: destroyed.
    assert_eq!(run.loc("cs-garrison-1"), Location::ConfederateAvailable);
    assert_eq!(run.loc("pendleton"), Location::ConfederateAvailable);
    assert_eq!(run.strength("hooker"), Full, "the Union is not struck");
    assert!(
        run.text()
            .contains("You Hold no Area: Disease strikes the battle's area."),
        "{}",
        run.text()
    );

    // Holding Oak Grove (the only Held area: no die), Virulent Disease
    // strikes there and the battle's Forces are spared.
    at(&mut b, "oak-grove", &["huger"]);
    let mut run = Run::new(b, &[10]);
    pre_battle(&mut run, "glendale", BattleMode::Quick);
    assert_eq!(run.strength("huger"), Reduced);
    assert_eq!(run.strength("longstreet"), Full);
    assert_eq!(run.loc("cs-garrison-1"), area("glendale"));
}

/// R-10.2.6-b: the Brigade purchase offers one choice per kind of Brigade
/// (identical counters are one choice, the first still in stock standing
/// for them) in each Confederate-Held Area, never the battle's own.
#[test]
fn brigade_purchase_offers_one_choice_per_kind_and_held_area() {
    let mut b = board();
    at(&mut b, "glendale", &["longstreet", "hooker"]);
    at(&mut b, "richmond-center", &["magruder"]);
    at(&mut b, "oak-grove", &["huger"]);
    b.cp.confederate = 3;
    // The first Infantry Brigade is already on the map: the second stands
    // for the five left.
    at(&mut b, "oak-grove", &["cs-inf-brigade-1"]);
    let buy = |force: &str, area: &str| Decision::BuyBrigade {
        force: force.into(),
        area: area.into(),
    };
    // Regular 4: pay 2 Command Points for a Brigade.
    let mut run = Run::new(b.clone(), &[4]);
    let q = question(
        prebattle::pre_battle(&mut run.ctx(), "glendale", BattleMode::Quick),
        &run.text(),
    );
    assert_eq!(q.rule, "10.2.6");
    assert_eq!(
        q.options,
        vec![
            Decision::DeclineBrigade,
            buy("cs-cav-brigade-1", "oak-grove"),
            buy("cs-cav-brigade-1", "richmond-center"),
            buy("cs-inf-brigade-2", "oak-grove"),
            buy("cs-inf-brigade-2", "richmond-center"),
        ]
    );
    let mut run = Run::answering(b, &[4], vec![buy("cs-inf-brigade-2", "richmond-center")]);
    pre_battle(&mut run, "glendale", BattleMode::Quick);
    assert_eq!(run.loc("cs-inf-brigade-2"), area("richmond-center"));
    assert_eq!(run.board.cp.confederate, 1);
}

/// R-10.2.6-b: the random Union Regiment is drawn from every Regiment in
/// the Additional Forces cup, Infantry and Cavalry alike.
#[test]
fn union_regiment_is_drawn_from_infantry_and_cavalry_alike() {
    let mut b = board();
    at(&mut b, "glendale", &["longstreet", "hooker"]);
    // Two Regiments left in the cup: a Cavalry and an Infantry one.
    for id in (1..=6)
        .map(|i| format!("us-inf-regiment-{i}"))
        .chain((1..=4).map(|i| format!("us-cav-regiment-{i}")))
    {
        if id != "us-cav-regiment-3" && id != "us-inf-regiment-5" {
            b.place(&id, Location::RemovedFromGame, Full);
        }
    }
    // Regular 5, then 1-5: a Regiment. The pick among the two (in id
    // order: Cavalry first): a 2 (digit 2, even) is the Cavalry, a 1 the
    // Infantry.
    for (die, joins, stays) in [
        (2, "us-cav-regiment-3", "us-inf-regiment-5"),
        (1, "us-inf-regiment-5", "us-cav-regiment-3"),
    ] {
        let mut run = Run::new(b.clone(), &[5, 1, die]);
        pre_battle(&mut run, "glendale", BattleMode::Quick);
        assert_eq!(run.loc(joins), area("glendale"), "{}", run.text());
        assert_eq!(run.loc(stays), Location::AdditionalForcesCup);
    }
}

/// R-10.2.6-b: the random Union Reinforcement is drawn from the whole
/// Reinforcement cup, whatever the corps in the battle.
#[test]
fn union_reinforcement_is_drawn_from_the_whole_cup() {
    let mut b = board();
    // III Corps in the battle; II, III and V Corps Forces in the cup.
    at(&mut b, "glendale", &["longstreet", "hooker"]);
    for id in ["kearny", "sedgwick", "sykes"] {
        b.place(id, Location::ReinforcementCup, Reduced);
    }
    // Regular 7: a Reinforcement. Three candidates in id order (Kearny,
    // Sedgwick, Sykes): digit 0 → Kearny, 1 → Sedgwick, 2 → Sykes.
    for (die, joins) in [(10, "kearny"), (1, "sedgwick"), (2, "sykes")] {
        let mut run = Run::new(b.clone(), &[7, die]);
        pre_battle(&mut run, "glendale", BattleMode::Quick);
        assert_eq!(run.loc(joins), area("glendale"), "{}", run.text());
        assert_eq!(run.strength(joins), Full, "it joins full strength");
        let in_cup = ["kearny", "sedgwick", "sykes"]
            .iter()
            .filter(|id| run.loc(id) == Location::ReinforcementCup)
            .count();
        assert_eq!(in_cup, 2);
    }
}

// ---------------------------------------------------------------------------
// The Battle Resolution Table (Part Two)
// ---------------------------------------------------------------------------

/// Union 16 (Hunt 6, Sedgwick 5, Hooker 5) and a Confederate Regiment (2)
/// at Glendale, Lee not there.
fn lopsided() -> Board {
    let mut b = board();
    at(&mut b, "glendale", &["hunt", "sedgwick", "hooker"]);
    at(&mut b, "glendale", &["cs-inf-regiment-1"]);
    b
}

/// R-BRT: the Lee shift, the Union's Fog of War shifts and the Confederate
/// BRT ±1 are added up before the table is read, and the sum stops at the
/// table's edge. (Clamping shift by shift would read the next column in.)
#[test]
fn column_shifts_add_up_and_stop_at_the_edges() {
    let pre = PreBattle {
        battle_turns: 1,
        union_shifts: 2,
        confederate_shift: true,
        ..PreBattle::default()
    };
    // Right edge. The Union attacks: +14 is "+10", the last column. Lee
    // absent and defending +1, the Union's two shifts +2, the player's BRT
    // -1: +2 in all, still "+10". A 10 there is A0 D4 (A0 D3 one left).
    let mut run = Run::answering(lopsided(), &[10], vec![Decision::ShiftColumn { shift: -1 }]);
    let mut unused = true;
    let hits = quick::resolve_turn(
        &mut run.ctx(),
        "glendale",
        Side::Union,
        &pre,
        &mut unused,
        "12.0",
        (1, 1),
    )
    .unwrap();
    let text = run.text();
    assert_eq!(hits, [0, 4], "{text}");
    assert!(text.contains("final column \"+10\""), "{text}");
    assert!(!unused, "the BRT ±1 is spent");

    // Left edge. The Confederates attack: -14 is "-10 or less". Lee absent
    // and attacking -1, the defending Union's shifts -2, the BRT +1: -2 in
    // all, still the first column. A 4 there is A3 D1 (A2 D1 one right).
    let mut run = Run::answering(lopsided(), &[4], vec![Decision::ShiftColumn { shift: 1 }]);
    let mut unused = true;
    let hits = quick::resolve_turn(
        &mut run.ctx(),
        "glendale",
        Side::Confederate,
        &pre,
        &mut unused,
        "12.0",
        (1, 1),
    )
    .unwrap();
    let text = run.text();
    assert_eq!(hits, [3, 1], "{text}");
    assert!(text.contains("final column \"-10 or less\""), "{text}");
}

/// Longstreet (8) against Hooker and Kearny (10) at Glendale.
fn even_battle(lee: bool) -> Board {
    let mut b = board();
    at(&mut b, "glendale", &["longstreet", "hooker", "kearny"]);
    if lee {
        b.lee = area("glendale");
    }
    b
}

/// R-BRT-±1: while the Confederate BRT ±1 is unused the player is asked
/// before every resolution: left, right or not now. "Not now" keeps it for
/// the next resolution; once used it is not offered again.
#[test]
fn brt_plus_minus_one_is_offered_before_every_resolution_until_used() {
    let pre = PreBattle {
        battle_turns: 3,
        confederate_shift: true,
        ..PreBattle::default()
    };
    // The Union attacks, +2: "+1 to +3", Lee absent and defending: "+4 to
    // +6". A 10 there is A1 D3; one column right, "+7 to +9", A0 D3.
    let mut run = Run::new(even_battle(false), &[10, 10, 10]);
    let mut unused = pre.confederate_shift;
    let resolve = |run: &mut Run, unused: &mut bool, turn: u32| {
        quick::resolve_turn(
            &mut run.ctx(),
            "glendale",
            Side::Union,
            &pre,
            unused,
            "12.0",
            (turn, 1),
        )
    };
    let q = question(resolve(&mut run, &mut unused, 1), &run.text());
    assert_eq!(q.rule, "12.0");
    assert_eq!(
        q.options,
        vec![
            Decision::ShiftColumn { shift: 0 },
            Decision::ShiftColumn { shift: -1 },
            Decision::ShiftColumn { shift: 1 },
        ]
    );
    assert_eq!(run.dice.rolled(), 0, "asked before the die is rolled");
    // Turn 1: not now.
    run.decider = Recorded::new(vec![Decision::ShiftColumn { shift: 0 }]);
    assert_eq!(resolve(&mut run, &mut unused, 1).unwrap(), [1, 3]);
    assert_eq!(run.decider.used, 1);
    assert!(unused, "kept for a later resolution");
    // Turn 2: asked again; one column right.
    run.decider = Recorded::new(vec![Decision::ShiftColumn { shift: 1 }]);
    assert_eq!(resolve(&mut run, &mut unused, 2).unwrap(), [0, 3]);
    assert_eq!(run.decider.used, 1);
    assert!(!unused);
    // Turn 3: spent, so nobody is asked (no answer is recorded) and the
    // column is "+4 to +6" again.
    run.decider = Recorded::default();
    assert_eq!(resolve(&mut run, &mut unused, 3).unwrap(), [1, 3]);
    assert_eq!(run.dice.scripted_left(), Some(0));
}

/// R-BRT-±1: Very Quick has one resolution, so the BRT ±1 is asked for
/// once; declined, it is lost with the battle.
#[test]
fn very_quick_asks_for_the_brt_plus_minus_one_once() {
    let spec = BattleSpec {
        area: "glendale".into(),
        attacker: Side::Union,
    };
    // Fog of War 1 (Regular): Random Insight, the BRT ±1; 3 - 2 = 1 turn.
    // +2, "+1 to +3" (Lee present). A 5 there is A1 D1: Hooker (Poor Line)
    // and Longstreet reduced. Union 8 against 5: the Withdrawal table, a
    // 10, Encamp.
    let mut run = Run::answering(
        even_battle(true),
        &[1, 5, 10],
        vec![Decision::ShiftColumn { shift: 0 }],
    );
    let out = quick::fight(&mut run.ctx(), &spec, QuickMode::VeryQuick);
    let text = run.text();
    let out = out.unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(out.ending, Ending::Encamp, "{text}");
    assert_eq!(run.decider.used, 1, "asked once:\n{text}");
    assert_eq!(run.strength("hooker"), Reduced);
    assert_eq!(run.strength("longstreet"), Reduced);
    assert!(text.contains("final column \"+1 to +3\""), "{text}");
    assert_eq!(run.dice.scripted_left(), Some(0));

    // Used, one column left: the table is read in "0" (where a 5 is also
    // A1 D1).
    let mut run = Run::answering(
        even_battle(true),
        &[1, 5, 10],
        vec![Decision::ShiftColumn { shift: -1 }],
    );
    quick::fight(&mut run.ctx(), &spec, QuickMode::VeryQuick).unwrap();
    assert!(run.text().contains("final column \"0\""), "{}", run.text());
}

// ---------------------------------------------------------------------------
// Withdrawal and the end of a battle (14.7, 14.8)
// ---------------------------------------------------------------------------

/// Glendale's neighbours, in id order: Charles City Road, Frayser's Farm,
/// Long Bridge, White Oak Swamp, Willis Church. Charles City Road has both
/// armies (Not Held), Frayser's Farm is empty (Not Held), the other three
/// are Held by `held`.
fn retreat_board(held: Side) -> Board {
    let mut b = board();
    at(&mut b, "charles-city-road", &["kearny", "huger"]);
    let statics: [&str; 3] = match held {
        Side::Union => ["us-garrison-1", "us-garrison-2", "us-garrison-3"],
        Side::Confederate => ["cs-garrison-1", "cs-garrison-2", "cs-garrison-3"],
    };
    for (a, id) in ["long-bridge", "white-oak-swamp", "willis-church"]
        .iter()
        .zip(statics)
    {
        at(&mut b, a, &[id]);
    }
    b
}

/// R-14.8.2/3 (Union Retreat): with no adjacent Union-Held area, an empty
/// area and an area with both armies are both second choices; the whole
/// army goes to one of them at random. A Union-Held neighbour, when there
/// is one, is taken without a roll.
#[test]
fn union_retreat_second_choices_are_empty_or_contested_areas() {
    let mut b = retreat_board(Side::Confederate);
    at(&mut b, "glendale", &["longstreet", "hooker", "sedgwick"]);
    // Two second choices in id order: a 2 (even) is Charles City Road, a 1
    // Frayser's Farm.
    for (die, to) in [(2, "charles-city-road"), (1, "fraysers-farm")] {
        let mut run = Run::new(b.clone(), &[die]);
        endings::withdraw(&mut run.ctx(), "glendale", Side::Union).unwrap();
        assert_eq!(run.loc("hooker"), area(to), "{}", run.text());
        assert_eq!(run.loc("sedgwick"), area(to), "the whole army together");
        assert_eq!(run.dice.scripted_left(), Some(0));
    }
    // A Union-Held neighbour is the first choice: no die.
    at(&mut b, "fraysers-farm", &["us-garrison-4"]);
    let mut run = Run::new(b, &[]);
    endings::withdraw(&mut run.ctx(), "glendale", Side::Union).unwrap();
    assert_eq!(run.loc("hooker"), area("fraysers-farm"), "{}", run.text());
    assert_eq!(run.loc("sedgwick"), area("fraysers-farm"));
}

/// R-14.8.2/3 (Confederate Retreat): the same for the Confederates, Lee
/// with the army.
#[test]
fn confederate_retreat_second_choices_are_empty_or_contested_areas() {
    let mut b = retreat_board(Side::Union);
    at(&mut b, "glendale", &["longstreet", "ap-hill", "hooker"]);
    b.lee = area("glendale");
    for (die, to) in [(2, "charles-city-road"), (1, "fraysers-farm")] {
        let mut run = Run::new(b.clone(), &[die]);
        endings::withdraw(&mut run.ctx(), "glendale", Side::Confederate).unwrap();
        assert_eq!(run.loc("longstreet"), area(to), "{}", run.text());
        assert_eq!(run.loc("ap-hill"), area(to));
        assert_eq!(run.board.lee, area(to), "Lee goes with the army");
    }
    at(&mut b, "fraysers-farm", &["cs-garrison-4"]);
    let mut run = Run::new(b, &[]);
    endings::withdraw(&mut run.ctx(), "glendale", Side::Confederate).unwrap();
    assert_eq!(run.loc("longstreet"), area("fraysers-farm"));
    assert_eq!(run.loc("ap-hill"), area("fraysers-farm"));
    assert_eq!(run.board.lee, area("fraysers-farm"));
}

/// 14.5 Rout on the map: the Confederate Forces leave one by one (id
/// order), each to the area the player names; Lee goes with the first
/// out (`endings::go_to`), and the Rout earns the Union its Command Point
/// (18.4). Without Lee's part (`with_lee` false) he stays.
#[test]
fn a_routed_army_leaves_the_map_battle_and_lee_goes_with_the_first() {
    let mut b = retreat_board(Side::Confederate);
    at(&mut b, "glendale", &["longstreet", "ap-hill", "hooker"]);
    b.lee = area("glendale");
    let to = |force: &str, a: &str| Decision::RetreatTo {
        force: force.into(),
        area: a.into(),
    };
    let answers = vec![
        to("ap-hill", "fraysers-farm"),
        to("longstreet", "willis-church"),
    ];
    let mut run = Run::answering(b.clone(), &[], answers.clone());
    let cp = run.board.cp.union;
    endings::leave_battle(&mut run.ctx(), "glendale", Side::Confederate, true).unwrap();
    let text = run.text();
    assert_eq!(run.loc("ap-hill"), area("fraysers-farm"), "{text}");
    assert_eq!(run.loc("longstreet"), area("willis-church"), "{text}");
    assert_eq!(run.board.lee, area("fraysers-farm"), "{text}");
    assert!(
        text.contains("[14.5] Robert E. Lee goes with it to Frayser's Farm."),
        "{text}"
    );
    assert_eq!(text.matches("Robert E. Lee").count(), 1, "{text}");
    assert!(
        text.contains("leaves the battle for Willis Church."),
        "{text}"
    );
    assert!(run.board.cp.union > cp, "18.4: the Rout's Command Point");
    // 14.5 on a sheet's end: the Forces kept off it leave without Lee.
    let mut run = Run::answering(b, &[], answers);
    endings::leave_area(&mut run.ctx(), "glendale", Side::Confederate, "14.5", false).unwrap();
    assert_eq!(run.loc("ap-hill"), area("fraysers-farm"));
    assert_eq!(run.board.lee, area("glendale"), "{}", run.text());
}

/// the Fog of War can end the battle. Disease, with no Area Held,
/// strikes the battle's own area and destroys the last Confederate Force:
/// the battle ends there (no Envelopment, no Battle Resolution, no
/// Withdrawal roll) and Lee, left alone, loses the campaign.
#[test]
fn a_battle_ends_when_the_fog_of_war_leaves_one_army_without_forces() {
    let mut b = board();
    b.place("holmes", area("glendale"), Reduced);
    at(&mut b, "glendale", &["hooker"]);
    b.lee = area("glendale");
    let spec = BattleSpec {
        area: "glendale".into(),
        attacker: Side::Union,
    };
    // Regular 6: Disease; Holmes is the only Infantry there (no die).
    let mut run = Run::new(b, &[6]);
    let out = quick::fight(&mut run.ctx(), &spec, QuickMode::Quick);
    let text = run.text();
    let out = out.unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(
        out.ending,
        Ending::Cleared {
            loser: Some(Side::Confederate)
        },
        "{text}"
    );
    assert!(out.campaign_lost, "{text}");
    assert_eq!(run.loc("holmes"), Location::ConfederateAvailable);
    assert_eq!(run.dice.scripted_left(), Some(0));
    assert!(!text.contains("Withdrawal"), "{text}");
}

/// R-14.7 (Very Quick): both armies' Hits are applied before the battle
/// ends, then it ends with no Withdrawal roll. The attacking Confederates
/// are destroyed by their own Hits and the Union still takes its Hits.
#[test]
fn very_quick_applies_both_armies_hits_then_ends_without_withdrawal() {
    let mut b = board();
    at(&mut b, "glendale", &["holmes", "hooker", "kearny"]);
    b.lee = area("glendale");
    let spec = BattleSpec {
        area: "glendale".into(),
        attacker: Side::Confederate,
    };
    // Fog of War 2: 4 - 2 = 2 turns, +2 CP. Confederate 4 against Union
    // 10: -6, "-4 to -6", Lee present. A 1 is A3 D1, × 2: Holmes takes 6
    // (destroyed, 4 discarded), the Union 2: Hooker (Poor Line) flipped and
    // destroyed, Kearny untouched.
    let mut run = Run::new(b, &[2, 1]);
    let out = quick::fight(&mut run.ctx(), &spec, QuickMode::VeryQuick);
    let text = run.text();
    let out = out.unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(
        out.ending,
        Ending::Cleared {
            loser: Some(Side::Confederate)
        },
        "{text}"
    );
    assert_eq!(run.loc("holmes"), Location::ConfederateAvailable);
    assert_eq!(run.loc("hooker"), Location::ReinforcementCup, "{text}");
    assert_eq!(run.loc("kearny"), area("glendale"));
    assert_eq!(run.strength("kearny"), Full);
    assert!(out.campaign_lost, "Lee is left alone");
    assert_eq!(run.dice.scripted_left(), Some(0), "no Withdrawal roll");
}

/// R-14.7 (Quick): an army gone after a turn's Hits ends the battle at once:
/// no Voluntary Retreat question though turns remain, no Withdrawal roll.
#[test]
fn quick_battle_ends_when_an_army_is_gone_after_a_turn() {
    let mut b = board();
    at(&mut b, "glendale", &["longstreet"]);
    b.place("hooker", area("glendale"), Reduced);
    b.lee = area("glendale");
    let spec = BattleSpec {
        area: "glendale".into(),
        attacker: Side::Confederate,
    };
    // Fog of War 2: 2 battle turns, +2 CP. 8 against 3: +5, "+4 to +6",
    // Lee present. A 10 is A1 D3: Longstreet flipped, Hooker destroyed.
    let mut run = Run::new(b, &[2, 10]);
    let out = quick::fight(&mut run.ctx(), &spec, QuickMode::Quick);
    let text = run.text();
    let out = out.unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(
        out.ending,
        Ending::Cleared {
            loser: Some(Side::Union)
        },
        "{text}"
    );
    assert_eq!(run.decider.used, 0, "no question asked");
    assert_eq!(run.dice.scripted_left(), Some(0));
    assert_eq!(run.strength("longstreet"), Reduced);
    assert_eq!(run.loc("hooker"), Location::ReinforcementCup);
    assert!(!out.campaign_lost);
    assert_eq!(out.rounds, 1);
}

// ---------------------------------------------------------------------------
// Victory Conditions (3.1, 7.14)
// ---------------------------------------------------------------------------

/// Richmond Held by the Confederates: Magruder in Richmond (North), Lee and
/// a Garrison in Richmond (Center), a Garrison in Richmond (South); Hooker
/// in Mechanicsville. Very Quick battles, the Hard Campaign Map Orders
/// (8: "Move toward Richmond (Center)").
fn richmond_board() -> Board {
    let mut b = board();
    at(&mut b, "richmond-north", &["magruder"]);
    at(&mut b, "richmond-center", &["cs-garrison-2"]);
    at(&mut b, "richmond-south", &["cs-garrison-3"]);
    at(&mut b, "mechanicsville", &["hooker"]);
    b.lee = area("richmond-center");
    b.options.battles = BattleMode::VeryQuick;
    b.options.union.campaign_map_orders = UnionLevel::Hard;
    b
}

/// R-3.1-hold: a Union group that enters Richmond in the Union Orders step
/// does not fail "Hold Richmond throughout the Campaign" at the end of that
/// step; the area is judged after its battle: lost when both armies stay
/// (Encamp), still Held when the Union retreats.
#[test]
fn richmond_entered_by_the_union_is_judged_after_its_battle() {
    let mut run = Run::new(richmond_board(), &[8]);
    play(&mut run, Step::UnionOrders, vec![]);
    assert_eq!(run.loc("hooker"), area("richmond-north"), "{}", run.text());
    assert_eq!(
        run.board.progress.objectives.get("richmond"),
        None,
        "not judged before the battle:\n{}",
        run.text()
    );
    let orders = run.board.clone();
    // The battle: Fog of War 9 (1 turn, one Union shift). Union 5 against
    // 8: -3, Lee absent and defending +1, the Union shift +1: "+1 to +3";
    // a 4 is A1 D1: Union 3 against 5, the Withdrawal table.
    // A 10: Encamp. Both armies stay: the objective fails.
    let mut run = Run::new(orders.clone(), &[9, 4, 10]);
    play(&mut run, Step::BattlesAfterOrders, vec![]);
    assert!(run.text().contains("Encamp"), "{}", run.text());
    assert_eq!(
        run.board.progress.objectives.get("richmond"),
        Some(&false),
        "{}",
        run.text()
    );
    // A 2: Union Retreat; Atlee's Station and Mechanicsville are open and a
    // 1 picks Mechanicsville. Richmond is Held again: still undecided.
    let mut run = Run::new(orders, &[9, 4, 2, 1]);
    play(&mut run, Step::BattlesAfterOrders, vec![]);
    assert_eq!(run.loc("hooker"), area("mechanicsville"), "{}", run.text());
    assert_eq!(
        run.board.progress.objectives.get("richmond"),
        None,
        "{}",
        run.text()
    );
}

/// R-3.1-hold: "at the end of … every other step, an area not Held fails
/// the objective": both armies in Richmond (North) at the end of the
/// Confederate Resupply step (no battle follows it).
#[test]
fn richmond_with_both_armies_after_a_step_without_battles_fails() {
    let mut b = richmond_board();
    at(&mut b, "richmond-north", &["hooker"]);
    let mut run = Run::new(b, &[]);
    play(
        &mut run,
        Step::ConfederateResupply,
        vec![Decision::EndResupply],
    );
    assert_eq!(
        run.board.progress.objectives.get("richmond"),
        Some(&false),
        "{}",
        run.text()
    );
}

/// objectives carry `union_levels`, read by the Union Victory
/// Conditions aspect alone. Of the bundled campaigns only Chancellorsville
/// has objectives that vary (clearing Chancellorsville by Turn 7 at
/// Regular, by Turn 6 at Hard and Veteran); every Seven Days, Second
/// Manassas, Antietam and Gettysburg objective applies at every level.
#[test]
fn victory_conditions_by_union_level() {
    let levels = [UnionLevel::Regular, UnionLevel::Hard, UnionLevel::Veteran];
    let in_force = |c: &Campaign, level: UnionLevel| -> Vec<String> {
        let mut o = fcrel::rules::difficulty::GameOptions::default();
        o.union.victory_conditions = level;
        o.objectives(c).map(|o| o.id.clone()).collect()
    };
    for id in ["seven-days", "second-manassas", "antietam", "gettysburg"] {
        let c = campaign::load_bundled(id).unwrap();
        let all: Vec<String> = c.victory.objectives.iter().map(|o| o.id.clone()).collect();
        for level in levels {
            assert_eq!(in_force(&c, level), all, "{id} at {level:?}");
        }
    }
    let c = Arc::new(campaign::load_bundled("chancellorsville").unwrap());
    let everywhere = ["flank-march", "banks-ford", "maryes-heights"];
    for level in levels {
        let got = in_force(&c, level);
        let varying = if level == UnionLevel::Regular {
            "chancellorsville"
        } else {
            "chancellorsville-early"
        };
        assert!(got.iter().any(|o| o == varying), "{level:?}: {got:?}");
        assert_eq!(got.len(), everywhere.len() + 1, "{level:?}: {got:?}");
        for o in everywhere {
            assert!(got.iter().any(|g| g == o), "{level:?}: {got:?}");
        }
    }
    // Mix and match: only the Victory Conditions aspect counts. The Union
    // still in Chancellorsville at the end of the Confederate Phase of Turn
    // 6: with Hard Victory Conditions and everything else Regular the Turn
    // 6 objective fails; with Regular Victory Conditions and everything
    // else Veteran nothing is due yet.
    let resupply = |aspects: UnionAspects| {
        let mut b = empty_board(c.clone());
        b.options.union = aspects;
        at(&mut b, "chancellorsville", &["hancock"]);
        at(&mut b, "maryes-heights", &["early"]);
        b.lee = area("maryes-heights");
        b.turn.turn = 6;
        let mut run = Run::new(b, &[]);
        play(
            &mut run,
            Step::ConfederateResupply,
            vec![Decision::EndResupply],
        );
        run.board.progress.objectives
    };
    let mut hard_victory = UnionAspects::preset(UnionLevel::Regular);
    hard_victory.victory_conditions = UnionLevel::Hard;
    let decided = resupply(hard_victory);
    assert_eq!(decided.get("chancellorsville-early"), Some(&false));
    assert_eq!(decided.get("chancellorsville"), None);
    let mut regular_victory = UnionAspects::preset(UnionLevel::Veteran);
    regular_victory.victory_conditions = UnionLevel::Regular;
    let decided = resupply(regular_victory);
    assert_eq!(decided.get("chancellorsville-early"), None);
    assert_eq!(decided.get("chancellorsville"), None);
}

// ---------------------------------------------------------------------------
// Late Arrivals (7.9)
// ---------------------------------------------------------------------------

/// R-7.9-b: a Late Arrival entering a Confederate-Held area of the
/// player's choice waits while the Confederates Hold none, and rolls again
/// at the next Advance Turn step.
#[test]
fn a_late_arrival_with_nowhere_to_enter_waits_and_rolls_again() {
    let mut b = board();
    for id in ["jackson", "ewell", "whiting"] {
        b.place(id, Location::LateArrival("jacksons-command".into()), Full);
    }
    // The Confederates' only Forces share Glendale with the Union: no
    // area is Held.
    at(&mut b, "glendale", &["longstreet", "hooker"]);
    b.lee = area("glendale");
    b.turn.turn = 2;
    // Turn 3: a 6 succeeds, but there is nowhere to enter.
    let mut run = Run::new(b, &[6]);
    play(&mut run, Step::AdvanceTurn, vec![]);
    let text = run.text();
    assert!(
        matches!(run.loc("jackson"), Location::LateArrival(_)),
        "{text}"
    );
    assert!(text.contains("they wait (R-7.9-b)"), "{text}");
    assert!(!run.board.progress.arrived.contains("jacksons-command"));
    // Turn 4: Magruder Holds Richmond (Center); the roll is made again (a
    // 5) and the command enters there (the only choice: no question).
    let mut b = run.board.clone();
    at(&mut b, "richmond-center", &["magruder"]);
    let mut run = Run::new(b, &[5]);
    play(&mut run, Step::AdvanceTurn, vec![]);
    assert_eq!(run.dice.scripted_left(), Some(0), "rolled again");
    for id in ["jackson", "ewell", "whiting"] {
        assert_eq!(run.loc(id), area("richmond-center"), "{}", run.text());
    }
    assert!(run.board.progress.arrived.contains("jacksons-command"));
}

// ---------------------------------------------------------------------------
// Union Orders (16.3, 16.4)
// ---------------------------------------------------------------------------

/// R-16.3-order: the player is asked which group rolls next while more than
/// one is left, and each group moves before the next rolls. III Corps
/// (Hooker, Kearny) in Seven Pines, VI Corps (Slocum) in Fair Oaks, a Union
/// Garrison in White House; Regular Campaign Map Orders.
#[test]
fn the_player_orders_the_union_groups_and_each_moves_before_the_next_rolls() {
    let mut b = board();
    at(&mut b, "seven-pines", &["hooker", "kearny"]);
    at(&mut b, "fair-oaks", &["slocum"]);
    at(&mut b, "white-house", &["us-garrison-1"]);
    at(&mut b, "ashland", &["longstreet"]);
    b.lee = area("ashland");
    let orders_for = |area: &str, group: &str| Decision::OrdersFor {
        area: area.into(),
        group: group.into(),
    };
    let mut run = Run::new(b.clone(), &[4, 5]);
    let q = question(
        run.step(Step::UnionOrders, &mut Recorded::default()),
        &run.text(),
    );
    assert_eq!(q.rule, "16.3");
    assert_eq!(
        q.options,
        vec![
            orders_for("fair-oaks", "VI"),
            orders_for("seven-pines", "III"),
            Decision::OrdersInOrder,
        ]
    );
    assert_eq!(run.dice.rolled(), 0, "asked before any group rolls");
    // VI first: a 4, "Move toward Malvern Hill": Fair Oaks → Seven Pines.
    // Then III rolls a 5, "Advance to the closest Union Held Area": Seven
    // Pines is its own, Fair Oaks is empty now, so White House: one area
    // toward it, Savage's Station. (Read before VI moved, the order would
    // have sent III to Fair Oaks, the closest Union-Held area then.)
    let mut run = Run::new(b.clone(), &[4, 5]);
    let used = play(
        &mut run,
        Step::UnionOrders,
        vec![orders_for("fair-oaks", "VI")],
    );
    assert_eq!(used.used, 1, "no question for the last group");
    assert_eq!(run.loc("slocum"), area("seven-pines"), "{}", run.text());
    assert_eq!(run.loc("hooker"), area("savages-station"), "{}", run.text());
    assert_eq!(run.loc("kearny"), area("savages-station"));
    // III first, same dice: III rolls the 4 and heads for Malvern Hill.
    let mut run = Run::new(b, &[4, 5]);
    play(
        &mut run,
        Step::UnionOrders,
        vec![orders_for("seven-pines", "III")],
    );
    assert_eq!(
        run.loc("hooker"),
        area("charles-city-road"),
        "{}",
        run.text()
    );
}

/// R-16.4-move-to: "Move to X. Otherwise, Hold." moves the group one area
/// toward X; a group already in X Holds.
#[test]
fn move_to_x_is_one_area_toward_x() {
    // Glendale is two areas from Crew House (by Willis Church). Regular
    // Battle Area Orders 2: "Move to Crew House. Otherwise, Hold."
    let mut b = board();
    at(&mut b, "glendale", &["hooker", "kearny"]);
    let mut run = Run::new(b, &[2]);
    play(&mut run, Step::UnionOrders, vec![]);
    assert_eq!(run.loc("hooker"), area("willis-church"), "{}", run.text());
    assert_eq!(run.loc("kearny"), area("willis-church"));
    // Already in Crew House: Otherwise, Hold.
    let mut b = board();
    at(&mut b, "crew-house", &["hooker", "kearny"]);
    let mut run = Run::new(b, &[2]);
    play(&mut run, Step::UnionOrders, vec![]);
    assert_eq!(run.loc("hooker"), area("crew-house"));
    assert!(run.text().contains("Otherwise"), "{}", run.text());
}

/// R-16.4-held: "Advance to the closest Union Held Area" never means the
/// group's own area: Sedgwick in Seven Pines moves toward a Union Garrison
/// two areas away instead of Holding.
#[test]
fn union_held_target_is_not_the_groups_own_area() {
    // Regular Campaign Map Orders 5. Bottom's Bridge is two areas away,
    // by Savage's Station only.
    let mut b = board();
    at(&mut b, "seven-pines", &["sedgwick"]);
    at(&mut b, "bottoms-bridge", &["us-garrison-1"]);
    at(&mut b, "ashland", &["longstreet"]);
    b.lee = area("ashland");
    let mut run = Run::new(b, &[5]);
    play(&mut run, Step::UnionOrders, vec![]);
    assert_eq!(
        run.loc("sedgwick"),
        area("savages-station"),
        "{}",
        run.text()
    );
}

/// R-16.4-held: with no Union-Held Objective to head for, a random adjacent
/// area with Union Forces, else an empty one, else Hold. Sedgwick in Seven
/// Pines (neighbours Charles City Road, Fair Oaks, Oak Grove, Savage's
/// Station) under "Move toward the closest Union-Held Objective".
#[test]
fn union_held_objective_fall_back() {
    let c = every_roll(Order::UnionHeld {
        target: OrderTarget::Objective,
    });
    let base = || {
        let mut b = empty_board(c.clone());
        at(&mut b, "seven-pines", &["sedgwick"]);
        at(&mut b, "ashland", &["longstreet"]);
        b.lee = area("ashland");
        b
    };
    // A Union Garrison in Fair Oaks (not an Objective): the one adjacent
    // area with Union Forces; no die.
    let mut b = base();
    at(&mut b, "fair-oaks", &["us-garrison-1"]);
    let mut run = Run::new(b, &[1]);
    play(&mut run, Step::UnionOrders, vec![]);
    assert_eq!(run.loc("sedgwick"), area("fair-oaks"), "{}", run.text());
    // None: a random empty neighbour; Oak Grove (Huger) is not one. Three
    // in id order (Charles City Road, Fair Oaks, Savage's Station): a 2.
    let mut b = base();
    at(&mut b, "oak-grove", &["huger"]);
    let mut run = Run::new(b, &[1, 2]);
    play(&mut run, Step::UnionOrders, vec![]);
    assert_eq!(
        run.loc("sedgwick"),
        area("savages-station"),
        "{}",
        run.text()
    );
    // Every neighbour Held by the Confederates: Hold.
    let mut b = base();
    for (a, id) in [
        ("charles-city-road", "cs-garrison-1"),
        ("fair-oaks", "cs-garrison-2"),
        ("oak-grove", "cs-garrison-3"),
        ("savages-station", "cs-garrison-4"),
    ] {
        at(&mut b, a, &[id]);
    }
    let mut run = Run::new(b, &[1]);
    play(&mut run, Step::UnionOrders, vec![]);
    assert_eq!(run.loc("sedgwick"), area("seven-pines"), "{}", run.text());
}

/// R-16.4-held: the fall-back's first preference is an adjacent area that
/// "contains Union Forces" (16.4), which an area with both armies does.
/// Sedgwick in Seven Pines, Kearny with Huger in Oak Grove, the other
/// neighbours empty, no other Union-Held area: Sedgwick goes to Oak Grove.
#[test]
fn union_held_fall_back_prefers_an_area_with_union_forces_even_contested() {
    let mut b = board();
    at(&mut b, "seven-pines", &["sedgwick"]);
    at(&mut b, "oak-grove", &["kearny", "huger"]);
    b.lee = area("oak-grove");
    // Regular Campaign Map Orders 5: "Advance to the closest Union Held
    // Area"; Seven Pines is the only one. Oak Grove is the one neighbour
    // with Union Forces: no die. (The 2 is there for the code's choice
    // among the empty ones, to show where it sends the group.)
    let mut run = Run::new(b, &[5, 2]);
    play(&mut run, Step::UnionOrders, vec![]);
    assert_eq!(run.loc("sedgwick"), area("oak-grove"), "{}", run.text());
}

/// R-16.4-c: Advance ×2 (and ×3) Holds when its destination, or an area
/// next to it, has Confederate Forces of a greater combined Combat Value
/// than the group's; an equal value does not stop it. Slocum (3) in
/// Savage's Station, two areas from Oak Grove by Seven Pines.
#[test]
fn advance_two_holds_against_more_than_one_to_one() {
    let c = every_roll(Order::Advance {
        steps: 2,
        battle_area_only: false,
    });
    let base = || {
        let mut b = empty_board(c.clone());
        at(&mut b, "savages-station", &["slocum"]);
        b
    };
    // Stuart (3) in Oak Grove: 3 against 3 is not more than 1:1.
    let mut b = base();
    at(&mut b, "oak-grove", &["stuart"]);
    b.lee = area("oak-grove");
    let mut run = Run::new(b.clone(), &[1]);
    play(&mut run, Step::UnionOrders, vec![]);
    assert_eq!(run.loc("slocum"), area("oak-grove"), "{}", run.text());
    // Longstreet (8) in Richmond (Center), next to Oak Grove: Hold.
    at(&mut b, "richmond-center", &["longstreet"]);
    let mut run = Run::new(b, &[1]);
    play(&mut run, Step::UnionOrders, vec![]);
    assert_eq!(run.loc("slocum"), area("savages-station"), "{}", run.text());
    assert!(run.text().contains("more than 1:1"), "{}", run.text());
    // Longstreet in Oak Grove itself: Hold.
    let mut b = base();
    at(&mut b, "oak-grove", &["longstreet"]);
    b.lee = area("oak-grove");
    let mut run = Run::new(b, &[1]);
    play(&mut run, Step::UnionOrders, vec![]);
    assert_eq!(run.loc("slocum"), area("savages-station"));
}

/// R-16.4-c: a plain Advance (one area) makes no 1:1 check: Slocum moves
/// next to Longstreet.
#[test]
fn advance_one_makes_no_one_to_one_check() {
    let c = every_roll(Order::Advance {
        steps: 1,
        battle_area_only: false,
    });
    let mut b = empty_board(c);
    at(&mut b, "savages-station", &["slocum"]);
    at(&mut b, "oak-grove", &["longstreet"]);
    b.lee = area("oak-grove");
    let mut run = Run::new(b, &[1]);
    play(&mut run, Step::UnionOrders, vec![]);
    assert_eq!(run.loc("slocum"), area("seven-pines"), "{}", run.text());
}

/// R-16.4-c: a Confederate-Held Objective order of one area makes the 1:1
/// check too. Slocum (3) in Seven Pines heads for Glendale (a Regiment, 2,
/// weaker than Richmond (South) at the same distance); his one step,
/// Charles City Road, is next to Richmond (South).
#[test]
fn confederate_held_order_of_one_area_holds_against_more_than_one_to_one() {
    let c = every_roll(Order::ConfederateHeld {
        target: OrderTarget::Objective,
        steps: 1,
    });
    let mut b = empty_board(c);
    at(&mut b, "seven-pines", &["slocum"]);
    at(&mut b, "glendale", &["cs-inf-regiment-1"]);
    // Longstreet (8) far off: Slocum steps to Charles City Road.
    at(&mut b, "ashland", &["longstreet"]);
    b.lee = area("ashland");
    let mut run = Run::new(b.clone(), &[1]);
    play(&mut run, Step::UnionOrders, vec![]);
    assert_eq!(
        run.loc("slocum"),
        area("charles-city-road"),
        "{}",
        run.text()
    );
    // Longstreet in Richmond (South), next to Charles City Road: Hold.
    at(&mut b, "richmond-south", &["longstreet"]);
    b.lee = area("richmond-south");
    let mut run = Run::new(b, &[1]);
    play(&mut run, Step::UnionOrders, vec![]);
    assert_eq!(run.loc("slocum"), area("seven-pines"), "{}", run.text());
    assert!(run.text().contains("more than 1:1"), "{}", run.text());
}

// ---------------------------------------------------------------------------
// Campaign data
// ---------------------------------------------------------------------------

/// R-DATA-2: Slocum keeps his printed values (Conscript, Activation 3,
/// Combat 3, reduced 1) and the corps follow history: Slocum and Smith in
/// VI Corps (Franklin), Richardson in II (Sumner), Hooker and Kearny in III
/// (Heintzelman). Together in one area they form those three groups.
#[test]
fn slocum_keeps_his_values_and_corps_follow_history() {
    let c = seven_days();
    let f = |id: &str| c.forces.iter().find(|f| f.id == id).unwrap();
    let slocum = f("slocum");
    assert_eq!(slocum.skill, Skill::Conscript);
    assert_eq!((slocum.full.activation, slocum.full.combat), (Some(3), 3));
    assert_eq!(slocum.reduced.map(|r| r.combat), Some(1));
    for (id, corps) in [
        ("slocum", "VI"),
        ("smith", "VI"),
        ("richardson", "II"),
        ("hooker", "III"),
        ("kearny", "III"),
    ] {
        assert_eq!(f(id).corps.as_deref(), Some(corps), "{id}");
    }
    let commander = |id: &str| {
        c.corps
            .iter()
            .find(|k| k.id == id)
            .map(|k| k.commander.clone())
            .unwrap()
    };
    assert_eq!(commander("VI"), "William B. Franklin");
    assert_eq!(commander("II"), "Edwin V. Sumner");
    assert_eq!(commander("III"), "Samuel P. Heintzelman");

    let mut b = empty_board(c);
    at(
        &mut b,
        "crew-house",
        &["hooker", "kearny", "slocum", "smith", "richardson"],
    );
    let groups: Vec<(String, Vec<String>)> = union_groups(&b)
        .into_iter()
        .map(|g| {
            let ids = g
                .members
                .iter()
                .map(|&i| b.pieces[i].force.id.clone())
                .collect();
            (g.label, ids)
        })
        .collect();
    let owned = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    assert_eq!(
        groups,
        vec![
            ("II".to_string(), owned(&["richardson"])),
            ("III".to_string(), owned(&["hooker", "kearny"])),
            ("VI".to_string(), owned(&["slocum", "smith"])),
        ]
    );
}

// ---------------------------------------------------------------------------
// The rulings of the campaign data, the campaign turn and basic battles
// ---------------------------------------------------------------------------

/// R-DATA: every bundled campaign file names its sources, and the Seven
/// Days values the rulebook quotes hold: 9 turns (3.2, 9.1), Lee's Command
/// Rating 2 (10.2.12), Longstreet 7/8 (11.2), 1 Battle Plan without Lee and
/// 2 Union Special Battle Plans at Regular (10.2.10), the Union group
/// maximum of 6 (16.3.3), Union Command Points 3/4/5 and 2/3/4 Resupply
/// rolls (18.0).
#[test]
fn every_bundled_campaign_names_its_sources_and_seven_days_matches_the_rulebook() {
    let mut ids: Vec<String> = std::fs::read_dir(campaign::bundled_dir())
        .unwrap()
        .filter_map(|e| {
            let path = e.unwrap().path();
            (path.extension()? == "json").then(|| path.file_stem()?.to_str().map(String::from))?
        })
        .collect();
    ids.sort();
    assert_eq!(
        ids,
        [
            "antietam",
            "chancellorsville",
            "gettysburg",
            "second-manassas",
            "seven-days"
        ]
    );
    for id in &ids {
        let c = campaign::load_bundled(id).unwrap();
        assert!(!c.sources.is_empty(), "{id}: no sources");
        for s in &c.sources {
            assert!(!s.trim().is_empty(), "{id}: a blank source");
        }
    }
    let c = seven_days();
    assert!(
        c.sources.iter().any(|s| s.contains("rulebook")),
        "the values taken from the rulebook are listed: {:?}",
        c.sources
    );
    assert_eq!(c.turns, 9);
    assert_eq!(c.lee.command_rating, 2);
    let longstreet = c.forces.iter().find(|f| f.id == "longstreet").unwrap();
    assert_eq!(
        (longstreet.full.activation, longstreet.full.combat),
        (Some(7), 8)
    );
    assert_eq!(c.battle_plans.confederate_without_lee.regular, 1);
    assert_eq!(c.battle_plans.union_special.regular, 2);
    assert_eq!(c.union_group_maximum, 6);
    let cp = c.union_resupply.command_points;
    assert_eq!((cp.regular, cp.hard, cp.veteran), (3, 4, 5));
    let rolls = c.union_resupply.rolls;
    assert_eq!((rolls.regular, rolls.hard, rolls.veteran), (2, 3, 4));
}

/// Seven Days on Turn 9 with no Union Command Points nor Resupply rolls:
/// the three earlier objectives achieved, Richmond Held by Garrisons,
/// Confederate Forces in Crew House, Western Run and (with `west_house`)
/// West House.
fn last_turn(west_house: bool) -> Board {
    let mut c = (*seven_days()).clone();
    c.union_resupply.command_points.regular = 0;
    c.union_resupply.rolls.regular = 0;
    let mut b = empty_board(Arc::new(c));
    at(&mut b, "richmond-north", &["cs-garrison-1"]);
    at(&mut b, "richmond-center", &["cs-garrison-2"]);
    at(&mut b, "richmond-south", &["cs-garrison-3"]);
    at(&mut b, "crew-house", &["longstreet"]);
    at(&mut b, "western-run", &["ap-hill"]);
    if west_house {
        at(&mut b, "west-house", &["magruder"]);
    }
    b.lee = area("crew-house");
    b.turn.turn = 9;
    for o in ["beaver-dam-creek", "glendale", "malvern-hill"] {
        b.progress.objectives.insert(o.into(), true);
    }
    b
}

/// R-3.2-end: the last step of the last turn (Turn 9's Union Resupply)
/// decides every objective still open ("occupy at the end of Turn 9",
/// "Hold Richmond throughout"); all achieved, the campaign is won there.
/// One failed, the campaign goes on until the next Advance Turn step moves
/// the counter past the last box: a defeat, scoring the 4 objectives
/// achieved (21.0).
#[test]
fn the_last_step_of_the_last_turn_decides_and_the_next_advance_ends_in_defeat() {
    let open = |run: &Run| {
        ["battle-area", "richmond"].map(|o| run.board.progress.objectives.get(o).copied())
    };
    // The Confederate Resupply of Turn 9 is not the end: nothing decided.
    let mut run = Run::new(last_turn(true), &[]);
    play(
        &mut run,
        Step::ConfederateResupply,
        vec![Decision::EndResupply],
    );
    assert_eq!(open(&run), [None, None], "{}", run.text());
    assert_eq!(run.board.progress.result, None);
    // The Union Resupply of Turn 9: both achieved, a victory there.
    let mut run = Run::new(last_turn(true), &[]);
    play(&mut run, Step::UnionResupply, vec![]);
    assert_eq!(open(&run), [Some(true), Some(true)], "{}", run.text());
    let r = run.board.progress.result.clone().expect("decided");
    assert!(r.victory, "{}", run.text());
    assert_eq!(r.victory_points, 5);

    // West House empty: the occupation fails, Richmond is achieved, and
    // the campaign is not over yet.
    let mut run = Run::new(last_turn(false), &[]);
    play(&mut run, Step::UnionResupply, vec![]);
    assert_eq!(open(&run), [Some(false), Some(true)], "{}", run.text());
    assert_eq!(run.board.progress.result, None, "{}", run.text());
    // The next Advance Turn: past the last box, a defeat with 4 VP.
    let mut run = Run::new(run.board.clone(), &[]);
    play(&mut run, Step::AdvanceTurn, vec![]);
    let r = run.board.progress.result.clone().expect("over");
    assert!(!r.victory, "{}", run.text());
    assert!(r.reason.contains("past the last box"), "{}", r.reason);
    assert_eq!(r.victory_points, 4);
    assert_eq!(run.board.turn.turn, 9);
}

/// Lee moves once in a Moves step and once in a Forced March step,
/// at any point of it; whether he is alone is judged when the step ends.
/// Lee first to Mechanicsville, alone there for a moment, then Longstreet:
/// no defeat. Lee moving alone and nobody following: a defeat at the end.
#[test]
fn lee_moves_once_a_step_at_any_point_and_is_judged_alone_at_its_end() {
    let mut b = board();
    at(&mut b, "richmond-north", &["longstreet"]);
    b.lee = area("richmond-north");
    b.cp.confederate = 1;
    let lee_to = |a: &str| Decision::MoveLee { to: a.into() };
    let longstreet_to = |a: &str| Decision::MoveForce {
        force: "longstreet".into(),
        to: a.into(),
    };
    // After Lee's move the step goes on, Lee not offered again.
    let mut run = Run::new(b.clone(), &[]);
    let q = question(
        run.step(
            Step::ConfederateMoves,
            &mut Recorded::new(vec![lee_to("mechanicsville")]),
        ),
        &run.text(),
    );
    assert!(
        !q.options
            .iter()
            .any(|d| matches!(d, Decision::MoveLee { .. })),
        "{:?}",
        q.options
    );
    assert!(q.options.contains(&longstreet_to("mechanicsville")));
    assert_eq!(run.board.progress.result, None);
    // Lee first, Longstreet after: Lee is not alone at the end.
    let mut run = Run::new(b.clone(), &[]);
    play(
        &mut run,
        Step::ConfederateMoves,
        vec![
            lee_to("mechanicsville"),
            longstreet_to("mechanicsville"),
            Decision::EndMoves,
        ],
    );
    assert_eq!(run.board.progress.result, None, "{}", run.text());
    assert_eq!(run.board.lee, area("mechanicsville"));
    // The Forced March step: Lee moves once more, first again.
    let mut run = Run::new(run.board.clone(), &[]);
    play(
        &mut run,
        Step::ForcedMarch,
        vec![
            lee_to("beaver-dam-creek"),
            longstreet_to("beaver-dam-creek"),
            Decision::EndMoves,
        ],
    );
    assert_eq!(run.board.progress.result, None, "{}", run.text());
    assert_eq!(run.board.lee, area("beaver-dam-creek"));
    assert_eq!(run.loc("longstreet"), area("beaver-dam-creek"));
    assert_eq!(run.board.cp.confederate, 0);
    // Lee alone when the step ends: the campaign is lost (3.2).
    let mut run = Run::new(b, &[]);
    play(
        &mut run,
        Step::ConfederateMoves,
        vec![lee_to("mechanicsville"), Decision::EndMoves],
    );
    let r = run.board.progress.result.clone().expect("lost");
    assert!(!r.victory);
    assert!(r.reason.contains("3.2"), "{}", r.reason);
}

/// Jackson's two-area march is offered to his Forces at full
/// strength now (Whiting reduced: not; Whiting refitted: yes), only
/// through an area without Union Forces (through Atlee's Station, with
/// Sykes, only the one-area march), and it may end in an area with Union
/// Forces (Beaver Dam Creek, McCall). The battle there is not fought in the
/// Forced March step (Ewell still marches after) but in the Resolve
/// Battles step that follows.
#[test]
fn jacksons_march_through_empty_areas_may_end_in_a_battle_fought_after_the_step() {
    let mut b = board();
    at(&mut b, "richmond-north", &["jackson", "ewell"]);
    b.place("whiting", area("richmond-north"), Reduced);
    at(&mut b, "beaver-dam-creek", &["mccall"]);
    at(&mut b, "atlees-station", &["sykes"]);
    b.lee = area("richmond-north");
    b.cp.confederate = 2;
    b.options.battles = BattleMode::VeryQuick;
    let march = |force: &str, via: &str, to: &str| Decision::JacksonMarch {
        force: force.into(),
        via: via.into(),
        to: to.into(),
    };
    let mut run = Run::new(b.clone(), &[]);
    let q = question(
        run.step(Step::ForcedMarch, &mut Recorded::default()),
        &run.text(),
    );
    assert!(
        q.options
            .contains(&march("jackson", "mechanicsville", "beaver-dam-creek")),
        "{:?}",
        q.options
    );
    let marches_of = |q: &Request, who: &str| {
        q.options
            .iter()
            .filter(|d| matches!(d, Decision::JacksonMarch { force, .. } if force == who))
            .count()
    };
    assert_eq!(marches_of(&q, "whiting"), 0, "reduced: hit");
    assert!(
        !q.options
            .iter()
            .any(|d| matches!(d, Decision::JacksonMarch { via, .. } if via == "atlees-station")),
        "not through Union Forces"
    );
    assert!(q.options.contains(&Decision::MoveForce {
        force: "jackson".into(),
        to: "atlees-station".into()
    }));
    // Refitted, Whiting is at full strength now: he may march two areas.
    let mut refitted = b.clone();
    refitted.place("whiting", area("richmond-north"), Full);
    let mut run = Run::new(refitted, &[]);
    let q = question(
        run.step(Step::ForcedMarch, &mut Recorded::default()),
        &run.text(),
    );
    assert!(marches_of(&q, "whiting") > 0, "{:?}", q.options);

    // Jackson into McCall's area, then Ewell: no battle, no die yet.
    let mut run = Run::new(b, &[]);
    play(
        &mut run,
        Step::ForcedMarch,
        vec![
            march("jackson", "mechanicsville", "beaver-dam-creek"),
            Decision::MoveForce {
                force: "ewell".into(),
                to: "mechanicsville".into(),
            },
            Decision::EndMoves,
        ],
    );
    assert_eq!(
        run.loc("jackson"),
        area("beaver-dam-creek"),
        "{}",
        run.text()
    );
    assert_eq!(run.loc("mccall"), area("beaver-dam-creek"));
    assert_eq!(run.loc("ewell"), area("mechanicsville"));
    assert_eq!(run.board.cp.confederate, 0);
    assert_eq!(run.dice.rolled(), 0, "no battle in the Forced March step");
    assert!(!run.text().contains("battle of"), "{}", run.text());
    // The Resolve Battles step after the Forced March fights it: Fog of
    // War 9 (1 battle turn, a Union shift), column "-3 to -1", a 9: A1 D2,
    // Jackson reduced and McCall destroyed.
    let mut run = Run::new(run.board.clone(), &[9, 9]);
    play(&mut run, Step::BattlesAfterForcedMarch, vec![]);
    assert_eq!(run.dice.scripted_left(), Some(0), "{}", run.text());
    assert!(
        run.text().contains("The battle of Beaver Dam Creek ends"),
        "{}",
        run.text()
    );
    assert_eq!(run.strength("jackson"), Reduced);
    assert_eq!(run.loc("mccall"), Location::ReinforcementCup);
}

/// one purchase choice per kind of identical generic counter (the
/// first in stock stands for them), Named Forces one by one; a purchase
/// costs the Combat Value of the side bought, the superscript ignored
/// (D.H. Hill given superscripts 2 and 1 here: 7 full, 4 reduced); a Force
/// of Combat Value 0 is free (the Cavalry Regiments made 0 here); a Force
/// bought reduced is not offered a Refit in the same step.
#[test]
fn purchases_one_choice_per_kind_at_the_combat_value_of_the_side_bought() {
    let mut b = board();
    b.place("longstreet", area("richmond-north"), Reduced);
    b.lee = area("richmond-north");
    for id in ["dh-hill", "ap-hill"] {
        b.place(id, Location::ConfederateAvailable, Full);
    }
    let i = b.index("dh-hill").unwrap();
    let dh = Arc::make_mut(&mut b.pieces[i].force);
    dh.full.superior = Some(2);
    dh.reduced.as_mut().unwrap().superior = Some(1);
    for n in 1..=4 {
        let i = b.index(&format!("cs-cav-regiment-{n}")).unwrap();
        Arc::make_mut(&mut b.pieces[i].force).full.combat = 0;
    }
    // 4 + 3 (15.3) = 7 Command Points.
    b.cp.confederate = 4;
    let buy = |force: &str, reduced: bool| Decision::Purchase {
        force: force.into(),
        area: "richmond-north".into(),
        reduced,
    };
    let refit = |force: &str| Decision::Refit {
        force: force.into(),
    };
    let ask = |answers: Vec<Decision>| {
        let mut run = Run::new(b.clone(), &[]);
        let q = question(
            run.step(Step::ConfederateResupply, &mut Recorded::new(answers)),
            &run.text(),
        );
        (q, run.board.cp.confederate)
    };
    let (q, cp) = ask(vec![]);
    assert_eq!(cp, 7);
    let bought: Vec<String> = q
        .options
        .iter()
        .filter_map(|d| match d {
            Decision::Purchase { force, .. } => Some(force.to_string()),
            _ => None,
        })
        .collect();
    for prefix in [
        "cs-inf-brigade-",
        "cs-cav-brigade-",
        "cs-inf-regiment-",
        "cs-cav-regiment-",
        "cs-battery-2-",
        "cs-battery-3-",
    ] {
        let first = format!("{prefix}1");
        assert!(bought.contains(&first), "{prefix}: {bought:?}");
        assert!(
            bought.iter().all(|f| !f.starts_with(prefix) || *f == first),
            "one choice per kind: {bought:?}"
        );
    }
    // D.H. Hill at 7 (not 7 + 2) fits 7 Command Points; A.P. Hill's 8 does
    // not, his reduced 5 does.
    assert!(q.options.contains(&buy("dh-hill", false)));
    assert!(q.options.contains(&buy("dh-hill", true)));
    assert!(!q.options.contains(&buy("ap-hill", false)));
    assert!(q.options.contains(&buy("ap-hill", true)));
    assert!(q.options.contains(&refit("longstreet")));

    // D.H. Hill reduced: 4, not 4 ± 1. No Refit for him in this step.
    let (q, cp) = ask(vec![buy("dh-hill", true)]);
    assert_eq!(cp, 3);
    assert!(!q.options.contains(&refit("dh-hill")), "{:?}", q.options);
    assert!(q.options.contains(&refit("longstreet")));
    assert!(q.options.contains(&buy("cs-cav-regiment-1", false)));
    // A Cavalry Regiment of Combat Value 0: free; the next stands for the
    // three left.
    let (q, cp) = ask(vec![buy("dh-hill", true), buy("cs-cav-regiment-1", false)]);
    assert_eq!(cp, 3);
    assert!(q.options.contains(&buy("cs-cav-regiment-2", false)));
    let mut run = Run::new(b.clone(), &[]);
    play(
        &mut run,
        Step::ConfederateResupply,
        vec![
            buy("dh-hill", true),
            buy("cs-cav-regiment-1", false),
            Decision::EndResupply,
        ],
    );
    assert_eq!(run.loc("dh-hill"), area("richmond-north"));
    assert_eq!(run.strength("dh-hill"), Reduced);
    assert_eq!(run.loc("cs-cav-regiment-1"), area("richmond-north"));
    assert_eq!(run.board.cp.confederate, 3);
}

/// R-16.4-b: groups move along shortest paths, chosen again in each area;
/// between equally short ways the one with the weaker Confederate Forces
/// is taken; the group stops on entering an area with Confederate Forces;
/// "Move 2 spaces toward X" stops at X. Hooker and Kearny (III) under the
/// Regular Campaign Map Orders 10: "Move 2 spaces toward Malvern Hill".
/// From White Oak Swamp the ways by Glendale and by Charles City Road are
/// equally short; from Glendale, those by Willis Church and by Frayser's
/// Farm.
#[test]
fn ways_go_by_the_weaker_confederates_and_stop_where_they_are() {
    let iii = |at_area: &str, confederates: &[(&str, &str)]| {
        let mut b = board();
        at(&mut b, at_area, &["hooker", "kearny"]);
        for (a, id) in confederates {
            at(&mut b, a, &[id]);
        }
        let mut run = Run::new(b, &[10]);
        play(&mut run, Step::UnionOrders, vec![]);
        assert_eq!(run.dice.scripted_left(), Some(0), "{}", run.text());
        assert_eq!(run.loc("kearny"), run.loc("hooker"));
        (run.loc("hooker"), run.text())
    };
    // Huger (6) at Glendale, a Regiment (2) at Charles City Road: the
    // weaker way, where the group stops (Confederate Forces).
    let (to, text) = iii(
        "white-oak-swamp",
        &[
            ("glendale", "huger"),
            ("charles-city-road", "cs-inf-regiment-1"),
        ],
    );
    assert_eq!(to, area("charles-city-road"), "{text}");
    // The Regiment at Charles City Road, a Garrison (2) at Frayser's Farm:
    // by the empty Glendale, then the empty Willis Church; no die.
    let (to, text) = iii(
        "white-oak-swamp",
        &[
            ("charles-city-road", "cs-inf-regiment-1"),
            ("fraysers-farm", "cs-garrison-1"),
        ],
    );
    assert_eq!(to, area("willis-church"), "{text}");
    // Now the strong Huger at Glendale, the Garrison at Frayser's Farm: by
    // the empty Charles City Road, then Frayser's Farm, the only way on,
    // where the group stops.
    let (to, text) = iii(
        "white-oak-swamp",
        &[("glendale", "huger"), ("fraysers-farm", "cs-garrison-1")],
    );
    assert_eq!(to, area("fraysers-farm"), "{text}");
    // One area from Malvern Hill: two spaces stop there.
    let (to, text) = iii("haxalls-landing", &[]);
    assert_eq!(to, area("malvern-hill"), "{text}");
}

/// R-16.4-b: between equally close targets the weaker Confederate Forces
/// are taken, then the dice choose. Slocum in Seven Pines under Advance:
/// Fair Oaks and Oak Grove are both next to him.
#[test]
fn equally_close_targets_go_to_the_weaker_confederates_then_the_dice() {
    let c = every_roll(Order::Advance {
        steps: 1,
        battle_area_only: false,
    });
    let advance = |oak_grove: &str, dice: &[u32]| {
        let mut b = empty_board(c.clone());
        at(&mut b, "seven-pines", &["slocum"]);
        at(&mut b, "fair-oaks", &["cs-inf-regiment-1"]);
        at(&mut b, "oak-grove", &[oak_grove]);
        let mut run = Run::new(b, dice);
        play(&mut run, Step::UnionOrders, vec![]);
        assert_eq!(run.dice.scripted_left(), Some(0), "{}", run.text());
        run.loc("slocum")
    };
    // Longstreet (8) in Oak Grove: the Regiment (2), no die.
    assert_eq!(advance("longstreet", &[1]), area("fair-oaks"));
    // Two Regiments: the dice (Fair Oaks, Oak Grove in id order).
    assert_eq!(advance("cs-inf-regiment-2", &[1, 2]), area("fair-oaks"));
    assert_eq!(advance("cs-inf-regiment-2", &[1, 1]), area("oak-grove"));
}

/// Seven Days with no Union Command Points gained nor Resupply rolls, the
/// Additional Forces cup emptied, and these Command Points.
fn union_resupply_board(cp: u32) -> Board {
    let mut c = (*seven_days()).clone();
    c.union_resupply.command_points.regular = 0;
    c.union_resupply.rolls.regular = 0;
    let mut b = empty_board(Arc::new(c));
    let cup: Vec<String> = b
        .pieces
        .iter()
        .filter(|p| *p.location() == Location::AdditionalForcesCup)
        .map(|p| p.force.id.clone())
        .collect();
    for id in cup {
        b.place(&id, Location::RemovedFromGame, Full);
    }
    b.cp.union = cp;
    b
}

/// a Reinforcement (McCall, V Corps, 4) goes to a random one of the
/// Union-Held areas holding Forces of its corps (Morell at Malvern Hill,
/// Sykes at West House; never Hooker's Crew House), else to a random
/// Union-Held area; with none, it stays in the cup and the Union stops
/// buying. A draw too dear goes back and ends the Reinforcement purchases
/// (the cheaper McCall is not drawn after Sedgwick), the Additional Forces
/// purchases follow; without Command Points nothing is drawn.
#[test]
fn union_reinforcements_go_to_their_corps_else_a_union_held_area() {
    let resupply = |b: Board, dice: &[u32]| {
        let mut run = Run::new(b, dice);
        play(&mut run, Step::UnionResupply, vec![]);
        assert_eq!(run.dice.scripted_left(), Some(0), "{}", run.text());
        run
    };
    // With its corps: one draw (no die), the area among two by the dice.
    let mut b = union_resupply_board(4);
    b.place("mccall", Location::ReinforcementCup, Full);
    at(&mut b, "malvern-hill", &["morell"]);
    at(&mut b, "west-house", &["sykes"]);
    at(&mut b, "crew-house", &["hooker"]);
    for (die, to) in [(2, "malvern-hill"), (1, "west-house")] {
        let run = resupply(b.clone(), &[die]);
        assert_eq!(run.loc("mccall"), area(to), "{}", run.text());
        assert_eq!(run.board.cp.union, 0);
    }
    // No V Corps Force on the map: any Union-Held area, by the dice.
    let mut b = union_resupply_board(4);
    b.place("mccall", Location::ReinforcementCup, Full);
    at(&mut b, "crew-house", &["hooker"]);
    at(&mut b, "west-house", &["kearny"]);
    let places: Vec<Location> = [1, 2]
        .iter()
        .map(|&die| resupply(b.clone(), &[die]).loc("mccall"))
        .collect();
    assert!(places.contains(&area("crew-house")), "{places:?}");
    assert!(places.contains(&area("west-house")), "{places:?}");
    // No Union-Held area (Hooker shares Glendale with Longstreet): McCall
    // and the Brigade stay in their cups, the Command Points are kept.
    let mut b = union_resupply_board(4);
    b.place("mccall", Location::ReinforcementCup, Full);
    b.place("us-inf-brigade-1", Location::AdditionalForcesCup, Full);
    at(&mut b, "glendale", &["hooker", "longstreet"]);
    b.lee = area("glendale");
    let run = resupply(b, &[]);
    assert_eq!(
        run.loc("mccall"),
        Location::ReinforcementCup,
        "{}",
        run.text()
    );
    assert_eq!(run.loc("us-inf-brigade-1"), Location::AdditionalForcesCup);
    assert_eq!(run.board.cp.union, 4);
    assert!(run.text().contains("No Union-Held area can take it"));
    // Sedgwick (5) drawn with 4 Command Points (McCall first in id order:
    // a 1 is Sedgwick): back in the cup, and McCall is not drawn. The
    // Brigade (2) is bought next and goes to Crew House.
    let mut b = union_resupply_board(4);
    for id in ["mccall", "sedgwick"] {
        b.place(id, Location::ReinforcementCup, Full);
    }
    b.place("us-inf-brigade-1", Location::AdditionalForcesCup, Full);
    at(&mut b, "crew-house", &["hooker"]);
    let run = resupply(b.clone(), &[1]);
    let text = run.text();
    assert_eq!(run.loc("sedgwick"), Location::ReinforcementCup, "{text}");
    assert_eq!(run.loc("mccall"), Location::ReinforcementCup, "{text}");
    assert!(text.contains("costs 5, more than the Union's 4"), "{text}");
    assert_eq!(run.loc("us-inf-brigade-1"), area("crew-house"), "{text}");
    assert_eq!(run.board.cp.union, 2);
    // No Command Points: nothing is drawn (no die).
    b.cp.union = 0;
    let run = resupply(b, &[]);
    assert_eq!(run.loc("mccall"), Location::ReinforcementCup);
    assert_eq!(run.loc("sedgwick"), Location::ReinforcementCup);
    assert_eq!(run.loc("us-inf-brigade-1"), Location::AdditionalForcesCup);
}

/// A Basic battle at Glendale with these Forces on the sheet.
fn sheet(units: &[(&str, Region, Formation)]) -> (Run, Field) {
    let mut b = board();
    let mut f = Field::new("glendale", false, 4);
    for (id, region, formation) in units {
        at(&mut b, "glendale", &[id]);
        let pid = b.index(id).unwrap();
        let side = b.pieces[pid].force.side;
        f.units.push(Unit::new(&b, pid, side, *region, *formation));
    }
    (Run::new(b, &[]), f)
}

fn on_sheet(run: &Run, f: &Field, id: &str) -> Option<Region> {
    let pid = run.board.index(id).unwrap();
    f.unit_of(pid).map(|k| f.units[k].at())
}

/// a Confederate Shock attack among equal lowest-Skill Union Forces
/// (Slocum and Smith, Conscripts) asks the player, before any die. A Union
/// Shock attack among equals (two Confederate Regiments) and every Hit
/// among equals, on either side, go to the dice: nobody is asked (no
/// answer is recorded).
#[test]
fn shock_target_ties_the_player_chooses_union_shocks_and_hits_the_dice() {
    // Longstreet Flanks (no roll) into Slocum and Smith.
    let flank = || {
        let (mut run, mut f) = sheet(&[
            ("longstreet", ConfederateApproach, Column),
            ("slocum", UnionFront, Line),
            ("smith", UnionFront, Line),
        ]);
        let k = f.unit_of(run.board.index("longstreet").unwrap()).unwrap();
        f.units[k].counter = Some(PlanCounter::Flank);
        run.dice = fcrel::dice::Dice::scripted([9, 5]);
        (run, f)
    };
    let shock_at = |id: &str| Decision::ShockTarget { force: id.into() };
    let (mut run, mut f) = flank();
    let q = question(
        resolve::confederate(&mut run.ctx(), &mut f, false),
        &run.text(),
    );
    assert_eq!(q.rule, "11.4");
    let mut options = q.options.clone();
    options.sort_by_key(|d| format!("{d:?}"));
    assert_eq!(options, vec![shock_at("slocum"), shock_at("smith")]);
    assert_eq!(run.dice.rolled(), 0, "asked before any die");
    // The player picks Smith: his Defensive Fire fails (a 9), his Shock
    // check at 4 - 3 - 2 = -1 fails (a 5): hit, he falls back.
    let (mut run, mut f) = flank();
    run.decider = Recorded::new(vec![shock_at("smith")]);
    resolve::confederate(&mut run.ctx(), &mut f, false).unwrap();
    assert_eq!(run.strength("smith"), Reduced, "{}", run.text());
    assert_eq!(on_sheet(&run, &f, "smith"), Some(UnionApproach));
    assert_eq!(run.strength("slocum"), Full);
    assert_eq!(on_sheet(&run, &f, "slocum"), Some(UnionFront));

    // Slocum's Shock attack (Column) into two Regiments (Line): the dice
    // pick the target; its Defensive Fire (a 10) and its Shock check at
    // 2 - 2 = 0 (a 10) fail, and it is destroyed.
    let regiments = || {
        sheet(&[
            ("slocum", UnionFront, Column),
            ("cs-inf-regiment-1", ConfederateFront, Line),
            ("cs-inf-regiment-2", ConfederateFront, Line),
        ])
    };
    let mut destroyed = Vec::new();
    for die in [2, 1] {
        let (mut run, mut f) = regiments();
        run.dice = fcrel::dice::Dice::scripted([die, 10, 10]);
        let pid = run.board.index("slocum").unwrap();
        let r = combat::shock(
            &mut run.ctx(),
            &mut f,
            pid,
            ConfederateFront,
            combat::ShockBy::Engage,
            &mut Vec::new(),
        );
        let text = run.text();
        r.unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(run.dice.scripted_left(), Some(0), "{text}");
        let gone: Vec<&str> = ["cs-inf-regiment-1", "cs-inf-regiment-2"]
            .into_iter()
            .filter(|id| run.loc(id) == Location::ConfederateAvailable)
            .collect();
        assert_eq!(gone.len(), 1, "{text}");
        destroyed.push(gone[0]);
    }
    assert_ne!(destroyed[0], destroyed[1], "the die decides");

    // One Hit on either side among equals: the dice, for the player's own
    // Regiments too.
    for (attacker, region, ids) in [
        (
            Side::Union,
            ConfederateFront,
            ["cs-inf-regiment-1", "cs-inf-regiment-2"],
        ),
        (Side::Confederate, UnionFront, ["slocum", "smith"]),
    ] {
        let mut hit = Vec::new();
        for die in [2, 1] {
            let (mut run, mut f) = sheet(&[(ids[0], region, Line), (ids[1], region, Line)]);
            run.dice = fcrel::dice::Dice::scripted([die]);
            let r = combat::allocate(
                &mut run.ctx(),
                &mut f,
                attacker,
                region,
                1,
                false,
                None,
                None,
                "11.9",
            );
            let text = run.text();
            r.unwrap_or_else(|e| panic!("{e}\n{text}"));
            let struck: Vec<&str> = ids
                .into_iter()
                .filter(|id| run.loc(id) != area("glendale") || run.strength(id) == Reduced)
                .collect();
            assert_eq!(struck.len(), 1, "{text}");
            hit.push(struck[0]);
        }
        assert_ne!(hit[0], hit[1], "the die decides ({attacker:?} attacking)");
    }
}

/// R-15.3/18.4: each first entry gains its Command Point once per battle:
/// a Union Force into the Confederate Front, Approach and Reserve (+1
/// Union each), a Confederate Force into the Union Reserve (+1
/// Confederate); entering again, with another Force or in a later battle
/// turn, gains nothing; a new battle counts afresh.
#[test]
fn first_entries_gain_their_command_point_once_per_battle() {
    let units = [
        ("hooker", UnionFront, Line),
        ("kearny", UnionFront, Line),
        ("longstreet", ConfederateFront, Line),
        ("ap-hill", ConfederateFront, Line),
    ];
    let (mut run, mut f) = sheet(&units);
    let pid = |run: &Run, id: &str| run.board.index(id).unwrap();
    let (hooker, kearny) = (pid(&run, "hooker"), pid(&run, "kearny"));
    let (longstreet, ap_hill) = (pid(&run, "longstreet"), pid(&run, "ap-hill"));
    let enter = |run: &mut Run, f: &mut Field, who: PieceIx, to: Region| {
        combat::enter(&mut run.ctx(), f, who, to);
        (run.board.cp.union, run.board.cp.confederate)
    };
    assert_eq!(enter(&mut run, &mut f, hooker, ConfederateFront), (1, 0));
    assert_eq!(enter(&mut run, &mut f, kearny, ConfederateFront), (1, 0));
    assert_eq!(enter(&mut run, &mut f, hooker, ConfederateApproach), (2, 0));
    assert_eq!(enter(&mut run, &mut f, hooker, ConfederateFront), (2, 0));
    assert_eq!(enter(&mut run, &mut f, hooker, ConfederateApproach), (2, 0));
    f.turn = 2;
    assert_eq!(enter(&mut run, &mut f, kearny, ConfederateApproach), (2, 0));
    assert_eq!(enter(&mut run, &mut f, kearny, ConfederateReserve), (3, 0));
    assert_eq!(enter(&mut run, &mut f, hooker, ConfederateReserve), (3, 0));
    assert_eq!(enter(&mut run, &mut f, longstreet, UnionFront), (3, 0));
    assert_eq!(enter(&mut run, &mut f, longstreet, UnionApproach), (3, 0));
    assert_eq!(enter(&mut run, &mut f, longstreet, UnionReserve), (3, 1));
    assert_eq!(enter(&mut run, &mut f, ap_hill, UnionReserve), (3, 1));
    assert_eq!(enter(&mut run, &mut f, longstreet, UnionReserve), (3, 1));
    // The next battle: a new sheet, the first entries count again.
    let (_, fresh) = sheet(&units);
    let mut f = fresh;
    assert_eq!(enter(&mut run, &mut f, hooker, ConfederateFront), (4, 1));
    assert_eq!(enter(&mut run, &mut f, longstreet, UnionReserve), (4, 2));
}
