//! The campaign turn (8.0–19.0) headless: worked examples of 16.x and 18.x
//! with scripted dice, moves, resupply, late arrivals, victory; whole
//! campaigns from many seeds with invariants after every step.

use std::sync::Arc;

use fcrel::campaign::{self, Campaign, Side, UnionLevel};
use fcrel::chronicle::Chronicle;
use fcrel::dice::Dice;
use fcrel::rules::board::Board;
use fcrel::rules::commander::Policy;
use fcrel::rules::components::{Location, Strength};
use fcrel::rules::ctx::Ctx;
use fcrel::rules::decision::{Decision, Interrupt, Recorded};
use fcrel::rules::difficulty::{BattleMode, GameOptions, UnionAspects};
use fcrel::rules::setup::new_campaign;
use fcrel::rules::turn::orders::union_groups;
use fcrel::rules::turn::{Step, play_step};

mod common;
use common::*;

fn seven_days() -> Arc<Campaign> {
    Arc::new(campaign::load_bundled("seven-days").unwrap())
}

use Strength::{Full, Reduced};

/// 16.1.1 example: a III Corps group outside the Battle Area rolls a 4 on
/// the Seven Days Campaign Map chart and moves one area toward Malvern Hill.
#[test]
fn campaign_map_orders_example() {
    let mut b = empty_board(seven_days());
    at(&mut b, "seven-pines", &["hooker", "kearny"]);
    b.lee = area("richmond-north");
    at(&mut b, "richmond-north", &["longstreet"]);
    let mut run = Run::new(b, &[4]);
    run.step(Step::UnionOrders, &mut Recorded::default())
        .unwrap();
    // Seven Pines → Charles City Road is the one step on a shortest way to
    // Malvern Hill (4 areas away).
    assert_eq!(
        run.loc("hooker"),
        area("charles-city-road"),
        "{}",
        run.text()
    );
    assert_eq!(run.loc("kearny"), area("charles-city-road"));
}

/// 16.3: the player may let the groups roll in the order listed, asked
/// once; each group is named by its Corps (or its Independent Force).
#[test]
fn union_groups_roll_in_order_when_asked_once() {
    let mut b = empty_board(seven_days());
    at(&mut b, "seven-pines", &["hooker", "kearny"]);
    at(&mut b, "crew-house", &["stoneman"]);
    b.lee = area("richmond-north");
    at(&mut b, "richmond-north", &["longstreet"]);
    let mut run = Run::new(b.clone(), &[4, 1]);
    let Err(Interrupt::Decide(r)) = run.step(Step::UnionOrders, &mut Recorded::default()) else {
        panic!("which group first?")
    };
    assert_eq!(r.options.last(), Some(&Decision::OrdersInOrder));
    let words: Vec<String> = r
        .options
        .iter()
        .map(|d| fcrel::rules::view::word(&run.board, d))
        .collect();
    assert!(
        words
            .iter()
            .any(|w| w.starts_with("Roll for III Corps (Samuel P. Heintzelman) in Seven Pines")),
        "{words:?}"
    );
    assert!(
        words.iter().any(|w| w.starts_with("Roll for Stoneman")),
        "{words:?}"
    );
    let mut run = Run::new(b, &[4, 1]);
    let mut answers = Recorded::new(vec![Decision::OrdersInOrder]);
    run.step(Step::UnionOrders, &mut answers).unwrap();
    assert_eq!(answers.used, 1, "asked once");
    // Both groups rolled: the III Corps (first listed) moved on its 4.
    assert_eq!(
        run.loc("hooker"),
        area("charles-city-road"),
        "{}",
        run.text()
    );
    assert!(
        run.text()
            .contains("[16.3] The Union groups roll in the order listed"),
        "{}",
        run.text()
    );
}

/// 16.1.2 example: the same group in Crew House (in the Battle Area) rolls
/// a 2, "Move to Crew House. Otherwise, Hold.": it is there, so it Holds.
#[test]
fn battle_area_orders_example() {
    let mut b = empty_board(seven_days());
    at(&mut b, "crew-house", &["hooker", "kearny"]);
    let mut run = Run::new(b, &[2]);
    run.step(Step::UnionOrders, &mut Recorded::default())
        .unwrap();
    assert_eq!(run.loc("hooker"), area("crew-house"));
    assert!(run.text().contains("[16.1.2] Union Orders for Hooker, Kearny in Crew House: d10 = 2 → Move to Crew House. Otherwise, Hold."), "{}", run.text());
    assert!(run.text().contains("Otherwise"), "{}", run.text());
}

