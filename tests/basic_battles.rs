//! Basic battles on the Battlefield Sheet against the rulebook's worked
//! examples (10.2.12, 11.0–14.5), with scripted dice and decisions.

use fcrel::rules::battle::turns::resolve;
use fcrel::rules::board::PieceIx;
use std::sync::Arc;

use fcrel::campaign::{self, Campaign, CounterValues, Insight, Side};
use fcrel::chronicle::Chronicle;
use fcrel::dice::Dice;
use fcrel::rules::battle::basic::field::{Field, InsightState, Unit};
use fcrel::rules::battle::basic::{combat, confederate, union};
use fcrel::rules::battle::ground::Region;
use fcrel::rules::battle::terms::{Formation, PlanCounter, Tactics};
use fcrel::rules::battle::turns::plans;
use fcrel::rules::components::{Location, SpecialBattlePlan, Strength};
use fcrel::rules::ctx::Ctx;
use fcrel::rules::decision::{Decision, DefaultPlan, FormationChange, Recorded, SecondMove};

use Formation::{Column, Line};
use Region::*;

mod common;
use common::*;

fn campaign_with(change: impl Fn(&mut Campaign)) -> Arc<Campaign> {
    let mut c = campaign::load_bundled("seven-days").unwrap();
    change(&mut c);
    Arc::new(c)
}

fn set(c: &mut Campaign, id: &str, activation: u32, combat: u32, superior: Option<u32>) {
    let f = c.forces.iter_mut().find(|f| f.id == id).unwrap();
    f.full = CounterValues {
        activation: Some(activation),
        combat,
        superior,
    };
}

/// A battle on the Battlefield Sheet: the sheet, and the board, dice,
/// answers and chronicle it is played with.
struct T {
    game: Run,
    f: Field,
}

impl T {
    /// A battle at Glendale with these Forces on the sheet.
    fn new(c: Arc<Campaign>, units: &[(&str, Region, Formation)]) -> T {
        let mut board = empty_board(c);
        let mut f = Field::new("glendale", false, 4);
        for (id, region, formation) in units {
            at(&mut board, "glendale", &[id]);
            let pid = board.index(id).unwrap();
            let side = board.pieces[pid].force.side;
            f.units
                .push(Unit::new(&board, pid, side, *region, *formation));
        }
        T {
            game: Run::new(board, &[]),
            f,
        }
    }

    fn script(&mut self, dice: &[u32], decisions: Vec<Decision>) {
        self.game.dice = Dice::scripted(dice.iter().copied());
        self.game.decider = Recorded::new(decisions);
    }

    fn run<X>(
        &mut self,
        go: impl FnOnce(&mut Ctx, &mut Field) -> Result<X, fcrel::rules::decision::Interrupt>,
    ) -> X {
        let out = go(&mut self.game.ctx(), &mut self.f);
        let text = self.text();
        let out = out.unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(
            self.game.dice.scripted_left(),
            Some(0),
            "every scripted die used:\n{text}"
        );
        out
    }

    fn pid(&self, id: &str) -> PieceIx {
        self.game.board.index(id).unwrap()
    }

    fn unit(&self, id: &str) -> Option<&Unit> {
        self.f.unit_of(self.pid(id)).map(|k| &self.f.units[k])
    }

    fn region(&self, id: &str) -> Region {
        self.unit(id)
            .unwrap_or_else(|| panic!("{id} is not on the sheet"))
            .at()
    }

    fn strength(&self, id: &str) -> Strength {
        self.game.strength(id)
    }

    fn loc(&self, id: &str) -> Location {
        self.game.loc(id)
    }

    fn counter(&mut self, id: &str, plan: PlanCounter) {
        let k = self.f.unit_of(self.pid(id)).unwrap();
        self.f.units[k].counter = Some(plan);
    }

    fn text(&self) -> String {
        self.game.text()
    }
}

fn act(force: &str, plan: Option<DefaultPlan>) -> Decision {
    Decision::Act {
        force: force.into(),
        plan,
    }
}

fn march() -> DefaultPlan {
    DefaultPlan::March {
        change: FormationChange::None,
        then: SecondMove::None,
    }
}

/// 11.2 / 12.3.4 example: Longstreet (Activation 7, Combat 8) in Line with
/// Engage rolls a 4, Advances into an empty Region, stays in Line and
/// attacks at 9/1: a 5 hits Slocum.
#[test]
fn engage_advance_and_fire() {
    let mut t = T::new(
        campaign_with(|_| {}),
        &[
            ("longstreet", ConfederateApproach, Line),
            ("slocum", UnionFront, Line),
        ],
    );
    t.counter("longstreet", PlanCounter::Engage);
    t.script(&[4, 5], vec![act("longstreet", None)]);
    t.run(|c, f| resolve::confederate(c, f, false));
    assert_eq!(t.region("longstreet"), ConfederateFront);
    assert_eq!(t.unit("longstreet").unwrap().formation, Line);
    assert_eq!(t.strength("slocum"), Strength::Reduced, "{}", t.text());
    assert!(t.text().contains("d10 = 5 vs 9"), "{}", t.text());
}

/// 11.4.2 examples: Longstreet in Column charges Slocum (Line, Combat 3):
/// Slocum checks at 1, rolls a 9, takes a Hit and falls back; Longstreet is
/// in Melee with the Brigade left behind.
#[test]
fn shock_column_against_line() {
    let mut t = T::new(
        campaign_with(|_| {}),
        &[
            ("longstreet", ConfederateFront, Column),
            ("slocum", UnionFront, Line),
            ("us-inf-brigade-1", UnionFront, Line),
        ],
    );
    // March (Column: no roll), the Shock attack's own Activation 2, Slocum's
    // Defensive Fire Activation 8 (fails), his Shock check 9 against 1.
    t.script(&[2, 8, 9], vec![act("longstreet", Some(march()))]);
    t.run(|c, f| resolve::confederate(c, f, false));
    assert_eq!(t.strength("slocum"), Strength::Reduced);
    assert_eq!(t.region("slocum"), UnionApproach);
    assert_eq!(t.region("longstreet"), UnionFront);
    assert!(t.f.in_melee(t.f.unit_of(t.pid("longstreet")).unwrap()));
    assert!(
        t.text().contains("d10 = 9 vs 1 (Combat Value 3, -2"),
        "{}",
        t.text()
    );
}

/// 11.4.2: Longstreet in Line against Slocum in Column: Slocum passes at
/// 5; Longstreet's own check at -2 fails on a 10: one Hit, no Retreat.
#[test]
fn shock_line_against_column() {
    let mut t = T::new(
        campaign_with(|_| {}),
        &[
            ("longstreet", ConfederateFront, Line),
            ("slocum", UnionFront, Column),
        ],
    );
    t.script(&[3, 2, 9, 2, 10], vec![act("longstreet", Some(march()))]);
    t.run(|c, f| resolve::confederate(c, f, false));
    assert_eq!(t.strength("slocum"), Strength::Full);
    assert_eq!(t.strength("longstreet"), Strength::Reduced);
    assert_eq!(t.region("longstreet"), UnionFront);
    assert!(
        t.text().contains("d10 = 2 vs 5 (Combat Value 3, +2"),
        "{}",
        t.text()
    );
    assert!(
        t.text().contains("d10 = 10 vs 6 (Combat Value 8, -2"),
        "{}",
        t.text()
    );
}

/// 11.4.1 example: Slocum (Activation 3, Combat 3/-) Activates on a 3 and
/// fires a 1: Longstreet takes a Hit, stays where he was, loses his
/// counter and Holds.
#[test]
fn defensive_fire() {
    let mut t = T::new(
        campaign_with(|_| {}),
        &[
            ("longstreet", ConfederateFront, Column),
            ("slocum", UnionFront, Line),
        ],
    );
    t.counter("longstreet", PlanCounter::Engage);
    t.script(&[3, 1], vec![act("longstreet", None)]);
    t.run(|c, f| resolve::confederate(c, f, false));
    assert_eq!(t.strength("longstreet"), Strength::Reduced);
    assert_eq!(t.region("longstreet"), ConfederateFront);
    assert_eq!(t.unit("longstreet").unwrap().counter, None);
    assert_eq!(t.strength("slocum"), Strength::Full);
}

/// 11.7.2 example: Artillery of 3 at range 1 fires at 5/2 (a 2 is two
/// Hits); at range 5 at 0/-3, a natural 1 still hits once.
#[test]
fn artillery_range_one_and_five() {
    let mut t = T::new(
        campaign_with(|_| {}),
        &[
            ("cs-battery-3-1", ConfederateReserve, Line),
            ("slocum", ConfederateApproach, Line),
            ("smith", UnionReserve, Line),
        ],
    );
    t.script(&[2], vec![]);
    let pid = t.pid("cs-battery-3-1");
    t.run(|c, f| combat::attack(c, f, pid, ConfederateApproach, vec![], "Fire", "12.4.2"));
    assert_eq!(t.loc("slocum"), Location::ReinforcementCup);
    assert!(t.text().contains("d10 = 2 vs 5"), "{}", t.text());
    t.script(&[1], vec![]);
    t.run(|c, f| combat::attack(c, f, pid, UnionReserve, vec![], "Fire", "12.4.2"));
    assert_eq!(t.strength("smith"), Strength::Reduced);
    assert!(t.text().contains("d10 = 1 vs 0"), "{}", t.text());
}

/// 11.8 example: Aimed Volley +3/+1 makes Combat Value 6 (no superscript)
/// 9/1: a natural 1 is two Hits.
#[test]
fn aimed_volley_nine_one() {
    let mut t = T::new(
        campaign_with(|_| {}),
        &[
            ("huger", ConfederateFront, Line),
            ("slocum", UnionFront, Line),
        ],
    );
    t.counter("huger", PlanCounter::AimedVolley);
    t.script(&[2, 1], vec![act("huger", None)]);
    t.run(|c, f| resolve::confederate(c, f, false));
    assert_eq!(t.loc("slocum"), Location::ReinforcementCup, "{}", t.text());
    assert!(
        t.text().contains("d10 = 1 vs 9 (Combat Value 6/0, +3/+1"),
        "{}",
        t.text()
    );
}

