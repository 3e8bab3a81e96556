//! Issue 47: every rule number the engine cites has an entry in the rules
//! reference (F1, `assets/reference/rules.txt`, `fcrel::reference`).
//!
//! The cited numbers are gathered where the engine shows them to the
//! player: whole campaigns played headless (all five campaigns, each of
//! the four battle modes, every Optional rule the mode is used with) by a
//! commander that records every question's rule (`Request::rule`) and
//! answers it, half the time as a scripted policy would and half the time
//! with another legal answer (so that Scouts are spent, retreats taken and
//! Insights chosen), every chronicle entry's rule and every roll
//! modifier's rule; then the `rule()` of each difficulty level, Union
//! aspect, battle mode, Optional rule, Grand Campaign term, step,
//! Battle Plan Counter, Special Battle Plan and Fog of War table.
//!
//! Ruling on sub-rules: a cited number must have an entry of its own
//! ("14.5.1" is not covered by "14.5"), because the window opens at the
//! exact entry and a player who clicks 14.5.1 must read about Voluntary
//! Retreats, not the Rout Check. The one exception is a number the
//! engine cites with a letter or word after it for a part of a rule (a
//! dice reason like "14.5 rout"): only the number is looked up.

use std::collections::BTreeSet;
use std::sync::Arc;

use fcrel::campaign::{self, UnionLevel};
use fcrel::chronicle::Chronicle;
use fcrel::dice::Dice;
use fcrel::reference::Reference;
use fcrel::rules::board::Board;
use fcrel::rules::commander::Policy;
use fcrel::rules::ctx::Ctx;
use fcrel::rules::decision::{Decider, Decision, Interrupt, Request};
use fcrel::rules::difficulty::{
    BattleMode, GameOptions, OPTIONAL, PlayerLevel, UnionAspect, UnionAspects,
};
use fcrel::rules::turn::{Step, play_to_end};

/// Answers as `policy` would on even questions, else a legal answer picked
/// by a small generator of its own (seeded: the same games every run),
/// recording every question's rule.
struct Recorder {
    policy: Policy,
    /// Answers as the policy alone (a game that reaches its last turn).
    pure: bool,
    state: u64,
    asked: u64,
    rules: BTreeSet<String>,
}

impl Recorder {
    fn next(&mut self) -> u64 {
        // SplitMix64 step: only picks among legal answers in this test.
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

impl Decider for Recorder {
    fn decide(&mut self, board: &Board, request: &Request) -> Result<Decision, Interrupt> {
        self.rules.insert(request.rule.to_string());
        self.asked += 1;
        // Past a few thousand questions the policy answers alone, so a
        // game of random answers still ends.
        if self.pure || self.asked.is_multiple_of(2) || self.asked > 4000 {
            return self.policy.decide(board, request);
        }
        let n = request.options.len() as u64;
        let pick = (self.next() % n) as usize;
        Ok(request.options[pick])
    }
}

/// Every rule number cited while playing `games` games of each campaign in
/// each battle mode with every Optional rule its mode is used with.
fn cited_in_play(games: u64) -> BTreeSet<String> {
    let mut cited = BTreeSet::new();
    for id in campaign::bundled_ids() {
        let c = Arc::new(campaign::load_bundled(&id).unwrap());
        for mode in BattleMode::ALL {
            for n in 0..games {
                let names = GameOptions::OPTIONAL_RULES
                    .into_iter()
                    .filter(|name| GameOptions::optional_rule_applies(name, mode))
                    .collect::<Vec<_>>()
                    .join(",");
                let level = UnionLevel::ALL[n as usize % 3];
                let options = GameOptions {
                    battles: mode,
                    player: PlayerLevel::ALL[n as usize % 3],
                    union: UnionAspects::preset(level),
                    seed: 0x4747_0000 + n,
                    ..GameOptions::default()
                }
                .with_optional(&names)
                .unwrap();
                let mut chronicle = Chronicle::default();
                let mut board =
                    fcrel::rules::setup::new_campaign(c.clone(), options, &mut chronicle);
                let mut dice = Dice::seeded(options.seed);
                let mut decider = Recorder {
                    policy: if n % 2 == 0 {
                        Policy::Objective
                    } else {
                        Policy::Cautious
                    },
                    pure: n % 3 == 0,
                    state: options.seed,
                    asked: 0,
                    rules: BTreeSet::new(),
                };
                {
                    let mut ctx = Ctx {
                        board: &mut board,
                        dice: &mut dice,
                        chronicle: &mut chronicle,
                        decider: &mut decider,
                    };
                    play_to_end(&mut ctx, Step::AdvanceTurn)
                        .unwrap_or_else(|e| panic!("{id} {mode:?} game {n}: {e}"));
                }
                cited.extend(decider.rules);
                for e in chronicle.entries() {
                    cited.insert(e.rule.clone());
                    if let Some(r) = &e.roll {
                        cited.extend(r.modifiers.iter().map(|m| m.rule.to_string()));
                    }
                }
            }
        }
    }
    cited
}

/// The rule numbers the rules layer gives for the set-up screen, the
/// status bar and the battle panels.
fn cited_by_values() -> BTreeSet<String> {
    use fcrel::rules::battle::fog;
    use fcrel::rules::battle::terms::PlanCounter;
    use fcrel::rules::components::SpecialBattlePlan;
    let mut v: Vec<&str> = Vec::new();
    v.extend(PlayerLevel::ALL.map(|l| l.rule()));
    v.extend(UnionLevel::ALL.map(|l| l.rule()));
    v.extend(UnionLevel::ALL.map(fog::rule));
    v.extend(UnionAspect::ALL.map(|a| a.rule()));
    v.extend(BattleMode::ALL.map(|m| m.rule()));
    v.extend(OPTIONAL.iter().map(|o| o.rule()));
    v.extend(fcrel::player_log::GRAND_TERMS.iter().map(|t| t.rule));
    v.extend(PlanCounter::ALL.map(|p| p.rule()));
    v.extend(SpecialBattlePlan::ALL.map(|p| p.rule()));
    // Every step of a Campaign Turn, from the first.
    let mut step = Step::AdvanceTurn;
    loop {
        v.push(step.rule());
        step = step.next();
        if step == Step::AdvanceTurn {
            break;
        }
    }
    v.into_iter()
        .flat_map(fcrel::reference::split_rules)
        .map(str::to_string)
        .collect()
}

/// The rule numbers written as string literals in the rules layer: the
/// start of every literal that begins with a rule number ("14.5",
/// "A11.4.2.2", "O16.3.1", "14.5 rout"). Reliable because the rules layer
/// writes numbers nowhere else as literals (a number in a sentence, "…
/// (14.5)", is not at a literal's start).
fn cited_in_source() -> BTreeSet<String> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    let mut dirs = vec![root.join("rules"), root.join("dice"), root.join("campaign")];
    files.extend(["chronicle.rs", "luck.rs", "player_log.rs", "sim.rs"].map(|f| root.join(f)));
    while let Some(d) = dirs.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                dirs.push(p);
            } else if p.extension().is_some_and(|x| x == "rs") {
                files.push(p);
            }
        }
    }
    let mut cited = BTreeSet::new();
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        for literal in text.split('"').skip(1).step_by(2) {
            let number = fcrel::reference::rule_number(literal);
            let number = number.split(' ').next().unwrap_or("");
            let digits = number.trim_start_matches(['A', 'O']);
            // "18." is a prefix the rules match chronicle entries by.
            let is_number = digits.starts_with(|c: char| c.is_ascii_digit())
                && digits.contains('.')
                && !digits.ends_with('.')
                && digits.chars().all(|c| c.is_ascii_digit() || c == '.');
            if is_number {
                cited.insert(number.to_string());
            }
        }
    }
    cited
}

