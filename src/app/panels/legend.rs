//! The map's cartouche and legend, in the map's bottom-left corner as on a
//! printed map: the campaign's title and dates in the serif, a compass,
//! and a Legend that opens on every symbol, line, tone and ring the map
//! draws, with the keys that hide the counters and fit the map.

use bevy_egui::egui::{self, Align2, Color32, Pos2, Rect, Stroke, Vec2, pos2, vec2};

use crate::app::theme::link::HoverWords;
use crate::app::theme::{palette, scale};
use crate::campaign::{Campaign, Terrain};

/// The cartouche over the map's rectangle `map` (logical points).
pub(super) fn show(ctx: &egui::Context, map: Rect, c: &Campaign) {
    let id = egui::Id::new("map-legend-open");
    let mut open = ctx.data(|d| d.get_temp::<bool>(id).unwrap_or(false));
    egui::Area::new(egui::Id::new("map-cartouche"))
        .order(egui::Order::Middle)
        .fixed_pos(map.left_bottom() + vec2(scale::space::S, -scale::space::S))
        .pivot(Align2::LEFT_BOTTOM)
        .constrain_to(map)
        .show(ctx, |ui| {
            cartouche_frame().show(ui, |ui| {
                ui.set_max_width(legend_width(map));
                if open {
                    legend(ui);
                    ui.separator();
                }
                ui.horizontal(|ui| {
                    compass(ui);
                    let button = |ui: &mut egui::Ui, open: &mut bool| {
                        let word = if *open { "Legend ▾" } else { "Legend ▸" };
                        if ui
                            .small_button(word)
                            .on_hover_words("What the map's symbols, lines, tones and rings mean")
                            .clicked()
                        {
                            *open = !*open;
                        }
                    };
                    if map.width() < FULL_WIDTH {
                        // A small map keeps its corner: the compass and
                        // the legend's button only.
                        button(ui, &mut open);
                        return;
                    }
                    ui.vertical(|ui| {
                        ui.label(
                            egui::RichText::new(&c.name)
                                .font(scale::Type::Subheading.font())
                                .color(palette::INK),
                        );
                        ui.label(
                            egui::RichText::new(&c.dates)
                                .font(scale::Type::Caption.font())
                                .color(palette::INK_SOFT),
                        );
                        button(ui, &mut open);
                    });
                });
            });
        });
    ctx.data_mut(|d| d.insert_temp(id, open));
}

/// Below this width (logical points) the map's corner shows the compass
/// and the legend's button, not the title.
const FULL_WIDTH: f32 = 1000.0;

/// The legend's width: a column of its own, never wider than a third of
/// the map.
fn legend_width(map: Rect) -> f32 {
    (map.width() / 3.0).clamp(200.0, 300.0)
}

/// A printed map's cartouche: paper, an ink rule and a thin inner rule.
fn cartouche_frame() -> egui::Frame {
    egui::Frame::new()
        .fill(palette::PAPER_RAISED)
        .stroke(Stroke::new(1.5, palette::INK))
        .inner_margin(egui::Margin::same(scale::space::S as i8))
        .corner_radius(2)
}

/// A compass rose: a needle with its north half filled, and an N.
fn compass(ui: &mut egui::Ui) {
    let (rect, _) = ui.allocate_exact_size(vec2(30.0, 44.0), egui::Sense::hover());
    let p = ui.painter();
    let c = rect.center() + vec2(0.0, 5.0);
    let (r, w) = (15.0, 4.5);
    let n = c + vec2(0.0, -r);
    let s = c + vec2(0.0, r);
    let (e, west) = (c + vec2(w, 0.0), c + vec2(-w, 0.0));
    p.circle_stroke(c, r * 0.62, Stroke::new(1.0, palette::INK_SOFT));
    p.add(egui::Shape::convex_polygon(
        vec![n, e, c, west],
        palette::INK,
        Stroke::NONE,
    ));
    p.add(egui::Shape::convex_polygon(
        vec![s, west, c, e],
        palette::PAPER_RAISED,
        Stroke::new(1.0, palette::INK),
    ));
    p.text(
        rect.center_top(),
        Align2::CENTER_TOP,
        "N",
        scale::Type::Small.font(),
        palette::INK,
    );
}

/// One legend line: a drawn sample and its words.
fn row(ui: &mut egui::Ui, words: &str, draw: impl FnOnce(&egui::Painter, Rect)) {
    ui.horizontal(|ui| {
        let (rect, _) = ui.allocate_exact_size(vec2(34.0, 16.0), egui::Sense::hover());
        draw(ui.painter(), rect);
        crate::app::theme::link::words_styled(ui, words, |w| {
            egui::RichText::new(w).font(scale::Type::Small.font())
        });
    });
}

fn line(p: &egui::Painter, r: Rect, width: f32, color: Color32) {
    p.line_segment(
        [r.left_center(), r.right_center()],
        Stroke::new(width, color),
    );
}

