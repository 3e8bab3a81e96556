//! A10.2.14 Setting up on the Advanced Battlefield Sheet, and the Formation
//! each army starts in (10.3, A13.1, A13.3).

use super::field::{Field, Occupancy, Unit};
use crate::campaign::{ForceType, Insight, Side};
use crate::rules::battle::ground::{Region, Square};
use crate::rules::battle::terms::{Formation, Tactics};
use crate::rules::battle::turns::{R, ask_about, ask_on};
use crate::rules::board::{Board, PieceIx};
use crate::rules::ctx::Ctx;
use crate::rules::decision::{About, Decision, Move};
use crate::rules::why::reason::Reason;

/// The Rows a Force is placed in, in the order they fill (A10.2.14):
/// Confederate Static Forces in Row F, Mobile Forces in Row E or F, then
/// Row D "if all the Squares in Rows E and F are occupied"; Union Static
/// Forces in Row A, Infantry and Cavalry in Row B, then Row A, then Row C,
/// Artillery in Row A, then Row B, then Row C (10.2.19). Rows
/// beyond these take what still finds no Square, toward the enemy
/// (R-A10.2.14-place).
fn rows(side: Side, ty: ForceType) -> &'static [&'static [Region]] {
    // Five kinds of Force, each its Rows worked out once (a list made for
    // every Force placed was 1% of an Advanced battle).
    const KINDS: [(Side, ForceType); 5] = [
        (Side::Confederate, ForceType::Garrison),
        (Side::Confederate, ForceType::Infantry),
        (Side::Union, ForceType::Garrison),
        (Side::Union, ForceType::Artillery),
        (Side::Union, ForceType::Infantry),
    ];
    static ROWS: std::sync::OnceLock<[Vec<&'static [Region]>; 5]> = std::sync::OnceLock::new();
    let kind = match (side, ty.is_mobile()) {
        (Side::Confederate, false) => 0,
        (Side::Confederate, true) => 1,
        (Side::Union, false) => 2,
        (Side::Union, true) if ty == ForceType::Artillery => 3,
        (Side::Union, true) => 4,
    };
    &ROWS.get_or_init(|| KINDS.map(|(side, ty)| rows_of(side, ty)))[kind]
}

/// [`rows`], worked out.
fn rows_of(side: Side, ty: ForceType) -> Vec<&'static [Region]> {
    use Region::*;
    let first: &[&[Region]] = match (side, ty.is_mobile()) {
        (Side::Confederate, false) => &[&[ConfederateReserve]],
        (Side::Confederate, true) => &[&[ConfederateApproach, ConfederateReserve]],
        (Side::Union, false) => &[&[UnionReserve]],
        // 10.2.19 "Infantry and Cavalry Forces (not Artillery)" forward,
        // all other Mobile Forces in the Reserve (R-A10.2.14-artillery).
        (Side::Union, true) if ty == ForceType::Artillery => &[&[UnionReserve], &[UnionApproach]],
        (Side::Union, true) => &[&[UnionApproach], &[UnionReserve]],
    };
    let mut rows = Vec::with_capacity(Region::ALL.len());
    rows.extend_from_slice(first);
    for r in Region::rear_to_front(side) {
        if !first.iter().any(|group| group.contains(&r)) {
            rows.push(std::slice::from_ref(&Region::ALL[r.pos() as usize]));
        }
    }
    rows
}

/// The free Squares of the first of `rows` that has any.
fn first_free(f: &Field, side: Side, rows: &[&[Region]]) -> Vec<Square> {
    // One reading of the sheet for every Square asked about.
    let occupied = Occupancy::of(f);
    first_free_on(f.columns, rows, |s| occupied.any(s, side))
}

/// [`first_free`] on a sheet `columns` wide, `taken` the Squares a friend
/// holds.
fn first_free_on(columns: u8, rows: &[&[Region]], taken: impl Fn(Square) -> bool) -> Vec<Square> {
    let mut free = Vec::with_capacity(2 * usize::from(columns));
    for group in rows {
        free.extend(
            group
                .iter()
                .flat_map(|r| Square::row_of_on(*r, columns))
                .filter(|s| !taken(*s)),
        );
        if !free.is_empty() {
            break;
        }
    }
    free
}

