//! The Chronicle panel: every entry the rules wrote, by turn, by kind and
//! by a word searched for; while a battle plays back, only that battle as
//! far as it has been shown.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::egui;

use crate::app::battle::BattleScreen;
use crate::app::theme;
use crate::chronicle::{Chronicle, Filter};
use crate::rules::battle::record::BattleRecord;
use crate::rules::view::GameView;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ChronicleFilter>();
}

/// What the player chose to see.
#[derive(Resource, Debug, Default)]
pub struct ChronicleFilter {
    pub turn: Option<u32>,
    pub kind: Filter,
    pub search: String,
}

#[derive(SystemParam)]
pub struct ChroniclePanel<'w> {
    chronicle: Option<Res<'w, Chronicle>>,
    filter: ResMut<'w, ChronicleFilter>,
}

impl ChroniclePanel<'_> {
    pub fn show(
        &mut self,
        root: &mut egui::Ui,
        view: &GameView,
        shown: Option<&BattleRecord>,
        battle: &BattleScreen,
    ) {
        let Some(chronicle) = self.chronicle.as_deref() else {
            return;
        };
        let filter = &mut *self.filter;
        // A stand-alone battle's sheet is taller: the Chronicle starts lower.
        let (id, height) = if view.stand_alone.is_some() {
            ("chronicle-stand-alone", super::STAND_ALONE_CHRONICLE_H)
        } else {
            ("chronicle", 190.0)
        };
        egui::Panel::bottom(id)
            .frame(theme::unfilled_panel(root.style()))
            .default_size(height)
            .resizable(true)
            .show(root, |ui| {
                // While a battle plays back, the log shows it only as far as
                // it has been shown.
                if let Some(b) = shown.filter(|b| !battle.caught_up(b)) {
                    ui.heading(format!("Battle of {}: as it happens", b.area_name));
                    crate::app::battle::panels::battle_log(ui, chronicle, b, battle.cursor);
                    return;
                }
                ui.horizontal_wrapped(|ui| {
                    ui.heading("Chronicle");
                    egui::ComboBox::from_id_salt("turn")
                        .selected_text(
                            filter
                                .turn
                                .map_or("all turns".to_string(), |t| format!("turn {t}")),
                        )
                        .show_ui(ui, |ui| {
                            ui.selectable_value(&mut filter.turn, None, "all turns");
                            for t in 1..=view.status.turns {
                                ui.selectable_value(&mut filter.turn, Some(t), format!("turn {t}"));
                            }
                        });
                    for k in Filter::ALL {
                        ui.radio_value(&mut filter.kind, k, k.name());
                    }
                    ui.label("find:");
                    ui.text_edit_singleline(&mut filter.search);
                });
                let search = filter.search.to_lowercase();
                egui::ScrollArea::vertical()
                    .stick_to_bottom(true)
                    .auto_shrink(false)
                    .show(ui, |ui| {
                        for (i, e) in chronicle.entries().iter().enumerate() {
                            if filter.turn.is_some_and(|t| t != chronicle.turn_of(i))
                                || !filter.kind.keeps(e)
                                || (!search.is_empty()
                                    && !e.line().to_lowercase().contains(&search))
                            {
                                continue;
                            }
                            theme::chronicle_entry(ui, e, 12.0);
                        }
                    });
            });
    }
}
