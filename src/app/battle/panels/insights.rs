//! The Insights to choose (10.2.12): each one still open, with its rule
//! and effect.

use bevy_egui::egui::{self, RichText};

use super::shared::insight_text;
use crate::app::answer::Answerer;
use crate::app::theme::link::HoverWords;
use crate::rules::decision::Decision;

/// 10.2.12: the Insights still open, each with its effect.
pub(super) fn insights(ui: &mut egui::Ui, a: &mut Answerer) {
    let r = a.view;
    for d in &r.request.options {
        match d {
            Decision::ChooseInsight { insight } => {
                let (rule, text) = insight_text(*insight);
                ui.horizontal(|ui| {
                    a.button(ui, d, format!("{insight:?}")).on_hover_words(text);
                    crate::app::theme::link::rule_link(ui, rule);
                });
                ui.label(RichText::new(text).size(11.0));
            }
            Decision::EndInsights => {
                ui.separator();
                a.button(ui, d, "No more Insights");
            }
            _ => {}
        }
    }
}
