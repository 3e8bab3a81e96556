//! The counters on the map, as wargame counters in stacks: one stack per
//! side in each area, Lee's own counter under his army, a mark on the
//! Confederate Forces moved this step, and the stack's size. Pieces keep
//! their size on screen as the map zooms out ([`Badge`]), so they read in
//! a small window; a click on a counter selects its Force.

use bevy::prelude::*;

use super::camera::CounterScale;
use super::{Geometry, MapSystems};
use crate::app::Screen;
use crate::app::theme;
use crate::app::view::Selection;
use crate::campaign::{ForceType, Side};
use crate::rules::components::{Force, LeeCounter, Location, Strength};
use crate::rules::decision::Decision;
use crate::rules::sequence::{PendingDecision, StepDecisions};
use crate::rules::turn::step::Step;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<CounterHits>()
        .init_resource::<Fanned>()
        .init_resource::<HoveredLine>()
        .add_systems(
            Update,
            (fan_stacks, rebuild_counters)
                .chain()
                .in_set(MapSystems::Pieces)
                .run_if(in_state(Screen::Game)),
        )
        .add_systems(
            Update,
            scale_badges
                .in_set(MapSystems::Scale)
                .run_if(in_state(Screen::Game)),
        )
        .add_systems(
            Update,
            hide_while_held
                .after(MapSystems::Pieces)
                .run_if(in_state(Screen::Game)),
        );
}

/// The key that hides the counters while it is held, to read the map
/// under them.
pub const HIDE_KEY: KeyCode = KeyCode::KeyH;

/// Every counter hidden while H is held (the map has the keys), shown
/// again when it is let go.
fn hide_while_held(
    keys: Res<ButtonInput<KeyCode>>,
    pointer: Res<super::camera::MapPointer>,
    mut pieces: Query<&mut Visibility, With<CounterPiece>>,
) {
    let want = if pointer.keys && keys.pressed(HIDE_KEY) {
        Visibility::Hidden
    } else {
        Visibility::Inherited
    };
    for mut v in &mut pieces {
        v.set_if_neq(want);
    }
}

/// A counter's side in world units at its own size.
pub const COUNTER: f32 = 46.0;
/// Where each side's stack stands from the area's centre, and Lee's counter
/// and the Battle Location marker under them.
pub const CONFEDERATE_STACK: Vec2 = Vec2::new(-29.0, -2.0);
pub const UNION_STACK: Vec2 = Vec2::new(29.0, -2.0);
pub const UNDER_STACK: f32 = -37.0;
/// The area's name, above the stacks.
pub const NAME_Y: f32 = 50.0;
/// Letters a counter's name line holds.
const NAME_CHARS: usize = 8;

#[derive(Component)]
pub(super) struct CounterPiece;

/// A piece drawn about the same size on screen whatever the zoom (up to
/// the readable scale): `local` is its place and size round the area's
/// centre `at`, scaled by [`CounterScale`].
#[derive(Component, Debug, Clone, Copy)]
pub struct Badge {
    pub at: Vec2,
    pub local: Transform,
}

impl Badge {
    pub fn transform(&self, k: f32) -> Transform {
        let t = self.local.translation;
        Transform {
            translation: Vec3::new(self.at.x + t.x * k, self.at.y + t.y * k, t.z),
            rotation: self.local.rotation,
            scale: self.local.scale * k,
        }
    }
}

/// The components that place a piece round `at`.
pub fn badge(at: Vec2, local: Transform, k: f32) -> (Transform, Badge) {
    let b = Badge { at, local };
    (b.transform(k), b)
}

fn scale_badges(k: Res<CounterScale>, mut pieces: Query<(&Badge, &mut Transform)>) {
    if !k.is_changed() {
        return;
    }
    for (b, mut t) in &mut pieces {
        *t = b.transform(k.0);
    }
}

/// Where each counter on top of a stack (and each of Lee's) lies, for
/// clicks: a Force id or "lee", its area, and its square round the area's
/// centre.
#[derive(Resource, Debug, Clone, Default)]
pub struct CounterHits(pub Vec<Hit>);

#[derive(Debug, Clone)]
pub struct Hit {
    pub id: String,
    /// A Confederate counter or Lee: a click on it selects, never moves.
    pub friendly: bool,
    pub area: String,
    pub at: Vec2,
    pub centre: Vec2,
    pub half: Vec2,
    pub z: f32,
}

impl CounterHits {
    /// The topmost counter at world point `p` with pieces scaled by `k`.
    pub fn at(&self, p: Vec2, k: f32) -> Option<&Hit> {
        self.0
            .iter()
            .filter(|h| {
                let d = (p - (h.at + h.centre * k)).abs();
                d.x <= h.half.x * k && d.y <= h.half.y * k
            })
            .max_by(|a, b| a.z.total_cmp(&b.z))
    }
}