/// 16.3.1 example: a Battle Area roll of 2 (move to Crew House) changed to
/// a 1 (Hold) with a Scout.
#[test]
fn scouts_modify_union_orders() {
    let mut b = empty_board(seven_days());
    at(&mut b, "west-house", &["hooker", "kearny"]);
    b.scouts.available = 1;
    let mut run = Run::new(b.clone(), &[2]);
    run.step(
        Step::UnionOrders,
        &mut Recorded::new(vec![Decision::ModifyOrders { by: -1 }]),
    )
    .unwrap();
    assert_eq!(run.loc("hooker"), area("west-house"), "{}", run.text());
    assert_eq!(run.board.scouts.available, 0);
    // The question says which order each change gives (16.3.1), as the
    // decision panel shows it.
    let mut run = Run::new(b.clone(), &[2]);
    let Err(fcrel::rules::decision::Interrupt::Decide(r)) =
        run.step(Step::UnionOrders, &mut Recorded::default())
    else {
        panic!("the Scout question")
    };
    let view = fcrel::rules::view::GameView::build(run.board.clone(), None, Some(&r));
    let text = |d: Decision| {
        view.request
            .as_ref()
            .unwrap()
            .choices
            .iter()
            .find(|c| c.decision == d)
            .unwrap()
            .text
            .clone()
    };
    assert_eq!(
        text(Decision::ModifyOrders { by: -1 }),
        "Discard a Scout: change the roll by -1 → 1: \"Hold.\""
    );
    assert!(
        text(Decision::AcceptOrders)
            .starts_with("Accept the Union order → 2: \"Move to Crew House."),
        "{}",
        text(Decision::AcceptOrders)
    );
    // Without the Scout the group goes to Crew House.
    let mut run = Run::new(b.clone(), &[2]);
    run.step(
        Step::UnionOrders,
        &mut Recorded::new(vec![Decision::AcceptOrders]),
    )
    .unwrap();
    assert_eq!(run.loc("hooker"), area("crew-house"));
    // Re-roll, then modify the new roll (16.3.1): 2 → re-roll 9 → 8.
    let mut b2 = b.clone();
    b2.scouts.available = 2;
    let mut run = Run::new(b2, &[2, 9, 1]);
    run.step(
        Step::UnionOrders,
        &mut Recorded::new(vec![
            Decision::RerollOrders,
            Decision::ModifyOrders { by: -1 },
        ]),
    )
    .unwrap();
    // 8: "Move to Western Run. Otherwise, Hold.": two equally short ways
    // from West House (Crew House, Malvern Hill); the dice pick one (20.0).
    assert_eq!(run.board.scouts.available, 0);
    assert_eq!(run.loc("hooker"), area("malvern-hill"), "{}", run.text());
    assert!(
        run.text().contains("change the roll by -1: 8"),
        "{}",
        run.text()
    );
}

/// 16.3.3 examples: a corps group at the maximum of 6 takes no more
/// Additional Forces; they join the Additional Forces group until it is
/// full, then form a second group.
#[test]
fn union_groups_example() {
    let mut c = (*seven_days()).clone();
    // Four III Corps Forces, as in the example.
    for f in c.forces.iter_mut() {
        if f.id == "slocum" || f.id == "smith" {
            f.corps = Some("III".into());
        }
    }
    let mut b = empty_board(Arc::new(c));
    at(
        &mut b,
        "crew-house",
        &[
            "hooker",
            "kearny",
            "slocum",
            "smith",
            "us-inf-brigade-1",
            "us-inf-regiment-1",
        ],
    );
    at(
        &mut b,
        "glendale",
        &[
            "us-inf-brigade-2",
            "us-inf-brigade-3",
            "us-inf-regiment-2",
            "us-inf-regiment-3",
            "us-battery-2-1",
        ],
    );
    let groups = union_groups(&b);
    let crew: Vec<_> = groups.iter().filter(|g| g.area == "crew-house").collect();
    assert_eq!(crew.len(), 1);
    assert_eq!((crew[0].label.as_str(), crew[0].members.len()), ("III", 6));
    // A Cavalry Regiment added where the III Corps group is full forms a
    // group of its own; in Glendale it joins the Additional Forces group.
    at(&mut b, "glendale", &["us-cav-regiment-1"]);
    at(&mut b, "crew-house", &["us-cav-regiment-2"]);
    let groups = union_groups(&b);
    let glendale: Vec<_> = groups.iter().filter(|g| g.area == "glendale").collect();
    assert_eq!(glendale.len(), 1);
    assert_eq!(glendale[0].members.len(), 6);
    let crew: Vec<_> = groups.iter().filter(|g| g.area == "crew-house").collect();
    assert_eq!(crew.len(), 2);
    // An Infantry Brigade in Glendale now forms a second group there.
    at(&mut b, "glendale", &["us-inf-brigade-4"]);
    let groups = union_groups(&b);
    assert_eq!(groups.iter().filter(|g| g.area == "glendale").count(), 2);
    // 16.3.3 exception: a corps keeps all its named Forces together even
    // beyond the maximum.
    at(
        &mut b,
        "crew-house",
        &["hooker", "kearny", "slocum", "smith"],
    );
    let groups = union_groups(&b);
    let iii = groups.iter().find(|g| g.label == "III").unwrap();
    assert!(iii.members.len() >= 4);
    // Independents never join corps: Stoneman and Hunt form their own.
    at(&mut b, "crew-house", &["stoneman", "hunt"]);
    let groups = union_groups(&b);
    assert!(
        groups
            .iter()
            .any(|g| g.label == "stoneman" && g.members.len() == 1)
    );
}

/// 16.4 example: "Slocum advances one Area towards the closest Confederate
/// Force (Longstreet), from Seven Pines to Oak Grove." (Hard orders of our
/// Seven Days chart carry an Advance; here the order is given directly.)
#[test]
fn advance_moves_toward_the_closest_confederate_force() {
    let mut c = (*seven_days()).clone();
    // Every roll of the Regular campaign map chart becomes "Advance".
    for row in c.union_orders.campaign_map.regular.rows.iter_mut() {
        row.order = campaign::Order::Advance {
            steps: 1,
            battle_area_only: false,
        };
        row.otherwise = None;
    }
    let mut b = empty_board(Arc::new(c));
    at(&mut b, "seven-pines", &["slocum"]);
    at(&mut b, "oak-grove", &["longstreet"]);
    b.lee = area("oak-grove");
    let mut run = Run::new(b, &[5]);
    run.step(Step::UnionOrders, &mut Recorded::default())
        .unwrap();
    assert_eq!(run.loc("slocum"), area("oak-grove"), "{}", run.text());
}

