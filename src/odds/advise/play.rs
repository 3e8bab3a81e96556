//! Playing with the advisor: a battle or a whole campaign in which the
//! advisor answers the questions it covers (its best answer after a small
//! budget of trials) and the scripted commander the rest (issue 37, item
//! 4: `fcrel simulate --policy advised`, `fcrel odds --policy advised`).
//!
//! The game is played as the window plays it: run from a checkpoint (the
//! battle's or the step's start) with the answers so far until a covered
//! question stops it, advise, add the answer, run again. The advisor sees
//! what the player would: the dice rolled so far, never the game's later
//! dice; its own trials roll from `sim::game_seed(advice seed, answers so
//! far)`.

use crate::chronicle::Chronicle;
use crate::dice::Dice;
use crate::rules::board::Board;
use crate::rules::commander::Policy;
use crate::rules::components::CampaignResult;
use crate::rules::ctx::Ctx;
use crate::rules::decision::{Decider, Decision, Interrupt, Recorded, Request};
use crate::rules::turn::Step;
use crate::sim::game_seed;

use super::super::locate::{Prepared, SourceInfo, Waiting};
use super::super::trials::Trial;
use super::position::{Position, Root};
use super::{Advisor, Settings};

/// The questions the advisor answers when it plays (item 1). In a battle:
/// the Battle Plan Counter assignment and extra Battle Plans (12.2,
/// 10.2.11), who acts and with which Default Battle Plan (14.4), Shock and
/// attack targets (11.4, A11.4, A12.3), Squares to march into (A11.0),
/// fight on or retreat (14.5.1), Rejoin (14.8.1), and a Scout's use (10.2.2
/// Fog of War re-roll, 14.0.1 a Special Battle Plan taken out). Battle
/// questions only: [`covers_turn`] adds those of the map.
pub fn covers(_board: &Board, r: &Request) -> bool {
    in_battle(r)
}

fn in_battle(r: &Request) -> bool {
    if r.battle_location.is_none() {
        return false;
    }
    r.options.iter().any(|d| {
        matches!(
            d,
            Decision::EndAssign
                | Decision::BuyBattlePlans { .. }
                | Decision::Act { .. }
                | Decision::ShockTarget { .. }
                | Decision::Target { .. }
                | Decision::MarchInto { .. }
                | Decision::FightOn
                | Decision::Rejoin
                | Decision::RerollFogOfWar
                | Decision::RemoveSpecialPlan { .. }
        )
    })
}

/// [`covers`], and on the map the whole turn's plan (issue 48, item 3):
/// every Moves and Forced March question (9.2, 15.1: which Forces go
/// where, into Union Forces or an empty area, a whole stack at once, or
/// none), Confederate Resupply (15.3–15.6: what to buy) and a Union
/// Orders roll a Scout could change (16.3.1), each weighed by playing the
/// campaign to its end. The window's Suggest panel and `fcrel simulate
/// --policy advised` cover these.
pub fn covers_turn(board: &Board, r: &Request) -> bool {
    if r.battle_location.is_some() {
        return in_battle(r);
    }
    super::candidates::is_turn_plan(r)
        || r.options.iter().any(|d| match d {
            Decision::RerollOrders => true,
            Decision::MoveForce { to, .. } | Decision::JacksonMarch { to, .. } => {
                board.has_side(to, crate::campaign::Side::Union)
            }
            _ => false,
        })
}

/// Recorded answers, then: a covered question stops play (the advisor
/// answers it), any other the policy answers. Every answer given is kept
/// in order, so that a run again replays them.
struct Gate<'a> {
    recorded: Recorded,
    policy: Policy,
    covers: &'a dyn Fn(&Board, &Request) -> bool,
    given: Vec<Decision>,
}

impl Decider for Gate<'_> {
    fn decide(&mut self, board: &Board, request: &Request) -> Result<Decision, Interrupt> {
        let d = if self.recorded.used < self.recorded.answers.len() {
            self.recorded.decide(board, request)?
        } else if (self.covers)(board, request) {
            return Err(Interrupt::Decide(Box::new(request.clone())));
        } else {
            self.policy.decide(board, request)?
        };
        self.given.push(d);
        Ok(d)
    }

    fn answers_from_options(&self) -> bool {
        true
    }

    fn reads_prompts(&self) -> bool {
        false
    }
}

