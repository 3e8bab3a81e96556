//! The dice service (DESIGN.md, Determinism): every d10 in the game comes
//! from here, and every roll is written to the chronicle.
//!
//! Three sources sit behind one interface: a seeded Xoshiro256++ stream, a
//! scripted queue (tests and the rulebook's worked examples) and the player's
//! own physical dice typed into the GUI. When a physical die is needed and
//! none has been entered, `d10` returns [`DiceError::NeedDie`]; the caller
//! restores the checkpoint it took, asks the player, and runs the step again.

use bevy::prelude::Resource;
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;
use std::fmt;

use crate::chronicle::{Chronicle, Modifier, RollDetail};

/// Where the dice come from.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum DiceSource {
    /// The program's dice: a seeded Xoshiro256++ stream.
    Seeded { seed: u64, rng: Xoshiro256PlusPlus },
    /// A fixed queue of results, consumed front to back.
    Scripted { queue: VecDeque<u32> },
    /// The player's own dice: results typed in, consumed in order.
    Physical { entered: Vec<u32>, used: usize },
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DiceError {
    /// A physical die must be rolled and entered for this reason.
    NeedDie { reason: String },
    /// The scripted queue ran dry (a test scripted too few dice).
    ScriptExhausted { reason: String },
    /// A typed-in or scripted value outside 1–10.
    BadValue { value: u32 },
}

impl fmt::Display for DiceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DiceError::NeedDie { reason } => write!(f, "roll a d10 for {reason}"),
            DiceError::ScriptExhausted { reason } => {
                write!(f, "scripted dice ran out at \"{reason}\"")
            }
            DiceError::BadValue { value } => {
                write!(
                    f,
                    "{value} is not a d10 result (1-10; a 0 on the die is 10)"
                )
            }
        }
    }
}

impl std::error::Error for DiceError {}

/// A position in the dice stream that a step can go back to.
#[derive(Debug, Clone)]
pub struct DiceCheckpoint {
    source: DiceSource,
    rolled: u64,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Resource)]
pub struct Dice {
    source: DiceSource,
    /// How many dice have been rolled so far.
    rolled: u64,
}

impl Dice {
    pub fn seeded(seed: u64) -> Self {
        Dice {
            source: DiceSource::Seeded {
                seed,
                rng: Xoshiro256PlusPlus::seed_from_u64(seed),
            },
            rolled: 0,
        }
    }

    /// Scripted dice; 0 is accepted as the die's face for 10 (4.5).
    pub fn scripted(values: impl IntoIterator<Item = u32>) -> Self {
        Dice {
            source: DiceSource::Scripted {
                queue: values.into_iter().map(face).collect(),
            },
            rolled: 0,
        }
    }

    pub fn physical() -> Self {
        Dice {
            source: DiceSource::Physical {
                entered: Vec::new(),
                used: 0,
            },
            rolled: 0,
        }
    }

    pub fn source(&self) -> &DiceSource {
        &self.source
    }

    pub fn rolled(&self) -> u64 {
        self.rolled
    }

    /// Scripted dice not yet used.
    pub fn scripted_left(&self) -> Option<usize> {
        match &self.source {
            DiceSource::Scripted { queue } => Some(queue.len()),
            _ => None,
        }
    }

    /// The player typed in the result of a physical die.
    pub fn enter(&mut self, value: u32) -> Result<(), DiceError> {
        let value = face(value);
        if !(1..=10).contains(&value) {
            return Err(DiceError::BadValue { value });
        }
        match &mut self.source {
            DiceSource::Physical { entered, .. } => entered.push(value),
            DiceSource::Scripted { queue } => queue.push_back(value),
            DiceSource::Seeded { .. } => {}
        }
        Ok(())
    }

    pub fn checkpoint(&self) -> DiceCheckpoint {
        DiceCheckpoint {
            source: self.source.clone(),
            rolled: self.rolled,
        }
    }

    /// Go back to a checkpoint; physical dice typed in since are kept and
    /// will be used again, in order.
    pub fn restore(&mut self, checkpoint: DiceCheckpoint) {
        let entered_now = match &self.source {
            DiceSource::Physical { entered, .. } => Some(entered.clone()),
            _ => None,
        };
        self.source = checkpoint.source;
        self.rolled = checkpoint.rolled;
        if let (DiceSource::Physical { entered, .. }, Some(now)) = (&mut self.source, entered_now) {
            *entered = now;
        }
    }

