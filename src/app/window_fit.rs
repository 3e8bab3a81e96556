//! The window opens at a size that fits the screen: the size asked for (the
//! last one used, else 1600×1000), made smaller where the primary monitor
//! is smaller, and centred on it. 1280×720 is the smallest screen the
//! panels are laid out for.

use bevy::prelude::*;
use bevy::window::{Monitor, MonitorSelection, PrimaryMonitor, PrimaryWindow, WindowPosition};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, fit_to_screen.run_if(not_fitted));
}

/// Set once the window has been held against a monitor.
#[derive(Resource, Debug, Default)]
struct Fitted;

fn not_fitted(f: Option<Res<Fitted>>) -> bool {
    f.is_none()
}

/// The window's logical size on a monitor of `screen` logical pixels: no
/// larger than the screen.
pub fn fitted(window: Vec2, screen: Vec2) -> Vec2 {
    window.min(screen).max(Vec2::ONE)
}

fn fit_to_screen(
    mut commands: Commands,
    monitors: Query<&Monitor, With<PrimaryMonitor>>,
    mut windows: Query<&mut Window, With<PrimaryWindow>>,
) {
    // Monitors appear once the window system has started.
    let (Ok(m), Ok(mut w)) = (monitors.single(), windows.single_mut()) else {
        return;
    };
    commands.insert_resource(Fitted);
    let scale = m.scale_factor.max(0.5) as f32;
    let screen = m.physical_size().as_vec2() / scale;
    let now = Vec2::new(w.resolution.width(), w.resolution.height());
    let size = fitted(now, screen);
    if size != now {
        w.resolution.set(size.x, size.y);
        w.position = WindowPosition::Centered(MonitorSelection::Primary);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 1600×1000 window on a 1280×720 screen opens at 1280×720, centred;
    /// on a larger screen it keeps its size.
    #[test]
    fn the_window_fits_the_screen() {
        for ((sw, sh), want) in [
            ((1280, 720), (1280.0, 720.0)),
            ((1920, 1080), (1600.0, 1000.0)),
        ] {
            let mut app = App::new();
            app.add_plugins(MinimalPlugins).add_plugins(plugin);
            app.world_mut().spawn((
                Window {
                    resolution: bevy::window::WindowResolution::new(1600, 1000),
                    ..default()
                },
                PrimaryWindow,
            ));
            app.update();
            app.world_mut().spawn((
                Monitor {
                    name: None,
                    physical_height: sh,
                    physical_width: sw,
                    physical_position: IVec2::ZERO,
                    refresh_rate_millihertz: None,
                    scale_factor: 1.0,
                    video_modes: Vec::new(),
                },
                PrimaryMonitor,
            ));
            app.update();
            let mut q = app
                .world_mut()
                .query_filtered::<&Window, With<PrimaryWindow>>();
            let w = q.single(app.world()).unwrap();
            assert_eq!(
                (w.resolution.width(), w.resolution.height()),
                want,
                "{sw}×{sh}"
            );
            assert!(app.world().get_resource::<Fitted>().is_some());
        }
    }
}
