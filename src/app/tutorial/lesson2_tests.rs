//! Lesson 2 (Quick and Very Quick battles) says what its story does: the
//! battle its cards describe is the one the engine fights with the
//! lesson's seed and answers, and the card "very-quick" tells what the
//! same dice make of it under the Very Quick rules. Every lesson card's
//! rule is in the rules reference (its link opens there).

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;

use super::lesson::Lesson;
use crate::campaign::Side;
use crate::rules::battle::Ending;
use crate::rules::battle::record::{BattleRecord, BattleRecords, EventKind, Resolution};
use crate::rules::decision::Decision;
use crate::rules::difficulty::BattleMode;
use crate::rules::sequence::{Decide, GameState, PendingDecision};

fn lesson(id: &str) -> Lesson {
    let (lessons, problems) = super::lesson::load_all(&super::lesson::dir());
    assert!(problems.is_empty(), "{problems:?}");
    lessons
        .into_iter()
        .find(|l| l.id == id)
        .unwrap_or_else(|| panic!("no lesson {id}"))
}

/// The lesson's answers, each with the rule of its question.
fn answers(l: &Lesson) -> Vec<(String, Decision)> {
    l.steps
        .iter()
        .filter_map(|s| Some((s.asked.clone()?, s.answer?)))
        .collect()
}

/// The lesson's campaign and seed under `mode`, `answers` given as they
/// are asked (in order); the first battle's record once it ended.
fn first_battle(l: &Lesson, mode: BattleMode, answers: &[(String, Decision)]) -> BattleRecord {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, crate::RulesPlugin))
        .init_resource::<BattleRecords>();
    let file = super::lesson::dir().join(format!("{}.json", l.campaign));
    let campaign = crate::campaign::load_campaign_file(&file).unwrap();
    let options = crate::rules::difficulty::GameOptions {
        battles: mode,
        seed: l.seed,
        ..Default::default()
    };
    app.world_mut()
        .write_message(crate::rules::setup::NewCampaign::new(
            std::sync::Arc::new(campaign),
            options,
        ));
    let mut answers = answers.iter();
    for _ in 0..500 {
        app.update();
        let rec = app.world().resource::<BattleRecords>();
        if let Some(b) = rec.battles.first().filter(|b| b.ending.is_some()) {
            return b.clone();
        }
        assert_ne!(
            *app.world().resource::<State<GameState>>().get(),
            GameState::Over
        );
        let Some(r) = app.world().resource::<PendingDecision>().request.clone() else {
            continue;
        };
        let (rule, a) = answers.next().expect("a question answered");
        assert_eq!(r.rule.as_str(), rule);
        assert!(r.options.contains(a), "{a:?} in {:?}", r.options);
        app.world_mut().write_message(Decide(*a));
    }
    panic!("the battle did not end");
}

/// Each resolution once rolled (the record also keeps the table shown
/// before a roll).
fn rolled(b: &BattleRecord) -> Vec<Resolution> {
    b.events
        .iter()
        .filter_map(|e| match &e.kind {
            EventKind::Resolution(r) if r.die.is_some() => Some(r.clone()),
            _ => None,
        })
        .collect()
}

/// The cards "table", "turn-2" and "withdrawal": two battle turns, you
/// attacking both, 16 against 9 then 8 against 7; one column left for
/// Lee's absence and two for the Union's Fog of War; column "0" and a 3
/// (2 Hits on you, 1 on the Union), then "-4 to -6" and a 6 (1 each);
/// the Union retreats on the Withdrawal roll.
#[test]
fn lesson_2_fights_the_quick_battle_its_cards_describe() {
    let l = lesson("quick-battles");
    assert_eq!(l.battles, BattleMode::Quick);
    let b = first_battle(&l, BattleMode::Quick, &answers(&l));
    let table = &crate::campaign::load_campaign_file(
        &super::lesson::dir().join(format!("{}.json", l.campaign)),
    )
    .unwrap()
    .battle_resolution;
    let turns: Vec<_> = rolled(&b)
        .iter()
        .map(|r| {
            (
                r.battle_turn,
                r.battle_turns,
                r.attacker,
                r.attacker_combat,
                r.defender_combat,
                r.shifts.iter().map(|s| s.by).collect::<Vec<_>>(),
                table.columns[r.column].label.clone(),
                r.die,
                r.hits,
            )
        })
        .collect();
    assert_eq!(
        turns,
        vec![
            (
                1,
                2,
                Side::Confederate,
                16,
                9,
                vec![-1, -2],
                "0".to_string(),
                Some(3),
                [2, 1]
            ),
            (
                2,
                2,
                Side::Confederate,
                8,
                7,
                vec![-1, -2],
                "-4 to -6".to_string(),
                Some(6),
                [1, 1]
            ),
        ]
    );
    assert_eq!(b.ending, Some(Ending::Retreat { side: Side::Union }));
}

/// The card "very-quick": the same seed and moves under the Very Quick
/// rules give one roll, the 3, its Hits doubled (two battle turns): 4 on
/// you, 2 on the Union, and no Confederate Force is left.
#[test]
fn lesson_2_very_quick_card_tells_what_the_same_dice_do() {
    let l = lesson("quick-battles");
    // The lesson's march, then both Union Hits on McCall, as in Quick.
    let mut moves = answers(&l)[..6].to_vec();
    let mccall = Decision::HitUnionForce {
        force: "mccall".into(),
    };
    moves.extend([("11.9".to_string(), mccall), ("11.9".to_string(), mccall)]);
    let b = first_battle(&l, BattleMode::VeryQuick, &moves);
    let rolls = rolled(&b);
    assert_eq!(rolls.len(), 1, "one roll");
    let r = &rolls[0];
    assert_eq!((r.die, r.hits, r.multiplier), (Some(3), [2, 1], 2));
    let hits: Vec<(Side, u32)> = b
        .events
        .iter()
        .filter_map(|e| match &e.kind {
            EventKind::Hits { side, hits, .. } => Some((*side, *hits)),
            _ => None,
        })
        .collect();
    assert_eq!(hits, vec![(Side::Confederate, 4), (Side::Union, 2)]);
    assert_eq!(
        b.ending,
        Some(Ending::Cleared {
            loser: Some(Side::Confederate)
        })
    );
}
