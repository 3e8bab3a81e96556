//! 7.14 Difficulty Level: the player's level and the Union AI's six aspects,
//! each chosen on its own (mix and match) or from a preset.

use bevy::prelude::Resource;
use serde::{Deserialize, Serialize};

use crate::campaign::{
    ByPlayerLevel, ByUnionLevel, Campaign, OrdersByLevel, OrdersChart, UnionLevel,
};

#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq, Hash, Default)]
#[serde(rename_all = "snake_case")]
pub enum PlayerLevel {
    Easy,
    #[default]
    Regular,
    Hard,
}

impl PlayerLevel {
    pub const ALL: [PlayerLevel; 3] = [PlayerLevel::Easy, PlayerLevel::Regular, PlayerLevel::Hard];

    /// As 7.14 names it.
    pub fn name(self) -> &'static str {
        match self {
            PlayerLevel::Easy => "Easy",
            PlayerLevel::Regular => "Regular",
            PlayerLevel::Hard => "Hard",
        }
    }

    /// What choosing it changes, in one line (7.14; the set-up screen).
    pub fn summary(self) -> &'static str {
        match self {
            PlayerLevel::Easy => {
                "More Battle Plan Counters in battles without Lee; a Scout more with its Optional rule."
            }
            PlayerLevel::Regular => {
                "The level the game was designed for: the campaign sheet's Battle Plan Counters."
            }
            PlayerLevel::Hard => {
                "Fewer Battle Plan Counters in battles without Lee; some Optional rules bite harder."
            }
        }
    }

    /// The rules it changes: their numbers, ", " between them.
    pub fn rule(self) -> &'static str {
        "7.14, 10.2.10, 12.3"
    }

    pub fn pick(self, v: &ByPlayerLevel) -> u32 {
        match self {
            PlayerLevel::Easy => v.easy,
            PlayerLevel::Regular => v.regular,
            PlayerLevel::Hard => v.hard,
        }
    }
}

impl UnionLevel {
    pub const ALL: [UnionLevel; 3] = [UnionLevel::Regular, UnionLevel::Hard, UnionLevel::Veteran];

    /// As 7.14 names it.
    pub fn name(self) -> &'static str {
        match self {
            UnionLevel::Regular => "Regular",
            UnionLevel::Hard => "Hard",
            UnionLevel::Veteran => "Veteran",
        }
    }

    /// What choosing it for every aspect changes, in one line (7.14).
    pub fn summary(self) -> &'static str {
        match self {
            UnionLevel::Regular => {
                "The campaign sheet's default Union: where to start and learn the game."
            }
            UnionLevel::Hard => {
                "More Special Battle Plans, harsher Fog of War and Orders, a richer Resupply."
            }
            UnionLevel::Veteran => {
                "The Union at its most capable in every aspect: for players who know the game."
            }
        }
    }

    /// The rule that sets the levels.
    pub fn rule(self) -> &'static str {
        "7.14"
    }

    pub fn pick(self, v: &ByUnionLevel) -> u32 {
        match self {
            UnionLevel::Regular => v.regular,
            UnionLevel::Hard => v.hard,
            UnionLevel::Veteran => v.veteran,
        }
    }

    pub fn chart(self, charts: &OrdersByLevel) -> &OrdersChart {
        match self {
            UnionLevel::Regular => &charts.regular,
            UnionLevel::Hard => &charts.hard,
            UnionLevel::Veteran => &charts.veteran,
        }
    }
}

/// The six aspects of the Union AI that 7.14 lets the player set apart.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq, Hash)]
#[serde(deny_unknown_fields)]
pub struct UnionAspects {
    /// Special Battle Plans drawn each battle turn (10.2.10).
    pub special_battle_plans: UnionLevel,
    /// Which Fog of War table (10.2.6–10.2.8).
    pub fog_of_war: UnionLevel,
    /// Which Victory Conditions (objectives' `union_levels`).
    pub victory_conditions: UnionLevel,
    /// Campaign Map Orders chart (16.1.1).
    pub campaign_map_orders: UnionLevel,
    /// Battle Area Orders chart (16.1.2).
    pub battle_area_orders: UnionLevel,
    /// Union Resupply Command Points and table rolls (18.0).
    pub resupply: UnionLevel,
}

