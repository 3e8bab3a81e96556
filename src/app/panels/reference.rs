//! Rules and tables (F1): the rules reference, the rules as fcrel plays
//! them in our own words by rule number (`crate::reference`, its text in
//! `assets/reference/rules.txt`), searchable, grouped by section, with
//! the rulings that apply; the Union Orders charts in use (16.1.1, 16.1.2)
//! and the rest of the Campaign Information Sheet (`rules::view::sheet`)
//! on their own tabs. Every rule number the window shows is a link
//! ([`rule_link`]) that opens it here at that rule; Back returns to where
//! the reader was. F1 opens and closes it on every screen.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::app::theme::link;
use crate::app::theme::link::HoverWords;
use crate::app::theme::palette::{INK, INK_BODY, INK_SOFT, PAPER_RAISED, RULE, SELECTION};
use crate::app::theme::scale::{Type, space};
use crate::reference::{self as rules_text, Piece};
use crate::rules::view::GameView;
use crate::rules::view::sheet::{SheetTable, campaign_sheet, union_orders};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Reference>()
        .add_systems(Update, toggle)
        .add_systems(EguiPrimaryContextPass, window);
}

#[derive(Resource, Debug, Default)]
pub struct Reference {
    pub open: bool,
    pub tab: Tab,
    /// The entry a link opened (its number as the reference heads it),
    /// drawn highlighted.
    pub at: Option<String>,
    /// The rule a link asked for, scrolled to once shown.
    pub at_rule: Option<String>,
    /// The search box's words.
    pub query: String,
    /// Where Back returns to, the latest last.
    pub back: Vec<Place>,
    /// Whether the highlighted entry was in sight the last time the list
    /// was drawn (so a test can see the window opened at it).
    pub at_in_sight: bool,
    /// The search the list was last drawn for: a new one starts at the
    /// top of the list.
    drawn_for: String,
}

/// Where the reader was: the tab, the entry and the search.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Place {
    pub tab: Tab,
    pub at: Option<String>,
    pub query: String,
}

impl Reference {
    fn place(&self) -> Place {
        Place {
            tab: self.tab,
            at: self.at.clone(),
            query: self.query.clone(),
        }
    }

    /// Open at `rule`: its entry highlighted and scrolled to; a number the
    /// reference does not know is searched for instead. Where the reader
    /// was is kept for Back.
    pub fn open_at(&mut self, rule: &str) {
        let entry = rules_text::bundled().get(rule);
        let to = Place {
            tab: Tab::Rules,
            at: entry.map(|e| e.number.clone()),
            query: if entry.is_some() {
                String::new()
            } else {
                rule.to_string()
            },
        };
        if self.open && self.place() != to {
            self.back.push(self.place());
        }
        self.go(to);
        self.open = true;
    }

    /// Back to where the reader was before the last link.
    pub fn go_back(&mut self) {
        if let Some(p) = self.back.pop() {
            self.go(p);
        }
    }

    fn go(&mut self, p: Place) {
        self.tab = p.tab;
        self.at_rule = p.at.clone();
        self.at = p.at;
        self.query = p.query;
    }
}

/// A rule number drawn as a link: a click opens the reference (F1) at
/// that rule. Every rule number the window shows goes through here (or
/// `theme::link`, the same function, where a screen cannot import the
/// panels).
pub fn rule_link(ui: &mut egui::Ui, rule: &str) -> egui::Response {
    link::rule_link(ui, rule)
}

/// Ask the reference to open at `rule` on the next frame (the tutorial's
/// and "Why?"'s panels call it).
#[allow(dead_code)]
pub fn open_rule(ctx: &egui::Context, rule: &str) {
    link::open_rule(ctx, rule);
}

/// The window's tabs.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Tab {
    #[default]
    Rules,
    UnionOrders,
    CampaignSheet,
}

fn toggle(
    keys: Res<ButtonInput<KeyCode>>,
    saves: Option<Res<crate::app::saves::SaveState>>,
    mut reference: ResMut<Reference>,
) {
    // While a saved game is replayed, the keys wait.
    let loading = saves.is_some_and(|s| s.loading.is_some());
    if !loading && keys.just_pressed(KeyCode::F1) {
        reference.open = !reference.open;
    }
}