/// A name the counter's top line holds: whole; initials closed up ("D.R.
/// Jones" → "DR Jones"); the surname ("R.H. Anderson" → "Anderson"); or
/// the surname cut with a full stop ("Longstreet" → "Longstr.").
pub fn short_name(name: &str, max: usize) -> String {
    let fits = |s: &str| s.chars().count() <= max;
    if fits(name) {
        return name.to_string();
    }
    let words: Vec<&str> = name.split_whitespace().collect();
    let (initials, rest): (Vec<&str>, Vec<&str>) = words.iter().partition(|w| w.ends_with('.'));
    let surname = rest.last().copied().unwrap_or(name);
    if !initials.is_empty() {
        let closed: String = initials.concat().replace('.', "");
        let s = format!("{closed} {}", rest.join(" "));
        if fits(&s) {
            return s;
        }
    }
    if fits(surname) {
        return surname.to_string();
    }
    let cut: String = surname.chars().take(max.saturating_sub(1)).collect();
    format!("{cut}.")
}

/// A corps short enough for the counter's corner ("III-AV" → "III").
fn short_corps(corps: &str) -> String {
    let head = corps.split('-').next().unwrap_or(corps);
    head.chars().take(3).collect()
}

/// The Confederate Forces moved in the Moves or Forced March step being
/// asked (9.2, 15.1): their answers in this step.
pub fn moved_this_step(
    answers: &[Decision],
    pending: Option<&PendingDecision>,
    step: Option<Step>,
) -> Vec<String> {
    let asking_moves = pending.is_some_and(|p| p.request.is_some())
        && matches!(step, Some(Step::ConfederateMoves | Step::ForcedMarch));
    if !asking_moves {
        return Vec::new();
    }
    answers
        .iter()
        .filter_map(|d| match d {
            Decision::MoveForce { force, .. } | Decision::JacksonMarch { force, .. } => {
                Some(force.to_string())
            }
            _ => None,
        })
        .collect()
}

/// The stack the pointer rests on, fanned out in a row so that every
/// counter in it shows and can be clicked: its area and side.
#[derive(Resource, Debug, Clone, Default, PartialEq)]
pub struct Fanned {
    pub stack: Option<(String, Side)>,
    /// (`stack` may name a stack that has since moved away: it draws
    /// nothing then.)
    /// The stack under the pointer and since when (seconds), before it fans.
    resting: Option<((String, Side), f64)>,
}

/// The chronicle or report line under the pointer (set by `route`, which
/// reads it from egui): the counters it names are ringed.
#[derive(Resource, Debug, Clone, Default, PartialEq)]
pub struct HoveredLine(pub Option<String>);

/// How long the pointer rests on a stack before it fans out.
const FAN_AFTER: f64 = 0.3;

/// The stack (area, side) a hit belongs to; Lee stands apart.
fn stack_of(h: &Hit) -> Option<(String, Side)> {
    (h.id != "lee").then(|| {
        let side = if h.friendly {
            Side::Confederate
        } else {
            Side::Union
        };
        (h.area.clone(), side)
    })
}

/// A stack of two or more under the pointer fans out after a short rest
/// and folds again when the pointer leaves its row.
fn fan_stacks(
    time: Res<Time<Real>>,
    pointer: Res<super::camera::MapPointer>,
    hits: Res<CounterHits>,
    k: Res<CounterScale>,
    mut fanned: ResMut<Fanned>,
    mut redraw: MessageWriter<bevy::window::RequestRedraw>,
) {
    let now = time.elapsed_secs_f64();
    let under = pointer
        .world
        .filter(|_| pointer.on_map)
        .and_then(|p| hits.at(p, k.0))
        .and_then(stack_of)
        .filter(|s| {
            hits.0
                .iter()
                .filter(|h| stack_of(h).as_ref() == Some(s))
                .count()
                > 1
        });
    let Some(s) = under else {
        if fanned.stack.is_some() || fanned.resting.is_some() {
            *fanned = Fanned::default();
        }
        return;
    };
    if fanned.stack.as_ref() == Some(&s) {
        return;
    }
    match &fanned.resting {
        Some((r, since)) if *r == s && now - since >= FAN_AFTER => fanned.stack = Some(s),
        Some((r, _)) if *r == s => {}
        _ => {
            fanned.stack = None;
            fanned.resting = Some((s, now));
        }
    }
    // The window sleeps between events: it wakes to fan the stack out
    // once the pointer has rested.
    if fanned.stack.is_none() {
        redraw.write(bevy::window::RequestRedraw);
    }
}

