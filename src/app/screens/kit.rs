//! The pieces the full-window screens share (main menu, set-up, Load,
//! Player Log, Settings): a page centred with a most width, cards, the
//! title's ornament, small-capital labels and facts. Every colour, face
//! and space comes from the theme.

use bevy_egui::egui::{self, Color32, CornerRadius, Margin, Sense, Stroke, text::LayoutJob};

use crate::app::theme::palette::*;
use crate::app::theme::scale::{HAIRLINE, Type, radius, space};

/// Whether the theme's faces are in egui yet: they are set in the first
/// pass and take effect from the next (`theme::style::apply`); a screen
/// that names the serif waits for them.
pub fn fonts_ready(ctx: &egui::Context) -> bool {
    let serif = egui::FontFamily::Name(crate::app::theme::fonts::SERIF.into());
    ctx.fonts(|f| f.families().contains(&serif))
}

/// The font of a step of the type scale, or egui's own face at its size
/// while the theme's faces are not in yet (a bare context, in tests).
pub fn font_or_plain(ctx: &egui::Context, t: Type) -> egui::FontId {
    if fonts_ready(ctx) {
        t.font()
    } else {
        egui::FontId::proportional(t.size())
    }
}

/// A page: at most `max_width` wide, centred in the window, with a
/// margin, scrolled when it is taller than the window (nothing is cut at
/// 1280×720).
pub fn page(ui: &mut egui::Ui, id: &str, max_width: f32, add: impl FnOnce(&mut egui::Ui)) {
    egui::ScrollArea::vertical()
        .id_salt(id)
        .auto_shrink([false, false])
        .show(ui, |ui| {
            let avail = ui.available_width() - 2.0 * space::XL;
            let width = avail.min(max_width).max(0.0);
            let left = ((ui.available_width() - width) / 2.0).max(0.0);
            ui.add_space(space::XL);
            ui.horizontal_top(|ui| {
                ui.spacing_mut().item_spacing.x = 0.0;
                ui.add_space(left);
                ui.vertical(|ui| {
                    ui.spacing_mut().item_spacing.x = space::S;
                    ui.set_width(width);
                    add(ui);
                });
            });
            ui.add_space(space::XL);
        });
}

/// A page's title: its kicker in small capitals, the title in the serif,
/// the ornament under it. Centred.
pub fn title(ui: &mut egui::Ui, kicker: &str, title: &str) {
    ui.vertical_centered(|ui| {
        ui.label(caps(kicker, INK_SOFT));
        ui.label(
            egui::RichText::new(title)
                .font(Type::Title.font())
                .color(INK),
        );
        ornament(ui, ui.available_width().min(320.0));
    });
}

/// A card: raised paper, a hairline edge, a window's corners.
pub fn card() -> egui::Frame {
    egui::Frame::new()
        .fill(PAPER_RAISED)
        .stroke(Stroke::new(HAIRLINE, RULE))
        .corner_radius(CornerRadius::same(radius::WINDOW))
        .inner_margin(Margin::symmetric(space::L as i8, space::M as i8))
}

/// A card with a problem in it: its edge in the error's colour.
pub fn problem_card() -> egui::Frame {
    card().stroke(Stroke::new(HAIRLINE * 2.0, FAILED))
}

/// The problems (files that could not be read, …) in a problem card the
/// width of the page, a space under it; nothing when there is none.
pub fn problems(ui: &mut egui::Ui, problems: &[String]) {
    if problems.is_empty() {
        return;
    }
    problem_card().show(ui, |ui| {
        ui.set_width(ui.available_width());
        for p in problems {
            ui.colored_label(FAILED, p);
        }
    });
    ui.add_space(space::M);
}

/// Show `add` in a card that fills the width it is given.
pub fn in_card<R>(ui: &mut egui::Ui, add: impl FnOnce(&mut egui::Ui) -> R) -> R {
    card()
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            add(ui)
        })
        .inner
}

/// Spaced small capitals (egui has no small-caps: capitals of the small
/// size, spaced out), for a card's kicker or a fact's label.
pub fn caps(text: &str, color: Color32) -> LayoutJob {
    let mut job = LayoutJob::default();
    job.append(
        &text.to_uppercase(),
        0.0,
        egui::TextFormat {
            font_id: Type::Small.font(),
            color,
            extra_letter_spacing: 1.0,
            ..Default::default()
        },
    );
    job
}

