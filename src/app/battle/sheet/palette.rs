//! The sheet's colours: the parchment, each army's half and counters,
//! Melee (11.5), and the highlights of a declared target (A12.3), an
//! offer of the pending question, a Force's reach (A12.4) and its targets
//! (A11.6).

use bevy_egui::egui::Color32;

pub(super) const PARCHMENT: Color32 = Color32::from_rgb(232, 222, 192);
pub(super) const BAND_UNION: Color32 = Color32::from_rgb(214, 220, 232);
pub(super) const BAND_CONFEDERATE: Color32 = Color32::from_rgb(226, 222, 214);
pub(super) const MELEE: Color32 = Color32::from_rgb(236, 196, 186);
pub(super) const INK: Color32 = Color32::from_rgb(50, 40, 30);
pub(super) const GREY: Color32 = Color32::from_rgb(150, 150, 150);
pub(super) const BLUE: Color32 = Color32::from_rgb(46, 76, 158);
pub(super) const CONFEDERATE_COUNTER: Color32 = Color32::from_rgb(190, 190, 186);
pub(super) const TAG: Color32 = Color32::from_rgb(246, 214, 90);
pub(super) const RED: Color32 = Color32::from_rgb(200, 30, 30);
/// The declared target of a Flank or Rapid Advance counter (A12.3).
pub(super) const AIM: Color32 = Color32::from_rgb(196, 96, 16);
/// A Square or Force the pending question offers.
pub(super) const OFFER: Color32 = Color32::from_rgb(255, 196, 0);
/// The selected Force's reach: the Squares a March takes it into (A12.4).
pub(super) const REACH: Color32 = Color32::from_rgb(60, 150, 90);
/// The outline of a counter that moved, turned or was reduced since the
/// previous frame: not the picked Force's yellow, so that one Force
/// only ever looks selected.
pub(super) const CHANGED: Color32 = Color32::from_rgb(240, 240, 240);
/// A Union Force the selected Force may attack now (A11.6).
pub(super) const THREAT: Color32 = Color32::from_rgb(170, 20, 60);
