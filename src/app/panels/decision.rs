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
use crate::app::battle::{self, BattleScreen};
use crate::app::saves::SaveState;
use crate::app::settings::AppSettings;
use crate::app::union_turn::UnionReport;
use crate::app::view::Selection;
use crate::rules::battle::record::{BattleRecord, BattleRecords};
use crate::rules::decision::Decision;
use crate::rules::sequence::{Decide, EnterDie, PendingDecision, StepDecisions, UndoDecision};
use crate::rules::view::{Choice, GameView, RequestView};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<DecisionState>()
        .add_message::<Decide>()
        .add_message::<crate::rules::setup::NewCampaign>()
        .add_systems(Update, forget_redo)
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
    /// (seconds): Enter and Space answer only one the player has had in
    /// front of them for [`SEEN`].
    pub seen: Option<(String, f64)>,
    pub die_text: String,
    /// Why the last typed die was refused.
    pub die_refused: Option<String>,
    /// An answer asked again before it is sent: it loses the campaign
    /// (3.2) or ends the Moves with Forces unmoved (9.2). Only a click
    /// confirms it.
    pub confirm: Option<Decision>,
    /// Enter or Space stepped or closed a playback (the Union turn, a
    /// battle): they answer no question of a later phase until the player
    /// has answered one there otherwise.
    pub rest: Option<KeyRest>,
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

/// How long a question is on screen before Enter or Space may answer it:
/// a key held or pressed again through a playback never takes an answer
/// the player has not seen.
pub const SEEN: f64 = 0.6;

/// What identifies a question on screen, for [`SEEN`].
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
}

/// A key that closed a battle of `phase` rests for the questions of that
/// phase too: the next one may be the same phase's Forced March (15.1) or
/// its Resupply, which a held Enter must not answer either.
fn closed_battle_rest(phase: u32) -> u32 {
    phase.saturating_sub(1)
}

