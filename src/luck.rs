//! The luck record (issue 38): every roll whose chance is known, counted
//! for the side it was rolled for, read from the chronicle's roll entries
//! (`chronicle::RollDetail::luck_outcome`). It adds nothing to the game:
//! the die, the target and the faces a table calls good are all in the
//! entry, the side the roll hoped for is its `luck` tag, the Campaign Turn
//! and the battle are the chronicle's marks. So the record is exact and
//! the same for every replay of a game.
//!
//! A side's account holds how many rolls had each chance (0 to 10 good
//! faces of 10) and how many of them went its way. The successes of rolls
//! with unequal chances follow a Poisson-binomial distribution; it is
//! computed exactly (each chance's binomial, convolved: dynamic
//! programming over the rolls), so "as bad or worse in 12% of games" is
//! the probability that the same rolls give as few successes or fewer.

use serde::{Deserialize, Serialize};

use crate::campaign::Side;
use crate::chronicle::{Chronicle, RollKind};

/// One side's rolls: `rolls[k]` rolls had `k` good faces of ten, and
/// `good[k]` of them went the side's way.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Account {
    pub rolls: [u32; 11],
    pub good: [u32; 11],
}

impl Account {
    /// Count one roll with `faces` good faces of ten.
    pub fn add(&mut self, faces: u32, success: bool) {
        let k = faces.min(10) as usize;
        self.rolls[k] += 1;
        if success {
            self.good[k] += 1;
        }
    }

    /// Both accounts together (a game's turns, a Grand Campaign's games).
    pub fn merge(&mut self, other: &Account) {
        for k in 0..=10 {
            self.rolls[k] += other.rolls[k];
            self.good[k] += other.good[k];
        }
    }

    /// How many rolls.
    pub fn count(&self) -> u32 {
        self.rolls.iter().sum()
    }

    /// How many went the side's way.
    pub fn actual(&self) -> u32 {
        self.good.iter().sum()
    }

    /// The successes expected: the sum of the chances.
    pub fn expected(&self) -> f64 {
        (0..=10)
            .map(|k| self.rolls[k] as f64 * k as f64 / 10.0)
            .sum()
    }

    /// The chance of each number of successes, 0 to [`Account::count`],
    /// for rolls with these chances (Poisson-binomial, exact to the
    /// double's precision).
    pub fn distribution(&self) -> Vec<f64> {
        let mut dist = vec![1.0];
        // Certain results (no good face, or all ten) only shift it.
        let sure = self.rolls[10] as usize;
        for k in 1..=9 {
            let n = self.rolls[k] as usize;
            if n > 0 {
                dist = convolve(&dist, &binomial(n, k as f64 / 10.0));
            }
        }
        let mut out = vec![0.0; sure];
        out.extend(dist);
        out.resize(self.count() as usize + 1, 0.0);
        out
    }

    /// The chance of as few successes as these or fewer: how often the
    /// same rolls come out as badly or worse (1 when nothing was rolled).
    pub fn as_bad_or_worse(&self) -> f64 {
        let d = self.distribution();
        d[..=self.actual() as usize].iter().sum::<f64>().min(1.0)
    }

    /// The chance of as many successes as these or more.
    pub fn as_good_or_better(&self) -> f64 {
        let d = self.distribution();
        d[self.actual() as usize..].iter().sum::<f64>().min(1.0)
    }

    /// The account in a few words: "31 of 52 rolls went your way
    /// (28.4 expected): as good or better in 24% of games".
    pub fn summary(&self) -> String {
        let (n, actual, expected) = (self.count(), self.actual(), self.expected());
        if n == 0 {
            return "no roll of known chance".to_string();
        }
        let tail = if (actual as f64) < expected {
            format!(
                "as bad or worse in {} of games",
                percent(self.as_bad_or_worse())
            )
        } else {
            format!(
                "as good or better in {} of games",
                percent(self.as_good_or_better())
            )
        };
        format!(
            "{actual} of {n} roll{} went its way ({expected:.1} expected): {tail}",
            if n == 1 { "" } else { "s" }
        )
    }
}

