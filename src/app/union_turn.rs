//! Watching the Union turn (16.0–18.0): after the Union moves, a window
//! unrolls each group's orders roll, the chart row it hit and where it went,
//! then the battles its moves caused and the Union Resupply, at the speed
//! the player sets (step, slow, fast, instant). It reads the chronicle the
//! rules wrote; it never plays anything itself.

use bevy::prelude::*;
use bevy::window::RequestRedraw;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::Screen;
use super::settings::AppSettings;
use super::theme;
use crate::chronicle::Chronicle;
use crate::rules::view::{GameView, Section, union_turn_sections};
use crate::settings::Playback;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<UnionReport>()
        .init_resource::<UnionMoves>()
        .add_systems(
            OnEnter(Screen::Game),
            |mut r: ResMut<UnionReport>, mut m: ResMut<UnionMoves>| {
                *r = UnionReport::default();
                *m = UnionMoves::default();
            },
        )
        .add_systems(
            Update,
            (
                record_union_start,
                follow_chronicle,
                step_report,
                draw_paths,
            )
                .chain()
                .after(super::battle::follow)
                .run_if(in_state(Screen::Game)),
        )
        .add_systems(
            EguiPrimaryContextPass,
            report_window.run_if(in_state(Screen::Game)),
        );
}

/// Where each Union Force stood when the Union Orders began (16.0), so the
/// map can draw each group's path as the report reaches it.
#[derive(Resource, Debug, Default)]
pub struct UnionMoves {
    /// Force id, its name as the chronicle writes it, its area.
    before: Vec<(String, String, String)>,
}

fn record_union_start(
    step: Option<Res<State<crate::rules::turn::Step>>>,
    board: Option<Res<GameView>>,
    mut moves: ResMut<UnionMoves>,
) {
    // Union Forces do not move during the Confederate Resupply (15.3-15.6),
    // so the board then is where the Union Orders start from; it is kept
    // until the next turn's, while the report is read.
    let (Some(step), Some(board)) = (step, board) else {
        return;
    };
    if *step.get() != crate::rules::turn::Step::ConfederateResupply {
        return;
    }
    moves.before = board
        .board
        .pieces
        .iter()
        .filter(|p| p.force.side == crate::campaign::Side::Union)
        .filter_map(|p| {
            p.location().area().map(|a| {
                let name = p.force.chronicle_name().to_string();
                (p.force.id.clone(), name, a.to_string())
            })
        })
        .collect();
}

/// Arrows from where each Union group stood to where it went, for the
/// groups the report has shown so far.
fn draw_paths(
    mut gizmos: Gizmos,
    report: Res<UnionReport>,
    moves: Res<UnionMoves>,
    geometry: Option<Res<super::map::Geometry>>,
    board: Option<Res<GameView>>,
) {
    let (Some(g), Some(board), true) = (geometry, board, report.open) else {
        return;
    };
    let shown = &report.sections[..report.shown.min(report.sections.len())];
    let centre = |a: &str| g.centres.iter().find(|(id, _)| id == a).map(|(_, c)| *c);
    let mut drawn: Vec<(String, String)> = Vec::new();
    for (id, name, from) in &moves.before {
        let Some(now) = board
            .board
            .piece(id)
            .and_then(|p| p.location().area().map(str::to_string))
        else {
            continue;
        };
        if now == *from || drawn.contains(&(from.clone(), now.clone())) {
            continue;
        }
        // The group's section names its members ("Union Orders for A, B in …").
        let named = shown.iter().any(|s| {
            s.title
                .split(" in ")
                .next()
                .is_some_and(|who| who.split(", ").any(|w| w.ends_with(name.as_str())))
        });
        if let (true, Some(a), Some(b)) = (named, centre(from), centre(&now)) {
            gizmos
                .arrow_2d(a, b, theme::UNION_PATH)
                .with_tip_length(18.0);
            drawn.push((from.clone(), now));
        }
    }
}

#[derive(Resource, Debug, Default)]
pub struct UnionReport {
    /// The chronicle index of the first entry of the Union Turn being shown.
    turn_start: Option<usize>,
    /// That turn's sections, and the chronicle length they were read at.
    sections: Vec<Section>,
    read_len: usize,
    /// Sections revealed so far.
    shown: usize,
    open: bool,
    last_reveal: f64,
    /// The turn of the Union Turn shown.
    pub turn: u32,
    /// Enter or Space went to the report this frame (stepping it, or
    /// pressed while it unrolls): they answer nothing else.
    pub key_used: bool,
}

impl UnionReport {
    /// Sections are still being revealed one by one (the Union turn
    /// animates).
    pub fn unrolling(&self) -> bool {
        self.open && self.shown < self.sections.len()
    }

    /// Space and Enter go to the report while it waits for the player
    /// (Step) or unrolls (Slow, Fast).
    pub fn waiting_for_player(&self, playback: Playback) -> bool {
        self.open && playback != Playback::Instant && self.shown < self.sections.len()
    }
}