#[allow(clippy::too_many_arguments)]
fn keys(
    // Real time: the window sleeps between events, and virtual time would
    // count at most a quarter of a second of it.
    time: Res<Time<Real>>,
    keys: Res<ButtonInput<KeyCode>>,
    pending: Res<PendingDecision>,
    answers: Res<StepDecisions>,
    mut state: ResMut<DecisionState>,
    mut decide: MessageWriter<Decide>,
    mut undo: MessageWriter<UndoDecision>,
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
    if state.confirm.as_ref().is_some_and(|d| {
        !pending
            .request
            .as_ref()
            .is_some_and(|r| r.options.contains(d))
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
        state.redo.push(last.clone());
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
        state.redoing = Some(d.clone());
        decide.write(Decide(d));
    }
    let now = time.elapsed_secs_f64();
    // Only a rerun of the step can put another question on screen.
    if pending.is_changed() {
        let key = pending.request.as_ref().map(question_key);
        if key.as_ref() != state.seen.as_ref().map(|(k, _)| k) {
            state.seen = key.map(|k| (k, now));
        }
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
        && state.confirm.is_none()
        && let Some(r) = &pending.request
        && let Some(d) = default_choice(&r.options, r.battle_location.is_some())
    {
        let ask = asked
            .and_then(|v| v.request.as_ref())
            .and_then(|r| r.needs_confirmation(&d, &answers.answers));
        if ask.is_some() {
            state.confirm = Some(d);
        } else {
            decide.write(Decide(d));
        }
    }
}

/// The answer Enter/Space takes: the step's "end" or "keep" choice, else
/// the first; in a battle only an "end" or "keep" choice (a key must never
/// send a Force into action or place it).
fn default_choice(options: &[Decision], in_battle: bool) -> Option<Decision> {
    let ends = [
        Decision::EndMoves,
        Decision::EndResupply,
        Decision::AcceptFogOfWar,
        Decision::AcceptOrders,
        Decision::FightOn,
        Decision::EndAssign,
        Decision::EndInsights,
        Decision::EndRemovals,
        Decision::EndInsightActivation,
        Decision::AcceptInsightRoll,
        Decision::DeclineBrigade,
        Decision::EndFormationChanges,
        Decision::ShiftColumn { shift: 0 },
        Decision::BuyBattlePlans { extra: 0 },
        Decision::ScreenedApproach { cavalry: None },
    ];
    let end = ends.iter().find(|e| options.contains(e)).cloned();
    if in_battle {
        return end;
    }
    end.or_else(|| options.first().cloned())
}

#[derive(SystemParam)]
pub struct DecisionPanel<'w> {
    pub pending: Res<'w, PendingDecision>,
    answers: Res<'w, StepDecisions>,
    saves: Res<'w, SaveState>,
    advisor: ResMut<'w, Advisor>,
    state: ResMut<'w, DecisionState>,
}

impl DecisionPanel<'_> {
    /// The player's answers in the current step so far.
    pub fn answers(&self) -> &[Decision] {
        &self.answers.answers
    }

    /// Whether a saved game is being replayed (its answers are the file's).
    pub fn loading(&self) -> bool {
        self.saves.loading.is_some()
    }

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
        let pending = &*self.pending;
        let state = &mut *self.state;
        // A stand-alone battle's modified sheet needs the width: the panel
        // stays narrow and its long answers wrap.
        // Elsewhere at most 30% of the window, so that a long answer or
        // the odds advisor never squeezes the map or the Battlefield Sheet.
        let max = if view.stand_alone.is_some() {
            super::STAND_ALONE_DECISION_W
        } else {
            (root.available_width() * 0.3).max(310.0)
        };
        egui::Panel::right("decision")
            .frame(crate::app::theme::unfilled_panel(root.style()))
            .default_size(310.0)
            .max_size(max)
            .show(root, |ui| {
                ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Wrap);
                ui.heading("Your decision");
                if let Some(why) = &pending.blocked {
                    ui.colored_label(egui::Color32::DARK_RED, why);
                }
                if let Some(reason) = &pending.die {
                    die_box(ui, reason, pending.die_key.as_deref(), state, out);
                }
                if let Some(b) = shown {
                    battle::status(ui, board, b, battle, pending);
                }
                let blocked =
                    battle::blocks_decisions(battle, records) || self.saves.loading.is_some();
                match &view.request {
                    _ if blocked => {}
                    None if view.end.is_some() => {}
                    None => {
                        ui.label("The rules are playing…");
                    }
                    Some(r)
                        if r.request.battle_location.is_some()
                            && battle::panels::decision(
                                ui,
                                board,
                                &r.request,
                                shown,
                                shown.and_then(|b| battle::sheets(b, battle.cursor).0),
                                battle,
                                &mut out.decide,
                                &self.advisor,
                            ) => {}
                    Some(r) => {
                        on_the_map(
                            ui,
                            view,
                            r,
                            (selection, &mut state.confirm, &self.answers.answers),
                            &mut self.advisor,
                            out,
                        );
                        // Below the answers, so that they never move when it
                        // comes and goes.
                        if !state.keys_answer(Some(phase_index(
                            view.status.turn,
                            view.status.phase,
                        ))) {
                            ui.label(
                                egui::RichText::new(
                                    "Enter and Space rest after the playback: click your answer (they work again after it).",
                                )
                                .italics(),
                            );
                        }
                    }
                }
                ui.separator();
                ui.horizontal(|ui| {
                    let can_undo = pending.dice_rolled_in_step == 0
                        && !self.answers.answers.is_empty()
                        && self.saves.loading.is_none();
                    if ui
                        .add_enabled(can_undo, egui::Button::new("Undo (Ctrl+Z)"))
                        .on_disabled_hover_text("Only until a die is rolled in this step.")
                        .clicked()
                    {
                        if let Some(last) = self.answers.answers.last() {
                            state.redo.push(last.clone());
                        }
                        out.undo.write(UndoDecision);
                    }
                    let redo = state.redo.last().cloned().filter(|d| {
                        pending
                            .request
                            .as_ref()
                            .is_some_and(|r| r.options.contains(d))
                    });
                    if ui
                        .add_enabled(redo.is_some(), egui::Button::new("Redo (Ctrl+Y)"))
                        .clicked()
                        && let Some(d) = redo
                    {
                        state.redo.pop();
                        state.redoing = Some(d.clone());
                        out.decide.write(Decide(d));
                    }
                });
            });
    }
}

