//! The advisor's search: dominated answers last, dominating first, the
//! same advice however it is stepped and threaded, common random numbers,
//! assignment candidates legal and distinct, and no dependence on the
//! game's later dice.

use std::path::Path;

use super::*;
use crate::dice::Dice;
use crate::odds::locate::from_scenario;
use crate::rules::decision::Decider;
use crate::rules::decision::Request;

fn scenario(name: &str) -> crate::odds::locate::Prepared {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("scenarios")
        .join(name);
    from_scenario(&path, None).expect("a scenario")
}

fn at_rule(name: &str, rule: &'static str, dice: &Dice) -> Position {
    let p = scenario(name);
    let until = move |_: &crate::rules::board::Board, r: &Request| r.rule.as_str() == rule;
    Position::in_battle(&p, dice, Policy::Objective, &until)
        .expect("the battle is fought")
        .expect("the question is asked")
}

fn settings(aim: Aim) -> Settings {
    Settings {
        aim,
        seed: 11,
        first_round: 16,
        max_trials: 256,
        ..Settings::default()
    }
}

/// Quick 14.5.1: retreating now can never win the battle (the
/// Confederates withdraw), so for the aim "win" it is ranked last, with an
/// estimate of exactly 0, and fighting on first; for "strength" a retreat
/// now keeps every Combat Value still standing, which fighting on can only
/// lose, so it is first.
#[test]
fn retreat_is_dominated_for_the_win_and_dominates_for_strength() {
    let pos = at_rule("quick-glendale.json", "14.5.1", &Dice::seeded(1));
    assert!(pos.request.options.contains(&Decision::FightOn));
    let mut a = Advisor::new(&pos, settings(Aim::Win)).unwrap();
    a.run_to(400, 2).unwrap();
    let v = a.advice();
    assert_eq!(v.ranked.len(), 2);
    assert_eq!(v.ranked[0].decisions, vec![Decision::FightOn]);
    let retreat = &v.ranked[1];
    assert_eq!(retreat.decisions, vec![Decision::VoluntaryRetreat]);
    assert_eq!(retreat.estimate.mean, 0.0);
    assert!(v.ranked[0].estimate.mean > 0.0, "{:?}", v.ranked[0]);
    // The difference to the policy's answer (fight on) is measured on the
    // same dice and is negative beyond doubt.
    let d = retreat.versus.as_ref().unwrap();
    assert!(d.difference.high < 0.0, "{d:?}");
    assert!(
        retreat.why.starts_with("Confederates withdrew"),
        "{}",
        retreat.why
    );

    let mut s = Advisor::new(&pos, settings(Aim::Strength)).unwrap();
    s.run_to(400, 2).unwrap();
    let v = s.advice();
    assert_eq!(v.ranked[0].decisions, vec![Decision::VoluntaryRetreat]);
    assert!(v.ranked[0].estimate.mean > v.ranked[1].estimate.mean);
}

/// The advice after N trials is the same for one thread or two, and
/// however the steps are cut.
#[test]
fn advice_does_not_depend_on_threads_or_steps() {
    let pos = at_rule("quick-glendale.json", "14.5.1", &Dice::seeded(3));
    let mut one = Advisor::new(&pos, settings(Aim::Win)).unwrap();
    one.run_to(300, 1).unwrap();
    let mut two = Advisor::new(&pos, settings(Aim::Win)).unwrap();
    while two.trials() < 300 {
        let n = two.step(7.min(300 - two.trials()), 2).unwrap();
        assert!(n > 0);
    }
    assert_eq!(one.advice(), two.advice());
    assert_eq!(one.trials(), 300);
}

/// Honesty: the position keeps only the dice already rolled; the game's
/// later dice (here a different stream after them) change nothing.
#[test]
fn the_games_later_dice_do_not_change_the_advice() {
    let real = Dice::seeded(5);
    let pos = at_rule("odds-basic-8v8.json", "12.2", &real);
    let Root::Battle(p) = &pos.root else {
        panic!("a battle")
    };
    let seen = p.prefix_dice.clone();
    assert!(!seen.is_empty());
    // The same dice so far, other dice from there on.
    let other = Dice::scripted_then_seeded(seen.iter().copied(), 987_654);
    let pos2 = at_rule("odds-basic-8v8.json", "12.2", &other);
    let s = Settings {
        max_candidates: 12,
        ..settings(Aim::Win)
    };
    let mut a = Advisor::new(&pos, s).unwrap();
    let mut b = Advisor::new(&pos2, s).unwrap();
    a.run_to(200, 2).unwrap();
    b.run_to(200, 2).unwrap();
    assert_eq!(a.advice(), b.advice());
}

