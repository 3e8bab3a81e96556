//! The Battlefield Sheet (4.2, 10.2.14): six Regions as horizontal bands,
//! the Union Reserve at the top and the Confederate Reserve at the bottom,
//! with their capacities; counters drawn as on the map, Line horizontal and
//! Column vertical (10.3); Lee's box; the battle turn track; the Union
//! Tactics marker with the combined Combat Values behind it; the Special
//! Battle Plans in effect; Melee Regions marked. Counters glide to their
//! new Region, flash when Hit and fade when destroyed or gone.
//!
//! The Advanced Battlefield Sheet (A10.2.14) is the same sheet cut into
//! Squares: Rows A (the Union Reserve) to F (the Confederate Reserve) by
//! Columns 1 to 6, at most one Force of each side in a Square, both sides
//! in one Square in Melee (A11.5); the target a Flank or Rapid Advance
//! counter declared (A12.3) is drawn as an arrow. The Squares a pending
//! question offers (a March, a Retreat, a set-up) and the Union Forces it
//! offers as targets are highlighted and answer a click.

use bevy_egui::egui::{
    self, Align2, Color32, FontId, Pos2, Rect, Sense, Shape, Stroke, StrokeKind, Vec2,
};

use crate::campaign::Side;
use crate::chronicle::Modifier;
use crate::rules::battle::ground::{Region, Square};
use crate::rules::battle::record::{Relation, SheetUnit, SheetView, Strikes};
use crate::rules::battle::terms::{Formation, PlanCounter, Tactics};
use crate::rules::board::{Board, label};
use crate::rules::components::Strength;

const PARCHMENT: Color32 = Color32::from_rgb(232, 222, 192);
const BAND_UNION: Color32 = Color32::from_rgb(214, 220, 232);
const BAND_CONFEDERATE: Color32 = Color32::from_rgb(226, 222, 214);
const MELEE: Color32 = Color32::from_rgb(236, 196, 186);
const INK: Color32 = Color32::from_rgb(50, 40, 30);
const GREY: Color32 = Color32::from_rgb(150, 150, 150);
const BLUE: Color32 = Color32::from_rgb(46, 76, 158);
const CONFEDERATE_COUNTER: Color32 = Color32::from_rgb(190, 190, 186);
const TAG: Color32 = Color32::from_rgb(246, 214, 90);
const RED: Color32 = Color32::from_rgb(200, 30, 30);
/// The declared target of a Flank or Rapid Advance counter (A12.3).
const AIM: Color32 = Color32::from_rgb(196, 96, 16);
/// A Square or Force the pending question offers.
const OFFER: Color32 = Color32::from_rgb(255, 196, 0);
/// The selected Force's reach: the Squares a March takes it into (A12.4).
const REACH: Color32 = Color32::from_rgb(60, 150, 90);
/// A Union Force the selected Force may attack now (A11.6).
const THREAT: Color32 = Color32::from_rgb(170, 20, 60);

/// The bands from the top of the screen down.
const TOP_DOWN: [Region; 6] = [
    Region::UnionReserve,
    Region::UnionApproach,
    Region::UnionFront,
    Region::ConfederateFront,
    Region::ConfederateApproach,
    Region::ConfederateReserve,
];

/// The header strip's height, the caption's, and (Advanced) the strip of
/// Column numbers above Row A.
const HEADER_H: f32 = 86.0;
const FOOTER_H: f32 = 26.0;
const NUMBERS_H: f32 = 18.0;
/// The modified sheet's Row labels: the letter only (its Region on hover).
const WIDE_LABEL_W: f32 = 30.0;
/// The smallest letters a counter's name is written in.
const NAME_MIN: f32 = 8.5;

/// What the player did on the sheet.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct SheetInput {
    /// Where each counter was drawn (the screenshot tour hovers one).
    pub counters: Vec<(String, Rect)>,
    /// A Confederate Force clicked.
    pub clicked: Option<String>,
    /// A highlighted Square clicked (Advanced: March into, Retreat into,
    /// set up in).
    pub square: Option<Square>,
    /// A highlighted Union Force clicked (Advanced: a target).
    pub target: Option<String>,
    /// A Square and Formation chosen in the set-up popup (A10.2.14).
    pub place: Option<(Square, Formation)>,
}

/// What the pending question lets the player pick on the sheet.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Offer {
    /// Squares offered (a March, a Retreat, a Square to set up in).
    pub squares: Vec<Square>,
    /// What clicking one of them does ("March here").
    pub verb: String,
    /// Set-up: the Square picked and the Formations offered in it.
    pub chosen: Option<(Square, Vec<Formation>)>,
    /// Union Forces offered as the target of an attack or a counter.
    pub targets: Vec<String>,
    /// Before the battle begins (A10.2.14): what the header says instead
    /// of the turn track and the Union Tactics.
    pub setup: Option<String>,
}

/// Where everything on the sheet goes in `rect`.
#[derive(Debug, Clone)]
pub struct Geometry {
    pub header: Rect,
    pub body: Rect,
    pub foot: Rect,
    pub label_w: f32,
    pub lee_w: f32,
    /// Each band (Region, or Row of Squares), label column included, top
    /// down.
    pub bands: [Rect; 6],
    /// Where counters go in each band, top down.
    pub inner: [Rect; 6],
    /// Advanced: the Column numbers' strip, and every Square's cell.
    pub numbers: Option<Rect>,
    pub cells: Vec<(Square, Rect)>,
}

impl Geometry {
    /// `columns`: the Advanced sheet's width in Squares (6; 11 or 12 on
    /// the Battle Packs' modified sheet), None for the Basic sheet; `lee`:
    /// Lee is with the army. The modified sheet gives its Squares all the
    /// room it can: the Rows by their letters only, no Lee's box when he
    /// is absent (a stand-alone battle has none).
    pub fn new(rect: Rect, columns: Option<u8>, lee: bool) -> Geometry {
        let advanced = columns.is_some();
        let wide = columns.is_some_and(|c| c > Square::COLUMNS);
        let header = Rect::from_min_size(rect.min, Vec2::new(rect.width(), HEADER_H));
        let foot = Rect::from_min_max(Pos2::new(rect.left(), rect.bottom() - FOOTER_H), rect.max);
        let body = Rect::from_min_max(
            Pos2::new(rect.left(), header.bottom()),
            Pos2::new(rect.right(), foot.top()),
        );
        let label_w = if wide {
            WIDE_LABEL_W
        } else {
            150.0_f32.min(rect.width() * 0.18)
        };
        let lee_w = if wide && !lee {
            0.0
        } else {
            130.0_f32.min(rect.width() * 0.15)
        };
        let top = if advanced {
            body.top() + NUMBERS_H
        } else {
            body.top()
        };
        let band_h = (body.bottom() - top) / 6.0;
        let bands: [Rect; 6] = std::array::from_fn(|i| {
            Rect::from_min_size(
                Pos2::new(body.left(), top + band_h * i as f32),
                Vec2::new(body.width(), band_h),
            )
        });
        let inner = bands.map(|full| {
            Rect::from_min_max(
                Pos2::new(full.left() + label_w, full.top()),
                Pos2::new(full.right() - lee_w, full.bottom()),
            )
        });
        let mut cells = Vec::new();
        let mut numbers = None;
        if advanced {
            let columns = columns.unwrap_or(Square::COLUMNS);
            let w = inner[0].width() / f32::from(columns);
            for square in Square::all_on(columns) {
                let band = inner[square.row() as usize];
                cells.push((
                    square,
                    Rect::from_min_size(
                        Pos2::new(band.left() + w * square.column() as f32, band.top()),
                        Vec2::new(w, band.height()),
                    ),
                ));
            }
            numbers = Some(Rect::from_min_max(
                Pos2::new(inner[0].left(), body.top()),
                Pos2::new(inner[0].right(), top),
            ));
        }
        Geometry {
            header,
            body,
            foot,
            label_w,
            lee_w,
            bands,
            inner,
            numbers,
            cells,
        }
    }

    /// The Advanced sheet's width in Squares.
    pub fn columns(&self) -> u8 {
        self.cells
            .iter()
            .map(|(s, _)| s.column() as u8 + 1)
            .max()
            .unwrap_or(0)
    }

