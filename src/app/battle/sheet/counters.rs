//! One counter on the sheet, as printed (5.0): its name shortened to fit,
//! its NATO unit symbol drawn, Combat Value large (the superior value
//! boxed), Skill Level and Activation; the reduced side a lighter field
//! with a stripe (a flipped counter); Line horizontal and Column vertical
//! (10.3); tags for the
//! Battle Plan Counter and markers attached (12.2, 10.2.12.3) and a
//! declared target (A12.3). Its hover is [`super::hover`].

use bevy_egui::egui::{self, Align2, Color32, FontId, Pos2, Rect, Sense, Stroke, StrokeKind, Vec2};

use super::hover;
use super::palette::{INK, TAG};
use crate::app::theme::palette;
use crate::campaign::{CounterValues, ForceType, Side};
use crate::rules::battle::record::{Relation, SheetUnit};
use crate::rules::battle::terms::PlanCounter;
use crate::rules::board::{Board, Piece};
use crate::rules::components::Strength;

/// The smallest letters a counter's name is written in.
const NAME_MIN: f32 = 8.5;

/// A short name for a counter on the sheet.
pub(super) fn short(board: &Board, id: &str) -> String {
    board.piece(id).map_or(id.to_string(), |p| {
        // "Infantry Brigade 3" fits a counter as "Brigade 3".
        let name = &p.force.name;
        let ty = format!("{} ", p.force.force_type.name());
        name.strip_prefix(&ty).unwrap_or(name).to_string()
    })
}

/// The longest form of `name` that `fits`: the name; without its
/// initials ("J.R. Jones" → "Jones"); then cut, with a full stop
/// ("Doubleday" → "Doubl."), to three letters at least. The full name is
/// on the counter's hover.
pub fn abbreviate(name: &str, fits: impl Fn(&str) -> bool) -> String {
    if fits(name) {
        return name.to_string();
    }
    let words: Vec<&str> = name.split_whitespace().collect();
    // Initials end with a full stop ("J.R."); a number ("Brigade 3") is
    // kept with its word.
    let plain: Vec<&str> = words
        .iter()
        .copied()
        .filter(|w| !(w.ends_with('.') && w.chars().filter(|c| c.is_alphabetic()).count() <= 3))
        .collect();
    let base = if plain.is_empty() || plain.len() == words.len() {
        name.to_string()
    } else {
        plain.join(" ")
    };
    if fits(&base) {
        return base;
    }
    // A cut saves two letters at least ("Meade" is no shorter as
    // "Mead.").
    let chars: Vec<char> = base.chars().collect();
    let mut n = chars.len().saturating_sub(2);
    while n > 3 {
        let cut: String = chars[..n].iter().collect::<String>().trim_end().to_string() + ".";
        if fits(&cut) {
            return cut;
        }
        n -= 1;
    }
    chars[..chars.len().min(3)].iter().collect::<String>() + "."
}