fn dashed(p: &egui::Painter, r: Rect, width: f32, color: Color32, dash: f32, gap: f32) {
    p.add(egui::Shape::dashed_line(
        &[r.left_center(), r.right_center()],
        Stroke::new(width, color),
        dash,
        gap,
    ));
}

/// A diamond of half-diagonal `r` round `c` (a fort; the moved mark).
fn diamond(p: &egui::Painter, c: Pos2, r: f32, fill: Color32, edge: Stroke) {
    p.add(egui::Shape::convex_polygon(
        vec![
            c + vec2(0.0, -r),
            c + vec2(r, 0.0),
            c + vec2(0.0, r),
            c + vec2(-r, 0.0),
        ],
        fill,
        edge,
    ));
}

/// Every mark the map makes, drawn as the map draws it.
fn legend(ui: &mut egui::Ui) {
    ui.label(
        egui::RichText::new("Legend")
            .font(scale::Type::Subheading.font())
            .color(palette::INK),
    );
    row(ui, "Objective (3.1)", |p, r| {
        // As the map draws it: a gold star on a larger ink one.
        crate::app::theme::star(p, r.center(), 9.0, palette::INK);
        crate::app::theme::star(p, r.center(), 7.0, palette::MARKER);
    });
    row(ui, "City (7.6)", |p, r| {
        p.rect_filled(
            Rect::from_center_size(r.center(), Vec2::splat(8.0)),
            0,
            palette::INK,
        );
    });
    row(ui, "Fort (7.6)", |p, r| {
        diamond(p, r.center(), 6.0, palette::INK, Stroke::NONE);
    });
    row(ui, "Border: adjacent, a move may cross (2.1)", |p, r| {
        line(p, r, 1.0, palette::RULE)
    });
    row(ui, "Border: not adjacent, no move across", |p, r| {
        line(p, r, 3.0, palette::INK)
    });
    row(ui, "Adjacent areas whose shapes do not touch", |p, r| {
        dashed(p, r, 2.0, palette::INK_SOFT, 5.0, 4.0)
    });
    row(ui, "Battle Area's edge (2.3)", |p, r| {
        dashed(p, r, 2.4, palette::BATTLE_AREA, 6.0, 5.0)
    });
    row(ui, "River (crossings as the adjacency says)", |p, r| {
        p.line_segment(
            [r.left_center(), r.right_center()],
            Stroke::new(3.0, palette::RIVER),
        );
    });
    row(ui, "Road", |p, r| {
        line(p, r, 3.2, palette::ROAD);
        line(p, r, 1.2, palette::FARMLAND);
    });
    row(ui, "Railroad", |p, r| {
        line(p, r, 1.6, palette::RAILROAD);
        let mut x = r.left() + 3.0;
        while x < r.right() {
            p.line_segment(
                [pos2(x, r.center().y - 3.5), pos2(x, r.center().y + 3.5)],
                Stroke::new(1.2, palette::RAILROAD),
            );
            x += 8.0;
        }
    });
    ui.add_space(scale::space::XS);
    ui.horizontal_wrapped(|ui| {
        for t in Terrain::ALL {
            let (rect, _) = ui.allocate_exact_size(vec2(14.0, 14.0), egui::Sense::hover());
            ui.painter().rect(
                rect,
                1,
                palette::terrain(t),
                Stroke::new(1.0, palette::RULE),
                egui::StrokeKind::Inside,
            );
            ui.label(egui::RichText::new(t.name()).font(scale::Type::Small.font()));
        }
    });
    ui.add_space(scale::space::XS);
    let ring = |color: Color32, width: f32| {
        move |p: &egui::Painter, r: Rect| {
            let c = Rect::from_center_size(r.center(), vec2(14.0, 14.0));
            p.rect_filled(c, 0, palette::UNION);
            p.rect_stroke(c, 0, Stroke::new(width, color), egui::StrokeKind::Outside);
        }
    };
    row(ui, "Selected", ring(palette::SELECTED, 3.0));
    row(ui, "Can act in this question", ring(palette::CAN_ACT, 2.0));
    row(ui, "Moved in this step", |p, r| {
        let c = Rect::from_center_size(r.center(), vec2(14.0, 14.0));
        p.rect_filled(c, 0, palette::CONFEDERATE);
        let edge = Stroke::new(1.0, palette::INK);
        diamond(p, c.left_bottom(), 5.0, palette::MARKER, edge);
    });
    row(ui, "Reduced side: lighter, name on a band", |p, r| {
        let c = Rect::from_center_size(r.center(), vec2(14.0, 14.0));
        p.rect_filled(c, 0, palette::UNION_LIGHT);
        p.rect_filled(
            Rect::from_min_size(c.min, vec2(14.0, 4.0)),
            0,
            palette::UNION,
        );
    });
    ui.label(
        egui::RichText::new(
            "Rest the pointer on a stack to fan it out. Hold H to hide the counters; F fits the whole map.",
        )
        .font(scale::Type::Small.font())
        .color(palette::INK_SOFT),
    );
}
