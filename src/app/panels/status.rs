//! The status bar: the campaign, the turn and step, Command Points and
//! Scouts, the battle mode (a stand-alone battle: its name), Save, Export
//! replay and the menu; below it, the last save's message.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::egui;

use super::Out;
use super::reference::Reference;
use crate::app::saves::{SaveGame, SaveState};
use crate::app::theme;
use crate::app::theme::link::{self, HoverWords};
use crate::campaign::Phase;
use crate::rules::view::GameView;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, leave.run_if(in_state(crate::app::Screen::Game)));
}

fn leave(
    keys: Res<ButtonInput<KeyCode>>,
    saves: Res<SaveState>,
    decision: Res<super::decision::DecisionState>,
    mut out: Out,
) {
    // While a saved game is replayed, it runs to its end; Escape on a
    // confirmation goes back from it, not to the menu.
    let confirming = decision.confirm.is_some() || decision.escape_used;
    if saves.loading.is_none() && !confirming && keys.just_pressed(KeyCode::Escape) {
        out.go_to_menu();
    }
}

#[derive(SystemParam)]
pub struct StatusBar<'w> {
    saves: Res<'w, SaveState>,
    time: Res<'w, Time<Real>>,
}

const UNION_CP: &str = "Union Command Points, spent at Union Resupply (18.1).";
const PLANS: &str = "Drawn each battle turn of a Basic battle (10.2.10).";

impl StatusBar<'_> {
    pub fn show(
        &mut self,
        root: &mut egui::Ui,
        view: &GameView,
        out: &mut Out,
        reference: &mut Reference,
    ) {
        let s = &view.status;
        let unfilled = theme::unfilled_panel(root.style());
        egui::Panel::top("status").frame(unfilled).show(root, |ui| {
            // The buttons keep fixed places at the right, whatever the
            // labels on the left say (they are cut short first).
            egui::containers::Sides::new().shrink_left().truncate().show(
                ui,
                |ui| {
                    if let Some(sa) = &view.stand_alone {
                        // A battle of its own: no campaign turns, Command
                        // Points or Scouts to show.
                        title(ui, &sa.name);
                        ui.label(egui::RichText::new("Stand-alone battle · Advanced Battle Rules").color(theme::palette::PAPER_RAISED).background_color(theme::palette::army_chip(crate::campaign::Side::Confederate)).size(15.0));
                    } else {
                        title(ui, &s.campaign);
                        let color = match s.phase {
                            Phase::Confederate => theme::palette::army_chip(crate::campaign::Side::Confederate),
                            Phase::Union => theme::palette::army_chip(crate::campaign::Side::Union),
                        };
                        ui.label(egui::RichText::new(format!("Turn {} of {}", s.turn, s.turns)).strong().size(16.0));
                        let phase = ui.label(egui::RichText::new(s.phase_text()).color(theme::palette::PAPER_RAISED).background_color(color).size(15.0));
                        let phase = match s.step_rule() {
                            Some(rule) => phase.union(link::rule_link(ui, rule)),
                            None => phase,
                        };
                        crate::app::tutorial_hooks::mark(ui.ctx(), "status.phase", phase.rect);
                        ui.separator();
                        let cp = ui.label(format!("Confederate CP {}", s.confederate_cp)).on_hover_words("Command Points (4.9): Forced March 1, Refit 2, purchases at Combat Value, Scouts 1.");
                        crate::app::tutorial_hooks::mark(ui.ctx(), "status.command-points", cp.rect);
                        ui.label(format!("Scouts {} of {}", s.scouts, s.scout_counters)).on_hover_words("Scouts (4.10): Fog of War re-rolls, Union Orders re-rolls or ±1, Clear Orders, Special Battle Plans removed.");
                        let union_cp = format!("Union CP {}", s.union_cp);
                        let plans = format!("Union Special Battle Plans {}", s.union_special_battle_plans);
                        let battles = format!("Battles: {}", s.battles);
                        // A narrow window keeps the Union's figures in a
                        // menu under its Command Points: nothing is cut.
                        if ui.ctx().content_rect().width() >= WIDE_STATUS {
                            ui.label(union_cp).on_hover_words(UNION_CP);
                            ui.label(plans).on_hover_words(PLANS);
                            ui.label(battles);
                        } else {
                            ui.menu_button(format!("{union_cp} ▾"), |ui| {
                                ui.label(union_cp.clone()).on_hover_words(UNION_CP);
                                ui.label(plans).on_hover_words(PLANS);
                                ui.label(battles);
                            })
                            .response
                            .on_hover_words("The Union's Command Points; the menu holds its Special Battle Plans and the battle mode.");
                        }
                    }
                },
                |ui| {
                    // Right to left: Menu at the edge.
                    if ui.button("Menu (Esc)").clicked() {
                        out.go_to_menu();
                    }
                    if ui
                        .button("Export replay")
                        .on_hover_words("The campaign, its options and every decision so far, with the state's digest: `fcrel replay FILE --verify` re-runs it (attach it to a bug report).")
                        .clicked()
                    {
                        out.save.write(SaveGame::Replay);
                    }
                    if ui
                        .button("Save (Ctrl+S)")
                        .on_hover_words("Save the game as it waits for your decision; autosaves are made at the start of every phase.")
                        .clicked()
                    {
                        out.save.write(SaveGame::Save);
                    }
                    if ui.button("Rules & tables (F1)").on_hover_words("The rules in short, the Union Orders charts in use and the Campaign Information Sheet.").clicked() {
                        reference.open = !reference.open;
                    }
                },
            );
        });
        // A toast over the top of the window: it pushes nothing down.
        if let Some((text, problem)) = self.saves.showing(self.time.elapsed_secs_f64()) {
            let color = if *problem {
                theme::palette::FAILED
            } else {
                theme::palette::OK
            };
            egui::Area::new(egui::Id::new("save-message"))
                .order(egui::Order::Foreground)
                .anchor(egui::Align2::CENTER_TOP, egui::vec2(0.0, 44.0))
                .interactable(false)
                .show(root.ctx(), |ui| {
                    egui::Frame::popup(ui.style()).show(ui, |ui| {
                        ui.colored_label(color, text);
                    });
                });
        }
    }
}

/// From this width (logical pixels) the top bar shows every figure in a
/// row; below it the Union's are a menu.
const WIDE_STATUS: f32 = 1700.0;

/// The campaign's or battle's name, cut short in a narrow window so that
/// the figures after it keep their room (the whole name on hover).
fn title(ui: &mut egui::Ui, name: &str) {
    let narrow = ui.ctx().content_rect().width() < WIDE_STATUS;
    ui.scope(|ui| {
        if narrow {
            ui.set_max_width(TITLE_WIDTH);
        }
        // A cut label shows the whole name on hover.
        ui.add(egui::Label::new(egui::RichText::new(name).heading()).truncate());
    });
}

/// The most a name takes of a narrow window's top bar (logical pixels).
const TITLE_WIDTH: f32 = 250.0;