/// One counter as printed (5.0): name, NATO unit symbol, Combat Value
/// (its superior value boxed), Skill Level and Activation; the reduced
/// side a lighter field with a stripe, as a flipped counter ([`tags`] are
/// drawn apart). On hover every number explained; `from`: the selected
/// enemy Force and how it stands toward this one (the Advanced sheet).
#[allow(clippy::too_many_arguments)]
pub(super) fn counter(
    ui: &mut egui::Ui,
    painter: &egui::Painter,
    board: &Board,
    u: &SheetUnit,
    r: Rect,
    alpha: f32,
    picked: bool,
    from: Option<(&SheetUnit, &Relation)>,
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
    // Union dark blue with light ink, Confederate grey with dark ink: they
    // differ in lightness as well as hue; the reduced side is the army's
    // lighter tone (`palette::counter`).
    let tones = palette::counter(u.side, u.reduced);
    // A die-cut counter: a shadow to its lower right, an ink edge.
    painter.rect_filled(
        r.expand(1.5).translate(Vec2::splat(1.5)),
        3.0,
        INK.gamma_multiply(0.22 * alpha),
    );
    painter.rect_filled(r.expand(1.5), 3.0, INK.gamma_multiply(alpha));
    painter.rect_filled(r, 3.0, tones.field.gamma_multiply(alpha));
    let text = tones.ink.gamma_multiply(alpha);
    let plate = tones.field.gamma_multiply(alpha);
    if u.reduced {
        stripe(painter, r, u.side, alpha);
    }
    face(painter, board, p, u, &v, r, (plate, text));
    if u.acted {
        acted(painter, r, alpha);
    }
    if picked {
        // Selected: a ring, never a fill.
        painter.rect_stroke(
            r.expand(4.5),
            5.0,
            Stroke::new(2.5, palette::SELECTED.gamma_multiply(alpha)),
            StrokeKind::Outside,
        );
    }
    let resp = ui.interact(r, ui.id().with(("counter", &u.force)), Sense::click());
    resp.on_hover_ui(|ui| hover::explain(ui, board, p, u, &v, from))
}

/// A Force that has acted this battle turn: its counter's corner turned
/// down, the paper showing (its face keeps its contrast).
fn acted(painter: &egui::Painter, r: Rect, alpha: f32) {
    let s = (r.width().min(r.height()) * 0.24).clamp(7.0, 14.0);
    let (a, b) = (
        r.right_top() - Vec2::new(s, 0.0),
        r.right_top() + Vec2::new(0.0, s),
    );
    painter.add(egui::Shape::convex_polygon(
        vec![a, r.right_top() + Vec2::new(1.5, -1.5), b],
        palette::PAPER.gamma_multiply(alpha),
        Stroke::NONE,
    ));
    painter.add(egui::Shape::convex_polygon(
        vec![a, b, a + Vec2::new(0.0, s)],
        INK.gamma_multiply(0.35 * alpha),
        Stroke::NONE,
    ));
    painter.line_segment([a, b], Stroke::new(1.0, INK.gamma_multiply(alpha)));
}

/// The reduced side's stripe across the counter's head, in its army's
/// full tone (Confederate: butternut), as on a flipped counter: never a
/// slash, which reads as "destroyed".
fn stripe(painter: &egui::Painter, r: Rect, side: Side, alpha: f32) {
    let h = stripe_h(r);
    let color = match side {
        Side::Union => palette::UNION,
        Side::Confederate => palette::BUTTERNUT_DARK,
    };
    painter.rect_filled(
        Rect::from_min_size(r.min, Vec2::new(r.width(), h)),
        egui::CornerRadius {
            nw: 3,
            ne: 3,
            sw: 0,
            se: 0,
        },
        color.gamma_multiply(alpha),
    );
}

/// The reduced stripe's height.
fn stripe_h(r: Rect) -> f32 {
    (r.height().min(r.width()) * 0.1).clamp(3.0, 5.0)
}

