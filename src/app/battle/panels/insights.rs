//! The Insights to choose (10.2.12): each one still open, with its rule
//! and effect.

use bevy::prelude::MessageWriter;
use bevy_egui::egui::{self, RichText};

use super::shared::{insight_text, send};
use crate::rules::decision::{Decision, Request};
use crate::rules::sequence::Decide;

/// 10.2.12: the Insights still open, each with its effect.
pub(super) fn insights(ui: &mut egui::Ui, r: &Request, decide: &mut MessageWriter<Decide>) {
    for d in &r.options {
        match d {
            Decision::ChooseInsight { insight } => {
                let (rule, text) = insight_text(*insight);
                if ui
                    .button(format!("{insight:?} ({rule})"))
                    .on_hover_text(text)
                    .clicked()
                {
                    send(decide, d);
                }
                ui.label(RichText::new(text).size(11.0));
            }
            Decision::EndInsights => {
                ui.separator();
                if ui.button("No more Insights (Enter)").clicked() {
                    send(decide, d);
                }
            }
            _ => {}
        }
    }
}
