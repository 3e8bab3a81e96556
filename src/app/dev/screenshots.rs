//! `fcrel --screenshots DIR`: a scripted tour of the screens (menu, the
//! design sheet of the theme (`design-sheet`: every widget, colour and
//! step of type; `FCREL_TOUR_FROM=design` takes it alone; `FCREL_TOUR_FROM=setup`
//! the menu and the set-up alone), settings, set-up, the map in the Confederate turn, a Quick battle panel,
//! resupply, a Union turn, the end of a campaign; then a campaign with Basic
//! battles as a Grand Campaign: the pre-battle panel, Battle Plan
//! assignment, the Battlefield Sheet in the middle of a battle turn, its end
//! with the Player Log; then the Load screen and the Player Log; then a
//! campaign with Advanced battles: the set-up on the Advanced Battlefield
//! Sheet's Squares, a battle turn, a March into a Square and a target to
//! choose, `battle-sheet_advanced-*`, after the Basic shots), each saved
//! as a PNG; then a stand-alone battle from the main menu's Battles: its
//! sheet, a Union Force hovered with a Confederate Force selected
//! (`battle-stand-alone-hover`), Suggest at its next Battle Plan
//! assignment (`battle-stand-alone-suggest`) and its end (`battle-stand-alone-end`);
//! then quit. `FCREL_TOUR_FROM=screens` takes only the Settings page,
//! the Load screen and the Player Log (of the saves and log in
//! `FCREL_DATA_DIR`).
//! `FCREL_TOUR_FROM=record` takes the record of play (issue 38): a Quick
//! game to the Moves of turn 2, the player answering the Union turn's
//! questions: the "What changed" list with a line shown on the map
//! (`what-changed`), the Chronicle's Luck tab (`chronicle-luck`), then a
//! what-if branch from an entry of turn 1 on the Load screen
//! (`load-branch`; only with `FCREL_DATA_DIR`, where it is written) and
//! the Player Log with its luck chart (`player-log-luck`, of the log in
//! `FCREL_DATA_DIR`).
//! `FCREL_TOUR_FROM=suggest` takes only the Suggest panel at the first
//! Moves question (`suggest-moves`: the turn's plan, its time spent) and
//! at a Basic battle's Battle Plan assignment (ranked by the Strength
//! kept), its ghost counters on the sheet (`suggest`, also taken after
//! `battle-assign` in the whole tour).
//! `FCREL_TOUR_FROM=quick` goes as far as the Quick battle's panel
//! (`battle-quick`), `FCREL_TOUR_FROM=basic` as far as the Basic battle's
//! mid-turn sheet (`battle-sheet`); `FCREL_TOUR_FROM=advanced` takes the Advanced-battle
//! campaign's shots, then the stand-alone battle's.
//! `FCREL_TOUR_FROM=reference` takes the rules reference (F1) opened at
//! 7.14 over the set-up screen (`reference-setup`), at 14.5 over the map
//! (`reference-rule`) and searched for "rout" (`reference-search`).
//! `FCREL_TOUR_FROM=battles` takes only the stand-alone shots;
//! `FCREL_TOUR_FROM=why-battle` the Why? of battle questions: a Basic
//! set-up's refused Regions and Force (`why-battle-basic-placement`), an
//! Advanced set-up's refused Square (`why-battle-advanced-square`), a
//! refused Battle Plan Counter clicked (`why-battle-counter`);
//! `FCREL_TOUR_FROM=tutorial` the menu, Learn to play's list and lesson 1
//! played to its end, its cards shot as they come (`tutorial-*`);
//! `FCREL_TOUR_FROM=tutorial2` lesson 2's (`tutorial2-*`)
//! `FCREL_TOUR_FROM=tutorial3` lesson 3's (Advanced battles, `tutorial3-*`)
//! (the window's size from the settings in `FCREL_DATA_DIR`, e.g.
//! 1280×720). Works under `xvfb-run`. The odds advisor is shot
//! on a move into the Union army (`advisor-move`) and at the first
//! fight-on choice of a Quick battle (`advisor-fight-on`, 14.5.1), and its
//! estimate is waited for on the battle shots that show it.
//!
//! The tour is a table of steps ([`STEPS`]: the stage, what it waits
//! for, the shot it saves, what it clicks or answers and the stage it goes
//! to), driven by one system ([`tour`]).

use std::path::PathBuf;

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, save_to_disk};

use crate::app::battle::BattleScreen;
use crate::app::{Screen, SetupChoice};
use crate::campaign::Side;
use crate::rules::battle::record::{BattleRecords, EventKind, SheetView};
use crate::rules::commander::Policy;
use crate::rules::decision::{Decision, Request};
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
    /// Suggest at the stand-alone battle's assignment (`battle-stand-alone-suggest`).
    stand_alone_suggest_shot: bool,
    /// The stage to go back to after a shot.
    resume: usize,
    /// The campaign whose opening map is shot next (index in the catalog).
    map_index: usize,
    /// Campaigns of the tour's Grand Campaign finished so far.
    grand_played: usize,
    /// Only the stand-alone battle's shots (`FCREL_TOUR_FROM=battles`).
    battles_only: bool,
    /// Only the Suggest panel's shot (`FCREL_TOUR_FROM=suggest`).
    suggest_only: bool,
    /// Only the design sheet's shot (`FCREL_TOUR_FROM=design`).
    design_only: bool,
    /// Up to the Quick battle's shot (`FCREL_TOUR_FROM=quick`).
    quick_only: bool,
    /// Up to the Basic battle's mid-turn sheet (`FCREL_TOUR_FROM=basic`).
    basic_only: bool,
    suggest_shot: bool,
    /// The Suggest panel's shot at a Moves question (`suggest-moves`).
    suggest_moves_shot: bool,
    /// Where the pointer is put (a hover shot), until it is put elsewhere.
    pointer: Option<Vec2>,
    /// The Force the Why? shots move, then select (`FCREL_TOUR_FROM=why`).
    why_force: Option<String>,
}

impl Tour {
    /// Go on to a stage, which waits for its own frames.
    fn go(&mut self, stage: usize) {
        self.stage = stage;
        self.wait = 0;
    }

    pub fn new(dir: PathBuf) -> Tour {
        let from = std::env::var("FCREL_TOUR_FROM").unwrap_or_default();
        // `advanced`: the Advanced-battle campaign's shots, then the
        // stand-alone battle's.
        let battles_only = from == "battles" || from == "advanced";
        Tour {
            dir,
            stage: match from.as_str() {
                "battles" => 90,
                "advanced" => 70,
                // The Basic battles' shots, up to the mid-turn sheet.
                "basic" => 20,
                // The set-up, the opening map and the Quick battle panel.
                "quick" => 10,
                // The Settings page, the Load screen and the Player Log only.
                "screens" => 110,
                // The record of play: What changed, the Luck tab, a
                // branch on the Load screen.
                "record" => 120,
                // The Suggest panel at a Battle Plan assignment.
                "suggest" => 140,
                // The theme's design sheet.
                "design" => 160,
                // The main menu and the set-up, campaign and Grand.
                "setup" => 170,
                // The rules reference (F1) on the set-up screen and in
                // a game: at a rule, and searched.
                "reference" => 180,
                // Learn to play: the lessons' list and lesson 1's cards
                // (`tutorial_tour`).
                "tutorial" => TUTORIAL_STAGE,
                // Lesson 2's cards (`tutorial2-*`).
                "tutorial2" => 920,
                // Lesson 3's cards (`tutorial3-*`).
                "tutorial3" => 940,
                // Why?: a Moves question's, a refused Force's, a battle's.
                "why" => 300,
                // Why? in battle questions: a Basic set-up's refused
                // Regions and Force, an Advanced set-up's refused Square,
                // a refused Battle Plan Counter.
                "why-battle" => 960,
                _ => 0,
            },
            battles_only,
            suggest_only: from == "suggest",
            quick_only: from == "quick",
            basic_only: from == "basic",
            design_only: from == "design",
            suggest_shot: from == "basic",
            suggest_moves_shot: from != "suggest",
            pointer: None,
            why_force: None,
            wait: 0,
            battle_shot: false,
            move_shot: false,
            fight_on_shot: false,
            basic_shots: [false; 3],
            advanced_shots: [false; 6],
            stand_alone_suggest_shot: false,
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
            tutorial_tour
                .after(crate::rules::sequence::RulesSystems)
                .after(crate::app::view::refresh),
        ),
    );
}