/// The Squares a Confederate Force of type `ty` may be placed in now, the
/// player's choice among them (A10.2.14); with the Front Insight still
/// allowing a Force there (A10.2.12: up to 3), the Confederate Front's
/// Row D too.
pub fn confederate_squares(f: &Field, ty: ForceType, front: bool) -> Vec<Square> {
    let occupied = Occupancy::of(f);
    set_up_squares(f.columns, ty, front, |s| occupied.any(s, Side::Confederate))
}

/// [`confederate_squares`] on a sheet `columns` wide, `taken` the Squares
/// a Confederate Force holds: the placement's answers and the Why?
/// (`rules::why`) read this one list.
pub fn set_up_squares(
    columns: u8,
    ty: ForceType,
    front: bool,
    taken: impl Fn(Square) -> bool,
) -> Vec<Square> {
    let mut squares = first_free_on(columns, rows(Side::Confederate, ty), &taken);
    if front && ty.is_mobile() {
        for s in Square::row_of_on(Region::ConfederateFront, columns) {
            if !taken(s) && !squares.contains(&s) {
                squares.push(s);
            }
        }
    }
    squares
}

/// A10.2.14 (A10.2.12): what stands against a Confederate Force of type
/// `ty` being set up in `square` now, or None: it may ([`set_up_squares`]).
/// `front_left`: the Mobile Forces the Front Insight still lets into Row D
/// (None: no Front Insight).
pub fn set_up_refusal(
    columns: u8,
    ty: ForceType,
    front_left: Option<usize>,
    taken: impl Fn(Square) -> bool,
    square: Square,
) -> Option<Reason> {
    if !square.on(columns) {
        return Some(Reason::OffSheet { square });
    }
    if taken(square) {
        return Some(Reason::FriendsSquare { square });
    }
    let front = front_left.is_some_and(|n| n > 0);
    if set_up_squares(columns, ty, front, &taken).contains(&square) {
        return None;
    }
    // A10.2.12: Row D by the Front Insight, its three placed.
    if front_left == Some(0) && ty.is_mobile() && square.region() == Region::ConfederateFront {
        return Some(Reason::FrontRowFull { square });
    }
    Some(Reason::NotSetUpRow {
        square,
        mobile: ty.is_mobile(),
        front: front && ty.is_mobile(),
    })
}

/// Columns from the centre of a Row outward, the lower of two equally
/// central first: on six Columns 3, 4, 2, 5, 1, 6.
fn centre_first(columns: u8) -> &'static [i32] {
    // Worked out once for every width a sheet may have.
    static ORDERS: std::sync::OnceLock<Vec<Vec<i32>>> = std::sync::OnceLock::new();
    let orders = ORDERS.get_or_init(|| {
        (0..=i32::from(Square::MAX_COLUMNS))
            .map(|n| {
                let mut cs: Vec<i32> = (0..n).collect();
                // Twice the distance from the centre (n − 1) / 2, kept in
                // integers.
                cs.sort_by_key(|&c| ((2 * c - (n - 1)).abs(), c));
                cs
            })
            .collect()
    });
    &orders[usize::from(columns)]
}

/// The Square a Union Force of type `ty` is placed in: the first of its
/// Rows with room (A10.2.14), filled from the centre of the Row outward
/// (R-A10.2.14-place). None when the sheet has no room for it.
pub fn union_square(f: &Field, ty: ForceType) -> Option<Square> {
    let free = first_free(f, Side::Union, rows(Side::Union, ty));
    centre_first(f.columns)
        .iter()
        .find_map(|&c| free.iter().copied().find(|s| s.column() == c))
}

/// A13.1, A13.3: Union Forces start the battle in Column under Aggressive
/// tactics, in Line under Defensive.
pub fn union_formation(tactics: Tactics) -> Formation {
    match tactics {
        Tactics::Aggressive => Formation::Column,
        Tactics::Defensive => Formation::Line,
    }
}

/// A10.2.12 Terrain: "cannot be used if the number of Union Force counters
/// exceeds the number of Squares available in the chosen Row".
pub fn terrain_fits(f: &Field, union_forces: usize, row: Region) -> bool {
    Square::row_of_on(row, f.columns)
        .filter(|s| f.has_room(*s, Side::Union))
        .count()
        >= union_forces
}

