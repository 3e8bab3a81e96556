//! `fcrel odds`: the odds of a pending battle, by fighting it thousands of
//! times (Monte Carlo) with the real Union AI and a scripted commander
//! answering the Confederate decisions.
//!
//! The battle comes from a scenario file (the `fcrel battle` format) or from
//! a save waiting at a battle. Trial `t` rolls `Dice::seeded(game_seed(seed,
//! t))` on its own clone of the battle's starting board, so every trial is
//! reproducible alone and the results do not depend on the number of
//! threads: the trials are split into contiguous chunks, one per thread, and
//! the per-trial figures are summed as integers (exact, so the merged totals
//! are the same in any order). Output format: `docs/odds.md`.

use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use serde::Serialize;

use crate::campaign::{Campaign, CounterKind, Phase, Side};
use crate::chronicle::Chronicle;
use crate::dice::{Dice, DiceError};
use crate::rules::battle::{BattleSpec, Ending};
use crate::rules::board::Board;
use crate::rules::commander::Policy;
use crate::rules::components::Casualties;
use crate::rules::ctx::Ctx;
use crate::rules::decision::{Decision, Interrupt, Recorded, Request, ThenPolicy};
use crate::rules::difficulty::BattleMode;
use crate::rules::turn::{Step, pending_battles};
use crate::sim::game_seed;

/// The endings of a battle, mutually exclusive: every trial ends in exactly
/// one. Rejoin (14.8.1) is never final in any battle mode — it starts the
/// battle again from the Fog of War — so it is counted apart
/// ([`Odds::rejoined`]), and the trial is counted under the ending of its
/// last round.
pub const ENDINGS: [(&str, &str); 11] = [
    ("union_routed", "Union routed (14.5)"),
    ("confederates_routed", "Confederates routed (14.5)"),
    ("union_retreat", "Union retreat (14.8)"),
    ("confederate_retreat", "Confederate retreat (14.8)"),
    ("encamp", "Encamp (14.8.4)"),
    ("union_enveloped", "Union enveloped (10.2.9)"),
    ("confederates_enveloped", "Confederates enveloped (10.2.9)"),
    (
        "confederates_withdrew",
        "Confederates withdrew (14.5.1 / 14.8.1)",
    ),
    ("union_cleared", "No Union Forces left (14.7)"),
    ("confederates_cleared", "No Confederate Forces left (14.7)"),
    ("both_cleared", "No Forces of either side left (14.7)"),
];

/// The index in [`ENDINGS`] of an ending.
pub fn ending_index(e: Ending) -> usize {
    match e {
        Ending::Routed { loser: Side::Union } => 0,
        Ending::Routed {
            loser: Side::Confederate,
        } => 1,
        Ending::Retreat { side: Side::Union } => 2,
        Ending::Retreat {
            side: Side::Confederate,
        } => 3,
        Ending::Encamp => 4,
        Ending::Enveloped { loser: Side::Union } => 5,
        Ending::Enveloped {
            loser: Side::Confederate,
        } => 6,
        Ending::ConfederateWithdrew => 7,
        Ending::Cleared {
            loser: Some(Side::Union),
        } => 8,
        Ending::Cleared {
            loser: Some(Side::Confederate),
        } => 9,
        Ending::Cleared { loser: None } => 10,
    }
}

/// Endings in which the Union army leaves (or is gone from) the area.
const UNION_LEAVES: [usize; 5] = [0, 2, 5, 8, 10];
/// Endings in which the Confederate army leaves (or is gone from) the area.
const CONFEDERATES_LEAVE: [usize; 6] = [1, 3, 6, 7, 9, 10];

