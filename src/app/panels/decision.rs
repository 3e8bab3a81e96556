//! The decision panel: what the rules ask now, with only their legal
//! answers (moves on the map with their cost and the battle they bring,
//! the battle's own layouts, Confederate Resupply), a physical die to type
//! in, undo and redo (until a die is rolled, and their keys), and Enter or
//! Space for the step's "end" or "keep" answer.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::egui;

use super::Out;
use crate::app::advisor::Advisor;
use crate::app::answer::{Answerer, Confirm, GUARD, SEEN, confirm_window, key_answer};
use crate::app::battle::{self, BattleScreen};
use crate::app::saves::SaveState;
use crate::app::settings::AppSettings;
use crate::app::theme::link::HoverWords;
use crate::app::union_turn::UnionReport;
use crate::app::view::Selection;
use crate::rules::battle::record::{BattleRecord, BattleRecords};
use crate::rules::decision::Decision;
use crate::rules::sequence::{Decide, EnterDie, PendingDecision, StepDecisions, UndoDecision};
use crate::rules::view::{Choice, Commits, GameView, RequestView};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<DecisionState>()
        .add_message::<Decide>()
        .add_message::<crate::rules::setup::NewCampaign>()
        // Before the rules take the answer and run on: where the chronicle
        // stood when it was given.
        .add_systems(
            Update,
            forget_redo.before(crate::rules::sequence::RulesSystems),
        )
        .add_systems(
            PreUpdate,
            forget_redo_in_a_new_game.before(crate::rules::setup::SetUp),
        )
        .add_systems(
            Update,
            keys.after(battle::follow)
                .after(crate::app::union_turn::step_report)
                .after(crate::app::view::refresh)
                .run_if(in_state(crate::app::Screen::Game)),
        );
}

/// Answers taken back (for redo), the die being typed in, an answer
/// waiting for confirmation, and whether Enter and Space rest.
#[derive(Resource, Debug, Default)]
pub struct DecisionState {
    pub redo: Vec<Decision>,
    /// The answer Redo just sent: the one decision that keeps the rest of
    /// `redo` (any other, or a new game, clears it).
    pub redoing: Option<Decision>,
    /// The question on screen (its rule, prompt and answers) and since when
    /// (real seconds): Enter and Space answer only one the player has had
    /// in front of them for [`SEEN`], a click one on screen for [`GUARD`].
    pub seen: Option<(String, f64)>,
    pub die_text: String,
    /// Why the last typed die was refused.
    pub die_refused: Option<String>,
    /// An answer asked about before it is sent (in a window of its own):
    /// it loses the campaign (3.2), ends the Moves with Forces unmoved
    /// (9.2) or the Battle Plans with Forces unassigned (12.2) — only a
    /// click confirms those — or Enter chose it and the rules roll dice
    /// after it (Enter again confirms).
    pub confirm: Option<Confirm>,
    /// Escape went back from a confirmation this frame (it does not also
    /// leave for the menu).
    pub escape_used: bool,
    /// Where the answers were drawn last (each answer's button) and where
    /// they start, below the question.
    pub placed: Vec<(Decision, egui::Rect)>,
    pub answers_top: Option<f32>,
    /// Those shown last, in words.
    pub notices: Vec<String>,
    /// Enter or Space stepped or closed a playback (the Union turn, a
    /// battle): they answer no question of a later phase until the player
    /// has answered one there otherwise.
    pub rest: Option<KeyRest>,
    /// The Why? card is open (`panels::why`): it stays open from question
    /// to question until the player closes it.
    pub why: bool,
}

impl DecisionState {
    /// Whether clicks answer the question on screen: it has been there for
    /// [`GUARD`] (real seconds `now`).
    pub fn clicks_taken(&self, now: f64) -> bool {
        self.seen
            .as_ref()
            .is_none_or(|(_, since)| now - since >= GUARD)
    }
}

/// Redo replays only what Undo took back: a new decision (any answer but
/// the one Redo sent) or a new or loaded game empties it.
fn forget_redo(mut decided: MessageReader<Decide>, mut state: ResMut<DecisionState>) {
    for Decide(d) in decided.read() {
        if state.redoing.as_ref() == Some(d) {
            state.redoing = None;
        } else {
            state.redo.clear();
        }
    }
}

/// A new game (or a load: every game starts so) has nothing to redo.
fn forget_redo_in_a_new_game(
    mut new_game: MessageReader<crate::rules::setup::NewCampaign>,
    mut state: ResMut<DecisionState>,
) {
    if new_game.read().count() > 0 {
        state.redo.clear();
        state.redoing = None;
    }
}

/// What identifies a question on screen, for [`SEEN`] and [`GUARD`].
fn question_key(r: &crate::rules::decision::Request) -> String {
    format!("{}|{}|{}", r.rule, r.prompt, r.options.len())
}

/// Where the keys came to rest.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KeyRest {
    /// The phase of the playback they stepped ([`phase_index`]).
    pub after: u32,
    /// The player's decisions made when a question of a later phase came.
    pub made: Option<usize>,
}

/// Turn and phase in playing order: each turn's Confederate phase, then
/// its Union phase (9.0).
pub fn phase_index(turn: u32, phase: crate::campaign::Phase) -> u32 {
    turn * 2 + u32::from(phase == crate::campaign::Phase::Union)
}

impl DecisionState {
    /// Follow the keys' rest: begun when a playback of a phase
    /// (`playback`, a [`phase_index`]) used Enter or Space, over once the
    /// player has made a decision (`made` counts them) in a later phase.
    /// `asked` is the pending question's phase.
    pub fn follow_rest(&mut self, playback: Option<u32>, made: usize, asked: Option<u32>) {
        if let Some(after) = playback {
            let after = self.rest.map_or(after, |r| r.after.max(after));
            self.rest = Some(KeyRest { after, made: None });
        }
        let Some(rest) = &mut self.rest else { return };
        match (asked, rest.made) {
            (Some(p), None) if p > rest.after => rest.made = Some(made),
            (_, Some(then)) if then != made => self.rest = None,
            _ => {}
        }
    }

    /// Whether Enter and Space may answer a question of phase `asked`.
    pub fn keys_answer(&self, asked: Option<u32>) -> bool {
        match (self.rest, asked) {
            (None, _) => true,
            (Some(r), Some(p)) => p <= r.after,
            (Some(_), None) => false,
        }
    }

    /// Note the question on screen (`key`) and since when.
    fn see(&mut self, key: Option<String>, now: f64) {
        if key.as_ref() != self.seen.as_ref().map(|(k, _)| k) {
            self.seen = key.map(|k| (k, now));
        }
    }

    /// Enter or Space pressed on the question `r` (seen long enough):
    /// confirm what waits for the key, or take or ask about the key's
    /// answer. What to send, if anything.
    fn key_pressed(&mut self, r: &RequestView, answers: &[Decision], now: f64) -> Option<Decision> {
        if let Some(c) = &self.confirm {
            // Only a fresh press, once the confirmation has been seen.
            if c.ask.by_key && now - c.since >= SEEN {
                let d = c.decision;
                self.confirm = None;
                return Some(d);
            }
            return None;
        }
        let k = key_answer(r, answers)?;
        match k.ask {
            None => Some(k.decision),
            Some(ask) => {
                let text = r
                    .choice(&k.decision)
                    .map_or(String::new(), |c| c.text.clone());
                self.confirm = Some(Confirm {
                    decision: k.decision,
                    text,
                    ask,
                    since: now,
                });
                None
            }
        }
    }
}

/// A key that closed a battle of `phase` rests for the questions of that
/// phase too: the next one may be the same phase's Forced March (15.1) or
/// its Resupply, which a held Enter must not answer either.
fn closed_battle_rest(phase: u32) -> u32 {
    phase.saturating_sub(1)
}

