//! The Battlefield Sheet (4.2, 10.2.14), drawn as the printed one: six
//! Regions as horizontal bands, the Union Reserve at the top and the
//! Confederate Reserve at the bottom, named with their capacities on a
//! rail at the left, each army's half in its own tone under the double
//! rule between them; counters as printed (their NATO unit symbol, Combat
//! Value, Skill Level and Activation; the reduced side a lighter field
//! with a stripe), Line horizontal and Column vertical (10.3), their
//! states as rings; Lee's box; the battle turn track; the Union Tactics
//! marker with the combined Combat Values behind it; the Special Battle
//! Plans in effect; Melee Regions marked. Counters glide to their new
//! Region, flash when Hit and fade when destroyed or gone.
//!
//! The Advanced Battlefield Sheet (A10.2.14) is the same sheet cut into
//! Squares: Rows A (the Union Reserve) to F (the Confederate Reserve) by
//! Columns 1 to 6, at most one Force of each side in a Square, both sides
//! in one Square in Melee (A11.5); the target a Flank or Rapid Advance
//! counter declared (A12.3) is drawn as an arrow. The Squares a pending
//! question offers (a March, a Retreat, a set-up) and the Union Forces it
//! offers as targets are highlighted and answer a click.
//!
//! One module for each thing drawn: [`geometry`] (where everything goes),
//! [`grid`] (the bands, Rows, Columns and Squares, Lee's box), [`header`]
//! (the strip above the sheet), [`counters`] (the counters and their
//! tags), [`hover`] (what a counter's hover explains) and [`overlays`]
//! (arrows, rings and the set-up popup); [`offer`] is what the pending
//! question offers on the sheet and what the player did there.

mod counters;

/// A printed box's double rule: a heavy edge and a hairline `inset`
/// inside it, in `color`, widths `(outer, inner)`.
pub(super) fn double_edge(
    painter: &egui::Painter,
    rect: egui::Rect,
    color: egui::Color32,
    (outer, inner): (f32, f32),
    inset: f32,
) {
    painter.rect_stroke(rect, 2.0, Stroke::new(outer, color), StrokeKind::Inside);
    painter.rect_stroke(
        rect.shrink(inset),
        1.0,
        Stroke::new(inner, color),
        StrokeKind::Inside,
    );
}

#[cfg(test)]
mod fixtures;
mod geometry;
mod grid;
mod header;
mod hover;
mod offer;
mod overlays;
mod palette;

use bevy_egui::egui::{self, Align2, FontId, Pos2, Rect, Sense, Stroke, StrokeKind, Vec2};

pub(crate) use counters::dashed_rect as dashed;
pub use geometry::{Geometry, columns};
pub use hover::place;
pub use offer::{Offer, SheetInput};
pub(crate) use palette::{bold, italic, serif_bold};

use crate::campaign::Side;
use crate::rules::battle::record::{Relation, SheetUnit, SheetView};
use crate::rules::board::Board;
use counters::counter;
use geometry::layout;
use grid::{bands, lee_box, squares};
use header::header_strip;
use overlays::{aims, placement_popup, ring};
use palette::{CHANGED, HOVER, INK, OFFER, ON_DARK, PARCHMENT, REACH, RED, THREAT};

