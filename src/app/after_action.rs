//! The after-action report from the window (issue 38 item 3): "Export
//! report (HTML)" or "(Markdown)" on the end-of-campaign panel (the game
//! in play, `report::from_world`) and on each game of the Load screen (its
//! newest file, `report::build`). The report is written beside the saves,
//! named after the game's file (`…-report.html`, or `…-report.md` with its
//! maps as SVG files beside it), and a message names the file.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use bevy::prelude::*;

use super::Screen;
use super::saves::{SaveDirs, SaveState};
use crate::campaign::Campaign;
use crate::save::SaveFile;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<ExportReport>()
        .add_systems(Update, export_in_game.run_if(in_state(Screen::Game)));
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

/// The report of a saved game written to `path` (the game is replayed).
pub fn export_save(save: &SaveFile, campaign: Arc<Campaign>, path: &Path) -> Result<(), String> {
    let report = crate::report::build(save, campaign)?;
    crate::report::write(&report, path)
}

/// The end-of-campaign panel's buttons: the game in play, written into
/// the saves folder; the message names the file.
fn export_in_game(world: &mut World) {
    let asked: Vec<ExportReport> = world
        .resource_mut::<Messages<ExportReport>>()
        .drain()
        .collect();
    let Some(ExportReport(format)) = asked.last().copied() else {
        return;
    };
    let message = match in_game(world, format) {
        Ok(path) => (format!("Report written: {}", path.display()), false),
        Err(e) => (format!("No report written: {e}"), true),
    };
    let now = world.resource::<Time<Real>>().elapsed_secs_f64();
    let mut state = world.resource_mut::<SaveState>();
    state.message = Some(message);
    state.message_at = now;
}

fn in_game(world: &mut World, format: Format) -> Result<PathBuf, String> {
    if !world.resource::<super::WritesFiles>().0 {
        return Err("this run writes no files".into());
    }
    let dir = world
        .resource::<SaveDirs>()
        .saves
        .clone()
        .ok_or("no data folder to write into")?;
    let save = SaveFile::from_world(world).ok_or("no campaign is being played")?;
    let path = report_path(&dir, &save.file_name(""), format);
    let report = crate::report::from_world(world)?;
    crate::report::write(&report, &path)?;
    Ok(path)
}

#[cfg(test)]
mod tests {
    use super::*;

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
                .add_systems(Update, export_in_game);
        });
        let turn_2 = |w: &World| {
            w.resource::<crate::rules::components::CampaignTurn>().turn == 2
                && w.resource::<crate::rules::sequence::PendingDecision>()
                    .request
                    .is_some()
        };
        assert!(play(&mut app, 3000, |_| true, turn_2));
        for format in Format::ALL {
            app.world_mut().write_message(ExportReport(format));
            app.update();
            let (text, problem) = app.world().resource::<SaveState>().message.clone().unwrap();
            assert!(!problem, "{text}");
            let path = PathBuf::from(text.strip_prefix("Report written: ").unwrap());
            assert!(path.starts_with(dir.join("saves")), "{text}");
            assert!(
                path.to_string_lossy()
                    .ends_with(&format!("-report.{}", format.extension()))
            );
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
