//! Where the map camera looks and what input is the map's. The view is kept
//! as the world point at the viewport's centre and a zoom relative to the
//! scale at which the map fills the viewport, so a layout change (a panel
//! opening, the window resized) keeps both. The map answers the pointer
//! only inside its viewport, where no egui window lies and no Battlefield
//! Sheet covers it.

use bevy::input::mouse::{MouseMotion, MouseScrollUnit, MouseWheel};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::{EguiContexts, egui};

use super::{Geometry, MapCamera, MapSystems};
use crate::app::Screen;
use crate::app::battle::BattleScreen;
use crate::app::view::MapViewport;
use crate::rules::battle::record::BattleRecords;
use crate::rules::components::{ActiveCampaign, LeeCounter, Location};
use crate::rules::decision::Decision;
use crate::rules::sequence::PendingDecision;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<CameraView>()
        .init_resource::<KeptViews>()
        .add_message::<crate::app::saves::LoadFinished>()
        .init_resource::<EguiPointer>()
        .init_resource::<MapPointer>()
        .init_resource::<CounterScale>()
        .add_systems(
            Update,
            (
                read_egui.run_if(egui_present),
                first_view_after_load,
                locate_pointer,
                pan_zoom,
                pan_to_shown,
                apply_view,
            )
                .chain()
                .in_set(MapSystems::Camera)
                .run_if(in_state(Screen::Game)),
        );
}

/// World units a logical pixel shows at most while the view starts: a
/// small window starts zoomed in enough for the counters to read (pan to
/// see the rest), a large one shows the whole map's width or height.
pub const READABLE_SCALE: f32 = 1.6;
/// The camera scale at which pieces are drawn at their own size; zoomed
/// further out they grow with the scale (up to [`READABLE_SCALE`]) so that
/// they keep their size on screen.
pub const NATIVE_SCALE: f32 = 1.05;
/// Logical pixels the view may pan past the map's south edge: the
/// cartouche stands in the south-west corner and must never hide a counter
/// for good.
pub const SOUTH_ROOM: f32 = 96.0;
/// The closest zoom: world units a logical pixel shows at least.
pub const MIN_SCALE: f32 = 0.4;

/// The scale (world units a logical pixel) at which the map covers the
/// whole viewport: one dimension fits, the other is panned.
pub fn fill_scale(map: Vec2, viewport: Vec2) -> f32 {
    (map.x / viewport.x.max(1.0)).min(map.y / viewport.y.max(1.0))
}

/// The scale at which the whole map shows in the viewport.
pub fn fit_scale(map: Vec2, viewport: Vec2) -> f32 {
    (map.x / viewport.x.max(1.0)).max(map.y / viewport.y.max(1.0))
}

/// How much larger than their own size the pieces (counters, names) are
/// drawn at a camera scale.
pub fn counter_scale(scale: f32) -> f32 {
    (scale / NATIVE_SCALE).clamp(1.0, READABLE_SCALE / NATIVE_SCALE)
}

/// The camera's view of the map, independent of the viewport's size.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct View {
    /// The world point at the viewport's centre.
    pub centre: Vec2,
    /// 1 fills the viewport ([`fill_scale`]); 2 shows things twice as big.
    pub zoom: f32,
}

impl View {
    /// The first view of a map: filling the viewport, or closer in a small
    /// one, centred on `focus` (Lee) as far as the map's edges allow.
    pub fn initial(map: Vec2, viewport: Vec2, focus: Vec2) -> Self {
        let zoom = (fill_scale(map, viewport) / READABLE_SCALE).max(1.0);
        View {
            centre: focus,
            zoom,
        }
        .clamped(map, viewport)
    }

    /// The whole map in the viewport, centred (the F key).
    pub fn whole(map: Vec2, viewport: Vec2) -> Self {
        View {
            centre: Vec2::ZERO,
            zoom: 0.0,
        }
        .clamped(map, viewport)
    }

