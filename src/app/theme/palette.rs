//! Every colour the window paints, in one place: paper and ink, the two
//! armies, the map's terrain and lines, status and the highlights. Each
//! colour is a [`Swatch`] in [`SWATCHES`] (name, value, use: the table of
//! `docs/design.md`), and each pair of colours the window puts one on the
//! other is a pair of [`super::contrast::pairs`], whose test proves its
//! WCAG 2.1 contrast. Colour is never the only carrier of meaning: every
//! status also has its word, every army its name, every ring its shape.

use bevy::prelude::Color;
use bevy_egui::egui::Color32;

use crate::campaign::Side;

/// A colour of the palette: its name (as in the code), value and use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Swatch {
    pub name: &'static str,
    pub color: Color32,
    pub group: Group,
    pub usage: &'static str,
}

/// The palette's sections (`docs/design.md` lists them in this order).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Group {
    Paper,
    Armies,
    Terrain,
    Status,
    Highlights,
}

impl Group {
    pub const ALL: [Group; 5] = [
        Group::Paper,
        Group::Armies,
        Group::Terrain,
        Group::Status,
        Group::Highlights,
    ];

    pub fn title(self) -> &'static str {
        match self {
            Group::Paper => "Paper and ink",
            Group::Armies => "The armies",
            Group::Terrain => "The map: terrain and lines",
            Group::Status => "Status",
            Group::Highlights => "Highlights and rings",
        }
    }
}

const fn hex(rgb: u32) -> Color32 {
    Color32::from_rgb((rgb >> 16) as u8, (rgb >> 8) as u8, rgb as u8)
}

// Paper and ink: a printed game's card stock and its brown-black ink.
pub const PAPER: Color32 = hex(0xF3ECDB);
pub const PAPER_RAISED: Color32 = hex(0xFBF8F0);
pub const PAPER_DEEP: Color32 = hex(0xE7DCC3);
pub const INK: Color32 = hex(0x1F1812);
pub const INK_BODY: Color32 = hex(0x33291F);
pub const INK_SOFT: Color32 = hex(0x5F5242);
pub const RULE: Color32 = hex(0x8C7A5F);
pub const BUTTON_HOVER: Color32 = hex(0xDDCFB0);
pub const BUTTON_PRESSED: Color32 = hex(0xCDB98F);
pub const SELECTION: Color32 = hex(0xA68138);

// The armies. Union blue is dark and carries light text; Confederate grey
// is light and carries ink: the two read apart by lightness as well as
// hue. Each has a light tone for the reduced side of its counters and a
// pale one for its half of the Battlefield Sheet.
pub const UNION: Color32 = hex(0x2B4A80);
pub const UNION_DARK: Color32 = hex(0x1C2F57);
pub const UNION_LIGHT: Color32 = hex(0xB9C7E0);
pub const UNION_PALE: Color32 = hex(0xDDE3EE);
pub const CONFEDERATE: Color32 = hex(0xB3ACA0);
pub const CONFEDERATE_DARK: Color32 = hex(0x4A453E);
pub const CONFEDERATE_LIGHT: Color32 = hex(0xDBD5C9);
pub const CONFEDERATE_PALE: Color32 = hex(0xECE5D6);
pub const BUTTERNUT: Color32 = hex(0xA37E48);
pub const BUTTERNUT_DARK: Color32 = hex(0x6B4D22);

// The map: light terrain tones that carry ink names, dark lines.
pub const OPEN: Color32 = hex(0xEDE2C4);
pub const FARMLAND: Color32 = hex(0xE3D6A9);
pub const WOODS: Color32 = hex(0xBCC8A0);
pub const HEIGHTS: Color32 = hex(0xD9C49C);
pub const SWAMP: Color32 = hex(0xC1CCB6);
pub const TOWN: Color32 = hex(0xDFD1BF);
pub const WATER: Color32 = hex(0xA9C4CE);
pub const RIVER: Color32 = hex(0x2C5C85);
pub const ROAD: Color32 = hex(0x774A25);
pub const RAILROAD: Color32 = hex(0x2A231C);
pub const BORDER: Color32 = hex(0x6E5F49);
pub const BATTLE_AREA: Color32 = hex(0xA3231F);

// Status, always beside its word ("[met]", "[at risk]", …).
pub const OK: Color32 = hex(0x2C6A2D);
pub const AT_RISK: Color32 = hex(0x875200);
pub const FAILED: Color32 = hex(0xA3201C);
pub const WARNING: Color32 = hex(0x9A4300);
pub const WARNING_PALE: Color32 = hex(0xF6E4CC);
pub const INFO: Color32 = hex(0x24588D);
pub const MELEE: Color32 = hex(0xEDCFC4);

