//! The chronicle: the game's written record. Every die roll and every rule
//! the program carries out becomes an entry naming its rule number, so the
//! player can see what happened and why.

use std::borrow::Cow;

use bevy::prelude::Resource;
use serde::{Deserialize, Serialize};

use crate::campaign::Side;

/// "1 column", "2 columns": a count and its noun, singular for one. The
/// one way any text of the game (chronicle, prompts, panels) counts.
pub fn counted(n: impl Into<i64>, one: &str, many: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 { one } else { many })
}

/// Text that is most often a literal (a rule number, a modifier's source):
/// borrowed then, so that the thousands of checks of a simulated battle do
/// not allocate for it.
pub type Text = Cow<'static, str>;

/// A modifier to a number being rolled against, with its source.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct Modifier {
    pub amount: i32,
    /// For attacks, the change to the superscript (the second number of
    /// "+3/+1"); None for plain checks.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub superior: Option<i32>,
    /// What gives it ("Engage Battle Plan Counter", "Entrench Insight").
    pub source: Text,
    /// The rule that grants it ("12.3.4").
    pub rule: Text,
}

impl Modifier {
    pub fn new(amount: i32, source: impl Into<Text>, rule: impl Into<Text>) -> Self {
        Modifier {
            amount,
            superior: None,
            source: source.into(),
            rule: rule.into(),
        }
    }

    /// An attack modifier "+a/+s" (11.8).
    pub fn pair(
        amount: i32,
        superior: i32,
        source: impl Into<Text>,
        rule: impl Into<Text>,
    ) -> Self {
        Modifier {
            amount,
            superior: Some(superior),
            source: source.into(),
            rule: rule.into(),
        }
    }

    /// "range 2", a range modifier's source (11.7.2, A11.7.2): a literal
    /// for the ranges the sheets have, so a quiet attack formats nothing.
    pub fn range_source(range: i32) -> Text {
        const WORDS: [&str; 8] = [
            "range 0", "range 1", "range 2", "range 3", "range 4", "range 5", "range 6", "range 7",
        ];
        match usize::try_from(range).ok().and_then(|r| WORDS.get(r)) {
            Some(words) => Text::Borrowed(words),
            None => Text::Owned(format!("range {range}")),
        }
    }

    pub fn superior_amount(&self) -> i32 {
        self.superior.unwrap_or(0)
    }

    /// "+2 (Column against Line, 11.4.3)".
    pub fn describe(&self) -> String {
        let amount = match self.superior {
            Some(s) => format!("{:+}/{:+}", self.amount, s),
            None => format!("{:+}", self.amount),
        };
        format!("{amount} ({}, {})", self.source, self.rule)
    }
}

/// What a die roll was, against what, and how it came out.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct RollDetail {
    pub die: u32,
    /// The number the die had to reach or beat downward, after modifiers.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<i32>,
    /// The printed value the target starts from, and its description
    /// ("Activation 7", "Combat Value 6/3").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub base: Option<(i32, String)>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub modifiers: Vec<Modifier>,
    pub outcome: String,
    /// Whose luck the roll is and which faces were good for that side,
    /// where the chance is known (the luck record, `crate::luck`). Not
    /// part of the state digest: it says nothing the die and target do
    /// not, but who hoped for what.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub luck: Option<Luck>,
}

impl RollDetail {
    /// The faces good for the roll's side, and whether the die showed one:
    /// None for a roll whose chance the luck record does not count.
    pub fn luck_outcome(&self) -> Option<(Side, FaceSet, bool)> {
        let luck = self.luck?;
        let good = match luck.kind {
            RollKind::Check | RollKind::Attack => FaceSet::at_most(self.target?),
            RollKind::Table { good } => good,
        };
        Some((luck.side, good, good.contains(self.die)))
    }
}

/// The faces of a d10 (1–10) as a set: bit `f - 1` for face `f`.
#[derive(Debug, Clone, Copy, Default, Serialize, Deserialize, PartialEq, Eq, Hash)]
#[serde(transparent)]
pub struct FaceSet(pub u16);

impl FaceSet {
    pub const NONE: FaceSet = FaceSet(0);

