//! The battle to weigh: from a scenario file, or the battle a save waits at
//! (its starting board rebuilt by re-running the step), ready to be fought
//! many times.

use std::path::Path;
use std::sync::Arc;

use serde::Serialize;

use crate::campaign::{Campaign, Phase, Side};
use crate::chronicle::Chronicle;
use crate::dice::{Dice, DiceError};
use crate::rules::battle::BattleSpec;
use crate::rules::board::Board;
use crate::rules::commander::Policy;
use crate::rules::ctx::Ctx;
use crate::rules::decision::{Decision, Interrupt, Recorded, Request};
use crate::rules::difficulty::BattleMode;
use crate::rules::turn::Step;

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
    let (mut scenario, campaign) = crate::scenario::load_scenario(path)
        .map_err(|ps| ps.iter().map(|p| p.to_string()).collect::<Vec<_>>())?;
    let mode = battles.unwrap_or(scenario.mode);
    // `all` in its `optional` is every rule of the mode fought.
    scenario.mode = mode;
    // R-Opt-used-with: the one "Used with" check, at the entry named
    // (the file's own mode was checked when it was loaded).
    let refused =
        crate::rules::difficulty::GameOptions::names_not_used_with(&scenario.optional, mode);
    if !refused.is_empty() {
        return Err(refused
            .iter()
            .map(|(i, why)| {
                format!(
                    "{}: optional[{i}]: {why} (--battles {})",
                    path.display(),
                    mode.key()
                )
            })
            .collect());
    }
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

    /// Where a step waits when it is played from `start_board` with
    /// `start_dice` and these answers: run to its next stop (a question or
    /// a die). A step that ends, or stops for another reason, gives an error
    /// (`fcrel simulate --policy advised` asks the advisor at each stop).
    pub fn at(
        step: Step,
        start_board: Board,
        start_dice: Dice,
        answers: Vec<Decision>,
    ) -> Result<Waiting, String> {
        let mut board = start_board.clone();
        board.battles = None;
        let mut dice = start_dice.clone();
        let mut chronicle = Chronicle::quiet();
        let mut decider = Recorded::new(answers.clone());
        let result = play(&mut board, &mut dice, &mut chronicle, &mut decider, step);
        let (request, die) = match result {
            Err(Interrupt::Decide(r)) if decider.used == answers.len() => (Some(*r), None),
            Err(Interrupt::Dice(DiceError::NeedDie { reason, .. })) => (None, Some(reason)),
            Ok(()) => return Err("the step ends with these answers".into()),
            Err(other) => return Err(format!("the step stops at: {other}")),
        };
        let turn = board.turn.turn;
        Ok(Waiting {
            rolled: dice.rolled().saturating_sub(start_dice.rolled()),
            step,
            start_board,
            start_dice,
            answers,
            request,
            die,
            now: board,
            turn,
        })
    }

    /// The step the game waits in.
    pub fn step(&self) -> Step {
        self.step
    }

    /// The question the game waits at, if it waits for a decision.
    pub fn request(&self) -> Option<&Request> {
        self.request.as_ref()
    }

    /// The die the game waits for (physical dice), if any.
    pub fn die(&self) -> Option<&str> {
        self.die.as_deref()
    }

    /// The board as the step began.
    pub fn start_board(&self) -> &Board {
        &self.start_board
    }

    /// The board as far as the step got.
    pub fn now(&self) -> &Board {
        &self.now
    }

    /// The step's answers so far.
    pub fn answers(&self) -> &[Decision] {
        &self.answers
    }

    /// The campaign turn.
    pub fn turn(&self) -> u32 {
        self.turn
    }

    /// The dice rolled in the step so far (all shown in the Chronicle),
    /// read from a copy of the step's starting dice: the game's own dice
    /// are neither read ahead nor advanced.
    pub fn seen_dice(&self) -> Result<Vec<u32>, String> {
        let mut seen = self.start_dice.clone();
        (0..self.rolled)
            .map(|_| seen.d10("a die already rolled").map_err(|e| e.to_string()))
            .collect()
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
        let result = play(
            &mut board,
            &mut dice,
            &mut chronicle,
            &mut decider,
            self.step,
        );
        let (request, die) = match result {
            Err(Interrupt::Decide(r)) if decider.used == answers.len() => (Some(*r), None),
            Err(Interrupt::Dice(DiceError::NeedDie { reason, .. })) => (None, Some(reason)),
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

/// A save read, its campaign loaded and replayed to where it waits, with
/// the source named as `fcrel odds` names it. Messages name the file.
pub fn waiting_in_save(path: &Path) -> Result<(Waiting, SourceInfo), String> {
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
        file,
        name: format!("{}, turn {}", save.campaign_name, w.turn),
    };
    Ok((w, source))
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

/// Play `step` on `board` with these dice and answers.
fn play(
    board: &mut Board,
    dice: &mut Dice,
    chronicle: &mut Chronicle,
    decider: &mut Recorded,
    step: Step,
) -> Result<(), Interrupt> {
    let mut ctx = Ctx {
        board,
        dice,
        chronicle,
        decider,
    };
    crate::rules::turn::play_step(&mut ctx, step)
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

/// Run the Resolve Battles step again from its start, with the answers
/// made in it, to find where it stops: at the choice of the next battle, or
/// inside a battle, which the step records as it begins (its board, dice
/// and the answers given so far, `Board::battle_starts`). The stop found
/// must be the one the game waits at (checked by the caller).
fn locate_in_step(w: &Waiting) -> Result<(InStep, Interrupt), String> {
    let mut board = w.start_board.clone();
    board.battles = None;
    board.battle_starts = Some(Vec::new());
    let mut dice = w.start_dice.clone();
    let mut chronicle = Chronicle::default();
    let mut decider = Recorded::new(w.answers.clone());
    let result = play(&mut board, &mut dice, &mut chronicle, &mut decider, w.step);
    let why = match result {
        Ok(()) if board.progress.result.is_some() => {
            return Err("the campaign ended in an earlier battle of the step".into());
        }
        Ok(()) => return Err("the step has no battle left to fight".into()),
        Err(why) => why,
    };
    let starts = board.battle_starts.take().unwrap_or_default();
    // 9.3: the question of which battle is fought next.
    let choosing: Option<Vec<String>> = match &why {
        Interrupt::Decide(r) | Interrupt::Illegal { request: r, .. } => r
            .options
            .iter()
            .map(|d| match d {
                Decision::FightBattleAt { area } => Some(area.to_string()),
                _ => None,
            })
            .collect(),
        _ => None,
    };
    if let Some(pending) = choosing {
        return Ok((InStep::Choosing { board, pending }, why));
    }
    let Some(start) = starts.into_iter().last() else {
        return Err("the step stopped before any battle began".into());
    };
    let found = InStep::Fighting {
        rolled: dice.rolled() - start.dice.rolled(),
        decisions: w.answers[start.answered..decider.used].to_vec(),
        board: *start.board,
        dice: start.dice,
        area: start.area,
    };
    Ok((found, why))
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
    // R-Opt-used-with: the one "Used with" check, at the field named.
    let options = crate::rules::difficulty::GameOptions {
        battles: mode,
        ..w.start_board.options
    };
    if let Some(n) = options.not_used_with().first() {
        return Err(format!(
            "{file}: options.{}: {n}{}",
            n.rule.field,
            if mode == save_mode {
                String::new()
            } else {
                format!(" (--battles {})", mode.key())
            }
        ));
    }
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
    let (board, spec, prefix_dice, prefix_decisions) = if let Some(game) =
        w.start_board.stand_alone.clone()
    {
        // A stand-alone battle is the whole game, fought in its one step:
        // from the step's start, its dice and answers so far replayed.
        let mut dice = w.start_dice.clone();
        let mut prefix = Vec::with_capacity(w.rolled as usize);
        for _ in 0..w.rolled {
            prefix.push(
                dice.d10("odds: a die already rolled").map_err(|e| {
                    format!("{file}: the dice of the battle cannot be replayed: {e}")
                })?,
            );
        }
        let spec = BattleSpec {
            area: game.area.clone(),
            attacker: game.attacker,
        };
        (w.start_board.clone(), spec, prefix, w.answers.clone())
    } else if is_battle_step(w.step) {
        let (found, why) = locate_in_step(w)
            .map_err(|e| format!("{file}: the battle the game waits in could not be found: {e}"))?;
        let same = match (&why, &w.request, &w.die) {
            (Interrupt::Decide(r), Some(req), _) => r.same_question(req),
            (Interrupt::Dice(DiceError::NeedDie { reason, .. }), None, Some(d)) => reason == d,
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
                            "The battle is under way: each trial replays its {} and {} so far, then goes on with its own dice and the policy; hits and losses count from the battle's start.",
                            crate::chronicle::counted(rolled as i64, "die roll", "die rolls"),
                            crate::chronicle::counted(decisions.len() as i64, "decision", "decisions")
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
            .map(|a| a.to_string())
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