/// One of the six aspects of the Union AI that 7.14 lets the player set
/// apart, as a value: its name, what it changes and its rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum UnionAspect {
    SpecialBattlePlans,
    FogOfWar,
    VictoryConditions,
    CampaignMapOrders,
    BattleAreaOrders,
    Resupply,
}

impl UnionAspect {
    /// In 7.14's order.
    pub const ALL: [UnionAspect; 6] = [
        UnionAspect::SpecialBattlePlans,
        UnionAspect::FogOfWar,
        UnionAspect::VictoryConditions,
        UnionAspect::CampaignMapOrders,
        UnionAspect::BattleAreaOrders,
        UnionAspect::Resupply,
    ];

    /// As the set-up screen names it.
    pub fn name(self) -> &'static str {
        match self {
            UnionAspect::SpecialBattlePlans => "Special Battle Plans",
            UnionAspect::FogOfWar => "Fog of War table",
            UnionAspect::VictoryConditions => "Victory Conditions",
            UnionAspect::CampaignMapOrders => "Campaign Map Orders",
            UnionAspect::BattleAreaOrders => "Battle Area Orders",
            UnionAspect::Resupply => "Union Resupply",
        }
    }

    /// What a higher level of it changes, in one line.
    pub fn summary(self) -> &'static str {
        match self {
            UnionAspect::SpecialBattlePlans => {
                "How many Special Battle Plans the Union draws each battle turn."
            }
            UnionAspect::FogOfWar => {
                "Which Fog of War table is rolled before each battle: Veteran's favours the Union."
            }
            UnionAspect::VictoryConditions => {
                "Some campaigns ask more of you to win at the higher levels."
            }
            UnionAspect::CampaignMapOrders => {
                "The Orders chart that moves Union groups outside the Battle Area."
            }
            UnionAspect::BattleAreaOrders => {
                "The Orders chart that moves Union groups inside the Battle Area."
            }
            UnionAspect::Resupply => {
                "Union Command Points and rolls on the Union Resupply Table each turn."
            }
        }
    }

    /// The rules it picks among: their numbers, ", " between them.
    pub fn rule(self) -> &'static str {
        match self {
            UnionAspect::SpecialBattlePlans => "10.2.10, 14.0",
            UnionAspect::FogOfWar => "10.2.6, 10.2.7, 10.2.8",
            UnionAspect::VictoryConditions => "7.14, 21.0",
            UnionAspect::CampaignMapOrders => "16.1.1",
            UnionAspect::BattleAreaOrders => "16.1.2",
            UnionAspect::Resupply => "18.0, 18.2",
        }
    }
}

impl UnionAspects {
    /// The level chosen for `aspect`.
    pub fn level(&self, aspect: UnionAspect) -> UnionLevel {
        let mut copy = *self;
        *copy.level_mut(aspect)
    }

    /// The level chosen for `aspect`, to change it.
    pub fn level_mut(&mut self, aspect: UnionAspect) -> &mut UnionLevel {
        match aspect {
            UnionAspect::SpecialBattlePlans => &mut self.special_battle_plans,
            UnionAspect::FogOfWar => &mut self.fog_of_war,
            UnionAspect::VictoryConditions => &mut self.victory_conditions,
            UnionAspect::CampaignMapOrders => &mut self.campaign_map_orders,
            UnionAspect::BattleAreaOrders => &mut self.battle_area_orders,
            UnionAspect::Resupply => &mut self.resupply,
        }
    }

    /// Every aspect at one level.
    pub fn preset(level: UnionLevel) -> Self {
        UnionAspects {
            special_battle_plans: level,
            fog_of_war: level,
            victory_conditions: level,
            campaign_map_orders: level,
            battle_area_orders: level,
            resupply: level,
        }
    }

    /// The preset these aspects match, if all six are the same.
    pub fn preset_level(&self) -> Option<UnionLevel> {
        let all = [
            self.special_battle_plans,
            self.fog_of_war,
            self.victory_conditions,
            self.campaign_map_orders,
            self.battle_area_orders,
            self.resupply,
        ];
        all.iter().all(|l| *l == all[0]).then_some(all[0])
    }

    /// "Regular", or the six aspects when they differ.
    pub fn summary(&self) -> String {
        match self.preset_level() {
            Some(l) => format!("{l:?}"),
            None => format!(
                "plans {:?}, fog {:?}, victory {:?}, map orders {:?}, battle orders {:?}, resupply {:?}",
                self.special_battle_plans,
                self.fog_of_war,
                self.victory_conditions,
                self.campaign_map_orders,
                self.battle_area_orders,
                self.resupply
            ),
        }
    }
}

