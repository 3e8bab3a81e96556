// Bevy systems take their world access as parameters.
#![allow(clippy::too_many_arguments, clippy::type_complexity)]

//! The desktop app: Bevy renders the campaign map and its counters,
//! bevy_egui draws the panels. The rules run in the same `RulesPlugin` as
//! headless; the app only shows the world and sends the player's decisions.

pub mod theme;

mod hud;
mod map;
mod screens;
mod screenshots;

use std::path::PathBuf;
use std::sync::Arc;

use bevy::prelude::*;
use bevy::winit::WinitSettings;
use bevy_egui::EguiPlugin;

use crate::campaign::{self, Campaign, Problem};
use crate::rules::difficulty::GameOptions;

/// How the app was started.
#[derive(Debug, Clone, Default)]
pub struct AppOptions {
    /// Drive a scripted tour and save a PNG of each screen here, then quit.
    pub screenshots: Option<PathBuf>,
}

/// The app's screens.
#[derive(States, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Screen {
    #[default]
    Menu,
    Setup,
    Game,
}

/// The bundled campaigns, loaded and checked at start; problems are shown,
/// never fatal.
#[derive(Resource, Default)]
pub struct Catalog {
    pub campaigns: Vec<Arc<Campaign>>,
    pub problems: Vec<Problem>,
}

/// What the player chose on the set-up screen.
#[derive(Resource, Debug, Clone, Default)]
pub struct SetupChoice {
    pub campaign: usize,
    pub options: GameOptions,
    pub seed_text: String,
}

pub fn run(opts: AppOptions) -> AppExit {
    let mut app = App::new();
    let scripted = opts.screenshots.is_some();
    app.add_plugins(DefaultPlugins.set(WindowPlugin {
        primary_window: Some(Window {
            title: "fcrel — Field Commander: Robert E. Lee".into(),
            resolution: (1600, 1000).into(),
            ..default()
        }),
        ..default()
    }))
    .add_plugins(EguiPlugin::default())
    // map::spawn_camera names the egui camera itself.
    .insert_resource(bevy_egui::EguiGlobalSettings {
        auto_create_primary_context: false,
        ..default()
    })
    .add_plugins(crate::RulesPlugin)
    // An idle window draws nothing (desktop manners); the screenshot tour
    // needs frames all the time.
    .insert_resource(if scripted {
        WinitSettings::game()
    } else {
        WinitSettings::desktop_app()
    })
    .insert_resource(ClearColor(theme::WATER))
    .init_state::<Screen>()
    .insert_resource(load_catalog())
    .init_resource::<SetupChoice>()
    .add_plugins((theme::plugin, screens::plugin, map::plugin, hud::plugin));
    if let Some(dir) = opts.screenshots {
        app.insert_resource(screenshots::Tour::new(dir))
            .add_plugins(screenshots::plugin);
    }
    app.run()
}

fn load_catalog() -> Catalog {
    let mut catalog = Catalog::default();
    let dir = campaign::bundled_dir();
    match campaign::load::campaign_files_in(&dir) {
        Ok(files) => {
            for f in files {
                match campaign::load_campaign_file(&f) {
                    Ok(c) => catalog.campaigns.push(Arc::new(c)),
                    Err(ps) => catalog.problems.extend(ps),
                }
            }
        }
        Err(e) => catalog.problems.push(Problem {
            file: dir,
            place: campaign::Place::File,
            message: format!("cannot read the campaigns folder: {e}"),
        }),
    }
    catalog.campaigns.sort_by_key(|c| c.grand_campaign_order);
    catalog
}
