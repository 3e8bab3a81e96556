//! The strip above the sheet: the battle turn track with the Withdrawal
//! box (10.1, 14.8), the Union Tactics marker (13.0) and both armies'
//! combined Combat Values, the Battle Plan quantities (10.2.10, 14.0);
//! below, the Special Battle Plans in effect, the cup (14.0.1), the
//! Insights (10.2.12) and the Formation counter (12.3.7); at set-up
//! (A10.2.14) what is being set up instead.

use bevy_egui::egui::{self, Align2, Color32, FontId, Pos2, Rect, Sense, Stroke, StrokeKind, Vec2};

use super::palette::{BLUE, GREY, INK, ON_DARK, PARCHMENT, RED, bold, serif, serif_bold};
use crate::app::theme::link::HoverWords;
use crate::app::theme::palette::{self, INK_SOFT, PAPER, PAPER_RAISED};
use crate::rules::battle::record::SheetView;
use crate::rules::battle::terms::{PlanCounter, Tactics};

/// The sheet's title: its size in the serif.
const TITLE_SIZE: f32 = 21.0;

/// How wide the title is.
fn title_width(painter: &egui::Painter, text: &str) -> f32 {
    painter
        .layout_no_wrap(text.to_string(), serif(painter.ctx(), TITLE_SIZE), INK)
        .size()
        .x
}

/// The strip above the sheet: the battle turn track, the Union Tactics
/// marker, the Battle Plan quantities, the Special Battle Plans in effect,
/// the cup, Insights and the Formation counter.
/// Before the battle begins (`setup`), what is being set up instead.
pub(super) fn header_strip(
    ui: &mut egui::Ui,
    painter: &egui::Painter,
    r: Rect,
    title: &str,
    s: &SheetView,
    setup: Option<&str>,
) {
    painter.rect_filled(r, 0.0, PARCHMENT);
    painter.text(
        r.left_top() + Vec2::new(10.0, 4.0),
        Align2::LEFT_TOP,
        title,
        serif(painter.ctx(), TITLE_SIZE),
        INK,
    );
    let y = r.top() + 34.0;
    let x = turn_track(ui, painter, r.left() + 10.0, y, s);
    let x = tactics(ui, painter, x, y, s, setup);
    quantities(ui, painter, (r, title), x, y, s);
    // Second line: Special Battle Plans in effect, the cup, Insights; at
    // set-up what is being set up.
    let (x, y2) = (r.left() + 10.0, r.top() + 62.0);
    if let Some(text) = setup {
        painter.text(
            Pos2::new(x, y2 + 9.0),
            Align2::LEFT_CENTER,
            text,
            FontId::proportional(13.0),
            RED,
        );
        return;
    }
    plans(ui, &mut Chips { painter, x, y: y2 }, s);
    hits_tally(ui, painter, r, y2, s);
}

/// A stand-alone battle (11.10, it may be won on them): the Hits each
/// army has inflicted so far, at the right of the second line.
fn hits_tally(ui: &mut egui::Ui, painter: &egui::Painter, r: Rect, y: f32, s: &SheetView) {
    let Some([confederates_suffered, union_suffered]) = s.hits else {
        return;
    };
    let at = painter.text(
        Pos2::new(r.right() - 10.0, y + 9.0),
        Align2::RIGHT_CENTER,
        format!("Hits inflicted: Confederates {union_suffered} · Union {confederates_suffered}"),
        FontId::proportional(13.0),
        INK,
    );
    ui.interact(at, ui.id().with("hits-tally"), Sense::hover())
        .on_hover_words("Hits each army has inflicted so far (11.10): a step lost is a Hit, a Force destroyed or captured the steps it had. In a battle won on Hits, the army that inflicts more wins.");
}