/// 16.2: a Union group in an area with Confederate Forces does not move.
#[test]
fn union_groups_sharing_an_area_with_confederates_stay() {
    let mut b = empty_board(seven_days());
    at(&mut b, "glendale", &["hooker", "longstreet"]);
    let mut run = Run::new(b, &[]);
    run.step(Step::UnionOrders, &mut Recorded::default())
        .unwrap();
    assert_eq!(run.loc("hooker"), area("glendale"));
    assert_eq!(run.dice.rolled(), 0);
}

/// 18.1 example: 9 Command Points; one reduced Line Force Refitted (7);
/// a V Corps Reinforcement of 4 bought and placed with V Corps (3); a
/// Reinforcement of 5 is too dear: back in the cup; then a Brigade (2) is
/// bought (1 left) and a Battery (3) is too dear: on to the table.
#[test]
fn union_resupply_example() {
    let mut c = (*seven_days()).clone();
    c.union_resupply.command_points.regular = 9;
    c.union_resupply.rolls.regular = 0;
    let mut b = empty_board(Arc::new(c));
    b.place("kearny", area("crew-house"), Reduced); // Line
    at(&mut b, "malvern-hill", &["morell"]); // V Corps on the map
    b.place("mccall", Location::ReinforcementCup, Full); // V Corps, CV 4
    b.place("sedgwick", Location::ReinforcementCup, Full); // CV 5
    // The Additional Forces cup holds only 1 Brigade and 1 Battery.
    let cup: Vec<String> = b
        .pieces
        .iter()
        .filter(|p| *p.location() == Location::AdditionalForcesCup)
        .map(|p| p.force.id.clone())
        .collect();
    for id in cup {
        if id != "us-inf-brigade-1" && id != "us-battery-3-1" {
            b.place(&id, Location::RemovedFromGame, Full);
        }
    }
    // Dice: the cup draw of 2 (McCall first: index 0 by id, digit 0 → 10),
    // the V Corps area (one: no die), then Sedgwick (only one left: no
    // die). Additional Forces: 2 counters, a 10 (digit 0) → the Battery
    // first? We want the Brigade: index 1 → an odd digit.
    let dice = [10, 1, 1, 10];
    let mut run = Run::new(b, &dice);
    run.step(Step::UnionResupply, &mut Recorded::default())
        .unwrap();
    let t = run.text();
    assert_eq!(run.board.piece("kearny").unwrap().strength, Full, "{t}");
    assert_eq!(run.loc("mccall"), area("malvern-hill"), "{t}");
    assert_eq!(run.loc("sedgwick"), Location::ReinforcementCup, "{t}");
    assert!(
        t.contains(
            "Sedgwick (Union Poor Line Infantry) costs 5, more than the Union's 3 Command Points"
        ),
        "{t}"
    );
    assert_ne!(
        run.loc("us-inf-brigade-1"),
        Location::AdditionalForcesCup,
        "{t}"
    );
    assert_eq!(
        run.loc("us-battery-3-1"),
        Location::AdditionalForcesCup,
        "{t}"
    );
    assert_eq!(run.board.cp.union, 1, "{t}");
}

/// 18.2 / 18.3 example: a 3 is a Battery whose follow-up 10 is Combat
/// Value 4; a 4 is a Fortification whose follow-up 3 is Crew House, Held by
/// the Confederates: a random Union-Held area instead.
#[test]
fn union_resupply_table_example() {
    let mut b = empty_board(seven_days());
    at(&mut b, "crew-house", &["longstreet"]);
    at(&mut b, "west-house", &["hooker"]);
    at(&mut b, "western-run", &["kearny"]);
    at(&mut b, "malvern-hill", &["sedgwick"]);
    // Nothing in the cups to buy with the 3 Command Points.
    let cup: Vec<String> = b
        .pieces
        .iter()
        .filter(|p| {
            *p.location() == Location::AdditionalForcesCup
                && !p.force.id.starts_with("us-battery-4")
        })
        .map(|p| p.force.id.clone())
        .collect();
    for id in cup {
        b.place(&id, Location::RemovedFromGame, Full);
    }
    // Regular: 2 rolls. 3, follow-up 10 (CV 4); the CV-4 Battery costs 4 >
    // 3 CP so none was bought before. Random Union-Held area among 3:
    // digit 1 → Western Run... then 4, follow-up 3 (Crew House, Confederate):
    // a random Union-Held area (digit 2 → West House? sorted: malvern-hill,
    // west-house, western-run: 2 → western-run).
    let dice = [1, 3, 10, 1, 4, 3, 2];
    let mut run = Run::new(b, &dice);
    run.step(Step::UnionResupply, &mut Recorded::default())
        .unwrap();
    let t = run.text();
    assert!(
        t.contains("Follow-up: the Battery's Combat Value: d10 = 10 → Combat Value 4"),
        "{t}"
    );
    assert!(
        t.contains("Crew House has Confederate Forces: a random Union-Held area instead (18.3)"),
        "{t}"
    );
    let fort = run
        .board
        .pieces
        .iter()
        .find(|p| p.force.id == "us-fortification-1")
        .unwrap();
    assert_ne!(*fort.location(), area("crew-house"));
    assert!(matches!(&fort.location(), Location::Area(_)), "{t}");
}