/// Unroll the report at the player's speed; in Step, Space and Enter
/// reveal the next section. A key pressed while it unrolls is the
/// report's: it never answers the question the rules already wait for in
/// the next phase.
pub fn step_report(
    mut report: ResMut<UnionReport>,
    settings: Res<AppSettings>,
    time: Res<Time<Real>>,
    keys: Res<ButtonInput<KeyCode>>,
    mut redraw: MessageWriter<RequestRedraw>,
    game: Res<State<crate::rules::sequence::GameState>>,
    battle: Res<super::battle::BattleScreen>,
) {
    report.key_used = false;
    // The end of the campaign has its own window; a battle on screen has
    // the window's room (and the keys) until it is closed.
    if *game.get() == crate::rules::sequence::GameState::Over || !report.open || battle.id.is_some()
    {
        return;
    }
    let total = report.sections.len();
    let playback = settings.loaded.settings.union_playback;
    let now = time.elapsed_secs_f64();
    let key = keys.just_pressed(KeyCode::Space) || keys.just_pressed(KeyCode::Enter);
    if key && report.waiting_for_player(playback) && !battle.wants_keys {
        report.key_used = true;
        if playback == Playback::Step {
            report.shown += 1;
        }
    }
    match playback.interval() {
        _ if playback == Playback::Instant => report.shown = total,
        Some(every) if report.shown < total => {
            if report.shown == 0 || now - report.last_reveal >= every {
                report.shown += 1;
                report.last_reveal = now;
            }
            // Pacing needs frames even when nothing else moves.
            redraw.write(RequestRedraw);
        }
        _ => {
            if report.shown == 0 && total > 0 {
                report.shown = 1;
            }
        }
    }
    report.shown = report.shown.min(total);
}

/// Read the chronicle when it grows: a new Union turn (16.0) opens the
/// report from its first group; otherwise its sections are brought up to date.
pub(crate) fn follow_chronicle(
    chronicle: Option<Res<Chronicle>>,
    mut report: ResMut<UnionReport>,
    time: Res<Time<Real>>,
) {
    let Some(chronicle) = chronicle else {
        return;
    };
    let entries = chronicle.entries();
    if entries.len() < report.read_len {
        // A new campaign: the chronicle started again.
        *report = UnionReport::default();
    }
    if entries.len() == report.read_len {
        return;
    }
    report.read_len = entries.len();
    let Some((start, sections)) = union_turn_sections(&chronicle) else {
        report.sections = Vec::new();
        return;
    };
    if report.turn_start != Some(start) {
        report.turn_start = Some(start);
        report.turn = chronicle.turn_of(start);
        report.shown = 0;
        report.open = true;
        report.last_reveal = time.elapsed_secs_f64();
    }
    report.sections = sections;
}

fn report_window(
    mut contexts: EguiContexts,
    mut report: ResMut<UnionReport>,
    mut settings: ResMut<AppSettings>,
    time: Res<Time<Real>>,
    game: Res<State<crate::rules::sequence::GameState>>,
    battle: Res<super::battle::BattleScreen>,
) -> Result {
    // The end of the campaign has its own window; a battle on screen has
    // the window's room until it is closed.
    if *game.get() == crate::rules::sequence::GameState::Over || !report.open || battle.id.is_some()
    {
        return Ok(());
    }
    let total = report.sections.len();
    let playback = settings.loaded.settings.union_playback;
    let now = time.elapsed_secs_f64();
    let ctx = contexts.ctx_mut()?;
    let mut open = true;
    let mut speed = playback;
    egui::Window::new("The Union turn (16.0–18.0)")
        .open(&mut open)
        .default_width(430.0)
        .default_height(420.0)
        .pivot(egui::Align2::RIGHT_TOP)
        .default_pos(ctx.content_rect().right_top() + egui::vec2(-330.0, 60.0))
        .show(ctx, |ui| {
            ui.horizontal(|ui| {
                ui.label("Speed:")
                    .on_hover_text("How the Union turn unrolls; kept in Settings.");
                for p in Playback::ALL {
                    ui.radio_value(&mut speed, p, p.name());
                }
            });
            ui.separator();
            egui::ScrollArea::vertical()
                .stick_to_bottom(true)
                .max_height(360.0)
                .show(ui, |ui| {
                    if report.sections.is_empty() {
                        ui.label("The Union is about to give its orders.");
                    }
                    for s in report.sections.iter().take(report.shown) {
                        // Monospace, like the chronicle.
                        ui.label(
                            egui::RichText::new(&s.title)
                                .monospace()
                                .strong()
                                .color(theme::egui_blue()),
                        );
                        for l in &s.lines {
                            ui.label(egui::RichText::new(format!("  {l}")).monospace());
                        }
                        ui.add_space(4.0);
                    }
                });
            ui.separator();
            ui.horizontal(|ui| {
                let hidden = total.saturating_sub(report.shown);
                if hidden > 0 {
                    if ui.button("Next (Space)").clicked() {
                        report.shown += 1;
                        report.last_reveal = now;
                    }
                    if ui.button(format!("Show all ({hidden} more)")).clicked() {
                        report.shown = total;
                    }
                } else {
                    ui.label("The whole Union turn is shown; the chronicle keeps it.");
                }
            });
        });
    if !open {
        report.open = false;
    }
    if speed != playback {
        settings.loaded.settings.union_playback = speed;
        settings.save();
    }
    Ok(())
}