impl Default for UnionAspects {
    fn default() -> Self {
        UnionAspects::preset(UnionLevel::Regular)
    }
}

/// How battles are fought (Part Two).
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq, Hash, Default)]
#[serde(rename_all = "kebab-case")]
pub enum BattleMode {
    #[default]
    Basic,
    Quick,
    VeryQuick,
    /// The Advanced Battle Rules on the Advanced Battlefield Sheet's
    /// Squares (A10.0–A15.0).
    Advanced,
}

impl BattleMode {
    pub const ALL: [BattleMode; 4] = [
        BattleMode::Basic,
        BattleMode::Advanced,
        BattleMode::Quick,
        BattleMode::VeryQuick,
    ];

    /// The command line's and the files' name: "basic", "advanced",
    /// "quick", "very-quick".
    pub fn key(self) -> &'static str {
        match self {
            BattleMode::Basic => "basic",
            BattleMode::Quick => "quick",
            BattleMode::VeryQuick => "very-quick",
            BattleMode::Advanced => "advanced",
        }
    }

    /// The mode named [`BattleMode::key`].
    pub fn parse(key: &str) -> Option<BattleMode> {
        BattleMode::ALL.into_iter().find(|m| m.key() == key)
    }

    /// As the rulebook names the battle rules.
    pub fn name(self) -> &'static str {
        match self {
            BattleMode::Basic => "Basic",
            BattleMode::Quick => "Quick",
            BattleMode::VeryQuick => "Very Quick",
            BattleMode::Advanced => "Advanced",
        }
    }

    /// How its battles are fought, in one line (the set-up screen).
    pub fn summary(self) -> &'static str {
        match self {
            BattleMode::Basic => {
                "Turn by turn on the Battlefield Sheet's Regions, with Battle Plans and Insights."
            }
            BattleMode::Advanced => {
                "On the Advanced sheet's Squares: Columns and Lines, Flank and Rear attacks."
            }
            BattleMode::Quick => {
                "On the campaign map, turn by turn on the Battle Resolution Table; retreat at will."
            }
            BattleMode::VeryQuick => {
                "On the campaign map, one roll on the Battle Resolution Table: the fastest game."
            }
        }
    }

    /// Where its rules are (the Quick and Very Quick rules have no number
    /// of their own: their headings).
    pub fn rule(self) -> &'static str {
        match self {
            BattleMode::Basic => "10.0, 11.0",
            BattleMode::Advanced => "A10.0",
            BattleMode::Quick => "Quick Battle Rules",
            BattleMode::VeryQuick => "Very Quick Battle Rules",
        }
    }
}

/// Whose dice (DESIGN.md, Determinism).
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq, Hash, Default)]
#[serde(rename_all = "snake_case")]
pub enum DiceMode {
    #[default]
    Program,
    Physical,
}

/// Everything chosen before a campaign starts.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq, Hash, Default, Resource)]
#[serde(deny_unknown_fields)]
pub struct GameOptions {
    pub player: PlayerLevel,
    pub union: UnionAspects,
    pub battles: BattleMode,
    pub dice: DiceMode,
    pub seed: u64,
    /// Optional rule Union Cavalry Corps: the Union AI's Saving Throw
    /// against every Scout counter the player discards.
    #[serde(default)]
    pub union_cavalry_corps: bool,
    /// Optional rule Resupply availability (O15.3 & 18.0): a d10 at the
    /// start of each Resupply step may forbid spending Command Points in it.
    #[serde(default, skip_serializing_if = "is_false")]
    pub resupply_availability: bool,
    /// Optional rule Number of Scout Counters: +1 Easy, −1 Hard in 15.3.1.
    #[serde(default, skip_serializing_if = "is_false")]
    pub scout_counters: bool,
    /// Optional rule O16.3.1 Scout Counters and Union Orders: several
    /// Scouts change an Orders roll by their number.
    #[serde(default, skip_serializing_if = "is_false")]
    pub scouts_and_orders: bool,
    /// Optional rule O11.4 Shock Attacks: 1 to 3 Activation checks by Skill
    /// Level to begin a Shock attack (Basic and Advanced battles).
    #[serde(default, skip_serializing_if = "is_false")]
    pub shock_checks: bool,
    /// Optional rule O13.0 Optional Union Tactics Tables #1 and #2 (Basic
    /// and Advanced battles).
    #[serde(default, skip_serializing_if = "is_false")]
    pub tactics_tables: bool,
    /// Optional rule Counter-Battery Fire before placement (every mode).
    #[serde(default, skip_serializing_if = "is_false")]
    pub counter_battery: bool,
    /// Optional rule The Battle Continues: a d10 at the end of the last
    /// turn may add a turn (not with Very Quick battles).
    #[serde(default, skip_serializing_if = "is_false")]
    pub battle_continues: bool,
    /// Optional rule Officers Confused: Battle Plan Counters and Special
    /// Battle Plans removed at random each battle turn (Basic and Advanced).
    #[serde(default, skip_serializing_if = "is_false")]
    pub officers_confused: bool,
    /// Optional rule Confederate Groups and Area Group Limit: Confederate
    /// groups of one Corps at most the Union group maximum, one group of
    /// each side an area (every mode).
    #[serde(default, skip_serializing_if = "is_false")]
    pub confederate_groups: bool,
}