/// The free Squares of a Row, from its centre outward.
fn centre_out(f: &Field, side: Side, row: Region) -> Vec<Square> {
    centre_first(f.columns)
        .iter()
        .filter_map(|&c| Square::row_of_on(row, f.columns).find(|s| s.column() == c))
        .filter(|s| f.has_room(*s, side))
        .collect()
}

/// The sheet's Forces by Row, for the set-up's chronicle line.
fn by_row(f: &Field, side: Side) -> String {
    Region::ALL
        .iter()
        .map(|r| {
            let n = f
                .side(side)
                .filter(|&k| f.units[k].at().region() == *r)
                .count();
            (r, n)
        })
        .filter(|(_, n)| *n > 0)
        .map(|(r, n)| format!("{n} in Row {} ({})", Square::row_letter(*r), r.name()))
        .collect::<Vec<_>>()
        .join(", ")
}

/// A10.2.14 with 10.2.15–10.2.17: the player places each Confederate
/// Force but those kept `off` the sheet (Screen, Screened Approach) in a
/// Square of its Rows, in Line or Column (Artillery and Static Forces in
/// Line); with the Front Insight up to 3 Mobile Forces in Row D (A10.2.12).
pub fn place_confederates(ctx: &mut Ctx, f: &mut Field, off: &[PieceIx]) -> R<()> {
    let area = f.area.clone();
    let front = f.has_insight(Insight::Front);
    let mut front_used = 0;
    // A10.2.14 (as 10.2.15 before 10.2.16): Static Forces first, so that
    // Mobile Forces filling Rows E and F never push one out of Row F.
    let mut pieces = ctx.board.side_in_area(&area, Side::Confederate);
    pieces.sort_by_key(|&p| ctx.board.pieces[p].force.force_type.is_mobile());
    for pid in pieces {
        if off.contains(&pid) {
            continue;
        }
        let ty = ctx.board.pieces[pid].force.force_type;
        let usual = confederate_squares(f, ty, false);
        let with_front = (front && front_used < 3).then(|| confederate_squares(f, ty, true));
        let squares = with_front.as_ref().unwrap_or(&usual);
        let formations: &[Formation] = if ty.is_mobile() && ty != ForceType::Artillery {
            &[Formation::Line, Formation::Column]
        } else {
            &[Formation::Line]
        };
        let id = *ctx.board.pieces[pid].id();
        let mut options = Vec::with_capacity(squares.len() * formations.len());
        for &square in squares {
            for &formation in formations {
                options.push(Decision::PlaceOnSquare {
                    force: id,
                    square,
                    formation,
                });
            }
        }
        let prompt =
            move |b: &Board| format!("Place {} on the Advanced Battlefield Sheet.", b.label(pid));
        if let Decision::PlaceOnSquare {
            square, formation, ..
        } = ask_about(
            ctx,
            f,
            "A10.2.14",
            prompt,
            options,
            About::force(id).moving(Move::Place),
        )? {
            if !usual.contains(&square) {
                front_used += 1;
            }
            f.units.push(Unit::new(
                ctx.board,
                pid,
                Side::Confederate,
                square,
                formation,
            ));
        }
    }
    note!(
        ctx,
        "A10.2.14",
        "Confederate set-up: {}.",
        by_row(f, Side::Confederate)
    );
    Ok(())
}

