//! The sheet's colours, by their part on the sheet, from the theme's
//! palette (`app::theme::palette`, whose pairs prove their contrast): the
//! page, each army's half and counters, Melee (11.5), and the highlights
//! of a declared target (A12.3), an offer of the pending question, a
//! Force's reach (A12.4) and its targets (A11.6).

use bevy_egui::egui::Color32;

use crate::app::theme::palette;

pub(super) const PARCHMENT: Color32 = palette::PAPER_DEEP;
pub(super) const BAND_UNION: Color32 = palette::UNION_PALE;
pub(super) const BAND_CONFEDERATE: Color32 = palette::CONFEDERATE_PALE;
pub(super) const MELEE: Color32 = palette::MELEE;
pub(super) const INK: Color32 = palette::INK;
/// Chips of what is spent (an Insight used).
pub(super) const GREY: Color32 = palette::INK_SOFT;
pub(super) const BLUE: Color32 = palette::UNION;
pub(super) const TAG: Color32 = palette::MARKER;
pub(super) const RED: Color32 = palette::FAILED;
/// Light text on the sheet's chips and dark plates.
pub(super) const ON_DARK: Color32 = palette::PAPER_RAISED;
/// The declared target of a Flank or Rapid Advance counter (A12.3).
pub(super) const AIM: Color32 = palette::AIM;
/// A Square or Force the pending question offers.
pub(super) const OFFER: Color32 = palette::CAN_ACT;
/// The selected Force's reach: the Squares a March takes it into (A12.4).
pub(super) const REACH: Color32 = palette::CAN_ACT;
/// The outline of a counter that moved, turned or was reduced since the
/// previous frame: not the picked Force's, so that one Force only ever
/// looks selected.
pub(super) const CHANGED: Color32 = palette::CHANGED;
/// A Union Force the selected Force may attack now (A11.6), or a target
/// the question offers.
pub(super) const THREAT: Color32 = palette::TARGET;
/// The counter under the pointer.
pub(super) const HOVER: Color32 = palette::HOVER;

use bevy_egui::egui::{self, FontFamily, FontId};

use crate::app::theme::fonts::{SANS_BOLD, SERIF, SERIF_BOLD, SERIF_ITALIC};

/// One of the theme's faces at `size`, or egui's own where the theme's
/// fonts are not installed (a test's bare context).
pub(crate) fn face(ctx: &egui::Context, family: &str, size: f32) -> FontId {
    let named = FontFamily::Name(family.into());
    if ctx.fonts(|f| f.definitions().families.contains_key(&named)) {
        FontId::new(size, named)
    } else {
        FontId::proportional(size)
    }
}

/// Numbers and short values set bold (Lato Bold): a counter's values.
pub(crate) fn bold(ctx: &egui::Context, size: f32) -> FontId {
    face(ctx, SANS_BOLD, size)
}

/// Printed names on the sheet (EB Garamond Bold): Regions, Rows, boxes.
pub(crate) fn serif_bold(ctx: &egui::Context, size: f32) -> FontId {
    face(ctx, SERIF_BOLD, size)
}

/// Titles on the sheet (EB Garamond).
pub(crate) fn serif(ctx: &egui::Context, size: f32) -> FontId {
    face(ctx, SERIF, size)
}

/// Captions on the sheet (EB Garamond Italic).
pub(crate) fn italic(ctx: &egui::Context, size: f32) -> FontId {
    face(ctx, SERIF_ITALIC, size)
}