/// 10.1: the battle turn track from `x`, as printed: a row of boxes,
/// the Battle Turn marker on the current one, the Withdrawal box after
/// the last turn (14.8); where the strip goes on.
fn turn_track(
    ui: &mut egui::Ui,
    painter: &egui::Painter,
    mut x: f32,
    y: f32,
    s: &SheetView,
) -> f32 {
    let ctx = painter.ctx().clone();
    let label = painter.text(
        Pos2::new(x, y + 11.0),
        Align2::LEFT_CENTER,
        "Battle Turn",
        serif_bold(&ctx, 14.0),
        INK,
    );
    x = label.right() + 8.0;
    const BOX: f32 = 24.0;
    let start = x;
    for t in 1..=s.turns.max(s.turn) {
        let b = Rect::from_min_size(Pos2::new(x, y - 1.0), Vec2::splat(BOX));
        painter.rect_filled(b, 0.0, PAPER_RAISED);
        painter.rect_stroke(b, 0.0, Stroke::new(1.0, INK), StrokeKind::Middle);
        if t == s.turn {
            // The Battle Turn marker on its box.
            let m = b.shrink(2.5);
            painter.rect_filled(m.translate(Vec2::splat(1.0)), 2.0, INK.gamma_multiply(0.3));
            painter.rect_filled(m, 2.0, INK);
            painter.text(
                m.center(),
                Align2::CENTER_CENTER,
                t.to_string(),
                bold(&ctx, 13.0),
                ON_DARK,
            );
        } else {
            painter.text(
                b.center(),
                Align2::CENTER_CENTER,
                t.to_string(),
                bold(&ctx, 12.0),
                if t < s.turn { INK_SOFT } else { INK },
            );
        }
        x += BOX;
    }
    let w = Rect::from_min_size(Pos2::new(x, y - 1.0), Vec2::new(BOX * 1.4, BOX));
    painter.rect_filled(w, 0.0, PAPER);
    painter.rect_stroke(w, 0.0, Stroke::new(1.0, INK), StrokeKind::Middle);
    painter.text(
        w.center(),
        Align2::CENTER_CENTER,
        "W",
        serif_bold(&ctx, 14.0),
        INK,
    );
    // The track's frame.
    painter.rect_stroke(
        Rect::from_min_max(Pos2::new(start, y - 1.0), w.max),
        0.0,
        Stroke::new(1.5, INK),
        StrokeKind::Middle,
    );
    ui.interact(w, ui.id().with("withdrawal-box"), Sense::hover())
        .on_hover_words("After the last battle turn the Battle Turn counter enters the Withdrawal box: 2:1 or the campaign's Withdrawal table (14.8).");
    x = w.right() + 14.0;
    x
}

/// 13.0: the Union Tactics marker and, but at set-up (the armies are not
/// yet on the sheet to add up), the combined Combat Values behind it;
/// where the strip goes on.
fn tactics(
    ui: &mut egui::Ui,
    painter: &egui::Painter,
    mut x: f32,
    y: f32,
    s: &SheetView,
    setup: Option<&str>,
) -> f32 {
    // 13.0 The Union Tactics marker and the Combat Values behind it.
    let (word, fill) = match s.tactics {
        Tactics::Aggressive => ("AGGRESSIVE", RED),
        Tactics::Defensive => ("DEFENSIVE", BLUE),
    };
    let t = Rect::from_min_size(Pos2::new(x, y - 2.0), Vec2::new(104.0, 26.0));
    marker(painter, t, fill);
    painter.text(
        t.center(),
        Align2::CENTER_CENTER,
        word,
        bold(painter.ctx(), 12.5),
        ON_DARK,
    );
    ui.interact(t, ui.id().with("tactics"), Sense::hover()).on_hover_words(format!(
        "Union Tactics (13.0): Union {} against Confederate {}. Aggressive when the Union's combined Combat Value is greater, Defensive when smaller, a die on a tie (even: Aggressive). Aggressive: the Union Forces advance in Column (13.1); Defensive: they hold and fire in Line (13.3). A stand-alone battle keeps the tactics its terms set.",
        s.union_combat, s.confederate_combat
    ));
    x += 112.0;
    // At set-up the armies are not yet on the sheet to add up.
    if setup.is_none() {
        let at = painter.text(
            Pos2::new(x, y + 11.0),
            Align2::LEFT_CENTER,
            format!(
                "Union {} : Confederate {}",
                s.union_combat, s.confederate_combat
            ),
            FontId::proportional(13.0),
            INK,
        );
        crate::app::tutorial_hooks::mark(ui.ctx(), "sheet.combat-totals", at);
        ui.interact(at, ui.id().with("combat-totals"), Sense::hover())
            .on_hover_words("Each army's combined Combat Value on the sheet (13.0: it sets the Union Tactics in a campaign battle; 10.2.9 Envelopment at 3:1).");
        x = (x + 190.0).min(at.right() + 18.0);
    } else {
        x += 190.0;
    }
    x
}