/// Draw the sheet in `rect`: the Advanced sheet's Squares when `advanced`.
/// `before` is the previous frame: what changed is outlined and what left
/// the sheet fades out. `offer` is what the pending question lets the
/// player pick on it.
#[allow(clippy::too_many_arguments)]
pub fn draw(
    ui: &mut egui::Ui,
    board: &Board,
    battle_id: usize,
    title: &str,
    sheet: &SheetView,
    before: Option<&SheetView>,
    caption: &str,
    picked: Option<&str>,
    advanced: bool,
    offer: &Offer,
) -> SheetInput {
    let mut input = SheetInput::default();
    let rect = ui.available_rect_before_wrap();
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 0.0, PARCHMENT);
    let g = Geometry::new(rect, advanced.then(|| columns(sheet, offer)), sheet.lee);
    header_strip(ui, &painter, g.header, title, sheet, offer.setup.as_deref());
    if advanced {
        squares(ui, &painter, &g, sheet, offer, &mut input);
    } else {
        bands(&painter, &g, sheet);
    }
    if g.lee_w > 0.0 {
        lee_box(ui, &painter, board, &g, sheet);
    }
    let scene = Scene {
        board,
        battle_id,
        sheet,
        before,
        offer,
        picked,
    };
    // Counters, each gliding to where it stands now.
    let shown = glide(ui.ctx(), &scene, &layout(sheet, &g));
    let selected = selected(ui, &scene, &shown);
    // A Force that has acted this battle turn marches no more: its reach
    // is not shown.
    if let Some(sel) = selected.filter(|s| !s.acted) {
        reach(&painter, &g, sel, offer);
    }
    input.counters = shown
        .iter()
        .map(|(k, r)| (sheet.units[*k].force.clone(), *r))
        .collect();
    // A12.3: each declared target, an arrow under the counters.
    aims(&painter, sheet, &shown);
    for (k, at) in &shown {
        one_counter(
            ui,
            &painter,
            &scene,
            &sheet.units[*k],
            *at,
            selected,
            &mut input,
        );
    }
    // Every counter's tags over all the counters: none hides another's.
    for (k, at) in &shown {
        let u = &sheet.units[*k];
        let alpha = ui
            .ctx()
            .animate_value_with_time(scene.id(&u.force).with("a"), 1.0, 0.5);
        counters::tags(&painter, board, u, *at, alpha);
    }
    ghosts(&painter, &g, board, sheet, offer, &shown);
    if let Some(b) = before {
        departed(ui, &painter, &scene, b, &layout(b, &g));
    }
    if let Some(side) = sheet.routed {
        rout(&painter, &g, side);
    }
    if let Some((square, formations)) = &offer.chosen
        && let Some(cell) = g.cell(*square)
    {
        placement_popup(ui, battle_id, rect, cell, *square, formations, &mut input);
    }
    footer(&painter, &g, caption);
    ui.allocate_rect(rect, Sense::hover());
    input
}

/// The Suggest panel's assignment (issue 37): each suggested counter
/// under its Force, where the counter given is drawn (over the Force's
/// foot where there is no room: it would hide its Combat Value), the Force
/// ringed; a line under the header says what the dashed counters are, and
/// names a suggested Formation counter (12.3.7), which stands beside the
/// sheet.
fn ghosts(
    painter: &egui::Painter,
    g: &Geometry,
    board: &Board,
    sheet: &SheetView,
    offer: &Offer,
    shown: &[(usize, Rect)],
) {
    if offer.ghosts.is_empty() {
        return;
    }
    let mut stacked: Vec<(usize, f32)> = Vec::new();
    for ghost in &offer.ghosts {
        let Some(force) = &ghost.force else { continue };
        let Some(i) = shown
            .iter()
            .position(|(k, _)| sheet.units[*k].force == *force)
        else {
            continue;
        };
        let (k, at) = shown[i];
        // Under the counter and its tags while there is room before the
        // next counter down or the sheet's foot; else over the counter's
        // foot. Two for one Force (Prepare and another) stack.
        let n = match stacked.iter_mut().find(|(j, _)| *j == k) {
            Some((_, n)) => {
                *n += 1.0;
                *n
            }
            None => {
                stacked.push((k, 0.0));
                0.0
            }
        };
        let u = &sheet.units[k];
        let tags = match u.side {
            Side::Confederate => counters::tag_list(board, u).len() as f32,
            Side::Union => 0.0,
        };
        let top = at.bottom() + 3.0 + counters::TAG_STEP * tags;
        let floor = (shown.iter())
            .filter(|(j, r)| {
                *j != k && r.top() >= at.bottom() && r.left() < at.right() && r.right() > at.left()
            })
            .map(|(_, r)| r.top())
            .fold(g.body.bottom(), f32::min);
        let step = counters::GHOST_TAG_H + 1.0;
        let y = if top + step * (n + 1.0) <= floor {
            top + step * n
        } else {
            at.bottom() - counters::GHOST_TAG_H - step * n
        };
        counters::ghost(painter, at, y, ghost.plan, ghost.pointed);
    }
    let formation = offer.ghosts.iter().any(|g| g.force.is_none());
    let text = if formation {
        "Dashed green: the suggested Battle Plan Counters, not given yet — and the Formation counter beside the sheet (12.3.7)"
    } else {
        "Dashed green: the suggested Battle Plan Counters, not given yet"
    };
    let font = FontId::proportional(11.0);
    let ink = crate::app::suggest::GHOST;
    let galley = painter.layout_no_wrap(text.to_string(), font, ink);
    // At the top right of the sheet, where the Union Reserve's counters
    // (drawn from the left) rarely reach.
    let size = galley.size() + Vec2::new(10.0, 4.0);
    let b = Rect::from_min_size(
        Pos2::new(g.body.right() - size.x - 4.0, g.body.top() + 3.0),
        size,
    );
    let at = b.min;
    painter.rect_filled(
        b,
        3.0,
        crate::app::theme::palette::ADVICE_PALE.gamma_multiply(0.9),
    );
    counters::dashed_rect(painter, b, Stroke::new(1.2, ink));
    painter.galley(at + Vec2::new(5.0, 2.0), galley, ink);
}

