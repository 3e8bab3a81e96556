//! Battle scenarios drawn at random from a seed, for the benchmark of the
//! advisor's play that nobody tuned to (`tools/advice-bench`, issue 48
//! item 4; `docs/balance.md`, "A benchmark nobody tuned to").
//!
//! A seed gives one scenario of the `fcrel battle` format
//! (`docs/scenario-format.md`), the same on every machine: a bundled
//! campaign, one of its land areas, 3 to 9 of its Forces a side there
//! (mostly Named Forces, some generic Brigades, Regiments and Batteries,
//! a third of those with a reduced side on it), Lee present or not in
//! play, either side attacking, 0–4 Command Points a side and 0–1 Scouts.
//! The draw is the generator's own (Xoshiro256++ seeded by the seed): it
//! sets up a battle, it never rolls in one.

use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::campaign::{self, CounterKind, Side, UnionLevel};
use crate::rules::board::Board;
use crate::rules::commander::Policy;
use crate::rules::components::Strength;
use crate::rules::difficulty::{BattleMode, GameOptions, PlayerLevel};
use crate::scenario::{SCENARIO_FORMAT_VERSION, Scenario, ScenarioForce};

/// Forces a side: at least, at most.
pub const FORCES_A_SIDE: (usize, usize) = (3, 9);

struct Draw(Xoshiro256PlusPlus);

impl Draw {
    /// A number in `0..n` (n > 0).
    fn below(&mut self, n: usize) -> usize {
        (self.0.next_u64() % n as u64) as usize
    }
    /// True with chance `num / den`.
    fn chance(&mut self, num: usize, den: usize) -> bool {
        self.below(den) < num
    }
    /// Take one element of `pool` out of it.
    fn take<T>(&mut self, pool: &mut Vec<T>) -> T {
        let i = self.below(pool.len());
        pool.swap_remove(i)
    }
}

