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

use crate::campaign::Side;
use crate::chronicle::{Chronicle, FaceSet, Luck, Modifier, RollDetail};

mod faces;
pub use faces::{DieFaces, Face, FaceKind, FaceOutcome};

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
    /// A fixed queue, then the program's dice seeded `seed` from their first
    /// roll (`fcrel odds` replaying a battle's dice so far, then its own).
    ScriptedThenSeeded {
        queue: VecDeque<u32>,
        seed: u64,
        rng: Xoshiro256PlusPlus,
    },
    /// The program's dice seeded `seed`, seeded again at each of
    /// `reseeds` when that many dice have been rolled: a what-if branch
    /// with fresh dice from its branch point on (docs/save-format.md).
    Reseeded {
        seed: u64,
        rng: Xoshiro256PlusPlus,
        reseeds: Vec<Reseed>,
        /// Reseeds already made.
        next: usize,
    },
}

/// From the `from`th die on (counted from 0), the program's dice are
/// seeded `seed` (a branch's fresh dice).
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq)]
pub struct Reseed {
    pub from: u64,
    pub seed: u64,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DiceError {
    /// A physical die must be rolled and entered for this reason; `key`
    /// says, for a random pick, which numbers choose what, and
    /// `faces` what each face does, typed (a check's success range, an
    /// attack's Hits, a table's rows, a pick's candidates). Only `reason`
    /// names the die (a save waiting on it keeps the reason).
    NeedDie {
        reason: String,
        key: Option<String>,
        faces: Option<Box<DieFaces>>,
    },
    /// The scripted queue ran dry (a test scripted too few dice).
    ScriptExhausted { reason: String },
    /// A typed-in or scripted value outside 1–10.
    BadValue { value: u32 },
}

impl fmt::Display for DiceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DiceError::NeedDie { reason, .. } => write!(f, "roll a d10 for {reason}"),
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

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Resource)]
pub struct Dice {
    source: DiceSource,
    /// How many dice have been rolled so far.
    rolled: u64,
}

