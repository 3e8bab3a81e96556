//! 8.0 Sequence of Play in the ECS: `GameState` (no campaign, playing,
//! over) with the step of the turn as its sub-state (`turn::Step`). Each
//! frame the current step is run on a board taken from the world with the
//! player's decisions so far; it either finishes (the board is written back,
//! the state moves to the next step) or stops at a decision, which waits in
//! [`PendingDecision`] for a [`Decide`] message. A game is its set-up plus
//! its decisions: a step is re-run from its start with one more answer, and
//! the same dice give the same rolls.

use bevy::prelude::*;

use super::board::Board;
use super::commander::Policy;
use super::ctx::Ctx;
use super::decision::{Decider, Decision, Interrupt, Recorded, Request};
use super::turn::{Step, play_step};
use super::view::changes::SinceDecision;
use crate::chronicle::Chronicle;
use crate::dice::Dice;

#[derive(States, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum GameState {
    #[default]
    NoCampaign,
    Playing,
    Over,
}

// The steps of a Campaign Turn are the sub-state of a campaign in play,
// written out here (what `#[derive(SubStates)]` would write on `Step`) so
// that the plain rules (`rules::turn`) know nothing of the Bevy states.
impl bevy::state::state::SubStates for Step {
    type SourceStates = GameState;

    fn should_exist(sources: GameState) -> Option<Self> {
        (sources == GameState::Playing).then_some(Step::default())
    }
}

impl States for Step {
    const DEPENDENCY_DEPTH: usize =
        <GameState as bevy::state::state::StateSet>::SET_DEPENDENCY_DEPTH + 1;
}

impl bevy::state::state::FreelyMutableState for Step {}

/// The player's answers in the current step, in order. After a load it
/// also holds the answers of the steps still to be replayed: a finished
/// step hands the answers it did not use to the next.
#[derive(Resource, Debug, Clone, Default)]
pub struct StepDecisions {
    pub answers: Vec<Decision>,
}

/// Everything the player decided in the steps played to their end, and the
/// physical dice typed in: with the campaign and its options, the whole
/// game (a save or a replay is this log).
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct GameLog {
    pub decisions: Vec<Decision>,
    pub dice: Vec<u32>,
    /// Where the program's dice are seeded again (a what-if branch with
    /// fresh dice, `dice::Reseed`); empty for every other game.
    pub reseeds: Vec<crate::dice::Reseed>,
    /// The game is a what-if branch of another: its name and where it
    /// came from (kept by every save of it).
    pub branch: Option<Branch>,
}

/// Where a what-if branch came from (`save::branch`): a new game holding
/// another game's set-up and its first `kept` decisions.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Branch {
    /// The branch's name: "<game> — branch at Turn N, instead of <decision>".
    pub name: String,
    /// The game it branched from (its id, `save::GameId`) and that game's
    /// name, so a list of saves can show the branch under it.
    pub parent: u64,
    pub parent_name: String,
    /// How many of the parent's decisions it keeps, and the Campaign Turn
    /// it branched at.
    pub kept: usize,
    pub turn: u32,
    /// The parent's decision it takes back, in words (none when the
    /// branch keeps every decision).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub instead_of: Option<String>,
    /// True: the same dice as the parent after the branch point too (the
    /// same stream, die for die); false: fresh dice from there.
    pub same_dice: bool,
    /// Dice rolled when the branch began: where fresh dice begin.
    pub rolled: u64,
}

impl GameLog {
    /// The decisions so far, those of the step in progress included.
    pub fn with_current(&self, step: &StepDecisions) -> Vec<Decision> {
        let mut all = self.decisions.clone();
        all.extend(step.answers.iter().cloned());
        all
    }

    /// Whether `decisions` are the decisions so far (those of the step in
    /// progress included), compared in place without copying them.
    pub fn is_now(&self, step: &StepDecisions, decisions: &[Decision]) -> bool {
        decisions.len() == self.decisions.len() + step.answers.len()
            && decisions
                .iter()
                .eq(self.decisions.iter().chain(&step.answers))
    }
}