/// 9.2: each Mobile Force one area, free; Lee with them; moves end when the
/// player says so. 15.1: 1 CP a Force; 15.1.1 Jackson's two areas.
#[test]
fn moves_and_forced_march() {
    let mut b = empty_board(seven_days());
    at(&mut b, "richmond-north", &["longstreet", "ap-hill"]);
    b.lee = area("richmond-north");
    let mut run = Run::new(b, &[]);
    run.step(
        Step::ConfederateMoves,
        &mut Recorded::new(vec![
            Decision::MoveForce {
                force: "longstreet".into(),
                to: "mechanicsville".into(),
            },
            Decision::MoveLee {
                to: "mechanicsville".into(),
            },
            Decision::EndMoves,
        ]),
    )
    .unwrap();
    assert_eq!(run.loc("longstreet"), area("mechanicsville"));
    assert_eq!(run.board.lee, area("mechanicsville"));
    assert_eq!(run.board.cp.confederate, 0);
    // A Force that moved cannot move again in the same step.
    let mut run2 = Run::new(run.board.clone(), &[]);
    let err = run2
        .step(
            Step::ConfederateMoves,
            &mut Recorded::new(vec![
                Decision::MoveForce {
                    force: "longstreet".into(),
                    to: "beaver-dam-creek".into(),
                },
                Decision::MoveForce {
                    force: "longstreet".into(),
                    to: "mechanicsville".into(),
                },
            ]),
        )
        .unwrap_err();
    assert!(matches!(err, Interrupt::Illegal { .. }));

    // Forced March: 1 CP each; Jackson's unhit Forces two areas for 1 CP.
    let mut b = empty_board(seven_days());
    at(&mut b, "richmond-north", &["jackson", "ewell"]);
    b.place("whiting", area("richmond-north"), Reduced);
    b.lee = area("richmond-north");
    b.cp.confederate = 2;
    let mut run = Run::new(b.clone(), &[]);
    let mut probe = Recorded::default();
    let Err(Interrupt::Decide(r)) = run.step(Step::ForcedMarch, &mut probe) else {
        panic!("expected a decision")
    };
    assert!(r.options.contains(&Decision::JacksonMarch {
        force: "jackson".into(),
        via: "mechanicsville".into(),
        to: "beaver-dam-creek".into()
    }));
    assert!(
        !r.options
            .iter()
            .any(|d| matches!(d, Decision::JacksonMarch { force, .. } if force == "whiting")),
        "a hit Force cannot march two areas (15.1.1)"
    );
    let mut run = Run::new(b.clone(), &[]);
    run.step(
        Step::ForcedMarch,
        &mut Recorded::new(vec![
            Decision::JacksonMarch {
                force: "jackson".into(),
                via: "mechanicsville".into(),
                to: "beaver-dam-creek".into(),
            },
            Decision::MoveForce {
                force: "ewell".into(),
                to: "mechanicsville".into(),
            },
            Decision::EndMoves,
        ]),
    )
    .unwrap();
    assert_eq!(run.loc("jackson"), area("beaver-dam-creek"));
    assert_eq!(run.board.cp.confederate, 0);
    // Not through an area with Union Forces: only a one-area march there.
    let mut b2 = b.clone();
    at(&mut b2, "mechanicsville", &["mccall"]);
    let mut run = Run::new(b2, &[]);
    let Err(Interrupt::Decide(r)) = run.step(Step::ForcedMarch, &mut Recorded::default()) else {
        panic!()
    };
    assert!(
        !r.options
            .iter()
            .any(|d| matches!(d, Decision::JacksonMarch { via, .. } if via == "mechanicsville"))
    );
    assert!(r.options.contains(&Decision::MoveForce {
        force: "jackson".into(),
        to: "mechanicsville".into()
    }));
}

/// 3.2: Lee left alone ends the campaign.
#[test]
fn lee_alone_loses_the_campaign() {
    let mut b = empty_board(seven_days());
    at(&mut b, "richmond-north", &["longstreet"]);
    b.lee = area("richmond-north");
    let mut run = Run::new(b, &[]);
    run.step(
        Step::ConfederateMoves,
        &mut Recorded::new(vec![
            Decision::MoveForce {
                force: "longstreet".into(),
                to: "mechanicsville".into(),
            },
            Decision::EndMoves,
        ]),
    )
    .unwrap();
    let r = run.board.progress.result.clone().unwrap();
    assert!(!r.victory);
    assert!(r.reason.contains("3.2"));
}

/// 15.3–15.6: Command Points and free Scouts; Refit 2 CP; purchases at
/// the Combat Value (reduced at the reduced value, and no Refit then);
/// Scouts 1 CP within the counters; captured artillery is not for sale.
#[test]
fn confederate_resupply() {
    let mut b = empty_board(seven_days());
    b.place("longstreet", area("richmond-north"), Reduced);
    b.place("dh-hill", Location::ConfederateAvailable, Full);
    b.place("pendleton", Location::CapturedArtilleryPile, Full);
    b.lee = area("richmond-north");
    b.cp.confederate = 6;
    b.scouts.available = 9;
    let mut run = Run::new(b, &[]);
    let mut probe = Recorded::default();
    let Err(Interrupt::Decide(r)) = run.step(Step::ConfederateResupply, &mut probe) else {
        panic!()
    };
    // 6 + 3 = 9 CP; the 10th Scout counter is gained free (limit 10).
    assert_eq!(run.board.cp.confederate, 9);
    assert_eq!(run.board.scouts.available, 10);
    assert!(r.options.contains(&Decision::Refit {
        force: "longstreet".into()
    }));
    assert!(r.options.contains(&Decision::Purchase {
        force: "dh-hill".into(),
        area: "richmond-north".into(),
        reduced: true
    }));
    assert!(
        !r.options.contains(&Decision::BuyScout),
        "every Scout counter is in use"
    );
    assert!(
        !r.options
            .iter()
            .any(|d| matches!(d, Decision::Purchase { force, .. } if force == "pendleton"))
    );
    let mut run = Run::new(run.board.clone(), &[]);
    let mut b = run.board.clone();
    b.cp.confederate = 6;
    b.scouts.available = 0;
    run.board = b;
    // The step adds 3 CP again on this run: 9 in all.
    run.step(
        Step::ConfederateResupply,
        &mut Recorded::new(vec![
            Decision::Purchase {
                force: "dh-hill".into(),
                area: "richmond-north".into(),
                reduced: true,
            },
            Decision::Refit {
                force: "longstreet".into(),
            },
            Decision::BuyScout,
            Decision::EndResupply,
        ]),
    )
    .unwrap();
    // D.H. Hill reduced costs 4; Refit 2; Scout 1: 9 - 7 = 2 left.
    assert_eq!(run.board.cp.confederate, 2, "{}", run.text());
    assert_eq!(run.board.piece("dh-hill").unwrap().strength, Reduced);
    assert_eq!(run.board.piece("longstreet").unwrap().strength, Full);
    assert_eq!(run.board.scouts.available, 2);
}

