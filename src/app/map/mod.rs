//! The campaign map (4.1), drawn by Bevy: areas as parchment shapes with
//! their names, rivers, roads and railways, the Battle Area's red dashed
//! border, city and fort symbols, objective markers, and the counters as
//! wargame counters in stacks (`counters`). The map fills the viewport the
//! panels leave it; pan with the right mouse button or the arrow keys, zoom
//! toward the cursor with the wheel (`camera`); click an area to see its
//! forces, a counter to select it, a highlighted area to move the selected
//! Force (or Lee) there.

mod camera;
mod counters;
mod paper;
mod route;

use bevy::asset::RenderAssetUsages;
use bevy::mesh::{Indices, PrimitiveTopology};
use bevy::prelude::*;

use super::Screen;
use super::theme;
use super::view::Selection;
use crate::campaign::{Campaign, RoadKind};
use crate::rules::components::{ActiveCampaign, MapArea, ObjectiveMarker};
use crate::rules::sequence::GameState;
use crate::rules::sequence::{Decide, PendingDecision};
use crate::rules::view::GameView;

pub(super) fn plugin(app: &mut App) {
    app.configure_sets(
        Update,
        (
            MapSystems::Build,
            MapSystems::Camera,
            MapSystems::Pieces,
            MapSystems::Scale,
            MapSystems::Input,
            MapSystems::Draw,
        )
            .chain(),
    )
    .add_plugins((camera::plugin, counters::plugin, route::plugin))
    .add_systems(Startup, spawn_camera)
    .add_systems(
        Update,
        (
            build_map.in_set(MapSystems::Build),
            battle_location_marker.in_set(MapSystems::Pieces),
            place_labels.in_set(MapSystems::Scale),
            pick.in_set(MapSystems::Input),
            draw_lines.in_set(MapSystems::Draw),
        )
            .run_if(in_state(Screen::Game)),
    )
    .add_systems(OnExit(Screen::Game), clear_map);
}

/// The map's systems in the order they run each frame: the map built, the
/// camera placed (input read first), the pieces drawn and scaled, clicks
/// answered, lines drawn.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MapSystems {
    Build,
    Camera,
    Pieces,
    Scale,
    Input,
    Draw,
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