/// Options added after saves existed are written only when chosen, so a
/// game without them keeps its file and its digest.
fn is_false(b: &bool) -> bool {
    !*b
}

/// One Optional rule: its names and its "Used with" line. [`OPTIONAL`] is
/// the one list of them; the set-up screen, the command line, scenarios,
/// saves and the Player Log all read it.
#[derive(Debug)]
pub struct OptionalRule {
    /// The command line's and a scenario's name (`--optional`, `optional`).
    pub key: &'static str,
    /// As fcrel names it to the player (README, set-up, Player Log).
    pub name: &'static str,
    /// The rule's number in the Optional rules, where it has one.
    pub number: Option<&'static str>,
    /// Its field in [`GameOptions`] (a save's `options.FIELD`).
    pub field: &'static str,
    /// The battle modes its "Used with" line names.
    pub used_with: &'static [BattleMode],
    /// What it changes, in one line (the set-up screen).
    pub summary: &'static str,
    chosen: fn(&GameOptions) -> bool,
    choose: fn(&mut GameOptions),
    /// Its switch in [`GameOptions`] (the Settings page's defaults).
    flag: fn(&mut GameOptions) -> &mut bool,
}

const EVERY_MODE: &[BattleMode] = &[
    BattleMode::Basic,
    BattleMode::Advanced,
    BattleMode::VeryQuick,
    BattleMode::Quick,
];
/// "Used with: Basic and Advanced (Battle) Rules."
const SHEETS: &[BattleMode] = &[BattleMode::Basic, BattleMode::Advanced];

