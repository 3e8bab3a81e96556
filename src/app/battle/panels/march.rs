//! A March or Retreat into a Square (A11.0, A12.4): every Square offered,
//! each entered into a Union Force's a Shock attack (A11.4).

use bevy_egui::egui::{self, RichText};

use crate::app::answer::Answerer;
use crate::app::theme::link::HoverWords;
use crate::campaign::Side;
use crate::rules::battle::ground::Square;
use crate::rules::battle::record::SheetView;
use crate::rules::board::{Board, label};
use crate::rules::decision::Decision;

/// What stands in a Square of the sheet, in words.
fn in_square(board: &Board, sheet: Option<&SheetView>, at: Square) -> Option<String> {
    let u = sheet?
        .units
        .iter()
        .find(|u| u.square == Some(at) && u.side == Side::Union)?;
    Some(board.piece(&u.force).map_or(u.force.clone(), label))
}

/// A11.0, A12.4: the Squares a Force may move or retreat into; a Union
/// Force in one is Shock attacked (A11.4).
pub(super) fn march_into(
    ui: &mut egui::Ui,
    board: &Board,
    sheet: Option<&SheetView>,
    a: &mut Answerer,
) {
    let r = a.view;
    ui.label(RichText::new("Click a highlighted Square on the sheet, or:").size(11.0));
    for d in &r.request.options {
        let Decision::MarchInto { square } = d else {
            continue;
        };
        let (text, tip) = match in_square(board, sheet, *square) {
            Some(enemy) => (
                format!("{} — Shock attack on {enemy}", crate::rules::view::word(board, d)),
                "A11.4: the Union Force in the Square entered is the target of the Shock attack; it fires first (Defensive Fire, A11.4.1).".to_string(),
            ),
            None => (
                crate::rules::view::word(board, d),
                format!("An empty Square ({}).", square.region().name()),
            ),
        };
        a.button(ui, d, text).on_hover_words(tip);
    }
}