/// 7.9: from turn 3 Jackson's command rolls to arrive (6 or less) and
/// enters a Confederate-Held area of the player's choice.
#[test]
fn jackson_arrives_on_a_roll_from_turn_three() {
    let c = seven_days();
    let mut chronicle = Chronicle::default();
    let mut b = new_campaign(c, GameOptions::default(), &mut chronicle);
    b.turn.turn = 1; // the next Advance makes it turn 2: no roll yet
    let mut run = Run::new(b, &[]);
    run.step(Step::AdvanceTurn, &mut Recorded::default())
        .unwrap();
    assert!(matches!(run.loc("jackson"), Location::LateArrival(_)));
    // Turn 3: a 7 fails; turn 4: a 6 succeeds and the player picks Oak Grove.
    let mut run = Run::new(run.board.clone(), &[7]);
    run.step(Step::AdvanceTurn, &mut Recorded::default())
        .unwrap();
    assert!(matches!(run.loc("jackson"), Location::LateArrival(_)));
    let mut run = Run::new(run.board.clone(), &[6]);
    run.step(
        Step::AdvanceTurn,
        &mut Recorded::new(vec![Decision::PlaceArrival {
            arrival: "jacksons-command".into(),
            area: "oak-grove".into(),
        }]),
    )
    .unwrap_or_else(|e| panic!("{e}\n{}", run.text()));
    for id in ["jackson", "ewell", "whiting"] {
        assert_eq!(run.loc(id), area("oak-grove"));
    }
}

/// 3.1 objectives: clear by a phase, reach by a turn (entering is enough),
/// occupy at a turn, hold throughout; 3.3 rating against Lee's 4.
#[test]
fn objectives_are_decided_at_their_deadlines() {
    let c = seven_days();
    let mut b = empty_board(c.clone());
    for r in ["richmond-north", "richmond-center", "richmond-south"] {
        at(&mut b, r, &[]);
    }
    at(&mut b, "richmond-north", &["cs-garrison-1"]);
    at(&mut b, "richmond-center", &["cs-garrison-2"]);
    at(&mut b, "richmond-south", &["cs-garrison-3"]);
    at(&mut b, "beaver-dam-creek", &["longstreet"]);
    at(&mut b, "fraysers-farm", &["ap-hill"]);
    b.lee = area("beaver-dam-creek");
    b.turn.turn = 2;
    // End of the Confederate phase of turn 2: Beaver Dam Creek is clear.
    let mut run = Run::new(b, &[]);
    run.step(
        Step::ConfederateResupply,
        &mut Recorded::new(vec![Decision::EndResupply]),
    )
    .unwrap();
    assert_eq!(
        run.board.progress.objectives.get("beaver-dam-creek"),
        Some(&true),
        "{}",
        run.text()
    );
    // A.P. Hill marches through Glendale: reached, though he moves on.
    let mut run = Run::new(run.board.clone(), &[]);
    run.board.turn.turn = 3;
    run.step(
        Step::ConfederateMoves,
        &mut Recorded::new(vec![
            Decision::MoveForce {
                force: "ap-hill".into(),
                to: "glendale".into(),
            },
            Decision::EndMoves,
        ]),
    )
    .unwrap();
    assert_eq!(run.board.progress.objectives.get("glendale"), Some(&true));
    // Richmond lost: the hold objective fails at once.
    let mut run = Run::new(run.board.clone(), &[]);
    run.board
        .place("cs-garrison-3", Location::ConfederateAvailable, Full);
    run.step(
        Step::ForcedMarch,
        &mut Recorded::new(vec![Decision::EndMoves]),
    )
    .unwrap();
    assert_eq!(run.board.progress.objectives.get("richmond"), Some(&false));
    assert_eq!(fcrel::rules::turn::victory::victory_points(&run.board), 2);
    assert_eq!(
        fcrel::rules::turn::victory::rating(5, 4),
        fcrel::rules::components::Rating::Superior
    );
    assert_eq!(
        fcrel::rules::turn::victory::rating(4, 4),
        fcrel::rules::components::Rating::Historical
    );
}

/// Past the last box of the Turn Track the campaign ends (3.2, 9.1).
#[test]
fn the_turn_track_runs_out() {
    let mut b = empty_board(seven_days());
    at(&mut b, "richmond-north", &["longstreet"]);
    b.lee = area("richmond-north");
    b.turn.turn = 9;
    let mut run = Run::new(b, &[]);
    run.step(Step::AdvanceTurn, &mut Recorded::default())
        .unwrap();
    let r = run.board.progress.result.clone().unwrap();
    assert!(!r.victory);
    assert!(r.reason.contains("last box"), "{}", r.reason);
}