/// The tutorial's stage (`FCREL_TOUR_FROM=tutorial`).
const TUTORIAL_STAGE: usize = 900;

/// The cards of lesson 1 shot (`tutorial-<card>.png`) the first time each
/// is up.
const TUTORIAL_SHOTS: &[&str] = &[
    "goal",
    "sequence",
    "command-points",
    "move",
    "forced-march",
    "fog",
    "place",
    "plans",
    "act",
    "rout-check",
    "volley",
    "rout",
    "purchase",
    "orders",
    "victory",
];

/// The lessons' tours: the stage, the lesson (its place in the list),
/// the shots' prefix, and the cards shot (none: every card).
type LessonTour = (usize, usize, &'static str, Option<&'static [&'static str]>);
const LESSON_TOURS: &[LessonTour] = &[
    (TUTORIAL_STAGE, 0, "tutorial", Some(TUTORIAL_SHOTS)),
    (920, 1, "tutorial2", None),
    (940, 2, "tutorial3", None),
];

/// `FCREL_TOUR_FROM=tutorial`: the menu, the list of lessons, then lesson 1 played
/// as a player would (its answer, or Next), each card in
/// [`TUTORIAL_SHOTS`] shot once settled, the finished card, then quit.
/// `FCREL_TOUR_FROM=tutorial2`: the same with lesson 2, every card shot
/// (`tutorial2-*`, without the menu's shot).
fn tutorial_tour(world: &mut World, mut shots: Local<Vec<String>>, mut wait: Local<u32>) {
    use crate::app::tutorial::{LessonAction, Lessons, Tutorial, lesson::Now};
    let stage = world.resource::<Tour>().stage;
    let Some(&(_, lesson, prefix, cards)) = LESSON_TOURS.iter().find(|t| t.0 == stage) else {
        return;
    };
    *wait += 1;
    world.resource_mut::<Tour>().pointer = Some(AWAY);
    let screen = *world.resource::<State<Screen>>().get();
    let settled = *wait > 40;
    let take = |world: &mut World, name: &str| {
        let dir = world.resource::<Tour>().dir.clone();
        let _ = std::fs::create_dir_all(&dir);
        let path = dir.join(format!("{name}.png"));
        info!("screenshot: {}", path.display());
        world
            .spawn(Screenshot::primary_window())
            .observe(save_to_disk(path));
    };
    match screen {
        Screen::Menu if settled && shots.is_empty() => {
            if lesson == 0 {
                take(world, &format!("{prefix}-menu"));
            }
            shots.push("menu".into());
            *wait = 0;
        }
        Screen::Menu if settled => {
            world
                .resource_mut::<NextState<Screen>>()
                .set(Screen::Lessons);
            *wait = 0;
        }
        Screen::Lessons if settled && shots.len() == 1 => {
            take(world, &format!("{prefix}-list"));
            shots.push("list".into());
            world.write_message(LessonAction::Start {
                lesson,
                resume: false,
            });
            *wait = 0;
        }
        Screen::Lessons if settled && !shots.iter().any(|s| s == "list-after") => {
            // The lesson finished: marked so, with Resume and Restart.
            take(world, &format!("{prefix}-list-after"));
            shots.push("list-after".into());
            *wait = 0;
        }
        Screen::Lessons if settled => {
            world.write_message(AppExit::Success);
        }
        Screen::Game => {
            let t = world.resource::<Tutorial>();
            let Some(l) = t
                .active
                .and_then(|i| world.resource::<Lessons>().lessons.get(i).cloned())
            else {
                return;
            };
            let Some(now) = t.now else { return };
            let Now::Step(k) = now else {
                if settled {
                    take(world, &format!("{prefix}-finished"));
                    world.write_message(LessonAction::Next);
                    *wait = 0;
                }
                return;
            };
            let step = l.steps[k].clone();
            let asked = world
                .resource::<PendingDecision>()
                .request
                .as_ref()
                .map(|r| r.rule.as_str().to_string());
            if asked != step.asked {
                return;
            }
            // A move is made as a player makes it: the Force selected
            // first (its moves, with the odds, in the decision panel).
            if let Some(crate::rules::decision::Decision::MoveForce { force, .. }) = step.answer {
                let mut sel = world.resource_mut::<crate::app::view::Selection>();
                if sel.force.as_deref() != Some(force.as_str()) {
                    sel.force = Some(force.to_string());
                }
            }
            let wanted = cards.is_none_or(|c| c.contains(&step.card.as_str()))
                && !shots.contains(&step.card);
            let pause = if wanted { 60 } else { 12 };
            if *wait < pause {
                return;
            }
            if wanted {
                take(world, &format!("{prefix}-{}", step.card));
                shots.push(step.card.clone());
            }
            match step.answer {
                Some(a) => {
                    world.write_message(crate::rules::sequence::Decide(a));
                }
                None => {
                    world.write_message(LessonAction::Next);
                }
            }
            *wait = 0;
        }
        _ => {}
    }
}

/// The tour's pointer, as the window would report it (egui hovers there),
/// once for each place: a tooltip waits for the pointer to keep still.
/// The pointer off the window's widgets: above its top-left corner (a
/// corner inside could hover the top bar's cut title).
const AWAY: Vec2 = Vec2::new(-8.0, -8.0);

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

/// The first "What changed" line naming two areas shown on the map, as a
/// click on it does.
fn show_first_change(w: &mut World) {
    let lines = w.resource::<crate::app::view::WhatChanged>().0.clone();
    if let Some((i, l)) = lines.iter().enumerate().find(|(_, l)| l.areas.len() == 2) {
        let mut s = w.resource_mut::<crate::app::view::Selection>();
        s.shown = Some(crate::app::view::Shown {
            line: i,
            areas: l.areas.clone(),
            pan: true,
        });
        s.area = l.areas.last().cloned();
    }
}

/// Start the chosen campaign with Quick battles and seed 7.
fn start_quick(choice: &mut SetupChoice, next: &mut NextState<Screen>) {
    choice.options.battles = BattleMode::Quick;
    choice.options.seed = 7;
    next.set(Screen::Game);
}

/// The latest Battlefield Sheet of the battle being fought.
fn latest_sheet(records: &BattleRecords) -> Option<(usize, &SheetView)> {
    let b = records.battles.last()?;
    let sheet = b.events.iter().rev().find_map(|e| match &e.kind {
        EventKind::Sheet { sheet, .. } => Some(sheet),
        _ => None,
    })?;
    Some((b.id, sheet))
}

/// What a step of the tour reads and moves: the world as the tour system
/// sees it this frame.
struct Cx<'a, 'w, 's> {
    commands: &'a mut Commands<'w, 's>,
    tour: &'a mut Tour,
    screen: &'a mut BattleScreen,
    records: Option<&'a BattleRecords>,
    next: &'a mut NextState<Screen>,
    next_game: &'a mut NextState<GameState>,
    choice: &'a mut SetupChoice,
    pending: Option<&'a PendingDecision>,
    step: Option<Step>,
    game: GameState,
    /// The tour is over: the app exits.
    quit: bool,
    catalog: &'a crate::app::Catalog,
    grand: &'a crate::player_log::CurrentGrand,
    log: &'a crate::app::player_log::LogState,
    advisor: &'a crate::app::advisor::Advisor,
    view: Option<&'a crate::rules::view::GameView>,
    selection: &'a mut crate::app::view::Selection,
    answers: Option<&'a crate::rules::sequence::StepDecisions>,
    decision: &'a mut crate::app::panels::decision::DecisionState,
    suggest: &'a mut crate::app::suggest::Suggest,
    /// The stage has waited long enough for its screen to lay out and
    /// render.
    settled: bool,
    /// The advisor's estimate is in (or the tour gave up on it).
    estimated: bool,
    /// The question pending.
    request: Option<Request>,
    /// The Confederate Moves of turn 1 wait for the player.
    first_moves: bool,
}

impl Cx<'_, '_, '_> {
    /// The scripted commander answers the questions from now on.
    fn play(&mut self) {
        self.commands
            .insert_resource(ScriptedCommander(Policy::Objective));
    }

    /// The commander stops: the questions wait.
    fn pause(&mut self) {
        self.commands.remove_resource::<ScriptedCommander>();
    }

    /// Show the latest battle, played back to its latest event.
    fn show_last(&mut self) {
        if let Some(rec) = self.records
            && let Some(b) = rec.battles.last()
        {
            show(self.screen, rec, b.id);
        }
    }

    /// Show the battle of the latest Battlefield Sheet.
    fn show_sheet(&mut self) {
        if let Some(rec) = self.records
            && let Some((id, _)) = latest_sheet(rec)
        {
            show(self.screen, rec, id);
        }
    }

    /// The latest Battlefield Sheet of the battle being fought.
    fn sheet(&self) -> Option<&SheetView> {
        self.records.and_then(latest_sheet).map(|(_, s)| s)
    }

    fn stage_is(&self, step: Step) -> bool {
        self.step == Some(step)
    }

    fn asks(&self, d: &Decision) -> bool {
        self.request.as_ref().is_some_and(|r| r.options.contains(d))
    }

    fn asks_any(&self, f: fn(&Decision) -> bool) -> bool {
        self.request
            .as_ref()
            .is_some_and(|r| r.options.iter().any(f))
    }

    fn over(&self) -> bool {
        self.game == GameState::Over
    }

    /// After a shot, the commander plays on from `resume` once the
    /// picture is taken.
    fn after_shot(&mut self, resume: usize) {
        self.tour.resume = resume;
        self.tour.go(40);
    }

    /// Suggest at a Battle Plan assignment for a shot: ranked by the
    /// Strength kept (the answers differ even where the battle is all but
    /// won), with no time budget, so the shot is the same every run.
    fn suggest_for_shot(&mut self) {
        self.pause();
        self.screen.picked = None;
        self.show_sheet();
        self.suggest.set_on(true);
        self.suggest.aim = crate::odds::advise::Aim::Strength;
        self.suggest.max_trials = TOUR_SUGGEST_TRIALS;
        self.suggest.seconds = f64::INFINITY;
    }

    /// Suggest off again, with the window's own budget and aim.
    fn suggest_off(&mut self) {
        self.suggest.set_on(false);
        self.suggest.aim = crate::odds::advise::Aim::Win;
        self.suggest.max_trials = crate::app::suggest::MAX_TRIALS;
        self.suggest.seconds = crate::app::suggest::SECONDS;
    }

    /// A fight-on choice (14.5.1) waits: the commander stops, the battle
    /// is shown with the advisor's estimate, then play resumes at `back`.
    fn fight_on(&mut self, back: usize) {
        self.pause();
        self.show_last();
        self.tour.resume = back;
        self.tour.go(16);
    }

    /// To the main menu.
    fn menu(&mut self) {
        crate::app::to_menu(self.next, self.next_game);
    }
}

