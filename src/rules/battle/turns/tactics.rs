//! 13.0 Determine Union Tactics and the pool of Union Special Battle Plans
//! (13.2, 13.4).

use super::{R, Sheet};
use crate::campaign::Side;
use crate::dice::roll_d10;
use crate::rules::battle::field::Field;
use crate::rules::battle::terms::Tactics;
use crate::rules::components::SpecialBattlePlan;
use crate::rules::ctx::Ctx;

/// 13.0: Aggressive above 1:1, Defensive below, a die on a tie (even:
/// Aggressive).
pub fn determine_tactics<P: Sheet>(ctx: &mut Ctx, f: &mut Field<P>) -> R<()> {
    let u = f.combat_total(ctx.board, Side::Union);
    let c = f.combat_total(ctx.board, Side::Confederate);
    tactics_for(ctx, f, u, c)
}

/// 13.0 for given combined Combat Values (at placement: the Forces about to
/// be placed, R-10.3).
pub fn tactics_for<P: Sheet>(ctx: &mut Ctx, f: &mut Field<P>, u: u32, c: u32) -> R<()> {
    let t = if ctx.board.options.tactics_tables {
        tables(ctx, u, c)?
    } else if u > c {
        Tactics::Aggressive
    } else if c > u {
        Tactics::Defensive
    } else {
        let d = roll_d10(
            ctx.dice,
            ctx.chronicle,
            "13.0",
            format!("Union tactics at {u} against {c}"),
            |d| {
                if d % 2 == 0 {
                    "even: Aggressive".into()
                } else {
                    "odd: Defensive".into()
                }
            },
        )?;
        if d % 2 == 0 {
            Tactics::Aggressive
        } else {
            Tactics::Defensive
        }
    };
    if t != f.tactics || f.turn == 1 {
        note!(
            ctx,
            "13.0",
            "Union {u} against Confederate {c}: the Union uses {t:?} tactics."
        );
    }
    f.tactics = t;
    ctx.frame(f, |_| format!("Union tactics: {t:?}"));
    Ok(())
}

/// Optional rule O13.0: after the comparison, an even d10 picks Optional
/// Union Tactics Table #1, an odd one #2, and a second d10 reads it in the
/// column of Union Superiority, Forces Equal or Outnumbered.
fn tables(ctx: &mut Ctx, u: u32, c: u32) -> R<Tactics> {
    let pick = roll_d10(
        ctx.dice,
        ctx.chronicle,
        "O13.0",
        "Optional Union Tactics Table",
        |d| {
            format!(
                "{}: Table #{}",
                if d % 2 == 0 { "even" } else { "odd" },
                optional_table(d)
            )
        },
    )?;
    let one = optional_table(pick) == 1;
    let column = match u.cmp(&c) {
        std::cmp::Ordering::Greater => "Union Superiority",
        std::cmp::Ordering::Equal => "Union Forces Equal",
        std::cmp::Ordering::Less => "Union Outnumbered",
    };
    let d = roll_d10(
        ctx.dice,
        ctx.chronicle,
        "O13.0",
        format!(
            "Optional Union Tactics Table #{}, {column} ({u} against {c})",
            if one { 1 } else { 2 }
        ),
        |d| format!("{:?}", optional_tactics(one, u, c, d)),
    )?;
    let t = optional_tactics(one, u, c, d);
    Ok(t)
}

/// O13.0: which Optional Union Tactics Table a d10 picks, "even numbers
/// on d10 for #1, odd numbers on d10 for #2" (a 10 is even, 4.5). The
/// roll's words and the table read both come from here.
pub fn optional_table(d: u32) -> u32 {
    if d.is_multiple_of(2) { 1 } else { 2 }
}

/// O13.0 Optional Union Tactics Tables #1 (`one`) and #2: Table #1 turns
/// Aggressive from row 4 with Union Superiority, row 6 with Forces Equal
/// and, continuing the trend into the unprinted rows 7–10, row 8 when
/// Outnumbered; Table #2 is its mirror, Aggressive until those rows and
/// Defensive from them (R-Opt-13.0).
pub fn optional_tactics(one: bool, u: u32, c: u32, roll: u32) -> Tactics {
    let from = match u.cmp(&c) {
        std::cmp::Ordering::Greater => 4,
        std::cmp::Ordering::Equal => 6,
        std::cmp::Ordering::Less => 8,
    };
    match (one, roll >= from) {
        (true, false) | (false, true) => Tactics::Defensive,
        (true, true) | (false, false) => Tactics::Aggressive,
    }
}

/// The pool for the tactics in use (13.2, 13.4).
pub fn in_pool(t: Tactics, p: SpecialBattlePlan) -> bool {
    match p {
        SpecialBattlePlan::Charge | SpecialBattlePlan::WellStruck => t == Tactics::Aggressive,
        SpecialBattlePlan::HardCover => t == Tactics::Defensive,
        _ => true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// O13.0's two tables as printed (rows 1–6 of each column) and rows
    /// 7–10 as ruled (R-Opt-13.0).
    #[test]
    fn optional_union_tactics_tables() {
        use Tactics::{Aggressive as A, Defensive as D};
        // Rows 1-10: Superiority, Equal, Outnumbered.
        let one = [
            [D, D, D],
            [D, D, D],
            [D, D, D],
            [A, D, D],
            [A, D, D],
            [A, A, D],
            [A, A, D],
            [A, A, A],
            [A, A, A],
            [A, A, A],
        ];
        let (sup, eq, out) = ((5, 4), (4, 4), (4, 5));
        for (row, want) in one.iter().enumerate() {
            let roll = row as u32 + 1;
            let got = [sup, eq, out].map(|(u, c)| optional_tactics(true, u, c, roll));
            assert_eq!(&got, want, "Table #1 row {roll}");
            let mirror = want.map(|t| if t == A { D } else { A });
            let got = [sup, eq, out].map(|(u, c)| optional_tactics(false, u, c, roll));
            assert_eq!(got, mirror, "Table #2 row {roll}");
        }
    }
}
