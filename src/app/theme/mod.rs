//! The design system (issue 46): one palette ([`palette`]), the faces
//! and their families ([`fonts`]), the type and spacing scales
//! ([`scale`]), egui's `Visuals` and `Style` built from them ([`style`]),
//! and the proof of their contrast ([`contrast`]). `docs/design.md` shows
//! them all. Confederate grey and Union blue are told apart by lightness
//! as well as hue, and every status also has a word or symbol, so the
//! window reads for colour-blind players too.

pub mod contrast;
pub mod doc;
pub mod fonts;
pub mod link;
pub mod palette;
pub mod scale;
mod specimen;
pub mod style;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

pub use specimen::DesignSheet;

/// The colour the window's picture is cleared to: the panels' fill, so
/// that the game screen's panels can be left unfilled over it (see
/// [`unfilled_panel`]).
pub const PANEL: Color = palette::bevy(palette::PAPER);

/// The frame of a panel around the map, without its fill: the picture under
/// it is already cleared to [`PANEL`]. A software renderer shades every
/// pixel egui paints, and the panels cover half the window (`fcrel
/// --frame-times`: 57 → 50 ms a frame while a Union turn unrolls, the map
/// painting its own water).
pub fn unfilled_panel(style: &egui::Style) -> egui::Frame {
    egui::Frame::side_top_panel(style).fill(egui::Color32::TRANSPARENT)
}

pub(super) fn plugin(app: &mut App) {
    fonts::install(app);
    app.add_systems(EguiPrimaryContextPass, (apply, specimen::show));
}

/// The fonts and the style, once the egui context exists.
fn apply(mut contexts: EguiContexts, mut done: Local<bool>) -> Result {
    if *done {
        return Ok(());
    }
    style::apply(contexts.ctx_mut()?);
    *done = true;
    Ok(())
}

/// An egui context with the theme's fonts and style, as the window has
/// (for tests that draw the screens headless).
#[cfg(test)]
pub fn themed_context() -> egui::Context {
    let ctx = egui::Context::default();
    style::apply(&ctx);
    ctx
}

/// The texts a headless draw painted, in order (for tests).
#[cfg(test)]
pub fn drawn_texts(shapes: &[egui::epaint::ClippedShape]) -> Vec<String> {
    shapes
        .iter()
        .filter_map(|c| match &c.shape {
            egui::epaint::Shape::Text(t) => Some(t.galley.text().to_string()),
            _ => None,
        })
        .collect()
}

/// A root `Ui` over the whole window, for panels (egui 0.36). Its
/// background is declared (not painted) as the colour the picture is
/// cleared to, so that what egui blends against it (the fades of scroll
/// areas) matches in unfilled panels (`theme::unfilled_panel`).
pub fn root_ui(ctx: &egui::Context, id: &'static str) -> egui::Ui {
    let background = egui::Frame::NONE.fill(palette::PAPER);
    egui::Ui::new(
        ctx.clone(),
        egui::Id::new(id),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect())
            .ui_stack_info(egui::UiStackInfo::default().with_frame(background)),
    )
}

/// One chronicle line; a roll explains itself on hover: the die, its
/// target with the printed value and each modifier, the outcome and rule;
/// a Union order's route shows on the map. The line takes clicks (the
/// Chronicle's context menu: "Play on from here").
pub fn chronicle_entry(
    ui: &mut egui::Ui,
    e: &crate::chronicle::Entry,
    size: f32,
) -> egui::Response {
    let line = e.line();
    // Every rule number in the line (its own, its modifiers') is a link
    // (`panels::reference::rule_link`); the words take the line's clicks.
    let book = crate::reference::bundled();
    // A point inside the room: the pieces' widths round up, and the line
    // must never widen its panel.
    let room = egui::vec2((ui.available_width() - 1.0).max(0.0), 0.0);
    let wrapped = egui::Layout::left_to_right(egui::Align::TOP).with_main_wrap(true);
    let row = ui.allocate_ui_with_layout(room, wrapped, |ui| {
        ui.spacing_mut().item_spacing.x = 0.0;
        ui.style_mut().override_font_id = Some(egui::FontId::monospace(size));
        let mut resp: Option<egui::Response> = None;
        for piece in crate::reference::pieces(&line, |n| book.knows(n)) {
            let r = match piece {
                crate::reference::Piece::Words(w) => ui.add(
                    egui::Label::new(egui::RichText::new(w).monospace().size(size))
                        .sense(egui::Sense::click()),
                ),
                crate::reference::Piece::Rule(n) => {
                    link::rule_link(ui, n);
                    continue;
                }
            };
            resp = Some(match resp {
                Some(all) => all.union(r),
                None => r,
            });
        }
        resp
    });
    let mut resp = row.inner.unwrap_or(row.response.clone());
    resp.rect = row.response.rect;
    // A Union order hovered: the map shows its route (`map::route`).
    if resp.hovered() {
        hovered(ui.ctx(), &line);
    }
    if let Some(r) = &e.roll {
        return resp.on_hover_ui(|ui| {
            link::words(ui, &format!("Rolled {} for: {}", r.die, e.text));
            if let (Some(t), Some((_, base))) = (r.target, &r.base) {
                link::words(ui, &format!("Target {t}: {base}"));
                for m in &r.modifiers {
                    link::words(ui, &format!("  {}", m.describe()));
                }
                link::words(
                    ui,
                    "A natural 1 always succeeds, a natural 10 always fails (4.5).",
                );
            }
            link::words(ui, &format!("Result: {} — rule {}", r.outcome, e.rule));
        });
    }
    resp
}

/// Where in egui's memory the hovered line is kept (a Union order's
/// line in the Union turn's report or the chronicle: `map::route` draws
/// its route).
fn key() -> egui::Id {
    egui::Id::new("fcrel-hovered-order-line")
}

/// Say that the pointer is on `line` (a line of the Union turn's report
/// or of the chronicle) in this pass.
pub fn hovered(ctx: &egui::Context, line: &str) {
    let pass = ctx.cumulative_pass_nr();
    ctx.data_mut(|d| d.insert_temp(key(), (pass, line.to_string())));
}

/// The line the pointer was on in the last pass, if any.
pub fn hovered_line(ctx: &egui::Context) -> Option<String> {
    let now = ctx.cumulative_pass_nr();
    let (pass, line) = ctx.data(|d| d.get_temp::<(u64, String)>(key()))?;
    (pass + 1 >= now).then_some(line)
}

pub use crate::chronicle::counted;

/// "2,000".
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A five-pointed star at `c`, of outer radius `radius`: ten triangles
/// (egui fills only convex shapes). The sheet's objectives and Lee, the
/// map's legend.
pub fn star(painter: &egui::Painter, c: egui::Pos2, radius: f32, fill: egui::Color32) {
    let point = |tip: usize, r: f32| {
        let a = -std::f32::consts::FRAC_PI_2 + tip as f32 * std::f32::consts::PI / 5.0;
        c + egui::Vec2::new(a.cos(), a.sin()) * r
    };
    for k in 0..10 {
        let (r0, r1) = if k % 2 == 0 {
            (radius, radius * 0.42)
        } else {
            (radius * 0.42, radius)
        };
        painter.add(egui::Shape::convex_polygon(
            vec![c, point(k, r0), point(k + 1, r1)],
            fill,
            egui::Stroke::NONE,
        ));
    }
}
