//! Confederate Resupply (15.3–15.6) in the decision panel.

use bevy_egui::egui;

use crate::app::answer::Answerer;
use crate::rules::decision::Decision;
use crate::rules::view::{Choice, GameView, RequestView};

/// Confederate Resupply (15.3–15.6) as one panel: the Command Points and
/// Scouts, then Refits, purchases by Force with their costs and the areas
/// they may enter, and Scouts. Only the legal options are offered.
pub fn show(ui: &mut egui::Ui, view: &GameView, r: &RequestView, a: &mut Answerer) {
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
        .max_height((ui.available_height() - 40.0).max(120.0))
        .show(ui, |ui| {
            crate::app::theme::link::words_styled(
                ui,
                "Refit (15.4): 2 CP, the Force returns to full strength",
                |w| egui::RichText::new(w).strong(),
            );
            if refits.is_empty() {
                ui.label("No reduced Force can be refitted now.");
            }
            for c in refits {
                a.button(ui, &c.decision, c.text.clone());
            }
            ui.add_space(4.0);
            crate::app::theme::link::words_styled(
                ui,
                "Purchase (15.5): its Combat Value in CP, into an area with your Forces",
                |w| egui::RichText::new(w).strong(),
            );
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
                fold(ui, (force, reduced), &title, |ui| {
                    ui.horizontal_wrapped(|ui| {
                        for c in cs {
                            if let Decision::Purchase { area, .. } = &c.decision {
                                a.button(
                                    ui,
                                    &c.decision,
                                    format!("into {}", board.area_name(area)),
                                );
                            }
                        }
                    });
                });
            }
            ui.add_space(4.0);
            crate::app::theme::link::words_styled(ui, "Scouts (15.6): 1 CP each", |w| {
                egui::RichText::new(w).strong()
            });
            if r.request.options.contains(&Decision::BuyScout) {
                a.button(ui, &Decision::BuyScout, "Buy a Scout (1 CP)");
            } else {
                ui.label("No Scout can be bought now.");
            }
        });
    // Below the list, always in sight.
    ui.add_space(6.0);
    a.button(ui, &Decision::EndResupply, "End Resupply");
}

/// A line that opens and closes what is under it, its words wrapped to
/// the panel (egui's collapsing header never wraps, and a long name would
/// widen the panel over the map).
fn fold(
    ui: &mut egui::Ui,
    id: impl std::hash::Hash + std::fmt::Debug,
    title: &str,
    body: impl FnOnce(&mut egui::Ui),
) {
    let id = ui.make_persistent_id(id);
    let open = ui.data(|d| d.get_temp::<bool>(id)).unwrap_or(false);
    let arrow = if open { "▼" } else { "▶" };
    let line = ui.add(
        egui::Label::new(format!("{arrow} {title}"))
            .wrap()
            .sense(egui::Sense::click()),
    );
    if line.clicked() {
        ui.data_mut(|d| d.insert_temp(id, !open));
    }
    if open {
        ui.indent(id, body);
    }
}