/// Every Optional rule fcrel plays, in the order the set-up screen and
/// the command line list them.
pub const OPTIONAL: [OptionalRule; 10] = [
    OptionalRule {
        key: "union-cavalry-corps",
        name: "Union Cavalry Corps",
        number: None,
        field: "union_cavalry_corps",
        used_with: EVERY_MODE,
        summary: "Every Scout you discard gets a Union Saving Throw that may cancel its effect.",
        chosen: |o| o.union_cavalry_corps,
        choose: |o| o.union_cavalry_corps = true,
        flag: |o| &mut o.union_cavalry_corps,
    },
    OptionalRule {
        key: "resupply-availability",
        name: "Resupply availability",
        number: Some("O15.3 & 18.0"),
        field: "resupply_availability",
        used_with: EVERY_MODE,
        summary: "A d10 at each Resupply step may forbid spending Command Points there (they are kept).",
        chosen: |o| o.resupply_availability,
        choose: |o| o.resupply_availability = true,
        flag: |o| &mut o.resupply_availability,
    },
    OptionalRule {
        key: "scout-counters",
        name: "Number of Scout Counters",
        number: None,
        field: "scout_counters",
        used_with: EVERY_MODE,
        summary: "One Scout more each Confederate Resupply at Easy, one fewer at Hard.",
        chosen: |o| o.scout_counters,
        choose: |o| o.scout_counters = true,
        flag: |o| &mut o.scout_counters,
    },
    OptionalRule {
        key: "scouts-and-orders",
        name: "Scout Counters and Union Orders",
        number: Some("O16.3.1"),
        field: "scouts_and_orders",
        used_with: EVERY_MODE,
        summary: "Discard several Scouts to move a Union Orders roll by their number, up or down.",
        chosen: |o| o.scouts_and_orders,
        choose: |o| o.scouts_and_orders = true,
        flag: |o| &mut o.scouts_and_orders,
    },
    OptionalRule {
        key: "shock-checks",
        name: "Shock Attacks",
        number: Some("O11.4"),
        field: "shock_checks",
        used_with: SHEETS,
        summary: "A Shock attack needs 1 to 3 Activation checks by Skill Level, or the Force Holds.",
        chosen: |o| o.shock_checks,
        choose: |o| o.shock_checks = true,
        flag: |o| &mut o.shock_checks,
    },
    OptionalRule {
        key: "union-tactics-tables",
        name: "Optional Union Tactics Tables",
        number: Some("O13.0"),
        field: "tactics_tables",
        used_with: SHEETS,
        summary: "A second table picks the Union's Tactics: Aggressive or Defensive is harder to foresee.",
        chosen: |o| o.tactics_tables,
        choose: |o| o.tactics_tables = true,
        flag: |o| &mut o.tactics_tables,
    },
    OptionalRule {
        key: "counter-battery-fire",
        name: "Counter-Battery Fire",
        number: None,
        field: "counter_battery",
        used_with: EVERY_MODE,
        summary: "Before a battle, both sides' Artillery fire at each other and may destroy guns.",
        chosen: |o| o.counter_battery,
        choose: |o| o.counter_battery = true,
        flag: |o| &mut o.counter_battery,
    },
    OptionalRule {
        key: "battle-continues",
        name: "The Battle Continues",
        number: None,
        field: "battle_continues",
        // "Used with: Basic, Advanced and Quick Battle Rules."
        used_with: &[BattleMode::Basic, BattleMode::Advanced, BattleMode::Quick],
        summary: "At the end of the last turn a d10 may add one more turn to the campaign.",
        chosen: |o| o.battle_continues,
        choose: |o| o.battle_continues = true,
        flag: |o| &mut o.battle_continues,
    },
    OptionalRule {
        key: "officers-confused",
        name: "Officers Confused",
        number: None,
        field: "officers_confused",
        used_with: SHEETS,
        summary: "Each battle turn some Battle Plan Counters and Special Battle Plans are lost at random.",
        chosen: |o| o.officers_confused,
        choose: |o| o.officers_confused = true,
        flag: |o| &mut o.officers_confused,
    },
    OptionalRule {
        key: "confederate-groups",
        name: "Confederate Groups and Area Group Limit",
        number: None,
        field: "confederate_groups",
        used_with: EVERY_MODE,
        summary: "Your Forces in an area form one group of one Corps, no larger than a Union group.",
        chosen: |o| o.confederate_groups,
        choose: |o| o.confederate_groups = true,
        flag: |o| &mut o.confederate_groups,
    },
];

impl OptionalRule {
    /// The rule named `key` on the command line.
    pub fn by_key(key: &str) -> Option<&'static OptionalRule> {
        OPTIONAL.iter().find(|r| r.key == key)
    }

    /// Where the rulebook has it: its number, else its heading in the
    /// Optional rules ("Counter-Battery Fire").
    pub fn rule(&self) -> &'static str {
        self.number.unwrap_or(self.name)
    }

    /// Its name with its number: "Shock Attacks (O11.4)".
    pub fn title(&self) -> String {
        match self.number {
            Some(n) => format!("{} ({n})", self.name),
            None => self.name.to_string(),
        }
    }

    /// Whether its "Used with" line names `mode`.
    pub fn used_with(&self, mode: BattleMode) -> bool {
        self.used_with.contains(&mode)
    }

    /// The modes of its "Used with" line in words: "Basic, Advanced and
    /// Quick", "every battle mode".
    pub fn used_with_words(&self) -> String {
        if self.used_with.len() == BattleMode::ALL.len() {
            return "every battle mode".into();
        }
        let names: Vec<&str> = BattleMode::ALL
            .into_iter()
            .filter(|m| self.used_with(*m))
            .map(BattleMode::name)
            .collect();
        match names.split_last() {
            Some((last, [])) => last.to_string(),
            Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
            None => "no battle mode".into(),
        }
    }

    /// Whether `options` have it on.
    pub fn chosen(&self, options: &GameOptions) -> bool {
        (self.chosen)(options)
    }

    /// Its switch in `options`, to turn it on or off.
    pub fn flag<'a>(&self, options: &'a mut GameOptions) -> &'a mut bool {
        (self.flag)(options)
    }
}