/// Counters may only be where the rules allow (same check as the battle
/// property test).
fn invariants(board: &Board) -> Result<(), String> {
    for p in &board.pieces {
        let f = &p.force;
        let ok = match &p.location() {
            Location::Area(a) => board.graph.idx(a).is_some(),
            Location::ReinforcementCup => f.side == Side::Union && f.is_named(),
            Location::AdditionalForcesCup => {
                f.side == Side::Union && !f.is_named() && f.force_type.is_mobile()
            }
            Location::StaticForcesPile => f.side == Side::Union && !f.force_type.is_mobile(),
            Location::CapturedArtilleryPile => {
                f.force_type == fcrel::campaign::ForceType::Artillery
            }
            Location::ConfederateAvailable => f.side == Side::Confederate,
            Location::LateArrival(_) | Location::RemovedFromGame => true,
        };
        if !ok || (p.strength == Reduced && (f.reduced.is_none() || p.location().area().is_none()))
        {
            return Err(format!("{} at {:?} {:?}", f.id, p.location(), p.strength));
        }
    }
    if board.progress.result.is_none() && board.lee_isolated() {
        return Err("Lee alone and the campaign goes on".into());
    }
    Ok(())
}

fn play_checked(options: GameOptions, policy: Policy) -> (Board, Chronicle) {
    let c = seven_days();
    let mut chronicle = Chronicle::default();
    let mut board = new_campaign(c, options, &mut chronicle);
    let n = board.pieces.len();
    let mut dice = Dice::seeded(options.seed);
    let mut decider = policy;
    let mut step = Step::AdvanceTurn;
    for _ in 0..200 {
        {
            let mut ctx = Ctx {
                board: &mut board,
                dice: &mut dice,
                chronicle: &mut chronicle,
                decider: &mut decider,
            };
            play_step(&mut ctx, step).unwrap_or_else(|e| panic!("seed {}: {e}", options.seed));
        }
        assert_eq!(board.pieces.len(), n);
        if let Err(e) = invariants(&board) {
            panic!(
                "seed {} after {step:?} of turn {}: {e}",
                options.seed, board.turn.turn
            );
        }
        if board.progress.result.is_some() {
            return (board, chronicle);
        }
        step = step.next();
    }
    panic!("seed {}: the campaign did not end", options.seed);
}

#[test]
fn whole_campaigns_end_with_invariants_held_after_every_step() {
    let mut victories = 0;
    let mut games = 0;
    for battles in [BattleMode::Quick, BattleMode::VeryQuick, BattleMode::Basic] {
        for level in [UnionLevel::Regular, UnionLevel::Hard, UnionLevel::Veteran] {
            for policy in [Policy::Cautious, Policy::Objective] {
                for seed in 0..6u64 {
                    let options = GameOptions {
                        battles,
                        union: UnionAspects::preset(level),
                        seed: seed * 7919 + level as u64,
                        ..GameOptions::default()
                    };
                    let (board, _) = play_checked(options, policy);
                    let r = board.progress.result.unwrap();
                    games += 1;
                    if r.victory {
                        victories += 1;
                    }
                }
            }
        }
    }
    assert_eq!(games, 108);
    assert!(victories <= games);
}

#[test]
fn same_seed_same_game() {
    let options = GameOptions {
        battles: BattleMode::Quick,
        seed: 2026,
        ..GameOptions::default()
    };
    let (a, ca) = play_checked(options, Policy::Objective);
    let (b, cb) = play_checked(options, Policy::Objective);
    assert_eq!(ca, cb);
    assert_eq!(a.progress, b.progress);
    let locs = |x: &Board| {
        x.pieces
            .iter()
            .map(|p| (p.location().clone(), p.strength))
            .collect::<Vec<_>>()
    };
    assert_eq!(locs(&a), locs(&b));
    let (_, cc) = play_checked(
        GameOptions {
            seed: 2027,
            ..options
        },
        Policy::Objective,
    );
    assert_ne!(ca, cc);
}

/// The sequence of play as Bevy states: a headless App with a scripted
/// commander plays the same campaign as the pure simulator, step by step,
/// to the same end, chronicle and digest.
#[test]
fn headless_app_plays_the_same_campaign_as_the_simulator() {
    use bevy::prelude::*;
    use bevy::state::app::StatesPlugin;
    use fcrel::rules::components::Progress;
    use fcrel::rules::sequence::{GameState, PendingDecision, ScriptedCommander};
    use fcrel::rules::setup::NewCampaign;

    let options = GameOptions {
        battles: BattleMode::Quick,
        seed: 99,
        ..GameOptions::default()
    };
    let c = seven_days();
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, fcrel::RulesPlugin));
    app.insert_resource(ScriptedCommander(Policy::Objective));
    app.world_mut()
        .write_message(NewCampaign::new(c.clone(), options));
    let mut frames = 0;
    let mut steps_seen = std::collections::BTreeSet::new();
    while *app.world().resource::<State<GameState>>().get() != GameState::Over {
        app.update();
        frames += 1;
        if let Some(step) = app.world().get_resource::<State<Step>>() {
            steps_seen.insert(format!("{:?}", step.get()));
        }
        assert!(app.world().resource::<PendingDecision>().blocked.is_none());
        assert!(frames < 2000, "the campaign does not end");
    }
    assert_eq!(steps_seen.len(), 9, "{steps_seen:?}");
    let game = fcrel::sim::play(c, options, Policy::Objective).unwrap();
    let world = app.world_mut();
    assert_eq!(
        world.resource::<Progress>().result,
        Some(game.result.clone())
    );
    assert_eq!(*world.resource::<Chronicle>(), game.chronicle);
    let board = Board::from_world(world).unwrap();
    let locs = |x: &Board| {
        x.pieces
            .iter()
            .map(|p| (p.force.id.clone(), p.location().clone(), p.strength))
            .collect::<Vec<_>>()
    };
    assert_eq!(locs(&board), locs(&game.board));
}