/// A battle ready to be fought many times.
#[derive(Debug, Clone)]
pub struct Prepared {
    pub source: SourceInfo,
    /// The board when the battle begins.
    pub board: Board,
    pub spec: BattleSpec,
    pub mode: BattleMode,
    /// A battle already under way in a save: the dice rolled and the
    /// decisions made in it so far, replayed at the start of every trial so
    /// that each trial goes on from where the game waits.
    pub prefix_dice: Vec<u32>,
    pub prefix_decisions: Vec<Decision>,
    /// The policy the source names (a scenario's `policy`), used when none
    /// is given on the command line.
    pub default_policy: Option<Policy>,
    /// What the reader should know about how the battle was taken.
    pub notes: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SourceInfo {
    /// "scenario" or "save".
    pub kind: String,
    pub file: String,
    /// The scenario's name, or the save's campaign name and turn.
    pub name: String,
}

/// A battle from a scenario file (the `fcrel battle` format), in its own
/// battle mode unless `battles` says otherwise. Problems come back as
/// `FILE:LINE:COL: message` / `FILE: field: message` lines.
pub fn from_scenario(path: &Path, battles: Option<BattleMode>) -> Result<Prepared, Vec<String>> {
    let (scenario, campaign) = crate::scenario::load_scenario(path)
        .map_err(|ps| ps.iter().map(|p| p.to_string()).collect::<Vec<_>>())?;
    let mode = battles.unwrap_or(scenario.mode);
    let mut board = scenario.board(campaign);
    board.options.battles = mode;
    let mut notes = Vec::new();
    if scenario.dice.is_some() || !scenario.decisions.is_empty() {
        notes.push(
            "The scenario's scripted dice and decisions are not used: every trial rolls its own dice and the policy answers every decision."
                .to_string(),
        );
    }
    Ok(Prepared {
        source: SourceInfo {
            kind: "scenario".into(),
            file: path.display().to_string(),
            name: scenario.name.clone(),
        },
        board,
        spec: BattleSpec {
            area: scenario.area.clone(),
            attacker: scenario.attacker,
        },
        mode,
        prefix_dice: Vec::new(),
        prefix_decisions: Vec::new(),
        default_policy: scenario.policy,
        notes,
    })
}

/// Where a game waits: a replayed save, or the game in the window.
#[derive(Debug, Clone)]
pub struct Waiting {
    step: Step,
    /// The board and dice as the step began.
    start_board: Board,
    start_dice: Dice,
    /// The step's decisions so far.
    answers: Vec<Decision>,
    request: Option<Request>,
    die: Option<String>,
    /// The world as far as the step got.
    now: Board,
    turn: u32,
    /// Dice rolled in the step so far.
    rolled: u64,
}

impl Waiting {
    /// Where the game in `world` waits: None unless it waits for a decision
    /// or a die in a step whose start is kept.
    pub fn from_world(world: &mut bevy::prelude::World) -> Option<Waiting> {
        use crate::rules::sequence::{PendingDecision, StepDecisions, StepStart};
        let pending = world.get_resource::<PendingDecision>()?.clone();
        if pending.request.is_none() && pending.die.is_none() {
            return None;
        }
        let step = *world.get_resource::<bevy::prelude::State<Step>>()?.get();
        let (start_board, start_dice) = match &world.get_resource::<StepStart>()?.0 {
            Some((b, d, _)) => (b.clone(), d.clone()),
            None => return None,
        };
        let now = Board::from_world(world)?;
        let turn = now.turn.turn;
        let rolled = world
            .get_resource::<Dice>()?
            .rolled()
            .saturating_sub(start_dice.rolled());
        Some(Waiting {
            rolled,
            step,
            start_board,
            start_dice,
            answers: world.get_resource::<StepDecisions>()?.answers.clone(),
            request: pending.request,
            die: pending.die,
            now,
            turn,
        })
    }

