//! The situation panel: the Victory Conditions with where each stands now
//! (3.1), what changed since the player's last decision (each line shows
//! its areas on the map when clicked: a player mirroring the game on the
//! real board sees what to move), and the Forces of the selected or
//! hovered area; in a stand-alone battle its own terms instead
//! (R-A-stand-alone).

use bevy_egui::egui;

use crate::app::theme;
use crate::app::theme::link::HoverWords;
use crate::app::view::{Selection, Shown, WhatChanged};
use crate::campaign::Side;
use crate::rules::battle::terms::Tactics;
use crate::rules::board::label;
use crate::rules::turn::victory::Standing;
use crate::rules::view::{GameView, StandAloneView};

/// How tall the "What changed" list grows at least before it scrolls: a
/// Union turn's moves are read whole where the panel has the room (half
/// its height).
const WHAT_CHANGED_H: f32 = 170.0;

/// What changed since the player's last decision on the map
/// (`view::WhatChanged`), in the order it came; a click on a line shows it
/// on the map (its areas ringed, the map moved to them, its last area
/// selected), a second click puts it away.
fn what_changed(ui: &mut egui::Ui, changed: &WhatChanged, selection: &mut Selection) {
    let list = egui::CollapsingHeader::new(format!(
        "What changed since your last decision ({})",
        changed.0.len()
    ))
    .id_salt("what-changed")
    .default_open(true)
    .show(ui, |ui| {
        egui::ScrollArea::vertical()
            .id_salt("what-changed-list")
            .max_height(WHAT_CHANGED_H.max(ui.available_height() / 2.0))
            .auto_shrink([false, true])
            .show(ui, |ui| {
                for (i, line) in changed.0.iter().enumerate() {
                    let on = selection.shown.as_ref().is_some_and(|s| s.line == i);
                    // Selected, the line is in the selection's ink.
                    let color = match line.side {
                        _ if on => ui.visuals().selection.stroke.color,
                        Some(Side::Union) => theme::palette::UNION_DARK,
                        _ => ui.visuals().text_color(),
                    };
                    let r = ui.add(egui::Button::selectable(
                        on,
                        egui::RichText::new(&line.text).color(color),
                    ));
                    let r = if line.areas.is_empty() {
                        r
                    } else {
                        r.on_hover_words("Show it on the map.")
                    };
                    if r.clicked() {
                        if on {
                            selection.shown = None;
                        } else {
                            selection.shown = Some(Shown {
                                line: i,
                                areas: line.areas.clone(),
                                pan: !line.areas.is_empty(),
                            });
                            if let Some(a) = line.areas.last() {
                                selection.area = Some(a.clone());
                            }
                        }
                    }
                }
            });
        if changed.0.iter().any(|l| l.arrow.is_some()) {
            let mut shown = !selection.hide_moves;
            if ui
                .checkbox(&mut shown, "Arrows on the map")
                .on_hover_words("Each move in this list as an arrow from where it came.")
                .changed()
            {
                selection.hide_moves = !shown;
            }
        }
    });
    list.header_response.on_hover_words(
        "Since your last answer in the steps where you move counters on the map (7.9, 9.2, 15.1, \
         15.3–15.6): a battle's questions and a Scout against the Union's orders (16.3.1) come in \
         the middle of what you mirror, so every Union move, arrival and loss stays listed, in \
         order.",
    );
}

fn standing(s: Standing) -> (&'static str, egui::Color32) {
    match s {
        Standing::Achieved => ("[achieved]", theme::palette::OK),
        Standing::Failed => ("[failed]", theme::palette::FAILED),
        Standing::MetNow => ("[met now]", theme::palette::OK),
        Standing::AtRisk => ("[at risk]", theme::palette::AT_RISK),
    }
}