/// 10.2.10, 14.0: the Battle Plan quantities after the turn track, or at
/// the right of the title's line (`r`, `title`).
fn quantities(
    ui: &mut egui::Ui,
    painter: &egui::Painter,
    (r, title): (Rect, &str),
    x: f32,
    y: f32,
    s: &SheetView,
) {
    let left = s.quantity.saturating_sub(s.assigned);
    let font = FontId::proportional(12.0);
    let width = |t: &str| {
        painter
            .layout_no_wrap(t.to_string(), font.clone(), INK)
            .size()
            .x
    };
    let title_right = r.left() + 10.0 + title_width(painter, title);
    // After the turn track; where it leaves no room (a long battle, a
    // narrow window) at the right of the title's line, shorter if need be,
    // never over the title (all of it on hover).
    let long = format!(
        "Battle Plans {left} of {} left · Union draws {}",
        s.quantity, s.union_quantity
    );
    let brief = format!("Plans {left}/{} · Union {}", s.quantity, s.union_quantity);
    let at = if x + width(&long) <= r.right() - 8.0 {
        painter.text(Pos2::new(x, y + 11.0), Align2::LEFT_CENTER, long, font, INK)
    } else {
        let text = if title_right + 16.0 + width(&long) <= r.right() - 10.0 {
            long
        } else {
            brief
        };
        painter.text(
            Pos2::new(r.right() - 10.0, r.top() + 15.0),
            Align2::RIGHT_CENTER,
            text,
            font,
            INK,
        )
    };
    ui.interact(at, ui.id().with("plan-quantities"), Sense::hover())
        .on_hover_words(format!(
            "Battle Plan Counters (10.2.10): {} a battle turn, {} assigned this turn (12.2). The Union draws {} a battle turn (14.0).",
            s.quantity,
            s.assigned,
            crate::app::theme::counted(s.union_quantity, "Special Battle Plan", "Special Battle Plans")
        ));
}

/// A marker or a Special Battle Plan counter as printed: its field in a
/// shadowed ink edge, a light line inside.
fn marker(painter: &egui::Painter, b: Rect, fill: Color32) {
    painter.rect_filled(b.translate(Vec2::splat(1.0)), 2.0, INK.gamma_multiply(0.25));
    painter.rect_filled(b.expand(1.0), 2.5, INK);
    painter.rect_filled(b, 2.0, fill);
    painter.rect_stroke(
        b.shrink(2.0),
        1.0,
        Stroke::new(0.75, ON_DARK.gamma_multiply(0.7)),
        StrokeKind::Inside,
    );
}

/// The second line's chips, left to right from `x` at `y`.
struct Chips<'a> {
    painter: &'a egui::Painter,
    x: f32,
    y: f32,
}

impl Chips<'_> {
    /// One chip: `text` on `fill`, `tip` on hover.
    fn add(&mut self, ui: &mut egui::Ui, text: &str, fill: Color32, tip: String, key: &str) {
        let painter = self.painter;
        let font = bold(painter.ctx(), 11.0);
        let g = painter.layout_no_wrap(text.to_string(), font.clone(), ON_DARK);
        let b = Rect::from_min_size(
            Pos2::new(self.x, self.y),
            Vec2::new(g.size().x + 14.0, 20.0),
        );
        marker(painter, b, fill);
        painter.text(b.center(), Align2::CENTER_CENTER, text, font, ON_DARK);
        ui.interact(b, ui.id().with(key), Sense::hover())
            .on_hover_words(tip);
        self.x += b.width() + 6.0;
    }
}

/// The Special Battle Plans in effect (14.0), the cup (14.0.1, 12.4.3),
/// the Insights (10.2.12) and the Formation counter (12.3.7).
fn plans(ui: &mut egui::Ui, chips: &mut Chips, s: &SheetView) {
    let painter = chips.painter;
    if s.drawn.is_empty() {
        painter.text(
            Pos2::new(chips.x, chips.y + 9.0),
            Align2::LEFT_CENTER,
            "No Union Special Battle Plan in effect",
            FontId::proportional(11.5),
            INK_SOFT,
        );
        chips.x += 240.0;
    }
    for (i, p) in s.drawn.iter().enumerate() {
        chips.add(
            ui,
            p.name(),
            BLUE,
            format!("{} ({}): {}", p.name(), p.rule(), p.effect()),
            &format!("drawn-{i}"),
        );
    }
    let mut cup: Vec<String> = Vec::new();
    for p in &s.cup {
        cup.push(p.name().to_string());
    }
    chips.add(
        ui,
        &format!("Cup: {}", s.cup.len()),
        palette::INK_SOFT,
        format!(
            "The Special Battle Plan cup for this battle (14.0, Scouts' removals taken out, 14.0.1):\n{}{}",
            cup.join(", "),
            if s.disrupted.is_empty() {
                String::new()
            } else {
                format!(
                    "\nOut by Disrupt until the next draw (12.4.3): {}",
                    s.disrupted
                        .iter()
                        .map(|p| p.name())
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            }
        ),
        "cup",
    );
    for (i, (insight, spent)) in s.insights.iter().enumerate() {
        let fill = if *spent { GREY } else { palette::CAN_ACT };
        chips.add(
            ui,
            &format!("{insight:?}{}", if *spent { " (used)" } else { "" }),
            fill,
            format!(
                "The {insight:?} Insight (10.2.12){}",
                if *spent { ", used up" } else { "" }
            ),
            &format!("insight-{i}"),
        );
    }
    if s.formation_counter {
        chips.add(
            ui,
            "Formation counter",
            palette::AIM,
            format!(
                "{} ({})",
                PlanCounter::Formation.summary(),
                PlanCounter::Formation.rule()
            ),
            "formation",
        );
    }
}