/// A seed no earlier game used: the OS's randomness (the keys std seeds
/// each `RandomState` with) hashed with the clock's nanoseconds. It is
/// taken once, at set-up; from then on it is only the game's seed, saved
/// with it, and every die comes from [`Dice::seeded`] (DESIGN.md): the
/// one place outside a game where fcrel draws randomness.
pub fn fresh_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u64(nanos);
    // Short enough to read out and type in again: 1 to 999 999 999.
    h.finish() % 999_999_999 + 1
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

    /// The program's dice seeded `seed`, seeded again at each reseed (in
    /// order of `from`); without any, exactly [`Dice::seeded`].
    pub fn reseeded(seed: u64, reseeds: &[Reseed]) -> Self {
        if reseeds.is_empty() {
            return Dice::seeded(seed);
        }
        let mut reseeds = reseeds.to_vec();
        reseeds.sort_by_key(|r| r.from);
        Dice {
            source: DiceSource::Reseeded {
                seed,
                rng: Xoshiro256PlusPlus::seed_from_u64(seed),
                reseeds,
                next: 0,
            },
            rolled: 0,
        }
    }

    /// `values` first, then the dice [`Dice::seeded`] rolls for `seed`.
    pub fn scripted_then_seeded(values: impl IntoIterator<Item = u32>, seed: u64) -> Self {
        Dice {
            source: DiceSource::ScriptedThenSeeded {
                queue: values.into_iter().map(face).collect(),
                seed,
                rng: Xoshiro256PlusPlus::seed_from_u64(seed),
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
            DiceSource::Seeded { .. }
            | DiceSource::ScriptedThenSeeded { .. }
            | DiceSource::Reseeded { .. } => {}
        }
        Ok(())
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
            DiceSource::Reseeded {
                rng, reseeds, next, ..
            } => {
                while let Some(r) = reseeds.get(*next).filter(|r| r.from <= self.rolled) {
                    *rng = Xoshiro256PlusPlus::seed_from_u64(r.seed);
                    *next += 1;
                }
                uniform_d10(rng)
            }
            DiceSource::Scripted { queue } => queue
                .pop_front()
                .ok_or_else(|| DiceError::ScriptExhausted { reason: reason() })?,
            DiceSource::ScriptedThenSeeded { queue, rng, .. } => {
                queue.pop_front().unwrap_or_else(|| uniform_d10(rng))
            }
            DiceSource::Physical { entered, used } => {
                let v = *entered.get(*used).ok_or_else(|| DiceError::NeedDie {
                    reason: reason(),
                    key: None,
                    faces: None,
                })?;
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
    /// digits and out-of-range results are re-rolled. Returns the index and
    /// the dice rolled for it; `reason` is worded only when a die asks.
    pub fn pick(
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
            for k in 0..digits {
                let d = self.d10_for(&reason).map_err(|e| match e {
                    DiceError::NeedDie { reason, .. } => DiceError::NeedDie {
                        reason,
                        key: Some(pick_key(n, k, digits)),
                        faces: Some(Box::new(DieFaces::pick(n, k, digits, |i| {
                            format!("#{}", i + 1)
                        }))),
                    },
                    other => other,
                })?;
                rolled.push(d);
                v = v * 10 + (d % 10) as u64;
            }
            if v < limit {
                return Ok(((v % n as u64) as usize, rolled));
            }
        }
    }
}

/// How one die picks among `n` (2 to 10) candidates: each
/// candidate's faces, a 10 reading 0, and the faces rolled again, e.g.
/// "2, 4, 6, 8, 10 → A; 1, 3, 5, 7, 9 → B".
fn one_die_faces(n: usize, name: impl Fn(usize) -> String) -> String {
    let limit = 10 / n as u64 * n as u64;
    let faces = |i: usize| -> Vec<String> {
        (1..=10u64)
            .filter(|f| f % 10 < limit && (f % 10) as usize % n == i)
            .map(|f| f.to_string())
            .collect()
    };
    let mut parts: Vec<String> = (0..n)
        .map(|i| format!("{} → {}", faces(i).join(", "), name(i)))
        .collect();
    if limit < 10 {
        let again: Vec<String> = (limit..10).map(|f| f.to_string()).collect();
        parts.push(format!("{}: roll again", again.join(", ")));
    }
    parts.join("; ")
}

/// for a player rolling a pick: how `Dice::pick` reads the dice, the
/// `k`th of `digits` asked now. Candidates are numbered from 0 in the order
/// [`pick_logged`] names them.
fn pick_key(n: usize, k: u32, digits: u32) -> String {
    let limit = 10u64.pow(digits) / n as u64 * n as u64;
    if digits == 1 {
        return one_die_faces(n, |i| format!("#{}", i + 1));
    }
    format!(
        "die {} of {digits} ({}): the {digits} dice read as one number, first die first, a 10 reading 0; \
         {limit} or more: roll them again; otherwise the remainder after dividing it by {n}, plus 1, is the number chosen",
        k + 1,
        if k == 0 {
            "the first digit"
        } else {
            "the next digit"
        },
    )
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
    /// The side a success helps: the checking Force's, or the side whose
    /// plan or event is rolled for (the luck record, `crate::luck`).
    pub side: Side,
    /// What is being rolled for ("Activation check: Longstreet").
    pub what: String,
    /// The rule that calls for the roll ("5.6").
    pub rule: &'static str,
    /// The printed number being rolled against and where it comes from.
    pub base: i32,
    pub base_label: String,
    pub modifiers: Vec<Modifier>,
    /// What a success and a failure do, for a player rolling the die
    /// (`DieFaces`); None: "success", "failure".
    pub then: Option<(&'static str, &'static str)>,
}

impl Check {
    /// A check for `side` (the side a success helps).
    pub fn new(
        side: Side,
        what: impl Into<String>,
        rule: &'static str,
        base: i32,
        base_label: impl Into<String>,
    ) -> Self {
        Check {
            side,
            what: what.into(),
            rule,
            base,
            base_label: base_label.into(),
            modifiers: Vec::new(),
            then: None,
        }
    }

    /// What a success and a failure do ("acts", "does not act"), shown on
    /// each face to a player rolling their own die.
    pub fn then(mut self, success: &'static str, failure: &'static str) -> Self {
        self.then = Some((success, failure));
        self
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
    let target = check.target();
    let die = dice
        .d10_for(|| format!("{} {}", check.rule, check.what))
        .map_err(|e| with_faces(e, || DieFaces::check(target, check.then)))?;
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
            luck: Some(Luck::check(check.side)),
        },
    );
    Ok(CheckOutcome {
        die,
        target,
        success,
    })
}

/// A plain d10 read against a table; the caller states the outcome of
/// each face (`outcome` words the face rolled, and every face for a player
/// rolling their own die).
pub fn roll_d10(
    dice: &mut Dice,
    chronicle: &mut Chronicle,
    rule: &'static str,
    what: impl Into<String>,
    outcome: impl Fn(u32) -> String,
) -> Result<u32, DiceError> {
    roll_table(dice, chronicle, rule, what, None, outcome)
}