/// The Confederate Moves, waiting for the player.
fn moves(cx: &Cx, r: &Request) -> bool {
    r.battle_location.is_none()
        && cx.stage_is(Step::ConfederateMoves)
        && r.options.contains(&Decision::EndMoves)
}

/// The move into the Union army the view offers, while the Moves wait.
fn battle_move(cx: &Cx) -> Option<(String, String)> {
    let r = cx.request.as_ref()?;
    if !moves(cx, r) {
        return None;
    }
    let choice = cx
        .view?
        .request
        .as_ref()?
        .choices
        .iter()
        .find(|c| c.starts_battle)?;
    match &choice.decision {
        Decision::MoveForce { force, to } => Some((force.to_string(), to.to_string())),
        _ => None,
    }
}

/// The middle of resolution: some Forces have acted, others still carry
/// their counters, a Special Battle Plan drawn.
fn mid_turn(cx: &Cx) -> bool {
    cx.asks_any(|d| matches!(d, Decision::Act { .. }))
        && cx.sheet().is_some_and(|s| {
            s.units.iter().any(|u| u.acted)
                && s.units.iter().any(|u| u.counter.is_some())
                && !s.drawn.is_empty()
        })
}

/// The Advanced set-up's Square offered in both Formations, a Force or
/// more already placed (A10.2.14).
fn set_up_square(cx: &Cx) -> Option<crate::rules::battle::ground::Square> {
    let r = cx.request.as_ref()?;
    let placed = cx
        .answers
        .is_some_and(|a| matches!(a.answers.last(), Some(Decision::PlaceOnSquare { .. })));
    if !placed {
        return None;
    }
    r.options.iter().find_map(|d| match d {
        Decision::PlaceOnSquare { square, .. }
            if crate::app::battle::formations_at(r, *square).len() > 1 =>
        {
            Some(*square)
        }
        _ => None,
    })
}

/// A set-up question (`placing` its answers) with a Confederate Force
/// placed already: that Force.
fn placed_one(cx: &Cx, placing: fn(&Decision) -> bool) -> Option<String> {
    if !cx.asks_any(placing) {
        return None;
    }
    let placed = cx
        .answers
        .is_some_and(|a| a.answers.last().is_some_and(placing));
    if !placed {
        return None;
    }
    cx.sheet()?
        .units
        .iter()
        .find(|u| u.side == Side::Confederate)
        .map(|u| u.force.clone())
}

/// The Confederate Force that may attack a Union Force next to it now.
fn attacker(s: &SheetView) -> Option<&crate::rules::battle::record::SheetUnit> {
    s.units.iter().find(|u| {
        u.side == Side::Confederate && u.relations.iter().any(|r| r.target && r.distance == 1)
    })
}

/// In a battle, a Square held by both sides (Melee, A11.5).
fn melee_square(cx: &Cx) -> bool {
    cx.request
        .as_ref()
        .is_some_and(|r| r.battle_location.is_some())
        && cx.sheet().is_some_and(|s| {
            s.units.iter().any(|u| {
                u.side == Side::Union
                    && u.square.is_some()
                    && s.units
                        .iter()
                        .any(|c| c.side == Side::Confederate && c.square == u.square)
            })
        })
}

/// Suggest's advice settled (or given up on after 20,000 frames) and the
/// window still: its shot can be taken.
fn suggest_settled(cx: &Cx) -> bool {
    cx.settled && (cx.suggest.settled() || cx.tour.wait > 20_000)
}

/// A Battle Plan assignment not begun, with two counters or more for
/// three Confederate Forces or more: something for Suggest to weigh.
fn fresh_assignment(cx: &Cx) -> bool {
    cx.asks(&Decision::EndAssign)
        && cx.sheet().is_some_and(|s| {
            s.assigned == 0
                && s.quantity >= 2
                && s.units
                    .iter()
                    .filter(|u| u.side == Side::Confederate)
                    .count()
                    >= 3
        })
}

/// In a battle, a Flank or Rapid Advance aimed at its target (A12.3).
fn aimed(cx: &Cx) -> bool {
    cx.request
        .as_ref()
        .is_some_and(|r| r.battle_location.is_some())
        && cx
            .sheet()
            .is_some_and(|s| s.units.iter().any(|u| u.target.is_some()))
}

/// One step of the tour: at `stage`, once `when` holds, save `shot` (if
/// any), then do `then` (click, answer, set the next stage). At each
/// frame the first step of the stage whose `when` holds is taken.
struct TourStep {
    stage: usize,
    when: fn(&Cx) -> bool,
    shot: Option<&'static str>,
    then: fn(&mut Cx),
}

const fn step(
    stage: usize,
    when: fn(&Cx) -> bool,
    shot: Option<&'static str>,
    then: fn(&mut Cx),
) -> TourStep {
    TourStep {
        stage,
        when,
        shot,
        then,
    }
}

/// The most trials an answer gets in the Suggest shot: the advice is
/// settled, and the same every run.
const TOUR_SUGGEST_TRIALS: u64 = 128;

