//! `fcrel --screenshots DIR`: a scripted tour of the screens (menu, settings, set-up, a battle, resupply,
//! the map in the Confederate turn, a Union turn, the end of a campaign),
//! each saved as a PNG, then quit. Works under `xvfb-run`.

use std::path::PathBuf;

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, save_to_disk};

use super::{Screen, SetupChoice};
use crate::rules::commander::Policy;
use crate::rules::decision::Decision;
use crate::rules::difficulty::BattleMode;
use crate::rules::sequence::{GameState, PendingDecision, ScriptedCommander};
use crate::rules::turn::Step;

#[derive(Resource)]
pub struct Tour {
    dir: PathBuf,
    stage: usize,
    wait: u32,
    battle_shot: bool,
}

impl Tour {
    pub fn new(dir: PathBuf) -> Tour {
        Tour {
            dir,
            stage: 0,
            wait: 0,
            battle_shot: false,
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, tour);
}

fn shot(commands: &mut Commands, tour: &Tour, name: &str) {
    let _ = std::fs::create_dir_all(&tour.dir);
    let path = tour.dir.join(format!("{name}.png"));
    info!("screenshot: {}", path.display());
    commands
        .spawn(Screenshot::primary_window())
        .observe(save_to_disk(path));
}

fn tour(
    mut commands: Commands,
    mut tour: ResMut<Tour>,
    mut next: ResMut<NextState<Screen>>,
    mut choice: ResMut<SetupChoice>,
    pending: Option<Res<PendingDecision>>,
    step: Option<Res<State<Step>>>,
    game: Res<State<GameState>>,
    mut exit: MessageWriter<AppExit>,
) {
    tour.wait += 1;
    // Give each screen a moment to lay out and render.
    let settled = tour.wait > 40;
    match tour.stage {
        0 if settled => {
            shot(&mut commands, &tour, "menu");
            tour.stage = 1;
            tour.wait = 0;
        }
        1 if settled => {
            next.set(Screen::Settings);
            tour.stage = 10;
            tour.wait = 0;
        }
        10 if settled => {
            shot(&mut commands, &tour, "settings");
            next.set(Screen::Setup);
            tour.stage = 2;
            tour.wait = 0;
        }
        2 if settled => {
            shot(&mut commands, &tour, "setup");
            choice.options.battles = BattleMode::Quick;
            choice.options.seed = 7;
            next.set(Screen::Game);
            tour.stage = 3;
            tour.wait = 0;
        }
        // The Confederate Moves of turn 1 wait for the player.
        3 if settled
            && pending
                .as_ref()
                .is_some_and(|p| p.request.as_ref().is_some_and(|r| r.rule == "9.2")) =>
        {
            shot(&mut commands, &tour, "map");
            commands.insert_resource(ScriptedCommander(Policy::Objective));
            tour.stage = 11;
            tour.wait = 0;
        }
        // A battle asking the player: the Battle Location marker (4.16).
        11 if !tour.battle_shot
            && pending.as_ref().is_some_and(|p| {
                p.request
                    .as_ref()
                    .is_some_and(|r| r.battle_location.is_some())
            }) =>
        {
            commands.remove_resource::<ScriptedCommander>();
            tour.stage = 13;
            tour.wait = 0;
        }
        13 if settled => {
            shot(&mut commands, &tour, "battle");
            tour.battle_shot = true;
            commands.insert_resource(ScriptedCommander(Policy::Objective));
            tour.stage = 11;
            tour.wait = 0;
        }
        // The commander stops at the Confederate Resupply for its panel.
        11 if step
            .as_ref()
            .is_some_and(|s| *s.get() == Step::ConfederateResupply) =>
        {
            commands.remove_resource::<ScriptedCommander>();
            tour.stage = 12;
            tour.wait = 0;
        }
        12 if settled
            && pending.as_ref().is_some_and(|p| {
                p.request
                    .as_ref()
                    .is_some_and(|r| r.options.contains(&Decision::EndResupply))
            }) =>
        {
            shot(&mut commands, &tour, "resupply");
            commands.insert_resource(ScriptedCommander(Policy::Objective));
            tour.stage = 4;
            tour.wait = 0;
        }
        // No resupply choice this turn: go on.
        12 if tour.wait > 400 => {
            commands.insert_resource(ScriptedCommander(Policy::Objective));
            tour.stage = 4;
            tour.wait = 0;
        }
        4 if step
            .as_ref()
            .is_some_and(|s| *s.get() == Step::BattlesAfterOrders) =>
        {
            commands.remove_resource::<ScriptedCommander>();
            tour.stage = 5;
            tour.wait = 0;
        }
        5 if settled => {
            shot(&mut commands, &tour, "union-turn");
            commands.insert_resource(ScriptedCommander(Policy::Objective));
            tour.stage = 6;
            tour.wait = 0;
        }
        6 if *game.get() == GameState::Over && tour.wait > 10 => {
            tour.stage = 7;
            tour.wait = 0;
        }
        7 if settled => {
            shot(&mut commands, &tour, "end");
            tour.stage = 8;
            tour.wait = 0;
        }
        8 if settled => {
            exit.write(AppExit::Success);
        }
        _ => {}
    }
}