fn window(
    mut contexts: EguiContexts,
    view: Option<Res<GameView>>,
    mut reference: ResMut<Reference>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    show(ctx, &mut reference, view.as_deref());
    Ok(())
}

/// The window, on any screen: the Union Orders and Sheet tabs need a
/// campaign in play (`view`).
pub fn show(ctx: &egui::Context, reference: &mut Reference, view: Option<&GameView>) {
    if let Some(rule) = link::take_opened(ctx) {
        reference.open_at(&rule);
    }
    if !reference.open {
        return;
    }
    let mut open = true;
    // Over the map's left part: the decision panel on the right stays clear.
    let screen = ctx.content_rect();
    let at = screen.left_top() + egui::vec2(300.0_f32.min(screen.width() * 0.2), 70.0);
    let height = (screen.height() - 140.0).clamp(280.0, 640.0);
    egui::Window::new("Rules and tables (F1)")
        .id(egui::Id::new("fcrel-reference"))
        .open(&mut open)
        .default_pos(at)
        .default_width(600.0)
        .default_height(height)
        .max_height(screen.height() - 40.0)
        .show(ctx, |ui| {
            ui.horizontal(|ui| {
                let r = &mut *reference;
                ui.selectable_value(&mut r.tab, Tab::Rules, "Rules");
                ui.add_enabled_ui(view.is_some(), |ui| {
                    ui.selectable_value(&mut r.tab, Tab::UnionOrders, "Union Orders charts")
                        .on_disabled_hover_text("The charts of the campaign in play.");
                    ui.selectable_value(
                        &mut r.tab,
                        Tab::CampaignSheet,
                        "Campaign Information Sheet",
                    )
                    .on_disabled_hover_text("The sheet of the campaign in play.");
                });
            });
            ui.separator();
            match (reference.tab, view) {
                (Tab::UnionOrders, Some(view)) => {
                    egui::ScrollArea::vertical().show(ui, |ui| {
                        ui.horizontal_wrapped(|ui| {
                            ui.label("Each Union group rolls on one chart: the Battle Area's when it stands in the Battle Area, else the Campaign Map's");
                            rule_link(ui, "16.1");
                            ui.label(". A Scout re-rolls, or changes the roll by one");
                            rule_link(ui, "16.3.1");
                            ui.label(".");
                        });
                        tables(ui, &union_orders(&view.board));
                    });
                }
                (Tab::CampaignSheet, Some(view)) => {
                    egui::ScrollArea::vertical().show(ui, |ui| {
                        ui.heading(&view.board.campaign.name);
                        tables(ui, &campaign_sheet(&view.board));
                    });
                }
                _ => rules(ui, reference),
            }
        });
    if !open {
        reference.open = false;
    }
}

/// The Rules tab: Back, the search box, and the entries that match,
/// grouped by section.
fn rules(ui: &mut egui::Ui, reference: &mut Reference) {
    let book = rules_text::bundled();
    ui.horizontal(|ui| {
        let back = ui
            .add_enabled(!reference.back.is_empty(), egui::Button::new("← Back"))
            .on_hover_words("Back to where you were before the last rule link");
        if back.clicked() {
            reference.go_back();
        }
        let search = ui.add(
            egui::TextEdit::singleline(&mut reference.query)
                .hint_text("Search: a rule number, a title or words (\"rout\")")
                .desired_width(ui.available_width() - 28.0),
        );
        if search.changed() {
            reference.at_rule = None;
        }
        if !reference.query.is_empty() && ui.small_button("×").on_hover_words("Clear").clicked() {
            reference.query.clear();
            reference.at_rule = reference.at.clone();
        }
    });
    let found = book.search(&reference.query);
    let words = if reference.query.trim().is_empty() {
        format!(
            "{} rules as fcrel plays them, in our own words, with our rulings (docs/rulings.md). Rule numbers are links.",
            found.len()
        )
    } else {
        format!("{} of {} rules match.", found.len(), book.entries().count())
    };
    ui.label(
        egui::RichText::new(words)
            .font(Type::Small.font())
            .color(INK_SOFT),
    );
    ui.add_space(space::XS);
    // Asked for until it is in sight: a window's first frame only sizes it.
    let wanted = reference.at_rule.clone();
    let mut in_sight = false;
    let searching = !reference.query.trim().is_empty();
    let mut list = egui::ScrollArea::vertical().auto_shrink([false, false]);
    if reference.drawn_for != reference.query {
        reference.drawn_for = reference.query.clone();
        if wanted.is_none() {
            list = list.vertical_scroll_offset(0.0);
        }
    }
    list.show(ui, |ui| {
        if found.is_empty() {
            ui.label(format!("No rule matches \"{}\".", reference.query.trim()));
        }
        // Searching: the matches, best first; else every section.
        let groups: Vec<(Option<&str>, Vec<&rules_text::Entry>)> = if searching {
            vec![(None, found.clone())]
        } else {
            book.sections
                .iter()
                .map(|s| (Some(s.title.as_str()), s.entries.iter().collect()))
                .collect()
        };
        for (title, entries) in groups {
            if let Some(title) = title {
                ui.add_space(space::S);
                ui.label(
                    egui::RichText::new(title)
                        .font(Type::Subheading.font())
                        .color(INK),
                );
                ui.separator();
            }
            for e in entries {
                let here = reference.at.as_deref() == Some(e.number.as_str());
                let r = entry(ui, e, here);
                if here {
                    if wanted.as_deref() == Some(e.number.as_str()) {
                        r.scroll_to_me(Some(egui::Align::TOP));
                    }
                    in_sight = ui.clip_rect().intersects(r.rect);
                }
            }
        }
    });
    if in_sight {
        reference.at_rule = None;
    }
    reference.at_in_sight = in_sight;
}

