//! Helpers shared by the campaign-turn tests (`tests/campaign.rs`,
//! `tests/campaigns.rs`): a board with nothing on the map, counters placed
//! by id, and one step of play with scripted dice and a readable chronicle.

// Each test crate compiles this module on its own and uses part of it.
#![allow(dead_code)]

use std::sync::Arc;

use fcrel::campaign::Campaign;
use fcrel::chronicle::Chronicle;
use fcrel::dice::Dice;
use fcrel::rules::battle::Ctx;
use fcrel::rules::board::Board;
use fcrel::rules::components::{Location, Strength};
use fcrel::rules::decision::{Decider, Interrupt};
use fcrel::rules::difficulty::GameOptions;
use fcrel::rules::turn::{Step, play_step};

/// The campaign's counters, none on the map (`Board::empty`), default options.
pub fn empty_board(c: Arc<Campaign>) -> Board {
    Board::empty(c, GameOptions::default())
}

/// Put these counters, full-strength side up, in an area.
pub fn at(b: &mut Board, area: &str, ids: &[&str]) {
    for id in ids {
        assert!(
            b.place(id, Location::Area(area.into()), Strength::Full),
            "no counter {id}"
        );
    }
}

/// An area as a location.
pub fn area(a: &str) -> Location {
    Location::Area(a.into())
}

/// A board, scripted dice and the chronicle they write.
pub struct Run {
    pub board: Board,
    pub dice: Dice,
    pub chronicle: Chronicle,
}

impl Run {
    pub fn new(board: Board, dice: &[u32]) -> Run {
        Run {
            board,
            dice: Dice::scripted(dice.iter().copied()),
            chronicle: Chronicle::default(),
        }
    }

    /// Play one step of the campaign turn (victory and defeat checked at
    /// its end).
    pub fn step(&mut self, step: Step, decider: &mut dyn Decider) -> Result<(), Interrupt> {
        let mut ctx = Ctx {
            board: &mut self.board,
            dice: &mut self.dice,
            chronicle: &mut self.chronicle,
            decider,
        };
        play_step(&mut ctx, step)
    }

    pub fn loc(&self, id: &str) -> Location {
        self.board.piece(id).unwrap().location.clone()
    }

    /// The chronicle, one "[rule] text" line per entry.
    pub fn text(&self) -> String {
        self.chronicle
            .entries()
            .iter()
            .map(|e| e.line())
            .collect::<Vec<_>>()
            .join("\n")
    }
}
