//! The Settings page: the window (UI scale, the window's size, remembered
//! on its own, the Chronicle's height), the Union turn's playback, the
//! odds advisor (on or off, its trials) and the set-up a new game starts
//! from (difficulty, Union AI, battle rules, dice, Optional rules); and
//! applying the settings to egui, the window, the Chronicle and the
//! advisor.

use bevy::prelude::*;
use bevy::window::{PrimaryWindow, WindowResized};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::Screen;
use super::screens::kit;
use super::theme::scale::{Type, space};
use crate::app::theme::link::HoverWords;
use crate::campaign::UnionLevel;
use crate::rules::difficulty::{
    BattleMode, DiceMode, GameOptions, OPTIONAL, PlayerLevel, UnionAspects,
};
use crate::settings::{
    ADVISOR_TRIALS, CHRONICLE_HEIGHT_RANGE, LoadedSettings, MIN_WINDOW, Playback, Settings,
    UI_SCALE_RANGE,
};

/// The settings in use, and whether to write them back (never in the
/// screenshot tour).
#[derive(Resource, Debug)]
pub struct AppSettings {
    pub loaded: LoadedSettings,
    pub persist: bool,
    /// The outcome of the last save, when it failed.
    pub message: Option<String>,
}

impl AppSettings {
    pub fn save(&mut self) {
        if self.persist {
            self.message = self.loaded.save().err();
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        (
            apply_scale,
            settings_screen.run_if(in_state(Screen::Settings)),
        ),
    )
    .add_systems(Update, remember_window_size);
}

/// The Chronicle's height: the player's (Settings), else `default`. egui
/// keeps a panel's size once shown, so a new setting drops what it kept
/// of the panel `id` and the panel opens at the new height.
pub fn chronicle_height(ctx: &egui::Context, id: &str, setting: Option<f32>, default: f32) -> f32 {
    let height = setting.unwrap_or(default);
    let applied = egui::Id::new(("chronicle-height-applied", id));
    let before = ctx.data(|d| d.get_temp::<f32>(applied));
    if before != Some(height) {
        ctx.data_mut(|d| {
            if before.is_some() {
                d.remove::<egui::containers::panel::PanelState>(egui::Id::new(id));
            }
            d.insert_temp(applied, height);
        });
    }
    height
}

fn apply_scale(
    mut contexts: EguiContexts,
    settings: Res<AppSettings>,
    mut applied: Local<Option<f32>>,
) -> Result {
    let scale = settings.loaded.settings.ui_scale;
    if *applied != Some(scale) {
        contexts.ctx_mut()?.set_zoom_factor(scale);
        *applied = Some(scale);
    }
    Ok(())
}

/// The window's size is saved whenever the player resizes it.
fn remember_window_size(
    mut resized: MessageReader<WindowResized>,
    window: Query<&Window, With<PrimaryWindow>>,
    mut settings: ResMut<AppSettings>,
) {
    if resized.read().last().is_none() {
        return;
    }
    let Ok(win) = window.single() else { return };
    let size = [win.width().round() as u32, win.height().round() as u32];
    if size[0] < MIN_WINDOW.0
        || size[1] < MIN_WINDOW.1
        || settings.loaded.settings.window == Some(size)
    {
        return;
    }
    settings.loaded.settings.window = Some(size);
    settings.save();
}

fn settings_screen(
    mut contexts: EguiContexts,
    mut settings: ResMut<AppSettings>,
    mut next: ResMut<NextState<Screen>>,
    mut page: Local<Page>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    if !super::screens::kit::fonts_ready(ctx) {
        return Ok(());
    }
    let mut root = super::theme::root_ui(ctx, "settings");
    let mut edited = settings.loaded.settings.clone();
    let mut back = false;
    egui::CentralPanel::default().show(&mut root, |ui| {
        back = show(ui, &mut edited, &mut page, &settings);
    });
    back |= ctx.input(|i| i.key_pressed(egui::Key::Escape));
    if edited != settings.loaded.settings {
        settings.loaded.settings = edited;
        settings.save();
    }
    if back {
        next.set(Screen::Menu);
    }
    Ok(())
}

/// What the page keeps between frames.
#[derive(Debug, Default)]
pub(crate) struct Page {
    /// The UI scale while its slider is dragged (applied when let go, so
    /// the page does not change size under the pointer).
    scale: Option<f32>,
    /// Where each control was drawn in the last frame (tests click them).
    targets: Vec<(String, egui::Rect)>,
}

impl Page {
    fn mark(&mut self, name: impl Into<String>, r: &egui::Response) {
        self.targets.push((name.into(), r.rect));
    }
}

/// The page, one column in the middle of the window. True when the
/// player goes back.
fn show(ui: &mut egui::Ui, s: &mut Settings, page: &mut Page, app: &AppSettings) -> bool {
    page.targets.clear();
    let mut back = false;
    // One column in the middle of the window.
    kit::page(ui, "settings-page", 880.0, |ui| {
        back = column(ui, s, page, app);
    });
    back
}

/// The page's column: its sections, where the file is and the buttons.
fn column(ui: &mut egui::Ui, s: &mut Settings, page: &mut Page, app: &AppSettings) -> bool {
    // The title and the buttons on one row: Back is at hand without
    // scrolling, and the page fits 1280×720.
    let mut back = false;
    let big =
        |text: &str| egui::Button::new(egui::RichText::new(text).font(Type::Subheading.font()));
    ui.horizontal(|ui| {
        ui.label(
            egui::RichText::new("Settings")
                .font(Type::Title.font())
                .color(super::theme::palette::INK),
        );
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            let r = ui.add(big("Back (Esc)"));
            page.mark("back", &r);
            back = r.clicked();
            let r = ui.add(big("Restore the defaults")).on_hover_words(
                "Every setting here as at the first start; the window keeps its size.",
            );
            page.mark("restore", &r);
            if r.clicked() {
                page.scale = None;
                restore_defaults(s);
            }
        });
    });
    kit::explain(ui, "Changes are saved at once and kept for the next start.");
    ui.add_space(space::S);
    section(ui, "Window and panels", |ui| window_rows(ui, s, page));
    section(ui, "The Union turn", |ui| playback_rows(ui, s, page));
    section(ui, "Odds advisor", |ui| advisor_rows(ui, s, page));
    section(ui, "New games start from", |ui| new_game_rows(ui, s, page));
    ui.add_space(space::S);
    file_lines(ui, app);
    back
}

