//! The Load screen: saves and autosaves grouped by game (`save::games`),
//! newest first, each game named (campaign or stand-alone battle, begun
//! when, difficulty, battle rules, dice and seed, Optional rules), each
//! file with its turn, step and time; a what-if branch stands under the
//! game it branched from, by its name ("… — branch at Turn 3, instead of
//! …"). Delete moves a file, or a whole
//! game's, to the trash folder under the data folder after the player
//! confirms: nothing is erased. Export report (HTML) or (Markdown) writes
//! a campaign's after-action report beside its newest file
//! (`app::after_action`). A file that cannot be read is listed with
//! its problem and left as it is until the player moves it.

use std::path::{Path, PathBuf};

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::kit;
use crate::app::Screen;
use crate::app::after_action::ReportJob;
use crate::app::theme::palette::*;
use crate::app::theme::scale::{Type, space};

/// The page's most width: a game's file list reads at 1920×1080.
const MAX_WIDTH: f32 = 1100.0;
use crate::app::saves::{PendingLoad, SaveCatalog, SaveDirs};
use crate::app::theme::link::HoverWords;
use crate::save::games::{Game, GameFile};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<LoadScreen>()
        .add_systems(OnEnter(Screen::Load), |mut s: ResMut<LoadScreen>| {
            *s = LoadScreen::default();
        })
        .add_systems(EguiPrimaryContextPass, load.run_if(in_state(Screen::Load)));
}

/// What the screen holds between frames.
#[derive(Resource, Debug, Default)]
pub(crate) struct LoadScreen {
    /// Files waiting for the player's word before they go to the trash,
    /// and what they are ("the game The Seven Days Battles").
    confirm: Option<(Vec<PathBuf>, String)>,
    /// What the last Delete or report did, and whether it is a problem.
    message: Option<(String, bool)>,
    /// The report being written (issue 45 item 8: off the frame).
    writing: Option<PathBuf>,
    /// Where each button was drawn in the last frame, by what it does.
    targets: Vec<(Action, egui::Rect)>,
}

/// What a click on the Load screen asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Action {
    Load(PathBuf),
    /// Ask before moving these files to the trash.
    AskTrash(Vec<PathBuf>, String),
    /// The player confirmed.
    Trash,
    /// Export the after-action report of this file's game, beside it.
    Report(PathBuf, crate::app::after_action::Format),
    Cancel,
    Back,
}

fn load(
    mut contexts: EguiContexts,
    mut catalog: ResMut<SaveCatalog>,
    mut screen: ResMut<LoadScreen>,
    dirs: Res<SaveDirs>,
    mut next: ResMut<NextState<Screen>>,
    keys: Res<ButtonInput<KeyCode>>,
    campaigns: Res<crate::app::Catalog>,
    mut job: ResMut<ReportJob>,
    mut commands: Commands,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    if !kit::fonts_ready(ctx) {
        return Ok(());
    }
    if let Some(done) = job.done.take() {
        screen.message = Some(done);
    }
    screen.writing = job.writing().map(Path::to_path_buf);
    let mut action = draw(ctx, &catalog, &mut screen, dirs.trash.as_deref());
    if keys.just_pressed(KeyCode::Escape) {
        action = Some(if screen.confirm.is_some() {
            Action::Cancel
        } else {
            Action::Back
        });
    }
    let Some(action) = action else {
        return Ok(());
    };
    if action == Action::Back {
        next.set(Screen::Menu);
    } else if let Some((path, save)) = act(
        action,
        &mut screen,
        &dirs,
        &mut catalog,
        &campaigns.campaigns,
        &mut job,
    ) {
        commands.insert_resource(PendingLoad { save, path });
        next.set(Screen::Game);
    }
    Ok(())
}

