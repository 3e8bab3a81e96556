//! The luck record (issue 38): scripted dice of known outcomes give an
//! exact account and an exact tail, worked out by hand here.

use std::path::Path;

use fcrel::campaign::Side;
use fcrel::chronicle::{Chronicle, FaceSet, Part};
use fcrel::dice::{Check, Dice, roll_check, roll_table};
use fcrel::luck::{Kind, LuckRecord};

fn close(got: f64, want: f64) {
    assert!((got - want).abs() < 1e-12, "{got} is not {want}");
}

/// The Quick Battle Rules' worked example at Glendale (scenario
/// `quick-glendale.json`, dice 3 5 6 1 4 2 7). The rolls of known chance:
/// - Fog of War (Regular) 3, for the Confederates: rows 1–4 favour them
///   (10.2.5): 4 faces of 10, a success;
/// - Battle Resolution Table, column "0", the Confederates attacking, 5 and
///   then 6: the defender takes more Hits than the attacker on 8, 9 and 10
///   only: 3 faces each, two failures;
/// - column "+4 to +6", the Union attacking, 4: good on 5–10, 6 faces, a
///   failure;
/// - Withdrawal 2: the Union retreats on 2–8, 7 faces, a success.
///
/// The random pick of the Hit (11.9) and of the retreat have no side.
/// Confederate: chances .4 .3 .3 .7, 2 successes (1.7 expected):
/// P(0) = .6·.7·.7·.3 = .0882, P(1) = .4·.7·.7·.3 + 2·(.6·.3·.7·.3) +
/// .6·.7·.7·.7 = .3402, so as good or better = 1 − .0882 − .3402 = .5716;
/// P(4) = .4·.3·.3·.7 = .0252, P(3) = .0378 + .0588 + .0588 + .0108 =
/// .1662, so as bad or worse = 1 − .1662 − .0252 = .8086.
/// Union: one roll at .6, a failure: as bad or worse .4.
#[test]
fn the_quick_glendale_example_has_an_exact_account() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let (s, c) = fcrel::scenario::load_scenario(&root.join("scenarios/quick-glendale.json"))
        .expect("the scenario loads");
    let report = fcrel::scenario::run(&s, c).unwrap_or_else(|e| panic!("{:?}", e.1));
    let luck = LuckRecord::of(&report.chronicle);
    let faces: Vec<(Side, u32, u32, bool)> = luck
        .rolls
        .iter()
        .map(|r| (r.side, r.die, r.faces, r.success))
        .collect();
    use Side::{Confederate as C, Union as U};
    assert_eq!(
        faces,
        [
            (C, 3, 4, true),
            (C, 5, 3, false),
            (C, 6, 3, false),
            (U, 4, 6, false),
            (C, 2, 7, true)
        ]
    );
    assert!(luck.rolls.iter().all(|r| r.kind == Kind::Table));
    let cs = luck.game.confederate;
    assert_eq!((cs.count(), cs.actual()), (4, 2));
    close(cs.expected(), 1.7);
    close(cs.as_good_or_better(), 0.5716);
    close(cs.as_bad_or_worse(), 0.8086);
    let us = luck.game.union;
    assert_eq!((us.count(), us.actual()), (1, 0));
    close(us.as_bad_or_worse(), 0.4);
    // One battle, at Glendale, holds every roll.
    assert_eq!(luck.battles.len(), 1);
    assert_eq!(luck.battles[0].area, "glendale");
    assert_eq!(luck.battles[0].luck, luck.game);
    assert!(luck.rolls.iter().all(|r| r.battle == Some(0)));
    assert_eq!(
        cs.summary(),
        "2 of 4 rolls went its way (1.7 expected): as good or better in 57% of games"
    );
}

/// "Roll N or less" checks by the 4.5 rule (a natural 1 always succeeds,
/// a natural 10 always fails), counted by Campaign Turn and battle.
/// Turn 1: a Confederate check against 5 rolls 4 (5 faces, success).
/// Turn 2, in a battle: a Union check against 0 rolls 1 (only the natural
/// 1: 1 face, success), a Confederate check against 12 rolls 10 (9 faces,
/// failure). Outside it, a Union Saving Throw table, 9+ (2 faces), rolls
/// 3 (failure). Confederate: .5 and .9, 1 success: as bad or worse
/// P(0) + P(1) = .05 + (.5·.1 + .5·.9) = .55. Union: .1 and .2, 1
/// success: as good or better 1 − .9·.8 = .28.
#[test]
fn checks_are_counted_by_turn_and_battle() {
    let mut dice = Dice::scripted([4, 1, 10, 3]);
    let mut c = Chronicle::default();
    let check = |side, target| Check::new(side, "a check", "4.5", target, "target");
    c.begin(Part::Turn(1));
    roll_check(&mut dice, &mut c, check(Side::Confederate, 5)).unwrap();
    c.begin(Part::Turn(2));
    c.begin_battle("glendale", 2, Side::Union);
    roll_check(&mut dice, &mut c, check(Side::Union, 0)).unwrap();
    roll_check(&mut dice, &mut c, check(Side::Confederate, 12)).unwrap();
    c.end_battle();
    let good = FaceSet::from_fn(|d| d >= 9);
    roll_table(
        &mut dice,
        &mut c,
        "20.0",
        "Saving Throw",
        Some((Side::Union, good)),
        |d| d.to_string(),
    )
    .unwrap();
    let luck = LuckRecord::of(&c);
    let seen: Vec<(u32, Option<usize>, u32, bool)> = luck
        .rolls
        .iter()
        .map(|r| (r.turn, r.battle, r.faces, r.success))
        .collect();
    assert_eq!(
        seen,
        [
            (1, None, 5, true),
            (2, Some(0), 1, true),
            (2, Some(0), 9, false),
            (2, None, 2, false)
        ]
    );
    close(luck.game.confederate.as_bad_or_worse(), 0.55);
    close(luck.game.union.as_good_or_better(), 0.28);
    assert_eq!(luck.turns.len(), 2);
    assert_eq!(luck.turns[0].luck.confederate.count(), 1);
    assert_eq!(luck.turns[1].luck.union.count(), 2);
    assert_eq!(luck.battles[0].luck.union.count(), 1);
    assert_eq!(luck.battles[0].luck.confederate.count(), 1);
    let running = luck.running(Side::Union);
    assert_eq!(running.iter().map(|r| r.1).collect::<Vec<_>>(), [1, 1]);
    close(running[1].0, 0.3);
}
