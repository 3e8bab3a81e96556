//! The campaign map (4.1), drawn by Bevy: areas as parchment shapes with
//! their names, rivers, roads and railways, the Battle Area's red dashed
//! border, city and fort symbols, objective markers, and the counters as
//! wargame counters in stacks. Pan with the right mouse button or the arrow
//! keys, zoom with the wheel; click an area to see its forces, click a
//! highlighted area to move the selected Force (or Lee) there.

use bevy::asset::RenderAssetUsages;
use bevy::input::mouse::{MouseMotion, MouseWheel};
use bevy::mesh::{Indices, PrimitiveTopology};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::EguiContexts;

use super::Screen;
use super::theme;
use super::view::{MapViewport, Selection};
use crate::campaign::{Campaign, RoadKind, Side};
use crate::rules::components::{
    ActiveCampaign, Force, LeeCounter, Location, MapArea, ObjectiveMarker, Strength,
};
use crate::rules::sequence::GameState;
use crate::rules::sequence::{Decide, PendingDecision};
use crate::rules::view::GameView;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_camera)
        .add_systems(
            Update,
            (
                build_map,
                fit_viewport,
                rebuild_counters,
                battle_location_marker,
                pan_zoom,
                pick,
                draw_lines,
            )
                .chain()
                .run_if(in_state(Screen::Game)),
        )
        .add_systems(OnExit(Screen::Game), clear_map);
}

/// Shapes of the areas in world coordinates.
#[derive(Resource, Debug, Clone)]
pub struct Geometry {
    pub campaign: String,
    pub cells: Vec<(String, Vec<Vec2>)>,
    pub centres: Vec<(String, Vec2)>,
    pub battle_area: Vec<bool>,
}

#[derive(Component)]
struct MapPiece;

#[derive(Component)]
struct CounterPiece;

/// 4.16 The Battle Location marker.
#[derive(Component)]
struct BattleLocationPiece;

/// 4.16: while a battle asks the player something, its Battle Location Area
/// carries the marker, grey in the Confederate half of the turn and blue in
/// the Union half.
fn battle_location_marker(
    mut commands: Commands,
    geometry: Option<Res<Geometry>>,
    pending: Res<PendingDecision>,
    turn: Option<Res<crate::rules::components::CampaignTurn>>,
    old: Query<Entity, With<BattleLocationPiece>>,
    mut shown: Local<Option<(crate::rules::components::Id, bool)>>,
) {
    let Some(g) = geometry else {
        *shown = None;
        return;
    };
    let area = pending
        .request
        .as_ref()
        .and_then(|r| r.battle_location.clone());
    let confederate_half = turn.is_none_or(|t| t.phase == crate::campaign::Phase::Confederate);
    let want = area.map(|a| (a, confederate_half));
    if *shown == want && (want.is_none() || !old.is_empty()) {
        return;
    }
    for e in &old {
        commands.entity(e).despawn();
    }
    *shown = want.clone();
    let Some((area, grey)) = want else { return };
    let Some((_, centre)) = g.centres.iter().find(|(id, _)| *id == area) else {
        return;
    };
    let at = Vec3::new(centre.x - 70.0, centre.y - 26.0, 8.0);
    let fill = if grey {
        theme::CONFEDERATE_DARK
    } else {
        theme::UNION_DARK
    };
    commands.spawn((
        Sprite::from_color(theme::HIGHLIGHT, Vec2::new(52.0, 26.0)),
        Transform::from_translation(at - Vec3::Z * 0.05),
        BattleLocationPiece,
    ));
    commands.spawn((
        Sprite::from_color(fill, Vec2::new(48.0, 22.0)),
        Transform::from_translation(at),
        BattleLocationPiece,
    ));
    commands.spawn((
        Text2d::new("BATTLE"),
        TextFont::from_font_size(10.0),
        TextColor(Color::WHITE),
        Transform::from_translation(at + Vec3::Z * 0.05),
        BattleLocationPiece,
    ));
}

#[derive(Component)]
pub struct MapCamera;