    /// One d10, 1–10 (a '0' on the die counts as 10, 4.5). `reason` names
    /// the rule, e.g. "14.5 rout". Use [`roll_d10`] or [`roll_check`] in rules
    /// code so that the roll is chronicled.
    pub fn d10(&mut self, reason: &str) -> Result<u32, DiceError> {
        self.d10_for(|| reason.to_string())
    }

    /// [`Dice::d10`] with the reason worded only when it is shown (a die to
    /// enter, a script run out): most rolls never need it.
    pub fn d10_for(&mut self, reason: impl FnOnce() -> String) -> Result<u32, DiceError> {
        let value = match &mut self.source {
            DiceSource::Seeded { rng, .. } => uniform_d10(rng),
            DiceSource::Scripted { queue } => queue
                .pop_front()
                .ok_or_else(|| DiceError::ScriptExhausted { reason: reason() })?,
            DiceSource::Physical { entered, used } => {
                let v = *entered
                    .get(*used)
                    .ok_or_else(|| DiceError::NeedDie { reason: reason() })?;
                *used += 1;
                v
            }
        };
        if !(1..=10).contains(&value) {
            return Err(DiceError::BadValue { value });
        }
        self.rolled += 1;
        Ok(value)
    }

    /// A uniform pick of one index in `0..n`, for random choices the rules
    /// make ("select 1 random Insight", drawing from a cup). Uses d10s only,
    /// so that physical dice can answer it: rolls are read as base-10
    /// digits and out-of-range results are re-rolled.
    pub fn pick(&mut self, n: usize, reason: &str) -> Result<usize, DiceError> {
        self.pick_with_dice(n, reason).map(|(i, _)| i)
    }

    /// [`Dice::pick`], also returning the dice rolled for it.
    pub fn pick_with_dice(
        &mut self,
        n: usize,
        reason: &str,
    ) -> Result<(usize, Vec<u32>), DiceError> {
        self.pick_with_dice_for(n, || reason.to_string())
    }

    /// [`Dice::pick_with_dice`] with the reason worded only when shown.
    pub fn pick_with_dice_for(
        &mut self,
        n: usize,
        reason: impl Fn() -> String,
    ) -> Result<(usize, Vec<u32>), DiceError> {
        assert!(n > 0, "pick from an empty set: {}", reason());
        let mut rolled = Vec::new();
        if n == 1 {
            return Ok((0, rolled));
        }
        let mut digits = 0u32;
        let mut span = 1u64;
        while span < n as u64 {
            span *= 10;
            digits += 1;
        }
        let limit = (span / n as u64) * n as u64;
        loop {
            let mut v = 0u64;
            for _ in 0..digits {
                let d = self.d10_for(&reason)?;
                rolled.push(d);
                v = v * 10 + (d % 10) as u64;
            }
            if v < limit {
                return Ok(((v % n as u64) as usize, rolled));
            }
        }
    }
}

/// A '0' face reads as 10 (4.5).
fn face(v: u32) -> u32 {
    if v == 0 { 10 } else { v }
}

/// Unbiased 1–10 from the generator by rejection: fixed forever, unlike a
/// library's range sampler that may change between versions.
fn uniform_d10(rng: &mut Xoshiro256PlusPlus) -> u32 {
    const ZONE: u32 = u32::MAX - (u32::MAX % 10) - 1;
    loop {
        let x = rng.next_u32();
        if x <= ZONE {
            return x % 10 + 1;
        }
    }
}

/// The outcome of a "roll N or less" check.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CheckOutcome {
    pub die: u32,
    pub target: i32,
    pub success: bool,
}

/// A "roll the target or less" check (4.5, 5.6, 5.7, 11.2, 11.4.2, 11.6).
#[derive(Debug, Clone)]
pub struct Check {
    /// What is being rolled for ("Activation check: Longstreet").
    pub what: String,
    /// The rule that calls for the roll ("5.6").
    pub rule: &'static str,
    /// The printed number being rolled against and where it comes from.
    pub base: i32,
    pub base_label: String,
    pub modifiers: Vec<Modifier>,
}

impl Check {
    pub fn new(
        what: impl Into<String>,
        rule: &'static str,
        base: i32,
        base_label: impl Into<String>,
    ) -> Self {
        Check {
            what: what.into(),
            rule,
            base,
            base_label: base_label.into(),
            modifiers: Vec::new(),
        }
    }

    pub fn modifier(
        mut self,
        amount: i32,
        source: impl Into<crate::chronicle::Text>,
        rule: &'static str,
    ) -> Self {
        self.modifiers.push(Modifier::new(amount, source, rule));
        self
    }

