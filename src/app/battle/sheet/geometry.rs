//! Where everything on the sheet goes: the header, the six bands top down
//! (Regions on the Basic sheet, 4.2; Rows A to F of Squares on the
//! Advanced one, A10.2.14, 6 to 12 Columns wide), Lee's box, and each
//! counter's place: side by side in its band, or in its Square (both
//! sides of a Melee Square, A11.5, apart in it).

use bevy_egui::egui::{Pos2, Rect, Vec2};

use super::offer::Offer;
use crate::campaign::Side;
use crate::rules::battle::ground::{Region, Square};
use crate::rules::battle::record::SheetView;
use crate::rules::battle::terms::Formation;

/// The bands from the top of the screen down.
pub(super) const TOP_DOWN: [Region; 6] = [
    Region::UnionReserve,
    Region::UnionApproach,
    Region::UnionFront,
    Region::ConfederateFront,
    Region::ConfederateApproach,
    Region::ConfederateReserve,
];

/// The header strip's height, the caption's, and (Advanced) the strip of
/// Column numbers above Row A.
pub(super) const HEADER_H: f32 = 86.0;
pub(super) const FOOTER_H: f32 = 26.0;
pub(super) const NUMBERS_H: f32 = 18.0;
/// The largest counter's size unit (a Line counter's height), on a large
/// window.
pub(super) const COUNTER_MAX: f32 = 70.0;
/// The modified sheet's Row labels: the letter only (its Region on hover).
pub(super) const WIDE_LABEL_W: f32 = 30.0;

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
    pub(super) fn unit(&self) -> f32 {
        match self.cells.first() {
            // One counter and a tag fit a Square.
            Some((_, r)) => ((r.width() - 12.0) / 1.45)
                .min((r.height() - 18.0) / 1.3)
                .clamp(18.0, COUNTER_MAX),
            // As tall as a band allows, yet six Line counters (a Front's
            // most, 10.2.4) side by side across it.
            None => (self.bands[0].height() / 1.65)
                .min((self.inner[0].width() / 6.0 - 10.0) / 1.45)
                .clamp(24.0, COUNTER_MAX),
        }
    }

    /// A lone counter's size unit in a Square: as large as the Square
    /// holds it with a tag, so that Line and Column counters stand as tall
    /// (the Basic sheet: [`Geometry::unit`]).
    pub(super) fn unit_for(&self, f: Formation) -> f32 {
        match self.cells.first() {
            Some((_, r)) => {
                // Clear of the Square's name in its corner where there
                // is room.
                let s = size_of(f, 1.0);
                ((r.width() - 12.0 - (r.width() * 0.2).min(16.0)) / s.x)
                    .min((r.height() - 18.0) / s.y)
                    .clamp(18.0, COUNTER_MAX)
                    .max(self.unit())
            }
            None => self.unit(),
        }
    }

    /// In a Melee band two armies share the height: smaller counters.
    pub(super) fn melee_unit(&self) -> f32 {
        (self.bands[0].height() / 2.3)
            .clamp(20.0, COUNTER_MAX)
            .min(self.unit())
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

pub(super) fn size_of(f: Formation, c: f32) -> Vec2 {
    match f {
        Formation::Line => Vec2::new(c * 1.45, c),
        Formation::Column => Vec2::new(c * 0.82, c * 1.3),
    }
}

/// Where each unit stands (its counter's rect): in its band on the Basic
/// sheet, in its Square on the Advanced sheet.
pub(super) fn layout(sheet: &SheetView, g: &Geometry) -> Vec<(usize, Rect)> {
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
                    Side::Union => band.top() + band.height() * 0.26,
                    Side::Confederate => band.top() + band.height() * 0.74,
                }
            } else {
                band.center().y
            };
            for (k, u) in sheet.units.iter().enumerate() {
                if u.region != *region || u.side != side {
                    continue;
                }
                // In Melee each army has half the band: a Column counter
                // (the taller) no taller than its half.
                let c = if melee {
                    g.melee_unit()
                        .min((band.height() / 2.0 - 3.0) / size_of(u.formation, 1.0).y)
                } else {
                    c
                };
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
                    let size = size_of(u.formation, g.unit_for(u.formation));
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

#[cfg(test)]
mod tests {
    use super::super::fixtures::{sheet, unit};
    use super::*;

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
                let at = |n: usize| placed.iter().find(|(j, _)| *j == n).unwrap().1;
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

    /// 11.5: a Basic Region in Melee holds both armies, the Union's
    /// counters above the Confederates', none over another, all in the
    /// band, Line and Column, at 1280×720 and larger.
    #[test]
    fn a_melee_region_holds_both_armies_apart() {
        for (w, h) in [(940.0, 440.0), (1300.0, 820.0)] {
            let g = Geometry::new(Rect::from_min_size(Pos2::ZERO, Vec2::new(w, h)), None, true);
            let mut s = sheet(vec![
                unit("kearny", Side::Union, "C1", Formation::Line),
                unit("hooker", Side::Union, "C2", Formation::Column),
                unit("longstreet", Side::Confederate, "C3", Formation::Column),
                unit("jackson", Side::Confederate, "C4", Formation::Line),
            ]);
            for u in &mut s.units {
                u.square = None;
            }
            let placed = layout(&s, &g);
            assert_eq!(placed.len(), 4);
            let band = g.inner[2];
            for (k, r) in &placed {
                assert!(band.contains_rect(*r), "{w}: {k} {r:?} in {band:?}");
                assert!(r.height() >= 20.0, "{w}: {k} {r:?}");
            }
            for (a, ra) in &placed {
                for (b, rb) in &placed {
                    assert!(
                        a == b || !ra.intersects(*rb),
                        "{w}: {a} {ra:?} and {b} {rb:?}"
                    );
                }
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
}