    /// A Square's cell (Advanced).
    pub fn cell(&self, square: Square) -> Option<Rect> {
        self.cells
            .iter()
            .find(|(s, _)| *s == square)
            .map(|(_, r)| *r)
    }

    /// Counters' size unit: a Line counter is 1.45 by 1, a Column counter
    /// 0.82 by 1.3.
    fn unit(&self) -> f32 {
        match self.cells.first() {
            // One counter and a tag fit a Square.
            Some((_, r)) => ((r.width() - 14.0) / 1.45)
                .min((r.height() - 24.0) / 1.3)
                .clamp(18.0, 58.0),
            // As tall as a band allows, yet six Line counters (a Front's
            // most, 10.2.4) side by side across it.
            None => (self.bands[0].height() / 1.9)
                .min((self.inner[0].width() / 6.0 - 10.0) / 1.45)
                .clamp(24.0, 58.0),
        }
    }

    /// In a Melee band two armies share the height: smaller counters.
    fn melee_unit(&self) -> f32 {
        (self.bands[0].height() / 2.45)
            .clamp(24.0, 58.0)
            .min(self.unit())
            * 0.8
    }
}

/// The Advanced sheet's width: 6 Columns, or as many as the Squares in
/// use need (the Battle Packs' modified sheet has 11 or 12, A10.2.14).
pub fn columns(sheet: &SheetView, offer: &Offer) -> u8 {
    let used = sheet
        .units
        .iter()
        .filter_map(|u| u.square)
        .chain(offer.squares.iter().copied())
        .map(|s| s.column() as u8 + 1)
        .max()
        .unwrap_or(0);
    used.max(sheet.columns)
        .clamp(Square::COLUMNS, Square::MAX_COLUMNS)
}

fn size_of(f: Formation, c: f32) -> Vec2 {
    match f {
        Formation::Line => Vec2::new(c * 1.45, c),
        Formation::Column => Vec2::new(c * 0.82, c * 1.3),
    }
}

/// A short name for a counter on the sheet.
fn short(board: &Board, id: &str) -> String {
    board.piece(id).map_or(id.to_string(), |p| {
        // "Infantry Brigade 3" fits a counter as "Brigade 3".
        let name = &p.force.name;
        let ty = format!("{} ", p.force.force_type.name());
        name.strip_prefix(&ty).unwrap_or(name).to_string()
    })
}

/// The longest form of `name` that `fits`: the name; without its
/// initials ("J.R. Jones" → "Jones"); then cut, with a full stop
/// ("Doubleday" → "Doubl."), to three letters at least. The full name is
/// on the counter's hover.
pub fn abbreviate(name: &str, fits: impl Fn(&str) -> bool) -> String {
    if fits(name) {
        return name.to_string();
    }
    let words: Vec<&str> = name.split_whitespace().collect();
    // Initials end with a full stop ("J.R."); a number ("Brigade 3") is
    // kept with its word.
    let plain: Vec<&str> = words
        .iter()
        .copied()
        .filter(|w| !(w.ends_with('.') && w.chars().filter(|c| c.is_alphabetic()).count() <= 3))
        .collect();
    let base = if plain.is_empty() || plain.len() == words.len() {
        name.to_string()
    } else {
        plain.join(" ")
    };
    if fits(&base) {
        return base;
    }
    // A cut saves two letters at least ("Meade" is no shorter as
    // "Mead.").
    let chars: Vec<char> = base.chars().collect();
    let mut n = chars.len().saturating_sub(2);
    while n > 3 {
        let cut: String = chars[..n].iter().collect::<String>().trim_end().to_string() + ".";
        if fits(&cut) {
            return cut;
        }
        n -= 1;
    }
    chars[..chars.len().min(3)].iter().collect::<String>() + "."
}

/// Where each unit stands (its counter's rect): in its band on the Basic
/// sheet, in its Square on the Advanced sheet.
fn layout(sheet: &SheetView, g: &Geometry) -> Vec<(usize, Rect)> {
    if g.cells.is_empty() {
        band_layout(sheet, g)
    } else {
        square_layout(sheet, g)
    }
}

fn band_layout(sheet: &SheetView, g: &Geometry) -> Vec<(usize, Rect)> {
    let c = g.unit();
    let mut out = Vec::new();
    for (region, band) in TOP_DOWN.iter().zip(g.inner) {
        let melee = sheet
            .units
            .iter()
            .any(|u| u.region == *region && u.side == Side::Union)
            && sheet
                .units
                .iter()
                .any(|u| u.region == *region && u.side == Side::Confederate);
        for side in [Side::Union, Side::Confederate] {
            let mut x = band.left() + 8.0;
            let cy = if melee {
                match side {
                    Side::Union => band.top() + band.height() * 0.27,
                    Side::Confederate => band.top() + band.height() * 0.73,
                }
            } else {
                band.center().y
            };
            for (k, u) in sheet.units.iter().enumerate() {
                if u.region != *region || u.side != side {
                    continue;
                }
                let c = if melee { g.melee_unit() } else { c };
                let size = size_of(u.formation, c);
                out.push((
                    k,
                    Rect::from_min_size(Pos2::new(x, cy - size.y / 2.0), size),
                ));
                x += size.x + 10.0;
            }
        }
    }
    out
}