/// What the counters show besides their faces, which redraws them when it
/// changes: the selection, the Forces moved this step, those that can act
/// now, the fanned stack.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Marks {
    selected: Option<String>,
    moved: Vec<String>,
    can_act: Vec<String>,
    fanned: Option<(String, Side)>,
    /// Forces the chronicle or report line under the pointer names.
    hovered: Vec<String>,
}

/// Redraw the stacks when any counter or Lee moves or flips, the selection
/// changes, a Force moves in this step, the Forces that can act change or
/// a stack fans out.
#[allow(clippy::too_many_arguments)]
pub(super) fn rebuild_counters(
    mut commands: Commands,
    geometry: Option<Res<Geometry>>,
    changed: Query<(), Or<(Changed<Location>, Changed<Strength>)>>,
    forces: Query<(&Force, &Location, &Strength)>,
    lee: Query<(&LeeCounter, &Location)>,
    old: Query<Entity, With<CounterPiece>>,
    (selection, step, pending, k, now): (
        Res<Selection>,
        Option<Res<StepDecisions>>,
        Option<Res<PendingDecision>>,
        Res<CounterScale>,
        Option<Res<State<Step>>>,
    ),
    (view, fanned, fonts, mut shapes, route): (
        Option<Res<crate::rules::view::GameView>>,
        Res<Fanned>,
        Option<Res<theme::fonts::MapFonts>>,
        Shapes,
        Option<Res<HoveredLine>>,
    ),
    mut hits: ResMut<CounterHits>,
    mut last: Local<Option<Marks>>,
) {
    let Some(g) = geometry else { return };
    let marks = Marks {
        selected: selection.force.clone(),
        moved: moved_this_step(
            step.as_deref().map_or(&[], |s| s.answers.as_slice()),
            pending.as_deref(),
            now.map(|s| *s.get()),
        ),
        can_act: view
            .as_deref()
            .and_then(|v| v.request.as_ref())
            .map_or(Vec::new(), |r| {
                r.movers().into_iter().map(str::to_string).collect()
            }),
        fanned: fanned.stack.clone(),
        hovered: route
            .as_deref()
            .and_then(|r| r.0.as_deref())
            .map_or(Vec::new(), |line| {
                named_in(line, forces.iter().map(|(f, _, _)| f))
            }),
    };
    if changed.is_empty() && !old.is_empty() && !g.is_changed() && last.as_ref() == Some(&marks) {
        return;
    }
    for e in &old {
        commands.entity(e).despawn();
    }
    hits.0.clear();
    let mut pen = Pen {
        commands: &mut commands,
        k: k.0,
        at: Vec2::ZERO,
        bold: fonts
            .as_ref()
            .map(|f| f.sans_bold.clone())
            .unwrap_or_default(),
        serif: fonts
            .as_ref()
            .map(|f| f.serif_bold.clone())
            .unwrap_or_default(),
        shapes: shapes.handles(),
    };
    for (area, centre) in &g.centres {
        pen.at = *centre;
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
                let chosen = marks.selected.as_deref() == Some(f.id.as_str());
                (chosen, f.force_type.is_mobile(), f.values(*s).combat)
            });
            let base = match side {
                Side::Confederate => CONFEDERATE_STACK,
                Side::Union => UNION_STACK,
            };
            let fan = marks.fanned.as_ref() == Some(&(area.clone(), side));
            let places = stack_places(base, stack.len(), fan);
            // A stack fanned a moment ago may have left its area since.
            if let (true, Some(lo), Some(hi)) =
                (fan, places.first().copied(), places.last().copied())
            {
                // The row on a shadowed tray over whatever lies under it.
                let mid = (lo + hi) / 2.0;
                let size = Vec2::new(hi.x - lo.x + COUNTER + 10.0, COUNTER + 10.0);
                pen.rect(mid.with_z(lo.z - 0.3), size + 2.0, ink());
                pen.rect(mid.with_z(lo.z - 0.2), size, bevy(palette::PAPER_DEEP));
            }
            for (i, (f, s)) in stack.iter().enumerate() {
                let at = places[i];
                let face = Face::of(f, *s);
                let state = CounterState {
                    selected: marks.selected.as_deref() == Some(f.id.as_str()),
                    hovered: marks.hovered.contains(&f.id),
                    can_act: marks.can_act.contains(&f.id),
                    moved: marks.moved.contains(&f.id),
                };
                counter(&mut pen, at, &face, state);
                hits.0.push(Hit {
                    id: f.id.clone(),
                    friendly: f.side == Side::Confederate,
                    area: area.clone(),
                    at: *centre,
                    centre: at.truncate(),
                    half: Vec2::splat(COUNTER / 2.0 + if fan { 3.0 } else { 1.0 }),
                    z: at.z,
                });
            }
            if stack.len() > 1 && !fan {
                // The stack's size astride its top counter's corner, clear
                // of the name.
                let top = places[stack.len() - 1];
                let at = top + Vec3::new(COUNTER / 2.0 + 2.0, COUNTER / 2.0 + 3.0, 0.15);
                pen.rect(
                    at - Vec3::Z * 0.01,
                    Vec2::new(22.0, 15.0),
                    bevy(palette::MARKER),
                );
                pen.rect(at, Vec2::new(20.0, 13.0), ink());
                pen.text(
                    at + Vec3::Z * 0.01,
                    &format!("{}", stack.len()),
                    10.5,
                    bevy(palette::PAPER_RAISED),
                    Bold,
                );
            }
        }
        if let Some(cr) = lee_here {
            let selected = marks.selected.as_deref() == Some("lee");
            let at = Vec3::new(CONFEDERATE_STACK.x, UNDER_STACK, 7.0);
            let state = CounterState {
                selected,
                hovered: false,
                can_act: marks.can_act.iter().any(|m| m == "lee"),
                moved: false,
            };
            lee_counter(&mut pen, at, cr, state);
            hits.0.push(Hit {
                id: "lee".into(),
                friendly: true,
                area: area.clone(),
                at: *centre,
                centre: at.truncate(),
                half: LEE_SIZE / 2.0 + 1.0,
                z: at.z,
            });
        }
    }
    *last = Some(marks);
}

