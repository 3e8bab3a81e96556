// Bevy systems take their world access as parameters.
#![allow(clippy::too_many_arguments, clippy::type_complexity)]

//! The desktop app: Bevy renders the campaign map and its counters,
//! bevy_egui draws the panels. The rules run in the same `RulesPlugin` as
//! headless; the app only shows the world and sends the player's decisions.

pub mod theme;

mod advisor;
mod after_action;
pub(crate) mod answer;
mod battle;
mod branch;
mod clock;
mod dev;
mod luck;
mod map;
mod panels;
mod player_log;
mod saves;
mod screens;
pub(crate) mod settings;
mod startup;
mod suggest;
mod tutorial;
pub(crate) mod tutorial_hooks;
mod union_turn;
mod view;
mod warnings;
mod window_fit;
mod worker;

use std::path::PathBuf;
use std::sync::Arc;

use bevy::prelude::*;
use bevy::winit::WinitSettings;
use bevy_egui::{EguiPlugin, egui};

use crate::campaign::{self, Campaign, Problem};
use crate::rules::difficulty::GameOptions;

/// How the app was started.
#[derive(Debug, Clone, Default)]
pub struct AppOptions {
    /// Drive a scripted tour and save a PNG of each screen here, then quit.
    pub screenshots: Option<PathBuf>,
    /// Time the frames of animated Union turns, print them, then quit.
    pub frame_times: bool,
}

/// The app's screens.
#[derive(States, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Screen {
    #[default]
    Menu,
    Setup,
    Settings,
    /// The saved games (Continue, Load).
    Load,
    /// The Player Log (4.4, 21.0).
    PlayerLog,
    /// Learn to play: the lessons (issue 47).
    Lessons,
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
#[derive(Resource, Debug, Clone)]
pub struct SetupChoice {
    pub campaign: usize,
    pub options: GameOptions,
    pub seed_text: String,
    /// The seed the program's dice use when none is typed: drawn fresh
    /// from the OS as the set-up screen opens, shown there, used once.
    pub random_seed: Option<u64>,
    /// Set up a Grand Campaign (21.0): the five campaigns from the Seven
    /// Days on, under these options.
    pub grand: bool,
    /// A bundled stand-alone battle to fight instead (its key).
    pub battle: Option<String>,
    /// The stand-alone battle's seed, used once; none (the player's
    /// choice): a fresh one. The screenshot tour fights the same battle at
    /// every window size and every run.
    pub battle_seed: Option<u64>,
}

impl Default for SetupChoice {
    /// Basic battles, the rulebook's Part One, on the Battlefield Sheet.
    fn default() -> Self {
        SetupChoice {
            campaign: 0,
            options: GameOptions {
                battles: crate::rules::difficulty::BattleMode::Basic,
                ..GameOptions::default()
            },
            seed_text: String::new(),
            random_seed: None,
            grand: false,
            battle: None,
            battle_seed: None,
        }
    }
}

/// When the process started, for the start-up timing the menu logs.
#[derive(Resource, Debug, Clone, Copy)]
pub struct StartedAt(pub std::time::Instant);

/// Whether the app writes the player's saves, autosaves and Player Log: not
/// in a scripted run (the screenshot tour, frame timing) unless it has a
/// data folder of its own (`FCREL_DATA_DIR`), so the player's files stay as
/// they are.
#[derive(Resource, Debug, Clone, Copy)]
pub struct WritesFiles(pub bool);

impl Default for WritesFiles {
    fn default() -> Self {
        WritesFiles(true)
    }
}

