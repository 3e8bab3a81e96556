//! The Advanced Battlefield Sheet's Squares (A10.2.14): six Rows, from the
//! Union Reserve (Row A) to the Confederate Reserve (Row F), each of six
//! Columns. A Square holds at most one Force of each side; both sides in
//! one Square are in Melee (A11.5).

use serde::{Deserialize, Serialize};

use super::questions::{Facing, Ground};
use super::regions::Region;
use crate::campaign::Side;
use crate::rules::battle::terms::Formation;

/// A Square of the Advanced Battlefield Sheet, written as the rulebook
/// names it ("D5") in files.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Square {
    /// 0 for Row A (the Union Reserve) to 5 for Row F (the Confederate
    /// Reserve).
    row: u8,
    /// 0 for Column 1 to 5 for Column 6.
    column: u8,
}

impl Square {
    pub const ROWS: u8 = 6;
    /// "Each Square is identified by its row (A to F) and its column (1 to
    /// 6)" (A10.2.14; R-A10.2.14).
    pub const COLUMNS: u8 = 6;
    /// The modified Advanced Battlefield Sheet of the Battle Packs: "rows A
    /// to F, and columns 1 to 11, or 1 to 12" (A10.2.14). A battle's own
    /// width is its field's `columns`; Squares beyond it are off its sheet.
    pub const MAX_COLUMNS: u8 = 12;

    /// Row 0–5 (A–F), Column 0–11 (1–12); None off the widest sheet.
    pub fn new(row: i32, column: i32) -> Option<Square> {
        let on = |v: i32, n: u8| (0..i32::from(n)).contains(&v);
        (on(row, Self::ROWS) && on(column, Self::MAX_COLUMNS)).then_some(Square {
            row: row as u8,
            column: column as u8,
        })
    }

    /// The Square the rulebook names "D5".
    pub fn named(name: &str) -> Option<Square> {
        let mut chars = name.chars();
        let row = chars.next()?.to_ascii_uppercase();
        let column: i32 = chars.as_str().parse().ok()?;
        if !row.is_ascii_uppercase() {
            return None;
        }
        // A column of i32::MIN has no column before it: not a Square.
        Square::new(i32::from(row as u8 - b'A'), column.checked_sub(1)?)
    }

    /// "D5".
    pub fn name(self) -> String {
        format!("{}{}", char::from(b'A' + self.row), self.column + 1)
    }

    pub fn row(self) -> i32 {
        i32::from(self.row)
    }

    pub fn column(self) -> i32 {
        i32::from(self.column)
    }

    /// Every Square of the Advanced Battlefield Sheet, Row A to Row F,
    /// Column 1 to 6.
    pub fn all() -> impl Iterator<Item = Square> {
        Self::all_on(Self::COLUMNS)
    }

    /// Every Square of a sheet `columns` wide.
    pub fn all_on(columns: u8) -> impl Iterator<Item = Square> {
        (0..Self::ROWS).flat_map(move |row| (0..columns).map(move |column| Square { row, column }))
    }

    /// Whether the Square lies on a sheet `columns` wide.
    pub fn on(self, columns: u8) -> bool {
        self.column < columns
    }

    /// The Region whose place the Row takes (A10.2.14): Row A the Union
    /// Reserve, B the Union Approach, C the Union Front, D the Confederate
    /// Front, E the Confederate Approach, F the Confederate Reserve.
    pub fn region(self) -> Region {
        Region::at(5 - self.row()).expect("six Rows, six Regions")
    }

    /// The letter of the Row that takes a Region's place (A–F).
    pub fn row_letter(region: Region) -> char {
        char::from(b'A' + (5 - region.pos()) as u8)
    }

    /// The Squares of the Row that takes a Region's place.
    pub fn row_of(region: Region) -> impl Iterator<Item = Square> {
        Self::row_of_on(region, Self::COLUMNS)
    }

    /// [`Square::row_of`] on a sheet `columns` wide.
    pub fn row_of_on(region: Region, columns: u8) -> impl Iterator<Item = Square> {
        let row = 5 - region.pos();
        (0..i32::from(columns)).filter_map(move |c| Square::new(row, c))
    }

    /// The Squares of the next Row `dr` away (±1), in the Columns next to
    /// this one: straight on first, then the lower Column, then the higher.
    fn row_step(self, dr: i32) -> impl Iterator<Item = Square> {
        let (r, c) = (self.row() + dr, self.column());
        [c, c - 1, c + 1]
            .into_iter()
            .filter_map(move |c| Square::new(r, c))
    }
}

