//! egui's `Visuals` and `Style` built from the palette and the scales: a
//! printed sheet's look (paper, brown-black ink, hairline ink-brown
//! borders, modest corners, flat fills), cheap to draw on a software
//! renderer (small shadows, no gradients).

use bevy_egui::egui::{
    self, Color32, CornerRadius, Margin, Shadow, Stroke, Style, Visuals, style::Selection,
    style::WidgetVisuals, style::Widgets,
};

use super::palette::*;
use super::scale::{HAIRLINE, radius, space, text_styles};

/// How much a disabled widget keeps of its colours (egui fades them
/// toward what lies under them): enough for its text to read at 3:1.
pub const DISABLED_ALPHA: f32 = 0.75;

fn widget(fill: Color32, box_fill: Color32, border: Stroke, text: Stroke) -> WidgetVisuals {
    WidgetVisuals {
        bg_fill: box_fill,
        weak_bg_fill: fill,
        bg_stroke: border,
        fg_stroke: text,
        corner_radius: CornerRadius::same(radius::WIDGET),
        expansion: 0.0,
    }
}

/// The widgets in each state: at rest on paper, under the pointer,
/// pressed, opened (a menu or combo box). Labels are `noninteractive`.
pub fn widgets() -> Widgets {
    let hair = |c| Stroke::new(HAIRLINE, c);
    Widgets {
        noninteractive: widget(PAPER, PAPER, hair(RULE), hair(INK_BODY)),
        // A box at rest (a check box, a slider's rail) is `PAPER_DEEP`: on a
        // card's `PAPER_RAISED` a raised rail vanished.
        inactive: widget(PAPER_DEEP, PAPER_DEEP, hair(RULE), hair(INK_BODY)),
        hovered: widget(
            BUTTON_HOVER,
            PAPER_RAISED,
            hair(INK_SOFT),
            Stroke::new(1.5, INK),
        ),
        active: widget(
            BUTTON_PRESSED,
            PAPER_RAISED,
            hair(INK),
            Stroke::new(2.0, INK),
        ),
        open: widget(BUTTON_HOVER, PAPER_RAISED, hair(INK_SOFT), hair(INK)),
    }
}

pub fn visuals() -> Visuals {
    let light = Visuals::light();
    let shadow = |offset: [i8; 2], blur: u8| Shadow {
        offset,
        blur,
        spread: 0,
        color: Color32::from_black_alpha(40),
    };
    Visuals {
        dark_mode: false,
        widgets: widgets(),
        selection: Selection {
            bg_fill: SELECTION,
            stroke: Stroke::new(HAIRLINE, INK),
        },
        hyperlink_color: INFO,
        faint_bg_color: PAPER_DEEP,
        extreme_bg_color: PAPER_RAISED,
        text_edit_bg_color: Some(PAPER_RAISED),
        code_bg_color: PAPER_DEEP,
        warn_fg_color: WARNING,
        error_fg_color: FAILED,
        weak_text_color: Some(INK_SOFT),
        window_corner_radius: CornerRadius::same(radius::WINDOW),
        window_shadow: shadow([2, 3], 8),
        window_fill: PAPER_RAISED,
        window_stroke: Stroke::new(HAIRLINE, RULE),
        menu_corner_radius: CornerRadius::same(radius::WINDOW),
        panel_fill: PAPER,
        popup_shadow: shadow([1, 2], 4),
        text_cursor: egui::style::TextCursorStyle {
            stroke: Stroke::new(2.0, INK),
            ..light.text_cursor
        },
        disabled_alpha: DISABLED_ALPHA,
        // A slider's value reads as a brass bar from the rail's start.
        slider_trailing_fill: true,
        ..light
    }
}

/// The whole style: the type scale, the spacing scale, the visuals.
pub fn style() -> Style {
    let mut style = Style {
        text_styles: text_styles(),
        visuals: visuals(),
        ..Style::default()
    };
    let s = &mut style.spacing;
    s.item_spacing = egui::vec2(space::S, space::XS);
    // egui's own width: the top bar's buttons fit at 1280 px.
    s.button_padding = egui::vec2(space::XS, space::XXS);
    s.window_margin = Margin::same(space::M as i8);
    s.menu_margin = Margin::same(space::S as i8);
    s.interact_size = egui::vec2(40.0, space::L + space::XXS);
    s.indent = space::L + space::XXS;
    style
}

/// Put the theme on an egui context: fonts and both of egui's themes (a
/// dark desktop still gets the paper).
pub fn apply(ctx: &egui::Context) {
    ctx.set_fonts(super::fonts::definitions());
    let style = std::sync::Arc::new(style());
    ctx.set_style_of(egui::Theme::Light, style.clone());
    ctx.set_style_of(egui::Theme::Dark, style);
    ctx.set_theme(egui::Theme::Light);
}