fn settled(cx: &Cx) -> bool {
    cx.settled
}

/// The tour, stage by stage, in the order the shots are taken (stages
/// are numbered as they were added; the order here is the order the
/// steps of one stage are tried).
static STEPS: &[TourStep] = &[
    // `FCREL_TOUR_FROM=why`: a Basic-battle campaign's first Moves with
    // the Why? card open, a Force selected; the Force moved and selected
    // again (it cannot move twice: the panel says why); a battle's order
    // of resolution with the Why? open and a Force that has acted clicked.
    step(300, settled, None, |cx| {
        cx.choice.options.battles = BattleMode::Basic;
        cx.choice.options.seed = 5;
        cx.choice.grand = false;
        cx.next.set(Screen::Game);
        cx.tour.go(301);
    }),
    step(
        301,
        |cx| cx.settled && cx.first_moves,
        None,
        |cx| {
            let mover = cx.view.and_then(|v| v.request.as_ref()).and_then(|r| {
                r.movers()
                    .into_iter()
                    .find(|f| *f != "lee")
                    .map(str::to_string)
            });
            cx.selection.force.clone_from(&mover);
            cx.tour.why_force = mover;
            cx.decision.why = true;
            cx.tour.go(302);
        },
    ),
    // The picture taken (a frame later), the Force moves.
    step(302, settled, Some("why-moves"), |cx| cx.tour.go(310)),
    step(
        310,
        |cx| cx.tour.wait > 5,
        None,
        |cx| {
            let quiet = cx.view.and_then(|v| v.request.as_ref()).and_then(|r| {
                let f = cx.tour.why_force.as_deref()?;
                r.destinations(Some(f))
                    .into_iter()
                    .find(|c| !c.starts_battle && c.loses_campaign.is_none())
                    .map(|c| c.decision)
            });
            if let Some(d) = quiet {
                cx.commands.queue(move |w: &mut World| {
                    w.write_message(crate::rules::sequence::Decide(d));
                });
            }
            cx.decision.why = false;
            cx.tour.go(303);
        },
    ),
    step(
        303,
        |cx| {
            cx.settled
                && cx.request.as_ref().is_some_and(|r| {
                    cx.tour
                        .why_force
                        .as_deref()
                        .is_some_and(|f| r.moved.forces.iter().any(|m| m == f))
                })
        },
        None,
        |cx| {
            cx.selection.force.clone_from(&cx.tour.why_force);
            cx.selection.hovered = None;
            cx.selection.area = None;
            cx.tour.go(304);
        },
    ),
    step(304, settled, Some("why-refused"), |cx| cx.tour.go(311)),
    step(
        311,
        |cx| cx.tour.wait > 5,
        None,
        |cx| {
            cx.selection.force = None;
            cx.play();
            cx.tour.go(305);
        },
    ),
    step(
        305,
        |cx| {
            cx.asks_any(|d| matches!(d, Decision::Act { .. }))
                && cx.sheet().is_some_and(|s| {
                    s.units
                        .iter()
                        .any(|u| u.side == Side::Confederate && u.acted)
                })
        },
        None,
        |cx| {
            cx.pause();
            cx.show_sheet();
            cx.screen.refused = cx.sheet().and_then(|s| {
                s.units
                    .iter()
                    .find(|u| u.side == Side::Confederate && u.acted)
                    .map(|u| u.force.clone())
            });
            cx.decision.why = true;
            cx.tour.go(306);
        },
    ),
    step(306, settled, Some("why-battle"), |cx| cx.tour.go(312)),
    // The shot is saved: quit.
    step(312, settled, None, |cx| cx.quit = true),
    // `FCREL_TOUR_FROM=why-battle` (issue 47): the Why? of battle
    // questions. A Basic battle's set-up (10.2.16), a Force or more placed:
    // the Regions not offered, each with its reason, and a Force already
    // placed clicked; then an Advanced set-up (A10.2.14) with the pointer
    // in a Square not offered, and its first Battle Plan assignment (12.2)
    // with a counter refused clicked.
    step(960, settled, None, |cx| {
        cx.choice.options.battles = BattleMode::Basic;
        cx.choice.options.seed = 5;
        cx.choice.campaign = 0;
        cx.choice.grand = false;
        cx.next.set(Screen::Game);
        cx.tour.go(961);
    }),
    step(
        961,
        |cx| cx.settled && cx.request.is_some(),
        None,
        |cx| {
            cx.play();
            cx.tour.go(962);
        },
    ),
    step(
        962,
        |cx| placed_one(cx, |d| matches!(d, Decision::PlaceForce { .. })).is_some(),
        None,
        |cx| {
            let placed = placed_one(cx, |d| matches!(d, Decision::PlaceForce { .. }));
            cx.pause();
            cx.show_last();
            cx.screen.refused = placed;
            cx.tour.go(963);
        },
    ),
    step(963, settled, Some("why-battle-basic-placement"), |cx| {
        cx.tour.go(964)
    }),
    step(
        964,
        |cx| cx.tour.wait > 5,
        None,
        |cx| {
            cx.screen.refused = None;
            cx.menu();
            cx.tour.go(970);
        },
    ),
    step(970, settled, None, |cx| {
        cx.choice.options.battles = BattleMode::Advanced;
        cx.choice.options.seed = 5;
        cx.choice.campaign = 0;
        cx.choice.grand = false;
        cx.next.set(Screen::Game);
        cx.tour.go(971);
    }),
    step(
        971,
        |cx| cx.settled && cx.request.is_some(),
        None,
        |cx| {
            cx.play();
            cx.tour.go(972);
        },
    ),
    step(
        972,
        |cx| placed_one(cx, |d| matches!(d, Decision::PlaceOnSquare { .. })).is_some(),
        None,
        |cx| {
            cx.pause();
            cx.show_last();
            cx.tour.go(973);
        },
    ),
    // The pointer in Row D, the Square in front of a Force placed in Row
    // E (a Row's height is about a counter's and a third).
    step(973, settled, None, |cx| {
        let placed = placed_one(cx, |d| matches!(d, Decision::PlaceOnSquare { .. }));
        cx.tour.pointer = placed.and_then(|f| {
            let (_, at) = cx.screen.counters.iter().find(|(c, _)| *c == f)?;
            Some(Vec2::new(at.center().x, at.center().y - at.height() * 1.3))
        });
        cx.tour.go(974);
    }),
    step(974, settled, Some("why-battle-advanced-square"), |cx| {
        cx.tour.go(975)
    }),
    // The shot is saved: on to the first Battle Plan assignment (12.2).
    step(
        975,
        |cx| cx.tour.wait > 5,
        None,
        |cx| {
            cx.play();
            cx.tour.go(976);
        },
    ),
    step(
        976,
        |cx| cx.asks(&Decision::EndAssign) && cx.sheet().is_some(),
        None,
        |cx| {
            cx.pause();
            cx.screen.picked = None;
            cx.show_sheet();
            cx.tour.go(977);
        },
    ),
    // The picked Force's first counter refused, clicked (the pointer on
    // it): the panel gives its reason under it with its rule (or, after a
    // while without one, the tour ends).
    step(977, settled, None, |cx| {
        let refused = cx
            .screen
            .plan_buttons
            .iter()
            .find(|(_, _, offered)| !offered)
            .map(|(plan, at, _)| (*plan, Vec2::new(at.center().x, at.center().y)));
        if let (Some((plan, at)), Some(force)) = (refused, cx.screen.picked.clone()) {
            cx.screen.why_plan = Some((force, plan));
            cx.tour.pointer = Some(at);
            cx.tour.go(978);
        } else if cx.tour.wait > 400 {
            cx.tour.go(979);
        }
    }),
    step(978, settled, Some("why-battle-counter"), |cx| {
        cx.tour.go(979)
    }),
    // The shot is saved: quit.
    step(979, settled, None, |cx| cx.quit = true),
    step(0, settled, Some("menu"), |cx| cx.tour.go(160)),
    // The design sheet over the menu, put away the frame after its shot.
    step(160, settled, None, |cx| {
        cx.commands.insert_resource(crate::app::theme::DesignSheet);
        cx.tour.go(161);
    }),
    step(161, settled, Some("design-sheet"), |cx| cx.tour.go(162)),
    step(
        162,
        |_| true,
        None,
        |cx| {
            cx.commands
                .remove_resource::<crate::app::theme::DesignSheet>();
            let then = if cx.tour.design_only { 163 } else { 1 };
            cx.tour.go(then);
        },
    ),
    // The shot is saved: quit.
    step(163, settled, None, |cx| cx.quit = true),
    // `FCREL_TOUR_FROM=setup`: the menu, the set-up, the Grand Campaign's.
    step(170, settled, None, |cx| {
        // The pointer in a corner: no button hovered, no tooltip.
        cx.tour.pointer = Some(AWAY);
        cx.tour.go(173);
    }),
    step(173, settled, Some("menu"), |cx| {
        cx.choice.random_seed = Some(7);
        cx.next.set(Screen::Setup);
        cx.tour.go(171);
    }),
    step(171, settled, Some("setup"), |cx| cx.tour.go(174)),
    step(174, settled, None, |cx| {
        cx.choice.grand = true;
        cx.tour.go(172);
    }),
    step(172, settled, Some("setup-grand"), |cx| cx.tour.go(33)),
    step(1, settled, None, |cx| {
        cx.next.set(Screen::Settings);
        cx.tour.go(10);
    }),
    step(10, settled, Some("settings"), |cx| {
        // The set-up shot shows the same "random" seed every run.
        cx.choice.random_seed = Some(7);
        cx.next.set(Screen::Setup);
        cx.tour.go(2);
    }),
    step(2, settled, Some("setup"), |cx| {
        start_quick(cx.choice, cx.next);
        cx.tour.go(3);
    }),
    step(
        3,
        |cx| cx.settled && cx.first_moves,
        Some("map"),
        |cx| {
            // Lee's moves that would leave him alone are in red (3.2), and
            // ending the Moves with every Force unmoved is asked again.
            cx.selection.force = Some("lee".into());
            let r = cx.view.and_then(|v| v.request.as_ref());
            let answers = cx.answers.map_or(&[][..], |a| &a.answers[..]);
            cx.decision.confirm = r
                .and_then(|r| crate::app::answer::key_answer(r, answers))
                .and_then(|k| {
                    Some(crate::app::answer::Confirm {
                        text: "End this step".into(),
                        decision: k.decision,
                        ask: k.ask?,
                        since: 0.0,
                    })
                });
            cx.tour.go(200);
        },
    ),
    step(200, settled, Some("confirm-end-moves"), |cx| {
        cx.tour.go(201)
    }),
    step(201, settled, None, |cx| {
        cx.selection.force = None;
        cx.decision.confirm = None;
        cx.play();
        cx.tour.go(11);
    }),
    // A Quick battle once the Battle Resolution Table has been rolled.
    step(
        11,
        |cx| {
            !cx.tour.battle_shot
                && cx.records.is_some_and(|r| {
                    r.battles.last().is_some_and(|b| {
                        b.events
                            .iter()
                            .any(|e| matches!(&e.kind, EventKind::Resolution(r) if r.die.is_some()))
                    })
                })
        },
        None,
        |cx| {
            cx.pause();
            cx.show_last();
            cx.tour.go(13);
        },
    ),
    step(
        13,
        |cx| cx.settled && cx.estimated,
        Some("battle-quick"),
        |cx| {
            cx.tour.battle_shot = true;
            let then = if cx.tour.quick_only { 33 } else { 11 };
            cx.after_shot(then);
        },
    ),
    // A move into the Union army waits for confirmation with the
    // advisor's estimate of the battle it brings.
    step(
        11,
        |cx| !cx.tour.move_shot && battle_move(cx).is_some(),
        None,
        |cx| {
            let Some((force, to)) = battle_move(cx) else {
                return;
            };
            cx.pause();
            cx.selection.force = Some(force);
            cx.selection.confirm = Some(to);
            cx.tour.go(14);
        },
    ),
    step(
        14,
        |cx| cx.settled && cx.estimated && cx.advisor.estimate.is_some(),
        Some("advisor-move"),
        |cx| {
            cx.tour.move_shot = true;
            cx.after_shot(15);
        },
    ),
    // Fight on or retreat (14.5.1), with the advisor's estimate.
    step(
        11,
        |cx| !cx.tour.fight_on_shot && cx.tour.battle_shot && cx.asks(&Decision::FightOn),
        None,
        |cx| cx.fight_on(11),
    ),
    step(
        16,
        |cx| cx.settled && cx.estimated && cx.advisor.estimate.is_some(),
        Some("advisor-fight-on"),
        |cx| {
            cx.tour.fight_on_shot = true;
            let back = cx.tour.resume;
            cx.after_shot(back);
        },
    ),
    // Put the weighed move away; the commander plays on.
    step(
        15,
        |_| true,
        None,
        |cx| {
            cx.selection.force = None;
            cx.selection.confirm = None;
            cx.tour.go(11);
        },
    ),
    // The commander stops at the Confederate Resupply for its panel.
    step(
        11,
        |cx| cx.stage_is(Step::ConfederateResupply),
        None,
        |cx| {
            cx.pause();
            cx.tour.go(12);
        },
    ),
    step(
        12,
        |cx| {
            cx.settled
                && cx.pending.is_some_and(|p| {
                    p.request
                        .as_ref()
                        .is_some_and(|r| r.options.contains(&Decision::EndResupply))
                })
        },
        Some("resupply"),
        |cx| {
            cx.play();
            cx.tour.go(4);
        },
    ),
    // No resupply choice this turn: go on.
    step(
        12,
        |cx| cx.tour.wait > 400,
        None,
        |cx| {
            cx.play();
            cx.tour.go(4);
        },
    ),
    step(
        4,
        |cx| cx.stage_is(Step::BattlesAfterOrders),
        None,
        |cx| {
            cx.pause();
            cx.tour.go(5);
        },
    ),
    step(5, settled, Some("union-turn"), |cx| {
        cx.play();
        cx.tour.go(6);
    }),
    // Most Quick battles end in one battle turn: the first fight-on
    // choice may come in a later Campaign Turn.
    step(
        6,
        |cx| !cx.tour.fight_on_shot && cx.asks(&Decision::FightOn),
        None,
        |cx| cx.fight_on(6),
    ),
    step(
        6,
        |cx| cx.over() && cx.tour.wait > 10,
        None,
        |cx| cx.tour.go(7),
    ),
    step(7, settled, Some("end"), |cx| cx.tour.go(8)),
    // A second campaign, with Basic battles.
    step(8, settled, None, |cx| {
        cx.menu();
        cx.tour.go(20);
    }),
    // As a Grand Campaign (21.0), so that its end goes to the Player Log.
    step(20, settled, None, |cx| {
        cx.choice.options.battles = BattleMode::Basic;
        cx.choice.options.seed = 5;
        cx.choice.grand = true;
        cx.next.set(Screen::Game);
        cx.tour.go(30);
    }),
    // The new campaign asks its first question: the commander takes over.
    step(
        30,
        |cx| cx.settled && cx.request.is_some(),
        None,
        |cx| {
            cx.play();
            cx.tour.go(21);
        },
    ),
    step(
        21,
        |cx| {
            !cx.tour.basic_shots[0]
                && cx.request.as_ref().is_some_and(|r| {
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
                })
        },
        None,
        |cx| {
            cx.pause();
            cx.show_last();
            cx.tour.go(22);
        },
    ),
    step(22, settled, Some("battle-pre"), |cx| {
        cx.tour.basic_shots[0] = true;
        cx.after_shot(21);
    }),
    // Battle Plans being assigned: one already given, a Force picked.
    step(
        21,
        |cx| {
            !cx.tour.basic_shots[1]
                && cx.asks(&Decision::EndAssign)
                && cx.sheet().is_some_and(|s| s.assigned >= 1)
        },
        None,
        |cx| {
            cx.pause();
            if let Some(rec) = cx.records
                && let Some((id, s)) = latest_sheet(rec)
            {
                cx.screen.picked = s
                    .units
                    .iter()
                    .find(|u| u.side == Side::Confederate && u.counter.is_none() && !u.in_melee)
                    .map(|u| u.force.clone());
                show(cx.screen, rec, id);
            }
            cx.tour.go(24);
        },
    ),
    step(
        24,
        |cx| cx.settled && cx.estimated,
        Some("battle-assign"),
        |cx| {
            cx.tour.basic_shots[1] = true;
            cx.after_shot(21);
        },
    ),
    // `FCREL_TOUR_FROM=suggest`: the Suggest panel at the first Moves
    // question (issue 48, item 3: the turn's plan), its first round
    // played, then its time spent (a budget of none: the same shot every
    // run), "Think longer" offered.
    step(
        21,
        |cx| !cx.tour.suggest_moves_shot && cx.asks(&Decision::EndMoves),
        None,
        |cx| {
            cx.pause();
            cx.suggest.set_on(true);
            cx.suggest.aim = crate::odds::advise::Aim::Win;
            cx.suggest.seconds = 0.0;
            cx.tour.go(143);
        },
    ),
    step(143, suggest_settled, Some("suggest-moves"), |cx| {
        cx.tour.suggest_moves_shot = true;
        cx.tour.go(144);
    }),
    // The picture taken (it is saved frames later), Suggest off again.
    step(
        144,
        |cx| cx.tour.wait > 20,
        None,
        |cx| {
            cx.suggest.set_on(false);
            cx.suggest.seconds = crate::app::suggest::SECONDS;
            cx.play();
            cx.tour.go(21);
        },
    ),
    // The Suggest panel (issue 37) at an assignment not begun, with two
    // counters or more for three Forces or more: its advice settled, the
    // suggested counters drawn on the sheet. Ranked by the Strength kept
    // (the Combat Value), where the answers differ even in a battle the
    // Confederates all but surely win (this campaign's first is 23
    // against 9, every answer's chance of winning about 100%).
    step(
        21,
        |cx| !cx.tour.suggest_shot && fresh_assignment(cx),
        None,
        |cx| {
            cx.suggest_for_shot();
            cx.tour.go(141);
        },
    ),
    step(141, suggest_settled, Some("suggest"), |cx| {
        cx.tour.suggest_shot = true;
        cx.tour.go(142);
    }),
    // The picture taken, Suggest is switched off again; the tour ends or
    // plays on.
    step(
        142,
        |cx| cx.tour.wait > 20,
        None,
        |cx| {
            cx.suggest_off();
            if cx.tour.suggest_only {
                cx.quit = true;
            } else {
                cx.play();
                cx.tour.go(21);
            }
        },
    ),
    // `FCREL_TOUR_FROM=suggest`: the Basic-battle campaign to its first
    // Battle Plan assignment (the pre-battle shot left out).
    step(140, settled, None, |cx| {
        cx.choice.options.battles = BattleMode::Basic;
        cx.choice.options.seed = 5;
        cx.tour.basic_shots = [true; 3];
        cx.next.set(Screen::Game);
        cx.tour.go(30);
    }),
    // The middle of resolution: some Forces have acted, others still
    // carry their counters.
    step(
        21,
        |cx| !cx.tour.basic_shots[2] && mid_turn(cx),
        None,
        |cx| {
            cx.pause();
            cx.screen.picked = None;
            cx.show_sheet();
            cx.tour.go(26);
        },
    ),
    step(26, settled, Some("battle-sheet"), |cx| {
        cx.tour.basic_shots[2] = true;
        let then = if cx.tour.basic_only { 33 } else { 21 };
        cx.after_shot(then);
    }),
    step(
        21,
        |cx| cx.over() && cx.tour.wait > 10,
        None,
        |cx| cx.tour.go(28),
    ),
    step(28, settled, None, |cx| {
        info!(
            "the Basic-battle campaign ended; shots taken: {:?}",
            cx.tour.basic_shots
        );
        shot(cx.commands, cx.tour, "end-basic");
        cx.tour.go(29);
    }),
    // The saves the two campaigns left (with a data folder of its own).
    step(29, settled, None, |cx| {
        cx.menu();
        cx.tour.go(31);
    }),
    step(31, settled, None, |cx| {
        cx.next.set(Screen::Load);
        cx.tour.go(32);
    }),
    step(32, settled, Some("load"), |cx| {
        cx.next.set(Screen::PlayerLog);
        cx.tour.go(34);
    }),
    step(34, settled, Some("player-log"), |cx| cx.tour.go(70)),
    // A third campaign, with Advanced battles (A10.0-A15.0).
    step(70, settled, None, |cx| {
        cx.menu();
        cx.tour.go(71);
    }),
    step(71, settled, None, |cx| {
        cx.choice.options.battles = BattleMode::Advanced;
        cx.choice.options.seed = 5;
        cx.choice.campaign = 0;
        cx.choice.grand = false;
        cx.next.set(Screen::Game);
        cx.tour.go(72);
    }),
    step(
        72,
        |cx| cx.settled && cx.request.is_some(),
        None,
        |cx| {
            cx.play();
            cx.tour.go(73);
        },
    ),
    // The set-up (A10.2.14), a Force or more already placed, a Square
    // picked for the next with both Formations offered beside it.
    step(
        73,
        |cx| !cx.tour.advanced_shots[0] && set_up_square(cx).is_some(),
        None,
        |cx| {
            let both = set_up_square(cx);
            cx.pause();
            cx.show_last();
            cx.screen.square = both;
            cx.tour.go(74);
        },
    ),
    step(74, settled, Some("battle-sheet_advanced-1-setup"), |cx| {
        cx.tour.advanced_shots[0] = true;
        cx.after_shot(73);
    }),
    // The middle of resolution, as the Basic shot.
    step(
        73,
        |cx| !cx.tour.advanced_shots[1] && mid_turn(cx),
        None,
        |cx| {
            cx.pause();
            cx.screen.square = None;
            cx.screen.picked = None;
            cx.show_sheet();
            cx.tour.go(75);
        },
    ),
    step(75, settled, Some("battle-sheet_advanced-2-turn"), |cx| {
        cx.tour.advanced_shots[1] = true;
        cx.after_shot(73);
    }),
    // A March or Retreat into a Square, the Squares highlighted.
    step(
        73,
        |cx| !cx.tour.advanced_shots[2] && cx.asks_any(|d| matches!(d, Decision::MarchInto { .. })),
        None,
        |cx| {
            cx.pause();
            cx.show_sheet();
            cx.tour.go(76);
        },
    ),
    step(76, settled, Some("battle-sheet_advanced-3-march"), |cx| {
        cx.tour.advanced_shots[2] = true;
        cx.after_shot(73);
    }),
    // A Union Force to choose as a target, highlighted.
    step(
        73,
        |cx| !cx.tour.advanced_shots[3] && cx.asks_any(|d| matches!(d, Decision::Target { .. })),
        None,
        |cx| {
            cx.pause();
            cx.show_sheet();
            cx.tour.go(77);
        },
    ),
    step(77, settled, Some("battle-sheet_advanced-4-target"), |cx| {
        cx.tour.advanced_shots[3] = true;
        cx.after_shot(73);
    }),
    // A Square in Melee (A11.5), and a Flank or Rapid Advance aimed at
    // its target (A12.3), when the battles bring them.
    step(
        73,
        |cx| !cx.tour.advanced_shots[4] && melee_square(cx),
        None,
        |cx| {
            cx.pause();
            cx.show_sheet();
            cx.tour.go(79);
        },
    ),
    step(79, settled, Some("battle-sheet_advanced-5-melee"), |cx| {
        cx.tour.advanced_shots[4] = true;
        cx.after_shot(73);
    }),
    step(
        73,
        |cx| !cx.tour.advanced_shots[5] && aimed(cx),
        None,
        |cx| {
            cx.pause();
            cx.show_sheet();
            cx.tour.go(80);
        },
    ),
    step(80, settled, Some("battle-sheet_advanced-6-aim"), |cx| {
        cx.tour.advanced_shots[5] = true;
        cx.after_shot(73);
    }),
    step(
        73,
        |cx| cx.tour.advanced_shots.iter().all(|s| *s) || (cx.over() && cx.tour.wait > 10),
        None,
        |cx| {
            info!(
                "the Advanced-battle campaign: shots taken: {:?}",
                cx.tour.advanced_shots
            );
            cx.pause();
            cx.tour.go(78);
        },
    ),
    step(78, settled, None, |cx| {
        cx.menu();
        cx.tour.go(90);
    }),
    // A stand-alone battle from the main menu's Battles.
    step(90, settled, None, |cx| {
        cx.choice.battle = Some("cornfield".into());
        // The same battle at every window size and every run.
        cx.choice.battle_seed = Some(3);
        cx.next.set(Screen::Game);
        cx.tour.go(91);
    }),
    step(
        91,
        |cx| cx.settled && cx.request.is_some(),
        None,
        |cx| {
            cx.show_last();
            cx.tour.go(92);
        },
    ),
    step(92, settled, Some("battle-stand-alone"), |cx| {
        cx.play();
        cx.tour.go(93);
    }),
    // A Confederate Force picked that may attack a Union Force now, the
    // pointer on that Force: its relation on hover (A10.3, A11.0.1,
    // A11.4.2), its reach and its targets ringed.
    step(
        93,
        |cx| {
            cx.asks_any(|d| matches!(d, Decision::Act { .. }))
                && cx.sheet().is_some_and(|s| attacker(s).is_some())
        },
        None,
        |cx| {
            cx.pause();
            if let Some(rec) = cx.records
                && let Some((id, s)) = latest_sheet(rec)
            {
                cx.screen.picked = attacker(s).map(|u| u.force.clone());
                show(cx.screen, rec, id);
            }
            cx.tour.go(94);
        },
    ),
    step(94, |_| true, None, hover_target),
    // Suggest at the next assignment of three Battle Plans: its rows in
    // Squares, a counter that would Hold (A12.3) said so.
    step(
        95,
        |cx| !cx.tour.stand_alone_suggest_shot && fresh_assignment(cx),
        None,
        |cx| {
            cx.tour.pointer = None;
            cx.suggest_for_shot();
            cx.tour.go(81);
        },
    ),
    step(
        81,
        suggest_settled,
        Some("battle-stand-alone-suggest"),
        |cx| {
            cx.tour.stand_alone_suggest_shot = true;
            cx.tour.go(82);
        },
    ),
    step(
        82,
        |cx| cx.tour.wait > 20,
        None,
        |cx| {
            cx.suggest_off();
            cx.play();
            cx.tour.go(95);
        },
    ),
    step(
        95,
        |_| true,
        None,
        |cx| {
            // The pointer off the sheet; the commander plays to the end.
            cx.tour.pointer = Some(AWAY);
            cx.play();
            cx.screen.picked = None;
            if cx.over() {
                cx.pause();
                cx.tour.pointer = None;
                cx.tour.go(96);
            }
        },
    ),
    step(96, settled, Some("battle-stand-alone-end"), |cx| {
        cx.tour.go(97)
    }),
    step(
        97,
        |cx| cx.tour.wait > 10,
        None,
        |cx| {
            cx.menu();
            let next_stage = if cx.tour.battles_only { 33 } else { 50 };
            cx.tour.go(next_stage);
        },
    ),
    // Every other campaign's opening map, at its first Confederate Moves.
    step(50, settled, None, |cx| {
        if cx.tour.map_index >= cx.catalog.campaigns.len() {
            cx.tour.go(60);
        } else {
            cx.choice.campaign = cx.tour.map_index;
            cx.choice.grand = false;
            start_quick(cx.choice, cx.next);
            cx.tour.go(51);
        }
    }),
    step(
        51,
        |cx| cx.settled && cx.first_moves,
        None,
        |cx| {
            let name = format!("map-{}", cx.catalog.campaigns[cx.tour.map_index].id);
            shot(cx.commands, cx.tour, &name);
            cx.tour.go(52);
        },
    ),
    step(52, settled, None, |cx| {
        cx.menu();
        cx.tour.map_index += 1;
        cx.tour.go(50);
    }),
    // A whole Grand Campaign (21.0), Very Quick battles, under the first
    // seed with which the scripted commander wins all five campaigns.
    step(60, settled, None, grand_campaign),
    step(
        61,
        |cx| cx.settled && cx.request.is_some(),
        None,
        |cx| {
            cx.play();
            cx.tour.go(62);
        },
    ),
    step(
        62,
        |cx| cx.settled && cx.over(),
        None,
        |cx| {
            cx.pause();
            cx.tour.go(65);
        },
    ),
    // Once the end-of-campaign window has faded in.
    step(65, settled, None, |cx| {
        cx.tour.grand_played += 1;
        let name = format!("grand-{}", cx.tour.grand_played);
        shot(cx.commands, cx.tour, &name);
        cx.tour.go(63);
    }),
    step(63, settled, None, next_in_grand),
    step(64, settled, Some("player-log-grand"), |cx| cx.tour.go(33)),
    step(33, settled, None, |cx| cx.quit = true),
    // `FCREL_TOUR_FROM=reference`: the rules reference (F1) opened at a
    // rule from the set-up screen and from the map, then searched.
    step(180, settled, None, |cx| {
        cx.tour.pointer = Some(AWAY);
        cx.choice.random_seed = Some(7);
        cx.next.set(Screen::Setup);
        cx.tour.go(181);
    }),
    step(181, settled, None, |cx| {
        open_reference(cx, "7.14", "");
        cx.tour.go(182);
    }),
    // (A shot is taken after its step's changes: each change waits for
    // the next step.)
    step(182, settled, Some("reference-setup"), |cx| cx.tour.go(186)),
    step(186, settled, None, |cx| {
        close_reference(cx);
        start_quick(cx.choice, cx.next);
        cx.tour.go(183);
    }),
    step(
        183,
        |cx| cx.settled && cx.first_moves,
        None,
        |cx| {
            open_reference(cx, "14.5", "");
            cx.tour.go(184);
        },
    ),
    step(184, settled, Some("reference-rule"), |cx| cx.tour.go(187)),
    step(187, settled, None, |cx| {
        open_reference(cx, "", "rout");
        cx.tour.go(185);
    }),
    step(185, settled, Some("reference-search"), |cx| cx.tour.go(188)),
    step(188, settled, None, |cx| {
        close_reference(cx);
        cx.tour.go(33);
    }),
    // `FCREL_TOUR_FROM=screens`: the Settings page, the Load screen of
    // the data folder's saves and its Player Log.
    step(110, settled, None, |cx| {
        cx.next.set(Screen::Settings);
        cx.tour.go(111);
    }),
    step(111, settled, Some("settings"), |cx| {
        cx.next.set(Screen::Load);
        cx.tour.go(112);
    }),
    step(112, settled, Some("load"), |cx| {
        cx.next.set(Screen::PlayerLog);
        cx.tour.go(113);
    }),
    step(113, settled, Some("player-log"), |cx| cx.tour.go(33)),
    // `FCREL_TOUR_FROM=record`: What changed, the Luck tab, a branch.
    step(120, settled, None, |cx| {
        start_quick(cx.choice, cx.next);
        cx.tour.go(121);
    }),
    step(
        121,
        |cx| cx.settled && cx.first_moves,
        None,
        |cx| {
            cx.play();
            cx.tour.go(122);
        },
    ),
    // The Union turn: the player answers its questions from here on, so
    // that "What changed" counts from the player's last answer.
    step(
        122,
        |cx| cx.stage_is(Step::UnionOrders) && cx.request.is_some(),
        None,
        |cx| {
            cx.pause();
            cx.tour.go(123);
        },
    ),
    step(
        123,
        |cx| cx.request.is_some() && cx.tour.wait > 2,
        None,
        |cx| {
            let turn_2 = cx.view.is_some_and(|v| v.status.turn == 2);
            if turn_2 && cx.first_moves {
                cx.commands.queue(show_first_change);
                cx.tour.go(124);
                return;
            }
            let Some(r) = cx.request.clone() else { return };
            cx.commands.queue(move |w: &mut World| {
                let Some(board) = crate::rules::board::Board::from_world(w) else {
                    return;
                };
                use crate::rules::decision::Decider;
                if let Ok(d) = Policy::Objective.decide(&board, &r) {
                    w.write_message(crate::rules::sequence::Decide(d));
                }
            });
            cx.tour.go(123);
        },
    ),
    step(124, settled, Some("what-changed"), |cx| cx.tour.go(128)),
    step(128, settled, None, |cx| {
        cx.commands.queue(|w: &mut World| {
            w.resource_mut::<crate::app::view::Selection>().shown = None;
            // The Union turn's report read and closed: the Chronicle's room.
            w.resource_mut::<crate::app::union_turn::UnionReport>().open = false;
            w.resource_mut::<crate::app::panels::chronicle::ChronicleFilter>()
                .tab = crate::app::panels::chronicle::Tab::Luck;
        });
        cx.tour.go(125);
    }),
    step(125, settled, Some("chronicle-luck"), |cx| cx.tour.go(129)),
    step(129, settled, None, |cx| {
        cx.commands.queue(|w: &mut World| {
            w.resource_mut::<crate::app::panels::chronicle::ChronicleFilter>()
                .tab = crate::app::panels::chronicle::Tab::Entries;
            if !w.resource::<crate::app::WritesFiles>().0 {
                return;
            }
            // A branch from the entry after the player's fourth decision.
            let c = w.resource::<crate::chronicle::Chronicle>();
            let Some(entry) = (0..c.len()).find(|&i| c.decisions_before(i) >= 4) else {
                return;
            };
            let from = crate::app::branch::FromEntry {
                entry,
                same_dice: false,
            };
            if let Err(e) = crate::app::branch::make(w, from) {
                warn!("no branch: {e}");
            }
        });
        cx.menu();
        cx.tour.go(126);
    }),
    step(126, settled, None, |cx| {
        cx.next.set(Screen::Load);
        cx.tour.go(127);
    }),
    step(127, settled, Some("load-branch"), |cx| {
        cx.next.set(Screen::PlayerLog);
        cx.tour.go(130);
    }),
    step(130, settled, Some("player-log-luck"), |cx| cx.tour.go(33)),
    // After a shot, the commander plays on once the picture is taken.
    step(
        40,
        |cx| cx.tour.wait > 20,
        None,
        |cx| {
            cx.play();
            let resume = cx.tour.resume;
            cx.tour.go(resume);
        },
    ),
];

