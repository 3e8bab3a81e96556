//! A Union order's route on the map (16.1, 16.4): while the pointer is on
//! an order in the Union turn's report or in the chronicle, the map draws
//! every shortest way along its connections from the group's area to
//! where the order sends it (`rules::view::order_route`), and names the
//! distance under the group's stacks. A move "toward Malvern Hill" that goes
//! north-east on screen shows why: that is the way the connections run.
//!
//! The report and the chronicle only say which line the pointer is on
//! (`theme::hovered`, kept in egui's memory for one pass); the map reads it.

use bevy::prelude::*;
use bevy_egui::EguiContexts;

use super::{Geometry, MapSystems, counters};
use crate::app::Screen;
#[cfg(test)]
use crate::app::theme::hovered;
use crate::app::theme::{self, hovered_line};
use crate::rules::view::{GameView, Route, order_route};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ShownRoute>().add_systems(
        Update,
        (find_route, label_route, draw_route)
            .chain()
            .in_set(MapSystems::Draw)
            .run_if(in_state(Screen::Game)),
    );
}

/// The route on show, and the line it is of.
#[derive(Resource, Debug, Default)]
pub struct ShownRoute {
    line: Option<String>,
    pub route: Option<Route>,
}

fn find_route(
    mut contexts: EguiContexts,
    view: Option<Res<GameView>>,
    mut shown: ResMut<ShownRoute>,
    mut hovered: ResMut<counters::HoveredLine>,
) -> Result {
    let line = hovered_line(contexts.ctx_mut()?);
    if hovered.0 != line {
        hovered.0 = line.clone();
    }
    // Again when the view comes or changes under a line still hovered.
    if line != shown.line || view.as_ref().is_some_and(|v| v.is_changed()) {
        shown.show(line, view.as_deref());
    }
    Ok(())
}

impl ShownRoute {
    /// The route of the line the pointer is on, if it names one.
    fn show(&mut self, line: Option<String>, view: Option<&GameView>) {
        self.route = line
            .as_deref()
            .zip(view)
            .and_then(|(l, v)| order_route(&v.board, l));
        self.line = line;
    }
}

/// The distance's plate under the group's stacks.
#[derive(Component)]
struct RouteLabel;

fn label_route(
    mut commands: Commands,
    shown: Res<ShownRoute>,
    geometry: Option<Res<Geometry>>,
    k: Res<super::camera::CounterScale>,
    old: Query<Entity, With<RouteLabel>>,
) {
    if !shown.is_changed() {
        return;
    }
    for e in &old {
        commands.entity(e).despawn();
    }
    let (Some(r), Some(g)) = (&shown.route, geometry) else {
        return;
    };
    let Some((_, at)) = g.centres.iter().find(|(id, _)| *id == r.from) else {
        return;
    };
    const SIZE: f32 = 13.0;
    let width = r.text.chars().count() as f32 * SIZE * 0.6 + 10.0;
    // Just under the group's stacks, where the way starts (the
    // destination may lie beyond the view), over everything on the map.
    let y = counters::UNDER_STACK - 14.0;
    commands.spawn((
        Sprite::from_color(
            theme::palette::bevy(theme::palette::UNION_DARK),
            Vec2::new(width, SIZE + 8.0),
        ),
        counters::badge(*at, Transform::from_xyz(0.0, y, 40.0), k.0),
        RouteLabel,
    ));
    commands.spawn((
        Text2d::new(r.text.clone()),
        TextFont::from_font_size(SIZE),
        TextColor(theme::palette::bevy(theme::palette::PAPER_RAISED)),
        counters::badge(*at, Transform::from_xyz(0.0, y, 40.1), k.0),
        RouteLabel,
    ));
}

/// Every step of the shortest ways, the areas they pass and the
/// destination ringed.
fn draw_route(
    mut gizmos: Gizmos,
    shown: Res<ShownRoute>,
    geometry: Option<Res<Geometry>>,
    k: Res<super::camera::CounterScale>,
) {
    let (Some(r), Some(g)) = (&shown.route, geometry) else {
        return;
    };
    let centre = |a: &str| g.centres.iter().find(|(id, _)| id == a).map(|(_, c)| *c);
    for (a, b) in &r.steps {
        if let (Some(a), Some(b)) = (centre(a), centre(b)) {
            gizmos
                .arrow_2d(a, b, theme::palette::bevy(theme::palette::UNION_PATH))
                .with_tip_length(16.0 * k.0);
            gizmos.circle_2d(
                a,
                8.0 * k.0,
                theme::palette::bevy(theme::palette::UNION_PATH),
            );
        }
    }
    if let Some(c) = centre(&r.to) {
        gizmos.circle_2d(
            c,
            36.0 * k.0,
            theme::palette::bevy(theme::palette::UNION_PATH),
        );
        gizmos.circle_2d(
            c,
            39.0 * k.0,
            theme::palette::bevy(theme::palette::UNION_PATH),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bevy_egui::egui;

    /// A line hovered in a pass is the hovered line until the pass after
    /// next; then none is.
    #[test]
    fn the_hovered_line_lasts_one_pass() {
        let ctx = egui::Context::default();
        let line = "[16.1.1] The group Hooker in Seven Pines moves to Charles City Road.";
        let run = |hover: bool| {
            let mut out = ctx.run_ui(egui::RawInput::default(), |ui| {
                if hover {
                    hovered(ui.ctx(), line);
                }
            });
            out.textures_delta.clear();
            hovered_line(&ctx)
        };
        assert_eq!(run(true).as_deref(), Some(line));
        assert_eq!(run(false), None);
    }

    /// The hovered order's route is the one shown; another line, or none,
    /// shows none.
    #[test]
    fn a_hovered_order_shows_its_route() {
        let c = std::sync::Arc::new(crate::campaign::load_bundled("seven-days").unwrap());
        let board = crate::rules::board::Board::empty(c, Default::default());
        let view = GameView::build(board, None, None);
        let mut shown = ShownRoute::default();
        let order =
            "[16.1.1] Union Orders for Hooker in Seven Pines: d10 = 1 → Move toward Malvern Hill.";
        shown.show(Some(order.into()), Some(&view));
        let r = shown.route.clone().expect("a route");
        assert_eq!(
            (r.from.as_str(), r.to.as_str()),
            ("seven-pines", "malvern-hill")
        );
        shown.show(Some("[9.1] Turn 1 of 9 begins".into()), Some(&view));
        assert_eq!(shown.route, None);
        shown.show(Some(order.into()), Some(&view));
        shown.show(None, Some(&view));
        assert_eq!(shown.route, None);
    }
}