/// The counter's face in `text` ink on `fill`: its name as the counter's
/// width holds it (a narrow Column counter's on a plate as wide as a Line
/// counter), the NATO symbol of its type, its Combat Value large with the
/// superior value boxed, and when there is room its Skill Level (bottom
/// left) and Activation (bottom right, ringed) (5.0).
fn face(
    painter: &egui::Painter,
    board: &Board,
    p: &Piece,
    u: &SheetUnit,
    v: &CounterValues,
    r: Rect,
    (fill, text): (Color32, Color32),
) {
    let ctx = painter.ctx();
    let line = r.width() >= r.height();
    // The counter's size unit: a Line counter's height.
    let unit = if line { r.height() } else { r.width() / 0.82 };
    let top = r.top() + if u.reduced { stripe_h(r) } else { 0.0 };
    let small = (unit * 0.25).clamp(9.0, 14.5);
    let width = |name: &str, size: f32| {
        painter
            .layout_no_wrap(name.to_string(), FontId::proportional(size), text)
            .size()
            .x
    };
    // The name as the counter's width holds it: smaller letters first,
    // then on a plate wider than the counter, up to a Line counter's
    // width (a Column counter is as tall as a Line counter is wide), then
    // shortened (all of it on hover).
    let full = short(board, &u.force);
    let mut size = small;
    while size > NAME_MIN && width(&full, size) > r.width() - 3.0 {
        size = (size - 0.5).max(NAME_MIN);
    }
    // In Melee the two counters of a Square stand close: no plate over
    // the other one.
    let room = if u.in_melee {
        r.width() - 3.0
    } else {
        r.width().max(r.height() * 1.1) - 2.0
    };
    let name = abbreviate(&full, |name| width(name, size) <= room);
    let wide = width(&name, size) + 4.0;
    if wide > r.width() && !u.in_melee {
        let plate = Rect::from_center_size(
            Pos2::new(r.center().x, top + 1.0 + (size + 3.0) / 2.0),
            Vec2::new(wide, size + 3.0),
        );
        painter.rect_filled(plate.expand(1.0), 2.0, INK);
        painter.rect_filled(plate, 2.0, fill);
    }
    let name_g = painter.layout_no_wrap(name, FontId::proportional(size), text);
    let name_h = name_g.size().y;
    painter.galley(
        Pos2::new(r.center().x - name_g.size().x / 2.0, top + 1.0),
        name_g,
        text,
    );
    let body = Rect::from_min_max(Pos2::new(r.left(), top + 1.0 + name_h), r.max);
    let value_size = (unit * 0.24).clamp(9.0, 15.0);
    let symbol_size = if line {
        Vec2::new(unit * 0.39, unit * 0.26)
    } else {
        Vec2::new(unit * 0.42, unit * 0.28)
    }
    .max(Vec2::new(11.0, 7.5));
    // Figures are placed by their height (about three quarters of the
    // font's size), not the line's.
    let fig = 0.75;
    let gap = 3.0;
    let value_font = super::palette::bold(ctx, value_size);
    let skill = |at: Pos2| {
        painter.text(
            at,
            Align2::CENTER_CENTER,
            p.force.skill.letter(),
            value_font.clone(),
            text,
        );
    };
    let activation = |at: Pos2| {
        if let Some(a) = v.activation {
            painter.circle_stroke(at, value_size * 0.62, Stroke::new(1.0, text));
            painter.text(
                at,
                Align2::CENTER_CENTER,
                a.to_string(),
                value_font.clone(),
                text,
            );
        }
    };
    let symbol = |at: Pos2| {
        unit_symbol(
            painter,
            Rect::from_center_size(at, symbol_size),
            p.force.force_type,
            text,
        );
    };
    if line {
        // The symbol over the Skill Level at the left, the Combat Value
        // in the middle, the Activation ringed at the right.
        let cv_size = (unit * 0.5).min(body.height() / 0.85).clamp(11.0, 30.0);
        let y = body.center().y;
        let left = r.left() + (symbol_size.x / 2.0 + unit * 0.1).max(unit * 0.3);
        let gap = gap + 1.5;
        let stack = symbol_size.y + gap + value_size * fig;
        if body.height() >= stack + 2.0 {
            let sym_y = y - stack / 2.0 + symbol_size.y / 2.0;
            symbol(Pos2::new(left, sym_y));
            skill(Pos2::new(
                left,
                sym_y + symbol_size.y / 2.0 + gap + value_size * fig / 2.0,
            ));
        } else {
            symbol(Pos2::new(left, y));
        }
        combat_value(
            painter,
            Pos2::new(r.left() + unit * 0.8, y),
            v,
            cv_size,
            text,
        );
        activation(Pos2::new(r.right() - value_size * 0.62 - unit * 0.08, y));
    } else {
        // Top down: the symbol, the Combat Value, then the Skill Level
        // and the Activation side by side.
        let cv_size = (unit * 0.43).clamp(11.0, 30.0);
        let x = r.center().x;
        let full = symbol_size.y + (cv_size + value_size) * fig;
        let free = body.height() - full;
        if free >= 4.0 {
            let g = free / 4.0;
            let sym_y = body.top() + g + symbol_size.y / 2.0;
            let cv_y = sym_y + symbol_size.y / 2.0 + g + cv_size * fig / 2.0;
            let values_y = cv_y + cv_size * fig / 2.0 + g + value_size * fig / 2.0;
            symbol(Pos2::new(x, sym_y));
            combat_value(painter, Pos2::new(x, cv_y), v, cv_size, text);
            let inset = value_size * 0.62 + unit * 0.06;
            skill(Pos2::new(r.left() + inset, values_y));
            activation(Pos2::new(r.right() - inset, values_y));
        } else {
            // Too short for the values' row (a small window, a Melee
            // band): the symbol and the Combat Value; the rest on hover.
            let cv_size = cv_size
                .min((body.height() - symbol_size.y) / fig * 0.8)
                .max(10.0);
            let g = ((body.height() - symbol_size.y - cv_size * fig) / 3.0).max(0.0);
            let sym_y = body.top() + g + symbol_size.y / 2.0;
            symbol(Pos2::new(x, sym_y));
            let cv_y = sym_y + symbol_size.y / 2.0 + g + cv_size * fig / 2.0;
            combat_value(painter, Pos2::new(x, cv_y), v, cv_size, text);
        }
    }
}