/// The Rout (14.5), across the sheet.
fn rout(painter: &egui::Painter, g: &Geometry, side: Side) {
    // A banner across the sheet, as a stamp on the printed page.
    let galley = painter.layout_no_wrap(
        format!("The {} Rout (14.5)", side.army()),
        serif_bold(painter.ctx(), 30.0),
        RED,
    );
    let banner = Rect::from_center_size(g.body.center(), galley.size() + Vec2::new(32.0, 12.0));
    painter.rect_filled(
        banner,
        2.0,
        crate::app::theme::palette::PAPER_RAISED.gamma_multiply(0.92),
    );
    double_edge(painter, banner, RED, (2.5, 1.0), 5.0);
    painter.galley(banner.center() - galley.size() / 2.0, galley, RED);
}

/// The latest change, as a caption under the sheet.
fn footer(painter: &egui::Painter, g: &Geometry, caption: &str) {
    painter.rect_filled(g.foot, 0.0, INK.gamma_multiply(0.85));
    painter.text(
        g.foot.left_center() + Vec2::new(10.0, 0.0),
        Align2::LEFT_CENTER,
        format!("▶ {caption}"),
        FontId::proportional(13.0),
        ON_DARK,
    );
}

/// What one frame of the sheet is drawn from.
struct Scene<'a> {
    board: &'a Board,
    battle_id: usize,
    sheet: &'a SheetView,
    /// The previous frame's sheet.
    before: Option<&'a SheetView>,
    offer: &'a Offer,
    /// The Confederate Force picked in the decision panel.
    picked: Option<&'a str>,
}

impl Scene<'_> {
    /// A counter's animation id: its Force in this battle.
    fn id(&self, force: &str) -> egui::Id {
        egui::Id::new(("sheet", self.battle_id, force))
    }
}

/// Where each counter is drawn this frame, on its way to where it stands
/// (`placed`).
fn glide(ctx: &egui::Context, scene: &Scene, placed: &[(usize, Rect)]) -> Vec<(usize, Rect)> {
    placed
        .iter()
        .map(|(k, target)| {
            let id = scene.id(&scene.sheet.units[*k].force);
            let x = ctx.animate_value_with_time(id.with("x"), target.left(), 0.35);
            let y = ctx.animate_value_with_time(id.with("y"), target.top(), 0.35);
            (*k, Rect::from_min_size(Pos2::new(x, y), target.size()))
        })
        .collect()
}

