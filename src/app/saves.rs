//! Saving and loading in the window: Ctrl+S and the Save button, an
//! autosave at the start of every phase (the last few kept), exporting a
//! replay, and loading a save (Continue, the Load screen): the saved
//! decisions are replayed from the campaign's start, and once they are used
//! up the game's digest is checked against the one in the file.

use std::path::PathBuf;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::Screen;
use crate::campaign::Phase;
use crate::rules::components::CampaignTurn;
use crate::rules::digest::Check;
use crate::rules::sequence::{GameLog, GameState, PendingDecision, StepDecisions};
use crate::save::{self, SaveFile};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<SaveState>()
        .init_resource::<super::WritesFiles>()
        .init_resource::<SaveCatalog>()
        .insert_resource(SaveDirs {
            saves: save::saves_dir(),
            autosaves: save::autosaves_dir(),
            replays: save::replays_dir(),
            trash: save::trash_dir(),
        })
        .add_message::<SaveGame>()
        .add_message::<LoadFinished>()
        .add_systems(OnEnter(Screen::Menu), refresh_catalog)
        .add_systems(OnEnter(Screen::Load), refresh_catalog)
        .add_systems(
            Update,
            (save_keys, finish_load, write_saves)
                .chain()
                .run_if(in_state(Screen::Game)),
        )
        .add_systems(
            EguiPrimaryContextPass,
            loading_window.run_if(in_state(Screen::Game)),
        );
}

/// A loaded game's decisions are used up: what it replayed is history.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct LoadFinished;

/// Save the game now (Ctrl+S, the Save button) or export it as a replay.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum SaveGame {
    Save,
    Replay,
}

/// Where saves go (the data folder's; tests use their own).
#[derive(Resource, Debug, Clone, Default)]
pub struct SaveDirs {
    pub saves: Option<PathBuf>,
    pub autosaves: Option<PathBuf>,
    pub replays: Option<PathBuf>,
    /// Where Delete moves files (kept, never erased).
    pub trash: Option<PathBuf>,
}

#[cfg(test)]
impl SaveDirs {
    /// The four folders under `dir` (tests).
    pub fn under(dir: &std::path::Path) -> SaveDirs {
        SaveDirs {
            saves: Some(dir.join("saves")),
            autosaves: Some(dir.join("autosaves")),
            replays: Some(dir.join("replays")),
            trash: Some(dir.join("trash")),
        }
    }
}

/// A save chosen in the menu, to be replayed when the game screen opens.
#[derive(Resource, Debug, Clone)]
pub struct PendingLoad {
    pub save: SaveFile,
    pub path: PathBuf,
}

/// A loaded game being replayed up to its save.
#[derive(Debug, Clone)]
pub struct Loading {
    pub digest: String,
    pub total: usize,
    pub file: String,
}

#[derive(Resource, Debug, Default)]
pub struct SaveState {
    pub loading: Option<Loading>,
    /// The (turn, phase) last autosaved.
    last_autosave: Option<(u32, Phase)>,
    /// Decisions (and dice) in `latest-<game>.json`, the game as of its last
    /// decision: a crash loses at most the decision being made.
    last_latest: Option<(usize, usize)>,
    /// What the last save or load said, and whether it is a problem.
    pub message: Option<(String, bool)>,
    /// When it was said (real seconds): good news fades, problems stay.
    pub message_at: f64,
}

impl SaveState {
    /// The message to show at `now`.
    pub fn showing(&self, now: f64) -> Option<&(String, bool)> {
        self.message
            .as_ref()
            .filter(|(_, problem)| *problem || now - self.message_at < 8.0)
    }
}

/// The saves on disk, read when the menu or the Load screen opens.
#[derive(Resource, Debug, Default)]
pub struct SaveCatalog {
    pub newest: Option<(PathBuf, SaveFile)>,
    /// Both folders grouped by game, for the Load screen.
    pub games: save::games::Games,
}

/// List the saves folders (`SaveDirs`). Each file is checked by its
/// metadata before it is opened, so a FIFO or a device named `*.json`
/// cannot block the frame: it is listed as unreadable.
fn refresh_catalog(mut catalog: ResMut<SaveCatalog>, dirs: Res<SaveDirs>) {
    *catalog = SaveCatalog::read(&dirs);
}

impl SaveCatalog {
    /// The saves folders as they are now.
    pub fn read(dirs: &SaveDirs) -> SaveCatalog {
        let saves = dirs.saves.as_deref().map_or(Vec::new(), save::list);
        let autosaves = dirs.autosaves.as_deref().map_or(Vec::new(), save::list);
        SaveCatalog {
            newest: save::newest_of(saves.iter().chain(&autosaves)),
            games: save::games::Games::group(&saves, &autosaves),
        }
    }
}

