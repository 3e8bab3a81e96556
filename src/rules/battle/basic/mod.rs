//! Part One's Basic Battle Rules (10.2.10–14.7) on the six-Region
//! Battlefield Sheet.

pub mod combat;
pub mod confederate;
pub mod field;
mod sheet;
pub mod union;
pub mod view;

use crate::rules::battle::ground::Region;
use crate::rules::battle::terms::{Formation, Tactics};
use crate::rules::battle::turns::{ask_about, ask_on};
use crate::rules::board::{Board, PieceIx};
use combat::*;
use field::*;

pub use crate::rules::battle::turns::end::withdrawal;
pub use crate::rules::battle::turns::fight::kept_off_share_the_fate;
pub use crate::rules::battle::turns::insights::insights_step;
pub use crate::rules::battle::turns::sequence::battle;

use super::{BattleSpec, Outcome, PreBattle};
use crate::campaign::{ForceType, Insight, Side};
use crate::rules::ctx::Ctx;
use crate::rules::decision::{About, Decision, Move};
use crate::rules::why::reason::RegionBar;

/// Fight a Basic battle to its end, Rejoins included.
pub fn fight(ctx: &mut Ctx, spec: &BattleSpec) -> R<Outcome> {
    crate::rules::battle::turns::fight::fight::<Region>(ctx, spec)
}

/// 10.2.10–10.3 on the Battlefield Sheet.
pub fn set_up(ctx: &mut Ctx, area: &str, pre: &PreBattle, first_here: bool) -> R<Field> {
    crate::rules::battle::turns::fight::set_up(ctx, area, pre, first_here)
}

/// The Regions a Confederate Mobile Force may set up in, in the order
/// they are offered (10.2.16, 10.2.12.4).
pub const SET_UP_REGIONS: [Region; 3] = [
    Region::ConfederateReserve,
    Region::ConfederateApproach,
    Region::ConfederateFront,
];

/// 10.2.16 with 10.2.12.4: what stands against a Confederate Mobile Force
/// of type `ty` being set up in `region`, with `approach` Mobile Forces in
/// the Confederate Approach and `front` the places the Front Insight still
/// gives (None: no Front Insight); None: it may. The placement's answers
/// and the Why? (`rules::why`) read this one check.
pub fn region_refusal(
    ty: ForceType,
    region: Region,
    approach: usize,
    front: Option<usize>,
) -> Option<RegionBar> {
    match region {
        Region::ConfederateReserve => None,
        Region::ConfederateApproach if ty == ForceType::Artillery => Some(RegionBar::Artillery),
        Region::ConfederateApproach if approach >= 4 => Some(RegionBar::ApproachFull),
        Region::ConfederateApproach => None,
        Region::ConfederateFront => match front {
            None => Some(RegionBar::NoFrontInsight),
            Some(0) => Some(RegionBar::FrontFull),
            Some(_) => None,
        },
        _ => Some(RegionBar::NotYours),
    }
}

/// 10.2.15–10.2.17 with 10.2.12.4 Front.
pub(super) fn place_confederates(ctx: &mut Ctx, f: &mut Field, off: &[PieceIx]) -> R<()> {
    let area = f.area.clone();
    let front = f.has_insight(Insight::Front);
    let mut front_used = 0;
    for pid in ctx.board.side_in_area(&area, Side::Confederate) {
        if off.contains(&pid) {
            continue;
        }
        let ty = ctx.board.pieces[pid].force.force_type;
        match ty {
            ForceType::Garrison => f.units.push(Unit::new(
                ctx.board,
                pid,
                Side::Confederate,
                Region::ConfederateApproach,
                Formation::Line,
            )),
            ForceType::Fortification => f.units.push(Unit::new(
                ctx.board,
                pid,
                Side::Confederate,
                Region::ConfederateReserve,
                Formation::Line,
            )),
            _ => {
                let approach = f.mobile_count(Region::ConfederateApproach, Side::Confederate);
                let front_left = front.then(|| 3usize.saturating_sub(front_used));
                let regions: Vec<Region> = SET_UP_REGIONS
                    .into_iter()
                    .filter(|&r| region_refusal(ty, r, approach, front_left).is_none())
                    .collect();
                let formations = if ty == ForceType::Artillery {
                    vec![Formation::Line]
                } else {
                    vec![Formation::Line, Formation::Column]
                };
                let id = ctx.board.pieces[pid].id();
                let mut options = Vec::with_capacity(regions.len() * formations.len());
                for r in &regions {
                    for fm in &formations {
                        options.push(Decision::PlaceForce {
                            force: *id,
                            region: *r,
                            formation: *fm,
                        });
                    }
                }
                let prompt =
                    move |b: &Board| format!("Place {} on the Battlefield Sheet.", b.label(pid));
                if let Decision::PlaceForce {
                    region, formation, ..
                } = ask_about(
                    ctx,
                    f,
                    "10.2.16",
                    prompt,
                    options,
                    About::force(*id).moving(Move::Place),
                )? {
                    if region == Region::ConfederateFront {
                        front_used += 1;
                    }
                    f.units.push(Unit::new(
                        ctx.board,
                        pid,
                        Side::Confederate,
                        region,
                        formation,
                    ));
                }
            }
        }
    }
    note!(
        ctx,
        "10.2.16",
        "Confederate set-up: {}.",
        Region::ALL
            .iter()
            .map(|r| (r, f.units_at(*r, Side::Confederate).len()))
            .filter(|(_, n)| *n > 0)
            .map(|(r, n)| format!("{n} in the {}", r.name()))
            .collect::<Vec<_>>()
            .join(", ")
    );
    if f.lee {
        note!(
            ctx,
            "10.2.17",
            "Robert E. Lee takes his place on the Battlefield Sheet."
        );
    }
    Ok(())
}

