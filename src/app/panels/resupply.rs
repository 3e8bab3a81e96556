//! Confederate Resupply (15.3–15.6) in the decision panel.

use bevy::prelude::MessageWriter;
use bevy_egui::egui;

use crate::rules::decision::Decision;
use crate::rules::sequence::Decide;
use crate::rules::view::{Choice, GameView, RequestView};

/// Confederate Resupply (15.3–15.6) as one panel: the Command Points and
/// Scouts, then Refits, purchases by Force with their costs and the areas
/// they may enter, and Scouts. Only the legal options are offered.
pub fn show(
    ui: &mut egui::Ui,
    view: &GameView,
    r: &RequestView,
    decide: &mut MessageWriter<Decide>,
) {
    let board = &view.board;
    let s = &view.status;
    let (cp, scouts, counters) = (s.confederate_cp, s.scouts, s.scout_counters);
    ui.label(format!(
        "You have {cp} Command Points and {scouts} Scouts ({counters} counters in all)."
    ));
    let refits: Vec<&Choice> = r
        .choices
        .iter()
        .filter(|c| matches!(c.decision, Decision::Refit { .. }))
        .collect();
    let mut buys: std::collections::BTreeMap<(String, bool), Vec<&Choice>> = Default::default();
    for c in &r.choices {
        if let Decision::Purchase { force, reduced, .. } = &c.decision {
            buys.entry((force.to_string(), *reduced))
                .or_default()
                .push(c);
        }
    }
    egui::ScrollArea::vertical()
        .id_salt("resupply")
        .max_height(460.0)
        .show(ui, |ui| {
            ui.strong("Refit (15.4): 2 CP, the Force returns to full strength");
            if refits.is_empty() {
                ui.label("No reduced Force can be refitted now.");
            }
            for c in refits {
                if ui.button(&c.text).clicked() {
                    decide.write(Decide(c.decision.clone()));
                }
            }
            ui.add_space(4.0);
            ui.strong("Purchase (15.5): its Combat Value in CP, into an area with your Forces");
            if buys.is_empty() {
                ui.label("Nothing can be bought with the Command Points left.");
            }
            for ((force, reduced), cs) in &buys {
                // A Force is named as everywhere else (`board::label`),
                // a generic counter by its own name, never by its id.
                let name = board
                    .piece(force)
                    .map_or(force.clone(), crate::rules::board::label);
                let cost = cs.first().map_or(0, |c| c.cost);
                let title = format!(
                    "{name}{} — {cost} CP",
                    if *reduced { " (reduced side)" } else { "" }
                );
                egui::CollapsingHeader::new(title)
                    .id_salt((force, reduced))
                    .show(ui, |ui| {
                        ui.horizontal_wrapped(|ui| {
                            for c in cs {
                                if let Decision::Purchase { area, .. } = &c.decision
                                    && ui
                                        .button(format!("into {}", board.area_name(area)))
                                        .clicked()
                                {
                                    decide.write(Decide(c.decision.clone()));
                                }
                            }
                        });
                    });
            }
            ui.add_space(4.0);
            ui.strong("Scouts (15.6): 1 CP each");
            if r.request.options.contains(&Decision::BuyScout) {
                if ui.button("Buy a Scout (1 CP)").clicked() {
                    decide.write(Decide(Decision::BuyScout));
                }
            } else {
                ui.label("No Scout can be bought now.");
            }
            ui.add_space(6.0);
            if ui.button("End Resupply (Enter)").clicked() {
                decide.write(Decide(Decision::EndResupply));
            }
        });
}