/// A10.2.14: one counter in the middle of its Square (nudged away from its
/// tags: the Union's above it, the Confederates' below), or in Melee the
/// Union counter on the left and the Confederate on the right, smaller.
fn square_layout(sheet: &SheetView, g: &Geometry) -> Vec<(usize, Rect)> {
    let c = g.unit();
    let mut out = Vec::new();
    for (square, cell) in &g.cells {
        let here: Vec<usize> = (0..sheet.units.len())
            .filter(|&k| sheet.units[k].square == Some(*square))
            .collect();
        let of = |side: Side| here.iter().copied().find(|&k| sheet.units[k].side == side);
        match (of(Side::Union), of(Side::Confederate)) {
            (Some(u), Some(k)) => {
                // Side by side or one above the other (the Union above, as
                // on the sheet), whichever leaves the larger counters.
                let (fu, fk) = (sheet.units[u].formation, sheet.units[k].formation);
                let (a, b) = (size_of(fu, 1.0), size_of(fk, 1.0));
                let gap = 4.0;
                let across = c
                    .min((cell.width() - 12.0 - gap) / (a.x + b.x))
                    .min((cell.height() - 14.0) / a.y.max(b.y));
                let down = c
                    .min((cell.height() - 8.0 - gap) / (a.y + b.y))
                    .min((cell.width() - 8.0) / a.x.max(b.x));
                let c = across.max(down);
                let (su, sk) = (size_of(fu, c), size_of(fk, c));
                let centre = cell.center();
                let (pu, pk) = if across >= down {
                    let x0 = centre.x - (su.x + sk.x + gap) / 2.0;
                    (
                        Pos2::new(x0, centre.y - su.y / 2.0 + 5.0),
                        Pos2::new(x0 + su.x + gap, centre.y - sk.y / 2.0 - 5.0),
                    )
                } else {
                    let y0 = centre.y - (su.y + sk.y + gap) / 2.0;
                    (
                        Pos2::new(centre.x - su.x / 2.0, y0),
                        Pos2::new(centre.x - sk.x / 2.0, y0 + su.y + gap),
                    )
                };
                out.push((u, Rect::from_min_size(pu, su)));
                out.push((k, Rect::from_min_size(pk, sk)));
            }
            _ => {
                for &k in &here {
                    let u = &sheet.units[k];
                    let size = size_of(u.formation, c);
                    let nudge = match u.side {
                        Side::Union => 6.0,
                        Side::Confederate => -6.0,
                    };
                    out.push((
                        k,
                        Rect::from_center_size(cell.center() + Vec2::new(0.0, nudge), size),
                    ));
                }
            }
        }
    }
    out
}

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
    // Counters, each gliding to where it stands now.
    let ctx = ui.ctx().clone();
    let placed = layout(sheet, &g);
    let previous: Vec<(usize, Rect)> = before.map_or(Vec::new(), |b| layout(b, &g));
    let shown: Vec<(usize, Rect)> = placed
        .iter()
        .map(|(k, target)| {
            let id = egui::Id::new(("sheet", battle_id, &sheet.units[*k].force));
            let x = ctx.animate_value_with_time(id.with("x"), target.left(), 0.35);
            let y = ctx.animate_value_with_time(id.with("y"), target.top(), 0.35);
            (*k, Rect::from_min_size(Pos2::new(x, y), target.size()))
        })
        .collect();
    // Display only, never an answer: the Confederate Force hovered, else
    // the one picked; the Squares its March reaches (A12.4) and the
    // Union Forces it may attack now (A11.6), as the rules see them.
    let hovered = shown
        .iter()
        .find(|(_, r)| ui.rect_contains_pointer(*r))
        .map(|(k, _)| *k);
    let selected = hovered
        .filter(|&k| sheet.units[k].side == Side::Confederate)
        .or_else(|| {
            let p = picked?;
            sheet
                .units
                .iter()
                .position(|u| u.force == p && u.side == Side::Confederate)
        })
        .map(|k| &sheet.units[k]);
    if let Some(sel) = selected {
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
    input.counters = shown
        .iter()
        .map(|(k, r)| (sheet.units[*k].force.clone(), *r))
        .collect();
    let toward = |u: &SheetUnit| -> Option<(&SheetUnit, &Relation)> {
        let sel = selected.filter(|s| s.side != u.side)?;
        let r = sel.relations.iter().find(|r| r.force == u.force)?;
        Some((sel, r))
    };
    // A12.3: each declared target, an arrow under the counters.
    for (k, from) in &shown {
        let Some(t) = &sheet.units[*k].target else {
            continue;
        };
        if let Some((_, to)) = shown.iter().find(|(j, _)| sheet.units[*j].force == *t) {
            aim(&painter, *from, *to);
        }
    }
    for (k, at) in &shown {
        let (k, at) = (*k, *at);
        let u = &sheet.units[k];
        let id = egui::Id::new(("sheet", battle_id, &u.force));
        let alpha = ctx.animate_value_with_time(id.with("a"), 1.0, 0.5);
        let old = before.and_then(|b| b.units.iter().find(|o| o.force == u.force));
        let changed = old.is_some_and(|o| {
            o.region != u.region
                || o.square != u.square
                || o.formation != u.formation
                || o.reduced != u.reduced
        });
        let hit = old.is_some_and(|o| !o.reduced && u.reduced);
        let target = offer.targets.contains(&u.force);
        if target {
            painter.rect_filled(at.expand(7.0), 6.0, OFFER.gamma_multiply(0.85));
            painter.rect_stroke(
                at.expand(7.0),
                6.0,
                Stroke::new(2.0, RED),
                StrokeKind::Outside,
            );
        }
        let from = toward(u);
        let resp = counter(
            ui,
            &painter,
            board,
            u,
            at,
            alpha,
            picked == Some(u.force.as_str()),
            from,
        );
        if let Some((_, r)) = from.filter(|(_, r)| r.target) {
            // An offered target keeps the offer's highlight; the range goes
            // under it either way.
            ring(&painter, at, r, !target);
        }
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
                    Stroke::new(2.5, TAG),
                    StrokeKind::Outside,
                );
            }
        }
        if target && resp.hovered() {
            ui.ctx().set_cursor_icon(egui::CursorIcon::PointingHand);
        }
        if resp.clicked() {
            if target {
                input.target = Some(u.force.clone());
            } else if let Some(s) = u.square.filter(|s| offer.squares.contains(s)) {
                // A Shock attack: the Square of the Force attacked.
                input.square = Some(s);
            } else if u.side == Side::Confederate {
                input.clicked = Some(u.force.clone());
            }
        }
    }
    // What left the sheet since the previous frame fades where it stood.
    if let Some(b) = before {
        for (k, r) in &previous {
            let u = &b.units[*k];
            if sheet.units.iter().any(|n| n.force == u.force) {
                continue;
            }
            let id = egui::Id::new(("sheet", battle_id, &u.force));
            let alpha = ctx.animate_value_with_time(id.with("a"), 0.0, 0.6);
            if alpha > 0.02 {
                counter(ui, &painter, board, u, *r, alpha, false, None);
                let s = Stroke::new(3.0, RED.gamma_multiply(alpha));
                painter.line_segment([r.left_top(), r.right_bottom()], s);
                painter.line_segment([r.right_top(), r.left_bottom()], s);
            }
        }
    }
    if let Some(side) = sheet.routed {
        painter.text(
            g.body.center(),
            Align2::CENTER_CENTER,
            format!("The {} Rout (14.5)", side.army()),
            FontId::proportional(30.0),
            RED.gamma_multiply(0.8),
        );
    }
    if let Some((square, formations)) = &offer.chosen
        && let Some(cell) = g.cell(*square)
    {
        placement_popup(ui, battle_id, rect, cell, *square, formations, &mut input);
    }
    // The latest change, as a caption.
    painter.rect_filled(g.foot, 0.0, INK.gamma_multiply(0.85));
    painter.text(
        g.foot.left_center() + Vec2::new(10.0, 0.0),
        Align2::LEFT_CENTER,
        format!("▶ {caption}"),
        FontId::proportional(13.0),
        Color32::WHITE,
    );
    ui.allocate_rect(rect, Sense::hover());
    input
}

/// The Basic sheet's six Regions as bands, with their names and capacities.
fn bands(painter: &egui::Painter, g: &Geometry, sheet: &SheetView) {
    for (i, (region, full)) in TOP_DOWN.iter().zip(g.bands).enumerate() {
        let melee = sheet
            .units
            .iter()
            .any(|u| u.region == *region && u.in_melee);
        let fill = if melee {
            MELEE
        } else if i < 3 {
            BAND_UNION
        } else {
            BAND_CONFEDERATE
        };
        painter.rect_filled(full.shrink(1.0), 2.0, fill);
        let lbl = Rect::from_min_size(full.min, Vec2::new(g.label_w, full.height()));
        // 10.2.4's limit, shorter in a narrow label column.
        let cap = match (region.capacity(), g.label_w < 130.0) {
            (Some(n), false) => format!("at most {n} Mobile Forces a side"),
            (Some(n), true) => format!("at most {n} a side"),
            (None, _) => "no limit".to_string(),
        };
        // Wrapped to the label column, so that no counter covers it.
        let wrap = (g.label_w - 12.0).max(20.0);
        let name = painter.layout(
            region.name().to_string(),
            FontId::proportional(14.0),
            INK,
            wrap,
        );
        let cap = painter.layout(
            cap,
            FontId::proportional(10.5),
            INK.gamma_multiply(0.7),
            wrap,
        );
        let name_h = name.size().y;
        let top = lbl.center().y - (name_h + 2.0 + cap.size().y) / 2.0;
        painter.galley(Pos2::new(lbl.left() + 8.0, top), name, INK);
        painter.galley(Pos2::new(lbl.left() + 8.0, top + name_h + 2.0), cap, INK);
        if melee {
            painter.text(
                full.right_top() + Vec2::new(-g.lee_w - 8.0, 4.0),
                Align2::RIGHT_TOP,
                "MELEE (11.5)",
                FontId::proportional(12.0),
                RED,
            );
        }
        if i == 3 {
            // The line between the armies' halves of the sheet.
            painter.line_segment(
                [full.left_top(), full.right_top()],
                Stroke::new(2.0, INK.gamma_multiply(0.6)),
            );
        }
    }
}

/// What the Advanced sheet's Rows are for at set-up (A10.2.14).
fn row_note(row: usize) -> &'static str {
    match row {
        0 => "Union Static; overflow",
        1 => "Union set-up",
        2 => "Union overflow",
        3 => "Front Insight; overflow",
        4 => "Confederate set-up",
        _ => "Static; set-up",
    }
}

