//! The type scale and the spacing scale. Every size the theme sets comes
//! from here; screens name a [`Type`] (or its egui `TextStyle`) and a
//! step of [`space`] rather than a number of their own.

use std::collections::BTreeMap;

use bevy_egui::egui::{FontFamily, FontId, TextStyle};

use super::fonts::{self, SANS_BOLD, SERIF, SERIF_BOLD, SERIF_ITALIC};

/// The spacing scale, in points.
pub mod space {
    pub const XXS: f32 = 2.0;
    pub const XS: f32 = 4.0;
    pub const S: f32 = 8.0;
    pub const M: f32 = 12.0;
    pub const L: f32 = 16.0;
    pub const XL: f32 = 24.0;
    pub const XXL: f32 = 32.0;

    /// The scale with its names (for `docs/design.md` and the design sheet).
    pub const ALL: [(&str, f32); 7] = [
        ("XXS", XXS),
        ("XS", XS),
        ("S", S),
        ("M", M),
        ("L", L),
        ("XL", XL),
        ("XXL", XXL),
    ];
}

/// Corner radii: modest, as a die-cut counter or a printed box.
pub mod radius {
    /// Buttons, fields, chips.
    pub const WIDGET: u8 = 3;
    /// Windows, menus, cards.
    pub const WINDOW: u8 = 4;
}

/// Hairline width of borders and separators.
pub const HAIRLINE: f32 = 1.0;

/// A step of the type scale.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Type {
    /// A screen's title (the main menu's, a campaign's).
    Title,
    /// A panel's or section's heading (egui's `Heading`).
    Heading,
    /// A heading inside a section.
    Subheading,
    /// Body text (egui's `Body`).
    Body,
    /// Buttons (egui's `Button`).
    Button,
    /// Fine print (egui's `Small`).
    Small,
    /// Numbers set bold in text: a counter's small values, table cells.
    Number,
    /// A counter's Combat Value, a score.
    NumberLarge,
    /// An area's name on the map, a region's on the sheet.
    MapLabel,
    /// Captions, quotations, water on the map.
    Caption,
    /// Columns of a fixed width (egui's `Monospace`).
    Monospace,
}

impl Type {
    pub const ALL: [Type; 11] = [
        Type::Title,
        Type::Heading,
        Type::Subheading,
        Type::Body,
        Type::Button,
        Type::Small,
        Type::Number,
        Type::NumberLarge,
        Type::MapLabel,
        Type::Caption,
        Type::Monospace,
    ];

    /// Its name: the egui `TextStyle::Name` of the steps egui has none for.
    pub fn name(self) -> &'static str {
        match self {
            Type::Title => "title",
            Type::Heading => "heading",
            Type::Subheading => "subheading",
            Type::Body => "body",
            Type::Button => "button",
            Type::Small => "small",
            Type::Number => "number",
            Type::NumberLarge => "number-large",
            Type::MapLabel => "map-label",
            Type::Caption => "caption",
            Type::Monospace => "monospace",
        }
    }

    /// Its size in points.
    pub const fn size(self) -> f32 {
        match self {
            Type::Title => 30.0,
            Type::Heading => 21.0,
            Type::Subheading => 16.0,
            Type::Body | Type::Button | Type::Number | Type::MapLabel | Type::Caption => 13.0,
            Type::Small => 11.0,
            Type::NumberLarge => 20.0,
            Type::Monospace => 12.0,
        }
    }

    pub fn family(self) -> FontFamily {
        let named = |n: &str| FontFamily::Name(n.into());
        match self {
            Type::Title | Type::Heading => named(SERIF),
            Type::Subheading | Type::MapLabel => named(SERIF_BOLD),
            Type::Caption => named(SERIF_ITALIC),
            Type::Body | Type::Button | Type::Small => FontFamily::Proportional,
            Type::Number | Type::NumberLarge => named(SANS_BOLD),
            Type::Monospace => FontFamily::Monospace,
        }
    }

    /// The egui text style it is.
    pub fn style(self) -> TextStyle {
        match self {
            Type::Heading => TextStyle::Heading,
            Type::Body => TextStyle::Body,
            Type::Button => TextStyle::Button,
            Type::Small => TextStyle::Small,
            Type::Monospace => TextStyle::Monospace,
            other => TextStyle::Name(other.name().into()),
        }
    }

    pub fn font(self) -> FontId {
        FontId::new(self.size(), self.family())
    }

    /// The file of its first face.
    pub fn face(self) -> &'static str {
        fonts::first_face(&self.family())
    }

    pub fn usage(self) -> &'static str {
        match self {
            Type::Title => "a screen's title",
            Type::Heading => "a panel's heading",
            Type::Subheading => "a heading inside a section",
            Type::Body => "body text",
            Type::Button => "buttons, menus, fields",
            Type::Small => "fine print, notes",
            Type::Number => "numbers set bold: a counter's small values",
            Type::NumberLarge => "a counter's Combat Value, a score",
            Type::MapLabel => "names on the map and the sheet",
            Type::Caption => "captions, quotations, water",
            Type::Monospace => "columns of fixed width",
        }
    }
}

/// egui's text styles: one for every step of the scale.
pub fn text_styles() -> BTreeMap<TextStyle, FontId> {
    Type::ALL.iter().map(|t| (t.style(), t.font())).collect()
}