/// A10.2.14 with 10.2.18–10.2.19: Union Static Forces in Row A, then the
/// Mobile Forces in an order the dice decide (as 10.2.19) in Row B, then A,
/// then C, each Row from its centre outward (R-A10.2.14-place); Infantry
/// and Cavalry in the Formation of the Union's tactics (A13.1, A13.3), the
/// rest in Line. With Terrain (A10.2.12) every Union Force goes to the Row
/// the player names, if they fit in it.
pub fn place_union(ctx: &mut Ctx, f: &mut Field) -> R<()> {
    let area = f.area.clone();
    let tactics_formation = union_formation(f.tactics);
    let formation = |ty: ForceType| {
        if matches!(ty, ForceType::Infantry | ForceType::Cavalry) {
            tactics_formation
        } else {
            Formation::Line
        }
    };
    let pieces = ctx.board.side_in_area(&area, Side::Union);
    if f.has_insight(Insight::Terrain) {
        let options: Vec<Decision> = [Region::UnionApproach, Region::UnionReserve]
            .into_iter()
            .filter(|r| terrain_fits(f, pieces.len(), *r))
            .map(|region| Decision::TerrainRegion { region })
            .collect();
        if options.is_empty() {
            note!(
                ctx,
                "A10.2.12",
                "Terrain cannot be used: the {} Union Forces outnumber the Squares of Row A and of Row B.",
                pieces.len()
            );
        } else if let Decision::TerrainRegion { region } = ask_on(
            ctx,
            f,
            "A10.2.12",
            "Terrain: every Union Force in Row B (the Union Approach) or Row A (the Union Reserve)?",
            options,
        )? {
            let squares = centre_out(f, Side::Union, region);
            for (pid, square) in pieces.into_iter().zip(squares) {
                let ty = ctx.board.pieces[pid].force.force_type;
                f.units.push(Unit::new(
                    ctx.board,
                    pid,
                    Side::Union,
                    square,
                    formation(ty),
                ));
            }
            note!(
                ctx,
                "A10.2.12",
                "Terrain: every Union Force is placed in the {}.",
                region.name()
            );
            return Ok(());
        }
    }
    let (statics, mut mobile): (Vec<PieceIx>, Vec<PieceIx>) = pieces
        .into_iter()
        .partition(|&p| !ctx.board.pieces[p].force.force_type.is_mobile());
    let mut order = statics;
    while !mobile.is_empty() {
        let pid = if mobile.len() > 1 {
            ctx.pick_piece("10.2.19", "The next Union Force placed", &mobile)?
        } else {
            mobile[0]
        };
        mobile.retain(|&p| p != pid);
        order.push(pid);
    }
    for pid in order {
        let ty = ctx.board.pieces[pid].force.force_type;
        match union_square(f, ty) {
            Some(square) => f.units.push(Unit::new(
                ctx.board,
                pid,
                Side::Union,
                square,
                formation(ty),
            )),
            None => note!(
                ctx,
                "A10.2.14",
                "No Square is left for {}: it stays off the sheet.",
                ctx.board.label(pid)
            ),
        }
    }
    note!(
        ctx,
        "A10.2.14",
        "Union set-up ({:?}, {tactics_formation:?}): {}.",
        f.tactics,
        by_row(f, Side::Union)
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::battle::advanced::testing::{glendale, run, sq};
    use crate::rules::board::Board;

    fn fill(f: &mut Field, b: &Board, side: Side, squares: impl Iterator<Item = Square>) {
        let pid = b
            .pieces
            .position(|p| p.force.side == side)
            .expect("a counter of the side");
        for s in squares {
            f.units.push(Unit::new(b, pid, side, s, Formation::Line));
        }
    }

    fn names(v: &[Square]) -> Vec<String> {
        v.iter().map(|s| s.name()).collect()
    }

    /// A10.2.14: Static Forces in Row F; Mobile Forces in Row E or F, Row D
    /// only once E and F are full; with the Front Insight Row D as well.
    #[test]
    fn the_confederates_set_up_in_rows_f_and_e() {
        let b = glendale(&["longstreet", "kearny"]);
        let mut f = Field::new("glendale", true, 4);
        let statics = confederate_squares(&f, ForceType::Garrison, false);
        assert_eq!(names(&statics), ["F1", "F2", "F3", "F4", "F5", "F6"]);
        let mobile = confederate_squares(&f, ForceType::Infantry, false);
        assert_eq!(mobile.len(), 12);
        assert!(mobile.iter().all(|s| s.row() >= 4));
        let front = confederate_squares(&f, ForceType::Infantry, true);
        assert_eq!(front.len(), 18);
        // Every Square of E and F taken: Row D.
        fill(
            &mut f,
            &b,
            Side::Confederate,
            Square::row_of(Region::ConfederateApproach),
        );
        fill(
            &mut f,
            &b,
            Side::Confederate,
            Square::row_of(Region::ConfederateReserve),
        );
        let d = confederate_squares(&f, ForceType::Cavalry, false);
        assert_eq!(names(&d), ["D1", "D2", "D3", "D4", "D5", "D6"]);
        // A Static Force with Row F full goes forward (R-A10.2.14-place).
        assert!(
            confederate_squares(&f, ForceType::Fortification, false)
                .iter()
                .all(|s| s.row() == 3)
        );
    }

    /// A10.2.14: Union Static Forces in Row A, Infantry and Cavalry in Row
    /// B, then Row A, then Row C; each Row filled from its centre. Artillery
    /// in Row A (10.2.19, R-A10.2.14-artillery).
    #[test]
    fn the_union_sets_up_in_rows_a_and_b_from_the_centre() {
        let b = glendale(&["longstreet", "kearny"]);
        let mut f = Field::new("glendale", true, 4);
        assert_eq!(
            union_square(&f, ForceType::Artillery)
                .map(Square::name)
                .as_deref(),
            Some("A3")
        );
        assert_eq!(
            union_square(&f, ForceType::Fortification)
                .map(Square::name)
                .as_deref(),
            Some("A3")
        );
        let mut placed = Vec::new();
        for _ in 0..6 {
            let s = union_square(&f, ForceType::Infantry).expect("room");
            placed.push(s);
            fill(&mut f, &b, Side::Union, std::iter::once(s));
        }
        assert_eq!(names(&placed), ["B3", "B4", "B2", "B5", "B1", "B6"]);
        assert_eq!(
            union_square(&f, ForceType::Cavalry)
                .map(Square::name)
                .as_deref(),
            Some("A3")
        );
        fill(
            &mut f,
            &b,
            Side::Union,
            Square::row_of(Region::UnionReserve),
        );
        assert_eq!(
            union_square(&f, ForceType::Infantry)
                .map(Square::name)
                .as_deref(),
            Some("C3")
        );
        // A10.2.12 Terrain: no more Union Forces than free Squares in the Row.
        assert!(!terrain_fits(&f, 1, Region::UnionApproach));
        assert!(terrain_fits(&f, 6, Region::UnionFront));
        assert!(!terrain_fits(&f, 7, Region::UnionFront));
        assert_eq!(union_formation(Tactics::Aggressive), Formation::Column);
        assert_eq!(union_formation(Tactics::Defensive), Formation::Line);
    }

    fn place(force: &str, square: &str, formation: Formation) -> Decision {
        Decision::PlaceOnSquare {
            force: force.into(),
            square: Square::named(square).expect("a Square"),
            formation,
        }
    }

    fn square_of(b: &Board, f: &Field, id: &str) -> String {
        f.units[f.unit_of(b.index(id).unwrap()).unwrap()]
            .at()
            .name()
    }

    /// A10.2.14: the player's Squares and Formations are taken; a Square
    /// outside the Force's Rows is refused (Row D without the Front
    /// Insight), and Artillery is placed in Line only.
    #[test]
    fn the_player_places_each_confederate_force() {
        let mut b = glendale(&["longstreet", "pendleton"]);
        let mut f = Field::new("glendale", true, 4);
        let answers = vec![
            place("longstreet", "E3", Formation::Column),
            place("pendleton", "F3", Formation::Line),
        ];
        run(&mut b, &[], answers, |ctx| {
            place_confederates(ctx, &mut f, &[])
        })
        .0
        .unwrap();
        assert_eq!(square_of(&b, &f, "longstreet"), "E3");
        assert_eq!(square_of(&b, &f, "pendleton"), "F3");
        let k = f.unit_of(b.index("longstreet").unwrap()).unwrap();
        assert_eq!(f.units[k].formation, Formation::Column);
        for wrong in [
            place("longstreet", "D3", Formation::Line),
            place("pendleton", "F4", Formation::Column),
        ] {
            let mut b = glendale(&["longstreet", "pendleton"]);
            let mut f = Field::new("glendale", true, 4);
            let answers = if matches!(&wrong, Decision::PlaceOnSquare { force, .. } if force.as_str() == "pendleton")
            {
                vec![place("longstreet", "E3", Formation::Line), wrong]
            } else {
                vec![wrong]
            };
            let r = run(&mut b, &[], answers, |ctx| {
                place_confederates(ctx, &mut f, &[])
            })
            .0;
            assert!(
                matches!(r, Err(crate::rules::decision::Interrupt::Illegal { .. })),
                "{r:?}"
            );
        }
    }

    /// A10.2.14: "Place any Confederate Static Forces in Row F. You may
    /// place Confederate Mobile Forces in Row E or F. If all the Squares in
    /// Rows E and F are occupied, any remaining Confederate Forces may be
    /// placed in Row D." With one Square of Row F left, the Garrison is asked
    /// first and takes it; the Cavalry brigade, asked after, goes to Row D.
    #[test]
    fn static_forces_are_placed_first() {
        let mut b = glendale(&["cs-cav-brigade-1", "cs-garrison-1"]);
        let mut f = Field::new("glendale", false, 4);
        let free = sq("F3");
        fill(
            &mut f,
            &b,
            Side::Confederate,
            Square::row_of(Region::ConfederateApproach)
                .chain(Square::row_of(Region::ConfederateReserve))
                .filter(|s| *s != free),
        );
        // The Garrison's one Square is taken without a question.
        let answers = vec![place("cs-cav-brigade-1", "D3", Formation::Line)];
        run(&mut b, &[], answers, |ctx| {
            place_confederates(ctx, &mut f, &[])
        })
        .0
        .unwrap();
        assert_eq!(square_of(&b, &f, "cs-garrison-1"), "F3");
        assert_eq!(square_of(&b, &f, "cs-cav-brigade-1"), "D3");
    }

    /// A10.2.14, A13.1: the Union's Static Force in Row A, its Mobile Forces
    /// in Row B from the centre in the dice's order, Infantry and Cavalry in
    /// Column under Aggressive tactics, Artillery in Line.
    #[test]
    fn the_union_places_itself() {
        let mut b = glendale(&["kearny", "sykes", "hunt", "us-fortification-1"]);
        assert!(
            b.index("us-fortification-1").is_some(),
            "a Union Fortification"
        );
        let mut f = Field::new("glendale", true, 4);
        f.tactics = Tactics::Aggressive;
        run(&mut b, &[1, 1, 1, 1, 1, 1], Vec::new(), |ctx| {
            place_union(ctx, &mut f)
        })
        .0
        .unwrap();
        let mut rows: Vec<String> = ["kearny", "sykes"]
            .iter()
            .map(|id| square_of(&b, &f, id))
            .collect();
        rows.sort();
        assert_eq!(rows, ["B3", "B4"], "the centre of Row B");
        // A10.2.14 "place any Union Mobile Forces in Row B (10.2.19)", and
        // 10.2.19 puts "Infantry and Cavalry Forces (not Artillery)"
        // forward, "all other Mobile Forces in their Reserve Region".
        assert_eq!(square_of(&b, &f, "hunt"), "A4", "beside the Fortification");
        for id in ["kearny", "sykes"] {
            let k = f.unit_of(b.index(id).unwrap()).unwrap();
            assert_eq!(f.units[k].formation, Formation::Column);
        }
        let hunt = f.unit_of(b.index("hunt").unwrap()).unwrap();
        assert_eq!(f.units[hunt].formation, Formation::Line);
        assert_eq!(square_of(&b, &f, "us-fortification-1"), "A3");
        assert!(f.problem(&b).is_none());
    }

    /// A10.2.12 Terrain: every Union Force in the Row the player names,
    /// offered only where they fit.
    #[test]
    fn terrain_puts_the_union_in_one_row() {
        let mut b = glendale(&["kearny", "sykes", "hunt"]);
        let mut f = Field::new("glendale", true, 4);
        f.insights.push(crate::rules::battle::field::InsightState {
            insight: Insight::Terrain,
            spent: false,
        });
        let answers = vec![Decision::TerrainRegion {
            region: Region::UnionReserve,
        }];
        run(&mut b, &[], answers, |ctx| place_union(ctx, &mut f))
            .0
            .unwrap();
        for id in ["kearny", "sykes", "hunt"] {
            assert!(square_of(&b, &f, id).starts_with('A'), "{id}");
        }
    }

    /// R-A10.2-pack: the centre of a Row outward, on six Columns and on a
    /// Battle Pack's twelve.
    #[test]
    fn rows_fill_from_the_centre_outward() {
        assert_eq!(centre_first(6), [2, 3, 1, 4, 0, 5]);
        assert_eq!(&centre_first(12)[..4], [5, 6, 4, 7]);
        assert_eq!(centre_first(11)[0], 5);
    }
}