/// A section's heading inside a page: the serif heading, and its rule
/// number after it as a link, where it has one.
pub fn heading(ui: &mut egui::Ui, text: &str, rule: Option<&str>) {
    ui.horizontal(|ui| {
        ui.label(
            egui::RichText::new(text)
                .font(Type::Heading.font())
                .color(INK),
        );
        if let Some(rule) = rule {
            crate::app::theme::link::rule_link(ui, rule);
        }
    });
}

/// A small-capitals label over a group, with its rule number as a link.
pub fn caps_heading(ui: &mut egui::Ui, text: &str, rule: &str) {
    ui.horizontal(|ui| {
        ui.label(caps(text, INK_SOFT));
        ui.label(caps("·", INK_SOFT));
        crate::app::theme::link::rule_link(ui, rule);
    });
}

/// A fact: its label in small capitals over its value in bold figures.
pub fn fact(ui: &mut egui::Ui, label: &str, value: &str) -> egui::Response {
    ui.vertical(|ui| {
        ui.spacing_mut().item_spacing.y = 0.0;
        ui.label(caps(label, INK_SOFT));
        ui.label(
            egui::RichText::new(value)
                .font(Type::Number.font())
                .color(INK_BODY),
        );
    })
    .response
}

/// A line of weak text under a choice: what it changes.
pub fn explain(ui: &mut egui::Ui, text: &str) -> egui::Response {
    ui.label(
        egui::RichText::new(text)
            .font(Type::Small.font())
            .color(INK_SOFT),
    )
}

/// The title's ornament: a hairline each side of a butternut lozenge.
pub fn ornament(ui: &mut egui::Ui, width: f32) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(width, space::L), Sense::hover());
    let p = ui.painter();
    let c = rect.center();
    let d = space::XS + 1.0;
    let gap = d + space::S;
    let line = Stroke::new(HAIRLINE, RULE);
    p.line_segment([rect.left_center(), c - egui::vec2(gap, 0.0)], line);
    p.line_segment([c + egui::vec2(gap, 0.0), rect.right_center()], line);
    for side in [-1.0, 1.0] {
        p.circle_filled(c + egui::vec2(side * (gap - space::XS), 0.0), 1.5, RULE);
    }
    p.add(egui::Shape::convex_polygon(
        vec![
            c - egui::vec2(0.0, d),
            c + egui::vec2(d, 0.0),
            c + egui::vec2(0.0, d),
            c - egui::vec2(d, 0.0),
        ],
        BUTTERNUT,
        Stroke::new(HAIRLINE, INK),
    ));
}

/// A button of the full width given, its text in the button face,
/// `height` tall.
pub fn wide_button(ui: &mut egui::Ui, enabled: bool, text: &str, height: f32) -> egui::Response {
    let size = egui::vec2(ui.available_width(), height);
    ui.add_enabled_ui(enabled, |ui| {
        ui.add_sized(
            size,
            egui::Button::new(egui::RichText::new(text).font(Type::Subheading.font())),
        )
    })
    .inner
}

/// The game's main action on a card: brass, with ink text (the pair the
/// theme proves for selected buttons).
pub fn primary_button(text: &str) -> egui::Button<'_> {
    egui::Button::new(
        egui::RichText::new(text)
            .font(Type::Subheading.font())
            .color(INK),
    )
    .fill(SELECTION)
    .stroke(Stroke::new(HAIRLINE, INK))
    .min_size(egui::vec2(0.0, space::XL + space::XS))
}

/// The Roman numeral of a campaign's place in the Grand Campaign.
pub fn roman(n: u32) -> &'static str {
    ["", "I", "II", "III", "IV", "V"]
        .get(n as usize)
        .copied()
        .unwrap_or("")
}

/// A chart's axis marked at whole numbers only (turns, campaigns): one
/// mark each, none between.
pub fn whole_marks(input: egui_plot::GridInput) -> Vec<egui_plot::GridMark> {
    let (lo, hi) = input.bounds;
    (lo.ceil() as i64..=hi.floor() as i64)
        .map(|n| egui_plot::GridMark {
            value: n as f64,
            step_size: 1.0,
        })
        .collect()
}