/// The Forces a chronicle or report line names, as it names them: "Name
/// (" opens each ("Infantry Brigade 1 (Union …)" is not Brigade 10).
pub fn named_in<'a>(line: &str, forces: impl Iterator<Item = &'a Force>) -> Vec<String> {
    forces
        .filter(|f| line.contains(&format!("{} (", f.chronicle_name())))
        .map(|f| f.id.clone())
        .collect()
}

/// Where each counter of a stack of `n` lies round the area's centre,
/// bottom first: three counters' edges show under the top one at most (the
/// count tells the rest); fanned out, a row centred on the stack, above
/// every other piece.
fn stack_places(base: Vec2, n: usize, fan: bool) -> Vec<Vec3> {
    (0..n)
        .map(|i| {
            if fan {
                let x = (i as f32 - (n as f32 - 1.0) / 2.0) * (COUNTER + 6.0);
                Vec3::new(base.x + x, base.y, 30.0 + 0.2 * i as f32)
            } else {
                let shift = 3.0 * i.min(3) as f32;
                Vec3::new(base.x + shift, base.y + shift, 5.0 + 0.2 * i as f32)
            }
        })
        .collect()
}

/// What a counter shows: its name, combat value (with the superior value),
/// type, Skill Level, Activation Number and corps.
#[derive(Debug, Clone, PartialEq)]
pub struct Face {
    pub side: Side,
    pub fill: Color,
    /// Its values', name's and symbol's colour on `fill`.
    pub ink: Color,
    pub name: String,
    pub combat: String,
    /// The Superior Combat Value (5.7), printed as a superscript.
    pub superior: Option<String>,
    pub force_type: ForceType,
    pub values: String,
    pub corps: String,
    pub reduced: bool,
}

impl Face {
    pub fn of(f: &Force, s: Strength) -> Self {
        let v = f.values(s);
        let name = if f.is_named() {
            short_name(&f.name, NAME_CHARS)
        } else {
            match f.kind.map_or("", |k| k.name()) {
                "Fortification" => "Fort".to_string(),
                k => short_name(k, NAME_CHARS),
            }
        };
        let tones = palette::counter(f.side, s == Strength::Reduced);
        Face {
            side: f.side,
            fill: bevy(tones.field),
            ink: bevy(tones.ink),
            name,
            combat: v.combat.to_string(),
            superior: v.superior.map(|s| s.to_string()),
            force_type: f.force_type,
            values: format!(
                "{}{}",
                f.skill.letter(),
                v.activation.map_or(String::new(), |a| a.to_string())
            ),
            corps: f.corps.as_deref().map_or(String::new(), short_corps),
            reduced: s == Strength::Reduced,
        }
    }
}

#[derive(Component)]
pub struct MovedMark;

/// A counter's states, each a ring or a mark round it (never its fill):
/// selected, able to act in the question asked, moved in this step.
#[derive(Debug, Clone, Copy, Default)]
struct CounterState {
    selected: bool,
    /// Named by the chronicle or report line under the pointer.
    hovered: bool,
    can_act: bool,
    moved: bool,
}

/// The map's shape that sprites cannot draw, a five-pointed star, made
/// once.
#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct Shapes<'w, 's> {
    meshes: ResMut<'w, Assets<Mesh>>,
    materials: ResMut<'w, Assets<ColorMaterial>>,
    made: Local<'s, Option<ShapeHandles>>,
}

