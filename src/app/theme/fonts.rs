//! The faces, embedded in the binary (no file is looked up at run time):
//! EB Garamond, a period serif, for titles, headings and map names; Lato
//! for body text and numbers, because its default figures are tabular
//! (every digit has the same advance, and no pair of digits is kerned:
//! egui cannot switch OpenType features on, so the default glyphs must
//! be the tabular ones; `docs/design.md` has the measure, the test
//! `the_body_faces_figures_are_tabular` checks it as egui lays them out).
//! Both are SIL OFL 1.1 (`assets/fonts/OFL.txt`). egui's own fonts stay as
//! fallbacks: Hack has the arrows and shapes the chronicle prints that
//! the two lack (━ ▲ ▶ ▼ ◀), and the emoji fonts the rest.

use std::sync::Arc;

use bevy::prelude::*;
use bevy_egui::egui::{self, FontData, FontDefinitions, FontFamily};

/// The serif (EB Garamond 12 Regular).
pub const SERIF: &str = "serif";
/// The serif's bold. Debian's EB Garamond 0.016 Bold has only the ASCII
/// and Latin-1 punctuation (127 glyphs), so its family falls back to the
/// Regular for dashes, accents and quotes.
pub const SERIF_BOLD: &str = "serif-bold";
pub const SERIF_ITALIC: &str = "serif-italic";
/// The sans's bold (Lato Bold); the sans regular is egui's
/// `FontFamily::Proportional`.
pub const SANS_BOLD: &str = "sans-bold";

/// One embedded face: its key in egui's font data, its file in
/// `assets/fonts/` and its bytes.
pub struct Face {
    pub key: &'static str,
    pub file: &'static str,
    pub bytes: &'static [u8],
}

macro_rules! face {
    ($key:literal, $file:literal) => {
        Face {
            key: $key,
            file: $file,
            bytes: include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/assets/fonts/", $file)),
        }
    };
}

pub const GARAMOND: Face = face!("EBGaramond12-Regular", "EBGaramond12-Regular.ttf");
pub const GARAMOND_BOLD: Face = face!("EBGaramond12-Bold", "EBGaramond12-Bold.ttf");
pub const GARAMOND_ITALIC: Face = face!("EBGaramond12-Italic", "EBGaramond12-Italic.ttf");
pub const LATO: Face = face!("Lato-Regular", "Lato-Regular.ttf");
pub const LATO_BOLD: Face = face!("Lato-Bold", "Lato-Bold.ttf");

pub const FACES: [&Face; 5] = [
    &GARAMOND,
    &GARAMOND_BOLD,
    &GARAMOND_ITALIC,
    &LATO,
    &LATO_BOLD,
];

/// The faces of each family, first to last (then egui's fallbacks).
pub fn families() -> [(FontFamily, Vec<&'static Face>); 5] {
    [
        (FontFamily::Proportional, vec![&LATO]),
        (FontFamily::Name(SANS_BOLD.into()), vec![&LATO_BOLD, &LATO]),
        (FontFamily::Name(SERIF.into()), vec![&GARAMOND]),
        (
            FontFamily::Name(SERIF_BOLD.into()),
            vec![&GARAMOND_BOLD, &GARAMOND],
        ),
        (
            FontFamily::Name(SERIF_ITALIC.into()),
            vec![&GARAMOND_ITALIC, &GARAMOND],
        ),
    ]
}

/// egui's fonts with ours first in each family; every family falls back
/// on egui's monospace chain (Hack, Ubuntu, the emoji fonts). Monospace
/// stays egui's own.
pub fn definitions() -> FontDefinitions {
    let mut fonts = FontDefinitions::default();
    for face in FACES {
        fonts.font_data.insert(
            face.key.to_string(),
            Arc::new(FontData::from_static(face.bytes)),
        );
    }
    let fallbacks = fonts
        .families
        .get(&FontFamily::Monospace)
        .cloned()
        .unwrap_or_default();
    for (family, faces) in families() {
        let mut chain: Vec<String> = faces.iter().map(|f| f.key.to_string()).collect();
        chain.extend(fallbacks.iter().cloned());
        fonts.families.insert(family, chain);
    }
    fonts
}

/// The faces for the map's Bevy text. Bevy's default font is Lato Regular
/// (set by [`install`]), so any text the map spawns without a font is in
/// the body face; names and titles take these handles.
#[derive(Resource, Debug, Clone)]
pub struct MapFonts {
    pub serif: Handle<Font>,
    pub serif_bold: Handle<Font>,
    pub serif_italic: Handle<Font>,
    pub sans: Handle<Font>,
    pub sans_bold: Handle<Font>,
}

/// Make Lato Bevy's default font and keep handles to the others. Before
/// any system runs: Bevy registers a font with its text system the first
/// time it sees the asset's id.
pub(super) fn install(app: &mut App) {
    let Some(mut assets) = app.world_mut().get_resource_mut::<Assets<Font>>() else {
        return;
    };
    let font = |f: &Face| Font::from_bytes(f.bytes.to_vec());
    let sans = Handle::<Font>::default();
    // The default handle's id is a UUID: inserting at it never fails.
    let _ = assets.insert(sans.id(), font(&LATO));
    let fonts = MapFonts {
        serif: assets.add(font(&GARAMOND)),
        serif_bold: assets.add(font(&GARAMOND_BOLD)),
        serif_italic: assets.add(font(&GARAMOND_ITALIC)),
        sans,
        sans_bold: assets.add(font(&LATO_BOLD)),
    };
    app.insert_resource(fonts);
}

/// The width of `text` set in `face` at `size` (its advances, without
/// kerning, which only narrows it): where the map places a name before
/// Bevy has laid it out.
pub fn text_width(face: &Face, size: f32, text: &str) -> f32 {
    use skrifa::MetadataProvider;
    let Ok(font) = skrifa::FontRef::new(face.bytes) else {
        return text.chars().count() as f32 * size * 0.6;
    };
    let charmap = font.charmap();
    let metrics = font.glyph_metrics(
        skrifa::instance::Size::new(size),
        skrifa::instance::LocationRef::default(),
    );
    text.chars()
        .map(|c| {
            charmap
                .map(c)
                .and_then(|g| metrics.advance_width(g))
                .unwrap_or(size * 0.5)
        })
        .sum()
}

/// A family's first face (for the type scale's table).
pub fn first_face(family: &FontFamily) -> &'static str {
    families()
        .into_iter()
        .find(|(f, _)| f == family)
        .and_then(|(_, faces)| faces.first().map(|f| f.file))
        .unwrap_or("Hack-Regular.ttf (egui's)")
}

