//! The battle screens: every battle the campaign produces is shown in the
//! battle mode the player chose. The rules record each battle as it is
//! fought (`rules::battle::record`); this plugin plays the record back at the
//! player's speed (each Fog of War roll, the Envelopment check, every change
//! on the Battlefield Sheet, every Battle Resolution Table roll) and shows the
//! decision the rules wait for once playback has caught up.
//!
//! A Basic or Advanced battle's sheet lies over the map's area; a Quick or
//! Very Quick battle is docked at its right ([`dock`]), beside the decision
//! panel, which it never covers. Every ending is seen: the decision panel
//! and the map answer nothing while a battle plays back or its ending is
//! shown, and after the last answer of a battle the Union fought in its
//! phase (17.0) the rules would play the Union Resupply (18.0) and the next
//! turn's Advance Turn (9.1) at once, with no question on the way: they
//! are held until the player returns to the map ([`rules_may_go_on`]), and
//! then the Union turn report shows the rest of the Union turn.
//!
//! - `sheet`: the Battlefield Sheet (Basic) and the Advanced Battlefield
//!   Sheet's Squares (Advanced), drawn with egui's painter; a click on a
//!   Square or Union Force it highlights answers the pending question.
//! - `panels`: the pre-battle panel, the Quick/Very Quick panel, the battle
//!   log, and the decision panel for battle requests (Battle Plan
//!   assignment, order of resolution, placement, retreats).

pub mod panels;
pub mod sheet;

use bevy::prelude::*;
use bevy::window::RequestRedraw;

use super::Screen;
use super::settings::AppSettings;
use crate::app::answer::Mark;
use crate::app::theme::link::HoverWords;
use crate::rules::battle::ground::Square;
use crate::rules::battle::record::{BattleRecord, BattleRecords, EventKind, SheetView};
use crate::rules::battle::terms::{Formation, PlanCounter};
use crate::rules::decision::{Decision, Move, Request};
use crate::rules::difficulty::BattleMode;
use crate::rules::sequence::Decide;
use crate::settings::Playback;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<BattleScreen>()
        .add_message::<super::saves::LoadFinished>()
        .add_systems(OnEnter(Screen::Game), reset)
        .add_systems(
            Update,
            (close_replayed, follow)
                .chain()
                .run_if(in_state(Screen::Game)),
        )
        .configure_sets(
            Update,
            crate::rules::sequence::RulesSystems.run_if(rules_may_go_on),
        );
}

/// The battles a loaded save replayed were fought before it was saved:
/// none is shown again.
fn close_replayed(
    mut loaded: MessageReader<super::saves::LoadFinished>,
    records: Option<Res<BattleRecords>>,
    mut screen: ResMut<BattleScreen>,
) {
    if loaded.read().count() == 0 {
        return;
    }
    let Some(records) = records else { return };
    let ended = records.battles.iter().filter(|b| b.ending.is_some());
    screen.closed.extend(ended.map(|b| b.id));
}

/// Whether the rules may run on. A battle the Union fought in its phase
/// (17.0) stops them no more once its last question is answered: with no
/// question on the way the Union Resupply (18.0) and the next turn's
/// Advance Turn (9.1) would be played at once, up to the next Moves, while
/// the battle's ending is still on screen. So, once such a battle has
/// ended, the rules wait (they only ever wait between two steps: nothing
/// is asked or rolled meanwhile) until the player has returned to the map
/// from it; then the Union turn report shows the rest of the Union turn in
/// order. Nothing the rules do depends on it: same answers, same dice,
/// same game. A save being replayed and a stand-alone battle (the whole
/// game, never closed) are never held.
pub fn rules_may_go_on(
    screen: Option<Res<BattleScreen>>,
    records: Option<Res<BattleRecords>>,
    pending: Option<Res<crate::rules::sequence::PendingDecision>>,
    saves: Option<Res<super::saves::SaveState>>,
    stand_alone: Option<Res<crate::rules::battle::advanced::battle_pack::ActiveStandAlone>>,
) -> bool {
    let (Some(screen), Some(records)) = (screen, records) else {
        return true;
    };
    // A question or a die waits: the rules would not run on anyway, and
    // the answer must reach them.
    let waiting = pending.is_some_and(|p| p.request.is_some() || p.die.is_some());
    if waiting || saves.is_some_and(|s| s.loading.is_some()) || stand_alone.is_some() {
        return true;
    }
    !union_ending_on_screen(&screen, &records)
}

/// A battle fought in the Union phase (the Union attacks, 17.0) that has
/// ended and that the player has not returned to the map from: it is on
/// screen, or will be next (battles are shown in order).
pub fn union_ending_on_screen(screen: &BattleScreen, records: &BattleRecords) -> bool {
    records.battles.iter().any(|b| {
        b.attacker == crate::campaign::Side::Union
            && b.ending.is_some()
            && !screen.closed.contains(&b.id)
    })
}

/// What the battle screen shows.
#[derive(Resource, Debug, Default)]
pub struct BattleScreen {
    /// The battle shown (its record's id).
    pub id: Option<usize>,
    /// Events revealed so far.
    pub cursor: usize,
    last_step: f64,
    /// Battles the player has closed.
    pub closed: Vec<usize>,
    /// The Confederate Force picked on the sheet (for the assignment panel).
    pub picked: Option<String>,
    /// Space and Enter belong to the battle screen (playback or closing).
    pub wants_keys: bool,
    /// Enter or Space closed a finished battle this frame, fought in this
    /// phase (`panels::decision::phase_index`; the attacker's phase, 9.3,
    /// 15.2, 17.0): the keys rest for the questions of this phase and
    /// later ones until the player clicks an answer.
    pub closed_by_key: Option<u32>,
    /// The Square picked on the Advanced sheet for the Force being set up,
    /// whose Formation is still to choose (A10.2.14).
    pub square: Option<Square>,
    /// Where the sheet drew each counter last (logical points).
    pub counters: Vec<(String, bevy_egui::egui::Rect)>,
    /// A Confederate Force clicked on the sheet that cannot act in the
    /// question asked: the decision panel says why (`rules::why`).
    pub refused: Option<String>,
    /// A Square pointed at that the question does not offer.
    pub unoffered: Option<Square>,
    /// Where the assignment panel drew the picked Force's Battle Plan
    /// Counters last (logical points), and whether each is offered (12.2).
    pub plan_buttons: Vec<(PlanCounter, bevy_egui::egui::Rect, bool)>,
    /// A refused Battle Plan Counter clicked for the picked Force: the
    /// assignment panel says why under it, its rule a link (12.2).
    pub why_plan: Option<(String, PlanCounter)>,
}

