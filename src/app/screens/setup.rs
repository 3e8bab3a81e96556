//! Campaign set-up (7.14): the player's level, the Union AI's six aspects
//! (presets or each on its own), battle rules, Optional rules, dice and
//! seed; for a Grand Campaign (21.0) its campaigns and terms too. A
//! centred column of cards; every choice says in a line what it changes
//! (the rules layer's `summary`), its rule numbers on hover.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use bevy_egui::egui::{Margin, Sense, Stroke, StrokeKind};

use super::kit;
use crate::app::theme::link::HoverWords;
use crate::app::theme::palette::*;
use crate::app::theme::scale::{HAIRLINE, Type, radius, space};
use crate::app::{Catalog, Screen, SetupChoice};
use crate::campaign::{Campaign, UnionLevel};
use crate::rules::difficulty::{
    BattleMode, DiceMode, GameOptions, OPTIONAL, PlayerLevel, UnionAspect, UnionAspects,
};

/// The column's most width.
const MAX_WIDTH: f32 = 760.0;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        setup.run_if(in_state(Screen::Setup)),
    )
    .add_systems(OnEnter(Screen::Setup), last_choices);
}

/// The set-up offered is the last one chosen (Settings keep it), with a
/// fresh seed for the program's dice.
pub(crate) fn last_choices(
    settings: Res<crate::app::settings::AppSettings>,
    mut choice: ResMut<SetupChoice>,
) {
    if let Some(o) = settings.loaded.settings.new_game {
        choice.options = crate::rules::difficulty::GameOptions {
            seed: choice.options.seed,
            ..o
        };
    }
    if choice.random_seed.is_none() {
        choice.random_seed = Some(crate::dice::fresh_seed());
    }
}

/// The options a campaign starts with: the typed seed, else the random one
/// shown. Both are used up: the next set-up draws another random seed and
/// a typed one is for this game only.
pub(crate) fn start_options(choice: &mut SetupChoice) -> GameOptions {
    let random = choice
        .random_seed
        .take()
        .unwrap_or_else(crate::dice::fresh_seed);
    choice.options.seed = choice.seed_text.trim().parse().unwrap_or(random);
    choice.seed_text.clear();
    choice.options
}

/// "Rules 7.14, 12.3", "Rule 16.1.1" or "The rulebook: Quick Battle
/// Rules", for a hover.
/// Rule numbers as links (`panels::reference::rule_link`), in a row.
fn rule_links(ui: &mut egui::Ui, rules: &str) {
    crate::app::theme::link::rule_links(ui, rules);
}

/// "Rules" in small capitals, then the rule numbers as links: where a
/// choice's rules are shown only on hover, the panel shows them too
/// (tooltips hold no links).
fn rules_row(ui: &mut egui::Ui, rules: &str) {
    ui.horizontal(|ui| {
        ui.label(kit::caps(
            if rules.contains(", ") {
                "Rules"
            } else {
                "Rule"
            },
            INK_SOFT,
        ));
        rule_links(ui, rules);
    });
}

fn rules_words(rule: &str) -> String {
    if !rule.chars().any(|c| c.is_ascii_digit()) {
        format!("The rulebook: {rule}")
    } else if rule.contains(", ") || rule.contains(" & ") {
        format!("Rules {rule}")
    } else {
        format!("Rule {rule}")
    }
}