/// Undo, Redo, and Enter or Space on the question on screen. (Longer
/// than most: the order in which the keys are refused reads top down.)
#[allow(clippy::too_many_arguments)]
fn keys(
    // Real time: the window sleeps between events, and virtual time would
    // count at most a quarter of a second of it.
    time: Res<Time<Real>>,
    keys: Res<ButtonInput<KeyCode>>,
    pending: Res<PendingDecision>,
    answers: Res<StepDecisions>,
    mut state: ResMut<DecisionState>,
    (mut decide, mut undo, mut redraw): (
        MessageWriter<Decide>,
        MessageWriter<UndoDecision>,
        MessageWriter<bevy::window::RequestRedraw>,
    ),
    (report, settings, battle, saves): (
        Res<UnionReport>,
        Res<AppSettings>,
        Res<BattleScreen>,
        Res<SaveState>,
    ),
    (view, log, warning): (
        Option<Res<GameView>>,
        Res<crate::rules::sequence::GameLog>,
        Res<crate::app::warnings::ObjectiveWarning>,
    ),
) {
    let now = time.elapsed_secs_f64();
    // Only a rerun of the step can put another question on screen.
    if pending.is_changed() {
        state.see(pending.request.as_ref().map(question_key), now);
    }
    // A new question's answers take clicks after a moment: the window is
    // drawn again then, though nothing else moves.
    if !state.clicks_taken(now) {
        redraw.write(bevy::window::RequestRedraw);
    }
    state.escape_used = false;
    if state.confirm.is_some() && keys.just_pressed(KeyCode::Escape) {
        state.confirm = None;
        state.escape_used = true;
    }
    // While a saved game is replayed, its answers are the file's; while the
    // objective warning is up, it is read first.
    if saves.loading.is_some() || warning.showing() {
        return;
    }
    // Keys that stepped a playback never run on into the next phase's
    // questions.
    let asked = view.as_deref().filter(|v| v.request.is_some());
    let phase = asked.map(|v| phase_index(v.status.turn, v.status.phase));
    let playback = if report.key_used {
        Some(phase_index(report.turn, crate::campaign::Phase::Union))
    } else {
        battle.closed_by_key.map(closed_battle_rest)
    };
    state.follow_rest(playback, log.decisions.len() + answers.answers.len(), phase);
    if state.confirm.as_ref().is_some_and(|c| {
        !pending
            .request
            .as_ref()
            .is_some_and(|r| r.options.contains(&c.decision))
    }) {
        state.confirm = None;
    }
    // While the Union turn report or a battle waits for Space, Space is theirs.
    let report_has_keys =
        report.waiting_for_player(settings.loaded.settings.union_playback) || battle.wants_keys;
    let ctrl = keys.pressed(KeyCode::ControlLeft) || keys.pressed(KeyCode::ControlRight);
    if ctrl
        && keys.just_pressed(KeyCode::KeyZ)
        && pending.dice_rolled_in_step == 0
        && let Some(last) = answers.answers.last()
    {
        state.redo.push(*last);
        undo.write(UndoDecision);
    }
    if ctrl
        && keys.just_pressed(KeyCode::KeyY)
        && let Some(d) = state.redo.pop()
        && pending
            .request
            .as_ref()
            .is_some_and(|r| r.options.contains(&d))
    {
        state.redoing = Some(d);
        decide.write(Decide(d));
    }
    let seen_long = state
        .seen
        .as_ref()
        .is_some_and(|(_, since)| now - since >= SEEN);
    if (keys.just_pressed(KeyCode::Enter) || keys.just_pressed(KeyCode::Space))
        && seen_long
        && !report_has_keys
        && !report.key_used
        && state.keys_answer(phase)
        && let Some(r) = asked.and_then(|v| v.request.as_ref())
        && let Some(d) = state.key_pressed(r, &answers.answers, now)
    {
        decide.write(Decide(d));
    }
}

#[derive(SystemParam)]
pub struct DecisionPanel<'w> {
    pub pending: Res<'w, PendingDecision>,
    answers: Res<'w, StepDecisions>,
    saves: Res<'w, SaveState>,
    advisor: ResMut<'w, Advisor>,
    suggest: ResMut<'w, crate::app::suggest::Suggest>,
    state: ResMut<'w, DecisionState>,
    time: Res<'w, Time<Real>>,
    chronicle: Option<Res<'w, crate::chronicle::Chronicle>>,
}

/// The question's own room at the top of the decision panel: its answers
/// start at the same place whatever its length (a longer one scrolls).
const QUESTION_H: f32 = 96.0;

/// The battle's heading above its questions at least (its name on two
/// lines and the pre-battle's fold).
const BATTLE_HEADING_H: f32 = 72.0;

impl DecisionPanel<'_> {
    /// The Suggest panel's state (its ghost counters on the sheet).
    pub fn suggest(&self) -> &crate::app::suggest::Suggest {
        &self.suggest
    }

    /// The player's answers in the current step so far.
    pub fn answers(&self) -> &[Decision] {
        &self.answers.answers
    }

    /// Whether a saved game is being replayed (its answers are the file's).
    pub fn loading(&self) -> bool {
        self.saves.loading.is_some()
    }

    /// Whether clicks answer the question yet ([`GUARD`]), and no
    /// confirmation waits.
    pub fn clicks_taken(&self) -> bool {
        self.state.confirm.is_none() && self.state.clicks_taken(self.time.elapsed_secs_f64())
    }

    /// The panel: its heading and what stands above the question (a die
    /// to type, the battle on screen), its foot (the Scout answers, Undo
    /// and Redo) docked at the bottom, the question in a room of its own
    /// height and the answers below it. (Longer than most: egui lays
    /// the parts out in this order, each borrowing the same state.)
    pub fn show(
        &mut self,
        root: &mut egui::Ui,
        view: &GameView,
        shown: Option<&BattleRecord>,
        (battle, records): (&mut BattleScreen, Option<&BattleRecords>),
        selection: &mut Selection,
        out: &mut Out,
    ) {
        let board = &view.board;
        let now = self.time.elapsed_secs_f64();
        // A stand-alone battle's modified sheet needs the width: the panel
        // stays narrow and its long answers wrap.
        // Elsewhere at most 30% of the window, so that a long answer or
        // the odds advisor never squeezes the map or the Battlefield Sheet.
        let max = if view.stand_alone.is_some() {
            super::STAND_ALONE_DECISION_W
        } else {
            (root.available_width() * 0.3).max(310.0)
        };
        let blocked = battle::blocks_decisions(battle, records) || self.saves.loading.is_some();
        let request = view.request.as_ref().filter(|_| !blocked);
        // What happened of consequence since the game's last decision,
        // shown with the question it leads to.
        let notices = match (&self.chronicle, request) {
            (Some(c), Some(_)) => crate::rules::view::news(c),
            _ => Vec::new(),
        };
        let mut placed = (Vec::new(), None);
        egui::Panel::right("decision")
            .frame(crate::app::theme::unfilled_panel(root.style()))
            .default_size(310.0)
            .max_size(max)
            .show(root, |ui| {
                ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Wrap);
                ui.heading("Your decision");
                let pending = &*self.pending;
                if let Some(why) = &pending.blocked {
                    ui.colored_label(crate::app::theme::palette::FAILED, why);
                }
                if let Some(reason) = &pending.die {
                    die_box(
                        ui,
                        reason,
                        pending.die_key.as_deref(),
                        pending.die_faces.as_ref(),
                        &mut self.state,
                        out,
                    );
                }
                // The battle's heading in a room of its own least height
                // while its questions are asked: the first question of a
                // battle starts where the later ones do.
                let heading = ui.cursor().top();
                if let Some(b) = shown {
                    battle::status(ui, board, b, battle, pending);
                }
                if request.is_some_and(|r| r.request.battle_location.is_some()) {
                    let used = ui.cursor().top() - heading;
                    ui.add_space((BATTLE_HEADING_H - used).max(0.0));
                }
                let state = &mut *self.state;
                let ready = state.confirm.is_none() && state.clicks_taken(now);
                let keys_rest =
                    !state.keys_answer(Some(phase_index(view.status.turn, view.status.phase)));
                let DecisionState {
                    redo,
                    redoing,
                    confirm,
                    why,
                    ..
                } = state;
                let answers = &self.answers.answers;
                let mut top = None;
                let mut answerer = request
                    .map(|r| Answerer::new(&mut out.decide, r, answers, confirm, (ready, now)));
                egui::Panel::bottom("decision-foot")
                    .frame(egui::Frame::NONE)
                    .show(ui, |ui| {
                        for n in &notices {
                            notice(ui, n);
                        }
                        if let Some(a) = answerer.as_mut() {
                            scout_row(ui, board, a);
                        }
                        ui.separator();
                        let can_undo = pending.dice_rolled_in_step == 0
                            && !answers.is_empty()
                            && self.saves.loading.is_none();
                        undo_redo(
                            ui,
                            can_undo,
                            (redo, redoing),
                            answers,
                            answerer.as_mut(),
                            &mut out.undo,
                        );
                    });
                egui::CentralPanel::no_frame().show(ui, |ui| match (request, answerer.as_mut()) {
                    _ if blocked => {}
                    (None, _) if view.end.is_some() => {}
                    (None, _) => {
                        if pending.die.is_none() {
                            ui.label("The rules are playing…");
                        }
                    }
                    (Some(r), Some(a)) => {
                        top = Some(question_and_answers(
                            ui,
                            view,
                            (r, a),
                            (shown, battle),
                            selection,
                            (&mut self.advisor, &mut self.suggest),
                            (keys_rest, why),
                        ));
                    }
                    (Some(_), None) => {}
                });
                placed = (answerer.map(|a| a.placed).unwrap_or_default(), top);
            });
        (self.state.placed, self.state.answers_top) = placed;
        self.state.notices = notices;
        confirm_window(root.ctx(), &mut self.state.confirm, &mut out.decide, now);
    }
}