/// 12.3.10 example: Rapid Fire at 6/1 (from 7/2): a 1 is two Hits on the
/// Poor Line Infantry, destroyed; the second attack, at 5/0, goes to the
/// Artillery and misses on a 9.
#[test]
fn rapid_fire_six_one_then_five_zero() {
    let c = campaign_with(|c| set(c, "longstreet", 7, 7, Some(2)));
    let mut t = T::new(
        c,
        &[
            ("longstreet", ConfederateFront, Line),
            ("us-battery-3-1", UnionFront, Line),
            ("hooker", UnionFront, Line),
        ],
    );
    t.counter("longstreet", PlanCounter::RapidFire);
    t.script(&[1, 9], vec![act("longstreet", None)]);
    t.run(|c, f| resolve::confederate(c, f, false));
    assert_eq!(t.loc("hooker"), Location::ReinforcementCup);
    assert_eq!(t.loc("us-battery-3-1"), Location::Area("glendale".into()));
    assert!(
        t.text().contains("d10 = 1 vs 6 (Combat Value 7/2, -1/-1"),
        "{}",
        t.text()
    );
    assert!(
        t.text().contains("d10 = 9 vs 5 (Combat Value 7/2, -2/-2"),
        "{}",
        t.text()
    );
}

/// 12.3.5 example: Longstreet (Activation 3, Combat 6) in Line: Fighting
/// Retreat Activates at 1 (a 1), attacks a random Conscript at 5 (a 6
/// misses) and falls back two Regions to the Confederate Reserve.
#[test]
fn fighting_retreat() {
    let c = campaign_with(|c| set(c, "longstreet", 3, 6, None));
    let mut t = T::new(
        c,
        &[
            ("longstreet", ConfederateFront, Line),
            ("slocum", UnionFront, Line),
            ("smith", UnionFront, Line),
            ("richardson", UnionFront, Line),
        ],
    );
    t.counter("longstreet", PlanCounter::FightingRetreat);
    t.script(&[1, 6], vec![act("longstreet", None)]);
    t.run(|c, f| resolve::confederate(c, f, false));
    assert_eq!(t.region("longstreet"), ConfederateReserve);
    assert!(
        t.text().contains("d10 = 1 vs 1 (Activation 3, -2"),
        "{}",
        t.text()
    );
    assert!(t.text().contains("d10 = 6 vs 5"), "{}", t.text());
    for id in ["slocum", "smith", "richardson"] {
        assert_eq!(t.strength(id), Strength::Full);
    }
}

/// 12.3.6 example: Longstreet in Column Flanks (no roll) two Regions into
/// Slocum and Smith (Line); the player picks Slocum; his Shock check is at
/// 3 - 3 - 2 = -2: he is hit and falls back; Longstreet is in Melee with
/// Smith and the counter is gone.
#[test]
fn flank_minus_three_minus_two() {
    let mut t = T::new(
        campaign_with(|_| {}),
        &[
            ("longstreet", ConfederateApproach, Column),
            ("slocum", UnionFront, Line),
            ("smith", UnionFront, Line),
        ],
    );
    t.counter("longstreet", PlanCounter::Flank);
    // One Force with one thing to do is not asked: only the target is.
    t.script(
        &[9, 5],
        vec![Decision::ShockTarget {
            force: "slocum".into(),
        }],
    );
    t.run(|c, f| resolve::confederate(c, f, false));
    assert_eq!(t.region("slocum"), UnionApproach);
    assert_eq!(t.strength("slocum"), Strength::Reduced);
    assert_eq!(t.region("longstreet"), UnionFront);
    assert_eq!(t.unit("longstreet").unwrap().counter, None);
    assert!(t.text().contains("d10 = 5 vs -2"), "{}", t.text());
}

/// 12.3.9 example: in Column, Activation 6, a 2: two Regions forward to
/// the Union Front; in Column it does not attack.
#[test]
fn rapid_advance() {
    let c = campaign_with(|c| set(c, "longstreet", 6, 8, None));
    let mut t = T::new(
        c,
        &[
            ("longstreet", ConfederateApproach, Column),
            ("slocum", UnionApproach, Line),
        ],
    );
    t.counter("longstreet", PlanCounter::RapidAdvance);
    t.script(&[2], vec![act("longstreet", None)]);
    t.run(|c, f| resolve::confederate(c, f, false));
    assert_eq!(t.region("longstreet"), UnionFront);
    assert_eq!(t.strength("slocum"), Strength::Full);
}

/// 12.3.3 example: Cover is placed and Activates (a 2) before the Union
/// acts; the Union Force of 4 fires at it at 3 and misses on a
/// 7; the Force then stays in position.
#[test]
fn cover() {
    let mut t = T::new(
        campaign_with(|_| {}),
        &[
            ("magruder", ConfederateApproach, Line),
            ("smith", ConfederateFront, Line),
        ],
    );
    t.f.quantity = 1;
    t.script(
        &[2, 1, 7],
        vec![
            Decision::AssignPlan {
                force: "magruder".into(),
                plan: PlanCounter::Cover,
            },
            Decision::EndAssign,
        ],
    );
    t.run(|c, f| {
        plans::assign(c, f)?;
        plans::take_cover(c, f)?;
        resolve::union(c, f)?;
        resolve::confederate(c, f, false)
    });
    assert!(
        t.text()
            .contains("d10 = 7 vs 3 (Combat Value 4/0, -1/-1 (Cover"),
        "{}",
        t.text()
    );
    assert!(
        t.text().contains("stays in position in Cover"),
        "{}",
        t.text()
    );
    assert_eq!(t.strength("magruder"), Strength::Full);
    assert_eq!(t.region("magruder"), ConfederateApproach);
}

/// 14.1.2 example: Defensive, quantity 2: Close Ranks, then Hard Cover to
/// a Conscript not in Melee (Smith, by the dice). Longstreet's Rapid Fire
/// at 6/0 becomes 3/-3; a natural 1 hits once, and Close Ranks cancels it.
#[test]
fn hard_cover_with_close_ranks() {
    let c = campaign_with(|c| set(c, "longstreet", 7, 6, None));
    let mut t = T::new(
        c,
        &[
            ("longstreet", ConfederateFront, Line),
            ("huger", UnionApproach, Line),
            ("slocum", UnionApproach, Line),
            ("smith", UnionFront, Line),
            ("richardson", UnionFront, Line),
        ],
    );
    t.f.tactics = Tactics::Defensive;
    t.f.union_quantity = 2;
    // Draws: Close Ranks (index 0 of 14), Hard Cover (index 1 of 13), Smith
    // of the two eligible Conscripts.
    t.script(&[10, 10, 10, 1, 10], vec![]);
    t.run(union::draw_special_plans);
    assert!(t.unit("smith").unwrap().hard_cover);
    assert!(!t.unit("slocum").unwrap().hard_cover, "Slocum is in Melee");
    assert_eq!(t.f.effects.close_ranks, 1);
    t.counter("longstreet", PlanCounter::RapidFire);
    // of the two Conscripts at range 1 only Smith has Hard Cover, so
    // the dice choose the one attacked before the roll: Smith (a 10). First
    // attack a natural 1, second attack (against the same Force) a 9.
    t.script(
        &[10, 1, 9],
        vec![
            act("longstreet", None),
            act("huger", Some(DefaultPlan::Hold)),
        ],
    );
    t.run(|c, f| resolve::confederate(c, f, false));
    assert!(t.text().contains("d10 = 1 vs 3 (Combat Value 6/0, -1/-1 (Rapid Fire, first attack, 12.3.10), -2/-2 (Hard Cover"), "{}", t.text());
    assert!(
        t.text().contains("Close Ranks cancels the Hit on Smith"),
        "{}",
        t.text()
    );
    assert_eq!(t.strength("smith"), Strength::Full);
    assert!(t.unit("smith").unwrap().hard_cover);
}

/// 14.1.4 example: Well-Struck then Charge!: Smith and Richardson fail to
/// Activate and fire with +2/+0 (Smith hits, Richardson misses); Slocum goes
/// in, in Column, with a Shock attack on a Confederate chosen by the dice.
#[test]
fn charge_with_well_struck() {
    let mut t = T::new(
        campaign_with(|_| {}),
        &[
            ("slocum", UnionFront, Line),
            ("smith", UnionFront, Line),
            ("richardson", UnionFront, Line),
            ("cs-inf-regiment-1", ConfederateFront, Line),
            ("cs-inf-regiment-2", ConfederateFront, Line),
            ("cs-inf-regiment-3", ConfederateFront, Line),
        ],
    );
    t.f.tactics = Tactics::Aggressive;
    t.f.union_quantity = 2;
    // Well-Struck (index 3 of 14), Charge! (index 2 of 13); Slocum 2,
    // Smith 8, his attack 5 at 6 (the Hit: index 1 of 3), Richardson 9, his
    // attack 8; Slocum's Shock target (index 0 of 2), its Defensive Fire
    // Activation 10, its Shock check 5 against 0.
    t.script(&[10, 3, 10, 2, 2, 8, 5, 1, 9, 8, 10, 10, 5], vec![]);
    t.run(union::draw_special_plans);
    let text = t.text();
    assert!(
        text.contains("d10 = 5 vs 6 (Combat Value 4/0, +2/+0 (Well-Struck"),
        "{text}"
    );
    assert!(
        text.contains("d10 = 8 vs 6 (Combat Value 4/0, +2/+0 (Well-Struck"),
        "{text}"
    );
    assert_eq!(t.region("slocum"), ConfederateFront);
    assert_eq!(t.unit("slocum").unwrap().formation, Column);
    let left = t.f.units_at(ConfederateFront, Side::Confederate).len();
    assert_eq!(left, 1, "{text}");
    assert_eq!(
        t.game.board.cp.union, 1,
        "18.4: first into the Confederate Front"
    );
}