/// The Combat Value, large, centred on `at`; its superior value (a roll
/// this low scores 2 Hits, 11.6) boxed at its upper right.
fn combat_value(painter: &egui::Painter, at: Pos2, v: &CounterValues, size: f32, ink: Color32) {
    let ctx = painter.ctx();
    let g = painter.layout_no_wrap(v.combat.to_string(), super::palette::bold(ctx, size), ink);
    let Some(sup) = v.superior else {
        painter.galley(at - g.size() / 2.0, g, ink);
        return;
    };
    let sg = painter.layout_no_wrap(
        sup.to_string(),
        super::palette::bold(ctx, (size * 0.5).max(8.5)),
        ink,
    );
    let b = sg.size() + Vec2::new(3.0, 0.0);
    let total = g.size().x + 1.5 + b.x;
    let min = Pos2::new(at.x - total / 2.0, at.y - g.size().y / 2.0);
    let cv = g.size();
    painter.galley(min, g, ink);
    let boxed = Rect::from_min_size(Pos2::new(min.x + cv.x + 1.5, min.y + cv.y * 0.12), b);
    painter.rect_stroke(boxed, 1.0, Stroke::new(1.0, ink), StrokeKind::Inside);
    painter.galley(boxed.min + Vec2::new(1.5, 0.0), sg, ink);
}