    /// World units a logical pixel shows in this viewport.
    pub fn scale(self, map: Vec2, viewport: Vec2) -> f32 {
        fill_scale(map, viewport) / self.zoom
    }

    /// Zoom between the whole map (with a little water round it) and
    /// [`MIN_SCALE`]; the centre where the map covers the viewport, or the
    /// map's middle in a dimension where it is smaller than the viewport.
    pub fn clamped(self, map: Vec2, viewport: Vec2) -> Self {
        let fill = fill_scale(map, viewport);
        let zoom_min = fill / (fit_scale(map, viewport) * 1.05);
        let zoom_max = (fill / MIN_SCALE).max(zoom_min);
        let zoom = self.zoom.clamp(zoom_min, zoom_max);
        let half = viewport * (fill / zoom) / 2.0;
        // `below`: how far past the map's south edge the view may go.
        let axis = |c: f32, half_view: f32, half_map: f32, below: f32| {
            let room = half_map - half_view;
            let beyond = (below + room.min(0.0)).max(0.0);
            c.clamp(-room.max(0.0) - beyond, room.max(0.0))
        };
        View {
            centre: Vec2::new(
                axis(self.centre.x, half.x, map.x / 2.0, 0.0),
                axis(self.centre.y, half.y, map.y / 2.0, SOUTH_ROOM * fill / zoom),
            ),
            zoom,
        }
    }

    /// The world point at `at` (logical pixels from the viewport's top
    /// left corner, y down).
    pub fn to_world(self, map: Vec2, viewport: Vec2, at: Vec2) -> Vec2 {
        let s = self.scale(map, viewport);
        self.centre + Vec2::new(at.x - viewport.x / 2.0, viewport.y / 2.0 - at.y) * s
    }

    /// Zoom by `factor` keeping the world point under `at` where it is.
    pub fn zoom_at(self, map: Vec2, viewport: Vec2, at: Vec2, factor: f32) -> Self {
        let p = self.to_world(map, viewport, at);
        let zoom = View {
            zoom: self.zoom * factor,
            ..self
        }
        .clamped(map, viewport)
        .zoom;
        let s = fill_scale(map, viewport) / zoom;
        let off = Vec2::new(at.x - viewport.x / 2.0, viewport.y / 2.0 - at.y);
        View {
            centre: p - off * s,
            zoom,
        }
        .clamped(map, viewport)
    }

    /// Drag the map by `delta` logical pixels (y down): it follows the
    /// pointer.
    pub fn pan(self, map: Vec2, viewport: Vec2, delta: Vec2) -> Self {
        let s = self.scale(map, viewport);
        View {
            centre: self.centre + Vec2::new(-delta.x, delta.y) * s,
            ..self
        }
        .clamped(map, viewport)
    }
}

/// The view, once the map has a viewport; none until then and for a new
/// campaign's map.
#[derive(Resource, Debug, Clone, Default)]
pub struct CameraView {
    pub view: Option<View>,
    /// The viewport the view was last applied to (logical pixels).
    pub viewport: Option<Rect>,
}

/// The player's view of each campaign's map (by campaign id), kept when
/// the game screen closes (Menu, then Load or Continue, or a new game of
/// the same campaign), so the map opens again where the player left it
/// rather than re-centred and re-zoomed.
#[derive(Resource, Debug, Clone, Default)]
pub struct KeptViews(pub std::collections::HashMap<String, View>);

/// A loaded game whose map the player has not yet looked at opens centred
/// on Lee where the save left him, not where the replay began.
fn first_view_after_load(
    mut done: MessageReader<crate::app::saves::LoadFinished>,
    kept: Res<KeptViews>,
    active: Option<Res<ActiveCampaign>>,
    mut view: ResMut<CameraView>,
) {
    if done.read().last().is_none() {
        return;
    }
    if active.is_some_and(|a| !kept.0.contains_key(&a.0.id)) {
        view.view = None;
    }
}