/// 14.1.8 example: quantity 3: Flanking Fire (5 Union Forces: a 4
/// Activates) destroys a random Regiment; Well-Struck; Screened March (a 5)
/// hits the lowest-Skill Force in the rearmost Region, the other Regiment.
#[test]
fn flanking_fire_and_screened_march() {
    let mut t = T::new(
        campaign_with(|_| {}),
        &[
            ("huger", ConfederateApproach, Line),
            ("magruder", ConfederateApproach, Line),
            ("holmes", ConfederateApproach, Line),
            ("cs-inf-regiment-1", ConfederateReserve, Line),
            ("cs-inf-regiment-2", ConfederateReserve, Line),
            ("sedgwick", UnionApproach, Line),
            ("hooker", UnionApproach, Line),
            ("kearny", UnionApproach, Line),
            ("morell", UnionReserve, Line),
            ("hunt", UnionReserve, Line),
        ],
    );
    t.f.tactics = Tactics::Aggressive;
    t.f.union_quantity = 3;
    t.script(&[10, 6, 4, 3, 10, 3, 10, 5, 5], vec![]);
    t.run(union::draw_special_plans);
    assert_eq!(
        t.loc("cs-inf-regiment-1"),
        Location::ConfederateAvailable,
        "{}",
        t.text()
    );
    assert_eq!(
        t.loc("cs-inf-regiment-2"),
        Location::ConfederateAvailable,
        "{}",
        t.text()
    );
    assert!(t.f.effects.well_struck);
}

/// 14.1.9 / 14.1.10 example: Broken: the Poor Line Force in the Union
/// Front rolls a 10 and falls back to a Confederate Front of 5 (now 6).
/// Heavy Fire: the Force left behind is hit, fails its check and falls
/// back too: the Front is full, so its lowest-Skill Force moves back again.
#[test]
fn broken_and_heavy_fire_overflow() {
    let mut t = T::new(
        campaign_with(|_| {}),
        &[
            ("holmes", UnionFront, Line),
            ("magruder", UnionFront, Line),
            ("slocum", UnionFront, Line),
            ("longstreet", ConfederateFront, Line),
            ("ap-hill", ConfederateFront, Line),
            ("dh-hill", ConfederateFront, Line),
            ("jackson", ConfederateFront, Line),
            ("ewell", ConfederateFront, Line),
        ],
    );
    t.f.tactics = Tactics::Defensive;
    t.f.union_quantity = 2;
    t.script(&[10, 8, 10, 10, 8], vec![]);
    t.run(union::draw_special_plans);
    assert_eq!(t.region("holmes"), ConfederateFront, "{}", t.text());
    assert!(t.f.effects.heavy_fire);
    let pid = t.pid("magruder");
    t.script(&[7], vec![]);
    t.run(|c, f| combat::hit(c, f, pid, combat::HitSource::Attack, "11.6").map(|_| ()));
    assert_eq!(t.region("magruder"), ConfederateFront, "{}", t.text());
    assert_eq!(t.region("holmes"), ConfederateApproach, "{}", t.text());
    assert_eq!(t.f.mobile_count(ConfederateFront, Side::Confederate), 6);
}

/// 14.2.2.1 example: Union Cavalry two Regions from Longstreet Activates (a
/// 3) and fires its carbines at 3/0 - 2/-2 = 1/-2: a 7 misses.
#[test]
fn cavalry_carbines_at_range_two() {
    let c = campaign_with(|c| set(c, "stoneman", 5, 3, None));
    let mut t = T::new(
        c,
        &[
            ("stoneman", UnionFront, Line),
            ("longstreet", ConfederateApproach, Line),
        ],
    );
    t.f.tactics = Tactics::Defensive;
    t.script(&[3, 7], vec![]);
    t.run(resolve::union);
    assert!(
        t.text()
            .contains("d10 = 7 vs 1 (Combat Value 3/0, -2/-2 (Cavalry at range 2"),
        "{}",
        t.text()
    );
    assert_eq!(t.region("stoneman"), UnionFront);
}

/// 12.4.3 example: Disrupt moves the Cavalry to the Reserve and takes a
/// plan out of the cup; the next draw is made without it and it returns at
/// the end of that draw.
#[test]
fn disrupt_timing() {
    let mut t = T::new(
        campaign_with(|_| {}),
        &[
            ("stuart", ConfederateFront, Line),
            ("slocum", UnionApproach, Line),
        ],
    );
    t.script(
        &[2],
        vec![
            act("stuart", Some(DefaultPlan::Disrupt)),
            Decision::DisruptTake {
                plan: Some(SpecialBattlePlan::Charge),
            },
        ],
    );
    t.run(|c, f| resolve::confederate(c, f, false));
    assert_eq!(t.region("stuart"), ConfederateReserve);
    assert!(!t.f.cup.contains(&SpecialBattlePlan::Charge));
    assert_eq!(t.f.disrupted, vec![SpecialBattlePlan::Charge]);
    // Next turn: Aggressive, one draw from 13 (no Charge!): index 0, Close Ranks.
    t.f.tactics = Tactics::Aggressive;
    t.f.union_quantity = 1;
    t.script(&[10, 10], vec![]);
    t.run(union::draw_special_plans);
    assert_eq!(t.f.effects.close_ranks, 1);
    assert!(t.f.disrupted.is_empty());
    assert!(t.f.cup.contains(&SpecialBattlePlan::Charge));
}

/// 10.2.12.7 example: Lee's rating 2 + 2: a 3 Activates the Screen; three
/// attacks at Combat Value 5 roll 10, 4, 2: two Hits, the Artillery in the
/// Union Reserve first, then the Poor Line Infantry in the Approach.
#[test]
fn screen_three_attacks() {
    let mut t = T::new(
        campaign_with(|_| {}),
        &[
            ("us-battery-2-1", UnionReserve, Line),
            ("hooker", UnionApproach, Line),
            ("kearny", UnionApproach, Line),
            ("longstreet", ConfederateApproach, Line),
        ],
    );
    t.game
        .board
        .place("stuart", Location::Area("glendale".into()), Strength::Full);
    t.game
        .board
        .place("whiting", Location::Area("glendale".into()), Strength::Full);
    t.f.screen = Some((t.pid("stuart"), t.pid("whiting")));
    t.f.insights.push(InsightState {
        insight: Insight::Screen,
        spent: false,
    });
    t.f.turn = 2;
    t.script(&[3, 10, 4, 2], vec![Decision::TryScreen]);
    t.run(fcrel::rules::battle::basic::insights_step);
    assert_eq!(
        t.loc("us-battery-2-1"),
        Location::AdditionalForcesCup,
        "{}",
        t.text()
    );
    assert_eq!(t.strength("hooker"), Strength::Reduced);
    assert_eq!(t.strength("kearny"), Strength::Full);
}

/// 10.2.12.3 example: a Union 9/3 attacking an Entrenched Force does so at
/// 7/1; a 1 is two Hits and destroys it, Entrench with it.
#[test]
fn entrench_example() {
    let c = campaign_with(|c| set(c, "sedgwick", 5, 9, Some(3)));
    let mut t = T::new(
        c,
        &[
            ("sedgwick", UnionFront, Line),
            ("huger", ConfederateFront, Line),
        ],
    );
    let k = t.f.unit_of(t.pid("huger")).unwrap();
    t.f.units[k].entrench = true;
    t.script(&[1], vec![]);
    let pid = t.pid("sedgwick");
    t.run(|c, f| combat::attack(c, f, pid, ConfederateFront, vec![], "Combat", "14.2.2"));
    assert!(
        t.text()
            .contains("d10 = 1 vs 7 (Combat Value 9/3, -2/-2 (Entrench"),
        "{}",
        t.text()
    );
    assert_eq!(t.loc("huger"), Location::ConfederateAvailable);
    assert!(t.unit("huger").is_none());
}

/// at placement the sheet is empty, so 13.0 counts the Forces about
/// to be placed; no tie die is rolled for an empty sheet, and the Union
/// Infantry stands in Column when it is stronger, in Line when weaker.
#[test]
fn placement_tactics_count_the_forces_to_be_placed() {
    use fcrel::rules::battle::PreBattle;
    use fcrel::rules::battle::basic::set_up;
    use fcrel::rules::decision::ThenPolicy;
    for (confederates, union, expect) in [
        (
            &["magruder"][..],
            &["hooker", "kearny"][..],
            Tactics::Aggressive,
        ),
        (
            &["longstreet", "ap-hill"][..],
            &["kearny"][..],
            Tactics::Defensive,
        ),
    ] {
        let mut board = empty_board(campaign_with(|_| {}));
        at(&mut board, "glendale", confederates);
        at(&mut board, "glendale", union);
        let u = board.area_combat("glendale", Side::Union);
        let c = board.area_combat("glendale", Side::Confederate);
        assert_ne!(u, c);
        let mut dice = Dice::seeded(3);
        let mut chronicle = Chronicle::default();
        let mut decider = ThenPolicy {
            recorded: Recorded::default(),
            policy: fcrel::rules::commander::Policy::Objective,
        };
        let mut ctx = Ctx {
            board: &mut board,
            dice: &mut dice,
            chronicle: &mut chronicle,
            decider: &mut decider,
        };
        let pre = PreBattle {
            battle_turns: 4,
            ..PreBattle::default()
        };
        let f = set_up(&mut ctx, "glendale", &pre, true).unwrap();
        assert_eq!(f.tactics, expect, "Union {u} against Confederate {c}");
        assert!(
            !chronicle
                .entries()
                .iter()
                .any(|e| e.rule == "13.0" && e.roll.is_some()),
            "no tie die at {u} against {c}"
        );
        let formation = match expect {
            Tactics::Aggressive => Formation::Column,
            Tactics::Defensive => Formation::Line,
        };
        for id in union {
            let k = f.unit_of(board.index(id).unwrap()).unwrap();
            assert_eq!(f.units[k].formation, formation, "{id}");
        }
    }
}

// Issue 21: the Basic battle deviations, each held by its rulebook outcome.