/// A chance as a percentage, "12%", "0.3%", "<0.1%".
pub fn percent(p: f64) -> String {
    let pc = p * 100.0;
    if pc < 0.1 && p > 0.0 {
        "<0.1%".to_string()
    } else if pc < 1.0 {
        format!("{pc:.1}%")
    } else {
        format!("{pc:.0}%")
    }
}

/// Binomial(n, p) chances, by the ratio of successive terms in logs (no
/// underflow of p^n for long games).
fn binomial(n: usize, p: f64) -> Vec<f64> {
    let (lp, lq) = (p.ln(), (1.0 - p).ln());
    let mut ln_choose = 0.0;
    (0..=n)
        .map(|j| {
            if j > 0 {
                ln_choose += ((n - j + 1) as f64).ln() - (j as f64).ln();
            }
            (ln_choose + j as f64 * lp + (n - j) as f64 * lq).exp()
        })
        .collect()
}

fn convolve(a: &[f64], b: &[f64]) -> Vec<f64> {
    let mut out = vec![0.0; a.len() + b.len() - 1];
    for (i, &x) in a.iter().enumerate() {
        if x == 0.0 {
            continue;
        }
        for (j, &y) in b.iter().enumerate() {
            out[i + j] += x * y;
        }
    }
    out
}

/// An account for each side.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sides {
    pub confederate: Account,
    pub union: Account,
}

impl Sides {
    pub fn side(&self, side: Side) -> &Account {
        match side {
            Side::Confederate => &self.confederate,
            Side::Union => &self.union,
        }
    }

    pub fn side_mut(&mut self, side: Side) -> &mut Account {
        match side {
            Side::Confederate => &mut self.confederate,
            Side::Union => &mut self.union,
        }
    }

    pub fn merge(&mut self, other: &Sides) {
        self.confederate.merge(&other.confederate);
        self.union.merge(&other.union);
    }

    pub fn is_empty(&self) -> bool {
        self.confederate.count() == 0 && self.union.count() == 0
    }
}

/// What a roll was, for the record's list and chart.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    Check,
    Attack,
    Table,
}

/// One roll of known chance.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Roll {
    /// Its chronicle entry.
    pub entry: usize,
    pub side: Side,
    /// The Campaign Turn (0: the set-up).
    pub turn: u32,
    /// The battle, an index in [`LuckRecord::battles`] and in
    /// `Chronicle::battles`.
    pub battle: Option<usize>,
    pub kind: Kind,
    pub die: u32,
    /// Good faces of ten: the chance in tenths.
    pub faces: u32,
    pub success: bool,
}

/// The luck of one Campaign Turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnLuck {
    pub turn: u32,
    pub luck: Sides,
}

/// The luck of one battle.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BattleLuck {
    /// The battle's area (id) and Campaign Turn.
    pub area: String,
    pub turn: u32,
    pub attacker: Side,
    pub luck: Sides,
}

/// A game's luck: every roll, the game's accounts, each turn's (in order,
/// turns with a roll) and each battle's (in the order fought).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LuckRecord {
    pub rolls: Vec<Roll>,
    pub game: Sides,
    pub turns: Vec<TurnLuck>,
    pub battles: Vec<BattleLuck>,
}

impl LuckRecord {
    /// The record of a chronicle (a quiet one has none).
    pub fn of(chronicle: &Chronicle) -> LuckRecord {
        let mut record = LuckRecord {
            battles: chronicle
                .battles()
                .iter()
                .map(|b| BattleLuck {
                    area: b.area.clone(),
                    turn: b.turn,
                    attacker: b.attacker,
                    luck: Sides::default(),
                })
                .collect(),
            ..LuckRecord::default()
        };
        for (i, e) in chronicle.entries().iter().enumerate() {
            let Some(detail) = &e.roll else { continue };
            let Some((side, good, success)) = detail.luck_outcome() else {
                continue;
            };
            let roll = Roll {
                entry: i,
                side,
                turn: chronicle.turn_of(i),
                battle: chronicle.battle_of(i),
                kind: match detail.luck.map(|l| l.kind) {
                    Some(RollKind::Attack) => Kind::Attack,
                    Some(RollKind::Table { .. }) => Kind::Table,
                    _ => Kind::Check,
                },
                die: detail.die,
                faces: good.count(),
                success,
            };
            record.add(roll);
        }
        record
    }

