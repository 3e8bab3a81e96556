//! The Quick and Very Quick panel (12.0): the campaign's Battle
//! Resolution Table with the differential's column, each column shift
//! with its rule, the roll and the Hits (multiplied in Very Quick), then
//! the Hits applied (11.9).

use bevy_egui::egui::{self, Align2, Pos2, Rect, RichText, Sense, Stroke, StrokeKind, Vec2};

use super::shared::{BLUE, GREY, HIGHLIGHT, revealed};
use crate::app::battle::sheet;
use crate::app::theme::palette::{INK, INK_BODY, INK_SOFT, PAPER, PAPER_DEEP, PAPER_RAISED, RULE};
use crate::campaign::BattleResolutionTable;
use crate::campaign::Side;
use crate::rules::battle::record::{BattleEvent, BattleRecord, EventKind, Resolution};
use crate::rules::board::{Board, label};

/// The Quick / Very Quick panel: the Battle Resolution Table for each
/// resolution so far, with the differential's column, each shift as an
/// arrow, the roll and the Hits, then the Hits applied.
pub fn quick_panel(ui: &mut egui::Ui, board: &Board, b: &BattleRecord, cursor: usize) {
    let events = revealed(b, cursor);
    let table = &board.campaign.battle_resolution;
    let latest: Option<&Resolution> = events.iter().rev().find_map(|e| match &e.kind {
        EventKind::Resolution(r) => Some(r),
        _ => None,
    });
    let Some(r) = latest else {
        ui.label("The Battle Resolution Table is consulted after the Envelopment check.");
        return;
    };
    let when = if r.multiplier > 1 {
        format!("One roll for {} battle turns", r.multiplier)
    } else {
        format!("Battle turn {} of {}", r.battle_turn, r.battle_turns)
    };
    ui.label(
        RichText::new(format!(
            "{when}: the {} ({}) attack the {} ({}); differential {:+}",
            r.attacker.army(),
            r.attacker_combat,
            r.attacker.other().army(),
            r.defender_combat,
            r.attacker_combat as i32 - r.defender_combat as i32
        ))
        .strong(),
    );
    // Docked beside the map, the table may be wider than its panel: it
    // scrolls sideways, and the text around it wraps.
    let grid = egui::ScrollArea::horizontal()
        .id_salt(("brt-scroll", b.id))
        .show(ui, |ui| brt_grid(ui, table, r));
    // The table as drawn (the scroll area may be taller than it).
    let drawn = egui::Rect::from_min_size(grid.inner_rect.min, grid.content_size);
    crate::app::tutorial_hooks::mark(ui.ctx(), "battle.table", drawn.intersect(grid.inner_rect));
    ui.label(
        RichText::new("Cells: Hits on the attacker / Hits on the defender. Dashed: the differential's column; tinted: the column after the shifts.")
            .size(11.0)
            .italics(),
    );
    ui.label(format!(
        "Column for {:+}: \"{}\"",
        r.attacker_combat as i32 - r.defender_combat as i32,
        table.columns[r.base_column].label
    ));
    shifts_and_roll(ui, table, r);
    hits_applied(ui, board, events);
}

