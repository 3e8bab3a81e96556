//! The sheet's printed parts: the Basic sheet's six Regions as bands
//! with their names and capacities (4.2, 10.2.4) and Melee marked (11.5);
//! the Advanced sheet's Rows, Column numbers and Squares (A10.2.14,
//! A11.0.1), the Union Objective Markers, the Squares a question offers
//! (answering a click); Lee's box (10.2.17).

use std::sync::Arc;

use bevy_egui::egui::{self, Align2, FontId, Galley, Pos2, Rect, Sense, Stroke, StrokeKind, Vec2};

use super::geometry::{Geometry, TOP_DOWN, WIDE_LABEL_W};
use super::offer::{Offer, SheetInput};
use super::palette::{AIM, BAND_CONFEDERATE, BAND_UNION, BLUE, INK, MELEE, OFFER, ON_DARK, RED};
use crate::campaign::Side;
use crate::rules::battle::ground::Square;
use crate::rules::battle::record::SheetView;
use crate::rules::board::Board;

/// The Basic sheet's six Regions as bands, with their names and capacities.
pub(super) fn bands(painter: &egui::Painter, g: &Geometry, sheet: &SheetView) {
    for (i, (region, full)) in TOP_DOWN.iter().zip(g.bands).enumerate() {
        let melee = sheet
            .units
            .iter()
            .any(|u| u.region == *region && u.in_melee);
        let fill = if melee {
            MELEE
        } else if i < 3 {
            BAND_UNION
        } else {
            BAND_CONFEDERATE
        };
        painter.rect_filled(full.shrink(1.0), 2.0, fill);
        let lbl = Rect::from_min_size(full.min, Vec2::new(g.label_w, full.height()));
        // 10.2.4's limit, shorter in a narrow label column.
        let cap = match (region.capacity(), g.label_w < 130.0) {
            (Some(n), false) => format!("at most {n} Mobile Forces a side"),
            (Some(n), true) => format!("at most {n} a side"),
            (None, _) => "no limit".to_string(),
        };
        // Wrapped to the label column, so that no counter covers it.
        let wrap = (g.label_w - 12.0).max(20.0);
        let (name, cap) = name_and_note(painter, region.name(), 14.0, (cap, 10.5), wrap);
        let name_h = name.size().y;
        let top = lbl.center().y - (name_h + 2.0 + cap.size().y) / 2.0;
        painter.galley(Pos2::new(lbl.left() + 8.0, top), name, INK);
        painter.galley(Pos2::new(lbl.left() + 8.0, top + name_h + 2.0), cap, INK);
        if melee {
            painter.text(
                full.right_top() + Vec2::new(-g.lee_w - 8.0, 4.0),
                Align2::RIGHT_TOP,
                "MELEE (11.5)",
                FontId::proportional(12.0),
                RED,
            );
        }
        if i == 3 {
            // The line between the armies' halves of the sheet.
            painter.line_segment(
                [full.left_top(), full.right_top()],
                Stroke::new(2.0, INK.gamma_multiply(0.6)),
            );
        }
    }
}

/// A label column's two lines, wrapped to `wrap`: the name in ink at
/// `size`, the note under it paler at its own size.
fn name_and_note(
    painter: &egui::Painter,
    name: &str,
    size: f32,
    (note, note_size): (String, f32),
    wrap: f32,
) -> (Arc<Galley>, Arc<Galley>) {
    let name = painter.layout(name.to_string(), FontId::proportional(size), INK, wrap);
    let note = painter.layout(
        note,
        FontId::proportional(note_size),
        INK.gamma_multiply(0.7),
        wrap,
    );
    (name, note)
}

/// What the Advanced sheet's Rows are for at set-up (A10.2.14).
fn row_note(row: usize) -> &'static str {
    match row {
        0 => "Union Static; overflow",
        1 => "Union set-up",
        2 => "Union overflow",
        3 => "Front Insight; overflow",
        4 => "Confederate set-up",
        _ => "Static; set-up",
    }
}

/// The Advanced sheet's Rows and Squares: each Row's letter and Region,
/// the Column numbers, the Squares tinted by the army whose half they are
/// in (Melee Squares as the Basic sheet's Melee bands), each named in its
/// corner; the Squares offered highlighted, answering a click.
pub(super) fn squares(
    ui: &mut egui::Ui,
    painter: &egui::Painter,
    g: &Geometry,
    sheet: &SheetView,
    offer: &Offer,
    input: &mut SheetInput,
) {
    row_labels(ui, painter, g);
    column_numbers(ui, painter, g);
    for (square, cell) in &g.cells {
        square_cell(ui, painter, sheet, offer, *square, *cell, input);
    }
    // The line between the armies' halves of the sheet.
    let mid = g.bands[3];
    painter.line_segment(
        [mid.left_top(), mid.right_top() - Vec2::new(g.lee_w, 0.0)],
        Stroke::new(2.0, INK.gamma_multiply(0.6)),
    );
}

