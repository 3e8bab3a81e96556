//! The campaign map as SVG, drawn from the campaign file alone: the area
//! shapes (`campaign::geometry`: outlines or Voronoi cells), the Battle
//! Area tinted, rivers, roads and railways, the area names, where the
//! Forces stand (one stack per side and area with its count; hover for the
//! names), Lee, and a red ring round each area fought over that turn.

use std::fmt::Write;

use super::xml::escape;
use crate::campaign::{Campaign, RoadKind, Side};
use crate::rules::components::Strength;
use crate::rules::view::Positions;

/// The map with the Forces as `p` has them, under `title`, the areas
/// `battles` ringed.
pub fn map(c: &Campaign, p: &Positions, title: &str, battles: &[&str]) -> String {
    let (w, h) = (c.map.width, c.map.height);
    let mut s = String::new();
    let _ = write!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {w} {h}\" width=\"{w}\" height=\"{h}\" role=\"img\" font-family=\"Georgia, serif\">\
         <title>{}</title><rect width=\"{w}\" height=\"{h}\" fill=\"#f3ecd9\"/>",
        escape(title)
    );
    let shapes = crate::campaign::geometry::area_shapes(c);
    for (a, shape) in c.map.areas.iter().zip(&shapes) {
        let fill = if a.impassable {
            "#b9cfe0"
        } else if a.battle_area {
            "#ead9b5"
        } else {
            "#f3ecd9"
        };
        let _ = write!(
            s,
            "<polygon points=\"{}\" fill=\"{fill}\" stroke=\"#8a7a5a\" stroke-width=\"1.2\"/>",
            points(shape)
        );
    }
    for r in &c.map.rivers {
        let _ = write!(
            s,
            "<polyline points=\"{}\" fill=\"none\" stroke=\"#4a7fb5\" stroke-width=\"4\" stroke-linecap=\"round\"/>",
            points(&r.path)
        );
    }
    for r in &c.map.roads {
        let (colour, width, dash) = match r.kind {
            RoadKind::Road => ("#a0804a", 2.5, ""),
            RoadKind::Rail => ("#333333", 2.0, " stroke-dasharray=\"8 4\""),
        };
        let _ = write!(
            s,
            "<polyline points=\"{}\" fill=\"none\" stroke=\"{colour}\" stroke-width=\"{width}\"{dash}/>",
            points(&r.path)
        );
    }
    for a in c
        .map
        .areas
        .iter()
        .filter(|a| battles.contains(&a.id.as_str()))
    {
        let [x, y] = a.position;
        let _ = write!(
            s,
            "<circle cx=\"{x}\" cy=\"{}\" r=\"40\" fill=\"none\" stroke=\"#b03a2e\" stroke-width=\"4\"><title>A battle this turn</title></circle>",
            y - 6.0
        );
    }
    for a in &c.map.areas {
        let [x, y] = a.position;
        let _ = write!(
            s,
            "<text x=\"{x}\" y=\"{}\" font-size=\"17\" text-anchor=\"middle\" fill=\"#3a3226\" stroke=\"#f6f0e0\" stroke-width=\"4\" paint-order=\"stroke\">{}</text>",
            y - 24.0,
            escape(&a.name)
        );
        stacks(&mut s, p, &a.id, a.position);
        if p.lee.area() == Some(a.id.as_str()) {
            let _ = write!(
                s,
                "<g><title>Robert E. Lee</title><circle cx=\"{}\" cy=\"{}\" r=\"10\" fill=\"#c8a03c\" stroke=\"#3a3226\"/>\
                 <text x=\"{}\" y=\"{}\" font-size=\"13\" text-anchor=\"middle\" fill=\"#3a3226\">L</text></g>",
                x - 46.0,
                y,
                x - 46.0,
                y + 4.5
            );
        }
    }
    legend(&mut s, title, h);
    s.push_str("</svg>");
    s
}

fn points(path: &[[f32; 2]]) -> String {
    path.iter()
        .map(|[x, y]| format!("{x:.1},{y:.1}"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Each side's stack in an area: a box with how many Forces, their names
/// (reduced ones marked) on hover.
fn stacks(s: &mut String, p: &Positions, area: &str, [x, y]: [f32; 2]) {
    for (k, side) in [Side::Confederate, Side::Union].into_iter().enumerate() {
        let forces: Vec<String> = p
            .in_area(area, side)
            .map(|f| match f.strength {
                Strength::Reduced => format!("{} (reduced)", f.name),
                Strength::Full => f.name.clone(),
            })
            .collect();
        if forces.is_empty() {
            continue;
        }
        let (fill, text) = match side {
            Side::Confederate => ("#7d7d7d", "#ffffff"),
            Side::Union => ("#2f4f8f", "#ffffff"),
        };
        let bx = x - 31.0 + 32.0 * k as f32;
        let _ = write!(
            s,
            "<g><title>{}: {}</title><rect x=\"{bx}\" y=\"{}\" width=\"30\" height=\"24\" rx=\"3\" fill=\"{fill}\" stroke=\"#222\"/>\
             <text x=\"{}\" y=\"{}\" font-size=\"17\" text-anchor=\"middle\" fill=\"{text}\">{}</text></g>",
            side.name(),
            escape(&forces.join(", ")),
            y - 12.0,
            bx + 15.0,
            y + 6.0,
            forces.len()
        );
    }
}

fn legend(s: &mut String, title: &str, h: f32) {
    let _ = write!(
        s,
        "<g font-size=\"16\"><rect x=\"8\" y=\"{}\" width=\"560\" height=\"30\" fill=\"#faf6ec\" stroke=\"#8a7a5a\"/>\
         <text x=\"16\" y=\"{}\" fill=\"#3a3226\">{}</text>\
         <rect x=\"330\" y=\"{}\" width=\"16\" height=\"14\" fill=\"#7d7d7d\"/><text x=\"350\" y=\"{}\">Confederate</text>\
         <rect x=\"450\" y=\"{}\" width=\"16\" height=\"14\" fill=\"#2f4f8f\"/><text x=\"470\" y=\"{}\">Union</text></g>",
        h - 38.0,
        h - 18.0,
        escape(title),
        h - 30.0,
        h - 18.0,
        h - 30.0,
        h - 18.0
    );
}