pub fn run(opts: AppOptions) -> AppExit {
    let started = StartedAt(std::time::Instant::now());
    if let Err(line) = startup::display() {
        eprintln!("{line}");
        return AppExit::error();
    }
    startup::explain_missing_pieces();
    let mut app = App::new();
    app.insert_resource(started);
    let scripted = opts.screenshots.is_some() || opts.frame_times;
    // The tour looks the same everywhere (default settings, never saved)
    // unless FCREL_DATA_DIR points it at settings to try.
    let settings = if scripted && std::env::var_os(crate::store::DATA_DIR_VAR).is_none() {
        crate::settings::LoadedSettings::default()
    } else {
        crate::settings::load()
    };
    let mut settings = settings;
    if opts.frame_times {
        // The Union turn unrolls as a player sees it.
        settings.settings.union_playback = crate::settings::Playback::Fast;
    } else if scripted {
        // The tour photographs the whole Union turn at once.
        settings.settings.union_playback = crate::settings::Playback::Instant;
    }
    let [w, h] = settings.settings.window.unwrap_or([1600, 1000]);
    app.add_plugins(DefaultPlugins.set(WindowPlugin {
        primary_window: Some(Window {
            title: "fcrel — Field Commander: Robert E. Lee".into(),
            resolution: (w, h).into(),
            // Frames are timed as drawn, not as paced by the display.
            present_mode: if opts.frame_times {
                bevy::window::PresentMode::AutoNoVsync
            } else {
                default()
            },
            ..default()
        }),
        ..default()
    }))
    .add_plugins(EguiPlugin::default())
    // A frame's time is when it begins, not when the frame before was
    // rendered: a click after a rest is a click (issue 45 item 9).
    .add_plugins(clock::plugin)
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
    .insert_resource(ClearColor(theme::PANEL))
    .init_state::<Screen>()
    .insert_resource(load_catalog())
    .init_resource::<SetupChoice>()
    .insert_resource(settings::AppSettings {
        loaded: settings,
        persist: !scripted,
        message: None,
    })
    .insert_resource(WritesFiles(
        !scripted || std::env::var_os(crate::store::DATA_DIR_VAR).is_some(),
    ))
    .add_plugins((
        theme::plugin,
        screens::plugin,
        map::plugin,
        panels::plugin,
        view::plugin,
        battle::plugin,
        saves::plugin,
        player_log::plugin,
        settings::plugin,
        union_turn::plugin,
        advisor::plugin,
        suggest::plugin,
        warnings::plugin,
        window_fit::plugin,
        tutorial::plugin,
    ))
    // The record of play (issue 38): luck, what-if branches, the
    // after-action report.
    .add_plugins((luck::plugin, branch::plugin, after_action::plugin));
    app.add_systems(
        PreUpdate,
        drop_repeated_modifiers
            .after(bevy_egui::EguiInputSet::WriteEguiEvents)
            .before(bevy_egui::EguiPreUpdateSet::BeginPass),
    );
    if opts.frame_times {
        app.add_plugins(dev::frames::plugin);
    }
    if let Some(dir) = opts.screenshots {
        app.insert_resource(dev::screenshots::Tour::new(dir))
            .add_plugins(dev::screenshots::plugin);
    }
    app.run()
}

/// Leave the game for the menu.
pub fn to_menu(
    next: &mut NextState<Screen>,
    game: &mut NextState<crate::rules::sequence::GameState>,
) {
    next.set(Screen::Menu);
    game.set(crate::rules::sequence::GameState::NoCampaign);
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

/// bevy_egui 0.42 reports the modifier keys to egui every frame as an event;
/// egui answers any event with an immediate repaint, so an idle window would
/// redraw forever. Only a change of the modifiers is passed on.
fn drop_repeated_modifiers(
    mut inputs: Query<(Entity, &mut bevy_egui::EguiInput)>,
    mut last: Local<bevy::platform::collections::HashMap<Entity, egui::Modifiers>>,
) {
    for (entity, mut input) in &mut inputs {
        let previous = last.get(&entity).copied();
        input.0.events.retain(|e| match e {
            egui::Event::ModifiersChanged(m) => {
                let changed = previous != Some(*m);
                last.insert(entity, *m);
                changed
            }
            _ => true,
        });
    }
}