/// What the current step waits for, if anything.
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct PendingDecision {
    /// The question and its legal answers.
    pub request: Option<Request>,
    /// A physical die to enter, and what it is for.
    pub die: Option<String>,
    /// For a random pick, which numbers choose what.
    pub die_key: Option<String>,
    /// What each face of that die does (a check's success range, an
    /// attack's Hits, a table's rows, a pick's candidates), typed.
    pub die_faces: Option<crate::dice::DieFaces>,
    /// Why play cannot go on (something this build cannot play).
    pub blocked: Option<String>,
    /// Dice rolled in the step before it stopped: answers can be taken back
    /// only while this is 0 (no die rolled, no hidden information shown).
    pub dice_rolled_in_step: u64,
}

/// The player's answer to the pending request.
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub struct Decide(pub Decision);

/// A physical die the player rolled, for the pending roll.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct EnterDie(pub u32);

/// Take back the last answer of this step (only before any die is rolled).
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct UndoDecision;

/// The game as it was when the current step began: every run of the step
/// starts from here, while the world shows the step's progress so far.
#[derive(Resource, Default)]
pub struct StepStart(pub Option<(Board, Dice, Chronicle)>);

/// Answer every decision with this policy (headless play, the simulator's
/// commander inside an `App`).
#[derive(Resource, Debug, Clone, Copy)]
pub struct ScriptedCommander(pub Policy);

pub(super) fn plugin(app: &mut App) {
    app.init_state::<GameState>()
        .add_sub_state::<Step>()
        .init_resource::<StepDecisions>()
        .init_resource::<GameLog>()
        .init_resource::<PendingDecision>()
        .init_resource::<StepStart>()
        .init_resource::<SinceDecision>()
        .add_message::<Decide>()
        .add_message::<UndoDecision>()
        .add_message::<EnterDie>()
        .add_systems(
            Update,
            (
                take_decisions,
                remember_positions,
                take_dice,
                scripted_commander,
                run_step,
            )
                .chain()
                .in_set(RulesSystems)
                .run_if(in_state(GameState::Playing)),
        );
}

/// The systems that take the player's answers and run the current step:
/// a system ordered after them sees the question the step now asks before
/// any commander answers it (the screenshot tour).
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct RulesSystems;

fn take_decisions(
    mut decide: MessageReader<Decide>,
    mut undo: MessageReader<UndoDecision>,
    mut answers: ResMut<StepDecisions>,
    mut pending: ResMut<PendingDecision>,
    mut since: ResMut<SinceDecision>,
) {
    for Decide(d) in decide.read() {
        if let Some(r) = &pending.request
            && r.options.contains(d)
        {
            answers.answers.push(*d);
            pending.request = None;
            // The Union turn's moves are news until the player moves again
            // (with no list yet, as after a load, one starts here).
            if !d.steers_union_orders() || since.positions.is_none() {
                since.taken();
            }
        }
    }
    for _ in undo.read() {
        if pending.dice_rolled_in_step == 0 && answers.answers.pop().is_some() {
            // The step runs again without it: whatever it waited for goes.
            pending.request = None;
            pending.die = None;
        }
    }
}

/// The world as the player answered (the step as far as it got when it
/// asked): what changes from here is "what changed".
fn remember_positions(world: &mut World) {
    if !world.resource::<SinceDecision>().is_taken() {
        return;
    }
    let positions = Board::from_world(world).map(|b| b.positions());
    world.resource_mut::<SinceDecision>().remember(positions);
}

/// A typed-in die goes to the step's starting dice (every run of the step
/// starts there) and to the world's.
fn take_dice(world: &mut World) {
    let entered: Vec<u32> = world
        .resource_mut::<Messages<EnterDie>>()
        .drain()
        .map(|EnterDie(v)| v)
        .collect();
    for v in entered {
        if let Some((_, dice, _)) = world.resource_mut::<StepStart>().0.as_mut() {
            let _ = dice.enter(v);
        }
        let _ = world.resource_mut::<Dice>().enter(v);
        world.resource_mut::<GameLog>().dice.push(v);
        let mut pending = world.resource_mut::<PendingDecision>();
        pending.die = None;
        pending.die_key = None;
        pending.die_faces = None;
    }
}

