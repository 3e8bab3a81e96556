//! The map's paper and ground, drawn procedurally (no bitmap ships): one
//! small tile per terrain, repeated across the areas' shapes and tinted by
//! their terrain tone. Every tile is the same card stock (a soft mottle
//! and a few fibres); woods add tree crowns, swamp marsh tufts, heights
//! hachures and towns street blocks, faint enough for the names and lines
//! over them. The tiles are drawn once, from a fixed hash: the map looks
//! the same in every game.

use bevy::asset::RenderAssetUsages;
use bevy::image::{ImageAddressMode, ImageSampler, ImageSamplerDescriptor};
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};

use crate::campaign::Terrain;

/// A tile's side in pixels and in world units (one texel a world unit:
/// the patterns keep their size on the map).
pub const TILE: u32 = 192;

/// One tile per terrain, in [`Terrain::ALL`]'s order.
#[derive(Debug, Clone)]
pub struct GroundTiles(pub Vec<(Terrain, Handle<Image>)>);

impl GroundTiles {
    pub fn make(images: &mut Assets<Image>) -> Self {
        GroundTiles(
            Terrain::ALL
                .iter()
                .map(|t| (*t, images.add(tile_image(*t))))
                .collect(),
        )
    }

    pub fn of(&self, t: Terrain) -> Handle<Image> {
        self.0
            .iter()
            .find(|(x, _)| *x == t)
            .map(|(_, h)| h.clone())
            .unwrap_or_default()
    }
}

