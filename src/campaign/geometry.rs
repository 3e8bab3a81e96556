//! The shapes of a campaign's areas, in the map's own coordinates (x to the
//! right, y downwards, `map.width` by `map.height`): an area's hand-drawn
//! outline when it has one, else its Voronoi cell, the part of the map
//! rectangle nearer its position than any other area's. The window's map
//! draws the same cells (app::map); the after-action report draws them as
//! SVG.
//!
//! The cells are drawn from positions, the rules move by the adjacency
//! lists (2.1), and the two need not agree: two cells may touch where the
//! areas are not adjacent, and adjacent areas may not touch. [`borders`]
//! and [`links`] say which is which, so the map can draw a closed border
//! and a link where the picture alone would mislead.

use super::model::Campaign;

/// A point of the map.
pub type Point = [f32; 2];

/// Each area's shape, in the order of `map.areas`.
pub fn area_shapes(c: &Campaign) -> Vec<Vec<Point>> {
    let sites: Vec<Point> = c.map.areas.iter().map(|a| a.position).collect();
    c.map
        .areas
        .iter()
        .enumerate()
        .map(|(i, a)| {
            if a.outline.len() >= 3 {
                a.outline.clone()
            } else {
                voronoi_cell(&sites, i, c.map.width, c.map.height)
            }
        })
        .collect()
}

/// The Voronoi cell of `sites[i]` in the rectangle (0, 0)–(width, height):
/// the rectangle cut by the bisector with every other site (convex).
pub fn voronoi_cell(sites: &[Point], i: usize, width: f32, height: f32) -> Vec<Point> {
    let mut poly = vec![[0.0, 0.0], [width, 0.0], [width, height], [0.0, height]];
    let si = sites[i];
    let dot = |a: Point, b: Point| a[0] * b[0] + a[1] * b[1];
    let sub = |a: Point, b: Point| [a[0] - b[0], a[1] - b[1]];
    for (j, &sj) in sites.iter().enumerate() {
        if i == j {
            continue;
        }
        let n = sub(sj, si);
        let m = [(si[0] + sj[0]) / 2.0, (si[1] + sj[1]) / 2.0];
        let inside = |p: Point| dot(sub(p, m), n) <= 0.0;
        let mut out = Vec::new();
        for k in 0..poly.len() {
            let a = poly[k];
            let b = poly[(k + 1) % poly.len()];
            let (ia, ib) = (inside(a), inside(b));
            if ia {
                out.push(a);
            }
            if ia != ib {
                let ab = sub(b, a);
                let t = dot(sub(m, a), n) / dot(ab, n);
                out.push([a[0] + ab[0] * t, a[1] + ab[1] * t]);
            }
        }
        poly = out;
        if poly.is_empty() {
            break;
        }
    }
    poly
}

/// A stretch of border two cells share.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Border {
    /// The two areas (indices in `map.areas`), `a < b`.
    pub a: usize,
    pub b: usize,
    pub from: Point,
    pub to: Point,
    /// The areas are adjacent (2.1): a move may cross here.
    pub open: bool,
}

/// Every border two cells share, once, open where the areas are adjacent
/// and closed where they only touch.
pub fn borders(c: &Campaign, shapes: &[Vec<Point>]) -> Vec<Border> {
    let mut out = Vec::new();
    for a in 0..shapes.len() {
        for b in a + 1..shapes.len() {
            let open = adjacent(c, a, b);
            for (from, to) in shared_edges(&shapes[a], &shapes[b]) {
                out.push(Border {
                    a,
                    b,
                    from,
                    to,
                    open,
                });
            }
        }
    }
    out
}

/// The pairs of adjacent areas (2.1) whose cells share no border: the map
/// links them with a line, from position to position.
pub fn links(c: &Campaign, shapes: &[Vec<Point>]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for a in 0..shapes.len() {
        for b in a + 1..shapes.len() {
            if adjacent(c, a, b) && shared_edges(&shapes[a], &shapes[b]).is_empty() {
                out.push((a, b));
            }
        }
    }
    out
}

fn adjacent(c: &Campaign, a: usize, b: usize) -> bool {
    let (x, y) = (&c.map.areas[a], &c.map.areas[b]);
    x.adjacent.contains(&y.id) || y.adjacent.contains(&x.id)
}

/// How near two points of two cells must be to be one point: cells are
/// computed one by one, so a shared corner differs in its last bits.
const SAME: f32 = 0.5;

