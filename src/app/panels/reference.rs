//! Rules and tables (F1): the rules a turn turns on, in our own words; the
//! Union Orders charts in use (16.1.1, 16.1.2) and the rest of the Campaign
//! Information Sheet (Withdrawal, Resupply, Battle Plans, special rules),
//! as the rules word them (`rules::view::sheet`). One click or key away,
//! on its own tab each.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::rules::view::GameView;
use crate::rules::view::sheet::{SheetTable, campaign_sheet, union_orders};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Reference>()
        .add_systems(Update, toggle.run_if(in_state(crate::app::Screen::Game)))
        .add_systems(
            EguiPrimaryContextPass,
            window.run_if(in_state(crate::app::Screen::Game)),
        );
}

#[derive(Resource, Debug, Default)]
pub struct Reference {
    pub open: bool,
    pub tab: Tab,
    /// The rule a link asked for, scrolled to once shown.
    pub at_rule: Option<String>,
}

/// The egui memory slot a rule link writes to (no resource needed where
/// the link is drawn).
const OPEN_RULE: &str = "fcrel-open-rule";

/// A rule number drawn as a link: a click opens the reference (F1) at
/// that rule. Every rule number the window shows goes through here.
pub fn rule_link(ui: &mut egui::Ui, rule: &str) -> egui::Response {
    let r = ui
        .link(rule)
        .on_hover_text(format!("Open rule {rule} in the rules reference (F1)"));
    if r.clicked() {
        open_rule(ui.ctx(), rule);
    }
    r
}

/// Ask the reference to open at `rule` on the next frame.
pub fn open_rule(ctx: &egui::Context, rule: &str) {
    ctx.data_mut(|d| d.insert_temp(egui::Id::new(OPEN_RULE), rule.to_string()));
}

/// The rule a link asked for since the last frame, if any.
fn take_opened(ctx: &egui::Context) -> Option<String> {
    ctx.data_mut(|d| d.remove_temp::<String>(egui::Id::new(OPEN_RULE)))
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
    saves: Res<crate::app::saves::SaveState>,
    mut reference: ResMut<Reference>,
) {
    // While a saved game is replayed, the keys wait.
    if saves.loading.is_none() && keys.just_pressed(KeyCode::F1) {
        reference.open = !reference.open;
    }
}

fn window(
    mut contexts: EguiContexts,
    view: Option<Res<GameView>>,
    mut reference: ResMut<Reference>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    if let Some(rule) = take_opened(ctx) {
        reference.open = true;
        reference.tab = Tab::Rules;
        reference.at_rule = Some(rule);
    }
    let (Some(view), true) = (view, reference.open) else {
        return Ok(());
    };
    let mut open = true;
    // Over the map's left part: the decision panel on the right stays clear.
    let at = ctx.content_rect().left_top() + egui::vec2(300.0, 70.0);
    egui::Window::new("Rules and tables (F1)")
        .open(&mut open)
        .default_pos(at)
        .default_width(560.0)
        .default_height(520.0)
        .show(ctx, |ui| {
            ui.horizontal(|ui| {
                let r = &mut *reference;
                ui.selectable_value(&mut r.tab, Tab::Rules, "Rules");
                ui.selectable_value(&mut r.tab, Tab::UnionOrders, "Union Orders charts");
                ui.selectable_value(&mut r.tab, Tab::CampaignSheet, "Campaign Information Sheet");
            });
            ui.separator();
            egui::ScrollArea::vertical().show(ui, |ui| match reference.tab {
                Tab::Rules => {
                    let wanted = reference.at_rule.take();
                    for (rule, text) in REFERENCE {
                        let head = ui.label(egui::RichText::new(*rule).strong());
                        if wanted.as_deref().is_some_and(|w| rule.starts_with(w)) {
                            head.scroll_to_me(Some(egui::Align::TOP));
                        }
                        ui.label(*text);
                    }
                }
                Tab::UnionOrders => {
                    ui.label(
                        "Each Union group rolls on one chart: the Battle Area's when it stands in the Battle Area, else the Campaign Map's (16.1). A Scout re-rolls, or changes the roll by one (16.3.1).",
                    );
                    tables(ui, &union_orders(&view.board));
                }
                Tab::CampaignSheet => {
                    ui.heading(&view.board.campaign.name);
                    tables(ui, &campaign_sheet(&view.board));
                }
            });
        });
    if !open {
        reference.open = false;
    }
    Ok(())
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

/// The F1 quick reference, in our own words.
const REFERENCE: &[(&str, &str)] = &[
    (
        "4.5 The die",
        "Rolls are a d10 (0 reads as 10). In a check you need the number or less; a natural 1 always succeeds, a natural 10 always fails.",
    ),
    (
        "8.0 Sequence of Play",
        "Confederate Turn: Advance Turn, Moves, Resolve Battles, Forced March, Resolve Battles, Resupply. Union Turn: Orders, Resolve Battles, Resupply.",
    ),
    (
        "9.2 Moves",
        "Each Mobile Force may move one area for free. Lee moves with them; if he is ever alone, the campaign is lost (3.2).",
    ),
    (
        "10.2 Pre-Battle",
        "Fog of War (re-roll with Scouts), then the Envelopment check: at 3:1 the weaker army is destroyed outright.",
    ),
    (
        "15.1 Forced March",
        "A second move for 1 CP a Force; Jackson's unhit Forces may go two areas for 1 CP.",
    ),
    (
        "15.3–15.6 Resupply",
        "Gain your Command Points and Scouts; Refit for 2, buy Forces at their Combat Value, Scouts for 1.",
    ),
    (
        "16.0 Union Orders",
        "Each Union group rolls on its chart; before it moves you may spend a Scout to re-roll, or to change the roll by one.",
    ),
    (
        "14.5 Rout",
        "After each battle turn, at 3:1 the weaker army Routs: its static Forces are destroyed, its artillery captured, the rest flee.",
    ),
    (
        "14.8 Withdrawal",
        "At the end of the battle, an army at 2:1 or worse retreats; otherwise roll on the campaign's Withdrawal table.",
    ),
    (
        "3.1 Victory",
        "Achieve every Victory Condition; each objective met is a Victory Point (21.0), compared with Lee's own score (3.3).",
    ),
];