/// The question and its answers: the battle's own layout, or those on
/// the map; a word when the keys do not answer. Where the answers start.
fn question_and_answers(
    ui: &mut egui::Ui,
    view: &GameView,
    (r, a): (&RequestView, &mut Answerer),
    (shown, battle): (Option<&BattleRecord>, &mut BattleScreen),
    selection: &mut Selection,
    (advisor, suggest): (&mut Advisor, &mut crate::app::suggest::Suggest),
    (keys_rest, why): (bool, &mut bool),
) -> f32 {
    // The suggestions docked at the foot of the answers' room, which
    // keeps the rest (a long list of answers scrolls above them).
    let room = ui.available_height();
    egui::Panel::bottom("suggest")
        .frame(egui::Frame::NONE)
        // Its rows' height, whatever the figures in them.
        .resizable(false)
        .exact_size(crate::app::suggest::height(suggest, room))
        .show(ui, |ui| crate::app::suggest::show(ui, suggest, a, room));
    // A short window with the suggestions on: a smaller question's box
    // leaves the answers (a battle's Forces) their room.
    let box_h = if crate::app::suggest::compact(suggest, room) {
        crate::app::suggest::QUESTION_SHORT
    } else {
        QUESTION_H
    };
    let anchor = egui::pos2(ui.max_rect().left(), ui.cursor().top());
    question(ui, view, r, box_h, why);
    // The Why? card floats beside the panel: the answers never move.
    super::why::card(ui.ctx(), anchor, &view.board, &r.request, why);
    let top = ui.cursor().top();
    let in_battle = r.request.battle_location.is_some()
        && battle::panels::decision(
            ui,
            &view.board,
            shown,
            shown.and_then(|b| battle::sheets(b, battle.cursor).0),
            battle,
            a,
            advisor,
        );
    if !in_battle {
        on_the_map(ui, view, r, selection, advisor, a);
    }
    // Below the answers, so that they never move when it comes and goes.
    let why = if keys_rest {
        "Enter and Space rest after the playback: click your answer (they work again after it)."
    } else if r.scout_choice() {
        "A Scout's question: click your answer (Enter and Space do not answer it)."
    } else {
        return top;
    };
    ui.label(egui::RichText::new(why).italics().size(11.0));
    top
}

/// The question, in a room of its own height at the top of the answers
/// (a longer one scrolls inside it): the answers below never move with
/// its length.
fn question(ui: &mut egui::Ui, view: &GameView, r: &RequestView, box_h: f32, why: &mut bool) {
    let req = &r.request;
    egui::ScrollArea::vertical()
        .id_salt("question")
        .max_height(box_h)
        .min_scrolled_height(box_h)
        .auto_shrink([false, false])
        .show(ui, |ui| {
            ui.horizontal_wrapped(|ui| {
                super::reference::rule_link(ui, &req.rule);
                ui.label(egui::RichText::new(&req.prompt).strong());
                super::why::toggle(ui, why);
            });
            if let Some(s) = req.situation {
                ui.label(format!(
                    "Confederate {} against Union {}{}",
                    s.confederate_combat,
                    s.union_combat,
                    if s.lee_present { " · Lee present" } else { "" }
                ));
            }
            if view.forced_march() {
                crate::app::theme::link::words(ui, &format!(
                    "Forced March (15.1): each Force's move costs 1 Command Point; Jackson's unhit Forces may go two areas for 1 (15.1.1). You have {} CP.",
                    view.status.confederate_cp
                ));
            }
        });
    ui.separator();
}

/// The answers that discard a Scout, in their own row at the panel's
/// foot, far from the answer that keeps them (10.2.2, 12.1.1, 14.0.1,
/// 16.3.1); Clear Orders (11.2.1) stays with its Force.
fn scout_row(ui: &mut egui::Ui, board: &crate::rules::board::Board, a: &mut Answerer) {
    let scouts: Vec<(Decision, String)> = a
        .view
        .choices
        .iter()
        .filter(|c| c.commits == Commits::Scout)
        .filter(|c| !matches!(c.decision, Decision::ClearOrders { .. }))
        .map(|c| (c.decision, c.text.clone()))
        .collect();
    if scouts.is_empty() {
        return;
    }
    ui.separator();
    ui.colored_label(
        LOST,
        egui::RichText::new(format!(
            "Discard a Scout — no going back ({} left):",
            board.scouts.available
        ))
        .strong(),
    );
    ui.horizontal_wrapped(|ui| {
        for (d, text) in scouts {
            let r = a.button(ui, &d, text);
            if let Decision::RemoveSpecialPlan { plan } = d {
                r.on_hover_words(format!(
                    "{} ({}): {}",
                    plan.name(),
                    plan.rule(),
                    plan.effect()
                ));
            }
        }
    });
}

/// A consequential event since the last answer, framed at the panel's
/// foot above the answers that discard a Scout.
fn notice(ui: &mut egui::Ui, text: &str) {
    egui::Frame::new()
        .fill(crate::app::theme::palette::WARNING_PALE)
        .stroke(egui::Stroke::new(1.0, crate::app::theme::palette::WARNING))
        .inner_margin(4.0)
        .corner_radius(3.0)
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.label(egui::RichText::new(text).strong().color(LOST));
        });
}

