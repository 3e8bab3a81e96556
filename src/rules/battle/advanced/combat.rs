//! A11.4, A11.6–A11.9 Attacks on the Squares: one attack on one target
//! Force, Hits on that Force only; a Force's March or Advance into a Square,
//! a Shock attack on the Force there.

use super::attack::position_modifiers;
use super::field::Field;
use super::moves::{back_from_friend, move_into, pass_through};
use crate::campaign::{ForceType, Side};
use crate::chronicle::Modifier;
use crate::rules::battle::field::Slot;
use crate::rules::battle::ground::{Ground, Square};
use crate::rules::battle::terms::Formation;
use crate::rules::battle::turns::attack::{defence_modifiers, roll_attack};
use crate::rules::battle::turns::hits::{HitSource, hit};
use crate::rules::battle::turns::shock::{ShockBy, ShockResult, shock_activation, shock_on};
use crate::rules::battle::turns::{R, ask_about, k_of};
use crate::rules::board::{Board, PieceIx};
use crate::rules::ctx::Ctx;
use crate::rules::decision::{About, Decision, Move};

/// One attack by counter `pid` on the Force of counter `tpid` (A11.6): the
/// modifiers of where the two stand (Melee, range, Union Cavalry at two
/// Squares), `mods`, the target's own (11.8); every Hit on the target only,
/// those beyond its destruction lost (A11.9, A11.7.2). Returns the Hits.
#[allow(clippy::too_many_arguments)]
pub fn attack_on(
    ctx: &mut Ctx,
    f: &mut Field,
    pid: PieceIx,
    tpid: PieceIx,
    mut mods: Vec<Modifier>,
    what: &str,
    rule: &'static str,
) -> R<u32> {
    let (Some(k), Some(t)) = (k_of(f, pid), k_of(f, tpid)) else {
        return Ok(0);
    };
    let side = f.units[k].side;
    mods.extend(position_modifiers(f, k, t));
    // A14.1 Well-Struck: Union Infantry and Cavalry, Ranged attacks on an
    // adjacent Square only.
    if side == Side::Union
        && f.effects.well_struck
        && matches!(f.force_type(k), ForceType::Infantry | ForceType::Cavalry)
        && f.units[k].at().distance(f.units[t].at()) == 1
    {
        mods.push(Modifier::pair(2, 0, "Well-Struck", "A14.1"));
    }
    mods.extend(defence_modifiers(f, side, Some(t)));
    let at = f.units[t].at();
    let hits = roll_attack(ctx, pid, mods, what, at, rule)?;
    for n in 0..hits {
        if k_of(f, tpid).is_none() {
            note!(
                ctx,
                "A11.9",
                "{} beyond the target's destruction {} lost (A11.9).",
                crate::chronicle::counted(hits - n, "Hit", "Hits"),
                if hits - n == 1 { "is" } else { "are" }
            );
            break;
        }
        hit(ctx, f, tpid, HitSource::Attack, rule)?;
    }
    Ok(hits)
}

/// The counter of the Union Force the player attacks among `units`
/// (A11.7: the Confederate player chooses) for counter `pid`, asked only
/// when there is a choice. None when `units` is empty.
pub fn choose_target(
    ctx: &mut Ctx,
    f: &Field,
    pid: PieceIx,
    units: &[Slot],
    prompt: &str,
    rule: &'static str,
) -> R<Option<PieceIx>> {
    match units {
        [] => Ok(None),
        [one] => Ok(Some(f.units[*one].piece)),
        _ => {
            let options = units
                .iter()
                .map(|&t| Decision::Target { force: f.id(t) })
                .collect();
            let prompt = |b: &Board| format!("{}: {prompt}", b.label(pid));
            let about = About::force(*ctx.board.pieces[pid].id());
            match ask_about(ctx, f, rule, prompt, options, about)? {
                Decision::Target { force } => Ok(ctx.board.index(&force)),
                other => unreachable!("not offered: {other:?}"),
            }
        }
    }
}

