//! Campaign set-up (7.14): the player's level, the Union AI's six aspects
//! (presets or each on its own), battle rules, dice and seed.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::app::{Catalog, Screen, SetupChoice};
use crate::campaign::UnionLevel;
use crate::rules::difficulty::{BattleMode, DiceMode, GameOptions, PlayerLevel, UnionAspects};

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

fn level_picker(ui: &mut egui::Ui, label: &str, tip: &str, value: &mut UnionLevel) {
    ui.horizontal(|ui| {
        ui.label(label).on_hover_text(tip);
        for (l, name) in [
            (UnionLevel::Regular, "Regular"),
            (UnionLevel::Hard, "Hard"),
            (UnionLevel::Veteran, "Veteran"),
        ] {
            ui.radio_value(value, l, name).on_hover_text(tip);
        }
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
    let mut root = crate::app::theme::root_ui(ctx, "setup");
    let Some(c) = catalog.campaigns.get(choice.campaign).cloned() else {
        next.set(Screen::Menu);
        return Ok(());
    };
    egui::CentralPanel::default().show(&mut root, |ui| {
        if choice.grand {
            ui.heading(format!("New Grand Campaign (21.0) — beginning with {}", c.name));
            ui.label("The five campaigns in order under these options: the Seven Days, Second Manassas, Antietam, Chancellorsville, Gettysburg. A defeat ends it; every result goes to the Player Log.");
        } else {
            ui.heading(format!("{} — set-up", c.name));
        }
        ui.label(format!("{} · {} turns", c.dates, c.turns));
        ui.separator();
        ui.heading("Your difficulty (7.14)");
        ui.horizontal(|ui| {
            let tip = "How many Battle Plan Counters you get in battles without Lee (10.2.10, 12.3).";
            for (l, name) in [(PlayerLevel::Easy, "Easy"), (PlayerLevel::Regular, "Regular"), (PlayerLevel::Hard, "Hard")] {
                ui.radio_value(&mut choice.options.player, l, name).on_hover_text(tip);
            }
        });
        ui.add_space(8.0);
        ui.heading("The Union AI (7.14)");
        ui.horizontal(|ui| {
            ui.label("Presets:");
            for (l, name) in [(UnionLevel::Regular, "All Regular"), (UnionLevel::Hard, "All Hard"), (UnionLevel::Veteran, "All Veteran")] {
                if ui.selectable_label(choice.options.union.preset_level() == Some(l), name).clicked() {
                    choice.options.union = UnionAspects::preset(l);
                }
            }
            if choice.options.union.preset_level().is_none() {
                ui.label("(mixed)");
            }
        });
        let u = &mut choice.options.union;
        level_picker(ui, "Special Battle Plans", "Union Special Battle Plans drawn each battle turn (10.2.10).", &mut u.special_battle_plans);
        level_picker(ui, "Fog of War table", "Regular 10.2.6, Hard 10.2.7, Veteran 10.2.8.", &mut u.fog_of_war);
        level_picker(ui, "Victory Conditions", "Some campaigns ask more of you at higher levels (7.14).", &mut u.victory_conditions);
        level_picker(ui, "Campaign Map Orders", "The Union Orders chart outside the Battle Area (16.1.1).", &mut u.campaign_map_orders);
        level_picker(ui, "Battle Area Orders", "The Union Orders chart inside the Battle Area (16.1.2).", &mut u.battle_area_orders);
        level_picker(ui, "Union Resupply", "Union Command Points and Resupply Table rolls each turn (18.0, 18.2).", &mut u.resupply);
        ui.add_space(8.0);
        ui.heading("Battles");
        ui.horizontal(|ui| {
            ui.radio_value(&mut choice.options.battles, BattleMode::Basic, "Basic")
                .on_hover_text("On the Battlefield Sheet, turn by turn, with Battle Plans (10.2.10–14.7).");
            ui.radio_value(&mut choice.options.battles, BattleMode::Advanced, "Advanced")
                .on_hover_text("The Advanced Battle Rules (A10.0–A15.0): on the Advanced Battlefield Sheet's Squares, Rows A to F by Columns 1 to 6, one Force of each side a Square, Flank and Rear attacks, turn by turn with Battle Plans. The Union draws one more Special Battle Plan each turn (A10.2).");
            ui.radio_value(&mut choice.options.battles, BattleMode::Quick, "Quick")
                .on_hover_text("On the campaign map, turn by turn on the Battle Resolution Table, with Voluntary Retreats (Part Two).");
            ui.radio_value(&mut choice.options.battles, BattleMode::VeryQuick, "Very Quick")
                .on_hover_text("On the campaign map, one roll on the Battle Resolution Table (Part Two).");
        });
        ui.add_space(8.0);
        ui.heading("Optional rules");
        let throw = c.union_cavalry_saving_throw;
        ui.checkbox(&mut choice.options.union_cavalry_corps, "Union Cavalry Corps")
            .on_hover_text(format!(
                "Every Scout you discard gives the Union AI a Saving Throw: on a d10 of {} it negates the Scout's effect (the Scout is spent; you may discard another). {}: {}. The Union cavalry improves after February 1863.",
                if throw >= 10 { "10".to_string() } else { format!("{throw}+") },
                c.name,
                if throw >= 10 { "10".to_string() } else { format!("{throw}+") },
            ));
        ui.checkbox(
            &mut choice.options.resupply_availability,
            "Resupply availability (O15.3 & 18.0)",
        )
        .on_hover_text("At the start of every Resupply step, yours and the Union's, a d10 decides whether Command Points may be spent in it (they are kept if not): the step is closed on a 10 at Regular, 9+ at Hard, 8+ at Veteran — your level for yours, the Union's Resupply level for its. Used with every battle mode.");
        ui.checkbox(&mut choice.options.scout_counters, "Number of Scout Counters")
            .on_hover_text("Confederate Resupply (15.3.1) gives one Scout more at Easy, one fewer at Hard, within the Scout counters. Used with every battle mode.");
        ui.checkbox(
            &mut choice.options.scouts_and_orders,
            "Scout Counters and Union Orders (O16.3.1)",
        )
        .on_hover_text("Besides a re-roll or ±1, discard several Scouts to change a Union Orders roll by their number, up or down (a 7 and two Scouts: 5 or 9). Used with every battle mode.");
        let mode = choice.options.battles;
        let o = &mut choice.options;
        let rules: [(&str, &mut bool, &str, &str); 6] = [
            (
                "shock-checks",
                &mut o.shock_checks,
                "Shock Attacks (O11.4)",
                "A Shock attack needs 1 to 3 Activation checks by Skill Level (Conscript and Poor Line 3, Line and Veteran 2, Elite 1), yours and the Union's under Charge!; the first failure and the Force Holds.",
            ),
            (
                "union-tactics-tables",
                &mut o.tactics_tables,
                "Optional Union Tactics Tables #1 and #2 (O13.0)",
                "After the Combat Values are compared, an even d10 picks Table #1 (mostly Defensive), an odd one Table #2 (mostly Aggressive), and a second d10 reads it: the Union's tactics are less predictable. Rows 7–10, missing from the printed tables, continue each column (R-Opt-13.0).",
            ),
            (
                "counter-battery-fire",
                &mut o.counter_battery,
                "Counter-Battery Fire",
                "Before a battle with Artillery on both sides, each Artillery Force rolls once (Combat Value 1–5: a Hit on 1, 6: 2, … 10: 6); each Hit destroys an enemy Artillery Force of the lowest Skill Level before the battle.",
            ),
            (
                "battle-continues",
                &mut o.battle_continues,
                "The Battle Continues",
                "At the end of the last turn a d10 of 10 (Hard 9+, Veteran 8+, by the Union's Victory Conditions level) adds a turn, rolled for again at its end; the campaign's end is read then.",
            ),
            (
                "officers-confused",
                &mut o.officers_confused,
                "Officers Confused",
                "Each battle turn some Battle Plan Counters (2 at Easy and Regular, 4 at Hard) cannot be used, and Special Battle Plans (6 at the Union's Regular, 4 Hard, 2 Veteran) leave the cup, at random.",
            ),
            (
                "confederate-groups",
                &mut o.confederate_groups,
                "Confederate Groups and Area Group Limit",
                "Your Forces in an area are one group: Named Forces of one Corps (those without a Corps join any) and Additional Forces, at most the campaign's Union group maximum, Static Forces not counted; each area holds one group of each side. Moves that would break it are refused, with the reason.",
            ),
        ];
        for (key, on, name, what) in rules {
            if GameOptions::optional_rule_applies(key, mode) {
                ui.checkbox(on, name).on_hover_text(what);
            } else {
                *on = false;
                let mut off = false;
                ui.add_enabled(false, egui::Checkbox::new(&mut off, name))
                    .on_disabled_hover_text(format!(
                        "{what} Not used with {} battles: its \"Used with\" line names {}.",
                        mode.name(),
                        crate::rules::difficulty::OptionalRule::by_key(key)
                            .map_or(String::new(), |r| r.used_with_words())
                    ));
            }
        }
        ui.add_space(8.0);
        ui.heading("Dice");
        ui.horizontal(|ui| {
            ui.radio_value(&mut choice.options.dice, DiceMode::Program, "fcrel rolls")
                .on_hover_text("Seeded dice: the same seed and decisions give the same game.");
            ui.radio_value(&mut choice.options.dice, DiceMode::Physical, "My own dice")
                .on_hover_text("You roll a real d10 and type in each result when fcrel asks for it.");
            ui.label("Seed:");
            let random = *choice.random_seed.get_or_insert_with(crate::dice::fresh_seed);
            ui.add(
                egui::TextEdit::singleline(&mut choice.seed_text)
                    .hint_text(format!("random: {random}"))
                    .desired_width(120.0),
            )
            .on_hover_text("Leave empty for the random seed shown; type a number to play a seed again.");
            if choice.seed_text.trim().is_empty() {
                ui.label(format!("random: {random}"));
            } else if choice.seed_text.trim().parse::<u64>().is_err() {
                ui.colored_label(crate::app::theme::palette::FAILED, format!("not a number: random {random} is used"));
            }
        });
        ui.add_space(16.0);
        ui.horizontal(|ui| {
            let start = if choice.grand { "Start the Grand Campaign" } else { "Start the campaign" };
            let why = choice.options.incompatible();
            let button = ui.add_enabled(why.is_none(), egui::Button::new(egui::RichText::new(start).size(20.0)));
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
            if ui.button("Back").clicked() {
                next.set(Screen::Menu);
            }
        });
    });
    Ok(())
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