/// Undo and Redo, at the panel's foot under every question.
fn undo_redo(
    ui: &mut egui::Ui,
    can_undo: bool,
    (redo, redoing): (&mut Vec<Decision>, &mut Option<Decision>),
    answers: &[Decision],
    answerer: Option<&mut Answerer>,
    undo: &mut MessageWriter<UndoDecision>,
) {
    ui.horizontal(|ui| {
        if ui
            .add_enabled(can_undo, egui::Button::new("Undo (Ctrl+Z)"))
            .on_disabled_hover_text("Only until a die is rolled in this step.")
            .clicked()
        {
            if let Some(last) = answers.last() {
                redo.push(*last);
            }
            undo.write(UndoDecision);
        }
        let next = redo.last().cloned().filter(|d| {
            answerer
                .as_ref()
                .is_some_and(|a| a.view.request.options.contains(d))
        });
        if ui
            .add_enabled(next.is_some(), egui::Button::new("Redo (Ctrl+Y)"))
            .clicked()
            && let Some(d) = next
            && let Some(a) = answerer
        {
            redo.pop();
            *redoing = Some(d);
            a.send_now(&d);
        }
    });
}

/// Your own d10 (4.5): a button for each face, or the number typed and
/// Enter; anything else is refused with a word, and a random pick says
/// which numbers choose what.
fn die_box(
    ui: &mut egui::Ui,
    reason: &str,
    key: Option<&str>,
    faces: Option<&crate::dice::DieFaces>,
    state: &mut DecisionState,
    out: &mut Out,
) {
    crate::app::theme::link::words_styled(ui, &format!("Roll your d10 (4.5) for: {reason}"), |w| {
        egui::RichText::new(w).strong()
    });
    if let Some(key) = key {
        crate::app::theme::link::words_styled(ui, &format!("Random pick (20.0): {key}"), |w| {
            egui::RichText::new(w).italics()
        });
    }
    let said = |face: u32| {
        faces
            .and_then(|f| f.faces.iter().find(|x| x.face == face))
            .map(|x| x.text.as_str())
    };
    let mut entered = None;
    ui.horizontal_wrapped(|ui| {
        for face in 1..=10 {
            let tip = match said(face) {
                Some(t) => format!("You rolled {face}: {t}."),
                None => format!("You rolled {face}."),
            };
            if ui
                .button(egui::RichText::new(face.to_string()).monospace())
                .on_hover_words(tip)
                .clicked()
            {
                entered = Some(face);
            }
        }
    });

    ui.horizontal(|ui| {
        ui.label("or type it:");
        let field = ui.add(
            egui::TextEdit::singleline(&mut state.die_text)
                .desired_width(40.0)
                .hint_text("1–10"),
        );
        // Typed digits go to the die box unless another field has them.
        if ui.memory(|m| m.focused().is_none()) {
            field.request_focus();
        }
        let typed = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        if ui.button("Enter").clicked() || typed {
            match die_face(&state.die_text) {
                Ok(v) => entered = Some(v),
                Err(why) => state.die_refused = Some(why),
            }
        }
    });
    if let Some(why) = &state.die_refused {
        ui.colored_label(LOST, why);
    }
    if let Some(f) = faces {
        egui::ScrollArea::vertical()
            .id_salt("die-faces")
            .max_height(DIE_FACES_H)
            .show(ui, |ui| die_faces(ui, f));
    }
    if let Some(v) = entered {
        out.enter_die.write(EnterDie(v));
        state.die_text.clear();
        state.die_refused = None;
    }
}

/// How tall the faces' list grows before it scrolls (a Fog of War
/// table's rows are long).
const DIE_FACES_H: f32 = 260.0;

/// What each face of the die does, before it is rolled (issue 38 item
/// 4): a check's success range and what follows, an attack's Hits, a
/// table's rows, a pick's candidates; the faces good for the side rolled
/// for in green, the bad ones in red.
pub(super) fn die_faces(ui: &mut egui::Ui, f: &crate::dice::DieFaces) {
    use crate::dice::FaceOutcome;
    let heading = match &f.kind {
        crate::dice::FaceKind::Check { target, .. } => {
            format!("Roll {target} or less (4.5):")
        }
        crate::dice::FaceKind::Attack { combat, superior } => {
            format!("An attack: a Hit on {combat} or less, two on {superior} or less:")
        }
        crate::dice::FaceKind::Table { .. } => "The table's row for each face:".to_string(),
        crate::dice::FaceKind::Pick { die, dice, .. } if *dice > 1 => {
            format!("Die {die} of {dice} of the pick (20.0):")
        }
        crate::dice::FaceKind::Pick { .. } => "Each face picks (20.0):".to_string(),
    };
    crate::app::theme::link::words_styled(ui, &heading, |w| egui::RichText::new(w).italics());
    egui::Grid::new("die-faces")
        .spacing([8.0, 1.0])
        .show(ui, |ui| {
            for face in &f.faces {
                let color = match face.outcome {
                    FaceOutcome::Success | FaceOutcome::Row { good: Some(true) } => {
                        crate::app::theme::palette::OK
                    }
                    FaceOutcome::Failure | FaceOutcome::Row { good: Some(false) } => LOST,
                    FaceOutcome::Hits { hits: 0 } => LOST,
                    FaceOutcome::Hits { .. } => crate::app::theme::palette::OK,
                    _ => ui.visuals().text_color(),
                };
                ui.label(
                    egui::RichText::new(face.face.to_string())
                        .monospace()
                        .strong(),
                );
                ui.colored_label(color, &face.text);
                ui.end_row();
            }
        });
}

/// A typed die: a whole number 1–10, a 0 reading 10 (4.5).
fn die_face(text: &str) -> Result<u32, String> {
    let t = text.trim();
    match t.parse::<u32>() {
        Ok(0) => Ok(10),
        Ok(v @ 1..=10) => Ok(v),
        _ if t.is_empty() => Err("Type the number your d10 shows, 1 to 10.".into()),
        _ => Err(format!(
            "\"{t}\" is not a d10 result: type a whole number from 1 to 10 (a 0 face reads 10, 4.5)."
        )),
    }
}

/// An answer that loses the campaign (3.2).
const LOST: egui::Color32 = crate::app::theme::palette::FAILED;

/// A question outside a battle: moves on the map, Resupply, or a list.
/// The listed answers' least room under the selected Force's moves.
const ANSWERS_MIN_H: f32 = 120.0;

