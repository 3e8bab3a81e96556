//! The Suggest panel (issue 37, item 3; issue 48; `docs/odds.md`): at a
//! question the advisor covers (`odds::advise::covers_turn`: a battle's
//! Battle Plan Counter assignment and extra Battle Plans, who acts and
//! with which Default Battle Plan, targets, Squares, fight on or retreat,
//! Rejoin, a Scout's use; on the map the turn's plan: every move, whole
//! stacks, Forced March, Resupply) the decision panel has a "Suggest"
//! toggle. On, the advisor (`odds::advise::Advisor`)
//! refines its ranking on a worker thread — the window's worker ([`Job`], as the odds advisor's),
//! polled every frame, so the window never waits — until the leader is
//! clearly ahead of every other answer, every answer left has its most
//! trials, or [`Suggest::seconds`] are spent (looked at between the
//! search's rounds: the advice is that of `fcrel advise --trials N` with
//! the trials shown). Time spent with nothing settled, "Think longer"
//! goes on with the same search ([`LONGER`] more seconds). The panel says whether any answer is clearly better
//! than the player's (or the built-in commander's), and shows the best
//! three answers so far, ranked with ties ("=1"), with their estimates,
//! 95% intervals, trials and a line saying why, the player's own current
//! choice, and "Take this". On the Battlefield Sheet the suggested
//! assignment is drawn as ghost counters ([`Suggest::ghosts`]).
//!
//! The advice answers the question as it stands: the game's decisions so
//! far (an assignment's counters given so far are the player's current
//! choice) and the aim. Any change starts it again; leaving the question
//! (or the game) stops it. "Take this" gives the answers as the player's
//! own clicks would: a single answer through the panel's [`Answerer`]
//! (asked first where the rules ask), an assignment's counters one a frame
//! ([`take`]), each of which can be taken back until Done (R-12.2-back);
//! Done stays the player's.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use bevy::prelude::*;
use bevy::window::RequestRedraw;
use bevy_egui::egui::{self, RichText};

use super::answer::Answerer;
use super::theme::thousands;
use super::worker::{Job, workers};
use crate::app::theme::link::HoverWords;
use crate::odds::advise::{self, Advice, Aim, Position, Ranked};
use crate::odds::locate::{SourceInfo, Waiting};
use crate::rules::battle::terms::PlanCounter;
use crate::rules::decision::{Decision, Request};
use crate::rules::sequence::{
    Decide, GameLog, GameState, PendingDecision, StepDecisions, run_step,
};
use crate::sim::game_seed;

/// The most trials an answer gets in the window: the search ends there.
pub const MAX_TRIALS: u64 = 65_536;

/// The seconds the window's search runs at most (as `fcrel advise`'s
/// default).
pub const SECONDS: f64 = advise::DEFAULT_SECONDS;

/// The seconds "Think longer" adds to a search whose time is spent.
pub const LONGER: f64 = 5.0;

/// Trials fought between two looks at the stop flag.
const SLICE: u64 = 48;

/// The least time between two snapshots of the advice handed to the
/// window (ranking every answer against every other costs).
const SNAPSHOT_EVERY: std::time::Duration = std::time::Duration::from_millis(120);

/// The answers shown.
const SHOWN: usize = 3;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Suggest>()
        .add_systems(Update, remember_toggle)
        .add_systems(
            Update,
            (ask, poll, take)
                .chain()
                .after(run_step)
                .after(super::view::refresh)
                .run_if(in_state(GameState::Playing)),
        )
        .add_systems(Update, leave.run_if(not(in_state(GameState::Playing))));
}

/// A suggested Battle Plan Counter drawn on the sheet, translucent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ghost {
    /// None: the Formation counter beside the sheet (12.3.7).
    pub force: Option<String>,
    pub plan: PlanCounter,
    /// The player points at its answer in the panel: drawn stronger.
    pub pointed: bool,
}

/// The advice under way.
struct Running {
    /// The search, handed back when its time is spent (to go on with).
    job: Job<Result<advise::Advisor, String>>,
    /// The worker's latest advice, taken by [`poll`].
    latest: Arc<Mutex<Option<Advice>>>,
}

#[derive(Resource)]
pub struct Suggest {
    /// The panel's toggle (remembered in the settings).
    pub on: bool,
    /// What the answers are ranked by.
    pub aim: Aim,
    /// The most trials an answer gets ([`MAX_TRIALS`]; fewer in tests and
    /// the screenshot tour).
    pub max_trials: u64,
    /// The trials every answer gets in the first round (fewer in tests).
    pub first_round: u64,
    /// The time budget of a search ([`SECONDS`]).
    pub seconds: f64,
    /// The seconds the search shown was given in all ("Think longer"
    /// adds [`LONGER`]).
    given: f64,
    /// The search shown, its time spent, nothing settled: "Think longer"
    /// goes on with it.
    paused: Option<advise::Advisor>,
    /// The pending question is one the advisor covers.
    pub covered: bool,
    /// What the advice answers: the game's decisions so far, the aim.
    asked: Option<(Vec<Decision>, Aim)>,
    /// The advice so far.
    pub advice: Option<Advice>,
    /// Why there is none (said in the panel).
    pub failed: Option<String>,
    /// The answer the pointer is on in the panel (its ghosts are drawn).
    pub pointed: Option<usize>,
    /// An assignment's counters or a stack's moves still to give ("Take
    /// this").
    taking: Vec<Decision>,
    /// The toggle was clicked: the settings follow.
    toggled: bool,
    /// The settings' value last followed (they are borrowed mutably
    /// every frame: a change is told by its value).
    followed: Option<bool>,
    running: Option<Running>,
}