/// Decisions wait for the player: without a commander the App stops at the
/// first question with its legal answers, takes an answer by message, and
/// lets the player take back a move before any die is rolled.
#[test]
fn the_app_waits_for_decisions_and_allows_undo_before_dice() {
    use bevy::prelude::*;
    use bevy::state::app::StatesPlugin;
    use fcrel::rules::sequence::{Decide, PendingDecision, StepDecisions, UndoDecision};
    use fcrel::rules::setup::NewCampaign;

    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, fcrel::RulesPlugin));
    app.world_mut().write_message(NewCampaign::new(
        seven_days(),
        GameOptions {
            battles: BattleMode::Quick,
            ..GameOptions::default()
        },
    ));
    for _ in 0..4 {
        app.update();
    }
    let pending = app.world().resource::<PendingDecision>().clone();
    let request = pending.request.expect("turn 1 Moves wait for the player");
    assert_eq!(request.rule, "9.2");
    assert_eq!(
        *app.world().resource::<State<Step>>().get(),
        Step::ConfederateMoves
    );
    let mv = Decision::MoveForce {
        force: "longstreet".into(),
        to: "mechanicsville".into(),
    };
    assert!(request.options.contains(&mv));
    app.world_mut().write_message(Decide(mv));
    app.update();
    app.update();
    assert_eq!(app.world().resource::<StepDecisions>().answers, vec![mv]);
    let again = app.world().resource::<PendingDecision>().clone();
    assert!(
        !again
            .request
            .unwrap()
            .options
            .iter()
            .any(|d| matches!(d, Decision::MoveForce { force, .. } if force == "longstreet"))
    );
    // Moves roll no dice: the move can be taken back.
    app.world_mut().write_message(UndoDecision);
    app.update();
    app.update();
    assert!(app.world().resource::<StepDecisions>().answers.is_empty());
    // An answer that is not legal is ignored.
    app.world_mut().write_message(Decide(Decision::MoveLee {
        to: "atlantis".into(),
    }));
    app.update();
    assert!(app.world().resource::<StepDecisions>().answers.is_empty());
}

/// 16.2 special rules: a river the Union never crosses sends the group
/// toward another area instead (Second Manassas' Rappahannock rule, tried
/// here on the Chickahominy).
#[test]
fn union_never_crosses_a_river_by_special_rule() {
    let mut c = (*seven_days()).clone();
    c.special_rules
        .push(campaign::SpecialRule::UnionNeverCrosses {
            label: "test".into(),
            river: "chickahominy".into(),
            instead_toward: "white-house".into(),
        });
    for row in c.union_orders.campaign_map.regular.rows.iter_mut() {
        row.order = campaign::Order::MoveToward {
            area: "mechanicsville".into(),
            steps: 1,
        };
        row.otherwise = None;
    }
    let crossing = c
        .map
        .rivers
        .iter()
        .find(|r| r.id == "chickahominy")
        .map(|r| r.separates.clone())
        .unwrap();
    assert!(!crossing.is_empty());
    let c = Arc::new(c);
    let mut b = empty_board(c.clone());
    // Golding's Farm (south bank) is next to Gaines' Mill (north bank).
    at(&mut b, "goldings-farm", &["slocum"]);
    let mut run = Run::new(b, &[5, 1, 1, 1]);
    run.step(Step::UnionOrders, &mut Recorded::default())
        .unwrap();
    let t = run.text();
    let now = run.loc("slocum");
    let now = now.area().unwrap();
    let crossed = crossing
        .iter()
        .any(|[a, b2]| (a == "goldings-farm" && b2 == now) || (b2 == "goldings-farm" && a == now));
    assert!(!crossed, "{t}");
}

/// a Random order picks among every neighbour, as without the
/// special rule; a pick across the river moves the group one area toward the
/// rule's area instead. Every face of the pick die is tried: the pick that
/// lands on Gaines' Mill (across the Chickahominy from Golding's Farm) sends
/// the group one step toward Seven Pines; the others are carried out.
#[test]
fn a_random_order_across_the_river_moves_toward_the_rule_area() {
    let mut c = (*seven_days()).clone();
    c.special_rules
        .push(campaign::SpecialRule::UnionNeverCrosses {
            label: "test".into(),
            river: "chickahominy".into(),
            instead_toward: "seven-pines".into(),
        });
    for row in c.union_orders.campaign_map.regular.rows.iter_mut() {
        row.order = campaign::Order::Random {};
        row.otherwise = None;
    }
    let c = Arc::new(c);
    let mut redirected = 0;
    let mut ends = std::collections::BTreeSet::new();
    for pick in 1..=10 {
        let mut b = empty_board(c.clone());
        at(&mut b, "goldings-farm", &["slocum"]);
        let mut run = Run::new(b, &[5, pick, 1, 1, 1, 1]);
        run.step(Step::UnionOrders, &mut Recorded::default())
            .unwrap();
        let t = run.text();
        let now = run.loc("slocum").area().unwrap().to_string();
        ends.insert(now.clone());
        assert_ne!(now, "gaines-mill", "{t}");
        if t.contains("Gaines' Mill lies across a river the Union never crosses") {
            redirected += 1;
            let d = |a: &str| run.board.graph.distance(a, "seven-pines").unwrap();
            assert_eq!(
                d(&now) + 1,
                d("goldings-farm"),
                "one area toward Seven Pines: {t}"
            );
            assert!(t.contains("[16.2]"), "{t}");
        }
    }
    assert!(redirected > 0, "some face of the die picks Gaines' Mill");
    // The other neighbours are still picked by the other faces.
    assert!(ends.len() >= 3, "{ends:?}");
}