/// The Battle Location marker's size (with its gold edge).
const BATTLE_MARKER: Vec2 = Vec2::new(64.0, 20.0);

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
    k: Res<camera::CounterScale>,
    mut shown: Local<Option<(crate::rules::components::Id, bool)>>,
    fonts: Option<Res<theme::fonts::MapFonts>>,
) {
    let Some(g) = geometry else {
        *shown = None;
        return;
    };
    let area = pending.request.as_ref().and_then(|r| r.battle_location);
    let confederate_half = turn.is_none_or(|t| t.phase == crate::campaign::Phase::Confederate);
    let want = area.map(|a| (a, confederate_half));
    if *shown == want && (want.is_none() || !old.is_empty()) {
        return;
    }
    for e in &old {
        commands.entity(e).despawn();
    }
    *shown = want;
    let Some((area, grey)) = want else { return };
    let font = fonts.map(|f| f.sans_bold.clone()).unwrap_or_default();
    let Some((_, centre)) = g.centres.iter().find(|(id, _)| *id == area) else {
        return;
    };
    // Under the Union stack, beside Lee's counter.
    let at = Vec3::new(counters::UNION_STACK.x, counters::UNDER_STACK, 8.0);
    let fill = if grey {
        theme::palette::bevy(theme::palette::CONFEDERATE_DARK)
    } else {
        theme::palette::bevy(theme::palette::UNION_DARK)
    };
    let k = k.0;
    let centre = *centre;
    commands.spawn((
        Sprite::from_color(theme::palette::bevy(theme::palette::MARKER), BATTLE_MARKER),
        counters::badge(centre, Transform::from_translation(at - Vec3::Z * 0.05), k),
        BattleLocationPiece,
    ));
    commands.spawn((
        Sprite::from_color(fill, BATTLE_MARKER - 4.0),
        counters::badge(centre, Transform::from_translation(at), k),
        BattleLocationPiece,
    ));
    // Crossed sabres, as the period's maps mark a battle, then the word.
    let light = theme::palette::bevy(theme::palette::PAPER_RAISED);
    for angle in [0.7f32, -0.7] {
        commands.spawn((
            Sprite::from_color(light, Vec2::new(13.0, 1.6)),
            counters::badge(
                centre,
                Transform::from_translation(at + Vec3::new(-21.0, 0.0, 0.05))
                    .with_rotation(Quat::from_rotation_z(angle)),
                k,
            ),
            BattleLocationPiece,
        ));
    }
    commands.spawn((
        Text2d::new("BATTLE"),
        TextFont::from_font_size(9.5).with_font(font),
        TextColor(light),
        counters::badge(
            centre,
            Transform::from_translation(at + Vec3::new(7.0, 0.0, 0.05)),
            k,
        ),
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
    let material = materials.add(ColorMaterial::from_color(theme::palette::bevy(
        theme::palette::WATER,
    )));
    for (centre, size) in bands.into_iter().chain(under) {
        commands.spawn((
            Mesh2d(meshes.add(Rectangle::from_size(size))),
            MeshMaterial2d(material.clone()),
            Transform::from_xyz(centre.x, centre.y, -10.0),
            MapPiece,
        ));
    }
}

/// Where an area's centre is in the window (logical points, y down), for
/// a lesson card to point at (issue 47); none before the map has a view.
pub(crate) fn area_on_screen(world: &World, area: &str) -> Option<Vec2> {
    let view = world.get_resource::<camera::CameraView>()?;
    let (v, vp) = (view.view?, view.viewport?);
    let active = world.get_resource::<ActiveCampaign>()?;
    let c = world
        .get_resource::<Geometry>()?
        .centres
        .iter()
        .find(|(id, _)| id == area)?
        .1;
    let d = (c - v.centre) / v.scale(camera::map_size(active), vp.size());
    Some(vp.min + vp.size() / 2.0 + Vec2::new(d.x, -d.y))
}

/// Campaign map coordinates (y down) to world (y up, centred).
pub fn world(c: &Campaign, p: [f32; 2]) -> Vec2 {
    Vec2::new(p[0] - c.map.width / 2.0, c.map.height / 2.0 - p[1])
}

impl Geometry {
    /// The areas' shapes: their outlines, or the Voronoi cells of their
    /// positions.
    pub fn of(c: &Campaign) -> Self {
        let sites: Vec<Vec2> = c.map.areas.iter().map(|a| world(c, a.position)).collect();
        // The same shapes the after-action report draws.
        let cells = c
            .map
            .areas
            .iter()
            .zip(crate::campaign::geometry::area_shapes(c))
            .map(|(a, shape)| (a.id.clone(), shape.iter().map(|p| world(c, *p)).collect()))
            .collect();
        Geometry {
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
        }
    }
}

/// The area names' size (the serif, on a paper halo).
const NAME_FONT: f32 = 14.5;
/// The halo's reach round each letter.
const HALO: f32 = 1.3;

fn name_width(name: &str) -> f32 {
    theme::fonts::text_width(&theme::fonts::GARAMOND_BOLD, NAME_FONT, name) + 2.0 * HALO + 2.0
}

/// Where an objective's star and a city's or fort's symbol stand from the
/// name's ends.
const STAR_GAP: f32 = 11.0;
const CITY_GAP: f32 = 8.0;

/// An area's name and what goes with it (its backing, objective and city
/// symbols): `offset` from the name's middle, which `place_labels` moves.
#[derive(Component, Debug, Clone, Copy)]
struct AreaLabel {
    area: usize,
    offset: Vec2,
    /// Its depth among the map's pieces (under the counters).
    z: f32,
}

/// How far a name that cannot be placed clear of the counters is lifted
/// above them, so that it stays readable.
const LIFT: f32 = 10.0;

/// Each area's name's reach left and right of its middle (with its
/// objective and city symbols).
#[derive(Resource, Debug, Clone, Default)]
struct LabelExtents(Vec<(f32, f32)>);

/// Each area's name's reach left and right of its middle, with its
/// objective marker (`objective`) at its left and its city or fort symbol
/// at its right.
fn label_extents(c: &Campaign, objective: impl Fn(&str) -> bool) -> Vec<(f32, f32)> {
    c.map
        .areas
        .iter()
        .map(|a| {
            let half = name_width(&a.name) / 2.0;
            let city = a.city.is_some() || a.fort;
            (
                half + if objective(&a.id) {
                    2.0 * STAR_GAP
                } else {
                    0.0
                },
                half + if city { 2.0 * CITY_GAP } else { 0.0 },
            )
        })
        .collect()
}

/// Where each area's name goes round its centre (at piece scale `k`):
/// above its stacks, else below them or shifted aside, or further out
/// within its own cell, wherever it overlaps least the places counters may
/// take (`slots`, world rectangles: [`slot_obstacles`]), the other names
/// and the map's edge. Each name is placed in turn, then placed again
/// against all the others (twice), so an early name moves for a later one.
/// `extents` is each name's reach left and right of its middle. The places
/// depend on the zoom alone: a name stays put from turn to turn.
pub fn label_places(g: &Geometry, extents: &[(f32, f32)], k: f32, slots: &[Rect]) -> Vec<Vec2> {
    let spots = Spots::new(g, extents, k, slots);
    let mut chosen: Vec<Option<Vec2>> = vec![None; g.centres.len()];
    for _ in 0..3 {
        for i in 0..chosen.len() {
            chosen[i] = Some(spots.best(i, &chosen));
        }
    }
    chosen.into_iter().map(Option::unwrap_or_default).collect()
}

/// Which names at `places` lie more than a sliver over a counter on the map
/// now (`counters`, world rectangles): those are drawn above the counters,
/// so that every name stays readable.
pub fn lifted_labels(
    g: &Geometry,
    extents: &[(f32, f32)],
    k: f32,
    places: &[Vec2],
    counters: &[Rect],
) -> Vec<bool> {
    let spots = Spots::new(g, extents, k, counters);
    places
        .iter()
        .enumerate()
        .map(|(i, c)| spots.under(i, *c) > 6.0 * k * k)
        .collect()
}

/// The counters on the map now as world rectangles, with the count astride
/// each stack's top counter.
fn counter_rects(hits: &[counters::Hit], k: f32) -> Vec<Rect> {
    let mut out: Vec<Rect> = hits
        .iter()
        .map(|h| Rect::from_center_half_size(h.at + h.centre * k, (h.half + 2.0) * k))
        .collect();
    let stack = |h: &counters::Hit| (h.area.clone(), h.centre.x < 0.0, h.id == "lee");
    for h in hits.iter().filter(|h| h.id != "lee") {
        let mine: Vec<&counters::Hit> = hits.iter().filter(|o| stack(o) == stack(h)).collect();
        if mine.len() > 1 && mine.iter().all(|o| o.z <= h.z) {
            let corner = h.centre + Vec2::splat(counters::COUNTER / 2.0 + 2.5);
            out.push(Rect::from_center_half_size(
                h.at + corner * k,
                Vec2::new(12.0, 8.5) * k,
            ));
        }
    }
    out
}

/// The places a name may take, and what each would cover.
struct Spots<'a> {
    g: &'a Geometry,
    extents: &'a [(f32, f32)],
    k: f32,
    obstacles: &'a [Rect],
    map: Rect,
    candidates: Vec<Vec2>,
}

/// Half a name's height.
const NAME_HALF: f32 = NAME_FONT / 2.0 + 2.0;

fn overlap(a: Rect, b: Rect) -> f32 {
    let i = a.intersect(b);
    if i.is_empty() {
        0.0
    } else {
        i.width() * i.height()
    }
}

impl<'a> Spots<'a> {
    fn new(g: &'a Geometry, extents: &'a [(f32, f32)], k: f32, obstacles: &'a [Rect]) -> Self {
        let h = NAME_HALF;
        let up = counters::NAME_Y;
        let below = counters::UNDER_STACK - 9.0 - h - 1.0;
        // Beside the stacks, the name's near end clear of them (moved by
        // the name's own reach in `rect`).
        let side = counters::UNION_STACK.x + counters::COUNTER / 2.0 + 12.0;
        let (mut lo, mut hi) = (Vec2::splat(f32::MAX), Vec2::splat(f32::MIN));
        for p in g.cells.iter().flat_map(|(_, poly)| poly) {
            lo = lo.min(*p);
            hi = hi.max(*p);
        }
        Spots {
            g,
            extents,
            k,
            obstacles,
            map: Rect::from_corners(lo, hi),
            candidates: {
                let mut c = vec![
                    Vec2::new(0.0, up),
                    Vec2::new(0.0, below),
                    Vec2::new(-30.0, up),
                    Vec2::new(30.0, up),
                    Vec2::new(-30.0, below),
                    Vec2::new(30.0, below),
                    Vec2::new(-side, 0.0),
                    Vec2::new(side, 0.0),
                ];
                // Further out, within the area's own cell.
                for step in 1..=3 {
                    let dy = 2.0 * h * step as f32;
                    for x in [0.0, -45.0, 45.0, -90.0, 90.0] {
                        c.push(Vec2::new(x, up + dy));
                        c.push(Vec2::new(x, below - dy));
                    }
                }
                c
            },
        }
    }

    /// Candidate `n` of name `i` (a side place moved by the name's reach).
    fn candidate(&self, i: usize, n: usize) -> Vec2 {
        let (left, right) = self.reach(i);
        let c = self.candidates[n];
        match n {
            6 => c - Vec2::X * right,
            7 => c + Vec2::X * left,
            _ => c,
        }
    }

    fn reach(&self, i: usize) -> (f32, f32) {
        self.extents.get(i).copied().unwrap_or((40.0, 40.0))
    }

    /// Name `i`'s world rectangle at offset `c` from its area's centre.
    fn rect(&self, i: usize, c: Vec2) -> Rect {
        let (left, right) = self.reach(i);
        let at = self.g.centres[i].1;
        Rect::from_corners(
            at + Vec2::new(c.x - left, c.y - NAME_HALF) * self.k,
            at + Vec2::new(c.x + right, c.y + NAME_HALF) * self.k,
        )
    }

    /// What name `i` at `c` covers of the counters.
    fn under(&self, i: usize, c: Vec2) -> f32 {
        let r = self.rect(i, c);
        self.obstacles.iter().map(|o| overlap(r, *o)).sum()
    }

    /// Name `i`'s best place with the other names where `chosen` puts them
    /// (those not yet placed count for nothing). Above is where a name is
    /// looked for: it wins ties and a little overlap.
    fn best(&self, i: usize, chosen: &[Option<Vec2>]) -> Vec2 {
        let k = self.k;
        let score = |c: Vec2| {
            let r = self.rect(i, c);
            let names: f32 = chosen
                .iter()
                .enumerate()
                .filter(|(j, _)| *j != i)
                .filter_map(|(j, o)| o.map(|o| overlap(r, self.rect(j, o))))
                .sum();
            let off_map = r.width() * r.height() - overlap(r, self.map);
            // Names are kept apart before they are kept off counters: a
            // name over a counter is lifted above it and stays readable,
            // two names over each other are not.
            self.under(i, c) + 20.0 * names + 2.0 * off_map
        };
        let at = self.g.centres[i].1;
        (0..self.candidates.len())
            .map(|n| (n, self.candidate(i, n)))
            // Beside the stacks or further out only within the area's own
            // cell: a name in another area's cell misleads.
            .filter(|(n, c)| *n < 6 || inside(&self.g.cells[i].1, at + *c * k))
            .map(|(n, c)| {
                (
                    score(c) + (n.min(1) as f32 * 30.0 + c.length() * 6.0) * k * k,
                    c,
                )
            })
            .min_by(|a, b| a.0.total_cmp(&b.0))
            .map_or(self.candidates[0], |(_, c)| c)
    }
}

/// The world rectangles a name keeps clear of: every place a counter may
/// stand round every area's centre (both stacks three deep with their
/// count, Lee's counter and the Battle Location marker under them), so
/// that a name stays where it is from turn to turn whatever comes and
/// goes (`counters::rebuild_counters` lays the stacks out).
fn slot_obstacles(g: &Geometry, k: f32) -> Vec<Rect> {
    let half = counters::COUNTER / 2.0;
    let deep = 9.0;
    let mut out = Vec::new();
    for (_, at) in &g.centres {
        for base in [counters::CONFEDERATE_STACK, counters::UNION_STACK] {
            let lo = base - Vec2::splat(half + 2.0);
            let hi = base + Vec2::splat(half + deep + 2.0);
            out.push(Rect::from_corners(*at + lo * k, *at + hi * k));
            // The count astride the top counter's corner.
            let corner = base + Vec2::splat(deep + half + 2.5);
            out.push(Rect::from_center_half_size(
                *at + corner * k,
                Vec2::new(12.0, 8.5) * k,
            ));
        }
        for (x, size) in [
            (counters::CONFEDERATE_STACK.x, counters::LEE_SIZE),
            (counters::UNION_STACK.x, BATTLE_MARKER),
        ] {
            let under = Vec2::new(x, counters::UNDER_STACK);
            out.push(Rect::from_center_half_size(
                *at + under * k,
                (size / 2.0 + 2.0) * k,
            ));
        }
    }
    out
}

/// Place the names clear of every counter's place whenever the zoom
/// changes or a map is built, and lift above the counters those a counter
/// now stands under.
fn place_labels(
    geometry: Option<Res<Geometry>>,
    extents: Option<Res<LabelExtents>>,
    k: Res<camera::CounterScale>,
    hits: Res<counters::CounterHits>,
    mut labels: Query<(&AreaLabel, &mut counters::Badge, &mut Transform)>,
    added: Query<(), Added<AreaLabel>>,
    mut places: Local<Vec<Vec2>>,
) {
    let (Some(g), Some(extents)) = (geometry, extents) else {
        return;
    };
    let moved = k.is_changed() || !added.is_empty() || places.len() != g.centres.len();
    if !moved && !hits.is_changed() {
        return;
    }
    let k = k.0;
    if moved {
        *places = label_places(&g, &extents.0, k, &slot_obstacles(&g, k));
    }
    let lifted = lifted_labels(&g, &extents.0, k, &places, &counter_rects(&hits.0, k));
    for (l, mut b, mut t) in &mut labels {
        let (Some(p), Some(up)) = (places.get(l.area), lifted.get(l.area)) else {
            continue;
        };
        let at = *p + l.offset;
        b.local.translation.x = at.x;
        b.local.translation.y = at.y;
        b.local.translation.z = l.z + if *up { LIFT } else { 0.0 };
        *t = b.transform(k);
    }
}

#[allow(clippy::too_many_arguments)]
fn build_map(
    mut commands: Commands,
    active: Option<Res<ActiveCampaign>>,
    geometry: Option<Res<Geometry>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    objectives: Query<&MapArea, With<ObjectiveMarker>>,
    (game, old, k, mut view, kept): (
        Res<State<GameState>>,
        Query<Entity, With<MapPiece>>,
        Res<camera::CounterScale>,
        ResMut<camera::CameraView>,
        Res<camera::KeptViews>,
    ),
    (fonts, mut images, mut made_tiles): (
        Option<Res<theme::fonts::MapFonts>>,
        ResMut<Assets<Image>>,
        Local<Option<paper::GroundTiles>>,
    ),
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
    // A map starts from the view the player left it in, else its first.
    view.view = kept.0.get(&c.id).copied();
    let k = k.0;
    let half = Vec2::new(c.map.width / 2.0, c.map.height / 2.0);
    water(&mut commands, &mut meshes, &mut materials, c, half);
    let geometry = Geometry::of(c);
    let extents = label_extents(c, |id| objectives.iter().any(|o| o.id == id));
    commands.insert_resource(LabelExtents(extents));
    let serif = fonts.map(|f| f.serif_bold.clone()).unwrap_or_default();
    // Drawn once: every map shares them.
    let tiles = made_tiles
        .get_or_insert_with(|| paper::GroundTiles::make(&mut images))
        .clone();
    let star = meshes.add(counters::star_mesh(1.0, 0.42));
    let star_ink = materials.add(ColorMaterial::from_color(theme::palette::bevy(
        theme::palette::INK,
    )));
    let star_gold = materials.add(ColorMaterial::from_color(theme::palette::bevy(
        theme::palette::MARKER,
    )));
    for (i, (a, ((_, poly), (_, site)))) in c
        .map
        .areas
        .iter()
        .zip(geometry.cells.iter().zip(&geometry.centres))
        .enumerate()
    {
        let site = *site;
        // The terrain's tone on the paper tile, a little lighter or
        // darker from area to area; the Battle Area (2.3) warmer.
        let v = ((i * 37) % 5) as f32 * 0.008;
        let [r, g, b] = theme::palette::rgb_f32(theme::palette::terrain(a.terrain));
        let color = if a.battle_area {
            Color::srgb(r + 0.02 - v, g - 0.025 - v, b - 0.04 - v)
        } else {
            Color::srgb(r - v, g - v, b - v)
        };
        let mut positions: Vec<[f32; 3]> = poly.iter().map(|p| [p.x, p.y, 0.0]).collect();
        positions.push([site.x, site.y, 0.0]);
        let uvs: Vec<[f32; 2]> = positions
            .iter()
            .map(|p| [p[0] / paper::TILE as f32, -p[1] / paper::TILE as f32])
            .collect();
        let centre = (positions.len() - 1) as u32;
        let mut indices = Vec::new();
        for k in 0..poly.len() as u32 {
            indices.extend([centre, k, (k + 1) % poly.len() as u32]);
        }
        let mesh = triangles(positions, indices).with_inserted_attribute(Mesh::ATTRIBUTE_UV_0, uvs);
        let material = ColorMaterial {
            color,
            texture: Some(tiles.of(a.terrain)),
            alpha_mode: bevy::sprite_render::AlphaMode2d::Opaque,
            ..default()
        };
        commands.spawn((
            Mesh2d(meshes.add(mesh)),
            MeshMaterial2d(materials.add(material)),
            Transform::from_xyz(0.0, 0.0, 0.0),
            MapPiece,
        ));
        // The name in the serif on a paper halo, where no counter may
        // stand (`place_labels`); the city or fort symbol at its right
        // end, the objective's star at its left.
        let y = counters::NAME_Y;
        let w = name_width(&a.name);
        let tag = |dx: f32, z: f32| AreaLabel {
            area: i,
            offset: Vec2::new(dx, 0.0),
            z,
        };
        let font = TextFont::from_font_size(NAME_FONT).with_font(serif.clone());
        let halo = theme::palette::bevy(theme::palette::PAPER_RAISED);
        for n in 0..8 {
            let angle = n as f32 * std::f32::consts::FRAC_PI_4;
            let d = Vec2::from_angle(angle) * HALO;
            commands.spawn((
                Text2d::new(a.name.clone()),
                font.clone(),
                TextColor(halo),
                counters::badge(site, Transform::from_xyz(d.x, y + d.y, 1.6), k),
                MapPiece,
                AreaLabel {
                    area: i,
                    offset: d,
                    z: 1.6,
                },
            ));
        }
        commands.spawn((
            Text2d::new(a.name.clone()),
            font,
            TextColor(theme::palette::bevy(theme::palette::INK)),
            counters::badge(site, Transform::from_xyz(0.0, y, 2.4), k),
            MapPiece,
            tag(0.0, 2.4),
        ));
        if a.city.is_some() || a.fort {
            // A city: a dark square; a fort: a diamond.
            let rot = if a.fort { 0.785 } else { 0.0 };
            let x = w / 2.0 + CITY_GAP;
            commands.spawn((
                Sprite::from_color(theme::palette::bevy(theme::palette::INK), Vec2::splat(8.5)),
                counters::badge(
                    site,
                    Transform::from_xyz(x, y, 2.5).with_rotation(Quat::from_rotation_z(rot)),
                    k,
                ),
                MapPiece,
                tag(x, 2.5),
            ));
        }
        if objectives.iter().any(|o| o.id == a.id) {
            // An objective (3.1): a gold star edged in ink.
            let x = -w / 2.0 - STAR_GAP;
            for (material, r, z) in [(&star_ink, 9.5, 2.5), (&star_gold, 7.0, 2.6)] {
                commands.spawn((
                    Mesh2d(star.clone()),
                    MeshMaterial2d(material.clone()),
                    counters::badge(
                        site,
                        Transform::from_xyz(x, y - 0.5, z).with_scale(Vec3::new(r, r, 1.0)),
                        k,
                    ),
                    MapPiece,
                    tag(x, z),
                ));
            }
        }
    }
    // Rivers widen downstream, as drawn from source to mouth.
    let river = materials.add(ColorMaterial::from_color(theme::palette::bevy(
        theme::palette::RIVER,
    )));
    for r in &c.map.rivers {
        let pts: Vec<Vec2> = r.path.iter().map(|p| world(c, *p)).collect();
        commands.spawn((
            Mesh2d(meshes.add(tapered_mesh(&pts, 1.6, 5.0))),
            MeshMaterial2d(river.clone()),
            Transform::from_xyz(0.0, 0.0, 0.6),
            MapPiece,
        ));
    }
    for (color, width, z, segments) in lines(c, &geometry) {
        if segments.is_empty() {
            continue;
        }
        commands.spawn((
            Mesh2d(meshes.add(segments_mesh(&segments, width))),
            MeshMaterial2d(materials.add(ColorMaterial::from_color(color))),
            Transform::from_xyz(0.0, 0.0, z),
            MapPiece,
        ));
    }
    commands.insert_resource(geometry);
}

fn clear_map(
    mut commands: Commands,
    pieces: Query<
        Entity,
        Or<(
            With<MapPiece>,
            With<counters::CounterPiece>,
            With<BattleLocationPiece>,
        )>,
    >,
    mut cam: Query<&mut Camera, With<MapCamera>>,
    mut viewport: ResMut<super::view::MapViewport>,
    mut view: ResMut<camera::CameraView>,
    (geometry, mut kept): (Option<Res<Geometry>>, ResMut<camera::KeptViews>),
) {
    for e in &pieces {
        commands.entity(e).despawn();
    }
    if let (Some(g), Some(v)) = (geometry, view.view) {
        kept.0.insert(g.campaign.clone(), v);
    }
    viewport.0 = None;
    *view = default();
    if let Ok(mut c) = cam.single_mut() {
        c.viewport = None;
    }
    commands.remove_resource::<Geometry>();
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

/// Hover and clicks on the map, where the map has the pointer: a click on
/// a highlighted area moves the selected Force there (or asks first), on a
/// counter selects its Force (or Lee), elsewhere selects the area.
#[allow(clippy::too_many_arguments)]
fn pick(
    pointer: Res<camera::MapPointer>,
    geometry: Option<Res<Geometry>>,
    buttons: Res<ButtonInput<MouseButton>>,
    mut selection: ResMut<Selection>,
    view: Option<Res<GameView>>,
    mut decide: MessageWriter<Decide>,
    (hits, k): (Res<counters::CounterHits>, Res<camera::CounterScale>),
    (battle, records): (
        Res<super::battle::BattleScreen>,
        Option<Res<crate::rules::battle::record::BattleRecords>>,
    ),
) {
    let Some(g) = geometry else { return };
    // While a battle plays back or waits to be closed, the map answers
    // nothing (its retreat choices come once it has caught up).
    if super::battle::blocks_decisions(&battle, records.as_deref()) {
        return;
    }
    // Off the map (over a panel, a window, the sheet) the hovered area
    // stays what it was: the left panel keeps listing it.
    let Some(p) = pointer.world.filter(|_| pointer.on_map) else {
        return;
    };
    let hit = hits.at(p, k.0);
    // A counter belongs to its area even where it overhangs a neighbour.
    let hovered = hit.map(|h| h.area.clone()).or_else(|| {
        g.cells
            .iter()
            .find(|(_, poly)| inside(poly, p))
            .map(|(id, _)| id.clone())
    });
    if selection.hovered != hovered {
        selection.hovered = hovered.clone();
    }
    if !buttons.just_pressed(MouseButton::Left) {
        return;
    }
    let Some(area) = hovered else { return };
    // A click on one's own stack selects it, even in a lit area: only a
    // click on the area itself (or an enemy there) moves.
    if let Some(h) = hit.filter(|h| h.friendly) {
        selection.force = Some(h.id.clone());
        selection.area = Some(area);
        selection.confirm = None;
        return;
    }
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
        let lee = matches!(c.decision, crate::rules::decision::Decision::MoveLee { .. });
        if lee || c.cost > 0 || c.starts_battle || c.loses_campaign.is_some() {
            // 15.1: a Forced March costs CP; the decision panel shows
            // the cost and asks before it is spent. A move into the
            // enemy waits too, with the odds advisor's estimate; one that
            // leaves Lee without his army (3.2) waits in red. Lee's own
            // moves always wait for a second word.
            selection.confirm = Some(area);
        } else {
            decide.write(Decide(c.decision));
            selection.force = None;
        }
    } else if let Some(h) = hit {
        // As a click on the Force in the left panel.
        selection.force = Some(h.id.clone());
        selection.area = Some(area);
        selection.confirm = None;
    } else {
        selection.area = Some(area);
        selection.confirm = None;
    }
}

/// Opaque colours for lines drawn as meshes (blending costs on a software
/// renderer): `color` at `alpha` over the map's open ground.
fn over_parchment(color: Color, alpha: f32) -> Color {
    let c = color.to_srgba();
    let [r, g, b] = theme::palette::rgb_f32(theme::palette::OPEN);
    let mix = |x: f32, p: f32| x * alpha + p * (1.0 - alpha);
    Color::srgb(mix(c.red, r), mix(c.green, g), mix(c.blue, b))
}

/// The map's lines, under the names and counters: area borders, the
/// Battle Area's outer border in red dashes (2.3), roads and railways
/// (rivers are drawn tapering, in `build_map`). Each: colour, width, depth and segments.
fn lines(c: &Campaign, g: &Geometry) -> Vec<(Color, f32, f32, Vec<(Vec2, Vec2)>)> {
    // Borders from the adjacency lists (2.1): open where a move may cross,
    // closed (heavy) where two areas only touch; a link joins adjacent
    // areas whose cells do not touch. The map's own edge is its frame.
    let shapes = crate::campaign::geometry::area_shapes(c);
    let (mut open, mut closed) = (Vec::new(), Vec::new());
    for b in crate::campaign::geometry::borders(c, &shapes) {
        let seg = (world(c, b.from), world(c, b.to));
        if b.open {
            open.push(seg);
        } else {
            closed.push(seg);
        }
    }
    let mut links = Vec::new();
    for (a, b) in crate::campaign::geometry::links(c, &shapes) {
        let (p, q) = (g.centres[a].1, g.centres[b].1);
        // Dashed, clear of the names and stacks round each centre.
        let len = p.distance(q);
        let d = (q - p).normalize_or_zero();
        let mut s = 30.0;
        while s + 8.0 < len - 30.0 {
            links.push((p + d * s, p + d * (s + 8.0)));
            s += 14.0;
        }
    }
    let (w, h) = (c.map.width / 2.0, c.map.height / 2.0);
    let frame = vec![
        (Vec2::new(-w, -h), Vec2::new(w, -h)),
        (Vec2::new(w, -h), Vec2::new(w, h)),
        (Vec2::new(w, h), Vec2::new(-w, h)),
        (Vec2::new(-w, h), Vec2::new(-w, -h)),
    ];
    let mut dashes = Vec::new();
    for (i, (_, poly)) in g.cells.iter().enumerate() {
        for k in 0..poly.len() {
            let (a, b) = (poly[k], poly[(k + 1) % poly.len()]);
            if !g.battle_area[i] {
                continue;
            }
            let mid = (a + b) / 2.0;
            let neighbour = g
                .centres
                .iter()
                .enumerate()
                .filter(|(j, _)| *j != i)
                .min_by(|(_, (_, x)), (_, (_, y))| x.distance(mid).total_cmp(&y.distance(mid)))
                .map(|(j, _)| j);
            let outer = neighbour.is_none_or(|j| !g.battle_area[j])
                || (a.x.abs() >= c.map.width / 2.0 - 0.5 && b.x.abs() >= c.map.width / 2.0 - 0.5);
            if outer {
                let len = a.distance(b);
                let n = (len / 10.0).max(1.0) as usize;
                for s in (0..n).step_by(2) {
                    let t0 = s as f32 / n as f32;
                    let t1 = ((s + 1) as f32 / n as f32).min(1.0);
                    dashes.push((a.lerp(b, t0), a.lerp(b, t1)));
                }
            }
        }
    }
    let path = |p: &[[f32; 2]]| -> Vec<Vec2> { p.iter().map(|p| world(c, *p)).collect() };
    let (mut roads, mut rails) = (Vec::new(), Vec::new());
    for r in &c.map.roads {
        let pts = path(&r.path);
        for w in pts.windows(2) {
            match r.kind {
                RoadKind::Road => roads.push((w[0], w[1])),
                RoadKind::Rail => {
                    rails.push((w[0], w[1]));
                    let d = (w[1] - w[0]).normalize_or_zero();
                    let n = Vec2::new(-d.y, d.x) * 3.5;
                    let len = w[0].distance(w[1]);
                    let mut s = 0.0;
                    while s < len {
                        let p = w[0] + d * s;
                        rails.push((p - n, p + n));
                        s += 12.0;
                    }
                }
            }
        }
    }
    vec![
        (
            over_parchment(theme::palette::bevy(theme::palette::INK), 0.3),
            1.2,
            0.5,
            open,
        ),
        (theme::palette::bevy(theme::palette::INK), 3.2, 0.55, closed),
        (
            over_parchment(theme::palette::bevy(theme::palette::INK), 0.55),
            2.0,
            0.55,
            links,
        ),
        (theme::palette::bevy(theme::palette::INK), 2.4, 0.95, frame),
        (
            theme::palette::bevy(theme::palette::BATTLE_AREA),
            2.4,
            0.9,
            dashes,
        ),
        // A road as the period's maps print it: two brown edges with the
        // paper between.
        (
            over_parchment(theme::palette::bevy(theme::palette::ROAD), 0.75),
            3.4,
            0.7,
            roads.clone(),
        ),
        (
            theme::palette::bevy(theme::palette::FARMLAND),
            1.3,
            0.71,
            roads,
        ),
        (
            theme::palette::bevy(theme::palette::RAILROAD),
            1.6,
            0.8,
            rails,
        ),
    ]
}

/// A polyline as one mesh whose width grows from `from` at its first point
/// to `to` at its last, each joint mitred so the line stays whole.
fn tapered_mesh(points: &[Vec2], from: f32, to: f32) -> Mesh {
    let n = points.len();
    let mut positions: Vec<[f32; 3]> = Vec::with_capacity(n * 2);
    let mut indices = Vec::new();
    let total: f32 = points.windows(2).map(|w| w[0].distance(w[1])).sum();
    let mut run = 0.0;
    for i in 0..n {
        if i > 0 {
            run += points[i - 1].distance(points[i]);
        }
        let before = points[i.saturating_sub(1)];
        let after = points[(i + 1).min(n - 1)];
        let d = (after - before).normalize_or_zero();
        let normal = Vec2::new(-d.y, d.x);
        let t = if total > 0.0 { run / total } else { 0.0 };
        let half = (from + (to - from) * t) / 2.0;
        for side in [-1.0, 1.0] {
            let p = points[i] + normal * half * side;
            positions.push([p.x, p.y, 0.0]);
        }
        if i + 1 < n {
            let k = (2 * i) as u32;
            indices.extend([k, k + 1, k + 3, k, k + 3, k + 2]);
        }
    }
    triangles(positions, indices)
}

/// A mesh of triangles from corners and their indices (three a triangle).
pub(super) fn triangles(positions: Vec<[f32; 3]>, indices: Vec<u32>) -> Mesh {
    Mesh::new(
        PrimitiveTopology::TriangleList,
        RenderAssetUsages::default(),
    )
    .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, positions)
    .with_inserted_indices(Indices::U32(indices))
}