fn save_keys(keys: Res<ButtonInput<KeyCode>>, mut out: MessageWriter<SaveGame>) {
    let ctrl = keys.pressed(KeyCode::ControlLeft) || keys.pressed(KeyCode::ControlRight);
    if ctrl && keys.just_pressed(KeyCode::KeyS) {
        out.write(SaveGame::Save);
    }
}

/// Whether the game waits for the player (saves are made only then, so a
/// load arrives at the same question).
fn at_rest(world: &World) -> bool {
    let state = world.get_resource::<State<GameState>>().map(|s| *s.get());
    if state.is_none_or(|s| s == GameState::NoCampaign) {
        return false;
    }
    let pending = world.resource::<PendingDecision>();
    pending.request.is_some() || pending.die.is_some() || state == Some(GameState::Over)
}

/// Saves asked for, and the autosave at the start of each phase.
fn write_saves(world: &mut World) {
    let asked: Vec<SaveGame> = world.resource_mut::<Messages<SaveGame>>().drain().collect();
    if !world.resource::<super::WritesFiles>().0 {
        return;
    }
    let loading = world.resource::<SaveState>().loading.is_some();
    if loading || !at_rest(world) {
        if !asked.is_empty() {
            world.resource_mut::<SaveState>().message = Some((
                "A game can be saved when it waits for your decision.".into(),
                true,
            ));
        }
        return;
    }
    let Some(turn) = world.get_resource::<CampaignTurn>().copied() else {
        return;
    };
    let here = (turn.turn, turn.phase);
    let autosave = world.resource::<SaveState>().last_autosave != Some(here);
    let made = (
        world.resource::<GameLog>().decisions.len()
            + world.resource::<StepDecisions>().answers.len(),
        world.resource::<GameLog>().dice.len(),
    );
    let latest = world.resource::<SaveState>().last_latest != Some(made);
    if asked.is_empty() && !autosave && !latest {
        return;
    }
    let Some(file) = SaveFile::from_world(world) else {
        return;
    };
    let dirs = world.resource::<SaveDirs>().clone();
    let mut message = None;
    for kind in &asked {
        let (dir, prefix, what) = match kind {
            SaveGame::Save => (dirs.saves.clone(), "", "Saved"),
            SaveGame::Replay => (dirs.replays.clone(), "replay-", "Replay exported"),
        };
        let Some(dir) = dir else {
            message = Some(("No data folder to save into.".to_string(), true));
            continue;
        };
        let path = dir.join(file.file_name(prefix));
        message = Some(match file.write(&path) {
            Ok(()) => (format!("{what}: {}", path.display()), false),
            Err(p) => (p.to_string(), true),
        });
    }
    if latest {
        world.resource_mut::<SaveState>().last_latest = Some(made);
        if let Some(dir) = &dirs.autosaves
            && let Err(p) = file.write(&dir.join(save::latest_name(file.game)))
        {
            message = Some((p.to_string(), true));
        }
    }
    if autosave {
        world.resource_mut::<SaveState>().last_autosave = Some(here);
        if let Some(dir) = &dirs.autosaves
            && let Err(p) = save::autosave(dir, &file)
        {
            message = Some((p.to_string(), true));
        }
    }
    if let Some(m) = message {
        let now = world.resource::<Time<Real>>().elapsed_secs_f64();
        let mut state = world.resource_mut::<SaveState>();
        state.message = Some(m);
        state.message_at = now;
    }
}

/// Once a loaded game's decisions are used up, check it arrived where it
/// was saved, and put the battles it replayed away.
fn finish_load(world: &mut World) {
    let Some(loading) = world.resource::<SaveState>().loading.clone() else {
        return;
    };
    // Until the campaign is set up, the world still shows the last game.
    if world
        .get_resource::<State<GameState>>()
        .is_none_or(|s| *s.get() == GameState::NoCampaign)
    {
        return;
    }
    // Something this build cannot play stops the replay: say so.
    let blocked = world.resource::<PendingDecision>().blocked.clone();
    if blocked.is_none() && !at_rest(world) {
        return;
    }
    let digest = crate::rules::digest::state_digest(world).unwrap_or_default();
    let check = crate::rules::digest::check(world, &loading.digest);
    let used = world.resource::<GameLog>().decisions.len()
        + world.resource::<StepDecisions>().answers.len();
    let message = if let Some(why) = blocked {
        (
            format!(
                "{}: the replay stopped: {why}. The file is unchanged.",
                loading.file
            ),
            true,
        )
    } else if check == Check::Same {
        (format!("Loaded {}", loading.file), false)
    } else if check == Check::Reworded && used >= loading.total {
        (
            format!(
                "Loaded {} (written by an earlier fcrel whose check hashed the chronicle's wording; its decisions replayed in full; save again for a file this build can check)",
                loading.file
            ),
            false,
        )
    } else if used < loading.total {
        (
            format!(
                "{}: decision {} of {} is not legal in this game; it stops there. The file is unchanged.",
                loading.file,
                used + 1,
                loading.total
            ),
            true,
        )
    } else {
        (
            format!(
                "{}: the replayed game differs from the one saved (digest {digest}, the file says {}); a different fcrel wrote it. Play goes on from the replayed game; the file is unchanged.",
                loading.file, loading.digest
            ),
            true,
        )
    };
    // The battles it replayed were fought: the battle screen puts them away.
    world.write_message(LoadFinished);
    let turn = world.get_resource::<CampaignTurn>().copied();
    let now = world.resource::<Time<Real>>().elapsed_secs_f64();
    let made = (used, world.resource::<GameLog>().dice.len());
    let mut state = world.resource_mut::<SaveState>();
    state.last_latest = Some(made);
    state.loading = None;
    state.message = Some(message);
    state.message_at = now;
    // The phase it was saved in is not autosaved again.
    state.last_autosave = turn.map(|t| (t.turn, t.phase));
}

