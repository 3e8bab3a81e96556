//! The luck record in the window (issue 38 item 1): each side's rolls of
//! known chance (`crate::luck`) as a table — the whole game, each Campaign
//! Turn, each battle: how many went the side's way against how many were
//! expected, and how rare that is ("as bad or worse in 12% of games") —
//! and a chart of each side's successes above or below the expected, roll
//! after roll. The Chronicle's "Luck" tab and the end-of-campaign panel
//! show it; the Player Log screen charts it over the player's campaigns.
//!
//! [`LuckView`] is worked out again whenever the chronicle changes (the
//! exact tails are a Poisson-binomial each: not every frame).

use bevy::prelude::*;
use bevy_egui::egui;

use super::Screen;
use super::theme;
use crate::campaign::Side;
use crate::chronicle::Chronicle;
use crate::luck::{Account, LuckRecord, Sides, percent};
use crate::rules::components::ActiveCampaign;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<LuckView>().add_systems(
        Update,
        refresh
            .after(crate::rules::sequence::RulesSystems)
            .run_if(in_state(Screen::Game)),
    );
}

/// The game's luck as the window shows it (None before a campaign).
#[derive(Resource, Debug, Default)]
pub struct LuckView {
    pub table: Option<LuckTable>,
}

/// Worked out again when the chronicle changed (or a game was loaded).
pub fn refresh(
    chronicle: Option<Res<Chronicle>>,
    campaign: Option<Res<ActiveCampaign>>,
    mut luck: ResMut<LuckView>,
) {
    let (Some(chronicle), Some(campaign)) = (chronicle, campaign) else {
        luck.table = None;
        return;
    };
    if luck.table.is_some() && !chronicle.is_changed() && !campaign.is_changed() {
        return;
    }
    let c = &campaign.0;
    let name = |id: &str| {
        c.map
            .areas
            .iter()
            .find(|a| a.id == id)
            .map_or(id.to_string(), |a| a.name.clone())
    };
    luck.table = Some(LuckTable::of(&LuckRecord::of(&chronicle), name));
}

/// One side's account in figures and words.
#[derive(Debug, Clone, PartialEq)]
pub struct Cell {
    pub rolls: u32,
    pub actual: u32,
    pub expected: f64,
    /// "as bad or worse in 12% of games", "as good or better in 31% of
    /// games" ("" with no roll).
    pub tail: String,
    /// The tail's chance.
    pub chance: f64,
    /// Fewer successes than expected.
    pub below: bool,
}

impl Cell {
    pub fn of(a: &Account) -> Cell {
        let (rolls, actual, expected) = (a.count(), a.actual(), a.expected());
        let below = (actual as f64) < expected;
        let (tail, chance) = if rolls == 0 {
            (String::new(), 1.0)
        } else if below {
            let p = a.as_bad_or_worse();
            (format!("as bad or worse in {} of games", percent(p)), p)
        } else {
            let p = a.as_good_or_better();
            (format!("as good or better in {} of games", percent(p)), p)
        };
        Cell {
            rolls,
            actual,
            expected,
            tail,
            chance,
            below,
        }
    }

    /// "12 of 20 (10.4 expected)", or "no roll".
    pub fn figures(&self) -> String {
        if self.rolls == 0 {
            "no roll".to_string()
        } else {
            format!(
                "{} of {} ({:.1} expected)",
                self.actual, self.rolls, self.expected
            )
        }
    }
}

/// A row of the table: what it counts, and each side's cell
/// (Confederate, Union).
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    pub label: String,
    pub cells: [Cell; 2],
}

impl Row {
    fn of(label: String, luck: &Sides) -> Row {
        Row {
            label,
            cells: [Cell::of(&luck.confederate), Cell::of(&luck.union)],
        }
    }
}

/// The game's luck: the whole game, each Campaign Turn with a roll, each
/// battle, and each side's running luck (successes above the expected
/// after each of its rolls) for the chart.
#[derive(Debug, Clone, PartialEq)]
pub struct LuckTable {
    pub game: Row,
    pub turns: Vec<Row>,
    pub battles: Vec<Row>,
    /// Confederate, Union: [roll number, successes − expected].
    pub running: [Vec<[f64; 2]>; 2],
}

impl LuckTable {
    /// The table of a record; `area_name` names a battle's area.
    pub fn of(record: &LuckRecord, area_name: impl Fn(&str) -> String) -> LuckTable {
        let running = |side| {
            record
                .running(side)
                .iter()
                .enumerate()
                .map(|(i, (e, a))| [i as f64 + 1.0, *a as f64 - e])
                .collect()
        };
        LuckTable {
            game: Row::of("Whole game".into(), &record.game),
            turns: record
                .turns
                .iter()
                .map(|t| {
                    let label = match t.turn {
                        0 => "Set-up".to_string(),
                        n => format!("Turn {n}"),
                    };
                    Row::of(label, &t.luck)
                })
                .collect(),
            battles: record
                .battles
                .iter()
                .filter(|b| !b.luck.is_empty())
                .map(|b| {
                    Row::of(
                        format!("Battle of {} (Turn {})", area_name(&b.area), b.turn),
                        &b.luck,
                    )
                })
                .collect(),
            running: [running(Side::Confederate), running(Side::Union)],
        }
    }
}