impl Default for Suggest {
    fn default() -> Self {
        Suggest {
            on: false,
            aim: Aim::Win,
            max_trials: MAX_TRIALS,
            first_round: advise::Settings::default().first_round,
            seconds: SECONDS,
            given: 0.0,
            paused: None,
            covered: false,
            asked: None,
            advice: None,
            failed: None,
            pointed: None,
            taking: Vec::new(),
            toggled: false,
            followed: None,
            running: None,
        }
    }
}

impl Suggest {
    /// The advice is being refined.
    pub fn refining(&self) -> bool {
        self.running.is_some()
    }

    /// The search has ended: the leader is clearly ahead, every answer
    /// left has its most trials, or the time is spent.
    pub fn settled(&self) -> bool {
        self.running.is_none() && self.failed.is_none() && self.advice.is_some()
    }

    /// Switch the panel on or off, as its toggle does (the settings
    /// follow).
    pub fn set_on(&mut self, on: bool) {
        self.on = on;
        self.toggled = true;
    }

    /// An assignment or a stack's moves are being given ("Take this").
    pub fn taking(&self) -> bool {
        !self.taking.is_empty()
    }

    /// Take the answer ranked `rank` (0 the best): an assignment's counters
    /// one a frame, up to Done (which is the player's), or a stack's moves
    /// one a frame. Returns the answers it will give.
    pub fn take(&mut self, rank: usize) -> Vec<Decision> {
        let Some(a) = &self.advice else {
            return Vec::new();
        };
        let Some(r) = a.ranked.get(rank) else {
            return Vec::new();
        };
        self.taking = r
            .decisions
            .iter()
            .take_while(|d| **d != Decision::EndAssign)
            .cloned()
            .collect();
        self.taking.clone()
    }

    fn stop(&mut self) {
        // The worker stops at its next slice (`Job`'s drop).
        self.running = None;
        self.paused = None;
    }

    /// The search's time is spent and nothing is settled: it can go on.
    pub fn can_think_longer(&self) -> bool {
        self.paused.is_some() && self.running.is_none()
    }

    /// Go on with the search whose time is spent, for [`LONGER`] more
    /// seconds: the advice after it is that of the same search run to its
    /// trials at once.
    pub fn think_longer(&mut self) {
        let Some(advisor) = self.paused.take() else {
            return;
        };
        self.given += LONGER;
        self.failed = None;
        let latest = Arc::new(Mutex::new(None));
        let job = {
            let latest = latest.clone();
            Job::spawn("suggest", move |stop| {
                refine(advisor, LONGER, &latest, stop)
            })
        };
        match job {
            Ok(job) => self.running = Some(Running { job, latest }),
            Err(e) => self.failed = Some(format!("no worker thread: {e}")),
        }
    }

    fn clear(&mut self) {
        self.stop();
        self.asked = None;
        self.advice = None;
        self.failed = None;
        self.pointed = None;
    }

    /// The suggested assignment's counters on the sheet of the battle in
    /// `area`, those not already there: the answer pointed at in the
    /// panel, else the best.
    pub fn ghosts(
        &self,
        area: &str,
        sheet: &crate::rules::battle::record::SheetView,
    ) -> Vec<Ghost> {
        let Some(a) = self
            .advice
            .as_ref()
            .filter(|a| self.on && a.asked.assignment)
        else {
            return Vec::new();
        };
        if a.asked.battle.as_deref() != Some(area) {
            return Vec::new();
        }
        let shown = self.pointed.unwrap_or(0);
        let Some(ps) = a.ranked.get(shown).and_then(|r| r.placements.as_ref()) else {
            return Vec::new();
        };
        ps.iter()
            .filter(|p| match &p.force {
                Some(f) => !sheet
                    .units
                    .iter()
                    .any(|u| u.force == f.as_str() && u.counter == Some(p.plan)),
                None => !sheet.formation_counter,
            })
            .map(|p| Ghost {
                force: p.force.as_ref().map(|f| f.to_string()),
                plan: p.plan,
                pointed: self.pointed.is_some(),
            })
            .collect()
    }
}