/// The first `n` dice of `dice`, read from a copy.
fn first_dice(dice: &Dice, n: u64) -> Result<Vec<u32>, String> {
    let mut d = dice.clone();
    (0..n)
        .map(|_| d.d10("a die already rolled").map_err(|e| e.to_string()))
        .collect()
}

/// How the advisor plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Play {
    pub settings: Settings,
    /// Trials for each answer it gives.
    pub budget: u64,
    pub threads: usize,
    /// Playing a campaign ([`play_campaign`]): a battle question is weighed
    /// by playing every trial on to the campaign's end (is the campaign
    /// won?) instead of to the battle's end by `settings.aim`. A battle
    /// won at the cost of Lee, or of the army the next battles need, is
    /// not a campaign won (issue 37, item 5: `docs/odds.md`).
    pub battles_to_end: bool,
}

/// Where a run of the battle from its start stops.
enum Stop {
    Ended(Trial),
    /// At a covered question: the position, and the answers given before it.
    Asked(Box<Position>),
}

/// Fight the prepared battle from its start with `dice` (from the
/// battle's first die, its prefix included) and these answers, then the
/// policy, until it ends or a question `covers` accepts is asked.
fn run_battle(
    p: &Prepared,
    dice: &Dice,
    answers: &[Decision],
    policy: Policy,
    covers: &dyn Fn(&Board, &Request) -> bool,
) -> Result<Stop, String> {
    let mut board = p.board.clone();
    let mut d = dice.clone();
    let mut chronicle = Chronicle::quiet();
    let mut gate = Gate {
        recorded: Recorded::new(answers.to_vec()),
        policy,
        covers,
        given: Vec::new(),
    };
    let r = {
        let mut ctx = Ctx {
            board: &mut board,
            dice: &mut d,
            chronicle: &mut chronicle,
            decider: &mut gate,
        };
        match p.board.stand_alone.clone() {
            Some(game) => crate::rules::battle::advanced::stand_alone::fight(
                &mut ctx,
                &game.area,
                game.attacker,
                &game.terms,
            )
            .map(|r| {
                (
                    crate::rules::battle::Outcome {
                        ending: r.ending,
                        campaign_lost: false,
                        rounds: 1,
                    },
                    Some(r.winner),
                )
            }),
            None => crate::rules::turn::fight(&mut ctx, &p.spec, p.mode).map(|o| (o, None)),
        }
    };
    match r {
        Ok((outcome, verdict)) => Ok(Stop::Ended(trial_of(p, &board, outcome, verdict))),
        Err(Interrupt::Decide(request)) => {
            let seen = first_dice(dice, d.rolled() - dice.rolled())?;
            let mut at = p.clone();
            at.prefix_dice = seen;
            at.prefix_decisions = gate.given;
            let notes = at.notes.clone();
            Ok(Stop::Asked(Box::new(Position {
                source: p.source.clone(),
                root: Root::Battle(at),
                request: *request,
                board,
                notes,
            })))
        }
        Err(e) => Err(e.to_string()),
    }
}

impl Position {
    /// A battle fought from its start with `dice` (a scenario's battle:
    /// the dice that bring it to its questions) and `policy` answering,
    /// until a question `until` accepts: that position, or None when the
    /// battle ends before one. The dice rolled before it are the ones the
    /// player has seen.
    pub fn in_battle(
        p: &Prepared,
        dice: &Dice,
        policy: Policy,
        until: &dyn Fn(&Board, &Request) -> bool,
    ) -> Result<Option<Position>, String> {
        match run_battle(p, dice, &p.prefix_decisions, policy, until)? {
            Stop::Asked(pos) => {
                // The question with its words (a policy reads none).
                let mut pos = *pos;
                if let Ok((_, worded)) = pos.probe(&[]) {
                    pos.request = worded;
                }
                Ok(Some(pos))
            }
            Stop::Ended(_) => Ok(None),
        }
    }
}