/// The Square the player moves a Force into among `squares` (a move of
/// kind `moving`), asked only when there is a choice. None when `squares`
/// is empty.
pub fn choose_square(
    ctx: &mut Ctx,
    f: &Field,
    pid: PieceIx,
    squares: &[Square],
    (prompt, moving): (&str, Move),
    rule: &'static str,
) -> R<Option<Square>> {
    match squares {
        [] => Ok(None),
        [one] => Ok(Some(*one)),
        _ => {
            let options = squares
                .iter()
                .map(|&square| Decision::MarchInto { square })
                .collect();
            let prompt = |b: &Board| format!("{}: {prompt}", b.label(pid));
            let about = About::force(*ctx.board.pieces[pid].id()).moving(moving);
            match ask_about(ctx, f, rule, prompt, options, about)? {
                Decision::MarchInto { square } => Ok(Some(square)),
                other => unreachable!("not offered: {other:?}"),
            }
        }
    }
}

/// A Force's Formation in relation to a Force or Square `to` (A10.3).
pub fn formation_toward(f: &Field, k: Slot, to: Square) -> Formation {
    let u = &f.units[k];
    u.at().formation_toward(u.formation, to)
}

/// Set a Force's Formation on the sheet so that it is `want` in relation
/// to `to` (A10.3; A14.2.2 Combat "Line Formation (relative to the
/// Confederate Force it is attacking)").
pub fn face(ctx: &mut Ctx, f: &mut Field, pid: PieceIx, want: Formation, to: Square, rule: &str) {
    let Some(k) = k_of(f, pid) else { return };
    if formation_toward(f, k, to) != want {
        f.units[k].formation = f.units[k].formation.other();
        note!(
            ctx,
            rule,
            "{} changes to {:?} on the sheet ({want:?} toward Square {}).",
            f.label(ctx.board, k),
            f.units[k].formation,
            to.name()
        );
    }
}

/// A11.0, A11.4: a Force Marches or Advances into `to`: an empty Square it
/// enters; one holding an enemy Force is a Shock attack on that Force,
/// after an Activation check when it began as a March (A11.4; Engage,
/// Flank and Charge! make none). True when the Force may go on: it moved,
/// or won and stands alone in the Square.
pub fn advance_into(
    ctx: &mut Ctx,
    f: &mut Field,
    pid: PieceIx,
    to: Square,
    by: ShockBy,
    rule: &'static str,
) -> R<bool> {
    let Some(k) = k_of(f, pid) else {
        return Ok(false);
    };
    let side = f.units[k].side;
    let defenders = f.units_at(to, side.other());
    let Some(&t) = defenders.first() else {
        move_into(ctx, f, pid, to);
        note!(
            ctx,
            rule,
            "{} moves into Square {}.",
            f.label(ctx.board, k_of(f, pid).expect("here")),
            to.name()
        );
        return Ok(true);
    };
    if by == ShockBy::March && !shock_activation(ctx, f, pid, "A11.4")? {
        note!(
            ctx,
            "A11.4",
            "{} fails to Activate for its Shock attack and Holds (A11.4).",
            f.label(ctx.board, k)
        );
        return Ok(false);
    }
    let result = shock_on(ctx, f, pid, t, by)?;
    Ok(result == ShockResult::Won && k_of(f, pid).is_some_and(|k| !f.in_melee(k)))
}