/// One entry: its number and title, our words (rule numbers in them are
/// links), the numbers it is also cited by, and the rulings that apply.
fn entry(ui: &mut egui::Ui, e: &rules_text::Entry, here: bool) -> egui::Response {
    let frame = if here {
        egui::Frame::new()
            .fill(PAPER_RAISED)
            .stroke(egui::Stroke::new(2.0, SELECTION))
    } else {
        egui::Frame::new().stroke(egui::Stroke::new(0.0, RULE))
    };
    frame
        .inner_margin(egui::Margin::symmetric(space::S as i8, space::XS as i8))
        .corner_radius(4)
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.horizontal_wrapped(|ui| {
                ui.label(
                    egui::RichText::new(&e.number)
                        .font(Type::Number.font())
                        .color(INK),
                );
                ui.label(egui::RichText::new(&e.title).strong().color(INK));
            });
            let book = rules_text::bundled();
            for p in &e.text {
                ui.horizontal_wrapped(|ui| {
                    ui.spacing_mut().item_spacing.x = 0.0;
                    for piece in rules_text::pieces(p, |n| n != e.number && book.knows(n)) {
                        match piece {
                            Piece::Words(w) => {
                                ui.label(egui::RichText::new(w).color(INK_BODY));
                            }
                            Piece::Rule(n) => {
                                rule_link(ui, n);
                            }
                        }
                    }
                });
            }
            if !e.also.is_empty() {
                ui.label(
                    egui::RichText::new(format!("Also cited as {}.", e.also.join(", ")))
                        .font(Type::Small.font())
                        .color(INK_SOFT),
                );
            }
            for r in &e.rulings {
                ui.horizontal_wrapped(|ui| {
                    ui.label(
                        egui::RichText::new(format!("Ruling {}", r.id))
                            .font(Type::Small.font())
                            .strong()
                            .color(INK),
                    )
                    .on_hover_words("fcrel's ruling, in docs/rulings.md");
                    ui.label(
                        egui::RichText::new(&r.gist)
                            .font(Type::Small.font())
                            .color(INK_SOFT),
                    );
                });
            }
        })
        .response
}