/// Each column shift as arrows, with its reason and rule; the final
/// column; the roll and the Hits on each side (12.0), or before the roll
/// the Confederate BRT ±1 (10.2.5).
fn shifts_and_roll(ui: &mut egui::Ui, table: &BattleResolutionTable, r: &Resolution) {
    for s in &r.shifts {
        let arrow = if s.by < 0 {
            "◀".repeat(s.by.unsigned_abs() as usize)
        } else {
            "▶".repeat(s.by as usize)
        };
        crate::app::theme::link::words(
            ui,
            &format!(
                "{arrow} {} {}: {} ({})",
                crate::app::theme::counted(s.by.abs(), "column", "columns"),
                if s.by < 0 { "left" } else { "right" },
                s.why,
                s.rule
            ),
        );
    }
    ui.label(
        RichText::new(format!(
            "Final column \"{}\"",
            table.columns[r.column].label
        ))
        .strong(),
    );
    match r.die {
        Some(d) => {
            let [a, dh] = r.hits;
            let mult = if r.multiplier > 1 {
                format!(
                    " × {} battle turns = {} and {} (Very Quick, 12.0)",
                    r.multiplier,
                    a * r.multiplier,
                    dh * r.multiplier
                )
            } else {
                String::new()
            };
            ui.label(
                RichText::new(format!(
                    "Rolled {d}: the attacking {} suffer {}, the defending {} {dh}{mult}.",
                    r.attacker.army(),
                    crate::app::theme::counted(a, "Hit", "Hits"),
                    r.attacker.other().army()
                ))
                .strong(),
            );
        }
        None => {
            crate::app::theme::link::words(
                ui,
                "Before the roll: you may use your Confederate BRT ±1 (10.2.5).",
            );
        }
    }
}

/// The Hits applied since the latest resolution (11.9).
fn hits_applied(ui: &mut egui::Ui, board: &Board, events: &[BattleEvent]) {
    let after = events
        .iter()
        .rposition(|e| matches!(e.kind, EventKind::Resolution(_)))
        .unwrap_or(0);
    for e in &events[after..] {
        if let EventKind::Hits { side, hits, on } = &e.kind {
            let list: Vec<String> = on
                .iter()
                .map(|(id, destroyed)| {
                    let name = board.piece(id).map_or(id.clone(), label);
                    if *destroyed {
                        format!("{name} is destroyed")
                    } else {
                        format!("{name} is flipped to its reduced side")
                    }
                })
                .collect();
            let color = if *side == Side::Union { BLUE } else { GREY };
            crate::app::theme::link::words_styled(
                ui,
                &format!(
                    "{} on the {} (11.9: lowest Skill first): {}",
                    crate::app::theme::counted(*hits, "Hit", "Hits"),
                    side.army(),
                    if list.is_empty() {
                        "none left to take them".to_string()
                    } else {
                        list.join(", ")
                    }
                ),
                |w| RichText::new(w).color(color),
            );
        }
    }
}

