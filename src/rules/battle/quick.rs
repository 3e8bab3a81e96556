//! Part Two: Very Quick and Quick Battle Rules, fought on the campaign map
//! with the campaign's Battle Resolution Table.

use super::endings::{
    allocate_hits, cleared, finish, finish_withdrawal, leave_battle, rejoin_bounded, routed_side,
    withdraw, withdrawal_result,
};
use super::prebattle::{envelopment, pre_battle, situation};
use super::record::{ColumnShift, EventKind, Resolution};
use serde::{Deserialize, Serialize};

use super::{BattleSpec, Ending, Outcome, PreBattle};
use crate::campaign::BattleResolutionTable;
use crate::campaign::{Side, WithdrawalResult};
use crate::dice::roll_table;
use crate::rules::ctx::Ctx;
use crate::rules::decision::{Decision, Interrupt, Request};
use crate::rules::difficulty::BattleMode;

/// Which Quick rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum QuickMode {
    Quick,
    VeryQuick,
}

impl QuickMode {
    pub fn battle_mode(self) -> BattleMode {
        match self {
            QuickMode::Quick => BattleMode::Quick,
            QuickMode::VeryQuick => BattleMode::VeryQuick,
        }
    }
}

/// The BRT column for a differential, before shifts.
pub fn column_for(table: &BattleResolutionTable, differential: i32) -> usize {
    table
        .columns
        .iter()
        .position(|c| {
            c.min.is_none_or(|m| differential >= m) && c.max.is_none_or(|m| differential <= m)
        })
        .expect("validated: the columns cover every differential")
}

/// Apply shifts (positive to the right) and keep the column on the table.
pub fn shifted(table: &BattleResolutionTable, column: usize, shift: i32) -> usize {
    (column as i32 + shift).clamp(0, table.columns.len() as i32 - 1) as usize
}

/// Attacker and Defender Hits for a roll in a column.
pub fn cell(table: &BattleResolutionTable, column: usize, die: u32) -> [u32; 2] {
    table
        .rows
        .iter()
        .find(|r| r.rolls.contains(&die))
        .map(|r| r.cells[column])
        .expect("validated: the rows cover 1-10")
}

/// "Check Robert E. Lee Counter": without Lee, one column left when the
/// Confederates attack, one right when they defend.
pub fn lee_shift(attacker: Side, lee_present: bool) -> i32 {
    match (lee_present, attacker) {
        (true, _) => 0,
        (false, Side::Confederate) => -1,
        (false, Side::Union) => 1,
    }
}

/// The Union's Fog of War shifts: right when it attacks, left when it defends.
pub fn union_shift(attacker: Side, shifts: u32) -> i32 {
    match attacker {
        Side::Union => shifts as i32,
        Side::Confederate => -(shifts as i32),
    }
}

/// Quick "Determine Attacker" after the first battle turn: the Union
/// attacks with a greater or equal combined Combat Value.
pub fn quick_attacker(union: u32, confederate: u32) -> Side {
    if union >= confederate {
        Side::Union
    } else {
        Side::Confederate
    }
}

/// Fight a Quick or Very Quick battle to its end, Rejoins included.
pub fn fight(ctx: &mut Ctx, spec: &BattleSpec, mode: QuickMode) -> Result<Outcome, Interrupt> {
    // The map's own id for the area: every look-up of it finds it by
    // address (`MapGraph::idx`).
    let area = match ctx.board.graph.idx(&spec.area) {
        Some(i) => ctx.board.graph.ids[i].as_str(),
        None => spec.area.as_str(),
    };
    let mut attacker = spec.attacker;
    let mut rounds = 0;
    ctx.board.progress.battled.insert(area.to_string());
    loop {
        rounds += 1;
        ctx.begin_round(rounds);
        let name = ctx.board.area_name(area).to_string();
        note!(
            ctx,
            "9.3",
            "Battle of {name} ({}), the {} attacking.",
            match mode {
                QuickMode::Quick => "Quick Battle Rules",
                QuickMode::VeryQuick => "Very Quick Battle Rules",
            },
            attacker.army()
        );
        let flow = round(ctx, area, attacker, mode, rounds)?;
        match flow {
            Flow::Done(ending) => return Ok(finish(ctx, ending, rounds)),
            Flow::Rejoin => {
                // 14.8.1 (Quick and Very Quick): the stronger army attacks;
                // on equal Combat Values the Union.
                let u = ctx.board.area_combat(area, Side::Union);
                let c = ctx.board.area_combat(area, Side::Confederate);
                attacker = quick_attacker(u, c);
                note!(
                    ctx,
                    "14.8.1",
                    "Rejoin: a new battle starts from the Fog of War; the {} ({} against {}) attack{}.",
                    attacker.army(),
                    u.max(c),
                    u.min(c),
                    attacker.verb_s()
                );
            }
        }
    }
}