#[derive(Clone)]
pub(super) struct ShapeHandles {
    pub star: Handle<Mesh>,
    pub gold: Handle<ColorMaterial>,
}

impl Shapes<'_, '_> {
    pub fn handles(&mut self) -> ShapeHandles {
        if let Some(h) = self.made.as_ref() {
            return h.clone();
        }
        let h = ShapeHandles {
            star: self.meshes.add(star_mesh(1.0, 0.42)),
            gold: self
                .materials
                .add(ColorMaterial::from_color(bevy(palette::MARKER))),
        };
        *self.made = Some(h.clone());
        h
    }
}

/// A five-pointed star of outer radius `outer` (inner `inner` × outer),
/// point up.
pub fn star_mesh(outer: f32, inner: f32) -> Mesh {
    let mut positions = vec![[0.0, 0.0, 0.0]];
    for i in 0..10 {
        let r = if i % 2 == 0 { outer } else { outer * inner };
        let a = std::f32::consts::FRAC_PI_2 + i as f32 * std::f32::consts::PI / 5.0;
        positions.push([r * a.cos(), r * a.sin(), 0.0]);
    }
    let indices: Vec<u32> = (0..10u32)
        .flat_map(|i| [0, 1 + i, 1 + (i + 1) % 10])
        .collect();
    super::triangles(positions, indices)
}

use theme::palette::{self, bevy};

fn ink() -> Color {
    bevy(palette::INK)
}

/// Which face a word is set in on a counter.
#[derive(Clone, Copy)]
enum Type {
    Regular,
    Bold,
    Serif,
}
use Type::*;

/// Draws a counter's parts round an area's centre `at`, at piece scale `k`.
struct Pen<'a, 'w, 's> {
    commands: &'a mut Commands<'w, 's>,
    at: Vec2,
    k: f32,
    bold: Handle<Font>,
    serif: Handle<Font>,
    shapes: ShapeHandles,
}

impl Pen<'_, '_, '_> {
    fn rect(&mut self, local: Vec3, size: Vec2, color: Color) {
        self.rotated(local, size, color, 0.0);
    }

    fn rotated(&mut self, local: Vec3, size: Vec2, color: Color, angle: f32) {
        self.commands.spawn((
            Sprite::from_color(color, size),
            badge(
                self.at,
                Transform::from_translation(local).with_rotation(Quat::from_rotation_z(angle)),
                self.k,
            ),
            CounterPiece,
        ));
    }

    /// A ring `width` wide round a `size` rectangle.
    fn ring(&mut self, local: Vec3, size: Vec2, width: f32, color: Color) {
        let (w, h) = (size.x / 2.0 + width / 2.0, size.y / 2.0 + width / 2.0);
        for (dx, dy, sw, sh) in [
            (0.0, h, 2.0 * w + width, width),
            (0.0, -h, 2.0 * w + width, width),
            (-w, 0.0, width, 2.0 * h),
            (w, 0.0, width, 2.0 * h),
        ] {
            self.rect(local + Vec3::new(dx, dy, 0.0), Vec2::new(sw, sh), color);
        }
    }

    fn text(&mut self, local: Vec3, s: &str, size: f32, color: Color, face: Type) {
        let font = match face {
            Regular => Handle::<Font>::default(),
            Bold => self.bold.clone(),
            Serif => self.serif.clone(),
        };
        self.commands.spawn((
            Text2d::new(s),
            TextFont::from_font_size(size).with_font(font),
            TextColor(color),
            badge(self.at, Transform::from_translation(local), self.k),
            CounterPiece,
        ));
    }

    fn mesh(&mut self, local: Vec3, mesh: Handle<Mesh>, material: Handle<ColorMaterial>, r: f32) {
        self.commands.spawn((
            Mesh2d(mesh),
            MeshMaterial2d(material),
            badge(
                self.at,
                Transform::from_translation(local).with_scale(Vec3::new(r, r, 1.0)),
                self.k,
            ),
            CounterPiece,
        ));
    }

    /// The state rings round a piece of `size` at `local`: selected (a
    /// thick ring), able to act (a thin one), moved (a gold corner).
    fn states(&mut self, local: Vec3, size: Vec2, state: CounterState) {
        if state.selected {
            self.ring(
                local - Vec3::Z * 0.05,
                size + 2.0,
                4.0,
                bevy(palette::SELECTED),
            );
        } else if state.hovered {
            let hover = bevy(palette::HOVER);
            self.ring(local - Vec3::Z * 0.05, size + 2.0, 4.0, hover);
        } else if state.can_act {
            self.ring(
                local - Vec3::Z * 0.05,
                size + 2.0,
                2.5,
                bevy(palette::CAN_ACT),
            );
        }
        if state.moved {
            // A gold corner, outside the counters above it in the stack.
            let corner = local + Vec3::new(-size.x / 2.0, -size.y / 2.0, 0.06);
            let quarter = std::f32::consts::FRAC_PI_4;
            self.rotated(corner, Vec2::splat(11.0), ink(), quarter);
            self.commands.spawn((
                Sprite::from_color(bevy(palette::MARKER), Vec2::splat(8.0)),
                badge(
                    self.at,
                    Transform::from_translation(corner + Vec3::Z * 0.003)
                        .with_rotation(Quat::from_rotation_z(quarter)),
                    self.k,
                ),
                CounterPiece,
                MovedMark,
            ));
        }
    }
}

