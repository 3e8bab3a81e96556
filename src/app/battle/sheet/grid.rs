//! The sheet's printed parts: the rail naming the Regions or Rows, the
//! two armies' halves and the lines between them; the Basic sheet's six
//! Regions as bands with their names and capacities (4.2, 10.2.4) and
//! Melee marked (11.5);
//! the Advanced sheet's Rows, Column numbers and Squares (A10.2.14,
//! A11.0.1), the Union Objective Markers, the Squares a question offers
//! (answering a click); Lee's box (10.2.17).

use std::sync::Arc;

use bevy_egui::egui::{
    self, Align2, Color32, FontId, Galley, Pos2, Rect, Sense, Stroke, StrokeKind, Vec2,
};

use super::geometry::{Geometry, TOP_DOWN, WIDE_LABEL_W};
use super::offer::{Offer, SheetInput};
use super::palette::{AIM, BAND_CONFEDERATE, BAND_UNION, BLUE, INK, MELEE, OFFER, ON_DARK, RED};
use crate::app::theme::link::HoverWords;
use crate::app::theme::palette::{INK_SOFT, MARKER, PAPER, RULE, UNION_DARK, army_chip};
use crate::campaign::Side;
use crate::rules::battle::ground::Square;
use crate::rules::battle::record::SheetView;
use crate::rules::board::Board;

/// The Basic sheet's six Regions as bands, each named on the rail with
/// its capacity.
pub(super) fn bands(painter: &egui::Painter, g: &Geometry, sheet: &SheetView) {
    let ctx = painter.ctx();
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
        painter.rect_filled(full, 0.0, fill);
        crate::app::tutorial_hooks::mark(ctx, crate::app::tutorial_hooks::SHEET_BANDS[i], full);
        let lbl = rail_cell(painter, g, i);
        // 10.2.4's limit, shorter in a narrow label column.
        let cap = match (region.capacity(), lbl.width() < 110.0) {
            (Some(n), false) => format!("at most {n} Mobile Forces a side"),
            (Some(n), true) => format!("at most {n} a side"),
            (None, _) => "no limit".to_string(),
        };
        // Wrapped to the rail, so that no counter covers it; the limit
        // said shorter where the band is short.
        let wrap = (lbl.width() - 12.0).max(20.0);
        let (mut name, mut cap) = name_and_note(painter, region.name(), 15.0, (cap, 10.5), wrap);
        if name.size().y + cap.size().y > lbl.height() - 6.0
            && let Some(n) = region.capacity()
        {
            (name, cap) = name_and_note(
                painter,
                region.name(),
                15.0,
                (format!("at most {n} a side"), 10.5),
                wrap,
            );
        }
        let name_h = name.size().y;
        let top = lbl.center().y - (name_h + 1.0 + cap.size().y) / 2.0;
        painter.galley(Pos2::new(lbl.left() + 7.0, top), name, ON_DARK);
        painter.galley(
            Pos2::new(lbl.left() + 7.0, top + name_h + 1.0),
            cap,
            ON_DARK,
        );
        if melee {
            painter.text(
                full.right_top() + Vec2::new(-g.lee_w - 8.0, 4.0),
                Align2::RIGHT_TOP,
                "MELEE (11.5)",
                super::palette::bold(ctx, 12.0),
                RED,
            );
        }
    }
    army_names(painter, g);
    sheet_frame(painter, g);
}

/// The rail's cell of band `i` (0 the Union Reserve): in its army's dark
/// tone, the army's name along the rail's edge; where its words go.
fn rail_cell(painter: &egui::Painter, g: &Geometry, i: usize) -> Rect {
    let full = g.bands[i];
    let lbl = Rect::from_min_size(full.min, Vec2::new(g.label_w, full.height()));
    let side = if i < 3 {
        Side::Union
    } else {
        Side::Confederate
    };
    painter.rect_filled(lbl, 0.0, army_chip(side));
    if !i.is_multiple_of(3) {
        // A hairline between two Regions of one army.
        painter.line_segment(
            [lbl.left_top(), lbl.right_top()],
            Stroke::new(1.0, ON_DARK.gamma_multiply(0.45)),
        );
    }
    if g.label_w < ARMY_STRIP_MIN {
        return lbl;
    }
    // The army's name along the rail, once for its three bands.
    let strip = Rect::from_min_max(lbl.min, Pos2::new(lbl.left() + ARMY_STRIP, lbl.bottom()));
    painter.rect_filled(strip, 0.0, army_strip(side));
    Rect::from_min_max(Pos2::new(strip.right(), lbl.top()), lbl.max)
}