/// Carry out a click: a file to load (and its save), or the trash moved
/// (after a confirmation) and the folders listed again.
pub(crate) fn act(
    action: Action,
    screen: &mut LoadScreen,
    dirs: &SaveDirs,
    catalog: &mut SaveCatalog,
    campaigns: &[std::sync::Arc<crate::campaign::Campaign>],
    job: &mut ReportJob,
) -> Option<(PathBuf, crate::save::SaveFile)> {
    match action {
        Action::Report(path, format) => {
            screen.message = report(catalog, campaigns, &path, format, job);
        }
        Action::Load(path) => {
            let found = catalog
                .games
                .games
                .iter()
                .flat_map(|g| &g.files)
                .find(|f| f.path == path)?;
            return Some((path, found.save.clone()));
        }
        Action::AskTrash(paths, what) => screen.confirm = Some((paths, what)),
        Action::Cancel => screen.confirm = None,
        Action::Trash => {
            let (paths, what) = screen.confirm.take()?;
            let trash = dirs.trash.as_deref()?;
            screen.message = Some(trash_files(&paths, &what, trash));
            *catalog = SaveCatalog::read(dirs);
        }
        Action::Back => {}
    }
    None
}

/// Write the after-action report of the game of file `path` beside it:
/// what was written, and whether something failed.
fn report(
    catalog: &SaveCatalog,
    campaigns: &[std::sync::Arc<crate::campaign::Campaign>],
    path: &Path,
    format: crate::app::after_action::Format,
    job: &mut ReportJob,
) -> Option<(String, bool)> {
    let Some(f) = catalog
        .games
        .games
        .iter()
        .flat_map(|g| &g.files)
        .find(|f| f.path == path)
    else {
        return Some((format!("{}: no longer listed", path.display()), true));
    };
    let Some(campaign) = campaigns.iter().find(|c| c.id == f.save.campaign) else {
        return Some((
            format!(
                "{}: its campaign \"{}\" is not among the bundled campaigns.",
                f.file_name(),
                f.save.campaign
            ),
            true,
        ));
    };
    let dir = path.parent().unwrap_or(Path::new(""));
    let name = f.file_name();
    job.start(f.save.clone(), campaign.clone(), dir, &name, format);
    // The message comes when the report's thread is done.
    None
}

/// "Begun … · last saved …"; a time a file does not record (0: a
/// hand-made or damaged file) is left out, never shown as 1970.
fn dates(started: u64, saved: u64) -> String {
    let when = crate::store::when;
    match (started, saved) {
        (0, 0) => "No date recorded".into(),
        (0, s) => format!("Last saved {}", when(s)),
        (b, 0) => format!("Begun {}", when(b)),
        (b, s) => format!("Begun {} · last saved {}", when(b), when(s)),
    }
}

/// Move `paths` to `trash`; what was done, and whether something failed.
fn trash_files(paths: &[PathBuf], what: &str, trash: &Path) -> (String, bool) {
    let mut failed = Vec::new();
    for p in paths {
        if let Err(e) = crate::store::move_to_trash(p, trash) {
            failed.push(format!("{}: {e}", p.display()));
        }
    }
    if failed.is_empty() {
        (
            format!(
                "Moved {what} to {} ({} file{}); put a file back in its folder to see it here again.",
                trash.display(),
                paths.len(),
                if paths.len() == 1 { "" } else { "s" }
            ),
            false,
        )
    } else {
        (
            format!("Not moved (left where they are): {}", failed.join("; ")),
            true,
        )
    }
}

