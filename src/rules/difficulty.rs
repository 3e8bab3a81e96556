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
    pub fn pick(self, v: &ByPlayerLevel) -> u32 {
        match self {
            PlayerLevel::Easy => v.easy,
            PlayerLevel::Regular => v.regular,
            PlayerLevel::Hard => v.hard,
        }
    }
}

impl UnionLevel {
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

impl UnionAspects {
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

impl GameOptions {
    /// The optional rules' names on the command line (`--optional`).
    pub const OPTIONAL_RULES: [&'static str; 10] = [
        "union-cavalry-corps",
        "resupply-availability",
        "scout-counters",
        "scouts-and-orders",
        "shock-checks",
        "union-tactics-tables",
        "counter-battery-fire",
        "battle-continues",
        "officers-confused",
        "confederate-groups",
    ];

    /// These options with the optional rules named in `list` (comma
    /// separated, [`Self::OPTIONAL_RULES`]) switched on.
    pub fn with_optional(mut self, list: &str) -> Result<GameOptions, String> {
        for name in list.split(',').map(str::trim).filter(|n| !n.is_empty()) {
            match name {
                "union-cavalry-corps" => self.union_cavalry_corps = true,
                "resupply-availability" => self.resupply_availability = true,
                "scout-counters" => self.scout_counters = true,
                "scouts-and-orders" => self.scouts_and_orders = true,
                "shock-checks" => self.shock_checks = true,
                "union-tactics-tables" => self.tactics_tables = true,
                "counter-battery-fire" => self.counter_battery = true,
                "battle-continues" => self.battle_continues = true,
                "officers-confused" => self.officers_confused = true,
                "confederate-groups" => self.confederate_groups = true,
                other => {
                    return Err(format!(
                        "unknown optional rule \"{other}\": expected {}",
                        Self::OPTIONAL_RULES.join(", ")
                    ));
                }
            }
        }
        Ok(self)
    }

    /// Whether the Optional rule `name` is used with battle mode `mode`
    /// (each rule's "Used with" line).
    pub fn optional_rule_applies(name: &str, mode: BattleMode) -> bool {
        let sheet = matches!(mode, BattleMode::Basic | BattleMode::Advanced);
        match name {
            // O11.4, Officers Confused, O13.0: "Used with: Basic and Advanced".
            "shock-checks" | "officers-confused" | "union-tactics-tables" => sheet,
            // "Used with: Basic, Advanced and Quick Battle Rules."
            "battle-continues" => mode != BattleMode::VeryQuick,
            _ => true,
        }
    }

    /// Why these options cannot be played together: an Optional rule not
    /// used with the battle mode.
    pub fn incompatible(&self) -> Option<String> {
        let on = [
            ("shock-checks", self.shock_checks, "Shock Attacks (O11.4)"),
            (
                "officers-confused",
                self.officers_confused,
                "Officers Confused",
            ),
            (
                "union-tactics-tables",
                self.tactics_tables,
                "Optional Union Tactics Tables (O13.0)",
            ),
            (
                "battle-continues",
                self.battle_continues,
                "The Battle Continues",
            ),
        ];
        on.into_iter()
            .find(|(key, chosen, _)| *chosen && !Self::optional_rule_applies(key, self.battles))
            .map(|(_, _, name)| {
                format!(
                    "{name} is not used with {} battles (its \"Used with\" line)",
                    self.battles.name()
                )
            })
    }

    /// The names of the optional rules chosen.
    pub fn optional_rules(&self) -> Vec<&'static str> {
        [
            (self.union_cavalry_corps, "Union Cavalry Corps"),
            (self.resupply_availability, "Resupply availability"),
            (self.scout_counters, "Number of Scout Counters"),
            (self.scouts_and_orders, "Scout Counters and Union Orders"),
            (self.shock_checks, "Shock Attacks (O11.4)"),
            (self.tactics_tables, "Optional Union Tactics Tables (O13.0)"),
            (self.counter_battery, "Counter-Battery Fire"),
            (self.battle_continues, "The Battle Continues"),
            (self.officers_confused, "Officers Confused"),
            (
                self.confederate_groups,
                "Confederate Groups and Area Group Limit",
            ),
        ]
        .into_iter()
        .filter_map(|(on, name)| on.then_some(name))
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