fn loading_window(mut contexts: EguiContexts, state: Res<SaveState>, log: Res<GameLog>) -> Result {
    let Some(l) = &state.loading else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    egui::Window::new("Loading")
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::vec2(0.0, 0.0))
        .show(ctx, |ui| {
            ui.label(format!("Replaying {}", l.file));
            let done = log.decisions.len().min(l.total);
            ui.add(
                egui::ProgressBar::new(done as f32 / l.total.max(1) as f32)
                    .text(format!("{done} of {} decisions", l.total)),
            );
        });
    ctx.request_repaint();
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::setup::NewCampaign;
    use bevy::state::app::StatesPlugin;

    fn app(dir: &std::path::Path) -> App {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, StatesPlugin, crate::RulesPlugin))
            .init_resource::<SaveState>()
            .init_resource::<super::super::WritesFiles>()
            .init_resource::<super::super::battle::BattleScreen>()
            .add_message::<SaveGame>()
            .insert_resource(SaveDirs::under(dir))
            .add_systems(
                Update,
                (finish_load, write_saves)
                    .chain()
                    .after(crate::rules::sequence::run_step),
            );
        app
    }

    /// A save of the Seven Days whose `stand_alone` names a battle of
    /// another campaign (issue 33: it used to pass `save::read` and panic
    /// the replay).
    pub(crate) fn foreign_battle_save() -> String {
        let mut v: serde_json::Value = serde_json::from_str(include_str!(
            "../../tests/fixtures/seven-days-basic-turn-7-digest-2.json"
        ))
        .unwrap();
        v["options"]["battles"] = "advanced".into();
        v["decisions"] = serde_json::json!([]);
        v["stand_alone"] = "cornfield".into();
        serde_json::to_string_pretty(&v).unwrap()
    }

    /// Issue 33: the Load screen (and the menu, whose Continue reads the
    /// same catalog) lists a FIFO named `*.json` and a save whose
    /// stand-alone battle is another campaign's as unreadable, with their
    /// problems, and the frame that lists them returns (the app runs on a
    /// thread of its own, so a hang fails the test instead of stalling it).
    #[cfg(unix)]
    #[test]
    fn the_load_screen_lists_a_fifo_and_a_foreign_battle_as_unreadable() {
        let dir = crate::store::scratch_dir("app-load-odd");
        let saves = dir.join("saves");
        std::fs::create_dir_all(&saves).unwrap();
        crate::store::make_fifo(&saves.join("pipe.json"));
        std::fs::write(saves.join("foreign.json"), foreign_battle_save()).unwrap();
        let (tx, rx) = std::sync::mpsc::channel();
        let d = dir.clone();
        std::thread::spawn(move || {
            let mut app = App::new();
            app.add_plugins((MinimalPlugins, StatesPlugin))
                .init_state::<Screen>()
                .init_resource::<ButtonInput<KeyCode>>()
                .add_plugins(plugin)
                .insert_resource(SaveDirs {
                    saves: Some(d.join("saves")),
                    autosaves: Some(d.join("autosaves")),
                    replays: Some(d.join("replays")),
                    trash: Some(d.join("trash")),
                });
            let problems = |app: &App| -> Vec<(String, String)> {
                let catalog = app.world().resource::<SaveCatalog>();
                let mut out: Vec<(String, String)> = catalog
                    .games
                    .unreadable
                    .iter()
                    .map(|l| {
                        let name = l.path.file_name().unwrap().to_string_lossy().into_owned();
                        (
                            name,
                            l.save
                                .as_ref()
                                .map_or_else(|p| p.to_string(), |_| "ok".into()),
                        )
                    })
                    .collect();
                out.sort();
                out
            };
            // The menu at the window's start…
            app.update();
            let menu = problems(&app);
            // …and the Load screen.
            app.world_mut()
                .resource_mut::<NextState<Screen>>()
                .set(Screen::Load);
            app.update();
            let load = problems(&app);
            let newest = app.world().resource::<SaveCatalog>().newest.is_some();
            let _ = tx.send((menu, load, newest));
        });
        let (menu, load, newest) = rx
            .recv_timeout(std::time::Duration::from_secs(30))
            .expect("listing the saves folder returned");
        assert_eq!(menu, load);
        assert_eq!(load.len(), 2, "{load:?}");
        let (foreign, why) = &load[0];
        assert_eq!(foreign, "foreign.json");
        assert!(
            why.contains("foreign.json: is damaged: stand_alone:")
                && why.contains("\"cornfield\" is one of \"antietam\""),
            "{why}"
        );
        let (pipe, why) = &load[1];
        assert_eq!(pipe, "pipe.json");
        assert!(
            why.contains("pipe.json: is a named pipe (FIFO), not a save"),
            "{why}"
        );
        assert!(!newest, "nothing to continue");
        let _ = std::fs::remove_dir_all(&dir);
    }

    fn until_asked(app: &mut App) {
        for _ in 0..50 {
            app.update();
            if app.world().resource::<PendingDecision>().request.is_some()
                && app.world().resource::<SaveState>().loading.is_none()
            {
                app.update();
                return;
            }
        }
        panic!("no question came");
    }

    #[test]
    fn autosave_save_replay_and_load_in_the_app() {
        let dir = crate::store::scratch_dir("app-saves");
        let campaign = std::sync::Arc::new(crate::campaign::load_bundled("seven-days").unwrap());
        let mut a = app(&dir);
        a.insert_resource(save::GameId(7));
        a.world_mut().write_message(NewCampaign::new(
            campaign.clone(),
            crate::rules::difficulty::GameOptions::default(),
        ));
        until_asked(&mut a);
        // The start of the Confederate phase of turn 1 is autosaved once,
        // beside the game as of its latest decision.
        let autos = |d: &std::path::Path| {
            save::list(&d.join("autosaves"))
                .into_iter()
                .filter(|l| !l.path.to_string_lossy().contains("latest-"))
                .count()
        };
        assert_eq!(autos(&dir), 1);
        let latest = dir.join("autosaves").join(save::latest_name(7));
        assert!(latest.exists());
        a.update();
        assert_eq!(autos(&dir), 1);
        a.world_mut().write_message(SaveGame::Save);
        a.world_mut().write_message(SaveGame::Replay);
        a.update();
        let saves = save::list(&dir.join("saves"));
        assert_eq!(saves.len(), 1);
        assert_eq!(save::list(&dir.join("replays")).len(), 1);
        let saved = saves[0].save.clone().unwrap();
        let message = a.world().resource::<SaveState>().message.clone().unwrap();
        assert!(!message.1, "{}", message.0);
        // Every decision rewrites latest-<game>.json.
        let request = a
            .world()
            .resource::<PendingDecision>()
            .request
            .clone()
            .unwrap();
        a.world_mut()
            .write_message(crate::rules::sequence::Decide(request.options[0]));
        until_asked(&mut a);
        let latest = save::read(&latest).unwrap();
        assert_eq!(latest.decisions.len(), saved.decisions.len() + 1);
        assert_eq!(latest.game, 7);

        // Loading it: the digest is checked once the decisions are used up.
        for (digest, problem) in [
            (saved.digest.clone(), false),
            ("fcrel2-0".to_string(), true),
            // An older digest that hashed wording: loaded, said so, no alarm.
            ("fcrel1-0".to_string(), false),
        ] {
            let _ = std::fs::remove_dir_all(dir.join("autosaves"));
            let mut b = app(&dir);
            b.world_mut().write_message(saved.resume(campaign.clone()));
            b.world_mut().resource_mut::<SaveState>().loading = Some(Loading {
                digest,
                total: saved.decisions.len(),
                file: "game.json".into(),
            });
            until_asked(&mut b);
            let state = b.world().resource::<SaveState>();
            assert!(state.loading.is_none());
            let (text, is_problem) = state.message.clone().unwrap();
            assert_eq!(is_problem, problem, "{text}");
            assert!(text.contains("game.json"), "{text}");
            // The phase loaded into is not autosaved a second time, nor is
            // the decision it was saved at.
            assert_eq!(save::list(&dir.join("autosaves")).len(), 0);
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}
