//! The battle-turn procedure every battlefield sheet shares (12.0): the
//! Activation check (11.2), Hits (11.9–11.11), Union tactics (13.0) and the
//! Special Battle Plan draw (14.0). What depends on where Forces stand —
//! moving, retreating, targets, what a drawn plan does on the sheet — the
//! sheet's geometry supplies through [`Sheet`]; the Battlefield Sheet's six
//! Regions implement it in `battle::basic`.

pub mod activation;
pub mod attack;
pub mod cup;
pub mod defaults;
pub mod end;
pub mod fight;
pub mod hits;
pub mod insights;
pub mod plans;
pub mod resolve;
pub mod sequence;
pub mod shock;
pub mod tactics;
pub mod view;

use crate::campaign::Side;
use crate::rules::battle::field::{Field, Slot};
use crate::rules::battle::ground::{Ground, Region, Square};
use crate::rules::battle::record::Relation;
use crate::rules::battle::terms::PlanCounter;
use crate::rules::board::{Board, PieceIx};
use crate::rules::components::Id;
use crate::rules::components::SpecialBattlePlan;
use crate::rules::ctx::Ctx;
use crate::rules::decision::{
    About, Decision, DefaultPlan, Interrupt, Prompt, Request, SheetRead, UnitView,
};
use crate::rules::difficulty::BattleMode;

pub type R<T> = Result<T, Interrupt>;