/// A Force's NATO unit symbol in `r` (a box half again as wide as it is
/// tall): infantry's crossed box, cavalry's one diagonal, artillery's
/// dot; a Garrison's box with a flag; a Fortification's battlement.
pub(super) fn unit_symbol(painter: &egui::Painter, r: Rect, t: ForceType, ink: Color32) {
    let s = Stroke::new((r.height() * 0.11).clamp(1.0, 1.8), ink);
    let frame = || painter.rect_stroke(r, 0.0, s, StrokeKind::Inside);
    match t {
        ForceType::Infantry => {
            frame();
            painter.line_segment([r.left_top(), r.right_bottom()], s);
            painter.line_segment([r.left_bottom(), r.right_top()], s);
        }
        ForceType::Cavalry => {
            frame();
            painter.line_segment([r.left_bottom(), r.right_top()], s);
        }
        ForceType::Artillery => {
            frame();
            painter.circle_filled(r.center(), r.height() * 0.24, ink);
        }
        ForceType::Garrison => {
            frame();
            let x = r.left() + r.width() * 0.38;
            let (top, foot) = (r.top() + r.height() * 0.18, r.bottom() - r.height() * 0.16);
            painter.line_segment([Pos2::new(x, top), Pos2::new(x, foot)], s);
            painter.add(egui::Shape::convex_polygon(
                vec![
                    Pos2::new(x, top),
                    Pos2::new(x + r.width() * 0.34, top + r.height() * 0.17),
                    Pos2::new(x, top + r.height() * 0.34),
                ],
                ink,
                Stroke::NONE,
            ));
        }
        ForceType::Fortification => {
            // A wall with three merlons.
            let (l, w) = (r.left(), r.width());
            let (t, m, b) = (r.top(), r.top() + r.height() * 0.35, r.bottom());
            let step = w / 5.0;
            let mut points = vec![Pos2::new(l, b), Pos2::new(l, t)];
            for i in 0..5 {
                let x0 = l + step * i as f32;
                let y = if i % 2 == 0 { t } else { m };
                points.push(Pos2::new(x0, y));
                points.push(Pos2::new(x0 + step, y));
            }
            points.push(Pos2::new(l + w, b));
            points.push(Pos2::new(l, b));
            painter.add(egui::Shape::line(points, s));
        }
    }
}

/// Tags beside the counter (below a Confederate one, above a Union one):
/// the attached Battle Plan Counter (a gold counter of its own) and
/// markers, a declared target. Drawn after every counter, so that no
/// counter hides another's tags (the two of a Melee Square stand close).
pub(super) fn tags(painter: &egui::Painter, board: &Board, u: &SheetUnit, r: Rect, alpha: f32) {
    let tags = tag_list(board, u);
    let mut ty = match u.side {
        Side::Confederate => r.bottom() + 3.0,
        Side::Union => r.top() - 16.0,
    };
    for (t, c, plan) in &tags {
        // A Battle Plan Counter in Lato Bold, a marker in Lato.
        let font = if *plan {
            super::palette::bold(painter.ctx(), 10.0)
        } else {
            FontId::proportional(10.0)
        };
        let g = painter.layout_no_wrap(t.clone(), font.clone(), INK);
        let b = Rect::from_min_size(Pos2::new(r.left(), ty), Vec2::new(g.size().x + 8.0, 13.0));
        painter.rect_filled(b, 1.5, c.gamma_multiply(alpha));
        painter.rect_stroke(
            b,
            1.5,
            Stroke::new(1.0, INK.gamma_multiply(alpha)),
            StrokeKind::Inside,
        );
        if *plan {
            // A Battle Plan Counter: a notch at its left, as a counter's
            // corner.
            painter.rect_filled(
                Rect::from_min_size(b.min, Vec2::new(2.5, b.height())),
                0.0,
                INK.gamma_multiply(alpha),
            );
        }
        painter.text(
            b.center() + Vec2::new(if *plan { 1.0 } else { 0.0 }, 0.0),
            Align2::CENTER_CENTER,
            t,
            font,
            INK.gamma_multiply(alpha),
        );
        ty += match u.side {
            Side::Confederate => TAG_STEP,
            Side::Union => -TAG_STEP,
        };
    }
}