/// The Advanced sheet's Rows and Squares: each Row's letter and Region,
/// the Column numbers, the Squares tinted by the army whose half they are
/// in (Melee Squares as the Basic sheet's Melee bands), each named in its
/// corner; the Squares offered highlighted, answering a click.
fn squares(
    ui: &mut egui::Ui,
    painter: &egui::Painter,
    g: &Geometry,
    sheet: &SheetView,
    offer: &Offer,
    input: &mut SheetInput,
) {
    for (i, (region, full)) in TOP_DOWN.iter().zip(g.bands).enumerate() {
        let fill = if i < 3 { BAND_UNION } else { BAND_CONFEDERATE };
        let lbl = Rect::from_min_size(full.min, Vec2::new(g.label_w, full.height()));
        painter.rect_filled(lbl.shrink(1.0), 2.0, fill);
        let letter = char::from(b'A' + i as u8).to_string();
        if g.label_w <= WIDE_LABEL_W {
            // The modified sheet: the letter, its Region on hover.
            painter.text(
                lbl.center(),
                Align2::CENTER_CENTER,
                &letter,
                FontId::proportional(22.0),
                INK,
            );
            ui.interact(lbl, ui.id().with(("row", i)), Sense::hover())
                .on_hover_text(format!(
                    "Row {letter}: the {} ({}; A10.2.14).",
                    region.name(),
                    row_note(i)
                ));
            continue;
        }
        painter.text(
            lbl.left_center() + Vec2::new(8.0, 0.0),
            Align2::LEFT_CENTER,
            letter,
            FontId::proportional(26.0),
            INK,
        );
        // The Region the Row stands for, and what it is for at set-up,
        // wrapped to the label column.
        let wrap = (g.label_w - 36.0).max(40.0);
        let name = painter.layout(
            region.name().to_string(),
            FontId::proportional(12.5),
            INK,
            wrap,
        );
        let note = painter.layout(
            row_note(i).to_string(),
            FontId::proportional(10.0),
            INK.gamma_multiply(0.7),
            wrap,
        );
        let h = name.size().y + 2.0 + note.size().y;
        let top = lbl.left_center() + Vec2::new(32.0, -h / 2.0);
        let below = top + Vec2::new(0.0, name.size().y + 2.0);
        painter.galley(top, name, INK);
        painter.galley(below, note, INK);
    }
    if let Some(n) = g.numbers {
        let columns = g.columns();
        let w = n.width() / f32::from(columns);
        for c in 0..columns {
            let at = painter.text(
                Pos2::new(n.left() + w * (f32::from(c) + 0.5), n.center().y),
                Align2::CENTER_CENTER,
                (c + 1).to_string(),
                FontId::proportional(13.0),
                INK,
            );
            ui.interact(at, ui.id().with(("column", c)), Sense::hover())
                .on_hover_text(format!(
                    "Column {} (A10.2.14). Range counts Squares in any direction, diagonals too: the larger of the Rows and Columns between two Forces (A11.0.1).",
                    c + 1
                ));
        }
    }
    for (square, cell) in &g.cells {
        let (square, cell) = (*square, *cell);
        let melee = sheet
            .units
            .iter()
            .any(|u| u.square == Some(square) && u.in_melee)
            || [Side::Union, Side::Confederate].iter().all(|side| {
                sheet
                    .units
                    .iter()
                    .any(|u| u.square == Some(square) && u.side == *side)
            });
        let fill = if melee {
            MELEE
        } else if square.row() < 3 {
            BAND_UNION
        } else {
            BAND_CONFEDERATE
        };
        painter.rect_filled(cell.shrink(1.0), 2.0, fill);
        painter.rect_stroke(
            cell.shrink(1.0),
            2.0,
            Stroke::new(1.0, INK.gamma_multiply(0.25)),
            StrokeKind::Inside,
        );
        if sheet.objectives.contains(&square) {
            // A Union Objective Marker (stand-alone battles).
            let at = cell.right_bottom() + Vec2::new(-10.0, -10.0);
            painter.circle_stroke(at, 7.0, Stroke::new(2.0, BLUE));
            painter.text(
                at,
                Align2::CENTER_CENTER,
                "O",
                FontId::proportional(9.0),
                BLUE,
            );
            ui.interact(
                Rect::from_center_size(at, Vec2::splat(16.0)),
                ui.id().with(("objective", square.name())),
                Sense::hover(),
            )
            .on_hover_text("A Union Objective Marker: the Union Advances toward it on an odd d10, and a Union Force on it Holds (Union Objective Markers).");
        }
        if melee {
            painter.text(
                cell.left_bottom() + Vec2::new(4.0, -2.0),
                Align2::LEFT_BOTTOM,
                "MELEE",
                FontId::proportional(9.5),
                RED,
            );
        }
        if offer.squares.contains(&square) {
            let resp = ui.interact(
                cell,
                ui.id().with(("square", square.name())),
                Sense::click(),
            );
            let chosen = offer.chosen.as_ref().is_some_and(|(s, _)| *s == square);
            let strength = if resp.hovered() || chosen { 0.75 } else { 0.4 };
            painter.rect_filled(cell.shrink(3.0), 4.0, OFFER.gamma_multiply(strength));
            painter.rect_stroke(
                cell.shrink(3.0),
                4.0,
                Stroke::new(if chosen { 3.5 } else { 2.0 }, AIM),
                StrokeKind::Inside,
            );
            let empty = !sheet.units.iter().any(|u| u.square == Some(square));
            if empty {
                painter.text(
                    cell.center(),
                    Align2::CENTER_CENTER,
                    &offer.verb,
                    FontId::proportional(11.5),
                    INK,
                );
            }
            if resp.hovered() {
                ui.ctx().set_cursor_icon(egui::CursorIcon::PointingHand);
            }
            if resp
                .on_hover_text(format!("Square {}: {}", square.name(), offer.verb))
                .clicked()
            {
                input.square = Some(square);
            }
        }
        painter.text(
            cell.right_top() + Vec2::new(-4.0, 3.0),
            Align2::RIGHT_TOP,
            square.name(),
            FontId::proportional(10.0),
            INK.gamma_multiply(0.5),
        );
    }
    // The line between the armies' halves of the sheet.
    let mid = g.bands[3];
    painter.line_segment(
        [mid.left_top(), mid.right_top() - Vec2::new(g.lee_w, 0.0)],
        Stroke::new(2.0, INK.gamma_multiply(0.6)),
    );
}

/// Lee's box beside the Confederate Reserve and Approach (10.2.17, A10.2.14).
fn lee_box(
    ui: &mut egui::Ui,
    painter: &egui::Painter,
    board: &Board,
    g: &Geometry,
    sheet: &SheetView,
) {
    let lee_box = Rect::from_min_max(
        Pos2::new(g.body.right() - g.lee_w + 6.0, g.bands[4].top() + 6.0),
        Pos2::new(g.body.right() - 6.0, g.body.bottom() - 6.0),
    );
    painter.rect_stroke(lee_box, 4.0, Stroke::new(1.5, INK), StrokeKind::Inside);
    painter.text(
        lee_box.center_top() + Vec2::new(0.0, 6.0),
        Align2::CENTER_TOP,
        "Robert E. Lee",
        FontId::proportional(12.0),
        INK,
    );
    if sheet.lee {
        let r = Rect::from_center_size(lee_box.center() + Vec2::new(0.0, 8.0), Vec2::splat(44.0));
        painter.rect_filled(r, 3.0, Color32::from_rgb(120, 120, 120));
        painter.text(
            r.center(),
            Align2::CENTER_CENTER,
            format!("Lee\n{}", board.campaign.lee.command_rating),
            FontId::proportional(13.0),
            Color32::WHITE,
        );
        ui.interact(r, ui.id().with("lee-box"), Sense::hover())
            .on_hover_text(format!(
                "Robert E. Lee is with the army (10.2.17): Command Rating {} sets the Battle Plan Quantity (10.2.10) and the target of Insight rolls (12.1).",
                board.campaign.lee.command_rating
            ));
    } else {
        painter.text(
            lee_box.center(),
            Align2::CENTER_CENTER,
            "absent",
            FontId::proportional(12.0),
            INK.gamma_multiply(0.6),
        );
    }
}

/// A12.3: a dashed arrow from a counter to the Union Force it is aimed at.
fn aim(painter: &egui::Painter, from: Rect, to: Rect) {
    let (a, b) = (from.center(), to.center());
    let d = b - a;
    let len = d.length();
    if len < 1.0 {
        return;
    }
    let dir = d / len;
    let start = a + dir * (from.size().min_elem() / 2.0);
    let end = b - dir * (to.size().min_elem() / 2.0 + 3.0);
    let stroke = Stroke::new(2.0, AIM);
    painter.extend(Shape::dashed_line(&[start, end], stroke, 7.0, 4.0));
    let side = Vec2::new(-dir.y, dir.x);
    painter.add(Shape::convex_polygon(
        vec![
            end,
            end - dir * 10.0 + side * 5.0,
            end - dir * 10.0 - side * 5.0,
        ],
        AIM,
        Stroke::NONE,
    ));
}