/// A place on a battlefield sheet, and the steps of the shared procedure
/// that depend on the sheet's geometry.
pub trait Sheet: Ground {
    /// The battle mode fought on this sheet.
    const MODE: BattleMode;
    /// "Basic Battle Rules, on the Battlefield Sheet", for the chronicle.
    const RULES: &'static str;
    /// 10.2.15–10.2.17 (A10.2.14): the Confederate Forces on the sheet,
    /// but those `off` it.
    fn place_confederates(ctx: &mut Ctx, f: &mut Field<Self>, off: &[PieceIx]) -> R<()>;
    /// 10.2.18–10.2.19 (A10.2.14): the Union Forces on the sheet.
    fn place_union(ctx: &mut Ctx, f: &mut Field<Self>) -> R<()>;
    /// 10.2.14–10.2.19: both armies on the sheet (the Union first after a
    /// Screened Approach, 10.2.20), but the Forces `off` it.
    fn place(ctx: &mut Ctx, f: &mut Field<Self>, off: &[PieceIx], union_first: bool) -> R<()> {
        if union_first {
            Self::place_union(ctx, f)?;
            Self::place_confederates(ctx, f, off)
        } else {
            Self::place_confederates(ctx, f, off)?;
            Self::place_union(ctx, f)
        }
    }
    /// Whether Flank and Rapid Advance name their target when placed
    /// (A12.3).
    const DECLARES_TARGETS: bool = false;
    /// Where the player sees a Force here: its Region (on the Advanced
    /// sheet its Row's, A10.2.14) and its Square.
    fn shown(self) -> (Region, Option<Square>);
    /// Places from unit `k` to the nearest enemy Force (11.6, A11.0.1).
    fn range_of(f: &Field<Self>, k: Slot) -> Option<i32>;
    /// A defender that fails its Shock check, Hit and still there, falls
    /// back (11.4.2, A11.4.2).
    fn shock_retreat(ctx: &mut Ctx, f: &mut Field<Self>, pid: PieceIx) -> R<()>;
    /// A Force moves into a place (11.3 Advance, A11.3): what it leaves
    /// behind, Melee and first entries.
    fn move_into(ctx: &mut Ctx, f: &mut Field<Self>, pid: PieceIx, to: Self);
    /// Where the captor's substitute for captured Artillery stands (5.9.1):
    /// the captured Force's place, unless the sheet has no room there.
    fn substitute_at(_f: &Field<Self>, at: Self, _captor: Side) -> Self {
        at
    }
    /// A Retreat the player orders (March back, 12.4.1, A11.5): one place
    /// back, stopping where there is no room; off the sheet from the rear
    /// (14.5.1).
    fn ordered_retreat(
        ctx: &mut Ctx,
        f: &mut Field<Self>,
        pid: PieceIx,
        rule: &'static str,
    ) -> R<()>;
    /// A Force that fails its Heavy Fire check falls back (14.1.10).
    fn push_back(ctx: &mut Ctx, f: &mut Field<Self>, pid: PieceIx, rule: &'static str) -> R<()>;
    /// Battle Packs: Charge! drawn and resolved at the start of the draw
    /// when Union Forces stand next to Confederate Forces ("Charge! and
    /// Union Objective Markers"); true when it was.
    fn objective_charge(_ctx: &mut Ctx, _f: &mut Field<Self>) -> R<bool> {
        Ok(false)
    }
    /// Resolve or place a drawn Special Battle Plan (14.1); false when it
    /// does not count against the quantity drawn.
    fn resolve_drawn(ctx: &mut Ctx, f: &mut Field<Self>, plan: SpecialBattlePlan) -> R<bool>;
    /// 12.2 Select and Place Confederate Battle Plans (and Cover, 12.3.3).
    fn assign(ctx: &mut Ctx, f: &mut Field<Self>) -> R<()>;
    /// The rule the player's order of resolution is asked under (14.4,
    /// A14.4).
    const RESOLVE_RULE: &'static str;
    /// The answers to "which Force acts next, and how?" for the Mobile
    /// Forces `ready` (14.4: its Battle Plan Counter, or a Default Battle
    /// Plan it may use now, 12.4, A12.4).
    fn confederate_options(ctx: &Ctx, f: &Field<Self>, ready: &[Slot]) -> Vec<Decision>;
    /// Carry out a Confederate Battle Plan Counter (12.3, A12.3).
    fn run_counter(ctx: &mut Ctx, f: &mut Field<Self>, pid: PieceIx, plan: PlanCounter) -> R<()>;
    /// Carry out a Confederate Default Battle Plan (12.4, A12.4).
    fn run_default(ctx: &mut Ctx, f: &mut Field<Self>, pid: PieceIx, plan: DefaultPlan) -> R<()>;
    /// A Confederate Garrison or Fortification fires (11.1, A11.1).
    fn static_fire(ctx: &mut Ctx, f: &mut Field<Self>, pid: PieceIx) -> R<()>;
    /// A Routed army retreats, in its side's step (12.4.5, 14.2.3, A14.5).
    fn rout_retreat(ctx: &mut Ctx, f: &mut Field<Self>, side: Side) -> R<()>;
    /// The Union Forces that have not acted, as counters, in the order they
    /// act (14.3, A14.3).
    fn union_order(ctx: &mut Ctx, f: &Field<Self>) -> R<Vec<PieceIx>>;
    /// Carry out a Union Force's Default Battle Plan (14.2, A14.2).
    fn union_default(ctx: &mut Ctx, f: &mut Field<Self>, pid: PieceIx) -> R<()>;
    /// For the sheet's view: unit `k`'s relation to each enemy Force
    /// (range, Formations, Facing, modifiers; the Squares only).
    fn relations(_f: &Field<Self>, _k: Slot) -> Vec<Relation> {
        Vec::new()
    }
    /// For the sheet's view: the places a March takes Confederate unit `k`
    /// (the Squares only).
    fn reach(_board: &Board, _f: &Field<Self>, _k: Slot) -> Vec<Square> {
        Vec::new()
    }
    /// The units on the sheet as the player sees them, attached to a
    /// question for a decider that reads them (`Request::battlefield`).
    fn unit_views(f: &Field<Self>) -> Vec<UnitView>;
    /// Where each side stands, read once for the views of single units
    /// ([`Sheet::unit_view`]).
    type Standing;
    fn standing(f: &Field<Self>) -> Self::Standing;
    /// Unit `k` as [`Sheet::unit_views`] shows it, the sheet read as `at`.
    fn unit_view(f: &Field<Self>, at: &Self::Standing, k: Slot) -> UnitView;
    /// What is wrong with the sheet, if anything (its capacities, no
    /// counter in Melee): checked after every step in debug builds.
    fn problem(f: &Field<Self>, board: &Board) -> Option<String>;
}

/// The unit index of a counter still on the sheet.
pub fn k_of<P: Copy + Eq>(f: &Field<P>, pid: PieceIx) -> Option<Slot> {
    f.unit_of(pid)
}

/// Ask the player during a battle, with the sheet attached to the request.
pub fn ask_on<P: Sheet>(
    ctx: &mut Ctx,
    f: &Field<P>,
    rule: &'static str,
    prompt: impl Prompt,
    options: Vec<Decision>,
) -> R<Decision> {
    ask_about(ctx, f, rule, prompt, options, About::default())
}

/// [`ask_on`] a question about a Force (and the kind of move it asks).
pub fn ask_about<P: Sheet>(
    ctx: &mut Ctx,
    f: &Field<P>,
    rule: &'static str,
    prompt: impl Prompt,
    options: Vec<Decision>,
    about: About,
) -> R<Decision> {
    // Worded only for a record or a decider that reads it.
    let worded = ctx.recording() || (options.len() > 1 && ctx.decider.reads_prompts());
    let prompt = if worded {
        prompt.words(ctx.board)
    } else {
        String::new()
    };
    ctx.frame_with(f, |_| prompt.clone(), rule == "12.2");
    if options.len() == 1 {
        // Nothing to choose (as `ask`): no view of the sheet to make.
        return Ok(options.into_iter().next().expect("one option"));
    }
    // Made once and filled in where it stands (moved through a builder for
    // each part, it was copied four times a question).
    let mut request = Request::new(rule, prompt, options);
    request.about = about;
    // The balance only for a record or a decider that reads it.
    if ctx.recording() || ctx.decider.reads_situation(&request) {
        let [confederate_combat, union_combat] = f.combat_totals(ctx.board);
        request.situation = Some(crate::rules::decision::Situation {
            confederate_combat,
            union_combat,
            lee_present: f.lee,
            confederates_attack: true,
        });
    }
    if !ctx.decider.reads_sheet_in_place() && ctx.decider.reads_sheet(&request) {
        request.battlefield = Some(P::unit_views(f));
    }
    ctx.with_sheet(&mut request, f);
    let sheet = InPlace {
        f,
        at: std::cell::OnceCell::new(),
    };
    ctx.ask_on_sheet(request, Some(&sheet))
}

/// The units on a battle's sheet read where they stand, for a decider that
/// reads a few of them (`Decider::decide_on_sheet`) instead of a view of
/// every unit made for each question (a twelfth of a Basic battle): the
/// sheet read once, when first needed.
struct InPlace<'a, P: Sheet> {
    f: &'a Field<P>,
    at: std::cell::OnceCell<P::Standing>,
}

