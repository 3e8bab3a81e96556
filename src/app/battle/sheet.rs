//! The Battlefield Sheet (4.2, 10.2.14): six Regions as horizontal bands,
//! the Union Reserve at the top and the Confederate Reserve at the bottom,
//! with their capacities; counters drawn as on the map, Line horizontal and
//! Column vertical (10.3); Lee's box; the battle turn track; the Union
//! Tactics marker with the combined Combat Values behind it; the Special
//! Battle Plans in effect; Melee Regions marked. Counters glide to their
//! new Region, flash when Hit and fade when destroyed or gone.

use bevy_egui::egui::{self, Align2, Color32, FontId, Pos2, Rect, Sense, Stroke, StrokeKind, Vec2};

use crate::campaign::Side;
use crate::rules::battle::ground::Region;
use crate::rules::battle::record::{SheetUnit, SheetView};
use crate::rules::battle::terms::{Formation, PlanCounter, Tactics};
use crate::rules::board::{Board, label};
use crate::rules::components::Strength;

const PARCHMENT: Color32 = Color32::from_rgb(232, 222, 192);
const BAND_UNION: Color32 = Color32::from_rgb(214, 220, 232);
const BAND_CONFEDERATE: Color32 = Color32::from_rgb(226, 222, 214);
const MELEE: Color32 = Color32::from_rgb(236, 196, 186);
const INK: Color32 = Color32::from_rgb(50, 40, 30);
const GREY: Color32 = Color32::from_rgb(150, 150, 150);
const BLUE: Color32 = Color32::from_rgb(46, 76, 158);
const TAG: Color32 = Color32::from_rgb(246, 214, 90);
const RED: Color32 = Color32::from_rgb(200, 30, 30);

/// The bands from the top of the screen down.
const TOP_DOWN: [Region; 6] = [
    Region::UnionReserve,
    Region::UnionApproach,
    Region::UnionFront,
    Region::ConfederateFront,
    Region::ConfederateApproach,
    Region::ConfederateReserve,
];

/// What the player did on the sheet.
#[derive(Debug, Default)]
pub struct SheetInput {
    /// A Confederate Force clicked.
    pub clicked: Option<String>,
}

/// A short name for a counter on the sheet.
fn short(board: &Board, id: &str) -> String {
    board.piece(id).map_or(id.to_string(), |p| {
        // "Infantry Brigade 3" fits a counter as "Brigade 3".
        let name = &p.force.name;
        let ty = format!("{} ", p.force.force_type.name());
        name.strip_prefix(&ty).unwrap_or(name).to_string()
    })
}

/// Where each unit stands in its band (top-left of its counter), and the
/// counter's size.
fn layout(sheet: &SheetView, bands: &[(Region, Rect)], c: f32) -> Vec<(usize, Rect)> {
    let mut out = Vec::new();
    for (region, band) in bands {
        let melee = sheet
            .units
            .iter()
            .any(|u| u.region == *region && u.side == Side::Union)
            && sheet
                .units
                .iter()
                .any(|u| u.region == *region && u.side == Side::Confederate);
        for side in [Side::Union, Side::Confederate] {
            let mut x = band.left() + 8.0;
            let cy = if melee {
                match side {
                    Side::Union => band.top() + band.height() * 0.27,
                    Side::Confederate => band.top() + band.height() * 0.73,
                }
            } else {
                band.center().y
            };
            for (k, u) in sheet.units.iter().enumerate() {
                if u.region != *region || u.side != side {
                    continue;
                }
                // Two armies share a Melee band: smaller counters.
                let c = if melee { c * 0.8 } else { c };
                let size = match u.formation {
                    Formation::Line => Vec2::new(c * 1.45, c),
                    Formation::Column => Vec2::new(c * 0.82, c * 1.3),
                };
                out.push((
                    k,
                    Rect::from_min_size(Pos2::new(x, cy - size.y / 2.0), size),
                ));
                x += size.x + 10.0;
            }
        }
    }
    out
}

