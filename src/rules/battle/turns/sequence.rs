//! 10.1 Battle Turn Sequence, the same on every sheet: Insights, the
//! Confederate Battle Plans, Union tactics and Special Battle Plans, the
//! plans resolved (Prepare first, the Union, then the Confederates), the
//! Rout check, the end of the turn; after the last, Withdrawal.

use super::cup::draw_special_plans;
use super::end::{ended, rout_check, withdrawal};
use super::tactics::determine_tactics;
use super::{R, Sheet};
use crate::campaign::Side;
use crate::rules::battle::Ending;
use crate::rules::battle::field::{Effects, Field};
use crate::rules::ctx::Ctx;

/// 10.1 Battle Turns until the battle ends. None means Rejoin.
pub fn battle<P: Sheet>(ctx: &mut Ctx, f: &mut Field<P>) -> R<Option<Ending>> {
    loop {
        match f.routed {
            // 14.5: a Rout sets the Battle Turn Track aside; the battle
            // goes on, past its last turn if need be, until the routed
            // army has left the sheet.
            Some(loser) if f.turn > f.turns => note!(
                ctx,
                "10.1",
                "Battle turn {}, past the last ({}): the {} Routed and the Battle Turn Track no longer counts (14.5); the battle goes on until their last Mobile Force has left the sheet.",
                f.turn,
                f.turns,
                loser.army()
            ),
            _ => note!(ctx, "10.1", "Battle turn {} of {}.", f.turn, f.turns),
        }
        if ctx.board.options.officers_confused {
            officers_confused(ctx, f)?;
        }
        super::insights::insights_step(ctx, f)?;
        if f.routed != Some(Side::Confederate) {
            P::assign(ctx, f)?;
        }
        if f.routed != Some(Side::Union) {
            if !f.stand_alone {
                determine_tactics(ctx, f)?;
            }
            draw_special_plans(ctx, f)?;
        }
        if let Some(e) = ended(ctx, f) {
            return Ok(Some(e));
        }
        check(ctx, f, "the draw");
        super::resolve::confederate(ctx, f, true)?;
        if f.formation_counter && f.routed != Some(Side::Confederate) {
            super::plans::formation_counter(ctx, f)?;
        }
        super::resolve::union(ctx, f)?;
        check(ctx, f, "the Union Battle Plans");
        if let Some(e) = ended(ctx, f) {
            return Ok(Some(e));
        }
        super::resolve::confederate(ctx, f, false)?;
        check(ctx, f, "the Confederate Battle Plans");
        rout_check(ctx, f)?;
        // End of the turn: plans back to the cup, counters off (14.3, 14.4).
        f.cup.append(&mut f.drawn);
        if !f.confused_plans.is_empty() {
            f.cup.append(&mut f.confused_plans);
            f.cup.sort();
        }
        f.confused.clear();
        f.effects = Effects::default();
        f.formation_counter = false;
        f.assigned = 0;
        for u in f.units.iter_mut() {
            u.acted = false;
            u.clear_orders = None;
            u.prepare = false;
            u.counter = None;
            u.target = None;
            u.cover = false;
        }
        let turn = f.turn;
        ctx.frame(f, |_| format!("End of battle turn {turn}"));
        if let Some(e) = ended(ctx, f) {
            return Ok(Some(e));
        }
        if f.stand_alone && f.turn >= f.turns {
            note!(
                ctx,
                "A14.7",
                "The last battle turn is over: the scenario's victory conditions decide (R-A-stand-alone)."
            );
            return Ok(Some(match f.routed {
                Some(loser) => Ending::Routed { loser },
                None => Ending::LastTurn,
            }));
        }
        if f.routed.is_none() && f.turn >= f.turns {
            note!(
                ctx,
                "14.7",
                "The Battle Turn counter enters the Withdrawal box."
            );
            return withdrawal(ctx, f);
        }
        f.turn += 1;
    }
}