    /// The game as it would wait after one more answer `d` (a move being
    /// weighed): the step is run again from its start with it, to its next
    /// stop. Only the dice already rolled in the step are replayed: a step
    /// that would roll after this answer gives no estimate, so no die the
    /// player has not seen is ever looked at.
    pub fn after(&self, d: Decision) -> Result<Waiting, String> {
        let mut board = self.start_board.clone();
        board.battles = None;
        let mut seen = self.start_dice.clone();
        let mut values = Vec::with_capacity(self.rolled as usize);
        for _ in 0..self.rolled {
            values.push(
                seen.d10("a die already rolled")
                    .map_err(|e| e.to_string())?,
            );
        }
        let mut dice = Dice::scripted(values);
        let mut chronicle = Chronicle::default();
        let mut answers = self.answers.clone();
        answers.push(d);
        let mut decider = Recorded::new(answers.clone());
        let result = {
            let mut ctx = Ctx {
                board: &mut board,
                dice: &mut dice,
                chronicle: &mut chronicle,
                decider: &mut decider,
            };
            crate::rules::turn::play_step(&mut ctx, self.step)
        };
        let (request, die) = match result {
            Err(Interrupt::Decide(r)) if decider.used == answers.len() => (Some(*r), None),
            Err(Interrupt::Dice(DiceError::NeedDie { reason })) => (None, Some(reason)),
            Err(Interrupt::Dice(DiceError::ScriptExhausted { .. })) => {
                return Err("a die would be rolled after this answer".into());
            }
            Ok(()) => return Err("the step ends with this answer".into()),
            Err(other) => return Err(format!("the step stops at: {other}")),
        };
        Ok(Waiting {
            rolled: self.rolled,
            step: self.step,
            start_board: self.start_board.clone(),
            start_dice: self.start_dice.clone(),
            answers,
            request,
            die,
            now: board,
            turn: self.turn,
        })
    }
}

/// Replay a save headless (as `fcrel replay` does) to the point where it
/// waits.
fn replay_to_wait(
    save: &crate::save::SaveFile,
    campaign: Arc<Campaign>,
) -> Result<Waiting, String> {
    use crate::rules::sequence::StepStart;
    use bevy::prelude::State;
    let mut rest = crate::save::replay_to_rest(save, campaign)?;
    if rest.over {
        return Err("the campaign is over: no battle waits".into());
    }
    let world = rest.app.world_mut();
    if world.get_resource::<State<Step>>().is_none() {
        return Err("no step is being played".into());
    }
    if world.resource::<StepStart>().0.is_none() {
        return Err("the step's start was not kept".into());
    }
    Waiting::from_world(world).ok_or_else(|| "no campaign was set up".into())
}

fn is_battle_step(step: Step) -> bool {
    matches!(
        step,
        Step::BattlesAfterMoves | Step::BattlesAfterForcedMarch | Step::BattlesAfterOrders
    )
}

/// The army that attacks in the next Resolve Battles step from `step` on
/// (the phase's army: 9.3, 15.2, 17.0).
fn next_attacker(mut step: Step) -> Side {
    for _ in 0..10 {
        if is_battle_step(step) || matches!(step, Step::ConfederateMoves | Step::UnionOrders) {
            break;
        }
        step = step.next();
    }
    match step.phase() {
        Phase::Confederate => Side::Confederate,
        Phase::Union => Side::Union,
    }
}

/// What a Resolve Battles step was doing when it stopped.
enum InStep {
    /// Asking which of these battles is fought next (on this board).
    Choosing { board: Board, pending: Vec<String> },
    /// Inside the battle of `area`, which began on `board` with `dice`;
    /// `rolled` dice and `decisions` since.
    Fighting {
        board: Board,
        dice: Dice,
        area: String,
        rolled: u64,
        decisions: Vec<Decision>,
    },
}

/// Run a Resolve Battles step again from its start, battle by battle as
/// `turn::resolve_battles` does, to find the battle it stopped in and the
/// board that battle began with. The stop found must be the one the game
/// waits at (checked by the caller).
fn locate_in_step(w: &Waiting) -> Result<(InStep, Interrupt), String> {
    let mut board = w.start_board.clone();
    board.battles = None;
    let mut dice = w.start_dice.clone();
    let mut chronicle = Chronicle::default();
    let mut decider = Recorded::new(w.answers.clone());
    let mode = board.options.battles;
    let attacker = match w.step.phase() {
        Phase::Confederate => Side::Confederate,
        Phase::Union => Side::Union,
    };
    board.turn.phase = w.step.phase();
    board.progress.encamped.clear();
    loop {
        let (pending, choice) = {
            let mut ctx = Ctx {
                board: &mut board,
                dice: &mut dice,
                chronicle: &mut chronicle,
                decider: &mut decider,
            };
            let pending = pending_battles(&ctx);
            let choice = if pending.len() > 1 {
                let options = pending
                    .iter()
                    .map(|a| Decision::FightBattleAt {
                        area: a.as_str().into(),
                    })
                    .collect();
                Some(ctx.ask(Request::new(
                    w.step.rule(),
                    "Which battle is fought next?",
                    options,
                )))
            } else {
                None
            };
            (pending, choice)
        };
        let Some(first) = pending.first().cloned() else {
            return Err("the step has no battle left to fight".into());
        };
        let area = match choice {
            None => first,
            Some(Ok(Decision::FightBattleAt { area })) => area.to_string(),
            Some(Ok(other)) => return Err(format!("unexpected answer {other:?}")),
            Some(Err(why)) => return Ok((InStep::Choosing { board, pending }, why)),
        };
        let before = (board.clone(), dice.clone(), decider.used);
        let spec = BattleSpec {
            area: area.clone(),
            attacker,
        };
        let result = {
            let mut ctx = Ctx {
                board: &mut board,
                dice: &mut dice,
                chronicle: &mut chronicle,
                decider: &mut decider,
            };
            crate::rules::turn::fight(&mut ctx, &spec, mode)
        };
        match result {
            Ok(outcome) => {
                if outcome.ending == Ending::Encamp {
                    board.progress.encamped.insert(area);
                }
                if outcome.campaign_lost {
                    return Err("the campaign was lost in an earlier battle of the step".into());
                }
            }
            Err(why) => {
                let decisions = w.answers[before.2..decider.used].to_vec();
                let found = InStep::Fighting {
                    rolled: dice.rolled() - before.1.rolled(),
                    board: before.0,
                    dice: before.1,
                    area,
                    decisions,
                };
                return Ok((found, why));
            }
        }
    }
}

/// Options for taking the battle out of a save.
#[derive(Debug, Clone, Default)]
pub struct SaveChoice {
    pub battles: Option<BattleMode>,
    /// Which battle, when several wait.
    pub area: Option<String>,
}

/// The pending battle of a save: the battle the game waits in, or, when it
/// waits elsewhere (at a move, a Union order), the battle an area holding
/// both armies will bring. A save that is not at a battle is refused with a
/// message naming the file.
pub fn from_save(path: &Path, choice: &SaveChoice) -> Result<Prepared, String> {
    let file = path.display().to_string();
    let save = crate::save::read(path).map_err(|p| p.to_string())?;
    let campaign = crate::campaign::load_bundled(&save.campaign)
        .map(Arc::new)
        .map_err(|ps| {
            format!(
                "{file}: campaign \"{}\" cannot be loaded: {}",
                save.campaign,
                ps.first().map_or(String::new(), |p| p.to_string())
            )
        })?;
    let w = replay_to_wait(&save, campaign).map_err(|why| format!("{file}: {why}"))?;
    let source = SourceInfo {
        kind: "save".into(),
        file: file.clone(),
        name: format!("{}, turn {}", save.campaign_name, w.turn),
    };
    from_waiting(&w, choice, source)
}

/// The pending battle of a game waiting at `w` (see [`from_save`]);
/// messages name `source.file`.
pub fn from_waiting(
    w: &Waiting,
    choice: &SaveChoice,
    source: SourceInfo,
) -> Result<Prepared, String> {
    let file = source.file.clone();
    let save_mode = w.start_board.options.battles;
    let mode = choice.battles.unwrap_or(save_mode);
    let mut notes = Vec::new();
    let waits_at = match (&w.request, &w.die) {
        (Some(r), _) => format!("\"{}\" ({})", r.prompt, r.rule),
        (None, Some(d)) => format!("a die for {d}"),
        (None, None) => "nothing".into(),
    };
    let not_at_battle = |extra: &str| {
        format!(
            "{file}: the game is not at a battle: it waits in {} ({}) of turn {} at {waits_at}{extra}",
            w.step.name(),
            w.step.rule(),
            w.turn
        )
    };
    let pick = |pending: &[String], notes: &mut Vec<String>| -> Result<String, String> {
        match &choice.area {
            Some(a) if pending.contains(a) => Ok(a.clone()),
            Some(a) => Err(format!(
                "{file}: no battle waits in \"{a}\"; battles waiting: {}",
                pending.join(", ")
            )),
            None => {
                if pending.len() > 1 {
                    notes.push(format!(
                        "{} battles wait ({}): this is the first; choose another with --area.",
                        pending.len(),
                        pending.join(", ")
                    ));
                }
                Ok(pending[0].clone())
            }
        }
    };
    let (board, spec, prefix_dice, prefix_decisions) = if is_battle_step(w.step) {
        let (found, why) = locate_in_step(w)
            .map_err(|e| format!("{file}: the battle the game waits in could not be found: {e}"))?;
        let same = match (&why, &w.request, &w.die) {
            (Interrupt::Decide(r), Some(req), _) => **r == *req,
            (Interrupt::Dice(DiceError::NeedDie { reason }), None, Some(d)) => reason == d,
            _ => false,
        };
        if !same {
            return Err(format!(
                "{file}: the battle the game waits in could not be found (the step, run again, stops at: {why})"
            ));
        }
        let attacker = match w.step.phase() {
            Phase::Confederate => Side::Confederate,
            Phase::Union => Side::Union,
        };
        match found {
            InStep::Choosing { board, pending } => {
                let area = pick(&pending, &mut notes)?;
                (board, BattleSpec { area, attacker }, Vec::new(), Vec::new())
            }
            InStep::Fighting {
                board,
                mut dice,
                area,
                rolled,
                decisions,
            } => {
                if let Some(a) = &choice.area
                    && *a != area
                {
                    return Err(format!(
                        "{file}: the game waits inside the battle of {area}, not {a}"
                    ));
                }
                let spec = BattleSpec { area, attacker };
                if mode != save_mode {
                    notes.push(format!(
                        "The battle is under way in {} battle rules; with --battles {} it is fought from its start.",
                        save_mode.name(),
                        mode.name()
                    ));
                    (board, spec, Vec::new(), Vec::new())
                } else {
                    let mut prefix = Vec::with_capacity(rolled as usize);
                    for _ in 0..rolled {
                        prefix.push(dice.d10("odds: a die already rolled").map_err(|e| {
                            format!("{file}: the dice of the battle cannot be replayed: {e}")
                        })?);
                    }
                    if rolled > 0 || !decisions.is_empty() {
                        notes.push(format!(
                            "The battle is under way: each trial replays its {rolled} die roll(s) and {} decision(s) so far, then goes on with its own dice and the policy; hits and losses count from the battle's start.",
                            decisions.len()
                        ));
                    }
                    (board, spec, prefix, decisions)
                }
            }
        }
    } else {
        let mut board = w.now.clone();
        let pending: Vec<String> = board
            .graph
            .ids
            .iter()
            .filter(|a| board.has_side(a, Side::Confederate) && board.has_side(a, Side::Union))
            .cloned()
            .collect::<std::collections::BTreeSet<_>>()
            .into_iter()
            .collect();
        if pending.is_empty() {
            return Err(not_at_battle(
                ": no area holds both armies, so no battle is pending",
            ));
        }
        let area = pick(&pending, &mut notes)?;
        let attacker = next_attacker(w.step);
        board.turn.phase = match attacker {
            Side::Confederate => Phase::Confederate,
            Side::Union => Phase::Union,
        };
        board.progress.encamped.clear();
        notes.push(format!(
            "The game waits in {} of turn {}: the battle of {} as it would be fought now, the {} attacking.",
            w.step.name(),
            w.turn,
            board.area_name(&area),
            attacker.army()
        ));
        (board, BattleSpec { area, attacker }, Vec::new(), Vec::new())
    };
    let mut board = board;
    board.battles = None;
    board.options.battles = mode;
    Ok(Prepared {
        source,
        board,
        spec,
        mode,
        prefix_dice,
        prefix_decisions,
        default_policy: None,
        notes,
    })
}

/// What one trial gives.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Trial {
    pub ending: usize,
    pub campaign_lost: bool,
    pub rounds: u32,
    /// Confederate, Union.
    pub hits: [u32; 2],
    pub lost: [u32; 2],
    pub combat_left: [u32; 2],
}