/// Draw the sheet in `rect`. `before` is the previous frame: what changed is
/// outlined and what left the sheet fades out.
#[allow(clippy::too_many_arguments)]
pub fn draw(
    ui: &mut egui::Ui,
    board: &Board,
    battle_id: usize,
    title: &str,
    sheet: &SheetView,
    before: Option<&SheetView>,
    caption: &str,
    picked: Option<&str>,
) -> SheetInput {
    let mut input = SheetInput::default();
    let rect = ui.available_rect_before_wrap();
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 0.0, PARCHMENT);
    let header = Rect::from_min_size(rect.min, Vec2::new(rect.width(), 86.0));
    let footer_h = 26.0;
    let body = Rect::from_min_max(
        Pos2::new(rect.left(), header.bottom()),
        Pos2::new(rect.right(), rect.bottom() - footer_h),
    );
    header_strip(ui, &painter, header, title, sheet);
    // Bands, with a label column on the left and Lee's box on the right.
    let label_w = 150.0_f32.min(rect.width() * 0.18);
    let lee_w = 130.0_f32.min(rect.width() * 0.15);
    let band_h = body.height() / 6.0;
    let mut bands = Vec::new();
    for (i, region) in TOP_DOWN.iter().enumerate() {
        let y = body.top() + band_h * i as f32;
        let full = Rect::from_min_size(Pos2::new(body.left(), y), Vec2::new(body.width(), band_h));
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
        let lbl = Rect::from_min_size(full.min, Vec2::new(label_w, band_h));
        let cap = match region.capacity() {
            Some(n) => format!("at most {n} Mobile Forces a side"),
            None => "no limit".to_string(),
        };
        painter.text(
            lbl.left_center() + Vec2::new(8.0, -8.0),
            Align2::LEFT_CENTER,
            region.name(),
            FontId::proportional(14.0),
            INK,
        );
        painter.text(
            lbl.left_center() + Vec2::new(8.0, 9.0),
            Align2::LEFT_CENTER,
            cap,
            FontId::proportional(10.5),
            INK.gamma_multiply(0.7),
        );
        if melee {
            painter.text(
                full.right_top() + Vec2::new(-lee_w - 8.0, 4.0),
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
        let inner = Rect::from_min_max(
            Pos2::new(full.left() + label_w, full.top()),
            Pos2::new(full.right() - lee_w, full.bottom()),
        );
        bands.push((*region, inner));
    }
    // Lee's box beside the Confederate Reserve and Approach.
    let lee_box = Rect::from_min_max(
        Pos2::new(body.right() - lee_w + 6.0, body.top() + band_h * 4.0 + 6.0),
        Pos2::new(body.right() - 6.0, body.bottom() - 6.0),
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
        painter.rect_filled(r, 3.0, Color32::from_rgb(120, 120, 120));
        painter.text(
            r.center(),
            Align2::CENTER_CENTER,
            format!("Lee\n{}", board.campaign.lee.command_rating),
            FontId::proportional(13.0),
            Color32::WHITE,
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
    // Counters.
    let c = (band_h / 2.45).clamp(24.0, 58.0);
    let ctx = ui.ctx().clone();
    let placed = layout(sheet, &bands, c);
    let previous: Vec<(usize, Rect)> = before.map_or(Vec::new(), |b| layout(b, &bands, c));
    for (k, target) in &placed {
        let u = &sheet.units[*k];
        let id = egui::Id::new(("sheet", battle_id, &u.force));
        let x = ctx.animate_value_with_time(id.with("x"), target.left(), 0.35);
        let y = ctx.animate_value_with_time(id.with("y"), target.top(), 0.35);
        let alpha = ctx.animate_value_with_time(id.with("a"), 1.0, 0.5);
        let at = Rect::from_min_size(Pos2::new(x, y), target.size());
        let old = before.and_then(|b| b.units.iter().find(|o| o.force == u.force));
        let changed = old.is_some_and(|o| {
            o.region != u.region || o.formation != u.formation || o.reduced != u.reduced
        });
        let hit = old.is_some_and(|o| !o.reduced && u.reduced);
        let resp = counter(
            ui,
            &painter,
            board,
            u,
            at,
            alpha,
            picked == Some(u.force.as_str()),
        );
        if hit {
            let flash = ctx.animate_value_with_time(id.with("hit"), 0.0, 0.8);
            painter.rect_stroke(
                at.expand(4.0),
                4.0,
                Stroke::new(3.0, RED.gamma_multiply(flash.max(0.4))),
                StrokeKind::Outside,
            );
        } else {
            ctx.animate_value_with_time(id.with("hit"), 1.0, 0.0);
            if changed {
                painter.rect_stroke(
                    at.expand(3.0),
                    4.0,
                    Stroke::new(2.5, TAG),
                    StrokeKind::Outside,
                );
            }
        }
        if resp.clicked() && u.side == Side::Confederate {
            input.clicked = Some(u.force.clone());
        }
    }
    // What left the sheet since the previous frame fades where it stood.
    if let Some(b) = before {
        for (k, r) in &previous {
            let u = &b.units[*k];
            if sheet.units.iter().any(|n| n.force == u.force) {
                continue;
            }
            let id = egui::Id::new(("sheet", battle_id, &u.force));
            let alpha = ctx.animate_value_with_time(id.with("a"), 0.0, 0.6);
            if alpha > 0.02 {
                counter(ui, &painter, board, u, *r, alpha, false);
                let s = Stroke::new(3.0, RED.gamma_multiply(alpha));
                painter.line_segment([r.left_top(), r.right_bottom()], s);
                painter.line_segment([r.right_top(), r.left_bottom()], s);
            }
        }
    }
    if let Some(side) = sheet.routed {
        painter.text(
            body.center(),
            Align2::CENTER_CENTER,
            format!("The {} Rout (14.5)", side.army()),
            FontId::proportional(30.0),
            RED.gamma_multiply(0.8),
        );
    }
    // The latest change, as a caption.
    let foot = Rect::from_min_max(Pos2::new(rect.left(), rect.bottom() - footer_h), rect.max);
    painter.rect_filled(foot, 0.0, INK.gamma_multiply(0.85));
    painter.text(
        foot.left_center() + Vec2::new(10.0, 0.0),
        Align2::LEFT_CENTER,
        format!("▶ {caption}"),
        FontId::proportional(13.0),
        Color32::WHITE,
    );
    ui.allocate_rect(rect, Sense::hover());
    input
}

/// The strip above the sheet: the battle turn track, the Union Tactics
/// marker, the Battle Plan quantities, the Special Battle Plans in effect,
/// the cup, Insights and the Formation counter.
fn header_strip(ui: &mut egui::Ui, painter: &egui::Painter, r: Rect, title: &str, s: &SheetView) {
    painter.rect_filled(r, 0.0, Color32::from_rgb(210, 196, 160));
    painter.text(
        r.left_top() + Vec2::new(10.0, 6.0),
        Align2::LEFT_TOP,
        title,
        FontId::proportional(18.0),
        INK,
    );
    // 10.1 The battle turn track, with the Withdrawal box after the last turn.
    let mut x = r.left() + 10.0;
    let y = r.top() + 34.0;
    painter.text(
        Pos2::new(x, y + 11.0),
        Align2::LEFT_CENTER,
        "Battle turn",
        FontId::proportional(12.0),
        INK,
    );
    x += 78.0;
    for t in 1..=s.turns.max(s.turn) {
        let b = Rect::from_min_size(Pos2::new(x, y), Vec2::splat(22.0));
        let fill = if t == s.turn { INK } else { PARCHMENT };
        let text = if t == s.turn { Color32::WHITE } else { INK };
        painter.rect_filled(b, 2.0, fill);
        painter.rect_stroke(b, 2.0, Stroke::new(1.0, INK), StrokeKind::Inside);
        painter.text(
            b.center(),
            Align2::CENTER_CENTER,
            t.to_string(),
            FontId::proportional(12.0),
            text,
        );
        x += 25.0;
    }
    let w = Rect::from_min_size(Pos2::new(x, y), Vec2::new(34.0, 22.0));
    painter.rect_stroke(w, 2.0, Stroke::new(1.0, INK), StrokeKind::Inside);
    painter.text(
        w.center(),
        Align2::CENTER_CENTER,
        "W",
        FontId::proportional(12.0),
        INK,
    );
    ui.interact(w, ui.id().with("withdrawal-box"), Sense::hover())
        .on_hover_text("After the last battle turn the Battle Turn counter enters the Withdrawal box: 2:1 or the campaign's Withdrawal table (14.8).");
    x += 50.0;
    // 13.0 The Union Tactics marker and the Combat Values behind it.
    let (word, fill) = match s.tactics {
        Tactics::Aggressive => ("AGGRESSIVE", Color32::from_rgb(170, 40, 40)),
        Tactics::Defensive => ("DEFENSIVE", BLUE),
    };
    let t = Rect::from_min_size(Pos2::new(x, y - 2.0), Vec2::new(104.0, 26.0));
    painter.rect_filled(t, 3.0, fill);
    painter.text(
        t.center(),
        Align2::CENTER_CENTER,
        word,
        FontId::proportional(13.0),
        Color32::WHITE,
    );
    ui.interact(t, ui.id().with("tactics"), Sense::hover()).on_hover_text(format!(
        "Union Tactics (13.0): Union {} against Confederate {}. Aggressive when the Union's combined Combat Value is greater, Defensive when smaller, a die on a tie (even: Aggressive). Aggressive: the Union Forces advance in Column (13.1); Defensive: they hold and fire in Line (13.3).",
        s.union_combat, s.confederate_combat
    ));
    x += 112.0;
    painter.text(
        Pos2::new(x, y + 11.0),
        Align2::LEFT_CENTER,
        format!(
            "Union {} : Confederate {}",
            s.union_combat, s.confederate_combat
        ),
        FontId::proportional(13.0),
        INK,
    );
    x += 190.0;
    let left = s.quantity.saturating_sub(s.assigned);
    painter.text(
        Pos2::new(x, y + 11.0),
        Align2::LEFT_CENTER,
        format!(
            "Battle Plans {left} of {} left · Union draws {}",
            s.quantity, s.union_quantity
        ),
        FontId::proportional(12.0),
        INK,
    );
    // Second line: Special Battle Plans in effect, the cup, Insights.
    let mut x = r.left() + 10.0;
    let y2 = r.top() + 62.0;
    let chip =
        |ui: &mut egui::Ui, x: &mut f32, text: &str, fill: Color32, tip: String, key: &str| {
            let font = FontId::proportional(11.5);
            let g = painter.layout_no_wrap(text.to_string(), font.clone(), Color32::WHITE);
            let b = Rect::from_min_size(Pos2::new(*x, y2), Vec2::new(g.size().x + 12.0, 19.0));
            painter.rect_filled(b, 9.0, fill);
            painter.text(
                b.center(),
                Align2::CENTER_CENTER,
                text,
                font,
                Color32::WHITE,
            );
            ui.interact(b, ui.id().with(key), Sense::hover())
                .on_hover_text(tip);
            *x += b.width() + 6.0;
        };
    if s.drawn.is_empty() {
        painter.text(
            Pos2::new(x, y2 + 9.0),
            Align2::LEFT_CENTER,
            "No Union Special Battle Plan in effect",
            FontId::proportional(11.5),
            INK.gamma_multiply(0.7),
        );
        x += 240.0;
    }
    for (i, p) in s.drawn.iter().enumerate() {
        chip(
            ui,
            &mut x,
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
    chip(
        ui,
        &mut x,
        &format!("Cup: {}", s.cup.len()),
        Color32::from_rgb(110, 100, 80),
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
        let fill = if *spent {
            GREY
        } else {
            Color32::from_rgb(90, 120, 60)
        };
        chip(
            ui,
            &mut x,
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
        chip(
            ui,
            &mut x,
            "Formation counter",
            Color32::from_rgb(150, 110, 20),
            format!(
                "{} ({})",
                PlanCounter::Formation.summary(),
                PlanCounter::Formation.rule()
            ),
            "formation",
        );
    }
}

/// One counter, as on the map: name, Combat Value, type symbol, Skill and
/// Activation; a red slash when reduced; tags for what is attached.
fn counter(
    ui: &mut egui::Ui,
    painter: &egui::Painter,
    board: &Board,
    u: &SheetUnit,
    r: Rect,
    alpha: f32,
    picked: bool,
) -> egui::Response {
    let Some(p) = board.piece(&u.force) else {
        return ui.interact(r, ui.id().with(("counter", &u.force)), Sense::hover());
    };
    let strength = if u.reduced {
        Strength::Reduced
    } else {
        Strength::Full
    };
    let v = p.force.values(strength);
    let fill = match u.side {
        Side::Confederate => Color32::from_rgb(150, 150, 150),
        Side::Union => BLUE,
    };
    let dim = if u.acted { 0.75 } else { 1.0 };
    if picked {
        painter.rect_filled(r.expand(5.0), 5.0, TAG.gamma_multiply(alpha));
    }
    painter.rect_filled(
        r.expand(1.5),
        3.0,
        Color32::from_rgb(20, 20, 20).gamma_multiply(alpha),
    );
    painter.rect_filled(r, 3.0, fill.gamma_multiply(alpha * dim));
    let white = Color32::WHITE.gamma_multiply(alpha);
    let small = (r.height().min(r.width()) * 0.27).clamp(9.5, 13.0);
    let name: String = short(board, &u.force)
        .chars()
        .take(if u.formation == Formation::Line {
            12
        } else {
            7
        })
        .collect();
    painter.text(
        r.center_top() + Vec2::new(0.0, 2.0),
        Align2::CENTER_TOP,
        name,
        FontId::proportional(small),
        white,
    );
    let cv = match v.superior {
        Some(s) => format!("{}/{s}", v.combat),
        None => v.combat.to_string(),
    };
    painter.text(
        r.center(),
        Align2::CENTER_CENTER,
        cv,
        FontId::proportional(small * 1.6),
        white,
    );
    let bottom = format!(
        "{} {}{}",
        crate::app::theme::symbol(p.force.force_type),
        p.force.skill.letter(),
        v.activation.map_or(String::new(), |a| format!(" {a}"))
    );
    painter.text(
        r.center_bottom() - Vec2::new(0.0, 2.0),
        Align2::CENTER_BOTTOM,
        bottom,
        FontId::proportional(small),
        white,
    );
    if u.reduced {
        painter.line_segment(
            [r.left_bottom(), r.right_top()],
            Stroke::new(2.5, RED.gamma_multiply(alpha)),
        );
    }
    // Tags: the attached Battle Plan Counter and markers.
    let mut tags: Vec<(String, Color32)> = Vec::new();
    if let Some(c) = u.counter {
        tags.push((c.name().to_string(), TAG));
    }
    if u.prepare {
        tags.push(("Prepare".into(), TAG));
    }
    if u.clear_orders {
        tags.push(("Clear Orders".into(), Color32::from_rgb(140, 200, 140)));
    }
    if u.entrench {
        tags.push(("Entrench".into(), Color32::from_rgb(170, 140, 90)));
    }
    if u.hard_cover {
        tags.push(("Hard Cover".into(), Color32::from_rgb(120, 150, 220)));
    }
    if u.cover {
        tags.push(("Cover".into(), Color32::from_rgb(200, 180, 120)));
    }
    let mut ty = match u.side {
        Side::Confederate => r.bottom() + 2.0,
        Side::Union => r.top() - 15.0,
    };
    for (t, c) in &tags {
        let font = FontId::proportional(10.0);
        let g = painter.layout_no_wrap(t.clone(), font.clone(), INK);
        let b = Rect::from_min_size(Pos2::new(r.left(), ty), Vec2::new(g.size().x + 8.0, 13.0));
        painter.rect_filled(b, 3.0, c.gamma_multiply(alpha));
        painter.text(
            b.center(),
            Align2::CENTER_CENTER,
            t,
            font,
            INK.gamma_multiply(alpha),
        );
        ty += match u.side {
            Side::Confederate => 14.0,
            Side::Union => -14.0,
        };
    }
    let resp = ui.interact(r, ui.id().with(("counter", &u.force)), Sense::click());
    resp.on_hover_ui(|ui| {
        ui.label(egui::RichText::new(label(p)).strong());
        ui.label(format!(
            "{:?} · {:?} · {} · {}",
            p.force.force_type,
            p.force.skill,
            if u.reduced { "reduced" } else { "full strength" },
            u.region.name()
        ));
        let full = p.force.full;
        ui.label(format!(
            "Combat Value {} (full {}{}): the target of its attacks and Shock checks, before modifiers (5.7, 11.6).",
            v.combat,
            full.combat,
            p.force.reduced.map_or(String::new(), |r| format!(", reduced {}", r.combat))
        ));
        if let Some(sup) = v.superior {
            ui.label(format!("Superscript {sup}: a roll of {sup} or less scores 2 Hits (11.6)."));
        }
        match v.activation {
            Some(a) => ui.label(format!("Activation {a}: rolls to carry out Battle Plans need {a} or less (5.6, 11.2).")),
            None => ui.label("No Activation number: it cannot move on its own (5.6)."),
        };
        ui.label(format!(
            "{:?} Formation (10.3): {}",
            u.formation,
            match u.formation {
                Formation::Line => "counter horizontal; Fire, Volley and Rapid Fire need no Activation roll in Line (12.3.10, 12.3.11, 12.4.2); Shock checks see 11.4.3.",
                Formation::Column => "counter vertical; Engage and Flank need no Activation roll in Column (12.3.4, 12.3.6); Shock checks see 11.4.3.",
            }
        ));
        if u.in_melee {
            ui.colored_label(RED, "In Melee (11.5): no Battle Plan Counter but Prepare; Fire at +3/+3.");
        }
        if let Some(r) = u.range {
            ui.label(format!("Range to the nearest enemy: {r} Region(s)."));
        }
        if let Some(c) = u.counter {
            ui.label(format!("{} ({}): {}", c.name(), c.rule(), c.summary()));
        }
    })
}