/// What the map's pieces are scaled by now ([`counter_scale`]).
#[derive(Resource, Debug, Clone, Copy)]
pub struct CounterScale(pub f32);

impl Default for CounterScale {
    fn default() -> Self {
        CounterScale(1.0)
    }
}

/// What egui holds: the pointer over one of its windows (a float, a
/// tooltip, a menu) or in use (a drag, a scroll bar), the keyboard taken
/// by a text field. The panels themselves lie on egui's background layer,
/// which egui's own `wants_pointer_input` does not see here (its root UI is
/// ours, `theme::root_ui`): the map viewport stands for them.
#[derive(Resource, Debug, Clone, Copy, Default)]
pub struct EguiPointer {
    pub blocks: bool,
    pub keyboard: bool,
}

/// Where the pointer is on the map, when the map has it.
#[derive(Resource, Debug, Clone, Copy, Default)]
pub struct MapPointer {
    /// The pointer is the map's this frame.
    pub on_map: bool,
    /// Logical pixels from the viewport's top left corner.
    pub at: Option<Vec2>,
    /// The world point under it.
    pub world: Option<Vec2>,
    /// Keys pan the map (no text field, no sheet over it).
    pub keys: bool,
}

/// Whether the map takes the pointer at `cursor` (physical pixels): inside
/// the map's viewport (physical pixels), with nothing of egui over it and
/// no sheet covering the map.
pub fn takes_pointer(
    cursor: Option<Vec2>,
    viewport: Option<Rect>,
    egui_blocks: bool,
    covered: bool,
) -> bool {
    match (cursor, viewport) {
        (Some(c), Some(vp)) => vp.contains(c) && !egui_blocks && !covered,
        _ => false,
    }
}

/// Whether the Battlefield Sheet covers the map's viewport: a Basic or
/// Advanced battle on show, unless the question it waits for (a retreat,
/// an arrival) is answered on the map. Mirrors `battle::central`.
pub fn sheet_covers_map(
    screen: &BattleScreen,
    records: Option<&BattleRecords>,
    pending: Option<&PendingDecision>,
) -> bool {
    let Some(b) = records.and_then(|r| screen.current(r)) else {
        return false;
    };
    if !crate::app::battle::on_sheet(b.mode) {
        return false;
    }
    let on_map = pending.and_then(|p| p.request.as_ref()).is_some_and(|r| {
        r.options.iter().any(|d| {
            matches!(
                d,
                Decision::RetreatTo { .. } | Decision::PlaceArrival { .. }
            )
        })
    }) && screen.caught_up(b);
    !on_map
}

fn egui_present(q: Query<(), With<bevy_egui::PrimaryEguiContext>>) -> bool {
    !q.is_empty()
}

fn read_egui(mut contexts: EguiContexts, mut out: ResMut<EguiPointer>) -> Result {
    let ctx = contexts.ctx_mut()?;
    let over_window = ctx
        .input(|i| i.pointer.latest_pos())
        .and_then(|p| ctx.layer_id_at(p))
        .is_some_and(|l| l.order != egui::Order::Background);
    let now = EguiPointer {
        blocks: over_window || ctx.egui_is_using_pointer(),
        keyboard: ctx.egui_wants_keyboard_input(),
    };
    if now.blocks != out.blocks || now.keyboard != out.keyboard {
        *out = now;
    }
    Ok(())
}

/// The map's size in world units.
pub fn map_size(active: &ActiveCampaign) -> Vec2 {
    Vec2::new(active.0.map.width, active.0.map.height)
}

/// The player's UI scale (Settings): the map's pieces and its view grow
/// with it as the panels do, so a point on the map is a point in egui.
fn ui_scale(settings: Option<&crate::app::settings::AppSettings>) -> f32 {
    settings.map_or(1.0, |s| s.loaded.settings.ui_scale.max(0.1))
}