fn side_index(s: Side) -> usize {
    match s {
        Side::Confederate => 0,
        Side::Union => 1,
    }
}

/// Fight trial `t` of a run seeded `seed`.
pub fn fight_trial(p: &Prepared, policy: Policy, seed: u64, t: u64) -> Result<Trial, Interrupt> {
    let s = game_seed(seed, t);
    // The outcome is all a trial is for (see `Chronicle::quiet`).
    let mut chronicle = Chronicle::quiet();
    let (board, outcome) = if p.prefix_dice.is_empty() && p.prefix_decisions.is_empty() {
        let mut board = p.board.clone();
        board.quiet = true;
        let mut dice = Dice::seeded(s);
        let mut decider = policy;
        let mut ctx = Ctx {
            board: &mut board,
            dice: &mut dice,
            chronicle: &mut chronicle,
            decider: &mut decider,
        };
        let o = crate::rules::turn::fight(&mut ctx, &p.spec, p.mode)?;
        (board, o)
    } else {
        // The dice already rolled in the battle, then this trial's own
        // stream: the same values `Dice::seeded(s)` would give, queued as
        // far as needed (doubled and fought again if it runs out).
        let mut ahead = 256usize;
        loop {
            let mut stream = Dice::seeded(s);
            let mut values = p.prefix_dice.clone();
            for _ in 0..ahead {
                values.push(stream.d10("odds")?);
            }
            let mut board = p.board.clone();
            board.quiet = true;
            let mut dice = Dice::scripted(values);
            let mut decider = ThenPolicy {
                recorded: Recorded::new(p.prefix_decisions.clone()),
                policy,
            };
            chronicle = Chronicle::quiet();
            let mut ctx = Ctx {
                board: &mut board,
                dice: &mut dice,
                chronicle: &mut chronicle,
                decider: &mut decider,
            };
            match crate::rules::turn::fight(&mut ctx, &p.spec, p.mode) {
                Err(Interrupt::Dice(DiceError::ScriptExhausted { .. })) if ahead < 1 << 24 => {
                    ahead *= 2;
                }
                other => break (board, other?),
            }
        }
    };
    let before: Casualties = p.board.progress.casualties;
    let after = board.progress.casualties;
    let mut combat_left = [0u32; 2];
    for (start, end) in p.board.pieces.iter().zip(&board.pieces) {
        let in_battle = start.location().area() == Some(p.spec.area.as_str());
        // Counters that came onto the map during the battle joined it (Union
        // reinforcements, Garrisons, Fortifications, captured-artillery
        // replacements); a Confederate Brigade bought in the Fog of War goes
        // to another area (10.2.6) and takes no part.
        let joined = start.location().area().is_none()
            && end.location().area().is_some()
            && (start.force.side == Side::Union || start.force.kind != Some(CounterKind::Brigade));
        if (in_battle || joined) && end.location().area().is_some() {
            combat_left[side_index(end.force.side)] += end.combat();
        }
    }
    Ok(Trial {
        ending: ending_index(outcome.ending),
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
    })
}

