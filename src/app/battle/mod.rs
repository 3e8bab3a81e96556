//! The battle screens: every battle the campaign produces is shown in the
//! battle mode the player chose. The rules record each battle as it is
//! fought (`rules::battle::record`); this plugin plays the record back at the
//! player's speed (each Fog of War roll, the Envelopment check, every change
//! on the Battlefield Sheet, every Battle Resolution Table roll) and shows the
//! decision the rules wait for once playback has caught up.
//!
//! - `sheet`: the Battlefield Sheet (Basic), drawn with egui's painter.
//! - `panels`: the pre-battle panel, the Quick/Very Quick panel, the battle
//!   log, and the decision panel for battle requests (Battle Plan
//!   assignment, order of resolution, placement, retreats).

pub mod panels;
pub mod sheet;

use bevy::prelude::*;
use bevy::window::RequestRedraw;

use super::Screen;
use super::settings::AppSettings;
use crate::rules::battle::record::{BattleRecord, BattleRecords, EventKind, SheetView};
use crate::settings::Playback;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<BattleScreen>()
        .add_systems(OnEnter(Screen::Game), reset)
        .add_systems(Update, follow.run_if(in_state(Screen::Game)));
}

/// What the battle screen shows.
#[derive(Resource, Debug, Default)]
pub struct BattleScreen {
    /// The battle shown (its record's id).
    pub id: Option<usize>,
    /// Events revealed so far.
    pub cursor: usize,
    last_step: f64,
    /// Battles the player has closed.
    pub closed: Vec<usize>,
    /// The Confederate Force picked on the sheet (for the assignment panel).
    pub picked: Option<String>,
    /// Space and Enter belong to the battle screen (playback or closing).
    pub wants_keys: bool,
}

impl BattleScreen {
    /// The battle shown, if any.
    pub fn current<'a>(&self, records: &'a BattleRecords) -> Option<&'a BattleRecord> {
        let id = self.id?;
        records.battles.iter().find(|b| b.id == id)
    }

    /// Whether playback has caught up with the battle.
    pub fn caught_up(&self, b: &BattleRecord) -> bool {
        self.cursor >= b.events.len()
    }

    pub fn close(&mut self) {
        if let Some(id) = self.id.take() {
            self.closed.push(id);
        }
        self.cursor = 0;
        self.picked = None;
    }
}

/// The sheet as far as playback has gone, and the one before it (for the
/// animation of what changed).
pub fn sheets(b: &BattleRecord, cursor: usize) -> (Option<&SheetView>, Option<&SheetView>, String) {
    let mut now = None;
    let mut before = None;
    let mut caption = String::new();
    let cursor = cursor.min(b.events.len());
    let start = crate::rules::battle::record::round_start(&b.events, cursor);
    for e in &b.events[start..cursor] {
        if let EventKind::Sheet { caption: c, sheet } = &e.kind {
            before = now;
            now = Some(sheet);
            caption = c.clone();
        }
    }
    (now, before, caption)
}

fn reset(mut commands: Commands, mut screen: ResMut<BattleScreen>) {
    // The rules record battles only when the world has the resource.
    commands.insert_resource(BattleRecords::default());
    *screen = BattleScreen::default();
}

/// Seconds between two events of a battle at each speed.
fn event_interval(p: Playback) -> Option<f64> {
    match p {
        Playback::Slow => Some(0.7),
        Playback::Fast => Some(0.18),
        Playback::Step | Playback::Instant => None,
    }
}