/// The map viewport in logical pixels (points: the window's scale factor
/// times the UI scale, `sf`).
fn logical_viewport(viewport: &MapViewport, sf: f32) -> Option<Rect> {
    let r = viewport.0?;
    let sf = sf.max(0.01);
    Some(Rect::new(
        r.min.x / sf,
        r.min.y / sf,
        r.max.x / sf,
        r.max.y / sf,
    ))
}

#[allow(clippy::too_many_arguments)]
pub(super) fn locate_pointer(
    window: Query<&Window, With<PrimaryWindow>>,
    viewport: Res<MapViewport>,
    egui: Res<EguiPointer>,
    view: Res<CameraView>,
    active: Option<Res<ActiveCampaign>>,
    (battle, records, pending): (
        Res<BattleScreen>,
        Option<Res<BattleRecords>>,
        Option<Res<PendingDecision>>,
    ),
    mut out: ResMut<MapPointer>,
    settings: Option<Res<crate::app::settings::AppSettings>>,
) {
    let covered = sheet_covers_map(&battle, records.as_deref(), pending.as_deref());
    let win = window.single().ok();
    let sf = win.map_or(1.0, Window::scale_factor) * ui_scale(settings.as_deref());
    let cursor = win.and_then(Window::physical_cursor_position);
    let physical = viewport
        .0
        .map(|r| Rect::new(r.min.x, r.min.y, r.max.x, r.max.y));
    let mut now = MapPointer {
        keys: !egui.keyboard && !covered,
        ..default()
    };
    if takes_pointer(cursor, physical, egui.blocks, covered)
        && let (Some(c), Some(vp), Some(active)) = (cursor, logical_viewport(&viewport, sf), active)
    {
        let at = c / sf - vp.min;
        now.on_map = true;
        now.at = Some(at);
        now.world = view
            .view
            .map(|v| v.to_world(map_size(&active), vp.size(), at));
    }
    *out = now;
}

#[allow(clippy::too_many_arguments)]
pub(super) fn pan_zoom(
    mut wheel: MessageReader<MouseWheel>,
    mut motion: MessageReader<MouseMotion>,
    buttons: Res<ButtonInput<MouseButton>>,
    keys: Res<ButtonInput<KeyCode>>,
    pointer: Res<MapPointer>,
    active: Option<Res<ActiveCampaign>>,
    mut cam: ResMut<CameraView>,
    mut dragging: Local<bool>,
) {
    let drag_buttons = [MouseButton::Right, MouseButton::Middle];
    if buttons.any_just_pressed(drag_buttons) {
        // A drag belongs to the map only if it starts there.
        *dragging = pointer.on_map;
    }
    if !buttons.any_pressed(drag_buttons) {
        *dragging = false;
    }
    let (Some(active), Some(vp), Some(mut v)) = (active, cam.viewport, cam.view) else {
        wheel.clear();
        motion.clear();
        return;
    };
    let map = map_size(&active);
    let size = vp.size();
    for w in wheel.read() {
        let Some(at) = pointer.at.filter(|_| pointer.on_map) else {
            continue;
        };
        let notches = match w.unit {
            MouseScrollUnit::Line => w.y,
            MouseScrollUnit::Pixel => w.y / 40.0,
        };
        v = v.zoom_at(map, size, at, 1.1_f32.powf(notches));
    }
    for m in motion.read() {
        if *dragging {
            v = v.pan(map, size, m.delta);
        }
    }
    if pointer.keys {
        let step = 12.0;
        let mut d = Vec2::ZERO;
        for (key, dir) in [
            (KeyCode::ArrowLeft, Vec2::new(1.0, 0.0)),
            (KeyCode::ArrowRight, Vec2::new(-1.0, 0.0)),
            (KeyCode::ArrowUp, Vec2::new(0.0, 1.0)),
            (KeyCode::ArrowDown, Vec2::new(0.0, -1.0)),
        ] {
            if keys.pressed(key) {
                d += dir * step;
            }
        }
        if d != Vec2::ZERO {
            v = v.pan(map, size, d);
        }
        // F: the whole map in the window.
        if keys.just_pressed(KeyCode::KeyF) {
            v = View::whole(map, size);
        }
    }
    if cam.view != Some(v) {
        cam.view = Some(v);
    }
}