/// Stage 94: the pointer on the Union Force the picked Force may attack,
/// then the hover shot (or, after a while without one, on without it).
fn hover_target(cx: &mut Cx) {
    let target = cx.sheet().and_then(|s| {
        let picked = s
            .units
            .iter()
            .find(|u| Some(&u.force) == cx.screen.picked.as_ref())?;
        let r = picked
            .relations
            .iter()
            .find(|r| r.target && r.distance == 1)?;
        Some(r.force.clone())
    });
    cx.tour.pointer = target.and_then(|t| {
        let (_, at) = cx.screen.counters.iter().find(|(f, _)| *f == t)?;
        Some(Vec2::new(at.center().x, at.center().y))
    });
    if cx.settled && cx.tour.pointer.is_some() {
        shot(cx.commands, cx.tour, "battle-stand-alone-hover");
        cx.after_shot(95);
    } else if cx.tour.wait > 400 {
        cx.tour.go(95);
    }
}

/// Stage 60: a Grand Campaign of Very Quick battles, Easy, under the first
/// seed with which the scripted commander wins all five campaigns.
/// Open the rules reference at `rule` (as a rule link does), or with
/// `query` in its search box.
fn open_reference(cx: &mut Cx, rule: &'static str, query: &'static str) {
    cx.commands.queue(move |w: &mut World| {
        let mut r = w.resource_mut::<crate::app::panels::reference::Reference>();
        if rule.is_empty() {
            r.open = true;
            r.query = query.to_string();
        } else {
            r.open_at(rule);
        }
    });
}

