//! What the rest of the window consults about a lesson in play (issue 47),
//! kept apart from `tutorial` so that the panels, the map and the game's
//! start need not import it: the answers a lesson enables ([`Narrowed`]),
//! the rects of the elements a lesson card can point at ([`mark`],
//! [`marked`]), and the lesson a game screen starts ([`LessonStart`]).

use bevy::prelude::*;
use bevy_egui::egui;

use crate::rules::decision::Decision;

/// The answers a lesson enables on the question now asked; the others are
/// shown refused, with `why`. None: no lesson narrows the answers.
#[derive(Resource, Debug, Clone, Default, PartialEq)]
pub struct Narrowed(pub Option<Narrowing>);

#[derive(Debug, Clone, PartialEq)]
pub struct Narrowing {
    /// Empty: none (the card is read first).
    pub allowed: Vec<Decision>,
    /// One line: "In this lesson, …".
    pub why: String,
}

impl Narrowed {
    /// The view's question with only the enabled answers: the others move
    /// to the refused answers, each with why, so that the map, the sheet,
    /// the decision panel and the keys offer the lesson's answer only.
    pub fn apply(&self, view: &mut crate::rules::view::GameView) {
        let (Some(n), Some(r)) = (&self.0, view.request.as_mut()) else {
            return;
        };
        let (keep, drop): (Vec<_>, Vec<_>) = r
            .choices
            .drain(..)
            .partition(|c| n.allowed.contains(&c.decision));
        r.choices = keep;
        r.request.options.retain(|d| n.allowed.contains(d));
        // A move refused says where it would have gone (the panel lists
        // the selected Force's refused moves, each on its line).
        let board = &view.board;
        r.request.refused.extend(drop.into_iter().map(|c| {
            let why = match &c.to {
                Some(to) => format!(
                    "Not to {} in this lesson: the card says where.",
                    board.area_name(to)
                ),
                None => n.why.clone(),
            };
            (c.decision, why)
        }));
    }
}

/// A lesson to start when the game screen opens: its campaign, options and
/// the decisions to replay (a resumed lesson).
#[derive(Resource, Debug, Clone)]
pub struct LessonStart(pub crate::rules::setup::NewCampaign);

/// Register where a named element was drawn this frame (logical points),
/// for a lesson card to point at ("status.command-points").
pub fn mark(ctx: &egui::Context, name: &str, rect: egui::Rect) {
    let pass = ctx.cumulative_pass_nr();
    ctx.data_mut(|d| d.insert_temp(key(name), (rect, pass)));
}

/// Where the element was drawn in the last frames; none once it is no
/// longer drawn.
pub fn marked(ctx: &egui::Context, name: &str) -> Option<egui::Rect> {
    let now = ctx.cumulative_pass_nr();
    ctx.data(|d| d.get_temp::<(egui::Rect, u64)>(key(name)))
        .filter(|(_, pass)| now.saturating_sub(*pass) <= 2)
        .map(|(r, _)| r)
}

/// The Battlefield Sheet's Regions as [`mark`] names them, top down.
pub const SHEET_BANDS: [&str; 6] = [
    "sheet.union-reserve",
    "sheet.union-approach",
    "sheet.union-front",
    "sheet.confederate-front",
    "sheet.confederate-approach",
    "sheet.confederate-reserve",
];

/// A Square of the Advanced Battlefield Sheet as [`mark`] names it, by
/// its name on the sheet: "sheet.square.E3". Its Row is marked as the
/// Region it stands for ([`SHEET_BANDS`]: Row E is
/// "sheet.confederate-approach").
pub fn square_element(square: &str) -> String {
    format!("sheet.square.{square}")
}

fn key(name: &str) -> egui::Id {
    egui::Id::new(("tutorial-mark", name))
}
