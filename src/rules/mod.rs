//! The rules of the game: plain rule procedures on a `Board` (`turn`,
//! `battle`, …) and two Bevy plugins that run them in the world, `setup`
//! (7.0 Campaign Set-Up) and `sequence` (the sequence of play, a step at a
//! time). Rules code never reaches into UI code; the same plugins run
//! headless for tests, the simulator and the odds advisor.

use bevy::prelude::*;

#[macro_use]
pub mod ctx;

pub mod battle;
pub mod board;
pub mod cavalry;
pub mod commander;
pub mod components;
pub mod decision;
pub mod difficulty;
pub mod digest;
pub mod group_limit;
pub mod id;
pub mod ix;
pub mod sequence;
pub mod setup;
pub mod turn;
pub mod view;
pub mod why;

/// All rule plugins. Add to an app with `MinimalPlugins` + `StatesPlugin`
/// (headless) or with the desktop plugins.
pub struct RulesPlugin;

impl Plugin for RulesPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins((setup::plugin, sequence::plugin));
    }
}