/// 14.0, R-14.0: Hard Cover with no Force to go to and Flanking Fire with
/// every Confederate in Melee are set aside until the draw ends, so a cup
/// without enough usable plans ends the draw short instead of looping.
#[test]
fn special_plan_draw_ends_when_nothing_usable_is_left() {
    let mut t = T::new(
        campaign_with(|_| {}),
        &[
            ("stoneman", ConfederateFront, Line),
            ("longstreet", ConfederateFront, Line),
        ],
    );
    t.f.tactics = Tactics::Defensive;
    t.f.union_quantity = 2;
    t.f.cup = vec![
        SpecialBattlePlan::HardCover,
        SpecialBattlePlan::HardCover,
        SpecialBattlePlan::FlankingFire,
    ];
    // Hard Cover (index 0 of 3), Hard Cover (index 0 of 2), Flanking Fire.
    t.script(&[10, 10], vec![]);
    t.run(union::draw_special_plans);
    assert!(t.text().contains("it has 0 of 2 this turn"), "{}", t.text());
    let mut cup = t.f.cup.clone();
    cup.sort();
    assert_eq!(
        cup,
        vec![
            SpecialBattlePlan::HardCover,
            SpecialBattlePlan::HardCover,
            SpecialBattlePlan::FlankingFire
        ]
    );
    assert!(t.f.drawn.is_empty());
}

/// 10.2.12.8, R-10.2.12.8: Terrain puts all six Union Mobile Forces in the
/// Union Approach, its limit of 4 ignored; the sheet is lawful and no Union
/// Force may enter the Approach while it is that full.
#[test]
fn terrain_ignores_the_approach_limit() {
    use fcrel::rules::battle::PreBattle;
    use fcrel::rules::battle::basic::set_up;
    let union = ["hooker", "kearny", "sedgwick", "couch", "peck", "morell"];
    let mut board = empty_board(campaign_with(|_| {}));
    at(&mut board, "glendale", &["longstreet"]);
    at(&mut board, "glendale", &union);
    board.lee = area("glendale");
    let mut run = Run::answering(
        board,
        &[],
        vec![
            Decision::ChooseInsight {
                insight: Insight::Terrain,
            },
            Decision::EndInsights,
            Decision::PlaceForce {
                force: "longstreet".into(),
                region: ConfederateApproach,
                formation: Line,
            },
            Decision::TerrainRegion {
                region: UnionApproach,
            },
        ],
    );
    let pre = PreBattle {
        battle_turns: 4,
        ..PreBattle::default()
    };
    let f = set_up(&mut run.ctx(), "glendale", &pre, true).unwrap();
    assert_eq!(f.mobile_count(UnionApproach, Side::Union), 6);
    assert_eq!(f.problem(&run.board), None);
    assert!(!f.has_room(UnionApproach, Side::Union));
}

/// 14.1.2: under Aggressive tactics a Force with Hard Cover Advances and
/// Hard Cover returns to the cup.
#[test]
fn hard_cover_advances_under_aggressive_tactics() {
    let mut t = T::new(
        campaign_with(|_| {}),
        &[
            ("slocum", UnionApproach, Line),
            ("longstreet", ConfederateApproach, Line),
        ],
    );
    let k = t.f.unit_of(t.pid("slocum")).unwrap();
    t.f.units[k].hard_cover = true;
    t.f.tactics = Tactics::Aggressive;
    t.f.cup.clear();
    t.script(&[], vec![]);
    t.run(resolve::union);
    assert_eq!(t.region("slocum"), UnionFront, "{}", t.text());
    assert_eq!(t.unit("slocum").unwrap().formation, Column);
    assert!(!t.unit("slocum").unwrap().hard_cover);
    assert_eq!(t.f.cup, vec![SpecialBattlePlan::HardCover]);
}

/// 14.1.3: the chargers go in highest Skill first, and each against the
/// Confederate Force of the next higher Skill Level not yet charged.
#[test]
fn charge_takes_each_confederate_in_turn() {
    let mut t = T::new(
        campaign_with(|_| {}),
        &[
            ("hooker", UnionFront, Line),
            ("kearny", UnionFront, Line),
            ("sykes", UnionFront, Line),
            ("holmes", ConfederateFront, Line),
            ("huger", ConfederateFront, Line),
            ("longstreet", ConfederateFront, Line),
        ],
    );
    t.f.tactics = Tactics::Aggressive;
    t.f.union_quantity = 1;
    t.f.cup = vec![SpecialBattlePlan::Charge];
    // Three Activations pass; then for each charger the target's Defensive
    // Fire Activation fails (10), its Shock check passes (1), the charger's
    // own passes (1).
    t.script(&[1, 1, 1, 10, 1, 1, 10, 1, 1, 10, 1, 1], vec![]);
    t.run(union::draw_special_plans);
    let text = t.text();
    let on = |charger: &str, target: &str| {
        text.lines().any(|l| {
            l.contains(&format!("{charger} (Union"))
                && l.contains(&format!("makes a Shock attack on {target} ("))
        })
    };
    assert!(on("Sykes", "Holmes"), "{text}");
    assert!(on("Kearny", "Huger"), "{text}");
    assert!(on("Hooker", "Longstreet"), "{text}");
}

/// 11.2.1, R-11.2.1: one Scout for Default Battle Plans covers up to three
/// Forces: the one named and the next two that would roll; a fourth rolls.
#[test]
fn clear_orders_reach_three_forces() {
    let mut t = T::new(
        campaign_with(|_| {}),
        &[
            ("huger", ConfederateApproach, Line),
            ("magruder", ConfederateApproach, Line),
            ("holmes", ConfederateApproach, Line),
            ("whiting", ConfederateApproach, Line),
            ("slocum", UnionReserve, Line),
        ],
    );
    t.game.board.scouts.available = 1;
    t.script(
        &[2],
        vec![
            // (With no Scout left, ending the assignment is the only answer.)
            Decision::ClearOrders {
                force: "huger".into(),
            },
            act("magruder", Some(march())),
            act("huger", Some(march())),
            act("holmes", Some(march())),
            act("whiting", Some(march())),
        ],
    );
    t.run(|c, f| {
        plans::assign(c, f)?;
        resolve::confederate(c, f, false)
    });
    for id in ["huger", "magruder", "holmes", "whiting"] {
        assert_eq!(t.region(id), ConfederateFront, "{id}\n{}", t.text());
    }
    assert_eq!(
        t.text().matches("on Clear Orders").count(),
        3,
        "{}",
        t.text()
    );
    assert!(t.text().contains("d10 = 2 vs 6"), "{}", t.text());
    assert_eq!(t.game.board.scouts.available, 0);
}

/// a Scout on a Force with a Battle Plan Counter covers that
/// counter only; the other Forces roll for their Default Battle Plans.
#[test]
fn clear_orders_for_a_counter_cover_it_alone() {
    let mut t = T::new(
        campaign_with(|_| {}),
        &[
            ("huger", ConfederateFront, Line),
            ("magruder", ConfederateApproach, Line),
            ("slocum", UnionFront, Line),
        ],
    );
    t.f.quantity = 1;
    t.game.board.scouts.available = 1;
    // Aimed Volley without a roll: its attack 10 misses; Magruder's March rolls 3.
    t.script(
        &[10, 3],
        vec![
            Decision::AssignPlan {
                force: "huger".into(),
                plan: PlanCounter::AimedVolley,
            },
            Decision::ClearOrders {
                force: "huger".into(),
            },
            act("huger", None),
            act("magruder", Some(march())),
        ],
    );
    t.run(|c, f| {
        plans::assign(c, f)?;
        resolve::confederate(c, f, false)
    });
    assert_eq!(
        t.text().matches("on Clear Orders").count(),
        1,
        "{}",
        t.text()
    );
    assert!(t.text().contains("d10 = 3 vs 4"), "{}", t.text());
}

/// 12.4.3: Disrupt takes one Close Ranks out of the cup; the next draw
/// still has the other Close Ranks to draw.
#[test]
fn disrupt_withholds_only_the_plan_taken() {
    let mut t = T::new(
        campaign_with(|_| {}),
        &[
            ("stuart", ConfederateFront, Line),
            ("slocum", UnionApproach, Line),
        ],
    );
    t.f.cup = vec![
        SpecialBattlePlan::CloseRanks,
        SpecialBattlePlan::CloseRanks,
        SpecialBattlePlan::Smoke,
    ];
    t.script(
        &[2],
        vec![
            act("stuart", Some(DefaultPlan::Disrupt)),
            Decision::DisruptTake {
                plan: Some(SpecialBattlePlan::CloseRanks),
            },
        ],
    );
    t.run(|c, f| resolve::confederate(c, f, false));
    t.f.tactics = Tactics::Defensive;
    t.f.union_quantity = 1;
    // Close Ranks and Smoke are left: index 0 of 2 is Close Ranks.
    t.script(&[10], vec![]);
    t.run(union::draw_special_plans);
    assert_eq!(t.f.effects.close_ranks, 1, "{}", t.text());
}

/// 12.3.2: Canister placed on a Fortification is fired by it: range 1,
/// +2/+2 for Canister and +2/+2 for the range: a 7 hits at 3 + 4.
#[test]
fn canister_on_a_fortification_fires() {
    let mut t = T::new(
        campaign_with(|_| {}),
        &[
            ("cs-fortification-1", ConfederateReserve, Line),
            ("slocum", ConfederateApproach, Line),
        ],
    );
    t.counter("cs-fortification-1", PlanCounter::Canister);
    t.script(&[7], vec![]);
    t.run(|c, f| resolve::confederate(c, f, false));
    assert!(
        t.text().contains("Canister: Fortification 1"),
        "{}",
        t.text()
    );
    assert!(t.text().contains("d10 = 7 vs 7"), "{}", t.text());
    assert_eq!(t.strength("slocum"), Strength::Reduced);
}

