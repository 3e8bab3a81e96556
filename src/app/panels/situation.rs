//! The situation panel: the Victory Conditions with where each stands now
//! (3.1), and the Forces of the selected or hovered area.

use bevy_egui::egui;

use crate::app::theme;
use crate::app::view::Selection;
use crate::campaign::Side;
use crate::rules::board::label;
use crate::rules::turn::victory::Standing;
use crate::rules::view::GameView;

fn standing(s: Standing) -> (&'static str, egui::Color32) {
    match s {
        Standing::Achieved => ("[achieved]", egui::Color32::from_rgb(20, 120, 40)),
        Standing::Failed => ("[failed]", egui::Color32::from_rgb(170, 20, 20)),
        Standing::MetNow => ("[met now]", egui::Color32::from_rgb(40, 100, 40)),
        Standing::AtRisk => ("[at risk]", egui::Color32::from_rgb(160, 100, 0)),
    }
}

pub fn show(root: &mut egui::Ui, view: &GameView, selection: &mut Selection) {
    let board = &view.board;
    egui::Panel::left("left")
        .frame(theme::unfilled_panel(root.style()))
        .default_size(280.0)
        .show(root, |ui| {
            ui.heading("Victory conditions (3.1)");
            for o in &view.objectives {
                let (status, color) = standing(o.standing);
                ui.horizontal_wrapped(|ui| {
                    ui.colored_label(color, status);
                    ui.label(format!("{} ({} VP)", o.text, o.vp));
                });
            }
            ui.label(format!(
                "Lee's historical score: {} VP",
                view.status.lee_historical_vp
            ));
            ui.separator();
            let shown = selection.area.clone().or(selection.hovered.clone());
            let Some(area) = shown else {
                ui.label("Hover or click an area to see its forces.");
                return;
            };
            let name = board.area_name(&area).to_string();
            let holder = match board.holder(&area) {
                Some(Side::Confederate) => "Held by the Confederates",
                Some(Side::Union) => "Held by the Union",
                None if board.in_area(&area).is_empty() => "Empty",
                None => "Contested",
            };
            ui.heading(format!("{name} — {holder}"));
            if board.lee.area() == Some(area.as_str()) {
                let sel = selection.force.as_deref() == Some("lee");
                if ui
                    .selectable_label(
                        sel,
                        format!(
                            "Robert E. Lee (Command Rating {})",
                            board.campaign.lee.command_rating
                        ),
                    )
                    .clicked()
                {
                    selection.force = Some("lee".into());
                }
            }
            for i in board.in_area(&area) {
                let p = &board.pieces[i];
                let sel = selection.force.as_deref() == Some(p.force.id.as_str());
                let v = p.force.values(p.strength);
                let text = format!(
                    "{} — Combat {}{}, Activation {}",
                    label(p),
                    v.combat,
                    v.superior.map_or(String::new(), |s| format!("/{s}")),
                    v.activation.map_or("—".into(), |a| a.to_string())
                );
                let color = if p.force.side == Side::Union {
                    theme::egui_blue()
                } else {
                    egui::Color32::from_gray(60)
                };
                if ui
                    .selectable_label(sel, egui::RichText::new(text).color(color))
                    .clicked()
                {
                    selection.force = Some(p.force.id.clone());
                }
            }
            ui.label(
                egui::RichText::new("Select a Force, then click a highlighted area to move it.")
                    .italics(),
            );
        });
}