/// [`roll_d10`] with `what` worded only when it is shown (a kept
/// chronicle line, a die to enter, a script run out): a quiet game's
/// Union Orders rolls (16.1) named their group for nothing.
pub fn roll_d10_for(
    dice: &mut Dice,
    chronicle: &mut Chronicle,
    rule: &'static str,
    what: impl FnOnce() -> String,
    outcome: impl Fn(u32) -> String,
) -> Result<u32, DiceError> {
    if !chronicle.is_quiet() {
        return roll_d10(dice, chronicle, rule, what(), outcome);
    }
    dice.d10_for(|| format!("{rule} {}", what()))
        .map_err(|e| with_faces(e, || DieFaces::table(None, &outcome)))
}

/// [`roll_d10`] on a table whose rows favour one side or the other:
/// `luck` names the side and its good faces (the luck record).
pub fn roll_table(
    dice: &mut Dice,
    chronicle: &mut Chronicle,
    rule: &'static str,
    what: impl Into<String>,
    luck: Option<(Side, FaceSet)>,
    outcome: impl Fn(u32) -> String,
) -> Result<u32, DiceError> {
    let what = what.into();
    let die = dice
        .d10_for(|| format!("{rule} {what}"))
        .map_err(|e| with_faces(e, || DieFaces::table(luck.map(|l| l.1), &outcome)))?;
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
            luck: luck.map(|(side, good)| Luck::table(side, good)),
        },
    );
    Ok(die)
}