/// The toggle follows the settings, and the settings the toggle.
fn remember_toggle(
    settings: Option<ResMut<super::settings::AppSettings>>,
    mut suggest: ResMut<Suggest>,
) {
    let Some(mut settings) = settings else {
        return;
    };
    if suggest.toggled {
        suggest.toggled = false;
        suggest.followed = Some(suggest.on);
        if settings.loaded.settings.suggest != suggest.on {
            settings.loaded.settings.suggest = suggest.on;
            settings.save();
        }
    } else if suggest.followed != Some(settings.loaded.settings.suggest) {
        let on = settings.loaded.settings.suggest;
        suggest.followed = Some(on);
        suggest.on = on;
    }
}

/// Out of the game: nothing is refined.
fn leave(mut suggest: ResMut<Suggest>) {
    if suggest.running.is_some() || suggest.advice.is_some() || suggest.covered {
        suggest.clear();
        suggest.covered = false;
        suggest.taking.clear();
    }
}

/// Whether the advisor covers `r` (`odds::advise::covers_turn`).
fn covers(world: &mut World, r: &Request) -> bool {
    if let Some(view) = world.get_resource::<crate::rules::view::GameView>() {
        return advise::covers_turn(&view.board, r);
    }
    crate::rules::board::Board::from_world(world).is_some_and(|b| advise::covers_turn(&b, r))
}

/// Starts the advice when the question, the player's current choice or
/// the aim changes (the advice before it is dropped); drops it when the
/// question is not covered or the toggle is off.
fn ask(world: &mut World) {
    let request = world.resource::<PendingDecision>().request.clone();
    let covered = request.as_ref().is_some_and(|r| covers(world, r));
    let (on, aim, taking) = {
        let s = world.resource::<Suggest>();
        (s.on, s.aim, s.taking())
    };
    if world.resource::<Suggest>().covered != covered {
        world.resource_mut::<Suggest>().covered = covered;
    }
    if !covered || !on {
        let mut s = world.resource_mut::<Suggest>();
        if s.asked.is_some() || s.running.is_some() {
            s.clear();
        }
        return;
    }
    // An assignment being given: asked again once it is.
    if taking {
        return;
    }
    let (log, current) = (
        world.resource::<GameLog>(),
        world.resource::<StepDecisions>(),
    );
    let same = world
        .resource::<Suggest>()
        .asked
        .as_ref()
        .is_some_and(|(d, a)| *a == aim && log.is_now(current, d));
    if same {
        return;
    }
    let decisions = world
        .resource::<GameLog>()
        .with_current(world.resource::<StepDecisions>());
    let Some(waiting) = Waiting::from_world(world) else {
        return;
    };
    // The same question always gets the same advice.
    let seed = game_seed(
        world
            .get_resource::<crate::rules::difficulty::GameOptions>()
            .map_or(0, |o| o.seed),
        decisions.len() as u64,
    );
    let seconds = world.resource::<Suggest>().seconds;
    let settings = advise::Settings {
        aim,
        seed,
        max_trials: world.resource::<Suggest>().max_trials,
        first_round: world.resource::<Suggest>().first_round,
        ..advise::Settings::default()
    };
    let latest = Arc::new(Mutex::new(None));
    let job = {
        let latest = latest.clone();
        Job::spawn("suggest", move |stop| {
            let source = SourceInfo {
                kind: "game".into(),
                file: "this game".into(),
                name: "the question on screen".into(),
            };
            let pos = Position::from_waiting(&waiting, source)?;
            let advisor = advise::Advisor::new(&pos, settings)?;
            refine(advisor, seconds, &latest, stop)
        })
    };
    let mut s = world.resource_mut::<Suggest>();
    s.clear();
    s.given = seconds;
    s.asked = Some((decisions, aim));
    match job {
        Ok(job) => s.running = Some(Running { job, latest }),
        Err(e) => s.failed = Some(format!("no worker thread: {e}")),
    }
}

/// The worker: the advisor at the question the game waits at, stepped in
/// slices, its advice handed to the window now and then, until the search
/// ends, `seconds` are spent (between rounds) or the window says stop;
/// the search is handed back (to go on with).
fn refine(
    mut advisor: advise::Advisor,
    seconds: f64,
    latest: &Mutex<Option<Advice>>,
    stop: &AtomicBool,
) -> Result<advise::Advisor, String> {
    let threads = workers();
    let mut shown: Option<std::time::Instant> = None;
    let mut hand = |a: &advise::Advisor, last: bool| {
        if last || shown.is_none_or(|t| t.elapsed() >= SNAPSHOT_EVERY) {
            shown = Some(std::time::Instant::now());
            if let Ok(mut l) = latest.lock() {
                *l = Some(a.advice());
            }
        }
    };
    advisor
        .run_for(seconds, u64::MAX, (threads, SLICE), stop, &mut |a| {
            hand(a, false)
        })
        .map_err(|e| e.to_string())?;
    if !stop.load(Ordering::Relaxed) {
        hand(&advisor, true);
    }
    Ok(advisor)
}

