//! Between the sheet and the pending question: what the question lets
//! the player pick on the sheet (Squares, targets, a set-up's Formations)
//! and what the player did there.

use bevy_egui::egui::Rect;

use crate::rules::battle::ground::Square;
use crate::rules::battle::terms::Formation;

/// What the player did on the sheet.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct SheetInput {
    /// Where each counter was drawn (the screenshot tour hovers one).
    pub counters: Vec<(String, Rect)>,
    /// A Confederate Force clicked.
    pub clicked: Option<String>,
    /// A highlighted Square clicked (Advanced: March into, Retreat into,
    /// set up in).
    pub square: Option<Square>,
    /// A highlighted Union Force clicked (Advanced: a target).
    pub target: Option<String>,
    /// A Square and Formation chosen in the set-up popup (A10.2.14).
    pub place: Option<(Square, Formation)>,
    /// A Square pointed at that the question does not offer.
    pub unoffered: Option<Square>,
}

/// What the pending question lets the player pick on the sheet.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Offer {
    /// Squares offered (a March, a Retreat, a Square to set up in).
    pub squares: Vec<Square>,
    /// What clicking one of them does ("March here").
    pub verb: String,
    /// Set-up: the Square picked and the Formations offered in it.
    pub chosen: Option<(Square, Vec<Formation>)>,
    /// Union Forces offered as the target of an attack or a counter.
    pub targets: Vec<String>,
    /// Confederate Forces the question lets act next (14.4): ringed.
    pub can_act: Vec<String>,
    /// Before the battle begins (A10.2.14): what the header says instead
    /// of the turn track and the Union Tactics.
    pub setup: Option<String>,
    /// The Suggest panel's assignment, drawn translucent (issue 37).
    pub ghosts: Vec<crate::app::suggest::Ghost>,
}