/// Integer totals over trials: exact, so merging chunks in any order gives
/// the same figures.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Tally {
    pub n: u64,
    pub endings: [u64; ENDINGS.len()],
    pub campaign_lost: u64,
    pub rejoined: u64,
    pub rounds: u64,
    /// Sums and sums of squares, Confederate and Union.
    pub hits: [(u64, u64); 2],
    pub lost: [(u64, u64); 2],
    pub combat_left: [(u64, u64); 2],
}

impl Tally {
    pub fn add(&mut self, t: &Trial) {
        self.n += 1;
        self.endings[t.ending] += 1;
        self.campaign_lost += u64::from(t.campaign_lost);
        self.rejoined += u64::from(t.rounds > 1);
        self.rounds += u64::from(t.rounds);
        for s in 0..2 {
            for (acc, v) in [
                (&mut self.hits[s], t.hits[s]),
                (&mut self.lost[s], t.lost[s]),
                (&mut self.combat_left[s], t.combat_left[s]),
            ] {
                acc.0 += u64::from(v);
                acc.1 += u64::from(v) * u64::from(v);
            }
        }
    }

    pub fn merge(&mut self, o: &Tally) {
        self.n += o.n;
        for (a, b) in self.endings.iter_mut().zip(o.endings) {
            *a += b;
        }
        self.campaign_lost += o.campaign_lost;
        self.rejoined += o.rejoined;
        self.rounds += o.rounds;
        for s in 0..2 {
            for (a, b) in [
                (&mut self.hits[s], o.hits[s]),
                (&mut self.lost[s], o.lost[s]),
                (&mut self.combat_left[s], o.combat_left[s]),
            ] {
                a.0 += b.0;
                a.1 += b.1;
            }
        }
    }
}