/// Each army's name along its half of the rail, over the rail's cells.
fn army_names(painter: &egui::Painter, g: &Geometry) {
    if g.label_w < ARMY_STRIP_MIN {
        return;
    }
    for (side, first) in [(Side::Union, 0), (Side::Confederate, 3)] {
        let half = Rect::from_min_max(
            g.bands[first].min,
            Pos2::new(
                g.bands[first].left() + ARMY_STRIP,
                g.bands[first + 2].bottom(),
            ),
        );
        let word = match side {
            Side::Union => "UNION",
            Side::Confederate => "CONFEDERATE",
        };
        let galley = painter.layout_no_wrap(
            spaced(word),
            super::palette::serif_bold(painter.ctx(), 12.0),
            ON_DARK,
        );
        let size = galley.size();
        let at = Pos2::new(
            half.center().x - size.y / 2.0,
            half.center().y + size.x / 2.0,
        );
        painter.add(
            egui::epaint::TextShape::new(at, galley, ON_DARK)
                .with_angle(-std::f32::consts::FRAC_PI_2),
        );
    }
}

/// "U N I O N": a printed sheet's letter-spaced capitals.
fn spaced(word: &str) -> String {
    word.chars()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join("\u{2009}")
}

/// The rail's army strip, and the rail's least width for one.
const ARMY_STRIP: f32 = 16.0;
const ARMY_STRIP_MIN: f32 = 90.0;

/// The army strip's tone: darker than the rail.
fn army_strip(side: Side) -> Color32 {
    match side {
        Side::Union => UNION_DARK,
        Side::Confederate => INK,
    }
}

/// The printed sheet's lines over its bands: a hairline between two
/// Regions of one army, the double rule of the line between the armies'
/// halves, the sheet's edge.
fn sheet_frame(painter: &egui::Painter, g: &Geometry) {
    let rule = Stroke::new(1.0, RULE);
    for i in [1, 2, 4, 5] {
        let b = g.bands[i];
        painter.line_segment(
            [
                Pos2::new(b.left() + g.label_w, b.top()),
                Pos2::new(b.right() - g.lee_w, b.top()),
            ],
            rule,
        );
    }
    // The line between the halves: thick over thin, across the rail too.
    let y = g.bands[3].top();
    let (l, r) = (g.body.left(), g.body.right());
    painter.line_segment(
        [Pos2::new(l, y - 1.0), Pos2::new(r, y - 1.0)],
        Stroke::new(2.5, INK),
    );
    painter.line_segment(
        [Pos2::new(l + g.label_w, y + 3.0), Pos2::new(r, y + 3.0)],
        Stroke::new(1.0, INK),
    );
    let sheet = Rect::from_min_max(g.bands[0].min, g.bands[5].max);
    painter.rect_stroke(sheet, 0.0, Stroke::new(1.5, INK), StrokeKind::Inside);
    // The rail's edge.
    painter.line_segment(
        [
            Pos2::new(sheet.left() + g.label_w, sheet.top()),
            Pos2::new(sheet.left() + g.label_w, sheet.bottom()),
        ],
        Stroke::new(1.5, INK),
    );
}

/// A label column's two lines, wrapped to `wrap`: the name in the serif
/// at `size`, the note under it in the sans at its own size.
fn name_and_note(
    painter: &egui::Painter,
    name: &str,
    size: f32,
    (note, note_size): (String, f32),
    wrap: f32,
) -> (Arc<Galley>, Arc<Galley>) {
    let ctx = painter.ctx();
    let name = painter.layout(
        name.to_string(),
        super::palette::serif_bold(ctx, size),
        ON_DARK,
        wrap,
    );
    let note = painter.layout(note, FontId::proportional(note_size), ON_DARK, wrap);
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
    // The Lee column of the Rows, in each half's tone.
    for (i, full) in g.bands.iter().enumerate() {
        if g.lee_w > 0.0 {
            let fill = if i < 3 { BAND_UNION } else { BAND_CONFEDERATE };
            let col = Rect::from_min_max(Pos2::new(full.right() - g.lee_w, full.top()), full.max);
            painter.rect_filled(col, 0.0, fill);
        }
    }
    row_labels(ui, painter, g);
    column_numbers(ui, painter, g);
    // A lesson card can point at a Row (by its Region) or a Square.
    let ctx = painter.ctx();
    for (name, full) in crate::app::tutorial_hooks::SHEET_BANDS.iter().zip(&g.bands) {
        crate::app::tutorial_hooks::mark(ctx, name, *full);
    }
    for (square, cell) in &g.cells {
        crate::app::tutorial_hooks::mark(
            ctx,
            &crate::app::tutorial_hooks::square_element(&square.name()),
            *cell,
        );
        square_cell(ui, painter, sheet, offer, *square, *cell, input);
        // A Square pointed at that the question does not offer: the
        // decision panel says why (`rules::why::square`).
        if !offer.squares.is_empty()
            && !offer.squares.contains(square)
            && ui.rect_contains_pointer(*cell)
        {
            input.unoffered = Some(*square);
        }
    }
    sheet_frame(painter, g);
}