/// The map camera draws into the rectangle the panels leave free; a second
/// camera, drawing nothing but egui, covers the whole window on top of it.
/// Both draw into the one picture the two cameras share (same window, same
/// format): the map camera clears it and never copies it out, the panels'
/// camera paints over it without clearing and copies it to the window once.
/// One clear and one full-window copy a frame instead of two of each, and no
/// blending of a second picture: on a software renderer every full-window
/// pass costs several milliseconds (`fcrel --frame-times`,
/// docs/performance.md).
fn spawn_camera(mut commands: Commands) {
    // No multisampling: a software renderer shades every sample, and egui
    // smooths its own edges.
    commands.spawn((
        Camera2d,
        MapCamera,
        bevy::render::view::Msaa::Off,
        Camera {
            output_mode: bevy::camera::CameraOutputMode::Skip,
            ..default()
        },
    ));
    commands.spawn((
        bevy_egui::PrimaryEguiContext,
        Camera2d,
        bevy::render::view::Msaa::Off,
        bevy::camera::visibility::RenderLayers::none(),
        Camera {
            order: 1,
            output_mode: bevy::camera::CameraOutputMode::Write {
                blend_state: None,
                clear_color: ClearColorConfig::None,
            },
            clear_color: ClearColorConfig::None,
            ..default()
        },
    ));
}

/// The water round the map. The picture is cleared to the panels' colour
/// (the panels are not filled, `theme::unfilled_panel`), so the map camera
/// paints the water itself: four bands round the map rectangle, far wider
/// than any view, and under the map only where drawn outlines may leave
/// gaps (the Voronoi cells tile it). Every pixel a software renderer shades
/// costs, so nothing is painted twice, and the bands are opaque meshes (a
/// sprite is blended with what is under it).
fn water(
    commands: &mut Commands,
    meshes: &mut Assets<Mesh>,
    materials: &mut Assets<ColorMaterial>,
    c: &Campaign,
    half: Vec2,
) {
    const FAR: f32 = 1.0e6;
    let bands = [
        // Left and right, full height; above and below, the map's width.
        (
            Vec2::new(-half.x - FAR / 2.0, 0.0),
            Vec2::new(FAR, 2.0 * FAR),
        ),
        (
            Vec2::new(half.x + FAR / 2.0, 0.0),
            Vec2::new(FAR, 2.0 * FAR),
        ),
        (
            Vec2::new(0.0, half.y + FAR / 2.0),
            Vec2::new(2.0 * half.x, FAR),
        ),
        (
            Vec2::new(0.0, -half.y - FAR / 2.0),
            Vec2::new(2.0 * half.x, FAR),
        ),
    ];
    let outlined = c.map.areas.iter().any(|a| a.outline.len() >= 3);
    let under = outlined.then_some((Vec2::ZERO, 2.0 * half));
    let material = materials.add(ColorMaterial::from_color(theme::WATER));
    for (centre, size) in bands.into_iter().chain(under) {
        commands.spawn((
            Mesh2d(meshes.add(Rectangle::from_size(size))),
            MeshMaterial2d(material.clone()),
            Transform::from_xyz(centre.x, centre.y, -10.0),
            MapPiece,
        ));
    }
}

/// Campaign map coordinates (y down) to world (y up, centred).
pub fn world(c: &Campaign, p: [f32; 2]) -> Vec2 {
    Vec2::new(p[0] - c.map.width / 2.0, c.map.height / 2.0 - p[1])
}

/// A Voronoi cell: the map rectangle cut by the bisector with every other
/// area (convex), so each area is the land nearest its position.
fn cell(sites: &[Vec2], i: usize, half: Vec2) -> Vec<Vec2> {
    let mut poly = vec![
        Vec2::new(-half.x, -half.y),
        Vec2::new(half.x, -half.y),
        Vec2::new(half.x, half.y),
        Vec2::new(-half.x, half.y),
    ];
    let si = sites[i];
    for (j, &sj) in sites.iter().enumerate() {
        if i == j {
            continue;
        }
        let n = sj - si;
        let m = (si + sj) / 2.0;
        let inside = |p: Vec2| (p - m).dot(n) <= 0.0;
        let mut out = Vec::new();
        for k in 0..poly.len() {
            let a = poly[k];
            let b = poly[(k + 1) % poly.len()];
            let (ia, ib) = (inside(a), inside(b));
            if ia {
                out.push(a);
            }
            if ia != ib {
                let t = (m - a).dot(n) / (b - a).dot(n);
                out.push(a + (b - a) * t);
            }
        }
        poly = out;
        if poly.is_empty() {
            break;
        }
    }
    poly
}

