//! The shapes of a campaign's areas, in the map's own coordinates (x to the
//! right, y downwards, `map.width` by `map.height`): an area's hand-drawn
//! outline when it has one, else its Voronoi cell, the part of the map
//! rectangle nearer its position than any other area's. The window's map
//! draws the same cells (app::map); the after-action report draws them as
//! SVG.

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

#[cfg(test)]
mod tests {
    use super::*;

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
        for id in [
            "seven-days",
            "second-manassas",
            "antietam",
            "chancellorsville",
            "gettysburg",
        ] {
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
}