    /// The faces for which `f` is true.
    pub fn from_fn(f: impl Fn(u32) -> bool) -> FaceSet {
        FaceSet((1..=10).filter(|&d| f(d)).fold(0, |s, d| s | 1 << (d - 1)))
    }

    /// The faces that pass a "roll `target` or less" check (4.5: a natural
    /// 1 always succeeds, a natural 10 always fails).
    pub fn at_most(target: i32) -> FaceSet {
        FaceSet::from_fn(|d| match d {
            1 => true,
            10 => false,
            d => d as i32 <= target,
        })
    }

    pub fn contains(self, face: u32) -> bool {
        (1..=10).contains(&face) && self.0 & (1 << (face - 1)) != 0
    }

    /// How many of the ten faces: the chance in tenths.
    pub fn count(self) -> u32 {
        (self.0 & 0x3ff).count_ones()
    }

    /// The faces, lowest first.
    pub fn faces(self) -> impl Iterator<Item = u32> {
        (1..=10).filter(move |&d| self.contains(d))
    }
}

/// Which side a roll is for, and what counts as going its way (the luck
/// record, issue 38).
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq, Hash)]
pub struct Luck {
    /// The side a good result helps: the Force's side for its own check or
    /// attack, the army a table's good rows favour.
    pub side: Side,
    pub kind: RollKind,
}

/// How a roll's good faces are known.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq, Hash)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum RollKind {
    /// A "roll N or less" check (4.5): good on the target or less.
    Check,
    /// An attack (5.7, 11.6): good when it scores at least one Hit, the
    /// modified Combat Value or less (4.5).
    Attack,
    /// A table whose rows favour one side or the other: the good faces.
    Table { good: FaceSet },
}

impl Luck {
    pub fn check(side: Side) -> Luck {
        Luck {
            side,
            kind: RollKind::Check,
        }
    }

    pub fn attack(side: Side) -> Luck {
        Luck {
            side,
            kind: RollKind::Attack,
        }
    }

    pub fn table(side: Side, good: FaceSet) -> Luck {
        Luck {
            side,
            kind: RollKind::Table { good },
        }
    }
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct Entry {
    /// The rule carried out ("14.5").
    pub rule: String,
    pub text: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub roll: Option<RollDetail>,
}

impl Entry {
    /// One line: "[14.5] Rout check: d10 = 4 vs 6 (Combat Value 5, +1 …) → success".
    pub fn line(&self) -> String {
        match &self.roll {
            None => format!("[{}] {}", self.rule, self.text),
            Some(r) => {
                let mut s = format!("[{}] {}: d10 = {}", self.rule, self.text, r.die);
                if let Some(t) = r.target {
                    s.push_str(&format!(" vs {t}"));
                    if let Some((_, label)) = &r.base {
                        s.push_str(&format!(" ({label}"));
                        for m in &r.modifiers {
                            s.push_str(&format!(", {}", m.describe()));
                        }
                        s.push(')');
                    }
                }
                s.push_str(&format!(" → {}", r.outcome));
                s
            }
        }
    }
}

/// A part of the game that opens in the chronicle: a Campaign Turn (9.1)
/// or its Union Turn (16.0).
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq)]
pub enum Part {
    Turn(u32),
    UnionTurn(u32),
}

/// Where a part begins: the index of its first entry.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq)]
pub struct Mark {
    pub entry: usize,
    pub part: Part,
}

/// Where a battle (9.3) lies in the chronicle: its entries from `first`
/// up to `end` (None while it is fought), its area, the Campaign Turn and
/// the attacker. A Rejoin (14.8.1) stays in the same battle.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct BattleSpan {
    pub first: usize,
    pub end: Option<usize>,
    /// The area's id.
    pub area: String,
    pub turn: u32,
    pub attacker: Side,
}

impl BattleSpan {
    /// Whether entry `i` belongs to the battle.
    pub fn holds(&self, i: usize) -> bool {
        i >= self.first && self.end.is_none_or(|e| i < e)
    }
}