/// A Battle Plan Counter assignment: the player's counters as they stand
/// and the policy's are among the candidates; every candidate is a legal
/// run of answers ending with Done and different counters from the others.
#[test]
fn assignment_candidates_are_legal_and_distinct() {
    let pos = at_rule("odds-basic-8v8.json", "12.2", &Dice::seeded(2));
    let protos = candidates::candidates(&pos, &Settings::default());
    assert!(protos.len() > 5, "{}", protos.len());
    assert!(protos.iter().any(|c| c.player));
    assert!(protos.iter().any(|c| c.policy));
    let mut seen = std::collections::BTreeSet::new();
    for c in &protos {
        assert_eq!(c.decisions.last(), Some(&Decision::EndAssign), "{c:?}");
        let ps = c.placements.clone().unwrap();
        assert!(seen.insert(ps.clone()), "twice: {ps:?}");
        // Every answer but the last leads to a question (the run is legal).
        let (_, r) = pos.probe(&c.decisions[..c.decisions.len() - 1]).unwrap();
        assert!(r.options.contains(&Decision::EndAssign));
        // The counters given are those placed.
        let given: Vec<Placement> = c
            .decisions
            .iter()
            .filter_map(|d| match d {
                Decision::AssignPlan { force, plan } => Some(Placement {
                    force: Some(*force),
                    plan: *plan,
                }),
                _ => None,
            })
            .collect();
        assert!(given.iter().all(|g| ps.contains(g)), "{given:?} / {ps:?}");
    }
}

/// Common random numbers: two answers that lead to the same battle (a
/// counter no Force can carry out on the first turn changes nothing)
/// show a difference of exactly zero on every common trial, and the
/// halving keeps the best half.
#[test]
fn common_dice_make_equal_answers_equal() {
    let pos = at_rule("odds-basic-8v8.json", "12.2", &Dice::seeded(1));
    let s = Settings {
        max_candidates: 24,
        first_round: 8,
        max_trials: 32,
        ..settings(Aim::Win)
    };
    let mut a = Advisor::new(&pos, s).unwrap();
    a.run_to(u64::MAX, 2).unwrap();
    assert!(a.finished());
    let v = a.advice();
    // Some different answers tie exactly on every trial, as common dice
    // make them (the counters that change nothing this turn): their
    // trial-by-trial difference is exactly zero.
    let pairs = (0..a.cands.len())
        .flat_map(|i| (i + 1..a.cands.len()).map(move |j| (i, j)))
        .filter(|&(i, j)| {
            let n = a.cands[i].samples.len().min(a.cands[j].samples.len());
            a.cands[i].decisions != a.cands[j].decisions
                && n > 0
                && a.cands[i].samples[..n] == a.cands[j].samples[..n]
        })
        .count();
    assert!(pairs > 0);
    let tied = v.ranked.iter().find(|r| {
        v.ranked
            .iter()
            .any(|o| o.decisions != r.decisions && o.trials == r.trials && o.endings == r.endings)
    });
    assert!(tied.is_some());
    // Halving: those still tried at the end have the most trials.
    let most = v.ranked.iter().map(|r| r.trials).max().unwrap();
    assert_eq!(most, 32);
    assert!(v.ranked.iter().filter(|r| r.trials == 32).count() >= 3);
    assert!(v.ranked.iter().any(|r| r.trials == 8));
    // Ranked best first among those with the most trials.
    let top: Vec<f64> = v
        .ranked
        .iter()
        .take_while(|r| r.trials == 32)
        .map(|r| r.estimate.mean)
        .collect();
    assert!(top.windows(2).all(|w| w[0] >= w[1]), "{top:?}");
}

/// Issue 37, item 7: the objective commander spends a Scout to take
/// Screened March out of the cup (14.0.1), the removal the advisor found
/// to pay (docs/odds.md, "Scouts"); the cautious one keeps its Scouts.
#[test]
fn the_objective_commander_takes_screened_march_out() {
    use crate::rules::components::SpecialBattlePlan;
    let pos = at_rule("odds-basic-8v8.json", "14.0.1", &Dice::seeded(1));
    let screened = Decision::RemoveSpecialPlan {
        plan: SpecialBattlePlan::ScreenedMarch,
    };
    assert!(pos.request.options.contains(&screened));
    let mut objective = Policy::Objective;
    assert_eq!(
        objective.decide(&pos.board, &pos.request).unwrap(),
        screened
    );
    let mut cautious = Policy::Cautious;
    assert_eq!(
        cautious.decide(&pos.board, &pos.request).unwrap(),
        Decision::EndRemovals
    );
    // With Screened March out already, the objective commander ends.
    let mut without = pos.request.clone();
    without.options.retain(|d| *d != screened);
    assert_eq!(
        objective.decide(&pos.board, &without).unwrap(),
        Decision::EndRemovals
    );
}

