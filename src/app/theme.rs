//! Colours and egui style. Confederate grey and Union blue are told apart by
//! lightness as well as hue, and every status also has a word or symbol, so
//! the map reads for colour-blind players too.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::campaign::ForceType;

pub const WATER: Color = Color::srgb(0.62, 0.70, 0.72);
/// The panels' grey (egui's light `panel_fill`), and the colour the window's
/// picture is cleared to: the game screen's panels are left unfilled over
/// it (see [`unfilled_panel`]).
const PANEL_GREY: u8 = 248;
pub const PANEL: Color = Color::srgb_u8(PANEL_GREY, PANEL_GREY, PANEL_GREY);

/// [`PANEL`] for egui.
pub fn egui_panel() -> egui::Color32 {
    egui::Color32::from_gray(PANEL_GREY)
}
pub const PARCHMENT: [f32; 3] = [0.90, 0.85, 0.72];
pub const INK: Color = Color::srgb(0.20, 0.16, 0.12);
pub const RIVER: Color = Color::srgb(0.30, 0.45, 0.62);
pub const ROAD: Color = Color::srgb(0.45, 0.33, 0.22);
pub const BATTLE_AREA: Color = Color::srgb(0.72, 0.10, 0.10);
pub const CONFEDERATE: Color = Color::srgb(0.62, 0.62, 0.62);
pub const CONFEDERATE_DARK: Color = Color::srgb(0.40, 0.40, 0.40);
pub const UNION: Color = Color::srgb(0.18, 0.30, 0.62);
pub const UNION_DARK: Color = Color::srgb(0.10, 0.17, 0.40);
/// A Union group's path in the Union turn.
pub const UNION_PATH: Color = Color::srgb(0.05, 0.20, 0.75);
pub const HIGHLIGHT: Color = Color::srgb(0.95, 0.80, 0.20);
/// A ring round what is selected, lit or shown on the map: dark amber,
/// which reads on parchment and in the Battle Area's tint (the gold of
/// [`HIGHLIGHT`] was 1.1:1 on parchment).
pub const SELECTION: Color = Color::srgb(0.62, 0.27, 0.0);

/// The ink of a counter's values, name and symbol on its side's colour:
/// white on Union blue, dark ink on Confederate grey (white on that grey
/// was 2.7:1).
pub fn counter_ink(side: crate::campaign::Side) -> Color {
    match side {
        crate::campaign::Side::Union => Color::WHITE,
        crate::campaign::Side::Confederate => INK,
    }
}

/// A counter's colour by side.
pub fn counter_fill(side: crate::campaign::Side) -> Color {
    match side {
        crate::campaign::Side::Union => UNION,
        crate::campaign::Side::Confederate => CONFEDERATE,
    }
}

/// The backing of an area's name on the map.
pub fn label_backing() -> Color {
    let [r, g, b] = PARCHMENT;
    Color::srgba(r + 0.06, g + 0.08, b + 0.12, 0.82)
}

/// The backing of the OBJ marker's word.
pub const OBJECTIVE_PLATE: Color = Color::srgb(0.45, 0.45, 0.45);

/// The frame of a panel around the map, without its fill: the picture under
/// it is already cleared to [`PANEL`]. A software renderer shades every
/// pixel egui paints, and the panels cover half the window (`fcrel
/// --frame-times`: 57 → 50 ms a frame while a Union turn unrolls, the map
/// painting its own water).
pub fn unfilled_panel(style: &egui::Style) -> egui::Frame {
    egui::Frame::side_top_panel(style).fill(egui::Color32::TRANSPARENT)
}

/// Confederate grey for text, chart lines and the phase label's backing:
/// dark enough for panel text and for white on it (the 150 grey of
/// before was 2.8:1 and 3.0:1).
pub fn egui_grey() -> egui::Color32 {
    egui::Color32::from_rgb(96, 96, 96)
}

pub fn egui_blue() -> egui::Color32 {
    egui::Color32::from_rgb(60, 95, 180)
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, style);
}