/// 3.1: Hold with a minimum combined Combat Value (Antietam's kind), judged
/// at the end; 21.1 casualties add a Victory Point only with the historical
/// score reached.
#[test]
fn hold_with_combat_value_and_casualties() {
    let mut c = (*seven_days()).clone();
    c.victory.objectives = vec![campaign::Objective {
        id: "hold".into(),
        text: "Hold Malvern Hill with Combat Value 8".into(),
        vp: 1,
        condition: campaign::Condition::HoldWithCombatValue {
            areas: vec!["malvern-hill".into()],
            min_combat: 8,
        },
        union_levels: vec![],
    }];
    c.victory.lee_historical_vp = 1;
    c.union_resupply.command_points.regular = 0;
    c.union_resupply.rolls.regular = 0;
    c.victory.casualties = Some(campaign::Casualties {
        min_named_combat: 8,
        vp: 1,
    });
    let c = Arc::new(c);
    let mut b = empty_board(c.clone());
    at(&mut b, "malvern-hill", &["longstreet"]);
    b.lee = area("malvern-hill");
    b.turn.turn = 9;
    // End of turn 9: the Union Resupply step (nothing to buy, no rolls).
    let mut run = Run::new(b.clone(), &[]);
    run.step(Step::UnionResupply, &mut Recorded::default())
        .unwrap();
    let r = run.board.progress.result.clone().unwrap();
    assert!(r.victory, "{}", run.text());
    assert_eq!(
        r.victory_points, 2,
        "1 for the objective, 1 for casualties (21.1)"
    );
    // Reduced, Longstreet's 5 is too little.
    let mut b2 = b;
    b2.place("longstreet", area("malvern-hill"), Reduced);
    let mut run = Run::new(b2, &[]);
    run.step(Step::UnionResupply, &mut Recorded::default())
        .unwrap();
    assert_eq!(run.board.progress.objectives.get("hold"), Some(&false));
}

/// 16.3.3: with several groups below the maximum, which one a new
/// Additional Force joins is left to chance (the chooser).
#[test]
fn additional_forces_join_a_group_with_room_by_choice() {
    use fcrel::rules::turn::orders::{Group, form_groups};
    let mut b = empty_board(seven_days());
    at(
        &mut b,
        "glendale",
        &["hooker", "stoneman", "us-inf-brigade-1"],
    );
    let mut offered = Vec::new();
    let groups = form_groups(&b, &mut |_: &Board, gs: &[Group], room: &[usize]| {
        offered = room.iter().map(|&k| gs[k].label.clone()).collect();
        Ok(room.len() - 1)
    })
    .unwrap();
    assert_eq!(offered, vec!["III".to_string(), "stoneman".to_string()]);
    let stoneman = groups.iter().find(|g| g.label == "stoneman").unwrap();
    assert_eq!(stoneman.members.len(), 2);
}

/// Casualties (11.10, 11.11) count every Hit and every Force destroyed, by
/// side, for the end of the campaign.
#[test]
fn casualties_count_hits_and_destroyed_forces() {
    let mut b = empty_board(seven_days());
    at(&mut b, "glendale", &["longstreet", "mccall"]);
    let mut chronicle = Chronicle::default();
    let longstreet = b.index("longstreet").unwrap();
    let mccall = b.index("mccall").unwrap();
    b.hit(longstreet, &mut chronicle, "11.10");
    b.hit(mccall, &mut chronicle, "11.10");
    b.hit(mccall, &mut chronicle, "11.10");
    let k = b.progress.casualties;
    assert_eq!((k.confederate_hits, k.union_hits), (1, 2));
    assert_eq!((k.confederate_destroyed, k.union_destroyed), (0, 1));
    assert_eq!(*b.pieces[mccall].location(), Location::ReinforcementCup);
    assert_eq!(b.pieces[longstreet].strength, Reduced);
}

/// `fcrel simulate` plays without a chronicle and without naming Forces
/// (`sim::play_quiet`): the same games as with them, the battles counted
/// without the chronicle as the chronicle counts them ("Battle of …", a
/// Rejoin's battle again, 14.8.1), and every counter's area index in step
/// with its place after a whole campaign of moves, losses and arrivals.
#[test]
fn a_quiet_game_is_the_same_game() {
    let c = seven_days();
    let mut battles_seen = 0;
    for (seed, battles) in [
        (3, BattleMode::VeryQuick),
        (4, BattleMode::Quick),
        (5, BattleMode::Basic),
    ] {
        let options = GameOptions {
            seed,
            battles,
            ..GameOptions::default()
        };
        let full = fcrel::sim::play(c.clone(), options, Policy::Objective).unwrap();
        let quiet = fcrel::sim::play_quiet(c.clone(), options, Policy::Objective).unwrap();
        assert_eq!(quiet.result, full.result);
        assert!(quiet.chronicle.entries().is_empty());
        let counted = full
            .chronicle
            .entries()
            .iter()
            .filter(|e| e.rule == "9.3" && e.text.starts_with("Battle of"))
            .count() as u32;
        assert_eq!(full.battles, counted);
        assert_eq!(quiet.battles, counted);
        battles_seen += counted;
        for (q, f) in quiet.board.pieces.iter().zip(&full.board.pieces) {
            assert_eq!(
                (&q.force.id, q.location(), q.strength),
                (&f.force.id, f.location(), f.strength)
            );
            assert_eq!(
                q.area_index(),
                q.location().area().and_then(|a| quiet.board.graph.idx(a)),
                "{}",
                q.force.id
            );
        }
    }
    assert!(battles_seen > 10, "{battles_seen} battles");
}