/// The worker's latest advice into the panel; the window woken while it
/// works (an idle window sleeps).
fn poll(mut suggest: ResMut<Suggest>, mut redraw: MessageWriter<RequestRedraw>) {
    let Some(running) = &suggest.running else {
        return;
    };
    let latest = running.latest.lock().ok().and_then(|mut l| l.take());
    let finished = running.job.is_finished();
    if let Some(a) = latest {
        suggest.advice = Some(a);
    }
    redraw.write(RequestRedraw);
    if !finished {
        return;
    }
    let running = suggest.running.take().expect("running");
    // A last snapshot may have come between the look and the end.
    if let Some(a) = running.latest.lock().ok().and_then(|mut l| l.take()) {
        suggest.advice = Some(a);
    }
    match running.job.join() {
        Ok(Ok(advisor)) => {
            if !advisor.finished() {
                suggest.paused = Some(advisor);
            }
        }
        Ok(Err(why)) | Err(why) => suggest.failed = Some(why),
    }
}

/// "Take this" on an assignment or a stack's moves: its answers, one a
/// frame, each the rules' own answer to the question then asked (the
/// assignment's, or the Moves step's, 9.2, 15.1), as the player's clicks
/// would give them, a Flank's or Rapid Advance's target with it (A12.3).
/// Anything else asked in between, or an answer the rules ask about first
/// (3.2), is left to the player: the rest is dropped.
fn take(
    mut suggest: ResMut<Suggest>,
    pending: Res<PendingDecision>,
    view: Option<Res<crate::rules::view::GameView>>,
    answers: Res<StepDecisions>,
    mut decide: MessageWriter<Decide>,
) {
    if suggest.taking.is_empty() {
        return;
    }
    // The rules are playing (the last answer is being taken): wait.
    let Some(r) = &pending.request else {
        if pending.die.is_some() || pending.blocked.is_some() {
            suggest.taking.clear();
        }
        return;
    };
    let next = suggest.taking[0];
    // The assignment's or the Moves step's question, or the target a
    // Flank or Rapid Advance just given declares (A12.3).
    let same_step = r.rule.as_str() == "A12.3"
        || [Decision::EndAssign, Decision::EndMoves]
            .iter()
            .any(|end| r.options.contains(end));
    let asks = view
        .as_ref()
        .and_then(|v| v.request.as_ref())
        .is_some_and(|v| v.needs_confirmation(&next, &answers.answers).is_some());
    if same_step && r.options.contains(&next) && !asks {
        decide.write(Decide(next));
        suggest.taking.remove(0);
    } else {
        suggest.taking.clear();
    }
}

fn pct(p: f64) -> String {
    format!("{:.0}%", p * 100.0)
}

/// An estimate as the aim has it: a percentage, or Combat Value.
fn value(aim: Aim, x: f64) -> String {
    if aim.is_chance() {
        pct(x)
    } else {
        format!("{x:.1}")
    }
}

/// A difference as the aim has it: points, or Combat Value.
fn difference(aim: Aim, x: f64) -> String {
    if aim.is_chance() {
        format!("{:+.0} points", x * 100.0)
    } else {
        format!("{x:+.1} Combat Value")
    }
}

/// Text in a box of a fixed width: the figures refine in place.
fn fixed(ui: &mut egui::Ui, w: f32, text: RichText) -> egui::Response {
    ui.add_sized([w, 16.0], egui::Label::new(text).truncate())
}

/// The colour of the panel behind the suggestions.
const FILL: egui::Color32 = super::theme::palette::ADVICE_PALE;
/// The answer pointed at, and the ghosts' ink.
pub const GHOST: egui::Color32 = super::theme::palette::ADVICE;

/// The toggle and, on, the suggestions: under the question's answers in
/// the decision panel, wherever the advisor covers the question.
/// `room`: the height of the answers' room it is docked in; it takes at
/// most half of it (scrolling beyond), and in a short room its answers'
/// words keep to one line.
pub fn show(ui: &mut egui::Ui, s: &mut Suggest, a: &mut Answerer, room: f32) {
    s.pointed = None;
    if !s.covered {
        return;
    }
    let compact = room < COMPACT_BELOW;
    ui.separator();
    ui.horizontal(|ui| {
        if ui
            .toggle_value(&mut s.on, RichText::new("Suggest").strong())
            .on_hover_words("The best answers found by simulation: each answer is fought out many times against the Union AI from the game as you see it, and ranked by your aim (docs/odds.md). It works on a spare core and never touches the game's dice.")
            .changed()
        {
            s.toggled = true;
        }
        if s.on {
            for aim in [Aim::Win, Aim::Strength, Aim::Campaign] {
                let word = match aim {
                    Aim::Win => "Win",
                    Aim::Strength => "Strength",
                    Aim::Campaign => "Campaign",
                };
                ui.selectable_value(&mut s.aim, aim, word)
                    .on_hover_words(format!("Rank the answers by the {}.", aim.describe()));
            }
            // Short: the spinner at the line's end (the trials are on
            // the verdict's line).
            if compact && s.refining() {
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    ui.spinner();
                });
            }
        }
    });
    if !s.on {
        return;
    }
    egui::ScrollArea::vertical()
        .id_salt("suggest")
        .max_height(ui.available_height())
        .show(ui, |ui| {
            let mut frame = egui::Frame::group(ui.style()).fill(FILL);
            if compact {
                frame = frame.inner_margin(egui::Margin::same(3));
            }
            frame.show(ui, |ui| {
                ui.set_width(ui.available_width());
                panel(ui, s, a, compact);
            });
        });
}