/// Each Row's letter and Region on the rail, and what it is for at
/// set-up; on the modified sheet the letter only, the rest on hover.
fn row_labels(ui: &mut egui::Ui, painter: &egui::Painter, g: &Geometry) {
    let ctx = painter.ctx().clone();
    for (i, region) in TOP_DOWN.iter().enumerate() {
        let lbl = rail_cell(painter, g, i);
        let letter = char::from(b'A' + i as u8).to_string();
        if g.label_w <= WIDE_LABEL_W {
            // The modified sheet: the letter, its Region on hover.
            painter.text(
                lbl.center(),
                Align2::CENTER_CENTER,
                &letter,
                super::palette::serif_bold(&ctx, 22.0),
                ON_DARK,
            );
            ui.interact(lbl, ui.id().with(("row", i)), Sense::hover())
                .on_hover_words(format!(
                    "Row {letter}: the {} ({}; A10.2.14).",
                    region.name(),
                    row_note(i)
                ));
            continue;
        }
        painter.text(
            lbl.left_center() + Vec2::new(6.0, 0.0),
            Align2::LEFT_CENTER,
            letter,
            super::palette::serif_bold(&ctx, 26.0),
            ON_DARK,
        );
        // The Region the Row stands for, and what it is for at set-up,
        // wrapped to the rail.
        let wrap = (lbl.width() - 34.0).max(40.0);
        let (name, note) = name_and_note(
            painter,
            region.name(),
            13.5,
            (row_note(i).to_string(), 10.0),
            wrap,
        );
        let h = name.size().y + 1.0 + note.size().y;
        let top = lbl.left_center() + Vec2::new(28.0, -h / 2.0);
        let below = top + Vec2::new(0.0, name.size().y + 1.0);
        painter.galley(top, name, ON_DARK);
        painter.galley(below, note, ON_DARK);
    }
    army_names(painter, g);
}