/// Light visuals; the monospace font (which has arrows and other symbols
/// the chronicle uses) as a fallback for the proportional one.
fn style(mut contexts: EguiContexts, mut done: Local<bool>) -> Result {
    if *done {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    ctx.set_visuals(egui::Visuals {
        panel_fill: egui_panel(),
        ..egui::Visuals::light()
    });
    let mut fonts = egui::FontDefinitions::default();
    let mono = fonts
        .families
        .get(&egui::FontFamily::Monospace)
        .and_then(|f| f.first().cloned());
    if let (Some(mono), Some(prop)) = (
        mono,
        fonts.families.get_mut(&egui::FontFamily::Proportional),
    ) {
        prop.push(mono);
    }
    ctx.set_fonts(fonts);
    *done = true;
    Ok(())
}

/// A counter's symbol for its type (NATO-style, in text).
pub fn symbol(t: ForceType) -> &'static str {
    match t {
        ForceType::Infantry => "X",
        ForceType::Cavalry => "/",
        ForceType::Artillery => "●",
        ForceType::Garrison => "G",
        ForceType::Fortification => "F",
    }
}

/// A root `Ui` over the whole window, for panels (egui 0.36). Its
/// background is declared (not painted) as the colour the picture is
/// cleared to, so that what egui blends against it (the fades of scroll
/// areas) matches in unfilled panels (`theme::unfilled_panel`).
pub fn root_ui(ctx: &egui::Context, id: &'static str) -> egui::Ui {
    let background = egui::Frame::NONE.fill(egui_panel());
    egui::Ui::new(
        ctx.clone(),
        egui::Id::new(id),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect())
            .ui_stack_info(egui::UiStackInfo::default().with_frame(background)),
    )
}

/// One chronicle line; a roll explains itself on hover: the die, its
/// target with the printed value and each modifier, the outcome and rule;
/// a Union order's route shows on the map. The line takes clicks (the
/// Chronicle's context menu: "Play on from here").
pub fn chronicle_entry(
    ui: &mut egui::Ui,
    e: &crate::chronicle::Entry,
    size: f32,
) -> egui::Response {
    let line = e.line();
    let resp = ui.add(
        egui::Label::new(egui::RichText::new(&line).monospace().size(size))
            .sense(egui::Sense::click()),
    );
    // A Union order hovered: the map shows its route (`map::route`).
    if resp.hovered() {
        hovered(ui.ctx(), &line);
    }
    if let Some(r) = &e.roll {
        return resp.on_hover_ui(|ui| {
            ui.label(format!("Rolled {} for: {}", r.die, e.text));
            if let (Some(t), Some((_, base))) = (r.target, &r.base) {
                ui.label(format!("Target {t}: {base}"));
                for m in &r.modifiers {
                    ui.label(format!("  {}", m.describe()));
                }
                ui.label("A natural 1 always succeeds, a natural 10 always fails (4.5).");
            }
            ui.label(format!("Result: {} — rule {}", r.outcome, e.rule));
        });
    }
    resp
}

/// Where in egui's memory the hovered line is kept (a Union order's
/// line in the Union turn's report or the chronicle: `map::route` draws
/// its route).
fn key() -> egui::Id {
    egui::Id::new("fcrel-hovered-order-line")
}

/// Say that the pointer is on `line` (a line of the Union turn's report
/// or of the chronicle) in this pass.
pub fn hovered(ctx: &egui::Context, line: &str) {
    let pass = ctx.cumulative_pass_nr();
    ctx.data_mut(|d| d.insert_temp(key(), (pass, line.to_string())));
}

/// The line the pointer was on in the last pass, if any.
pub fn hovered_line(ctx: &egui::Context) -> Option<String> {
    let now = ctx.cumulative_pass_nr();
    let (pass, line) = ctx.data(|d| d.get_temp::<(u64, String)>(key()))?;
    (pass + 1 >= now).then_some(line)
}

/// "2,000".
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// WCAG 2.1 contrast (issue 46 item 2): every text and graphic colour the
/// theme puts on a background, with the ratio it must reach. A colour
/// added to the theme for text or a mark gets its pair here, so the test
/// below holds it to the standard.
pub mod contrast {
    use super::*;
    use crate::campaign::Side;

    /// Text (4.5:1), large text or a graphic (3:1).
    pub const TEXT: f32 = 4.5;
    pub const LARGE_OR_GRAPHIC: f32 = 3.0;