/// A10.2.14: the Square picked for the Force being set up, and its
/// Formations, in a popup beside it.
fn placement_popup(
    ui: &mut egui::Ui,
    battle_id: usize,
    rect: Rect,
    cell: Rect,
    square: Square,
    formations: &[Formation],
    input: &mut SheetInput,
) {
    // Beside the Square, on the side with room.
    let right = cell.right() + 150.0 < rect.right();
    let (pos, pivot) = if right {
        (cell.right_top() + Vec2::new(4.0, 0.0), Align2::LEFT_TOP)
    } else {
        (cell.left_top() - Vec2::new(4.0, 0.0), Align2::RIGHT_TOP)
    };
    egui::Area::new(egui::Id::new(("place-popup", battle_id)))
        .order(egui::Order::Foreground)
        .fixed_pos(pos)
        .pivot(pivot)
        .show(ui.ctx(), |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                ui.label(egui::RichText::new(format!("Square {}", square.name())).strong());
                for f in formations {
                    let text = match f {
                        Formation::Line => "In Line (—)",
                        Formation::Column => "In Column (|)",
                    };
                    if ui
                        .button(text)
                        .on_hover_text("10.3: Line horizontal, Column vertical on the sheet.")
                        .clicked()
                    {
                        input.place = Some((square, *f));
                    }
                }
            });
        });
}

/// The strip above the sheet: the battle turn track, the Union Tactics
/// marker, the Battle Plan quantities, the Special Battle Plans in effect,
/// the cup, Insights and the Formation counter.
/// Before the battle begins (`setup`), what is being set up instead.
/// How wide `text` is in the proportional font at `size`.
fn width_of(painter: &egui::Painter, text: &str, size: f32) -> f32 {
    painter
        .layout_no_wrap(text.to_string(), FontId::proportional(size), INK)
        .size()
        .x
}