enum Flow {
    Done(Ending),
    Rejoin,
}

fn round(
    ctx: &mut Ctx,
    area: &str,
    attacker: Side,
    mode: QuickMode,
    number: u32,
) -> Result<Flow, Interrupt> {
    let pre = pre_battle(ctx, area, mode.battle_mode())?;
    if let Some(gone) = cleared(ctx.board, area) {
        return Ok(Flow::Done(Ending::Cleared { loser: gone }));
    }
    if let Some(ending) = envelopment(ctx, area) {
        return Ok(Flow::Done(ending));
    }
    super::prebattle::counter_battery_fire(ctx, area, &[])?;
    if let Some(gone) = cleared(ctx.board, area) {
        return Ok(Flow::Done(Ending::Cleared { loser: gone }));
    }
    match mode {
        QuickMode::VeryQuick => very_quick(ctx, area, attacker, &pre, number),
        QuickMode::Quick => quick(ctx, area, attacker, &pre, number),
    }
}

/// One resolution on the Battle Resolution Table (Determine Differential,
/// Consult the table, Check Robert E. Lee, Determine Hits); returns the
/// attacker's and defender's Hits for one battle turn.
pub fn resolve_turn(
    ctx: &mut Ctx,
    area: &str,
    attacker: Side,
    pre: &PreBattle,
    confederate_shift: &mut bool,
    rule: &'static str,
    (battle_turn, multiplier): (u32, u32),
) -> Result<[u32; 2], Interrupt> {
    // The campaign's table, shared (not copied every battle turn).
    let campaign = std::sync::Arc::clone(&ctx.board.campaign);
    let table = &campaign.battle_resolution;
    let defender = attacker.other();
    let a = ctx.board.area_combat(area, attacker);
    let d = ctx.board.area_combat(area, defender);
    let differential = a as i32 - d as i32;
    let base = column_for(table, differential);
    let mut parts = vec![format!(
        "{} {a} against {} {d}: differential {differential:+}, column \"{}\"",
        attacker.name(),
        defender.name(),
        table.columns[base].label
    )];
    let lee = ctx.board.lee_in(area);
    let mut shift = lee_shift(attacker, lee);
    let mut shifts: Vec<ColumnShift> = Vec::new();
    if shift != 0 {
        shifts.push(ColumnShift {
            by: shift,
            why: format!(
                "Robert E. Lee absent, the Confederates {}",
                if attacker == Side::Confederate {
                    "attacking"
                } else {
                    "defending"
                }
            ),
            rule: "12.0".into(),
        });
        parts.push(format!(
            "Lee absent and the Confederates {}: one column {}",
            if attacker == Side::Confederate {
                "attack"
            } else {
                "defend"
            },
            if shift < 0 { "left" } else { "right" }
        ));
    }
    let us = union_shift(attacker, pre.union_shifts);
    if us != 0 {
        shifts.push(ColumnShift {
            by: us,
            why: format!(
                "the Union's Fog of War event ({})",
                crate::chronicle::counted(pre.union_shifts, "shift", "shifts")
            ),
            rule: "10.2.5".into(),
        });
        parts.push(format!(
            "Union Fog of War shift: {} {}",
            crate::chronicle::counted(us.abs(), "column", "columns"),
            if us > 0 { "right" } else { "left" }
        ));
    }
    shift += us;
    let mut resolution = Resolution {
        battle_turn,
        battle_turns: pre.battle_turns,
        attacker,
        attacker_combat: a,
        defender_combat: d,
        base_column: base,
        shifts,
        column: shifted(table, base, shift),
        die: None,
        hits: [0, 0],
        multiplier,
    };
    // The column the record shows before the die (the table in front of
    // the player who rolls it).
    let mut shown = None;
    if *confederate_shift {
        if ctx.recording() {
            ctx.record(EventKind::Resolution(resolution.clone()));
            shown = Some(resolution.column);
        }
        let options = vec![
            Decision::ShiftColumn { shift: 0 },
            Decision::ShiftColumn { shift: -1 },
            Decision::ShiftColumn { shift: 1 },
        ];
        let prompt = format!(
            "Use your Confederate BRT ±1 now? ({}; the {} attack{})",
            parts.join("; "),
            attacker.army(),
            attacker.verb_s()
        );
        let here = situation(ctx.board, area, attacker);
        if let Decision::ShiftColumn { shift: s } =
            ctx.ask(Request::new(rule, prompt, options).in_battle(here))?
            && s != 0
        {
            *confederate_shift = false;
            shift += s;
            resolution.shifts.push(ColumnShift {
                by: s,
                why: "your Confederate BRT ±1 (the Random Insight event)".into(),
                rule: "10.2.5".into(),
            });
            parts.push(format!(
                "Confederate BRT ±1: one column {}",
                if s < 0 { "left" } else { "right" }
            ));
        }
    }
    let column = shifted(table, base, shift);
    parts.push(format!("final column \"{}\"", table.columns[column].label));
    note!(ctx, rule, "{}", parts.join("; ") + ".");
    if ctx.recording() && shown != Some(column) {
        resolution.column = column;
        ctx.record(EventKind::Resolution(resolution.clone()));
    }
    let label = table.columns[column].label.clone();
    // A row is good for the attacker when the defender takes more Hits.
    let good = crate::chronicle::FaceSet::from_fn(|d| {
        let [ah, dh] = cell(table, column, d);
        dh > ah
    });
    let die = roll_table(
        ctx.dice,
        ctx.chronicle,
        rule,
        format!("Battle Resolution Table, column \"{label}\""),
        Some((attacker, good)),
        |die| {
            let [ah, dh] = cell(table, column, die);
            format!(
                "Attacker {}, Defender {}",
                crate::chronicle::counted(ah, "Hit", "Hits"),
                crate::chronicle::counted(dh, "Hit", "Hits")
            )
        },
    )?;
    let hits = cell(table, column, die);
    if ctx.recording() {
        resolution.column = column;
        resolution.die = Some(die);
        resolution.hits = hits;
        ctx.record(EventKind::Resolution(resolution));
    }
    Ok(hits)
}