fn build_map(
    mut commands: Commands,
    active: Option<Res<ActiveCampaign>>,
    geometry: Option<Res<Geometry>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    objectives: Query<&MapArea, With<ObjectiveMarker>>,
    (game, old): (Res<State<GameState>>, Query<Entity, With<MapPiece>>),
) {
    // The previous campaign's resources stay until the new one is set up:
    // build only then, and never over another campaign's map.
    if *game.get() == GameState::NoCampaign {
        return;
    }
    let Some(active) = active else { return };
    let c = &active.0;
    if geometry.is_some_and(|g| g.campaign == c.id) {
        return;
    }
    for e in &old {
        commands.entity(e).despawn();
    }
    let sites: Vec<Vec2> = c.map.areas.iter().map(|a| world(c, a.position)).collect();
    let half = Vec2::new(c.map.width / 2.0, c.map.height / 2.0);
    water(&mut commands, &mut meshes, &mut materials, c, half);
    let mut cells = Vec::new();
    for (i, a) in c.map.areas.iter().enumerate() {
        let poly = if a.outline.len() >= 3 {
            a.outline.iter().map(|p| world(c, *p)).collect()
        } else {
            cell(&sites, i, half)
        };
        // Parchment, a little lighter or darker from area to area.
        let v = ((i * 37) % 7) as f32 * 0.012;
        let [r, g, b] = theme::PARCHMENT;
        let color = if a.battle_area {
            Color::srgb(r + 0.02 - v, g - 0.03 - v, b - 0.05 - v)
        } else {
            Color::srgb(r - v, g - v, b - v)
        };
        let mut positions: Vec<[f32; 3]> = poly.iter().map(|p| [p.x, p.y, 0.0]).collect();
        positions.push([sites[i].x, sites[i].y, 0.0]);
        let centre = (positions.len() - 1) as u32;
        let mut indices = Vec::new();
        for k in 0..poly.len() as u32 {
            indices.extend([centre, k, (k + 1) % poly.len() as u32]);
        }
        let mesh = Mesh::new(
            PrimitiveTopology::TriangleList,
            RenderAssetUsages::default(),
        )
        .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, positions)
        .with_inserted_indices(Indices::U32(indices));
        commands.spawn((
            Mesh2d(meshes.add(mesh)),
            MeshMaterial2d(materials.add(ColorMaterial::from_color(color))),
            Transform::from_xyz(0.0, 0.0, 0.0),
            MapPiece,
        ));
        // The name, and the city, fort and objective symbols.
        let name = a.name.clone();
        if a.city.is_some() || a.fort {
            // A city: a dark square; a fort: a diamond.
            let rot = if a.fort { 0.785 } else { 0.0 };
            commands.spawn((
                Sprite::from_color(theme::INK, Vec2::splat(10.0)),
                Transform::from_xyz(sites[i].x + 60.0, sites[i].y + 44.0, 2.5)
                    .with_rotation(Quat::from_rotation_z(rot)),
                MapPiece,
            ));
        }
        commands.spawn((
            Text2d::new(name),
            TextFont::from_font_size(15.0),
            TextColor(theme::INK),
            Transform::from_xyz(sites[i].x, sites[i].y + 44.0, 2.0),
            MapPiece,
        ));
        if objectives.iter().any(|o| o.id == a.id) {
            // Clear of the centred name (about 8 units a letter at 15 pt).
            let obj_dx = a.name.chars().count() as f32 * 4.8 + 22.0;
            commands.spawn((
                Sprite::from_color(Color::srgb(0.55, 0.55, 0.55), Vec2::new(30.0, 18.0)),
                Transform::from_xyz(sites[i].x - obj_dx, sites[i].y + 44.0, 2.5),
                MapPiece,
            ));
            commands.spawn((
                Text2d::new("OBJ"),
                TextFont::from_font_size(10.0),
                TextColor(Color::WHITE),
                Transform::from_xyz(sites[i].x - obj_dx, sites[i].y + 44.0, 2.6),
                MapPiece,
            ));
        }
        cells.push((a.id.clone(), poly));
    }
    commands.insert_resource(Geometry {
        campaign: c.id.clone(),
        centres: c
            .map
            .areas
            .iter()
            .zip(&sites)
            .map(|(a, s)| (a.id.clone(), *s))
            .collect(),
        battle_area: c.map.areas.iter().map(|a| a.battle_area).collect(),
        cells,
    });
}