impl TryFrom<String> for Square {
    type Error = String;

    fn try_from(name: String) -> Result<Square, String> {
        Square::named(&name).ok_or_else(|| {
            format!("\"{name}\" is not a Square: a Row A-F and a Column 1-12, as \"D5\"")
        })
    }
}

impl From<Square> for String {
    fn from(s: Square) -> String {
        s.name()
    }
}

/// Rows toward `side`'s enemy edge: the Confederates face Row A, the
/// Union Row F.
fn forward(side: Side) -> i32 {
    match side {
        Side::Confederate => -1,
        Side::Union => 1,
    }
}

impl Ground for Square {
    fn label(self) -> String {
        format!("Square {}", self.name())
    }

    /// A10.3: the Formation of a Force here, in `own` Formation on the
    /// sheet, in relation to a Force or Square `other`: its own toward
    /// another Row, the other Formation toward its own Row (a Force in Line
    /// presents its narrow side along the Row).
    fn formation_toward(self, own: Formation, other: Square) -> Formation {
        if other.row != self.row {
            return own;
        }
        match own {
            Formation::Line => Formation::Column,
            Formation::Column => Formation::Line,
        }
    }

    /// Squares counted as a Force moves, one Square at a time into any of
    /// the eight around it (R-A11.0.1): the larger of the Rows and Columns
    /// between them. Not this Square; the other's, yes (A11.0.1).
    fn distance(self, other: Square) -> i32 {
        (self.row() - other.row())
            .abs()
            .max((self.column() - other.column()).abs())
    }

    /// By Row, then Column, up to a Battle Pack's 12 Columns.
    fn bit(self) -> u32 {
        u32::from(self.row) * u32::from(Square::MAX_COLUMNS) + u32::from(self.column)
    }

    fn advances(self, side: Side) -> impl Iterator<Item = Square> {
        self.row_step(forward(side))
    }

    fn retreats(self, side: Side) -> impl Iterator<Item = Square> {
        self.row_step(-forward(side))
    }

    /// The eight Squares around this one (R-A10.2.14): the Row toward
    /// `side`'s enemy first, then this Row, then the Row behind.
    fn neighbours(self, side: Side) -> impl Iterator<Item = Square> {
        let (r, c) = (self.row(), self.column());
        let ahead = self.row_step(forward(side));
        let beside = [c - 1, c + 1]
            .into_iter()
            .filter_map(move |c| Square::new(r, c));
        ahead.chain(beside).chain(self.row_step(-forward(side)))
    }

    /// 0 in `side`'s own Reserve Row, 5 in the enemy's.
    fn depth(self, side: Side) -> i32 {
        match side {
            Side::Confederate => 5 - self.row(),
            Side::Union => self.row(),
        }
    }

    /// A11.4.2.2–A11.4.2.3: from a Square ahead of a Force (toward its
    /// enemy) it is attacked in front, from its own Row in the Flank, from
    /// behind in the Rear — whatever the two Formations.
    fn facing(self, side: Side, from: Square) -> Facing {
        match from.depth(side).cmp(&self.depth(side)) {
            std::cmp::Ordering::Greater => Facing::Front,
            std::cmp::Ordering::Equal => Facing::Flank,
            std::cmp::Ordering::Less => Facing::Rear,
        }
    }

    /// "Neither Enemy nor Friendly Forces block the Line of Sight for
    /// Artillery" (Advanced Battle Rules, Line of Sight).
    fn line_of_sight(self, _other: Square) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_far_off_the_sheet_is_no_square() {
        assert_eq!(Square::named("A-2147483648"), None);
        assert_eq!(Square::named("A2147483647"), None);
        assert_eq!(
            Square::named("D5").map(Square::name),
            Some("D5".to_string())
        );
    }

    fn sq(name: &str) -> Square {
        Square::named(name).unwrap_or_else(|| panic!("{name} is no Square"))
    }

    fn names(it: impl Iterator<Item = Square>) -> Vec<String> {
        it.map(Square::name).collect()
    }