/// A tail this rare is worth a colour: red below the expected, green
/// above.
const RARE: f64 = 0.10;

fn tail_label(ui: &mut egui::Ui, c: &Cell) {
    let color = match (c.chance < RARE, c.below) {
        (true, true) => theme::palette::FAILED,
        (true, false) => theme::palette::OK,
        _ => ui.visuals().text_color(),
    };
    ui.colored_label(color, &c.tail);
}

/// The table: a row each (the whole game first, then the turns, then the
/// battles), each side's successes against the expected and the tail.
pub fn table(ui: &mut egui::Ui, t: &LuckTable) {
    egui::Grid::new("luck-table")
        .striped(true)
        .spacing([14.0, 3.0])
        // Wide enough that "as bad or worse in 12% of games" keeps to a line.
        .min_col_width(190.0)
        .show(ui, |ui| {
            ui.label("");
            ui.colored_label(theme::palette::BUTTERNUT_DARK, "Confederate: went its way");
            ui.colored_label(theme::palette::UNION_DARK, "Union: went its way");
            ui.end_row();
            let rows = std::iter::once(&t.game).chain(&t.turns).chain(&t.battles);
            for (n, row) in rows.enumerate() {
                if n == 0 {
                    ui.strong(&row.label);
                } else {
                    ui.label(&row.label);
                }
                for c in &row.cells {
                    // The figures, and under them how rare they are.
                    ui.vertical(|ui| {
                        ui.label(c.figures());
                        if !c.tail.is_empty() {
                            tail_label(ui, c);
                        }
                    });
                }
                ui.end_row();
            }
        });
}

/// Each side's successes above (or below) the expected after each of its
/// rolls: a line that wanders about zero is ordinary luck.
pub fn chart(ui: &mut egui::Ui, id: &str, t: &LuckTable, height: f32) {
    ui.horizontal_wrapped(|ui| {
        ui.label("Above the expected:");
        ui.colored_label(theme::palette::BUTTERNUT_DARK, "━ Confederate");
        ui.colored_label(theme::palette::UNION_DARK, "━ Union");
    });
    let [c, u] = t.running.clone();
    // No taller than the room left (a panel grows to fit what it holds).
    let height = (ui.available_height() - 4.0).clamp(40.0, height);
    egui_plot::Plot::new(id)
        .height(height)
        .width(ui.available_width())
        .allow_drag(false)
        .allow_zoom(false)
        .allow_scroll(false)
        .include_y(-1.0)
        .include_y(1.0)
        .include_x(0.0)
        .x_axis_label("Rolls of known chance")
        .show(ui, |plot| {
            plot.hline(egui_plot::HLine::new("expected", 0.0).color(theme::palette::INK_SOFT));
            plot.line(
                egui_plot::Line::new("Confederate", c)
                    .color(theme::palette::BUTTERNUT_DARK)
                    .width(2.5),
            );
            plot.line(
                egui_plot::Line::new("Union", u)
                    .color(theme::palette::UNION_DARK)
                    .width(2.5),
            );
        });
}

/// The whole game's luck in two lines (the end-of-campaign panel).
pub fn summary(ui: &mut egui::Ui, t: &LuckTable) {
    for (side, c, color) in [
        (
            "Confederate",
            &t.game.cells[0],
            theme::palette::BUTTERNUT_DARK,
        ),
        ("Union", &t.game.cells[1], theme::palette::UNION_DARK),
    ] {
        ui.horizontal_wrapped(|ui| {
            ui.colored_label(color, format!("{side}: {}", c.figures()));
            tail_label(ui, c);
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A cell's figures and tail are the account's, exactly: chances 0.5,
    /// 0.3 and 0.9 with one success (1.7 expected): as bad or worse in 40%
    /// of games; ten rolls at 0.5 with eight successes: as good or better
    /// in 56/1024 ≈ 5% of games, marked rare.
    #[test]
    fn a_cell_says_the_account_exactly() {
        let mut a = Account::default();
        a.add(5, true);
        a.add(3, false);
        a.add(9, false);
        let c = Cell::of(&a);
        assert_eq!(c.figures(), "1 of 3 (1.7 expected)");
        assert_eq!(c.tail, "as bad or worse in 40% of games");
        assert!(c.below && (c.chance - 0.4).abs() < 1e-12);
        let mut b = Account::default();
        for i in 0..10 {
            b.add(5, i < 8);
        }
        let c = Cell::of(&b);
        assert_eq!(c.tail, "as good or better in 5% of games");
        assert!(!c.below && c.chance < RARE);
        assert_eq!(Cell::of(&Account::default()).figures(), "no roll");
    }
}
