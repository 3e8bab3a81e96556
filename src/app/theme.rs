//! Colours and egui style. Confederate grey and Union blue are told apart by
//! lightness as well as hue, and every status also has a word or symbol, so
//! the map reads for colour-blind players too.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

pub const WATER: Color = Color::srgb(0.62, 0.70, 0.72);
pub const PARCHMENT: [f32; 3] = [0.90, 0.85, 0.72];
pub const INK: Color = Color::srgb(0.20, 0.16, 0.12);
pub const RIVER: Color = Color::srgb(0.30, 0.45, 0.62);
pub const ROAD: Color = Color::srgb(0.45, 0.33, 0.22);
pub const BATTLE_AREA: Color = Color::srgb(0.72, 0.10, 0.10);
pub const CONFEDERATE: Color = Color::srgb(0.62, 0.62, 0.62);
pub const CONFEDERATE_DARK: Color = Color::srgb(0.40, 0.40, 0.40);
pub const UNION: Color = Color::srgb(0.18, 0.30, 0.62);
pub const UNION_DARK: Color = Color::srgb(0.10, 0.17, 0.40);
pub const HIGHLIGHT: Color = Color::srgb(0.95, 0.80, 0.20);

pub fn egui_grey() -> egui::Color32 {
    egui::Color32::from_rgb(150, 150, 150)
}

pub fn egui_blue() -> egui::Color32 {
    egui::Color32::from_rgb(60, 95, 180)
}

/// The player's UI scale (Settings; 1.0 by default).
#[derive(Resource, Debug, Clone, Copy)]
pub struct UiScale(pub f32);

pub(super) fn plugin(app: &mut App) {
    app.insert_resource(UiScale(1.0))
        .add_systems(EguiPrimaryContextPass, style);
}

fn style(mut contexts: EguiContexts, scale: Res<UiScale>, mut done: Local<Option<f32>>) -> Result {
    if *done == Some(scale.0) {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    ctx.set_visuals(egui::Visuals::light());
    ctx.set_zoom_factor(scale.0);
    *done = Some(scale.0);
    Ok(())
}