/// 10.2.18–10.2.19 with 10.2.12.8 Terrain; Formation by tactics (10.3).
pub(super) fn place_union(ctx: &mut Ctx, f: &mut Field) -> R<()> {
    let area = f.area.clone();
    let formation = match f.tactics {
        Tactics::Aggressive => Formation::Column,
        Tactics::Defensive => Formation::Line,
    };
    let pieces = ctx.board.side_in_area(&area, Side::Union);
    if f.has_insight(Insight::Terrain) {
        let options = vec![
            Decision::TerrainRegion {
                region: Region::UnionApproach,
            },
            Decision::TerrainRegion {
                region: Region::UnionReserve,
            },
        ];
        if let Decision::TerrainRegion { region } = ask_on(
            ctx,
            f,
            "10.2.12.8",
            "Terrain: all Union Forces in the Union Approach or the Union Reserve?",
            options,
        )? {
            for pid in pieces {
                let ty = ctx.board.pieces[pid].force.force_type;
                let fm = if matches!(ty, ForceType::Infantry | ForceType::Cavalry) {
                    formation
                } else {
                    Formation::Line
                };
                f.units
                    .push(Unit::new(ctx.board, pid, Side::Union, region, fm));
            }
            if region == Region::UnionApproach {
                f.terrain_approach = f.mobile_count(region, Side::Union);
            }
            note!(
                ctx,
                "10.2.12.8",
                "Terrain: every Union Force is placed in the {}.",
                region.name()
            );
        }
        return Ok(());
    }
    let mut foot: Vec<PieceIx> = Vec::new();
    for pid in pieces {
        match ctx.board.pieces[pid].force.force_type {
            ForceType::Garrison => f.units.push(Unit::new(
                ctx.board,
                pid,
                Side::Union,
                Region::UnionApproach,
                Formation::Line,
            )),
            ForceType::Fortification | ForceType::Artillery => f.units.push(Unit::new(
                ctx.board,
                pid,
                Side::Union,
                Region::UnionReserve,
                Formation::Line,
            )),
            _ => foot.push(pid),
        }
    }
    // The first 4 Infantry and Cavalry at random into the Approach.
    let mut approach = 0;
    while !foot.is_empty() {
        let pid = if approach < 4 && foot.len() > 1 {
            let chosen = ctx.pick_piece("10.2.19", "Union Force placed in the Approach", &foot)?;
            foot.retain(|&p| p != chosen);
            chosen
        } else {
            foot.remove(0)
        };
        let region = if approach < 4 {
            Region::UnionApproach
        } else {
            Region::UnionReserve
        };
        approach += 1;
        f.units
            .push(Unit::new(ctx.board, pid, Side::Union, region, formation));
    }
    note!(
        ctx,
        "10.2.19",
        "Union set-up ({:?}, {formation:?}): {}.",
        f.tactics,
        [
            Region::UnionFront,
            Region::UnionApproach,
            Region::UnionReserve
        ]
        .iter()
        .map(|r| (r, f.units_at(*r, Side::Union).len()))
        .filter(|(_, n)| *n > 0)
        .map(|(r, n)| format!("{n} in the {}", r.name()))
        .collect::<Vec<_>>()
        .join(", ")
    );
    ctx.frame(f, |_| "The Union is placed".into());
    Ok(())
}