/// A trial that could not be fought to its end.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TrialError {
    pub trial: u64,
    pub seed: u64,
    pub why: String,
}

impl std::fmt::Display for TrialError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "trial {} (dice seed {}) stopped: {}",
            self.trial, self.seed, self.why
        )
    }
}

/// Fight trials `0..trials` on `threads` threads (contiguous chunks, merged
/// in trial order; the first failing trial in trial order is reported).
pub fn tally(
    p: &Prepared,
    policy: Policy,
    seed: u64,
    trials: u64,
    threads: usize,
) -> Result<Tally, TrialError> {
    tally_until(p, policy, seed, trials, threads, &AtomicBool::new(false))
}

/// [`tally`], given up (an error naming the trial) as soon as `stop` is
/// set: the window's advisor drops an estimate nobody waits for.
pub fn tally_until(
    p: &Prepared,
    policy: Policy,
    seed: u64,
    trials: u64,
    threads: usize,
    stop: &AtomicBool,
) -> Result<Tally, TrialError> {
    let threads = (threads.max(1) as u64).min(trials.max(1));
    let chunk = trials.div_ceil(threads);
    let run = |lo: u64, hi: u64| -> Result<Tally, TrialError> {
        let mut t = Tally::default();
        for i in lo..hi {
            if stop.load(Ordering::Relaxed) {
                return Err(TrialError {
                    trial: i,
                    seed: game_seed(seed, i),
                    why: "given up".into(),
                });
            }
            // A panic in the rules (a bug) fails this trial by name, the
            // same way whatever the thread count.
            let fought = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                fight_trial(p, policy, seed, i)
            }));
            let why = match fought {
                Ok(Ok(trial)) => {
                    t.add(&trial);
                    continue;
                }
                Ok(Err(e)) => e.to_string(),
                Err(panic) => format!("the rules panicked: {}", panic_text(panic.as_ref())),
            };
            return Err(TrialError {
                trial: i,
                seed: game_seed(seed, i),
                why,
            });
        }
        Ok(t)
    };
    let parts: Vec<Result<Tally, TrialError>> = if threads == 1 {
        vec![run(0, trials)]
    } else {
        std::thread::scope(|scope| {
            let handles: Vec<_> = (0..threads)
                .map(|k| {
                    let lo = (k * chunk).min(trials);
                    let hi = ((k + 1) * chunk).min(trials);
                    let run = &run;
                    scope.spawn(move || run(lo, hi))
                })
                .collect();
            handles
                .into_iter()
                .map(|h| {
                    h.join().unwrap_or_else(|panic| {
                        Err(TrialError {
                            trial: 0,
                            seed,
                            why: format!("a thread panicked: {}", panic_text(panic.as_ref())),
                        })
                    })
                })
                .collect()
        })
    };
    let mut total = Tally::default();
    for part in parts {
        total.merge(&part?);
    }
    Ok(total)
}

fn panic_text(panic: &(dyn std::any::Any + Send)) -> String {
    panic
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap_or_default()
}

/// A probability with its 95% Wilson score interval.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Proportion {
    pub count: u64,
    pub probability: f64,
    pub low: f64,
    pub high: f64,
}

const Z: f64 = 1.96;

pub fn wilson(count: u64, n: u64) -> Proportion {
    if n == 0 {
        return Proportion {
            count,
            probability: 0.0,
            low: 0.0,
            high: 1.0,
        };
    }
    let nf = n as f64;
    let p = count as f64 / nf;
    let z2 = Z * Z;
    let denom = 1.0 + z2 / nf;
    let centre = (p + z2 / (2.0 * nf)) / denom;
    let half = Z / denom * (p * (1.0 - p) / nf + z2 / (4.0 * nf * nf)).sqrt();
    Proportion {
        count,
        probability: p,
        // At 0 and n the interval's ends are 0 and 1 exactly (rounding
        // would leave a speck).
        low: if count == 0 {
            0.0
        } else {
            (centre - half).max(0.0)
        },
        high: if count >= n {
            1.0
        } else {
            (centre + half).min(1.0)
        },
    }
}