    pub fn target(&self) -> i32 {
        self.base + self.modifiers.iter().map(|m| m.amount).sum::<i32>()
    }
}

/// 4.5: a natural 1 always succeeds, a natural 10 always fails; otherwise
/// the die must be the target or less.
pub fn succeeds(die: u32, target: i32) -> bool {
    match die {
        1 => true,
        10 => false,
        d => d as i32 <= target,
    }
}

/// Roll a check and chronicle it.
pub fn roll_check(
    dice: &mut Dice,
    chronicle: &mut Chronicle,
    check: Check,
) -> Result<CheckOutcome, DiceError> {
    let die = dice.d10_for(|| format!("{} {}", check.rule, check.what))?;
    let target = check.target();
    let success = succeeds(die, target);
    let natural = match die {
        1 => " (natural 1 always succeeds, 4.5)",
        10 => " (natural 10 always fails, 4.5)",
        _ => "",
    };
    if chronicle.is_quiet() {
        return Ok(CheckOutcome {
            die,
            target,
            success,
        });
    }
    chronicle.roll(
        check.rule,
        check.what,
        RollDetail {
            die,
            target: Some(target),
            base: Some((check.base, format!("{} {}", check.base_label, check.base))),
            modifiers: check.modifiers,
            outcome: format!("{}{natural}", if success { "success" } else { "failure" }),
        },
    );
    Ok(CheckOutcome {
        die,
        target,
        success,
    })
}

/// A plain d10 read against a table; the caller states the outcome.
pub fn roll_d10(
    dice: &mut Dice,
    chronicle: &mut Chronicle,
    rule: &'static str,
    what: impl Into<String>,
    outcome: impl FnOnce(u32) -> String,
) -> Result<u32, DiceError> {
    let what = what.into();
    let die = dice.d10_for(|| format!("{rule} {what}"))?;
    if chronicle.is_quiet() {
        return Ok(die);
    }
    chronicle.roll(
        rule,
        what,
        RollDetail {
            die,
            target: None,
            base: None,
            modifiers: Vec::new(),
            outcome: outcome(die),
        },
    );
    Ok(die)
}

/// A random choice among named candidates (20.0, docs/rulings.md ),
/// chronicled with the dice that made it. Returns the index chosen.
pub fn pick_logged(
    dice: &mut Dice,
    chronicle: &mut Chronicle,
    rule: &'static str,
    what: &str,
    count: usize,
    name: impl Fn(usize) -> String,
) -> Result<usize, DiceError> {
    let (i, rolled) = dice.pick_with_dice_for(count, || format!("{rule} {what}"))?;
    // Candidates are named only for a chronicle that keeps the line.
    if count > 1 && !chronicle.is_quiet() {
        let dice_text: Vec<String> = rolled.iter().map(u32::to_string).collect();
        let among = if count <= 8 {
            (0..count).map(&name).collect::<Vec<_>>().join(", ")
        } else {
            format!("{count} candidates")
        };
        chronicle.note(
            rule,
            format!(
                "{what}: {} chosen at random from {among} (d10: {}).",
                name(i),
                dice_text.join(", ")
            ),
        );
    }
    Ok(i)
}

/// The number of Hits an attack roll scores (5.7, 11.6, 11.8): the die must
/// be the modified Combat Value or less for one Hit, and also the modified
/// superscript or less for two. No superscript counts as 0; a modified
/// superscript of 0 or less never gives two Hits, not even on a natural 1.
pub fn attack_hits(die: u32, combat: i32, superior: i32) -> u32 {
    if !succeeds(die, combat) {
        return 0;
    }
    if superior > 0 && die as i32 <= superior {
        2
    } else {
        1
    }
}