/// Huger and Magruder in the Confederate Reserve with Lee, Slocum in the
/// Union Reserve.
fn two_to_leave_with_lee() -> T {
    let mut t = T::new(
        campaign_with(|_| {}),
        &[
            ("huger", ConfederateReserve, Column),
            ("magruder", ConfederateReserve, Column),
            ("slocum", UnionReserve, Line),
        ],
    );
    t.f.lee = true;
    t.game.board.lee = area("glendale");
    t
}

/// 14.5: a Routed Lee goes with the first Force to leave the sheet.
#[test]
fn routed_lee_leaves_with_the_first_force() {
    let mut t = two_to_leave_with_lee();
    t.f.routed = Some(Side::Confederate);
    t.script(
        &[],
        vec![
            Decision::RetreatTo {
                force: "huger".into(),
                area: "willis-church".into(),
            },
            Decision::RetreatTo {
                force: "magruder".into(),
                area: "long-bridge".into(),
            },
        ],
    );
    t.run(|c, f| resolve::confederate(c, f, false));
    assert_eq!(t.game.board.lee, area("willis-church"), "{}", t.text());
    assert_eq!(t.loc("magruder"), area("long-bridge"));
}

/// not Routed, Lee leaves the sheet with the last Confederate
/// Force to leave it, not the first (`endings::go_to`, its chronicle lines).
#[test]
fn lee_leaves_the_sheet_with_the_last_force() {
    let mut t = two_to_leave_with_lee();
    let to = |force: &str, a: &str| Decision::RetreatTo {
        force: force.into(),
        area: a.into(),
    };
    t.script(&[], vec![to("huger", "willis-church")]);
    t.run(|c, f| combat::exit_sheet(c, f, c.board.index("huger").unwrap(), "14.5.1"));
    assert_eq!(t.loc("huger"), area("willis-church"));
    assert_eq!(t.game.board.lee, area("glendale"), "{}", t.text());
    assert!(t.unit("huger").is_none());
    t.script(&[], vec![to("magruder", "long-bridge")]);
    t.run(|c, f| combat::exit_sheet(c, f, c.board.index("magruder").unwrap(), "14.5.1"));
    assert_eq!(t.loc("magruder"), area("long-bridge"));
    assert_eq!(t.game.board.lee, area("long-bridge"), "{}", t.text());
    let text = t.text();
    assert!(
        text.contains("leaves the Battlefield Sheet for Willis Church."),
        "{text}"
    );
    assert!(
        text.contains("[14.5.1] Robert E. Lee leaves the battle with it for Long Bridge."),
        "{text}"
    );
    assert_eq!(text.matches("Robert E. Lee").count(), 1, "{text}");
}

/// an army of Combat Value 0 is Enveloped by any larger one
/// (and Routed on the map); two armies of 0 are neither.
#[test]
fn an_army_of_zero_is_enveloped_by_any_larger() {
    use fcrel::rules::battle::{self, Ending};
    let c = campaign_with(|c| set(c, "holmes", 3, 0, None));
    let mut board = empty_board(c.clone());
    at(&mut board, "glendale", &["holmes", "slocum"]);
    assert_eq!(
        battle::endings::routed_side(&board, "glendale"),
        Some(Side::Confederate)
    );
    let mut run = Run::new(board, &[]);
    let ending = battle::prebattle::envelopment(&mut run.ctx(), "glendale");
    assert_eq!(
        ending,
        Some(Ending::Enveloped {
            loser: Side::Confederate
        })
    );
    assert_eq!(run.loc("holmes"), Location::ConfederateAvailable);
    assert_eq!(battle::outweighed(0, 0), None);
    assert_eq!(battle::outweighed(3, 1), Some(Side::Union));
    assert_eq!(battle::outweighed(2, 1), None);
    // The 3:1 line the pre-battle panel draws is the same test.
    assert_eq!(battle::outweighs_at(0), 1);
    assert_eq!(battle::outweighs_at(4), 12);
}

/// 10.2.12.3 with 11.5: a Union Melee attack goes against the highest
/// Skill Level, so the Entrenched Line Force's -2/-2 counts: 7 misses at
/// 5 + 3 - 2 = 6 (it would hit at 8 against the Poor Line Force).
#[test]
fn union_melee_attack_meets_the_entrenched_highest_skill() {
    let mut t = T::new(
        campaign_with(|_| {}),
        &[
            ("sedgwick", ConfederateFront, Line),
            ("huger", ConfederateFront, Line),
            ("holmes", ConfederateFront, Line),
        ],
    );
    let k = t.f.unit_of(t.pid("huger")).unwrap();
    t.f.units[k].entrench = true;
    let pid = t.pid("sedgwick");
    t.script(&[7], vec![]);
    t.run(|c, f| combat::attack(c, f, pid, ConfederateFront, vec![], "Combat", "14.2.2"));
    assert!(
        t.text().contains(
            "d10 = 7 vs 6 (Combat Value 5/0, +3/+3 (Melee combat, 11.5), -2/-2 (Entrench"
        ),
        "{}",
        t.text()
    );
    assert_eq!(t.strength("huger"), Strength::Full);
    assert_eq!(t.strength("holmes"), Strength::Full);
}

/// among equal targets whose modifiers differ the dice choose the
/// one attacked before the roll, and it takes the Hit: Smith (Hard Cover)
/// or Richardson, both Conscripts; the dice take Richardson, no Hard Cover.
#[test]
fn the_force_attacked_is_chosen_before_the_roll_when_it_matters() {
    let mut t = T::new(
        campaign_with(|_| {}),
        &[
            ("huger", ConfederateFront, Line),
            ("smith", UnionFront, Line),
            ("richardson", UnionFront, Line),
        ],
    );
    let k = t.f.unit_of(t.pid("smith")).unwrap();
    t.f.units[k].hard_cover = true;
    let pid = t.pid("huger");
    t.script(&[1, 5], vec![]);
    t.run(|c, f| combat::attack(c, f, pid, UnionFront, vec![], "Fire", "12.4.2"));
    assert!(
        t.text().contains("d10 = 5 vs 6 (Combat Value 6/0)"),
        "{}",
        t.text()
    );
    assert_eq!(t.strength("richardson"), Strength::Reduced);
    assert_eq!(t.strength("smith"), Strength::Full);
}

/// 11.5: a Union Force in Melee attacks without changing its Formation.
#[test]
fn union_combat_in_melee_keeps_the_formation() {
    let mut t = T::new(
        campaign_with(|_| {}),
        &[
            ("sedgwick", ConfederateFront, Column),
            ("holmes", ConfederateFront, Line),
        ],
    );
    t.f.tactics = Tactics::Defensive;
    t.script(&[1, 10], vec![]);
    t.run(resolve::union);
    assert_eq!(
        t.unit("sedgwick").unwrap().formation,
        Column,
        "{}",
        t.text()
    );
}

/// 11.1.1: Artillery without an Activation number cannot March, so cannot
/// March off the sheet either; Artillery with one may.
#[test]
fn artillery_without_activation_cannot_march_off() {
    let c = campaign_with(|c| {
        let m = c
            .counter_mix
            .iter_mut()
            .find(|m| m.id_prefix == "cs-battery-2")
            .unwrap();
        m.values.activation = None;
    });
    let mut t = T::new(
        c,
        &[
            ("cs-battery-2-1", ConfederateReserve, Line),
            ("cs-battery-3-1", ConfederateReserve, Line),
            ("slocum", UnionApproach, Line),
        ],
    );
    let mut plans = |id: &str| {
        let k = t.f.unit_of(t.pid(id)).unwrap();
        let mut v = Vec::new();
        t.run(|c, f| {
            let at = fcrel::rules::battle::basic::field::Occupancy::of(f);
            confederate::defaults(c, f, &at, k, |d| v.push(d));
            Ok(())
        });
        v
    };
    let without = plans("cs-battery-2-1");
    assert!(!without.contains(&DefaultPlan::MarchOff), "{without:?}");
    assert!(
        !without
            .iter()
            .any(|p| matches!(p, DefaultPlan::March { .. }))
    );
    assert!(plans("cs-battery-3-1").contains(&DefaultPlan::MarchOff));
}

/// 12.4.1: a Force in Column in Melee marches back without a roll.
#[test]
fn march_back_in_column_needs_no_roll() {
    let mut t = T::new(
        campaign_with(|_| {}),
        &[("huger", UnionFront, Column), ("slocum", UnionFront, Line)],
    );
    t.script(&[], vec![act("huger", Some(DefaultPlan::MarchBack))]);
    t.run(|c, f| resolve::confederate(c, f, false));
    assert_eq!(t.region("huger"), ConfederateFront, "{}", t.text());
}

/// 10.2.12.3: Disrupt moves the Cavalry, and Entrench comes off.
#[test]
fn disrupt_removes_entrench() {
    let mut t = T::new(
        campaign_with(|_| {}),
        &[
            ("stuart", ConfederateFront, Line),
            ("slocum", UnionApproach, Line),
        ],
    );
    let k = t.f.unit_of(t.pid("stuart")).unwrap();
    t.f.units[k].entrench = true;
    t.script(
        &[2],
        vec![
            act("stuart", Some(DefaultPlan::Disrupt)),
            Decision::DisruptTake {
                plan: Some(SpecialBattlePlan::Smoke),
            },
        ],
    );
    t.run(|c, f| resolve::confederate(c, f, false));
    assert_eq!(t.region("stuart"), ConfederateReserve);
    assert!(!t.unit("stuart").unwrap().entrench, "{}", t.text());
}

/// 14.5: six Routed Forces fall back from the Confederate Front into an
/// Approach that holds four: the two of the lowest Skill Level are
/// destroyed, whatever the order they go in.
#[test]
fn rout_overflow_destroys_the_lowest_skill() {
    let mut t = T::new(
        campaign_with(|_| {}),
        &[
            ("holmes", ConfederateFront, Line),
            ("ap-hill", ConfederateFront, Line),
            ("longstreet", ConfederateFront, Line),
            ("dh-hill", ConfederateFront, Line),
            ("jackson", ConfederateFront, Line),
            ("ewell", ConfederateFront, Line),
            ("slocum", UnionReserve, Line),
        ],
    );
    t.f.routed = Some(Side::Confederate);
    t.script(&[], vec![]);
    t.run(|c, f| resolve::confederate(c, f, false));
    assert_eq!(
        t.loc("holmes"),
        Location::ConfederateAvailable,
        "{}",
        t.text()
    );
    assert_eq!(t.loc("ap-hill"), Location::ConfederateAvailable);
    for id in ["longstreet", "dh-hill", "jackson", "ewell"] {
        assert_eq!(t.region(id), ConfederateApproach, "{id}");
        assert_eq!(t.unit(id).unwrap().formation, Column);
    }
}

