//! A stand-alone battle's own terms and result, for the panels that show a
//! campaign's Victory Conditions and end otherwise (R-A-stand-alone).

use crate::campaign::Side;
use crate::rules::battle::advanced::battle_pack::{StandAloneGame, StandAloneResult, Victory};
use crate::rules::battle::record::{BattleRecords, EventKind};
use crate::rules::battle::terms::Tactics;
use crate::rules::board::Board;

/// The battle's Scenario Information Sheet as the player reads it, and
/// once it is over how it ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StandAloneView {
    /// "The Cornfield, Antietam, 17 September 1862".
    pub name: String,
    /// The map area the battle is fought in ("The Cornfield").
    pub area_name: String,
    pub attacker: Side,
    /// The modified sheet's Columns (A10.2.14).
    pub columns: u8,
    pub battle_turns: u32,
    /// Confederate Battle Plan Counters a turn (10.2.10).
    pub confederate_battle_plans: u32,
    /// Union Special Battle Plans drawn a turn; 0: Default Battle Plans.
    pub union_special_battle_plans: u32,
    /// The Union's tactics, for the whole battle.
    pub union_tactics: Tactics,
    /// The Union Objective Markers' Squares ("D4").
    pub objectives: Vec<String>,
    pub victory: Victory,
    /// Who wins, in a sentence.
    pub victory_text: String,
    /// Once the battle is judged: its result (from the battle's record;
    /// None while it is fought, or where no record is kept).
    pub result: Option<StandAloneResult>,
}

impl StandAloneView {
    /// The stand-alone battle `board` plays, if it plays one.
    pub fn of(board: &Board) -> Option<StandAloneView> {
        board.stand_alone.as_deref().map(|g| Self::build(board, g))
    }

    fn build(board: &Board, g: &StandAloneGame) -> StandAloneView {
        let t = &g.terms;
        let objectives: Vec<String> = t.objectives.iter().map(|s| s.name()).collect();
        StandAloneView {
            name: g.name.clone(),
            area_name: board.area_name(&g.area).to_string(),
            attacker: g.attacker,
            columns: t.columns,
            battle_turns: t.battle_turns,
            confederate_battle_plans: t.confederate_battle_plans,
            union_special_battle_plans: t.union_special_battle_plans,
            union_tactics: t.union_tactics,
            victory_text: victory_text(t.victory, &objectives),
            objectives,
            victory: t.victory,
            result: None,
        }
    }

    /// The result the battle's record keeps, once it is judged.
    pub fn with_records(mut self, records: Option<&BattleRecords>) -> StandAloneView {
        self.result = records.and_then(result_in);
        self
    }
}

/// The last stand-alone result recorded (`stand_alone::play`).
pub fn result_in(records: &BattleRecords) -> Option<StandAloneResult> {
    records.battles.iter().rev().find_map(|b| {
        b.events.iter().rev().find_map(|e| match &e.kind {
            EventKind::StandAloneEnd { result } => Some(result.clone()),
            _ => None,
        })
    })
}

/// The victory terms in a sentence (`stand_alone::fight` judges them).
fn victory_text(v: Victory, objectives: &[String]) -> String {
    let rout = "An army that Routs, is Enveloped or leaves the field loses at once.";
    match v {
        Victory::Objectives { needed } => format!(
            "The Union wins holding at least {needed} of the {} Objective Squares ({}) alone at the end of the last battle turn; otherwise the Confederates win. {rout}",
            objectives.len(),
            objectives.join(", ")
        ),
        Victory::Casualties => {
            format!("The army that inflicts the more Hits wins (11.10); equal Hits, a draw. {rout}")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::battle::record::{BattleEvent, BattleRecord};
    use crate::rules::difficulty::BattleMode;

    /// A stand-alone game's view is its terms, not the campaign's
    /// Victory Conditions; its end the battle's result.
    #[test]
    fn a_stand_alone_game_shows_its_own_terms_and_result() {
        let (s, game) = crate::scenario::bundled_battle("cornfield").expect("bundled");
        let c = std::sync::Arc::new(crate::campaign::load_bundled(&s.campaign).unwrap());
        let mut board = Board::empty(c, Default::default());
        board.stand_alone = Some(std::sync::Arc::new(game.clone()));
        let v = crate::rules::view::GameView::build(board.clone(), None, None);
        assert!(v.objectives.is_empty(), "no campaign objectives");
        let sa = v.stand_alone.expect("its terms");
        assert_eq!(sa.name, game.name);
        assert_eq!(sa.battle_turns, game.terms.battle_turns);
        assert_eq!(
            sa.confederate_battle_plans,
            game.terms.confederate_battle_plans
        );
        assert_eq!(sa.union_tactics, game.terms.union_tactics);
        assert_eq!(sa.objectives, ["E5", "E6"]);
        assert_eq!(sa.victory, Victory::Objectives { needed: 1 });
        assert!(
            sa.victory_text
                .contains("at least 1 of the 2 Objective Squares (E5, E6)")
        );
        assert!(sa.result.is_none());
        // Judged: the record keeps the result.
        let result = StandAloneResult {
            ending: crate::rules::battle::Ending::Encamp,
            winner: Some(Side::Confederate),
            why: "The Union holds 0 of the Objectives, 1 needed: it fails.".into(),
            hits: [3, 5],
            objectives_held: 0,
        };
        let records = BattleRecords {
            battles: vec![BattleRecord {
                id: 0,
                area: game.area.clone(),
                area_name: "The Cornfield".into(),
                mode: BattleMode::Advanced,
                attacker: Side::Union,
                campaign_turn: 1,
                events: vec![BattleEvent {
                    chronicle_len: 9,
                    kind: EventKind::StandAloneEnd {
                        result: result.clone(),
                    },
                }],
                ending: Some(crate::rules::battle::Ending::Encamp),
                before: None,
                after: None,
            }],
        };
        let sa = StandAloneView::of(&board)
            .unwrap()
            .with_records(Some(&records));
        assert_eq!(sa.result, Some(result));
        // A campaign has none.
        board.stand_alone = None;
        let v = crate::rules::view::GameView::build(board, None, None);
        assert!(v.stand_alone.is_none() && !v.objectives.is_empty());
    }
}
