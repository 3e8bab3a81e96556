//! The report as a list of plain blocks, worded once and rendered twice
//! (`markdown`, `html`).

use super::{BattleReport, Report, TurnReport, change_text, map_title};
use crate::campaign::Side;
use crate::luck::{Account, Sides, percent};
use crate::rules::turn::victory::Standing;

/// One block of the report.
pub enum Block {
    /// A heading: level (1–3), text, anchor.
    Heading(u8, String, String),
    Para(String),
    List(Vec<String>),
    /// A table: header cells, then rows.
    Table(Vec<String>, Vec<Vec<String>>),
    /// The map at the end of a turn (index in `Report::turns`), captioned.
    Map(usize, String),
}

/// The whole report, in order.
pub fn blocks(r: &Report) -> Vec<Block> {
    let mut out = Vec::new();
    heading_and_setup(r, &mut out);
    for (i, t) in r.turns.iter().enumerate() {
        turn(r, i, t, &mut out);
    }
    if !r.battles.is_empty() {
        out.push(Block::Heading(2, "Battles".into(), "battles".into()));
        for (n, b) in r.battles.iter().enumerate() {
            battle(r, n, b, &mut out);
        }
    }
    victory(r, &mut out);
    luck(r, &mut out);
    out
}

fn heading_and_setup(r: &Report, out: &mut Vec<Block>) {
    out.push(Block::Heading(1, r.title.clone(), "top".into()));
    let state = match &r.end {
        Some(e) => format!(
            "{}: {} Victory Points (Lee's historical score {}).",
            if e.victory { "Victory" } else { "Defeat" },
            e.victory_points,
            e.lee_historical_vp
        ),
        None => format!(
            "The game as saved, at Turn {}: not finished.",
            r.turns.last().map_or(0, |t| t.turn)
        ),
    };
    out.push(Block::Para(format!(
        "An after-action report of {}. {state}",
        r.campaign.name
    )));
    out.push(Block::Heading(
        2,
        "Set-up and options".into(),
        "setup".into(),
    ));
    let o = &r.options;
    let mut items = vec![
        format!("Campaign: {} ({} turns)", r.campaign.name, r.campaign.turns),
        format!(
            "Your level: {:?}; the Union AI: {}",
            o.player,
            o.union.summary()
        ),
        format!("Battle rules: {}", o.battles.name()),
        match o.dice {
            crate::rules::difficulty::DiceMode::Program => {
                format!("Dice: fcrel's, seed {}", o.seed)
            }
            crate::rules::difficulty::DiceMode::Physical => "Dice: your own".to_string(),
        },
        format!(
            "Optional rules: {}",
            match o.optional_rules() {
                v if v.is_empty() => "none".to_string(),
                v => v
                    .iter()
                    .map(|r| r.to_string())
                    .collect::<Vec<_>>()
                    .join(", "),
            }
        ),
        format!(
            "Set up (7.0): {} Confederate and {} Union Forces on the map",
            on_map(&r.setup, Side::Confederate),
            on_map(&r.setup, Side::Union)
        ),
        format!("{} decisions; final state digest {}", r.decisions, r.digest),
    ];
    if let Some(b) = &r.branch {
        items.push(format!(
            "A what-if branch of \"{}\" at Turn {} ({} decisions kept{}), with {} dice after the branch point",
            b.parent_name,
            b.turn,
            b.kept,
            b.instead_of
                .as_deref()
                .map_or(String::new(), |d| format!(", instead of {d}")),
            if b.same_dice { "the same" } else { "fresh" }
        ));
    }
    out.push(Block::List(items));
}

fn on_map(p: &crate::rules::view::Positions, side: Side) -> usize {
    p.forces
        .iter()
        .filter(|f| f.side == side && f.location.area().is_some())
        .count()
}

fn turn(r: &Report, i: usize, t: &TurnReport, out: &mut Vec<Block>) {
    out.push(Block::Heading(
        2,
        format!("Turn {}", t.turn),
        format!("turn-{}", t.turn),
    ));
    for s in &t.steps {
        out.push(Block::Para(format!("{}:", s.step.name())));
        out.push(Block::List(
            s.changes
                .iter()
                .map(|c| change_text(&r.campaign, c))
                .collect(),
        ));
    }
    if !t.orders.is_empty() {
        out.push(Block::Para("Union Orders rolls (16.1):".into()));
        out.push(Block::List(t.orders.clone()));
    }
    if !t.battles.is_empty() {
        let names: Vec<String> = t
            .battles
            .iter()
            .map(|&k| format!("[{}](#battle-{})", battle_name(&r.battles[k]), k + 1))
            .collect();
        out.push(Block::Para(format!("Battles: {}.", names.join(", "))));
    }
    if !t.luck.is_empty() {
        out.push(Block::Para(format!(
            "Luck: Confederate {}; Union {}.",
            t.luck.confederate.summary(),
            t.luck.union.summary()
        )));
    }
    out.push(Block::Map(i, map_title(r, t)));
}

fn battle_name(b: &BattleReport) -> String {
    format!("Battle of {} (Turn {})", b.area_name, b.turn)
}