/// One counter at `local` round the area's centre, laid out as the printed
/// ones: the name across the top, the unit symbol and the Combat Value (its
/// Superior Combat Value as a superscript, 5.7), the Skill Level and
/// Activation Number and the corps across the foot. The reduced side is
/// the army's lighter tone with the name on a band of its full colour (a
/// flipped counter, never a mark that reads as destroyed).
fn counter(pen: &mut Pen, local: Vec3, face: &Face, state: CounterState) {
    let size = COUNTER;
    let p = |dx: f32, dy: f32, dz: f32| local + Vec3::new(dx, dy, dz);
    pen.states(local, Vec2::splat(size), state);
    pen.rect(p(0.0, 0.0, -0.02), Vec2::splat(size + 2.0), ink());
    pen.rect(p(0.0, 0.0, 0.0), Vec2::splat(size), face.fill);
    let name_ink = if face.reduced {
        let full = palette::counter(face.side, false);
        pen.rect(p(0.0, 16.5, 0.01), Vec2::new(size, 13.0), bevy(full.field));
        bevy(full.ink)
    } else {
        face.ink
    };
    pen.text(p(0.0, 16.0, 0.03), &face.name, 9.0, name_ink, Regular);
    nato_symbol(pen, p(-11.0, 0.0, 0.01), face.force_type, face.ink);
    let x = if face.superior.is_some() { 7.0 } else { 10.0 };
    pen.text(p(x, -0.5, 0.03), &face.combat, 18.0, face.ink, Bold);
    if let Some(sup) = &face.superior {
        pen.text(p(17.0, 5.5, 0.03), sup, 10.0, face.ink, Bold);
    }
    pen.text(p(-10.0, -15.0, 0.03), &face.values, 9.5, face.ink, Bold);
    if !face.corps.is_empty() {
        pen.text(p(12.0, -15.0, 0.03), &face.corps, 8.0, face.ink, Regular);
    }
}

/// Lee's own counter's size under his army.
pub const LEE_SIZE: Vec2 = Vec2::new(COUNTER + 6.0, 19.0);

/// Robert E. Lee's counter: a gold star, his name in the serif and his
/// Command Rating, on the Confederate dark field edged in gold.
fn lee_counter(pen: &mut Pen, local: Vec3, rating: u32, state: CounterState) {
    pen.states(local, LEE_SIZE, state);
    pen.rect(
        local - Vec3::Z * 0.02,
        LEE_SIZE + 3.0,
        bevy(palette::MARKER),
    );
    pen.rect(local, LEE_SIZE, bevy(palette::CONFEDERATE_DARK));
    let star = pen.shapes.star.clone();
    let gold = pen.shapes.gold.clone();
    pen.mesh(local + Vec3::new(-18.0, 0.0, 0.02), star, gold, 7.0);
    pen.text(
        local + Vec3::new(0.0, 0.5, 0.02),
        "LEE",
        12.5,
        bevy(palette::PAPER_RAISED),
        Serif,
    );
    pen.rect(
        local + Vec3::new(19.0, 0.0, 0.02),
        Vec2::new(12.0, 14.0),
        bevy(palette::MARKER),
    );
    pen.text(
        local + Vec3::new(19.0, 0.0, 0.03),
        &rating.to_string(),
        11.0,
        ink(),
        Bold,
    );
}