/// Each Row's letter and Region, and what it is for at set-up; on the
/// modified sheet the letter only, the rest on hover.
fn row_labels(ui: &mut egui::Ui, painter: &egui::Painter, g: &Geometry) {
    for (i, (region, full)) in TOP_DOWN.iter().zip(g.bands).enumerate() {
        let fill = if i < 3 { BAND_UNION } else { BAND_CONFEDERATE };
        let lbl = Rect::from_min_size(full.min, Vec2::new(g.label_w, full.height()));
        painter.rect_filled(lbl.shrink(1.0), 2.0, fill);
        let letter = char::from(b'A' + i as u8).to_string();
        if g.label_w <= WIDE_LABEL_W {
            // The modified sheet: the letter, its Region on hover.
            painter.text(
                lbl.center(),
                Align2::CENTER_CENTER,
                &letter,
                FontId::proportional(22.0),
                INK,
            );
            ui.interact(lbl, ui.id().with(("row", i)), Sense::hover())
                .on_hover_text(format!(
                    "Row {letter}: the {} ({}; A10.2.14).",
                    region.name(),
                    row_note(i)
                ));
            continue;
        }
        painter.text(
            lbl.left_center() + Vec2::new(8.0, 0.0),
            Align2::LEFT_CENTER,
            letter,
            FontId::proportional(26.0),
            INK,
        );
        // The Region the Row stands for, and what it is for at set-up,
        // wrapped to the label column.
        let wrap = (g.label_w - 36.0).max(40.0);
        let (name, note) = name_and_note(
            painter,
            region.name(),
            12.5,
            (row_note(i).to_string(), 10.0),
            wrap,
        );
        let h = name.size().y + 2.0 + note.size().y;
        let top = lbl.left_center() + Vec2::new(32.0, -h / 2.0);
        let below = top + Vec2::new(0.0, name.size().y + 2.0);
        painter.galley(top, name, INK);
        painter.galley(below, note, INK);
    }
}

/// The Column numbers above Row A, range explained on hover (A11.0.1).
fn column_numbers(ui: &mut egui::Ui, painter: &egui::Painter, g: &Geometry) {
    if let Some(n) = g.numbers {
        let columns = g.columns();
        let w = n.width() / f32::from(columns);
        for c in 0..columns {
            let at = painter.text(
                Pos2::new(n.left() + w * (f32::from(c) + 0.5), n.center().y),
                Align2::CENTER_CENTER,
                (c + 1).to_string(),
                FontId::proportional(13.0),
                INK,
            );
            ui.interact(at, ui.id().with(("column", c)), Sense::hover())
                .on_hover_text(format!(
                    "Column {} (A10.2.14). Range counts Squares in any direction, diagonals too: the larger of the Rows and Columns between two Forces (A11.0.1).",
                    c + 1
                ));
        }
    }
}

/// One Square: tinted by the army whose half it is in, or as Melee; a
/// Union Objective Marker; offered, highlighted and answering a click;
/// its name in its corner.
fn square_cell(
    ui: &mut egui::Ui,
    painter: &egui::Painter,
    sheet: &SheetView,
    offer: &Offer,
    square: Square,
    cell: Rect,
    input: &mut SheetInput,
) {
    let melee = sheet
        .units
        .iter()
        .any(|u| u.square == Some(square) && u.in_melee)
        || [Side::Union, Side::Confederate].iter().all(|side| {
            sheet
                .units
                .iter()
                .any(|u| u.square == Some(square) && u.side == *side)
        });
    let fill = if melee {
        MELEE
    } else if square.row() < 3 {
        BAND_UNION
    } else {
        BAND_CONFEDERATE
    };
    painter.rect_filled(cell.shrink(1.0), 2.0, fill);
    painter.rect_stroke(
        cell.shrink(1.0),
        2.0,
        Stroke::new(1.0, INK.gamma_multiply(0.25)),
        StrokeKind::Inside,
    );
    if sheet.objectives.contains(&square) {
        objective(ui, painter, square, cell);
    }
    if melee {
        painter.text(
            cell.left_bottom() + Vec2::new(4.0, -2.0),
            Align2::LEFT_BOTTOM,
            "MELEE",
            FontId::proportional(9.5),
            RED,
        );
    }
    if offer.squares.contains(&square) {
        offered(ui, painter, sheet, offer, square, cell, input);
    }
    painter.text(
        cell.right_top() + Vec2::new(-4.0, 3.0),
        Align2::RIGHT_TOP,
        square.name(),
        FontId::proportional(10.0),
        INK.gamma_multiply(0.5),
    );
}