    fn add(&mut self, roll: Roll) {
        self.game.side_mut(roll.side).add(roll.faces, roll.success);
        if self.turns.last().is_none_or(|t| t.turn != roll.turn) {
            self.turns.push(TurnLuck {
                turn: roll.turn,
                luck: Sides::default(),
            });
        }
        if let Some(t) = self.turns.last_mut() {
            t.luck.side_mut(roll.side).add(roll.faces, roll.success);
        }
        if let Some(b) = roll.battle.and_then(|b| self.battles.get_mut(b)) {
            b.luck.side_mut(roll.side).add(roll.faces, roll.success);
        }
        self.rolls.push(roll);
    }

    /// A side's running totals, roll after roll: (successes expected so
    /// far, successes so far) — the chart of luck over the game.
    pub fn running(&self, side: Side) -> Vec<(f64, u32)> {
        let mut expected = 0.0;
        let mut actual = 0;
        self.rolls
            .iter()
            .filter(|r| r.side == side)
            .map(|r| {
                expected += r.faces as f64 / 10.0;
                actual += u32::from(r.success);
                (expected, actual)
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn account(rolls: &[(u32, bool)]) -> Account {
        let mut a = Account::default();
        for &(k, s) in rolls {
            a.add(k, s);
        }
        a
    }

    /// Hand-computed: chances 0.5, 0.3 and 0.9, one success. P(0) =
    /// 0.5·0.7·0.1 = 0.035; P(1) = 0.5·0.7·0.1 + 0.5·0.3·0.1 + 0.5·0.7·0.9
    /// = 0.035 + 0.015 + 0.315 = 0.365; P(3) = 0.5·0.3·0.9 = 0.135; P(2) =
    /// 1 − 0.035 − 0.365 − 0.135 = 0.465.
    #[test]
    fn the_poisson_binomial_is_exact() {
        let a = account(&[(5, true), (3, false), (9, false)]);
        let d = a.distribution();
        for (got, want) in d.iter().zip([0.035, 0.365, 0.465, 0.135]) {
            assert!((got - want).abs() < 1e-12, "{d:?}");
        }
        assert_eq!((a.count(), a.actual()), (3, 1));
        assert!((a.expected() - 1.7).abs() < 1e-12);
        assert!((a.as_bad_or_worse() - 0.4).abs() < 1e-12);
        assert!((a.as_good_or_better() - 0.965).abs() < 1e-12);
    }

    /// Equal chances are a binomial: 10 rolls at 0.5, 2 successes: as bad
    /// or worse (1 + 10 + 45) / 1024.
    #[test]
    fn equal_chances_are_a_binomial() {
        let rolls: Vec<(u32, bool)> = (0..10).map(|i| (5, i < 2)).collect();
        let a = account(&rolls);
        assert!((a.as_bad_or_worse() - 56.0 / 1024.0).abs() < 1e-12);
        // Sure rolls shift the distribution: one 10-of-10 success more.
        let mut b = a;
        b.add(10, true);
        b.add(0, false);
        assert!((b.as_bad_or_worse() - 56.0 / 1024.0).abs() < 1e-12);
        assert_eq!(b.distribution().len(), 13);
        assert_eq!(percent(56.0 / 1024.0), "5%");
        assert_eq!(percent(0.004), "0.4%");
    }

    /// Long games do not underflow: 4 000 rolls at 0.1, the mean's tail
    /// near one half.
    #[test]
    fn a_long_game_keeps_its_precision() {
        let rolls: Vec<(u32, bool)> = (0..4000).map(|i| (1, i < 400)).collect();
        let a = account(&rolls);
        let total: f64 = a.distribution().iter().sum();
        assert!((total - 1.0).abs() < 1e-9, "{total}");
        let p = a.as_bad_or_worse();
        assert!((0.5..0.53).contains(&p), "{p}");
    }
}