/// The type's NATO symbol, drawn (the fonts have no symbols): a box with a
/// cross (infantry), a slash (cavalry) or a dot (artillery); a Garrison's
/// box holds a flag, a Fortification's box has a crenellated top.
fn nato_symbol(pen: &mut Pen, local: Vec3, t: ForceType, line: Color) {
    let (w, h) = (17.0, 11.0);
    let lw = 1.3;
    // The frame: four bars.
    pen.ring(local, Vec2::new(w, h), lw, line);
    let diagonal = (w * w + h * h).sqrt();
    let angle = (h / w).atan();
    let inner = local + Vec3::Z * 0.01;
    match t {
        ForceType::Infantry => {
            for a in [angle, -angle] {
                pen.rotated(inner, Vec2::new(diagonal, lw), line, a);
            }
        }
        ForceType::Cavalry => pen.rotated(inner, Vec2::new(diagonal, lw), line, angle),
        ForceType::Artillery => {
            // A dot: a square turned over itself reads as round here.
            for a in [0.0, std::f32::consts::FRAC_PI_4] {
                pen.rotated(inner, Vec2::splat(4.4), line, a);
            }
        }
        ForceType::Garrison => {
            // A flag on its staff.
            pen.rect(
                inner + Vec3::new(-3.0, 0.0, 0.0),
                Vec2::new(1.2, h - 3.0),
                line,
            );
            pen.rect(inner + Vec3::new(0.5, 1.8, 0.0), Vec2::new(6.5, 4.0), line);
        }
        ForceType::Fortification => {
            // Merlons along the top, the gaps cut in the field.
            for i in 0..4 {
                let x = -w / 2.0 + 2.2 + i as f32 * (w - 4.4) / 3.0;
                pen.rect(
                    local + Vec3::new(x, h / 2.0 + 2.2, 0.0),
                    Vec2::new(3.0, 3.4),
                    line,
                );
            }
            pen.rect(inner, Vec2::new(w - 6.0, lw), line);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// H held hides every counter (to read the map), let go shows them;
    /// not while the keys are a text field's.
    #[test]
    fn h_held_hides_the_counters() {
        let mut app = App::new();
        app.init_resource::<ButtonInput<KeyCode>>()
            .insert_resource(super::super::camera::MapPointer {
                keys: true,
                ..default()
            })
            .add_systems(Update, hide_while_held);
        let c = app
            .world_mut()
            .spawn((CounterPiece, Visibility::Inherited))
            .id();
        let seen = |app: &App| *app.world().get::<Visibility>(c).unwrap();
        app.world_mut()
            .resource_mut::<ButtonInput<KeyCode>>()
            .press(HIDE_KEY);
        app.update();
        assert_eq!(seen(&app), Visibility::Hidden);
        app.world_mut()
            .resource_mut::<ButtonInput<KeyCode>>()
            .release(HIDE_KEY);
        app.update();
        assert_eq!(seen(&app), Visibility::Inherited);
        app.world_mut()
            .resource_mut::<super::super::camera::MapPointer>()
            .keys = false;
        app.world_mut()
            .resource_mut::<ButtonInput<KeyCode>>()
            .press(HIDE_KEY);
        app.update();
        assert_eq!(
            seen(&app),
            Visibility::Inherited,
            "typing an H in a text field"
        );
    }

    /// A chronicle line rings the Forces it names, and only those: a name
    /// that opens another's ("Brigade 1" in "Brigade 10") is not it.
    #[test]
    fn a_line_names_its_forces() {
        let force = |id: &str, name: &str| Force {
            id: id.into(),
            side: Side::Union,
            name: name.into(),
            force_type: ForceType::Infantry,
            skill: crate::campaign::Skill::Line,
            corps: None,
            jackson: false,
            full: crate::campaign::CounterValues {
                activation: Some(5),
                combat: 4,
                superior: None,
            },
            reduced: None,
            kind: None,
        };
        let forces = [
            force("b1", "Infantry Brigade 1"),
            force("b10", "Infantry Brigade 10"),
            force("sykes", "Sykes"),
        ];
        let line = "[16.4] Infantry Brigade 10 (Union Line Infantry) and Sykes (Union Line \
                    Infantry) move to Cold Harbor.";
        assert_eq!(named_in(line, forces.iter()), vec!["b10", "sykes"]);
        assert!(named_in("[9.1] Turn 2 begins.", forces.iter()).is_empty());
    }

    /// Every name fits the counter's top line, and reads.
    #[test]
    fn names_fit_the_counter() {
        let cases = [
            ("Magruder", "Magruder"),
            ("Morell", "Morell"),
            ("Sykes", "Sykes"),
            ("D.R. Jones", "DR Jones"),
            ("A.P. Hill", "AP Hill"),
            ("R.H. Anderson", "Anderson"),
            ("von Steinwehr", "Steinwe."),
            ("Longstreet", "Longstr."),
        ];
        for (name, short) in cases {
            assert_eq!(short_name(name, NAME_CHARS), short, "{name}");
        }
        // Every name of every bundled campaign fits (8 letters of 9.2 pt
        // FiraMono, 0.6 em each, in the 46-unit counter).
        for id in crate::player_log::GRAND_CAMPAIGN {
            let c = crate::campaign::load_bundled(id).unwrap();
            for f in &c.forces {
                let s = short_name(&f.name, NAME_CHARS);
                assert!(s.chars().count() <= NAME_CHARS, "{id}: {} → {s}", f.name);
                assert!(s.chars().count() as f32 * 9.2 * 0.6 <= COUNTER, "{s}");
            }
        }
        assert_eq!(short_corps("III-AV"), "III");
        assert_eq!(short_corps("Cav"), "Cav");
    }

    /// A stack fans out in a row after the pointer rests on it, every
    /// counter apart and above the map's other pieces; it folds again when
    /// the pointer leaves the row.
    #[test]
    fn a_stack_fans_out_under_the_pointer() {
        let folded = stack_places(UNION_STACK, 3, false);
        let row = stack_places(UNION_STACK, 3, true);
        for w in row.windows(2) {
            assert!(w[1].x - w[0].x >= COUNTER, "{row:?}");
            assert_eq!(w[0].y, w[1].y);
        }
        assert!(row.iter().all(|p| p.z > folded[2].z + 10.0));
        assert!((row[1].x - UNION_STACK.x).abs() < 1e-3, "centred");

        let mut app = App::new();
        app.add_plugins(MinimalPlugins)
            .init_resource::<Fanned>()
            .insert_resource(super::super::camera::MapPointer {
                on_map: true,
                world: Some(Vec2::new(100.0 + UNION_STACK.x, UNION_STACK.y)),
                ..default()
            })
            .init_resource::<CounterScale>()
            .add_message::<bevy::window::RequestRedraw>()
            .add_systems(Update, fan_stacks);
        let hit = |id: &str, at: Vec3| Hit {
            id: id.into(),
            friendly: false,
            area: "a".into(),
            at: Vec2::new(100.0, 0.0),
            centre: at.truncate(),
            half: Vec2::splat(COUNTER / 2.0),
            z: at.z,
        };
        app.insert_resource(CounterHits(vec![hit("x", folded[0]), hit("y", folded[1])]));
        app.update();
        assert_eq!(app.world().resource::<Fanned>().stack, None, "not at once");
        std::thread::sleep(std::time::Duration::from_secs_f64(FAN_AFTER + 0.05));
        app.update();
        assert_eq!(
            app.world().resource::<Fanned>().stack,
            Some(("a".to_string(), Side::Union))
        );
        app.world_mut()
            .resource_mut::<super::super::camera::MapPointer>()
            .world = Some(Vec2::new(900.0, 900.0));
        app.update();
        assert_eq!(app.world().resource::<Fanned>().stack, None);
    }

    /// The reduced side is the army's lighter tone with its name on a band
    /// of the full colour; the Superior Combat Value is kept apart for its
    /// superscript.
    #[test]
    fn the_reduced_side_reads_as_a_flipped_counter() {
        use crate::campaign::{CounterValues, Skill};
        let force = Force {
            id: "hunt".into(),
            side: Side::Union,
            name: "Hunt".into(),
            force_type: ForceType::Artillery,
            skill: Skill::Veteran,
            corps: None,
            jackson: false,
            full: CounterValues {
                activation: None,
                combat: 6,
                superior: Some(2),
            },
            reduced: Some(CounterValues {
                activation: None,
                combat: 3,
                superior: None,
            }),
            kind: None,
        };
        let full = Face::of(&force, Strength::Full);
        let reduced = Face::of(&force, Strength::Reduced);
        assert!(!full.reduced && reduced.reduced);
        let light = |c: Color| c.to_srgba().red + c.to_srgba().green + c.to_srgba().blue;
        assert!(light(reduced.fill) > light(full.fill) + 0.3);
        assert_eq!(
            (full.combat.as_str(), full.superior.as_deref()),
            ("6", Some("2"))
        );
        assert_eq!((reduced.combat.as_str(), reduced.superior), ("3", None));
    }

    /// A piece keeps its place round its area's centre whatever the scale.
    #[test]
    fn badges_scale_round_their_area() {
        let b = Badge {
            at: Vec2::new(100.0, 50.0),
            local: Transform::from_xyz(-27.0, 10.0, 5.0),
        };
        let t = b.transform(1.5);
        assert_eq!(t.translation, Vec3::new(100.0 - 40.5, 65.0, 5.0));
        assert_eq!(t.scale, Vec3::splat(1.5));
        let hits = CounterHits(vec![Hit {
            id: "a".into(),
            friendly: true,
            area: "x".into(),
            at: b.at,
            centre: Vec2::new(-27.0, 10.0),
            half: Vec2::splat(23.0),
            z: 5.0,
        }]);
        assert!(hits.at(Vec2::new(100.0 - 40.5, 65.0 + 30.0), 1.5).is_some());
        assert!(hits.at(Vec2::new(100.0 - 40.5, 65.0 + 30.0), 1.0).is_none());
    }
}
