//! The game screen's panels (egui), each in its own module over the rules'
//! [`GameView`]: the status bar, the situation (victory conditions and the
//! selected area), the decision with Confederate Resupply, the Chronicle,
//! the rules reference and the end of the campaign. egui lays panels out
//! in the order they are shown, so one system shows them, in that order;
//! each panel's plugin brings its own state and keys.

mod answers;
pub(crate) mod chronicle;
pub(crate) mod decision;
mod end;
mod legend;
pub(crate) mod reference;
mod resupply;
mod situation;
mod status;
pub(crate) mod why;

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
    pub report: MessageWriter<'w, super::after_action::ExportReport>,
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
    settings: ResMut<'w, super::settings::AppSettings>,
    luck: Option<Res<'w, super::luck::LuckView>>,
    changed: Option<Res<'w, super::view::WhatChanged>>,
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
        situation::show(
            &mut root,
            view,
            &mut self.selection,
            self.changed.as_deref(),
        );
        self.decision.show(
            &mut root,
            view,
            shown,
            (battle, records),
            &mut self.selection,
            &mut self.out,
        );
        self.chronicle
            .show(&mut root, view, shown, battle, &mut self.settings);
        let mut laid = Laid::default();
        match shown {
            Some(b) if !super::battle::on_sheet(b.mode) => {
                laid.quick_battle = Some(super::battle::dock(&mut root, &view.board, b, battle));
            }
            _ => laid.report = self.report.show(&mut root, battle, &mut self.settings),
        }
        let free = root.available_rect_before_wrap();
        laid.map = Some(free);
        // In physical pixels, whatever the UI scale.
        self.viewport.0 = Some(free * ctx.pixels_per_point());
        let sheet = shown.is_some_and(|b| super::battle::on_sheet(b.mode));
        if !sheet && view.stand_alone.is_none() {
            legend::show(ctx, free, &view.board.campaign);
        }
        if let Some(b) = shown.filter(|b| super::battle::on_sheet(b.mode)) {
            // A click on the Advanced sheet answers as the decision panel
            // does, and only when the panel offers answers.
            let accepting = !super::battle::blocks_decisions(battle, records)
                && !self.decision.loading()
                && self.decision.clicks_taken();
            super::battle::central(
                &mut root,
                &view.board,
                b,
                battle,
                &self.decision.pending,
                self.decision.answers(),
                accepting.then_some(&mut self.out.decide),
                self.decision.suggest(),
            );
        }
        match (&view.end, &view.stand_alone) {
            (Some(end), Some(sa)) => end::stand_alone(ctx, sa, end, &mut self.out),
            (Some(end), None) => {
                let luck = self.luck.as_deref().and_then(|l| l.table.as_ref());
                end::show(ctx, end, luck, &mut self.out)
            }
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
        /// Input for the next frame drawn.
        events: Vec<egui::Event>,
        /// Every text the last frame drew, and where.
        texts: Vec<(String, egui::Rect)>,
    }

    fn draw(mut h: ResMut<Screenful>, mut panels: GamePanels) {
        let raw = egui::RawInput {
            screen_rect: Some(egui::Rect::from_min_size(egui::Pos2::ZERO, h.size)),
            events: std::mem::take(&mut h.events),
            ..Default::default()
        };
        let ctx = h.ctx.clone();
        let mut laid = Laid::default();
        let mut out = ctx.run_ui(raw, |ui| laid = panels.draw(ui.ctx()));
        out.textures_delta.clear();
        h.laid = Some(laid);
        let texts = out
            .shapes
            .iter()
            .filter_map(|c| match &c.shape {
                egui::epaint::Shape::Text(t) => Some((
                    t.galley.text().to_string(),
                    t.galley.rect.translate(t.pos.to_vec2()),
                )),
                _ => None,
            })
            .collect();
        h.texts = texts;
    }

    /// Every text the last frame of [`laid_out`] drew.
    #[derive(Resource, Default)]
    struct DrawnTexts(Vec<(String, egui::Rect)>);

    fn texts(app: &App) -> Vec<String> {
        app.world()
            .resource::<DrawnTexts>()
            .0
            .iter()
            .map(|(t, _)| t.clone())
            .collect()
    }

    /// Where the text `t` was drawn in the last frame of [`laid_out`].
    fn text_rect(app: &App, t: &str) -> Option<egui::Rect> {
        let drawn = &app.world().resource::<DrawnTexts>().0;
        drawn.iter().find(|(x, _)| x == t).map(|(_, r)| *r)
    }

    /// The game screen headless with its panels drawn by egui.
    fn screen(battles: BattleMode, seed: u64) -> App {
        let mut app = game(battles, seed, Playback::Step);
        app.init_resource::<decision::DecisionState>()
            .init_resource::<chronicle::ChronicleFilter>()
            .init_resource::<reference::Reference>()
            .init_resource::<crate::app::advisor::Advisor>()
            .init_resource::<crate::app::suggest::Suggest>()
            .add_plugins(crate::app::luck::plugin)
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
            ctx: crate::app::theme::themed_context(),
            size,
            laid: None,
            events: Vec::new(),
            texts: Vec::new(),
        });
        for _ in 0..4 {
            app.update();
        }
        let mut h = app.world_mut().remove_resource::<Screenful>().unwrap();
        app.world_mut()
            .insert_resource(DrawnTexts(std::mem::take(&mut h.texts)));
        // The situation panel, open or folded to its rail (narrow windows).
        let rects = ["status", "left", "decision", "chronicle"].map(|id| match id {
            "left" => egui::PanelState::load(&h.ctx, egui::Id::new("left"))
                .map_or_else(|| panel(&h.ctx, "left-rail"), |p| p.outer_rect),
            id => panel(&h.ctx, id),
        });
        FOOT.with(|f| {
            f.set(
                egui::PanelState::load(&h.ctx, egui::Id::new("decision-foot"))
                    .map(|p| p.outer_rect),
            )
        });
        (h.laid.expect("drawn"), rects)
    }

    std::thread_local! {
        /// The decision panel's foot as [`laid_out`] last drew it.
        static FOOT: std::cell::Cell<Option<egui::Rect>> = const { std::cell::Cell::new(None) };
    }

    const SIZES: [(f32, f32); 2] = [(1600.0, 1000.0), (1280.0, 720.0)];

    /// The Union turn report is docked at the foot of the map's area:
    /// it covers neither "Your decision" (the Scouts question, 16.3) nor
    /// the Chronicle, it is as tall as what it shows, and the map keeps
    /// the rest.
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
            // As tall as its heading and the lines shown, never a strip
            // of empty panel over the map.
            let (head, lines) = app.world().resource::<UnionReport>().drawn;
            assert!(lines > 0.0 && head > 0.0);
            assert!(
                report.height()
                    <= (head + lines + 8.0).max(crate::app::union_turn::REPORT_MIN + 0.5)
                    && report.height() >= head + 8.0,
                "{w}×{h}: {report:?} for {head} + {lines}"
            );
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

    /// The sizes every screen must work at: 1280×720 is the floor.
    const ALL_SIZES: [(f32, f32); 3] = [(1280.0, 720.0), (1600.0, 1000.0), (1920.0, 1080.0)];

    /// The screen as it stands, drawn at each size: no two panels (status,
    /// situation, decision, Chronicle, the Union turn report, a Quick
    /// battle, the map's or the sheet's area) overlap, each lies in the
    /// window, the decision panel's foot (the Scout answers, Undo, Redo)
    /// lies in it, and no answer is cut at its sides.
    fn nothing_overlaps(app: &mut App, what: &str) {
        for (w, h) in ALL_SIZES {
            let (laid, [status, left, decision, chronicle]) = laid_out(app, egui::vec2(w, h));
            let placed = app
                .world()
                .resource::<decision::DecisionState>()
                .placed
                .clone();
            let foot = FOOT.with(|f| f.get()).expect("the foot drawn");
            let mut rects = vec![
                ("status", status),
                ("situation", left),
                ("decision", decision),
                ("chronicle", chronicle),
            ];
            rects.extend(laid.report.map(|r| ("Union turn report", r)));
            rects.extend(laid.quick_battle.map(|r| ("Quick battle", r)));
            rects.extend(laid.map.map(|r| ("map", r)));
            let window = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(w, h));
            for (i, (name, r)) in rects.iter().enumerate() {
                assert!(
                    window.expand(0.5).contains_rect(*r),
                    "{what} at {w}×{h}: {name} {r:?} leaves the window"
                );
                for (other, q) in &rects[i + 1..] {
                    assert!(
                        !overlap(*r, *q),
                        "{what} at {w}×{h}: {name} {r:?} over {other} {q:?}"
                    );
                }
            }
            assert!(
                decision.expand(0.5).contains_rect(foot) && foot.height() > 20.0,
                "{what} at {w}×{h}: Undo and Redo at {foot:?} out of the decision panel {decision:?}"
            );
            for (d, r) in placed {
                assert!(
                    r.left() >= decision.left() - 0.5 && r.right() <= decision.right() + 0.5,
                    "{what} at {w}×{h}: {d:?} at {r:?} cut by the decision panel {decision:?}"
                );
            }
        }
    }

    /// A campaign with Quick battles from its first Moves to the Moves of
    /// turn 2: the map, a Quick battle, the Confederate Resupply, the
    /// Union turn with its report, the next Moves; at 1280×720,
    /// 1600×1000 and 1920×1080 no panel covers another.
    #[test]
    fn no_panel_covers_another_through_a_quick_campaign_turn() {
        let mut app = screen(BattleMode::Quick, 3);
        let asked = |w: &World| w.resource::<PendingDecision>().request.is_some();
        let step_is = |w: &World, s: Step| {
            w.get_resource::<State<Step>>()
                .is_some_and(|x| *x.get() == s)
        };
        assert!(play(
            &mut app,
            3000,
            |_| true,
            |w| step_is(w, Step::ConfederateMoves) && asked(w)
        ));
        nothing_overlaps(&mut app, "the first Moves");
        let quick = |w: &World| {
            let screen = w.resource::<BattleScreen>();
            screen
                .current(w.resource::<BattleRecords>())
                .is_some_and(|b| screen.caught_up(b) && b.ending.is_none())
                && asked(w)
        };
        assert!(play(&mut app, 3000, |_| true, quick));
        nothing_overlaps(&mut app, "a Quick battle");
        assert!(play(
            &mut app,
            3000,
            |_| true,
            |w| step_is(w, Step::ConfederateResupply) && asked(w)
        ));
        nothing_overlaps(&mut app, "the Confederate Resupply");
        let report = |w: &World| {
            step_is(w, Step::UnionOrders) && asked(w) && w.resource::<UnionReport>().shown > 0
        };
        assert!(play(&mut app, 3000, |_| true, report));
        nothing_overlaps(&mut app, "the Union turn");
        let moves_2 = |w: &World| {
            step_is(w, Step::ConfederateMoves)
                && asked(w)
                && w.resource::<crate::rules::components::CampaignTurn>().turn == 2
        };
        assert!(play(&mut app, 3000, |_| true, moves_2));
        nothing_overlaps(&mut app, "the Moves after the Union turn");
    }

    /// The Chronicle's Luck tab (issue 38 item 1): after a Quick campaign's
    /// first turn and its battles, the tab lists the whole game, each turn
    /// and each battle with a roll, each side's successes against the
    /// expected and the tail, exactly as the luck record of the chronicle
    /// says; the entries' filters are not drawn over it.
    #[test]
    fn the_luck_tab_shows_each_sides_record() {
        use crate::app::luck::{Cell, LuckView};
        use crate::luck::LuckRecord;
        let mut app = screen(BattleMode::Quick, 3);
        let moves_2 = |w: &World| {
            w.get_resource::<State<Step>>()
                .is_some_and(|x| *x.get() == Step::ConfederateMoves)
                && w.resource::<PendingDecision>().request.is_some()
                && w.resource::<crate::rules::components::CampaignTurn>().turn == 2
        };
        assert!(play(&mut app, 3000, |_| true, moves_2));
        let (_, [.., first_rect]) = laid_out(&mut app, egui::vec2(1600.0, 1000.0));
        app.world_mut()
            .resource_mut::<chronicle::ChronicleFilter>()
            .tab = chronicle::Tab::Luck;
        let (_, [.., luck_rect]) = laid_out(&mut app, egui::vec2(1600.0, 1000.0));
        let drawn = texts(&app);
        let record = LuckRecord::of(app.world().resource::<crate::chronicle::Chronicle>());
        assert!(
            record.game.confederate.count() > 0,
            "{:?} {:?}",
            record.game,
            record.battles
        );
        assert!(!record.battles.is_empty(), "a battle was fought");
        let has = |t: &str| drawn.iter().any(|d| d == t);
        assert!(has("Whole game") && has("Turn 1"), "{drawn:?}");
        for a in [&record.game.confederate, &record.game.union] {
            let c = Cell::of(a);
            assert!(has(&c.figures()), "{c:?} in {drawn:?}");
            assert!(c.rolls == 0 || has(&c.tail), "{c:?} in {drawn:?}");
        }
        let table = app.world().resource::<LuckView>().table.clone().unwrap();
        assert_eq!(
            table.battles.len(),
            record.battles.iter().filter(|b| !b.luck.is_empty()).count()
        );
        for b in &table.battles {
            assert!(has(&b.label), "{} in {drawn:?}", b.label);
        }
        assert!(!has("find:"), "the entries' filters stay off the Luck tab");
        // Back to the entries: the filters again.
        app.world_mut()
            .resource_mut::<chronicle::ChronicleFilter>()
            .tab = chronicle::Tab::Entries;
        let (_, [.., entries_rect]) = laid_out(&mut app, egui::vec2(1600.0, 1000.0));
        assert!(texts(&app).iter().any(|t| t == "find:"));
        // The tab fits the Chronicle as it is: it never makes it grow.
        for r in [luck_rect, entries_rect] {
            assert!(
                (r.height() - first_rect.height()).abs() < 1.0,
                "{r:?} against {first_rect:?}"
            );
        }
        // At 1280×720 the situation panel is folded to its rail, and the
        // Chronicle has the room for the table and the chart side by side.
        app.world_mut()
            .resource_mut::<chronicle::ChronicleFilter>()
            .tab = chronicle::Tab::Luck;
        laid_out(&mut app, egui::vec2(1280.0, 720.0));
        let small = texts(&app);
        for t in [
            "Whole game",
            "Confederate: went its way",
            "Rolls of known chance",
        ] {
            assert!(small.iter().any(|d| d == t), "{t} in {small:?}");
        }
        // Narrower still (the smallest window, its Union turn report up),
        // the Chronicle shows the table or the chart, a switch between
        // them, and nothing else.
        let (w, h) = crate::settings::MIN_WINDOW;
        let narrow = egui::vec2(w as f32, h as f32);
        laid_out(&mut app, narrow);
        let table = texts(&app);
        for t in ["Table", "Chart", "Whole game"] {
            assert!(table.iter().any(|d| d == t), "{t} in {table:?}");
        }
        assert!(!table.iter().any(|d| d == "Rolls of known chance"));
        app.world_mut()
            .resource_mut::<chronicle::ChronicleFilter>()
            .luck_chart = true;
        laid_out(&mut app, narrow);
        let chart = texts(&app);
        assert!(
            chart.iter().any(|d| d == "Rolls of known chance"),
            "{chart:?}"
        );
        assert!(!chart.iter().any(|d| d == "Whole game"));
    }

    /// "Play on from here" (issue 38 item 2): a right-click on a chronicle
    /// entry opens its menu; "… with the same dice" asks for a branch from
    /// that entry with the same dice (`app::branch` makes it).
    #[test]
    fn a_right_click_on_an_entry_plays_on_from_there() {
        use crate::app::branch::{FromEntry, PlayOn};
        let mut app = screen(BattleMode::Quick, 3);
        app.init_resource::<PlayOn>();
        let asked = |w: &World| {
            w.resource::<PendingDecision>().request.is_some()
                && w.resource::<crate::chronicle::Chronicle>().len() > 5
        };
        assert!(play(&mut app, 3000, |_| true, asked));
        app.world_mut().insert_resource(Screenful {
            ctx: crate::app::theme::themed_context(),
            size: egui::vec2(1600.0, 1000.0),
            laid: None,
            events: Vec::new(),
            texts: Vec::new(),
        });
        let frame = |app: &mut App, events: Vec<egui::Event>| {
            app.world_mut().resource_mut::<Screenful>().events = events;
            app.update();
        };
        for _ in 0..3 {
            frame(&mut app, Vec::new());
        }
        let (entry, rect) = *app
            .world()
            .resource::<chronicle::ChronicleFilter>()
            .drawn
            .last()
            .expect("entries listed");
        let at = rect.center();
        let press = |button, pressed, pos| egui::Event::PointerButton {
            pos,
            button,
            pressed,
            modifiers: Default::default(),
        };
        let secondary = egui::PointerButton::Secondary;
        frame(&mut app, vec![egui::Event::PointerMoved(at)]);
        frame(&mut app, vec![press(secondary, true, at)]);
        frame(&mut app, vec![press(secondary, false, at)]);
        frame(&mut app, Vec::new());
        let buttons = app
            .world()
            .resource::<chronicle::ChronicleFilter>()
            .play_on_buttons
            .clone();
        assert_eq!(
            buttons.iter().map(|(f, _)| *f).collect::<Vec<_>>(),
            vec![
                FromEntry {
                    entry,
                    same_dice: false
                },
                FromEntry {
                    entry,
                    same_dice: true
                }
            ],
            "the menu of the entry right-clicked"
        );
        assert!(app.world().resource::<PlayOn>().0.is_none());
        let at = buttons[1].1.center();
        let primary = egui::PointerButton::Primary;
        frame(&mut app, vec![egui::Event::PointerMoved(at)]);
        frame(&mut app, vec![press(primary, true, at)]);
        frame(&mut app, vec![press(primary, false, at)]);
        assert_eq!(
            app.world().resource::<PlayOn>().0,
            Some(FromEntry {
                entry,
                same_dice: true
            })
        );
    }

    /// What changed (issue 38 item 4): in the Moves of turn 2, after the
    /// Union turn, the situation panel lists what changed since the
    /// player's last decision as the rules say (`view::what_changed`),
    /// every Union Force that moved among it; a click on a line shows it
    /// on the map (its areas, its last one selected), a second puts it away.
    #[test]
    fn what_changed_lists_every_union_move_and_shows_it() {
        use crate::app::view::WhatChanged;
        use crate::rules::view::changes::Change;
        let mut app = screen(BattleMode::Quick, 3);
        let moves_2 = |w: &World| {
            w.get_resource::<State<Step>>()
                .is_some_and(|x| *x.get() == Step::ConfederateMoves)
                && w.resource::<PendingDecision>().request.is_some()
                && w.resource::<crate::rules::components::CampaignTurn>().turn == 2
        };
        assert!(play(&mut app, 3000, |_| true, moves_2));
        let changes = crate::rules::view::what_changed(app.world_mut()).expect("answered before");
        let union_moves: Vec<&Change> = changes
            .iter()
            .filter(|c| {
                matches!(c, Change::Moved { force, .. } if force.side == crate::campaign::Side::Union)
            })
            .collect();
        assert!(!union_moves.is_empty(), "the Union moved: {changes:?}");
        let lines = app.world().resource::<WhatChanged>().0.clone();
        assert_eq!(lines.len(), changes.len());
        laid_out(&mut app, egui::vec2(1600.0, 1000.0));
        let drawn = texts(&app);
        assert!(
            drawn.contains(&format!(
                "What changed since your last decision ({})",
                lines.len()
            )),
            "{drawn:?}"
        );
        for c in &union_moves {
            let name = &c.force().unwrap().name;
            let line = lines
                .iter()
                .find(|l| l.text.starts_with(&format!("{name} (Union)")))
                .unwrap_or_else(|| panic!("{name} in {lines:?}"));
            assert_eq!(line.areas, c.areas());
            // Drawn on the map as an arrow from where it came.
            let Change::Moved { from, to, .. } = c else {
                unreachable!()
            };
            assert_eq!(line.arrow, Some((from.clone(), to.clone())));
            assert_eq!(line.side, Some(crate::campaign::Side::Union));
        }
        assert!(
            drawn.iter().any(|t| t == "Arrows on the map"),
            "the arrows' switch: {drawn:?}"
        );
        // The first line, a Union move (they come first), clicked.
        let first = &lines[0];
        assert!(
            first.text.contains("(Union)") && first.areas.len() == 2,
            "{first:?}"
        );
        let at = text_rect(&app, &first.text).expect("drawn").center();
        let press = |pressed| egui::Event::PointerButton {
            pos: at,
            button: egui::PointerButton::Primary,
            pressed,
            modifiers: Default::default(),
        };
        let click = |app: &mut App| {
            app.world_mut().insert_resource(Screenful {
                ctx: crate::app::theme::themed_context(),
                size: egui::vec2(1600.0, 1000.0),
                laid: None,
                events: Vec::new(),
                texts: Vec::new(),
            });
            for events in [
                Vec::new(),
                Vec::new(),
                vec![egui::Event::PointerMoved(at)],
                vec![press(true)],
                vec![press(false)],
            ] {
                app.world_mut().resource_mut::<Screenful>().events = events;
                app.update();
            }
        };
        click(&mut app);
        let s = app.world().resource::<Selection>().clone();
        let shown = s.shown.expect("shown on the map");
        assert_eq!(
            (shown.line, &shown.areas, shown.pan),
            (0, &first.areas, true)
        );
        assert_eq!(s.area.as_ref(), first.areas.last());
        click(&mut app);
        assert!(app.world().resource::<Selection>().shown.is_none());
    }

    /// With the player's own dice, the die prompt says what each face does
    /// before the die is typed (`PendingDecision::die_faces`): all ten
    /// faces, as the rules word them.
    #[test]
    fn the_die_prompt_shows_what_each_face_does() {
        use crate::rules::sequence::EnterDie;
        let mut app = screen(BattleMode::Quick, 3);
        let campaign = std::sync::Arc::new(crate::campaign::load_bundled("seven-days").unwrap());
        app.world_mut()
            .write_message(crate::rules::setup::NewCampaign::new(
                campaign,
                crate::rules::difficulty::GameOptions {
                    battles: BattleMode::Quick,
                    dice: crate::rules::difficulty::DiceMode::Physical,
                    ..Default::default()
                },
            ));
        let mut policy = crate::rules::commander::Policy::Objective;
        let mut found = None;
        for _ in 0..3000 {
            app.update();
            let p = app.world().resource::<PendingDecision>().clone();
            if p.die.is_some() {
                if let Some(f) = p.die_faces.clone() {
                    found = Some(f);
                    break;
                }
                app.world_mut().write_message(EnterDie(5));
            } else if let Some(r) = p.request {
                let board = crate::rules::board::Board::from_world(app.world_mut()).unwrap();
                use crate::rules::decision::Decider;
                let d = policy.decide(&board, &r).unwrap();
                app.world_mut()
                    .write_message(crate::rules::sequence::Decide(d));
            }
        }
        let faces = found.expect("a die asked with its faces");
        assert_eq!(faces.faces.len(), 10);
        laid_out(&mut app, egui::vec2(1600.0, 1000.0));
        let drawn = texts(&app);
        assert!(
            drawn.iter().any(|t| t.starts_with("Roll your d10")),
            "{drawn:?}"
        );
        // The list scrolls in the panel: its first face is in sight.
        assert!(drawn.contains(&faces.faces[0].text), "{drawn:?}");
        // Every face, as the list draws it.
        let ctx = crate::app::theme::themed_context();
        let mut out = ctx.run_ui(egui::RawInput::default(), |ui| {
            egui::CentralPanel::default().show(ui, |ui| decision::die_faces(ui, &faces));
        });
        out.textures_delta.clear();
        let listed: Vec<String> = crate::app::theme::drawn_texts(&out.shapes);
        for f in &faces.faces {
            assert!(
                listed.contains(&f.text),
                "face {} \"{}\" in {listed:?}",
                f.face,
                f.text
            );
            assert!(listed.contains(&f.face.to_string()));
        }
    }

    /// A question as the decision panel drew it: its words, where its
    /// answers start, each answer's button with what it commits.
    struct Drawn {
        key: String,
        battle: Option<String>,
        top: f32,
        buttons: Vec<(crate::rules::decision::Decision, egui::Rect)>,
    }

    /// Answers keep their places (item 4): through a Quick campaign's
    /// first two turns (Union orders with Scouts to re-roll them, Fog of
    /// War rolls), drawn at 1280×720, every question's answers start at
    /// the same height whatever its length (among the map's questions,
    /// and among one battle's), and no answer that discards a Scout is
    /// ever drawn where the question before had another kind of answer.
    #[test]
    fn answers_keep_their_places() {
        use crate::rules::view::{Commits, commits};
        let mut app = screen(BattleMode::Quick, 3);
        app.world_mut().insert_resource(Screenful {
            ctx: crate::app::theme::themed_context(),
            size: egui::vec2(1280.0, 720.0),
            laid: None,
            events: Vec::new(),
            texts: Vec::new(),
        });
        let seen = std::cell::RefCell::new(Vec::<Drawn>::new());
        let record = |w: &World| {
            let state = w.resource::<decision::DecisionState>();
            let view = w.resource::<GameView>();
            if let (Some(r), Some(top)) = (&view.request, state.answers_top)
                && !state.placed.is_empty()
            {
                let key = format!(
                    "{}|{}|{:?}",
                    r.request.rule, r.request.prompt, r.request.options
                );
                let mut seen = seen.borrow_mut();
                if seen.last().is_none_or(|d| d.key != key) {
                    seen.push(Drawn {
                        key,
                        battle: r.request.battle_location.as_ref().map(|b| b.to_string()),
                        top,
                        buttons: state.placed.clone(),
                    });
                }
            }
            w.resource::<crate::rules::components::CampaignTurn>().turn >= 3
        };
        assert!(play(&mut app, 6000, |_| true, record));
        let seen = seen.into_inner();
        let scouts = seen
            .iter()
            .filter(|d| d.buttons.iter().any(|(b, _)| commits(b) == Commits::Scout))
            .count();
        assert!(scouts > 2, "Scout questions came: {scouts}");
        for pair in seen.windows(2) {
            let (before, now) = (&pair[0], &pair[1]);
            if before.battle == now.battle {
                assert!(
                    (before.top - now.top).abs() < 0.5,
                    "{} starts at {}, {} at {}",
                    before.key,
                    before.top,
                    now.key,
                    now.top
                );
            }
            for (d, r) in now
                .buttons
                .iter()
                .filter(|(d, _)| commits(d) == Commits::Scout)
            {
                for (e, q) in &before.buttons {
                    if commits(e) != Commits::Scout {
                        assert!(
                            !overlap(*r, *q),
                            "{d:?} at {r:?} where {e:?} was a moment before ({})",
                            before.key
                        );
                    }
                }
            }
        }
    }

    /// A Basic battle's Battle Plan assignment and an Advanced battle's
    /// questions on the sheet: no panel covers another at any size.
    #[test]
    fn no_panel_covers_another_in_basic_and_advanced_battles() {
        let on_sheet = |w: &World| {
            let screen = w.resource::<BattleScreen>();
            let r = w.resource::<PendingDecision>().request.clone();
            screen
                .current(w.resource::<BattleRecords>())
                .is_some_and(|b| screen.caught_up(b) && b.ending.is_none())
                && r.is_some_and(|r| {
                    r.options.iter().any(|d| {
                        matches!(
                            d,
                            crate::rules::decision::Decision::AssignPlan { .. }
                                | crate::rules::decision::Decision::Act { .. }
                        )
                    })
                })
        };
        for battles in [BattleMode::Basic, BattleMode::Advanced] {
            let mut app = screen(battles, 3);
            assert!(play(&mut app, 4000, |_| true, on_sheet), "{battles:?}");
            nothing_overlaps(&mut app, &format!("a {battles:?} battle"));
        }
    }

    /// What the rules told of consequence since the player's last answer
    /// (here a Rout, 14.5) shows in the decision panel with the question
    /// that follows, and goes with the next answer.
    #[test]
    fn a_consequential_event_shows_in_the_decision_panel() {
        use crate::chronicle::{Chronicle, Notice};
        let mut app = screen(BattleMode::Quick, 3);
        let moves = |w: &World| {
            w.get_resource::<State<Step>>()
                .is_some_and(|s| *s.get() == Step::ConfederateMoves)
                && w.resource::<PendingDecision>().request.is_some()
        };
        assert!(play(&mut app, 3000, |_| true, moves));
        let size = egui::vec2(1280.0, 720.0);
        laid_out(&mut app, size);
        let notices = |app: &App| {
            app.world()
                .resource::<decision::DecisionState>()
                .notices
                .clone()
        };
        assert!(notices(&app).is_empty());
        {
            let mut c = app.world_mut().resource_mut::<Chronicle>();
            c.note_with("14.5", || "The Union army Routs.".into());
            c.notice(Notice::Routed {
                loser: crate::campaign::Side::Union,
                area: "Glendale".into(),
            });
        }
        laid_out(&mut app, size);
        assert_eq!(
            notices(&app),
            vec!["The Union Routed at Glendale (14.5).".to_string()]
        );
        let mv = app
            .world()
            .resource::<PendingDecision>()
            .request
            .clone()
            .unwrap()
            .options
            .into_iter()
            .find(|d| matches!(d, crate::rules::decision::Decision::MoveForce { .. }))
            .unwrap();
        app.world_mut()
            .write_message(crate::rules::sequence::Decide(mv));
        laid_out(&mut app, size);
        assert!(notices(&app).is_empty(), "{:?}", notices(&app));
    }

    /// Ctrl+PageUp makes the Chronicle taller, Ctrl+PageDown shorter; the
    /// height is kept in the settings and the next game's Chronicle
    /// starts at it.
    #[test]
    fn the_chronicle_is_made_taller_and_remembered() {
        let mut app = screen(BattleMode::Quick, 3);
        let asked = |w: &World| w.resource::<PendingDecision>().request.is_some();
        assert!(play(&mut app, 3000, |_| true, asked));
        let size = egui::vec2(1280.0, 720.0);
        let (_, [.., before]) = laid_out(&mut app, size);
        let key = |k: egui::Key| egui::Event::Key {
            key: k,
            physical_key: None,
            pressed: true,
            repeat: false,
            modifiers: egui::Modifiers::CTRL,
        };
        let ctx = crate::app::theme::themed_context();
        app.world_mut().insert_resource(Screenful {
            ctx: ctx.clone(),
            size,
            laid: None,
            events: Vec::new(),
            texts: Vec::new(),
        });
        for _ in 0..3 {
            app.update();
        }
        for k in [egui::Key::PageUp, egui::Key::PageUp, egui::Key::PageDown] {
            app.world_mut()
                .resource_mut::<Screenful>()
                .events
                .push(key(k));
            app.update();
            app.update();
        }
        let taller = panel(&ctx, "chronicle");
        assert!(
            (taller.height() - (before.height() + 80.0)).abs() < 1.0,
            "{before:?} → {taller:?}"
        );
        let kept = app
            .world()
            .resource::<crate::app::settings::AppSettings>()
            .loaded
            .settings
            .chronicle_height;
        assert_eq!(kept, Some(taller.height()));
        // The next game: the Chronicle at the height kept.
        let mut next = screen(BattleMode::Quick, 4);
        next.world_mut()
            .resource_mut::<crate::app::settings::AppSettings>()
            .loaded
            .settings
            .chronicle_height = kept;
        assert!(play(&mut next, 3000, |_| true, asked));
        let (_, [.., chronicle]) = laid_out(&mut next, size);
        assert!(
            (chronicle.height() - taller.height()).abs() < 1.0,
            "{chronicle:?}"
        );
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