/// equal lowest-Skill Confederates crowding a Region: the player
/// chooses which is destroyed; Union Forces routed rear first, the dice
/// choose among equals.
#[test]
fn rout_overflow_ties_the_player_chooses() {
    let mut t = T::new(
        campaign_with(|_| {}),
        &[
            ("cs-inf-regiment-1", ConfederateFront, Line),
            ("cs-inf-regiment-2", ConfederateFront, Line),
            ("longstreet", ConfederateFront, Line),
            ("dh-hill", ConfederateFront, Line),
            ("jackson", ConfederateFront, Line),
            ("slocum", UnionReserve, Line),
        ],
    );
    t.f.routed = Some(Side::Confederate);
    t.script(
        &[],
        vec![Decision::CrowdLoss {
            force: "cs-inf-regiment-2".into(),
        }],
    );
    t.run(|c, f| resolve::confederate(c, f, false));
    assert_eq!(t.loc("cs-inf-regiment-2"), Location::ConfederateAvailable);
    assert_eq!(t.region("cs-inf-regiment-1"), ConfederateApproach);
}

/// a Routed Union army falls back rear first, so the four in the
/// Union Approach make room for the four behind them in the Union Front.
#[test]
fn routed_union_retreats_rear_first() {
    let mut t = T::new(
        campaign_with(|_| {}),
        &[
            ("hooker", UnionFront, Line),
            ("kearny", UnionFront, Line),
            ("sedgwick", UnionFront, Line),
            ("couch", UnionFront, Line),
            ("peck", UnionApproach, Line),
            ("morell", UnionApproach, Line),
            ("smith", UnionApproach, Line),
            ("slocum", UnionApproach, Line),
            ("longstreet", ConfederateReserve, Line),
        ],
    );
    t.f.routed = Some(Side::Union);
    t.script(&[], vec![]);
    t.run(resolve::union);
    for id in ["hooker", "kearny", "sedgwick", "couch"] {
        assert_eq!(t.region(id), UnionApproach, "{id}\n{}", t.text());
    }
    for id in ["peck", "morell", "smith", "slocum"] {
        assert_eq!(t.region(id), UnionReserve, "{id}");
    }
}

/// 14.8: the 2:1 test counts the Forces remaining on the Battlefield
/// Sheet: Huger 6 against Sedgwick 5 rolls on the table although Magruder
/// (8), kept off the sheet in the area, would make it 14 against 5.
#[test]
fn withdrawal_counts_the_forces_on_the_sheet() {
    let mut t = T::new(
        campaign_with(|_| {}),
        &[
            ("huger", ConfederateFront, Line),
            ("sedgwick", UnionFront, Line),
        ],
    );
    at(&mut t.game.board, "glendale", &["magruder"]);
    t.script(&[1], vec![]);
    let ending = t.run(|c, f| fcrel::rules::battle::basic::withdrawal(c, f));
    assert_eq!(ending, None, "a 1 on the Seven Days table is Rejoin");
    assert!(!t.text().contains("2:1 or worse"), "{}", t.text());
}

/// 3.2, 14.5, R-10.2.12.7: when the army on the sheet is gone, the
/// Screening Forces off it leave the field without Lee, who is alone.
#[test]
fn lee_is_alone_when_the_army_on_the_sheet_is_gone() {
    use fcrel::rules::battle::Ending;
    use fcrel::rules::battle::basic::kept_off_share_the_fate;
    let mut board = empty_board(campaign_with(|_| {}));
    at(&mut board, "glendale", &["hooker", "stuart", "whiting"]);
    board.lee = area("glendale");
    let mut run = Run::answering(
        board,
        &[],
        vec![
            Decision::RetreatTo {
                force: "stuart".into(),
                area: "willis-church".into(),
            },
            Decision::RetreatTo {
                force: "whiting".into(),
                area: "willis-church".into(),
            },
        ],
    );
    let ending = Ending::Cleared {
        loser: Some(Side::Confederate),
    };
    kept_off_share_the_fate(&mut run.ctx(), "glendale", Some(ending))
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(run.loc("stuart"), area("willis-church"));
    assert_eq!(run.board.lee, area("glendale"), "{}", run.text());
    let outcome = fcrel::rules::battle::endings::finish(&mut run.ctx(), ending, 1);
    assert!(outcome.campaign_lost, "{}", run.text());
}

/// 11.5: Artillery in a Melee Region is captured when a Hit destroys it,
/// even a Ranged Hit from another Region.
#[test]
fn artillery_in_melee_is_captured_by_a_ranged_hit() {
    let mut t = T::new(
        campaign_with(|_| {}),
        &[
            ("pendleton", ConfederateFront, Line),
            ("slocum", ConfederateFront, Line),
            ("sedgwick", UnionFront, Line),
        ],
    );
    let pid = t.pid("sedgwick");
    t.script(&[1], vec![]);
    t.run(|c, f| combat::attack(c, f, pid, ConfederateFront, vec![], "Combat", "14.2.2"));
    assert_eq!(
        t.loc("pendleton"),
        Location::CapturedArtilleryPile,
        "{}",
        t.text()
    );
}

/// 11.1.1, R-14.1.9: Broken passes over Artillery, which cannot Retreat,
/// and takes the lowest-Skill Force that can.
#[test]
fn broken_passes_over_artillery() {
    let mut t = T::new(
        campaign_with(|_| {}),
        &[
            ("pendleton", ConfederateFront, Line),
            ("huger", ConfederateApproach, Line),
            ("slocum", UnionApproach, Line),
        ],
    );
    t.f.tactics = Tactics::Defensive;
    t.f.union_quantity = 1;
    t.f.cup = vec![SpecialBattlePlan::Broken];
    t.script(&[10], vec![]);
    t.run(union::draw_special_plans);
    assert_eq!(t.region("pendleton"), ConfederateFront, "{}", t.text());
    assert_eq!(t.region("huger"), ConfederateReserve);
}

// The rulings of the Basic battle: each held by an outcome with scripted
// dice, and each failing if the rule were read the other way.

/// The options of the question `go` stops at once the scripted answers run
/// out (what the player is offered there).
fn asked(
    t: &mut T,
    go: impl FnOnce(&mut Ctx, &mut Field) -> Result<(), fcrel::rules::decision::Interrupt>,
) -> Vec<Decision> {
    match go(&mut t.game.ctx(), &mut t.f) {
        Err(fcrel::rules::decision::Interrupt::Decide(request)) => request.options,
        other => panic!("expected a question, got {other:?}\n{}", t.text()),
    }
}

/// The Default Battle Plans `confederate::defaults` lists for a Force now.
fn defaults_of(t: &mut T, id: &str) -> Vec<DefaultPlan> {
    let k = t.f.unit_of(t.pid(id)).unwrap();
    let mut v = Vec::new();
    t.script(&[], vec![]);
    t.run(|c, f| {
        let at = fcrel::rules::battle::basic::field::Occupancy::of(f);
        confederate::defaults(c, f, &at, k, |d| v.push(d));
        Ok(())
    });
    v
}

/// 14.1.5, R-14.1.5: Smoke's -1 counts on every roll against a Confederate
/// Combat Value: Huger (Activation 3, Combat 6) Activates (a 3) against
/// Slocum's Charge!, his Defensive Fire misses on a 6 at 6 - 1 = 5, and his
/// Shock check fails on a 4 at 6 - 2 (Column against Line) - 1 = 3: he is
/// hit and falls back, Slocum unhurt in his Region.
#[test]
fn smoke_counts_on_shock_checks_and_defensive_fire() {
    let mut t = T::new(
        campaign_with(|_| {}),
        &[
            ("slocum", UnionFront, Column),
            ("huger", ConfederateFront, Line),
        ],
    );
    t.f.effects.smoke = true;
    let pid = t.pid("slocum");
    t.script(&[3, 6, 4], vec![]);
    let result = t.run(|c, f| {
        combat::shock(
            c,
            f,
            pid,
            ConfederateFront,
            combat::ShockBy::Charge,
            &mut Vec::new(),
        )
    });
    assert_eq!(result, combat::ShockResult::Won, "{}", t.text());
    assert!(
        t.text()
            .contains("d10 = 6 vs 5 (Combat Value (superscript ignored) 6, -1 (Smoke, 14.1.5))"),
        "{}",
        t.text()
    );
    assert!(
        t.text().contains(
            "d10 = 4 vs 3 (Combat Value 6, -2 (Column against Line, 11.4.3), -1 (Smoke, 14.1.5))"
        ),
        "{}",
        t.text()
    );
    assert_eq!(t.strength("slocum"), Strength::Full);
    assert_eq!(t.strength("huger"), Strength::Reduced);
    assert_eq!(t.region("huger"), ConfederateApproach);
    assert_eq!(t.region("slocum"), ConfederateFront);
}