/// A choice drawn as a tile: a radio mark and its name, a line of this
/// campaign's numbers, and what it changes. True when it is clicked.
fn tile(
    ui: &mut egui::Ui,
    selected: bool,
    name: &str,
    detail: Option<&str>,
    summary: &str,
    hover: &str,
    (width, height): (f32, f32),
) -> bool {
    let edge = if selected { 2.0 } else { HAIRLINE };
    let frame = kit::card()
        .fill(if selected { PAPER_DEEP } else { PAPER_RAISED })
        .stroke(Stroke::new(edge, if selected { INK } else { RULE }))
        .inner_margin(Margin::same(space::M as i8));
    let inner = (width - 2.0 * (space::M + edge)).max(0.0);
    let mut clicked = false;
    let shown = frame.show(ui, |ui| {
        ui.set_width(inner);
        ui.set_min_height(height);
        ui.vertical(|ui| {
            ui.horizontal(|ui| {
                // A radio mark of our own: centred on the name's line,
                // clear of it.
                let size = ui.spacing().icon_width;
                let (rect, mark) = ui.allocate_exact_size(egui::vec2(size, size), Sense::click());
                let c = rect.center();
                let r = size / 2.0 - 1.0;
                ui.painter()
                    .circle(c, r, PAPER_RAISED, Stroke::new(HAIRLINE, INK_SOFT));
                if selected {
                    ui.painter().circle_filled(c, r * 0.5, INK);
                }
                clicked |= mark.clicked();
                ui.label(
                    egui::RichText::new(name)
                        .font(Type::Subheading.font())
                        .color(INK),
                );
            });
            if let Some(detail) = detail {
                ui.label(
                    egui::RichText::new(detail)
                        .font(Type::Number.font())
                        .color(INK_BODY),
                );
            }
            kit::explain(ui, summary);
        });
    });
    let response = shown.response.interact(Sense::click());
    if response.hovered() && !selected {
        ui.painter().rect_stroke(
            response.rect,
            radius::WINDOW,
            Stroke::new(1.5, INK_SOFT),
            StrokeKind::Inside,
        );
    }
    let response = response.on_hover_words(hover);
    clicked || response.clicked()
}

/// A row of `n` tiles over the width: the width of each.
fn tile_width(ui: &egui::Ui, n: usize) -> f32 {
    let gap = ui.spacing().item_spacing.x;
    ((ui.available_width() - gap * (n as f32 - 1.0)) / n as f32).floor()
}

/// A card with its heading (serif) and rule number (small capitals).
fn section<R>(
    ui: &mut egui::Ui,
    title: &str,
    rule: Option<&str>,
    add: impl FnOnce(&mut egui::Ui) -> R,
) -> R {
    ui.add_space(space::M);
    kit::in_card(ui, |ui| {
        ui.horizontal(|ui| {
            kit::heading(ui, title, None);
            if let Some(rule) = rule {
                rule_links(ui, rule);
            }
        });
        ui.add_space(space::XS);
        add(ui)
    })
}

/// This campaign's own numbers for a Union aspect at each level, where
/// the campaign sheet gives them.
fn aspect_numbers(c: &Campaign, a: UnionAspect) -> Option<String> {
    let three = |v: &crate::campaign::ByUnionLevel| {
        let [r, h, v] = UnionLevel::ALL.map(|l| l.pick(v));
        format!("{r}, {h} or {v}")
    };
    match a {
        UnionAspect::SpecialBattlePlans => Some(format!(
            "{}: {} a battle turn at Regular, Hard or Veteran.",
            c.name,
            three(&c.battle_plans.union_special)
        )),
        UnionAspect::Resupply => Some(format!(
            "{}: {} Command Points and {} rolls a turn.",
            c.name,
            three(&c.union_resupply.command_points),
            three(&c.union_resupply.rolls)
        )),
        UnionAspect::VictoryConditions => Some(
            if c.victory
                .objectives
                .iter()
                .any(|o| !o.union_levels.is_empty())
            {
                format!("{}: some Objectives change with the level.", c.name)
            } else {
                format!("{}: the same Objectives at every level.", c.name)
            },
        ),
        _ => None,
    }
}