impl BattleScreen {
    /// The battle shown, if any.
    pub fn current<'a>(&self, records: &'a BattleRecords) -> Option<&'a BattleRecord> {
        let id = self.id?;
        records.battles.iter().find(|b| b.id == id)
    }

    /// Whether playback has caught up with the battle.
    pub fn caught_up(&self, b: &BattleRecord) -> bool {
        self.cursor >= b.events.len()
    }

    pub fn close(&mut self) {
        if let Some(id) = self.id.take() {
            self.closed.push(id);
        }
        self.cursor = 0;
        self.picked = None;
        self.square = None;
        self.refused = None;
        self.unoffered = None;
        self.why_plan = None;
    }
}

/// Whether battles in this mode are fought on a Battlefield Sheet: the
/// Basic sheet's Regions or the Advanced sheet's Squares (the Quick and
/// Very Quick ones on the Battle Resolution Table, over the map).
pub fn on_sheet(mode: BattleMode) -> bool {
    matches!(mode, BattleMode::Basic | BattleMode::Advanced)
}

/// What the pending question lets the player pick on the Advanced sheet:
/// the Squares of a March, Retreat or set-up (A11.0, A10.2.14), the Union
/// Forces it may target (A11.4, A11.6, A12.3); `picked` is the set-up
/// Square already clicked.
pub fn offer_for(r: &Request, picked: Option<Square>) -> sheet::Offer {
    let mut offer = sheet::Offer::default();
    for d in &r.options {
        match d {
            Decision::MarchInto { square } | Decision::PlaceOnSquare { square, .. }
                if !offer.squares.contains(square) =>
            {
                offer.squares.push(*square);
            }
            Decision::Target { force } => offer.targets.push(force.to_string()),
            Decision::Act { force, .. } if !offer.can_act.iter().any(|f| f == force.as_str()) => {
                offer.can_act.push(force.to_string());
            }
            _ => {}
        }
    }
    let placing = r
        .options
        .iter()
        .any(|d| matches!(d, Decision::PlaceOnSquare { .. }));
    offer.verb = match r.about.moving {
        _ if placing => "Set up here",
        Some(Move::Place) => "Set up here",
        Some(Move::Retreat) => "Retreat here",
        Some(Move::Advance) => "Advance here",
        Some(Move::March) | None => "March here",
    }
    .to_string();
    offer.chosen = picked
        .filter(|s| placing && offer.squares.contains(s))
        .map(|s| (s, formations_at(r, s)));
    offer
}

/// The Formations a set-up in `square` is offered in (10.3).
pub fn formations_at(r: &Request, at: Square) -> Vec<Formation> {
    r.options
        .iter()
        .filter_map(|d| match d {
            Decision::PlaceOnSquare {
                square, formation, ..
            } if *square == at => Some(*formation),
            _ => None,
        })
        .collect()
}

/// The answer a click on the sheet gives the pending question, if any: a
/// target, a Square to March or Retreat into, a set-up Square and
/// Formation. A set-up Square offered in both Formations is only picked
/// (`screen.square`): its Formation is asked next, beside it and in the
/// decision panel.
pub fn answer(
    input: &sheet::SheetInput,
    r: &Request,
    screen: &mut BattleScreen,
) -> Option<Decision> {
    let offered = |d: Decision| r.options.contains(&d).then_some(d);
    if let Some(t) = &input.target
        && let Some(d) = offered(Decision::Target {
            force: t.as_str().into(),
        })
    {
        return Some(d);
    }
    if let Some((at, formation)) = input.place {
        return r
            .options
            .iter()
            .find(|d| {
                matches!(d, Decision::PlaceOnSquare { square, formation: f, .. }
                    if *square == at && *f == formation)
            })
            .cloned();
    }
    let at = input.square?;
    if let Some(d) = offered(Decision::MarchInto { square: at }) {
        return Some(d);
    }
    let formations = formations_at(r, at);
    match formations.as_slice() {
        [] => None,
        [_] => r
            .options
            .iter()
            .find(|d| matches!(d, Decision::PlaceOnSquare { square, .. } if *square == at))
            .cloned(),
        _ => {
            screen.square = Some(at);
            None
        }
    }
}

/// The Confederate Force a question is about, to mark on the sheet: the
/// one the rules say it is about, else the one the player last ordered to
/// act or gave a counter (a Fire's target, A12.3's target).
fn acting(sheet: &SheetView, r: &Request, answers: &[Decision]) -> Option<String> {
    let ours = || {
        sheet
            .units
            .iter()
            .filter(|u| u.side == crate::campaign::Side::Confederate)
    };
    if let Some(about) = &r.about.force
        && let Some(u) = ours().find(|u| u.force == about.as_str())
    {
        return Some(u.force.clone());
    }
    let last = answers.iter().rev().find_map(|d| match d {
        Decision::Act { force, .. } | Decision::AssignPlan { force, .. } => Some(force.as_str()),
        _ => None,
    })?;
    ours().find(|u| u.force == last).map(|u| u.force.clone())
}

/// The Force a set-up question places on the Advanced sheet (A10.2.14).
fn placing_force(r: &Request) -> Option<&str> {
    r.options.iter().find_map(|d| match d {
        Decision::PlaceOnSquare { force, .. } => Some(force.as_str()),
        _ => None,
    })
}

/// The sheet as far as playback has gone, and the one before it (for the
/// animation of what changed).
pub fn sheets(b: &BattleRecord, cursor: usize) -> (Option<&SheetView>, Option<&SheetView>, String) {
    let mut now = None;
    let mut before = None;
    let mut caption = String::new();
    let cursor = cursor.min(b.events.len());
    let start = crate::rules::battle::record::round_start(&b.events, cursor);
    for e in &b.events[start..cursor] {
        if let EventKind::Sheet { caption: c, sheet } = &e.kind {
            before = now;
            now = Some(sheet);
            caption = c.clone();
        }
    }
    (now, before, caption)
}

fn reset(mut commands: Commands, mut screen: ResMut<BattleScreen>) {
    // The rules record battles only when the world has the resource.
    commands.insert_resource(BattleRecords::default());
    *screen = BattleScreen::default();
}