/// Display only, never an answer: the Confederate Force hovered, else the
/// one picked.
fn selected<'a>(
    ui: &egui::Ui,
    scene: &Scene<'a>,
    shown: &[(usize, Rect)],
) -> Option<&'a SheetUnit> {
    let sheet = scene.sheet;
    let hovered = shown
        .iter()
        .find(|(_, r)| ui.rect_contains_pointer(*r))
        .map(|(k, _)| *k);
    hovered
        .filter(|&k| sheet.units[k].side == Side::Confederate)
        .or_else(|| {
            let p = scene.picked?;
            sheet
                .units
                .iter()
                .position(|u| u.force == p && u.side == Side::Confederate)
        })
        .map(|k| &sheet.units[k])
}

/// The Squares the selected Force's March reaches (A12.4), as the rules
/// see them, those the question offers left to the offer's highlight.
fn reach(painter: &egui::Painter, g: &Geometry, sel: &SheetUnit, offer: &Offer) {
    for square in sel.reach.iter().filter(|s| !offer.squares.contains(s)) {
        if let Some(cell) = g.cell(*square) {
            painter.rect_filled(cell.shrink(4.0), 4.0, REACH.gamma_multiply(0.22));
            painter.rect_stroke(
                cell.shrink(4.0),
                4.0,
                Stroke::new(1.5, REACH),
                StrokeKind::Inside,
            );
        }
    }
}

/// One counter at `at`: the offer's highlight when it is a target, the
/// counter, the selected Force's ring when it may attack it (A11.6), a
/// flash when Hit or an outline when changed since the previous frame;
/// a click answers the question or picks a Confederate Force.
fn one_counter(
    ui: &mut egui::Ui,
    painter: &egui::Painter,
    scene: &Scene,
    u: &SheetUnit,
    at: Rect,
    selected: Option<&SheetUnit>,
    input: &mut SheetInput,
) {
    let ctx = ui.ctx().clone();
    let id = scene.id(&u.force);
    let alpha = ctx.animate_value_with_time(id.with("a"), 1.0, 0.5);
    let target = scene.offer.targets.contains(&u.force);
    if target {
        // A target the question offers: a double ring, never a fill.
        painter.rect_stroke(
            at.expand(7.0),
            6.0,
            Stroke::new(2.5, THREAT),
            StrokeKind::Outside,
        );
        painter.rect_stroke(
            at.expand(3.5),
            4.0,
            Stroke::new(1.5, THREAT),
            StrokeKind::Outside,
        );
    }
    // How the selected enemy Force stands toward this one.
    let from: Option<(&SheetUnit, &Relation)> = selected
        .filter(|s| s.side != u.side)
        .and_then(|sel| Some((sel, sel.relations.iter().find(|r| r.force == u.force)?)));
    let picked = scene.picked == Some(u.force.as_str());
    if !picked && !target && scene.offer.can_act.contains(&u.force) {
        // A Force the question lets act: a ring.
        painter.rect_stroke(
            at.expand(4.0),
            5.0,
            Stroke::new(2.0, OFFER.gamma_multiply(alpha)),
            StrokeKind::Outside,
        );
    }
    let resp = counter(ui, painter, scene.board, u, at, alpha, picked, from);
    if resp.hovered() && !picked {
        // Under the pointer: a thin ring of its own.
        painter.rect_stroke(
            at.expand(2.5),
            4.0,
            Stroke::new(1.5, HOVER),
            StrokeKind::Outside,
        );
    }
    if let Some((_, r)) = from.filter(|(_, r)| r.target) {
        // An offered target keeps the offer's highlight; the range goes
        // under it either way.
        ring(painter, at, r, !target);
    }
    changes(painter, &ctx, scene, u, at, id);
    if target && resp.hovered() {
        ui.ctx().set_cursor_icon(egui::CursorIcon::PointingHand);
    }
    if resp.clicked() {
        if target {
            input.target = Some(u.force.clone());
        } else if let Some(s) = u.square.filter(|s| scene.offer.squares.contains(s)) {
            // A Shock attack: the Square of the Force attacked.
            input.square = Some(s);
        } else if u.side == Side::Confederate {
            input.clicked = Some(u.force.clone());
        }
    }
}