/// An Optional rule chosen with a battle mode its "Used with" line leaves
/// out (R-Opt-used-with).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NotUsedWith {
    pub rule: &'static OptionalRule,
    pub mode: BattleMode,
}

impl std::fmt::Display for NotUsedWith {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} (\"{}\") is not used with {} battles: its \"Used with\" line names {}",
            self.rule.title(),
            self.rule.key,
            self.mode.name(),
            self.rule.used_with_words()
        )
    }
}

impl PartialEq for OptionalRule {
    fn eq(&self, other: &Self) -> bool {
        self.key == other.key
    }
}

impl Eq for OptionalRule {}

impl GameOptions {
    /// The optional rules' names on the command line (`--optional`).
    pub const OPTIONAL_RULES: [&'static str; OPTIONAL.len()] = {
        let mut keys = [""; OPTIONAL.len()];
        let mut i = 0;
        while i < keys.len() {
            keys[i] = OPTIONAL[i].key;
            i += 1;
        }
        keys
    };

    /// `--optional all`: every Optional rule the battle mode is used with.
    pub const ALL: &'static str = "all";

    /// These options with the optional rules named in `list` (comma
    /// separated, [`Self::OPTIONAL_RULES`]) switched on; `all` switches on
    /// every one the battle mode (`self.battles`) is used with.
    pub fn with_optional(mut self, list: &str) -> Result<GameOptions, String> {
        for name in list.split(',').map(str::trim).filter(|n| !n.is_empty()) {
            if name == Self::ALL {
                let mode = self.battles;
                for r in OPTIONAL.iter().filter(|r| r.used_with(mode)) {
                    (r.choose)(&mut self);
                }
                continue;
            }
            match OptionalRule::by_key(name) {
                Some(r) => (r.choose)(&mut self),
                None => {
                    return Err(format!(
                        "unknown optional rule \"{name}\": expected {} or {}",
                        Self::OPTIONAL_RULES.join(", "),
                        Self::ALL
                    ));
                }
            }
        }
        Ok(self)
    }

    /// Whether the Optional rule `name` is used with battle mode `mode`
    /// (each rule's "Used with" line).
    pub fn optional_rule_applies(name: &str, mode: BattleMode) -> bool {
        OptionalRule::by_key(name).is_none_or(|r| r.used_with(mode))
    }

    /// The one "Used with" check (R-Opt-used-with): every Optional rule
    /// chosen that the battle mode is not used with, in [`OPTIONAL`]'s
    /// order. Set-up, `fcrel simulate`, `battle` and `odds`, scenarios and
    /// saves all refuse such options with it, naming the rule (a save's
    /// place is `options.` and [`OptionalRule::field`]).
    pub fn not_used_with(&self) -> Vec<NotUsedWith> {
        OPTIONAL
            .iter()
            .filter(|r| r.chosen(self) && !r.used_with(self.battles))
            .map(|rule| NotUsedWith {
                rule,
                mode: self.battles,
            })
            .collect()
    }

    /// The first of [`Self::not_used_with`], in words.
    pub fn incompatible(&self) -> Option<String> {
        self.not_used_with().first().map(|n| n.to_string())
    }

    /// [`Self::not_used_with`] for a scenario's `optional` list of names
    /// under battle mode `mode`: each name not used with it, by its index
    /// in the list (`optional[i]`). Unknown names are the caller's.
    pub fn names_not_used_with(names: &[String], mode: BattleMode) -> Vec<(usize, NotUsedWith)> {
        names
            .iter()
            .enumerate()
            .filter_map(|(i, name)| {
                let rule = OptionalRule::by_key(name.trim())?;
                (!rule.used_with(mode)).then_some((i, NotUsedWith { rule, mode }))
            })
            .collect()
    }

    /// The names of the optional rules chosen.
    pub fn optional_rules(&self) -> Vec<String> {
        OPTIONAL
            .iter()
            .filter(|r| r.chosen(self))
            .map(OptionalRule::title)
            .collect()
    }