fn on_the_map(
    ui: &mut egui::Ui,
    view: &GameView,
    r: &RequestView,
    selection: &mut Selection,
    advisor: &mut Advisor,
    a: &mut Answerer,
) {
    let (area_choices, moves): (Vec<&Choice>, Vec<&Choice>) = r
        .destinations(selection.force.as_deref())
        .into_iter()
        .partition(|c| {
            matches!(
                c.decision,
                Decision::RetreatTo { .. } | Decision::PlaceArrival { .. }
            )
        });
    if !area_choices.is_empty() {
        ui.label(
            egui::RichText::new("Click a highlighted area on the map, or choose below.").italics(),
        );
    }
    // Moves are made on the map; only the other choices are listed.
    let many = r.choices.len() > 12;
    let selected = selection.force.as_deref();
    let listed = |c: &&Choice| super::answers::listed_below(r, &c.decision, selected);
    // Each kind of answer in its own row, in a fixed order: those the rules
    // ask again after (Undo gives them back), then those they play on
    // after. The Scout answers are at the panel's foot (`scout_row`).
    let rows = [Commits::Nothing, Commits::Dice].map(|kind| {
        r.choices
            .iter()
            .filter(listed)
            .filter(|c| c.commits == kind)
            .collect::<Vec<&Choice>>()
    });
    if !moves.is_empty() {
        // The selected Force's moves (with the odds advisor's estimate)
        // scroll in the room the listed answers leave them: in a short
        // window "End this step" stays below them, never under them.
        let buttons = rows.iter().map(Vec::len).sum::<usize>() as f32;
        let answers_h = (buttons * 28.0 + 12.0).min(ANSWERS_MIN_H);
        egui::ScrollArea::vertical()
            .id_salt("moves")
            .max_height((ui.available_height() - answers_h - 16.0).max(80.0))
            .show(ui, |ui| {
                selected_moves(ui, view, moves, selection, advisor, a)
            });
    }
    // Why the selected Force cannot act now, or cannot go to the area
    // pointed at (the rules' reasons, from the checks that make the
    // moves): shown below the answers, which never move as it comes and
    // goes.
    let reason = selection_reason(view, r, selection);
    // Moves the rules refuse for the selected Force, and why (Optional
    // rule Confederate Groups and Area Group Limit).
    if let Some(sel) = selection.force.as_deref() {
        for (d, why) in &r.request.refused {
            let mine = matches!(d, Decision::MoveForce { force, .. } | Decision::JacksonMarch { force, .. } if force == sel);
            if mine {
                ui.colored_label(crate::app::theme::palette::FAILED, why);
            }
        }
    }
    if r.request.options.contains(&Decision::EndResupply) {
        super::resupply::show(ui, view, r, a);
        return;
    }
    egui::ScrollArea::vertical()
        .id_salt("answers")
        .max_height({
            // The line of who can still move, below the answers, keeps
            // its room.
            let below = if many { 40.0 } else { 8.0 } + if reason.is_some() { 44.0 } else { 0.0 };
            (ui.available_height() - below).max(0.0)
        })
        .show(ui, |ui| {
            for row in rows.iter().filter(|row| !row.is_empty()) {
                for c in row {
                    if let Some(lost) = &c.loses_campaign {
                        ui.colored_label(LOST, lost);
                    }
                    a.button(ui, &c.decision, c.text.clone());
                }
                ui.add_space(6.0);
            }
        });
    if many && let Some(line) = movers_line(&r.movers()) {
        ui.label(line);
    }
    if let Some((who, reason)) = reason {
        ui.add_space(4.0);
        super::why::reason(
            ui,
            &view.board,
            &super::why::name(&view.board, &who),
            &reason,
        );
    }
}

/// Why the selected Force (or Lee) cannot act in a Moves or Forced March
/// question, or cannot go to the area pointed at (else the one picked);
/// a refusal of the Area Group Limit is listed with the refused moves.
/// In a retreat from a battle (14.5), why the retreating Force cannot go
/// to the area pointed at. The Force named, with the reason.
fn selection_reason(
    view: &GameView,
    r: &RequestView,
    selection: &Selection,
) -> Option<(String, crate::rules::why::Reason)> {
    let area = selection.hovered.as_deref().or(selection.area.as_deref());
    // 14.5: the question is about the one Force retreating.
    if let Some(who) = r.request.options.iter().find_map(|d| match d {
        Decision::RetreatTo { force, .. } => Some(force.to_string()),
        _ => None,
    }) {
        let reason = super::why::on_the_map(&view.board, &r.request, &who, Some(area?))?;
        return Some((who, reason));
    }
    let sel = selection.force.as_deref()?;
    // Only where Forces move on the map (9.2, 15.1).
    r.request
        .options
        .contains(&Decision::EndMoves)
        .then_some(())?;
    super::why::on_the_map(&view.board, &r.request, sel, area)
        .filter(|x| !matches!(x, crate::rules::why::Reason::AreaGroupLimit { .. }))
        .map(|x| (sel.to_string(), x))
}

/// The selected Force's (or Lee's) moves, each with its cost and the
/// battle it brings; one that starts a battle, loses the campaign or
/// moves Lee waits for a second word, with the odds advisor's estimate.
fn selected_moves(
    ui: &mut egui::Ui,
    view: &GameView,
    moves: Vec<&Choice>,
    selection: &mut Selection,
    advisor: &mut Advisor,
    a: &mut Answerer,
) {
    let who = selection.force.as_deref().map_or(String::new(), |f| {
        if f == "lee" {
            "Robert E. Lee".to_string()
        } else {
            view.board
                .piece(f)
                .map_or(f.to_string(), |p| p.force.name.clone())
        }
    });
    ui.label(format!("{who} can go to:"));
    for c in moves {
        let to = c.to.as_deref().unwrap_or_default();
        let waiting = selection.confirm.as_deref() == Some(to);
        let mut text = c.text.clone();
        if c.cost > 0 {
            text = format!("{text} ({} CP)", c.cost);
        }
        if let Some(odds) = c.odds {
            text = format!("{text} · {}", odds.text());
        }
        if let Some(lost) = &c.loses_campaign {
            ui.colored_label(LOST, lost);
        }
        if !waiting {
            if ui.add_enabled(a.ready, egui::Button::new(text)).clicked() {
                let lee = matches!(c.decision, Decision::MoveLee { .. });
                if lee || c.starts_battle || c.loses_campaign.is_some() {
                    // Weigh the battle before moving in; Lee's own moves
                    // always wait for a second word.
                    selection.confirm = Some(to.to_string());
                } else {
                    a.send_now(&c.decision);
                    selection.confirm = None;
                }
            }
            continue;
        }
        ui.horizontal_wrapped(|ui| {
            let color = if c.loses_campaign.is_some() {
                LOST
            } else {
                crate::app::theme::palette::WARNING
            };
            ui.colored_label(color, format!("{text}?"));
            if ui.button("Cancel").clicked() {
                selection.confirm = None;
            }
            if ui
                .add_enabled(a.ready, egui::Button::new("Confirm"))
                .clicked()
            {
                a.send_now(&c.decision);
                selection.confirm = None;
                selection.force = None;
            }
        });
        // The advisor weighs this Force alone, or the whole group the
        // player means to send.
        let more = crate::app::advisor::group_moves(view, &c.decision).len();
        if more > 0 {
            ui.checkbox(
                &mut advisor.weigh_group,
                format!(
                    "Weigh it with the {more} other Force{} that can still go there",
                    if more == 1 { "" } else { "s" }
                ),
            );
        }
        let what = if advisor.weigh_group && more > 0 {
            "the battle if they all go"
        } else {
            "the battle this move brings"
        };
        crate::app::advisor::show(ui, advisor, &c.decision, what);
    }
    ui.separator();
}

