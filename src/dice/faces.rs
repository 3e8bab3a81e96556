//! What each face of a die does, for a player rolling their own dice
//! (4.5, R-20.0): built where the roll is asked and carried by
//! [`DiceError::NeedDie`](super::DiceError::NeedDie), so that the window
//! can show, before the die is typed in, the success range of a check,
//! the Hits of an attack, the row of a table or the candidate of a pick.

use serde::{Deserialize, Serialize};

use crate::chronicle::FaceSet;

/// What the ten faces of the die asked for do.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DieFaces {
    pub kind: FaceKind,
    /// Faces 1 to 10, in order (a die's 0 is the 10, 4.5).
    pub faces: Vec<Face>,
}

/// The kind of roll.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum FaceKind {
    /// "Roll `target` or less" (4.5): `success` the faces that pass.
    Check { target: i32, success: FaceSet },
    /// An attack (5.7, 11.6): one Hit on the Combat Value or less, two on
    /// the superscript or less too.
    Attack { combat: i32, superior: i32 },
    /// A table read with the die; `good`, when the table's rows favour a
    /// side, the faces good for the side the roll is for.
    Table { good: Option<FaceSet> },
    /// A random pick among `candidates`: die `die` of `dice`
    /// (more than one when there are more than ten candidates).
    Pick {
        candidates: Vec<String>,
        die: u32,
        dice: u32,
    },
}

/// One face and what it does.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Face {
    pub face: u32,
    pub outcome: FaceOutcome,
    /// The outcome in words ("success: acts", "2 Hits", "4 battle turns;
    /// …", "Slocum").
    pub text: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum FaceOutcome {
    Success,
    Failure,
    Hits {
        hits: u32,
    },
    /// A table's row; `good`: it favours the side rolled for.
    Row {
        good: Option<bool>,
    },
    /// Picks candidate `index` (of `FaceKind::Pick`).
    Picks {
        index: usize,
    },
    /// Out of range for the pick: roll again.
    RollAgain,
    /// One digit of a pick of more than ten (`value` 0–9).
    Digit {
        value: u32,
    },
}

impl DieFaces {
    /// A "roll `target` or less" check, with what a success and a failure do.
    pub fn check(target: i32, then: Option<(&str, &str)>) -> DieFaces {
        let success = FaceSet::at_most(target);
        let faces = (1..=10)
            .map(|face| {
                let ok = success.contains(face);
                let natural = match face {
                    1 => " (a natural 1 always succeeds)",
                    10 => " (a natural 10 always fails)",
                    _ => "",
                };
                let text = match (ok, then) {
                    (true, Some((s, _))) => format!("success{natural}: {s}"),
                    (false, Some((_, f))) => format!("failure{natural}: {f}"),
                    (true, None) => format!("success{natural}"),
                    (false, None) => format!("failure{natural}"),
                };
                Face {
                    face,
                    outcome: if ok {
                        FaceOutcome::Success
                    } else {
                        FaceOutcome::Failure
                    },
                    text,
                }
            })
            .collect();
        DieFaces {
            kind: FaceKind::Check { target, success },
            faces,
        }
    }

    /// An attack roll against Combat Value `combat` and superscript
    /// `superior` (both modified).
    pub fn attack(combat: i32, superior: i32) -> DieFaces {
        let faces = (1..=10)
            .map(|face| {
                let hits = super::attack_hits(face, combat, superior);
                Face {
                    face,
                    outcome: FaceOutcome::Hits { hits },
                    text: match hits {
                        0 => "miss".to_string(),
                        1 => "1 Hit".to_string(),
                        n => format!("{n} Hits"),
                    },
                }
            })
            .collect();
        DieFaces {
            kind: FaceKind::Attack { combat, superior },
            faces,
        }
    }

    /// A table: each face's row as `row` words it.
    pub fn table(good: Option<FaceSet>, row: impl Fn(u32) -> String) -> DieFaces {
        let faces = (1..=10)
            .map(|face| Face {
                face,
                outcome: FaceOutcome::Row {
                    good: good.map(|g| g.contains(face)),
                },
                text: row(face),
            })
            .collect();
        DieFaces {
            kind: FaceKind::Table { good },
            faces,
        }
    }

    /// Die `k` (from 0) of the `digits` dice that pick one of `n`
    /// candidates (`Dice::pick`, R-20.0): with one die each face's
    /// candidate or a re-roll; with more, each face's digit.
    pub fn pick(n: usize, k: u32, digits: u32, name: impl Fn(usize) -> String) -> DieFaces {
        let limit = 10u64.pow(digits) / n as u64 * n as u64;
        let faces = (1..=10u32)
            .map(|face| {
                let digit = face % 10;
                let (outcome, text) = if digits > 1 {
                    (
                        FaceOutcome::Digit { value: digit },
                        format!("digit {digit} of the number"),
                    )
                } else if u64::from(digit) < limit {
                    let index = digit as usize % n;
                    (FaceOutcome::Picks { index }, name(index))
                } else {
                    (FaceOutcome::RollAgain, "roll again".to_string())
                };
                Face {
                    face,
                    outcome,
                    text,
                }
            })
            .collect();
        DieFaces {
            kind: FaceKind::Pick {
                candidates: (0..n).map(name).collect(),
                die: k + 1,
                dice: digits,
            },
            faces,
        }
    }
}