/// Segments as one mesh of quads, each a little longer than its segment so
/// that a polyline's joints close.
fn segments_mesh(segments: &[(Vec2, Vec2)], width: f32) -> Mesh {
    let mut positions: Vec<[f32; 3]> = Vec::with_capacity(segments.len() * 4);
    let mut indices = Vec::with_capacity(segments.len() * 6);
    for (a, b) in segments {
        let d = (*b - *a).normalize_or_zero() * width / 2.0;
        let n = Vec2::new(-d.y, d.x);
        let (a, b) = (*a - d, *b + d);
        let i = positions.len() as u32;
        for p in [a - n, a + n, b + n, b - n] {
            positions.push([p.x, p.y, 0.0]);
        }
        indices.extend([i, i + 1, i + 2, i, i + 2, i + 3]);
    }
    triangles(positions, indices)
}

/// The highlights, over everything (gizmos draw last): the hovered area
/// while the pointer is on the map, the selected one, the areas of a
/// "What changed" line shown (rings), and the legal destinations (rings
/// of the colour of what can act).
fn draw_lines(
    mut gizmos: Gizmos,
    geometry: Option<Res<Geometry>>,
    selection: Res<Selection>,
    view: Option<Res<GameView>>,
    (pointer, k, changed): (
        Res<camera::MapPointer>,
        Res<camera::CounterScale>,
        Option<Res<super::view::WhatChanged>>,
    ),
) {
    let Some(g) = geometry else {
        return;
    };
    // The last moves ("What changed"): an arrow from where each came, in
    // its army's colour, clear of the stacks at both ends; a move back
    // along the same way lies beside the first.
    if !selection.hide_moves {
        let centre = |id: &str| g.centres.iter().find(|(a, _)| a == id).map(|(_, c)| *c);
        for line in changed.iter().flat_map(|c| &c.0) {
            let Some((from, to)) = &line.arrow else {
                continue;
            };
            let (Some(p), Some(q)) = (centre(from), centre(to)) else {
                continue;
            };
            let d = (q - p).normalize_or_zero();
            let side = Vec2::new(-d.y, d.x) * 6.0 * k.0;
            let color = match line.side {
                Some(crate::campaign::Side::Union) => theme::palette::UNION_PATH,
                _ => theme::palette::BUTTERNUT_DARK,
            };
            let clear = 22.0 * k.0;
            if p.distance(q) > 2.0 * clear {
                gizmos
                    .arrow_2d(
                        p + d * clear + side,
                        q - d * clear + side,
                        theme::palette::bevy(color),
                    )
                    .with_tip_length(12.0 * k.0);
            }
        }
    }
    // Hover and selection; the legal destinations.
    let outline = |gizmos: &mut Gizmos, id: &str, color: Color| {
        if let Some((_, poly)) = g.cells.iter().find(|(a, _)| a == id) {
            let mut pts = poly.clone();
            pts.push(poly[0]);
            gizmos.linestrip_2d(pts, color);
        }
    };
    if let Some(h) = selection.hovered.as_ref().filter(|_| pointer.on_map) {
        outline(&mut gizmos, h, theme::palette::bevy(theme::palette::INK));
    }
    if let Some(a) = &selection.area {
        outline(
            &mut gizmos,
            a,
            theme::palette::bevy(theme::palette::SELECTED),
        );
    }
    // A "What changed" line shown: its areas ringed.
    for a in selection.shown.iter().flat_map(|s| &s.areas) {
        outline(&mut gizmos, a, theme::palette::bevy(theme::palette::HOVER));
        if let Some((_, c)) = g.centres.iter().find(|(id, _)| id == a) {
            gizmos.circle_2d(*c, 44.0 * k.0, theme::palette::bevy(theme::palette::HOVER));
        }
    }
    let destinations = view
        .as_deref()
        .and_then(|v| v.request.as_ref())
        .map_or(Vec::new(), |r| r.destinations(selection.force.as_deref()));
    for to in destinations.iter().filter_map(|c| c.to.as_deref()) {
        outline(
            &mut gizmos,
            to,
            theme::palette::bevy(theme::palette::CAN_ACT),
        );
        if let Some((_, c)) = g.centres.iter().find(|(a, _)| a == to) {
            gizmos.circle_2d(
                *c,
                36.0 * k.0,
                theme::palette::bevy(theme::palette::CAN_ACT),
            );
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
        let cells: Vec<Vec<Vec2>> = Geometry::of(&c).cells.into_iter().map(|(_, p)| p).collect();
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

    use super::camera::{CameraView, CounterScale, EguiPointer, MapPointer, View};
    use super::counters::{CounterHits, Hit};
    use crate::app::view::MapViewport;
    use bevy::input::mouse::{MouseScrollUnit, MouseWheel};
    use bevy::window::{PrimaryWindow, WindowResolution};
    use bevy_egui::egui;

    /// The map viewport of a 1600×1000 window (physical pixels, scale 1):
    /// the panels take the rest.
    const VIEWPORT: (f32, f32, f32, f32) = (280.0, 25.0, 1290.0, 810.0);

    /// An app with the map's pointer systems over the Seven Days map, the
    /// view filling the viewport, centred.
    fn pointer_app() -> App {
        let c = std::sync::Arc::new(crate::campaign::load_bundled("seven-days").unwrap());
        let mut app = App::new();
        app.add_plugins(MinimalPlugins)
            .add_message::<Decide>()
            .add_message::<MouseWheel>()
            .add_message::<bevy::input::mouse::MouseMotion>()
            .init_resource::<ButtonInput<MouseButton>>()
            .init_resource::<ButtonInput<KeyCode>>()
            .init_resource::<Selection>()
            .init_resource::<EguiPointer>()
            .init_resource::<MapPointer>()
            .init_resource::<CounterScale>()
            .init_resource::<CounterHits>()
            .init_resource::<super::super::battle::BattleScreen>()
            .insert_resource(Geometry::of(&c))
            .insert_resource(ActiveCampaign(c))
            .insert_resource(MapViewport(Some(egui::Rect::from_min_max(
                egui::pos2(VIEWPORT.0, VIEWPORT.1),
                egui::pos2(VIEWPORT.2, VIEWPORT.3),
            ))))
            .insert_resource(CameraView {
                view: Some(View {
                    centre: Vec2::ZERO,
                    zoom: 1.0,
                }),
                viewport: Some(Rect::new(VIEWPORT.0, VIEWPORT.1, VIEWPORT.2, VIEWPORT.3)),
            })
            .add_systems(
                Update,
                (camera::locate_pointer, camera::pan_zoom, pick).chain(),
            );
        app.world_mut().spawn((
            Window {
                resolution: WindowResolution::new(1600, 1000),
                ..default()
            },
            PrimaryWindow,
        ));
        app
    }

    /// At a UI scale of 1.5 the map counts in points as egui does: the
    /// pointer's place in the viewport is its pixels over 1.5, so the map
    /// and its pieces grow with the panels.
    #[test]
    fn the_map_counts_in_the_ui_scales_points() {
        let mut app = pointer_app();
        let mut settings = crate::app::settings::AppSettings {
            loaded: Default::default(),
            persist: false,
            message: None,
        };
        settings.loaded.settings.ui_scale = 1.5;
        app.insert_resource(settings);
        point_at(&mut app, 580.0, 325.0);
        app.update();
        let at = app.world().resource::<MapPointer>().at.expect("on the map");
        let want = Vec2::new((580.0 - VIEWPORT.0) / 1.5, (325.0 - VIEWPORT.1) / 1.5);
        assert!(at.distance(want) < 1e-3, "{at} vs {want}");
    }

    fn point_at(app: &mut App, x: f32, y: f32) {
        let mut q = app
            .world_mut()
            .query_filtered::<&mut Window, With<PrimaryWindow>>();
        q.single_mut(app.world_mut())
            .unwrap()
            .set_physical_cursor_position(Some(bevy::math::DVec2::new(x as f64, y as f64)));
    }

    fn click(app: &mut App) {
        app.world_mut()
            .resource_mut::<ButtonInput<MouseButton>>()
            .press(MouseButton::Left);
        app.update();
        let mut b = app.world_mut().resource_mut::<ButtonInput<MouseButton>>();
        b.release(MouseButton::Left);
        b.clear();
    }

    /// Where the window pixel `(x, y)` is on the map.
    fn world_at(app: &App, x: f32, y: f32) -> Vec2 {
        let cam = app.world().resource::<CameraView>();
        let vp = cam.viewport.unwrap();
        cam.view.unwrap().to_world(
            Vec2::new(1600.0, 1000.0),
            vp.size(),
            Vec2::new(x, y) - vp.min,
        )
    }

    /// The pixel over an area's centre.
    fn pixel_of(app: &App, area: &str) -> Vec2 {
        let g = app.world().resource::<Geometry>();
        let (_, c) = g.centres.iter().find(|(id, _)| id == area).unwrap();
        let cam = app.world().resource::<CameraView>();
        let vp = cam.viewport.unwrap();
        let v = cam.view.unwrap();
        let s = v.scale(Vec2::new(1600.0, 1000.0), vp.size());
        let off = (*c - v.centre) / s;
        vp.center() + Vec2::new(off.x, -off.y)
    }

    /// Hover and clicks over the map pick its areas; over the panels (the
    /// left one lists the hovered area) and under an egui window they pick
    /// nothing and leave the hovered area as it was.
    #[test]
    fn the_map_answers_the_pointer_only_where_it_is_visible() {
        let mut app = pointer_app();
        let glendale = pixel_of(&app, "glendale");
        point_at(&mut app, glendale.x + 60.0, glendale.y + 60.0);
        app.update();
        let hovered = app.world().resource::<Selection>().hovered.clone();
        assert!(hovered.is_some(), "the map is under the pointer");
        assert!(app.world().resource::<MapPointer>().on_map);
        // The left panel, the chronicle below the map, the decision panel.
        for (x, y) in [(100.0, 300.0), (700.0, 900.0), (1450.0, 300.0)] {
            point_at(&mut app, x, y);
            click(&mut app);
            let s = app.world().resource::<Selection>();
            assert_eq!(s.hovered, hovered, "({x}, {y}) is a panel's");
            assert_eq!(s.area, None);
            assert!(!app.world().resource::<MapPointer>().on_map);
        }
        // A window of egui's over the map.
        app.world_mut().resource_mut::<EguiPointer>().blocks = true;
        point_at(&mut app, glendale.x + 60.0, glendale.y + 60.0);
        click(&mut app);
        assert_eq!(app.world().resource::<Selection>().area, None);
        app.world_mut().resource_mut::<EguiPointer>().blocks = false;
        click(&mut app);
        assert_eq!(app.world().resource::<Selection>().area, hovered);
    }

    /// A "What changed" line clicked: the map moves to the middle of its
    /// areas at the player's zoom, once (the player may pan away again).
    #[test]
    fn a_what_changed_line_moves_the_map_to_its_areas() {
        let mut app = pointer_app();
        app.add_systems(Update, camera::pan_to_shown);
        app.world_mut().resource_mut::<CameraView>().view = Some(View {
            centre: Vec2::ZERO,
            zoom: 3.0,
        });
        let g = app.world().resource::<Geometry>().clone();
        let at = |a: &str| g.centres.iter().find(|(id, _)| id == a).unwrap().1;
        let areas = ["glendale", "malvern-hill"];
        app.world_mut().resource_mut::<Selection>().shown = Some(crate::app::view::Shown {
            line: 0,
            areas: areas.iter().map(|a| a.to_string()).collect(),
            pan: true,
        });
        app.update();
        let v = app.world().resource::<CameraView>().view.unwrap();
        let want = (at(areas[0]) + at(areas[1])) / 2.0;
        assert!(v.centre.distance(want) < 1.0, "{v:?} for {want}");
        assert_eq!(v.zoom, 3.0);
        let shown = app.world().resource::<Selection>().shown.clone().unwrap();
        assert!(!shown.pan, "moved once");
        // Panned away, it stays where the player put it.
        app.world_mut().resource_mut::<CameraView>().view = Some(View {
            centre: Vec2::ZERO,
            zoom: 3.0,
        });
        app.update();
        assert_eq!(
            app.world().resource::<CameraView>().view.unwrap().centre,
            Vec2::ZERO
        );
    }

    /// The pixel over the Confederate stack of the area at pixel `p`.
    fn counter_pixel(app: &App, p: Vec2) -> Vec2 {
        let s = app
            .world()
            .resource::<CameraView>()
            .view
            .unwrap()
            .scale(Vec2::new(1600.0, 1000.0), Vec2::new(1010.0, 785.0));
        let k = app.world().resource::<CounterScale>().0;
        p + Vec2::new(
            counters::CONFEDERATE_STACK.x,
            -counters::CONFEDERATE_STACK.y,
        ) * k
            / s
    }

    /// A Confederate counter `id` on Glendale's stack, where a click finds it.
    fn friendly_counter_at_glendale(app: &mut App, id: &str) {
        let g = app.world().resource::<Geometry>().clone();
        let (_, centre) = g.centres.iter().find(|(a, _)| a == "glendale").unwrap();
        app.world_mut().resource_mut::<CounterHits>().0.push(Hit {
            id: id.into(),
            friendly: true,
            area: "glendale".into(),
            at: *centre,
            centre: counters::CONFEDERATE_STACK,
            half: Vec2::splat(counters::COUNTER / 2.0),
            z: 5.0,
        });
    }

    /// A click on a counter selects its Force, as a click on it in the left
    /// panel does.
    #[test]
    fn clicking_a_counter_selects_it() {
        let mut app = pointer_app();
        friendly_counter_at_glendale(&mut app, "cs-longstreet");
        let p = pixel_of(&app, "glendale");
        let on_counter = counter_pixel(&app, p);
        point_at(&mut app, on_counter.x, on_counter.y);
        click(&mut app);
        let sel = app.world().resource::<Selection>();
        assert_eq!(sel.force.as_deref(), Some("cs-longstreet"));
        assert_eq!(sel.area.as_deref(), Some("glendale"));
    }

    /// A click on one's own counter in an area the selected Force may move
    /// to selects that counter; it never moves the selected Force there.
    /// Only a click on the lit area itself moves it.
    #[test]
    fn a_click_on_a_friendly_stack_never_moves_the_selected_force() {
        use crate::rules::decision::{Decision, Request};
        let mut app = pointer_app();
        let c = app.world().resource::<ActiveCampaign>().0.clone();
        let mut board = crate::rules::board::Board::empty(c, Default::default());
        board.place(
            "magruder",
            crate::rules::components::Location::Area("white-oak-swamp".into()),
            crate::rules::components::Strength::Full,
        );
        board.place(
            "longstreet",
            crate::rules::components::Location::Area("glendale".into()),
            crate::rules::components::Strength::Full,
        );
        let to_glendale = Decision::MoveForce {
            force: "magruder".into(),
            to: "glendale".into(),
        };
        let r = Request::new("9.2", "Move a Force", vec![to_glendale, Decision::EndMoves]);
        let view = crate::rules::view::GameView::build(
            board,
            Some(crate::rules::turn::Step::ConfederateMoves),
            Some(&r),
        );
        assert!(
            view.request
                .as_ref()
                .is_some_and(|r| !r.destinations(Some("magruder")).is_empty()),
            "Glendale is lit for Magruder"
        );
        app.insert_resource(view);
        app.world_mut().resource_mut::<Selection>().force = Some("magruder".into());
        friendly_counter_at_glendale(&mut app, "longstreet");
        let p = pixel_of(&app, "glendale");
        let on_counter = counter_pixel(&app, p);
        let sent = |app: &App| {
            let m = app.world().resource::<Messages<Decide>>();
            m.iter_current_update_messages()
                .cloned()
                .collect::<Vec<_>>()
        };
        point_at(&mut app, on_counter.x, on_counter.y);
        click(&mut app);
        assert!(sent(&app).is_empty(), "no move");
        let sel = app.world().resource::<Selection>();
        assert_eq!(sel.force.as_deref(), Some("longstreet"), "selected instead");
        // Magruder again, and a click on Glendale away from the counters.
        app.world_mut().resource_mut::<Selection>().force = Some("magruder".into());
        app.world_mut().resource_mut::<CounterHits>().0.clear();
        point_at(&mut app, p.x, p.y);
        click(&mut app);
        assert_eq!(
            sent(&app),
            vec![Decide(to_glendale)],
            "the lit area moves it"
        );
    }

    fn wheel(app: &mut App, y: f32) {
        app.world_mut().write_message(MouseWheel {
            unit: MouseScrollUnit::Line,
            x: 0.0,
            y,
            window: Entity::PLACEHOLDER,
            phase: bevy::input::touch::TouchPhase::Moved,
        });
        app.update();
    }

    /// The wheel zooms toward the cursor over the map, and does nothing
    /// over the panels (the chronicle scrolls).
    #[test]
    fn the_wheel_zooms_toward_the_cursor_over_the_map_only() {
        let mut app = pointer_app();
        let (x, y) = (450.0, 300.0);
        point_at(&mut app, x, y);
        app.update();
        let before = world_at(&app, x, y);
        let zoom = app.world().resource::<CameraView>().view.unwrap().zoom;
        wheel(&mut app, 2.0);
        let after = app.world().resource::<CameraView>().view.unwrap();
        assert!(after.zoom > zoom * 1.2, "{} → {}", zoom, after.zoom);
        assert!(world_at(&app, x, y).distance(before) < 0.05);
        // Over the chronicle.
        point_at(&mut app, 700.0, 900.0);
        wheel(&mut app, 3.0);
        assert_eq!(app.world().resource::<CameraView>().view.unwrap(), after);
    }

    /// Lee has his own counter where he is, and the Forces moved in the
    /// Moves step are marked.
    #[test]
    fn lee_has_a_counter_and_moved_forces_are_marked() {
        use crate::rules::sequence::StepDecisions;
        let mut app = App::new();
        app.add_plugins((
            MinimalPlugins,
            bevy::state::app::StatesPlugin,
            crate::RulesPlugin,
        ))
        .init_resource::<Selection>()
        .init_resource::<CounterScale>()
        .init_resource::<CounterHits>()
        .init_resource::<counters::Fanned>()
        .init_resource::<Assets<Mesh>>()
        .init_resource::<Assets<ColorMaterial>>()
        .add_systems(Update, counters::rebuild_counters);
        let c = std::sync::Arc::new(crate::campaign::load_bundled("seven-days").unwrap());
        app.insert_resource(Geometry::of(&c));
        app.world_mut()
            .write_message(crate::rules::setup::NewCampaign::new(
                c,
                crate::rules::difficulty::GameOptions::default(),
            ));
        let mut moved = None;
        for _ in 0..300 {
            app.update();
            let Some(r) = app.world().resource::<PendingDecision>().request.clone() else {
                continue;
            };
            let moves = app
                .world()
                .get_resource::<State<crate::rules::turn::step::Step>>()
                .is_some_and(|s| *s.get() == crate::rules::turn::step::Step::ConfederateMoves);
            if moves {
                if moved.is_some() {
                    break;
                }
                let d = r
                    .options
                    .iter()
                    .find(|d| matches!(d, crate::rules::decision::Decision::MoveForce { .. }))
                    .cloned()
                    .expect("a Force can move");
                if let crate::rules::decision::Decision::MoveForce { force, .. } = &d {
                    moved = Some(force.to_string());
                }
                app.world_mut().write_message(Decide(d));
                continue;
            }
            app.world_mut().write_message(Decide(r.options[0]));
        }
        let moved = moved.expect("the Moves step came");
        app.update();
        let answers = &app.world().resource::<StepDecisions>().answers;
        assert!(!answers.is_empty(), "the move is this step's");
        let lee_at = {
            let mut q = app
                .world_mut()
                .query_filtered::<&crate::rules::components::Location, With<crate::rules::components::LeeCounter>>();
            q.single(app.world()).unwrap().area().unwrap().to_string()
        };
        let hits = app.world().resource::<CounterHits>();
        let lee = hits
            .0
            .iter()
            .find(|h| h.id == "lee")
            .expect("Lee's counter");
        assert_eq!(lee.area, lee_at);
        assert!(hits.0.iter().any(|h| h.id == moved));
        let marks = app
            .world_mut()
            .query_filtered::<&counters::Badge, With<counters::MovedMark>>()
            .iter(app.world())
            .count();
        assert_eq!(marks, 1, "one gold corner on {moved}");
    }

    /// The player's pan and zoom outlast the game screen: after Menu and
    /// Load (or Continue) the same campaign's map opens in the view the
    /// player left, not re-centred and re-zoomed.
    #[test]
    fn the_players_view_is_kept_through_a_load() {
        use crate::app::Screen;
        let c = std::sync::Arc::new(crate::campaign::load_bundled("seven-days").unwrap());
        let mut app = App::new();
        app.add_plugins((
            MinimalPlugins,
            bevy::state::app::StatesPlugin,
            crate::RulesPlugin,
        ))
        .init_state::<Screen>()
        .init_resource::<Assets<Mesh>>()
        .init_resource::<Assets<ColorMaterial>>()
        .init_resource::<Assets<Image>>()
        .init_resource::<CounterScale>()
        .init_resource::<CameraView>()
        .init_resource::<camera::KeptViews>()
        .init_resource::<MapViewport>()
        .add_systems(Update, build_map.run_if(in_state(Screen::Game)))
        .add_systems(OnExit(Screen::Game), clear_map);
        let start = |app: &mut App| {
            app.world_mut()
                .resource_mut::<NextState<Screen>>()
                .set(Screen::Game);
            app.world_mut()
                .write_message(crate::rules::setup::NewCampaign::new(
                    c.clone(),
                    crate::rules::difficulty::GameOptions::default(),
                ));
            for _ in 0..5 {
                app.update();
            }
            assert!(app.world().get_resource::<Geometry>().is_some());
        };
        start(&mut app);
        assert_eq!(
            app.world().resource::<CameraView>().view,
            None,
            "a first view"
        );
        let mine = View {
            centre: Vec2::new(120.0, -80.0),
            zoom: 2.5,
        };
        app.world_mut().resource_mut::<CameraView>().view = Some(mine);
        app.world_mut()
            .resource_mut::<NextState<Screen>>()
            .set(Screen::Menu);
        app.update();
        assert_eq!(app.world().resource::<CameraView>().view, None);
        start(&mut app);
        assert_eq!(app.world().resource::<CameraView>().view, Some(mine));
    }

    /// The counters of the Seven Days' first Confederate Moves, as the map
    /// draws them.
    fn opening_app() -> App {
        let mut app = App::new();
        app.add_plugins((
            MinimalPlugins,
            bevy::state::app::StatesPlugin,
            crate::RulesPlugin,
        ))
        .init_resource::<Selection>()
        .init_resource::<CounterScale>()
        .init_resource::<CounterHits>()
        .init_resource::<counters::Fanned>()
        .init_resource::<Assets<Mesh>>()
        .init_resource::<Assets<ColorMaterial>>()
        .add_systems(Update, counters::rebuild_counters);
        let c = std::sync::Arc::new(crate::campaign::load_bundled("seven-days").unwrap());
        app.insert_resource(Geometry::of(&c));
        app.world_mut()
            .write_message(crate::rules::setup::NewCampaign::new(
                c.clone(),
                crate::rules::difficulty::GameOptions::default(),
            ));
        for _ in 0..300 {
            app.update();
            if app.world().resource::<PendingDecision>().request.is_some() {
                break;
            }
        }
        app.update();
        app
    }

    fn opening_hits() -> (Geometry, Vec<counters::Hit>) {
        let app = opening_app();
        let c = crate::campaign::load_bundled("seven-days").unwrap();
        (
            Geometry::of(&c),
            app.world().resource::<CounterHits>().0.clone(),
        )
    }

    /// A stack fanned out that has left its area (or was never there)
    /// draws nothing and breaks nothing: the counters are drawn as before.
    #[test]
    fn a_fanned_stack_that_left_draws_nothing() {
        let (_, before) = opening_hits();
        let mut app = opening_app();
        app.world_mut().resource_mut::<counters::Fanned>().stack =
            Some(("ashland".to_string(), crate::campaign::Side::Union));
        app.update();
        let hits = app.world().resource::<CounterHits>().0.clone();
        assert_eq!(hits.len(), before.len());
        assert!(hits.iter().all(|h| h.area != "ashland" || h.friendly));
    }

    /// Every area's name is readable whatever stands on the map, at the
    /// piece scales of a large and a small window: clear of every place a
    /// counter, a stack's count, Lee or a marker may take (so it never
    /// moves from turn to turn), or lifted above them (a few at most);
    /// names overlap one another by a sliver at most.
    #[test]
    fn area_names_stay_readable_by_the_counters() {
        let (g, hits) = opening_hits();
        assert!(hits.len() > 20, "the opening's counters");
        let c = crate::campaign::load_bundled("seven-days").unwrap();
        let extents = label_extents(&c, |id| c.setup.objective_markers.iter().any(|o| o == id));
        let h = NAME_HALF;
        for k in [1.0, 1.3, counters_scale_max()] {
            let obstacles = slot_obstacles(&g, k);
            // Every counter on the map stands in a place kept clear.
            for h in &hits {
                let r = Rect::from_center_half_size(h.at + h.centre * k, h.half * k);
                assert!(
                    obstacles
                        .iter()
                        .any(|o| o.contains(r.min) && o.contains(r.max)),
                    "{} stands outside the kept places",
                    h.id
                );
            }
            let places = label_places(&g, &extents, k, &obstacles);
            let up = lifted_labels(&g, &extents, k, &places, &counter_rects(&hits, k));
            let rects: Vec<Rect> = places
                .iter()
                .zip(&g.centres)
                .zip(&extents)
                .map(|((p, (_, at)), (l, r))| {
                    Rect::from_corners(
                        *at + Vec2::new(p.x - l, p.y - h) * k,
                        *at + Vec2::new(p.x + r, p.y + h) * k,
                    )
                })
                .collect();
            let mut lifted = Vec::new();
            let now = counter_rects(&hits, k);
            for (i, (r, up)) in rects.iter().zip(&up).enumerate() {
                let under = now.iter().any(|o| {
                    let x = r.intersect(*o);
                    !x.is_empty() && x.width() * x.height() > 6.0 * k * k
                });
                assert!(
                    !under || *up,
                    "{} is under a counter at k {k}",
                    g.centres[i].0
                );
                if *up {
                    lifted.push(g.centres[i].0.clone());
                }
                // Names touch by a sliver at most.
                for (j, o) in rects.iter().enumerate().skip(i + 1) {
                    let x = r.intersect(*o);
                    let sliver = x.is_empty() || x.height() < 3.0 * k || x.width() < 3.0 * k;
                    assert!(
                        sliver,
                        "{} and {} overlap at k {k}",
                        g.centres[i].0, g.centres[j].0
                    );
                }
            }
            assert!(lifted.len() <= 5, "k {k}: {lifted:?} lifted");
        }
    }

    fn counters_scale_max() -> f32 {
        camera::READABLE_SCALE / camera::NATIVE_SCALE
    }
}