/// Roll an attack and chronicle it; returns the Hits scored.
pub fn roll_attack(
    dice: &mut Dice,
    chronicle: &mut Chronicle,
    what: impl Into<String>,
    rule: &'static str,
    combat: (i32, i32),
    modifiers: Vec<Modifier>,
) -> Result<u32, DiceError> {
    let what = what.into();
    let die = dice.d10_for(|| format!("{rule} {what}"))?;
    let total: i32 = modifiers.iter().map(|m| m.amount).sum();
    let superior_total: i32 = modifiers.iter().map(Modifier::superior_amount).sum();
    let (cv, sup) = (combat.0 + total, combat.1 + superior_total);
    let hits = attack_hits(die, cv, sup);
    chronicle.roll(
        rule,
        what,
        RollDetail {
            die,
            target: Some(cv),
            base: Some((combat.0, format!("Combat Value {}/{}", combat.0, combat.1))),
            modifiers,
            outcome: match hits {
                0 => "miss".to_string(),
                1 => "1 Hit".to_string(),
                n => format!("{n} Hits"),
            },
        },
    );
    Ok(hits)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chron() -> Chronicle {
        Chronicle::default()
    }

    #[test]
    fn same_seed_same_dice_different_seed_different_dice() {
        let roll = |seed| {
            let mut d = Dice::seeded(seed);
            (0..50).map(|_| d.d10("test").unwrap()).collect::<Vec<_>>()
        };
        assert_eq!(roll(7), roll(7));
        assert_ne!(roll(7), roll(8));
    }

    #[test]
    fn seeded_dice_are_fair() {
        let mut d = Dice::seeded(2026);
        let mut count = [0u32; 11];
        for _ in 0..100_000 {
            count[d.d10("fairness").unwrap() as usize] += 1;
        }
        assert_eq!(count[0], 0);
        for (face, n) in count.iter().enumerate().skip(1) {
            assert!(
                (9_500..=10_500).contains(n),
                "face {face} came up {n} times in 100000"
            );
        }
        assert_eq!(d.rolled(), 100_000);
    }

    #[test]
    fn scripted_dice_read_zero_as_ten_and_run_out_loudly() {
        let mut d = Dice::scripted([0, 3]);
        assert_eq!(d.d10("a").unwrap(), 10);
        assert_eq!(d.d10("b").unwrap(), 3);
        assert_eq!(
            d.d10("14.5 rout"),
            Err(DiceError::ScriptExhausted {
                reason: "14.5 rout".into()
            })
        );
    }

    #[test]
    fn scripted_dice_refuse_impossible_faces() {
        let mut d = Dice::scripted([11]);
        assert_eq!(d.d10("x"), Err(DiceError::BadValue { value: 11 }));
    }

    #[test]
    fn physical_dice_ask_then_use_what_was_typed_in_after_a_restore() {
        let mut d = Dice::physical();
        let mut c = chron();
        let cp = d.checkpoint();
        let len = c.len();
        // A step needing two dice: the first is there, the second is not.
        d.enter(4).unwrap();
        let step = |d: &mut Dice, c: &mut Chronicle| -> Result<(u32, u32), DiceError> {
            let a = roll_d10(d, c, "10.2.3", "Fog of War", |v| format!("row {v}"))?;
            let b = roll_d10(d, c, "10.2.5", "event roll", |v| format!("{v}"))?;
            Ok((a, b))
        };
        assert_eq!(
            step(&mut d, &mut c),
            Err(DiceError::NeedDie {
                reason: "10.2.5 event roll".into()
            })
        );
        // The caller puts things back, asks the player, runs the step again.
        d.restore(cp);
        c.truncate(len);
        d.enter(0).unwrap();
        assert_eq!(step(&mut d, &mut c), Ok((4, 10)));
        assert_eq!(c.len(), len + 2);
        assert_eq!(d.enter(12), Err(DiceError::BadValue { value: 12 }));
    }

    /// 4.5: natural 1 always succeeds, natural 10 always fails.
    #[test]
    fn naturals_override_the_target() {
        assert!(succeeds(1, -3));
        assert!(succeeds(1, 0));
        assert!(!succeeds(10, 12));
        assert!(succeeds(9, 12));
        assert!(succeeds(7, 7));
        assert!(!succeeds(8, 7));
    }

    /// 11.2 example: Activation 7, roll 7 or less.
    #[test]
    fn activation_check_is_chronicled_with_target_and_modifiers() {
        let mut d = Dice::scripted([4, 2]);
        let mut c = chron();
        let out = roll_check(
            &mut d,
            &mut c,
            Check::new(
                "Activation check: Longstreet (Engage)",
                "11.2",
                7,
                "Activation",
            ),
        )
        .unwrap();
        assert_eq!(
            out,
            CheckOutcome {
                die: 4,
                target: 7,
                success: true
            }
        );
        // 12.3.5 example: Activation 3, -2 in Line: must roll 1; rolls 2.
        let out = roll_check(
            &mut d,
            &mut c,
            Check::new(
                "Activation check: Longstreet (Fighting Retreat)",
                "12.3.5",
                3,
                "Activation",
            )
            .modifier(-2, "Fighting Retreat in Line", "12.3.5"),
        )
        .unwrap();
        assert!(!out.success);
        assert_eq!(out.target, 1);
        let e = &c.entries()[1];
        assert_eq!(e.rule, "12.3.5");
        let r = e.roll.as_ref().unwrap();
        assert_eq!((r.die, r.target), (2, Some(1)));
        assert_eq!(r.modifiers[0].amount, -2);
        assert_eq!(r.outcome, "failure");
        assert!(e.line().contains("d10 = 2 vs 1"), "{}", e.line());
    }

    #[test]
    fn natural_ten_fails_even_at_a_high_target_and_says_why() {
        let mut d = Dice::scripted([10]);
        let mut c = chron();
        let out = roll_check(
            &mut d,
            &mut c,
            Check::new("Shock check: Slocum", "11.4.2", 8, "Combat Value").modifier(
                2,
                "Hard Cover",
                "14.1.2",
            ),
        )
        .unwrap();
        assert!(!out.success);
        assert!(
            c.entries()[0]
                .roll
                .as_ref()
                .unwrap()
                .outcome
                .contains("4.5")
        );
    }

    /// 11.6 example: Combat Value 6/3: 1 Hit on 4–6, 2 Hits on 1–3, miss on 7+.
    #[test]
    fn attack_six_three() {
        let hits: Vec<u32> = (1..=10).map(|d| attack_hits(d, 6, 3)).collect();
        assert_eq!(hits, vec![2, 2, 2, 1, 1, 1, 0, 0, 0, 0]);
    }

    /// 11.8 example: CV 6 with no superscript: natural 1 is one Hit; with
    /// Aimed Volley +3/+1 it is 9/1 and a natural 1 is two Hits.
    #[test]
    fn aimed_volley_superscript_from_zero() {
        assert_eq!(attack_hits(1, 6, 0), 1);
        assert_eq!(attack_hits(1, 6 + 3, 1), 2);
        assert_eq!(attack_hits(9, 9, 1), 1);
        assert_eq!(attack_hits(10, 9, 1), 0);
    }

    /// 11.7.2 example: artillery CV 3 at range 5 (-3/-3) needs a natural 1
    /// for one Hit; at range 1 (+2/+2) it is 5/2.
    #[test]
    fn artillery_range_examples() {
        assert_eq!(attack_hits(1, 0, -3), 1);
        assert_eq!(attack_hits(2, 0, -3), 0);
        assert_eq!(attack_hits(5, 5, 2), 1);
        assert_eq!(attack_hits(2, 5, 2), 2);
        assert_eq!(attack_hits(6, 5, 2), 0);
    }

    /// 5.7: a superscript modified to zero or less never gives two Hits,
    /// not even on a natural 1 (14.1.2 example: 6/0 at -3/-3 hits on a 1).
    #[test]
    fn superscript_at_or_below_zero_never_doubles() {
        assert_eq!(attack_hits(1, 3, -3), 1);
        assert_eq!(attack_hits(1, -1, -4), 1);
    }

    /// 10.2.12.3 example: Union 9/3 attacking an Entrenched Force attacks at
    /// 7/1 and a 1 scores two Hits.
    #[test]
    fn entrench_example_roll_attack() {
        let mut d = Dice::scripted([1]);
        let mut c = chron();
        let hits = roll_attack(
            &mut d,
            &mut c,
            "Combat: Union Force against an Entrenched Force",
            "11.6",
            (9, 3),
            vec![Modifier::pair(-2, -2, "Entrench Insight", "10.2.12.3")],
        )
        .unwrap();
        assert_eq!(hits, 2);
        let r = c.entries()[0].roll.as_ref().unwrap();
        assert_eq!(r.target, Some(7));
        assert_eq!(r.outcome, "2 Hits");
    }

    #[test]
    fn pick_is_in_range_deterministic_and_uses_d10s() {
        let mut a = Dice::seeded(11);
        let mut b = Dice::seeded(11);
        let xs: Vec<usize> = (0..200).map(|_| a.pick(7, "cup").unwrap()).collect();
        let ys: Vec<usize> = (0..200).map(|_| b.pick(7, "cup").unwrap()).collect();
        assert_eq!(xs, ys);
        assert!(xs.iter().all(|&x| x < 7));
        for v in 0..7 {
            assert!(xs.contains(&v));
        }
        // Scripted: a 0 face (10) reads as digit 0; a 9 is out of range for
        // 3 choices (0..9 is 3×3) and is re-rolled.
        let mut s = Dice::scripted([9, 10, 5]);
        assert_eq!(s.pick(3, "x").unwrap(), 0);
        assert_eq!(s.pick(3, "x").unwrap(), 2);
        // Two digits for 12 choices.
        let mut s = Dice::scripted([1, 1]);
        assert_eq!(s.pick(12, "x").unwrap(), 11);
    }
}
