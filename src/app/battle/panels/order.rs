//! The order of resolution (14.4): the Forces ready to act, one picked
//! at a time with its choices: its counter, or the legal Default Battle
//! Plans (12.4), and the Formation counter (12.3.7).

use bevy_egui::egui::{self, RichText};

use crate::app::answer::Answerer;
use crate::app::battle::BattleScreen;
use crate::app::theme::link::HoverWords;
use crate::rules::battle::record::{SheetUnit, SheetView};
use crate::rules::battle::terms::PlanCounter;
use crate::rules::board::{Board, label};
use crate::rules::decision::Decision;

/// 14.4: the player picks who acts next and, without a counter, its Default
/// Battle Plan (only the legal ones).
pub(super) fn order_of_resolution(
    ui: &mut egui::Ui,
    board: &Board,
    sheet: Option<&SheetView>,
    screen: &mut BattleScreen,
    a: &mut Answerer,
) {
    let r = a.view;
    if r.request.options.contains(&Decision::UseFormationCounter) {
        a.button(
            ui,
            &Decision::UseFormationCounter,
            "Use the Formation counter now (12.3.7)",
        )
        .on_hover_words(PlanCounter::Formation.summary());
    }
    let mut forces: Vec<String> = Vec::new();
    for d in &r.request.options {
        if let Decision::Act { force, .. } = d
            && !forces.iter().any(|f| f == force)
        {
            forces.push(force.to_string());
        }
    }
    // One Force's choices at a time: the one picked, else the first ready.
    if !screen.picked.as_ref().is_some_and(|p| forces.contains(p)) {
        screen.picked = forces.first().cloned();
    }
    ui.label(RichText::new("Pick a Force (here or on the sheet) to see its orders.").size(11.0));
    egui::ScrollArea::vertical()
        .id_salt("order-of-resolution")
        .max_height(ui.available_height() - 10.0)
        .show(ui, |ui| {
            for f in forces {
                let name = board.piece(&f).map_or(f.clone(), label);
                let unit = sheet.and_then(|s| s.units.iter().find(|u| u.force == f));
                let mut head = name.clone();
                if let Some(u) = unit {
                    head.push_str(&format!(
                        " · in {:?} · {}",
                        u.formation,
                        crate::app::battle::sheet::place(u)
                    ));
                    if u.in_melee {
                        head.push_str(" · Melee");
                    }
                }
                let picked = screen.picked.as_deref() == Some(f.as_str());
                if ui
                    .selectable_label(picked, RichText::new(head).strong())
                    .clicked()
                {
                    screen.picked = Some(f.clone());
                }
                if !picked {
                    continue;
                }
                ui.indent(("act", &f), |ui| orders_of(ui, board, &f, unit, a));
            }
        });
}

/// The picked Force's orders (14.4): its counter carried out, or each
/// legal Default Battle Plan (12.4).
fn orders_of(
    ui: &mut egui::Ui,
    board: &Board,
    f: &str,
    unit: Option<&SheetUnit>,
    a: &mut Answerer,
) {
    let r = a.view;
    for d in &r.request.options {
        let Decision::Act { force, plan } = d else {
            continue;
        };
        if *force != f {
            continue;
        }
        let (text, tip) = match plan {
            None => {
                let c = unit.and_then(|u| u.counter);
                (
                    format!("Carry out {}", c.map_or("its counter", |c| c.name())),
                    c.map_or(String::new(), |c| format!("{}: {}", c.rule(), c.summary())),
                )
            }
            Some(p) => (
                crate::rules::view::default_plan(p, board.options.battles),
                "A Default Battle Plan (12.4).".to_string(),
            ),
        };
        ui.horizontal_wrapped(|ui| {
            a.button(ui, d, text).on_hover_words(tip);
            // The counter's rule, a link beside its button.
            if let (None, Some(c)) = (plan, unit.and_then(|u| u.counter)) {
                crate::app::theme::link::rule_link(ui, c.rule());
            }
        });
    }
}
