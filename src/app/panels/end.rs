//! The end of the campaign: the victory, each objective met or missed, the
//! Victory Points against Lee's (3.3), casualties and 21.1, and both
//! armies' strength turn by turn.

use bevy_egui::egui;

use super::Out;
use crate::app::theme;
use crate::rules::view::End;

pub fn show(ctx: &egui::Context, end: &End, out: &mut Out) {
    egui::Window::new("The campaign is over")
        .collapsible(false)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .default_width(560.0)
        .show(ctx, |ui| {
            ui.heading(if end.victory {
                "Confederate Victory"
            } else {
                "Union Victory"
            });
            ui.label(format!("The campaign ends: {}.", end.reason));
            ui.separator();
            for (text, vp, met) in &end.objectives {
                let (mark, color) = if *met {
                    ("[met]", egui::Color32::from_rgb(20, 120, 40))
                } else {
                    ("[missed]", egui::Color32::from_rgb(170, 20, 20))
                };
                ui.horizontal_wrapped(|ui| {
                    ui.colored_label(color, mark);
                    ui.label(format!("{text} ({vp} VP)"));
                });
            }
            ui.separator();
            ui.heading(format!(
                "{} Victory Points against Lee's {}: {:?} Command (3.3)",
                end.victory_points, end.lee_historical_vp, end.rating
            ));
            let k = end.casualties;
            ui.label(format!(
                "Casualties (11.10–11.11): Confederate {} Hits, {} Forces destroyed or captured; Union {} Hits, {} Forces destroyed or captured.",
                k.confederate_hits, k.confederate_destroyed, k.union_hits, k.union_destroyed
            ));
            ui.label(format!(
                "Your named Forces still in the field: combined Combat Value {} (21.1).",
                end.named_combat
            ));
            let line = |pick: fn(&(u32, u32, u32)) -> u32| -> egui_plot::PlotPoints {
                end.strength
                    .iter()
                    .map(|s| [s.0 as f64, pick(s) as f64])
                    .collect()
            };
            egui_plot::Plot::new("strength")
                .height(180.0)
                .legend(egui_plot::Legend::default())
                .show(ui, |plot| {
                    plot.line(
                        egui_plot::Line::new("Confederate Combat Value", line(|s| s.1))
                            .color(theme::egui_grey())
                            .width(3.0),
                    );
                    plot.line(
                        egui_plot::Line::new("Union Combat Value", line(|s| s.2))
                            .color(theme::egui_blue())
                            .width(3.0),
                    );
                });
            if ui.button("Back to the menu").clicked() {
                out.go_to_menu();
            }
        });
}