/// Seconds between two events of a battle at each speed.
fn event_interval(p: Playback) -> Option<f64> {
    match p {
        Playback::Slow => Some(0.7),
        Playback::Fast => Some(0.18),
        Playback::Step | Playback::Instant => None,
    }
}

/// Choose the battle to show and advance its playback.
pub fn follow(
    records: Option<Res<BattleRecords>>,
    mut screen: ResMut<BattleScreen>,
    settings: Res<AppSettings>,
    time: Res<Time<Real>>,
    keys: Res<ButtonInput<KeyCode>>,
    mut redraw: MessageWriter<RequestRedraw>,
    stand_alone: Option<Res<crate::rules::battle::advanced::battle_pack::ActiveStandAlone>>,
) {
    let Some(records) = records else {
        return;
    };
    let now = time.elapsed_secs_f64();
    // An undo can take a battle back out of the record.
    if screen.current(&records).is_none() || screen.id.is_some_and(|id| screen.closed.contains(&id))
    {
        screen.id = None;
    }
    if screen.id.is_none() {
        let next = records
            .battles
            .iter()
            .find(|b| !screen.closed.contains(&b.id))
            .map(|b| b.id);
        if let Some(id) = next {
            screen.id = Some(id);
            screen.cursor = 0;
            screen.last_step = now - 10.0;
        }
    }
    screen.closed_by_key = None;
    let Some(b) = screen.current(&records) else {
        screen.wants_keys = false;
        return;
    };
    let total = b.events.len();
    let ended = b.ending.is_some();
    let playback = settings.loaded.settings.union_playback;
    let space = keys.just_pressed(KeyCode::Space) || keys.just_pressed(KeyCode::Enter);
    match event_interval(playback) {
        _ if playback == Playback::Instant => screen.cursor = total,
        Some(every) if screen.cursor < total => {
            if now - screen.last_step >= every {
                screen.cursor += 1;
                screen.last_step = now;
            }
            redraw.write(RequestRedraw);
        }
        _ => {
            if screen.cursor == 0 && total > 0 {
                screen.cursor = 1;
            }
        }
    }
    screen.cursor = screen.cursor.min(total);
    let playing = screen.cursor < total;
    let mut used = false;
    if space && playing && playback == Playback::Step {
        screen.cursor += 1;
        used = true;
    } else if space && !playing && ended && stand_alone.is_none() {
        // A stand-alone battle stays on screen: it is the whole game.
        let phase = match b.attacker {
            crate::campaign::Side::Confederate => crate::campaign::Phase::Confederate,
            crate::campaign::Side::Union => crate::campaign::Phase::Union,
        };
        screen.closed_by_key =
            Some(b.campaign_turn * 2 + u32::from(phase == crate::campaign::Phase::Union));
        screen.close();
        used = true;
    }
    // While a battle plays or waits to be closed, its keys are its own and
    // the decision panel offers nothing else; a key it used this frame
    // answers nothing else either.
    screen.wants_keys = playing || ended || used;
}

/// Whether the decision panel may offer the pending request's options: not
/// while a battle is being played back or a finished one is still shown.
pub fn blocks_decisions(screen: &BattleScreen, records: Option<&BattleRecords>) -> bool {
    records
        .and_then(|r| screen.current(r))
        .is_some_and(|b| !screen.caught_up(b) || b.ending.is_some())
}

/// The battle's heading in the decision panel: playback controls while it
/// plays, its ending and the way back to the map once it is over.
pub fn status(
    ui: &mut bevy_egui::egui::Ui,
    board: &crate::rules::board::Board,
    b: &BattleRecord,
    screen: &mut BattleScreen,
    pending: &crate::rules::sequence::PendingDecision,
) {
    use bevy_egui::egui::{self, RichText};
    ui.label(
        RichText::new(format!(
            "Battle of {} ({})",
            b.area_name,
            panels::mode_name(b.mode)
        ))
        .strong()
        .size(15.0),
    );
    let total = b.events.len();
    if screen.cursor < total {
        ui.label(format!(
            "Showing step {} of {} so far.",
            screen.cursor, total
        ));
        ui.horizontal(|ui| {
            if crate::app::answer::marked_button(ui, "Next", Mark::Enter, true)
                .on_hover_words("Enter or Space: the next step of the battle.")
                .clicked()
            {
                screen.cursor += 1;
            }
            if ui.button("Skip to now").clicked() {
                screen.cursor = total;
            }
        });
    } else if b.ending.is_some() {
        panels::withdrawal_and_ending(ui, board, b, screen.cursor);
        // A stand-alone battle is the whole game: no map to go back to.
        if board.stand_alone.is_none()
            && crate::app::answer::marked_button(ui, "Return to the map", Mark::Enter, true)
                .clicked()
        {
            screen.close();
        }
        if pending.request.is_some() {
            ui.label(RichText::new("The next decision waits on the map.").italics());
        }
    }
    let has_sheet = b
        .events
        .iter()
        .take(screen.cursor)
        .any(|e| matches!(e.kind, EventKind::Sheet { .. }));
    if on_sheet(b.mode) && has_sheet {
        egui::CollapsingHeader::new("Pre-battle: Fog of War, Envelopment")
            .id_salt(("pre", b.id))
            .default_open(false)
            .show(ui, |ui| panels::pre_battle(ui, b, screen.cursor));
    }
    ui.separator();
}

