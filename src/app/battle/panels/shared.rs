//! What the battle panels share: their colours, the events of the round
//! revealed so far, and the names of the
//! battle modes (4.0) and the Insights (10.2.12).

use bevy_egui::egui::Color32;

use crate::app::theme::palette;
use crate::campaign::Insight;
use crate::rules::battle::record::{BattleEvent, BattleRecord, round_start};
use crate::rules::difficulty::BattleMode;

pub(super) const RED: Color32 = palette::FAILED;
/// Union text and bars on the panels.
pub(super) const BLUE: Color32 = palette::UNION_DARK;
/// Confederate text and bars on the panels.
pub(super) const GREY: Color32 = palette::BUTTERNUT_DARK;
/// Behind the table's cells rolled.
pub(super) const HIGHLIGHT: Color32 = palette::MARKER;

pub fn mode_name(m: BattleMode) -> &'static str {
    match m {
        BattleMode::Basic => "Basic Battle Rules",
        BattleMode::Quick => "Quick Battle Rules",
        BattleMode::VeryQuick => "Very Quick Battle Rules",
        BattleMode::Advanced => "Advanced Battle Rules",
    }
}

pub fn insight_text(i: Insight) -> (&'static str, &'static str) {
    match i {
        Insight::Duration => (
            "10.2.12.1",
            "The battle lasts one turn more or one fewer (1 to 6).",
        ),
        Insight::Demolitions => (
            "10.2.12.2",
            "An Insight roll destroys a Union Garrison or Fortification in or next to a Region you occupy.",
        ),
        Insight::Entrench => (
            "10.2.12.3",
            "One non-Melee Force: Union attacks on it at -2/-2 and +2/+2 to its own Shock checks, until it moves.",
        ),
        Insight::Front => (
            "10.2.12.4",
            "Place up to 3 Mobile Forces in the Confederate Front.",
        ),
        Insight::Morale => (
            "10.2.12.5",
            "+2/+0 to your Forces' Shock checks for the battle.",
        ),
        Insight::Officers => (
            "10.2.12.6",
            "+1 to your Forces' Activation numbers for the battle.",
        ),
        Insight::Screen => (
            "10.2.12.7",
            "A Cavalry and an Infantry Force stay off the sheet; an Insight roll at +2 gives three attacks at the Infantry's Combat Value.",
        ),
        Insight::Terrain => (
            "10.2.12.8",
            "Every Union Force is placed in the Union Approach or the Union Reserve, as you choose.",
        ),
    }
}

/// Events of the battle's current round revealed so far (a Rejoin starts
/// a new round from the Fog of War).
pub(super) fn revealed(b: &BattleRecord, cursor: usize) -> &[BattleEvent] {
    let end = cursor.min(b.events.len());
    &b.events[round_start(&b.events, end)..end]
}
