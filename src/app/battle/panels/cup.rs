//! The cup before a battle (14.0.1): the Special Battle Plan counters in
//! it with their counts, each one the player may take out for a Scout.

use bevy::prelude::MessageWriter;
use bevy_egui::egui::{self, RichText};

use super::shared::send;
use crate::rules::battle::record::{BattleRecord, EventKind};
use crate::rules::components::SpecialBattlePlan;
use crate::rules::decision::{Decision, Request};
use crate::rules::sequence::Decide;

/// 14.0.1: the cup's counters with their counts, each removable for a Scout.
pub(super) fn cup_removals(
    ui: &mut egui::Ui,
    r: &Request,
    b: Option<&BattleRecord>,
    decide: &mut MessageWriter<Decide>,
) {
    let cup: Vec<SpecialBattlePlan> = b
        .and_then(|b| {
            b.events.iter().rev().find_map(|e| match &e.kind {
                EventKind::Cup { cup } => Some(cup.clone()),
                _ => None,
            })
        })
        .unwrap_or_default();
    ui.label(format!(
        "The Special Battle Plan cup holds {} counters (14.0):",
        cup.len()
    ));
    let mut kinds = cup.clone();
    kinds.dedup();
    for p in kinds {
        let n = cup.iter().filter(|q| **q == p).count();
        let d = Decision::RemoveSpecialPlan { plan: p };
        let text = format!("{} ×{n}", p.name());
        if r.options.contains(&d) {
            if ui
                .button(format!("Take out {text}"))
                .on_hover_text(format!("{} ({}): {}", p.name(), p.rule(), p.effect()))
                .clicked()
            {
                send(decide, &d);
            }
        } else {
            ui.label(text);
        }
    }
    ui.label(
        RichText::new("Each costs a Scout and keeps that plan out for this battle only (14.0.1).")
            .size(11.0),
    );
    if ui.button("Keep my Scouts (Enter)").clicked() {
        send(decide, &Decision::EndRemovals);
    }
}