/// The battle in the middle of the window: the Battlefield Sheet (or, before
/// it is set up, the pre-battle panel) for a Basic or Advanced battle, over
/// the map's area (Quick and Very Quick battles are docked beside the map
/// instead, by [`dock`]). On the
/// Advanced sheet a click on what the pending question offers answers it
/// through `decide` (None while decisions wait: playback, a load);
/// `answers` are the step's answers so far (the set-up shown while the
/// Confederate Forces are placed).
pub fn central(
    root: &mut bevy_egui::egui::Ui,
    board: &crate::rules::board::Board,
    b: &BattleRecord,
    screen: &mut BattleScreen,
    pending: &crate::rules::sequence::PendingDecision,
    answers: &[Decision],
    decide: Option<&mut MessageWriter<Decide>>,
    suggest: &crate::app::suggest::Suggest,
) {
    use bevy_egui::egui;
    // Where retreating Forces go is chosen on the campaign map.
    let on_map = pending.request.as_ref().is_some_and(|r| {
        r.options.iter().any(|d| {
            matches!(
                d,
                Decision::RetreatTo { .. } | Decision::PlaceArrival { .. }
            )
        })
    }) && screen.caught_up(b);
    let title = format!("Battle of {} · {}", b.area_name, panels::mode_name(b.mode));
    match b.mode {
        mode if on_sheet(mode) && !on_map => {
            let advanced = mode == BattleMode::Advanced;
            // The question the sheet may answer: this battle's, once
            // playback has caught up.
            let request = pending.request.as_ref().filter(|r| {
                advanced
                    && decide.is_some()
                    && screen.caught_up(b)
                    && b.ending.is_none()
                    && r.battle_location.as_deref() == Some(b.area.as_str())
            });
            if request.is_none_or(|r| placing_force(r).is_none()) {
                screen.square = None;
            }
            let (sheet, before, caption) = sheets(b, screen.cursor);
            // At set-up, the sheet as the rules have it at the question
            // (the Forces placed so far).
            let setup = request
                .filter(|r| placing_force(r).is_some())
                .and_then(|r| r.sheet.as_deref());
            let mut offer =
                request.map_or_else(sheet::Offer::default, |r| offer_for(r, screen.square));
            // The Forces the question lets act next (14.4), ringed on the
            // Basic sheet too.
            if let Some(r) = pending.request.as_ref().filter(|r| {
                decide.is_some()
                    && screen.caught_up(b)
                    && b.ending.is_none()
                    && r.battle_location.as_deref() == Some(b.area.as_str())
            }) && offer.can_act.is_empty()
            {
                offer.can_act = offer_for(r, None).can_act;
            }
            let caption = match (&setup, request) {
                (Some(_), Some(r)) => {
                    let who = placing_force(r)
                        .and_then(|f| board.piece(f))
                        .map_or(String::new(), crate::rules::board::label);
                    offer.setup = Some(format!(
                        "Set-up (A10.2.14): place {who}. Click a highlighted Square, then its Formation."
                    ));
                    format!("Setting up {who}")
                }
                _ => caption,
            };
            match setup.or(sheet) {
                Some(sheet) => {
                    // The suggested assignment, once playback has caught
                    // up with the question (issue 37).
                    if screen.caught_up(b) && b.ending.is_none() {
                        offer.ghosts = suggest.ghosts(&b.area, sheet);
                    }
                    // The Force the question is about, marked.
                    let marked = request
                        .filter(|_| offer.targets.len() + offer.squares.len() > 0)
                        .and_then(|r| acting(sheet, r, answers));
                    egui::CentralPanel::no_frame().show(root, |ui| {
                        let input = sheet::draw(
                            ui,
                            board,
                            b.id,
                            &title,
                            sheet,
                            before,
                            &caption,
                            marked.as_deref().or(screen.picked.as_deref()),
                            advanced || sheet.units.iter().any(|u| u.square.is_some()),
                            &offer,
                        );
                        if let Some(f) = &input.clicked {
                            screen.picked = Some(f.clone());
                            // A Force that cannot act now: the panel says why.
                            screen.refused = request
                                .filter(|r| {
                                    crate::rules::why::force(board, r, f).reason().is_some()
                                })
                                .map(|_| f.clone());
                        }
                        screen.unoffered = input.unoffered;
                        screen.counters.clone_from(&input.counters);
                        if let Some(r) = request
                            && let Some(d) = answer(&input, r, screen)
                            && let Some(decide) = decide
                        {
                            screen.square = None;
                            decide.write(Decide(d));
                        }
                    });
                }
                None => {
                    let frame = egui::Frame::new()
                        .fill(super::theme::palette::PAPER_DEEP)
                        .inner_margin(16.0);
                    egui::CentralPanel::default_margins().frame(frame).show(root, |ui| {
                        ui.heading(&title);
                        crate::app::theme::link::words(ui, "Pre-battle (10.2): Fog of War, the Envelopment check, Battle Plans, Insights, Scouts against the Special Battle Plan cup, then placement.");
                        ui.separator();
                        egui::ScrollArea::vertical()
                            .id_salt(("pre-battle", b.id))
                            .show(ui, |ui| panels::pre_battle(ui, b, screen.cursor));
                    });
                }
            }
        }
        // Where retreating Forces go is asked on the map; Quick and Very
        // Quick battles are docked beside it (`dock`).
        _ => {}
    }
}

/// The Quick and Very Quick battle panel's width at most, as a share of
/// the map's area: the map keeps the rest.
const DOCK_MAX_SHARE: f32 = 0.72;