/// The height [`show`] takes in a room of `room`: none where the advisor
/// does not cover the question, the toggle's line when off, else its
/// rows (they keep their height whatever the figures), at most half the
/// room.
pub fn height(s: &Suggest, room: f32) -> f32 {
    const TOGGLE: f32 = 30.0;
    if !s.covered {
        0.0
    } else if !s.on {
        TOGGLE
    } else {
        let compact = room < COMPACT_BELOW;
        // Compact: the rows, the choice's line, a tight frame (the
        // trials on the toggle's line); else also the estimate's two
        // lines and a wider frame.
        // The verdict's line in both.
        let rows = if compact {
            3.0 * (row_h(true) + 3.0) + 19.0 + 10.0 + 18.0
        } else {
            3.0 * (row_h(false) + 4.0) + 32.0 + 20.0 + 20.0 + 18.0
        };
        // A short room keeps what the question's own answers need at
        // least (a Battle Plan assignment's: the question, the counters
        // left, a Force, Done).
        let most = if compact {
            (room - ANSWERS_LEAST).max(120.0)
        } else {
            room * 0.5
        };
        TOGGLE + rows.min(most)
    }
}

/// The room a short decision panel keeps for the question's own answers
/// (with the question's box of [`QUESTION_SHORT`]).
const ANSWERS_LEAST: f32 = 280.0;

/// Whether the suggestions are shown compact in a room of `room`, where
/// the question's box keeps to [`QUESTION_SHORT`] while they are on.
pub fn compact(s: &Suggest, room: f32) -> bool {
    s.covered && s.on && room < COMPACT_BELOW
}

/// The question's box while compact suggestions are shown: its three
/// lines (a longer question scrolls in it).
pub const QUESTION_SHORT: f32 = 58.0;

/// Below this height of the answers' room the suggestions are compact.
const COMPACT_BELOW: f32 = 640.0;

fn panel(ui: &mut egui::Ui, s: &mut Suggest, a: &mut Answerer, compact: bool) {
    let refining = s.refining();
    let Some(advice) = s.advice.clone() else {
        ui.horizontal(|ui| {
            match &s.failed {
                Some(why) => {
                    ui.label(RichText::new(format!("No suggestion: {why}")).italics());
                }
                None => {
                    ui.spinner();
                    ui.label("Refining… the first battles are being fought");
                }
            };
        });
        // The rows' room, kept while the first figures come.
        ui.add_space(3.0 * row_h(compact) + 2.0 * 16.0);
        return;
    };
    let aim = advice.aim;
    let (one, what) = if advice.asked.battle.is_some() {
        ("battle", "battles")
    } else {
        ("campaign", "campaigns")
    };
    if !compact {
        ui.horizontal(|ui| {
            if refining {
                ui.spinner();
            }
            let (status, tip) = status(s, &advice);
            // Beside Think longer, without "against the Union AI" (on
            // hover).
            let text = RichText::new(if s.can_think_longer() {
                format!("{} simulated {what} · {status}", thousands(advice.trials))
            } else {
                format!(
                    "{} simulated {what} against the Union AI · {status}",
                    thousands(advice.trials)
                )
            })
            .size(11.0);
            if s.can_think_longer() {
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    think_longer_button(ui, s);
                    ui.with_layout(egui::Layout::left_to_right(egui::Align::Center), |ui| {
                        ui.add(egui::Label::new(text).truncate())
                            .on_hover_words(tip);
                    });
                });
            } else {
                ui.add(egui::Label::new(text).wrap()).on_hover_words(tip);
            }
        });
    }
    // Whether any answer is clearly better than the one kept (compact:
    // with the trials used, the state on hover).
    let mut line = egui::text::LayoutJob::default();
    let strong = ui.visuals().strong_text_color();
    let ink = ui.visuals().text_color();
    line.append(
        &verdict(&advice, refining),
        0.0,
        egui::TextFormat::simple(egui::FontId::proportional(12.0), strong),
    );
    if compact {
        line.append(
            &format!("{} trials", thousands(advice.trials)),
            8.0,
            egui::TextFormat::simple(egui::FontId::proportional(11.0), ink),
        );
    }
    let tip = if compact {
        format!("{VERDICT_TIP}\n\n{}", status(s, &advice).1)
    } else {
        VERDICT_TIP.to_string()
    };
    if compact && s.can_think_longer() {
        // Short: Think longer at the verdict's end (the aims fill the
        // toggle's line).
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Min), |ui| {
            think_longer_button(ui, s);
            ui.with_layout(egui::Layout::left_to_right(egui::Align::Min), |ui| {
                ui.add(egui::Label::new(line).wrap()).on_hover_words(tip);
            });
        });
    } else {
        ui.add(egui::Label::new(line).wrap()).on_hover_words(tip);
    }
    if let Some(why) = &s.failed {
        ui.label(RichText::new(why).italics().size(11.0));
    }
    let take_words = if advice.asked.assignment {
        "Places these counters as your own clicks would: each can be taken back until Done (R-12.2-back). Done stays yours."
    } else {
        "Gives this answer as your own click would (asked first where the rules ask)."
    };
    for rank in 0..SHOWN {
        let resp = row(ui, &advice, rank, (a, take_words), s, compact);
        if resp.is_some_and(|r| r.contains_pointer()) {
            s.pointed = Some(rank);
        }
    }
    // The player's own choice, where it stands (compact: unless it is
    // among those shown, marked "yours").
    let mine = advice.ranked.iter().position(|r| r.player_choice);
    if compact && mine.is_some_and(|k| k < SHOWN) {
        return;
    }
    let line = match mine.map(|k| &advice.ranked[k]) {
        // At an assignment with no counter given yet: no choice of the
        // player's (the commander's is the one kept).
        Some(r) if r.placements.as_ref().is_some_and(|p| p.is_empty()) => {
            "No counter of yours given yet".into()
        }
        Some(r) => format!(
            "Your choice (rank {}): {} ({}–{}) · {} {what}",
            r.rank_text(),
            value(aim, r.estimate.mean),
            value(aim, r.estimate.low),
            value(aim, r.estimate.high),
            thousands(r.trials)
        ),
        None if advice.asked.assignment => "Your choice: not weighed yet".into(),
        None => "No choice of yours yet".into(),
    };
    let none_given = mine.is_none_or(|k| {
        advice.ranked[k]
            .placements
            .as_ref()
            .is_some_and(|p| p.is_empty())
    });
    fixed(ui, ui.available_width(), RichText::new(line).size(12.0)).on_hover_words(
        if none_given {
            format!("Each answer is compared with the built-in commander's, {one} by {one} over the same dice: it is kept unless another is clearly better.")
        } else if advice.asked.assignment {
            "The counters you have given so far, committed as they stand (Done now). Each answer is compared with them, battle by battle over the same dice: they are kept unless another is clearly better.".into()
        } else {
            format!("Each answer's difference is to this one, {one} by {one} over the same dice: it is kept unless another is clearly better.")
        },
    );
}