    /// Relative luminance of an sRGB colour (alpha ignored: backings are
    /// taken over parchment by [`over`]).
    pub fn luminance(c: Color) -> f32 {
        let c = c.to_srgba();
        let lin = |v: f32| {
            if v <= 0.04045 {
                v / 12.92
            } else {
                ((v + 0.055) / 1.055).powf(2.4)
            }
        };
        0.2126 * lin(c.red) + 0.7152 * lin(c.green) + 0.0722 * lin(c.blue)
    }

    pub fn ratio(a: Color, b: Color) -> f32 {
        let (x, y) = (luminance(a), luminance(b));
        (x.max(y) + 0.05) / (x.min(y) + 0.05)
    }

    /// A translucent colour as it shows over parchment.
    pub fn over(c: Color) -> Color {
        let c = c.to_srgba();
        let [r, g, b] = PARCHMENT;
        let mix = |x: f32, p: f32| x * c.alpha + p * (1.0 - c.alpha);
        Color::srgb(mix(c.red, r), mix(c.green, g), mix(c.blue, b))
    }

    fn from_egui(c: egui::Color32) -> Color {
        Color::srgb_u8(c.r(), c.g(), c.b())
    }

    /// (what, foreground, background, the ratio it needs).
    pub fn pairs() -> Vec<(&'static str, Color, Color, f32)> {
        let parchment = Color::srgb(PARCHMENT[0], PARCHMENT[1], PARCHMENT[2]);
        let panel_text = from_egui(egui::Visuals::light().text_color());
        let grey = from_egui(egui_grey());
        let blue = from_egui(egui_blue());
        let mut v = vec![
            ("panel text", panel_text, PANEL, TEXT),
            (
                "Confederate lines and legends on the panel",
                grey,
                PANEL,
                TEXT,
            ),
            ("Union lines and legends on the panel", blue, PANEL, TEXT),
            (
                "the phase label, Confederate turn",
                Color::WHITE,
                grey,
                TEXT,
            ),
            ("the phase label, Union turn", Color::WHITE, blue, TEXT),
            (
                "an area's name on its backing",
                INK,
                over(label_backing()),
                TEXT,
            ),
            ("the OBJ marker", Color::WHITE, OBJECTIVE_PLATE, TEXT),
            (
                "a selection ring on parchment",
                SELECTION,
                parchment,
                LARGE_OR_GRAPHIC,
            ),
            ("a river on parchment", RIVER, parchment, LARGE_OR_GRAPHIC),
            (
                "the Battle Area's border on parchment",
                BATTLE_AREA,
                parchment,
                LARGE_OR_GRAPHIC,
            ),
            ("Lee's plate", Color::WHITE, CONFEDERATE_DARK, TEXT),
        ];
        for side in [Side::Confederate, Side::Union] {
            v.push((
                "a counter's values",
                counter_ink(side),
                counter_fill(side),
                TEXT,
            ));
        }
        v
    }

    #[cfg(test)]
    mod tests {
        use super::*;

        /// Every pair the theme defines meets WCAG 2.1: 4.5:1 for text,
        /// 3:1 for large text and graphics.
        #[test]
        fn every_pair_meets_its_contrast() {
            let low: Vec<String> = pairs()
                .into_iter()
                .filter(|(_, fg, bg, need)| ratio(*fg, *bg) < *need)
                .map(|(what, fg, bg, need)| format!("{what}: {:.2} < {need}", ratio(fg, bg)))
                .collect();
            assert!(low.is_empty(), "{low:#?}");
        }

        /// The formula: black on white is 21:1, a colour on itself 1:1,
        /// and white on the old Confederate counter grey 2.68:1 (issue 46).
        #[test]
        fn the_ratio_is_wcags() {
            assert!((ratio(Color::BLACK, Color::WHITE) - 21.0).abs() < 0.01);
            assert!((ratio(UNION, UNION) - 1.0).abs() < 1e-6);
            let old = Color::srgb(0.62, 0.62, 0.62);
            assert!((ratio(Color::WHITE, old) - 2.68).abs() < 0.02);
        }
    }
}