/// Every setting as at the first start, but the window's size and the
/// lessons finished or under way (a record, not a setting).
pub(crate) fn restore_defaults(s: &mut Settings) {
    *s = Settings {
        window: s.window,
        lessons_finished: std::mem::take(&mut s.lessons_finished),
        lesson_progress: std::mem::take(&mut s.lesson_progress),
        ..Settings::default()
    };
}

/// A titled group of rows: a name on the left, its controls on the right.
fn section(ui: &mut egui::Ui, title: &str, rows: impl FnOnce(&mut egui::Ui)) {
    kit::in_card(ui, |ui| {
        kit::heading(ui, title, None);
        ui.add_space(space::XS);
        egui::Grid::new(title)
            .num_columns(2)
            .spacing([space::L + space::XXS, space::S])
            .min_col_width(170.0)
            .show(ui, rows);
    });
    ui.add_space(space::S);
}

fn window_rows(ui: &mut egui::Ui, s: &mut Settings, page: &mut Page) {
    let (lo, hi) = UI_SCALE_RANGE;
    ui.label("UI scale")
        .on_hover_words("The size of panels and text. The map zooms with the mouse wheel.");
    ui.horizontal(|ui| {
        for preset in [0.75_f32, 1.0, 1.25, 1.5, 2.0] {
            let r = ui.selectable_label(
                (s.ui_scale - preset).abs() < 0.001,
                format!("{:.0}%", preset * 100.0),
            );
            page.mark(format!("scale {preset}"), &r);
            if r.clicked() {
                page.scale = None;
                s.ui_scale = preset;
            }
        }
        let value = page.scale.get_or_insert(s.ui_scale);
        let r = ui.add(
            egui::Slider::new(value, lo..=hi)
                .step_by(0.05)
                .fixed_decimals(2),
        );
        if r.drag_stopped() || (r.changed() && !r.dragged()) {
            s.ui_scale = *value;
            page.scale = None;
        }
    });
    ui.end_row();
    ui.label("Window size");
    ui.label(match s.window {
        Some([w, h]) => {
            format!("{w}×{h}, remembered for the next start (resize the window to change it).")
        }
        None => "The default; resize the window and fcrel remembers it.".into(),
    });
    ui.end_row();
    let (lo, hi) = CHRONICLE_HEIGHT_RANGE;
    ui.label("Chronicle height").on_hover_words(
        "The Chronicle below the map, in points; drag its top edge in play as well.",
    );
    ui.horizontal(|ui| {
        let mut h = s.chronicle_height.unwrap_or(190.0);
        let r = ui.add(
            egui::Slider::new(&mut h, lo..=hi.min(600.0))
                .step_by(10.0)
                .suffix(" pt"),
        );
        page.mark("chronicle", &r);
        if r.changed() {
            s.chronicle_height = Some(h);
        }
        let r = ui.add_enabled(s.chronicle_height.is_some(), egui::Button::new("Default"));
        if r.clicked() {
            s.chronicle_height = None;
        }
    });
    ui.end_row();
}