// Highlights: dark enough to ring a counter on paper and on every
// terrain tone, each its own hue, each with its own shape or word too.
pub const SELECTED: Color32 = hex(0xB0420A);
pub const TARGET: Color32 = hex(0x8E1538);
pub const HOVER: Color32 = hex(0x0D6670);
pub const CAN_ACT: Color32 = hex(0x3A6B1A);
pub const CHANGED: Color32 = hex(0x6A3F99);
pub const AIM: Color32 = hex(0x7A5600);
pub const UNION_PATH: Color32 = hex(0x1E3FA0);
pub const ADVICE: Color32 = hex(0x276B46);
pub const ADVICE_PALE: Color32 = hex(0xE0EADB);
/// Marker gold: a fill, always with ink on it or round it.
pub const MARKER: Color32 = hex(0xF0D27A);

const fn swatch(name: &'static str, color: Color32, group: Group, usage: &'static str) -> Swatch {
    Swatch {
        name,
        color,
        group,
        usage,
    }
}

/// The whole palette, in the order `docs/design.md` shows it.
pub const SWATCHES: &[Swatch] = &[
    swatch(
        "PAPER",
        PAPER,
        Group::Paper,
        "panels and windows' background; the colour the window is cleared to",
    ),
    swatch(
        "PAPER_RAISED",
        PAPER_RAISED,
        Group::Paper,
        "text fields, tooltips and windows; halo behind map names; text on dark fields",
    ),
    swatch(
        "PAPER_DEEP",
        PAPER_DEEP,
        Group::Paper,
        "buttons at rest, striped rows, headers, cards",
    ),
    swatch(
        "INK",
        INK,
        Group::Paper,
        "strong text, headings, counter edges",
    ),
    swatch("INK_BODY", INK_BODY, Group::Paper, "body text"),
    swatch(
        "INK_SOFT",
        INK_SOFT,
        Group::Paper,
        "weak text: captions, hints, the expected line of a chart",
    ),
    swatch(
        "RULE",
        RULE,
        Group::Paper,
        "hairlines: separators, borders of buttons, fields and windows",
    ),
    swatch(
        "BUTTON_HOVER",
        BUTTON_HOVER,
        Group::Paper,
        "a button under the pointer",
    ),
    swatch(
        "BUTTON_PRESSED",
        BUTTON_PRESSED,
        Group::Paper,
        "a button pressed",
    ),
    swatch(
        "SELECTION",
        SELECTION,
        Group::Paper,
        "selected buttons, tabs and text (brass, with INK text); sliders, progress",
    ),
    swatch(
        "UNION",
        UNION,
        Group::Armies,
        "Union counter, full strength (PAPER_RAISED text); Union chips",
    ),
    swatch(
        "UNION_DARK",
        UNION_DARK,
        Group::Armies,
        "Union text and lines on paper; text on the reduced side",
    ),
    swatch(
        "UNION_LIGHT",
        UNION_LIGHT,
        Group::Armies,
        "Union counter, reduced side",
    ),
    swatch(
        "UNION_PALE",
        UNION_PALE,
        Group::Armies,
        "the Union half of the Battlefield Sheet",
    ),
    swatch(
        "CONFEDERATE",
        CONFEDERATE,
        Group::Armies,
        "Confederate counter, full strength (INK text)",
    ),
    swatch(
        "CONFEDERATE_DARK",
        CONFEDERATE_DARK,
        Group::Armies,
        "Confederate chips and plates (Lee, the Confederate phase)",
    ),
    swatch(
        "CONFEDERATE_LIGHT",
        CONFEDERATE_LIGHT,
        Group::Armies,
        "Confederate counter, reduced side",
    ),
    swatch(
        "CONFEDERATE_PALE",
        CONFEDERATE_PALE,
        Group::Armies,
        "the Confederate half of the Battlefield Sheet",
    ),
    swatch(
        "BUTTERNUT",
        BUTTERNUT,
        Group::Armies,
        "Confederate trim: stripes, fills of charts",
    ),
    swatch(
        "BUTTERNUT_DARK",
        BUTTERNUT_DARK,
        Group::Armies,
        "Confederate text and lines on paper (legends, luck lines)",
    ),
    swatch(
        "OPEN",
        OPEN,
        Group::Terrain,
        "open ground; the map's parchment",
    ),
    swatch("FARMLAND", FARMLAND, Group::Terrain, "farmland"),
    swatch("WOODS", WOODS, Group::Terrain, "woods"),
    swatch("HEIGHTS", HEIGHTS, Group::Terrain, "heights and ridges"),
    swatch("SWAMP", SWAMP, Group::Terrain, "swamp and bottom land"),
    swatch("TOWN", TOWN, Group::Terrain, "towns and cities"),
    swatch(
        "WATER",
        WATER,
        Group::Terrain,
        "water: the sea, wide rivers, the map's surround",
    ),
    swatch("RIVER", RIVER, Group::Terrain, "rivers and creeks"),
    swatch("ROAD", ROAD, Group::Terrain, "roads"),
    swatch("RAILROAD", RAILROAD, Group::Terrain, "railroads"),
    swatch("BORDER", BORDER, Group::Terrain, "area borders"),
    swatch(
        "BATTLE_AREA",
        BATTLE_AREA,
        Group::Terrain,
        "the Battle Area's border (2.3); a battle's place",
    ),
    swatch(
        "OK",
        OK,
        Group::Status,
        "met, achieved, success (with its word)",
    ),
    swatch("AT_RISK", AT_RISK, Group::Status, "at risk (with its word)"),
    swatch(
        "FAILED",
        FAILED,
        Group::Status,
        "failed, missed, lost, errors (with their words)",
    ),
    swatch(
        "WARNING",
        WARNING,
        Group::Status,
        "warnings; an answer that asks to be confirmed",
    ),
    swatch(
        "WARNING_PALE",
        WARNING_PALE,
        Group::Status,
        "the box of a question to confirm",
    ),
    swatch(
        "INFO",
        INFO,
        Group::Status,
        "notes, hyperlinks, the ring of the button Enter presses",
    ),
    swatch(
        "MELEE",
        MELEE,
        Group::Status,
        "a Square or Region in Melee (11.5)",
    ),
    swatch(
        "SELECTED",
        SELECTED,
        Group::Highlights,
        "the selected Force or area: a ring",
    ),
    swatch(
        "TARGET",
        TARGET,
        Group::Highlights,
        "a Force the selected Force may attack (A11.6): a ring",
    ),
    swatch(
        "HOVER",
        HOVER,
        Group::Highlights,
        "what the chronicle's hovered line names: a ring",
    ),
    swatch(
        "CAN_ACT",
        CAN_ACT,
        Group::Highlights,
        "a Force or place the question offers: a ring or tint",
    ),
    swatch(
        "CHANGED",
        CHANGED,
        Group::Highlights,
        "a counter that moved, turned or was reduced just now",
    ),
    swatch(
        "AIM",
        AIM,
        Group::Highlights,
        "a declared target of a Flank or Rapid Advance (A12.3)",
    ),
    swatch(
        "UNION_PATH",
        UNION_PATH,
        Group::Highlights,
        "a Union group's route in the Union turn",
    ),
    swatch(
        "ADVICE",
        ADVICE,
        Group::Highlights,
        "the advisor's suggestion: ghost counters, its text",
    ),
    swatch(
        "ADVICE_PALE",
        ADVICE_PALE,
        Group::Highlights,
        "the advisor's boxes",
    ),
    swatch(
        "MARKER",
        MARKER,
        Group::Highlights,
        "marker gold: tags and marks, always with ink on or round them",
    ),
];

