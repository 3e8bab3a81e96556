//! The cup before a battle (14.0.1): the Special Battle Plan counters in
//! it with their counts, each one the player may take out for a Scout.

use bevy_egui::egui::{self, RichText};

use crate::app::answer::Answerer;
use crate::app::theme::link::HoverWords;
use crate::rules::battle::record::{BattleRecord, EventKind};
use crate::rules::components::SpecialBattlePlan;
use crate::rules::decision::Decision;

/// 14.0.1: "Keep my Scouts" first, where the answers start, then the
/// cup's counters with their counts; those a Scout may take out are
/// offered at the panel's foot, with the Scouts.
pub(super) fn cup_removals(ui: &mut egui::Ui, b: Option<&BattleRecord>, a: &mut Answerer) {
    let r = a.view;
    a.button(ui, &Decision::EndRemovals, "Keep my Scouts");
    ui.add_space(4.0);
    let cup: Vec<SpecialBattlePlan> = b
        .and_then(|b| {
            b.events.iter().rev().find_map(|e| match &e.kind {
                EventKind::Cup { cup } => Some(cup.clone()),
                _ => None,
            })
        })
        .unwrap_or_default();
    crate::app::theme::link::words(
        ui,
        &format!(
            "The Special Battle Plan cup holds {} counters (14.0):",
            cup.len()
        ),
    );
    let mut kinds = cup.clone();
    kinds.dedup();
    // The list scrolls in the room the panel has: in a short window it
    // never runs over the suggestions docked below it.
    egui::ScrollArea::vertical()
        .id_salt("cup")
        .max_height(ui.available_height().max(40.0))
        .auto_shrink([false, true])
        .show(ui, |ui| {
            for p in kinds {
                let n = cup.iter().filter(|q| **q == p).count();
                let d = Decision::RemoveSpecialPlan { plan: p };
                let text = format!("{} ×{n}", p.name());
                let removable = r.request.options.contains(&d);
                ui.horizontal(|ui| {
                    ui.label(if removable {
                        format!("{text} (a Scout takes it out)")
                    } else {
                        text
                    })
                    .on_hover_words(format!("{}: {}", p.name(), p.effect()));
                    crate::app::theme::link::rule_link(ui, p.rule());
                });
            }
            crate::app::theme::link::words_styled(
                ui,
                "Each costs a Scout and keeps that plan out for this battle only (14.0.1).",
                |w| RichText::new(w).size(11.0),
            );
        });
}