/// Optional rule Officers Confused, each battle turn: Battle Plan Counters
/// out of the player's choice, by the player's level (Easy and Regular 2,
/// Hard 4), and Special Battle Plans out of the cup, by the Union's
/// Special Battle Plans level (Regular 6, Hard 4, Veteran 2), at random,
/// until the end of the turn (R-Opt-OC).
fn officers_confused<P: Sheet>(ctx: &mut Ctx, f: &mut Field<P>) -> R<()> {
    use crate::campaign::UnionLevel;
    use crate::rules::battle::terms::PlanCounter;
    use crate::rules::difficulty::PlayerLevel;
    let o = ctx.board.options;
    let counters = match o.player {
        PlayerLevel::Easy | PlayerLevel::Regular => 2,
        PlayerLevel::Hard => 4,
    };
    let plans = match o.union.special_battle_plans {
        UnionLevel::Regular => 6,
        UnionLevel::Hard => 4,
        UnionLevel::Veteran => 2,
    };
    let mut left: Vec<PlanCounter> = PlanCounter::ALL.to_vec();
    for _ in 0..counters {
        let i = crate::dice::pick_logged(
            ctx.dice,
            ctx.chronicle,
            "Officers Confused",
            "Officers Confused: a Battle Plan Counter out this turn",
            left.len(),
            |i| left[i].name().to_string(),
        )?;
        f.confused.push(left.remove(i));
    }
    for _ in 0..plans.min(f.cup.len()) {
        let cup = f.cup.clone();
        let i = crate::dice::pick_logged(
            ctx.dice,
            ctx.chronicle,
            "Officers Confused",
            "Officers Confused: a Special Battle Plan out of the cup this turn",
            cup.len(),
            |i| cup[i].name().to_string(),
        )?;
        f.confused_plans.push(f.cup.remove(i));
    }
    note!(
        ctx,
        "Officers Confused",
        "Officers Confused: {} out of your choice this turn; {} out of the cup.",
        f.confused
            .iter()
            .map(|c| c.name())
            .collect::<Vec<_>>()
            .join(", "),
        f.confused_plans
            .iter()
            .map(|c| c.name())
            .collect::<Vec<_>>()
            .join(", ")
    );
    Ok(())
}

/// The sheet's invariants hold at the end of every step (debug builds,
/// so the tests and property tests catch any breach).
fn check<P: Sheet>(ctx: &Ctx, f: &Field<P>, step: &str) {
    debug_assert!(
        P::problem(f, ctx.board).is_none(),
        "after {step} of battle turn {}: {}",
        f.turn,
        P::problem(f, ctx.board).unwrap_or_default()
    );
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::rules::battle::ground::Region;
    use crate::rules::battle::terms::PlanCounter;
    use crate::rules::battle::turns::plans::refusal;
    use crate::rules::board::Board;
    use crate::rules::difficulty::{GameOptions, PlayerLevel, UnionAspects};

    /// A battle at Glendale with Longstreet in the Confederate Approach, in
    /// Line (4 battle turns).
    pub(in crate::rules::battle::turns) fn longstreet_at_glendale(b: &mut Board) -> Field<Region> {
        b.place(
            "longstreet",
            crate::rules::components::Location::Area("glendale".into()),
            crate::rules::components::Strength::Full,
        );
        let mut f: Field<Region> = Field::new("glendale", false, 4);
        let pid = b.index("longstreet").unwrap();
        f.units.push(crate::rules::battle::field::Unit::new(
            b,
            pid,
            Side::Confederate,
            Region::ConfederateApproach,
            crate::rules::battle::terms::Formation::Line,
        ));
        f
    }

    /// Officers Confused: at Regular two Battle Plan Counters out of the
    /// player's choice and six Special Battle Plans out of the cup for the
    /// battle turn; at Hard (player) and Veteran (Union) four and two.
    #[test]
    fn officers_confused_takes_counters_and_plans_out_for_the_turn() {
        let c = std::sync::Arc::new(crate::campaign::load_bundled("seven-days").unwrap());
        for (player, union, counters, plans) in [
            (
                PlayerLevel::Regular,
                crate::campaign::UnionLevel::Regular,
                2,
                6,
            ),
            (
                PlayerLevel::Hard,
                crate::campaign::UnionLevel::Veteran,
                4,
                2,
            ),
        ] {
            let options = GameOptions {
                player,
                union: UnionAspects::preset(union),
                officers_confused: true,
                ..GameOptions::default()
            };
            let mut b = Board::empty(c.clone(), options);
            let mut f = longstreet_at_glendale(&mut b);
            let cup = f.cup.len();
            let mut dice = crate::dice::Dice::seeded(3);
            let mut chronicle = crate::chronicle::Chronicle::default();
            let mut decider = crate::rules::decision::Recorded::new(Vec::new());
            let mut ctx = Ctx {
                board: &mut b,
                dice: &mut dice,
                chronicle: &mut chronicle,
                decider: &mut decider,
            };
            officers_confused(&mut ctx, &mut f).unwrap();
            assert_eq!(f.confused.len(), counters);
            assert_eq!(f.confused_plans.len(), plans);
            assert_eq!(f.cup.len() + plans, cup, "out of the cup, not lost");
            let out = f.confused[0];
            if out != PlanCounter::Formation {
                let longstreet = f.units.indices().next().expect("on the sheet");
                let why = refusal(&f, longstreet, out).expect("refused");
                assert_eq!(
                    why,
                    format!(
                        "{}: lost to Officers Confused this battle turn (Officers Confused).",
                        out.name()
                    )
                );
            }
        }
    }
}
