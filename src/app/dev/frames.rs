//! `fcrel --frame-times`: the frame-time measurement of issue 10 (a frame
//! while the Union turn animates, under 16 ms on a software renderer at
//! 1600×1000). The scripted commander plays the Seven Days with Quick
//! battles; while a Union turn unrolls in its window (Fast playback, as a
//! player watches it) every frame's wall time is kept; after enough frames
//! (or at the campaign's end) the figures are printed and the app quits.
//! Results and the command: `docs/performance.md`.

use bevy::prelude::*;

use crate::app::union_turn::UnionReport;
use crate::app::{Screen, SetupChoice};
use crate::rules::commander::Policy;
use crate::rules::difficulty::BattleMode;
use crate::rules::sequence::{GameState, ScriptedCommander};

/// Frames timed before the figures are printed.
const FRAMES: usize = 600;

#[derive(Resource, Default)]
struct FrameTimes {
    started: bool,
    /// Wall time of each frame drawn while the Union turn unrolled, ms.
    animating: Vec<f64>,
    /// Union turns seen unrolling.
    turns: u32,
    was_unrolling: bool,
    waited: u32,
}

pub(in crate::app) fn plugin(app: &mut App) {
    app.init_resource::<FrameTimes>()
        .add_systems(Update, measure);
}

fn measure(
    mut commands: Commands,
    mut t: ResMut<FrameTimes>,
    time: Res<Time<Real>>,
    report: Res<UnionReport>,
    screen: Res<State<Screen>>,
    game: Res<State<GameState>>,
    mut choice: ResMut<SetupChoice>,
    mut next: ResMut<NextState<Screen>>,
    mut battle: ResMut<crate::app::battle::BattleScreen>,
    records: Option<Res<crate::rules::battle::record::BattleRecords>>,
    commander: Option<Res<ScriptedCommander>>,
    mut exit: MessageWriter<AppExit>,
) {
    t.waited += 1;
    if !t.started {
        // Let the window come up, then start the campaign.
        if t.waited > 30 && *screen.get() == Screen::Menu {
            choice.campaign = 0;
            choice.options.battles = BattleMode::Quick;
            choice.options.seed = 7;
            next.set(Screen::Game);
            t.started = true;
        }
        return;
    }
    // Entering the game clears any commander: it takes over once there.
    if *screen.get() == Screen::Game && commander.is_none() {
        commands.insert_resource(ScriptedCommander(Policy::Objective));
    }
    // Finished battles are put away (as the tour does): the Union turn's
    // window is what is measured.
    if let Some(rec) = records.as_ref() {
        for b in rec.battles.iter().filter(|b| b.ending.is_some()) {
            if !battle.closed.contains(&b.id) {
                battle.closed.push(b.id);
            }
        }
    }
    let unrolling = report.unrolling();
    if unrolling {
        // The first frame of a turn includes laying out its window.
        if t.was_unrolling {
            let ms = time.delta_secs_f64() * 1000.0;
            t.animating.push(ms);
        } else {
            t.turns += 1;
        }
    }
    t.was_unrolling = unrolling;
    if t.waited.is_multiple_of(500) {
        info!(
            "frame-times: {} frames, {} frames timed over {}, unrolling now: {unrolling}, battle shown: {:?}",
            t.waited,
            t.animating.len(),
            crate::app::theme::counted(t.turns, "Union turn", "Union turns"),
            battle.id
        );
    }
    let over = *game.get() == GameState::Over;
    if t.animating.len() >= FRAMES || over || t.waited > 200_000 {
        println!("{}", summary(&t.animating, t.turns));
        exit.write(AppExit::Success);
    }
}

/// "N frames over T Union turns: median, 95th percentile, max (ms)".
fn summary(frames: &[f64], turns: u32) -> String {
    if frames.is_empty() {
        return "no frame was drawn while a Union turn unrolled".into();
    }
    let mut v = frames.to_vec();
    v.sort_by(f64::total_cmp);
    let at = |q: f64| v[((v.len() - 1) as f64 * q).round() as usize];
    format!(
        "{} frames while {} unrolled: median {:.2} ms, 95th percentile {:.2} ms, max {:.2} ms (mean {:.2} ms)",
        v.len(),
        crate::app::theme::counted(turns, "Union turn", "Union turns"),
        at(0.5),
        at(0.95),
        v[v.len() - 1],
        v.iter().sum::<f64>() / v.len() as f64
    )
}

#[cfg(test)]
mod tests {
    use super::summary;

    #[test]
    fn the_summary_reads_the_sorted_frames() {
        let frames: Vec<f64> = (1..=100).rev().map(f64::from).collect();
        let s = summary(&frames, 2);
        assert!(s.starts_with("100 frames while 2 Union turns"), "{s}");
        assert!(s.contains("median 51.00 ms"), "{s}");
        assert!(s.contains("95th percentile 95.00 ms"), "{s}");
        assert!(s.contains("max 100.00 ms"), "{s}");
        assert_eq!(
            summary(&[], 0),
            "no frame was drawn while a Union turn unrolled"
        );
    }
}