    /// Optional rule Resupply availability (O15.3 & 18.0): the d10 result
    /// at or above which no Command Points may be spent in the step —
    /// Regular 10, Hard 9+, Veteran 8+; the player's level for the
    /// Confederate Resupply (Easy as Regular), the Union's Resupply aspect
    /// (7.14) for the Union's (R-Opt-RA).
    pub fn resupply_unavailable_at(&self, side: crate::campaign::Side) -> u32 {
        match side {
            crate::campaign::Side::Confederate => match self.player {
                PlayerLevel::Easy | PlayerLevel::Regular => 10,
                PlayerLevel::Hard => 9,
            },
            crate::campaign::Side::Union => match self.union.resupply {
                UnionLevel::Regular => 10,
                UnionLevel::Hard => 9,
                UnionLevel::Veteran => 8,
            },
        }
    }

    /// Optional rule Number of Scout Counters: the change to the Scouts
    /// gained in 15.3.1 (Easy +1, Regular none, Hard −1); none without it.
    pub fn scout_change(&self) -> i32 {
        if !self.scout_counters {
            return 0;
        }
        match self.player {
            PlayerLevel::Easy => 1,
            PlayerLevel::Regular => 0,
            PlayerLevel::Hard => -1,
        }
    }

    /// 10.2.10: Battle Plan Counters per battle turn before buying and
    /// Insights. Lee's Command Rating replaces the campaign's number.
    pub fn confederate_battle_plans(&self, campaign: &Campaign, lee_present: bool) -> u32 {
        if lee_present {
            campaign.lee.command_rating
        } else {
            self.player
                .pick(&campaign.battle_plans.confederate_without_lee)
        }
    }

    /// 10.2.10: Union Special Battle Plans per battle turn.
    pub fn union_special_battle_plans(&self, campaign: &Campaign) -> u32 {
        self.union
            .special_battle_plans
            .pick(&campaign.battle_plans.union_special)
    }

    /// 18.0: Union Command Points each Union Resupply.
    pub fn union_resupply_command_points(&self, campaign: &Campaign) -> u32 {
        self.union
            .resupply
            .pick(&campaign.union_resupply.command_points)
    }

    /// 18.2: rolls on the Union Resupply Table.
    pub fn union_resupply_rolls(&self, campaign: &Campaign) -> u32 {
        self.union.resupply.pick(&campaign.union_resupply.rolls)
    }

