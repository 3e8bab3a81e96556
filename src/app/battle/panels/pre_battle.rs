//! The pre-battle panel (10.2.1–10.2.9): each Fog of War roll on the
//! table in use with its row highlighted, the re-rolls a Scout paid for,
//! and the Envelopment check with both armies' Combat Values against their
//! 3:1 lines (also shown between battle turns, 14.5).

use bevy_egui::egui::{self, Color32, RichText};

use super::shared::{BLUE, HIGHLIGHT, RED, revealed};
use crate::campaign::UnionLevel;
use crate::rules::battle::fog;
use crate::rules::battle::outweighs_at;
use crate::rules::battle::record::{BattleRecord, EventKind, round_start};

/// 10.2.1–10.2.9 as far as playback has gone: each Fog of War roll on the
/// table in use with its row highlighted, and the Envelopment check.
pub fn pre_battle(ui: &mut egui::Ui, b: &BattleRecord, cursor: usize) {
    let events = revealed(b, cursor);
    let start = round_start(&b.events, cursor);
    if let Some(EventKind::Rejoin { round }) = start.checked_sub(1).map(|i| &b.events[i].kind) {
        ui.label(
            RichText::new(format!(
                "Rejoin (14.8.1): round {round}, a new battle from the Fog of War."
            ))
            .strong()
            .color(RED),
        );
    }
    let rolls: Vec<(UnionLevel, u32)> = events
        .iter()
        .filter_map(|e| match &e.kind {
            EventKind::FogOfWar { level, die, .. } => Some((*level, *die)),
            _ => None,
        })
        .collect();
    if rolls.is_empty() {
        ui.label("The Fog of War is about to be rolled (10.2.1).");
    } else {
        fog_of_war(ui, b, &rolls);
    }
    if let Some((c, u, enveloped)) = events.iter().find_map(|e| match e.kind {
        EventKind::Envelopment {
            confederate,
            union,
            enveloped,
        } => Some((confederate, union, enveloped)),
        _ => None,
    }) {
        ui.add_space(6.0);
        ui.label(RichText::new("Envelopment check (10.2.9)").strong());
        envelopment_bars(ui, c, u);
        match enveloped {
            Some(side) => ui.colored_label(
                RED,
                format!("3:1 — the {} are Enveloped and destroyed.", side.army()),
            ),
            None => {
                ui.label("Neither army has 3 times the other's Combat Value: the battle is fought.")
            }
        };
    }
}

/// 10.2.1, 10.2.2: the latest Fog of War roll on its table (the earlier
/// ones, each paid for with a Scout, named above it).
fn fog_of_war(ui: &mut egui::Ui, b: &BattleRecord, rolls: &[(UnionLevel, u32)]) {
    let Some(&(level, die)) = rolls.last() else {
        return;
    };
    ui.label(
        RichText::new(format!(
            "Fog of War ({}, {level:?} table)",
            fog::rule(level)
        ))
        .strong(),
    );
    if rolls.len() > 1 {
        let earlier: Vec<String> = rolls[..rolls.len() - 1]
            .iter()
            .map(|r| r.1.to_string())
            .collect();
        ui.label(format!(
            "Rolled {}; a Scout was discarded for each re-roll (10.2.2).",
            earlier.join(", then ")
        ));
    }
    egui::Grid::new(("fog", b.id))
        .striped(true)
        .show(ui, |ui| fog_table(ui, b, level, die));
    if !crate::app::battle::on_sheet(b.mode) {
        ui.label(
            RichText::new(
                "Quick and Very Quick: battle turns on the table minus 2, at least 1 (10.2.4).",
            )
            .italics()
            .size(11.0),
        );
    }
}

/// The Fog of War table of `level` (10.2.7), the row of `die` highlighted;
/// off the sheet, each row's battle turns as Quick battles shorten them.
fn fog_table(ui: &mut egui::Ui, b: &BattleRecord, level: UnionLevel, die: u32) {
    ui.label(RichText::new("d10").strong());
    ui.label(RichText::new("Turns").strong());
    ui.label(RichText::new("Event").strong());
    ui.end_row();
    let mut d = 1;
    while d <= 10 {
        let row = fog::lookup(level, d);
        let hit = (row.from..=row.to).contains(&die);
        let text = |s: String| {
            let t = RichText::new(s).size(12.0);
            if hit {
                t.strong().background_color(HIGHLIGHT)
            } else {
                t
            }
        };
        let span = if row.from == row.to {
            row.from.to_string()
        } else {
            format!("{}–{}", row.from, row.to)
        };
        ui.label(text(span));
        let turns = if crate::app::battle::on_sheet(b.mode) {
            row.battle_turns.to_string()
        } else {
            format!(
                "{} → {}",
                row.battle_turns,
                row.battle_turns.saturating_sub(2).max(1)
            )
        };
        ui.label(text(turns));
        let color = if row.event.favours_confederates() {
            Color32::from_gray(60)
        } else {
            BLUE
        };
        let event = row.event.text_in(!crate::app::battle::on_sheet(b.mode));
        ui.label(text(event.to_string()).color(color));
        ui.end_row();
        d = row.to + 1;
    }
}

/// The two combined Combat Values as bars, with the 3:1 line of each side.
pub fn envelopment_bars(ui: &mut egui::Ui, c: u32, u: u32) {
    let max = (c.max(u) as f32).max(1.0) * 1.05;
    let width = ui.available_width().min(420.0);
    for (name, v, other, color) in [
        ("Confederate", c, u, Color32::from_gray(120)),
        ("Union", u, c, BLUE),
    ] {
        let (r, _) = ui.allocate_exact_size(egui::vec2(width, 18.0), egui::Sense::hover());
        let p = ui.painter();
        let bar_w = (width - 130.0).max(40.0);
        let x0 = r.left() + 120.0;
        p.text(
            r.left_center(),
            egui::Align2::LEFT_CENTER,
            format!("{name} {v}"),
            egui::FontId::proportional(12.0),
            Color32::BLACK,
        );
        p.rect_filled(
            egui::Rect::from_min_size(
                egui::pos2(x0, r.top() + 3.0),
                egui::vec2(bar_w * v as f32 / max, 12.0),
            ),
            2.0,
            color,
        );
        // The 3:1 line: what outweighs the other army.
        let line = outweighs_at(other) as f32;
        if line <= max {
            let x = x0 + bar_w * line / max;
            p.line_segment(
                [egui::pos2(x, r.top()), egui::pos2(x, r.bottom())],
                egui::Stroke::new(2.0, RED),
            );
        }
    }
    ui.label(
        RichText::new(format!(
            "3:1 lines: the Union needs {} to Envelop you, you need {} to Envelop it.",
            outweighs_at(c),
            outweighs_at(u)
        ))
        .size(11.0),
    );
}