/// A die the player must roll, with what its faces do.
pub(crate) fn with_faces(e: DiceError, faces: impl FnOnce() -> DieFaces) -> DiceError {
    match e {
        DiceError::NeedDie { reason, key, .. } => DiceError::NeedDie {
            reason,
            key,
            faces: Some(Box::new(faces())),
        },
        other => other,
    }
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
    let (i, rolled) = dice
        .pick(count, || format!("{rule} {what}"))
        .map_err(|e| match e {
            // The player rolling needs the candidates by number.
            DiceError::NeedDie { reason, key, faces } => {
                let names: Vec<String> = (0..count)
                    .map(|i| format!("#{} {}", i + 1, name(i)))
                    .collect();
                let faces = faces.map(|f| match f.kind {
                    FaceKind::Pick { die, dice, .. } => {
                        Box::new(DieFaces::pick(count, die - 1, dice, &name))
                    }
                    _ => f,
                });
                DiceError::NeedDie {
                    reason,
                    key: Some(format!("{}. {}", key.unwrap_or_default(), names.join(", "))),
                    faces,
                }
            }
            other => other,
        })?;
    // Candidates are named only for a chronicle that keeps the line.
    if count > 1 && !chronicle.is_quiet() {
        let dice_text: Vec<String> = rolled.iter().map(u32::to_string).collect();
        let among = if count <= 8 {
            (0..count).map(&name).collect::<Vec<_>>().join(", ")
        } else {
            format!("{count} candidates")
        };
        // With one die, which faces choose which.
        let key = if count <= 10 {
            format!("; {}", one_die_faces(count, &name))
        } else {
            String::new()
        };
        chronicle.note_with(rule, || {
            format!(
                "{what}: {} chosen at random from {among} (d10: {}{key}).",
                name(i),
                dice_text.join(", ")
            )
        });
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

    /// A branch's fresh dice: the same dice as the game up to the branch
    /// point, then those of the new seed from their first roll.
    #[test]
    fn reseeded_dice_follow_the_game_then_the_new_seed() {
        let roll = |mut d: Dice, n: usize| (0..n).map(|_| d.d10("x").unwrap()).collect::<Vec<_>>();
        let game = roll(Dice::seeded(7), 30);
        let fresh = roll(Dice::seeded(99), 30);
        let branch = roll(Dice::reseeded(7, &[Reseed { from: 12, seed: 99 }]), 30);
        assert_eq!(branch[..12], game[..12]);
        assert_eq!(branch[12..], fresh[..18]);
        assert_ne!(branch[12..], game[12..]);
        // A branch of a branch keeps both.
        let twice = [Reseed { from: 12, seed: 99 }, Reseed { from: 20, seed: 5 }];
        let again = roll(Dice::reseeded(7, &twice), 30);
        assert_eq!(again[..20], branch[..20]);
        assert_eq!(again[20..], roll(Dice::seeded(5), 10)[..]);
        assert_eq!(Dice::reseeded(7, &[]), Dice::seeded(7));
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

    /// with the player's dice: a pick's die says which faces
    /// choose which candidate (a 10 reads 0; faces past the last full
    /// round are rolled again), and a pick from more than ten which die of
    /// the number it is. The faces agree with the pick the dice make.
    #[test]
    fn a_physical_pick_says_which_numbers_choose_what() {
        let mut c = chron();
        let mut d = Dice::physical();
        let names = ["Slocum", "Smith", "Peck"];
        let err = pick_logged(&mut d, &mut c, "11.9", "Hit", 3, |i| names[i].into()).unwrap_err();
        let DiceError::NeedDie { reason, key, faces } = err else {
            panic!("{err:?}")
        };
        assert_eq!(reason, "11.9 Hit");
        // The same, typed: each face's candidate or a re-roll.
        let faces = faces.expect("a pick's faces");
        let picks: Vec<FaceOutcome> = faces.faces.iter().map(|f| f.outcome).collect();
        use FaceOutcome::{Picks, RollAgain};
        assert_eq!(
            picks,
            [1, 2, 0, 1, 2, 0, 1, 2]
                .map(|index| Picks { index })
                .into_iter()
                .chain([RollAgain, Picks { index: 0 }])
                .collect::<Vec<_>>()
        );
        assert_eq!(faces.faces[2].text, "Slocum");
        assert_eq!(
            faces.kind,
            FaceKind::Pick {
                candidates: names.map(String::from).to_vec(),
                die: 1,
                dice: 1
            }
        );
        assert_eq!(
            key.as_deref(),
            Some(
                "3, 6, 10 → #1; 1, 4, 7 → #2; 2, 5, 8 → #3; 9: roll again. #1 Slocum, #2 Smith, #3 Peck"
            )
        );
        for (face, chosen) in [(3, 0), (6, 0), (10, 0), (1, 1), (7, 1), (2, 2), (8, 2)] {
            let mut d = Dice::physical();
            d.enter(face).unwrap();
            assert_eq!(
                pick_logged(&mut d, &mut c, "11.9", "Hit", 3, |i| names[i].into()),
                Ok(chosen)
            );
        }
        let mut d = Dice::physical();
        d.enter(7).unwrap();
        let Err(DiceError::NeedDie {
            key: Some(key),
            faces: Some(faces),
            ..
        }) = d.pick(12, || "18.2 area".into())
        else {
            panic!("a second die is needed")
        };
        assert_eq!(faces.faces[9].outcome, FaceOutcome::Digit { value: 0 });
        assert!(key.starts_with("die 2 of 2"), "{key}");
        assert!(key.contains("96 or more: roll them again"), "{key}");
    }

    /// The player's dice: a step that needs a die nobody typed in stops
    /// with `NeedDie`; it runs again from its start (the sequence keeps the
    /// dice as the step began) with every die typed in so far, in order.
    #[test]
    fn physical_dice_ask_then_use_what_was_typed_in() {
        let start = Dice::physical();
        let mut c = chron();
        let len = c.len();
        let step = |d: &mut Dice, c: &mut Chronicle| -> Result<(u32, u32), DiceError> {
            let a = roll_d10(d, c, "10.2.3", "Fog of War", |v| format!("row {v}"))?;
            let b = roll_d10(d, c, "10.2.5", "event roll", |v| format!("{v}"))?;
            Ok((a, b))
        };
        let mut d = start.clone();
        d.enter(4).unwrap();
        assert_eq!(
            step(&mut d, &mut c),
            Err(DiceError::NeedDie {
                reason: "10.2.5 event roll".into(),
                key: None,
                faces: Some(Box::new(DieFaces::table(None, |v| format!("{v}")))),
            })
        );
        c.truncate(len);
        let mut d = start.clone();
        d.enter(4).unwrap();
        d.enter(0).unwrap();
        assert_eq!(step(&mut d, &mut c), Ok((4, 10)));
        assert_eq!(c.len(), len + 2);
        assert_eq!(d.enter(12), Err(DiceError::BadValue { value: 12 }));
    }

    #[test]
    fn superscript_at_or_below_zero_never_doubles() {
        assert_eq!(attack_hits(1, 3, -3), 1);
        assert_eq!(attack_hits(1, -1, -4), 1);
    }

    #[test]
    fn pick_is_in_range_deterministic_and_uses_d10s() {
        let mut a = Dice::seeded(11);
        let mut b = Dice::seeded(11);
        let xs: Vec<usize> = (0..200)
            .map(|_| a.pick(7, || "cup".into()).unwrap().0)
            .collect();
        let ys: Vec<usize> = (0..200)
            .map(|_| b.pick(7, || "cup".into()).unwrap().0)
            .collect();
        assert_eq!(xs, ys);
        assert!(xs.iter().all(|&x| x < 7));
        for v in 0..7 {
            assert!(xs.contains(&v));
        }
        // Scripted: a 0 face (10) reads as digit 0; a 9 is out of range for
        // 3 choices (0..9 is 3×3) and is re-rolled.
        let mut s = Dice::scripted([9, 10, 5]);
        assert_eq!(s.pick(3, || "x".into()).unwrap().0, 0);
        assert_eq!(s.pick(3, || "x".into()).unwrap().0, 2);
        // Two digits for 12 choices.
        let mut s = Dice::scripted([1, 1]);
        assert_eq!(s.pick(12, || "x".into()).unwrap().0, 11);
    }
}
