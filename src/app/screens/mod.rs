//! The screens: main menu, campaign set-up, and the game itself.

mod menu;
mod setup;

use bevy::prelude::*;
use bevy_egui::egui;

use super::{Catalog, Screen, SetupChoice};
use crate::rules::sequence::{GameState, ScriptedCommander};
use crate::rules::setup::NewCampaign;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((menu::plugin, setup::plugin))
        .add_systems(OnEnter(Screen::Game), start_campaign);
}

/// Entering the game starts the chosen campaign (7.0).
fn start_campaign(mut commands: Commands, choice: Res<SetupChoice>, catalog: Res<Catalog>) {
    let Some(campaign) = catalog.campaigns.get(choice.campaign).cloned() else {
        return;
    };
    commands.remove_resource::<ScriptedCommander>();
    commands.write_message(NewCampaign::new(campaign, choice.options));
}

/// A root `Ui` over the whole window, for panels (egui 0.36).
pub fn root_ui(ctx: &egui::Context, id: &'static str) -> egui::Ui {
    egui::Ui::new(
        ctx.clone(),
        egui::Id::new(id),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    )
}

/// Leave the game for the menu.
pub fn to_menu(next: &mut NextState<Screen>, game: &mut NextState<GameState>) {
    next.set(Screen::Menu);
    game.set(GameState::NoCampaign);
}
