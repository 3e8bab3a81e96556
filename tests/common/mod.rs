//! Helpers shared by the campaign-turn and battle tests (`tests/campaign.rs`,
//! `tests/campaigns.rs`, `tests/basic_battles.rs`, `tests/map_battles.rs`):
//! a board with nothing on the map, counters placed by id, and play with
//! scripted dice, recorded answers and a readable chronicle.

// Each test crate compiles this module on its own and uses part of it.
#![allow(dead_code)]

use std::sync::Arc;

/// A scratch folder for one test, made empty and removed when the test is
/// done with it (also when it fails): the tests leave nothing in the
/// system's temporary folder.
pub struct Scratch(std::path::PathBuf);

impl Scratch {
    /// `fcrel-NAME-PID` in the temporary folder; NAME one test's own.
    pub fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("fcrel-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }
}

impl std::ops::Deref for Scratch {
    type Target = std::path::Path;
    fn deref(&self) -> &std::path::Path {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The bundled campaigns, in the order of the war.
pub const CAMPAIGNS: [&str; 5] = [
    "seven-days",
    "second-manassas",
    "antietam",
    "chancellorsville",
    "gettysburg",
];

use fcrel::campaign::{Campaign, ForceType, Side};
use fcrel::chronicle::Chronicle;
use fcrel::dice::Dice;
use fcrel::rules::board::{Board, PieceIx};
use fcrel::rules::components::{Location, Strength};
use fcrel::rules::ctx::Ctx;
use fcrel::rules::decision::{Decider, Decision, Interrupt, Recorded};
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

/// A board, scripted dice, the player's recorded answers and the chronicle
/// they write.
pub struct Run {
    pub board: Board,
    pub dice: Dice,
    pub chronicle: Chronicle,
    /// The answers `ctx` plays with (`step` takes its own decider).
    pub decider: Recorded,
}

impl Run {
    /// No recorded answers: under `ctx` the first question stops play.
    pub fn new(board: Board, dice: &[u32]) -> Run {
        Run::answering(board, dice, vec![])
    }

    pub fn answering(board: Board, dice: &[u32], answers: Vec<Decision>) -> Run {
        Run {
            board,
            dice: Dice::scripted(dice.iter().copied()),
            chronicle: Chronicle::default(),
            decider: Recorded::new(answers),
        }
    }

    /// The context the rules play in, answering with `self.decider`.
    pub fn ctx(&mut self) -> Ctx<'_> {
        Ctx {
            board: &mut self.board,
            dice: &mut self.dice,
            chronicle: &mut self.chronicle,
            decider: &mut self.decider,
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
        self.board.piece(id).unwrap().location().clone()
    }

    pub fn strength(&self, id: &str) -> Strength {
        self.board.piece(id).unwrap().strength
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

/// Run the `fcrel` binary from the crate's folder: (exit code, stdout,
/// stderr).
pub fn fcrel(args: &[&str]) -> (i32, String, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_fcrel"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Where a counter may legally be (4.18, 4.19, 5.9.2, 6.2.1, 11.11).
pub fn allowed(board: &Board, i: PieceIx) -> bool {
    let p = &board.pieces[i];
    let f = &p.force;
    let ok_place = match &p.location() {
        Location::Area(a) => board.graph.idx(a).is_some(),
        Location::ReinforcementCup => f.side == Side::Union && f.is_named(),
        Location::AdditionalForcesCup => {
            f.side == Side::Union && !f.is_named() && f.force_type.is_mobile()
        }
        Location::StaticForcesPile => f.side == Side::Union && !f.force_type.is_mobile(),
        Location::CapturedArtilleryPile => f.force_type == ForceType::Artillery,
        Location::ConfederateAvailable => f.side == Side::Confederate,
        Location::LateArrival(_) | Location::RemovedFromGame => true,
    };
    let ok_side = match p.strength {
        Strength::Full => true,
        Strength::Reduced => f.reduced.is_some() && p.location().area().is_some(),
    };
    ok_place && ok_side
}

/// Areas near Glendale where a random pick may put a counter instead.
const ELSEWHERE: [&str; 5] = [
    "willis-church",
    "charles-city-road",
    "white-oak-swamp",
    "oak-grove",
    "malvern-hill",
];

/// Place counters chosen by index for random battles in `area`: each pick
/// (counter, where, reduced) puts one counter in the battle or, one time
/// in three, in a nearby area, on its reduced side when it has one and
/// `reduced` says so.
pub fn place_picks(b: &mut Board, picks: &[(u8, u8, bool)], area: &str) {
    let ids: Vec<String> = b.pieces.iter().map(|p| p.force.id.clone()).collect();
    for &(k, where_, reduced) in picks {
        let id = &ids[k as usize % ids.len()];
        let i = b.index(id).unwrap();
        let to = if where_ % 3 == 0 {
            ELSEWHERE[where_ as usize % ELSEWHERE.len()]
        } else {
            area
        };
        let strength = if reduced && b.pieces[i].force.reduced.is_some() {
            Strength::Reduced
        } else {
            Strength::Full
        };
        b.place(id, Location::Area(to.into()), strength);
    }
}
