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
        .add_systems(
            Update,
            rebuild_counters
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
pub const NAME_Y: f32 = 46.0;
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

/// Redraw the stacks when any counter or Lee moves or flips, the selection
/// changes or a Force moves in this step.
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
    mut hits: ResMut<CounterHits>,
    mut last: Local<Option<(Option<String>, Vec<String>)>>,
) {
    let Some(g) = geometry else { return };
    let moved = moved_this_step(
        step.as_deref().map_or(&[], |s| s.answers.as_slice()),
        pending.as_deref(),
        now.map(|s| *s.get()),
    );
    let now = (selection.force.clone(), moved.clone());
    if changed.is_empty() && !old.is_empty() && !g.is_changed() && last.as_ref() == Some(&now) {
        return;
    }
    *last = Some(now);
    for e in &old {
        commands.entity(e).despawn();
    }
    hits.0.clear();
    let k = k.0;
    for (area, centre) in &g.centres {
        let centre = *centre;
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
            let base = match side {
                Side::Confederate => CONFEDERATE_STACK,
                Side::Union => UNION_STACK,
            };
            // Three counters' edges show under the top one at most: the
            // badge tells the rest.
            let step = |i: usize| {
                let shift = 3.0 * i.min(3) as f32;
                Vec3::new(base.x + shift, base.y + shift, 5.0 + 0.2 * i as f32)
            };
            for (i, (f, s)) in stack.iter().enumerate() {
                let at = step(i);
                let face = Face::of(f, *s);
                counter(
                    &mut commands,
                    (centre, at, k),
                    &face,
                    selection.force.as_deref() == Some(f.id.as_str()),
                    moved.contains(&f.id),
                );
                hits.0.push(Hit {
                    id: f.id.clone(),
                    friendly: f.side == Side::Confederate,
                    area: area.clone(),
                    at: centre,
                    centre: at.truncate(),
                    half: Vec2::splat(COUNTER / 2.0 + 1.0),
                    z: at.z,
                });
            }
            if stack.len() > 1 {
                // The stack's size astride its top counter's corner, clear
                // of the name.
                let top = step(stack.len() - 1);
                let at = top + Vec3::new(COUNTER / 2.0 + 2.0, COUNTER / 2.0 + 3.0, 0.15);
                plate(
                    &mut commands,
                    (centre, at, k),
                    Vec2::new(20.0, 13.0),
                    theme::palette::bevy(theme::palette::INK),
                    None,
                    &format!("x{}", stack.len()),
                    10.0,
                );
            }
        }
        if let Some(cr) = lee_here {
            let selected = selection.force.as_deref() == Some("lee");
            let at = Vec3::new(CONFEDERATE_STACK.x, UNDER_STACK, 7.0);
            let size = Vec2::new(COUNTER, 17.0);
            if selected {
                piece(
                    &mut commands,
                    (centre, at - Vec3::Z * 0.03, k),
                    theme::palette::bevy(theme::palette::SELECTED),
                    size + 8.0,
                );
            }
            plate(
                &mut commands,
                (centre, at, k),
                size,
                theme::palette::bevy(theme::palette::CONFEDERATE_DARK),
                Some(theme::palette::bevy(theme::palette::MARKER)),
                &format!("LEE {cr}"),
                11.0,
            );
            hits.0.push(Hit {
                id: "lee".into(),
                friendly: true,
                area: area.clone(),
                at: centre,
                centre: at.truncate(),
                half: size / 2.0 + 1.0,
                z: at.z,
            });
        }
    }
}