/// The Grand Campaign's card: its five campaigns and its terms (21.0).
fn grand_card(ui: &mut egui::Ui, catalog: &Catalog) {
    section(ui, "Five campaigns, one army", Some("21.0"), |ui| {
        let mut order: Vec<&Campaign> = catalog
            .campaigns
            .iter()
            .filter(|c| crate::player_log::GRAND_CAMPAIGN.contains(&c.id.as_str()))
            .map(|c| c.as_ref())
            .collect();
        order.sort_by_key(|c| c.grand_campaign_order);
        egui::Grid::new("grand-campaigns")
            .num_columns(3)
            .spacing([space::M, space::XS])
            .show(ui, |ui| {
                for c in order {
                    ui.label(
                        egui::RichText::new(kit::roman(c.grand_campaign_order))
                            .font(Type::Subheading.font())
                            .color(BUTTERNUT_DARK),
                    );
                    ui.label(
                        egui::RichText::new(&c.name)
                            .font(Type::Subheading.font())
                            .color(INK),
                    )
                    .on_hover_words(c.summary());
                    ui.label(egui::RichText::new(&c.dates).color(INK_SOFT));
                    ui.label(
                        egui::RichText::new(format!(
                            "{} turns · Lee's score {} VP",
                            c.turns, c.victory.lee_historical_vp
                        ))
                        .color(INK_SOFT),
                    );
                    ui.end_row();
                }
            });
        ui.add_space(space::S);
        ui.separator();
        egui::Grid::new("grand-terms")
            .num_columns(3)
            .spacing([space::M, space::XS])
            .show(ui, |ui| {
                for t in crate::player_log::GRAND_TERMS {
                    ui.label(egui::RichText::new(t.name).strong().color(INK))
                        .on_hover_words(rules_words(t.rule));
                    kit::explain(ui, t.summary).on_hover_words(rules_words(t.rule));
                    rule_links(ui, t.rule);
                    ui.end_row();
                }
            });
    });
}