/// A Quick or Very Quick battle (12.0) docked at the right of the map's
/// area, between the map and the decision panel, drawn by the game
/// screen's `layout` before the map takes what is left: it covers neither
/// the decision panel (its answers, the die box) nor the Chronicle. The
/// pre-battle (Fog of War, Envelopment), the Battle Resolution Table as
/// far as playback has gone, the Withdrawal and the ending scroll inside;
/// "Return to the map" (Enter) stays at its foot. Its rect.
pub fn dock(
    root: &mut bevy_egui::egui::Ui,
    board: &crate::rules::board::Board,
    b: &BattleRecord,
    screen: &mut BattleScreen,
) -> bevy_egui::egui::Rect {
    use bevy_egui::egui::{self, RichText};
    let title = format!("Battle of {} · {}", b.area_name, panels::mode_name(b.mode));
    let has_resolution = b
        .events
        .iter()
        .take(screen.cursor)
        .any(|e| matches!(e.kind, EventKind::Resolution(_)));
    let free = root.available_rect_before_wrap().width();
    let max = (free * DOCK_MAX_SHARE).max(240.0);
    let rect = egui::Panel::right("quick-battle")
        .frame(super::theme::unfilled_panel(root.style()))
        .resizable(true)
        .default_size(520.0_f32.min(max))
        .min_size(240.0_f32.min(max))
        .max_size(max)
        .show(root, |ui| {
            ui.label(RichText::new(&title).strong().size(15.0));
            let ended = screen.caught_up(b) && b.ending.is_some();
            ui.with_layout(egui::Layout::bottom_up(egui::Align::Min), |ui| {
                if ended
                    && crate::app::answer::marked_button(ui, "Return to the map", Mark::Enter, true)
                        .clicked()
                {
                    screen.close();
                }
                ui.with_layout(egui::Layout::top_down(egui::Align::Min), |ui| {
                    egui::ScrollArea::vertical()
                        .id_salt(("quick-battle-lines", b.id))
                        .stick_to_bottom(true)
                        .auto_shrink(false)
                        .show(ui, |ui| {
                            egui::CollapsingHeader::new("Pre-battle: Fog of War, Envelopment")
                                .id_salt(("quick-pre", b.id))
                                .default_open(!has_resolution)
                                .show(ui, |ui| panels::pre_battle(ui, b, screen.cursor));
                            ui.separator();
                            panels::quick_panel(ui, board, b, screen.cursor);
                            ui.separator();
                            panels::withdrawal_and_ending(ui, board, b, screen.cursor);
                        });
                });
            });
        })
        .response
        .rect;
    crate::app::tutorial_hooks::mark(root.ctx(), "battle.panel", rect);
    rect
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::campaign::{Side, UnionLevel};
    use crate::rules::battle::Ending;
    use crate::rules::battle::record::BattleEvent;
    use crate::rules::battle::record::SheetUnit;
    use crate::rules::battle::terms::Tactics;
    use crate::rules::components::{Location, Strength};
    use crate::rules::difficulty::BattleMode;
    use crate::settings::{LoadedSettings, Settings};
    use bevy::ecs::message::Messages;

    fn record(id: usize, events: usize, ended: bool) -> BattleRecord {
        BattleRecord {
            id,
            area: "glendale".into(),
            area_name: "Glendale".into(),
            mode: BattleMode::Quick,
            attacker: Side::Confederate,
            campaign_turn: 1,
            events: (0..events)
                .map(|i| BattleEvent {
                    chronicle_len: id + i + 1,
                    kind: EventKind::FogOfWar {
                        level: UnionLevel::Regular,
                        die: 5,
                        battle_turns: 3,
                        event: String::new(),
                    },
                })
                .collect(),
            ending: ended.then_some(Ending::Encamp),
            before: None,
            after: None,
        }
    }

    fn app(playback: Playback, battles: Vec<BattleRecord>) -> App {
        let mut app = App::new();
        app.add_plugins(MinimalPlugins)
            .init_resource::<ButtonInput<KeyCode>>()
            .add_message::<RequestRedraw>()
            .add_message::<crate::app::saves::LoadFinished>()
            .init_resource::<BattleScreen>()
            .insert_resource(BattleRecords { battles })
            .insert_resource(AppSettings {
                loaded: LoadedSettings {
                    settings: Settings {
                        union_playback: playback,
                        ..Settings::default()
                    },
                    path: None,
                    problem: None,
                    bad_on_disk: false,
                },
                persist: false,
                message: None,
            })
            .add_systems(Update, (close_replayed, follow).chain());
        app
    }

    fn press(app: &mut App, key: KeyCode) {
        let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
        keys.release_all();
        keys.clear();
        keys.press(key);
        app.update();
        let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
        keys.release_all();
        keys.clear();
    }

    fn screen(app: &App) -> &BattleScreen {
        app.world().resource::<BattleScreen>()
    }

    /// A loaded save's battles were fought before it was saved: once its
    /// decisions are used up none is shown again; one still being fought
    /// is.
    #[test]
    fn battles_a_loaded_save_replayed_are_not_shown_again() {
        let mut app = app(
            Playback::Instant,
            vec![record(5, 3, true), record(9, 2, true), record(40, 2, false)],
        );
        app.world_mut()
            .write_message(crate::app::saves::LoadFinished);
        app.update();
        assert_eq!(screen(&app).closed, vec![5, 9]);
        assert_eq!(screen(&app).id, Some(40));
    }

    #[test]
    fn battles_are_shown_in_order_and_closed_with_enter() {
        let mut app = app(
            Playback::Instant,
            vec![record(5, 3, true), record(40, 2, false)],
        );
        app.update();
        assert_eq!(screen(&app).id, Some(5));
        assert_eq!(screen(&app).cursor, 3);
        // Over but not closed: the keys and the decision panel wait for it.
        assert!(screen(&app).wants_keys);
        let records = app.world().resource::<BattleRecords>().clone();
        assert!(blocks_decisions(screen(&app), Some(&records)));
        press(&mut app, KeyCode::Enter);
        assert_eq!(screen(&app).closed, vec![5]);
        app.update();
        // The battle still being fought, caught up: decisions are offered.
        assert_eq!(screen(&app).id, Some(40));
        assert_eq!(screen(&app).cursor, 2);
        assert!(!screen(&app).wants_keys);
        assert!(!blocks_decisions(screen(&app), Some(&records)));
    }

    #[test]
    fn step_playback_waits_for_space_and_blocks_decisions_meanwhile() {
        let mut app = app(Playback::Step, vec![record(0, 4, false)]);
        app.update();
        assert_eq!(screen(&app).cursor, 1);
        let records = app.world().resource::<BattleRecords>().clone();
        assert!(blocks_decisions(screen(&app), Some(&records)));
        assert!(screen(&app).wants_keys);
        for want in 2..=4 {
            press(&mut app, KeyCode::Space);
            assert_eq!(screen(&app).cursor, want);
        }
        app.update();
        assert!(!blocks_decisions(screen(&app), Some(&records)));
        assert!(!screen(&app).wants_keys);
        // An undo that takes the battle back out of the record clears it.
        app.world_mut()
            .resource_mut::<BattleRecords>()
            .battles
            .clear();
        app.update();
        assert_eq!(screen(&app).id, None);
    }

    fn unit(force: &str, side: Side, square: &str, formation: Formation) -> SheetUnit {
        let square = Square::named(square).expect("a Square");
        SheetUnit {
            force: force.into(),
            side,
            region: square.region(),
            square: Some(square),
            target: None,
            aim_lost: false,
            formation,
            reduced: false,
            combat: 6,
            counter: None,
            prepare: false,
            entrench: false,
            hard_cover: false,
            cover: false,
            acted: false,
            clear_orders: false,
            in_melee: false,
            passing: false,
            range: Some(2),
            refusals: Vec::new(),
            relations: Vec::new(),
            reach: Vec::new(),
        }
    }

    fn sheet_of(units: Vec<SheetUnit>) -> SheetView {
        SheetView {
            turn: 1,
            turns: 4,
            quantity: 2,
            assigned: 0,
            union_quantity: 3,
            tactics: Tactics::Aggressive,
            confederate_combat: 8,
            union_combat: 7,
            lee: true,
            units,
            cup: Vec::new(),
            drawn: Vec::new(),
            disrupted: Vec::new(),
            insights: Vec::new(),
            formation_counter: false,
            routed: None,
            columns: 6,
            objectives: Vec::new(),
            hits: None,
            confused: Vec::new(),
        }
    }

    fn sq(name: &str) -> Square {
        Square::named(name).expect("a Square")
    }

    fn asked(options: Vec<Decision>) -> Request {
        let mut r = Request::new("A12.4", "Longstreet marches: into which Square?", options);
        r.battle_location = Some("glendale".into());
        r
    }

    /// A click on a highlighted Square, a set-up popup's Formation or a
    /// highlighted Union counter is the matching answer; a set-up Square
    /// offered in both Formations is only picked.
    #[test]
    fn clicks_on_the_advanced_sheet_answer_the_question() {
        let mut screen = BattleScreen::default();
        let click = |square: Option<&str>| sheet::SheetInput {
            square: square.map(sq),
            ..Default::default()
        };
        let march = asked(vec![
            Decision::MarchInto { square: sq("D2") },
            Decision::MarchInto { square: sq("D3") },
        ]);
        assert_eq!(
            answer(&click(Some("D3")), &march, &mut screen),
            Some(Decision::MarchInto { square: sq("D3") })
        );
        assert_eq!(answer(&click(Some("D5")), &march, &mut screen), None);
        let offer = offer_for(&march, None);
        assert_eq!(offer.squares, vec![sq("D2"), sq("D3")]);
        assert_eq!(offer.verb, "March here");
        let place = |s: &str, formation| Decision::PlaceOnSquare {
            force: "longstreet".into(),
            square: sq(s),
            formation,
        };
        let set_up = asked(vec![
            place("E1", Formation::Line),
            place("E1", Formation::Column),
            place("F1", Formation::Line),
        ]);
        // Both Formations in E1: the Square is picked, the popup asks.
        assert_eq!(answer(&click(Some("E1")), &set_up, &mut screen), None);
        assert_eq!(screen.square, Some(sq("E1")));
        let offer = offer_for(&set_up, screen.square);
        assert_eq!(
            offer.chosen,
            Some((sq("E1"), vec![Formation::Line, Formation::Column]))
        );
        let popup = sheet::SheetInput {
            place: Some((sq("E1"), Formation::Column)),
            ..Default::default()
        };
        assert_eq!(
            answer(&popup, &set_up, &mut screen),
            Some(place("E1", Formation::Column))
        );
        // Only Line in F1: one click places.
        assert_eq!(
            answer(&click(Some("F1")), &set_up, &mut screen),
            Some(place("F1", Formation::Line))
        );
        let target = asked(vec![
            Decision::Target {
                force: "kearny".into(),
            },
            Decision::Target {
                force: "hooker".into(),
            },
        ]);
        assert_eq!(offer_for(&target, None).targets, vec!["kearny", "hooker"]);
        let pick = sheet::SheetInput {
            target: Some("hooker".into()),
            ..Default::default()
        };
        assert_eq!(
            answer(&pick, &target, &mut screen),
            Some(Decision::Target {
                force: "hooker".into()
            })
        );
    }

    fn seven_days() -> crate::rules::board::Board {
        let c = std::sync::Arc::new(crate::campaign::load_bundled("seven-days").expect("loads"));
        let mut board = crate::rules::board::Board::empty(c, Default::default());
        for (id, area) in [
            ("longstreet", "glendale"),
            ("ap-hill", "glendale"),
            ("magruder", "glendale"),
            ("kearny", "glendale"),
            ("huger", "white-oak-swamp"),
        ] {
            board.place(id, Location::Area(area.into()), Strength::Full);
        }
        board
    }

    #[derive(Resource)]
    struct Harness {
        ctx: bevy_egui::egui::Context,
        board: crate::rules::board::Board,
        /// The pointer events of each frame to come, first first.
        frames: Vec<Vec<bevy_egui::egui::Event>>,
    }

    /// The battle screen's middle, drawn by egui as the app draws it.
    fn draw_central(
        mut h: ResMut<Harness>,
        records: Res<BattleRecords>,
        mut screen: ResMut<BattleScreen>,
        pending: Res<crate::rules::sequence::PendingDecision>,
        mut decide: MessageWriter<Decide>,
    ) {
        use bevy_egui::egui;
        let events = if h.frames.is_empty() {
            Vec::new()
        } else {
            h.frames.remove(0)
        };
        let raw = egui::RawInput {
            screen_rect: Some(egui::Rect::from_min_size(
                egui::Pos2::ZERO,
                egui::vec2(1200.0, 900.0),
            )),
            events,
            ..Default::default()
        };
        let Some(b) = records.battles.first() else {
            return;
        };
        let ctx = h.ctx.clone();
        let mut out = ctx.run_ui(raw, |ui| {
            central(
                ui,
                &h.board,
                b,
                &mut screen,
                &pending,
                &[],
                Some(&mut decide),
                &crate::app::suggest::Suggest::default(),
            );
        });
        out.textures_delta.clear();
    }

    /// A click on a highlighted Square of the Advanced sheet sends the
    /// March into it, by the path the decision panel uses.
    #[test]
    fn a_click_on_a_highlighted_square_sends_the_march() {
        use bevy_egui::egui::{self, Event, PointerButton};
        let mut b = record(0, 0, false);
        b.mode = BattleMode::Advanced;
        b.events.push(BattleEvent {
            chronicle_len: 1,
            kind: EventKind::Sheet {
                caption: "Longstreet marches".into(),
                sheet: sheet_of(vec![
                    unit("longstreet", Side::Confederate, "E3", Formation::Column),
                    unit("kearny", Side::Union, "C3", Formation::Line),
                ]),
            },
        });
        let options = vec![
            Decision::MarchInto { square: sq("D2") },
            Decision::MarchInto { square: sq("D3") },
            Decision::MarchInto { square: sq("D4") },
        ];
        let screen_rect = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(1200.0, 900.0));
        let at = sheet::Geometry::new(screen_rect, Some(Square::COLUMNS), true)
            .cell(sq("D4"))
            .expect("a cell")
            .center();
        let button = |pressed| Event::PointerButton {
            pos: at,
            button: PointerButton::Primary,
            pressed,
            modifiers: Default::default(),
        };
        let mut app = App::new();
        app.add_plugins(MinimalPlugins)
            .add_message::<Decide>()
            .insert_resource(BattleRecords { battles: vec![b] })
            .insert_resource(BattleScreen {
                id: Some(0),
                cursor: 1,
                ..Default::default()
            })
            .insert_resource(crate::rules::sequence::PendingDecision {
                request: Some(asked(options)),
                ..Default::default()
            })
            .insert_resource(Harness {
                ctx: egui::Context::default(),
                board: seven_days(),
                frames: vec![
                    Vec::new(),
                    vec![Event::PointerMoved(at)],
                    vec![button(true)],
                    vec![button(false)],
                    Vec::new(),
                ],
            })
            .add_systems(Update, draw_central);
        let mut sent = Vec::new();
        for _ in 0..5 {
            app.update();
            sent.extend(
                app.world_mut()
                    .resource_mut::<Messages<Decide>>()
                    .drain()
                    .map(|d| d.0),
            );
        }
        assert_eq!(sent, vec![Decision::MarchInto { square: sq("D4") }]);
        // While the battle is played back, a click answers nothing.
        app.world_mut().resource_mut::<BattleScreen>().cursor = 0;
        app.world_mut().resource_mut::<Harness>().frames = vec![
            vec![Event::PointerMoved(at)],
            vec![button(true)],
            vec![button(false)],
        ];
        for _ in 0..3 {
            app.update();
        }
        assert_eq!(
            app.world_mut()
                .resource_mut::<Messages<Decide>>()
                .drain()
                .count(),
            0
        );
    }

    /// 17.0 then 18.0: a Basic battle the Union fought in its phase is
    /// shown to its end, and the Union turn waits there (no Union
    /// Resupply, no next turn, nothing to answer) until the player
    /// returns to the map; then the rest of the Union turn comes, in the
    /// report, and the next turn's Moves wait for the player.
    #[test]
    fn a_union_phase_battle_ending_is_seen_before_the_union_turn_goes_on() {
        use crate::app::union_turn::UnionReport;
        use crate::app::union_turn::tests::{game, play};
        use crate::rules::sequence::{GameState, PendingDecision};
        use crate::rules::turn::Step;
        let mut app = game(BattleMode::Basic, 1, Playback::Instant);
        let union_ended = |w: &World| {
            let screen = w.resource::<BattleScreen>();
            screen
                .current(w.resource::<BattleRecords>())
                .is_some_and(|b| {
                    b.attacker == Side::Union && b.ending.is_some() && screen.caught_up(b)
                })
        };
        // Confederate battles are left as they end; the Union's is not.
        assert!(
            play(
                &mut app,
                4000,
                |b| b.attacker == Side::Confederate,
                union_ended
            ),
            "a Union-phase battle is fought and ends"
        );
        let step = |app: &App| app.world().get_resource::<State<Step>>().map(|s| *s.get());
        let resupply = |app: &App| {
            app.world()
                .resource::<UnionReport>()
                .sections
                .iter()
                .any(|s| s.title.starts_with("Union Resupply"))
        };
        let id = screen(&app).id.expect("on screen");
        let turn = app.world().resource::<UnionReport>().turn;
        // Nothing at all is played while the ending is on screen.
        let played = |app: &App| app.world().resource::<crate::chronicle::Chronicle>().len();
        let before = played(&app);
        for _ in 0..30 {
            app.update();
            // 17.0 is over, 18.0 not begun.
            assert!(
                matches!(
                    step(&app),
                    Some(Step::BattlesAfterOrders | Step::UnionResupply)
                ),
                "{:?}",
                step(&app)
            );
            assert_eq!(played(&app), before, "nothing played behind the ending");
            assert_eq!(app.world().resource::<UnionReport>().turn, turn);
            assert_eq!(screen(&app).id, Some(id));
            assert!(
                !resupply(&app),
                "no Union Resupply behind the battle's ending"
            );
            let pending = app.world().resource::<PendingDecision>();
            assert!(pending.request.is_none() && pending.die.is_none());
            let records = app.world().resource::<BattleRecords>();
            assert!(blocks_decisions(screen(&app), Some(records)));
            assert!(screen(&app).wants_keys);
        }
        // Enter returns to the map; the keys then rest for later phases.
        press(&mut app, KeyCode::Enter);
        assert!(screen(&app).closed.contains(&id));
        let moves = |w: &World| {
            w.resource::<PendingDecision>()
                .request
                .as_ref()
                .is_some_and(|r| r.options.contains(&Decision::EndMoves))
                || *w.resource::<State<GameState>>().get() == GameState::Over
        };
        let mut seen = Vec::new();
        for _ in 0..200 {
            app.update();
            seen.push(step(&app));
            if moves(app.world()) {
                break;
            }
        }
        assert!(moves(app.world()), "{seen:?}");
        assert!(played(&app) > before, "18.0 and 9.1 played once back");
        // The report shows the rest of the same Union turn.
        assert!(resupply(&app));
        assert_eq!(app.world().resource::<UnionReport>().turn, turn);
    }

    /// The rules are held only by an ended Union-phase battle not yet
    /// left, and never while a question or a die waits.
    #[test]
    fn only_a_union_phase_ending_on_screen_holds_the_rules() {
        let mut union = record(7, 2, true);
        union.attacker = Side::Union;
        let records = BattleRecords {
            battles: vec![record(3, 2, true), union],
        };
        let mut screen = BattleScreen {
            closed: vec![3],
            ..Default::default()
        };
        assert!(union_ending_on_screen(&screen, &records));
        screen.closed.push(7);
        assert!(!union_ending_on_screen(&screen, &records));
        // A Confederate battle's ending holds nothing (its next step asks).
        screen.closed = Vec::new();
        let mut r = records.clone();
        r.battles.truncate(1);
        assert!(!union_ending_on_screen(&screen, &r));
        let mut fought = records.clone();
        fought.battles[1].ending = None;
        screen.closed = vec![3];
        assert!(!union_ending_on_screen(&screen, &fought));
    }

    #[test]
    fn sheets_follow_the_cursor() {
        use crate::rules::battle::terms::Tactics;
        let mut b = record(0, 1, false);
        let sheet = |turn: u32| SheetView {
            turn,
            turns: 4,
            quantity: 2,
            assigned: 0,
            union_quantity: 2,
            tactics: Tactics::Defensive,
            confederate_combat: 8,
            union_combat: 7,
            lee: true,
            units: Vec::new(),
            cup: Vec::new(),
            drawn: Vec::new(),
            disrupted: Vec::new(),
            insights: Vec::new(),
            formation_counter: false,
            routed: None,
            columns: 6,
            objectives: Vec::new(),
            hits: None,
            confused: Vec::new(),
        };
        for t in 1..=2 {
            b.events.push(BattleEvent {
                chronicle_len: 10 + t as usize,
                kind: EventKind::Sheet {
                    caption: format!("turn {t}"),
                    sheet: sheet(t),
                },
            });
        }
        assert!(sheets(&b, 1).0.is_none());
        let (now, before, caption) = sheets(&b, 2);
        assert_eq!(now.map(|s| s.turn), Some(1));
        assert!(before.is_none());
        assert_eq!(caption, "turn 1");
        let (now, before, _) = sheets(&b, 3);
        assert_eq!(
            (now.map(|s| s.turn), before.map(|s| s.turn)),
            (Some(2), Some(1))
        );
    }
}