/// An expectation with its 95% interval (mean ± 1.96·sd/√n).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Expectation {
    pub mean: f64,
    pub sd: f64,
    pub low: f64,
    pub high: f64,
}

pub fn expectation((sum, squares): (u64, u64), n: u64) -> Expectation {
    if n == 0 {
        return Expectation {
            mean: 0.0,
            sd: 0.0,
            low: 0.0,
            high: 0.0,
        };
    }
    let nf = n as f64;
    let mean = sum as f64 / nf;
    // Sample variance from exact integer sums: (Σx² − (Σx)²/n) / (n − 1).
    let var = if n > 1 {
        let num = squares as f64 - (sum as f64) * (sum as f64) / nf;
        (num / (nf - 1.0)).max(0.0)
    } else {
        0.0
    };
    let sd = var.sqrt();
    let half = Z * sd / nf.sqrt();
    Expectation {
        mean,
        sd,
        low: mean - half,
        high: mean + half,
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct EndingOdds {
    pub ending: &'static str,
    pub label: &'static str,
    #[serde(flatten)]
    pub odds: Proportion,
}

#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct PerSide<T> {
    pub confederate: T,
    pub union: T,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Start {
    pub confederate_combat: u32,
    pub union_combat: u32,
    pub lee_present: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct InProgress {
    pub dice_replayed: usize,
    pub decisions_replayed: usize,
}

/// The report: the same for the same inputs, whatever the thread count
/// (the wall time is not in it).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Odds {
    pub source: SourceInfo,
    pub campaign: String,
    pub area: String,
    pub area_name: String,
    pub attacker: Side,
    pub mode: BattleMode,
    pub policy: Policy,
    pub seed: u64,
    pub trials: u64,
    /// The Combat Values in the area when the battle begins.
    pub start: Start,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub in_progress: Option<InProgress>,
    /// Mutually exclusive: the probabilities sum to 1.
    pub endings: Vec<EndingOdds>,
    /// The Union army is driven from (or destroyed in) the area.
    pub union_leaves_area: Proportion,
    /// The Confederate army leaves (or is destroyed in) the area.
    pub confederates_leave_area: Proportion,
    /// At least one Rejoin (14.8.1): not an ending; such a trial counts
    /// under the ending of its last round.
    pub rejoined: Proportion,
    pub mean_rounds: f64,
    /// Lee left without Confederate Forces or destroyed with his army: the
    /// campaign is lost (3.2).
    pub campaign_lost: Proportion,
    /// Hits applied during the battle (11.10), by side; Fog of War events
    /// (Disease, Desertion) included.
    pub hits: PerSide<Expectation>,
    /// Forces destroyed or captured (11.11, 5.9.1, 10.2.9 Envelopment).
    pub forces_lost: PerSide<Expectation>,
    /// Combined Combat Value of the side's Forces that took part and are
    /// still on the map afterwards (in the area or retreated).
    pub combat_left: PerSide<Expectation>,
    pub notes: Vec<String>,
}

/// Throughput, printed apart from the report.
#[derive(Debug, Clone, Copy)]
pub struct Timing {
    pub wall: Duration,
    pub threads: usize,
}

impl Timing {
    pub fn line(&self, trials: u64) -> String {
        let s = self.wall.as_secs_f64();
        format!(
            "{trials} battles in {:.3} s wall on {} thread(s): {:.0} battles per second",
            s,
            self.threads,
            if s > 0.0 { trials as f64 / s } else { 0.0 }
        )
    }
}

/// Fight the battle `trials` times and report.
pub fn run(
    p: &Prepared,
    policy: Policy,
    seed: u64,
    trials: u64,
    threads: usize,
) -> Result<(Odds, Timing), TrialError> {
    let started = Instant::now();
    let t = tally(p, policy, seed, trials, threads)?;
    let timing = Timing {
        wall: started.elapsed(),
        threads: (threads.max(1) as u64).min(trials.max(1)) as usize,
    };
    Ok((report(p, policy, seed, &t), timing))
}

/// The report from a tally.
pub fn report(p: &Prepared, policy: Policy, seed: u64, t: &Tally) -> Odds {
    let n = t.n;
    let area = p.spec.area.as_str();
    let endings = ENDINGS
        .iter()
        .zip(t.endings)
        .map(|(&(ending, label), count)| EndingOdds {
            ending,
            label,
            odds: wilson(count, n),
        })
        .collect();
    let sum = |idx: &[usize]| idx.iter().map(|&i| t.endings[i]).sum::<u64>();
    let per = |v: &[(u64, u64); 2]| PerSide {
        confederate: expectation(v[0], n),
        union: expectation(v[1], n),
    };
    Odds {
        source: p.source.clone(),
        campaign: p.board.campaign.id.clone(),
        area: area.to_string(),
        area_name: p.board.area_name(area).to_string(),
        attacker: p.spec.attacker,
        mode: p.mode,
        policy,
        seed,
        trials: n,
        start: Start {
            confederate_combat: p.board.area_combat(area, Side::Confederate),
            union_combat: p.board.area_combat(area, Side::Union),
            lee_present: p.board.lee_in(area),
        },
        in_progress: (!p.prefix_dice.is_empty() || !p.prefix_decisions.is_empty()).then_some(
            InProgress {
                dice_replayed: p.prefix_dice.len(),
                decisions_replayed: p.prefix_decisions.len(),
            },
        ),
        endings,
        union_leaves_area: wilson(sum(&UNION_LEAVES), n),
        confederates_leave_area: wilson(sum(&CONFEDERATES_LEAVE), n),
        rejoined: wilson(t.rejoined, n),
        mean_rounds: if n > 0 {
            t.rounds as f64 / n as f64
        } else {
            0.0
        },
        campaign_lost: wilson(t.campaign_lost, n),
        hits: per(&t.hits),
        forces_lost: per(&t.lost),
        combat_left: per(&t.combat_left),
        notes: p.notes.clone(),
    }
}

/// A percentage: one decimal, two below 0.1% (so that a small upper bound
/// does not read as 0.0%).
fn pct(x: f64) -> String {
    let p = x * 100.0;
    if p > 0.0 && p < 0.1 {
        format!("{p:.2}%")
    } else {
        format!("{p:.1}%")
    }
}

fn prop_cells(p: &Proportion) -> String {
    format!(
        "{:>6}   {:>6} – {:<6}",
        pct(p.probability),
        pct(p.low),
        pct(p.high)
    )
}

fn exp_cell(e: &Expectation) -> String {
    format!("{:.2} ({:.2}–{:.2})", e.mean, e.low, e.high)
}

/// The report as a short table a player can read.
pub fn text(o: &Odds) -> String {
    use std::fmt::Write;
    let mut s = String::new();
    let title = if o.source.name.is_empty() {
        o.source.file.clone()
    } else {
        format!("{} ({})", o.source.name, o.source.file)
    };
    let _ = writeln!(s, "{title}");
    let _ = writeln!(
        s,
        "Battle of {}, {} Battle Rules, the {} attacking: Confederate Combat Value {} against Union {}; Lee {}.",
        o.area_name,
        o.mode.name(),
        o.attacker.army(),
        o.start.confederate_combat,
        o.start.union_combat,
        if o.start.lee_present {
            "present"
        } else {
            "absent"
        }
    );
    let _ = writeln!(
        s,
        "Estimate from {} simulated battles (seed {}, your decisions made by the {} policy); 95% intervals.",
        o.trials,
        o.seed,
        o.policy.name()
    );
    for n in &o.notes {
        let _ = writeln!(s, "Note: {n}");
    }
    let _ = writeln!(s);
    let summary = [
        ("The Union leaves the area", &o.union_leaves_area),
        (
            "The Confederates leave the area",
            &o.confederates_leave_area,
        ),
        ("Rejoined at least once (14.8.1)", &o.rejoined),
        (
            "Campaign lost: Lee alone or destroyed (3.2)",
            &o.campaign_lost,
        ),
    ];
    let w = ENDINGS
        .iter()
        .map(|e| e.1)
        .chain(summary.iter().map(|x| x.0))
        .map(str::len)
        .max()
        .unwrap_or(0)
        + 2;
    let _ = writeln!(s, "{:<w$}{:>6}   95% interval", "Ending", "Chance");
    for e in &o.endings {
        if e.odds.count == 0 {
            continue;
        }
        let _ = writeln!(s, "{:<w$}{}", e.label, prop_cells(&e.odds));
    }
    let never: Vec<&str> = o
        .endings
        .iter()
        .filter(|e| e.odds.count == 0)
        .map(|e| e.label)
        .collect();
    if !never.is_empty() {
        let _ = writeln!(
            s,
            "Never seen (each below {}): {}.",
            pct(wilson(0, o.trials).high),
            never.join("; ")
        );
    }
    let _ = writeln!(s);
    for (label, p) in summary {
        let _ = writeln!(s, "{label:<w$}{}", prop_cells(p));
    }
    let _ = writeln!(
        s,
        "(A Rejoin starts the battle again; such a battle counts under the ending of its last round. Mean rounds {:.2}.)",
        o.mean_rounds
    );
    let _ = writeln!(s);
    let _ = writeln!(
        s,
        "{:<w$}{:<24}Union",
        "Expected (95% interval)", "Confederate"
    );
    for (label, v) in [
        ("Hits suffered (11.10)", &o.hits),
        ("Forces lost (11.11)", &o.forces_lost),
        ("Combat Value left", &o.combat_left),
    ] {
        let _ = writeln!(
            s,
            "{label:<w$}{:<24}{}",
            exp_cell(&v.confederate),
            exp_cell(&v.union)
        );
    }
    let _ = writeln!(
        s,
        "{:<w$}{:<24}{}",
        "Combat Value at the start", o.start.confederate_combat, o.start.union_combat
    );
    s
}
