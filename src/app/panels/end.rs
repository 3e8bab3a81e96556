//! The end of the campaign: the victory, each objective met or missed, the
//! Victory Points against Lee's (3.3), casualties and 21.1, and both
//! armies' strength turn by turn, and each side's luck (`app::luck`). A stand-alone battle's end is its own:
//! the winner by its terms, the Hits and the Objectives held.

use bevy_egui::egui;

use super::Out;
use crate::app::screens::kit;
use crate::app::theme;
use crate::app::theme::link::HoverWords;
use crate::app::theme::scale::{Type, space};
use crate::campaign::Side;
use crate::rules::view::{End, StandAloneView};

pub fn show(
    ctx: &egui::Context,
    end: &End,
    luck: Option<&crate::app::luck::LuckTable>,
    out: &mut Out,
) {
    let shown = egui::Window::new("The campaign is over")
        .collapsible(false)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .default_width(560.0)
        // Its height follows its content (a remembered height would keep
        // the first frame's, before the fonts).
        .resizable([true, false])
        .show(ctx, |ui| {
            // Taller than a 1280×720 window: it scrolls, its title stays
            // on screen; shorter, it fits its content.
            let room = ctx.content_rect().height() - 120.0;
            egui::ScrollArea::vertical()
                .max_height(room)
                .min_scrolled_height(room)
                .show(ui, |ui| {
            // The result as a title: the winner's army in its ink.
            let (winner, ink) = if end.victory {
                ("Confederate Victory", theme::palette::BUTTERNUT_DARK)
            } else {
                ("Union Victory", theme::palette::UNION_DARK)
            };
            ui.vertical_centered(|ui| {
                ui.label(
                    egui::RichText::new(winner)
                        .font(kit::font_or_plain(ui.ctx(), Type::Title))
                        .color(ink),
                );
                kit::ornament(ui, 240.0);
            });
            crate::app::theme::link::words(ui, &format!("The campaign ends: {}.", end.reason));
            ui.separator();
            for (text, vp, met) in &end.objectives {
                let (mark, color) = if *met {
                    ("[met]", theme::palette::OK)
                } else {
                    ("[missed]", theme::palette::FAILED)
                };
                ui.horizontal_wrapped(|ui| {
                    ui.colored_label(color, mark);
                    ui.label(format!("{text} ({vp} VP)"));
                });
            }
            ui.separator();
            ui.horizontal(|ui| {
                ui.spacing_mut().item_spacing.x = space::XL;
                let value = |ui: &mut egui::Ui, label: &str, rule: Option<&str>, v: String| {
                    ui.vertical(|ui| {
                        ui.horizontal(|ui| {
                            ui.label(kit::caps(label, theme::palette::INK_SOFT));
                            if let Some(rule) = rule {
                                crate::app::theme::link::rule_link(ui, rule);
                            }
                        });
                        ui.label(
                            egui::RichText::new(v)
                                .font(kit::font_or_plain(ui.ctx(), Type::NumberLarge))
                                .color(theme::palette::INK),
                        );
                    });
                };
                value(ui, "Your Victory Points", None, end.victory_points.to_string());
                value(ui, "Lee's", None, end.lee_historical_vp.to_string());
                value(ui, "Command", Some("3.3"), format!("{:?}", end.rating));
            });
            let k = end.casualties;
            crate::app::theme::link::words(ui, &format!(
                "Casualties (11.10–11.11): Confederate {} Hits, {} Forces destroyed or captured; Union {} Hits, {} Forces destroyed or captured.",
                k.confederate_hits, k.confederate_destroyed, k.union_hits, k.union_destroyed
            ));
            crate::app::theme::link::words(
                ui,
                &format!(
                    "Your named Forces still in the field: combined Combat Value {} (21.1).",
                    end.named_combat
                ),
            );
            if let Some(seed) = end.seed {
                ui.label(format!(
                    "Dice: seed {seed} (kept in the save): the same seed and the same decisions play this game again."
                ));
            }
            if let Some(t) = luck {
                ui.separator();
                ui.label("Luck: the rolls of known chance that went each side's way.");
                crate::app::luck::summary(ui, t);
            }
            let line = |pick: fn(&(u32, u32, u32)) -> u32| -> egui_plot::PlotPoints {
                end.strength
                    .iter()
                    .map(|s| [s.0 as f64, pick(s) as f64])
                    .collect()
            };
            // The legend above the chart, where no line can run under it.
            ui.horizontal(|ui| {
                ui.label("Combined Combat Value on the map at the end of each turn:");
                ui.colored_label(theme::palette::BUTTERNUT_DARK, "━ Confederate");
                ui.colored_label(theme::palette::UNION_DARK, "━ Union");
            });
            egui_plot::Plot::new("strength")
                .height(180.0)
                .allow_drag(false)
                .allow_zoom(false)
                .allow_scroll(false)
                .include_y(0.0)
                .x_axis_label("Turn")
                .y_axis_label("Combat Value")
                // One mark a turn, named by its number.
                .x_grid_spacer(kit::whole_marks)
                .x_axis_formatter(|mark, _| match mark.value.round() as i64 {
                    0 => "set-up".to_string(),
                    t => t.to_string(),
                })
                .show(ui, |plot| {
                    plot.line(
                        egui_plot::Line::new("Confederate Combat Value", line(|s| s.1))
                            .color(theme::palette::BUTTERNUT_DARK)
                            .width(3.0),
                    );
                    plot.line(
                        egui_plot::Line::new("Union Combat Value", line(|s| s.2))
                            .color(theme::palette::UNION_DARK)
                            .width(3.0),
                    );
                });
            ui.horizontal(|ui| {
                if ui.button("Back to the menu").clicked() {
                    out.go_to_menu();
                }
                for format in crate::app::after_action::Format::ALL {
                    if ui
                        .button(format.button())
                        .on_hover_words("The after-action report of this game (set-up, each turn, each battle, Victory Points, luck, maps), written beside your saves.")
                        .clicked()
                    {
                        out.report
                            .write(crate::app::after_action::ExportReport(format));
                    }
                }
            });
                });
        });
    if let Some(w) = shown {
        crate::app::tutorial_hooks::mark(ctx, "end.window", w.response.rect);
    }
}