/// The window reads what a question is about from the request's typed
/// fields, never its words: every prompt reworded, the sheet offers the
/// same Squares with the same verb, marks the same Force and shows the same
/// set-up.
#[cfg(test)]
mod typed_requests {
    use super::*;
    use crate::rules::battle::advanced::field::Field;
    use crate::rules::battle::advanced::testing::{glendale, run, sheet, sq};
    use crate::rules::battle::record::BattleRecords;
    use crate::rules::battle::terms::PlanCounter;
    use crate::rules::decision::Interrupt;

    fn reword(r: &Request) -> Request {
        let mut r = r.clone();
        // Backwards: no word of it left to find.
        r.prompt = format!("(reworded) {}", r.prompt.chars().rev().collect::<String>());
        r
    }

    /// The question the rules stop at after `answers`.
    fn asked(
        b: &mut crate::rules::board::Board,
        answers: Vec<Decision>,
        go: impl FnOnce(&mut crate::rules::ctx::Ctx) -> Result<(), Interrupt>,
    ) -> Request {
        // Activation passes (1), the attack misses (10).
        match run(b, &[1, 10], answers, go).0 {
            Err(Interrupt::Decide(r)) => *r,
            other => panic!("no question: {other:?}"),
        }
    }

    fn same_to_the_window(r: &Request) {
        let offer = offer_for(r, None);
        let again = offer_for(&reword(r), None);
        assert_eq!(
            (offer.verb.as_str(), &offer.squares),
            (again.verb.as_str(), &again.squares)
        );
        if let Some(sheet) = r.sheet.as_deref() {
            assert_eq!(
                acting(sheet, r, &[]),
                acting(sheet, &reword(r), &[]),
                "{}",
                r.prompt
            );
        }
    }

