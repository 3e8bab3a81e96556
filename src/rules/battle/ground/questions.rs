//! The questions the battle rules ask of a place on a sheet.

use crate::campaign::Side;
use crate::rules::battle::terms::Formation;

/// Where an attack strikes a Force (A11.4.2.3: the Advanced sheet's Flank
/// and Rear).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Facing {
    Front,
    Flank,
    Rear,
}

/// The questions the battle rules ask of a place on a sheet, whatever the
/// sheet's geometry.
pub trait Ground: Copy + Eq + std::fmt::Debug + 'static {
    /// The place in a chronicle line: "the Union Front", "Square D4".
    fn label(self) -> String;
    /// Places from here to `other` (11.6 range).
    fn distance(self, other: Self) -> i32;
    /// The place's index among the sheet's places, below 128: sets of
    /// places as bits (`Units::occupied`).
    fn bit(self) -> u32;
    /// The places one step toward `side`'s enemy edge (11.3 Advance, A11.3);
    /// none beyond it.
    fn advances(self, side: Side) -> impl Iterator<Item = Self>;
    /// The places one step toward `side`'s own edge (11.3 Retreat, A11.3);
    /// none: the next step leaves the sheet.
    fn retreats(self, side: Side) -> impl Iterator<Item = Self>;
    /// The places next to this one, the one toward `side`'s enemy first.
    fn neighbours(self, side: Side) -> impl Iterator<Item = Self>;
    /// How far forward the place lies for `side` (14.3 front to rear).
    fn depth(self, side: Side) -> i32;
    /// Where an attack from `from` strikes a Force of `side` here.
    fn facing(self, side: Side, from: Self) -> Facing;
    /// Whether a Force here sees `other` (Artillery, Fortifications).
    fn line_of_sight(self, other: Self) -> bool;
    /// The Formation of a Force here, in `own` Formation on the sheet, in
    /// relation to a Force or place `other` (10.3, A10.3).
    fn formation_toward(self, own: Formation, other: Self) -> Formation;
}