/// egui's [`egui::FontId`] in one of our families.
pub fn font_id(size: f32, family: &str) -> egui::FontId {
    egui::FontId::new(size, FontFamily::Name(family.into()))
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use bevy_egui::egui::Color32;
    use bevy_egui::egui::epaint::text::{Fonts, TextOptions};

    use super::*;
    use crate::app::theme::scale::Type;

    fn fonts() -> Fonts {
        Fonts::new(TextOptions::default(), definitions())
    }

    /// The widths of every one- and two-digit number in `font`, as egui
    /// lays them out (shaped: kerning included).
    fn digit_widths(fonts: &mut Fonts, font: &egui::FontId) -> (Vec<f32>, Vec<f32>) {
        let mut view = fonts.with_pixels_per_point(1.0);
        let mut width = |s: String| {
            view.layout_no_wrap(s, font.clone(), Color32::BLACK)
                .size()
                .x
        };
        let ones = ('0'..='9').map(|d| width(d.to_string())).collect();
        let mut twos = Vec::new();
        for a in '0'..='9' {
            for b in '0'..='9' {
                twos.push(width(format!("{a}{b}")));
            }
        }
        (ones, twos)
    }

    fn all_equal(v: &[f32]) -> bool {
        v.iter().all(|w| (w - v[0]).abs() < 1e-3)
    }

    /// Numbers in the body face line up in columns: every digit has one
    /// advance and no pair of digits is kerned. (EB Garamond's default
    /// figures are old-style and proportional: the check tells them.)
    #[test]
    fn the_body_faces_figures_are_tabular() {
        let mut fonts = fonts();
        for t in [Type::Body, Type::Small, Type::Number, Type::NumberLarge] {
            let (ones, twos) = digit_widths(&mut fonts, &t.font());
            assert!(all_equal(&ones), "{}: digits {ones:?}", t.name());
            assert!(all_equal(&twos), "{}: pairs {twos:?}", t.name());
        }
        let (serif, _) = digit_widths(&mut fonts, &Type::Heading.font());
        assert!(!all_equal(&serif), "the serif's figures read as tabular");
    }

    /// Every character other than ASCII that the app's code and the
    /// bundled campaigns hold (the chronicle's arrows, dashes, ±, ×, …)
    /// has a glyph in every family of the type scale.
    #[test]
    fn every_character_the_app_prints_has_a_glyph() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut texts = Vec::new();
        let mut dirs = vec![root.join("src"), root.join("campaigns")];
        while let Some(dir) = dirs.pop() {
            for entry in std::fs::read_dir(&dir)
                .expect("a readable folder")
                .flatten()
            {
                let path = entry.path();
                if path.is_dir() {
                    dirs.push(path);
                } else if path.extension().is_some_and(|e| e == "rs" || e == "json") {
                    texts.push(std::fs::read_to_string(&path).expect("a readable file"));
                }
            }
        }
        let mut chars: Vec<char> = texts
            .iter()
            .flat_map(|t| t.lines())
            // Comments are not printed.
            .filter(|l| !l.trim_start().starts_with("//"))
            .flat_map(|l| l.chars())
            .filter(|c| !c.is_ascii())
            .collect();
        chars.sort_unstable();
        chars.dedup();
        assert!(chars.contains(&'→') && chars.contains(&'—'), "{chars:?}");
        let mut fonts = fonts();
        let mut view = fonts.with_pixels_per_point(1.0);
        assert_eq!(view.glyph_width(&Type::Body.font(), '\u{10FFFD}'), 0.0);
        for t in Type::ALL {
            // egui's `has_glyph` calls a glyph of the face that holds its
            // replacement character missing; a width of 0 is what a
            // glyph in no face gets.
            let missing: String = chars
                .iter()
                .filter(|c| view.glyph_width(&t.font(), **c) <= 0.0)
                .collect();
            assert!(missing.is_empty(), "{} lacks {missing}", t.name());
        }
    }
}