/// Issue 37, item 5: playing a campaign with `battles_to_end`, a battle
/// question (14.5.1, fight on or retreat) is weighed by the campaign it
/// leads to: the trials play on to the campaign's end from the step's
/// start (a campaign root, asking the same question), and a retreat, which
/// can never win the battle (estimate exactly 0 for the aim "win", above),
/// still wins campaigns. The campaign is played to its end, the same way
/// twice.
#[test]
fn battle_questions_in_a_campaign_are_weighed_by_the_campaign() {
    use crate::rules::difficulty::{BattleMode, GameOptions};
    let c = std::sync::Arc::new(crate::campaign::load_bundled("seven-days").unwrap());
    let options = GameOptions {
        battles: BattleMode::Quick,
        ..GameOptions::default()
    };
    let start =
        crate::rules::setup::new_campaign(c, options, &mut crate::chronicle::Chronicle::quiet());
    let play = Play {
        settings: Settings {
            aim: Aim::Campaign,
            seed: 3,
            attacks_only: true,
            ..Settings::default()
        },
        budget: 24,
        threads: 1,
        battles_to_end: true,
    };
    let fight_on = |_: &crate::rules::board::Board, r: &Request| {
        r.battle_location.is_some() && r.options.contains(&Decision::FightOn)
    };
    let run = |check: bool| {
        let mut checked = false;
        let r = play::campaign_asking(&start, 17, &play, &fight_on, &mut |pos, salt| {
            if check && !checked {
                checked = true;
                assert!(matches!(pos.root, Root::Campaign(_)), "a campaign root");
                assert!(pos.request.battle_location.is_some());
                let (_, again) = pos.probe(&[]).unwrap();
                assert!(again.same_question(&pos.request));
                let s = Settings {
                    first_round: 40,
                    max_trials: 40,
                    ..play.settings
                };
                let mut a = Advisor::new(pos, s).unwrap();
                a.run_to(u64::MAX, 2).unwrap();
                let v = a.advice();
                assert_eq!(v.endings, CAMPAIGN_ENDINGS.to_vec());
                let retreat = v
                    .ranked
                    .iter()
                    .find(|r| r.decisions == vec![Decision::VoluntaryRetreat])
                    .expect("retreat is a candidate");
                assert!(retreat.estimate.mean > 0.0, "{retreat:?}");
            }
            play::advise_once(pos, &play, salt, true)
        })
        .unwrap();
        assert!(!check || checked, "no 14.5.1 question was asked");
        r
    };
    let (b1, r1, n1) = run(true);
    let (b2, r2, n2) = run(false);
    assert!(n1 > 0);
    assert_eq!(
        (r1.victory, r1.victory_points, n1),
        (r2.victory, r2.victory_points, n2)
    );
    assert_eq!(b1.turn.turn, b2.turn.turn);
}

/// Playing a campaign, the advisor leaves the policy's answer only for one
/// that beats it clearly on their common trials: a sign test over the
/// trials where they differ (2 of 2 is noise, 4 of 4 is not; 10 against 5
/// is not enough, 20 against 5 is).
#[test]
fn a_leader_must_beat_the_policy_clearly() {
    let pos = at_rule("quick-glendale.json", "14.5.1", &Dice::seeded(1));
    let mut a = Advisor::new(&pos, settings(Aim::Campaign)).unwrap();
    assert_eq!(a.candidates(), 2);
    let s = |lost: bool| Sample {
        ending: 0,
        win: !lost,
        lost,
        kept: 0,
    };
    let mut set = |better: usize, worse: usize, same: usize| {
        let (mut x, mut y) = (Vec::new(), Vec::new());
        for _ in 0..better {
            x.push(s(false));
            y.push(s(true));
        }
        for _ in 0..worse {
            x.push(s(true));
            y.push(s(false));
        }
        for k in 0..same {
            x.push(s(k % 2 == 0));
            y.push(s(k % 2 == 0));
        }
        a.cands[0].samples = x;
        a.cands[1].samples = y;
        (a.clearly_beats(0, 1), a.clearly_beats(1, 0))
    };
    assert_eq!(set(2, 0, 0), (false, false));
    assert_eq!(set(4, 0, 7), (true, false));
    assert_eq!(set(10, 5, 30), (false, false));
    assert_eq!(set(20, 5, 0), (true, false));
    assert_eq!(set(5, 20, 0), (false, true));
}