fn tables(ui: &mut egui::Ui, tables: &[SheetTable]) {
    for t in tables {
        ui.add_space(6.0);
        ui.label(egui::RichText::new(&t.title).strong().size(15.0));
        egui::Grid::new(("sheet", t.title.as_str()))
            .striped(true)
            .num_columns(2)
            .show(ui, |ui| {
                for (rolls, text) in &t.rows {
                    ui.label(egui::RichText::new(rolls).monospace());
                    ui.add(egui::Label::new(text).wrap());
                    ui.end_row();
                }
            });
        for n in &t.notes {
            ui.label(egui::RichText::new(n).italics().size(12.0));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Draw the window on `ctx` for a few frames at 1280×720.
    fn frames(ctx: &egui::Context, r: &mut Reference, n: usize) -> Vec<String> {
        let mut texts = Vec::new();
        for _ in 0..n {
            // Time goes on: the scroll to an entry is animated.
            let t = ctx.input(|i| i.time) + 1.0;
            let input = egui::RawInput {
                time: Some(t),
                predicted_dt: 1.0,
                screen_rect: Some(egui::Rect::from_min_size(
                    egui::Pos2::ZERO,
                    egui::vec2(1280.0, 720.0),
                )),
                ..Default::default()
            };
            let mut out = ctx.run_ui(input, |ui| show(ui.ctx(), r, None));
            out.textures_delta.clear();
            texts = crate::app::theme::drawn_texts(&out.shapes);
        }
        texts
    }

    #[test]
    fn open_rule_opens_the_window_at_that_entry() {
        let ctx = crate::app::theme::themed_context();
        let mut r = Reference::default();
        assert!(frames(&ctx, &mut r, 1).is_empty(), "closed at first");
        // A link far down the list: the window opens, scrolled to it.
        open_rule(&ctx, "A14.2.1");
        let drawn = frames(&ctx, &mut r, 3);
        assert!(r.open);
        assert_eq!(r.tab, Tab::Rules);
        assert_eq!(r.at.as_deref(), Some("A14.2.1"));
        assert!(r.at_in_sight, "scrolled to A14.2.1");
        assert!(drawn.iter().any(|t| t == "A14.2.1"), "{drawn:?}");
        assert!(drawn.iter().any(|t| t == "Advance (Advanced)"), "{drawn:?}");
        // The top of the list is out of sight.
        assert!(!drawn.iter().any(|t| t == "Holding an Area"), "{drawn:?}");
    }

    #[test]
    fn a_cited_sub_rule_and_an_alias_open_their_own_entries() {
        let ctx = crate::app::theme::themed_context();
        let mut r = Reference::default();
        open_rule(&ctx, "14.5 rout");
        frames(&ctx, &mut r, 2);
        assert_eq!(r.at.as_deref(), Some("14.5"));
        open_rule(&ctx, "Opt. Union Cavalry Corps");
        frames(&ctx, &mut r, 2);
        assert_eq!(r.at.as_deref(), Some("Union Cavalry Corps"));
        // A number the reference does not know is searched for.
        open_rule(&ctx, "99.9");
        let drawn = frames(&ctx, &mut r, 2);
        assert_eq!(r.at, None);
        assert_eq!(r.query, "99.9");
        assert!(
            drawn.iter().any(|t| t.contains("No rule matches")),
            "{drawn:?}"
        );
    }

    #[test]
    fn back_returns_to_where_the_reader_was() {
        let ctx = crate::app::theme::themed_context();
        let mut r = Reference::default();
        open_rule(&ctx, "14.5");
        frames(&ctx, &mut r, 2);
        // A cross-reference inside the entry (its text names 15.3).
        open_rule(&ctx, "15.3");
        frames(&ctx, &mut r, 5);
        assert_eq!(r.at.as_deref(), Some("15.3"));
        r.go_back();
        frames(&ctx, &mut r, 5);
        assert_eq!(r.at.as_deref(), Some("14.5"));
        assert!(r.at_in_sight);
        assert!(r.back.is_empty());
    }

    #[test]
    fn the_search_box_narrows_the_list() {
        let ctx = crate::app::theme::themed_context();
        let mut r = Reference {
            open: true,
            query: "rout".into(),
            ..Default::default()
        };
        let drawn = frames(&ctx, &mut r, 2);
        assert!(drawn.iter().any(|t| t == "Rout Check"), "{drawn:?}");
        assert!(!drawn.iter().any(|t| t == "Holding an Area"), "{drawn:?}");
        assert!(drawn.iter().any(|t| t.contains("rules match")), "{drawn:?}");
    }

    #[test]
    fn rule_numbers_in_an_entry_are_links() {
        let ctx = crate::app::theme::themed_context();
        let mut r = Reference::default();
        open_rule(&ctx, "14.5");
        frames(&ctx, &mut r, 2);
        // 14.5's text names 15.3 and 18.4: drawn as pieces of their own.
        let drawn = frames(&ctx, &mut r, 1);
        assert!(drawn.iter().any(|t| t == "15.3"), "{drawn:?}");
        assert!(drawn.iter().any(|t| t == "18.4"), "{drawn:?}");
    }
}
