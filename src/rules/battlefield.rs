//! The Battlefield Sheet in the ECS (4.2, 10.2.14): its six Regions are
//! entities, and while a Basic battle waits for the player each Force on the
//! sheet carries an [`OnBattlefield`] component saying where and how it
//! stands, so that front ends can draw the sheet from the world.

use bevy::prelude::*;

use super::battle::ground::Region;
use super::battle::terms::{Formation, PlanCounter};
use super::components::Force;
use super::sequence::{GameState, PendingDecision};

/// One of the six Regions.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct BattlefieldRegion {
    pub region: Region,
    /// Mobile Forces of one side it holds; None: unlimited.
    pub capacity: Option<usize>,
}

/// A Force on the Battlefield Sheet.
#[derive(Component, Debug, Clone, PartialEq, Eq)]
pub struct OnBattlefield {
    pub region: Region,
    pub formation: Formation,
    pub counter: Option<PlanCounter>,
    pub in_melee: bool,
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_regions)
        .add_systems(PostUpdate, sync_sheet.run_if(in_state(GameState::Playing)));
}

fn spawn_regions(mut commands: Commands) {
    for region in Region::ALL {
        commands.spawn(BattlefieldRegion {
            region,
            capacity: region.capacity(),
        });
    }
}

/// Mirror the sheet of the pending decision onto the Force entities.
fn sync_sheet(
    mut commands: Commands,
    pending: Res<PendingDecision>,
    forces: Query<(Entity, &Force, Option<&OnBattlefield>)>,
) {
    let view = pending
        .request
        .as_ref()
        .and_then(|r| r.battlefield.as_ref());
    for (e, force, on) in &forces {
        let here = view.and_then(|v| v.iter().find(|u| u.force == force.id));
        match here {
            Some(u) => {
                let now = OnBattlefield {
                    region: u.region,
                    formation: u.formation,
                    counter: u.counter,
                    in_melee: u.in_melee,
                };
                if on != Some(&now) {
                    commands.entity(e).insert(now);
                }
            }
            None => {
                if on.is_some() {
                    commands.entity(e).remove::<OnBattlefield>();
                }
            }
        }
    }
}