impl<P: Sheet> SheetRead for InPlace<'_, P> {
    fn unit(&self, force: Id) -> Option<UnitView> {
        // The answers name Forces by the units' own ids: found by address.
        let k = (self.f.units.position(|u| u.id.is(force)))
            .or_else(|| self.f.units.position(|u| u.id == force))?;
        let view = P::unit_view(self.f, self.at.get_or_init(|| P::standing(self.f)), k);
        debug_assert_eq!(
            Some(&view),
            P::unit_views(self.f).iter().find(|u| u.force == force)
        );
        Some(view)
    }

    fn units(&self) -> Vec<UnitView> {
        P::unit_views(self.f)
    }

    /// Read off the units' places: no view of every unit (whose ranges
    /// were a twentieth of an Advanced battle, A11.0 `choose_square`).
    fn squares(&self, side: Side) -> Vec<Square> {
        // Room for them all at once (a filtered list grows as it goes).
        let mut squares = Vec::with_capacity(self.f.units.len());
        squares.extend(
            (self.f.units.iter())
                .filter(|u| u.side == side)
                .filter_map(|u| u.at().shown().1),
        );
        debug_assert_eq!(
            squares,
            (P::unit_views(self.f).iter())
                .filter(|u| u.side == side)
                .filter_map(|u| u.square)
                .collect::<Vec<_>>()
        );
        squares
    }
}
