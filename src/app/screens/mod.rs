//! The screens: main menu, campaign set-up, and the game itself.

pub(crate) mod kit;
mod load;
mod menu;
mod setup;

use bevy::prelude::*;

use super::{Catalog, Screen, SetupChoice};
use crate::rules::sequence::ScriptedCommander;
use crate::rules::setup::NewCampaign;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((menu::plugin, setup::plugin, load::plugin))
        .add_systems(OnEnter(Screen::Game), start_campaign);
}

/// Entering the game starts the chosen campaign (7.0), or replays a save
/// chosen in the menu.
#[allow(clippy::too_many_arguments)]
fn start_campaign(
    mut commands: Commands,
    mut choice: ResMut<SetupChoice>,
    catalog: Res<Catalog>,
    load: Option<Res<super::saves::PendingLoad>>,
    mut saves: ResMut<super::saves::SaveState>,
    mut next: ResMut<NextState<Screen>>,
    mut grand: ResMut<crate::player_log::CurrentGrand>,
    mut log: ResMut<super::player_log::LogState>,
    lesson: Option<Res<super::tutorial_hooks::LessonStart>>,
) {
    commands.remove_resource::<ScriptedCommander>();
    *saves = super::saves::SaveState::default();
    // A lesson (Learn to play) starts its own game.
    if let Some(lesson) = lesson {
        commands.remove_resource::<super::tutorial_hooks::LessonStart>();
        grand.0 = None;
        commands.insert_resource(crate::save::GameId(crate::store::now()));
        commands.write_message(lesson.0.clone());
        return;
    }
    if let Some(load) = load {
        commands.remove_resource::<super::saves::PendingLoad>();
        let file = load
            .path
            .file_name()
            .map_or(String::new(), |n| n.to_string_lossy().into_owned());
        grand.0 = load.save.grand;
        let game = if load.save.game == 0 {
            crate::store::now()
        } else {
            load.save.game
        };
        commands.insert_resource(crate::save::GameId(game));
        match catalog
            .campaigns
            .iter()
            .find(|c| c.id == load.save.campaign)
        {
            Some(campaign) => {
                commands.write_message(load.save.resume(campaign.clone()));
                saves.loading = Some(super::saves::Loading {
                    digest: load.save.digest.clone(),
                    total: load.save.decisions.len(),
                    file,
                });
            }
            None => {
                saves.message = Some((
                    format!(
                        "{file}: its campaign \"{}\" is not among the bundled campaigns.",
                        load.save.campaign
                    ),
                    true,
                ));
                next.set(Screen::Menu);
            }
        }
        return;
    }
    if let Some(key) = choice.battle.take() {
        // A stand-alone battle: the Advanced Battle Rules on its own sheet.
        let found = crate::scenario::bundled_battle(&key).and_then(|(s, game)| {
            let campaign = catalog
                .campaigns
                .iter()
                .find(|c| c.id == s.campaign)?
                .clone();
            Some((campaign, game))
        });
        let Some((campaign, game)) = found else {
            saves.message = Some((format!("The battle \"{key}\" cannot be loaded."), true));
            next.set(Screen::Menu);
            return;
        };
        grand.0 = None;
        // A battle of its own, with dice of its own: a fresh seed, never
        // the last set-up's (two Malvern Hills must not roll alike).
        let options = crate::rules::difficulty::GameOptions {
            battles: crate::rules::difficulty::BattleMode::Advanced,
            seed: choice
                .battle_seed
                .take()
                .unwrap_or_else(crate::dice::fresh_seed),
            ..choice.options
        };
        commands.insert_resource(crate::save::GameId(crate::store::now()));
        commands.write_message(NewCampaign::stand_alone(
            campaign,
            options,
            std::sync::Arc::new(game),
        ));
        return;
    }
    let Some(campaign) = catalog.campaigns.get(choice.campaign).cloned() else {
        return;
    };
    if choice.grand {
        // 21.0: the Grand Campaign is in the Player Log from its start.
        choice.grand = false;
        grand.0 = Some(super::player_log::begin_grand(&mut log, choice.options));
    }
    commands.insert_resource(crate::save::GameId(crate::store::now()));
    commands.write_message(NewCampaign::new(campaign, choice.options));
}
