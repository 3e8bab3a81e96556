//! What the Advanced rules' tests share: Seven Days counters in Glendale on
//! named Squares, and a context with scripted dice and answers.

use super::field::{Field, Unit};
use crate::chronicle::Chronicle;
use crate::dice::Dice;
use crate::rules::battle::field::Slot;
use crate::rules::battle::ground::Square;
use crate::rules::battle::terms::Formation;
use crate::rules::board::Board;
use crate::rules::components::{Location, Strength};
use crate::rules::ctx::Ctx;
use crate::rules::decision::{Decision, Recorded};
use crate::rules::difficulty::GameOptions;

/// The Square the rulebook names "D5".
pub fn sq(name: &str) -> Square {
    Square::named(name).unwrap_or_else(|| panic!("{name} is no Square"))
}

/// Seven Days counters in Glendale, not on the sheet yet.
pub fn glendale(ids: &[&str]) -> Board {
    let c = std::sync::Arc::new(crate::campaign::load_bundled("seven-days").expect("loads"));
    let mut b = Board::empty(c, GameOptions::default());
    for id in ids {
        b.place(id, Location::Area("glendale".into()), Strength::Full);
    }
    b
}

/// Seven Days counters on named Squares, in Line.
pub fn sheet(at: &[(&str, &str)]) -> (Board, Field) {
    let ids: Vec<&str> = at.iter().map(|(id, _)| *id).collect();
    let b = glendale(&ids);
    let mut f = Field::new("glendale", false, 4);
    for (id, s) in at {
        let pid = b.index(id).expect("a counter");
        let side = b.pieces[pid].force.side;
        f.units
            .push(Unit::new(&b, pid, side, sq(s), Formation::Line));
    }
    (b, f)
}

/// The unit of counter `id`.
pub fn k(b: &Board, f: &Field, id: &str) -> Slot {
    f.unit_of(b.index(id).expect("a counter"))
        .expect("on the sheet")
}

/// Runs `go` with scripted dice and answers; its result and the dice rolled.
pub fn run<T>(
    b: &mut Board,
    dice: &[u32],
    answers: Vec<Decision>,
    go: impl FnOnce(&mut Ctx) -> T,
) -> (T, u64) {
    let mut d = Dice::scripted(dice.iter().copied());
    let mut chronicle = Chronicle::default();
    let mut decider = Recorded::new(answers);
    let mut ctx = Ctx {
        board: b,
        dice: &mut d,
        chronicle: &mut chronicle,
        decider: &mut decider,
    };
    let out = go(&mut ctx);
    (out, ctx.dice.rolled())
}