fn setup(
    mut contexts: EguiContexts,
    catalog: Res<Catalog>,
    mut choice: ResMut<SetupChoice>,
    mut next: ResMut<NextState<Screen>>,
    mut settings: ResMut<crate::app::settings::AppSettings>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    if !kit::fonts_ready(ctx) {
        return Ok(());
    }
    let mut root = crate::app::theme::root_ui(ctx, "setup");
    let Some(c) = catalog.campaigns.get(choice.campaign).cloned() else {
        next.set(Screen::Menu);
        return Ok(());
    };
    let grand = choice.grand;
    egui::CentralPanel::default().show(&mut root, |ui| {
        kit::page(ui, "setup-page", MAX_WIDTH, |ui| {
            // The title.
            ui.vertical_centered(|ui| {
                let (kicker, title) = if choice.grand {
                    ("New Grand Campaign · 21.0".to_string(), "The Grand Campaign".to_string())
                } else {
                    ("New campaign · set-up".to_string(), c.name.clone())
                };
                ui.label(kit::caps(&kicker, INK_SOFT));
                ui.label(egui::RichText::new(title).font(Type::Title.font()).color(INK));
                kit::ornament(ui, ui.available_width().min(320.0));
                if choice.grand {
                    ui.label(
                        egui::RichText::new(format!(
                            "Five campaigns under one set of options, beginning with {}.",
                            c.name
                        ))
                        .font(Type::Caption.font())
                        .size(Type::Subheading.size())
                        .color(INK_BODY),
                    );
                } else {
                    ui.label(
                        egui::RichText::new(format!(
                            "{} · {} turns · Lee's score {} VP",
                            c.dates, c.turns, c.victory.lee_historical_vp
                        ))
                        .color(INK_SOFT),
                    );
                    ui.label(
                        egui::RichText::new(c.summary())
                            .font(Type::Caption.font())
                            .size(Type::Subheading.size())
                            .color(INK_BODY),
                    );
                }
            });
            if choice.grand {
                grand_card(ui, &catalog);
            }
            // 7.14: the player's level.
            section(ui, "Your difficulty", Some("7.14"), |ui| {
                let w = tile_width(ui, 3);
                ui.horizontal_top(|ui| {
                    for l in PlayerLevel::ALL {
                        let n = l.pick(&c.battle_plans.confederate_without_lee);
                        // A Grand Campaign's campaigns differ: no one number.
                        let detail = (!grand).then(|| format!(
                            "{n} Battle Plan Counter{} without Lee",
                            if n == 1 { "" } else { "s" }
                        ));
                        let hover = if grand {
                            format!("{}. Lee's Command Rating gives his number when he leads (10.2.10).", rules_words(l.rule()))
                        } else {
                            format!(
                                "{}. Lee's Command Rating gives {} when he leads (10.2.10).",
                                rules_words(l.rule()),
                                c.lee.command_rating
                            )
                        };
                        if tile(ui, choice.options.player == l, l.name(), detail.as_deref(), l.summary(), &hover, (w, 72.0)) {
                            choice.options.player = l;
                        }
                    }
                });
                rules_row(ui, choice.options.player.rule());
            });
            // 7.14: the Union AI, a preset or each aspect on its own.
            section(ui, "The Union AI", Some("7.14"), |ui| {
                let w = tile_width(ui, 3);
                ui.horizontal_top(|ui| {
                    for l in UnionLevel::ALL {
                        let hover = format!(
                            "All six aspects below at {}. {}.",
                            l.name(),
                            rules_words(l.rule())
                        );
                        if tile(ui, choice.options.union.preset_level() == Some(l), &format!("All {}", l.name()), None, l.summary(), &hover, (w, 56.0)) {
                            choice.options.union = UnionAspects::preset(l);
                        }
                    }
                });
                ui.add_space(space::S);
                ui.horizontal(|ui| {
                    ui.label(kit::caps("Each aspect on its own", INK_SOFT));
                    if choice.options.union.preset_level().is_none() {
                        ui.label(egui::RichText::new("(mixed)").color(INK_SOFT));
                    }
                });
                let u = &mut choice.options.union;
                let left = (ui.available_width() * 0.62).floor();
                for (i, a) in UnionAspect::ALL.into_iter().enumerate() {
                    if i > 0 {
                        ui.separator();
                    }
                    let hover = rules_words(a.rule());
                    ui.horizontal(|ui| {
                        ui.vertical(|ui| {
                            ui.set_width(left);
                            ui.spacing_mut().item_spacing.y = 0.0;
                            ui.label(egui::RichText::new(a.name()).strong().color(INK))
                                .on_hover_words(&hover);
                            kit::explain(ui, a.summary()).on_hover_words(&hover);
                            if let Some(n) = aspect_numbers(&c, a).filter(|_| !grand) {
                                kit::explain(ui, &n);
                            }
                            rules_row(ui, a.rule());
                        });
                        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                            let level = u.level_mut(a);
                            for l in UnionLevel::ALL.into_iter().rev() {
                                ui.radio_value(level, l, l.name()).on_hover_words(&hover);
                            }
                        });
                    });
                }
            });
            // Part Two: how battles are fought.
            section(ui, "Battles", None, |ui| {
                let w = tile_width(ui, 2);
                for row in BattleMode::ALL.chunks(2) {
                    ui.horizontal_top(|ui| {
                        for &m in row {
                            let hover = format!("{}. {}", rules_words(m.rule()), mode_detail(m));
                            if tile(ui, choice.options.battles == m, m.name(), None, m.summary(), &hover, (w, 40.0)) {
                                choice.options.battles = m;
                            }
                        }
                    });
                }
                rules_row(ui, choice.options.battles.rule());
            });
            // The Optional rules, each with its "Used with" line.
            section(ui, "Optional rules", None, |ui| {
                kit::explain(ui, "Use any, some or none; a campaign's Special Rules take precedence over them.");
                ui.add_space(space::XS);
                let mode = choice.options.battles;
                let throw = c.union_cavalry_saving_throw;
                let throw = if throw >= 10 { "10".to_string() } else { format!("{throw}+") };
                for r in OPTIONAL.iter() {
                    let applies = r.used_with(mode);
                    let reference = match r.number {
                        Some(n) => rules_words(n),
                        None => format!("The rulebook's Optional Rules: {}", r.rule()),
                    };
                    let what = format!("{reference}. {}", optional_detail(r.key, &c.name, &throw));
                    let on = r.flag(&mut choice.options);
                    if !applies {
                        *on = false;
                    }
                    ui.horizontal(|ui| {
                        let name = egui::RichText::new(r.name).strong();
                        if applies {
                            ui.checkbox(on, name).on_hover_words(&what);
                        } else {
                            let mut off = false;
                            ui.add_enabled(false, egui::Checkbox::new(&mut off, name))
                                .on_disabled_hover_text(format!(
                                    "{what} Not used with {} battles: its \"Used with\" line names {}.",
                                    mode.name(),
                                    r.used_with_words()
                                ));
                        }
                        // Its number as a link; one without a number (known
                        // by its heading) opens at it from a plain "rule".
                        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| match r.number {
                            Some(n) => {
                                crate::app::theme::link::rule_link(ui, n);
                            }
                            None => {
                                if ui.link("rule").on_hover_words(format!("Open \"{}\" in the rules reference (F1)", r.name)).clicked() {
                                    crate::app::theme::link::open_rule(ui.ctx(), r.rule());
                                }
                            }
                        });
                    });
                    ui.horizontal(|ui| {
                        ui.add_space(ui.spacing().icon_width + ui.spacing().icon_spacing);
                        let line = if !applies {
                            format!("{} Not used with {} battles.", r.summary, mode.name())
                        } else if r.key == "union-cavalry-corps" && grand {
                            format!("{} It saves on a 10 before February 1863, 9+ after.", r.summary)
                        } else if r.key == "union-cavalry-corps" {
                            format!("{} {}: it saves on {throw}.", r.summary, c.name)
                        } else {
                            r.summary.to_string()
                        };
                        kit::explain(ui, &line).on_hover_words(&what);
                    });
                    ui.add_space(space::XXS);
                }
            });
            section(ui, "Dice", None, |ui| {
                ui.horizontal(|ui| {
                    ui.radio_value(&mut choice.options.dice, DiceMode::Program, "fcrel rolls")
                        .on_hover_words("Seeded dice: the same seed and decisions give the same game.");
                    ui.radio_value(&mut choice.options.dice, DiceMode::Physical, "My own dice")
                        .on_hover_words("You roll a real d10 and type in each result when fcrel asks for it.");
                });
                ui.horizontal(|ui| {
                    ui.label("Seed:");
                    let random = *choice.random_seed.get_or_insert_with(crate::dice::fresh_seed);
                    ui.add(
                        egui::TextEdit::singleline(&mut choice.seed_text)
                            .hint_text(format!("random: {random}"))
                            .desired_width(160.0),
                    )
                    .on_hover_words("Leave empty for the random seed shown; type a number to play a seed again.");
                    if choice.seed_text.trim().is_empty() {
                        kit::explain(ui, &format!("random: {random}"));
                    } else if choice.seed_text.trim().parse::<u64>().is_err() {
                        ui.colored_label(FAILED, format!("not a number: random {random} is used"));
                    }
                });
            });
            ui.add_space(space::L);
            let why = choice.options.incompatible();
            if let Some(why) = &why {
                ui.colored_label(FAILED, why);
            }
            ui.horizontal(|ui| {
                let start = if choice.grand { "Start the Grand Campaign" } else { "Start the campaign" };
                let height = space::XXL + space::XS;
                if ui.add(egui::Button::new(egui::RichText::new("Back").font(Type::Subheading.font())).min_size(egui::vec2(space::XXL * 3.0, height))).clicked() {
                    next.set(Screen::Menu);
                }
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    let button = ui.add_enabled(why.is_none(), kit::primary_button(start).min_size(egui::vec2(space::XXL * 8.0, height)));
                    if let Some(why) = &why {
                        button.clone().on_disabled_hover_text(why);
                    }
                    if button.clicked() {
                        let options = start_options(&mut choice);
                        // Offered again next time (Settings).
                        settings.loaded.settings.new_game = Some(options);
                        settings.save();
                        next.set(Screen::Game);
                    }
                });
            });
        });
    });
    Ok(())
}

