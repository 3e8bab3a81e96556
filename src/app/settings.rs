//! The Settings screen (UI scale; the window's size is remembered on its
//! own), and applying the settings to egui and the window.

use bevy::prelude::*;
use bevy::window::{PrimaryWindow, WindowResized};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::Screen;
use crate::settings::{LoadedSettings, MIN_WINDOW, UI_SCALE_RANGE};

/// The settings in use, and whether to write them back (never in the
/// screenshot tour).
#[derive(Resource, Debug)]
pub struct AppSettings {
    pub loaded: LoadedSettings,
    pub persist: bool,
    /// The outcome of the last save, when it failed.
    pub message: Option<String>,
}

impl AppSettings {
    pub fn save(&mut self) {
        if self.persist {
            self.message = self.loaded.save().err();
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        (
            apply_scale,
            settings_screen.run_if(in_state(Screen::Settings)),
        ),
    )
    .add_systems(Update, remember_window_size);
}

fn apply_scale(
    mut contexts: EguiContexts,
    settings: Res<AppSettings>,
    mut applied: Local<Option<f32>>,
) -> Result {
    let scale = settings.loaded.settings.ui_scale;
    if *applied != Some(scale) {
        contexts.ctx_mut()?.set_zoom_factor(scale);
        *applied = Some(scale);
    }
    Ok(())
}

/// The window's size is saved whenever the player resizes it.
fn remember_window_size(
    mut resized: MessageReader<WindowResized>,
    window: Query<&Window, With<PrimaryWindow>>,
    mut settings: ResMut<AppSettings>,
) {
    if resized.read().last().is_none() {
        return;
    }
    let Ok(win) = window.single() else { return };
    let size = [win.width().round() as u32, win.height().round() as u32];
    if size[0] < MIN_WINDOW.0
        || size[1] < MIN_WINDOW.1
        || settings.loaded.settings.window == Some(size)
    {
        return;
    }
    settings.loaded.settings.window = Some(size);
    settings.save();
}

fn settings_screen(
    mut contexts: EguiContexts,
    mut settings: ResMut<AppSettings>,
    mut next: ResMut<NextState<Screen>>,
    mut draft: Local<Option<f32>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut root = super::theme::root_ui(ctx, "settings");
    egui::CentralPanel::default().show(&mut root, |ui| {
        ui.heading("Settings");
        ui.separator();
        let (lo, hi) = UI_SCALE_RANGE;
        let current = settings.loaded.settings.ui_scale;
        let mut commit = None;
        ui.horizontal(|ui| {
            ui.label("UI scale")
                .on_hover_text("The size of panels and text. The map zooms with the mouse wheel.");
            for preset in [0.75_f32, 1.0, 1.25, 1.5, 2.0] {
                if ui
                    .selectable_label(
                        (current - preset).abs() < 0.001,
                        format!("{:.0}%", preset * 100.0),
                    )
                    .clicked()
                {
                    commit = Some(preset);
                }
            }
            // The slider edits a draft, applied when the drag ends, so the
            // UI does not change size under the pointer.
            let value = draft.get_or_insert(current);
            let r = ui.add(
                egui::Slider::new(value, lo..=hi)
                    .step_by(0.05)
                    .fixed_decimals(2),
            );
            if r.drag_stopped() || (r.changed() && !r.dragged()) {
                commit = Some(*value);
            }
        });
        if let Some(scale) = commit {
            *draft = None;
            settings.loaded.settings.ui_scale = scale;
            settings.save();
        }
        let mut advisor = settings.loaded.settings.odds_advisor;
        if ui
            .checkbox(
                &mut advisor,
                "Odds advisor: estimate a battle from 2,000 simulated ones before you commit to it",
            )
            .on_hover_text(
                "Before a move into the Union army, while Battle Plan Counters are assigned, and at fight on or Rejoin. It works on a spare core and never touches the game's dice (docs/odds.md).",
            )
            .changed()
        {
            settings.loaded.settings.odds_advisor = advisor;
            settings.save();
        }
        ui.label(match settings.loaded.settings.window {
            Some([w, h]) => format!("Window size: {w}×{h}, remembered for the next start."),
            None => "Window size: the default; resize the window and fcrel remembers it.".into(),
        });
        ui.add_space(8.0);
        if !settings.persist {
            ui.label("Screenshot tour: settings are not saved.");
        } else {
            match &settings.loaded.path {
                Some(p) => ui.label(format!("Settings file: {}", p.display())),
                None => {
                    ui.label("This system has no data folder: settings last until fcrel closes.")
                }
            };
        }
        if let Some(problem) = &settings.loaded.problem {
            ui.colored_label(egui::Color32::DARK_RED, problem);
        }
        if let Some(message) = &settings.message {
            ui.colored_label(egui::Color32::DARK_RED, message);
        }
        ui.add_space(12.0);
        ui.horizontal(|ui| {
            if ui.button("Restore the defaults").clicked() {
                *draft = None;
                settings.loaded.settings.ui_scale = 1.0;
                settings.loaded.settings.odds_advisor = true;
                settings.save();
            }
            if ui.button("Back (Esc)").clicked() || ui.input(|i| i.key_pressed(egui::Key::Escape)) {
                next.set(Screen::Menu);
            }
        });
    });
    Ok(())
}