/// Choose the battle to show and advance its playback.
pub fn follow(
    records: Option<Res<BattleRecords>>,
    mut screen: ResMut<BattleScreen>,
    settings: Res<AppSettings>,
    time: Res<Time<Real>>,
    keys: Res<ButtonInput<KeyCode>>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let Some(records) = records else {
        return;
    };
    let now = time.elapsed_secs_f64();
    // An undo can take a battle back out of the record.
    if screen.current(&records).is_none() || screen.id.is_some_and(|id| screen.closed.contains(&id))
    {
        screen.id = None;
    }
    if screen.id.is_none() {
        let next = records
            .battles
            .iter()
            .find(|b| !screen.closed.contains(&b.id))
            .map(|b| b.id);
        if let Some(id) = next {
            screen.id = Some(id);
            screen.cursor = 0;
            screen.last_step = now - 10.0;
        }
    }
    let Some(b) = screen.current(&records) else {
        screen.wants_keys = false;
        return;
    };
    let total = b.events.len();
    let ended = b.ending.is_some();
    let playback = settings.loaded.settings.union_playback;
    let space = keys.just_pressed(KeyCode::Space) || keys.just_pressed(KeyCode::Enter);
    match event_interval(playback) {
        _ if playback == Playback::Instant => screen.cursor = total,
        Some(every) if screen.cursor < total => {
            if now - screen.last_step >= every {
                screen.cursor += 1;
                screen.last_step = now;
            }
            redraw.write(RequestRedraw);
        }
        _ => {
            if screen.cursor == 0 && total > 0 {
                screen.cursor = 1;
            }
        }
    }
    screen.cursor = screen.cursor.min(total);
    let playing = screen.cursor < total;
    let mut used = false;
    if space && playing && playback == Playback::Step {
        screen.cursor += 1;
        used = true;
    } else if space && !playing && ended {
        screen.close();
        used = true;
    }
    // While a battle plays or waits to be closed, its keys are its own and
    // the decision panel offers nothing else; a key it used this frame
    // answers nothing else either.
    screen.wants_keys = playing || ended || used;
}

/// Whether the decision panel may offer the pending request's options: not
/// while a battle is being played back or a finished one is still shown.
pub fn blocks_decisions(screen: &BattleScreen, records: Option<&BattleRecords>) -> bool {
    records
        .and_then(|r| screen.current(r))
        .is_some_and(|b| !screen.caught_up(b) || b.ending.is_some())
}

/// The battle's heading in the decision panel: playback controls while it
/// plays, its ending and the way back to the map once it is over.
pub fn status(
    ui: &mut bevy_egui::egui::Ui,
    board: &crate::rules::board::Board,
    b: &BattleRecord,
    screen: &mut BattleScreen,
    pending: &crate::rules::sequence::PendingDecision,
) {
    use bevy_egui::egui::{self, RichText};
    ui.label(
        RichText::new(format!(
            "Battle of {} ({})",
            b.area_name,
            panels::mode_name(b.mode)
        ))
        .strong()
        .size(15.0),
    );
    let total = b.events.len();
    if screen.cursor < total {
        ui.label(format!(
            "Showing step {} of {} so far.",
            screen.cursor, total
        ));
        ui.horizontal(|ui| {
            if ui.button("Next (Space)").clicked() {
                screen.cursor += 1;
            }
            if ui.button("Skip to now").clicked() {
                screen.cursor = total;
            }
        });
    } else if b.ending.is_some() {
        panels::withdrawal_and_ending(ui, board, b, screen.cursor);
        if ui.button("Return to the map (Enter)").clicked() {
            screen.close();
        }
        if pending.request.is_some() {
            ui.label(RichText::new("The next decision waits on the map.").italics());
        }
    }
    let has_sheet = b
        .events
        .iter()
        .take(screen.cursor)
        .any(|e| matches!(e.kind, EventKind::Sheet { .. }));
    if b.mode == crate::rules::difficulty::BattleMode::Basic && has_sheet {
        egui::CollapsingHeader::new("Pre-battle: Fog of War, Envelopment")
            .id_salt(("pre", b.id))
            .default_open(false)
            .show(ui, |ui| panels::pre_battle(ui, b, screen.cursor));
    }
    ui.separator();
}