    #[test]
    fn a_retreat_a_march_and_an_advance_read_the_same_reworded() {
        // A12.3 Fighting Retreat from D4: Row E taken but E3 and E5 free
        // behind it (R-A11.3-retreat), the player's choice.
        let (mut b, mut f) = sheet(&[("longstreet", "D4"), ("kearny", "C4"), ("ap-hill", "E4")]);
        b.battles = Some(BattleRecords::default());
        let k = f.unit_of(b.index("longstreet").unwrap()).unwrap();
        f.units[k].counter = Some(PlanCounter::FightingRetreat);
        let pid = f.units[k].piece;
        let mut f2: Field = f.clone();
        let r = asked(&mut b.clone(), vec![], |ctx| {
            crate::rules::battle::advanced::confederate::run_counter(
                ctx,
                &mut f2,
                pid,
                PlanCounter::FightingRetreat,
            )
        });
        assert_eq!(r.about.moving, Some(Move::Retreat), "{}", r.prompt);
        assert_eq!(offer_for(&reword(&r), None).verb, "Retreat here");
        assert_eq!(
            acting(r.sheet.as_deref().expect("recorded"), &reword(&r), &[]).as_deref(),
            Some("longstreet")
        );
        same_to_the_window(&r);
        // A12.4 March: the Squares around, "March here".
        let mut f3 = f.clone();
        let r = asked(&mut b.clone(), vec![], |ctx| {
            crate::rules::battle::advanced::confederate::run_default(
                ctx,
                &mut f3,
                pid,
                crate::rules::decision::DefaultPlan::March {
                    change: crate::rules::decision::FormationChange::None,
                    then: crate::rules::decision::SecondMove::None,
                },
            )
        });
        assert_eq!(offer_for(&reword(&r), None).verb, "March here");
        same_to_the_window(&r);
        // A12.3 Engage: "Advance here".
        let mut f4 = f.clone();
        let r = asked(&mut b.clone(), vec![], |ctx| {
            crate::rules::battle::advanced::confederate::run_counter(
                ctx,
                &mut f4,
                pid,
                PlanCounter::Engage,
            )
        });
        assert_eq!(offer_for(&reword(&r), None).verb, "Advance here");
        same_to_the_window(&r);
    }