/// "Think longer": the search whose time is spent goes on.
fn think_longer_button(ui: &mut egui::Ui, s: &mut Suggest) {
    if ui
        .add(
            egui::Button::new("Think longer")
                .small()
                .wrap_mode(egui::TextWrapMode::Extend),
        )
        .on_hover_words(format!(
            "The time is spent and no answer is clearly ahead yet: go on with the same search for {LONGER:.0} s more. More trials narrow the intervals; the answers kept so far keep their trials."
        ))
        .clicked()
    {
        s.think_longer();
    }
}

const VERDICT_TIP: &str = "The answer kept is yours where you have given one, else the built-in commander's (the scripted commander that plays your side in every trial). Another is recommended only when it is clearly better over the same dice: a sequential sign test at 5%, however long the search runs. Answers none of the others is clearly better than share a rank (=1).";

/// Whether an answer is clearly better than the one kept, in a line.
fn verdict(advice: &Advice, refining: bool) -> String {
    let whose = advice
        .reference
        .clone()
        .unwrap_or_else(|| "the built-in commander's".into());
    let so_far = if refining { " so far" } else { "" };
    match advice.ranked.first() {
        Some(best) if advice.clearly_better => {
            format!("{} is clearly better than {whose}{so_far}", best.label)
        }
        _ => format!("No answer is clearly better than {whose}{so_far}"),
    }
}

/// The estimate's state in a word or three, and all about it (on hover).
fn status(s: &Suggest, advice: &Advice) -> (&'static str, String) {
    let what = if advice.asked.battle.is_some() {
        "battles"
    } else {
        "campaigns"
    };
    let word = match (&s.failed, s.refining(), advice.decided, advice.finished) {
        (Some(_), ..) => "stopped",
        (None, true, ..) => "refining…",
        (None, false, true, _) => "settled: the best is clearly ahead",
        (None, false, false, true) => "settled: most trials reached",
        (None, false, false, false) => "time spent",
    };
    let tip = format!(
        "{} simulated {what} against the Union AI · {word}.\n{} answers weighed, every trial from the game as you see it (the dice already rolled replayed, every later die its own), the Union played by its AI and your later choices by the built-in commander ({}). Answers are tried in rounds: those the leader is clearly better than are dropped, then the weaker half; the rest get twice the trials. The search stops when the leader is clearly ahead of every answer still tried, or after {} s (between rounds: `fcrel advise --trials {} --seed {}` gives this advice exactly).",
        thousands(advice.trials),
        advice.ranked.len(),
        advice.rollout.name(),
        s.given,
        advice.trials,
        advice.seed
    );
    (word, tip)
}

