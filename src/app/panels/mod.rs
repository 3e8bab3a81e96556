//! The game screen's panels (egui), each in its own module over the rules'
//! [`GameView`]: the status bar, the situation (victory conditions and the
//! selected area), the decision with Confederate Resupply, the Chronicle,
//! the rules reference and the end of the campaign. egui lays panels out
//! in the order they are shown, so one system shows them, in that order;
//! each panel's plugin brings its own state and keys.

mod answers;
mod chronicle;
pub(crate) mod decision;
mod end;
mod reference;
mod resupply;
mod situation;
mod status;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::Screen;
use super::battle::BattleScreen;
use super::union_turn::ReportPanel;
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

/// Everything the game screen's panels show and change.
#[derive(SystemParam)]
pub(crate) struct GamePanels<'w> {
    view: Option<Res<'w, GameView>>,
    records: Option<Res<'w, BattleRecords>>,
    battle: ResMut<'w, BattleScreen>,
    viewport: ResMut<'w, MapViewport>,
    out: Out<'w>,
    status: status::StatusBar<'w>,
    decision: decision::DecisionPanel<'w>,
    chronicle: chronicle::ChroniclePanel<'w>,
    selection: ResMut<'w, Selection>,
    reference: ResMut<'w, reference::Reference>,
    report: ReportPanel<'w>,
}

/// Where `layout` put what lies between the panels and the map (logical
/// points): the Union turn report or a Quick battle, and the map's area.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Laid {
    pub report: Option<egui::Rect>,
    pub quick_battle: Option<egui::Rect>,
    pub map: Option<egui::Rect>,
}

fn layout(mut contexts: EguiContexts, mut panels: GamePanels) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    panels.draw(&ctx);
    Ok(())
}