fn playback_rows(ui: &mut egui::Ui, s: &mut Settings, page: &mut Page) {
    ui.label("Playback speed").on_hover_words(
        "How the Union turn's report and its battles unroll; also set in the report itself.",
    );
    ui.vertical(|ui| {
        ui.horizontal(|ui| {
            for p in Playback::ALL {
                let r = ui.radio_value(&mut s.union_playback, p, p.name());
                page.mark(format!("playback {}", p.name()), &r);
            }
        });
        ui.label(
            egui::RichText::new(match s.union_playback {
                Playback::Step => "One group at a time: Space or Next shows the next.",
                Playback::Slow => "A group every 1.5 seconds.",
                Playback::Fast => "A group every 0.4 seconds.",
                Playback::Instant => "The whole Union turn at once.",
            })
            .italics(),
        );
    });
    ui.end_row();
}

fn advisor_rows(ui: &mut egui::Ui, s: &mut Settings, page: &mut Page) {
    ui.label("Estimates")
        .on_hover_words("Before a move into the Union army, while Battle Plan Counters are assigned, and at fight on or Rejoin. It works on a spare core and never touches the game's dice (docs/odds.md).");
    let r = ui.checkbox(
        &mut s.odds_advisor,
        "Estimate a battle before you commit to it",
    );
    page.mark("advisor", &r);
    ui.end_row();
    ui.label("Battles per estimate")
        .on_hover_words("More battles give a steadier estimate and take longer.");
    ui.add_enabled_ui(s.odds_advisor, |ui| {
        ui.horizontal(|ui| {
            for n in [500_u64, 1_000, ADVISOR_TRIALS, 5_000, 10_000] {
                let r = ui.selectable_label(s.advisor_trials == n, super::theme::thousands(n));
                page.mark(format!("trials {n}"), &r);
                if r.clicked() {
                    s.advisor_trials = n;
                }
            }
        });
    });
    ui.end_row();
}

