//! One counter on the sheet, as on the map (5.0): its name shortened to
//! fit, Combat Value, type symbol, Skill and Activation; a red slash when
//! reduced; Line horizontal and Column vertical (10.3); tags for the
//! Battle Plan Counter and markers attached (12.2, 10.2.12.3) and a
//! declared target (A12.3). Its hover is [`super::hover`].

use bevy_egui::egui::{self, Align2, Color32, FontId, Pos2, Rect, Sense, Stroke, Vec2};

use super::hover;
use super::palette::{INK, RED, TAG};
use crate::app::theme::palette;
use crate::campaign::CounterValues;
use crate::campaign::Side;
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

/// One counter, as on the map: name, Combat Value, type symbol, Skill and
/// Activation; a red slash when reduced ([`tags`] are drawn apart). On
/// hover every number explained; `from`: the selected enemy Force and how
/// it stands toward this one (the Advanced sheet).
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
    // Confederate counters light grey with dark ink, Union dark blue with
    // white: both read at a glance and differ in lightness too.
    let tones = palette::counter(u.side, u.reduced);
    let (fill, ink) = (tones.field, tones.ink);
    let dim = if u.acted { 0.75 } else { 1.0 };
    if picked {
        painter.rect_filled(r.expand(5.0), 5.0, palette::SELECTED.gamma_multiply(alpha));
    }
    painter.rect_filled(r.expand(1.5), 3.0, INK.gamma_multiply(alpha));
    painter.rect_filled(r, 3.0, fill.gamma_multiply(alpha * dim));
    let text = ink.gamma_multiply(alpha);
    let plate = fill.gamma_multiply(alpha * dim);
    face(painter, board, p, u, &v, r, (plate, text));
    if u.reduced {
        painter.line_segment(
            [r.left_bottom(), r.right_top()],
            Stroke::new(2.5, RED.gamma_multiply(alpha)),
        );
    }
    let resp = ui.interact(r, ui.id().with(("counter", &u.force)), Sense::click());
    resp.on_hover_ui(|ui| hover::explain(ui, board, p, u, &v, from))
}

/// The counter's face in `text` ink on `fill`: its name as the counter's
/// width holds it (a narrow Column counter's on a plate as wide as a Line
/// counter), its Combat Value, and when there is room its type symbol,
/// Skill and Activation (5.0).
fn face(
    painter: &egui::Painter,
    board: &Board,
    p: &Piece,
    u: &SheetUnit,
    v: &CounterValues,
    r: Rect,
    (fill, text): (Color32, Color32),
) {
    let small = (r.height().min(r.width()) * 0.27).clamp(9.5, 13.0);
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
    while size > NAME_MIN && width(&full, size) > r.width() - 2.0 {
        size = (size - 0.5).max(NAME_MIN);
    }
    // In Melee the two counters of a Square stand close: no plate over
    // the other one.
    let room = if u.in_melee {
        r.width() - 2.0
    } else {
        r.width().max(r.height() * 1.1) - 2.0
    };
    let name = abbreviate(&full, |name| width(name, size) <= room);
    let wide = width(&name, size) + 4.0;
    if wide > r.width() && !u.in_melee {
        let plate = Rect::from_center_size(
            Pos2::new(r.center().x, r.top() + 1.0 + (size + 3.0) / 2.0),
            Vec2::new(wide, size + 3.0),
        );
        painter.rect_filled(plate.expand(1.0), 2.0, INK);
        painter.rect_filled(plate, 2.0, fill);
    }
    painter.text(
        r.center_top() + Vec2::new(0.0, 2.0),
        Align2::CENTER_TOP,
        name,
        FontId::proportional(size),
        text,
    );
    let cv = match v.superior {
        Some(s) => format!("{}/{s}", v.combat),
        None => v.combat.to_string(),
    };
    // Too short for three lines (a small window, a Melee band): the name
    // and the Combat Value; the rest is on hover.
    let compact = r.height() < 3.6 * small;
    if compact {
        painter.text(
            r.center_bottom() - Vec2::new(0.0, 1.0),
            Align2::CENTER_BOTTOM,
            cv,
            FontId::proportional((r.height() - size - 4.0).clamp(small, small * 1.6)),
            text,
        );
    } else {
        painter.text(
            r.center(),
            Align2::CENTER_CENTER,
            cv,
            FontId::proportional(small * 1.6),
            text,
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
            text,
        );
    }
}

/// Tags beside the counter (below a Confederate one, above a Union one):
/// the attached Battle Plan Counter and markers, a declared target. Drawn
/// after every counter, so that no counter hides another's tags (the two
/// of a Melee Square stand close).
pub(super) fn tags(painter: &egui::Painter, board: &Board, u: &SheetUnit, r: Rect, alpha: f32) {
    let mut tags: Vec<(String, Color32)> = Vec::new();
    if let Some(c) = u.counter {
        tags.push((c.name().to_string(), TAG));
    }
    if u.prepare {
        tags.push(("Prepare".into(), TAG));
    }
    if u.clear_orders {
        tags.push(("Clear Orders".into(), palette::WOODS));
    }
    if u.entrench {
        tags.push(("Entrench".into(), palette::HEIGHTS));
    }
    if u.hard_cover {
        tags.push(("Hard Cover".into(), palette::UNION_LIGHT));
    }
    if u.cover {
        tags.push(("Cover".into(), palette::FARMLAND));
    }
    if let Some(t) = &u.target {
        tags.push(if u.aim_lost {
            // A12.3: no longer at its distance: it will hold.
            (
                format!("→ {}: out of reach", short(board, t)),
                palette::PAPER_DEEP,
            )
        } else {
            (format!("→ {}", short(board, t)), palette::WARNING_PALE)
        });
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
}

/// A suggested Battle Plan Counter (the Suggest panel, issue 37): the
/// counter ringed with a dashed line and the suggested counter's tag, a
/// band at least the counter's width in dark ink on pale green (readable
/// on the smallest sheet), with a dashed edge, at `y` (over the
/// counter's foot). Stronger while its answer is pointed at in the panel.
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
pub(super) fn dashed_rect(painter: &egui::Painter, r: Rect, stroke: Stroke) {
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