fn close_reference(cx: &mut Cx) {
    cx.commands.queue(|w: &mut World| {
        w.resource_mut::<crate::app::panels::reference::Reference>()
            .open = false;
    });
}

fn grand_campaign(cx: &mut Cx) {
    let mut options = cx.choice.options;
    options.battles = BattleMode::VeryQuick;
    options.player = crate::rules::difficulty::PlayerLevel::Easy;
    options.union_cavalry_corps = false;
    let catalog = cx.catalog;
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
            cx.choice.options = options;
            cx.choice.seed_text = seed.to_string();
            cx.choice.campaign = 0;
            cx.choice.grand = true;
            cx.next.set(Screen::Game);
            cx.tour.go(61);
        }
        None => {
            warn!("no seed wins all five campaigns: no Grand Campaign shots");
            cx.tour.go(33);
        }
    }
}

/// Stage 63: on to the Grand Campaign's next campaign, as "Go on to …"
/// does, or after the last to the Player Log.
fn next_in_grand(cx: &mut Cx) {
    let next_campaign = cx.grand.0.and_then(|g| {
        let id = cx.log.loaded.as_ref()?.log.next_campaign(g)?;
        Some((g, cx.catalog.campaigns.iter().position(|c| c.id == id)?))
    });
    cx.menu();
    match next_campaign {
        Some((g, campaign)) => {
            cx.commands
                .insert_resource(crate::app::player_log::NextInGrand { grand: g, campaign });
            cx.tour.go(61);
        }
        None => {
            cx.next.set(Screen::PlayerLog);
            cx.tour.go(64);
        }
    }
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
    mut suggest: ResMut<crate::app::suggest::Suggest>,
) {
    tour.wait += 1;
    put_away(&mut tour, &mut screen, records.as_deref());
    let mut cx = Cx {
        commands: &mut commands,
        // Give each screen a moment to lay out and render.
        settled: tour.wait > 40,
        // A shot showing the advisor waits for its estimate (or gives up).
        estimated: !matches!(
            advisor.estimate,
            Some(crate::app::advisor::Estimate::Working)
        ) || tour.wait > 2_000,
        tour: &mut tour,
        screen: &mut screen,
        records: records.as_deref(),
        next: &mut next,
        next_game: &mut next_game,
        choice: &mut choice,
        pending: pending.as_deref(),
        step: step.as_ref().map(|s| *s.get()),
        game: *game.get(),
        quit: false,
        catalog: &catalog,
        grand: &grand,
        log: &log,
        advisor: &advisor,
        view: view.as_deref(),
        selection: &mut selection,
        answers: answers.as_deref(),
        decision: &mut decision,
        suggest: &mut suggest,
        request: pending.as_ref().and_then(|p| p.request.clone()),
        first_moves: false,
    };
    cx.first_moves = cx.request.as_ref().is_some_and(|r| moves(&cx, r));
    let stage = cx.tour.stage;
    if let Some(s) = STEPS.iter().find(|s| s.stage == stage && (s.when)(&cx)) {
        if let Some(name) = s.shot {
            shot(cx.commands, cx.tour, name);
        }
        (s.then)(&mut cx);
    }
    if cx.quit {
        exit.write(AppExit::Success);
    }
}

/// On a battle shot, the battle is shown as far as it has been fought;
/// while the commander plays, finished battles are put away.
fn put_away(tour: &mut Tour, screen: &mut BattleScreen, records: Option<&BattleRecords>) {
    if matches!(
        tour.stage,
        13 | 16 | 22 | 24 | 26 | 40 | 74..=77 | 79 | 80 | 94 | 96 | 141 | 142
    ) && let Some(rec) = records
        && let Some(id) = screen.id
    {
        show(screen, rec, id);
    }
    if let Some(rec) = records
        && !matches!(
            tour.stage,
            13 | 16 | 22 | 24 | 26 | 28 | 40 | 74..=77 | 79 | 80 | 93..=96 | 141 | 142
        )
    {
        for b in rec.battles.iter().filter(|b| b.ending.is_some()) {
            if !screen.closed.contains(&b.id) {
                screen.closed.push(b.id);
            }
        }
    }
}