/// The tags a counter carries, each its words, its colour and whether it
/// is a Battle Plan Counter, in the order they are drawn ([`tags`]; below
/// a Confederate counter, each [`TAG_STEP`] under the last).
pub(super) fn tag_list(board: &Board, u: &SheetUnit) -> Vec<(String, Color32, bool)> {
    let mut tags: Vec<(String, Color32, bool)> = Vec::new();
    if let Some(c) = u.counter {
        tags.push((c.name().to_string(), TAG, true));
    }
    if u.prepare {
        tags.push(("Prepare".into(), TAG, true));
    }
    if u.clear_orders {
        tags.push(("Clear Orders".into(), palette::WOODS, false));
    }
    if u.entrench {
        tags.push(("Entrench".into(), palette::HEIGHTS, false));
    }
    if u.hard_cover {
        tags.push(("Hard Cover".into(), palette::UNION_LIGHT, false));
    }
    if u.cover {
        tags.push(("Cover".into(), palette::FARMLAND, false));
    }
    if let Some(t) = &u.target {
        tags.push(if u.aim_lost {
            // A12.3: no longer at its distance: it will hold.
            (
                format!("→ {}: out of reach", short(board, t)),
                palette::PAPER_DEEP,
                false,
            )
        } else {
            (
                format!("→ {}", short(board, t)),
                palette::WARNING_PALE,
                false,
            )
        });
    }
    tags
}

/// How far apart a counter's tags are drawn.
pub(super) const TAG_STEP: f32 = 15.0;

/// A suggested Battle Plan Counter (the Suggest panel, issue 37): the
/// counter ringed with a dashed line and the suggested counter's tag, a
/// band at least the counter's width in dark ink on pale green (readable
/// on the smallest sheet), with a dashed edge, at `y` (under the counter,
/// where the counter given goes, or over its foot where there is no room).
/// Stronger while its answer is pointed at in the panel.
pub(super) fn ghost(painter: &egui::Painter, r: Rect, y: f32, plan: PlanCounter, pointed: bool) {
    let ink = crate::app::suggest::GHOST.gamma_multiply(if pointed { 1.0 } else { 0.85 });
    let width = if pointed { 2.5 } else { 1.8 };
    dashed_rect(painter, r.expand(4.0), Stroke::new(width, ink));
    let font = FontId::proportional(GHOST_TAG_FONT);
    let text = palette::ADVICE;
    let g = painter.layout_no_wrap(plan.name().to_string(), font.clone(), text);
    let w = (g.size().x + 10.0).max(r.width());
    let b = Rect::from_min_size(
        Pos2::new(r.center().x - w / 2.0, y),
        Vec2::new(w, GHOST_TAG_H),
    );
    painter.rect_filled(
        b,
        3.0,
        palette::ADVICE_PALE.gamma_multiply(if pointed { 0.98 } else { 0.92 }),
    );
    dashed_rect(painter, b, Stroke::new(1.5, ink));
    painter.text(b.center(), Align2::CENTER_CENTER, plan.name(), font, text);
}

/// The ghost's tag: its letters' size and its height (a stacked tag is
/// drawn this far above the one under it).
pub(super) const GHOST_TAG_FONT: f32 = 13.0;
pub(super) const GHOST_TAG_H: f32 = 17.0;

/// A rectangle's edge, dashed.
pub(crate) fn dashed_rect(painter: &egui::Painter, r: Rect, stroke: Stroke) {
    let points = [
        r.left_top(),
        r.right_top(),
        r.right_bottom(),
        r.left_bottom(),
        r.left_top(),
    ];
    painter.extend(egui::Shape::dashed_line(&points, stroke, 5.0, 3.0));
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A name too long for its counter loses its initials, then letters.
    #[test]
    fn names_are_shortened_to_fit() {
        let within = |n: usize| move |s: &str| s.chars().count() <= n;
        assert_eq!(abbreviate("Meade", within(6)), "Meade");
        assert_eq!(abbreviate("Meade", within(4)), "Mea.");
        assert_eq!(abbreviate("J.R. Jones", within(6)), "Jones");
        assert_eq!(abbreviate("D.H. Hill", within(9)), "D.H. Hill");
        assert_eq!(abbreviate("Doubleday", within(6)), "Doubl.");
        assert_eq!(abbreviate("Brigade 3", within(9)), "Brigade 3");
        assert_eq!(abbreviate("Brigade 3", within(6)), "Briga.");
        assert_eq!(abbreviate("Richardson", within(1)), "Ric.");
    }
}
