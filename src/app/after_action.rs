//! The after-action report from the window (issue 38 item 3): "Export
//! report (HTML)" or "(Markdown)" on the end-of-campaign panel (the game
//! in play, `report::from_world`) and on each game of the Load screen (its
//! newest file, `report::build`). The report is written beside the saves,
//! named after the game's file (`…-report.html`, or `…-report.md` with its
//! maps as SVG files beside it), and a message names the file.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use bevy::prelude::*;

use bevy::window::RequestRedraw;

use super::Screen;
use super::saves::{SaveDirs, SaveState};
use super::worker::Job;
use crate::campaign::Campaign;
use crate::save::SaveFile;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<ExportReport>()
        .init_resource::<ReportJob>()
        .add_systems(
            Update,
            (export_in_game.run_if(in_state(Screen::Game)), poll),
        );
}

/// Which kind of report.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Html,
    Markdown,
}

impl Format {
    pub fn extension(self) -> &'static str {
        match self {
            Format::Html => "html",
            Format::Markdown => "md",
        }
    }

    /// The button's words.
    pub fn button(self) -> &'static str {
        match self {
            Format::Html => "Export report (HTML)",
            Format::Markdown => "Export report (Markdown)",
        }
    }

    pub const ALL: [Format; 2] = [Format::Html, Format::Markdown];
}

/// Export the report of the game in play.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct ExportReport(pub Format);

/// Where the report of a game whose file is named `file_name` goes in
/// `dir`: "seven-days-turn-7-….json" → "seven-days-turn-7-…-report.html".
pub fn report_path(dir: &Path, file_name: &str, format: Format) -> PathBuf {
    let stem = file_name.strip_suffix(".json").unwrap_or(file_name);
    dir.join(format!("{stem}-report.{}", format.extension()))
}

/// [`report_path`], or the first of "…-report-2", "…-report-3", … that
/// neither names an existing file nor has a turn's map of that name beside
/// it: a report never replaces a file (issue 45 item 1).
pub fn free_report_path(dir: &Path, file_name: &str, format: Format) -> PathBuf {
    let first = report_path(dir, file_name, format);
    let stem = first
        .file_stem()
        .map_or(String::new(), |s| s.to_string_lossy().into_owned());
    let taken = |stem: &str| {
        let maps = format!("{stem}-turn-");
        dir.join(format!("{stem}.{}", format.extension())).exists()
            || std::fs::read_dir(dir).is_ok_and(|entries| {
                entries
                    .flatten()
                    .any(|e| e.file_name().to_string_lossy().starts_with(&maps))
            })
    };
    (1..)
        .map(|n| match n {
            1 => stem.clone(),
            n => format!("{stem}-{n}"),
        })
        .find(|s| !taken(s))
        .map(|s| dir.join(format!("{s}.{}", format.extension())))
        .expect("some number is free")
}

/// A report being written off the window's frame (issue 45 item 8): the
/// game is replayed on a thread of its own, so the window keeps drawing
/// and never waits on itself. One at a time.
#[derive(Resource, Default)]
pub struct ReportJob {
    running: Option<(PathBuf, Job<Result<(), String>>)>,
    /// What the last report said, and whether it is a problem: taken by
    /// the screen that shows it.
    pub done: Option<(String, bool)>,
}

impl ReportJob {
    /// The file being written.
    pub fn writing(&self) -> Option<&Path> {
        self.running.as_ref().map(|(p, _)| p.as_path())
    }

    /// Write the report of `save` beside it in `dir`, under a name no file
    /// has; false (and a message) when one is being written already.
    pub fn start(
        &mut self,
        save: SaveFile,
        campaign: Arc<Campaign>,
        dir: &Path,
        file_name: &str,
        format: Format,
    ) -> bool {
        if self.running.is_some() {
            self.done = Some(("A report is being written: wait for it.".into(), true));
            return false;
        }
        let path = free_report_path(dir, file_name, format);
        let to = path.clone();
        match Job::spawn("fcrel report", move |_| {
            let report = crate::report::build(&save, campaign)?;
            crate::report::write(&report, &to, crate::report::WriteOptions::default()).map(|_| ())
        }) {
            Ok(job) => {
                self.running = Some((path, job));
                true
            }
            Err(e) => {
                self.done = Some((format!("No report written: {e}"), true));
                false
            }
        }
    }
}

/// The report's thread, looked at each frame (and the window kept awake
/// while it works).
fn poll(mut job: ResMut<ReportJob>, mut redraw: MessageWriter<RequestRedraw>) {
    if job.running.is_some() {
        redraw.write(RequestRedraw);
        job.settle();
    }
}

