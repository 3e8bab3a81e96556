//! The Load screen: saves and autosaves, newest first, each with its
//! campaign, turn, step, battle rules and time; a file that cannot be read
//! is listed with its problem and left as it is.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::app::Screen;
use crate::app::saves::{PendingLoad, SaveCatalog};
use crate::save::Listed;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, load.run_if(in_state(Screen::Load)));
}

fn load(
    mut contexts: EguiContexts,
    catalog: Res<SaveCatalog>,
    mut next: ResMut<NextState<Screen>>,
    keys: Res<ButtonInput<KeyCode>>,
    mut commands: Commands,
) -> Result {
    if keys.just_pressed(KeyCode::Escape) {
        next.set(Screen::Menu);
    }
    let ctx = contexts.ctx_mut()?;
    let mut root = crate::app::theme::root_ui(ctx, "load");
    egui::CentralPanel::default().show(&mut root, |ui| {
        ui.horizontal(|ui| {
            ui.heading("Load a saved game");
            if ui.button("Back (Esc)").clicked() {
                next.set(Screen::Menu);
            }
        });
        if let Some(dir) = crate::save::saves_dir() {
            ui.label(format!(
                "Saves (Ctrl+S in play) are in {}; autosaves, one at the start of every phase, the last {} kept, beside them.",
                dir.display(),
                crate::save::AUTOSAVES_KEPT
            ));
        }
        ui.separator();
        egui::ScrollArea::vertical().show(ui, |ui| {
            for (title, list) in [("Saves", &catalog.saves), ("Autosaves", &catalog.autosaves)] {
                ui.heading(title);
                if list.is_empty() {
                    ui.label("None yet.");
                }
                egui::Grid::new(title).striped(true).show(ui, |ui| {
                    for l in list {
                        row(ui, l, &mut next, &mut commands);
                        ui.end_row();
                    }
                });
                ui.add_space(12.0);
            }
        });
    });
    Ok(())
}

fn row(ui: &mut egui::Ui, l: &Listed, next: &mut NextState<Screen>, commands: &mut Commands) {
    let name = l
        .path
        .file_name()
        .map_or(String::new(), |n| n.to_string_lossy().into_owned());
    match &l.save {
        Ok(s) => {
            if ui.button("Load").clicked() {
                commands.insert_resource(PendingLoad {
                    save: s.clone(),
                    path: l.path.clone(),
                });
                next.set(Screen::Game);
            }
            ui.label(egui::RichText::new(&s.campaign_name).strong());
            ui.label(format!(
                "turn {}{}",
                s.turn,
                s.step
                    .map_or(String::new(), |st| format!(" · {}", st.name()))
            ));
            ui.label(format!("{} battles", s.options.battles.name()));
            ui.label(if s.finished { "finished" } else { "" });
            ui.label(crate::store::when(s.saved_at));
            ui.label(egui::RichText::new(name).monospace().size(11.0));
        }
        Err(p) => {
            ui.label("");
            ui.colored_label(egui::Color32::DARK_RED, "cannot be loaded");
            ui.label("");
            ui.label("");
            ui.label("");
            ui.label("");
            ui.colored_label(egui::Color32::DARK_RED, p.to_string())
                .on_hover_text("The file is left exactly as it is.");
        }
    }
}
