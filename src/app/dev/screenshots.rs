//! `fcrel --screenshots DIR`: a scripted tour of the screens (menu,
//! settings, set-up, the map in the Confederate turn, a Quick battle panel,
//! resupply, a Union turn, the end of a campaign; then a campaign with Basic
//! battles as a Grand Campaign: the pre-battle panel, Battle Plan
//! assignment, the Battlefield Sheet in the middle of a battle turn, its end
//! with the Player Log; then the Load screen and the Player Log; then a
//! campaign with Advanced battles: the set-up on the Advanced Battlefield
//! Sheet's Squares, a battle turn, a March into a Square and a target to
//! choose, `battle-sheet_advanced-*`, after the Basic shots), each saved
//! as a PNG; then a stand-alone battle from the main menu's Battles: its
//! sheet, a Union Force hovered with a Confederate Force selected
//! (`battle-stand-alone-hover`) and its end (`battle-stand-alone-end`);
//! then quit. `FCREL_TOUR_FROM=battles` takes only the stand-alone shots
//! (the window's size from the settings in `FCREL_DATA_DIR`, e.g.
//! 1280×720). Works under `xvfb-run`. The odds advisor is shot
//! on a move into the Union army (`advisor-move`) and at the first
//! fight-on choice of a Quick battle (`advisor-fight-on`, 14.5.1), and its
//! estimate is waited for on the battle shots that show it.

use std::path::PathBuf;

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, save_to_disk};

use crate::app::battle::BattleScreen;
use crate::app::{Screen, SetupChoice};
use crate::campaign::Side;
use crate::rules::battle::record::{BattleRecords, EventKind, SheetView};
use crate::rules::commander::Policy;
use crate::rules::decision::Decision;
use crate::rules::difficulty::BattleMode;
use crate::rules::sequence::{GameState, PendingDecision, ScriptedCommander};
use crate::rules::turn::Step;

#[derive(Resource)]
pub struct Tour {
    dir: PathBuf,
    stage: usize,
    wait: u32,
    battle_shot: bool,
    /// The advisor's estimates shot: a move into the Union army, fighting
    /// on in a Quick battle.
    move_shot: bool,
    fight_on_shot: bool,
    /// Basic-battle shots taken: pre-battle, assignment, mid-turn sheet.
    basic_shots: [bool; 3],
    /// Advanced-battle shots taken: set-up, mid-turn sheet, a March into
    /// a Square, a target, a Melee Square, a declared target (A12.3).
    advanced_shots: [bool; 6],
    /// The stage to go back to after a shot.
    resume: usize,
    /// The campaign whose opening map is shot next (index in the catalog).
    map_index: usize,
    /// Campaigns of the tour's Grand Campaign finished so far.
    grand_played: usize,
    /// Only the stand-alone battle's shots (`FCREL_TOUR_FROM=battles`).
    battles_only: bool,
    /// Where the pointer is put (a hover shot), until it is put elsewhere.
    pointer: Option<Vec2>,
}

impl Tour {
    /// Go on to a stage, which waits for its own frames.
    fn go(&mut self, stage: usize) {
        self.stage = stage;
        self.wait = 0;
    }

    /// Take a shot and, once it is taken, let the commander play on from
    /// `resume`.
    fn shot_then(&mut self, commands: &mut Commands, name: &str, resume: usize) {
        shot(commands, self, name);
        self.resume = resume;
        self.go(40);
    }

    pub fn new(dir: PathBuf) -> Tour {
        let battles_only = std::env::var("FCREL_TOUR_FROM").is_ok_and(|v| v == "battles");
        Tour {
            dir,
            stage: if battles_only { 90 } else { 0 },
            battles_only,
            pointer: None,
            wait: 0,
            battle_shot: false,
            move_shot: false,
            fight_on_shot: false,
            basic_shots: [false; 3],
            advanced_shots: [false; 6],
            resume: 0,
            map_index: 1,
            grand_played: 0,
        }
    }
}