/// Very Quick: one roll, Hits × battle turns, no Rout, then Withdrawal.
fn very_quick(
    ctx: &mut Ctx,
    area: &str,
    attacker: Side,
    pre: &PreBattle,
    number: u32,
) -> Result<Flow, Interrupt> {
    let rule = "12.0";
    let mut shift_left = pre.confederate_shift;
    let turns = pre.battle_turns;
    let [ah, dh] = resolve_turn(ctx, area, attacker, pre, &mut shift_left, rule, (1, turns))?;
    let (ah, dh) = (ah * turns, dh * turns);
    note!(
        ctx,
        "12.0",
        "× {}: the attacking {} suffer{} {}, the defending {} {dh}.",
        crate::chronicle::counted(turns, "battle turn", "battle turns"),
        attacker.army(),
        attacker.verb_s(),
        crate::chronicle::counted(ah, "Hit", "Hits"),
        attacker.other().army()
    );
    // 11.10: all Hits are applied, both armies, whatever happens to the other.
    allocate_hits(ctx, area, attacker, ah, "11.9")?;
    allocate_hits(ctx, area, attacker.other(), dh, "11.9")?;
    if let Some(gone) = cleared(ctx.board, area) {
        return Ok(Flow::Done(Ending::Cleared { loser: gone }));
    }
    match withdrawal_result(
        ctx,
        ctx.board.area_combat(area, Side::Confederate),
        ctx.board.area_combat(area, Side::Union),
    )? {
        WithdrawalResult::Rejoin if rejoin_bounded(ctx, number) => {
            finish_withdrawal(ctx, area, WithdrawalResult::Encamp).map(Flow::Done)
        }
        WithdrawalResult::Rejoin => {
            let here = situation(ctx.board, area, attacker);
            let choice = ctx.ask(
                Request::new(
                    "14.8.1",
                    "Rejoin: fight again, or Retreat your army instead (14.8.3)?",
                    vec![Decision::Rejoin, Decision::RetreatInsteadOfRejoin],
                )
                .in_battle(here),
            )?;
            if choice == Decision::RetreatInsteadOfRejoin {
                note!(ctx, "14.8.1", "You choose to Retreat instead of Rejoining.");
                withdraw(ctx, area, Side::Confederate)?;
                return Ok(Flow::Done(Ending::ConfederateWithdrew));
            }
            Ok(Flow::Rejoin)
        }
        other => finish_withdrawal(ctx, area, other).map(Flow::Done),
    }
}