/// The cited numbers that have no entry of their own.
fn missing(reference: &Reference, cited: &BTreeSet<String>) -> Vec<String> {
    cited
        .iter()
        .filter(|c| reference.get(c).is_none())
        .cloned()
        .collect()
}

fn every_cited_number() -> BTreeSet<String> {
    let mut all = cited_in_play(games());
    all.extend(cited_by_values());
    all.extend(cited_in_source());
    all
}

/// Games per campaign and battle mode: 10 (a few seconds);
/// `FCREL_REFERENCE_GAMES` plays more.
fn games() -> u64 {
    std::env::var("FCREL_REFERENCE_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(10)
}

#[test]
fn every_rule_number_the_engine_cites_has_a_reference_entry() {
    let cited = every_cited_number();
    // The games reach every part of the engine: its battle modes and
    // Optional rules among them.
    for must in ["14.5", "A11.4.2", "Quick Battle Rules", "O13.0", "16.3.1"] {
        assert!(cited.contains(must), "{must} was not cited: {cited:?}");
    }
    let missing = missing(fcrel::reference::bundled(), &cited);
    assert!(
        missing.is_empty(),
        "cited by the engine but not in {}: {missing:?}",
        fcrel::reference::FILE
    );
}

#[test]
fn the_coverage_check_fails_when_an_entry_is_missing() {
    // The check is real: take an entry out and its number is reported;
    // its parent's entry does not stand in for it.
    let reference = fcrel::reference::bundled().clone().without("14.5.1");
    let cited: BTreeSet<String> = ["14.5", "14.5.1", "A14.5"].map(String::from).into();
    assert_eq!(missing(&reference, &cited), ["14.5.1"]);
    assert!(missing(fcrel::reference::bundled(), &cited).is_empty());
}

#[test]
fn every_ruling_the_reference_names_is_in_docs_rulings() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/rulings.md");
    let rulings = std::fs::read_to_string(path).unwrap();
    let ids: BTreeSet<&str> = rulings
        .lines()
        .filter_map(|l| l.strip_prefix("### "))
        .filter_map(|l| l.split(' ').next())
        .collect();
    for e in fcrel::reference::bundled().entries() {
        for r in &e.rulings {
            assert!(
                ids.contains(r.id.as_str()),
                "{} names {}, not in docs/rulings.md",
                e.number,
                r.id
            );
        }
    }
}

#[test]
#[ignore = "prints the cited rule numbers"]
fn print_cited_rules() {
    for r in every_cited_number() {
        println!("{r}");
    }
}
