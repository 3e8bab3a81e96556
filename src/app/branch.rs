//! What-if branches from the window (issue 38 item 2): on a chronicle
//! entry, "Play on from here" (or "… with the same dice") keeps the
//! decisions made before that entry (`Chronicle::decisions_before`),
//! writes the branch as a save of its own beside the player's saves
//! (`save::branch`: the original game's files are not touched) and loads
//! it, through the menu as the Load screen does. The Load screen lists it
//! under its game by its name (`save::games`).

use std::path::PathBuf;

use bevy::prelude::*;

use super::Screen;
use super::saves::{PendingLoad, SaveDirs, SaveState};
use crate::chronicle::Chronicle;
use crate::rules::components::ActiveCampaign;
use crate::save::{BranchOptions, SaveFile};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<PlayOn>()
        .add_systems(Update, play_on.run_if(in_state(Screen::Game)))
        .add_systems(
            Update,
            open_branch
                .run_if(in_state(Screen::Menu))
                .run_if(resource_exists::<OpenBranch>),
        );
}

/// "Play on from here" asked on a chronicle entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FromEntry {
    /// The entry (its index in the chronicle).
    pub entry: usize,
    pub same_dice: bool,
}

/// What the Chronicle's context menu asked this frame.
#[derive(Resource, Debug, Default)]
pub struct PlayOn(pub Option<FromEntry>);

/// A branch written, to be loaded once the menu is back.
#[derive(Resource, Debug)]
struct OpenBranch;

/// The branch of the game in play from a chronicle entry, written into
/// the saves folder: its path and save.
pub fn make(world: &mut World, from: FromEntry) -> Result<(PathBuf, SaveFile), String> {
    let parent = SaveFile::from_world(world).ok_or("There is no game in play to branch from.")?;
    let kept = world
        .get_resource::<Chronicle>()
        .ok_or("There is no chronicle to branch from.")?
        .decisions_before(from.entry);
    let campaign = world
        .get_resource::<ActiveCampaign>()
        .ok_or("There is no campaign in play.")?
        .0
        .clone();
    let dir = world
        .resource::<SaveDirs>()
        .saves
        .clone()
        .ok_or("No data folder to save the branch into.")?;
    let options = BranchOptions {
        kept,
        same_dice: from.same_dice,
        // Fresh dice from the branch point, as a new game's seed is.
        fresh_seed: crate::dice::fresh_seed(),
        // A game id of its own (its own autosaves), never its parent's.
        game: crate::store::now().max(parent.game + 1),
    };
    let branch = crate::save::branch(&parent, campaign, options)?;
    let stem = branch.file_name("branch-");
    let stem = stem.trim_end_matches(".json");
    let path = (0..)
        .map(|n| match n {
            0 => dir.join(format!("{stem}.json")),
            n => dir.join(format!("{stem}-{n}.json")),
        })
        .find(|p| !p.exists())
        .expect("a free name");
    branch.write(&path).map_err(|p| p.to_string())?;
    Ok((path, branch))
}

/// Write the branch asked for and go to the menu, which opens it.
fn play_on(world: &mut World) {
    let Some(from) = world.resource_mut::<PlayOn>().0.take() else {
        return;
    };
    if !world.resource::<super::WritesFiles>().0 {
        return;
    }
    let now = world.resource::<Time<Real>>().elapsed_secs_f64();
    match make(world, from) {
        Ok((path, save)) => {
            world.insert_resource(PendingLoad { save, path });
            world.insert_resource(OpenBranch);
            let mut game = world.resource_mut::<NextState<crate::rules::sequence::GameState>>();
            game.set(crate::rules::sequence::GameState::NoCampaign);
            world.resource_mut::<NextState<Screen>>().set(Screen::Menu);
        }
        Err(e) => {
            let mut state = world.resource_mut::<SaveState>();
            state.message = Some((format!("No branch made: {e}"), true));
            state.message_at = now;
        }
    }
}

/// Back at the menu with a branch written: the game screen opens it
/// (`PendingLoad`).
fn open_branch(mut commands: Commands, mut next: ResMut<NextState<Screen>>) {
    commands.remove_resource::<OpenBranch>();
    next.set(Screen::Game);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::union_turn::tests::{game_with, play};
    use crate::rules::difficulty::BattleMode;
    use crate::rules::sequence::{GameLog, PendingDecision};
    use crate::settings::Playback;

    /// A branch from an entry of turn 1, asked in the Moves of turn 2:
    /// written into the saves folder (the game's own files untouched),
    /// keeping the decisions made before the entry, named after its game
    /// and listed under it on the Load screen; the app goes to the menu
    /// with it pending, and from there to the game, which loads it.
    #[test]
    fn play_on_from_an_entry_writes_and_opens_the_branch() {
        let dir = crate::store::scratch_dir("app-branch");
        let mut app = game_with(BattleMode::Quick, 5, Playback::Step, |app| {
            app.insert_resource(SaveDirs::under(&dir))
                .init_resource::<SaveState>()
                .init_resource::<super::super::WritesFiles>()
                .add_plugins(plugin);
        });
        let turn_2 = |w: &World| {
            w.resource::<crate::rules::components::CampaignTurn>().turn == 2
                && w.resource::<PendingDecision>().request.is_some()
        };
        assert!(play(&mut app, 3000, |_| true, turn_2));
        // The parent as saved now, and a file of it that must not change.
        let parent = SaveFile::from_world(app.world_mut()).unwrap();
        std::fs::create_dir_all(dir.join("saves")).unwrap();
        let parent_path = dir.join("saves").join("parent.json");
        parent.write(&parent_path).unwrap();
        let bytes = std::fs::read(&parent_path).unwrap();
        // An entry of turn 1 after a few decisions.
        let c = app.world().resource::<Chronicle>();
        let entry = (0..c.len())
            .find(|&i| c.turn_of(i) == 1 && c.decisions_before(i) >= 2)
            .unwrap();
        let kept = c.decisions_before(entry);
        assert!(kept < parent.decisions.len());
        app.world_mut().resource_mut::<PlayOn>().0 = Some(FromEntry {
            entry,
            same_dice: true,
        });
        app.update();
        let pending = app.world().resource::<PendingLoad>();
        let b = pending.save.clone();
        assert!(pending.path.exists() && pending.path.starts_with(dir.join("saves")));
        assert_eq!(b.decisions[..], parent.decisions[..kept]);
        let branch = b.branch.clone().unwrap();
        assert!(branch.same_dice && branch.kept == kept && branch.parent == parent.game);
        assert!(
            branch
                .name
                .starts_with("The Seven Days Battles — branch at Turn 1"),
            "{}",
            branch.name
        );
        assert_ne!(b.game, parent.game);
        assert_eq!(std::fs::read(&parent_path).unwrap(), bytes, "untouched");
        // Listed under its game, by its name.
        let catalog = crate::app::saves::SaveCatalog::read(app.world().resource::<SaveDirs>());
        let rows: Vec<(usize, String)> = catalog
            .games
            .rows()
            .iter()
            .map(|(d, g)| (*d, g.title()))
            .collect();
        assert_eq!(
            rows,
            vec![
                (0, "The Seven Days Battles".to_string()),
                (1, branch.name.clone())
            ]
        );
        // To the menu, and from there into the game with the branch.
        app.update();
        assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Menu);
        app.update();
        app.update();
        assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Game);
        assert!(!app.world().contains_resource::<OpenBranch>());
        // The game's log is not the branch's until the load replays it
        // (the screens' plugin does that); nothing else was written.
        assert!(app.world().resource::<GameLog>().branch.is_none());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