/// A prepared battle fought with `dice` (from the battle's first die, its
/// prefix included), the advisor answering the questions `covers`
/// accepts. The outcome is counted as `trials::fight_trial` counts it;
/// also the number of answers the advisor gave.
pub fn fight_advised(
    p: &Prepared,
    dice: &Dice,
    play: &Play,
    covers: &dyn Fn(&Board, &Request) -> bool,
) -> Result<(Trial, u32), String> {
    let mut answers = p.prefix_decisions.clone();
    let mut advised = 0u32;
    for _ in 0..10_000 {
        match run_battle(p, dice, &answers, play.settings.rollout, covers)? {
            Stop::Ended(s) => return Ok((s, advised)),
            Stop::Asked(pos) => {
                let given = match &pos.root {
                    Root::Battle(at) => at.prefix_decisions.clone(),
                    Root::Campaign(c) => c.answers.clone(),
                };
                let best = advise_once(&pos, play, given.len() as u64)?;
                answers = given;
                answers.extend(best);
                advised += 1;
            }
        }
    }
    Err("the battle does not end".into())
}

/// A battle's figures, counted as `trials::fight_trial` counts them.
fn trial_of(
    p: &Prepared,
    board: &Board,
    outcome: crate::rules::battle::Outcome,
    verdict: Option<Option<crate::campaign::Side>>,
) -> Trial {
    use crate::campaign::{CounterKind, Side};
    let side = |s: Side| usize::from(s == Side::Union);
    let mut combat_left = [0u32; 2];
    for (start, end) in p.board.pieces.iter().zip(&board.pieces) {
        let in_battle = start.location().area() == Some(p.spec.area.as_str());
        let joined = start.location().area().is_none()
            && end.location().area().is_some()
            && (start.force.side == Side::Union || start.force.kind != Some(CounterKind::Brigade));
        if (in_battle || joined) && end.location().area().is_some() {
            combat_left[side(end.force.side)] += end.combat();
        }
    }
    let (before, after) = (p.board.progress.casualties, board.progress.casualties);
    Trial {
        ending: super::super::trials::ending_index(outcome.ending),
        campaign_lost: outcome.campaign_lost,
        rounds: outcome.rounds,
        hits: [
            after.confederate_hits - before.confederate_hits,
            after.union_hits - before.union_hits,
        ],
        lost: [
            after.confederate_destroyed - before.confederate_destroyed,
            after.union_destroyed - before.union_destroyed,
        ],
        combat_left,
        verdict: verdict.map(|w| match w {
            Some(Side::Confederate) => 0,
            Some(Side::Union) => 1,
            None => 2,
        }),
    }
}

/// A trial's outcome as the advisor counts it.
pub fn sample_of(t: &Trial) -> super::Sample {
    super::Sample {
        ending: t.ending as u8,
        win: match t.verdict {
            Some(v) => v == 0,
            None => super::super::trials::UNION_LEAVES.contains(&t.ending),
        },
        lost: t.campaign_lost,
        kept: t.combat_left[0],
        objectives: 0,
        lee_alone: false,
    }
}

/// The trials a candidate of the turn plan needs at least, playing.
pub const PLAN_TRIALS_EACH: u64 = 8;

/// The advisor's best answers at `pos`, its trials seeded from the play's
/// seed and `salt` (the answers so far). Another answer replaces the
/// policy's only when it is clearly better on their common trials
/// ([`Advisor::recommended`], the sequential sign test): a leader ahead by
/// chance would otherwise change the policy's play at random (issue 37,
/// item 5; issue 48, item 1: `docs/odds.md`, "Never worse than the
/// policy").
pub(super) fn advise_once(pos: &Position, play: &Play, salt: u64) -> Result<Vec<Decision>, String> {
    // Planning the turn, the candidates the budget can tell apart: one
    // found clearly better than the policy's answer needs at least 8
    // common trials that differ (the sign test with two answers), so a
    // budget of N campaigns weighs at most N / 8 candidates, the most
    // promising first (`candidates::turn_plan`).
    let most = if super::candidates::is_turn_plan(&pos.request) {
        (play.budget / PLAN_TRIALS_EACH).max(2) as usize
    } else {
        usize::MAX
    };
    let settings = Settings {
        seed: game_seed(play.settings.seed, salt),
        max_candidates: play.settings.max_candidates.min(most),
        ..play.settings
    };
    let mut a = Advisor::new(pos, settings)?;
    let k = a.candidates() as u64;
    if k == 1 {
        return Ok(a.cands[0].decisions.clone());
    }
    // A small budget: the first round as large as the halving's rounds
    // allow (about log2 k + 1 of them share the budget).
    let rounds = u64::from(64 - (k - 1).leading_zeros()) + 1;
    let first = (play.budget / (k * rounds)).clamp(2, play.settings.first_round);
    a.settings.first_round = first;
    a.target = first;
    a.settings.max_trials = u64::MAX;
    a.fill_queue();
    a.run_to(play.budget, play.threads)
        .map_err(|e| e.to_string())?;
    let chosen = a.recommended().ok_or("no answer was tried")?;
    Ok(a.cands[chosen].decisions.clone())
}