/// The scenario seed `seed` gives in `mode`, from the campaigns of the
/// campaigns folder (`campaign::bundled_dir`). Err: no campaign loads.
pub fn random_scenario(seed: u64, mode: BattleMode) -> Result<Scenario, String> {
    let ids = campaign::bundled_ids();
    if ids.is_empty() {
        return Err(format!(
            "no campaign in {}",
            campaign::bundled_dir().display()
        ));
    }
    // The mode in the draw: seed 1 of Basic and seed 1 of Advanced are two
    // battles.
    let mode_key = BattleMode::ALL.iter().position(|&m| m == mode).unwrap_or(0) as u64;
    let mut d = Draw(Xoshiro256PlusPlus::seed_from_u64(crate::sim::game_seed(
        seed, mode_key,
    )));
    let id = ids[d.below(ids.len())].clone();
    let c = campaign::load_bundled(&id).map_err(|ps| {
        format!(
            "campaign {id}: {}",
            ps.first().map_or(String::new(), |p| p.to_string())
        )
    })?;
    let areas: Vec<&campaign::Area> = c.map.areas.iter().filter(|a| !a.impassable).collect();
    let area = areas[d.below(areas.len())];
    let attacker = if d.chance(1, 2) {
        Side::Confederate
    } else {
        Side::Union
    };
    let lee_present = d.chance(1, 2);
    let board = Board::empty(std::sync::Arc::new(c.clone()), GameOptions::default());
    let mut forces = Vec::new();
    let mut sizes = [0usize; 2];
    for (k, side) in [Side::Confederate, Side::Union].into_iter().enumerate() {
        // The counters that fight: Named Forces and the generic Brigades,
        // Regiments and Batteries (Garrisons and Fortifications are placed
        // by rules of their own, 7.6).
        let of_side = |named: bool| -> Vec<(String, bool)> {
            board
                .pieces
                .iter()
                .filter(|p| p.force.side == side && p.force.is_named() == named)
                .filter(|p| {
                    !matches!(
                        p.force.kind,
                        Some(CounterKind::Garrison | CounterKind::Fortification)
                    )
                })
                .map(|p| (p.force.id.clone(), p.force.reduced.is_some()))
                .collect()
        };
        let (mut named, mut generic) = (of_side(true), of_side(false));
        let (lo, hi) = FORCES_A_SIDE;
        let want = lo + d.below(hi - lo + 1);
        let mut n = 0;
        while n < want && !(named.is_empty() && generic.is_empty()) {
            let from_named = !named.is_empty() && (generic.is_empty() || d.chance(4, 5));
            let (fid, has_reduced) = if from_named {
                d.take(&mut named)
            } else {
                d.take(&mut generic)
            };
            let strength = if has_reduced && d.chance(1, 3) {
                Strength::Reduced
            } else {
                Strength::Full
            };
            forces.push(ScenarioForce {
                id: fid,
                area: area.id.clone(),
                strength,
            });
            n += 1;
        }
        sizes[k] = n;
    }
    let scouts = d
        .below(2)
        .min(c.confederate_resupply.scout_counters as usize) as u32;
    let confederate_command_points = d.below(5) as u32;
    let union_command_points = d.below(5) as u32;
    Ok(Scenario {
        format_version: SCENARIO_FORMAT_VERSION,
        name: format!(
            "Generated {} battle {seed}: {} at {}, {} against {} Forces, {} attacking, {}",
            mode.key(),
            c.name,
            area.name,
            sizes[0],
            sizes[1],
            match attacker {
                Side::Confederate => "the Confederates",
                Side::Union => "the Union",
            },
            if lee_present {
                "with Lee"
            } else {
                "without Lee"
            }
        ),
        campaign: id,
        mode,
        area: area.id.clone(),
        attacker,
        lee: lee_present.then(|| area.id.clone()),
        player: PlayerLevel::Regular,
        union: UnionLevel::Regular,
        union_aspects: None,
        forces,
        reinforcement_cup: Vec::new(),
        captured_artillery: Vec::new(),
        confederate_command_points,
        union_command_points,
        scouts,
        seed,
        dice: None,
        decisions: Vec::new(),
        policy: Some(Policy::Objective),
        stand_alone: None,
        optional: Vec::new(),
        sources: String::new(),
        description: String::new(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write(dir: &std::path::Path, seed: u64, mode: BattleMode) -> std::path::PathBuf {
        let s = random_scenario(seed, mode).expect("a scenario");
        let path = dir.join(format!("{}-{seed}.json", mode.key()));
        std::fs::write(&path, serde_json::to_string_pretty(&s).unwrap()).unwrap();
        path
    }

    /// 200 seeds (100 a mode): every scenario loads with the scenario
    /// loader's checks and fights one battle to its end with the objective
    /// policy; both sides have 3–9 Forces in the area.
    #[test]
    fn every_generated_scenario_loads_and_fights() {
        let dir = std::env::temp_dir().join(format!("fcrel-bench-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let mut campaigns = std::collections::BTreeSet::new();
        let (mut with_lee, mut union_attacks) = (0, 0);
        for seed in 0..100u64 {
            for mode in [BattleMode::Basic, BattleMode::Advanced] {
                let path = write(&dir, seed, mode);
                let (s, _) = crate::scenario::load_scenario(&path)
                    .unwrap_or_else(|ps| panic!("seed {seed} {}: {ps:?}", mode.key()));
                let c = campaign::load_bundled(&s.campaign).unwrap();
                let b = Board::empty(std::sync::Arc::new(c), GameOptions::default());
                for side in [Side::Confederate, Side::Union] {
                    let here = s
                        .forces
                        .iter()
                        .filter(|f| f.area == s.area && b.piece(&f.id).unwrap().force.side == side)
                        .count();
                    assert!((3..=9).contains(&here), "seed {seed}: {here} Forces");
                }
                campaigns.insert(s.campaign.clone());
                with_lee += usize::from(s.lee.is_some());
                union_attacks += usize::from(s.attacker == Side::Union);
                let p = crate::odds::locate::from_scenario(&path, None)
                    .unwrap_or_else(|e| panic!("seed {seed}: {e:?}"));
                assert_eq!(p.mode, mode);
                crate::odds::trials::fight_trial(&p, Policy::Objective, seed, 0)
                    .unwrap_or_else(|e| panic!("seed {seed} {}: {e}", mode.key()));
            }
        }
        std::fs::remove_dir_all(&dir).ok();
        assert_eq!(campaigns.len(), campaign::bundled_ids().len());
        assert!((50..150).contains(&with_lee), "{with_lee} of 200 with Lee");
        assert!((50..150).contains(&union_attacks), "{union_attacks} of 200");
    }

    /// The same seed gives the same file; another seed another one.
    #[test]
    fn the_same_seed_gives_the_same_scenario() {
        let text =
            |seed, mode| serde_json::to_string(&random_scenario(seed, mode).unwrap()).unwrap();
        assert_eq!(text(7, BattleMode::Basic), text(7, BattleMode::Basic));
        assert_ne!(text(7, BattleMode::Basic), text(8, BattleMode::Basic));
        let campaign_area = |seed, mode| {
            let s = random_scenario(seed, mode).unwrap();
            (s.campaign, s.area, s.forces)
        };
        assert_ne!(
            campaign_area(7, BattleMode::Basic),
            campaign_area(7, BattleMode::Advanced)
        );
    }
}