/// Your own d10 (4.5): a button for each face, or the number typed and
/// Enter; anything else is refused with a word, and a random pick says
/// which numbers choose what.
fn die_box(
    ui: &mut egui::Ui,
    reason: &str,
    key: Option<&str>,
    state: &mut DecisionState,
    out: &mut Out,
) {
    ui.label(egui::RichText::new(format!("Roll your d10 (4.5) for: {reason}")).strong());
    if let Some(key) = key {
        ui.label(egui::RichText::new(format!("Random pick (20.0): {key}")).italics());
    }
    let mut entered = None;
    ui.horizontal_wrapped(|ui| {
        for face in 1..=10 {
            if ui
                .button(egui::RichText::new(face.to_string()).monospace())
                .on_hover_text(format!("You rolled {face}."))
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
    if let Some(v) = entered {
        out.enter_die.write(EnterDie(v));
        state.die_text.clear();
        state.die_refused = None;
    }
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
const LOST: egui::Color32 = egui::Color32::from_rgb(190, 20, 20);

/// A question outside a battle: moves on the map, Resupply, or a list.
fn on_the_map(
    ui: &mut egui::Ui,
    view: &GameView,
    r: &RequestView,
    (selection, confirm, answers): (&mut Selection, &mut Option<Decision>, &[Decision]),
    advisor: &mut Advisor,
    out: &mut Out,
) {
    let board = &view.board;
    let req = &r.request;
    ui.label(egui::RichText::new(format!("({}) {}", req.rule, req.prompt)).strong());
    if let Some(s) = req.situation {
        ui.label(format!(
            "Confederate {} against Union {}{}",
            s.confederate_combat,
            s.union_combat,
            if s.lee_present { " · Lee present" } else { "" }
        ));
    }
    if view.forced_march() {
        ui.label(format!(
            "Forced March (15.1): each Force's move costs 1 Command Point; Jackson's unhit Forces may go two areas for 1 (15.1.1). You have {} CP.",
            view.status.confederate_cp
        ));
    }
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
    if !moves.is_empty() {
        let who = selection.force.as_deref().map_or(String::new(), |f| {
            if f == "lee" {
                "Robert E. Lee".to_string()
            } else {
                board
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
            if waiting {
                ui.horizontal_wrapped(|ui| {
                    let color = if c.loses_campaign.is_some() {
                        LOST
                    } else {
                        egui::Color32::from_rgb(150, 70, 0)
                    };
                    ui.colored_label(color, format!("{text}?"));
                    if ui.button("Confirm").clicked() {
                        out.decide.write(Decide(c.decision.clone()));
                        selection.confirm = None;
                        selection.force = None;
                    }
                    if ui.button("Cancel").clicked() {
                        selection.confirm = None;
                    }
                });
                // The advisor weighs this Force alone, or the whole group
                // the player means to send.
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
            } else if ui.button(text).clicked() {
                let lee = matches!(c.decision, Decision::MoveLee { .. });
                if lee || c.starts_battle || c.loses_campaign.is_some() {
                    // Weigh the battle before moving in; Lee's own moves
                    // always wait for a second word.
                    selection.confirm = Some(to.to_string());
                } else {
                    out.decide.write(Decide(c.decision.clone()));
                    selection.confirm = None;
                }
            }
        }
        ui.separator();
    }
    // Moves the rules refuse for the selected Force, and why (Optional
    // rule Confederate Groups and Area Group Limit).
    if let Some(sel) = selection.force.as_deref() {
        for (d, why) in &r.request.refused {
            let mine = matches!(d, Decision::MoveForce { force, .. } | Decision::JacksonMarch { force, .. } if force == sel);
            if mine {
                ui.colored_label(egui::Color32::from_rgb(150, 40, 30), why);
            }
        }
    }
    let resupply = req.options.contains(&Decision::EndResupply);
    if resupply {
        super::resupply::show(ui, view, r, &mut out.decide);
    }
    // Moves are made on the map; only the other choices are listed.
    let many = r.choices.len() > 12;
    let default = default_choice(&req.options, req.battle_location.is_some());
    egui::ScrollArea::vertical()
        .max_height(420.0)
        .show(ui, |ui| {
            for c in r.choices.iter().filter(|_| !resupply) {
                if !super::answers::listed_below(r, &c.decision, selection.force.as_deref()) {
                    continue;
                }
                let ask = r.needs_confirmation(&c.decision, answers);
                if confirm.as_ref() == Some(&c.decision)
                    && let Some(why) = &ask
                {
                    // Asked again; only a click answers (Enter and Space
                    // do not).
                    let color = if c.loses_campaign.is_some() {
                        LOST
                    } else {
                        egui::Color32::from_rgb(150, 70, 0)
                    };
                    ui.colored_label(color, egui::RichText::new(why).strong());
                    ui.horizontal(|ui| {
                        if ui.button(format!("Yes: {}", c.text)).clicked() {
                            out.decide.write(Decide(c.decision.clone()));
                            *confirm = None;
                        }
                        if ui.button("No, go back").clicked() {
                            *confirm = None;
                        }
                    });
                    continue;
                }
                if let Some(lost) = &c.loses_campaign {
                    ui.colored_label(LOST, lost);
                }
                // The answer Enter and Space take is marked on its button.
                let keyed = default.as_ref() == Some(&c.decision);
                let text = if keyed {
                    egui::RichText::new(format!("{}   [Enter]", c.text)).strong()
                } else {
                    egui::RichText::new(&c.text)
                };
                if ui.button(text).clicked() {
                    if ask.is_some() {
                        *confirm = Some(c.decision.clone());
                    } else {
                        out.decide.write(Decide(c.decision.clone()));
                    }
                }
            }
        });
    if many && let Some(line) = movers_line(&r.movers()) {
        ui.label(line);
    }
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
        crate::app::union_turn::tests::game_with(
            crate::rules::difficulty::BattleMode::Quick,
            3,
            playback,
            |app| {
                // 50 ms a frame: a question is "seen" (SEEN) after a dozen.
                app.insert_resource(bevy::time::TimeUpdateStrategy::ManualDuration(
                    std::time::Duration::from_millis(50),
                ))
                .init_resource::<crate::app::warnings::ObjectiveWarning>()
                .add_plugins(plugin);
            },
        )
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
            for frame in 0..600 {
                let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
                keys.clear();
                if frame % 2 == 0 {
                    keys.press(KeyCode::Enter);
                } else {
                    keys.release(KeyCode::Enter);
                }
                app.update();
            }
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
                since[1..]
                    .iter()
                    .all(|d| matches!(d, Decision::OrdersFor { .. } | Decision::AcceptOrders)),
                "{playback:?}: {since:?}"
            );
            let state = app.world().resource::<DecisionState>();
            match playback {
                // The keys stepped the report: they rest.
                Playback::Step => assert!(state.rest.is_some(), "{playback:?}"),
                // Nothing to step: Enter asked to end the Moves, and only a
                // click confirms.
                _ => assert_eq!(state.confirm, Some(Decision::EndMoves)),
            }
        }
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
        assert_eq!(
            app.world().resource::<DecisionState>().confirm,
            Some(Decision::EndMoves)
        );
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
        app.world_mut().write_message(Decide(first.clone()));
        app.update();
        app.update();
        let answers = |app: &App| app.world().resource::<StepDecisions>().answers.clone();
        assert_eq!(answers(&app), vec![first.clone()]);
        press_ctrl(&mut app, KeyCode::KeyZ);
        assert!(answers(&app).is_empty(), "undone");
        assert_eq!(
            app.world().resource::<DecisionState>().redo,
            vec![first.clone()]
        );
        // Redo gives it back.
        press_ctrl(&mut app, KeyCode::KeyY);
        app.update();
        assert_eq!(answers(&app), vec![first.clone()], "redone");
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
        app.world_mut().write_message(Decide(other.clone()));
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

    /// Enter answers only a question the player has had on screen for a
    /// moment (SEEN): pressed at once it does nothing, a moment later it
    /// takes the default. Ending the Battle Plan step with Forces that
    /// could still take a counter is asked again (12.2).
    #[test]
    fn enter_takes_only_a_question_seen_for_a_moment() {
        let mut app = at_the_first_moves();
        let press = |app: &mut App| {
            let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
            keys.press(KeyCode::Enter);
            app.update();
            let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
            keys.release(KeyCode::Enter);
            keys.clear();
        };
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
        press(&mut app);
        app.update();
        assert_eq!(app.world().resource::<DecisionState>().confirm, None);
        for _ in 0..15 {
            app.update();
        }
        press(&mut app);
        app.update();
        assert_eq!(
            app.world().resource::<DecisionState>().confirm,
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
        assert_eq!(app.world().resource::<DecisionState>().confirm, None);
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
        // On the map the first choice is still the default.
        let moves = vec![Decision::MoveLee {
            to: "glendale".into(),
        }];
        assert_eq!(default_choice(&moves, false), moves.first().cloned());
    }
}
