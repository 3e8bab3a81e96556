//! The set-up on the Advanced sheet (A10.2.14): every Square offered to
//! the Force being set up, Row by Row as on the sheet (a click here is a
//! click on the sheet), then the Formations offered in the Square picked.

use bevy_egui::egui::{self, RichText};

use crate::app::answer::Answerer;
use crate::app::battle::BattleScreen;
use crate::app::battle::sheet::Offer;
use crate::app::theme::link::HoverWords;
use crate::rules::battle::ground::Square;
use crate::rules::battle::terms::Formation;
use crate::rules::board::{Board, label};
use crate::rules::decision::{Decision, Request};

/// A10.2.14: the Force being set up on the Advanced sheet. Every Square
/// offered, Row by Row as on the sheet (a click here is a click on the
/// sheet), then the Formations offered in the Square picked.
pub(super) fn set_up(
    ui: &mut egui::Ui,
    board: &Board,
    screen: &mut BattleScreen,
    a: &mut Answerer,
) {
    let r = a.view.request.clone();
    let r = &r;
    let offer = crate::app::battle::offer_for(r, screen.square);
    let name = r
        .options
        .iter()
        .find_map(|d| match d {
            Decision::PlaceOnSquare { force, .. } => Some(force),
            _ => None,
        })
        .map_or(String::new(), |f| {
            board.piece(f).map_or(f.to_string(), label)
        });
    ui.label(
        RichText::new(format!(
            "Click a highlighted Square on the sheet or here for {name}, then its Formation."
        ))
        .size(11.0),
    );
    egui::Grid::new("set-up-squares")
        .spacing([4.0, 4.0])
        .show(ui, |ui| offered_squares(ui, r, &offer, screen, a));
    if let Some((s, formations)) = &offer.chosen {
        ui.horizontal(|ui| {
            ui.label(RichText::new(format!("Square {}:", s.name())).strong());
            for f in formations {
                let text = match f {
                    Formation::Line => "In Line (—)",
                    Formation::Column => "In Column (|)",
                };
                if let Some(d) = r.options.iter().find(|d| {
                    matches!(d, Decision::PlaceOnSquare { square, formation, .. } if square == s && formation == f)
                }) && a.button(ui, d, text).clicked()
                {
                    screen.square = None;
                }
            }
        });
    }
    crate::app::theme::link::words_styled(
        ui,
        "A10.2.14: Static Forces in Row F; Mobile Forces in Row E or F, Row D once those are full (up to 3 there with the Front Insight); Artillery and Static Forces in Line (10.3).",
        |w| RichText::new(w).size(11.0),
    );
}

/// The Squares offered, a Row a line, each in its Column; a click on one
/// answers as a click on the sheet would.
fn offered_squares(
    ui: &mut egui::Ui,
    r: &Request,
    offer: &Offer,
    screen: &mut BattleScreen,
    a: &mut Answerer,
) {
    for row in 0..i32::from(Square::ROWS) {
        let here: Vec<Square> = Square::all_on(Square::MAX_COLUMNS)
            .filter(|s| s.row() == row && offer.squares.contains(s))
            .collect();
        if here.is_empty() {
            continue;
        }
        let region = here[0].region();
        ui.label(format!("Row {}", Square::row_letter(region)))
            .on_hover_words(region.name());
        let columns = offer
            .squares
            .iter()
            .map(|s| s.column() + 1)
            .max()
            .unwrap_or(0);
        for column in 0..columns.max(i32::from(Square::COLUMNS)) {
            match here.iter().find(|s| s.column() == column) {
                Some(&s) => {
                    let chosen = screen.square == Some(s);
                    if ui
                        .add_enabled(a.ready, egui::Button::selectable(chosen, s.name()))
                        .clicked()
                    {
                        let input = crate::app::battle::sheet::SheetInput {
                            square: Some(s),
                            ..Default::default()
                        };
                        if let Some(d) = crate::app::battle::answer(&input, r, screen) {
                            screen.square = None;
                            a.send(&d);
                        }
                    }
                }
                None => {
                    ui.label("");
                }
            }
        }
        ui.end_row();
    }
}