/// The Battle Resolution Table (12.0) as printed, with the column and
/// the roll of resolution `r` marked: the differential's column (before
/// the shifts) outlined dashed, the final column tinted, the row rolled
/// tinted and the cell read in ink.
fn brt_grid(ui: &mut egui::Ui, table: &BattleResolutionTable, r: &Resolution) {
    let ctx = ui.ctx().clone();
    let head_font = sheet::bold(&ctx, 11.5);
    let cell_font = egui::FontId::proportional(13.0);
    let cell_bold = sheet::bold(&ctx, 13.0);
    let title_font = sheet::serif_bold(&ctx, 15.0);
    let width = |t: &str, f: &egui::FontId| {
        ui.painter()
            .layout_no_wrap(t.to_string(), f.clone(), INK)
            .size()
            .x
    };
    let spans: Vec<String> = table
        .rows
        .iter()
        .map(|row| match (row.rolls.first(), row.rolls.last()) {
            (Some(a), Some(z)) if a != z => format!("{a}–{z}"),
            (Some(a), _) => a.to_string(),
            _ => String::new(),
        })
        .collect();
    let cells: Vec<Vec<String>> = table
        .rows
        .iter()
        .map(|row| {
            row.cells
                .iter()
                .map(|c| format!("{}/{}", c[0], c[1]))
                .collect()
        })
        .collect();
    // Each column as wide as its widest text.
    let first_w = spans
        .iter()
        .map(|t| width(t, &cell_bold))
        .fold(width("d10", &head_font), f32::max)
        + 14.0;
    let widths: Vec<f32> = table
        .columns
        .iter()
        .enumerate()
        .map(|(i, c)| {
            cells
                .iter()
                .filter_map(|row| row.get(i))
                .map(|t| width(t, &cell_bold))
                .fold(width(&c.label, &head_font), f32::max)
                + 14.0
        })
        .collect();
    let (title_h, head_h, row_h) = (22.0, 24.0, 19.0);
    let total = Vec2::new(
        first_w + widths.iter().sum::<f32>(),
        title_h + head_h + row_h * table.rows.len() as f32,
    );
    let (rect, _) = ui.allocate_exact_size(total + Vec2::splat(2.0), Sense::hover());
    let painter = ui.painter_at(rect.expand(1.0));
    let rect = rect.shrink(1.0);
    // Where each column starts.
    let mut xs = vec![rect.left(), rect.left() + first_w];
    for w in &widths {
        xs.push(xs.last().copied().unwrap_or_default() + w);
    }
    let column = |i: usize| {
        Rect::from_min_max(
            Pos2::new(xs[i + 1], rect.top() + title_h),
            Pos2::new(xs[i + 2], rect.bottom()),
        )
    };
    let row_top = |row: usize| rect.top() + title_h + head_h + row_h * row as f32;
    painter.rect_filled(rect, 0.0, PAPER_RAISED);
    // The title band.
    let title = Rect::from_min_size(rect.min, Vec2::new(rect.width(), title_h));
    painter.rect_filled(title, 0.0, INK);
    painter.text(
        title.left_center() + Vec2::new(8.0, 0.0),
        Align2::LEFT_CENTER,
        "Battle Resolution Table",
        title_font,
        PAPER_RAISED,
    );
    painter.text(
        title.right_center() - Vec2::new(8.0, 0.0),
        Align2::RIGHT_CENTER,
        "differential →",
        sheet::italic(&ctx, 12.0),
        PAPER_RAISED,
    );
    // The header row.
    let head = Rect::from_min_size(
        Pos2::new(rect.left(), rect.top() + title_h),
        Vec2::new(rect.width(), head_h),
    );
    painter.rect_filled(head, 0.0, PAPER_DEEP);
    // Stripes, the row rolled, the final column.
    let rolled = r
        .die
        .and_then(|d| table.rows.iter().position(|row| row.rolls.contains(&d)));
    for k in 0..table.rows.len() {
        let band = Rect::from_min_size(
            Pos2::new(rect.left(), row_top(k)),
            Vec2::new(rect.width(), row_h),
        );
        if rolled == Some(k) {
            painter.rect_filled(band, 0.0, HIGHLIGHT);
        } else if k % 2 == 1 {
            painter.rect_filled(band, 0.0, PAPER);
        }
    }
    if r.column < widths.len() {
        painter.rect_filled(column(r.column), 0.0, HIGHLIGHT.gamma_multiply(0.55));
    }
    // The rules: hairlines between columns and rows, ink under the
    // header and after the d10 column, the table's edge.
    for (i, x) in xs.iter().enumerate().skip(1).take(widths.len()) {
        let stroke = if i == 1 {
            Stroke::new(1.0, INK)
        } else {
            Stroke::new(1.0, RULE)
        };
        painter.line_segment(
            [Pos2::new(*x, head.top()), Pos2::new(*x, rect.bottom())],
            stroke,
        );
    }
    for k in 1..table.rows.len() {
        painter.line_segment(
            [
                Pos2::new(rect.left(), row_top(k)),
                Pos2::new(rect.right(), row_top(k)),
            ],
            Stroke::new(0.5, RULE),
        );
    }
    painter.line_segment(
        [head.left_bottom(), head.right_bottom()],
        Stroke::new(1.0, INK),
    );
    // The column of the differential before the shifts.
    if r.base_column != r.column && r.base_column < widths.len() {
        crate::app::battle::sheet::dashed(
            &painter,
            column(r.base_column).shrink(1.5),
            Stroke::new(1.5, INK_SOFT),
        );
    }
    // The texts.
    painter.text(
        Pos2::new((xs[0] + xs[1]) / 2.0, head.center().y),
        Align2::CENTER_CENTER,
        "d10",
        head_font.clone(),
        INK,
    );
    for (i, c) in table.columns.iter().enumerate() {
        painter.text(
            Pos2::new((xs[i + 1] + xs[i + 2]) / 2.0, head.center().y),
            Align2::CENTER_CENTER,
            &c.label,
            head_font.clone(),
            INK,
        );
    }
    for (k, span) in spans.iter().enumerate() {
        let y = row_top(k) + row_h / 2.0;
        painter.text(
            Pos2::new((xs[0] + xs[1]) / 2.0, y),
            Align2::CENTER_CENTER,
            span,
            cell_bold.clone(),
            INK,
        );
        for (i, t) in cells[k].iter().enumerate().take(widths.len()) {
            let at = Pos2::new((xs[i + 1] + xs[i + 2]) / 2.0, y);
            if rolled == Some(k) && i == r.column {
                // The cell read: ink, as a result printed in reverse.
                let cell = Rect::from_min_max(
                    Pos2::new(xs[i + 1], row_top(k)),
                    Pos2::new(xs[i + 2], row_top(k) + row_h),
                );
                painter.rect_filled(cell.expand(1.0), 0.0, INK);
                painter.text(
                    at,
                    Align2::CENTER_CENTER,
                    t,
                    cell_bold.clone(),
                    PAPER_RAISED,
                );
            } else {
                painter.text(at, Align2::CENTER_CENTER, t, cell_font.clone(), INK_BODY);
            }
        }
    }
    painter.rect_stroke(rect, 0.0, Stroke::new(1.5, INK), StrokeKind::Outside);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::battle::record::ColumnShift;
    use crate::rules::difficulty::BattleMode;

    /// Every text the panel drew in one frame.
    fn drawn(board: &Board, b: &BattleRecord) -> Vec<String> {
        let ctx = egui::Context::default();
        let mut out = ctx.run_ui(egui::RawInput::default(), |ui| {
            egui::CentralPanel::default().show(ui, |ui| quick_panel(ui, board, b, b.events.len()));
        });
        out.textures_delta.clear();
        crate::app::theme::drawn_texts(&out.shapes)
    }

    /// 12.0: the panel names the column of the recorded differential,
    /// each shift with its rule, the final column, and the roll's Hits.
    #[test]
    fn the_panel_shows_the_recorded_column() {
        let c = std::sync::Arc::new(crate::campaign::load_bundled("seven-days").unwrap());
        let board = Board::empty(c, Default::default());
        let table = &board.campaign.battle_resolution;
        assert!(table.columns.len() >= 2);
        let r = Resolution {
            battle_turn: 1,
            battle_turns: 2,
            attacker: Side::Confederate,
            attacker_combat: 12,
            defender_combat: 9,
            base_column: 0,
            shifts: vec![ColumnShift {
                by: 1,
                why: "a test shift".into(),
                rule: "10.2.5".into(),
            }],
            column: 1,
            die: Some(4),
            hits: [1, 2],
            multiplier: 1,
        };
        let b = BattleRecord {
            id: 0,
            area: "glendale".into(),
            area_name: "Glendale".into(),
            mode: BattleMode::Quick,
            attacker: Side::Confederate,
            campaign_turn: 1,
            events: vec![crate::rules::battle::record::BattleEvent {
                chronicle_len: 0,
                kind: EventKind::Resolution(r),
            }],
            ending: None,
            before: None,
            after: None,
        };
        let texts = drawn(&board, &b).join("\n");
        for want in [
            format!("Column for +3: \"{}\"", table.columns[0].label),
            // Its rule a link: drawn apart from the words around it.
            "▶ 1 column right: a test shift (\n10.2.5\n)".to_string(),
            format!("Final column \"{}\"", table.columns[1].label),
            "Rolled 4:".to_string(),
        ] {
            assert!(texts.contains(&want), "{want}\n{texts}");
        }
    }
}
