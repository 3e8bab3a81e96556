//! The context every rule procedure works in: the board, the dice, the
//! chronicle and the decider answering the player's questions.

/// The one way rules code writes a chronicle line: `note!(ctx, rule,
/// "format", args)`, worded only when the chronicle keeps it (a quiet
/// simulated battle, odds and simulate, skips the formatting).
macro_rules! note {
    ($ctx:expr, $rule:expr, $($text:tt)+) => {
        $ctx.chronicle.note_with($rule, || format!($($text)+))
    };
}

use super::battle::Ending;
use super::battle::record::{BattleEvent, BattleRecord, EventKind, KEPT};
use super::board::{Board, PieceIx};
use super::decision::{Decider, Decision, Interrupt, Request, SheetRead, ask_on_sheet};
use super::difficulty::BattleMode;
use crate::campaign::Side;
use crate::chronicle::Chronicle;
use crate::dice::{Dice, pick_logged};

/// Everything a rule procedure works with.
pub struct Ctx<'a> {
    pub board: &'a mut Board,
    pub dice: &'a mut Dice,
    pub chronicle: &'a mut Chronicle,
    pub decider: &'a mut dyn Decider,
}

impl Ctx<'_> {
    /// Ask the player (see `rules::decision::ask`); the chronicle marks
    /// where each answer falls (`Chronicle::decisions_before`).
    pub fn ask(&mut self, request: Request) -> Result<Decision, Interrupt> {
        self.ask_on_sheet(request, None)
    }

    /// [`Ctx::ask`] a battle question, the units on its sheet read in place
    /// by a decider that does (`Decider::decide_on_sheet`).
    pub fn ask_on_sheet(
        &mut self,
        request: Request,
        sheet: Option<&dyn SheetRead>,
    ) -> Result<Decision, Interrupt> {
        // A lone option answers itself and is no decision of the game's.
        let asked = request.options.len() > 1;
        let answer = ask_on_sheet(self.decider, self.board, request, sheet)?;
        if asked {
            self.chronicle.mark_decision();
        }
        Ok(answer)
    }

    /// A random choice among board pieces.
    pub fn pick_piece(
        &mut self,
        rule: &'static str,
        what: &str,
        candidates: &[PieceIx],
    ) -> Result<PieceIx, Interrupt> {
        let board = &*self.board;
        let i = pick_logged(
            self.dice,
            self.chronicle,
            rule,
            what,
            candidates.len(),
            |i| board.label(candidates[i]),
        )?;
        Ok(candidates[i])
    }

    pub fn pick_area(
        &mut self,
        rule: &'static str,
        what: &str,
        areas: &[String],
    ) -> Result<String, Interrupt> {
        let board = &*self.board;
        let i = pick_logged(self.dice, self.chronicle, rule, what, areas.len(), |i| {
            board.area_name(&areas[i]).to_string()
        })?;
        Ok(areas[i].clone())
    }
}

/// Recording a battle for the front ends (`battle::record`).
impl Ctx<'_> {
    pub fn recording(&self) -> bool {
        self.board.battles.is_some()
    }

    /// 9.3: a battle begins.
    pub fn begin_battle(&mut self, area: &str, mode: BattleMode, attacker: Side) {
        let id = self.chronicle.entries().len();
        self.chronicle
            .begin_battle(area, self.board.turn.turn, attacker);
        let area_name = self.board.area_name(area).to_string();
        let campaign_turn = self.board.turn.turn;
        let before = self
            .board
            .battles
            .is_some()
            .then(|| Box::new(self.board.positions()));
        let keep_all = self.board.keep_all_battles;
        if let Some(r) = self.board.battles.as_mut() {
            if r.battles.len() >= KEPT && !keep_all {
                r.battles.remove(0);
            }
            r.battles.push(BattleRecord {
                id,
                area: area.to_string(),
                area_name,
                mode,
                attacker,
                campaign_turn,
                events: Vec::new(),
                ending: None,
                before,
                after: None,
            });
        }
    }

    /// A battle's round begins; from the second on it is a Rejoin (14.8.1).
    pub fn begin_round(&mut self, round: u32) {
        self.board.battles_fought += 1;
        if round > 1 && self.recording() {
            self.record(EventKind::Rejoin { round });
        }
    }

    pub fn end_battle(&mut self, ending: Ending) {
        self.chronicle.end_battle();
        let after = self
            .board
            .battles
            .is_some()
            .then(|| Box::new(self.board.positions()));
        if let Some(b) = self
            .board
            .battles
            .as_mut()
            .and_then(|r| r.battles.last_mut())
        {
            b.ending = Some(ending);
            b.after = after;
        }
    }

    /// Add an event to the battle being fought.
    pub fn record(&mut self, kind: EventKind) {
        let chronicle_len = self.chronicle.entries().len();
        if let Some(b) = self
            .board
            .battles
            .as_mut()
            .and_then(|r| r.battles.last_mut())
        {
            b.events.push(BattleEvent {
                chronicle_len,
                kind,
            });
        }
    }
}