/// What a counter shows: its name, combat value (with the superior value),
/// type, Skill Level, Activation Number and corps.
#[derive(Debug, Clone, PartialEq)]
pub struct Face {
    pub fill: Color,
    /// Its values', name's and symbol's colour on `fill`.
    pub ink: Color,
    pub name: String,
    pub combat: String,
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
        let tones = theme::palette::counter(f.side, s == Strength::Reduced);
        Face {
            fill: theme::palette::bevy(tones.field),
            ink: theme::palette::bevy(tones.ink),
            name,
            combat: match v.superior {
                Some(sup) => format!("{}/{}", v.combat, sup),
                None => v.combat.to_string(),
            },
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

/// A plain rectangle round an area's centre.
fn piece(commands: &mut Commands, (at, local, k): (Vec2, Vec3, f32), color: Color, size: Vec2) {
    commands.spawn((
        Sprite::from_color(color, size),
        badge(at, Transform::from_translation(local), k),
        CounterPiece,
    ));
}

/// A dark plate with a word on it, optionally edged.
#[allow(clippy::too_many_arguments)]
fn plate(
    commands: &mut Commands,
    (at, local, k): (Vec2, Vec3, f32),
    size: Vec2,
    fill: Color,
    edge: Option<Color>,
    text: &str,
    font: f32,
) {
    if let Some(edge) = edge {
        piece(commands, (at, local - Vec3::Z * 0.02, k), edge, size + 3.0);
    }
    piece(commands, (at, local, k), fill, size);
    commands.spawn((
        Text2d::new(text),
        TextFont::from_font_size(font),
        TextColor(theme::palette::bevy(theme::palette::PAPER_RAISED)),
        badge(at, Transform::from_translation(local + Vec3::Z * 0.02), k),
        CounterPiece,
    ));
}

/// One counter at `local` round the area's centre `at`.
fn counter(
    commands: &mut Commands,
    (at, local, k): (Vec2, Vec3, f32),
    face: &Face,
    selected: bool,
    moved: bool,
) {
    let size = COUNTER;
    let p = |dx: f32, dy: f32, dz: f32| (at, local + Vec3::new(dx, dy, dz), k);
    if selected {
        piece(
            commands,
            p(0.0, 0.0, -0.05),
            theme::palette::bevy(theme::palette::SELECTED),
            Vec2::splat(size + 8.0),
        );
    }
    piece(
        commands,
        p(0.0, 0.0, -0.02),
        theme::palette::bevy(theme::palette::INK),
        Vec2::splat(size + 2.0),
    );
    piece(commands, p(0.0, 0.0, 0.0), face.fill, Vec2::splat(size));
    let text = |commands: &mut Commands, s: &str, font: f32, dx: f32, dy: f32| {
        commands.spawn((
            Text2d::new(s),
            TextFont::from_font_size(font),
            TextColor(face.ink),
            badge(
                at,
                Transform::from_translation(local + Vec3::new(dx, dy, 0.03)),
                k,
            ),
            CounterPiece,
        ));
    };
    text(commands, &face.name, 9.2, 0.0, 14.0);
    text(commands, &face.combat, 17.0, 0.0, 0.5);
    nato_symbol(commands, p(-13.0, -14.0, 0.01), face.force_type, face.ink);
    text(commands, &face.values, 9.5, 1.0, -14.0);
    if !face.corps.is_empty() {
        text(commands, &face.corps, 8.0, 15.0, -14.0);
    }
    if face.reduced {
        commands.spawn((
            Sprite::from_color(
                theme::palette::bevy(theme::palette::FAILED),
                Vec2::new(size * 1.35, 2.5),
            ),
            badge(
                at,
                Transform::from_translation(local + Vec3::Z * 0.05)
                    .with_rotation(Quat::from_rotation_z(0.785)),
                k,
            ),
            CounterPiece,
        ));
    }
    if moved {
        // A gold corner, outside the counters above it in the stack.
        let corner = local + Vec3::new(-size / 2.0, -size / 2.0, 0.06);
        for (color, side) in [
            (theme::palette::bevy(theme::palette::INK), 11.0),
            (theme::palette::bevy(theme::palette::MARKER), 8.0),
        ] {
            commands.spawn((
                Sprite::from_color(color, Vec2::splat(side)),
                badge(
                    at,
                    Transform::from_translation(corner + Vec3::Z * (side - 11.0).abs() * 0.001)
                        .with_rotation(Quat::from_rotation_z(std::f32::consts::FRAC_PI_4)),
                    k,
                ),
                CounterPiece,
                MovedMark,
            ));
        }
    }
}

/// The type's NATO symbol, drawn (the map's font has no symbols): a box
/// with a cross (infantry), a slash (cavalry), a dot (artillery), or a
/// letter (Garrison, Fortification).
fn nato_symbol(
    commands: &mut Commands,
    (at, local, k): (Vec2, Vec3, f32),
    t: ForceType,
    line: Color,
) {
    let (w, h) = (13.0, 8.0);
    let mut spawn = |sprite: Sprite, offset: Vec3, rot: f32| {
        commands.spawn((
            sprite,
            badge(
                at,
                Transform::from_translation(local + offset)
                    .with_rotation(Quat::from_rotation_z(rot)),
                k,
            ),
            CounterPiece,
        ));
    };
    // The frame: four thin bars.
    for (dx, dy, sw, sh) in [
        (0.0, h / 2.0, w + 1.0, 1.0),
        (0.0, -h / 2.0, w + 1.0, 1.0),
        (-w / 2.0, 0.0, 1.0, h),
        (w / 2.0, 0.0, 1.0, h),
    ] {
        spawn(
            Sprite::from_color(line, Vec2::new(sw, sh)),
            Vec3::new(dx, dy, 0.0),
            0.0,
        );
    }
    let diagonal = (w * w + h * h).sqrt();
    let angle = (h / w).atan();
    match t {
        ForceType::Infantry => {
            for a in [angle, -angle] {
                spawn(
                    Sprite::from_color(line, Vec2::new(diagonal, 1.0)),
                    Vec3::Z * 0.01,
                    a,
                );
            }
        }
        ForceType::Cavalry => spawn(
            Sprite::from_color(line, Vec2::new(diagonal, 1.0)),
            Vec3::Z * 0.01,
            angle,
        ),
        ForceType::Artillery => {
            // A round dot: two squares, one turned.
            for a in [0.0, std::f32::consts::FRAC_PI_4] {
                spawn(
                    Sprite::from_color(line, Vec2::splat(3.6)),
                    Vec3::Z * 0.01,
                    a,
                );
            }
        }
        ForceType::Garrison | ForceType::Fortification => {
            let letter = if t == ForceType::Garrison { "G" } else { "F" };
            commands.spawn((
                Text2d::new(letter),
                TextFont::from_font_size(7.5),
                TextColor(line),
                badge(at, Transform::from_translation(local + Vec3::Z * 0.01), k),
                CounterPiece,
            ));
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