    /// 16.1.1 chart in use.
    pub fn campaign_map_orders<'a>(&self, campaign: &'a Campaign) -> &'a OrdersChart {
        self.union
            .campaign_map_orders
            .chart(&campaign.union_orders.campaign_map)
    }

    /// 16.1.2 chart in use.
    pub fn battle_area_orders<'a>(&self, campaign: &'a Campaign) -> &'a OrdersChart {
        self.union
            .battle_area_orders
            .chart(&campaign.union_orders.battle_area)
    }

    /// The objectives in force at the chosen Victory Conditions level.
    pub fn objectives<'a>(
        &self,
        campaign: &'a Campaign,
    ) -> impl Iterator<Item = &'a crate::campaign::Objective> {
        let level = self.union.victory_conditions;
        campaign
            .victory
            .objectives
            .iter()
            .filter(move |o| o.union_levels.is_empty() || o.union_levels.contains(&level))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each rule's "Used with" line as the rulebook prints it, and the one
    /// check that reads it (R-Opt-used-with).
    #[test]
    fn each_optional_rule_is_used_with_its_lines_modes() {
        use BattleMode::*;
        let lines: [(&str, &[BattleMode]); 10] = [
            // "Used with: Basic, Advanced, Very Quick and Quick ... Rules."
            ("union-cavalry-corps", &[Basic, Advanced, Quick, VeryQuick]),
            (
                "resupply-availability",
                &[Basic, Advanced, Quick, VeryQuick],
            ),
            ("scout-counters", &[Basic, Advanced, Quick, VeryQuick]),
            ("scouts-and-orders", &[Basic, Advanced, Quick, VeryQuick]),
            // "Used with: Basic and Advanced Rules"
            ("shock-checks", &[Basic, Advanced]),
            ("union-tactics-tables", &[Basic, Advanced]),
            ("counter-battery-fire", &[Basic, Advanced, Quick, VeryQuick]),
            // "Used with: Basic, Advanced and Quick Battle Rules."
            ("battle-continues", &[Basic, Advanced, Quick]),
            ("officers-confused", &[Basic, Advanced]),
            ("confederate-groups", &[Basic, Advanced, Quick, VeryQuick]),
        ];
        assert_eq!(GameOptions::OPTIONAL_RULES, lines.map(|(k, _)| k));
        for (key, modes) in lines {
            for mode in BattleMode::ALL {
                let o = GameOptions {
                    battles: mode,
                    ..GameOptions::default()
                }
                .with_optional(key)
                .unwrap();
                let refused = o.not_used_with();
                assert_eq!(refused.is_empty(), modes.contains(&mode), "{key} {mode:?}");
                if let Some(n) = refused.first() {
                    assert_eq!(n.rule.key, key);
                    let text = n.to_string();
                    assert!(text.contains(&n.rule.title()), "{text}");
                    assert!(
                        text.contains(&format!("not used with {} battles", mode.name())),
                        "{text}"
                    );
                }
                // `all` is every rule the mode is used with, and nothing
                // it is not.
                let all = GameOptions {
                    battles: mode,
                    ..GameOptions::default()
                }
                .with_optional("all")
                .unwrap();
                assert!(all.not_used_with().is_empty());
                let r = OptionalRule::by_key(key).unwrap();
                assert_eq!(r.chosen(&all), modes.contains(&mode), "all: {key} {mode:?}");
            }
        }
        assert_eq!(
            OptionalRule::by_key("battle-continues")
                .unwrap()
                .used_with_words(),
            "Basic, Advanced and Quick"
        );
    }

    /// The rulebook, where the checkout has it beside it
    /// (`shared/rules/fc-rel-rulebook.txt`, or `FCREL_RULEBOOK`).
    pub(crate) fn rulebook() -> Option<String> {
        let path = std::env::var_os("FCREL_RULEBOOK")
            .map(std::path::PathBuf::from)
            .unwrap_or_else(|| {
                std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                    .join("../shared/rules/fc-rel-rulebook.txt")
            });
        std::fs::read_to_string(path).ok()
    }

    /// Each of the set-up screen's choices explains itself in one line,
    /// and names rules the rulebook has (each number, or the heading of
    /// an Optional rule that has none, is found in its text).
    pub(crate) fn check_explained(what: &str, summary: &str, rule: &str) {
        let text = rulebook();
        if text.is_none() {
            eprintln!("the rulebook is not beside the checkout: rule numbers not looked up");
        }
        assert!(!summary.trim().is_empty(), "{what}: no summary");
        assert!(!summary.contains('\n'), "{what}: one line");
        assert!(
            summary.chars().count() <= 100,
            "{what}: one short line: {summary}"
        );
        assert!(summary.ends_with('.'), "{what}: a sentence: {summary}");
        assert!(!rule.trim().is_empty(), "{what}: no rule");
        for part in rule.split(", ") {
            assert!(!part.trim().is_empty(), "{what}: {rule}");
            if let Some(text) = &text {
                assert!(
                    text.contains(part),
                    "{what}: rule {part} is not in the rulebook"
                );
            }
        }
    }

    #[test]
    fn every_choice_of_the_set_up_says_what_it_changes_and_its_rule() {
        for l in PlayerLevel::ALL {
            check_explained(l.name(), l.summary(), l.rule());
        }
        for l in UnionLevel::ALL {
            check_explained(l.name(), l.summary(), l.rule());
        }
        for a in UnionAspect::ALL {
            check_explained(a.name(), a.summary(), a.rule());
        }
        for m in BattleMode::ALL {
            check_explained(m.name(), m.summary(), m.rule());
        }
        for r in OPTIONAL.iter() {
            check_explained(r.name, r.summary, r.rule());
        }
        for t in crate::player_log::GRAND_TERMS {
            check_explained(t.name, t.summary, t.rule);
        }
        // The six aspects are the struct's six fields, each its own.
        let mut u = UnionAspects::default();
        for (i, a) in UnionAspect::ALL.into_iter().enumerate() {
            *u.level_mut(a) = UnionLevel::Veteran;
            let set = UnionAspect::ALL
                .iter()
                .filter(|a| u.level(**a) == UnionLevel::Veteran)
                .count();
            assert_eq!(set, i + 1, "{a:?}");
        }
        assert_eq!(u, UnionAspects::preset(UnionLevel::Veteran));
    }

    /// Every field of [`OptionalRule::field`] is the options' own, as a
    /// save spells it.
    #[test]
    fn each_optional_rules_field_is_its_saved_name() {
        for r in OPTIONAL.iter() {
            let mut o = GameOptions::default();
            (r.choose)(&mut o);
            let v = serde_json::to_value(o).unwrap();
            assert_eq!(v[r.field], serde_json::json!(true), "{}", r.key);
        }
    }
}