/// Quick: turn by turn, the attacker re-determined, Rout checks, the
/// Voluntary Retreat choice, then Withdrawal.
fn quick(
    ctx: &mut Ctx,
    area: &str,
    first_attacker: Side,
    pre: &PreBattle,
    number: u32,
) -> Result<Flow, Interrupt> {
    let mut shift_left = pre.confederate_shift;
    for turn in 1..=pre.battle_turns {
        let attacker = if turn == 1 {
            first_attacker
        } else {
            let u = ctx.board.area_combat(area, Side::Union);
            let c = ctx.board.area_combat(area, Side::Confederate);
            let a = quick_attacker(u, c);
            note!(
                ctx,
                "12.0",
                "Battle turn {turn}: Union {u}, Confederate {c}: the {} attack{}.",
                a.army(),
                a.verb_s()
            );
            a
        };
        let [ah, dh] = resolve_turn(ctx, area, attacker, pre, &mut shift_left, "12.0", (turn, 1))?;
        allocate_hits(ctx, area, attacker, ah, "11.9")?;
        allocate_hits(ctx, area, attacker.other(), dh, "11.9")?;
        if let Some(gone) = cleared(ctx.board, area) {
            return Ok(Flow::Done(Ending::Cleared { loser: gone }));
        }
        // 14.5 Rout Check (Quick).
        if let Some(loser) = routed_side(ctx.board, area) {
            note!(
                ctx,
                "14.5",
                "Rout check: Union {} against Confederate {}: the {} Rout{}.",
                ctx.board.area_combat(area, Side::Union),
                ctx.board.area_combat(area, Side::Confederate),
                loser.army(),
                loser.verb_s()
            );
            leave_battle(ctx, area, loser, true)?;
            return Ok(Flow::Done(Ending::Routed { loser }));
        }
        // 14.5.1 Voluntary Retreat while turns remain.
        if turn < pre.battle_turns {
            let here = situation(ctx.board, area, attacker);
            let choice = ctx.ask(Request::new("14.5.1", format!(
                    "After battle turn {turn} of {}: Union {}, Confederate {}. Fight on, or Retreat your army?",
                    pre.battle_turns,
                    ctx.board.area_combat(area, Side::Union),
                    ctx.board.area_combat(area, Side::Confederate)
                ), vec![Decision::FightOn, Decision::VoluntaryRetreat]).in_battle(here))?;
            if choice == Decision::VoluntaryRetreat {
                leave_battle(ctx, area, Side::Confederate, false)?;
                return Ok(Flow::Done(Ending::ConfederateWithdrew));
            }
        }
    }
    note!(
        ctx,
        "14.6",
        "The Battle Turn counter enters the Withdrawal box."
    );
    match withdrawal_result(
        ctx,
        ctx.board.area_combat(area, Side::Confederate),
        ctx.board.area_combat(area, Side::Union),
    )? {
        WithdrawalResult::Rejoin if rejoin_bounded(ctx, number) => {
            finish_withdrawal(ctx, area, WithdrawalResult::Encamp).map(Flow::Done)
        }
        WithdrawalResult::Rejoin => Ok(Flow::Rejoin),
        other => finish_withdrawal(ctx, area, other).map(Flow::Done),
    }
}