    /// A10.2.14: the set-up question carries the sheet as it stands, the
    /// Forces placed so far on it, whatever the prompt says.
    #[test]
    fn the_set_up_sheet_comes_with_the_question() {
        let mut b = glendale(&["longstreet", "ap-hill"]);
        b.battles = Some(BattleRecords::default());
        let first = Decision::PlaceOnSquare {
            force: "ap-hill".into(),
            square: sq("E3"),
            formation: Formation::Column,
        };
        let r = asked(&mut b, vec![first], |ctx| {
            let mut f = Field::new("glendale", false, 4);
            crate::rules::battle::advanced::placement::place_confederates(ctx, &mut f, &[])
        });
        let sheet = r.sheet.as_deref().expect("the sheet at the question");
        let placed: Vec<(&str, Option<Square>, Formation)> = sheet
            .units
            .iter()
            .map(|u| (u.force.as_str(), u.square, u.formation))
            .collect();
        assert_eq!(placed, vec![("ap-hill", Some(sq("E3")), Formation::Column)]);
        assert_eq!(r.about.force.as_deref(), Some("longstreet"));
        assert_eq!(r.about.moving, Some(Move::Place));
        let offer = offer_for(&reword(&r), None);
        assert_eq!(offer.verb, "Set up here");
        assert!(!offer.squares.contains(&sq("E3")), "taken");
        same_to_the_window(&r);
    }
}