impl GamePanels<'_> {
    /// The panels in egui's order: status (top), situation (left),
    /// decision (right), Chronicle (bottom), then between them and the map
    /// the Union turn report (at the foot of the map's area) or a Quick
    /// battle (at its right): each takes its room from what is left, so
    /// none covers another, and the map gets the rest (`MapViewport`).
    /// A Basic or Advanced battle's sheet lies over the map's area.
    pub(crate) fn draw(&mut self, ctx: &egui::Context) -> Laid {
        let Some(view) = self.view.as_deref() else {
            return Laid::default();
        };
        let records = self.records.as_deref();
        let battle = &mut *self.battle;
        let mut root = super::theme::root_ui(ctx, "game");
        let shown = records.and_then(|rec| battle.current(rec));
        self.status
            .show(&mut root, view, &mut self.out, &mut self.reference);
        situation::show(&mut root, view, &mut self.selection);
        self.decision.show(
            &mut root,
            view,
            shown,
            (battle, records),
            &mut self.selection,
            &mut self.out,
        );
        self.chronicle.show(&mut root, view, shown, battle);
        let mut laid = Laid::default();
        match shown {
            Some(b) if !super::battle::on_sheet(b.mode) => {
                laid.quick_battle = Some(super::battle::dock(&mut root, &view.board, b, battle));
            }
            _ => laid.report = self.report.show(&mut root, battle),
        }
        let free = root.available_rect_before_wrap();
        laid.map = Some(free);
        // In physical pixels, whatever the UI scale.
        self.viewport.0 = Some(free * ctx.pixels_per_point());
        if let Some(b) = shown.filter(|b| super::battle::on_sheet(b.mode)) {
            // A click on the Advanced sheet answers as the decision panel
            // does, and only when the panel offers answers.
            let accepting =
                !super::battle::blocks_decisions(battle, records) && !self.decision.loading();
            super::battle::central(
                &mut root,
                &view.board,
                b,
                battle,
                &self.decision.pending,
                self.decision.answers(),
                accepting.then_some(&mut self.out.decide),
            );
        }
        match (&view.end, &view.stand_alone) {
            (Some(end), Some(sa)) => end::stand_alone(ctx, sa, end, &mut self.out),
            (Some(end), None) => end::show(ctx, end, &mut self.out),
            _ => {}
        }
        laid
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::union_turn::UnionReport;
    use crate::app::union_turn::tests::{game, play};
    use crate::rules::difficulty::BattleMode;
    use crate::rules::sequence::PendingDecision;
    use crate::rules::turn::Step;
    use crate::settings::Playback;

    /// egui drawing the game screen's panels as the app does, at a size.
    #[derive(Resource)]
    struct Screenful {
        ctx: egui::Context,
        size: egui::Vec2,
        laid: Option<Laid>,
    }

    fn draw(mut h: ResMut<Screenful>, mut panels: GamePanels) {
        let raw = egui::RawInput {
            screen_rect: Some(egui::Rect::from_min_size(egui::Pos2::ZERO, h.size)),
            ..Default::default()
        };
        let ctx = h.ctx.clone();
        let mut laid = Laid::default();
        let mut out = ctx.run_ui(raw, |ui| laid = panels.draw(ui.ctx()));
        out.textures_delta.clear();
        h.laid = Some(laid);
    }

    /// The game screen headless with its panels drawn by egui.
    fn screen(battles: BattleMode, seed: u64) -> App {
        let mut app = game(battles, seed, Playback::Step);
        app.init_resource::<decision::DecisionState>()
            .init_resource::<chronicle::ChronicleFilter>()
            .init_resource::<reference::Reference>()
            .init_resource::<crate::app::advisor::Advisor>()
            .add_systems(
                Update,
                draw.after(crate::app::view::refresh)
                    .after(crate::app::union_turn::step_report)
                    .run_if(resource_exists::<Screenful>),
            );
        app
    }

    /// A panel's rect as egui laid it out last.
    fn panel(ctx: &egui::Context, id: &str) -> egui::Rect {
        egui::PanelState::load(ctx, egui::Id::new(id))
            .unwrap_or_else(|| panic!("panel {id} shown"))
            .outer_rect
    }

    fn overlap(a: egui::Rect, b: egui::Rect) -> bool {
        let i = a.intersect(b);
        i.width() > 0.5 && i.height() > 0.5
    }

    /// Draw the screen at each size for a few frames (panels settle on
    /// the sizes of the frame before); what lies between the panels and
    /// the map, with the status, situation, decision and Chronicle rects.
    fn laid_out(app: &mut App, size: egui::Vec2) -> (Laid, [egui::Rect; 4]) {
        app.world_mut().insert_resource(Screenful {
            ctx: egui::Context::default(),
            size,
            laid: None,
        });
        for _ in 0..4 {
            app.update();
        }
        let h = app.world_mut().remove_resource::<Screenful>().unwrap();
        let rects = ["status", "left", "decision", "chronicle"].map(|id| panel(&h.ctx, id));
        (h.laid.expect("drawn"), rects)
    }

    const SIZES: [(f32, f32); 2] = [(1600.0, 1000.0), (1280.0, 720.0)];

    /// The Union turn report is docked at the foot of the map's area:
    /// it covers neither "Your decision" (the Scouts question, 16.3) nor
    /// the Chronicle, and the map keeps the rest.
    #[test]
    fn the_union_turn_report_is_docked_beside_the_decision() {
        let mut app = screen(BattleMode::Basic, 1);
        let scouts = |w: &World| {
            w.get_resource::<State<Step>>()
                .is_some_and(|s| *s.get() == Step::UnionOrders)
                && w.resource::<PendingDecision>().request.is_some()
                && w.resource::<UnionReport>().shown > 0
        };
        assert!(play(&mut app, 3000, |_| true, scouts));
        for (w, h) in SIZES {
            let (laid, [status, left, decision, chronicle]) = laid_out(&mut app, egui::vec2(w, h));
            let report = laid.report.expect("the report is shown");
            let map = laid.map.expect("the map's area");
            assert!(laid.quick_battle.is_none());
            clear_of(
                (w, h),
                "report",
                report,
                [status, left, decision, chronicle, map],
            );
            // Between the situation and the decision panel, just above
            // the Chronicle, and within the window.
            assert!(report.left() >= left.right() - 0.5 && report.right() <= decision.left() + 0.5);
            assert!(
                (report.bottom() - chronicle.top()).abs() < 1.0,
                "{report:?} {chronicle:?}"
            );
            assert!(report.height() >= 90.0, "{w}×{h}: {report:?}");
            assert!(
                map.height() >= 0.35 * (chronicle.top() - status.bottom()),
                "{w}×{h}: {map:?}"
            );
            assert!(decision.right() <= w + 0.5 && chronicle.bottom() <= h + 0.5);
            let viewport = app.world().resource::<MapViewport>().0.expect("set");
            assert!(!overlap(viewport, report), "{viewport:?}");
        }
        // Closed, the map has the room again.
        app.world_mut().resource_mut::<UnionReport>().open = false;
        let (laid, _) = laid_out(&mut app, egui::vec2(1280.0, 720.0));
        assert!(laid.report.is_none());
    }

    /// `what` (a docked window) covers none of the status bar, situation,
    /// decision, Chronicle and map rects.
    fn clear_of((w, h): (f32, f32), what: &str, rect: egui::Rect, others: [egui::Rect; 5]) {
        let names = ["status", "situation", "decision", "chronicle", "map"];
        for (name, r) in names.iter().zip(others) {
            assert!(
                !overlap(rect, r),
                "{w}×{h}: {what} {rect:?} over {name} {r:?}"
            );
        }
    }

    /// A Quick battle is docked at the right of the map's area, beside
    /// the decision panel (its answers and the die box) and above the
    /// Chronicle, covering neither.
    #[test]
    fn a_quick_battle_is_docked_beside_the_decision() {
        let mut app = screen(BattleMode::Quick, 3);
        let asked = |w: &World| {
            let screen = w.resource::<BattleScreen>();
            screen
                .current(w.resource::<BattleRecords>())
                .is_some_and(|b| screen.caught_up(b) && b.ending.is_none())
                && w.resource::<PendingDecision>()
                    .request
                    .as_ref()
                    .is_some_and(|r| r.battle_location.is_some())
        };
        assert!(play(&mut app, 3000, |_| true, asked));
        for (w, h) in SIZES {
            let (laid, [status, left, decision, chronicle]) = laid_out(&mut app, egui::vec2(w, h));
            let quick = laid.quick_battle.expect("the battle is docked");
            let map = laid.map.expect("the map's area");
            assert!(laid.report.is_none(), "the battle has the report's room");
            clear_of(
                (w, h),
                "battle",
                quick,
                [status, left, decision, chronicle, map],
            );
            assert!(
                (quick.right() - decision.left()).abs() < 1.0,
                "{quick:?} {decision:?}"
            );
            assert!(
                map.width() >= 0.25 * (decision.left() - left.right()),
                "{w}×{h}: {map:?}"
            );
        }
    }
}