/// A row's title: its rank ("=1" shared), the answer's words whole
/// without the rule numbers (the answers' own buttons have them), whose
/// answer it is: "=1. Hood: March: Advance one Region, then change
/// Formation (the built-in commander's)".
fn title(r: &Ranked) -> String {
    let mut tags = Vec::new();
    // At an assignment, no counter given yet is no choice of the
    // player's ("As assigned now: …" says where it stands).
    if r.player_choice && r.placements.as_ref().is_none_or(|p| !p.is_empty()) {
        tags.push("yours");
    }
    if r.policy_choice {
        tags.push("the built-in commander's");
    }
    let tags = if tags.is_empty() {
        String::new()
    } else {
        format!(" ({})", tags.join(", "))
    };
    format!("{}. {}{tags}", r.rank_text(), without_rules(&r.label))
}

/// `text` without its parentheses of rule numbers alone: "March off the
/// sheet behind the Reserve (12.4.1, 14.5.1)" → "March off the sheet
/// behind the Reserve".
fn without_rules(text: &str) -> String {
    let is_rule = |w: &str| {
        let w = w.trim();
        let w = w.strip_prefix('A').unwrap_or(w);
        !w.is_empty()
            && w.split('.')
                .all(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()))
    };
    let mut out = String::new();
    let mut rest = text;
    while let Some(open) = rest.find(" (") {
        let Some(close) = rest[open..].find(')') else {
            break;
        };
        let inside = &rest[open + 2..open + close];
        out.push_str(&rest[..open]);
        if !inside.split(',').all(is_rule) {
            out.push_str(&rest[open..=open + close]);
        }
        rest = &rest[open + close + 1..];
    }
    out.push_str(rest);
    out
}

/// One row's height: the answer (two lines at most), its figures with
/// Take this, the reason (two lines at most); compact, without the
/// reason (on hover).
fn row_h(compact: bool) -> f32 {
    if compact { 62.0 } else { 98.0 }
}

/// The answer's words in `rows` lines at most, in a room of that height
/// (all of them on hover).
fn label(
    ui: &mut egui::Ui,
    w: f32,
    text: &str,
    (rows, size): (usize, f32),
    color: egui::Color32,
) -> egui::Response {
    let mut job = egui::text::LayoutJob::single_section(
        text.to_string(),
        egui::TextFormat {
            font_id: egui::FontId::proportional(size),
            color,
            ..Default::default()
        },
    );
    job.wrap = egui::text::TextWrapping {
        max_width: w,
        max_rows: rows,
        break_anywhere: false,
        overflow_character: Some('…'),
    };
    let h = (size + 4.0) * rows as f32;
    ui.allocate_ui_with_layout(
        egui::vec2(w, h),
        egui::Layout::top_down(egui::Align::Min),
        |ui| {
            ui.set_min_size(egui::vec2(w, h));
            ui.add(egui::Label::new(job).sense(egui::Sense::hover()))
        },
    )
    .inner
}

/// The answer ranked `rank` (0 the best), or its room kept empty.
fn row(
    ui: &mut egui::Ui,
    advice: &Advice,
    rank: usize,
    (a, take_words): (&mut Answerer, &str),
    s: &mut Suggest,
    compact: bool,
) -> Option<egui::Response> {
    let Some(r) = advice.ranked.get(rank) else {
        ui.add_space(row_h(compact));
        return None;
    };
    let pointed = s.pointed == Some(rank);
    let frame = egui::Frame::new()
        .inner_margin(egui::Margin::symmetric(4, 2))
        .corner_radius(3.0)
        .stroke(egui::Stroke::new(
            if r.recommended { 1.5 } else { 1.0 },
            if pointed || r.recommended {
                GHOST
            } else {
                super::theme::palette::RULE
            },
        ));
    let title = title(r);
    const WHY_TIP: &str = "The outcome whose chance differs most from the answer compared (yours, or with none the built-in commander's), over the same dice.";
    let why = if r.why.is_empty() {
        String::new()
    } else {
        format!("\nMost changed: {}. {WHY_TIP}", r.why)
    };
    let label_tip = format!(
        "{}{}{}{}{}",
        r.label,
        if r.recommended {
            "\nRecommended: kept unless another is clearly better, or clearly better than the one kept."
        } else {
            ""
        },
        if r.tied {
            "\nTied: no other answer of its rank is clearly better or worse than it."
        } else {
            ""
        },
        if r.racing {
            "\nStill being tried."
        } else {
            "\nNo longer tried: it fell behind in an earlier round, or the search has ended."
        },
        if compact {
            format!("\n{}{why}", r.reason)
        } else {
            String::new()
        }
    );
    let strong = ui.visuals().strong_text_color();
    let inner = frame.show(ui, |ui| {
        ui.set_width(ui.available_width());
        if compact {
            // The answer's words over the whole width; its figures and
            // Take this under them.
            ui.set_min_height(row_h(true) - 6.0);
            label(ui, ui.available_width(), &title, (2, 13.0), strong).on_hover_words(&label_tip);
            ui.horizontal(|ui| {
                figures(ui, advice, r, true);
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    take_button(ui, advice, r, rank, a, take_words, s);
                });
            });
            return;
        }
        // The answer's words over the whole width; its figures and Take
        // this under them, then the reason.
        ui.set_min_height(row_h(false) - 8.0);
        label(ui, ui.available_width(), &title, (2, 13.0), strong).on_hover_words(&label_tip);
        ui.horizontal(|ui| {
            figures(ui, advice, r, false);
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                take_button(ui, advice, r, rank, a, take_words, s);
            });
        });
        let w = ui.available_width();
        let ink = ui.visuals().text_color();
        label(ui, w, &r.reason, (2, 11.0), ink).on_hover_words(format!(
            "{}\n{}{why}",
            r.reason,
            versus_tip(advice, r)
        ));
    });
    Some(inner.response)
}

