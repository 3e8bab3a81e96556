//! Where the advice is asked: a question inside a battle (the battle's
//! starting board, the dice rolled and the answers given in it so far) or
//! elsewhere in the campaign (the step's starting board, its dice so far and
//! its answers), and the one trial of a candidate answer from there.
//!
//! Honesty (issue 37, item 7): a trial starts from a copy of what the player
//! can see. The dice already rolled are replayed (every one is in the
//! Chronicle); every later die comes from the trial's own seed, never from
//! the game's dice. Nothing hidden is carried either: the cups hold no order
//! (the Special Battle Plan cup is a sorted pool, the Reinforcement and
//! Additional Forces cups are counters sorted by id) and every draw from
//! them is a die roll, so the trial's own dice are the shuffle.

use std::path::Path;

use crate::chronicle::Chronicle;
use crate::dice::{Dice, DiceError};
use crate::rules::board::Board;
use crate::rules::commander::Policy;
use crate::rules::ctx::Ctx;
use crate::rules::decision::{Decider, Decision, Interrupt, Recorded, Request, ThenPolicy};
use crate::rules::turn::Step;
use crate::sim::game_seed;

use super::super::locate::{Prepared, SaveChoice, SourceInfo, Waiting, from_waiting};
use super::super::trials::{UNION_LEAVES, fight_trial};

/// What a trial is played on.
#[derive(Debug, Clone)]
pub enum Root {
    /// A battle: its starting board, the dice and answers so far.
    Battle(Prepared),
    /// A campaign step: played on to the campaign's end.
    Campaign(CampaignStart),
}

/// A campaign step as it began, with what has happened in it so far.
#[derive(Debug, Clone)]
pub struct CampaignStart {
    pub board: Board,
    pub step: Step,
    /// The dice rolled in the step so far, replayed.
    pub dice: Vec<u32>,
    /// The step's answers so far.
    pub answers: Vec<Decision>,
}

/// Where the game waits for a decision, ready to be advised.
#[derive(Debug, Clone)]
pub struct Position {
    pub source: SourceInfo,
    pub root: Root,
    /// The question the game waits at.
    pub request: Request,
    /// The board as the question is asked (labels, the policy's answer).
    pub board: Board,
    pub notes: Vec<String>,
}

/// One trial's outcome, compact: the advisor keeps every trial's, so that
/// candidates are compared trial by trial (common random numbers).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sample {
    /// Index in the root's endings ([`super::super::trials::ENDINGS`] for
    /// a battle; won, lost for a campaign).
    pub ending: u8,
    /// The battle won (the Union leaves the area, or a stand-alone battle's
    /// Confederate victory), or the campaign won.
    pub win: bool,
    /// The campaign lost (3.2 in a battle; a defeat played to the end).
    pub lost: bool,
    /// Confederate Combat Value kept (the Forces that took part, still on
    /// the map; for a campaign, all Confederate Forces on the map).
    pub kept: u32,
    /// A campaign played to its end: the Victory Conditions achieved (3.1),
    /// bit `k` for the `k`-th objective of the campaign's list (only the
    /// first 32; none in a battle). The reasons of turn planning read it.
    pub objectives: u32,
    /// A campaign played to its end: lost with Robert E. Lee alone or
    /// removed (3.2).
    pub lee_alone: bool,
}

/// The endings of a campaign played to its end.
pub const CAMPAIGN_ENDINGS: [(&str, &str); 2] = [
    ("campaign_won", "Campaign won"),
    ("campaign_lost", "Campaign lost"),
];

impl Position {
    /// The position of a save (or replay) file: replayed to where it
    /// waits. Messages name the file.
    pub fn from_save(path: &Path) -> Result<Position, String> {
        let (w, source) = super::super::locate::waiting_in_save(path)?;
        Position::from_waiting(&w, source)
    }

