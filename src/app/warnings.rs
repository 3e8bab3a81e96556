//! The one-time warning that the campaign can no longer be won (3.1): the
//! first time an objective fails while the campaign goes on, a window says
//! which, and what score is still open (3.3), until the player clicks "Play
//! on". Objectives already failed when the game screen opens (a loaded
//! save) were seen before and are not warned about again. The wording is
//! the rules' (`GameView::victory_out_of_reach`).

use std::collections::BTreeSet;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::Screen;
use crate::rules::view::GameView;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ObjectiveWarning>()
        .add_systems(OnEnter(Screen::Game), |mut w: ResMut<ObjectiveWarning>| {
            *w = ObjectiveWarning::default();
        })
        .add_systems(Update, watch.run_if(in_state(Screen::Game)))
        .add_systems(EguiPrimaryContextPass, show.run_if(in_state(Screen::Game)));
}

#[derive(Resource, Debug, Default)]
pub struct ObjectiveWarning {
    /// (campaign, objective) failures already known: warned about, or
    /// failed before the screen opened. A Grand Campaign's campaigns keep
    /// apart.
    known: BTreeSet<(String, String)>,
    /// The first view has been read.
    seeded: bool,
    /// The warning on screen, until "Play on" is clicked.
    showing: Option<String>,
}

impl ObjectiveWarning {
    /// The warning is on screen: Enter and Space answer nothing else.
    pub fn showing(&self) -> bool {
        self.showing.is_some()
    }

    /// Put the warning on screen.
    pub fn raise(&mut self, text: String) {
        self.showing = Some(text);
    }
}

fn watch(view: Option<Res<GameView>>, mut w: ResMut<ObjectiveWarning>) {
    let Some(view) = view else {
        return;
    };
    if w.seeded && !view.is_changed() {
        return;
    }
    let seeded = std::mem::replace(&mut w.seeded, true);
    // Once the campaign is over its end panel says it all: a warning
    // raised on the way there would only cover its figures.
    if view.end.is_some() || view.stand_alone.is_some() {
        w.showing = None;
    }
    let Some(out) = view.victory_out_of_reach() else {
        return;
    };
    let campaign = view.board.campaign.id.clone();
    let mut new = false;
    for id in out.failed {
        new |= w.known.insert((campaign.clone(), id));
    }
    if seeded && new {
        w.raise(out.text);
    }
}

fn show(mut contexts: EguiContexts, mut w: ResMut<ObjectiveWarning>) -> Result {
    let Some(text) = w.showing.clone() else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    // Only the button closes it: a key held from the last answer must not.
    egui::Modal::new(egui::Id::new("victory-out-of-reach")).show(ctx, |ui| {
        ui.set_max_width(480.0);
        crate::app::theme::link::words_styled(ui, "The campaign can no longer be won (3.1)", |w| {
            egui::RichText::new(w).heading()
        });
        ui.add_space(4.0);
        ui.label(text);
        ui.add_space(8.0);
        if ui.button("Play on").clicked() {
            w.showing = None;
        }
    });
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::board::Board;
    use crate::rules::difficulty::GameOptions;
    use bevy::state::app::StatesPlugin;

    fn board() -> Board {
        let c = std::sync::Arc::new(crate::campaign::load_bundled("seven-days").unwrap());
        Board::empty(c, GameOptions::default())
    }

    fn app(b: Board) -> App {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, StatesPlugin))
            .init_state::<Screen>()
            .init_resource::<ObjectiveWarning>()
            .add_systems(Update, watch)
            .insert_resource(GameView::build(b, None, None));
        app
    }

    fn fail_first(app: &mut App) {
        let mut b = app.world().resource::<GameView>().board.clone();
        let id = b.campaign.victory.objectives[0].id.clone();
        b.progress.objectives.insert(id, false);
        app.insert_resource(GameView::build(b, None, None));
    }

    /// An objective failing in play warns once; the same failure seen
    /// again does not warn again after "Play on".
    #[test]
    fn a_failed_objective_warns_once() {
        let mut app = app(board());
        app.update();
        assert!(!app.world().resource::<ObjectiveWarning>().showing());
        fail_first(&mut app);
        app.update();
        let w = app.world().resource::<ObjectiveWarning>();
        assert!(w.showing());
        assert!(
            w.showing
                .as_deref()
                .is_some_and(|t| t.contains("can no longer be won"))
        );
        app.world_mut().resource_mut::<ObjectiveWarning>().showing = None;
        // The rules move on: a new view, the same failure.
        let b = app.world().resource::<GameView>().board.clone();
        app.insert_resource(GameView::build(b, None, None));
        app.update();
        assert!(!app.world().resource::<ObjectiveWarning>().showing());
    }

    /// The warning raised on the way to the campaign's end (the last
    /// Victory Condition fails as the last turn ends) closes when the end
    /// comes: the end panel says it, and the warning would cover it.
    #[test]
    fn the_end_of_the_campaign_closes_the_warning() {
        let mut app = app(board());
        app.update();
        fail_first(&mut app);
        app.update();
        assert!(app.world().resource::<ObjectiveWarning>().showing());
        let mut b = app.world().resource::<GameView>().board.clone();
        b.progress.result = Some(crate::rules::components::CampaignResult {
            victory: false,
            reason: "the last turn ended".into(),
            victory_points: 3,
            rating: crate::rules::components::Rating::Inferior,
        });
        app.insert_resource(GameView::build(b, None, None));
        app.update();
        assert!(!app.world().resource::<ObjectiveWarning>().showing());
    }

    /// A save loaded with an objective already failed: nothing to warn
    /// about, it was seen when it failed.
    #[test]
    fn a_failure_before_the_screen_opened_is_not_warned_about() {
        let mut b = board();
        let id = b.campaign.victory.objectives[0].id.clone();
        b.progress.objectives.insert(id, false);
        let mut app = app(b);
        app.update();
        assert!(!app.world().resource::<ObjectiveWarning>().showing());
    }
}