/// An answer's figures in a line: its estimate, the interval, and its
/// trials (the difference to the answer kept is in the reason's line);
/// compact, the difference instead ("+5, not clear").
fn figures(ui: &mut egui::Ui, advice: &Advice, r: &Ranked, compact: bool) {
    let aim = advice.aim;
    let what = if advice.asked.battle.is_some() {
        "battles"
    } else {
        "campaigns"
    };
    fixed(
        ui,
        38.0,
        RichText::new(value(aim, r.estimate.mean)).strong(),
    )
    .on_hover_words(format!(
        "The {} with this answer, over {} simulated {what}.",
        aim.describe(),
        thousands(r.trials)
    ));
    fixed(
        ui,
        62.0,
        RichText::new(format!(
            "{}–{}",
            value(aim, r.estimate.low),
            value(aim, r.estimate.high)
        ))
        .size(12.0),
    )
    .on_hover_words(if aim.is_chance() {
        "The 95% interval (Wilson) of the chance: more trials narrow it."
    } else {
        "The 95% interval of the mean (normal approximation): more trials narrow it."
    });
    if !compact {
        // The difference to the answer kept is in the reason's words.
        fixed(
            ui,
            72.0,
            RichText::new(format!("{} trials", thousands(r.trials))).size(12.0),
        )
        .on_hover_words(format!(
            "Simulated {what} played with this answer ({} at most so far).",
            thousands(advice_max(advice))
        ));
        return;
    }
    // Take this keeps its room at the line's end.
    let w = (ui.available_width() - 76.0).max(40.0);
    fixed(ui, w, RichText::new(versus(aim, r)).size(12.0)).on_hover_words(versus_tip(advice, r));
}

/// All about the difference to the answer kept (on hover).
fn versus_tip(advice: &Advice, r: &Ranked) -> String {
    let aim = advice.aim;
    let one = if advice.asked.battle.is_some() {
        "battle"
    } else {
        "campaign"
    };
    match &r.versus {
        Some(v) => format!(
            "Against {} answer: {} (95% interval {} to {}), {one} by {one} over the {} {one}s both were played with the same dice. {}",
            v.against,
            difference(aim, v.difference.mean),
            difference(aim, v.difference.low),
            difference(aim, v.difference.high),
            thousands(v.trials),
            if v.clearly_better {
                "Clearly better."
            } else if v.clearly_worse {
                "Clearly worse."
            } else {
                "Not clearly better or worse: the difference could be chance."
            }
        ),
        None => {
            "The answer the others are compared with: kept unless another is clearly better.".into()
        }
    }
}

/// The difference to the answer kept, short (compact rows, whose reason
/// is on hover): "+5, not clear" (its unit on hover), or "the one kept".
fn versus(aim: Aim, r: &Ranked) -> String {
    let Some(v) = &r.versus else {
        return "the one kept".into();
    };
    let d = difference(aim, v.difference.mean);
    let d = d.split(' ').next().unwrap_or_default();
    if v.clearly_better || v.clearly_worse {
        format!("{d}, clear")
    } else {
        format!("{d}, not clear")
    }
}

/// The most trials an answer of `advice` had so far.
fn advice_max(advice: &Advice) -> u64 {
    advice.ranked.iter().map(|r| r.trials).max().unwrap_or(0)
}

fn take_button(
    ui: &mut egui::Ui,
    advice: &Advice,
    r: &Ranked,
    rank: usize,
    a: &mut Answerer,
    take_words: &str,
    s: &mut Suggest,
) {
    let options = &a.view.request.options;
    let legal = match r.decisions.first() {
        Some(d) => options.contains(d),
        None => false,
    };
    let enabled = legal && a.ready && !r.player_choice && !s.taking();
    let resp = ui
        .add_enabled(enabled, egui::Button::new("Take this"))
        .on_hover_words(take_words)
        .on_disabled_hover_text(if r.player_choice {
            "This is your choice already."
        } else {
            "Not now."
        });
    if !resp.clicked() {
        return;
    }
    if advice.asked.assignment {
        s.take(rank);
    } else if let Some(first) = r.decisions.first() {
        // A stack's moves one a frame ([`take`]), unless the rules ask
        // about the first: then it is asked, and the rest are the
        // player's.
        if r.decisions.len() > 1 && !a.asks(first) {
            s.take(rank);
        } else {
            a.send(first);
        }
    }
}

#[cfg(test)]
mod tests;