pub(in crate::app) fn plugin(app: &mut App) {
    // After the rules: every question a step asks is seen before the
    // commander answers it (a fight-on choice lasts a single frame).
    app.add_systems(
        Update,
        (
            tour.after(crate::rules::sequence::RulesSystems)
                .after(crate::app::view::refresh),
            point,
        ),
    );
}

/// The tour's pointer, as the window would report it (egui hovers there),
/// once for each place: a tooltip waits for the pointer to keep still.
fn point(
    tour: Res<Tour>,
    window: Query<Entity, With<bevy::window::PrimaryWindow>>,
    mut events: MessageWriter<bevy::window::WindowEvent>,
    mut sent: Local<Option<Vec2>>,
) {
    let (Some(at), Ok(window)) = (tour.pointer, window.single()) else {
        return;
    };
    if *sent == Some(at) {
        return;
    }
    *sent = Some(at);
    events.write(bevy::window::WindowEvent::CursorMoved(
        bevy::window::CursorMoved {
            window,
            position: at,
            delta: None,
        },
    ));
}

fn shot(commands: &mut Commands, tour: &Tour, name: &str) {
    let _ = std::fs::create_dir_all(&tour.dir);
    let path = tour.dir.join(format!("{name}.png"));
    info!("screenshot: {}", path.display());
    commands
        .spawn(Screenshot::primary_window())
        .observe(save_to_disk(path));
}

/// Show this battle, played back to its latest event.
fn show(screen: &mut BattleScreen, records: &BattleRecords, id: usize) {
    screen.id = Some(id);
    screen.cursor = records
        .battles
        .iter()
        .find(|b| b.id == id)
        .map_or(0, |b| b.events.len());
}

/// The latest Battlefield Sheet of the battle being fought.
/// Start the chosen campaign with Quick battles and seed 7.
fn start_quick(choice: &mut SetupChoice, next: &mut NextState<Screen>) {
    choice.options.battles = BattleMode::Quick;
    choice.options.seed = 7;
    next.set(Screen::Game);
}

/// A fight-on choice (14.5.1) waits: the commander stops, the battle is
/// shown with the advisor's estimate, then play resumes at `back`.
fn fight_on(
    commands: &mut Commands,
    tour: &mut Tour,
    screen: &mut BattleScreen,
    records: Option<&BattleRecords>,
    back: usize,
) {
    commands.remove_resource::<ScriptedCommander>();
    if let Some(rec) = records
        && let Some(b) = rec.battles.last()
    {
        show(screen, rec, b.id);
    }
    tour.resume = back;
    tour.go(16);
}

fn latest_sheet(records: &BattleRecords) -> Option<(usize, &SheetView)> {
    let b = records.battles.last()?;
    let sheet = b.events.iter().rev().find_map(|e| match &e.kind {
        EventKind::Sheet { sheet, .. } => Some(sheet),
        _ => None,
    })?;
    Some((b.id, sheet))
}