/// The screen, and the one thing clicked in it this frame.
pub(crate) fn draw(
    ctx: &egui::Context,
    catalog: &SaveCatalog,
    screen: &mut LoadScreen,
    trash: Option<&Path>,
) -> Option<Action> {
    screen.targets.clear();
    let mut action = None;
    let mut root = crate::app::theme::root_ui(ctx, "load");
    egui::CentralPanel::default().show(&mut root, |ui| {
        kit::page(ui, "load-page", MAX_WIDTH, |ui| {
            kit::title(ui, "Saves and autosaves", "Load a saved game");
            ui.vertical_centered(|ui| {
                if let Some(dir) = crate::save::saves_dir() {
                    kit::explain(ui, &format!(
                        "Saves (Ctrl+S in play) are in {}; autosaves, one at the start of every phase (the last {} of each game kept) and one of the last decision, beside them.",
                        dir.display(),
                        crate::save::AUTOSAVES_KEPT
                    ));
                }
                match trash {
                    Some(t) => kit::explain(ui, &format!(
                        "Delete moves files to {} after you confirm; nothing is erased.",
                        t.display()
                    )),
                    None => kit::explain(ui, "No data folder: nothing can be deleted here."),
                };
            });
            ui.add_space(space::S);
            ui.horizontal(|ui| {
                if ui
                    .add(egui::Button::new(
                        egui::RichText::new("Back (Esc)").font(Type::Subheading.font()),
                    ))
                    .clicked()
                {
                    action = Some(Action::Back);
                }
                if let Some((text, problem)) = &screen.message {
                    let colour = if *problem { FAILED } else { OK };
                    ui.colored_label(colour, text);
                }
            });
            if let Some(out) = &screen.writing {
                ui.horizontal(|ui| {
                    ui.spinner();
                    ui.label(format!("Writing the report {}…", out.display()));
                });
            }
            ui.add_space(space::S);
            let games = &catalog.games;
            if games.games.is_empty() && games.unreadable.is_empty() {
                kit::in_card(ui, |ui| {
                    ui.label("No saved game yet: games are autosaved at the start of every phase.");
                });
            }
            for (i, (depth, g)) in games.rows().into_iter().enumerate() {
                let a = game(ui, g, depth, i == 0, trash.is_some(), &mut screen.targets);
                action = action.take().or(a);
                ui.add_space(space::S);
            }
            if !games.unreadable.is_empty() {
                let a = unreadable(ui, catalog, trash.is_some(), &mut screen.targets);
                action = action.take().or(a);
            }
        });
    });
    if let Some((paths, what)) = &screen.confirm {
        let a = confirm(ctx, paths, what, trash, &mut screen.targets);
        action = action.or(a);
    }
    action
}

/// A button that records where it was drawn; its action when clicked.
fn button(
    ui: &mut egui::Ui,
    enabled: bool,
    text: &str,
    tip: &str,
    action: Action,
    targets: &mut Vec<(Action, egui::Rect)>,
) -> Option<Action> {
    // A game's main action, Load newest, is the brass one.
    let b = if text == "Load newest" {
        egui::Button::new(egui::RichText::new(text).color(INK)).fill(SELECTION)
    } else {
        egui::Button::new(text)
    };
    let r = ui.add_enabled(enabled, b).on_hover_words(tip);
    targets.push((action.clone(), r.rect));
    r.clicked().then_some(action)
}

/// One game: its name and set-up, then its files, newest first.
fn game(
    ui: &mut egui::Ui,
    g: &Game,
    depth: usize,
    open: bool,
    can_trash: bool,
    targets: &mut Vec<(Action, egui::Rect)>,
) -> Option<Action> {
    let mut action = None;
    let title = g.title();
    // A branch stands under its game, indented.
    let indent = egui::Margin {
        left: (24 * depth).min(96) as i8,
        ..Default::default()
    };
    kit::card()
        .outer_margin(indent)
        .show(ui, |ui| {
            // Clear of the scroll bar, which floats over the right edge.
            ui.set_width((ui.available_width() - 12.0).max(300.0));
            // A branch's long name wraps short of the buttons; its kind
            // goes on the next line.
            let branch = g.newest().save.branch.is_some();
            egui::Sides::new().shrink_left().wrap().show(
                ui,
                |ui| {
                    ui.label(
                        egui::RichText::new(&title)
                            .font(Type::Heading.font())
                            .color(INK),
                    );
                    if !branch {
                        ui.label(egui::RichText::new(g.kind()).italics());
                    }
                    if g.finished() {
                        ui.label(egui::RichText::new("finished").strong());
                    }
                },
                |ui| {
                    let what = format!("the game {title} ({} files)", g.files.len());
                    let a = button(
                        ui,
                        can_trash,
                        "Delete game…",
                        "Move every file of this game to the trash folder (you confirm first).",
                        Action::AskTrash(g.paths(), what),
                        targets,
                    );
                    action = action.take().or(a);
                    let newest = g.newest();
                    // The report of a stand-alone battle is its campaign's
                    // kind of report: campaigns only.
                    if g.key.stand_alone.is_none() {
                        for format in crate::app::after_action::Format::ALL.into_iter().rev() {
                            let a = button(
                                ui,
                                true,
                                format.button(),
                                "The after-action report of this game as it stands in its newest file (set-up, each turn, each battle, Victory Points, luck, maps), written beside that file.",
                                Action::Report(newest.path.clone(), format),
                                targets,
                            );
                            action = action.take().or(a);
                        }
                    }
                    let a = button(
                        ui,
                        true,
                        "Load newest",
                        &format!("{} ({})", newest.position(), newest.file_name()),
                        Action::Load(newest.path.clone()),
                        targets,
                    );
                    action = action.take().or(a);
                },
            );
            if branch {
                ui.label(egui::RichText::new(g.kind()).italics());
            }
            ui.label(dates(g.started, g.last_saved()));
            ui.label(g.set_up());
            let optional = g.optional_rules();
            ui.label(if optional.is_empty() {
                "No Optional rules".to_string()
            } else {
                format!("Optional rules: {}", optional.join(", "))
            });
            let n = g.files.len();
            egui::CollapsingHeader::new(format!("{n} file{}", if n == 1 { "" } else { "s" }))
                .id_salt(("game", g.newest().path.clone()))
                .default_open(open)
                .show(ui, |ui| {
                    egui::Grid::new(("files", g.newest().path.clone()))
                        .striped(true)
                        .show(ui, |ui| {
                            for f in &g.files {
                                let a = file(ui, f, can_trash, targets);
                                action = action.take().or(a);
                                ui.end_row();
                            }
                        });
                });
        });
    action
}