    /// The position of a game waiting at `w` (the window: `Waiting::
    /// from_world`). Messages name `source.file`.
    pub fn from_waiting(w: &Waiting, source: SourceInfo) -> Result<Position, String> {
        let file = source.file.clone();
        let Some(request) = w.request().cloned() else {
            return Err(format!(
                "{file}: the game waits for a die ({}), not a decision: nothing to advise",
                w.die().unwrap_or("?")
            ));
        };
        let in_battle = request.battle_location.is_some() || w.start_board().stand_alone.is_some();
        if in_battle {
            let p = from_waiting(w, &SaveChoice::default(), source.clone())?;
            let (board, found) = probe(&p, &[]).map_err(|why| {
                format!("{file}: the battle the game waits in could not be replayed: {why}")
            })?;
            if !found.same_question(&request) {
                return Err(format!(
                    "{file}: the battle, replayed, asks another question: \"{}\" ({})",
                    found.prompt, found.rule
                ));
            }
            let notes = p.notes.clone();
            Ok(Position {
                source,
                root: Root::Battle(p),
                request,
                board,
                notes,
            })
        } else {
            let mut p = Position::to_campaign_end(w, source)?;
            p.notes = vec![format!(
                "The question is asked outside a battle: each trial plays the campaign on to its end ({} of turn {}).",
                w.step().name(),
                w.turn()
            )];
            Ok(p)
        }
    }

    /// The position of a game waiting at `w`, its trials played on to the
    /// campaign's end even when the question is asked in a battle: a battle
    /// answer weighed by the campaign it leads to (`fcrel simulate --policy
    /// advised`, [`super::Play::battles_to_end`]).
    pub fn to_campaign_end(w: &Waiting, source: SourceInfo) -> Result<Position, String> {
        let file = source.file.clone();
        let Some(request) = w.request().cloned() else {
            return Err(format!(
                "{file}: the game waits for a die ({}), not a decision: nothing to advise",
                w.die().unwrap_or("?")
            ));
        };
        let dice = w.seen_dice().map_err(|e| format!("{file}: {e}"))?;
        let mut board = w.start_board().clone();
        board.battles = None;
        Ok(Position {
            source,
            root: Root::Campaign(CampaignStart {
                board,
                step: w.step(),
                dice,
                answers: w.answers().to_vec(),
            }),
            request,
            board: w.now().clone(),
            notes: vec![format!(
                "Each trial plays the campaign on to its end ({} of turn {}).",
                w.step().name(),
                w.turn()
            )],
        })
    }

    /// A battle (a scenario, or one taken out of a save) at its first
    /// question, or at the question its prefix stops at.
    pub fn from_prepared(p: Prepared) -> Result<Position, String> {
        let file = p.source.file.clone();
        let (board, request) = probe(&p, &[]).map_err(|why| format!("{file}: {why}"))?;
        let notes = p.notes.clone();
        Ok(Position {
            source: p.source.clone(),
            root: Root::Battle(p),
            request,
            board,
            notes,
        })
    }

    /// The labels of the root's endings.
    pub fn endings(&self) -> &'static [(&'static str, &'static str)] {
        match self.root {
            Root::Battle(_) => &super::super::trials::ENDINGS,
            Root::Campaign(_) => &CAMPAIGN_ENDINGS,
        }
    }

    /// Where the game goes after `extra` more answers: the next question
    /// and the board as it is asked. Only the dice already rolled are
    /// replayed: a die needed before the next question ends the probe.
    pub fn probe(&self, extra: &[Decision]) -> Result<(Board, Request), String> {
        match &self.root {
            Root::Battle(p) => probe(p, extra),
            Root::Campaign(c) => {
                let mut board = c.board.clone();
                let mut dice = Dice::scripted(c.dice.iter().copied());
                let mut chronicle = Chronicle::quiet();
                let mut answers = c.answers.clone();
                answers.extend_from_slice(extra);
                let mut decider = Recorded::new(answers);
                let mut ctx = Ctx {
                    board: &mut board,
                    dice: &mut dice,
                    chronicle: &mut chronicle,
                    decider: &mut decider,
                };
                let r = crate::rules::turn::play_step(&mut ctx, c.step);
                stopped_at(r.map(|_| ()), &decider, board)
            }
        }
    }

    /// The root a candidate answer `extra` is tried from: the decisions
    /// appended to those so far.
    pub(super) fn with(&self, extra: &[Decision]) -> Root {
        match &self.root {
            Root::Battle(p) => {
                let mut p = p.clone();
                p.prefix_decisions.extend_from_slice(extra);
                Root::Battle(p)
            }
            Root::Campaign(c) => {
                let mut c = c.clone();
                c.answers.extend_from_slice(extra);
                Root::Campaign(c)
            }
        }
    }
}