/// The stretches where an edge of `p` lies along an edge of `q` (at least
/// [`SAME`] long).
fn shared_edges(p: &[Point], q: &[Point]) -> Vec<(Point, Point)> {
    let sub = |a: Point, b: Point| [a[0] - b[0], a[1] - b[1]];
    let dot = |a: Point, b: Point| a[0] * b[0] + a[1] * b[1];
    let mut out = Vec::new();
    for i in 0..p.len() {
        let (a, b) = (p[i], p[(i + 1) % p.len()]);
        let ab = sub(b, a);
        let len2 = dot(ab, ab);
        if len2 < SAME * SAME {
            continue;
        }
        let len = len2.sqrt();
        // Distance of a point from the line ab, and where along ab it falls.
        let off = |x: Point| (ab[0] * (x[1] - a[1]) - ab[1] * (x[0] - a[0])).abs() / len;
        let along = |x: Point| dot(sub(x, a), ab) / len2;
        for j in 0..q.len() {
            let (c, d) = (q[j], q[(j + 1) % q.len()]);
            if off(c) > SAME || off(d) > SAME {
                continue;
            }
            let (tc, td) = (along(c), along(d));
            let lo = tc.min(td).max(0.0);
            let hi = tc.max(td).min(1.0);
            if (hi - lo) * len < SAME {
                continue;
            }
            let at = |t: f32| [a[0] + ab[0] * t, a[1] + ab[1] * t];
            out.push((at(lo), at(hi)));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The bundled maps.
    const BUNDLED: [&str; 5] = [
        "seven-days",
        "second-manassas",
        "antietam",
        "chancellorsville",
        "gettysburg",
    ];

    fn area(poly: &[Point]) -> f32 {
        let n = poly.len();
        (0..n)
            .map(|k| {
                let (a, b) = (poly[k], poly[(k + 1) % n]);
                a[0] * b[1] - b[0] * a[1]
            })
            .sum::<f32>()
            .abs()
            / 2.0
    }

    /// A convex polygon holds the point (on its border counts).
    fn holds(poly: &[Point], p: Point) -> bool {
        let n = poly.len();
        let side = |e: usize| {
            let (a, b) = (poly[e], poly[(e + 1) % n]);
            (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])
        };
        (0..n).all(|e| side(e) >= -1e-3) || (0..n).all(|e| side(e) <= 1e-3)
    }

    /// The cells tile the map: their areas add up to the rectangle's, and
    /// each holds its own position.
    #[test]
    fn the_cells_tile_every_bundled_map() {
        for id in BUNDLED {
            let c = crate::campaign::load_bundled(id).unwrap();
            let shapes = area_shapes(&c);
            assert_eq!(shapes.len(), c.map.areas.len());
            if c.map.areas.iter().any(|a| a.outline.len() >= 3) {
                continue;
            }
            let total: f32 = shapes.iter().map(|p| area(p)).sum();
            let whole = c.map.width * c.map.height;
            assert!(
                (total - whole).abs() / whole < 1e-3,
                "{id}: {total} of {whole}"
            );
            for (a, poly) in c.map.areas.iter().zip(&shapes) {
                assert!(holds(poly, a.position), "{id}: {} outside its cell", a.id);
            }
        }
    }

    /// Every adjacent pair (2.1) can be seen on the map: its cells share an
    /// open border or a link joins them; every border that is not open is
    /// between areas that are not adjacent. Seven Days: Golding's Farm and
    /// Seven Pines touch but are not adjacent; Golding's Farm and Richmond
    /// (Center) are adjacent but do not touch.
    #[test]
    fn borders_and_links_show_the_adjacency_lists() {
        for id in BUNDLED {
            let c = crate::campaign::load_bundled(id).unwrap();
            let shapes = area_shapes(&c);
            let borders = borders(&c, &shapes);
            let links = links(&c, &shapes);
            for (a, x) in c.map.areas.iter().enumerate() {
                for y in &x.adjacent {
                    let b = c.map.areas.iter().position(|z| &z.id == y).unwrap();
                    let (a, b) = (a.min(b), a.max(b));
                    let open = borders.iter().any(|o| o.a == a && o.b == b && o.open);
                    assert!(
                        open ^ links.contains(&(a, b)),
                        "{id}: {} – {y}: open border {open}",
                        x.id
                    );
                }
            }
            for o in &borders {
                let (x, y) = (&c.map.areas[o.a], &c.map.areas[o.b]);
                assert_eq!(
                    o.open,
                    x.adjacent.contains(&y.id),
                    "{id}: {} – {}",
                    x.id,
                    y.id
                );
            }
        }
        let c = crate::campaign::load_bundled("seven-days").unwrap();
        let shapes = area_shapes(&c);
        let ix = |id: &str| c.map.areas.iter().position(|a| a.id == id).unwrap();
        let pair = |x: &str, y: &str| (ix(x).min(ix(y)), ix(x).max(ix(y)));
        let (g, s) = pair("goldings-farm", "seven-pines");
        assert!(
            borders(&c, &shapes)
                .iter()
                .any(|o| (o.a, o.b) == (g, s) && !o.open)
        );
        assert!(links(&c, &shapes).contains(&pair("goldings-farm", "richmond-center")));
    }
}