/// One file of a game: Load, where it stands, when, what kind, Delete.
fn file(
    ui: &mut egui::Ui,
    f: &GameFile,
    can_trash: bool,
    targets: &mut Vec<(Action, egui::Rect)>,
) -> Option<Action> {
    let a = button(
        ui,
        true,
        "Load",
        &f.path.display().to_string(),
        Action::Load(f.path.clone()),
        targets,
    );
    ui.label(f.position());
    ui.label(crate::store::when(f.save.saved_at));
    ui.label(f.kind.name());
    ui.label(egui::RichText::new(f.file_name()).monospace().size(11.0));
    let b = button(
        ui,
        can_trash,
        "Delete…",
        "Move this file to the trash folder (you confirm first).",
        Action::AskTrash(
            vec![f.path.clone()],
            format!("the {} {}", f.kind.name(), f.file_name()),
        ),
        targets,
    );
    a.or(b)
}

/// Files that cannot be loaded, each with its problem.
fn unreadable(
    ui: &mut egui::Ui,
    catalog: &SaveCatalog,
    can_trash: bool,
    targets: &mut Vec<(Action, egui::Rect)>,
) -> Option<Action> {
    let mut action = None;
    ui.heading("Files that cannot be loaded");
    egui::Grid::new("unreadable").striped(true).show(ui, |ui| {
        for l in &catalog.games.unreadable {
            let name = l
                .path
                .file_name()
                .map_or(String::new(), |n| n.to_string_lossy().into_owned());
            ui.label(egui::RichText::new(&name).monospace().size(11.0));
            if let Err(p) = &l.save {
                ui.colored_label(crate::app::theme::palette::FAILED, p.problem.clone())
                    .on_hover_words("The file is left exactly as it is.");
            }
            let a = button(
                ui,
                can_trash,
                "Delete…",
                "Move this file to the trash folder (you confirm first).",
                Action::AskTrash(vec![l.path.clone()], format!("the file {name}")),
                targets,
            );
            action = action.take().or(a);
            ui.end_row();
        }
    });
    action
}