/// A Union Objective Marker (stand-alone battles) in the Square's corner.
fn objective(ui: &mut egui::Ui, painter: &egui::Painter, square: Square, cell: Rect) {
    // A Union Objective Marker (stand-alone battles).
    let at = cell.right_bottom() + Vec2::new(-10.0, -10.0);
    painter.circle_stroke(at, 7.0, Stroke::new(2.0, BLUE));
    painter.text(
        at,
        Align2::CENTER_CENTER,
        "O",
        FontId::proportional(9.0),
        BLUE,
    );
    ui.interact(
        Rect::from_center_size(at, Vec2::splat(16.0)),
        ui.id().with(("objective", square.name())),
        Sense::hover(),
    )
    .on_hover_text("A Union Objective Marker: the Union Advances toward it on an odd d10, and a Union Force on it Holds (Union Objective Markers).");
}

/// A Square the question offers: highlighted (more when hovered or
/// chosen), its verb written in it when empty; a click picks it.
fn offered(
    ui: &mut egui::Ui,
    painter: &egui::Painter,
    sheet: &SheetView,
    offer: &Offer,
    square: Square,
    cell: Rect,
    input: &mut SheetInput,
) {
    let resp = ui.interact(
        cell,
        ui.id().with(("square", square.name())),
        Sense::click(),
    );
    let chosen = offer.chosen.as_ref().is_some_and(|(s, _)| *s == square);
    let strength = if resp.hovered() || chosen { 0.75 } else { 0.4 };
    painter.rect_filled(cell.shrink(3.0), 4.0, OFFER.gamma_multiply(strength));
    painter.rect_stroke(
        cell.shrink(3.0),
        4.0,
        Stroke::new(if chosen { 3.5 } else { 2.0 }, AIM),
        StrokeKind::Inside,
    );
    let empty = !sheet.units.iter().any(|u| u.square == Some(square));
    if empty {
        painter.text(
            cell.center(),
            Align2::CENTER_CENTER,
            &offer.verb,
            FontId::proportional(11.5),
            INK,
        );
    }
    if resp.hovered() {
        ui.ctx().set_cursor_icon(egui::CursorIcon::PointingHand);
    }
    if resp
        .on_hover_text(format!("Square {}: {}", square.name(), offer.verb))
        .clicked()
    {
        input.square = Some(square);
    }
}

/// Lee's box beside the Confederate Reserve and Approach (10.2.17, A10.2.14).
pub(super) fn lee_box(
    ui: &mut egui::Ui,
    painter: &egui::Painter,
    board: &Board,
    g: &Geometry,
    sheet: &SheetView,
) {
    let lee_box = Rect::from_min_max(
        Pos2::new(g.body.right() - g.lee_w + 6.0, g.bands[4].top() + 6.0),
        Pos2::new(g.body.right() - 6.0, g.body.bottom() - 6.0),
    );
    painter.rect_stroke(lee_box, 4.0, Stroke::new(1.5, INK), StrokeKind::Inside);
    painter.text(
        lee_box.center_top() + Vec2::new(0.0, 6.0),
        Align2::CENTER_TOP,
        "Robert E. Lee",
        FontId::proportional(12.0),
        INK,
    );
    if sheet.lee {
        let r = Rect::from_center_size(lee_box.center() + Vec2::new(0.0, 8.0), Vec2::splat(44.0));
        painter.rect_filled(
            r,
            3.0,
            crate::app::theme::palette::army_chip(Side::Confederate),
        );
        painter.text(
            r.center(),
            Align2::CENTER_CENTER,
            format!("Lee\n{}", board.campaign.lee.command_rating),
            FontId::proportional(13.0),
            ON_DARK,
        );
        ui.interact(r, ui.id().with("lee-box"), Sense::hover())
            .on_hover_text(format!(
                "Robert E. Lee is with the army (10.2.17): Command Rating {} sets the Battle Plan Quantity (10.2.10) and the target of Insight rolls (12.1).",
                board.campaign.lee.command_rating
            ));
    } else {
        painter.text(
            lee_box.center(),
            Align2::CENTER_CENTER,
            "absent",
            FontId::proportional(12.0),
            INK.gamma_multiply(0.6),
        );
    }
}