/// A consequential event, typed, beside the entry that tells it: the
/// window shows it in the decision panel for the step it affects as well
/// as in the Chronicle. Not part of the state digest (the entries say the
/// same).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Notice {
    /// O15.3: no Command Points may be spent in this side's Resupply step.
    ResupplyClosed { side: crate::campaign::Side },
    /// Union Cavalry Corps: the Union's Saving Throw negated a Scout just
    /// discarded, for `what`.
    ScoutNegated { what: String },
    /// 10.2.9: `loser`'s army was Enveloped and destroyed in `area` (its
    /// name).
    Enveloped {
        loser: crate::campaign::Side,
        area: String,
    },
    /// 14.5: `loser`'s army Routed in `area` (its name).
    Routed {
        loser: crate::campaign::Side,
        area: String,
    },
}

/// What the chronicle panel may show (the player's filter).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Filter {
    #[default]
    Everything,
    /// Entries with a die roll.
    Rolls,
    /// The battles: 9.3 and 10.0–14.0.
    Battles,
    /// The Union's orders and resupply (16.0, 18.0) and the Union Cavalry
    /// Corps (20.0).
    Orders,
}

impl Filter {
    pub const ALL: [Filter; 4] = [
        Filter::Everything,
        Filter::Rolls,
        Filter::Battles,
        Filter::Orders,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Filter::Everything => "everything",
            Filter::Rolls => "rolls",
            Filter::Battles => "battles",
            Filter::Orders => "orders",
        }
    }

    /// Entries are sorted by the section of the rulebook they carry out.
    pub fn keeps(self, e: &Entry) -> bool {
        let r = e.rule.as_str();
        match self {
            Filter::Everything => true,
            Filter::Rolls => e.roll.is_some(),
            Filter::Battles => ["9.3", "10.", "11.", "12.", "13.", "14."]
                .iter()
                .any(|p| r.starts_with(p)),
            Filter::Orders => r.starts_with("16") || r.starts_with("18") || r == "20.0",
        }
    }
}

#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq, Eq, Resource)]
pub struct Chronicle {
    entries: Vec<Entry>,
    /// Where each turn and Union Turn begins, in order. Not part of the
    /// state digest (the entries say the same): a game's digest does not
    /// depend on the build that indexes its chronicle.
    #[serde(skip)]
    marks: Vec<Mark>,
    /// Where each battle lies, in order; like `marks`, an index of the
    /// entries and no part of the digest.
    #[serde(skip)]
    battles: Vec<BattleSpan>,
    /// The chronicle's length at each decision of the game, in order:
    /// where the answers fall among the entries (a branch "from here").
    #[serde(skip)]
    decisions: Vec<usize>,
    /// Consequential events, each with the index of the entry telling it.
    #[serde(skip)]
    notices: Vec<(usize, Notice)>,
    /// Keeps nothing (see [`Chronicle::quiet`]).
    #[serde(skip)]
    quiet: bool,
}

impl Chronicle {
    /// A chronicle that keeps nothing: a simulated battle (`fcrel odds`,
    /// the window's advisor) is wanted for its outcome, not its story, and
    /// wording thousands of them is most of their cost. The rules run the
    /// same either way (they never read the chronicle back).
    pub fn quiet() -> Chronicle {
        Chronicle {
            entries: Vec::new(),
            marks: Vec::new(),
            battles: Vec::new(),
            decisions: Vec::new(),
            notices: Vec::new(),
            quiet: true,
        }
    }

    /// Whether entries are dropped: callers skip wording them.
    pub fn is_quiet(&self) -> bool {
        self.quiet
    }

    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// A rule carried out without a roll, worded only when kept (not in a
    /// quiet chronicle). Rules code writes it with `note!`.
    pub fn note_with(&mut self, rule: impl Into<String>, text: impl FnOnce() -> String) {
        if self.quiet {
            return;
        }
        self.entries.push(Entry {
            rule: rule.into(),
            text: text(),
            roll: None,
        });
    }

    pub fn roll(&mut self, rule: impl Into<String>, text: impl Into<String>, roll: RollDetail) {
        if self.quiet {
            return;
        }
        self.entries.push(Entry {
            rule: rule.into(),
            text: text.into(),
            roll: Some(roll),
        });
    }

    /// Drop entries written after `len` (a step that is run again).
    pub fn truncate(&mut self, len: usize) {
        self.entries.truncate(len);
        self.marks.retain(|m| m.entry < len);
        self.notices.retain(|(i, _)| *i < len);
        self.battles.retain(|b| b.first < len);
        self.decisions.retain(|&d| d <= len);
        for b in &mut self.battles {
            if b.end.is_some_and(|e| e > len) {
                b.end = None;
            }
        }
    }

