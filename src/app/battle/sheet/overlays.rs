//! What is drawn over the sheet and its counters: a declared target's
//! arrow (A12.3), the ring and range of a Union Force the selected Force
//! may attack (A11.0.1, A11.4.2), and the set-up's popup of Formations
//! beside the Square picked (A10.2.14, 10.3).

use bevy_egui::egui::{self, Align2, FontId, Pos2, Rect, Shape, Stroke, StrokeKind, Vec2};

use super::hover::reach_words;
use super::offer::SheetInput;
use super::palette::{AIM, ON_DARK, THREAT};
use crate::app::theme::link::HoverWords;
use crate::rules::battle::ground::Square;
use crate::rules::battle::record::{Relation, SheetView};
use crate::rules::battle::terms::Formation;

/// A12.3: each declared target still to be struck as declared, an
/// arrow from its counter (as `shown` this frame) to the Union Force it
/// is aimed at; none from a Force driven out of its distance.
pub(super) fn aims(painter: &egui::Painter, sheet: &SheetView, shown: &[(usize, Rect)]) {
    for (k, from) in shown {
        let Some(t) = sheet.units[*k]
            .target
            .as_ref()
            .filter(|_| !sheet.units[*k].aim_lost)
        else {
            continue;
        };
        if let Some((_, to)) = shown.iter().find(|(j, _)| sheet.units[*j].force == *t) {
            aim(painter, *from, *to);
        }
    }
}

/// A12.3: a dashed arrow from a counter to the Union Force it is aimed at.
fn aim(painter: &egui::Painter, from: Rect, to: Rect) {
    let (a, b) = (from.center(), to.center());
    let d = b - a;
    let len = d.length();
    if len < 1.0 {
        return;
    }
    let dir = d / len;
    let start = a + dir * (from.size().min_elem() / 2.0);
    let end = b - dir * (to.size().min_elem() / 2.0 + 3.0);
    let stroke = Stroke::new(2.0, AIM);
    painter.extend(Shape::dashed_line(&[start, end], stroke, 7.0, 4.0));
    let side = Vec2::new(-dir.y, dir.x);
    painter.add(Shape::convex_polygon(
        vec![
            end,
            end - dir * 10.0 + side * 5.0,
            end - dir * 10.0 - side * 5.0,
        ],
        AIM,
        Stroke::NONE,
    ));
}

/// A10.2.14: the Square picked for the Force being set up, and its
/// Formations, in a popup beside it.
pub(super) fn placement_popup(
    ui: &mut egui::Ui,
    battle_id: usize,
    rect: Rect,
    cell: Rect,
    square: Square,
    formations: &[Formation],
    input: &mut SheetInput,
) {
    // Beside the Square, on the side with room.
    let right = cell.right() + 150.0 < rect.right();
    let (pos, pivot) = if right {
        (cell.right_top() + Vec2::new(4.0, 0.0), Align2::LEFT_TOP)
    } else {
        (cell.left_top() - Vec2::new(4.0, 0.0), Align2::RIGHT_TOP)
    };
    egui::Area::new(egui::Id::new(("place-popup", battle_id)))
        .order(egui::Order::Foreground)
        .fixed_pos(pos)
        .pivot(pivot)
        .show(ui.ctx(), |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                ui.label(egui::RichText::new(format!("Square {}", square.name())).strong());
                for f in formations {
                    let text = match f {
                        Formation::Line => "In Line (—)",
                        Formation::Column => "In Column (|)",
                    };
                    if ui
                        .button(text)
                        .on_hover_words("10.3: Line horizontal, Column vertical on the sheet.")
                        .clicked()
                    {
                        input.place = Some((square, *f));
                    }
                }
            });
        });
}

/// A Union Force the selected Force may attack now: ringed, with its range
/// and where the attack strikes (A11.0.1, A11.4.2).
pub(super) fn ring(painter: &egui::Painter, at: Rect, r: &Relation, stroke: bool) {
    let ring = at.expand(if stroke { 5.0 } else { 7.0 });
    if stroke {
        painter.rect_stroke(ring, 7.0, Stroke::new(2.5, THREAT), StrokeKind::Outside);
    }
    let text = reach_words(r);
    let font = FontId::proportional(10.0);
    let g = painter.layout_no_wrap(text.clone(), font.clone(), ON_DARK);
    let chip = Rect::from_min_size(
        Pos2::new(
            ring.center().x - g.size().x / 2.0 - 4.0,
            ring.bottom() + 1.0,
        ),
        Vec2::new(g.size().x + 8.0, 13.0),
    );
    painter.rect_filled(chip, 3.0, THREAT);
    painter.text(chip.center(), Align2::CENTER_CENTER, text, font, ON_DARK);
}
