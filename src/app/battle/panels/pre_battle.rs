//! The pre-battle panel (10.2.1–10.2.9): each Fog of War roll on the
//! table in use with its row highlighted, the re-rolls a Scout paid for,
//! and the Envelopment check with both armies' Combat Values against their
//! 3:1 lines (also shown between battle turns, 14.5).

use bevy_egui::egui::{self, RichText};

use super::shared::{BLUE, GREY, HIGHLIGHT, RED, revealed};
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
        crate::app::theme::link::words_styled(
            ui,
            &format!("Rejoin (14.8.1): round {round}, a new battle from the Fog of War."),
            |w| RichText::new(w).strong().color(RED),
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
        crate::app::theme::link::words(ui, "The Fog of War is about to be rolled (10.2.1).");
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
        crate::app::theme::link::words_styled(ui, "Envelopment check (10.2.9)", |w| {
            RichText::new(w).strong()
        });
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
        crate::app::theme::link::words(
            ui,
            &format!(
                "Rolled {}; a Scout was discarded for each re-roll (10.2.2).",
                earlier.join(", then ")
            ),
        );
    }
    fog_table(ui, b, level, die);
    if !crate::app::battle::on_sheet(b.mode) {
        crate::app::theme::link::words_styled(
            ui,
            "Quick and Very Quick: battle turns on the table minus 2, at least 1 (10.2.4).",
            |w| RichText::new(w).italics().size(11.0),
        );
    }
}

/// The Fog of War table of `level` (10.2.7), the row of `die` highlighted;
/// off the sheet, each row's battle turns as Quick battles shorten them.
/// A row a line: the roll and the turns in narrow columns of their own,
/// the event wrapped in the width left (the decision panel is narrow).
fn fog_table(ui: &mut egui::Ui, b: &BattleRecord, level: UnionLevel, die: u32) {
    let on_sheet = crate::app::battle::on_sheet(b.mode);
    let (roll_w, turns_w) = (34.0, if on_sheet { 40.0 } else { 52.0 });
    let cell = |ui: &mut egui::Ui, w: f32, t: RichText| {
        ui.add_sized([w, 16.0], egui::Label::new(t));
    };
    ui.horizontal_top(|ui| {
        cell(ui, roll_w, RichText::new("d10").strong());
        cell(ui, turns_w, RichText::new("Turns").strong());
        ui.label(RichText::new("Event").strong());
    });
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
        let turns = if on_sheet {
            row.battle_turns.to_string()
        } else {
            format!(
                "{} → {}",
                row.battle_turns,
                row.battle_turns.saturating_sub(2).max(1)
            )
        };
        let color = if row.event.favours_confederates() {
            GREY
        } else {
            BLUE
        };
        let event = row.event.text_in(!on_sheet);
        ui.horizontal_top(|ui| {
            cell(ui, roll_w, text(span));
            cell(ui, turns_w, text(turns));
            ui.add(egui::Label::new(text(event.to_string()).color(color)).wrap());
        });
        d = row.to + 1;
    }
}

/// The two combined Combat Values as bars, with the 3:1 line of each side.
pub fn envelopment_bars(ui: &mut egui::Ui, c: u32, u: u32) {
    let max = (c.max(u) as f32).max(1.0) * 1.05;
    let width = ui.available_width().min(420.0);
    for (name, v, other, color) in [("Confederate", c, u, GREY), ("Union", u, c, BLUE)] {
        let (r, _) = ui.allocate_exact_size(egui::vec2(width, 18.0), egui::Sense::hover());
        let p = ui.painter();
        let bar_w = (width - 130.0).max(40.0);
        let x0 = r.left() + 120.0;
        p.text(
            r.left_center(),
            egui::Align2::LEFT_CENTER,
            format!("{name} {v}"),
            egui::FontId::proportional(12.0),
            crate::app::theme::palette::INK,
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::campaign::Side;
    use crate::rules::battle::record::BattleEvent;
    use crate::rules::difficulty::BattleMode;

    /// The Fog of War table in the decision panel's width: a row a line or
    /// two, never one word a line (the whole table well under 400 points
    /// high at 290 wide).
    #[test]
    fn the_fog_of_war_table_reads_in_a_narrow_panel() {
        let b = BattleRecord {
            id: 1,
            area: "glendale".into(),
            area_name: "Glendale".into(),
            mode: BattleMode::Basic,
            attacker: Side::Confederate,
            campaign_turn: 1,
            events: vec![BattleEvent {
                chronicle_len: 1,
                kind: EventKind::FogOfWar {
                    level: UnionLevel::Regular,
                    die: 10,
                    battle_turns: 3,
                    event: String::new(),
                },
            }],
            ending: None,
            before: None,
            after: None,
        };
        let ctx = egui::Context::default();
        let mut height = 0.0;
        let raw = egui::RawInput {
            screen_rect: Some(egui::Rect::from_min_size(
                egui::Pos2::ZERO,
                egui::vec2(290.0, 2000.0),
            )),
            ..Default::default()
        };
        let mut out = ctx.run_ui(raw, |ui| {
            ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Wrap);
            let top = ui.cursor().top();
            pre_battle(ui, &b, 1);
            height = ui.cursor().top() - top;
        });
        out.textures_delta.clear();
        assert!(height > 100.0 && height < 400.0, "{height}");
    }
}