/// A repeating image of the tile's shades.
fn tile_image(t: Terrain) -> Image {
    let shades = tile(t);
    let data: Vec<u8> = shades
        .iter()
        .flat_map(|v| {
            let b = (v.clamp(0.0, 1.0) * 255.0).round() as u8;
            [b, b, b, 255]
        })
        .collect();
    let mut image = Image::new(
        Extent3d {
            width: TILE,
            height: TILE,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        data,
        TextureFormat::Rgba8Unorm,
        RenderAssetUsages::RENDER_WORLD,
    );
    image.sampler = ImageSampler::Descriptor(ImageSamplerDescriptor {
        address_mode_u: ImageAddressMode::Repeat,
        address_mode_v: ImageAddressMode::Repeat,
        ..ImageSamplerDescriptor::linear()
    });
    image
}

/// A fixed hash of a lattice point to [0, 1).
fn hash(x: i32, y: i32, seed: u32) -> f32 {
    let mut h = (x as u32).wrapping_mul(0x8da6_b343)
        ^ (y as u32).wrapping_mul(0xd816_3841)
        ^ seed.wrapping_mul(0xcb1a_b31f);
    h ^= h >> 13;
    h = h.wrapping_mul(0x5bd1_e995);
    h ^= h >> 15;
    (h & 0xffff) as f32 / 65536.0
}

/// Smooth value noise that repeats every `period` lattice cells.
fn noise(x: f32, y: f32, period: i32, seed: u32) -> f32 {
    let (x0, y0) = (x.floor(), y.floor());
    let (fx, fy) = (x - x0, y - y0);
    let s = |t: f32| t * t * (3.0 - 2.0 * t);
    let at = |i: i32, j: i32| {
        hash(
            (x0 as i32 + i).rem_euclid(period),
            (y0 as i32 + j).rem_euclid(period),
            seed,
        )
    };
    let top = at(0, 0) + (at(1, 0) - at(0, 0)) * s(fx);
    let bottom = at(0, 1) + (at(1, 1) - at(0, 1)) * s(fx);
    top + (bottom - top) * s(fy)
}

/// The tile's shades (1 leaves the tone as it is), row by row.
pub fn tile(t: Terrain) -> Vec<f32> {
    let n = TILE as usize;
    let mut v = vec![1.0f32; n * n];
    // Card stock: two octaves of mottle, a few per cent deep.
    for y in 0..n {
        for x in 0..n {
            let (fx, fy) = (x as f32, y as f32);
            let coarse = noise(fx / 24.0, fy / 24.0, (n / 24) as i32, 1);
            let fine = noise(fx / 4.0, fy / 4.0, (n / 4) as i32, 2);
            v[y * n + x] = 0.975 + 0.025 * coarse - 0.02 * fine;
        }
    }
    // Marks that cross darken as the deeper of the two, never deeper.
    let mut mark = vec![0.0f32; n * n];
    let mut darken = |x: i32, y: i32, by: f32| {
        let i = y.rem_euclid(n as i32) as usize * n + x.rem_euclid(n as i32) as usize;
        mark[i] = mark[i].max(by);
    };
    // Fibres: short faint strokes.
    for k in 0..18 {
        let (x, y) = (
            (hash(k, 0, 3) * n as f32) as i32,
            (hash(k, 1, 3) * n as f32) as i32,
        );
        let a = hash(k, 2, 3) * std::f32::consts::TAU;
        for s in 0..7 {
            darken(
                x + (a.cos() * s as f32) as i32,
                y + (a.sin() * s as f32) as i32,
                0.025,
            );
        }
    }
    let marks = |count: i32, seed: u32| {
        (0..count).map(move |k| {
            (
                (hash(k, 0, seed) * n as f32) as i32,
                (hash(k, 1, seed) * n as f32) as i32,
            )
        })
    };
    match t {
        Terrain::Open | Terrain::Farmland => {
            if t == Terrain::Farmland {
                // Field edges: faint lines along the furrows.
                for y in (0..n as i32).step_by(24) {
                    for x in 0..n as i32 {
                        if noise(x as f32 / 16.0, y as f32, 12, 9) > 0.45 {
                            darken(x, y, 0.03);
                        }
                    }
                }
            }
        }
        Terrain::Woods => {
            // Tree crowns: small rings.
            for (cx, cy) in marks(60, 4) {
                for dy in -3i32..=3 {
                    for dx in -3i32..=3 {
                        let d = ((dx * dx + dy * dy) as f32).sqrt();
                        if (2.0..=3.2).contains(&d) {
                            darken(cx + dx, cy + dy, 0.09);
                        }
                    }
                }
            }
        }
        Terrain::Swamp => {
            // Marsh tufts: a short line with three blades over it.
            for (cx, cy) in marks(40, 5) {
                for dx in -4..=4 {
                    darken(cx + dx, cy, 0.1);
                }
                for (bx, h) in [(-2, 2), (0, 3), (2, 2)] {
                    for dy in 1..=h {
                        darken(cx + bx, cy - dy, 0.08);
                    }
                }
            }
        }
        Terrain::Heights => {
            // Hachures: short strokes in rows, as the period's engravers
            // shaded a slope.
            for (cx, cy) in marks(55, 6) {
                for s in 0..5 {
                    darken(cx + s / 2, cy + s, 0.08);
                }
            }
        }
        Terrain::Town => {
            // Street blocks: a faint grid.
            for y in 0..n as i32 {
                for x in 0..n as i32 {
                    if x % 16 == 0 || y % 16 == 0 {
                        darken(x, y, 0.05);
                    }
                }
            }
        }
    }
    v.iter().zip(&mark).map(|(v, m)| v - m).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every tile is faint enough that a name and a line read over it (it
    /// darkens its tone by a tenth at most), each terrain's tile differs
    /// from plain paper, and the tiles are the same every time.
    #[test]
    fn tiles_are_faint_distinct_and_fixed() {
        let paper = tile(Terrain::Open);
        for t in Terrain::ALL {
            let v = tile(t);
            assert_eq!(v.len(), (TILE * TILE) as usize);
            let min = v.iter().copied().fold(1.0f32, f32::min);
            assert!(min >= 0.85, "{t:?}: {min}");
            assert!(v.iter().all(|x| *x <= 1.0));
            if t != Terrain::Open {
                let differ = v.iter().zip(&paper).filter(|(a, b)| a != b).count();
                assert!(differ > 200, "{t:?} looks like plain paper");
            }
            assert_eq!(v, tile(t), "{t:?} is drawn the same every time");
        }
    }

    /// The mottle repeats across the tile's edges without a seam.
    #[test]
    fn the_tile_has_no_seam() {
        let n = TILE as f32;
        for y in [0.0, 17.5, 100.0] {
            let a = noise(0.0, y / 24.0, (TILE / 24) as i32, 1);
            let b = noise(n / 24.0, y / 24.0, (TILE / 24) as i32, 1);
            assert!((a - b).abs() < 1e-5);
        }
    }
}
