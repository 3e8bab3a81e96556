//! The lessons say what their stories do: the battle lesson 2's cards
//! describe (Quick) is the one the engine fights with the lesson's seed
//! and answers, and its card "very-quick" tells what the same dice make
//! of it under the Very Quick rules; lesson 3's Advanced battle has the
//! draws, rolls, Hits and Rout its cards tell. A change to the engine or
//! its dice that would make a card wrong fails here.

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
    played(l, mode, answers).0
}

/// As [`first_battle`], with the Chronicle's lines up to the battle's end.
fn played(
    l: &Lesson,
    mode: BattleMode,
    answers: &[(String, Decision)],
) -> (BattleRecord, Vec<String>) {
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
            let chronicle = app.world().resource::<crate::chronicle::Chronicle>();
            let lines = chronicle.entries().iter().map(|e| e.line()).collect();
            return (b.clone(), lines);
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

/// Lesson 3's cards "union-first", "union-combat", "shock",
/// "flank-attack", "fire" and "rout": the Union draws Smoke in turn 1;
/// Morell hits Longstreet (reduced) and McCall fails its Activation and
/// Holds; in turn 2 Morell fails its Shock check, Close Ranks cancels the
/// Hit and Morell falls back to A3; McCall is destroyed; the Union Routs
/// at the end of turn 2 with 5 against your 17.
#[test]
fn lesson_3_fights_the_advanced_battle_its_cards_describe() {
    let l = lesson("advanced-battles");
    assert_eq!(l.battles, BattleMode::Advanced);
    let (b, lines) = played(&l, BattleMode::Advanced, &answers(&l));
    // Where each line stands: the story's order is the cards' order.
    let at = |line: &str| {
        lines
            .iter()
            .position(|l| l == line)
            .unwrap_or_else(|| panic!("no line {line:?} in {lines:#?}"))
    };
    let story = [
        // "union-first": Smoke drawn; outweighed, the Union Holds.
        "[14.1.5] Smoke: all Confederate Forces -1/-1 Combat Value this turn.",
        "[14.2.4] McCall (Union Poor Line Infantry) Holds.",
        "[14.2.4] Morell (Union Poor Line Infantry) Holds.",
        // "rapid-advance", "advance-2": two steps, to C4.
        "[12.3.9] Longstreet (Confederate Veteran Infantry) moves into Square D4.",
        "[12.3.9] Longstreet (Confederate Veteran Infantry) moves into Square C4.",
        // "march": A.P. Hill into D3.
        "[A12.4] A.P. Hill (Confederate Line Infantry) moves into Square D3.",
        "[10.1] Battle turn 2 of 5.",
        // "union-combat": Morell hits Longstreet; McCall Holds.
        "[A14.2.2] Longstreet (Confederate Veteran Infantry) is hit and flipped to its reduced side.",
        "[A14.2.2] McCall (Union Poor Line Infantry) fails to Activate: Hold.",
        // "shock", "flank-attack": through C3; Close Ranks; back to A3.
        "[12.3.6] A.P. Hill (Confederate Line Infantry) moves into Square C3.",
        "[14.1.1] Close Ranks cancels the Hit on Morell (Union Poor Line Infantry) (14.1.1).",
        "[A11.4.2] Morell (Union Poor Line Infantry) retreats into Square A3.",
        // "fire", "rout": McCall's second Hit; the Union Routs.
        "[12.3.6] McCall (Union Poor Line Infantry) is hit and flipped to its reduced side.",
        "[A12.4] McCall (Union Poor Line Infantry, reduced) is destroyed (to the Reinforcement cup, 4.18).",
        "[14.5] Rout check: Union 5 against Confederate 17: the Union Routs.",
        // "after": Morell leaves the sheet.
        "[A14.5] Morell (Union Poor Line Infantry) leaves the Battlefield Sheet for Gaines' Mill.",
    ];
    let places: Vec<usize> = story.iter().map(|l| at(l)).collect();
    assert!(places.is_sorted(), "in the cards' order: {places:?}");
    // The modifiers the cards name: Rapid Advance at -2 to Activate in
    // Line and -1/-1 to attack, Flank's -3 on the Shock check and -2/-2
    // in Column toward its own Row, the guns' -2/-2 at 4 and -3/-3 at 5.
    for part in [
        "-2 (Rapid Advance in Line, 12.3.9)",
        "-1/-1 (Rapid Advance in Line, 12.3.9)",
        "-3 (Flank, 12.3.6)",
        "-2/-2 (Flank in Column, 12.3.6)",
        "-2/-2 (range 4, A11.7.2)",
        "-3/-3 (range 5, A11.7.2)",
    ] {
        assert!(lines.iter().any(|l| l.contains(part)), "no {part:?}");
    }
    assert_eq!(b.ending, Some(Ending::Routed { loser: Side::Union }));
}
