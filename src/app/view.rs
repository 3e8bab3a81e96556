//! What the map and the panels share: the rules' view of the game
//! ([`GameView`], rebuilt whenever the rules move on), the player's
//! selection, the part of the window left to the map, and what changed
//! since the player's last decision ([`WhatChanged`]).

use bevy::prelude::*;

use super::Screen;
use crate::chronicle::Chronicle;
use crate::rules::board::Board;
use crate::rules::components::ActiveCampaign;
use crate::rules::sequence::{GameState, PendingDecision};
use crate::rules::turn::Step;
use crate::rules::view::GameView;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Selection>()
        .init_resource::<MapViewport>()
        .init_resource::<WhatChanged>()
        .add_systems(
            Update,
            (
                forget_selection.after(crate::rules::sequence::RulesSystems),
                refresh
                    .after(crate::rules::sequence::RulesSystems)
                    .run_if(in_state(Screen::Game))
                    .run_if(rules_moved_on),
            ),
        )
        .add_systems(OnExit(Screen::Game), |mut commands: Commands| {
            commands.remove_resource::<GameView>()
        });
}

/// What the player has selected on the map.
#[derive(Resource, Debug, Clone, Default)]
pub struct Selection {
    pub area: Option<String>,
    /// A Force id, or "lee".
    pub force: Option<String>,
    pub hovered: Option<String>,
    /// A move waiting for the player to confirm it: it costs Command Points
    /// (15.1) or starts a battle (the odds advisor weighs it meanwhile).
    pub confirm: Option<String>,
    /// A "What changed" line shown on the map: its areas are ringed and,
    /// while `pan` is set, the map is moved to them.
    pub shown: Option<Shown>,
    /// The "What changed" moves' arrows are off the map (they are drawn
    /// unless the player turns them off).
    pub hide_moves: bool,
}

/// What a "What changed" line shows on the map.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Shown {
    /// The line (its index in [`WhatChanged`]).
    pub line: usize,
    pub areas: Vec<String>,
    /// The map is still to be moved there.
    pub pan: bool,
}

/// What changed since the player's last decision on the map (issue 38
/// item 4, issue 45 item 11: `rules::view::what_changed`), each line in
/// words with the areas it names, in the order it came; empty until the
/// player has answered a question in this game.
#[derive(Resource, Debug, Clone, Default, PartialEq)]
pub struct WhatChanged(pub Vec<ChangeLine>);

#[derive(Debug, Clone, PartialEq)]
pub struct ChangeLine {
    pub text: String,
    /// Area ids, for the map.
    pub areas: Vec<String>,
    /// The side of the Force (or Command Points) it is about, if any.
    pub side: Option<crate::campaign::Side>,
    /// A move between two areas (a Force's or Lee's): the map draws it as
    /// an arrow from where it came.
    pub arrow: Option<(String, String)>,
}

fn what_changed(world: &mut World) -> Vec<ChangeLine> {
    use crate::rules::view::changes::Change;
    let Some(campaign) = world.get_resource::<ActiveCampaign>().map(|c| c.0.clone()) else {
        return Vec::new();
    };
    crate::rules::view::what_changed(world)
        .unwrap_or_default()
        .iter()
        .map(|c| ChangeLine {
            text: crate::report::change_text(&campaign, c),
            areas: c.areas().into_iter().map(str::to_string).collect(),
            side: match c {
                Change::CommandPoints { side, .. } => Some(*side),
                Change::LeeMoved { .. } => Some(crate::campaign::Side::Confederate),
                _ => c.force().map(|f| f.side),
            },
            arrow: match c {
                Change::Moved { from, to, .. } => Some((from.clone(), to.clone())),
                Change::LeeMoved {
                    from: Some(from),
                    to: Some(to),
                } => Some((from.clone(), to.clone())),
                _ => None,
            },
        })
        .collect()
}

/// A selection belongs to the step it was made in: when the step, the
/// game or the campaign turn changes, the selected Force, its lit areas and
/// a move waiting for confirmation are dropped, so that a click in a later
/// step never moves a Force chosen in an earlier one.
fn forget_selection(
    step: Option<Res<State<Step>>>,
    game: Option<Res<State<GameState>>>,
    mut selection: ResMut<Selection>,
) {
    let changed = step.is_some_and(|s| s.is_changed()) || game.is_some_and(|g| g.is_changed());
    if changed
        && (selection.force.is_some() || selection.confirm.is_some() || selection.area.is_some())
    {
        selection.force = None;
        selection.area = None;
        selection.confirm = None;
    }
}

/// The part of the window the panels leave to the map (physical pixels).
#[derive(Resource, Debug, Clone, Copy, Default)]
pub struct MapViewport(pub Option<bevy_egui::egui::Rect>);

/// Every step the rules run writes the pending decision and the chronicle;
/// a load or a new campaign changes the game state.
fn rules_moved_on(
    view: Option<Res<GameView>>,
    pending: Option<Res<PendingDecision>>,
    chronicle: Option<Res<Chronicle>>,
    game: Option<Res<State<GameState>>>,
    step: Option<Res<State<Step>>>,
    narrowed: Option<Res<crate::app::tutorial_hooks::Narrowed>>,
) -> bool {
    view.is_none()
        || narrowed.is_some_and(|r| r.is_changed())
        || pending.is_some_and(|r| r.is_changed())
        || chronicle.is_some_and(|r| r.is_changed())
        || game.is_some_and(|r| r.is_changed())
        || step.is_some_and(|r| r.is_changed())
}