/// Keep the map camera inside the panels' free rectangle; fit the whole
/// map in it when the map is first drawn or the window changes size.
fn fit_viewport(
    viewport: Res<MapViewport>,
    window: Query<&Window, With<PrimaryWindow>>,
    geometry: Option<Res<Geometry>>,
    active: Option<Res<ActiveCampaign>>,
    mut cam: Query<(&mut Camera, &mut Transform, &mut Projection), With<MapCamera>>,
    mut fitted: Local<Option<(u32, u32, String)>>,
) {
    let (Some(rect), Ok(win), Some(g), Some(active)) =
        (viewport.0, window.single(), geometry, active)
    else {
        return;
    };
    let Ok((mut camera, mut t, mut proj)) = cam.single_mut() else {
        return;
    };
    let sf = win.scale_factor();
    let pos = UVec2::new(
        (rect.min.x * sf).max(0.0) as u32,
        (rect.min.y * sf).max(0.0) as u32,
    );
    let size = UVec2::new(
        (rect.width() * sf).max(1.0) as u32,
        (rect.height() * sf).max(1.0) as u32,
    );
    let vp = bevy::camera::Viewport {
        physical_position: pos,
        physical_size: size,
        ..default()
    };
    if camera
        .viewport
        .as_ref()
        .is_none_or(|v| v.physical_position != pos || v.physical_size != size)
    {
        camera.viewport = Some(vp);
    }
    let key = (size.x, size.y, g.campaign.clone());
    if fitted.as_ref() != Some(&key) {
        let c = &active.0;
        if let Projection::Orthographic(o) = &mut *proj {
            o.scale = (c.map.width / size.x as f32).max(c.map.height / size.y as f32)
                * win.scale_factor()
                * 1.02;
        }
        t.translation = Vec3::new(0.0, 0.0, t.translation.z);
        *fitted = Some(key);
    }
}

fn clear_map(
    mut commands: Commands,
    pieces: Query<
        Entity,
        Or<(
            With<MapPiece>,
            With<CounterPiece>,
            With<BattleLocationPiece>,
        )>,
    >,
    mut cam: Query<&mut Camera, With<MapCamera>>,
    mut viewport: ResMut<MapViewport>,
) {
    for e in &pieces {
        commands.entity(e).despawn();
    }
    viewport.0 = None;
    if let Ok(mut c) = cam.single_mut() {
        c.viewport = None;
    }
    commands.remove_resource::<Geometry>();
}