/// The set-up a new game starts from (the set-up screen keeps the last
/// one chosen here; the seed is drawn fresh for every game).
fn new_game_rows(ui: &mut egui::Ui, s: &mut Settings, page: &mut Page) {
    let mut o = s.new_game.unwrap_or_default();
    let before = o;
    crate::app::theme::link::words(ui, "Your difficulty (7.14)");
    ui.horizontal(|ui| {
        for (l, name) in [
            (PlayerLevel::Easy, "Easy"),
            (PlayerLevel::Regular, "Regular"),
            (PlayerLevel::Hard, "Hard"),
        ] {
            let r = ui
                .radio_value(&mut o.player, l, name)
                .on_hover_words(l.summary());
            page.mark(format!("player {name}"), &r);
        }
    });
    ui.end_row();
    crate::app::theme::link::words(ui, "The Union AI (7.14)");
    ui.horizontal_wrapped(|ui| {
        for (l, name) in [
            (UnionLevel::Regular, "All Regular"),
            (UnionLevel::Hard, "All Hard"),
            (UnionLevel::Veteran, "All Veteran"),
        ] {
            let r = ui
                .selectable_label(o.union.preset_level() == Some(l), name)
                .on_hover_words(l.summary());
            page.mark(format!("union {name}"), &r);
            if r.clicked() {
                o.union = UnionAspects::preset(l);
            }
        }
        if o.union.preset_level().is_none() {
            ui.label(format!(
                "mixed: {} (each aspect is set in the set-up)",
                o.union.summary()
            ));
        }
    });
    ui.end_row();
    ui.label("Battles");
    ui.horizontal(|ui| {
        for m in BattleMode::ALL {
            let r = ui
                .radio_value(&mut o.battles, m, m.name())
                .on_hover_words(m.summary());
            page.mark(format!("battles {}", m.name()), &r);
        }
    });
    ui.end_row();
    ui.label("Dice");
    ui.horizontal(|ui| {
        ui.radio_value(&mut o.dice, DiceMode::Program, "fcrel rolls");
        ui.radio_value(&mut o.dice, DiceMode::Physical, "My own dice");
    });
    ui.end_row();
    ui.label("Optional rules");
    ui.vertical(|ui| optional_rules(ui, &mut o, page));
    ui.end_row();
    if o != before {
        s.new_game = Some(o);
    }
}

/// A switch for each Optional rule; those the battle rules are not used
/// with are off and greyed, saying why (R-Opt-used-with).
fn optional_rules(ui: &mut egui::Ui, o: &mut GameOptions, page: &mut Page) {
    let mode = o.battles;
    ui.columns(2, |cols| {
        for (i, rule) in OPTIONAL.iter().enumerate() {
            let ui = &mut cols[i % 2];
            if rule.used_with(mode) {
                let r = ui
                    .checkbox(rule.flag(o), rule.title())
                    .on_hover_words(rule.summary);
                page.mark(format!("optional {}", rule.key), &r);
            } else {
                *rule.flag(o) = false;
                let mut off = false;
                ui.add_enabled(false, egui::Checkbox::new(&mut off, rule.title()))
                    .on_disabled_hover_text(format!(
                        "{} Not used with {} battles: its \"Used with\" line names {}.",
                        rule.summary,
                        mode.name(),
                        rule.used_with_words()
                    ));
            }
        }
    });
}