#[allow(clippy::too_many_arguments)]
fn tour(
    mut commands: Commands,
    (mut screen, records): (ResMut<BattleScreen>, Option<Res<BattleRecords>>),
    mut tour: ResMut<Tour>,
    mut next: ResMut<NextState<Screen>>,
    mut next_game: ResMut<NextState<GameState>>,
    mut choice: ResMut<SetupChoice>,
    pending: Option<Res<PendingDecision>>,
    step: Option<Res<State<Step>>>,
    game: Res<State<GameState>>,
    (mut exit, catalog): (MessageWriter<AppExit>, Res<crate::app::Catalog>),
    (grand, log): (
        Res<crate::player_log::CurrentGrand>,
        Res<crate::app::player_log::LogState>,
    ),
    (advisor, view, mut selection, answers): (
        Res<crate::app::advisor::Advisor>,
        Option<Res<crate::rules::view::GameView>>,
        ResMut<crate::app::view::Selection>,
        Option<Res<crate::rules::sequence::StepDecisions>>,
    ),
    mut decision: ResMut<crate::app::panels::decision::DecisionState>,
) {
    tour.wait += 1;
    // Give each screen a moment to lay out and render.
    let settled = tour.wait > 40;
    // A shot showing the advisor waits for its estimate (or gives up).
    let estimated = !matches!(
        advisor.estimate,
        Some(crate::app::advisor::Estimate::Working)
    ) || tour.wait > 2_000;
    let request = pending.as_ref().and_then(|p| p.request.clone());
    // The Confederate Moves of turn 1 wait for the player.
    let moves = |r: &crate::rules::decision::Request| {
        r.battle_location.is_none()
            && step
                .as_ref()
                .is_some_and(|s| *s.get() == Step::ConfederateMoves)
            && r.options.contains(&Decision::EndMoves)
    };
    let first_moves = request.as_ref().is_some_and(moves);
    // On a battle shot, the battle is shown as far as it has been fought.
    if matches!(
        tour.stage,
        13 | 16 | 22 | 24 | 26 | 40 | 74..=77 | 79 | 80 | 94 | 96
    ) && let Some(rec) = records.as_ref()
        && let Some(id) = screen.id
    {
        show(&mut screen, rec, id);
    }
    // While the commander plays, finished battles are put away.
    if let Some(rec) = records.as_ref()
        && !matches!(
            tour.stage,
            13 | 16 | 22 | 24 | 26 | 28 | 40 | 74..=77 | 79 | 80 | 93..=96
        )
    {
        for b in rec.battles.iter().filter(|b| b.ending.is_some()) {
            if !screen.closed.contains(&b.id) {
                screen.closed.push(b.id);
            }
        }
    }
    match tour.stage {
        0 if settled => {
            shot(&mut commands, &tour, "menu");
            tour.go(1);
        }
        1 if settled => {
            next.set(Screen::Settings);
            tour.go(10);
        }
        10 if settled => {
            shot(&mut commands, &tour, "settings");
            // The set-up shot shows the same "random" seed every run.
            choice.random_seed = Some(7);
            next.set(Screen::Setup);
            tour.go(2);
        }
        2 if settled => {
            shot(&mut commands, &tour, "setup");
            start_quick(&mut choice, &mut next);
            tour.go(3);
        }
        3 if settled && first_moves => {
            shot(&mut commands, &tour, "map");
            // Lee's moves that would leave him alone are in red (3.2), and
            // ending the Moves with every Force unmoved is asked again.
            selection.force = Some("lee".into());
            decision.confirm = Some(Decision::EndMoves);
            tour.go(200);
        }
        200 if settled => {
            shot(&mut commands, &tour, "confirm-end-moves");
            tour.go(201);
        }
        201 if settled => {
            selection.force = None;
            decision.confirm = None;
            commands.insert_resource(ScriptedCommander(Policy::Objective));
            tour.go(11);
        }
        // A Quick battle once the Battle Resolution Table has been rolled.
        11 if !tour.battle_shot
            && records.as_ref().is_some_and(|r| {
                r.battles.last().is_some_and(|b| {
                    b.events
                        .iter()
                        .any(|e| matches!(&e.kind, EventKind::Resolution(r) if r.die.is_some()))
                })
            }) =>
        {
            commands.remove_resource::<ScriptedCommander>();
            if let Some(rec) = records.as_ref()
                && let Some(b) = rec.battles.last()
            {
                show(&mut screen, rec, b.id);
            }
            tour.go(13);
        }
        13 if settled && estimated => {
            tour.battle_shot = true;
            tour.shot_then(&mut commands, "battle-quick", 11);
        }
        // A move into the Union army waits for confirmation with the
        // advisor's estimate of the battle it brings.
        11 if !tour.move_shot
            && let Some(r) = request.as_ref()
            && moves(r)
            && let Some(Decision::MoveForce { force, to }) = view
                .as_ref()
                .and_then(|v| v.request.as_ref())
                .and_then(|v| v.choices.iter().find(|c| c.starts_battle))
                .map(|c| &c.decision) =>
        {
            commands.remove_resource::<ScriptedCommander>();
            selection.force = Some(force.to_string());
            selection.confirm = Some(to.to_string());
            tour.go(14);
        }
        14 if settled && estimated && advisor.estimate.is_some() => {
            tour.move_shot = true;
            tour.shot_then(&mut commands, "advisor-move", 15);
        }
        // Fight on or retreat (14.5.1), with the advisor's estimate.
        11 if !tour.fight_on_shot
            && tour.battle_shot
            && request
                .as_ref()
                .is_some_and(|r| r.options.contains(&Decision::FightOn)) =>
        {
            fight_on(
                &mut commands,
                &mut tour,
                &mut screen,
                records.as_deref(),
                11,
            );
        }
        16 if settled && estimated && advisor.estimate.is_some() => {
            tour.fight_on_shot = true;
            let back = tour.resume;
            tour.shot_then(&mut commands, "advisor-fight-on", back);
        }
        // Put the weighed move away; the commander plays on.
        15 => {
            selection.force = None;
            selection.confirm = None;
            tour.go(11);
        }
        // The commander stops at the Confederate Resupply for its panel.
        11 if step
            .as_ref()
            .is_some_and(|s| *s.get() == Step::ConfederateResupply) =>
        {
            commands.remove_resource::<ScriptedCommander>();
            tour.go(12);
        }
        12 if settled
            && pending.as_ref().is_some_and(|p| {
                p.request
                    .as_ref()
                    .is_some_and(|r| r.options.contains(&Decision::EndResupply))
            }) =>
        {
            shot(&mut commands, &tour, "resupply");
            commands.insert_resource(ScriptedCommander(Policy::Objective));
            tour.go(4);
        }
        // No resupply choice this turn: go on.
        12 if tour.wait > 400 => {
            commands.insert_resource(ScriptedCommander(Policy::Objective));
            tour.go(4);
        }
        4 if step
            .as_ref()
            .is_some_and(|s| *s.get() == Step::BattlesAfterOrders) =>
        {
            commands.remove_resource::<ScriptedCommander>();
            tour.go(5);
        }
        5 if settled => {
            shot(&mut commands, &tour, "union-turn");
            commands.insert_resource(ScriptedCommander(Policy::Objective));
            tour.go(6);
        }
        // Most Quick battles end in one battle turn: the first fight-on
        // choice may come in a later Campaign Turn.
        6 if !tour.fight_on_shot
            && request
                .as_ref()
                .is_some_and(|r| r.options.contains(&Decision::FightOn)) =>
        {
            fight_on(&mut commands, &mut tour, &mut screen, records.as_deref(), 6);
        }
        6 if *game.get() == GameState::Over && tour.wait > 10 => {
            tour.go(7);
        }
        7 if settled => {
            shot(&mut commands, &tour, "end");
            tour.go(8);
        }
        // A second campaign, with Basic battles.
        8 if settled => {
            crate::app::to_menu(&mut next, &mut next_game);
            tour.go(20);
        }
        // As a Grand Campaign (21.0), so that its end goes to the Player Log.
        20 if settled => {
            choice.options.battles = BattleMode::Basic;
            choice.options.seed = 5;
            choice.grand = true;
            next.set(Screen::Game);
            tour.go(30);
        }
        // The new campaign asks its first question: the commander takes over.
        30 if settled && request.is_some() => {
            commands.insert_resource(ScriptedCommander(Policy::Objective));
            tour.go(21);
        }
        21 if !tour.basic_shots[0]
            && request.as_ref().is_some_and(|r| {
                // A battle's first questions (10.2.11, 10.2.12, 14.0.1,
                // 10.2.20), by their answers.
                r.battle_location.is_some()
                    && r.options.iter().any(|d| {
                        matches!(
                            d,
                            Decision::BuyBattlePlans { .. }
                                | Decision::EndInsights
                                | Decision::EndRemovals
                                | Decision::ScreenedApproach { .. }
                        )
                    })
            }) =>
        {
            commands.remove_resource::<ScriptedCommander>();
            if let Some(rec) = records.as_ref()
                && let Some(b) = rec.battles.last()
            {
                show(&mut screen, rec, b.id);
            }
            tour.go(22);
        }
        22 if settled => {
            tour.basic_shots[0] = true;
            tour.shot_then(&mut commands, "battle-pre", 21);
        }
        // Battle Plans being assigned: one already given, a Force picked.
        21 if !tour.basic_shots[1]
            && request
                .as_ref()
                .is_some_and(|r| r.options.contains(&Decision::EndAssign))
            && records
                .as_ref()
                .and_then(|r| latest_sheet(r))
                .is_some_and(|(_, s)| s.assigned >= 1) =>
        {
            commands.remove_resource::<ScriptedCommander>();
            if let Some(rec) = records.as_ref()
                && let Some((id, s)) = latest_sheet(rec)
            {
                screen.picked = s
                    .units
                    .iter()
                    .find(|u| u.side == Side::Confederate && u.counter.is_none() && !u.in_melee)
                    .map(|u| u.force.clone());
                show(&mut screen, rec, id);
            }
            tour.go(24);
        }
        24 if settled && estimated => {
            tour.basic_shots[1] = true;
            tour.shot_then(&mut commands, "battle-assign", 21);
        }
        // The middle of resolution: some Forces have acted, others still
        // carry their counters.
        21 if !tour.basic_shots[2]
            && request
                .as_ref()
                .is_some_and(|r| r.options.iter().any(|d| matches!(d, Decision::Act { .. })))
            && records
                .as_ref()
                .and_then(|r| latest_sheet(r))
                .is_some_and(|(_, s)| {
                    s.units.iter().any(|u| u.acted)
                        && s.units.iter().any(|u| u.counter.is_some())
                        && !s.drawn.is_empty()
                }) =>
        {
            commands.remove_resource::<ScriptedCommander>();
            screen.picked = None;
            if let Some(rec) = records.as_ref()
                && let Some((id, _)) = latest_sheet(rec)
            {
                show(&mut screen, rec, id);
            }
            tour.go(26);
        }
        26 if settled => {
            tour.basic_shots[2] = true;
            tour.shot_then(&mut commands, "battle-sheet", 21);
        }
        21 if *game.get() == GameState::Over && tour.wait > 10 => {
            tour.go(28);
        }
        28 if settled => {
            info!(
                "the Basic-battle campaign ended; shots taken: {:?}",
                tour.basic_shots
            );
            shot(&mut commands, &tour, "end-basic");
            tour.go(29);
        }
        // The saves the two campaigns left (with a data folder of its own).
        29 if settled => {
            crate::app::to_menu(&mut next, &mut next_game);
            tour.go(31);
        }
        31 if settled => {
            next.set(Screen::Load);
            tour.go(32);
        }
        32 if settled => {
            shot(&mut commands, &tour, "load");
            next.set(Screen::PlayerLog);
            tour.go(34);
        }
        34 if settled => {
            shot(&mut commands, &tour, "player-log");
            tour.go(70);
        }
        // A third campaign, with Advanced battles (A10.0-A15.0).
        70 if settled => {
            crate::app::to_menu(&mut next, &mut next_game);
            tour.go(71);
        }
        71 if settled => {
            choice.options.battles = BattleMode::Advanced;
            choice.options.seed = 5;
            choice.campaign = 0;
            choice.grand = false;
            next.set(Screen::Game);
            tour.go(72);
        }
        72 if settled && request.is_some() => {
            commands.insert_resource(ScriptedCommander(Policy::Objective));
            tour.go(73);
        }
        // The set-up (A10.2.14), a Force or more already placed, a Square
        // picked for the next with both Formations offered beside it.
        73 if !tour.advanced_shots[0]
            && let Some(r) = request.as_ref()
            && answers.as_ref().is_some_and(|a| {
                matches!(a.answers.last(), Some(Decision::PlaceOnSquare { .. }))
            })
            && let Some(both) = r.options.iter().find_map(|d| match d {
                Decision::PlaceOnSquare { square, .. }
                    if crate::app::battle::formations_at(r, *square).len() > 1 =>
                {
                    Some(*square)
                }
                _ => None,
            }) =>
        {
            commands.remove_resource::<ScriptedCommander>();
            if let Some(rec) = records.as_ref()
                && let Some(b) = rec.battles.last()
            {
                show(&mut screen, rec, b.id);
            }
            screen.square = Some(both);
            tour.go(74);
        }
        74 if settled => {
            tour.advanced_shots[0] = true;
            tour.shot_then(&mut commands, "battle-sheet_advanced-1-setup", 73);
        }
        // The middle of resolution, as the Basic shot.
        73 if !tour.advanced_shots[1]
            && request
                .as_ref()
                .is_some_and(|r| r.options.iter().any(|d| matches!(d, Decision::Act { .. })))
            && records
                .as_ref()
                .and_then(|r| latest_sheet(r))
                .is_some_and(|(_, s)| {
                    s.units.iter().any(|u| u.acted)
                        && s.units.iter().any(|u| u.counter.is_some())
                        && !s.drawn.is_empty()
                }) =>
        {
            commands.remove_resource::<ScriptedCommander>();
            screen.square = None;
            screen.picked = None;
            if let Some(rec) = records.as_ref()
                && let Some((id, _)) = latest_sheet(rec)
            {
                show(&mut screen, rec, id);
            }
            tour.go(75);
        }
        75 if settled => {
            tour.advanced_shots[1] = true;
            tour.shot_then(&mut commands, "battle-sheet_advanced-2-turn", 73);
        }
        // A March or Retreat into a Square, the Squares highlighted.
        73 if !tour.advanced_shots[2]
            && request.as_ref().is_some_and(|r| {
                r.options
                    .iter()
                    .any(|d| matches!(d, Decision::MarchInto { .. }))
            }) =>
        {
            commands.remove_resource::<ScriptedCommander>();
            if let Some(rec) = records.as_ref()
                && let Some((id, _)) = latest_sheet(rec)
            {
                show(&mut screen, rec, id);
            }
            tour.go(76);
        }
        76 if settled => {
            tour.advanced_shots[2] = true;
            tour.shot_then(&mut commands, "battle-sheet_advanced-3-march", 73);
        }
        // A Union Force to choose as a target, highlighted.
        73 if !tour.advanced_shots[3]
            && request.as_ref().is_some_and(|r| {
                r.options
                    .iter()
                    .any(|d| matches!(d, Decision::Target { .. }))
            }) =>
        {
            commands.remove_resource::<ScriptedCommander>();
            if let Some(rec) = records.as_ref()
                && let Some((id, _)) = latest_sheet(rec)
            {
                show(&mut screen, rec, id);
            }
            tour.go(77);
        }
        77 if settled => {
            tour.advanced_shots[3] = true;
            tour.shot_then(&mut commands, "battle-sheet_advanced-4-target", 73);
        }
        // A Square in Melee (A11.5), and a Flank or Rapid Advance aimed at
        // its target (A12.3), when the battles bring them.
        73 if !tour.advanced_shots[4]
            && request
                .as_ref()
                .is_some_and(|r| r.battle_location.is_some())
            && records
                .as_ref()
                .and_then(|r| latest_sheet(r))
                .is_some_and(|(_, s)| {
                    s.units.iter().any(|u| {
                        u.side == Side::Union
                            && u.square.is_some()
                            && s.units
                                .iter()
                                .any(|c| c.side == Side::Confederate && c.square == u.square)
                    })
                }) =>
        {
            commands.remove_resource::<ScriptedCommander>();
            if let Some(rec) = records.as_ref()
                && let Some((id, _)) = latest_sheet(rec)
            {
                show(&mut screen, rec, id);
            }
            tour.go(79);
        }
        79 if settled => {
            tour.advanced_shots[4] = true;
            tour.shot_then(&mut commands, "battle-sheet_advanced-5-melee", 73);
        }
        73 if !tour.advanced_shots[5]
            && request
                .as_ref()
                .is_some_and(|r| r.battle_location.is_some())
            && records
                .as_ref()
                .and_then(|r| latest_sheet(r))
                .is_some_and(|(_, s)| s.units.iter().any(|u| u.target.is_some())) =>
        {
            commands.remove_resource::<ScriptedCommander>();
            if let Some(rec) = records.as_ref()
                && let Some((id, _)) = latest_sheet(rec)
            {
                show(&mut screen, rec, id);
            }
            tour.go(80);
        }
        80 if settled => {
            tour.advanced_shots[5] = true;
            tour.shot_then(&mut commands, "battle-sheet_advanced-6-aim", 73);
        }
        73 if tour.advanced_shots.iter().all(|s| *s)
            || (*game.get() == GameState::Over && tour.wait > 10) =>
        {
            info!(
                "the Advanced-battle campaign: shots taken: {:?}",
                tour.advanced_shots
            );
            commands.remove_resource::<ScriptedCommander>();
            tour.go(78);
        }
        78 if settled => {
            crate::app::to_menu(&mut next, &mut next_game);
            tour.go(90);
        }
        // A stand-alone battle from the main menu's Battles.
        90 if settled => {
            choice.battle = Some("cornfield".into());
            next.set(Screen::Game);
            tour.go(91);
        }
        91 if settled && request.is_some() => {
            if let Some(rec) = records.as_ref()
                && let Some(b) = rec.battles.last()
            {
                show(&mut screen, rec, b.id);
            }
            tour.go(92);
        }
        92 if settled => {
            shot(&mut commands, &tour, "battle-stand-alone");
            commands.insert_resource(ScriptedCommander(Policy::Objective));
            tour.go(93);
        }
        // A Confederate Force picked that may attack a Union Force now,
        // the pointer on that Force: its relation on hover (A10.3, A11.0.1,
        // A11.4.2), its reach and its targets ringed.
        93 if request
            .as_ref()
            .is_some_and(|r| r.options.iter().any(|d| matches!(d, Decision::Act { .. })))
            && records
                .as_ref()
                .and_then(|r| latest_sheet(r))
                .is_some_and(|(_, s)| {
                    s.units.iter().any(|u| {
                        u.side == Side::Confederate
                            && u.relations.iter().any(|r| r.target && r.distance == 1)
                    })
                }) =>
        {
            commands.remove_resource::<ScriptedCommander>();
            if let Some(rec) = records.as_ref()
                && let Some((id, s)) = latest_sheet(rec)
            {
                screen.picked = s
                    .units
                    .iter()
                    .find(|u| {
                        u.side == Side::Confederate
                            && u.relations.iter().any(|r| r.target && r.distance == 1)
                    })
                    .map(|u| u.force.clone());
                show(&mut screen, rec, id);
            }
            tour.go(94);
        }
        94 => {
            let target = records
                .as_ref()
                .and_then(|r| latest_sheet(r))
                .and_then(|(_, s)| {
                    let picked = s
                        .units
                        .iter()
                        .find(|u| Some(&u.force) == screen.picked.as_ref())?;
                    let r = picked
                        .relations
                        .iter()
                        .find(|r| r.target && r.distance == 1)?;
                    Some(r.force.clone())
                });
            tour.pointer = target.and_then(|t| {
                let (_, at) = screen.counters.iter().find(|(f, _)| *f == t)?;
                Some(Vec2::new(at.center().x, at.center().y))
            });
            if settled && tour.pointer.is_some() {
                tour.shot_then(&mut commands, "battle-stand-alone-hover", 95);
            } else if tour.wait > 400 {
                tour.go(95);
            }
        }
        95 => {
            // The pointer off the sheet; the commander plays to the end.
            tour.pointer = Some(Vec2::new(4.0, 4.0));
            commands.insert_resource(ScriptedCommander(Policy::Objective));
            screen.picked = None;
            if *game.get() == GameState::Over {
                commands.remove_resource::<ScriptedCommander>();
                tour.pointer = None;
                tour.go(96);
            }
        }
        96 if settled => {
            shot(&mut commands, &tour, "battle-stand-alone-end");
            tour.go(97);
        }
        97 if tour.wait > 10 => {
            crate::app::to_menu(&mut next, &mut next_game);
            let next_stage = if tour.battles_only { 33 } else { 50 };
            tour.go(next_stage);
        }
        // Every other campaign's opening map, at its first Confederate Moves.
        50 if settled => {
            if tour.map_index >= catalog.campaigns.len() {
                tour.go(60);
            } else {
                choice.campaign = tour.map_index;
                choice.grand = false;
                start_quick(&mut choice, &mut next);
                tour.go(51);
            }
        }
        51 if settled && first_moves => {
            let name = format!("map-{}", catalog.campaigns[tour.map_index].id);
            shot(&mut commands, &tour, &name);
            tour.go(52);
        }
        52 if settled => {
            crate::app::to_menu(&mut next, &mut next_game);
            tour.map_index += 1;
            tour.go(50);
        }
        // A whole Grand Campaign (21.0), Very Quick battles, under the first
        // seed with which the scripted commander wins all five campaigns.
        60 if settled => {
            let mut options = choice.options;
            options.battles = BattleMode::VeryQuick;
            options.player = crate::rules::difficulty::PlayerLevel::Easy;
            options.union_cavalry_corps = false;
            let wins_all = |seed: u64| {
                catalog.campaigns.iter().all(|c| {
                    crate::sim::play(
                        c.clone(),
                        crate::rules::difficulty::GameOptions { seed, ..options },
                        Policy::Objective,
                    )
                    .is_ok_and(|g| g.result.victory)
                })
            };
            match (1..2_000u64).find(|&s| wins_all(s)) {
                Some(seed) => {
                    info!("the tour's Grand Campaign: seed {seed}");
                    options.seed = seed;
                    choice.options = options;
                    choice.seed_text = seed.to_string();
                    choice.campaign = 0;
                    choice.grand = true;
                    next.set(Screen::Game);
                    tour.go(61);
                }
                None => {
                    warn!("no seed wins all five campaigns: no Grand Campaign shots");
                    tour.go(33);
                }
            }
        }
        61 if settled && request.is_some() => {
            commands.insert_resource(ScriptedCommander(Policy::Objective));
            tour.go(62);
        }
        62 if settled && *game.get() == GameState::Over => {
            commands.remove_resource::<ScriptedCommander>();
            tour.go(65);
        }
        // Once the end-of-campaign window has faded in.
        65 if settled => {
            tour.grand_played += 1;
            let name = format!("grand-{}", tour.grand_played);
            shot(&mut commands, &tour, &name);
            tour.go(63);
        }
        63 if settled => {
            let next_campaign = grand.0.and_then(|g| {
                let id = log.loaded.as_ref()?.log.next_campaign(g)?;
                Some((g, catalog.campaigns.iter().position(|c| c.id == id)?))
            });
            crate::app::to_menu(&mut next, &mut next_game);
            match next_campaign {
                // As "Go on to …" does.
                Some((g, campaign)) => {
                    commands.insert_resource(crate::app::player_log::NextInGrand {
                        grand: g,
                        campaign,
                    });
                    tour.go(61);
                }
                None => {
                    next.set(Screen::PlayerLog);
                    tour.go(64);
                }
            }
        }
        64 if settled => {
            shot(&mut commands, &tour, "player-log-grand");
            tour.go(33);
        }
        33 if settled => {
            exit.write(AppExit::Success);
        }
        // After a shot, the commander plays on once the picture is taken.
        40 if tour.wait > 20 => {
            commands.insert_resource(ScriptedCommander(Policy::Objective));
            let resume = tour.resume;
            tour.go(resume);
        }
        _ => {}
    }
}