/// The Column numbers above Row A, range explained on hover (A11.0.1).
fn column_numbers(ui: &mut egui::Ui, painter: &egui::Painter, g: &Geometry) {
    if let Some(n) = g.numbers {
        let columns = g.columns();
        let w = n.width() / f32::from(columns);
        painter.line_segment([n.left_bottom(), n.right_bottom()], Stroke::new(1.0, INK));
        for c in 0..columns {
            let at = painter.text(
                Pos2::new(n.left() + w * (f32::from(c) + 0.5), n.center().y),
                Align2::CENTER_CENTER,
                (c + 1).to_string(),
                super::palette::bold(painter.ctx(), 13.0),
                INK,
            );
            ui.interact(at, ui.id().with(("column", c)), Sense::hover())
                .on_hover_words(format!(
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
    painter.rect_filled(cell, 0.0, fill);
    painter.rect_stroke(cell, 0.0, Stroke::new(1.0, RULE), StrokeKind::Middle);
    if sheet.objectives.contains(&square) {
        objective(ui, painter, square, cell);
    }
    if melee {
        painter.text(
            cell.left_bottom() + Vec2::new(4.0, -2.0),
            Align2::LEFT_BOTTOM,
            "MELEE",
            super::palette::bold(painter.ctx(), 9.5),
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
        INK_SOFT,
    );
}

/// A Union Objective Marker (stand-alone battles) in the Square's corner.
fn objective(ui: &mut egui::Ui, painter: &egui::Painter, square: Square, cell: Rect) {
    // A Union Objective Marker (stand-alone battles).
    let at = cell.right_bottom() + Vec2::new(-11.0, -11.0);
    painter.circle_filled(at + Vec2::splat(1.0), 8.0, INK.gamma_multiply(0.25));
    painter.circle_filled(at, 8.5, INK);
    painter.circle_filled(at, 7.5, BLUE);
    crate::app::theme::star(painter, at, 6.0, ON_DARK);
    ui.interact(
        Rect::from_center_size(at, Vec2::splat(16.0)),
        ui.id().with(("objective", square.name())),
        Sense::hover(),
    )
    .on_hover_words("A Union Objective Marker: the Union Advances toward it on an odd d10, and a Union Force on it Holds (Union Objective Markers).");
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
        .on_hover_words(format!("Square {}: {}", square.name(), offer.verb))
        .clicked()
    {
        input.square = Some(square);
    }
}

/// Lee's box beside the Confederate Reserve and Approach (10.2.17,
/// A10.2.14): a printed box with its title, Lee's counter in it when he
/// is with the army (a star, his name and Command Rating), else the empty
/// place of his counter.
pub(super) fn lee_box(
    ui: &mut egui::Ui,
    painter: &egui::Painter,
    board: &Board,
    g: &Geometry,
    sheet: &SheetView,
) {
    let ctx = painter.ctx().clone();
    let lee_box = Rect::from_min_max(
        Pos2::new(g.body.right() - g.lee_w + 6.0, g.bands[4].top() + 6.0),
        Pos2::new(g.body.right() - 6.0, g.bands[5].bottom() - 6.0),
    );
    painter.rect_filled(lee_box, 2.0, PAPER);
    super::double_edge(painter, lee_box, INK, (1.5, 0.75), 3.5);
    let title = painter.text(
        lee_box.center_top() + Vec2::new(0.0, 8.0),
        Align2::CENTER_TOP,
        "Robert E. Lee",
        super::palette::serif_bold(&ctx, 14.0),
        INK,
    );
    painter.text(
        title.center_bottom() + Vec2::new(0.0, 1.0),
        Align2::CENTER_TOP,
        "Lee's box (10.2.17)",
        super::palette::italic(&ctx, 11.0),
        INK_SOFT,
    );
    let side = (lee_box.width() - 28.0)
        .min(lee_box.height() - 58.0)
        .clamp(30.0, 58.0);
    let below = title.bottom() + 16.0;
    let centre = Pos2::new(lee_box.center().x, (below + lee_box.bottom() - 6.0) / 2.0);
    let r = Rect::from_center_size(centre, Vec2::splat(side));
    if sheet.lee {
        lee_counter(painter, r, board.campaign.lee.command_rating);
        ui.interact(r, ui.id().with("lee-box"), Sense::hover())
            .on_hover_words(format!(
                "Robert E. Lee is with the army (10.2.17): Command Rating {} sets the Battle Plan Quantity (10.2.10) and the target of Insight rolls (12.1).",
                board.campaign.lee.command_rating
            ));
    } else {
        super::counters::dashed_rect(painter, r, Stroke::new(1.0, INK_SOFT));
        painter.text(
            r.center(),
            Align2::CENTER_CENTER,
            "absent",
            super::palette::italic(&ctx, 12.0),
            INK_SOFT,
        );
    }
}

/// Lee's counter: the Confederate plate with a star, his name and his
/// Command Rating.
fn lee_counter(painter: &egui::Painter, r: Rect, rating: impl std::fmt::Display) {
    let ctx = painter.ctx();
    painter.rect_filled(
        r.expand(1.5).translate(Vec2::splat(1.5)),
        3.0,
        INK.gamma_multiply(0.22),
    );
    painter.rect_filled(r.expand(1.5), 3.0, INK);
    painter.rect_filled(r, 3.0, army_chip(Side::Confederate));
    let s = r.height();
    crate::app::theme::star(
        painter,
        r.center_top() + Vec2::new(0.0, s * 0.2),
        s * 0.14,
        MARKER,
    );
    painter.text(
        r.center() + Vec2::new(0.0, s * 0.04),
        Align2::CENTER_CENTER,
        "LEE",
        super::palette::bold(ctx, (s * 0.24).max(10.0)),
        ON_DARK,
    );
    painter.text(
        r.center_bottom() - Vec2::new(0.0, s * 0.17),
        Align2::CENTER_CENTER,
        format!("Command {rating}"),
        FontId::proportional((s * 0.17).max(9.0)),
        ON_DARK,
    );
}