/// Redraw the stacks when any counter or Lee moves or flips.
#[allow(clippy::too_many_arguments)]
fn rebuild_counters(
    mut commands: Commands,
    geometry: Option<Res<Geometry>>,
    changed: Query<(), Or<(Changed<Location>, Changed<Strength>)>>,
    forces: Query<(&Force, &Location, &Strength)>,
    lee: Query<(&LeeCounter, &Location)>,
    old: Query<Entity, With<CounterPiece>>,
    selection: Res<Selection>,
    mut last_selection: Local<Option<String>>,
) {
    let Some(g) = geometry else { return };
    let selection_changed = *last_selection != selection.force;
    if changed.is_empty() && !old.is_empty() && !g.is_changed() && !selection_changed {
        return;
    }
    *last_selection = selection.force.clone();
    for e in &old {
        commands.entity(e).despawn();
    }
    for (area, centre) in &g.centres {
        let mut here: Vec<(&Force, Strength)> = forces
            .iter()
            .filter(|(_, l, _)| l.area() == Some(area.as_str()))
            .map(|(f, _, s)| (f, *s))
            .collect();
        here.sort_by_key(|(f, _)| {
            (
                f.side,
                !f.force_type.is_mobile(),
                f.kind.is_some(),
                f.id.clone(),
            )
        });
        let lee_here = lee
            .iter()
            .find(|(_, l)| l.area() == Some(area.as_str()))
            .map(|(l, _)| l.command_rating);
        // Like counters on the board: one stack per side, the strongest
        // mobile Force (or the selected one) on top; the left panel lists a
        // hovered area's whole stack.
        for side in [Side::Confederate, Side::Union] {
            let mut stack: Vec<(&Force, Strength)> = here
                .iter()
                .filter(|(f, _)| f.side == side)
                .copied()
                .collect();
            stack.sort_by_key(|(f, s)| {
                let chosen = selection.force.as_deref() == Some(f.id.as_str());
                (chosen, f.force_type.is_mobile(), f.values(*s).combat)
            });
            let with_lee = side == Side::Confederate && lee_here.is_some();
            let total = stack.len() + usize::from(with_lee);
            if total == 0 {
                continue;
            }
            let dx = if side == Side::Confederate {
                -24.0
            } else {
                24.0
            };
            let base = Vec3::new(centre.x + dx, centre.y + 2.0, 5.0);
            let step = |i: usize| base + Vec3::new(3.0 * i as f32, 3.0 * i as f32, 0.2 * i as f32);
            let mut i = 0;
            if with_lee {
                let lee_selected = selection.force.as_deref() == Some("lee");
                // Lee sits under his army unless he is the one being moved.
                let at = if lee_selected {
                    step(total - 1)
                } else {
                    step(0)
                };
                let cr = lee_here.unwrap_or_default().to_string();
                counter(
                    &mut commands,
                    at,
                    theme::CONFEDERATE_DARK,
                    "R.E. Lee",
                    &cr,
                    "Command",
                    "",
                    false,
                    lee_selected,
                );
                if !lee_selected {
                    i += 1;
                }
            }
            for (f, s) in &stack {
                let v = f.values(*s);
                let fill = match f.side {
                    Side::Confederate => theme::CONFEDERATE,
                    Side::Union => theme::UNION,
                };
                let top = if f.is_named() {
                    f.name.chars().take(9).collect::<String>()
                } else {
                    f.kind
                        .map_or("", |k| k.name())
                        .chars()
                        .take(8)
                        .collect::<String>()
                };
                let cv = match v.superior {
                    Some(sup) => format!("{}/{}", v.combat, sup),
                    None => v.combat.to_string(),
                };
                let bottom = format!(
                    "{} {}{}",
                    theme::symbol(f.force_type),
                    f.skill.letter(),
                    v.activation.map_or(String::new(), |a| format!(" {a}"))
                );
                let corps = f.corps.clone().unwrap_or_default();
                counter(
                    &mut commands,
                    step(i),
                    fill,
                    &top,
                    &cv,
                    &bottom,
                    &corps,
                    *s == Strength::Reduced,
                    selection.force.as_deref() == Some(f.id.as_str()),
                );
                i += 1;
            }
            if total > 1 {
                let at = step(total - 1) + Vec3::new(18.0, 18.0, 0.5);
                commands.spawn((
                    Sprite::from_color(theme::INK, Vec2::new(20.0, 14.0)),
                    Transform::from_translation(at),
                    CounterPiece,
                ));
                commands.spawn((
                    Text2d::new(format!("x{total}")),
                    TextFont::from_font_size(10.0),
                    TextColor(Color::WHITE),
                    Transform::from_translation(at + Vec3::Z * 0.05),
                    CounterPiece,
                ));
            }
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn counter(
    commands: &mut Commands,
    pos: Vec3,
    fill: Color,
    top: &str,
    big: &str,
    bottom: &str,
    corps: &str,
    reduced: bool,
    selected: bool,
) {
    let size = 38.0;
    if selected {
        commands.spawn((
            Sprite::from_color(theme::HIGHLIGHT, Vec2::splat(size + 8.0)),
            Transform::from_translation(pos - Vec3::Z * 0.05),
            CounterPiece,
        ));
    }
    commands.spawn((
        Sprite::from_color(Color::srgb(0.1, 0.1, 0.1), Vec2::splat(size + 2.0)),
        Transform::from_translation(pos - Vec3::Z * 0.02),
        CounterPiece,
    ));
    commands.spawn((
        Sprite::from_color(fill, Vec2::splat(size)),
        Transform::from_translation(pos),
        CounterPiece,
    ));
    let text = Color::WHITE;
    let at = |dx: f32, dy: f32| Transform::from_translation(pos + Vec3::new(dx, dy, 0.02));
    commands.spawn((
        Text2d::new(top),
        TextFont::from_font_size(8.5),
        TextColor(text),
        at(0.0, 12.5),
        CounterPiece,
    ));
    commands.spawn((
        Text2d::new(big),
        TextFont::from_font_size(16.0),
        TextColor(text),
        at(0.0, 0.5),
        CounterPiece,
    ));
    commands.spawn((
        Text2d::new(bottom),
        TextFont::from_font_size(8.5),
        TextColor(text),
        at(0.0, -12.5),
        CounterPiece,
    ));
    if !corps.is_empty() {
        commands.spawn((
            Text2d::new(corps),
            TextFont::from_font_size(7.0),
            TextColor(text),
            at(14.0, 1.0),
            CounterPiece,
        ));
    }
    if reduced {
        commands.spawn((
            Sprite::from_color(Color::srgb(0.85, 0.1, 0.1), Vec2::new(size * 1.35, 2.5)),
            Transform::from_translation(pos + Vec3::Z * 0.05)
                .with_rotation(Quat::from_rotation_z(0.785)),
            CounterPiece,
        ));
    }
}

fn pan_zoom(
    mut contexts: EguiContexts,
    mut wheel: MessageReader<MouseWheel>,
    mut motion: MessageReader<MouseMotion>,
    buttons: Res<ButtonInput<MouseButton>>,
    keys: Res<ButtonInput<KeyCode>>,
    mut cam: Query<(&mut Transform, &mut Projection), With<MapCamera>>,
) -> Result {
    let over_ui = contexts.ctx_mut()?.egui_wants_pointer_input();
    let Ok((mut t, mut proj)) = cam.single_mut() else {
        return Ok(());
    };
    let Projection::Orthographic(o) = &mut *proj else {
        return Ok(());
    };
    if !over_ui {
        for w in wheel.read() {
            let f = if w.y > 0.0 { 0.9 } else { 1.1 };
            o.scale = (o.scale * f).clamp(0.3, 3.0);
        }
    } else {
        wheel.clear();
    }
    let scale = o.scale;
    if (buttons.pressed(MouseButton::Right) || buttons.pressed(MouseButton::Middle)) && !over_ui {
        for m in motion.read() {
            t.translation.x -= m.delta.x * scale;
            t.translation.y += m.delta.y * scale;
        }
    } else {
        motion.clear();
    }
    let step = 12.0 * scale;
    if keys.pressed(KeyCode::ArrowLeft) {
        t.translation.x -= step;
    }
    if keys.pressed(KeyCode::ArrowRight) {
        t.translation.x += step;
    }
    if keys.pressed(KeyCode::ArrowUp) {
        t.translation.y += step;
    }
    if keys.pressed(KeyCode::ArrowDown) {
        t.translation.y -= step;
    }
    Ok(())
}

fn inside(poly: &[Vec2], p: Vec2) -> bool {
    let n = poly.len();
    if n < 3 {
        return false;
    }
    let mut c = false;
    let mut j = n - 1;
    for i in 0..n {
        let (a, b) = (poly[i], poly[j]);
        if (a.y > p.y) != (b.y > p.y) && p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x {
            c = !c;
        }
        j = i;
    }
    c
}

fn pick(
    mut contexts: EguiContexts,
    window: Query<&Window, With<PrimaryWindow>>,
    cam: Query<(&Camera, &GlobalTransform), With<MapCamera>>,
    geometry: Option<Res<Geometry>>,
    buttons: Res<ButtonInput<MouseButton>>,
    mut selection: ResMut<Selection>,
    view: Option<Res<GameView>>,
    mut decide: MessageWriter<Decide>,
    (battle, records): (
        Res<super::battle::BattleScreen>,
        Option<Res<crate::rules::battle::record::BattleRecords>>,
    ),
) -> Result {
    let Some(g) = geometry else { return Ok(()) };
    if contexts.ctx_mut()?.egui_wants_pointer_input() {
        return Ok(());
    }
    // While a battle plays back or waits to be closed, the map answers
    // nothing (its retreat choices come once it has caught up).
    if super::battle::blocks_decisions(&battle, records.as_deref()) {
        return Ok(());
    }
    let (Ok(win), Ok((camera, ct))) = (window.single(), cam.single()) else {
        return Ok(());
    };
    let Some(cursor) = win.cursor_position() else {
        return Ok(());
    };
    let Ok(p) = camera.viewport_to_world_2d(ct, cursor) else {
        return Ok(());
    };
    let hovered = g
        .cells
        .iter()
        .find(|(_, poly)| inside(poly, p))
        .map(|(id, _)| id.clone());
    if selection.hovered != hovered {
        selection.hovered = hovered.clone();
    }
    if buttons.just_pressed(MouseButton::Left)
        && let Some(area) = hovered
    {
        let choice = view
            .as_deref()
            .and_then(|v| v.request.as_ref())
            .and_then(|r| {
                r.destinations(selection.force.as_deref())
                    .into_iter()
                    .find(|c| c.to.as_deref() == Some(area.as_str()))
                    .cloned()
            });
        if let Some(c) = choice {
            if c.cost > 0 || c.starts_battle || c.loses_campaign.is_some() {
                // 15.1: a Forced March costs CP; the decision panel shows
                // the cost and asks before it is spent. A move into the
                // enemy waits too, with the odds advisor's estimate; one that
                // leaves Lee without his army (3.2) waits in red.
                selection.confirm = Some(area);
            } else {
                decide.write(Decide(c.decision));
                selection.force = None;
            }
        } else {
            selection.area = Some(area);
            selection.confirm = None;
        }
    }
    Ok(())
}

fn draw_lines(
    mut gizmos: Gizmos,
    active: Option<Res<ActiveCampaign>>,
    geometry: Option<Res<Geometry>>,
    selection: Res<Selection>,
    view: Option<Res<GameView>>,
) {
    let (Some(active), Some(g)) = (active, geometry) else {
        return;
    };
    let c = &active.0;
    let ink = theme::INK.with_alpha(0.35);
    // Area borders; the Battle Area's outer border in red dashes (2.3).
    for (i, (_, poly)) in g.cells.iter().enumerate() {
        for k in 0..poly.len() {
            let (a, b) = (poly[k], poly[(k + 1) % poly.len()]);
            gizmos.line_2d(a, b, ink);
            if g.battle_area[i] {
                let mid = (a + b) / 2.0;
                let neighbour = g
                    .centres
                    .iter()
                    .enumerate()
                    .filter(|(j, _)| *j != i)
                    .min_by(|(_, (_, x)), (_, (_, y))| x.distance(mid).total_cmp(&y.distance(mid)))
                    .map(|(j, _)| j);
                let outer = neighbour.is_none_or(|j| !g.battle_area[j])
                    || (a.x.abs() >= c.map.width / 2.0 - 0.5
                        && b.x.abs() >= c.map.width / 2.0 - 0.5);
                if outer {
                    let len = a.distance(b);
                    let n = (len / 10.0).max(1.0) as usize;
                    for s in (0..n).step_by(2) {
                        let t0 = s as f32 / n as f32;
                        let t1 = ((s + 1) as f32 / n as f32).min(1.0);
                        gizmos.line_2d(a.lerp(b, t0), a.lerp(b, t1), theme::BATTLE_AREA);
                    }
                }
            }
        }
    }
    for r in &c.map.rivers {
        let pts: Vec<Vec2> = r.path.iter().map(|p| world(c, *p)).collect();
        gizmos.linestrip_2d(pts.clone(), theme::RIVER);
        let shifted: Vec<Vec2> = pts.iter().map(|p| *p + Vec2::new(0.0, 1.5)).collect();
        gizmos.linestrip_2d(shifted, theme::RIVER);
    }
    for r in &c.map.roads {
        let pts: Vec<Vec2> = r.path.iter().map(|p| world(c, *p)).collect();
        for w in pts.windows(2) {
            match r.kind {
                RoadKind::Road => gizmos.line_2d(w[0], w[1], theme::ROAD.with_alpha(0.6)),
                RoadKind::Rail => {
                    gizmos.line_2d(w[0], w[1], theme::INK);
                    let d = (w[1] - w[0]).normalize_or_zero();
                    let n = Vec2::new(-d.y, d.x) * 3.0;
                    let len = w[0].distance(w[1]);
                    let mut s = 0.0;
                    while s < len {
                        let p = w[0] + d * s;
                        gizmos.line_2d(p - n, p + n, theme::INK);
                        s += 12.0;
                    }
                }
            }
        }
    }
    // Hover and selection; legal destinations in gold.
    let outline = |gizmos: &mut Gizmos, id: &str, color: Color| {
        if let Some((_, poly)) = g.cells.iter().find(|(a, _)| a == id) {
            let mut pts = poly.clone();
            pts.push(poly[0]);
            gizmos.linestrip_2d(pts, color);
        }
    };
    if let Some(h) = &selection.hovered {
        outline(&mut gizmos, h, theme::INK);
    }
    if let Some(a) = &selection.area {
        outline(&mut gizmos, a, theme::UNION_DARK);
    }
    let destinations = view
        .as_deref()
        .and_then(|v| v.request.as_ref())
        .map_or(Vec::new(), |r| r.destinations(selection.force.as_deref()));
    for to in destinations.iter().filter_map(|c| c.to.as_deref()) {
        outline(&mut gizmos, to, theme::HIGHLIGHT);
        if let Some((_, c)) = g.centres.iter().find(|(a, _)| a == to) {
            gizmos.circle_2d(*c, 36.0, theme::HIGHLIGHT);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::campaign::load::load_campaign_file;

    fn polygon_area(poly: &[Vec2]) -> f32 {
        let n = poly.len();
        (0..n)
            .map(|i| poly[i].perp_dot(poly[(i + 1) % n]))
            .sum::<f32>()
            .abs()
            / 2.0
    }

    /// Every area's cell holds its own position and no other, and the cells
    /// tile the map: clicking anywhere picks exactly one area.
    #[test]
    fn area_cells_tile_the_seven_days_map() {
        let c = load_campaign_file(std::path::Path::new("campaigns/seven-days.json"))
            .expect("bundled campaign");
        let sites: Vec<Vec2> = c.map.areas.iter().map(|a| world(&c, a.position)).collect();
        let half = Vec2::new(c.map.width / 2.0, c.map.height / 2.0);
        let cells: Vec<Vec<Vec2>> = (0..sites.len()).map(|i| cell(&sites, i, half)).collect();
        for (i, s) in sites.iter().enumerate() {
            let holders: Vec<usize> = (0..cells.len())
                .filter(|&k| inside(&cells[k], *s))
                .collect();
            assert_eq!(
                holders,
                vec![i],
                "{} lies in cells {holders:?}",
                c.map.areas[i].id
            );
        }
        let total: f32 = cells.iter().map(|p| polygon_area(p)).sum();
        let map = c.map.width * c.map.height;
        assert!(
            (total - map).abs() < map * 1e-3,
            "cells cover {total}, the map {map}"
        );
    }
}
