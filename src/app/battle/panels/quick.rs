//! The Quick and Very Quick panel (12.0): the campaign's Battle
//! Resolution Table with the differential's column, each column shift
//! with its rule, the roll and the Hits (multiplied in Very Quick), then
//! the Hits applied (11.9).

use bevy_egui::egui::{self, RichText};

use super::shared::{BLUE, GREY, HIGHLIGHT, RED, revealed};
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
    egui::ScrollArea::horizontal()
        .id_salt(("brt-scroll", b.id))
        .show(ui, |ui| brt_grid(ui, table, b, r));
    ui.label(
        RichText::new("Cells: Hits on the attacker / Hits on the defender.")
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
        ui.label(format!(
            "{arrow} {} column(s) {}: {} ({})",
            s.by.abs(),
            if s.by < 0 { "left" } else { "right" },
            s.why,
            s.rule
        ));
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
                    "Rolled {d}: the attacking {} suffer {a} Hit(s), the defending {} {dh}{mult}.",
                    r.attacker.army(),
                    r.attacker.other().army()
                ))
                .strong(),
            );
        }
        None => {
            ui.label("Before the roll: you may use your Confederate BRT ±1 (10.2.5).");
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
            ui.colored_label(
                color,
                format!(
                    "{hits} Hit(s) on the {} (11.9: lowest Skill first): {}",
                    side.army(),
                    if list.is_empty() {
                        "none left to take them".to_string()
                    } else {
                        list.join(", ")
                    }
                ),
            );
        }
    }
}

/// The Battle Resolution Table (12.0) with the column and the roll of
/// resolution `r` highlighted.
fn brt_grid(ui: &mut egui::Ui, table: &BattleResolutionTable, b: &BattleRecord, r: &Resolution) {
    egui::Grid::new(("brt", b.id, r.battle_turn))
        .striped(true)
        .min_col_width(36.0)
        .show(ui, |ui| {
            ui.label(RichText::new("d10").strong());
            for (i, c) in table.columns.iter().enumerate() {
                let mut t = RichText::new(&c.label).strong().size(12.0);
                if i == r.column {
                    t = t.background_color(HIGHLIGHT);
                } else if i == r.base_column {
                    t = t.underline();
                }
                ui.label(t);
            }
            ui.end_row();
            for row in &table.rows {
                let span = match (row.rolls.first(), row.rolls.last()) {
                    (Some(a), Some(z)) if a != z => format!("{a}–{z}"),
                    (Some(a), _) => a.to_string(),
                    _ => String::new(),
                };
                let rolled = r.die.is_some_and(|d| row.rolls.contains(&d));
                ui.label(if rolled {
                    RichText::new(span).strong().background_color(HIGHLIGHT)
                } else {
                    RichText::new(span)
                });
                for (i, cell) in row.cells.iter().enumerate() {
                    let mut t = RichText::new(format!("{}/{}", cell[0], cell[1]))
                        .monospace()
                        .size(12.0);
                    if i == r.column && rolled {
                        t = t
                            .strong()
                            .color(crate::app::theme::palette::PAPER_RAISED)
                            .background_color(RED);
                    } else if i == r.column {
                        t = t.background_color(HIGHLIGHT.gamma_multiply(0.5));
                    }
                    ui.label(t);
                }
                ui.end_row();
            }
        });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::battle::record::ColumnShift;
    use crate::rules::difficulty::BattleMode;
    use bevy_egui::egui::epaint;

    /// Every text the panel drew in one frame.
    fn drawn(board: &Board, b: &BattleRecord) -> Vec<String> {
        let ctx = egui::Context::default();
        let mut out = ctx.run_ui(egui::RawInput::default(), |ui| {
            egui::CentralPanel::default().show(ui, |ui| quick_panel(ui, board, b, b.events.len()));
        });
        out.textures_delta.clear();
        out.shapes
            .iter()
            .filter_map(|c| match &c.shape {
                epaint::Shape::Text(t) => Some(t.galley.text().to_string()),
                _ => None,
            })
            .collect()
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
            "▶ 1 column(s) right: a test shift (10.2.5)".to_string(),
            format!("Final column \"{}\"", table.columns[1].label),
            "Rolled 4:".to_string(),
        ] {
            assert!(texts.contains(&want), "{want}\n{texts}");
        }
    }
}