/// 14.1.1, 11.4.2, R-14.1.1: Close Ranks cancels the Hit of Slocum's
/// failed Shock check (a 9 at 3 - 2 = 1) against Longstreet's March, but
/// not its Retreat: Slocum stays Full and falls back to the Union
/// Approach; Longstreet holds the Union Front alone.
#[test]
fn close_ranks_cancels_a_failed_shock_hit_not_the_retreat() {
    let mut t = T::new(
        campaign_with(|_| {}),
        &[
            ("longstreet", ConfederateFront, Column),
            ("slocum", UnionFront, Line),
        ],
    );
    t.f.effects.close_ranks = 1;
    // The Shock attack's Activation 2, Slocum's Defensive Fire Activation 8
    // (fails), his Shock check 9 against 1.
    t.script(&[2, 8, 9], vec![act("longstreet", Some(march()))]);
    t.run(|c, f| resolve::confederate(c, f, false));
    assert!(t.text().contains("d10 = 9 vs 1"), "{}", t.text());
    assert!(
        t.text().contains("Close Ranks cancels the Hit on Slocum"),
        "{}",
        t.text()
    );
    assert_eq!(t.f.effects.close_ranks, 0);
    assert_eq!(t.strength("slocum"), Strength::Full);
    assert_eq!(t.region("slocum"), UnionApproach, "{}", t.text());
    assert_eq!(t.region("longstreet"), UnionFront);
    assert!(!t.f.in_melee(t.f.unit_of(t.pid("longstreet")).unwrap()));
}

/// 14.2.2.1, R-14.2.2.1: Union Cavalry exactly two Regions from the
/// nearest Confederate uses Combat under Aggressive tactics too, not
/// Advance: Stoneman (Activation 4, Combat 2) Activates on a 3, fires his
/// carbines at 2 - 2 = 0 (a natural 1 hits Longstreet) and stays in the
/// Union Front in Column.
#[test]
fn union_cavalry_at_two_regions_fires_under_aggressive_tactics() {
    let mut t = T::new(
        campaign_with(|_| {}),
        &[
            ("stoneman", UnionFront, Column),
            ("longstreet", ConfederateApproach, Line),
        ],
    );
    t.f.tactics = Tactics::Aggressive;
    t.script(&[3, 1], vec![]);
    t.run(resolve::union);
    assert!(
        t.text()
            .contains("d10 = 1 vs 0 (Combat Value 2/0, -2/-2 (Cavalry at range 2"),
        "{}",
        t.text()
    );
    assert_eq!(t.strength("longstreet"), Strength::Reduced);
    assert_eq!(t.region("stoneman"), UnionFront);
    assert_eq!(t.unit("stoneman").unwrap().formation, Column);
}

/// 11.6, 11.5, R-11.6: "Infantry and Cavalry cannot attack when in their
/// own Reserve" is about Ranged attacks: Huger in Melee in the Confederate
/// Reserve may Fire and does so at 6 + 3 = 9 (an 8 hits Slocum); in the
/// Reserve with Slocum at range 1 he may not Fire; Sedgwick in Melee in
/// the Union Reserve attacks at 5 + 3 = 8 (a 7 hits Holmes).
#[test]
fn melee_attacks_from_the_own_reserve() {
    let mut t = T::new(
        campaign_with(|_| {}),
        &[
            ("huger", ConfederateReserve, Line),
            ("slocum", ConfederateReserve, Line),
        ],
    );
    assert!(defaults_of(&mut t, "huger").contains(&DefaultPlan::Fire));
    t.script(&[8], vec![act("huger", Some(DefaultPlan::Fire))]);
    t.run(|c, f| resolve::confederate(c, f, false));
    assert!(
        t.text()
            .contains("d10 = 8 vs 9 (Combat Value 6/0, +3/+3 (Melee combat, 11.5))"),
        "{}",
        t.text()
    );
    assert_eq!(t.strength("slocum"), Strength::Reduced);

    let mut t = T::new(
        campaign_with(|_| {}),
        &[
            ("huger", ConfederateReserve, Line),
            ("slocum", ConfederateApproach, Line),
        ],
    );
    let plans = defaults_of(&mut t, "huger");
    assert!(!plans.contains(&DefaultPlan::Fire), "{plans:?}");
    assert!(plans.contains(&DefaultPlan::Hold), "{plans:?}");

    let mut t = T::new(
        campaign_with(|_| {}),
        &[
            ("sedgwick", UnionReserve, Line),
            ("holmes", UnionReserve, Line),
        ],
    );
    t.script(&[5, 7], vec![]);
    t.run(resolve::union);
    assert!(
        t.text()
            .contains("d10 = 7 vs 8 (Combat Value 5/0, +3/+3 (Melee combat, 11.5))"),
        "{}",
        t.text()
    );
    assert_eq!(t.strength("holmes"), Strength::Reduced);
}

/// 12.2, R-12.2: the counter mix is not a limit: with a Battle Plan
/// Quantity of 3, Volley goes on Huger, Magruder and Holmes, each carries
/// it and each fires it at +2/+0.
#[test]
fn any_number_of_copies_of_a_battle_plan_counter() {
    let mut t = T::new(
        campaign_with(|_| {}),
        &[
            ("huger", ConfederateFront, Line),
            ("magruder", ConfederateFront, Line),
            ("holmes", ConfederateFront, Line),
            ("slocum", UnionFront, Line),
        ],
    );
    t.f.quantity = 3;
    let volley = |force: &str| Decision::AssignPlan {
        force: force.into(),
        plan: PlanCounter::Volley,
    };
    // With none left and no Scout, ending the assignment is not asked.
    t.script(
        &[],
        vec![volley("huger"), volley("magruder"), volley("holmes")],
    );
    t.run(plans::assign);
    for id in ["huger", "magruder", "holmes"] {
        assert_eq!(
            t.unit(id).unwrap().counter,
            Some(PlanCounter::Volley),
            "{id}"
        );
    }
    assert_eq!(t.f.assigned, 3);
    // In Line: no Activation; three misses on natural 10s.
    t.script(
        &[10, 10, 10],
        vec![
            act("huger", None),
            act("magruder", None),
            act("holmes", None),
        ],
    );
    t.run(|c, f| resolve::confederate(c, f, false));
    assert_eq!(
        t.text().matches("+2/+0 (Volley, 12.3.11)").count(),
        3,
        "{}",
        t.text()
    );
    assert!(
        t.text()
            .contains("d10 = 10 vs 6 (Combat Value 4/0, +2/+0 (Volley")
    );
    assert!(
        t.text()
            .contains("d10 = 10 vs 8 (Combat Value 6/0, +2/+0 (Volley")
    );
    assert!(
        t.text()
            .contains("d10 = 10 vs 10 (Combat Value 8/0, +2/+0 (Volley")
    );
}

/// 11.4.1, 4.5, R-11.4.1: Hunt (Artillery, no Activation number, 6/2) is
/// the target of Longstreet's Shock attack: its Defensive Fire Activates
/// against 0, so a 2 fails (it then fails its Shock check and is captured,
/// 11.4.4) and a natural 1 succeeds; it then fires at 6 + 2 (range 1), its
/// superscript ignored: a 2 is one Hit, not two.
#[test]
fn defensive_fire_without_an_activation_number_needs_a_natural_one() {
    let sheet = || {
        T::new(
            campaign_with(|_| {}),
            &[
                ("longstreet", ConfederateFront, Column),
                ("hunt", UnionFront, Line),
            ],
        )
    };
    // The Shock attack's Activation 2, Hunt's Defensive Fire Activation 2.
    let mut t = sheet();
    t.script(&[2, 2], vec![act("longstreet", Some(march()))]);
    t.run(|c, f| resolve::confederate(c, f, false));
    assert!(
        t.text().contains("d10 = 2 vs 0 (Activation 0)"),
        "{}",
        t.text()
    );
    assert!(t.text().contains("automatically fails its Shock check"));
    assert_eq!(t.loc("hunt"), Location::CapturedArtilleryPile);
    assert_eq!(t.strength("longstreet"), Strength::Full);
    assert_eq!(t.region("longstreet"), UnionFront);

    // Defensive Fire Activation 1, then its fire 2 against 8.
    let mut t = sheet();
    t.script(&[2, 1, 2], vec![act("longstreet", Some(march()))]);
    t.run(|c, f| resolve::confederate(c, f, false));
    assert!(
        t.text().contains("d10 = 1 vs 0 (Activation 0)"),
        "{}",
        t.text()
    );
    assert!(
        t.text()
            .contains("d10 = 2 vs 8 (Combat Value (superscript ignored) 6, +2 (range 1, 11.7.2))"),
        "{}",
        t.text()
    );
    assert_eq!(t.strength("longstreet"), Strength::Reduced, "{}", t.text());
    assert_eq!(t.region("longstreet"), ConfederateFront);
    assert_eq!(t.region("hunt"), UnionFront);
}

/// 12.3.7, R-12.3.7: the Formation counter held beside the sheet is
/// offered before each Force acts until it is used; it changes the
/// Formation of three Forces, Holmes in Melee among them, and then is
/// gone.
#[test]
fn formation_counter_offered_before_the_union_and_before_each_force() {
    let mut t = T::new(
        campaign_with(|_| {}),
        &[
            ("huger", ConfederateFront, Line),
            ("magruder", ConfederateApproach, Line),
            ("whiting", ConfederateApproach, Line),
            ("holmes", UnionFront, Line),
            ("slocum", UnionFront, Line),
        ],
    );
    t.f.quantity = 1;
    // With none left and no Scout, ending the assignment is not asked.
    t.script(&[], vec![Decision::HoldFormationCounter]);
    t.run(plans::assign);
    assert!(t.f.formation_counter);
    let hold = |id: &str| act(id, Some(DefaultPlan::Hold));
    // Before the first Force acts, and again before the second.
    t.script(&[], vec![]);
    let first = asked(&mut t, |c, f| resolve::confederate(c, f, false));
    assert!(first.contains(&Decision::UseFormationCounter), "{first:?}");
    t.script(&[], vec![hold("huger")]);
    let second = asked(&mut t, |c, f| resolve::confederate(c, f, false));
    assert!(
        second.contains(&Decision::UseFormationCounter),
        "{second:?}"
    );
    assert!(t.unit("huger").unwrap().acted);
    let change = |id: &str| Decision::FormationChange { force: id.into() };
    t.script(
        &[],
        vec![
            Decision::UseFormationCounter,
            change("holmes"),
            change("magruder"),
            change("huger"),
        ],
    );
    // Three changes and no fourth question: the next one is who acts, and
    // the counter is no longer offered.
    let after = asked(&mut t, |c, f| resolve::confederate(c, f, false));
    assert!(
        after.iter().all(|d| matches!(d, Decision::Act { .. })),
        "{after:?}"
    );
    assert!(!t.f.formation_counter);
    t.script(&[], vec![hold("magruder"), hold("whiting"), hold("holmes")]);
    t.run(|c, f| resolve::confederate(c, f, false));
    for (id, formation) in [
        ("holmes", Column),
        ("magruder", Column),
        ("huger", Column),
        ("whiting", Line),
    ] {
        assert_eq!(
            t.unit(id).unwrap().formation,
            formation,
            "{id}\n{}",
            t.text()
        );
    }
    assert!(t.f.in_melee(t.f.unit_of(t.pid("holmes")).unwrap()));
    assert_eq!(t.text().matches("[12.3.7]").count(), 5, "{}", t.text());
}

