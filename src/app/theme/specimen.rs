//! The design sheet: every step of the type scale, the palette, the
//! spacing scale, one of each widget in each state, and the map's tones
//! with their names, lines, rings and counters, drawn over the whole
//! window while [`DesignSheet`] is in the world. The screenshot tour takes
//! it (`design-sheet`, `FCREL_TOUR_FROM=design` for it alone) for
//! `docs/design.md`.

use bevy::prelude::*;
use bevy_egui::EguiContexts;
use bevy_egui::egui::{self, Color32, Pos2, Rect, RichText, Sense, Stroke, Ui, Vec2};

use super::contrast;
use super::palette::{self, Group, SWATCHES};
use super::scale::{Type, space};
use crate::campaign::Side;

/// Show the design sheet over the window.
#[derive(Resource, Debug, Default)]
pub struct DesignSheet;

pub(super) fn show(mut contexts: EguiContexts, sheet: Option<Res<DesignSheet>>) -> Result {
    if sheet.is_none() {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    egui::Area::new(egui::Id::new("design-sheet"))
        .order(egui::Order::Foreground)
        .fixed_pos(Pos2::ZERO)
        .show(ctx, |ui| {
            let screen = ui.ctx().viewport_rect();
            ui.painter().rect_filled(screen, 0.0, palette::PAPER);
            ui.set_min_size(screen.size());
            egui::Frame::NONE.inner_margin(space::XL).show(ui, |ui| {
                ui.set_width(screen.width() - 2.0 * space::XL);
                sheet_body(ui);
            });
        });
    Ok(())
}

fn sheet_body(ui: &mut Ui) {
    ui.label(RichText::new("fcrel — the design sheet").text_style(Type::Title.style()));
    ui.label(
        RichText::new("Field Commander: Robert E. Lee · paper, ink and the two armies")
            .text_style(Type::Caption.style()),
    );
    ui.add_space(space::S);
    ui.columns(3, |cols| {
        type_scale(&mut cols[0]);
        cols[0].add_space(space::M);
        widgets(&mut cols[0]);
        swatches(&mut cols[1]);
        map(&mut cols[2]);
    });
}

fn heading(ui: &mut Ui, text: &str) {
    ui.add_space(space::XS);
    ui.label(RichText::new(text).text_style(Type::Subheading.style()));
    ui.separator();
}

fn type_scale(ui: &mut Ui) {
    heading(ui, "Type scale");
    for t in Type::ALL {
        let sample = match t {
            Type::Number | Type::NumberLarge => "0123456789 · 8/10 · 1,862",
            Type::Monospace => "[14.5] d10 = 7 vs 5",
            Type::MapLabel => "Gaines' Mill · Malvern Hill",
            _ => "Seven Days — 1862 · 6/2 → 4",
        };
        ui.horizontal(|ui| {
            ui.label(
                RichText::new(format!("{} {}", t.name(), t.size()))
                    .text_style(Type::Small.style())
                    .weak(),
            );
            ui.label(RichText::new(sample).text_style(t.style()));
        });
    }
    heading(ui, "Spacing scale");
    ui.horizontal(|ui| {
        for (name, s) in space::ALL {
            ui.vertical(|ui| {
                let (r, _) = ui.allocate_exact_size(Vec2::new(s, space::L), Sense::hover());
                ui.painter().rect_filled(r, 0.0, palette::INK_SOFT);
                ui.label(RichText::new(format!("{name} {s}")).small());
            });
        }
    });
}

/// `add` drawn as if every widget in it were in `state`.
fn in_state(ui: &mut Ui, state: egui::style::WidgetVisuals, add: impl FnOnce(&mut Ui)) {
    ui.scope(|ui| {
        let w = &mut ui.visuals_mut().widgets;
        w.inactive = state;
        w.hovered = state;
        add(ui);
    });
}

fn widgets(ui: &mut Ui) {
    heading(ui, "Widgets");
    let w = ui.visuals().widgets.clone();
    ui.horizontal(|ui| {
        let _ = ui.button("At rest");
        in_state(ui, w.hovered, |ui| {
            let _ = ui.button("Hovered");
        });
        in_state(ui, w.active, |ui| {
            let _ = ui.button("Pressed");
        });
        let _ = ui.add(egui::Button::new("Selected").selected(true));
        let _ = ui.add_enabled(false, egui::Button::new("Disabled"));
    });
    ui.horizontal(|ui| {
        let mut on = true;
        let mut off = false;
        ui.checkbox(&mut on, "Optional rule on");
        ui.checkbox(&mut off, "off");
        let mut pick = 1;
        ui.radio_value(&mut pick, 1, "Basic");
        ui.radio_value(&mut pick, 2, "Advanced");
    });
    ui.horizontal(|ui| {
        let _ = ui.selectable_label(true, "everything");
        let _ = ui.selectable_label(false, "rolls");
        let _ = ui.selectable_label(false, "battles");
        let mut n = 0.6_f32;
        ui.add(egui::Slider::new(&mut n, 0.0..=1.0).text("UI scale"));
    });
    ui.horizontal(|ui| {
        let mut text = String::from("Seed 1862");
        ui.add(egui::TextEdit::singleline(&mut text).desired_width(120.0));
        egui::ComboBox::from_id_salt("design-combo")
            .selected_text("all turns")
            .show_ui(ui, |_| {});
        let _ = ui.link("rule 14.5");
    });
    ui.add(egui::ProgressBar::new(0.62).text("62% of 4,096 trials"));
    egui::CollapsingHeader::new("Pre-battle: Fog of War, Envelopment")
        .default_open(false)
        .show(ui, |_| {});
    ui.horizontal(|ui| {
        for (word, c) in [
            ("[met]", palette::OK),
            ("[at risk]", palette::AT_RISK),
            ("[failed]", palette::FAILED),
            ("warning", palette::WARNING),
            ("note", palette::INFO),
        ] {
            ui.colored_label(c, word);
        }
    });
    ui.horizontal(|ui| {
        for (side, text) in [
            (Side::Confederate, "Confederate Turn"),
            (Side::Union, "Union Turn"),
        ] {
            ui.label(
                RichText::new(text)
                    .color(palette::PAPER_RAISED)
                    .background_color(palette::army_chip(side)),
            );
        }
        ui.colored_label(palette::army_ink(Side::Confederate), "━ Confederate");
        ui.colored_label(palette::army_ink(Side::Union), "━ Union");
    });
    ui.horizontal(|ui| {
        egui::Frame::popup(ui.style()).show(ui, |ui| {
            ui.label("A tooltip: rolled 7 for the Rout Check.");
        });
        egui::Frame::group(ui.style())
            .fill(palette::WARNING_PALE)
            .stroke(Stroke::new(1.0, palette::WARNING))
            .show(ui, |ui| {
                ui.label("End this step?");
            });
    });
}

fn swatches(ui: &mut Ui) {
    for g in Group::ALL {
        heading(ui, g.title());
        ui.horizontal_wrapped(|ui| {
            ui.spacing_mut().item_spacing = Vec2::new(space::S, space::XS);
            for s in SWATCHES.iter().filter(|s| s.group == g) {
                swatch(ui, s.name, s.color);
            }
        });
    }
}

fn swatch(ui: &mut Ui, name: &str, color: Color32) {
    let (r, _) = ui.allocate_exact_size(Vec2::new(150.0, 30.0), Sense::hover());
    let chip = Rect::from_min_size(r.min, Vec2::new(30.0, 30.0));
    let p = ui.painter();
    p.rect_filled(chip, 3.0, color);
    p.rect_stroke(
        chip,
        3.0,
        Stroke::new(1.0, palette::RULE),
        egui::StrokeKind::Inside,
    );
    let small = Type::Small.font();
    p.text(
        Pos2::new(chip.right() + space::XS, r.top() + 7.0),
        egui::Align2::LEFT_CENTER,
        name,
        small.clone(),
        palette::INK_BODY,
    );
    p.text(
        Pos2::new(chip.right() + space::XS, r.top() + 22.0),
        egui::Align2::LEFT_CENTER,
        palette::hex_of(color),
        small,
        palette::INK_SOFT,
    );
}

fn map(ui: &mut Ui) {
    heading(ui, "The map: names on every tone, with and without halo");
    let mut tones = palette::LAND.to_vec();
    tones.push(("water", palette::WATER));
    ui.horizontal_wrapped(|ui| {
        for (name, tone) in &tones {
            tile(ui, name, *tone);
        }
    });
    heading(ui, "Lines and rings");
    let (r, _) = ui.allocate_exact_size(Vec2::new(ui.available_width(), 120.0), Sense::hover());
    let p = ui.painter();
    p.rect_filled(r, 0.0, palette::OPEN);
    let label = Type::Small.font();
    let lines = [
        ("river", palette::RIVER, 3.0),
        ("road", palette::ROAD, 2.0),
        ("railroad", palette::RAILROAD, 1.5),
        ("border", palette::BORDER, 1.5),
        ("Battle Area", palette::BATTLE_AREA, 2.0),
    ];
    for (i, (name, c, width)) in lines.iter().enumerate() {
        let y = r.top() + 12.0 + i as f32 * 22.0;
        let (a, b) = (Pos2::new(r.left() + 8.0, y), Pos2::new(r.left() + 110.0, y));
        if *name == "Battle Area" {
            p.extend(egui::Shape::dashed_line(
                &[a, b],
                Stroke::new(*width, *c),
                6.0,
                4.0,
            ));
        } else {
            p.line_segment([a, b], Stroke::new(*width, *c));
        }
        if *name == "railroad" {
            for k in 0..10 {
                let x = a.x + 5.0 + k as f32 * 10.0;
                p.line_segment(
                    [Pos2::new(x, y - 3.0), Pos2::new(x, y + 3.0)],
                    Stroke::new(1.0, *c),
                );
            }
        }
        p.text(
            Pos2::new(b.x + 6.0, y),
            egui::Align2::LEFT_CENTER,
            *name,
            label.clone(),
            palette::INK,
        );
    }
    let rings = [
        ("selected", palette::SELECTED),
        ("target", palette::TARGET),
        ("hover", palette::HOVER),
        ("can act", palette::CAN_ACT),
        ("changed", palette::CHANGED),
        ("aim", palette::AIM),
        ("Union route", palette::UNION_PATH),
        ("advice", palette::ADVICE),
    ];
    for (i, (name, c)) in rings.iter().enumerate() {
        let x = r.left() + 210.0 + (i % 4) as f32 * 60.0;
        let y = r.top() + 30.0 + (i / 4) as f32 * 56.0;
        p.circle_stroke(Pos2::new(x, y), 13.0, Stroke::new(2.5, *c));
        p.text(
            Pos2::new(x, y + 22.0),
            egui::Align2::CENTER_CENTER,
            *name,
            label.clone(),
            palette::INK,
        );
    }
    heading(ui, "Counters: full and reduced");
    ui.horizontal(|ui| {
        for side in [Side::Confederate, Side::Union] {
            for reduced in [false, true] {
                counter(ui, side, reduced);
            }
        }
        tag(ui, "Prepare", palette::MARKER);
        tag(ui, "Hard Cover", palette::UNION_LIGHT);
    });
    heading(ui, "Contrast");
    let all = contrast::pairs();
    let failing = all.iter().filter(|p| !p.passes()).count();
    let closest = all
        .iter()
        .min_by(|a, b| (a.ratio() / a.need.ratio()).total_cmp(&(b.ratio() / b.need.ratio())));
    ui.label(format!(
        "{} pairs checked against WCAG 2.1; {} fail.",
        all.len(),
        failing
    ));
    if let Some(p) = closest {
        ui.label(
            RichText::new(format!(
                "Closest: {} at {:.2}:1 (needs {}:1).",
                p.name,
                p.ratio(),
                p.need.ratio()
            ))
            .weak(),
        );
    }
}

/// A terrain tone with a name on it, bare and on its halo.
fn tile(ui: &mut Ui, name: &str, tone: Color32) {
    let (r, _) = ui.allocate_exact_size(Vec2::new(150.0, 56.0), Sense::hover());
    let p = ui.painter();
    p.rect_filled(r, 0.0, tone);
    p.rect_stroke(
        r,
        0.0,
        Stroke::new(1.0, palette::BORDER),
        egui::StrokeKind::Inside,
    );
    let font = Type::MapLabel.font();
    p.text(
        Pos2::new(r.center().x, r.top() + 14.0),
        egui::Align2::CENTER_CENTER,
        name,
        font.clone(),
        palette::INK,
    );
    let g = p.layout_no_wrap(name.to_string(), font, palette::INK);
    let at = Pos2::new(
        r.center().x - g.size().x / 2.0,
        r.bottom() - 14.0 - g.size().y / 2.0,
    );
    p.rect_filled(
        Rect::from_min_size(at, g.size()).expand2(Vec2::new(4.0, 1.0)),
        3.0,
        palette::PAPER_RAISED,
    );
    p.galley(at, g, palette::INK);
}

fn counter(ui: &mut Ui, side: Side, reduced: bool) {
    let t = palette::counter(side, reduced);
    let (r, _) = ui.allocate_exact_size(Vec2::splat(52.0), Sense::hover());
    let p = ui.painter();
    p.rect_filled(r.expand(1.0), 3.0, palette::INK);
    p.rect_filled(r, 2.0, t.field);
    // The reduced side: its name on a band of the full side's colour.
    let full = palette::counter(side, false);
    let name_ink = if reduced {
        p.rect_filled(
            Rect::from_min_size(r.min, Vec2::new(r.width(), 16.0)),
            2.0,
            full.field,
        );
        full.ink
    } else {
        t.ink
    };
    p.text(
        Pos2::new(r.center().x, r.top() + 9.0),
        egui::Align2::CENTER_CENTER,
        if side == Side::Union {
            "Sumner"
        } else {
            "Jackson"
        },
        Type::Small.font(),
        name_ink,
    );
    p.text(
        r.center(),
        egui::Align2::CENTER_CENTER,
        if reduced { "4" } else { "8" },
        Type::NumberLarge.font(),
        t.ink,
    );
    p.text(
        Pos2::new(r.center().x, r.bottom() - 9.0),
        egui::Align2::CENTER_CENTER,
        if reduced { "V 6" } else { "V 7" },
        Type::Number.font(),
        t.ink,
    );
}

fn tag(ui: &mut Ui, text: &str, fill: Color32) {
    egui::Frame::NONE
        .fill(fill)
        .corner_radius(3)
        .inner_margin(egui::Margin::symmetric(6, 2))
        .show(ui, |ui| {
            ui.label(RichText::new(text).color(palette::INK).small());
        });
}