impl ReportJob {
    /// The report's message once its thread is done: true then.
    pub fn settle(&mut self) -> bool {
        if !self.running.as_ref().is_some_and(|(_, j)| j.is_finished()) {
            return false;
        }
        let (path, running) = self.running.take().expect("running");
        self.done = Some(match running.join() {
            Ok(Ok(())) => (format!("Report written: {}", path.display()), false),
            Ok(Err(e)) | Err(e) => (format!("No report written: {e}"), true),
        });
        true
    }

    /// Wait for the report's thread (tests).
    #[cfg(test)]
    pub fn wait(&mut self) {
        for _ in 0..6000 {
            if self.running.is_none() || self.settle() {
                return;
            }
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        panic!("the report's thread did not finish in a minute");
    }
}

/// The end-of-campaign panel's buttons: the game in play, written into
/// the saves folder off the frame; the message names the file.
fn export_in_game(world: &mut World) {
    let asked = world
        .resource_mut::<Messages<ExportReport>>()
        .drain()
        .last();
    if let Some(ExportReport(format)) = asked
        && let Err(e) = start_in_game(world, format)
    {
        world.resource_mut::<ReportJob>().done = Some((format!("No report written: {e}"), true));
    }
    let Some(message) = world.resource_mut::<ReportJob>().done.take() else {
        return;
    };
    let now = world.resource::<Time<Real>>().elapsed_secs_f64();
    let mut state = world.resource_mut::<SaveState>();
    state.message = Some(message);
    state.message_at = now;
}

fn start_in_game(world: &mut World, format: Format) -> Result<(), String> {
    if !world.resource::<super::WritesFiles>().0 {
        return Err("this run writes no files".into());
    }
    let dir = world
        .resource::<SaveDirs>()
        .saves
        .clone()
        .ok_or("no data folder to write into")?;
    let save = SaveFile::from_world(world).ok_or("no campaign is being played")?;
    let campaign = world
        .get_resource::<crate::rules::components::ActiveCampaign>()
        .ok_or("no campaign is being played")?
        .0
        .clone();
    let name = save.file_name("");
    world
        .resource_mut::<ReportJob>()
        .start(save, campaign, &dir, &name, format);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 45 item 8, on a 2-core machine's task pool (one compute
    /// thread): the report of a save is written while the app goes on
    /// updating. Run in a process of its own, since Bevy's pools are made
    /// once a process.
    #[test]
    fn a_report_is_written_while_the_app_runs_on_one_compute_thread() {
        let out = std::process::Command::new(std::env::current_exe().unwrap())
            .args([
                "--exact",
                "app::after_action::tests::one_compute_thread",
                "--ignored",
                "--test-threads=1",
            ])
            .env(ONE_THREAD, "1")
            .output()
            .unwrap();
        let text = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(out.status.success(), "{text}");
        assert!(text.contains("1 passed"), "{text}");
    }

    const ONE_THREAD: &str = "FCREL_TEST_ONE_COMPUTE_THREAD";

    #[test]
    #[ignore = "run in a process of its own by a_report_is_written_while_the_app_runs_on_one_compute_thread"]
    fn one_compute_thread() {
        use bevy::app::{TaskPoolOptions, TaskPoolThreadAssignmentPolicy};
        assert!(std::env::var_os(ONE_THREAD).is_some(), "run by its parent");
        let one = TaskPoolThreadAssignmentPolicy {
            min_threads: 1,
            max_threads: 1,
            percent: 1.0,
            on_thread_spawn: None,
            on_thread_destroy: None,
        };
        let mut app = App::new();
        app.add_plugins(MinimalPlugins.set(bevy::app::TaskPoolPlugin {
            task_pool_options: TaskPoolOptions {
                compute: one,
                ..TaskPoolOptions::default()
            },
        }))
        .init_resource::<ReportJob>()
        .add_message::<RequestRedraw>()
        .add_systems(Update, poll);
        assert_eq!(bevy::tasks::ComputeTaskPool::get().thread_num(), 1);
        let text = include_str!("../../tests/fixtures/seven-days-basic-turn-7-digest-2.json");
        let save: SaveFile = serde_json::from_str(text).unwrap();
        let campaign = Arc::new(crate::campaign::load_bundled("seven-days").unwrap());
        let dir = crate::store::scratch_dir("report-one-thread");
        assert!(app.world_mut().resource_mut::<ReportJob>().start(
            save,
            campaign,
            &dir,
            "game.json",
            Format::Html
        ));
        let mut frames = 0;
        while app.world().resource::<ReportJob>().writing().is_some() {
            app.update();
            frames += 1;
            assert!(frames < 100_000, "the report never came");
            std::thread::sleep(std::time::Duration::from_millis(2));
        }
        let (message, problem) = app.world().resource::<ReportJob>().done.clone().unwrap();
        assert!(!problem, "{message}");
        assert!(frames > 1, "the app updated while the report was written");
        let page = std::fs::read_to_string(dir.join("game-report.html")).unwrap();
        assert!(page.contains("<svg"));
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// A name taken by a file, or by a turn's map of that name, is passed
    /// over: a report never replaces a file (issue 45 item 1).
    #[test]
    fn a_report_takes_the_next_free_name() {
        let dir = crate::store::scratch_dir("free-report");
        let html = free_report_path(&dir, "g.json", Format::Html);
        assert_eq!(html, dir.join("g-report.html"));
        std::fs::write(&html, b"mine").unwrap();
        assert_eq!(
            free_report_path(&dir, "g.json", Format::Html),
            dir.join("g-report-2.html")
        );
        std::fs::write(dir.join("g-report-turn-1.svg"), b"mine").unwrap();
        assert_eq!(
            free_report_path(&dir, "g.json", Format::Markdown),
            dir.join("g-report-2.md")
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_report_is_named_after_its_game_file() {
        let dir = Path::new("/data/saves");
        assert_eq!(
            report_path(dir, "seven-days-turn-7-20261204-0700.json", Format::Html),
            dir.join("seven-days-turn-7-20261204-0700-report.html")
        );
        assert_eq!(
            report_path(dir, "latest-12.json", Format::Markdown),
            dir.join("latest-12-report.md")
        );
    }

    /// The end-of-campaign panel's buttons (the game in play, here in its
    /// second turn): the HTML page and the Markdown with its maps beside
    /// it are written into the saves folder, and the message names them.
    #[test]
    fn the_game_in_play_exports_its_report() {
        use crate::app::union_turn::tests::{game_with, play};
        use crate::rules::difficulty::BattleMode;
        use crate::settings::Playback;
        let dir = crate::store::scratch_dir("app-report");
        let mut app = game_with(BattleMode::Quick, 5, Playback::Step, |app| {
            app.insert_resource(SaveDirs::under(&dir))
                .init_resource::<SaveState>()
                .init_resource::<super::super::WritesFiles>()
                .init_resource::<ReportJob>()
                .add_message::<RequestRedraw>()
                .add_systems(Update, (export_in_game, poll));
        });
        let turn_2 = |w: &World| {
            w.resource::<crate::rules::components::CampaignTurn>().turn == 2
                && w.resource::<crate::rules::sequence::PendingDecision>()
                    .request
                    .is_some()
        };
        assert!(play(&mut app, 3000, |_| true, turn_2));
        // Each format twice: the second report never replaces the first
        // (issue 45 item 1), it takes the next free name.
        let mut written: Vec<(PathBuf, Vec<u8>)> = Vec::new();
        for (format, second) in Format::ALL
            .into_iter()
            .flat_map(|f| [(f, false), (f, true)])
        {
            app.world_mut().write_message(ExportReport(format));
            let frames_before = app.world().resource::<bevy::diagnostic::FrameCount>().0;
            app.update();
            // Written off the frame: the window goes on drawing meanwhile.
            assert!(app.world().resource::<ReportJob>().writing().is_some());
            for _ in 0..6000 {
                if app.world().resource::<ReportJob>().writing().is_none() {
                    break;
                }
                std::thread::sleep(std::time::Duration::from_millis(5));
                app.update();
            }
            app.update();
            assert!(app.world().resource::<bevy::diagnostic::FrameCount>().0 > frames_before + 1);
            let (text, problem) = app.world().resource::<SaveState>().message.clone().unwrap();
            assert!(!problem, "{text}");
            let path = PathBuf::from(text.strip_prefix("Report written: ").unwrap());
            assert!(path.starts_with(dir.join("saves")), "{text}");
            assert!(path.to_string_lossy().contains("-report"), "{text}");
            if second {
                // A new file beside the first, which is left as it was.
                let (first, bytes) = written.last().cloned().expect("the first");
                assert_ne!(path, first, "{text}");
                assert_eq!(std::fs::read(&first).unwrap(), bytes);
            } else {
                written.push((path.clone(), std::fs::read(&path).unwrap()));
            }
            let written = std::fs::read_to_string(&path).unwrap();
            match format {
                Format::Html => assert!(written.contains("<svg") && written.contains("Turn 1")),
                Format::Markdown => {
                    assert!(written.contains("Turn 1"));
                    let svgs = std::fs::read_dir(dir.join("saves"))
                        .unwrap()
                        .filter(|e| {
                            e.as_ref()
                                .is_ok_and(|e| e.path().extension().is_some_and(|x| x == "svg"))
                        })
                        .count();
                    assert!(svgs > 0, "the maps beside the Markdown");
                }
            }
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}