/// "8 Forces and Lee can move: …": Lee is no Force (3.2), so he is not
/// counted among them, as "End moves with 0 of 8 Forces moved?" does not.
fn movers_line(movers: &[&str]) -> Option<String> {
    let lee = movers.contains(&"lee");
    let forces = movers.len() - usize::from(lee);
    let who = match (forces, lee) {
        (0, false) => return None,
        (0, true) => "Lee".to_string(),
        (1, false) => "1 Force".to_string(),
        (1, true) => "1 Force and Lee".to_string(),
        (n, false) => format!("{n} Forces"),
        (n, true) => format!("{n} Forces and Lee"),
    };
    Some(format!(
        "{who} can move: select one on the map or on the left."
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A Confederate battle of turn 2 closed with Enter: the Forced March
    /// question of the same phase is not answered by Enter, nor anything
    /// later, until the player clicks an answer; then the keys work again.
    #[test]
    fn a_key_that_closed_a_battle_answers_nothing_in_its_phase() {
        let confederate = phase_index(2, crate::campaign::Phase::Confederate);
        let mut state = DecisionState::default();
        state.follow_rest(Some(closed_battle_rest(confederate)), 10, Some(confederate));
        assert!(
            !state.keys_answer(Some(confederate)),
            "the Forced March waits"
        );
        assert!(!state.keys_answer(Some(confederate + 1)));
        // Clicked: one decision more.
        state.follow_rest(None, 11, Some(confederate));
        assert!(state.keys_answer(Some(confederate)));
    }

    /// Lee moves but is counted apart from the Forces.
    #[test]
    fn lee_is_not_counted_among_the_forces_that_can_move() {
        let line = |m: &[&str]| movers_line(m).unwrap_or_default();
        assert!(line(&["hill", "lee", "jackson"]).starts_with("2 Forces and Lee can move"));
        assert!(line(&["lee"]).starts_with("Lee can move"));
        assert!(line(&["hill"]).starts_with("1 Force can move"));
        assert_eq!(movers_line(&[]), None);
    }
    use crate::rules::battle::ground::Region;
    use crate::rules::turn::Step;
    use crate::settings::Playback;

    /// The game screen headless: the rules, the view, the battle screen,
    /// the Union turn report and the keys, with the playback given.
    fn game(playback: Playback) -> App {
        game_in(crate::rules::difficulty::BattleMode::Quick, playback)
    }

    /// [`game`] with these battles.
    fn game_in(battles: crate::rules::difficulty::BattleMode, playback: Playback) -> App {
        crate::app::union_turn::tests::game_with(battles, 3, playback, |app| {
            // 50 ms a frame: a question is "seen" (SEEN) after a dozen.
            app.insert_resource(bevy::time::TimeUpdateStrategy::ManualDuration(
                std::time::Duration::from_millis(50),
            ))
            .init_resource::<crate::app::warnings::ObjectiveWarning>()
            .add_plugins(plugin);
        })
    }

    fn step(app: &App) -> Option<Step> {
        app.world().get_resource::<State<Step>>().map(|s| *s.get())
    }

    fn turn(app: &App) -> u32 {
        app.world().resource::<GameView>().status.turn
    }

    /// The player mashes (or holds, with the keyboard's repeat) Enter from
    /// the end of the Confederate Resupply on: it ends the Resupply, steps
    /// the Union turn report to its end, and then the next turn's Moves
    /// still wait for the player, nothing moved.
    #[test]
    fn holding_enter_through_a_union_turn_leaves_the_next_moves_waiting() {
        // Slow and Fast unroll on the clock as Step does on the keys.
        for playback in [Playback::Step, Playback::Instant] {
            let mut app = game(playback);
            // Turn 1 played by the scripted commander up to its Resupply.
            let mut policy = crate::rules::commander::Policy::Objective;
            for _ in 0..2000 {
                app.update();
                let Some(r) = app.world().resource::<PendingDecision>().request.clone() else {
                    continue;
                };
                if r.options.contains(&Decision::EndResupply) {
                    break;
                }
                let board = crate::rules::board::Board::from_world(app.world_mut()).unwrap();
                use crate::rules::decision::Decider;
                let d = policy.decide(&board, &r).unwrap();
                app.world_mut().write_message(Decide(d));
            }
            assert_eq!(step(&app), Some(Step::ConfederateResupply), "{playback:?}");
            assert_eq!(turn(&app), 1);
            // The battles of the turn were closed (as by a click).
            let ended: Vec<usize> = app
                .world()
                .resource::<crate::rules::battle::record::BattleRecords>()
                .battles
                .iter()
                .filter(|b| b.ending.is_some())
                .map(|b| b.id)
                .collect();
            app.world_mut()
                .resource_mut::<BattleScreen>()
                .closed
                .extend(ended);
            app.update();
            assert_eq!(app.world().resource::<DecisionState>().rest, None);
            let made = app
                .world()
                .resource::<crate::rules::sequence::GameLog>()
                .decisions
                .len();
            let clicked = mash_enter_to_the_next_moves(&mut app, playback);
            assert!(clicked > 0, "{playback:?}: a Scout's question came");
            let report = app.world().resource::<UnionReport>();
            assert!(!report.unrolling(), "{playback:?}: the report is all shown");
            assert_eq!(step(&app), Some(Step::ConfederateMoves), "{playback:?}");
            assert_eq!(turn(&app), 2, "{playback:?}");
            let pending = app.world().resource::<PendingDecision>();
            assert!(
                pending
                    .request
                    .as_ref()
                    .is_some_and(|r| r.options.contains(&Decision::EndMoves)),
                "{playback:?}: the Moves wait"
            );
            assert!(
                app.world()
                    .resource::<crate::rules::sequence::StepDecisions>()
                    .answers
                    .is_empty()
            );
            // The keys ended the Resupply and answered the Union turn's own
            // questions (16.1: the group to order, keeping its roll); no
            // step of turn 2 was ended.
            let log = app.world().resource::<crate::rules::sequence::GameLog>();
            let since = &log.decisions[made..];
            assert_eq!(since.first(), Some(&Decision::EndResupply), "{playback:?}");
            assert!(
                since[1..].iter().all(|d| matches!(
                    d,
                    Decision::OrdersFor { .. }
                        | Decision::OrdersInOrder
                        | Decision::AcceptOrders
                        | Decision::AcceptFogOfWar
                )),
                "{playback:?}: {since:?}"
            );
            // Every Scout's question among them was answered by a click.
            let keeps = since[1..]
                .iter()
                .filter(|d| matches!(d, Decision::AcceptOrders | Decision::AcceptFogOfWar))
                .count();
            assert_eq!(keeps, clicked, "{playback:?}: {since:?}");
            let state = app.world().resource::<DecisionState>();
            match playback {
                // The keys stepped the report: they rest.
                Playback::Step => assert!(state.rest.is_some(), "{playback:?}"),
                // Nothing to step: Enter asked to end the Moves, and only a
                // click confirms.
                _ => assert_eq!(confirming(&app), Some(Decision::EndMoves)),
            }
        }
    }

    /// Play with the scripted commander until `stop` says of a question
    /// that it is the one (Instant playback: battles are caught up at
    /// once, and closed as by a click).
    fn play_until(app: &mut App, stop: impl Fn(&RequestView) -> bool) -> RequestView {
        let mut policy = crate::rules::commander::Policy::Objective;
        for _ in 0..6000 {
            app.update();
            let records = app
                .world()
                .resource::<crate::rules::battle::record::BattleRecords>();
            let screen = app.world().resource::<BattleScreen>();
            if let Some(b) = screen.current(records)
                && b.ending.is_some()
            {
                app.world_mut().resource_mut::<BattleScreen>().close();
                continue;
            }
            let Some(r) = app.world().resource::<GameView>().request.clone() else {
                continue;
            };
            if app.world().resource::<PendingDecision>().request.as_ref() != Some(&r.request) {
                continue;
            }
            if stop(&r) {
                return r;
            }
            let board = crate::rules::board::Board::from_world(app.world_mut()).unwrap();
            use crate::rules::decision::Decider;
            let d = policy.decide(&board, &r.request).unwrap();
            app.world_mut().write_message(Decide(d));
        }
        panic!("the question never came");
    }

    /// Enter held down (one press) and then mashed for 120 frames: the
    /// question `r` still waits, nothing answered, no Scout spent.
    fn keys_pass_nothing(app: &mut App, r: &RequestView) {
        let scouts = app
            .world()
            .resource::<crate::rules::components::Scouts>()
            .available;
        let made = app.world().resource::<StepDecisions>().answers.len();
        app.world_mut()
            .resource_mut::<ButtonInput<KeyCode>>()
            .press(KeyCode::Enter);
        for _ in 0..30 {
            app.update();
        }
        for frame in 0..120 {
            mash(app, frame);
        }
        let pending = app.world().resource::<PendingDecision>().request.clone();
        assert_eq!(pending.as_ref(), Some(&r.request), "still asked");
        assert_eq!(app.world().resource::<StepDecisions>().answers.len(), made);
        assert_eq!(
            app.world()
                .resource::<crate::rules::components::Scouts>()
                .available,
            scouts
        );
    }

    /// Held or mashed, Enter never passes a Scout's question (10.2.2: keep
    /// the Fog of War roll or discard a Scout and roll again) and never
    /// ends the Battle Plan assignment with Forces unassigned (12.2): that
    /// one is asked in a confirmation only a click answers.
    #[test]
    fn held_enter_never_passes_a_scout_choice_nor_unassigned_forces() {
        let mut app = game_in(
            crate::rules::difficulty::BattleMode::Basic,
            Playback::Instant,
        );
        let fog = play_until(&mut app, |r| {
            r.request.options.contains(&Decision::RerollFogOfWar)
        });
        assert!(fog.scout_choice());
        keys_pass_nothing(&mut app, &fog);
        assert_eq!(
            confirming(&app),
            None,
            "nothing to confirm: a click answers"
        );
        let assign = play_until(&mut app, |r| {
            r.request
                .options
                .iter()
                .any(|d| matches!(d, Decision::AssignPlan { .. }))
        });
        keys_pass_nothing(&mut app, &assign);
        assert_eq!(confirming(&app), Some(Decision::EndAssign));
        let state = app.world().resource::<DecisionState>();
        let c = state.confirm.as_ref().expect("asked");
        assert!(!c.ask.by_key, "only a click confirms");
        assert!(c.ask.why.contains("could still take"), "{}", c.ask.why);
    }

    /// The decision waiting for confirmation.
    fn confirming(app: &App) -> Option<Decision> {
        let state = app.world().resource::<DecisionState>();
        state.confirm.as_ref().map(|c| c.decision)
    }

    /// Enter pressed and released on alternate frames.
    fn mash(app: &mut App, frame: usize) {
        let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
        keys.clear();
        if frame.is_multiple_of(2) {
            keys.press(KeyCode::Enter);
        } else {
            keys.release(KeyCode::Enter);
        }
        app.update();
    }

    /// Mash Enter until the Moves of turn 2 have waited 100 frames. A
    /// Scout's question on the way (16.3.1, 10.2.2) is never answered by
    /// the keys: it waits, its Scouts kept, through 60 more frames of
    /// them, and then the player clicks its keep answer. How many such
    /// clicks.
    fn mash_enter_to_the_next_moves(app: &mut App, playback: Playback) -> usize {
        let mut clicked = 0;
        let mut at_moves = 0;
        for frame in 0..4000 {
            mash(app, frame);
            let scout_choice = app
                .world()
                .resource::<GameView>()
                .request
                .as_ref()
                .filter(|r| r.scout_choice())
                .map(|r| r.request.clone());
            if let Some(r) = scout_choice {
                let scouts = app
                    .world()
                    .resource::<crate::rules::components::Scouts>()
                    .available;
                for more in 0..60 {
                    mash(app, frame + more);
                }
                let still = app.world().resource::<PendingDecision>().request.clone();
                assert_eq!(
                    still.as_ref(),
                    Some(&r),
                    "{playback:?}: the Scout's question waits"
                );
                assert_eq!(
                    app.world()
                        .resource::<crate::rules::components::Scouts>()
                        .available,
                    scouts
                );
                let keep = r
                    .options
                    .iter()
                    .find(|d| crate::rules::view::commits(d) != Commits::Scout)
                    .cloned()
                    .expect("a keep answer");
                app.world_mut().write_message(Decide(keep));
                clicked += 1;
                continue;
            }
            if step(app) == Some(Step::ConfederateMoves) && turn(app) == 2 {
                at_moves += 1;
                if at_moves > 100 {
                    return clicked;
                }
            }
        }
        panic!("{playback:?}: the Moves of turn 2 never came");
    }

    /// A new game (Instant playback) come to its first Moves question.
    fn at_the_first_moves() -> App {
        let mut app = game(Playback::Instant);
        for _ in 0..50 {
            app.update();
            if step(&app) == Some(Step::ConfederateMoves)
                && app.world().resource::<PendingDecision>().request.is_some()
            {
                break;
            }
        }
        app
    }

    /// 9.2: ending the Moves with Forces unmoved is asked again.
    #[test]
    fn ending_the_moves_with_forces_unmoved_is_asked_again() {
        let mut app = at_the_first_moves();
        // The question is on screen long enough for the keys (SEEN).
        for _ in 0..15 {
            app.update();
        }
        let view = app.world().resource::<GameView>();
        let r = view.request.as_ref().expect("the Moves ask");
        let why = r
            .needs_confirmation(&Decision::EndMoves, &[])
            .expect("asked again");
        assert!(why.starts_with("End moves with 0 of "), "{why}");
        let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
        keys.press(KeyCode::Enter);
        app.update();
        app.update();
        assert_eq!(confirming(&app), Some(Decision::EndMoves));
        assert_eq!(step(&app), Some(Step::ConfederateMoves));
    }

    /// The first move the Moves question offers (not Lee's).
    fn a_move(app: &App) -> Decision {
        let r = app.world().resource::<PendingDecision>().request.clone();
        r.expect("asked")
            .options
            .into_iter()
            .find(|d| matches!(d, Decision::MoveForce { .. }))
            .expect("a Force can move")
    }

    fn press_ctrl(app: &mut App, key: KeyCode) {
        let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
        keys.press(KeyCode::ControlLeft);
        keys.press(key);
        app.update();
        let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
        keys.release(key);
        keys.release(KeyCode::ControlLeft);
        keys.clear();
        app.update();
    }

    /// Redo replays only what Undo took back: after Undo a new decision
    /// empties it, Redo after Undo restores the move, and a new game
    /// starts with nothing to redo.
    #[test]
    fn redo_is_empty_after_a_new_decision_and_in_a_new_game() {
        let mut app = at_the_first_moves();
        let first = a_move(&app);
        app.world_mut().write_message(Decide(first));
        app.update();
        app.update();
        let answers = |app: &App| app.world().resource::<StepDecisions>().answers.clone();
        assert_eq!(answers(&app), vec![first]);
        press_ctrl(&mut app, KeyCode::KeyZ);
        assert!(answers(&app).is_empty(), "undone");
        assert_eq!(app.world().resource::<DecisionState>().redo, vec![first]);
        // Redo gives it back.
        press_ctrl(&mut app, KeyCode::KeyY);
        app.update();
        assert_eq!(answers(&app), vec![first], "redone");
        // Undo again, then another decision: Redo has nothing left.
        press_ctrl(&mut app, KeyCode::KeyZ);
        assert!(!app.world().resource::<DecisionState>().redo.is_empty());
        let other = {
            let r = app.world().resource::<PendingDecision>().request.clone();
            r.expect("asked")
                .options
                .into_iter()
                .find(|d| matches!(d, Decision::MoveForce { .. }) && *d != first)
                .expect("another move")
        };
        app.world_mut().write_message(Decide(other));
        app.update();
        app.update();
        assert!(app.world().resource::<DecisionState>().redo.is_empty());
        press_ctrl(&mut app, KeyCode::KeyY);
        assert_eq!(answers(&app), vec![other], "Redo did nothing");
        // Undone in this game, then a new game: nothing to redo.
        press_ctrl(&mut app, KeyCode::KeyZ);
        assert!(!app.world().resource::<DecisionState>().redo.is_empty());
        let c = std::sync::Arc::new(crate::campaign::load_bundled("seven-days").unwrap());
        app.world_mut()
            .write_message(crate::rules::setup::NewCampaign::new(c, Default::default()));
        app.update();
        assert!(app.world().resource::<DecisionState>().redo.is_empty());
    }

    /// A Force selected in one step is no longer selected in the next:
    /// its lit areas go with it (a click in a later step never moves it).
    #[test]
    fn a_selection_ends_with_its_step() {
        let mut app = at_the_first_moves();
        let Decision::MoveForce { force, .. } = a_move(&app) else {
            unreachable!()
        };
        app.world_mut().resource_mut::<Selection>().force = Some(force.to_string());
        app.update();
        assert!(
            app.world().resource::<Selection>().force.is_some(),
            "kept within the step"
        );
        app.world_mut().write_message(Decide(Decision::EndMoves));
        for _ in 0..20 {
            app.update();
            if step(&app) != Some(Step::ConfederateMoves) {
                break;
            }
        }
        app.update();
        assert_ne!(step(&app), Some(Step::ConfederateMoves));
        let sel = app.world().resource::<Selection>();
        assert_eq!((sel.force.as_deref(), sel.confirm.as_deref()), (None, None));
    }

    /// Enter pressed for a frame, then let go.
    fn press_enter(app: &mut App) {
        let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
        keys.press(KeyCode::Enter);
        app.update();
        let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
        keys.release(KeyCode::Enter);
        keys.clear();
    }

    /// Enter answers only a question the player has had on screen for a
    /// moment (SEEN): pressed at once it does nothing, a moment later it
    /// takes the default. Ending the Battle Plan step with Forces that
    /// could still take a counter is asked again (12.2).
    #[test]
    fn enter_takes_only_a_question_seen_for_a_moment() {
        let mut app = at_the_first_moves();
        // A fresh question: the first frames it is up, Enter does nothing.
        let since = app
            .world()
            .resource::<DecisionState>()
            .seen
            .clone()
            .expect("on screen")
            .1;
        let now = app.world().resource::<Time<Real>>().elapsed_secs_f64();
        assert!(now - since < SEEN, "just asked");
        press_enter(&mut app);
        app.update();
        assert_eq!(confirming(&app), None);
        for _ in 0..15 {
            app.update();
        }
        press_enter(&mut app);
        app.update();
        assert_eq!(
            confirming(&app),
            Some(Decision::EndMoves),
            "seen: Enter asks to end the Moves"
        );
        // 12.2: Done with Forces that could still take a counter.
        let r = crate::rules::decision::Request::new(
            "12.2",
            "Assign Battle Plan Counters",
            vec![
                Decision::AssignPlan {
                    force: "longstreet".into(),
                    plan: crate::rules::battle::terms::PlanCounter::Volley,
                },
                Decision::EndAssign,
            ],
        );
        let of = |r: &crate::rules::decision::Request| RequestView {
            request: r.clone(),
            choices: Vec::new(),
        };
        let view = of(&r);
        let why = view
            .needs_confirmation(&Decision::EndAssign, &[])
            .expect("asked again");
        assert!(why.contains("1 Force that could still take"), "{why}");
        let done =
            crate::rules::decision::Request::new("12.2", "Assign", vec![Decision::EndAssign]);
        assert_eq!(
            of(&done).needs_confirmation(&Decision::EndAssign, &[]),
            None
        );
    }

    /// 7.9: Jackson's command placed after its arrival roll cannot be
    /// undone (the step has rolled its die): Enter asks first, nothing is
    /// placed, Undo is off; Enter again (once the confirmation has been
    /// seen) places it, and the game plays on.
    #[test]
    fn enter_asks_before_placing_an_arrival_undo_cannot_take_back() {
        let mut app = game_in(
            crate::rules::difficulty::BattleMode::Quick,
            Playback::Instant,
        );
        let r = play_until(&mut app, |r| {
            r.request
                .options
                .iter()
                .any(|d| matches!(d, Decision::PlaceArrival { .. }))
        });
        assert!(r.request.options.len() > 1, "a choice: {:?}", r.request);
        let pending = app.world().resource::<PendingDecision>();
        assert!(pending.dice_rolled_in_step > 0, "the arrival was rolled");
        assert!(
            r.choices.iter().all(|c| c.commits == Commits::Dice),
            "Undo gives back no placement: {:?}",
            r.choices
        );
        for _ in 0..15 {
            app.update();
        }
        press_enter(&mut app);
        app.update();
        let first = r.request.options[0];
        assert_eq!(confirming(&app), Some(first), "Enter asks first");
        let c = app.world().resource::<DecisionState>().confirm.clone();
        let c = c.expect("asked");
        assert!(c.ask.by_key, "Enter again confirms: {}", c.ask.why);
        assert!(c.ask.why.contains("cannot be undone"), "{}", c.ask.why);
        let still = app.world().resource::<PendingDecision>().request.clone();
        assert_eq!(still.as_ref(), Some(&r.request), "nothing placed yet");
        for _ in 0..15 {
            app.update();
        }
        press_enter(&mut app);
        app.update();
        let Decision::PlaceArrival { arrival, area } = first else {
            unreachable!("a placement")
        };
        let board = crate::rules::board::Board::from_world(app.world_mut()).unwrap();
        let forces = &board
            .campaign
            .late_arrivals
            .iter()
            .find(|la| la.id.as_str() == arrival.as_str())
            .expect("the arrival")
            .forces;
        for f in forces {
            let at = board.piece(f).map(|p| p.location().clone());
            let want = crate::rules::components::Location::Area(area.to_string());
            assert_eq!(at, Some(want), "{f}");
        }
        assert_ne!(
            app.world().resource::<PendingDecision>().request.as_ref(),
            Some(&r.request)
        );
    }

    /// 3.1: while the objective warning is up, Enter answers nothing.
    #[test]
    fn keys_wait_while_the_objective_warning_is_up() {
        let mut app = at_the_first_moves();
        app.world_mut()
            .resource_mut::<crate::app::warnings::ObjectiveWarning>()
            .raise("test".into());
        let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
        keys.press(KeyCode::Enter);
        app.update();
        app.update();
        assert_eq!(confirming(&app), None);
        assert_eq!(step(&app), Some(Step::ConfederateMoves));
    }

    /// 4.5: a typed die is 1–10, a 0 reading 10; anything else is refused
    /// with a word.
    #[test]
    fn a_typed_die_is_a_d10_face() {
        assert_eq!(die_face(" 7 "), Ok(7));
        assert_eq!(die_face("10"), Ok(10));
        assert_eq!(die_face("0"), Ok(10));
        for bad in ["11", "-1", "3.5", "seven"] {
            let why = die_face(bad).unwrap_err();
            assert!(why.contains("is not a d10 result"), "{bad}: {why}");
        }
        assert!(die_face("").is_err());
    }

    use crate::app::answer::default_choice;
    use crate::rules::battle::terms::Formation;
    use crate::rules::decision::DefaultPlan;

    #[test]
    fn in_a_battle_keys_take_only_an_end_or_keep_choice() {
        let act = vec![
            Decision::Act {
                force: "longstreet".into(),
                plan: Some(DefaultPlan::Hold),
            },
            Decision::Act {
                force: "ap-hill".into(),
                plan: Some(DefaultPlan::Fire),
            },
        ];
        // Enter must never send a Force into action or place it.
        assert_eq!(default_choice(&act, true), None);
        let place = vec![Decision::PlaceForce {
            force: "longstreet".into(),
            region: Region::ConfederateReserve,
            formation: Formation::Line,
        }];
        assert_eq!(default_choice(&place, true), None);
        let assign = vec![
            Decision::ClearOrders {
                force: "longstreet".into(),
            },
            Decision::EndAssign,
        ];
        assert_eq!(default_choice(&assign, true), Some(Decision::EndAssign));
        // On the map the first choice is the default, but never a move.
        let moves = vec![Decision::MoveLee {
            to: "glendale".into(),
        }];
        assert_eq!(default_choice(&moves, false), None);
        let retreat = vec![Decision::RetreatTo {
            force: "longstreet".into(),
            area: "glendale".into(),
        }];
        assert_eq!(default_choice(&retreat, false), retreat.first().cloned());
    }
}