    /// A battle begins with the next entry (9.3).
    pub fn begin_battle(&mut self, area: &str, turn: u32, attacker: Side) {
        if self.quiet {
            return;
        }
        self.battles.push(BattleSpan {
            first: self.entries.len(),
            end: None,
            area: area.to_string(),
            turn,
            attacker,
        });
    }

    /// The battle being fought ends with the last entry.
    pub fn end_battle(&mut self) {
        let len = self.entries.len();
        if let Some(b) = self.battles.last_mut().filter(|b| b.end.is_none()) {
            b.end = Some(len);
        }
    }

    /// A decision of the game was answered here (`Ctx::ask`).
    pub fn mark_decision(&mut self) {
        if !self.quiet {
            self.decisions.push(self.entries.len());
        }
    }

    /// How many of the game's decisions were answered before entry `i`
    /// was written: a what-if branch "from here" keeps that many
    /// (`save::branch`).
    pub fn decisions_before(&self, i: usize) -> usize {
        self.decisions.partition_point(|&d| d <= i)
    }

    /// The chronicle's length when the game's last decision was answered
    /// (0 before the first).
    pub fn last_decision(&self) -> usize {
        self.decisions.last().copied().unwrap_or(0)
    }

    /// How many decisions the chronicle has seen answered.
    pub fn decisions(&self) -> usize {
        self.decisions.len()
    }

    /// The battles, in the order fought.
    pub fn battles(&self) -> &[BattleSpan] {
        &self.battles
    }

    /// The battle entry `i` belongs to: its index in [`Chronicle::battles`].
    pub fn battle_of(&self, i: usize) -> Option<usize> {
        let n = self.battles.partition_point(|b| b.first <= i);
        n.checked_sub(1).filter(|&k| self.battles[k].holds(i))
    }

    /// Where each part of the game begins.
    pub fn marks(&self) -> &[Mark] {
        &self.marks
    }

    /// The entry just written tells a consequential event (see [`Notice`]).
    pub fn notice(&mut self, notice: Notice) {
        if self.quiet || self.entries.is_empty() {
            return;
        }
        self.notices.push((self.entries.len() - 1, notice));
    }

    /// The consequential events told from entry `from` on.
    pub fn notices_since(&self, from: usize) -> impl Iterator<Item = &Notice> {
        self.notices
            .iter()
            .filter(move |(i, _)| *i >= from)
            .map(|(_, n)| n)
    }

    /// A part of the game begins with the next entry.
    pub fn begin(&mut self, part: Part) {
        if self.quiet {
            return;
        }
        self.marks.push(Mark {
            entry: self.entries.len(),
            part,
        });
    }

    /// The Campaign Turn entry `i` belongs to (0: the set-up, before turn 1).
    pub fn turn_of(&self, i: usize) -> u32 {
        let n = self.marks.partition_point(|m| m.entry <= i);
        self.marks[..n].last().map_or(0, |m| match m.part {
            Part::Turn(t) | Part::UnionTurn(t) => t,
        })
    }

    /// The latest Union Turn: its entries, up to where the next part begins.
    pub fn latest_union_turn(&self) -> Option<(usize, &[Entry])> {
        let at = self
            .marks
            .iter()
            .rposition(|m| matches!(m.part, Part::UnionTurn(_)))?;
        let start = self.marks[at].entry;
        let end = self
            .marks
            .get(at + 1)
            .map_or(self.entries.len(), |m| m.entry);
        Some((start, &self.entries[start..end.max(start)]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The range modifier's source reads as it was formatted, "range N",
    /// for every range, the sheets' (a literal) and any other.
    #[test]
    fn range_source_is_the_formatted_range() {
        for range in -2..20 {
            assert_eq!(Modifier::range_source(range), format!("range {range}"));
        }
        assert!(matches!(Modifier::range_source(3), Text::Borrowed(_)));
    }

    /// A count says its noun singular for one only.
    #[test]
    fn counted_is_singular_for_one_only() {
        assert_eq!(counted(1, "column", "columns"), "1 column");
        assert_eq!(counted(2, "column", "columns"), "2 columns");
        assert_eq!(counted(0, "Square", "Squares"), "0 Squares");
    }
}