/// Where the settings live, and what went wrong with them.
fn file_lines(ui: &mut egui::Ui, app: &AppSettings) {
    if !app.persist {
        ui.label("Screenshot tour: settings are not saved.");
    } else {
        match &app.loaded.path {
            Some(p) => ui.label(format!("Settings file: {}", p.display())),
            None => ui.label("This system has no data folder: settings last until fcrel closes."),
        };
    }
    if let Some(problem) = &app.loaded.problem {
        ui.colored_label(super::theme::palette::FAILED, problem);
    }
    if let Some(message) = &app.message {
        ui.colored_label(super::theme::palette::FAILED, message);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One frame of the page at 1280×720 with these events; whether the
    /// player went back.
    fn frame(
        ctx: &egui::Context,
        s: &mut Settings,
        page: &mut Page,
        events: Vec<egui::Event>,
    ) -> bool {
        let app = AppSettings {
            loaded: LoadedSettings::default(),
            persist: false,
            message: None,
        };
        let raw = egui::RawInput {
            screen_rect: Some(egui::Rect::from_min_size(
                egui::Pos2::ZERO,
                egui::vec2(1280.0, 720.0),
            )),
            events,
            ..Default::default()
        };
        let mut back = false;
        let mut out = ctx.run_ui(raw, |ui| {
            egui::CentralPanel::default().show(ui, |ui| {
                back = show(ui, s, page, &app);
            });
        });
        out.textures_delta.clear();
        back
    }

    fn click(ctx: &egui::Context, s: &mut Settings, page: &mut Page, name: &str) -> bool {
        let at = page
            .targets
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, r)| r.center())
            .unwrap_or_else(|| panic!("{name} is drawn"));
        let press = |pressed| egui::Event::PointerButton {
            pos: at,
            button: egui::PointerButton::Primary,
            pressed,
            modifiers: Default::default(),
        };
        let mut back = false;
        for e in [egui::Event::PointerMoved(at), press(true), press(false)] {
            back |= frame(ctx, s, page, vec![e]);
        }
        back
    }

    /// The page's controls change the settings they name: the playback,
    /// the advisor's trials, the new game's battle rules and an Optional
    /// rule (one the new battle rules are not used with is switched off);
    /// every control fits a 1280×720 window; Restore keeps the window's
    /// size and nothing else; Back goes back.
    #[test]
    fn the_settings_page_sets_what_it_shows() {
        let ctx = egui::Context::default();
        // The theme's faces, as the app has them (the page's title is set
        // in the serif).
        crate::app::theme::style::apply(&ctx);
        let mut s = Settings {
            window: Some([1280, 720]),
            ..Settings::default()
        };
        let mut page = Page::default();
        frame(&ctx, &mut s, &mut page, Vec::new());
        for name in [
            "playback Fast",
            "trials 5000",
            "battles Advanced",
            "optional shock-checks",
            "optional union-cavalry-corps",
        ] {
            assert!(!click(&ctx, &mut s, &mut page, name));
        }
        assert_eq!(s.union_playback, Playback::Fast);
        assert_eq!(s.advisor_trials, 5_000);
        let o = s.new_game.expect("the new game's set-up");
        assert_eq!(o.battles, BattleMode::Advanced);
        assert!(o.shock_checks && o.union_cavalry_corps);
        // Shock Attacks are not used with Quick battles.
        click(&ctx, &mut s, &mut page, "battles Quick");
        let o = s.new_game.unwrap();
        assert!(!o.shock_checks && o.union_cavalry_corps);
        for (name, r) in &page.targets {
            assert!(
                r.max.x <= 1280.0 && r.min.x >= 0.0,
                "{name} is off the page: {r:?}"
            );
        }
        click(&ctx, &mut s, &mut page, "restore");
        assert_eq!(
            s,
            Settings {
                window: Some([1280, 720]),
                ..Settings::default()
            }
        );
        assert!(click(&ctx, &mut s, &mut page, "back"));
    }

    /// The Chronicle opens at the height the settings hold, and at once
    /// when they change: the size egui kept of the panel is dropped then,
    /// and only then (a height dragged in play stays).
    #[test]
    fn the_chronicle_takes_the_settings_height() {
        use egui::containers::panel::PanelState;
        let ctx = egui::Context::default();
        let id = egui::Id::new("chronicle");
        let kept = |ctx: &egui::Context| {
            ctx.data_mut(|d| {
                d.insert_persisted(
                    id,
                    PanelState {
                        outer_rect: egui::Rect::from_min_size(
                            egui::Pos2::ZERO,
                            egui::vec2(900.0, 250.0),
                        ),
                    },
                )
            })
        };
        let height = |setting: Option<f32>| chronicle_height(&ctx, "chronicle", setting, 190.0);
        assert_eq!(height(None), 190.0);
        kept(&ctx);
        assert_eq!(height(None), 190.0);
        assert!(PanelState::load(&ctx, id).is_some(), "a dragged size stays");
        assert_eq!(height(Some(320.0)), 320.0);
        assert!(
            PanelState::load(&ctx, id).is_none(),
            "a new setting applies"
        );
        kept(&ctx);
        assert_eq!(height(Some(320.0)), 320.0);
        assert!(PanelState::load(&ctx, id).is_some());
    }
}