/// "Confederate Victory", "Union Victory", "A Draw".
pub fn winner(w: Option<Side>) -> &'static str {
    match w {
        Some(Side::Confederate) => "Confederate Victory",
        Some(Side::Union) => "Union Victory",
        None => "A Draw",
    }
}

/// The end of a stand-alone battle (R-A-stand-alone): who won and why, the
/// Hits each army suffered (11.10) and the Objective Squares held, against
/// the battle's own terms; no campaign objectives or Victory Points.
pub fn stand_alone(ctx: &egui::Context, sa: &StandAloneView, end: &End, out: &mut Out) {
    egui::Window::new("The battle is over")
        .collapsible(false)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .default_width(480.0)
        .show(ctx, |ui| {
            ui.label(egui::RichText::new(&sa.name).strong());
            let Some(r) = &sa.result else {
                // No record of the battle kept: the sentence the rules left.
                ui.heading(if end.victory {
                    "Confederate Victory"
                } else {
                    "The Confederates did not win"
                });
                ui.label(&end.reason);
                if ui.button("Back to the menu").clicked() {
                    out.go_to_menu();
                }
                return;
            };
            ui.heading(winner(r.winner));
            ui.label(&r.why);
            ui.separator();
            egui::Grid::new("stand-alone-result")
                .num_columns(2)
                .striped(true)
                .show(ui, |ui| {
                    crate::app::theme::link::words(ui, "Hits suffered (11.10)");
                    ui.label(format!("Confederates {} · Union {}", r.hits[0], r.hits[1]));
                    ui.end_row();
                    if !sa.objectives.is_empty() {
                        ui.label("Objective Squares the Union holds alone");
                        ui.label(format!(
                            "{} of {} ({})",
                            r.objectives_held,
                            sa.objectives.len(),
                            sa.objectives.join(", ")
                        ));
                        ui.end_row();
                    }
                });
            ui.separator();
            ui.label(egui::RichText::new(format!("The terms: {}", sa.victory_text)).size(12.0));
            if ui.button("Back to the menu").clicked() {
                out.go_to_menu();
            }
        });
}