fn scripted_commander(world: &mut World) {
    let Some(ScriptedCommander(mut policy)) = world.get_resource::<ScriptedCommander>().copied()
    else {
        return;
    };
    let Some(request) = world.resource::<PendingDecision>().request.clone() else {
        return;
    };
    let Some(board) = Board::from_world(world) else {
        return;
    };
    if let Ok(d) = policy.decide(&board, &request) {
        world.resource_mut::<StepDecisions>().answers.push(d);
        world.resource_mut::<PendingDecision>().request = None;
    }
}

/// Run the current step with the answers so far.
pub fn run_step(world: &mut World) {
    {
        let pending = world.resource::<PendingDecision>();
        if pending.request.is_some() || pending.blocked.is_some() || pending.die.is_some() {
            return;
        }
    }
    let Some(step) = world.get_resource::<State<Step>>().map(|s| *s.get()) else {
        return;
    };
    if world.resource::<StepStart>().0.is_none() {
        let Some(mut board) = Board::from_world(world) else {
            return;
        };
        // Battles are recorded when the world keeps a record (the app).
        board.battles = world
            .get_resource::<crate::rules::battle::record::BattleRecords>()
            .cloned();
        board.keep_all_battles =
            world.contains_resource::<crate::rules::battle::record::KeepAllBattles>();
        let start = (
            board,
            world.resource::<Dice>().clone(),
            world.resource::<Chronicle>().clone(),
        );
        world.resource_mut::<StepStart>().0 = Some(start);
    }
    let (mut board, mut dice, mut chronicle) = {
        let start = world.resource::<StepStart>().0.as_ref().expect("set above");
        (start.0.clone(), start.1.clone(), start.2.clone())
    };
    let rolled_before = dice.rolled();
    let mut decider = Recorded::new(world.resource::<StepDecisions>().answers.clone());
    let result = {
        let mut ctx = Ctx {
            board: &mut board,
            dice: &mut dice,
            chronicle: &mut chronicle,
            decider: &mut decider,
        };
        play_step(&mut ctx, step)
    };
    let mut pending = PendingDecision {
        dice_rolled_in_step: dice.rolled() - rolled_before,
        ..PendingDecision::default()
    };
    // The world shows the step as far as it got.
    board.commit(world);
    world.insert_resource(dice);
    world.insert_resource(chronicle);
    match result {
        Ok(()) => {
            world.resource_mut::<StepStart>().0 = None;
            // The step's answers go to the log; any left over (a load being
            // replayed) belong to the steps after it.
            let used: Vec<Decision> = world
                .resource_mut::<StepDecisions>()
                .answers
                .drain(..decider.used)
                .collect();
            world.resource_mut::<GameLog>().decisions.extend(used);
            if board.progress.result.is_some() {
                world
                    .resource_mut::<NextState<GameState>>()
                    .set(GameState::Over);
            } else {
                world.resource_mut::<NextState<Step>>().set(step.next());
            }
            pending.dice_rolled_in_step = 0;
        }
        Err(Interrupt::Decide(request)) => pending.request = Some(*request),
        Err(Interrupt::Dice(crate::dice::DiceError::NeedDie { reason, key, faces })) => {
            pending.die = Some(reason);
            pending.die_key = key;
            pending.die_faces = faces.map(|f| *f);
        }
        Err(Interrupt::Illegal { .. }) => {
            // Never reached through `take_decisions`, which only accepts
            // legal answers; a replayed file can hold one: it and the
            // answers after it are dropped, and the step asks again.
            world
                .resource_mut::<StepDecisions>()
                .answers
                .truncate(decider.used);
        }
        Err(other) => pending.blocked = Some(other.to_string()),
    }
    world.insert_resource(pending);
}