/// A "What changed" line clicked (`Selection::shown`): the map moves to
/// the middle of its areas, at the zoom the player chose.
pub(super) fn pan_to_shown(
    mut selection: ResMut<crate::app::view::Selection>,
    geometry: Option<Res<Geometry>>,
    active: Option<Res<ActiveCampaign>>,
    mut cam: ResMut<CameraView>,
) {
    let Some(shown) = selection.shown.as_ref().filter(|s| s.pan) else {
        return;
    };
    let (Some(g), Some(active), Some(vp), Some(v)) = (geometry, active, cam.viewport, cam.view)
    else {
        return;
    };
    let centres: Vec<Vec2> = shown
        .areas
        .iter()
        .filter_map(|a| g.centres.iter().find(|(id, _)| id == a).map(|(_, c)| *c))
        .collect();
    if let Some(sum) = centres.iter().copied().reduce(|a, b| a + b) {
        let centre = sum / centres.len() as f32;
        cam.view = Some(View { centre, ..v }.clamped(map_size(&active), vp.size()));
    }
    if let Some(s) = selection.shown.as_mut() {
        s.pan = false;
    }
}

/// Keep the map camera inside the panels' free rectangle and looking where
/// the view says; the first view of a map is centred on Lee.
#[allow(clippy::too_many_arguments)]
fn apply_view(
    viewport: Res<MapViewport>,
    window: Query<&Window, With<PrimaryWindow>>,
    geometry: Option<Res<Geometry>>,
    active: Option<Res<ActiveCampaign>>,
    lee: Query<&Location, With<LeeCounter>>,
    mut view: ResMut<CameraView>,
    mut pieces: ResMut<CounterScale>,
    mut cam: Query<(&mut Camera, &mut Transform, &mut Projection), With<MapCamera>>,
    settings: Option<Res<crate::app::settings::AppSettings>>,
) {
    let (Some(rect), Ok(win), Some(g), Some(active)) =
        (viewport.0, window.single(), geometry, active)
    else {
        return;
    };
    let ui = ui_scale(settings.as_deref());
    let Some(vp) = logical_viewport(&viewport, win.scale_factor() * ui) else {
        return;
    };
    let map = map_size(&active);
    let v = match view.view {
        Some(v) => v.clamped(map, vp.size()),
        None => {
            let focus = lee
                .iter()
                .find_map(|l| l.area())
                .and_then(|a| g.centres.iter().find(|(id, _)| id == a))
                .map_or(Vec2::ZERO, |(_, c)| *c);
            View::initial(map, vp.size(), focus)
        }
    };
    if view.view != Some(v) || view.viewport != Some(vp) {
        view.view = Some(v);
        view.viewport = Some(vp);
    }
    let k = counter_scale(v.scale(map, vp.size()));
    if (pieces.0 - k).abs() > 1e-4 {
        pieces.0 = k;
    }
    let Ok((mut camera, mut t, mut proj)) = cam.single_mut() else {
        return;
    };
    // MapViewport is in physical pixels already.
    let pos = UVec2::new(rect.min.x.max(0.0) as u32, rect.min.y.max(0.0) as u32);
    let size = UVec2::new(rect.width().max(1.0) as u32, rect.height().max(1.0) as u32);
    if camera
        .viewport
        .as_ref()
        .is_none_or(|c| c.physical_position != pos || c.physical_size != size)
    {
        camera.viewport = Some(bevy::camera::Viewport {
            physical_position: pos,
            physical_size: size,
            ..default()
        });
    }
    // World units a point shows, over the window's own pixels (a point
    // is `ui` of them).
    let s = v.scale(map, vp.size()) / ui;
    if let Projection::Orthographic(o) = &mut *proj
        && (o.scale - s).abs() > 1e-6
    {
        o.scale = s;
    }
    let at = Vec3::new(v.centre.x, v.centre.y, t.translation.z);
    if t.translation != at {
        t.translation = at;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MAP: Vec2 = Vec2::new(1600.0, 1000.0);

    fn close(a: Vec2, b: Vec2) -> bool {
        a.distance(b) < 1e-2
    }

    /// The map covers the whole viewport: one dimension exactly, the other
    /// beyond it (panned), whatever the viewport's shape.
    #[test]
    fn the_map_fills_the_viewport() {
        for vp in [
            Vec2::new(1010.0, 785.0),
            Vec2::new(1600.0, 500.0),
            Vec2::new(700.0, 470.0),
        ] {
            let v = View {
                centre: Vec2::ZERO,
                zoom: 1.0,
            };
            let shown = vp * v.scale(MAP, vp);
            assert!(
                shown.x <= MAP.x + 1e-3 && shown.y <= MAP.y + 1e-3,
                "{vp}: {shown}"
            );
            assert!(
                (shown.x - MAP.x).abs() < 1e-3 || (shown.y - MAP.y).abs() < 1e-3,
                "{vp}: {shown}"
            );
        }
        // The first view of a 1600×1000 window's map fills it.
        let vp = Vec2::new(1010.0, 785.0);
        assert_eq!(View::initial(MAP, vp, Vec2::ZERO).zoom, 1.0);
        // A small one starts closer, its counters readable.
        let small = Vec2::new(700.0, 450.0);
        let v = View::initial(MAP, small, Vec2::ZERO);
        assert!(v.scale(MAP, small) <= READABLE_SCALE + 1e-4);
    }

    /// F shows the whole map, centred, with a little water round it.
    #[test]
    fn the_whole_map_fits_the_viewport() {
        for (map, vp) in [
            (Vec2::new(1800.0, 1200.0), Vec2::new(940.0, 550.0)),
            (Vec2::new(1800.0, 1200.0), Vec2::new(1400.0, 700.0)),
        ] {
            let v = View::whole(map, vp);
            let s = v.scale(map, vp);
            // Every part of the map shows, with a little water round it.
            assert!(vp.x * s >= map.x && vp.y * s >= map.y, "{map} in {vp}");
            assert!(close(v.centre, Vec2::ZERO));
            assert!((s - fit_scale(map, vp) * 1.05).abs() < 1e-3);
        }
    }

    /// A panned view never shows the water beyond the map's edge while the
    /// map is larger than the viewport.
    #[test]
    fn panning_stops_at_the_map_edge() {
        let vp = Vec2::new(1010.0, 785.0);
        let v = View {
            centre: Vec2::ZERO,
            zoom: 1.0,
        }
        .pan(MAP, vp, Vec2::new(-5000.0, 0.0));
        let s = v.scale(MAP, vp);
        assert!((v.centre.x + vp.x * s / 2.0 - MAP.x / 2.0).abs() < 1e-2);
        assert_eq!(v.centre.y, 0.0, "the height fits: no vertical pan");
    }

    /// The view pans past the map's south edge far enough to bring a
    /// counter out from under the cartouche, even where the map's height
    /// just fits; no further, and nowhere else.
    #[test]
    fn the_south_edge_pans_clear_of_the_cartouche() {
        let vp = Vec2::new(1010.0, 785.0);
        for zoom in [1.0, 2.0] {
            let v = View {
                centre: Vec2::ZERO,
                zoom,
            };
            let s = v.scale(MAP, vp);
            let south = v.pan(MAP, vp, Vec2::new(0.0, -5000.0));
            let edge = south.centre.y - vp.y * s / 2.0;
            assert!(
                (edge + MAP.y / 2.0 + SOUTH_ROOM * s).abs() < 1e-2,
                "{zoom}: {edge}"
            );
            let north = v.pan(MAP, vp, Vec2::new(0.0, 5000.0));
            assert!(north.centre.y + vp.y * s / 2.0 <= MAP.y / 2.0 + 1e-2);
        }
    }

    /// A layout change keeps the centre and the zoom relative to the
    /// viewport.
    #[test]
    fn a_layout_change_keeps_the_view() {
        let before = Vec2::new(1010.0, 785.0);
        let v = View {
            centre: Vec2::ZERO,
            zoom: 1.0,
        }
        .zoom_at(MAP, before, Vec2::new(300.0, 200.0), 2.0);
        let after = Vec2::new(900.0, 760.0);
        let kept = v.clamped(MAP, after);
        assert!(close(kept.centre, v.centre), "{kept:?} {v:?}");
        assert_eq!(kept.zoom, v.zoom);
        let ratio = kept.scale(MAP, after) / v.scale(MAP, before);
        let fills = fill_scale(MAP, after) / fill_scale(MAP, before);
        assert!((ratio - fills).abs() < 1e-5);
    }

    /// The wheel zooms toward the cursor: the point under it stays there.
    #[test]
    fn zoom_keeps_the_point_under_the_cursor() {
        let vp = Vec2::new(1010.0, 785.0);
        let v = View {
            centre: Vec2::new(50.0, -20.0),
            zoom: 1.5,
        };
        for at in [Vec2::new(300.0, 200.0), Vec2::new(800.0, 600.0), vp / 2.0] {
            for f in [1.1, 1.0 / 1.1, 1.6] {
                let before = v.to_world(MAP, vp, at);
                let z = v.zoom_at(MAP, vp, at, f);
                assert!(close(z.to_world(MAP, vp, at), before), "{at} {f}");
                assert!((z.zoom - v.zoom * f).abs() < 1e-4);
            }
        }
        // Zoomed out as far as it goes, the whole map shows.
        let out = v.zoom_at(MAP, vp, Vec2::new(10.0, 10.0), 0.01);
        let shown = vp * out.scale(MAP, vp);
        assert!(shown.x >= MAP.x && shown.y >= MAP.y);
        assert_eq!(out.centre.x, 0.0);
        // Centred, or at most as far south as the cartouche's room.
        let s = out.scale(MAP, vp);
        assert!((-SOUTH_ROOM * s..=0.0).contains(&out.centre.y), "{out:?}");
    }

    /// The pointer is the map's only inside its viewport, with nothing of
    /// egui over it and no sheet covering it.
    #[test]
    fn the_map_takes_the_pointer_only_inside_its_viewport() {
        let vp = Some(Rect::new(280.0, 25.0, 1290.0, 810.0));
        let inside = Some(Vec2::new(600.0, 400.0));
        assert!(takes_pointer(inside, vp, false, false));
        for outside in [
            Vec2::new(100.0, 400.0),
            Vec2::new(600.0, 900.0),
            Vec2::new(1400.0, 400.0),
        ] {
            assert!(!takes_pointer(Some(outside), vp, false, false));
        }
        assert!(!takes_pointer(inside, vp, true, false), "an egui window");
        assert!(!takes_pointer(inside, vp, false, true), "the sheet");
        assert!(!takes_pointer(None, vp, false, false));
        assert!(!takes_pointer(inside, None, false, false));
    }

    /// Pieces keep their size on screen as the map zooms out, up to the
    /// readable scale, and are their own size zoomed in.
    #[test]
    fn pieces_keep_their_size_on_screen() {
        assert_eq!(counter_scale(0.5), 1.0);
        assert_eq!(counter_scale(NATIVE_SCALE), 1.0);
        let k = counter_scale(1.3);
        assert!((k / 1.3 - 1.0 / NATIVE_SCALE).abs() < 1e-5);
        assert_eq!(counter_scale(5.0), READABLE_SCALE / NATIVE_SCALE);
    }
}