/// A palette colour for Bevy (the map's sprites and meshes).
pub const fn bevy(c: Color32) -> Color {
    Color::srgb_u8(c.r(), c.g(), c.b())
}

/// A palette colour as sRGB floats, for the map's shading.
pub fn rgb_f32(c: Color32) -> [f32; 3] {
    [c.r(), c.g(), c.b()].map(|v| f32::from(v) / 255.0)
}

/// "#F3ECDB".
pub fn hex_of(c: Color32) -> String {
    format!("#{:02X}{:02X}{:02X}", c.r(), c.g(), c.b())
}

/// The colours of a Force counter's face.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CounterTones {
    /// The face.
    pub field: Color32,
    /// Its values, name and unit symbol.
    pub ink: Color32,
}

/// A counter's face by side and side up: the reduced side is the lighter
/// tone of its army (as a flipped counter is on the card).
pub const fn counter(side: Side, reduced: bool) -> CounterTones {
    match (side, reduced) {
        (Side::Union, false) => CounterTones {
            field: UNION,
            ink: PAPER_RAISED,
        },
        (Side::Union, true) => CounterTones {
            field: UNION_LIGHT,
            ink: UNION_DARK,
        },
        (Side::Confederate, false) => CounterTones {
            field: CONFEDERATE,
            ink: INK,
        },
        (Side::Confederate, true) => CounterTones {
            field: CONFEDERATE_LIGHT,
            ink: INK,
        },
    }
}

/// An army's colour for text and lines on paper (legends, charts).
pub const fn army_ink(side: Side) -> Color32 {
    match side {
        Side::Union => UNION_DARK,
        Side::Confederate => BUTTERNUT_DARK,
    }
}

/// An army's chip (the top bar's phase, a battle's badge): a dark field
/// that carries [`PAPER_RAISED`] text.
pub const fn army_chip(side: Side) -> Color32 {
    match side {
        Side::Union => UNION,
        Side::Confederate => CONFEDERATE_DARK,
    }
}

/// An area's tone by its terrain (the campaign file's `terrain`).
pub const fn terrain(t: crate::campaign::Terrain) -> Color32 {
    use crate::campaign::Terrain;
    match t {
        Terrain::Open => OPEN,
        Terrain::Farmland => FARMLAND,
        Terrain::Woods => WOODS,
        Terrain::Heights => HEIGHTS,
        Terrain::Swamp => SWAMP,
        Terrain::Town => TOWN,
    }
}

/// The map's land tones, which every name, line and ring must read on.
pub const LAND: [(&str, Color32); 6] = [
    ("open ground", OPEN),
    ("farmland", FARMLAND),
    ("woods", WOODS),
    ("heights", HEIGHTS),
    ("swamp", SWAMP),
    ("town", TOWN),
];