fn stopped_at<T>(
    r: Result<T, Interrupt>,
    decider: &Recorded,
    board: Board,
) -> Result<(Board, Request), String> {
    match r {
        Err(Interrupt::Decide(request)) if decider.used == decider.answers.len() => {
            Ok((board, *request))
        }
        Err(Interrupt::Decide(_)) => Err("an answer is asked before all are used".into()),
        Err(Interrupt::Dice(DiceError::ScriptExhausted { .. })) => {
            Err("a die would be rolled before the next question".into())
        }
        Err(other) => Err(format!("it stops at: {other}")),
        Ok(_) => Err("it ends before another question".into()),
    }
}

/// [`Position::probe`] of a battle.
fn probe(p: &Prepared, extra: &[Decision]) -> Result<(Board, Request), String> {
    let mut board = p.board.clone();
    let mut dice = Dice::scripted(p.prefix_dice.iter().copied());
    let mut chronicle = Chronicle::quiet();
    let mut answers = p.prefix_decisions.clone();
    answers.extend_from_slice(extra);
    let mut decider = Recorded::new(answers);
    let r = fight(p, &mut board, &mut dice, &mut chronicle, &mut decider);
    stopped_at(r, &decider, board)
}

/// Fight the prepared battle on `board` (a stand-alone battle on its own
/// terms, R-A-stand-alone), as `trials::fight_trial` does.
fn fight(
    p: &Prepared,
    board: &mut Board,
    dice: &mut Dice,
    chronicle: &mut Chronicle,
    decider: &mut dyn Decider,
) -> Result<(), Interrupt> {
    let mut ctx = Ctx {
        board,
        dice,
        chronicle,
        decider,
    };
    match p.board.stand_alone.clone() {
        Some(game) => crate::rules::battle::advanced::stand_alone::fight(
            &mut ctx,
            &game.area,
            game.attacker,
            &game.terms,
        )
        .map(|_| ()),
        None => crate::rules::turn::fight(&mut ctx, &p.spec, p.mode).map(|_| ()),
    }
}

/// Trial `t` of a candidate tried from `root`, its dice after those
/// already rolled seeded `game_seed(seed, t)`: the same for every
/// candidate (common random numbers).
pub(super) fn trial(root: &Root, policy: Policy, seed: u64, t: u64) -> Result<Sample, Interrupt> {
    match root {
        Root::Battle(p) => {
            let r = fight_trial(p, policy, seed, t)?;
            let win = match r.verdict {
                Some(v) => v == 0,
                None => UNION_LEAVES.contains(&r.ending),
            };
            Ok(Sample {
                ending: r.ending as u8,
                win,
                lost: r.campaign_lost,
                kept: r.combat_left[0],
                objectives: 0,
                lee_alone: false,
            })
        }
        Root::Campaign(c) => {
            let mut board = c.board.clone();
            let mut dice = Dice::scripted_then_seeded(c.dice.iter().copied(), game_seed(seed, t));
            let mut chronicle = Chronicle::quiet();
            let mut decider = ThenPolicy {
                recorded: Recorded::new(c.answers.clone()),
                policy,
            };
            let mut ctx = Ctx {
                board: &mut board,
                dice: &mut dice,
                chronicle: &mut chronicle,
                decider: &mut decider,
            };
            crate::rules::turn::play_to_end(&mut ctx, c.step)?;
            let won = board.progress.result.as_ref().is_some_and(|r| r.victory);
            let kept = board
                .pieces
                .iter()
                .filter(|q| {
                    q.force.side == crate::campaign::Side::Confederate
                        && q.location().area().is_some()
                })
                .map(|q| q.combat())
                .sum();
            Ok(Sample {
                ending: u8::from(!won),
                win: won,
                lost: !won,
                kept,
                objectives: achieved(&board),
                lee_alone: !won && board.lee_isolated(),
            })
        }
    }
}

/// The Victory Conditions achieved (3.1) as bits: bit `k` for the `k`-th
/// objective of the campaign's list (the first 32).
pub(super) fn achieved(board: &Board) -> u32 {
    board
        .campaign
        .victory
        .objectives
        .iter()
        .take(32)
        .enumerate()
        .filter(|(_, o)| board.progress.objectives.get(&o.id) == Some(&true))
        .fold(0, |bits, (k, _)| bits | (1 << k))
}