/// Systems that read the view after the rules ran this frame go after this.
pub fn refresh(world: &mut World) {
    let changed = WhatChanged(what_changed(world));
    if world.get_resource::<WhatChanged>() != Some(&changed) {
        world.insert_resource(changed);
        // A line shown is of the list before.
        if let Some(mut s) = world.get_resource_mut::<Selection>() {
            s.shown = None;
        }
    }
    match build(world) {
        Some(view) => world.insert_resource(view),
        None => {
            world.remove_resource::<GameView>();
        }
    }
}

/// The rules' view of the game in the world now: none before a campaign is
/// set up (nor while a new one is on its way: the last game's world is
/// still there on the first frame of the game screen).
pub fn build(world: &mut World) -> Option<GameView> {
    world.get_resource::<ActiveCampaign>()?;
    if world
        .get_resource::<State<GameState>>()
        .is_none_or(|s| *s.get() == GameState::NoCampaign)
    {
        return None;
    }
    let board = Board::from_world(world)?;
    let step = world.get_resource::<State<Step>>().map(|s| *s.get());
    let pending = world.get_resource::<PendingDecision>();
    let request = pending.and_then(|p| p.request.as_ref());
    let rolled = pending.map_or(0, |p| p.dice_rolled_in_step);
    let mut view = GameView::build(board, step, request);
    if let Some(r) = view.request.as_mut() {
        r.after_dice_rolled(rolled);
    }
    // A lesson enables its answer only (issue 47).
    if let Some(n) = world.get_resource::<crate::app::tutorial_hooks::Narrowed>() {
        n.apply(&mut view);
    }
    // A stand-alone battle's result lives in its battle's record.
    let records = world.get_resource::<crate::rules::battle::record::BattleRecords>();
    view.stand_alone = view.stand_alone.map(|s| s.with_records(records));
    Some(view)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::components::CommandPoints;
    use crate::rules::decision::Decision;
    use crate::rules::sequence::Decide;
    use crate::rules::setup::NewCampaign;
    use bevy::state::app::StatesPlugin;

    fn pending(app: &App) -> Option<crate::rules::decision::Request> {
        app.world().resource::<PendingDecision>().request.clone()
    }

    /// The view follows the rules: after every step it holds the question
    /// being asked, worded, and the figures of the world.
    #[test]
    fn the_view_is_rebuilt_whenever_the_rules_move_on() {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, StatesPlugin, crate::RulesPlugin))
            .init_state::<Screen>()
            .add_plugins(plugin);
        app.world_mut()
            .resource_mut::<NextState<Screen>>()
            .set(Screen::Game);
        let campaign = std::sync::Arc::new(crate::campaign::load_bundled("seven-days").unwrap());
        app.world_mut().write_message(NewCampaign::new(
            campaign,
            crate::rules::difficulty::GameOptions::default(),
        ));
        let mut answered = 0;
        for _ in 0..200 {
            app.update();
            let Some(r) = pending(&app) else { continue };
            let view = app.world().resource::<GameView>();
            let asked = view.request.as_ref().expect("the view asks it too");
            assert_eq!(asked.request, r);
            assert_eq!(asked.choices.len(), r.options.len());
            assert!(asked.choices.iter().all(|c| !c.text.is_empty()));
            let cp = *app.world().resource::<CommandPoints>();
            assert_eq!(view.status.confederate_cp, cp.confederate);
            assert_eq!(view.status.union_cp, cp.union);
            let end = [Decision::EndMoves, Decision::EndResupply];
            let d = end
                .into_iter()
                .find(|d| r.options.contains(d))
                .unwrap_or_else(|| r.options[0]);
            app.world_mut().write_message(Decide(d));
            answered += 1;
            if answered == 6 {
                return;
            }
        }
        panic!("only {answered} questions came");
    }

    /// The view marks every answer as final once the step has rolled a
    /// die (the undo rule), from the pending decision's own count.
    #[test]
    fn answers_after_a_die_in_the_step_commit() {
        use crate::rules::view::Commits;
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, StatesPlugin, crate::RulesPlugin));
        let campaign = std::sync::Arc::new(crate::campaign::load_bundled("seven-days").unwrap());
        app.world_mut().write_message(NewCampaign::new(
            campaign,
            crate::rules::difficulty::GameOptions::default(),
        ));
        for _ in 0..50 {
            app.update();
            if pending(&app).is_some() {
                break;
            }
        }
        let moves = |app: &mut App| -> Vec<Commits> {
            build(app.world_mut())
                .and_then(|v| v.request)
                .expect("the moves are asked")
                .choices
                .iter()
                .filter(|c| matches!(c.decision, Decision::MoveForce { .. }))
                .map(|c| c.commits)
                .collect()
        };
        let before = moves(&mut app);
        assert!(!before.is_empty() && before.iter().all(|c| *c == Commits::Nothing));
        app.world_mut()
            .resource_mut::<PendingDecision>()
            .dice_rolled_in_step = 1;
        assert!(moves(&mut app).iter().all(|c| *c == Commits::Dice));
    }
}