pub fn show(
    root: &mut egui::Ui,
    view: &GameView,
    selection: &mut Selection,
    changed: Option<&WhatChanged>,
) {
    if let Some(sa) = &view.stand_alone {
        return stand_alone(root, sa);
    }
    let board = &view.board;
    // Open by default where the window is wide; in a narrow one the map
    // has the room (issue 46 item 7), a click away.
    let id = egui::Id::new("left-open");
    let ctx = root.ctx().clone();
    let wide = ctx.content_rect().width() >= WIDE_WINDOW;
    let mut open = ctx.data_mut(|d| *d.get_temp_mut_or(id, wide));
    let mut toggle = false;
    let frame = theme::unfilled_panel(root.style());
    let collapsed = egui::Panel::left("left-rail")
        .frame(frame)
        .resizable(false)
        .exact_size(RAIL_W);
    let expanded = egui::Panel::left("left").frame(frame).default_size(280.0);
    egui::Panel::show_switched(root, &mut open, collapsed, expanded, |ui, expanded| {
        if !expanded {
            toggle = ui
                .button("▸")
                .on_hover_words(
                    "Show the situation: Victory conditions, what changed, the Forces of an area.",
                )
                .clicked();
            // What changed comes forward on the rail (and as arrows on
            // the map) while the panel is folded.
            if let Some(n) = changed.map(|c| c.0.len()).filter(|n| *n > 0) {
                ui.add_space(theme::scale::space::S);
                // Small and on one line: the rail is narrow ("14", not
                // "1" over "4").
                let count = egui::RichText::new(n.to_string())
                    .color(theme::palette::PAPER_RAISED)
                    .small()
                    .strong();
                let button = egui::Button::new(count)
                    .fill(theme::palette::CHANGED)
                    .wrap_mode(egui::TextWrapMode::Extend);
                toggle |= ui
                    .add(button)
                    .on_hover_words(format!(
                        "What changed since your last decision: {n} {}. Open the panel to read \
                         them; the moves are drawn as arrows on the map.",
                        if n == 1 { "line" } else { "lines" }
                    ))
                    .clicked();
            }
            return;
        }
        let top = ui.cursor().min;
        ui.horizontal(|ui| {
            crate::app::theme::link::words_styled(ui, "Victory conditions (3.1)", |w| {
                egui::RichText::new(w).heading()
            });
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                toggle = ui
                    .small_button("◂")
                    .on_hover_words("Hide this panel: the map takes its room.")
                    .clicked();
            });
        });
        for o in &view.objectives {
            let (status, color) = standing(o.standing);
            ui.horizontal_wrapped(|ui| {
                ui.colored_label(color, status);
                ui.label(format!("{} ({} VP)", o.text, o.vp));
            });
        }
        let lee = ui.label(format!(
            "Lee's historical score: {} VP",
            view.status.lee_historical_vp
        ));
        crate::app::tutorial_hooks::mark(
            ui.ctx(),
            "situation.victory",
            egui::Rect::from_min_max(top, egui::pos2(ui.max_rect().right(), lee.rect.bottom())),
        );
        if let Some(out) = view.victory_out_of_reach() {
            let said = crate::app::theme::link::words_styled(
                ui,
                "Victory is out of reach: an objective has failed (3.1). Play on for Victory Points (3.3).",
                |w| egui::RichText::new(w).color(theme::palette::FAILED),
            );
            said.on_hover_words(&out.text);
        }
        if let Some(changed) = changed.filter(|c| !c.0.is_empty()) {
            ui.separator();
            what_changed(ui, changed, selection);
        }
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
            let color = if sel {
                ui.visuals().selection.stroke.color
            } else {
                theme::palette::army_ink(p.force.side)
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
    if toggle {
        open = !open;
    }
    ctx.data_mut(|d| d.insert_temp(id, open));
}

/// From this width (logical pixels) the situation panel opens by default.
const WIDE_WINDOW: f32 = 1500.0;
/// The closed situation panel's rail.
const RAIL_W: f32 = 30.0;

/// The stand-alone battle's Scenario Information Sheet: its turns, Battle
/// Plans, the Union's tactics and Objective Markers, and who wins.
fn stand_alone(root: &mut egui::Ui, sa: &StandAloneView) {
    egui::Panel::left("left-stand-alone")
        .frame(theme::unfilled_panel(root.style()))
        .default_size(super::STAND_ALONE_TERMS_W)
        .max_size(super::STAND_ALONE_TERMS_W + 80.0)
        .show(root, |ui| {
            ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Wrap);
            ui.heading("The battle's terms");
            ui.label(egui::RichText::new(&sa.name).strong());
            crate::app::theme::link::words(ui, &format!(
                "A stand-alone battle at {}: the {} attack, on the modified Advanced Battlefield Sheet of {} Columns (A10.2.14, R-A-stand-alone).",
                sa.area_name,
                sa.attacker.army(),
                sa.columns
            ));
            ui.separator();
            let row = |ui: &mut egui::Ui, what: &str, value: String, tip: &str| {
                let r = ui.horizontal_wrapped(|ui| {
                    ui.label(egui::RichText::new(what).strong());
                    ui.label(value);
                })
                .response;
                r.on_hover_words(tip);
            };
            row(
                ui,
                "Battle turns:",
                sa.battle_turns.to_string(),
                "The battle ends after its last battle turn, without Withdrawal (R-A-stand-alone), unless an army Routs or is Enveloped first.",
            );
            row(
                ui,
                "Battle Plans:",
                format!("{} Confederate Battle Plan Counters a turn", sa.confederate_battle_plans),
                "Fixed by the battle's terms (10.2.10): no purchases, no Lee.",
            );
            let tactics = match sa.union_tactics {
                Tactics::Aggressive => "Aggressive",
                Tactics::Defensive => "Defensive",
            };
            let plans = match sa.union_special_battle_plans {
                0 => "Default Battle Plans only".to_string(),
                n => format!(
                    "{} drawn a turn",
                    crate::app::theme::counted(n, "Special Battle Plan", "Special Battle Plans")
                ),
            };
            row(
                ui,
                "Union:",
                format!("{tactics} all battle; {plans}"),
                "The Union's tactics stay as the terms set them (13.0 is not rolled); Special Battle Plans from the cup (14.0).",
            );
            row(
                ui,
                "Union Objective Markers:",
                if sa.objectives.is_empty() {
                    "none".to_string()
                } else {
                    format!("Squares {}", sa.objectives.join(", "))
                },
                "On the sheet as a ringed O: a Union Force Advancing rolls a d10, odd toward the closest Objective no Union Force holds, even toward the closest Confederate Force; a Union Force on one Holds (Union Objective Markers).",
            );
            ui.separator();
            ui.heading("Victory");
            crate::app::theme::link::words(ui, &sa.victory_text);
            if let Some(r) = &sa.result {
                ui.separator();
                ui.label(egui::RichText::new(super::end::winner(r.winner)).strong());
                crate::app::theme::link::words(ui, &r.why);
            }
        });
}
