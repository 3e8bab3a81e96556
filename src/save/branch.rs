//! What-if branches (issue 38): a new game holding another game's set-up
//! and its first decisions, to play on from there with another choice.
//! The original file is never touched; the branch is a save of its own,
//! named after it and linked to it (`Branch`), with either the same dice
//! as the original or fresh ones from the branch point (docs/save-format.md,
//! "What-if branches").

use std::sync::Arc;

use super::{SaveFile, replay_to_rest};
use crate::campaign::Campaign;
use crate::dice::{Dice, Reseed};
use crate::rules::board::Board;
use crate::rules::difficulty::DiceMode;
use crate::rules::sequence::Branch;

/// How to branch.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BranchOptions {
    /// How many of the game's decisions the branch keeps: it plays on
    /// from where the game asked decision `kept + 1`.
    pub kept: usize,
    /// The same dice as the game after the branch point (die for die);
    /// else fresh dice, seeded `fresh_seed`, from the branch point on.
    pub same_dice: bool,
    pub fresh_seed: u64,
    /// The branch's game id (`GameId`: its own autosaves).
    pub game: u64,
}

/// The branch of `save` after its first `kept` decisions, replayed and
/// ready to write: its digest is that of the game at the branch point,
/// waiting for the decision the branch makes anew.
pub fn branch(
    save: &SaveFile,
    campaign: Arc<Campaign>,
    o: BranchOptions,
) -> Result<SaveFile, String> {
    let total = save.decisions.len();
    if o.kept > total {
        return Err(format!(
            "the game has {total} decisions: a branch keeps 0 to {total} of them"
        ));
    }
    let mut b = save.clone();
    b.decisions.truncate(o.kept);
    b.finished = false;
    // The game as it stood, waiting for decision `kept + 1`.
    let mut rest = replay_to_rest(&b, campaign.clone())?;
    let world = rest.app.world_mut();
    let rolled = world.resource::<Dice>().rolled();
    let board = Board::from_world(world).ok_or("no campaign was set up")?;
    let turn = board.turn.turn;
    let instead_of = save
        .decisions
        .get(o.kept)
        .map(|d| crate::rules::view::word(&board, d));
    let mut name = format!("{} — branch at Turn {turn}", save.title());
    if let Some(d) = &instead_of {
        name.push_str(&format!(", instead of {d}"));
    }
    if !o.same_dice {
        match save.options.dice {
            // The dice typed in up to the branch point, no more.
            DiceMode::Physical => b.dice.truncate(rolled as usize),
            DiceMode::Program => {
                b.reseeds.retain(|r| r.from < rolled);
                b.reseeds.push(Reseed {
                    from: rolled,
                    seed: o.fresh_seed,
                });
            }
        }
    }
    b.branch = Some(Branch {
        name,
        parent: save.game,
        parent_name: save.title().to_string(),
        kept: o.kept,
        turn,
        instead_of,
        same_dice: o.same_dice,
        rolled,
    });
    b.game = o.game;
    b.grand = None;
    b.saved_at = crate::store::now();
    // Its own digest, dice and all: the branch replays and verifies.
    let mut rest = replay_to_rest(&b, campaign)?;
    let world = rest.app.world_mut();
    let own = SaveFile::from_world(world).ok_or("no campaign was set up")?;
    b.digest = own.digest;
    b.turn = own.turn;
    b.step = own.step;
    b.version = b.version_needed();
    Ok(b)
}