/// A10.2.14, A11.0: a move of two Squares through `via`, a friend's
/// Square, on into `to` as [`advance_into`]. Stopped in `via` (its Shock
/// attack not begun, or repulsed by Defensive Fire) the Force goes back to
/// the Square it set out from: no move ends in a friend's Square
/// (R-A10.2.14-through). True when the Force may go on.
pub fn advance_through(
    ctx: &mut Ctx,
    f: &mut Field,
    pid: PieceIx,
    via: Square,
    to: Square,
    by: ShockBy,
    rule: &'static str,
) -> R<bool> {
    let Some(k) = k_of(f, pid) else {
        return Ok(false);
    };
    let from = f.units[k].at();
    pass_through(ctx, f, pid, via, rule);
    let on = advance_into(ctx, f, pid, to, by, rule)?;
    back_from_friend(ctx, f, pid, via, from, rule);
    Ok(on)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::battle::advanced::testing::{k, run, sheet};
    use crate::rules::commander::Policy;
    use crate::rules::decision::{Decider, Interrupt, Recorded, Request, ThenPolicy};

    /// Records the prompt of every request it answers (the first option).
    struct Listening<D: Decider>(D, Vec<String>);

    impl<D: Decider> Decider for Listening<D> {
        fn decide(&mut self, board: &Board, request: &Request) -> Result<Decision, Interrupt> {
            self.1.push(request.prompt.clone());
            self.0.decide(board, request)
        }

        fn reads_prompts(&self) -> bool {
            self.0.reads_prompts()
        }
    }

    /// A question is worded for a decider that reads it (the window, the
    /// recorded answers of a replay) and left unworded for a policy in a
    /// simulated battle; the answer is the same.
    #[test]
    fn questions_are_worded_only_for_a_reader() {
        let (mut b, f) = sheet(&[("longstreet", "D4"), ("kearny", "C4"), ("sykes", "C5")]);
        let pid = b.index("longstreet").unwrap();
        let ts = [k(&b, &f, "kearny"), k(&b, &f, "sykes")];
        let answer = Decision::Target {
            force: "kearny".into(),
        };
        let ask = |b: &mut Board, decider: &mut dyn Decider| {
            let mut dice = crate::dice::Dice::scripted([]);
            let mut chronicle = crate::chronicle::Chronicle::quiet();
            let mut ctx = Ctx {
                board: b,
                dice: &mut dice,
                chronicle: &mut chronicle,
                decider,
            };
            choose_target(
                &mut ctx,
                &f,
                pid,
                &ts,
                "Fire at which Union Force?",
                "A12.4",
            )
            .expect("answered")
        };
        let mut replay = Listening(Recorded::new(vec![answer]), Vec::new());
        assert_eq!(ask(&mut b, &mut replay), Some(b.index("kearny").unwrap()));
        assert!(
            replay.1[0].ends_with(": Fire at which Union Force?")
                && replay.1[0].contains("Longstreet"),
            "{:?}",
            replay.1
        );
        let mut policy = Listening(Policy::Objective, Vec::new());
        // The weaker of the two (the policy's choice, from the options).
        assert_eq!(ask(&mut b, &mut policy), Some(b.index("sykes").unwrap()));
        assert_eq!(policy.1, [""]);
        // Recorded answers first: worded while they last.
        let then = ThenPolicy {
            recorded: Recorded::new(vec![answer]),
            policy: Policy::Objective,
        };
        assert!(then.reads_prompts());
        let done = ThenPolicy {
            recorded: Recorded::new(Vec::new()),
            policy: Policy::Objective,
        };
        assert!(!done.reads_prompts());
    }

    /// A11.9: both Hits of a superscript result fall on the target; a Hit
    /// beyond its destruction is lost, never passed to a Force beside it.
    #[test]
    fn hits_fall_on_the_target_only() {
        // Sykes (4/1) at C4 fires on a reduced Longstreet in D4, A.P. Hill
        // beside him in D3.
        let (mut b, mut f) = sheet(&[("sykes", "C4"), ("longstreet", "D4"), ("ap-hill", "D3")]);
        let longstreet = b.index("longstreet").unwrap();
        let hill = b.index("ap-hill").unwrap();
        b.pieces[longstreet].strength = crate::rules::components::Strength::Reduced;
        let (hits, _) = run(&mut b, &[1], Vec::new(), |ctx| {
            let sykes = ctx.board.index("sykes").unwrap();
            attack_on(
                ctx,
                &mut f,
                sykes,
                longstreet,
                Vec::new(),
                "Combat",
                "A14.2.2",
            )
            .unwrap()
        });
        assert_eq!(hits, 2, "a 1 within the superscript");
        assert!(f.unit_of(longstreet).is_none(), "destroyed by the first");
        assert!(f.unit_of(hill).is_some());
        assert_eq!(
            b.pieces[hill].strength,
            crate::rules::components::Strength::Full,
            "the second Hit is lost (A11.9)"
        );
    }
}