/// One whole campaign from `start` (set up, 7.0) with dice seeded `seed`,
/// the advisor answering the questions `covers` accepts; the result and
/// the answers it gave.
pub fn play_campaign(
    start: &Board,
    seed: u64,
    play: &Play,
    covers: &dyn Fn(&Board, &Request) -> bool,
) -> Result<(Board, CampaignResult, u32), String> {
    campaign_asking(start, seed, play, covers, &mut |pos, salt| {
        advise_once(pos, play, salt)
    })
}

/// Gives the answers at a covered question's position, with the salt of
/// the advisor's seed.
pub(super) type Answerer<'a> = dyn FnMut(&Position, u64) -> Result<Vec<Decision>, String> + 'a;

/// [`play_campaign`], `answer` giving the answers at each covered
/// question's position (with the salt of the advisor's seed).
pub(super) fn campaign_asking(
    start: &Board,
    seed: u64,
    play: &Play,
    covers: &dyn Fn(&Board, &Request) -> bool,
    answer: &mut Answerer,
) -> Result<(Board, CampaignResult, u32), String> {
    let mut board = start.clone();
    board.options.seed = seed;
    let mut dice = Dice::seeded(seed);
    let mut step = Step::AdvanceTurn;
    let mut advised = 0u32;
    let source = SourceInfo {
        kind: "simulation".into(),
        file: format!("game seeded {seed}"),
        name: board.campaign.name.clone(),
    };
    for _ in 0..10_000 {
        let step_board = board.clone();
        let step_dice = dice.clone();
        let mut answers: Vec<Decision> = Vec::new();
        loop {
            let mut b = step_board.clone();
            let mut d = step_dice.clone();
            let mut chronicle = Chronicle::quiet();
            let mut gate = Gate {
                recorded: Recorded::new(answers.clone()),
                policy: play.settings.rollout,
                covers,
                given: Vec::new(),
            };
            let r = {
                let mut ctx = Ctx {
                    board: &mut b,
                    dice: &mut d,
                    chronicle: &mut chronicle,
                    decider: &mut gate,
                };
                crate::rules::turn::play_step(&mut ctx, step)
            };
            match r {
                Ok(()) => {
                    board = b;
                    dice = d;
                    break;
                }
                Err(Interrupt::Decide(_)) => {
                    let w = Waiting::at(
                        step,
                        step_board.clone(),
                        step_dice.clone(),
                        gate.given.clone(),
                    )?;
                    let pos = if play.battles_to_end {
                        Position::to_campaign_end(&w, source.clone())?
                    } else {
                        Position::from_waiting(&w, source.clone())?
                    };
                    let salt = game_seed(seed, board.turn.turn as u64 * 1000 + advised as u64);
                    let best = answer(&pos, salt)?;
                    answers = gate.given;
                    answers.extend(best);
                    advised += 1;
                }
                Err(e) => return Err(e.to_string()),
            }
        }
        if let Some(result) = board.progress.result.clone() {
            return Ok((board, result, advised));
        }
        step = step.next();
    }
    Err("the campaign does not end".into())
}

/// One game of `fcrel simulate --policy advised` from the set-up, as
/// `sim::simulate_with` plays it.
pub fn advised_game(start: &Board, seed: u64, play: &Play) -> Result<crate::sim::Game, Interrupt> {
    let (board, result, _) =
        play_campaign(start, seed, play, &covers_turn).map_err(Interrupt::Unsupported)?;
    let battles = board.battles_fought;
    Ok(crate::sim::Game {
        board,
        chronicle: Chronicle::quiet(),
        result,
        battles,
    })
}