/// What changed since the previous frame: a red flash when the counter
/// was Hit, else an outline when it moved, turned or was reduced.
fn changes(
    painter: &egui::Painter,
    ctx: &egui::Context,
    scene: &Scene,
    u: &SheetUnit,
    at: Rect,
    id: egui::Id,
) {
    let old = scene
        .before
        .and_then(|b| b.units.iter().find(|o| o.force == u.force));
    let changed = old.is_some_and(|o| {
        o.region != u.region
            || o.square != u.square
            || o.formation != u.formation
            || o.reduced != u.reduced
    });
    let hit = old.is_some_and(|o| !o.reduced && u.reduced);
    if hit {
        let flash = ctx.animate_value_with_time(id.with("hit"), 0.0, 0.8);
        painter.rect_stroke(
            at.expand(4.0),
            4.0,
            Stroke::new(3.0, RED.gamma_multiply(flash.max(0.4))),
            StrokeKind::Outside,
        );
    } else {
        ctx.animate_value_with_time(id.with("hit"), 1.0, 0.0);
        if changed {
            painter.rect_stroke(
                at.expand(3.0),
                4.0,
                Stroke::new(2.0, CHANGED),
                StrokeKind::Outside,
            );
        }
    }
}

/// What left the sheet since the previous frame (`before`, its counters
/// at `previous`) fades where it stood, crossed out.
fn departed(
    ui: &mut egui::Ui,
    painter: &egui::Painter,
    scene: &Scene,
    before: &SheetView,
    previous: &[(usize, Rect)],
) {
    let ctx = ui.ctx().clone();
    for (k, r) in previous {
        let u = &before.units[*k];
        if scene.sheet.units.iter().any(|n| n.force == u.force) {
            continue;
        }
        let alpha = ctx.animate_value_with_time(scene.id(&u.force).with("a"), 0.0, 0.6);
        if alpha > 0.02 {
            counter(ui, painter, scene.board, u, *r, alpha, false, None);
            let s = Stroke::new(3.0, RED.gamma_multiply(alpha));
            painter.line_segment([r.left_top(), r.right_bottom()], s);
            painter.line_segment([r.right_top(), r.left_bottom()], s);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::battle::ground::Square;
    use crate::rules::battle::record::Strikes;
    use crate::rules::battle::terms::Formation;
    use crate::rules::components::Strength;
    use fixtures::{relation, sheet, unit};

    /// The sheet drawn twice (egui lays out on the first pass) in a
    /// 1000×700 window: the clicks it takes and what it painted.
    fn drawn(
        ctx: &egui::Context,
        board: &Board,
        s: &crate::rules::battle::record::SheetView,
    ) -> (SheetInput, Vec<egui::epaint::ClippedShape>) {
        let screen = Rect::from_min_size(Pos2::ZERO, Vec2::new(1000.0, 700.0));
        let mut input = SheetInput::default();
        let mut shapes = Vec::new();
        for _ in 0..2 {
            let raw = egui::RawInput {
                screen_rect: Some(screen),
                ..Default::default()
            };
            let mut out = ctx.run_ui(raw, |ui| {
                egui::CentralPanel::no_frame().show(ui, |ui| {
                    input = draw(
                        ui,
                        board,
                        0,
                        "Battle",
                        s,
                        None,
                        "",
                        None,
                        true,
                        &Offer::default(),
                    );
                });
            });
            out.textures_delta.clear();
            shapes = out.shapes;
        }
        (input, shapes)
    }

    /// A Melee Square (A11.5): the defender's tag (its Hard Cover) is
    /// painted after both counters, so the attacker beside it never hides
    /// it; and the two counters stand apart in the Square.
    #[test]
    fn in_a_melee_square_no_counter_hides_the_other_or_its_tags() {
        use crate::rules::components::Location;
        let c = std::sync::Arc::new(crate::campaign::load_bundled("seven-days").unwrap());
        let mut board = Board::empty(c, Default::default());
        for id in ["kearny", "longstreet"] {
            board.place(id, Location::Area("glendale".into()), Strength::Full);
        }
        let mut kearny = unit("kearny", Side::Union, "D3", Formation::Line);
        kearny.hard_cover = true;
        let mut longstreet = unit("longstreet", Side::Confederate, "D3", Formation::Line);
        longstreet.counter = Some(crate::rules::battle::terms::PlanCounter::RapidAdvance);
        let s = sheet(vec![kearny, longstreet]);
        let ctx = egui::Context::default();
        let (input, shapes) = drawn(&ctx, &board, &s);
        let rect_of = |f: &str| input.counters.iter().find(|(g, _)| g == f).unwrap().1;
        let (k, l) = (rect_of("kearny"), rect_of("longstreet"));
        assert!(!k.intersects(l), "{k:?} {l:?}");
        // Where each thing was painted, in order.
        let text_at = |t: &str| {
            shapes.iter().position(|c| match &c.shape {
                egui::Shape::Text(ts) => ts.galley.text() == t,
                _ => false,
            })
        };
        let filled_at = |r: Rect| {
            shapes.iter().rposition(|c| match &c.shape {
                egui::Shape::Rect(rs) => rs.rect == r,
                _ => false,
            })
        };
        let tag = text_at("Hard Cover").expect("the defender's tag");
        let attacker = filled_at(l).expect("the attacker's counter");
        assert!(tag > attacker, "the tag is painted over the counters");
    }

    /// Issue 47: a lesson card can ring a Square or a Row of the
    /// Advanced sheet: each is marked where it is drawn, the Square round
    /// the counter standing in it, the Row (named by its Region) round the
    /// Square.
    #[test]
    fn the_advanced_sheet_marks_its_squares_and_rows_for_a_lesson() {
        use crate::app::tutorial_hooks::{marked, square_element};
        use crate::rules::components::Location;
        let c = std::sync::Arc::new(crate::campaign::load_bundled("seven-days").unwrap());
        let mut board = Board::empty(c, Default::default());
        board.place(
            "longstreet",
            Location::Area("glendale".into()),
            Strength::Full,
        );
        let s = sheet(vec![unit(
            "longstreet",
            Side::Confederate,
            "E4",
            Formation::Line,
        )]);
        let ctx = egui::Context::default();
        let (input, _) = drawn(&ctx, &board, &s);
        let counter = input
            .counters
            .iter()
            .find(|(f, _)| f == "longstreet")
            .unwrap()
            .1;
        let e4 = marked(&ctx, &square_element("E4")).expect("E4 marked");
        assert!(e4.contains_rect(counter), "{e4:?} {counter:?}");
        let d4 = marked(&ctx, &square_element("D4")).expect("D4 marked");
        let e5 = marked(&ctx, &square_element("E5")).expect("E5 marked");
        assert!(d4.bottom() <= e4.top() + 1.0 && e5.left() >= e4.right() - 1.0);
        let row_e = marked(&ctx, "sheet.confederate-approach").expect("Row E marked");
        assert!(row_e.contains_rect(e4) && !row_e.contains_rect(d4));
        assert!(marked(&ctx, &square_element("G1")).is_none());
    }

    /// Issue 46: a counter draws its unit symbol (no letter "X" for it)
    /// and prints its Combat Value and Skill Level; its reduced side is
    /// its army's lighter field, never crossed by a red slash.
    #[test]
    fn a_reduced_counter_is_a_lighter_field_without_a_slash() {
        use crate::app::theme::palette;
        use crate::rules::components::Location;
        let c = std::sync::Arc::new(crate::campaign::load_bundled("seven-days").unwrap());
        let mut board = Board::empty(c, Default::default());
        board.place("kearny", Location::Area("glendale".into()), Strength::Full);
        board.place(
            "longstreet",
            Location::Area("glendale".into()),
            Strength::Reduced,
        );
        let mut longstreet = unit("longstreet", Side::Confederate, "E3", Formation::Line);
        longstreet.reduced = true;
        longstreet.in_melee = false;
        let mut kearny = unit("kearny", Side::Union, "B3", Formation::Column);
        kearny.in_melee = false;
        let s = sheet(vec![kearny, longstreet]);
        let ctx = egui::Context::default();
        crate::app::theme::style::apply(&ctx);
        let (input, shapes) = drawn(&ctx, &board, &s);
        let texts: Vec<String> = crate::app::theme::drawn_texts(&shapes);
        assert!(
            !texts.iter().any(|t| t == "X" || t.starts_with("X ")),
            "{texts:?}"
        );
        let piece = board.piece("longstreet").unwrap();
        let reduced = piece.force.values(Strength::Reduced);
        for want in [
            reduced.combat.to_string(),
            piece.force.skill.letter().to_string(),
        ] {
            assert!(texts.contains(&want), "{want} in {texts:?}");
        }
        let at = input
            .counters
            .iter()
            .find(|(f, _)| f == "longstreet")
            .unwrap()
            .1;
        let field = palette::counter(Side::Confederate, true).field;
        assert!(shapes.iter().any(|c| matches!(&c.shape,
            egui::Shape::Rect(r) if r.rect == at && r.fill == field)));
        let slash = shapes.iter().any(|c| match &c.shape {
            egui::Shape::LineSegment { points, stroke } => {
                stroke.color == palette::FAILED && at.contains(points[0]) && at.contains(points[1])
            }
            _ => false,
        });
        assert!(!slash, "no red slash across a reduced counter");
    }

    /// Selecting a Confederate Force shows what it may do and takes no
    /// decision: the pointer on a Union Force it may attack, a click on
    /// it, give the sheet's input no target and no Square.
    #[test]
    fn selection_is_display_only() {
        use crate::rules::components::Location;
        let c = std::sync::Arc::new(crate::campaign::load_bundled("seven-days").unwrap());
        let mut board = Board::empty(c, Default::default());
        for id in ["kearny", "longstreet"] {
            board.place(id, Location::Area("glendale".into()), Strength::Full);
        }
        let mut longstreet = unit("longstreet", Side::Confederate, "D3", Formation::Line);
        longstreet.in_melee = false;
        longstreet.relations = vec![relation("kearny", 1, Some(Strikes::Front), true)];
        longstreet.reach = vec![Square::named("C3").unwrap(), Square::named("D4").unwrap()];
        let mut kearny = unit("kearny", Side::Union, "C3", Formation::Line);
        kearny.in_melee = false;
        let s = sheet(vec![longstreet, kearny]);
        let ctx = egui::Context::default();
        let screen = Rect::from_min_size(Pos2::ZERO, Vec2::new(1200.0, 900.0));
        let at = {
            let g = Geometry::new(screen, Some(6), false);
            let placed = layout(&s, &g);
            placed.iter().find(|(k, _)| *k == 1).unwrap().1.center()
        };
        let frames = [
            vec![egui::Event::PointerMoved(at)],
            vec![egui::Event::PointerButton {
                pos: at,
                button: egui::PointerButton::Primary,
                pressed: true,
                modifiers: Default::default(),
            }],
            vec![egui::Event::PointerButton {
                pos: at,
                button: egui::PointerButton::Primary,
                pressed: false,
                modifiers: Default::default(),
            }],
            Vec::new(),
        ];
        let mut inputs = Vec::new();
        for events in frames {
            let raw = egui::RawInput {
                screen_rect: Some(screen),
                events,
                ..Default::default()
            };
            let mut out = ctx.run_ui(raw, |ui| {
                egui::CentralPanel::no_frame().show(ui, |ui| {
                    inputs.push(draw(
                        ui,
                        &board,
                        0,
                        "Battle",
                        &s,
                        None,
                        "",
                        Some("longstreet"),
                        true,
                        &Offer::default(),
                    ));
                });
            });
            out.textures_delta.clear();
        }
        assert!(inputs.iter().all(|i| i.target.is_none()
            && i.square.is_none()
            && i.place.is_none()
            && i.clicked.is_none()));
        // The counters were drawn where the layout puts them.
        let drawn = &inputs.last().unwrap().counters;
        assert_eq!(drawn.len(), 2);
    }
}
