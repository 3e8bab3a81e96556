//! The game screen's panels (egui), each in its own module over the rules'
//! [`GameView`]: the status bar, the situation (victory conditions and the
//! selected area), the decision with Confederate Resupply, the Chronicle,
//! the rules reference and the end of the campaign. egui lays panels out
//! in the order they are shown, so one system shows them, in that order;
//! each panel's plugin brings its own state and keys.

mod chronicle;
pub(crate) mod decision;
mod end;
mod reference;
mod resupply;
mod situation;
mod status;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

use super::Screen;
use super::battle::BattleScreen;
use super::view::{MapViewport, Selection};
use crate::rules::battle::record::BattleRecords;
use crate::rules::sequence::{Decide, EnterDie, GameState, UndoDecision};
use crate::rules::view::GameView;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((
        status::plugin,
        decision::plugin,
        chronicle::plugin,
        reference::plugin,
    ))
    .add_systems(
        EguiPrimaryContextPass,
        layout.run_if(in_state(Screen::Game)),
    );
}

/// A stand-alone battle's panels leave its modified sheet (11 or 12
/// Columns, A10.2.14) the room it needs: the terms panel this wide, the
/// decision panel at most this wide (its answers wrap), the Chronicle
/// this high at first.
pub const STAND_ALONE_TERMS_W: f32 = 210.0;
pub const STAND_ALONE_DECISION_W: f32 = 330.0;
pub const STAND_ALONE_CHRONICLE_H: f32 = 150.0;

/// What the panels send back: answers, and where to go.
#[derive(SystemParam)]
pub struct Out<'w> {
    pub decide: MessageWriter<'w, Decide>,
    pub undo: MessageWriter<'w, UndoDecision>,
    pub enter_die: MessageWriter<'w, EnterDie>,
    pub save: MessageWriter<'w, super::saves::SaveGame>,
    pub screen: ResMut<'w, NextState<Screen>>,
    pub game: ResMut<'w, NextState<GameState>>,
}

impl Out<'_> {
    pub fn go_to_menu(&mut self) {
        super::to_menu(&mut self.screen, &mut self.game);
    }
}

#[allow(clippy::too_many_arguments)]
fn layout(
    mut contexts: EguiContexts,
    view: Option<Res<GameView>>,
    records: Option<Res<BattleRecords>>,
    mut battle: ResMut<BattleScreen>,
    mut viewport: ResMut<MapViewport>,
    mut out: Out,
    mut status: status::StatusBar,
    mut decision: decision::DecisionPanel,
    mut chronicle: chronicle::ChroniclePanel,
    mut selection: ResMut<Selection>,
    mut reference: ResMut<reference::Reference>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let Some(view) = view else {
        return Ok(());
    };
    let mut root = super::theme::root_ui(ctx, "game");
    let shown = records.as_deref().and_then(|rec| battle.current(rec));
    status.show(&mut root, &view, &mut out, &mut reference);
    situation::show(&mut root, &view, &mut selection);
    decision.show(
        &mut root,
        &view,
        shown,
        (&mut battle, records.as_deref()),
        &mut selection,
        &mut out,
    );
    chronicle.show(&mut root, &view, shown, &battle);
    // In physical pixels, whatever the UI scale.
    let free = root.available_rect_before_wrap();
    viewport.0 = Some(free * ctx.pixels_per_point());
    if let Some(b) = shown {
        // A click on the Advanced sheet answers as the decision panel does,
        // and only when the panel offers answers.
        let accepting =
            !super::battle::blocks_decisions(&battle, records.as_deref()) && !decision.loading();
        super::battle::central(
            &mut root,
            ctx,
            &view.board,
            b,
            &mut battle,
            &decision.pending,
            decision.answers(),
            accepting.then_some(&mut out.decide),
        );
    }
    if reference.open {
        reference::show(ctx);
    }
    match (&view.end, &view.stand_alone) {
        (Some(end), Some(sa)) => end::stand_alone(ctx, sa, end, &mut out),
        (Some(end), None) => end::show(ctx, end, &mut out),
        _ => {}
    }
    Ok(())
}
