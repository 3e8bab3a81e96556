//! Rule numbers as links: a click opens the rules reference (F1) at that
//! rule. Here, at the bottom of the app, so that every screen and panel
//! can draw them; `app::panels::reference` reads what was clicked and
//! re-exports these as `rule_link` and `open_rule`.

use bevy_egui::egui;

use super::palette::INK_SOFT;
use super::scale::space;

/// The egui memory slot a rule link writes to (no resource needed where
/// the link is drawn).
const OPEN_RULE: &str = "fcrel-open-rule";

/// A rule number drawn as a link: a click opens the reference (F1) at
/// that rule. Never broken across lines ("A1" / "2.4"): in a wrapping row
/// it moves to the next line whole.
pub fn rule_link(ui: &mut egui::Ui, rule: &str) -> egui::Response {
    let wrap = ui.style().wrap_mode;
    ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Extend);
    let r = ui.link(rule);
    ui.style_mut().wrap_mode = wrap;
    let r = r.on_hover_words(format!("Open rule {rule} in the rules reference (F1)"));
    if r.clicked() {
        open_rule(ui.ctx(), rule);
    }
    r
}

/// Each of a list of rule numbers the rules layer gives ("7.14, 10.2.10,
/// 12.3") as a link, in a row.
pub fn rule_links(ui: &mut egui::Ui, rules: &str) {
    ui.horizontal_wrapped(|ui| {
        ui.spacing_mut().item_spacing.x = space::XS;
        for (i, rule) in crate::reference::split_rules(rules).enumerate() {
            if i > 0 {
                ui.label(egui::RichText::new("·").color(INK_SOFT));
            }
            rule_link(ui, rule);
        }
    });
}

/// Ask the reference to open at `rule` on the next frame.
pub fn open_rule(ctx: &egui::Context, rule: &str) {
    ctx.data_mut(|d| d.insert_temp(egui::Id::new(OPEN_RULE), rule.to_string()));
}

/// The rule a link asked for since the last frame, if any.
pub fn take_opened(ctx: &egui::Context) -> Option<String> {
    ctx.data_mut(|d| d.remove_temp::<String>(egui::Id::new(OPEN_RULE)))
}

/// A line of text whose rule numbers ("… (12.4).") are links, the words
/// styled by `style`; the words' responses together (for hover text).
pub fn words_styled(
    ui: &mut egui::Ui,
    text: &str,
    style: impl Fn(&str) -> egui::RichText,
) -> egui::Response {
    let book = crate::reference::bundled();
    let row = ui.horizontal_wrapped(|ui| {
        ui.spacing_mut().item_spacing.x = 0.0;
        let mut all: Option<egui::Response> = None;
        for piece in crate::reference::pieces(text, |n| book.knows(n)) {
            let r = match piece {
                crate::reference::Piece::Words(w) => ui.label(style(w)),
                crate::reference::Piece::Rule(n) => rule_link(ui, n),
            };
            all = Some(match all {
                Some(a) => a.union(r),
                None => r,
            });
        }
        all
    });
    row.inner.unwrap_or(row.response)
}

/// Hover text whose rule numbers are links, in place of egui's
/// `on_hover_text`: the tooltip holds a link, so egui keeps it open while
/// the pointer moves into it.
pub trait HoverWords {
    fn on_hover_words(self, text: impl AsRef<str>) -> egui::Response;
}

impl HoverWords for egui::Response {
    fn on_hover_words(self, text: impl AsRef<str>) -> egui::Response {
        self.on_hover_ui(|ui| {
            words(ui, text.as_ref());
        })
    }
}

/// [`words_styled`] in the body style.
pub fn words(ui: &mut egui::Ui, text: &str) -> egui::Response {
    words_styled(ui, text, |w| egui::RichText::new(w))
}