/// 12.4.1, 14.5.1, R-12.4.1: Huger, not in Melee in the Confederate
/// Reserve, may March off the sheet (in Column, without a roll) to an
/// adjacent area without Union Forces: Willis Church, where Hooker is, is
/// not offered; he goes to Long Bridge. Magruder in the Approach may not.
#[test]
fn leaving_the_sheet_from_the_reserve() {
    let sheet = || {
        let mut t = T::new(
            campaign_with(|_| {}),
            &[
                ("huger", ConfederateReserve, Column),
                ("magruder", ConfederateApproach, Line),
                ("slocum", UnionReserve, Line),
            ],
        );
        at(&mut t.game.board, "willis-church", &["hooker"]);
        t
    };
    let mut t = sheet();
    assert!(defaults_of(&mut t, "huger").contains(&DefaultPlan::MarchOff));
    let plans = defaults_of(&mut t, "magruder");
    assert!(!plans.contains(&DefaultPlan::MarchOff), "{plans:?}");
    t.script(&[], vec![act("huger", Some(DefaultPlan::MarchOff))]);
    let mut to = asked(&mut t, |c, f| resolve::confederate(c, f, false));
    let to_area = |area: &str| Decision::RetreatTo {
        force: "huger".into(),
        area: area.into(),
    };
    let mut open = [
        "white-oak-swamp",
        "charles-city-road",
        "fraysers-farm",
        "long-bridge",
    ]
    .map(to_area)
    .to_vec();
    to.sort_by_key(|d| format!("{d:?}"));
    open.sort_by_key(|d| format!("{d:?}"));
    assert_eq!(to, open, "Glendale's neighbours but Willis Church");

    let mut t = sheet();
    t.script(
        &[],
        vec![
            act("huger", Some(DefaultPlan::MarchOff)),
            to_area("long-bridge"),
            act("magruder", Some(DefaultPlan::Hold)),
        ],
    );
    t.run(|c, f| resolve::confederate(c, f, false));
    assert_eq!(t.loc("huger"), area("long-bridge"), "{}", t.text());
    assert!(t.unit("huger").is_none());
    assert_eq!(t.region("magruder"), ConfederateApproach);
    assert_eq!(t.game.decider.used, 3);
}

/// a Scout spent on a Force's Battle Plan
/// Counter covers that counter only: when the counter is lost in Melee the
/// Force rolls for its Default Battle Plan. Huger (Activation 3) is given
/// Rapid Fire and Clear Orders; Slocum enters his Region, the counter is
/// stripped, and Huger's Fire in Column rolls to Activate (a 2 against 3),
/// then misses on a 10.
#[test]
fn clear_orders_for_a_counter_lost_in_melee_do_not_cover_a_default() {
    let mut t = T::new(
        campaign_with(|_| {}),
        &[
            ("huger", ConfederateFront, Column),
            ("slocum", UnionFront, Line),
        ],
    );
    t.f.quantity = 1;
    t.game.board.scouts.available = 1;
    t.script(
        &[],
        vec![
            Decision::AssignPlan {
                force: "huger".into(),
                plan: PlanCounter::RapidFire,
            },
            Decision::ClearOrders {
                force: "huger".into(),
            },
        ],
    );
    t.run(plans::assign);
    assert_eq!(t.game.board.scouts.available, 0);
    let slocum = t.pid("slocum");
    t.script(&[2, 10], vec![act("huger", Some(DefaultPlan::Fire))]);
    t.run(|c, f| {
        combat::move_into(c, f, slocum, ConfederateFront);
        combat::strip_melee_counters(c, f, ConfederateFront);
        resolve::confederate(c, f, false)
    });
    assert!(
        t.text().contains("its Battle Plan Counter is removed"),
        "{}",
        t.text()
    );
    assert_eq!(
        t.text().matches("on Clear Orders").count(),
        0,
        "{}",
        t.text()
    );
    assert!(t.text().contains("d10 = 2 vs 3"), "{}", t.text());
    assert_eq!(t.strength("slocum"), Strength::Full);
}

/// 12.3.3, R-12.3.3 through a whole battle turn
/// (`basic::battle`), not steps called by hand: Cover is rolled for (a 2)
/// once placed, before the Union acts; Smith's Activation (a 1) and fire
/// (a 7 at 4 - 1 = 3) miss the Covered Magruder. (The last die: where the
/// Union army, 4 against 8, withdraws to.)
#[test]
fn cover_is_in_force_when_the_union_acts_in_a_battle_turn() {
    let mut t = T::new(
        campaign_with(|_| {}),
        &[
            ("magruder", ConfederateApproach, Line),
            ("smith", ConfederateFront, Line),
        ],
    );
    t.f.turns = 1;
    t.f.quantity = 1;
    t.f.union_quantity = 0;
    t.script(
        &[2, 1, 7, 1],
        vec![
            Decision::AssignPlan {
                force: "magruder".into(),
                plan: PlanCounter::Cover,
            },
            Decision::EndAssign,
            act("magruder", None),
        ],
    );
    let _ = t.run(fcrel::rules::battle::basic::battle);
    assert!(
        t.text()
            .contains("d10 = 7 vs 3 (Combat Value 4/0, -1/-1 (Cover"),
        "{}",
        t.text()
    );
    assert_eq!(t.strength("magruder"), Strength::Full);
}

/// 11.1.1, 14.1.10: Heavy Fire makes no check for
/// Artillery, which cannot Retreat: Sedgwick's Ranged Combat hits
/// Pendleton (a 1, given a reduced side here), who is reduced and stays in
/// the Confederate Front, no Heavy Fire check rolled.
#[test]
fn heavy_fire_passes_over_artillery() {
    // Pendleton given a reduced side, so that one Hit leaves him on the sheet.
    let c = campaign_with(|c| {
        let f = c.forces.iter_mut().find(|f| f.id == "pendleton").unwrap();
        f.reduced = Some(CounterValues {
            activation: Some(3),
            combat: 2,
            superior: None,
        });
    });
    let mut t = T::new(
        c,
        &[
            ("pendleton", ConfederateFront, Line),
            ("sedgwick", UnionFront, Line),
        ],
    );
    t.f.effects.heavy_fire = true;
    let pid = t.pid("sedgwick");
    t.script(&[1], vec![]);
    t.run(|c, f| combat::attack(c, f, pid, ConfederateFront, vec![], "Combat", "14.2.2"));
    assert!(!t.text().contains("Heavy Fire check"), "{}", t.text());
    assert_eq!(t.strength("pendleton"), Strength::Reduced, "{}", t.text());
    assert_eq!(t.region("pendleton"), ConfederateFront);
}

/// 11.1.1, 14.1.9, R-14.1.9: a Force pushed back
/// by Broken into a full Region pushes on the lowest-Skill Force there that
/// can Retreat, never the Artillery: Huger fails his check (a 10) and falls
/// back into the Confederate Approach; Magruder (Line), not Pendleton
/// (Artillery, Poor Line), goes on to the Reserve.
#[test]
fn broken_push_chain_passes_over_artillery() {
    let mut t = T::new(
        campaign_with(|_| {}),
        &[
            ("huger", ConfederateFront, Line),
            ("pendleton", ConfederateApproach, Line),
            ("magruder", ConfederateApproach, Line),
            ("longstreet", ConfederateApproach, Line),
            ("jackson", ConfederateApproach, Line),
            ("slocum", UnionApproach, Line),
        ],
    );
    t.f.tactics = Tactics::Defensive;
    t.f.union_quantity = 1;
    t.f.cup = vec![SpecialBattlePlan::Broken];
    t.script(&[10], vec![]);
    t.run(union::draw_special_plans);
    assert_eq!(t.region("huger"), ConfederateApproach, "{}", t.text());
    assert_eq!(t.region("pendleton"), ConfederateApproach);
    assert_eq!(t.region("magruder"), ConfederateReserve);
}

/// 12.4.1 March back in Line rolls to Activate and Holds on a failure
/// (the procedure the Squares share, `turns::defaults`); 14.2.2 a Union
/// Force that fails to Activate for Combat Holds.
#[test]
fn failed_activations_hold_under_the_basic_rules() {
    let mut t = T::new(
        campaign_with(|_| {}),
        &[("huger", UnionFront, Line), ("slocum", UnionFront, Line)],
    );
    t.script(&[10], vec![act("huger", Some(DefaultPlan::MarchBack))]);
    t.run(|c, f| resolve::confederate(c, f, false));
    assert_eq!(t.region("huger"), UnionFront, "{}", t.text());
    assert!(t.text().contains("[12.4.1] March (back)"), "{}", t.text());

    let mut t = T::new(
        campaign_with(|_| {}),
        &[
            ("sedgwick", UnionFront, Line),
            ("holmes", ConfederateFront, Line),
        ],
    );
    t.f.tactics = Tactics::Defensive;
    t.script(&[10], vec![]);
    t.run(resolve::union);
    assert!(
        t.text()
            .lines()
            .any(|l| l.starts_with("[14.2.2]") && l.ends_with("fails to Activate: Hold.")),
        "{}",
        t.text()
    );
    assert_eq!(t.strength("holmes"), Strength::Full);
}