    #[test]
    fn squares_are_named_as_the_rulebook_names_them() {
        assert_eq!(Square::all().count(), 36);
        for s in Square::all() {
            assert_eq!(Square::named(&s.name()), Some(s));
        }
        assert_eq!(sq("A1").region(), Region::UnionReserve);
        assert_eq!(sq("C4").region(), Region::UnionFront);
        assert_eq!(sq("D5").region(), Region::ConfederateFront);
        assert_eq!(sq("F6").region(), Region::ConfederateReserve);
        assert_eq!(names(Square::row_of(Region::UnionApproach)).len(), 6);
        assert!(Square::named("G1").is_none() && Square::named("A13").is_none());
        assert!(Square::named("A7").is_some_and(|s| !s.on(Square::COLUMNS) && s.on(12)));
        assert_eq!(Square::all_on(12).count(), 72);
        assert!(Square::named("A0").is_none() && Square::named("").is_none());
    }

    /// A10.3's example: Longstreet in D5 in Line, Smith in D4 in Column,
    /// Slocum in C4 in Line.
    #[test]
    fn formation_in_relation_to_a_force_or_a_square_a10_3() {
        use Formation::*;
        let longstreet = sq("D5");
        // "in Line Formation in relation to the Union Force in C4"
        assert_eq!(longstreet.formation_toward(Line, sq("C4")), Line);
        // "in Column Formation in relation to the Union Force in D4"
        assert_eq!(longstreet.formation_toward(Line, sq("D4")), Column);
        // "in Line Formation in relation to Square C5"
        assert_eq!(longstreet.formation_toward(Line, sq("C5")), Line);
        // "in Column Formation in relation to Square D6"
        assert_eq!(longstreet.formation_toward(Line, sq("D6")), Column);
        // A Shock attack from D5 on D4: Column (Longstreet) against Line
        // (Smith, in Column on the sheet, toward his own Row).
        assert_eq!(sq("D4").formation_toward(Column, longstreet), Line);
        // ... on C4: Line against Line (Slocum).
        assert_eq!(sq("C4").formation_toward(Line, longstreet), Line);
    }

    /// A11.4.2.3's example: Slocum (Union) in D4, attacked from E3 or E4 in
    /// front, from D3 or D5 in the Flank, from C3 or C4 in the Rear.
    #[test]
    fn flank_and_rear_attacks_a11_4_2() {
        let slocum = sq("D4");
        for (from, facing) in [
            ("E3", Facing::Front),
            ("E4", Facing::Front),
            ("D3", Facing::Flank),
            ("D5", Facing::Flank),
            ("C3", Facing::Rear),
            ("C4", Facing::Rear),
        ] {
            assert_eq!(slocum.facing(Side::Union, sq(from)), facing, "from {from}");
        }
        // The same Squares seen by a Confederate in D4 the other way about.
        assert_eq!(slocum.facing(Side::Confederate, sq("C4")), Facing::Front);
        assert_eq!(slocum.facing(Side::Confederate, sq("E4")), Facing::Rear);
    }

    /// A11.0's example: Slocum in C4 may Advance into D4 or D5 (the Union
    /// advances toward Row F); A11.0.1: range counts the target's Square,
    /// not the attacker's.
    #[test]
    fn advance_retreat_neighbours_and_range_a11_0() {
        let slocum = sq("C4");
        let ahead = names(slocum.advances(Side::Union));
        assert!(ahead.contains(&"D4".to_string()) && ahead.contains(&"D5".to_string()));
        assert_eq!(ahead, ["D4", "D3", "D5"]);
        assert_eq!(names(slocum.retreats(Side::Union)), ["B4", "B3", "B5"]);
        assert_eq!(names(sq("F1").retreats(Side::Confederate)).len(), 0);
        assert_eq!(names(sq("A6").advances(Side::Confederate)).len(), 0);
        assert_eq!(
            names(sq("E1").neighbours(Side::Confederate)),
            ["D1", "D2", "E2", "F1", "F2"]
        );
        assert_eq!(slocum.neighbours(Side::Union).count(), 8);
        assert_eq!(slocum.distance(slocum), 0);
        assert_eq!(slocum.distance(sq("D5")), 1);
        assert_eq!(slocum.distance(sq("F4")), 3);
        assert_eq!(sq("A1").distance(sq("F6")), 5);
        for s in Square::all() {
            assert_eq!(s.depth(Side::Confederate) + s.depth(Side::Union), 5);
            assert!(s.neighbours(Side::Union).all(|n| s.distance(n) == 1));
            assert!(s.line_of_sight(sq("A1")));
        }
    }
}