fn army(forces: &[(String, bool)]) -> String {
    if forces.is_empty() {
        return "none".into();
    }
    forces
        .iter()
        .map(|(n, reduced)| {
            if *reduced {
                format!("{n} (reduced)")
            } else {
                n.clone()
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

fn battle(r: &Report, n: usize, b: &BattleReport, out: &mut Vec<Block>) {
    out.push(Block::Heading(
        3,
        format!(
            "{}. {}: {} battle, the {} attacking",
            n + 1,
            battle_name(b),
            b.mode.name(),
            b.attacker.army()
        ),
        format!("battle-{}", n + 1),
    ));
    let mut items = vec![
        format!("Confederate Forces: {}", army(&b.confederates)),
        format!("Union Forces: {}", army(&b.union)),
    ];
    if let Some(f) = &b.fog {
        items.push(format!(
            "Fog of War: d10 = {}: {} battle turns; {}{}",
            f.die,
            f.battle_turns,
            f.event,
            if f.rolls > 1 {
                format!(" ({} rolls, Scouts rolling again)", f.rolls)
            } else {
                String::new()
            }
        ));
    }
    items.push(format!(
        "Result: {}",
        b.ending
            .clone()
            .unwrap_or_else(|| "still being fought where the game stopped".into())
    ));
    out.push(Block::List(items));
    if !b.changes.is_empty() {
        out.push(Block::Para(
            "Casualties, retreats and Command Points:".into(),
        ));
        out.push(Block::List(
            b.changes
                .iter()
                .map(|c| change_text(&r.campaign, c))
                .collect(),
        ));
    }
    if !b.key_rolls.is_empty() {
        out.push(Block::Para(format!(
            "Key rolls ({} of the battle's {} rolls: every table roll, and every result that had a 30% chance or less):",
            b.key_rolls.len(),
            b.rolls
        )));
        out.push(Block::List(b.key_rolls.clone()));
    }
    if !b.luck.is_empty() {
        out.push(Block::Para(format!(
            "Luck: Confederate {}; Union {}.",
            b.luck.confederate.summary(),
            b.luck.union.summary()
        )));
    }
}

fn victory(r: &Report, out: &mut Vec<Block>) {
    out.push(Block::Heading(2, "Victory Points".into(), "victory".into()));
    match &r.end {
        Some(e) => {
            out.push(Block::Para(format!(
                "{}: {} Victory Points against Lee's historical {}, {:?} Command (3.3). {}",
                if e.victory { "Victory" } else { "Defeat" },
                e.victory_points,
                e.lee_historical_vp,
                e.rating,
                e.reason
            )));
            out.push(Block::List(
                e.objectives
                    .iter()
                    .map(|(text, vp, met)| {
                        format!("{} {text} ({vp} VP)", if *met { "[x]" } else { "[ ]" })
                    })
                    .collect(),
            ));
            let c = &e.casualties;
            out.push(Block::Para(format!(
                "Casualties (11.10–11.11): Hits taken {}, given {}; Confederate Forces lost {}, Union Forces destroyed {}.",
                c.confederate_hits, c.union_hits, c.confederate_destroyed, c.union_destroyed
            )));
        }
        None => {
            out.push(Block::Para(
                "The campaign has not ended; the objectives as the game stands:".into(),
            ));
            out.push(Block::List(
                r.objectives
                    .iter()
                    .map(|o| {
                        let s = match o.standing {
                            Standing::Achieved => "achieved",
                            Standing::Failed => "failed",
                            Standing::MetNow => "met now",
                            Standing::AtRisk => "at risk",
                        };
                        format!("{} ({} VP): {s}", o.text, o.vp)
                    })
                    .collect(),
            ));
        }
    }
}

fn luck_row(label: String, a: &Account) -> Vec<String> {
    let tail = if (a.actual() as f64) < a.expected() {
        format!("as bad or worse in {}", percent(a.as_bad_or_worse()))
    } else {
        format!("as good or better in {}", percent(a.as_good_or_better()))
    };
    vec![
        label,
        a.count().to_string(),
        a.actual().to_string(),
        format!("{:.1}", a.expected()),
        if a.count() == 0 { "—".into() } else { tail },
    ]
}

fn luck_rows(label: &str, s: &Sides) -> Vec<Vec<String>> {
    [Side::Confederate, Side::Union]
        .into_iter()
        .filter(|&side| s.side(side).count() > 0)
        .map(|side| luck_row(format!("{label} {}", side.name()), s.side(side)))
        .collect()
}

fn luck(r: &Report, out: &mut Vec<Block>) {
    out.push(Block::Heading(2, "Luck".into(), "luck".into()));
    out.push(Block::Para(
        "Every roll whose chance is known (checks, attacks, Shock checks, Saving Throws; the Fog of War, Battle Resolution and Withdrawal tables by the rows that favour a side) counts for the side it was rolled for. \"As bad or worse in 12% of games\": the same rolls give as few good results, or fewer, 12 times in 100 (computed exactly).".into(),
    ));
    let header: Vec<String> = ["", "rolls", "went its way", "expected", "how rare"]
        .map(String::from)
        .to_vec();
    out.push(Block::Table(
        header.clone(),
        luck_rows("Whole game,", &r.luck.game),
    ));
    let turns: Vec<Vec<String>> = r
        .luck
        .turns
        .iter()
        .flat_map(|t| luck_rows(&format!("Turn {},", t.turn), &t.luck))
        .collect();
    if !turns.is_empty() {
        out.push(Block::Para("By Campaign Turn:".into()));
        out.push(Block::Table(header.clone(), turns));
    }
    let battles: Vec<Vec<String>> = r
        .battles
        .iter()
        .enumerate()
        .flat_map(|(k, b)| luck_rows(&format!("{}. {},", k + 1, b.area_name), &b.luck))
        .collect();
    if !battles.is_empty() {
        out.push(Block::Para("By battle:".into()));
        out.push(Block::Table(header, battles));
    }
}