/// A battle mode in more words, for its hover.
fn mode_detail(m: BattleMode) -> &'static str {
    match m {
        BattleMode::Basic => {
            "On the Battlefield Sheet, turn by turn, with Battle Plans (10.2.10–14.7)."
        }
        BattleMode::Advanced => {
            "The Advanced Battle Rules (A10.0–A15.0): on the Advanced Battlefield Sheet's Squares, Rows A to F by Columns 1 to 6, one Force of each side a Square, Flank and Rear attacks, turn by turn with Battle Plans. The Union draws one more Special Battle Plan each turn (A10.2)."
        }
        BattleMode::Quick => {
            "On the campaign map, turn by turn on the Battle Resolution Table, with Voluntary Retreats (Part Two)."
        }
        BattleMode::VeryQuick => {
            "On the campaign map, one roll on the Battle Resolution Table (Part Two)."
        }
    }
}

/// An Optional rule in more words, for its hover (`throw`: this
/// campaign's Union Cavalry Saving Throw).
fn optional_detail(key: &str, campaign: &str, throw: &str) -> String {
    match key {
        "union-cavalry-corps" => format!("Every Scout you discard gives the Union AI a Saving Throw: on a d10 of {throw} it negates the Scout's effect (the Scout is spent; you may discard another). {campaign}: {throw}. The Union cavalry improves after February 1863."),
        "resupply-availability" => "At the start of every Resupply step, yours and the Union's, a d10 decides whether Command Points may be spent in it (they are kept if not): the step is closed on a 10 at Regular, 9+ at Hard, 8+ at Veteran — your level for yours, the Union's Resupply level for its. Used with every battle mode.".into(),
        "scout-counters" => "Confederate Resupply (15.3.1) gives one Scout more at Easy, one fewer at Hard, within the Scout counters. Used with every battle mode.".into(),
        "scouts-and-orders" => "Besides a re-roll or ±1, discard several Scouts to change a Union Orders roll by their number, up or down (a 7 and two Scouts: 5 or 9). Used with every battle mode.".into(),
        "shock-checks" => "A Shock attack needs 1 to 3 Activation checks by Skill Level (Conscript and Poor Line 3, Line and Veteran 2, Elite 1), yours and the Union's under Charge!; the first failure and the Force Holds.".into(),
        "union-tactics-tables" => "After the Combat Values are compared, an even d10 picks Table #1 (mostly Defensive), an odd one Table #2 (mostly Aggressive), and a second d10 reads it: the Union's tactics are less predictable. Rows 7–10, missing from the printed tables, continue each column (R-Opt-13.0).".into(),
        "counter-battery-fire" => "Before a battle with Artillery on both sides, each Artillery Force rolls once (Combat Value 1–5: a Hit on 1, 6: 2, … 10: 6); each Hit destroys an enemy Artillery Force of the lowest Skill Level before the battle.".into(),
        "battle-continues" => "At the end of the last turn a d10 of 10 (Hard 9+, Veteran 8+, by the Union's Victory Conditions level) adds a turn, rolled for again at its end; the campaign's end is read then.".into(),
        "officers-confused" => "Each battle turn some Battle Plan Counters (2 at Easy and Regular, 4 at Hard) cannot be used, and Special Battle Plans (6 at the Union's Regular, 4 Hard, 2 Veteran) leave the cup, at random.".into(),
        "confederate-groups" => "Your Forces in an area are one group: Named Forces of one Corps (those without a Corps join any) and Additional Forces, at most the campaign's Union group maximum, Static Forces not counted; each area holds one group of each side. Moves that would break it are refused, with the reason.".into(),
        _ => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::sequence::PendingDecision;
    use crate::rules::setup::NewCampaign;
    use bevy::state::app::StatesPlugin;

    /// The set-up screen as the app runs it, headless: entering it offers
    /// the last options and a fresh seed.
    fn app() -> App {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, StatesPlugin, crate::RulesPlugin))
            .init_state::<Screen>()
            .init_resource::<SetupChoice>()
            .insert_resource(crate::app::settings::AppSettings {
                loaded: crate::settings::LoadedSettings::default(),
                persist: false,
                message: None,
            })
            .add_systems(OnEnter(Screen::Setup), last_choices);
        app
    }

    /// A typed seed is for its game only: the next set-up shows an empty
    /// box and a fresh random seed, and starts with that.
    #[test]
    fn a_typed_seed_is_for_one_game() {
        let mut app = app();
        let open = |app: &mut App| {
            app.world_mut()
                .resource_mut::<NextState<Screen>>()
                .set(Screen::Setup);
            app.update();
        };
        open(&mut app);
        let mut choice = app.world_mut().resource_mut::<SetupChoice>();
        choice.seed_text = "424242".into();
        assert_eq!(start_options(&mut choice).seed, 424242);
        app.world_mut()
            .resource_mut::<NextState<Screen>>()
            .set(Screen::Menu);
        app.update();
        open(&mut app);
        let mut choice = app.world_mut().resource_mut::<SetupChoice>();
        assert!(choice.seed_text.is_empty(), "not kept for the next game");
        let shown = choice.random_seed.expect("a fresh random seed is shown");
        assert_eq!(start_options(&mut choice).seed, shown);
    }

    /// Open the set-up, press Start with nothing typed, and play to the
    /// first question; the first dice rolled, and the save there.
    fn new_campaign_with_defaults() -> (u64, Vec<u32>, crate::save::SaveFile) {
        let mut app = app();
        app.world_mut()
            .resource_mut::<NextState<Screen>>()
            .set(Screen::Setup);
        app.update();
        let mut choice = app.world_mut().resource_mut::<SetupChoice>();
        assert!(choice.seed_text.is_empty());
        let shown = choice.random_seed.expect("a random seed is shown");
        let options = start_options(&mut choice);
        assert_eq!(options.seed, shown, "the seed shown is the one used");
        assert_eq!(choice.random_seed, None, "used once");
        let campaign = std::sync::Arc::new(crate::campaign::load_bundled("seven-days").unwrap());
        app.world_mut()
            .write_message(NewCampaign::new(campaign, options));
        // Played on by the scripted commander until a few dice are rolled.
        let mut policy = crate::rules::commander::Policy::Objective;
        let rolled = |app: &App| -> Vec<u32> {
            app.world()
                .resource::<crate::chronicle::Chronicle>()
                .entries()
                .iter()
                .filter_map(|e| e.roll.as_ref().map(|r| r.die))
                .collect()
        };
        for _ in 0..500 {
            app.update();
            let world = app.world_mut();
            let Some(request) = world.resource::<PendingDecision>().request.clone() else {
                continue;
            };
            if rolled(&app).len() >= 5 {
                break;
            }
            let world = app.world_mut();
            let board = crate::rules::board::Board::from_world(world).unwrap();
            use crate::rules::decision::Decider;
            let d = policy.decide(&board, &request).unwrap();
            world.write_message(crate::rules::sequence::Decide(d));
        }
        let dice = rolled(&app);
        let save = crate::save::SaveFile::from_world(app.world_mut()).expect("a game");
        (options.seed, dice, save)
    }

    /// Two campaigns started with the default set-up roll their own dice
    /// (no more seed 1 for every game), and each save replays exactly.
    #[test]
    fn each_new_campaign_rolls_its_own_dice_and_replays() {
        let (seed_a, dice_a, save_a) = new_campaign_with_defaults();
        let (seed_b, dice_b, save_b) = new_campaign_with_defaults();
        assert_ne!(seed_a, seed_b);
        assert!(dice_a.len() >= 5, "{dice_a:?}");
        assert_ne!(dice_a, dice_b, "seeds {seed_a} and {seed_b}");
        let dir = crate::store::scratch_dir("setup-seeds");
        for (seed, save) in [(seed_a, save_a), (seed_b, save_b)] {
            assert_eq!(save.options.seed, seed, "the save keeps the seed");
            let path = dir.join(save.file_name(""));
            save.write(&path).unwrap();
            // `fcrel replay FILE --verify`.
            let (mut out, mut err) = (Vec::new(), Vec::new());
            let code = crate::cli::replay(&path, true, &mut out, &mut err);
            assert_eq!(
                code,
                0,
                "{}{}",
                String::from_utf8_lossy(&out),
                String::from_utf8_lossy(&err)
            );
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}