/// The confirmation before files go to the trash.
fn confirm(
    ctx: &egui::Context,
    paths: &[PathBuf],
    what: &str,
    trash: Option<&Path>,
    targets: &mut Vec<(Action, egui::Rect)>,
) -> Option<Action> {
    let mut action = None;
    egui::Modal::new(egui::Id::new("load-confirm-trash")).show(ctx, |ui| {
        ui.set_max_width(520.0);
        ui.heading("Delete?");
        ui.label(format!(
            "Move {what} to the trash folder {}?",
            trash.map_or(String::new(), |t| t.display().to_string())
        ));
        for p in paths.iter().take(12) {
            ui.label(
                egui::RichText::new(p.display().to_string())
                    .monospace()
                    .size(11.0),
            );
        }
        if paths.len() > 12 {
            ui.label(format!("…and {} more", paths.len() - 12));
        }
        ui.label("Nothing is erased: put a file back in its folder to load it again.");
        ui.add_space(8.0);
        ui.horizontal(|ui| {
            let a = button(ui, true, "Move to the trash", "", Action::Trash, targets);
            let b = button(ui, true, "Cancel (Esc)", "", Action::Cancel, targets);
            action = a.or(b);
        });
    });
    action
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 45 item 5: a file with no date (its `game` and `saved_at`
    /// 0) never shows "Begun 1970-01-01".
    #[test]
    fn a_time_not_recorded_is_not_shown_as_1970() {
        assert_eq!(dates(0, 0), "No date recorded");
        assert!(!dates(0, 1_764_900_000).contains("1970"));
        assert!(dates(0, 1_764_900_000).starts_with("Last saved 2025-"));
        assert!(dates(1_764_800_000, 1_764_900_000).starts_with("Begun 2025-"));
    }

    fn write(dir: &Path, name: &str, seed: u64, saved_at: u64) -> PathBuf {
        let mut s: crate::save::SaveFile = serde_json::from_str(include_str!(
            "../../../tests/fixtures/seven-days-basic-turn-7-digest-2.json"
        ))
        .unwrap();
        s.options.seed = seed;
        s.saved_at = saved_at;
        let path = dir.join(name);
        s.write(&path).unwrap();
        path
    }

    /// One frame of the screen with these pointer events.
    fn frame(
        ctx: &egui::Context,
        catalog: &SaveCatalog,
        screen: &mut LoadScreen,
        trash: &Path,
        events: Vec<egui::Event>,
    ) -> Option<Action> {
        let raw = egui::RawInput {
            screen_rect: Some(egui::Rect::from_min_size(
                egui::Pos2::ZERO,
                egui::vec2(1280.0, 720.0),
            )),
            events,
            ..Default::default()
        };
        let mut action = None;
        let mut out = ctx.run_ui(raw, |ui| {
            action = draw(ui.ctx(), catalog, screen, Some(trash));
        });
        out.textures_delta.clear();
        action
    }

    /// A click (move, press, release) on the button drawn for `want`.
    fn click(
        ctx: &egui::Context,
        catalog: &SaveCatalog,
        screen: &mut LoadScreen,
        trash: &Path,
        want: impl Fn(&Action) -> bool,
    ) -> Option<Action> {
        let at = screen
            .targets
            .iter()
            .find(|(a, _)| want(a))
            .map(|(_, r)| r.center())
            .expect("the button is drawn");
        let press = |pressed| egui::Event::PointerButton {
            pos: at,
            button: egui::PointerButton::Primary,
            pressed,
            modifiers: Default::default(),
        };
        let mut got = None;
        for events in [
            vec![egui::Event::PointerMoved(at)],
            vec![press(true)],
            vec![press(false)],
        ] {
            got = got.or(frame(ctx, catalog, screen, trash, events));
        }
        got
    }

    /// Delete asks first; Cancel keeps the files; Move to the trash moves
    /// every file of the game into the trash folder, bytes unchanged, and
    /// the screen lists the other game only. Load hands over the newest
    /// file of a game.
    #[test]
    fn delete_moves_a_game_to_the_trash_after_asking() {
        let dir = crate::store::scratch_dir("app-load-trash");
        let dirs = SaveDirs::under(&dir);
        let trash = dir.join("trash");
        let kept = write(&dir.join("saves"), "kept.json", 1, 5_000);
        let a = write(&dir.join("saves"), "a.json", 2, 1_000);
        let b = write(&dir.join("autosaves"), "autosave-b.json", 2, 2_000);
        let bytes = std::fs::read(&a).unwrap();
        let mut catalog = SaveCatalog::read(&dirs);
        assert_eq!(catalog.games.games.len(), 2);
        let mut job = ReportJob::default();
        let mut screen = LoadScreen::default();
        let ctx = egui::Context::default();
        crate::app::theme::style::apply(&ctx);
        frame(&ctx, &catalog, &mut screen, &trash, Vec::new());
        // Load on the newest game takes its newest file.
        let load = click(
            &ctx,
            &catalog,
            &mut screen,
            &trash,
            |a| matches!(a, Action::Load(p) if *p == kept),
        );
        assert_eq!(load, Some(Action::Load(kept.clone())));
        let (path, save) = act(
            load.unwrap(),
            &mut screen,
            &dirs,
            &mut catalog,
            &[],
            &mut job,
        )
        .unwrap();
        assert_eq!((path, save.options.seed), (kept.clone(), 1));
        // Delete game… on the older one (seed 2, two files).
        let whole = |a: &Action| matches!(a, Action::AskTrash(p, _) if p.len() == 2);
        for (answer, moved) in [(Action::Cancel, false), (Action::Trash, true)] {
            let ask = click(&ctx, &catalog, &mut screen, &trash, whole).expect("asked");
            act(ask, &mut screen, &dirs, &mut catalog, &[], &mut job);
            assert!(screen.confirm.is_some());
            // The files stay until the player confirms.
            assert!(a.exists() && b.exists());
            // The dialog's first frame measures it; it is placed by the next.
            for _ in 0..2 {
                frame(&ctx, &catalog, &mut screen, &trash, Vec::new());
            }
            let got = click(&ctx, &catalog, &mut screen, &trash, |x| *x == answer);
            assert_eq!(got.as_ref(), Some(&answer));
            act(
                got.unwrap(),
                &mut screen,
                &dirs,
                &mut catalog,
                &[],
                &mut job,
            );
            assert!(screen.confirm.is_none());
            assert_eq!(a.exists(), !moved);
            assert_eq!(b.exists(), !moved);
            frame(&ctx, &catalog, &mut screen, &trash, Vec::new());
        }
        assert_eq!(std::fs::read(trash.join("a.json")).unwrap(), bytes);
        assert!(trash.join("autosave-b.json").exists());
        assert!(kept.exists());
        assert_eq!(catalog.games.games.len(), 1);
        assert_eq!(catalog.games.games[0].key.options.seed, 1);
        let (text, problem) = screen.message.clone().unwrap();
        assert!(!problem && text.contains("2 files"), "{text}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// Export report (HTML) on a game writes its after-action report beside
    /// its newest file, and the screen names the file.
    #[test]
    fn a_game_exports_its_report_beside_its_file() {
        let dir = crate::store::scratch_dir("app-load-report");
        let dirs = SaveDirs::under(&dir);
        let trash = dir.join("trash");
        // The fixture as it is (its seed plays its decisions).
        std::fs::create_dir_all(dir.join("saves")).unwrap();
        let game = dir.join("saves").join("game.json");
        std::fs::write(
            &game,
            include_str!("../../../tests/fixtures/seven-days-basic-turn-7-digest-2.json"),
        )
        .unwrap();
        let mut catalog = SaveCatalog::read(&dirs);
        let mut screen = LoadScreen::default();
        let ctx = egui::Context::default();
        crate::app::theme::style::apply(&ctx);
        frame(&ctx, &catalog, &mut screen, &trash, Vec::new());
        let html = crate::app::after_action::Format::Html;
        let got = click(
            &ctx,
            &catalog,
            &mut screen,
            &trash,
            |a| matches!(a, Action::Report(p, f) if *p == game && *f == html),
        );
        assert_eq!(got, Some(Action::Report(game.clone(), html)));
        let campaigns = [std::sync::Arc::new(
            crate::campaign::load_bundled("seven-days").unwrap(),
        )];
        let mut job = ReportJob::default();
        assert!(
            act(
                got.unwrap(),
                &mut screen,
                &dirs,
                &mut catalog,
                &campaigns,
                &mut job
            )
            .is_none()
        );
        assert!(job.writing().is_some(), "written off the frame");
        job.wait();
        screen.message = job.done.take();
        let out = dir.join("saves").join("game-report.html");
        let (text, problem) = screen.message.clone().unwrap();
        assert!(!problem, "{text}");
        assert_eq!(text, format!("Report written: {}", out.display()));
        let page = std::fs::read_to_string(&out).unwrap();
        assert!(page.contains("Turn 7") && page.contains("<svg"));
        // Without its campaign: said so, nothing written.
        let md = crate::app::after_action::Format::Markdown;
        act(
            Action::Report(game.clone(), md),
            &mut screen,
            &dirs,
            &mut catalog,
            &[],
            &mut job,
        );
        assert!(screen.message.clone().unwrap().1);
        assert!(!dir.join("saves").join("game-report.md").exists());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