fn header_strip(
    ui: &mut egui::Ui,
    painter: &egui::Painter,
    r: Rect,
    title: &str,
    s: &SheetView,
    setup: Option<&str>,
) {
    painter.rect_filled(r, 0.0, Color32::from_rgb(210, 196, 160));
    painter.text(
        r.left_top() + Vec2::new(10.0, 6.0),
        Align2::LEFT_TOP,
        title,
        FontId::proportional(18.0),
        INK,
    );
    // 10.1 The battle turn track, with the Withdrawal box after the last turn.
    let mut x = r.left() + 10.0;
    let y = r.top() + 34.0;
    painter.text(
        Pos2::new(x, y + 11.0),
        Align2::LEFT_CENTER,
        "Battle turn",
        FontId::proportional(12.0),
        INK,
    );
    x += 78.0;
    for t in 1..=s.turns.max(s.turn) {
        let b = Rect::from_min_size(Pos2::new(x, y), Vec2::splat(22.0));
        let fill = if t == s.turn { INK } else { PARCHMENT };
        let text = if t == s.turn { Color32::WHITE } else { INK };
        painter.rect_filled(b, 2.0, fill);
        painter.rect_stroke(b, 2.0, Stroke::new(1.0, INK), StrokeKind::Inside);
        painter.text(
            b.center(),
            Align2::CENTER_CENTER,
            t.to_string(),
            FontId::proportional(12.0),
            text,
        );
        x += 25.0;
    }
    let w = Rect::from_min_size(Pos2::new(x, y), Vec2::new(34.0, 22.0));
    painter.rect_stroke(w, 2.0, Stroke::new(1.0, INK), StrokeKind::Inside);
    painter.text(
        w.center(),
        Align2::CENTER_CENTER,
        "W",
        FontId::proportional(12.0),
        INK,
    );
    ui.interact(w, ui.id().with("withdrawal-box"), Sense::hover())
        .on_hover_text("After the last battle turn the Battle Turn counter enters the Withdrawal box: 2:1 or the campaign's Withdrawal table (14.8).");
    x += 50.0;
    // 13.0 The Union Tactics marker and the Combat Values behind it.
    let (word, fill) = match s.tactics {
        Tactics::Aggressive => ("AGGRESSIVE", Color32::from_rgb(170, 40, 40)),
        Tactics::Defensive => ("DEFENSIVE", BLUE),
    };
    let t = Rect::from_min_size(Pos2::new(x, y - 2.0), Vec2::new(104.0, 26.0));
    painter.rect_filled(t, 3.0, fill);
    painter.text(
        t.center(),
        Align2::CENTER_CENTER,
        word,
        FontId::proportional(13.0),
        Color32::WHITE,
    );
    ui.interact(t, ui.id().with("tactics"), Sense::hover()).on_hover_text(format!(
        "Union Tactics (13.0): Union {} against Confederate {}. Aggressive when the Union's combined Combat Value is greater, Defensive when smaller, a die on a tie (even: Aggressive). Aggressive: the Union Forces advance in Column (13.1); Defensive: they hold and fire in Line (13.3). A stand-alone battle keeps the tactics its terms set.",
        s.union_combat, s.confederate_combat
    ));
    x += 112.0;
    // At set-up the armies are not yet on the sheet to add up.
    if setup.is_none() {
        let at = painter.text(
            Pos2::new(x, y + 11.0),
            Align2::LEFT_CENTER,
            format!(
                "Union {} : Confederate {}",
                s.union_combat, s.confederate_combat
            ),
            FontId::proportional(13.0),
            INK,
        );
        ui.interact(at, ui.id().with("combat-totals"), Sense::hover())
            .on_hover_text("Each army's combined Combat Value on the sheet (13.0: it sets the Union Tactics in a campaign battle; 10.2.9 Envelopment at 3:1).");
        x = (x + 190.0).min(at.right() + 18.0);
    } else {
        x += 190.0;
    }
    let left = s.quantity.saturating_sub(s.assigned);
    let font = FontId::proportional(12.0);
    let width = |t: &str| {
        painter
            .layout_no_wrap(t.to_string(), font.clone(), INK)
            .size()
            .x
    };
    let title_right = r.left() + 10.0 + width_of(painter, title, 18.0);
    // After the turn track; where it leaves no room (a long battle, a
    // narrow window) at the right of the title's line, shorter if need be,
    // never over the title (all of it on hover).
    let long = format!(
        "Battle Plans {left} of {} left · Union draws {}",
        s.quantity, s.union_quantity
    );
    let brief = format!("Plans {left}/{} · Union {}", s.quantity, s.union_quantity);
    let at = if x + width(&long) <= r.right() - 8.0 {
        painter.text(Pos2::new(x, y + 11.0), Align2::LEFT_CENTER, long, font, INK)
    } else {
        let text = if title_right + 16.0 + width(&long) <= r.right() - 10.0 {
            long
        } else {
            brief
        };
        painter.text(
            Pos2::new(r.right() - 10.0, r.top() + 15.0),
            Align2::RIGHT_CENTER,
            text,
            font,
            INK,
        )
    };
    ui.interact(at, ui.id().with("plan-quantities"), Sense::hover())
        .on_hover_text(format!(
            "Battle Plan Counters (10.2.10): {} a battle turn, {} assigned this turn (12.2). The Union draws {} Special Battle Plan(s) a battle turn (14.0).",
            s.quantity, s.assigned, s.union_quantity
        ));
    // Second line: Special Battle Plans in effect, the cup, Insights; at
    // set-up what is being set up.
    let mut x = r.left() + 10.0;
    let y2 = r.top() + 62.0;
    if let Some(text) = setup {
        painter.text(
            Pos2::new(x, y2 + 9.0),
            Align2::LEFT_CENTER,
            text,
            FontId::proportional(13.0),
            RED,
        );
        return;
    }
    let chip =
        |ui: &mut egui::Ui, x: &mut f32, text: &str, fill: Color32, tip: String, key: &str| {
            let font = FontId::proportional(11.5);
            let g = painter.layout_no_wrap(text.to_string(), font.clone(), Color32::WHITE);
            let b = Rect::from_min_size(Pos2::new(*x, y2), Vec2::new(g.size().x + 12.0, 19.0));
            painter.rect_filled(b, 9.0, fill);
            painter.text(
                b.center(),
                Align2::CENTER_CENTER,
                text,
                font,
                Color32::WHITE,
            );
            ui.interact(b, ui.id().with(key), Sense::hover())
                .on_hover_text(tip);
            *x += b.width() + 6.0;
        };
    if s.drawn.is_empty() {
        painter.text(
            Pos2::new(x, y2 + 9.0),
            Align2::LEFT_CENTER,
            "No Union Special Battle Plan in effect",
            FontId::proportional(11.5),
            INK.gamma_multiply(0.7),
        );
        x += 240.0;
    }
    for (i, p) in s.drawn.iter().enumerate() {
        chip(
            ui,
            &mut x,
            p.name(),
            BLUE,
            format!("{} ({}): {}", p.name(), p.rule(), p.effect()),
            &format!("drawn-{i}"),
        );
    }
    let mut cup: Vec<String> = Vec::new();
    for p in &s.cup {
        cup.push(p.name().to_string());
    }
    chip(
        ui,
        &mut x,
        &format!("Cup: {}", s.cup.len()),
        Color32::from_rgb(110, 100, 80),
        format!(
            "The Special Battle Plan cup for this battle (14.0, Scouts' removals taken out, 14.0.1):\n{}{}",
            cup.join(", "),
            if s.disrupted.is_empty() {
                String::new()
            } else {
                format!(
                    "\nOut by Disrupt until the next draw (12.4.3): {}",
                    s.disrupted
                        .iter()
                        .map(|p| p.name())
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            }
        ),
        "cup",
    );
    for (i, (insight, spent)) in s.insights.iter().enumerate() {
        let fill = if *spent {
            GREY
        } else {
            Color32::from_rgb(90, 120, 60)
        };
        chip(
            ui,
            &mut x,
            &format!("{insight:?}{}", if *spent { " (used)" } else { "" }),
            fill,
            format!(
                "The {insight:?} Insight (10.2.12){}",
                if *spent { ", used up" } else { "" }
            ),
            &format!("insight-{i}"),
        );
    }
    if s.formation_counter {
        chip(
            ui,
            &mut x,
            "Formation counter",
            Color32::from_rgb(150, 110, 20),
            format!(
                "{} ({})",
                PlanCounter::Formation.summary(),
                PlanCounter::Formation.rule()
            ),
            "formation",
        );
    }
}

/// Where a unit stands, in words: "Square D4 (Confederate Front)" on the
/// Advanced sheet, its Region on the Basic one.
pub fn place(u: &SheetUnit) -> String {
    match u.square {
        Some(s) => format!("Square {} ({})", s.name(), u.region.name()),
        None => u.region.name().to_string(),
    }
}

/// One counter, as on the map: name, Combat Value, type symbol, Skill and
/// Activation; a red slash when reduced; tags for what is attached. On
/// hover every number explained; `from`: the selected enemy Force and how
/// it stands toward this one (the Advanced sheet).
#[allow(clippy::too_many_arguments)]
fn counter(
    ui: &mut egui::Ui,
    painter: &egui::Painter,
    board: &Board,
    u: &SheetUnit,
    r: Rect,
    alpha: f32,
    picked: bool,
    from: Option<(&SheetUnit, &Relation)>,
) -> egui::Response {
    let Some(p) = board.piece(&u.force) else {
        return ui.interact(r, ui.id().with(("counter", &u.force)), Sense::hover());
    };
    let strength = if u.reduced {
        Strength::Reduced
    } else {
        Strength::Full
    };
    let v = p.force.values(strength);
    // Confederate counters light grey with dark ink, Union dark blue with
    // white: both read at a glance and differ in lightness too.
    let (fill, ink) = match u.side {
        Side::Confederate => (CONFEDERATE_COUNTER, INK),
        Side::Union => (BLUE, Color32::WHITE),
    };
    let dim = if u.acted { 0.75 } else { 1.0 };
    if picked {
        painter.rect_filled(r.expand(5.0), 5.0, TAG.gamma_multiply(alpha));
    }
    painter.rect_filled(
        r.expand(1.5),
        3.0,
        Color32::from_rgb(20, 20, 20).gamma_multiply(alpha),
    );
    painter.rect_filled(r, 3.0, fill.gamma_multiply(alpha * dim));
    let text = ink.gamma_multiply(alpha);
    let small = (r.height().min(r.width()) * 0.27).clamp(9.5, 13.0);
    // The name as the counter's width holds it: smaller letters first,
    // then shortened (all of it on hover).
    let fits = |name: &str, size: f32| {
        painter
            .layout_no_wrap(name.to_string(), FontId::proportional(size), text)
            .size()
            .x
            <= r.width() - 2.0
    };
    let full = short(board, &u.force);
    let mut size = small;
    while size > NAME_MIN && !fits(&full, size) {
        size = (size - 0.5).max(NAME_MIN);
    }
    let name = abbreviate(&full, |name| fits(name, size));
    painter.text(
        r.center_top() + Vec2::new(0.0, 2.0),
        Align2::CENTER_TOP,
        name,
        FontId::proportional(size),
        text,
    );
    let cv = match v.superior {
        Some(s) => format!("{}/{s}", v.combat),
        None => v.combat.to_string(),
    };
    // Too short for three lines (a small window, a Melee band): the name
    // and the Combat Value; the rest is on hover.
    let compact = r.height() < 3.6 * small;
    if compact {
        painter.text(
            r.center_bottom() - Vec2::new(0.0, 1.0),
            Align2::CENTER_BOTTOM,
            cv,
            FontId::proportional((r.height() - size - 4.0).clamp(small, small * 1.6)),
            text,
        );
    } else {
        painter.text(
            r.center(),
            Align2::CENTER_CENTER,
            cv,
            FontId::proportional(small * 1.6),
            text,
        );
        let bottom = format!(
            "{} {}{}",
            crate::app::theme::symbol(p.force.force_type),
            p.force.skill.letter(),
            v.activation.map_or(String::new(), |a| format!(" {a}"))
        );
        painter.text(
            r.center_bottom() - Vec2::new(0.0, 2.0),
            Align2::CENTER_BOTTOM,
            bottom,
            FontId::proportional(small),
            text,
        );
    }
    if u.reduced {
        painter.line_segment(
            [r.left_bottom(), r.right_top()],
            Stroke::new(2.5, RED.gamma_multiply(alpha)),
        );
    }
    // Tags: the attached Battle Plan Counter and markers.
    let mut tags: Vec<(String, Color32)> = Vec::new();
    if let Some(c) = u.counter {
        tags.push((c.name().to_string(), TAG));
    }
    if u.prepare {
        tags.push(("Prepare".into(), TAG));
    }
    if u.clear_orders {
        tags.push(("Clear Orders".into(), Color32::from_rgb(140, 200, 140)));
    }
    if u.entrench {
        tags.push(("Entrench".into(), Color32::from_rgb(170, 140, 90)));
    }
    if u.hard_cover {
        tags.push(("Hard Cover".into(), Color32::from_rgb(120, 150, 220)));
    }
    if u.cover {
        tags.push(("Cover".into(), Color32::from_rgb(200, 180, 120)));
    }
    if let Some(t) = &u.target {
        tags.push((
            format!("→ {}", short(board, t)),
            Color32::from_rgb(240, 170, 100),
        ));
    }
    let mut ty = match u.side {
        Side::Confederate => r.bottom() + 2.0,
        Side::Union => r.top() - 15.0,
    };
    for (t, c) in &tags {
        let font = FontId::proportional(10.0);
        let g = painter.layout_no_wrap(t.clone(), font.clone(), INK);
        let b = Rect::from_min_size(Pos2::new(r.left(), ty), Vec2::new(g.size().x + 8.0, 13.0));
        painter.rect_filled(b, 3.0, c.gamma_multiply(alpha));
        painter.text(
            b.center(),
            Align2::CENTER_CENTER,
            t,
            font,
            INK.gamma_multiply(alpha),
        );
        ty += match u.side {
            Side::Confederate => 14.0,
            Side::Union => -14.0,
        };
    }
    let resp = ui.interact(r, ui.id().with(("counter", &u.force)), Sense::click());
    resp.on_hover_ui(|ui| {
        ui.label(egui::RichText::new(label(p)).strong());
        ui.label(format!(
            "{} {} · {} · {}",
            crate::rules::board::skill_name(p.force.skill),
            p.force.force_type.name(),
            if u.reduced { "reduced" } else { "full strength" },
            place(u)
        ));
        let full = p.force.full;
        ui.label(format!(
            "Combat Value {} (full {}{}): the target of its attacks and Shock checks, before modifiers (5.7, 11.6).",
            v.combat,
            full.combat,
            p.force.reduced.map_or(String::new(), |r| format!(", reduced {}", r.combat))
        ));
        if let Some(sup) = v.superior {
            ui.label(format!("Superscript {sup}: a roll of {sup} or less scores 2 Hits (11.6)."));
        }
        match v.activation {
            Some(a) => ui.label(format!("Activation {a}: rolls to carry out Battle Plans need {a} or less (5.6, 11.2).")),
            None => ui.label("No Activation number: it cannot move on its own (5.6)."),
        };
        ui.label(format!(
            "{:?} Formation (10.3): {}",
            u.formation,
            match u.formation {
                Formation::Line => "counter horizontal; Fire, Volley and Rapid Fire need no Activation roll in Line (12.3.10, 12.3.11, 12.4.2); Shock checks see 11.4.3.",
                Formation::Column => "counter vertical; Engage and Flank need no Activation roll in Column (12.3.4, 12.3.6); Shock checks see 11.4.3.",
            }
        ));
        if u.in_melee {
            ui.colored_label(RED, "In Melee (11.5): no Battle Plan Counter but Prepare; Fire at +3/+3.");
        }
        if let Some(r) = u.range {
            let unit = if u.square.is_some() { "Square(s), A11.0.1" } else { "Region(s)" };
            ui.label(format!("Range to the nearest enemy: {r} {unit}."));
        }
        if let Some(t) = &u.target {
            let name = board.piece(t).map_or(t.clone(), label);
            ui.colored_label(AIM, format!("Declared target (A12.3): {name}."));
        }
        if let Some(c) = u.counter {
            ui.label(format!("{} ({}): {}", c.name(), c.rule(), c.summary()));
        }
        // The Advanced sheet: whom it may attack now, where its March
        // goes, and how the selected enemy Force stands toward it.
        let name_of = |id: &str| board.piece(id).map_or(id.to_string(), |p| p.force.name.clone());
        if let Some(line) = targets_line(&name_of, u) {
            ui.label(line);
        }
        if !u.reach.is_empty() {
            ui.label(format!(
                "A March takes it into {} Square(s), shown green when it is selected (A11.0, A12.4); into a Union Force's, a Shock attack (A11.4).",
                u.reach.len()
            ));
        }
        if let Some((a, r)) = from {
            ui.separator();
            let (a, b) = (name_of(&a.force), p.force.name.clone());
            ui.label(egui::RichText::new(format!("{a} (selected) and {b}")).strong());
            let color = if r.target { THREAT } else { INK };
            for line in relation_lines(&a, &b, r) {
                ui.colored_label(color, line);
            }
        }
    })
}

/// A modifier list in words: "−3 (Flank attack, A11.4.2.2)", or "no
/// modifier".
fn mods_text(m: &[Modifier]) -> String {
    if m.is_empty() {
        return "no modifier".to_string();
    }
    m.iter()
        .map(Modifier::describe)
        .collect::<Vec<_>>()
        .join(", ")
}

/// "May attack now (A11.6): Kearny (1 Square, his Flank), …"; None
/// without relations (the Regions) or targets.
fn targets_line(name_of: &dyn Fn(&str) -> String, u: &SheetUnit) -> Option<String> {
    if u.relations.is_empty() {
        return None;
    }
    let ts: Vec<String> = u
        .relations
        .iter()
        .filter(|r| r.target)
        .map(|r| format!("{} ({})", name_of(&r.force), reach_words(r)))
        .collect();
    Some(if ts.is_empty() {
        "No enemy Force it may attack now (A11.6–A11.7).".to_string()
    } else {
        format!("May attack now (A11.6): {}.", ts.join(", "))
    })
}

/// "1 Square, Flank"; "Melee".
fn reach_words(r: &Relation) -> String {
    match (r.distance, r.strikes) {
        (0, _) | (_, None) => "Melee".to_string(),
        (d, Some(s)) => format!("{d} Square{}, {}", if d == 1 { "" } else { "s" }, s.name()),
    }
}

/// What the rules say of Force `a` and enemy Force `b`, as `r` gives it
/// (A10.3, A11.0.1, A11.4.2, A11.5–A11.7), line by line.
pub fn relation_lines(a: &str, b: &str, r: &Relation) -> Vec<String> {
    let mut out =
        vec![match r.distance {
        0 => "In one Square: Melee (A11.5), which ignores Formation, Flank and Rear; Fire at +3/+3."
            .to_string(),
        1 => "Range 1 Square: next to each other (A11.0.1).".to_string(),
        d => format!("Range {d} Squares (A11.0.1)."),
    }];
    if r.distance > 0 {
        out.push(format!(
            "Formation in relation to each other (A10.3): {a} {:?}, {b} {:?}.",
            r.own_formation, r.their_formation
        ));
    }
    if let Some(s) = r.strikes {
        out.push(match s {
            Strikes::Front => format!(
                "{a}'s attack strikes {b}'s Front: no Flank or Rear modifier (A11.4.2.2–A11.4.2.3)."
            ),
            Strikes::Flank => format!("{a}'s attack strikes {b}'s Flank (A11.4.2.2)."),
            Strikes::Rear => format!("{a}'s attack strikes {b}'s Rear (A11.4.2.3)."),
        });
    }
    if r.distance == 1 {
        out.push(format!(
            "A Shock attack (A11.4): {b}'s Shock check {}; {a}'s own, if {b} holds, {}.",
            mods_text(&r.their_shock),
            mods_text(&r.own_shock)
        ));
    }
    out.push(if r.target {
        format!(
            "{a} may attack {b} now (A11.6); where they stand: {}.",
            mods_text(&r.attack)
        )
    } else {
        format!("{a} may not attack {b} now (A11.6–A11.7).")
    });
    out
}

/// A Union Force the selected Force may attack now: ringed, with its range
/// and where the attack strikes (A11.0.1, A11.4.2).
fn ring(painter: &egui::Painter, at: Rect, r: &Relation, stroke: bool) {
    let ring = at.expand(if stroke { 5.0 } else { 7.0 });
    if stroke {
        painter.rect_stroke(ring, 7.0, Stroke::new(2.5, THREAT), StrokeKind::Outside);
    }
    let text = reach_words(r);
    let font = FontId::proportional(10.0);
    let g = painter.layout_no_wrap(text.clone(), font.clone(), Color32::WHITE);
    let chip = Rect::from_min_size(
        Pos2::new(
            ring.center().x - g.size().x / 2.0 - 4.0,
            ring.bottom() + 1.0,
        ),
        Vec2::new(g.size().x + 8.0, 13.0),
    );
    painter.rect_filled(chip, 3.0, THREAT);
    painter.text(
        chip.center(),
        Align2::CENTER_CENTER,
        text,
        font,
        Color32::WHITE,
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    fn unit(force: &str, side: Side, square: &str, formation: Formation) -> SheetUnit {
        let square = Square::named(square).expect("a Square");
        SheetUnit {
            force: force.into(),
            side,
            region: square.region(),
            square: Some(square),
            target: None,
            formation,
            reduced: false,
            combat: 5,
            counter: None,
            prepare: false,
            entrench: false,
            hard_cover: false,
            cover: false,
            acted: false,
            clear_orders: false,
            in_melee: true,
            passing: false,
            range: Some(0),
            refusals: Vec::new(),
            relations: Vec::new(),
            reach: Vec::new(),
        }
    }

    fn sheet(units: Vec<SheetUnit>) -> SheetView {
        SheetView {
            turn: 1,
            turns: 4,
            quantity: 2,
            assigned: 0,
            union_quantity: 3,
            tactics: Tactics::Defensive,
            confederate_combat: 5,
            union_combat: 5,
            lee: false,
            units,
            cup: Vec::new(),
            drawn: Vec::new(),
            disrupted: Vec::new(),
            insights: Vec::new(),
            formation_counter: false,
            routed: None,
            columns: 6,
            objectives: Vec::new(),
        }
    }

    /// A10.2.14: the Advanced sheet's Squares, Row A at the top, Column 1
    /// on the left; each counter in its Square, the two of a Melee Square
    /// apart and inside it, on a narrow sheet and a wide one.
    #[test]
    fn counters_stand_in_their_squares() {
        for width in [700.0, 1300.0] {
            let rect = Rect::from_min_size(Pos2::ZERO, Vec2::new(width, 860.0));
            let g = Geometry::new(rect, Some(Square::COLUMNS), false);
            assert_eq!(g.cells.len(), 36);
            let a1 = g.cell(Square::named("A1").unwrap()).unwrap();
            let f6 = g.cell(Square::named("F6").unwrap()).unwrap();
            assert!(a1.top() < f6.top() && a1.left() < f6.left());
            for (fu, fc) in [
                (Formation::Line, Formation::Line),
                (Formation::Column, Formation::Line),
                (Formation::Column, Formation::Column),
            ] {
                let s = sheet(vec![
                    unit("kearny", Side::Union, "C4", fu),
                    unit("longstreet", Side::Confederate, "C4", fc),
                    unit("jackson", Side::Confederate, "E2", Formation::Column),
                ]);
                let placed = layout(&s, &g);
                assert_eq!(placed.len(), 3);
                let at = |k: usize| placed.iter().find(|(j, _)| *j == k).unwrap().1;
                let c4 = g.cell(Square::named("C4").unwrap()).unwrap();
                let (u, c) = (at(0), at(1));
                assert!(
                    c4.contains_rect(u) && c4.contains_rect(c),
                    "{width} {fu:?} {fc:?}"
                );
                assert!(!u.intersects(c), "{width} {fu:?} {fc:?}");
                // Large enough to read.
                assert!(u.height().min(c.height()) >= 24.0, "{width} {fu:?} {fc:?}");
                let e2 = g.cell(Square::named("E2").unwrap()).unwrap();
                assert!(e2.contains_rect(at(2)));
            }
        }
    }

    /// The Battle Packs' modified sheet (A10.2.14): as many Columns as
    /// the Squares in use need, at least 6.
    #[test]
    fn the_sheet_is_as_wide_as_its_squares() {
        let offer = Offer::default();
        let narrow = sheet(vec![unit("kearny", Side::Union, "B2", Formation::Line)]);
        assert_eq!(columns(&narrow, &offer), 6);
        let wide = sheet(vec![unit("kearny", Side::Union, "B11", Formation::Line)]);
        assert_eq!(columns(&wide, &offer), 11);
        let g = Geometry::new(
            Rect::from_min_size(Pos2::ZERO, Vec2::new(1300.0, 860.0)),
            Some(11),
            false,
        );
        assert_eq!((g.cells.len(), g.columns()), (66, 11));
        let b11 = g.cell(Square::named("B11").unwrap()).unwrap();
        assert!(b11.right() <= g.inner[1].right() + 0.5);
    }

    /// A stand-alone battle's modified sheet at 1280×720, in what its
    /// panels leave it (the status bar about 40 high): 12 Columns,
    /// counters large enough to read, the Rows by their letters, no Lee's
    /// box without Lee; with Lee the box stays.
    #[test]
    fn a_twelve_column_sheet_reads_at_1280_by_720() {
        use crate::app::panels::{
            STAND_ALONE_CHRONICLE_H, STAND_ALONE_DECISION_W, STAND_ALONE_TERMS_W,
        };
        let w = 1280.0 - STAND_ALONE_TERMS_W - STAND_ALONE_DECISION_W - 8.0;
        let h = 720.0 - 40.0 - STAND_ALONE_CHRONICLE_H;
        let rect = Rect::from_min_size(Pos2::new(STAND_ALONE_TERMS_W, 40.0), Vec2::new(w, h));
        let g = Geometry::new(rect, Some(12), false);
        assert_eq!((g.cells.len(), g.columns()), (72, 12));
        assert_eq!((g.label_w, g.lee_w), (WIDE_LABEL_W, 0.0));
        let line = size_of(Formation::Line, g.unit());
        let column = size_of(Formation::Column, g.unit());
        assert!(line.x >= 42.0 && line.y >= 28.0, "{line:?}");
        assert!(column.x >= 23.0 && column.y >= 37.0, "{column:?}");
        // Each counter in its Square, on the last Column too.
        let s = sheet(vec![
            unit("doubleday", Side::Union, "B12", Formation::Column),
            unit("jr-jones", Side::Confederate, "D12", Formation::Line),
        ]);
        for (k, r) in layout(&s, &g) {
            let cell = g.cell(s.units[k].square.unwrap()).unwrap();
            assert!(cell.contains_rect(r), "{k}: {r:?} in {cell:?}");
        }
        // A campaign sheet keeps its labels and Lee's box.
        let six = Geometry::new(rect, Some(6), false);
        assert!(six.label_w > WIDE_LABEL_W && six.lee_w > 0.0);
        assert!(Geometry::new(rect, Some(12), true).lee_w > 0.0);
    }

    /// A name too long for its counter loses its initials, then letters.
    #[test]
    fn names_are_shortened_to_fit() {
        let within = |n: usize| move |s: &str| s.chars().count() <= n;
        assert_eq!(abbreviate("Meade", within(6)), "Meade");
        assert_eq!(abbreviate("Meade", within(4)), "Mea.");
        assert_eq!(abbreviate("J.R. Jones", within(6)), "Jones");
        assert_eq!(abbreviate("D.H. Hill", within(9)), "D.H. Hill");
        assert_eq!(abbreviate("Doubleday", within(6)), "Doubl.");
        assert_eq!(abbreviate("Brigade 3", within(9)), "Brigade 3");
        assert_eq!(abbreviate("Brigade 3", within(6)), "Briga.");
        assert_eq!(abbreviate("Richardson", within(1)), "Ric.");
    }

    fn relation(force: &str, distance: i32, strikes: Option<Strikes>, target: bool) -> Relation {
        Relation {
            force: force.into(),
            distance,
            own_formation: Formation::Column,
            their_formation: Formation::Line,
            strikes,
            their_shock: vec![
                Modifier::new(-2, "Column against Line", "11.4.3"),
                Modifier::new(-3, "Flank attack", "A11.4.2.2"),
            ],
            own_shock: vec![
                Modifier::new(2, "Column against Line", "11.4.3"),
                Modifier::new(3, "Flank attack", "A11.4.2.2"),
            ],
            attack: Vec::new(),
            target,
        }
    }

    /// The hover over a Union Force, the Confederate Force selected: the
    /// range, the Formations, the Flank and both Shock checks' modifiers
    /// with their rules, whether it may attack now.
    #[test]
    fn a_relation_explains_itself() {
        let r = relation("kearny", 1, Some(Strikes::Flank), true);
        let lines = relation_lines("Longstreet", "Kearny", &r).join("\n");
        for want in [
            "Range 1 Square",
            "A11.0.1",
            "(A10.3): Longstreet Column, Kearny Line",
            "strikes Kearny's Flank (A11.4.2.2)",
            "Kearny's Shock check -2 (Column against Line, 11.4.3), -3 (Flank attack, A11.4.2.2)",
            "Longstreet's own, if Kearny holds, +2 (Column against Line, 11.4.3), +3 (Flank attack, A11.4.2.2)",
            "Longstreet may attack Kearny now (A11.6); where they stand: no modifier.",
        ] {
            assert!(lines.contains(want), "{want}\n{lines}");
        }
        let mut far = relation("kearny", 3, Some(Strikes::Front), false);
        far.their_shock.clear();
        let lines = relation_lines("Longstreet", "Kearny", &far).join("\n");
        assert!(lines.contains("Range 3 Squares") && lines.contains("may not attack"));
        assert!(!lines.contains("Shock attack"), "{lines}");
        assert_eq!(reach_words(&r), "1 Square, Flank");
        assert_eq!(reach_words(&relation("k", 0, None, true)), "Melee");
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
