//! The Campaign Information Sheet at hand: the Union Orders charts in use
//! (16.1.1, 16.1.2, at the chosen levels, 7.14) and the sheet's other
//! tables (Withdrawal 14.8, Confederate Resupply 15.3, Union Resupply 18.0,
//! Battle Plans 10.2.10, the special rules), worded from the campaign file
//! as the rules read them.

use crate::campaign::OrdersChart;
use crate::rules::board::Board;

/// One table of the sheet: numbered rows ("1–3", "Hold.") and notes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SheetTable {
    pub title: String,
    /// The die results (or what is counted) and what they give.
    pub rows: Vec<(String, String)>,
    pub notes: Vec<String>,
}

/// The Union Orders charts in use: Campaign Map, then Battle Area.
pub fn union_orders(board: &Board) -> Vec<SheetTable> {
    let c = &board.campaign;
    let o = &board.options;
    vec![
        chart(
            format!(
                "Campaign Map Orders (16.1.1), {:?}",
                o.union.campaign_map_orders
            ),
            o.campaign_map_orders(c),
        ),
        chart(
            format!(
                "Battle Area Orders (16.1.2), {:?}",
                o.union.battle_area_orders
            ),
            o.battle_area_orders(c),
        ),
    ]
}

fn chart(title: String, chart: &OrdersChart) -> SheetTable {
    SheetTable {
        title,
        rows: chart
            .rows
            .iter()
            .map(|r| (rolls(&r.rolls), r.text.clone()))
            .collect(),
        notes: chart.notes.clone(),
    }
}

/// The rest of the Campaign Information Sheet.
pub fn campaign_sheet(board: &Board) -> Vec<SheetTable> {
    let c = &board.campaign;
    let o = &board.options;
    let level = o.union.resupply;
    let mut tables = vec![
        SheetTable {
            title: "Withdrawal (14.8)".into(),
            rows: c
                .withdrawal
                .iter()
                .map(|r| (rolls(&r.rolls), r.result.name().to_string()))
                .collect(),
            notes: vec![
                "Rolled only when neither army has 2:1; at 2:1 or worse an army Retreats without a roll.".into(),
            ],
        },
        SheetTable {
            title: "Confederate Resupply (15.3–15.6)".into(),
            rows: vec![
                (
                    "Command Points".into(),
                    format!("+{} each Resupply step", c.confederate_resupply.command_points),
                ),
                (
                    "Scouts".into(),
                    format!(
                        "+{} each Resupply step, at most {} counters",
                        c.confederate_resupply.scouts, c.confederate_resupply.scout_counters
                    ),
                ),
            ],
            notes: vec![
                "Refit a Force for 2 CP; buy a Force for its Combat Value; a Scout for 1 CP.".into(),
            ],
        },
        SheetTable {
            title: format!("Union Resupply (18.0), {level:?}"),
            rows: std::iter::once((
                "Command Points".into(),
                format!("+{}", level.pick(&c.union_resupply.command_points)),
            ))
            .chain(std::iter::once((
                "Table rolls".into(),
                level.pick(&c.union_resupply.rolls).to_string(),
            )))
            .chain(
                c.union_resupply
                    .table
                    .iter()
                    .map(|r| (rolls(&r.rolls), r.text.clone())),
            )
            .collect(),
            notes: Vec::new(),
        },
        SheetTable {
            title: "Battle Plans (10.2.10)".into(),
            rows: vec![
                (
                    "Confederate, Lee absent".into(),
                    format!(
                        "{} Battle Plan Counters a battle turn (with Lee: his Command Rating, {})",
                        o.confederate_battle_plans(c, false),
                        c.lee.command_rating
                    ),
                ),
                (
                    "Union".into(),
                    format!(
                        "{} Special Battle Plans a battle turn",
                        o.union_special_battle_plans(c)
                    ),
                ),
            ],
            notes: Vec::new(),
        },
    ];
    if !c.special_rules.is_empty() {
        tables.push(SheetTable {
            title: "Special rules".into(),
            rows: c
                .special_rules
                .iter()
                .enumerate()
                .map(|(i, r)| ((i + 1).to_string(), r.label().to_string()))
                .collect(),
            notes: Vec::new(),
        });
    }
    tables
}

/// "1–3", "4", "5, 7".
fn rolls(rolls: &[u32]) -> String {
    let contiguous = rolls.windows(2).all(|w| w[1] == w[0] + 1);
    match (rolls.first(), rolls.last()) {
        (Some(a), Some(z)) if a == z => a.to_string(),
        (Some(a), Some(z)) if contiguous => format!("{a}–{z}"),
        _ => rolls
            .iter()
            .map(u32::to_string)
            .collect::<Vec<_>>()
            .join(", "),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::campaign::UnionLevel;
    use crate::rules::difficulty::{GameOptions, UnionAspects};

    fn board(level: UnionLevel) -> Board {
        let c = std::sync::Arc::new(crate::campaign::load_bundled("seven-days").unwrap());
        let options = GameOptions {
            union: UnionAspects::preset(level),
            ..GameOptions::default()
        };
        Board::empty(c, options)
    }

    /// The charts shown are the ones the rules roll on, at the level
    /// chosen, every d10 result covered once.
    #[test]
    fn the_orders_charts_are_the_ones_in_use() {
        for level in [UnionLevel::Regular, UnionLevel::Hard, UnionLevel::Veteran] {
            let b = board(level);
            let charts = union_orders(&b);
            let in_use = [
                b.options.campaign_map_orders(&b.campaign),
                b.options.battle_area_orders(&b.campaign),
            ];
            for (shown, chart) in charts.iter().zip(in_use) {
                assert!(shown.title.ends_with(&format!("{level:?}")));
                let texts: Vec<&str> = shown.rows.iter().map(|(_, t)| t.as_str()).collect();
                let printed: Vec<&str> = chart.rows.iter().map(|r| r.text.as_str()).collect();
                assert_eq!(texts, printed);
                let covered: u32 = chart.rows.iter().map(|r| r.rolls.len() as u32).sum();
                assert_eq!(covered, 10);
            }
        }
    }

    /// The Seven Days sheet: Rejoin on a 1 (14.8), the Resupply figures.
    #[test]
    fn the_sheet_reads_the_campaign() {
        let b = board(UnionLevel::Regular);
        let sheet = campaign_sheet(&b);
        let withdrawal = &sheet[0];
        assert_eq!(withdrawal.rows[0], ("1".into(), "Rejoin (14.8.1)".into()));
        let resupply = &sheet[1];
        assert!(
            resupply.rows[0]
                .1
                .contains(&b.campaign.confederate_resupply.command_points.to_string())
        );
        assert_eq!(rolls(&[5, 7]), "5, 7");
        assert_eq!(rolls(&[4]), "4");
    }
}
