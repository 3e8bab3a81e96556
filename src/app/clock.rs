//! The window's clock: a frame's time is when it begins (issue 45 item 9).
//!
//! Bevy stamps each frame with the instant the render thread finished the
//! frame before (pipelined rendering sends it over `TimeReceiver`). The
//! window draws only when something happens, so the first frame after a
//! rest carries the time the rest began. egui then sees a press that wakes
//! the window as made when the pointer came to rest, and its release, a
//! frame later, as made seconds after: a press held longer than
//! `max_click_duration` (0.8 s) is no click. That is why a button whose
//! tooltip showed (a tooltip shows only after the pointer rests) ignored
//! its click, and why a click held the question's own guards
//! (`answer::GUARD`, `answer::SEEN`) to a time long past. Taking the clock
//! at the frame's start gives egui, the guards and every playback the
//! time it is.

use bevy::platform::time::Instant;
use bevy::prelude::*;
use bevy::time::{TimeSystems, TimeUpdateStrategy};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(First, now.before(TimeSystems));
}

/// Bevy's time system reads the render thread's instant (so that its
/// channel stays empty) but updates the clocks to now.
fn now(mut strategy: ResMut<TimeUpdateStrategy>) {
    *strategy = TimeUpdateStrategy::ManualInstant(Instant::now());
}

#[cfg(test)]
mod tests {
    use super::*;
    use bevy::state::app::StatesPlugin;
    use bevy::time::{TimeSender, create_time_channels};
    use bevy_egui::egui;
    use std::time::Duration;

    /// A button drawn by egui in each frame, with the frame's time as
    /// bevy_egui gives it (`Time<Real>`), as in the main menu.
    #[derive(Resource, Default)]
    struct Screen {
        ctx: egui::Context,
        /// Input for the next frame.
        events: Vec<egui::Event>,
        clicks: usize,
    }

    fn draw(mut s: ResMut<Screen>, time: Res<Time<Real>>) {
        let raw = egui::RawInput {
            screen_rect: Some(egui::Rect::from_min_size(
                egui::Pos2::ZERO,
                egui::vec2(800.0, 600.0),
            )),
            time: Some(time.elapsed_secs_f64()),
            events: std::mem::take(&mut s.events),
            ..Default::default()
        };
        let ctx = s.ctx.clone();
        let mut clicked = false;
        let mut out = ctx.run_ui(raw, |ui| {
            clicked = ui
                .add(egui::Button::new("Settings").min_size(egui::vec2(260.0, 40.0)))
                .on_hover_text("UI scale, the Chronicle's height, the Union turn's speed.")
                .clicked();
        });
        out.textures_delta.clear();
        s.clicks += usize::from(clicked);
    }

    /// One frame with these events, the render thread having finished
    /// the frame before at `rendered`.
    fn frame(app: &mut App, sender: &TimeSender, rendered: Instant, events: Vec<egui::Event>) {
        sender.0.send(rendered).expect("the app holds the receiver");
        app.world_mut().resource_mut::<Screen>().events = events;
        app.update();
    }

    /// The pointer comes to rest on a button for a minute (the window draws
    /// nothing), then clicks it: the press wakes the window, the release
    /// comes a frame later. The render thread's instants are those of a
    /// window at rest: the press's frame carries the instant the rest
    /// began. The click acts, and every frame's time is when it began.
    /// (egui counts a press held over `max_click_duration` as no click; it
    /// is set to half the rest so that only a clock that counts the rest
    /// into the press fails.)
    #[test]
    fn a_click_after_the_pointer_rests_is_a_click() {
        let rest = Duration::from_secs(60);
        let (sender, receiver) = create_time_channels();
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, StatesPlugin))
            .insert_resource(receiver)
            .init_resource::<Screen>()
            .add_systems(Update, draw)
            .add_plugins(plugin);
        app.world()
            .resource::<Screen>()
            .ctx
            .options_mut(|o| o.input_options.max_click_duration = rest.as_secs_f64() / 2.0);
        let at = egui::pos2(100.0, 20.0);
        let button = |pressed| egui::Event::PointerButton {
            pos: at,
            button: egui::PointerButton::Primary,
            pressed,
            modifiers: egui::Modifiers::NONE,
        };
        let now = Instant::now();
        let began_resting = now.checked_sub(rest).expect("the machine has run a minute");
        let before = began_resting - Duration::from_millis(20);
        frame(&mut app, &sender, before, vec![]);
        frame(
            &mut app,
            &sender,
            before,
            vec![egui::Event::PointerMoved(at)],
        );
        // The rest: nothing drawn. Then the press wakes the window.
        let woken = Instant::now();
        frame(&mut app, &sender, began_resting, vec![button(true)]);
        let last = app.world().resource::<Time<Real>>().last_update();
        assert!(
            last.is_some_and(|t| t >= woken),
            "the press's frame is stamped when it began, not when the rest began"
        );
        frame(&mut app, &sender, Instant::now(), vec![button(false)]);
        assert_eq!(app.world().resource::<Screen>().clicks, 1, "the click acts");
    }
}