/// The battle in the middle of the window: the Battlefield Sheet (or, before
/// it is set up, the pre-battle panel) for a Basic battle; the Quick panel
/// over the map for Quick and Very Quick battles.
pub fn central(
    root: &mut bevy_egui::egui::Ui,
    ctx: &bevy_egui::egui::Context,
    board: &crate::rules::board::Board,
    b: &BattleRecord,
    screen: &mut BattleScreen,
    pending: &crate::rules::sequence::PendingDecision,
) {
    use crate::rules::decision::Decision;
    use bevy_egui::egui::{self, RichText};
    // Where retreating Forces go is chosen on the campaign map.
    let on_map = pending.request.as_ref().is_some_and(|r| {
        r.options.iter().any(|d| {
            matches!(
                d,
                Decision::RetreatTo { .. } | Decision::PlaceArrival { .. }
            )
        })
    }) && screen.caught_up(b);
    let title = format!("Battle of {} · {}", b.area_name, panels::mode_name(b.mode));
    match b.mode {
        crate::rules::difficulty::BattleMode::Basic if !on_map => {
            let (sheet, before, caption) = sheets(b, screen.cursor);
            match sheet {
                Some(sheet) => {
                    egui::CentralPanel::no_frame().show(root, |ui| {
                        let input = sheet::draw(
                            ui,
                            board,
                            b.id,
                            &title,
                            sheet,
                            before,
                            &caption,
                            screen.picked.as_deref(),
                        );
                        if let Some(f) = input.clicked {
                            screen.picked = Some(f);
                        }
                    });
                }
                None => {
                    let frame = egui::Frame::new()
                        .fill(egui::Color32::from_rgb(232, 222, 192))
                        .inner_margin(16.0);
                    egui::CentralPanel::default_margins().frame(frame).show(root, |ui| {
                        ui.heading(&title);
                        ui.label("Pre-battle (10.2): Fog of War, the Envelopment check, Battle Plans, Insights, Scouts against the Special Battle Plan cup, then placement.");
                        ui.separator();
                        egui::ScrollArea::vertical()
                            .id_salt(("pre-battle", b.id))
                            .show(ui, |ui| panels::pre_battle(ui, b, screen.cursor));
                    });
                }
            }
        }
        crate::rules::difficulty::BattleMode::Basic => {}
        _ => {
            let has_resolution = b
                .events
                .iter()
                .take(screen.cursor)
                .any(|e| matches!(e.kind, EventKind::Resolution(_)));
            let area = root.available_rect_before_wrap();
            egui::Window::new(RichText::new(&title).strong())
                .id(egui::Id::new(("quick-battle", b.id)))
                .default_width(520.0)
                .default_pos(area.center_top() + egui::vec2(-260.0, 8.0))
                .collapsible(true)
                .show(ctx, |ui| {
                    egui::CollapsingHeader::new("Pre-battle: Fog of War, Envelopment")
                        .id_salt(("quick-pre", b.id))
                        .default_open(!has_resolution)
                        .show(ui, |ui| panels::pre_battle(ui, b, screen.cursor));
                    ui.separator();
                    panels::quick_panel(ui, board, b, screen.cursor);
                    ui.separator();
                    panels::withdrawal_and_ending(ui, board, b, screen.cursor);
                    if screen.caught_up(b)
                        && b.ending.is_some()
                        && ui.button("Return to the map (Enter)").clicked()
                    {
                        screen.close();
                    }
                });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::campaign::{Side, UnionLevel};
    use crate::rules::battle::Ending;
    use crate::rules::battle::record::BattleEvent;
    use crate::rules::difficulty::BattleMode;
    use crate::settings::{LoadedSettings, Settings};

    fn record(id: usize, events: usize, ended: bool) -> BattleRecord {
        BattleRecord {
            id,
            area: "glendale".into(),
            area_name: "Glendale".into(),
            mode: BattleMode::Quick,
            attacker: Side::Confederate,
            campaign_turn: 1,
            events: (0..events)
                .map(|i| BattleEvent {
                    chronicle_len: id + i + 1,
                    kind: EventKind::FogOfWar {
                        level: UnionLevel::Regular,
                        die: 5,
                        battle_turns: 3,
                        event: String::new(),
                    },
                })
                .collect(),
            ending: ended.then_some(Ending::Encamp),
        }
    }

    fn app(playback: Playback, battles: Vec<BattleRecord>) -> App {
        let mut app = App::new();
        app.add_plugins(MinimalPlugins)
            .init_resource::<ButtonInput<KeyCode>>()
            .add_message::<RequestRedraw>()
            .init_resource::<BattleScreen>()
            .insert_resource(BattleRecords { battles })
            .insert_resource(AppSettings {
                loaded: LoadedSettings {
                    settings: Settings {
                        union_playback: playback,
                        ..Settings::default()
                    },
                    path: None,
                    problem: None,
                    bad_on_disk: false,
                },
                persist: false,
                message: None,
            })
            .add_systems(Update, follow);
        app
    }

    fn press(app: &mut App, key: KeyCode) {
        let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
        keys.release_all();
        keys.clear();
        keys.press(key);
        app.update();
        let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
        keys.release_all();
        keys.clear();
    }

    fn screen(app: &App) -> &BattleScreen {
        app.world().resource::<BattleScreen>()
    }

    #[test]
    fn battles_are_shown_in_order_and_closed_with_enter() {
        let mut app = app(
            Playback::Instant,
            vec![record(5, 3, true), record(40, 2, false)],
        );
        app.update();
        assert_eq!(screen(&app).id, Some(5));
        assert_eq!(screen(&app).cursor, 3);
        // Over but not closed: the keys and the decision panel wait for it.
        assert!(screen(&app).wants_keys);
        let records = app.world().resource::<BattleRecords>().clone();
        assert!(blocks_decisions(screen(&app), Some(&records)));
        press(&mut app, KeyCode::Enter);
        assert_eq!(screen(&app).closed, vec![5]);
        app.update();
        // The battle still being fought, caught up: decisions are offered.
        assert_eq!(screen(&app).id, Some(40));
        assert_eq!(screen(&app).cursor, 2);
        assert!(!screen(&app).wants_keys);
        assert!(!blocks_decisions(screen(&app), Some(&records)));
    }

    #[test]
    fn step_playback_waits_for_space_and_blocks_decisions_meanwhile() {
        let mut app = app(Playback::Step, vec![record(0, 4, false)]);
        app.update();
        assert_eq!(screen(&app).cursor, 1);
        let records = app.world().resource::<BattleRecords>().clone();
        assert!(blocks_decisions(screen(&app), Some(&records)));
        assert!(screen(&app).wants_keys);
        for want in 2..=4 {
            press(&mut app, KeyCode::Space);
            assert_eq!(screen(&app).cursor, want);
        }
        app.update();
        assert!(!blocks_decisions(screen(&app), Some(&records)));
        assert!(!screen(&app).wants_keys);
        // An undo that takes the battle back out of the record clears it.
        app.world_mut()
            .resource_mut::<BattleRecords>()
            .battles
            .clear();
        app.update();
        assert_eq!(screen(&app).id, None);
    }

    #[test]
    fn sheets_follow_the_cursor() {
        use crate::rules::battle::terms::Tactics;
        let mut b = record(0, 1, false);
        let sheet = |turn: u32| SheetView {
            turn,
            turns: 4,
            quantity: 2,
            assigned: 0,
            union_quantity: 2,
            tactics: Tactics::Defensive,
            confederate_combat: 8,
            union_combat: 7,
            lee: true,
            units: Vec::new(),
            cup: Vec::new(),
            drawn: Vec::new(),
            disrupted: Vec::new(),
            insights: Vec::new(),
            formation_counter: false,
            routed: None,
        };
        for t in 1..=2 {
            b.events.push(BattleEvent {
                chronicle_len: 10 + t as usize,
                kind: EventKind::Sheet {
                    caption: format!("turn {t}"),
                    sheet: sheet(t),
                },
            });
        }
        assert!(sheets(&b, 1).0.is_none());
        let (now, before, caption) = sheets(&b, 2);
        assert_eq!(now.map(|s| s.turn), Some(1));
        assert!(before.is_none());
        assert_eq!(caption, "turn 1");
        let (now, before, _) = sheets(&b, 3);
        assert_eq!(
            (now.map(|s| s.turn), before.map(|s| s.turn)),
            (Some(2), Some(1))
        );
    }
}
