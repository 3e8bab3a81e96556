//! A target to choose (A11.4, A11.6, A12.3): the Union Forces the
//! question offers, each with its Square and Combat Value.

use bevy_egui::egui::{self, RichText};

use crate::app::answer::Answerer;
use crate::app::theme::link::HoverWords;
use crate::rules::battle::record::SheetView;
use crate::rules::board::{Board, label};
use crate::rules::decision::Decision;

/// A11.4, A11.6, A12.3: the Union Forces the question offers as targets,
/// each with its Square.
pub(super) fn targets(
    ui: &mut egui::Ui,
    board: &Board,
    sheet: Option<&SheetView>,
    a: &mut Answerer,
) {
    let r = a.view;
    ui.label(RichText::new("Click a highlighted Union counter on the sheet, or:").size(11.0));
    for d in &r.request.options {
        let Decision::Target { force } = d else {
            continue;
        };
        let unit = sheet.and_then(|s| s.units.iter().find(|u| u.force == force.as_str()));
        let mut text = crate::rules::view::word(board, d);
        if let Some(u) = unit {
            text.push_str(&format!(" · {}", crate::app::battle::sheet::place(u)));
        }
        let tip = board.piece(force).map_or(String::new(), |p| {
            format!("{} · Combat Value {}", label(p), p.combat())
        });
        a.button(ui, d, text).on_hover_words(tip);
    }
}
