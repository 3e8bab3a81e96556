//! Semantic checks of a campaign that parsed: references resolve, tables
//! cover 1–10 exactly once, values are possible. Every problem is reported.

use std::collections::{BTreeMap, BTreeSet};

use super::bounds::*;
use super::model::*;

/// Problems as `(field.path, message)`.
pub fn validate(c: &Campaign, expected_id: Option<&str>) -> Vec<(String, String)> {
    let mut v = Validator {
        c,
        problems: Vec::new(),
        areas: c.map.areas.iter().map(|a| a.id.as_str()).collect(),
        forces: c.forces.iter().map(|f| (f.id.as_str(), f)).collect(),
    };
    v.header(expected_id);
    v.map();
    v.forces();
    v.setup();
    v.late_arrivals();
    v.tables();
    v.orders();
    v.victory();
    v.special_rules();
    v.problems
}

struct Validator<'a> {
    c: &'a Campaign,
    problems: Vec<(String, String)>,
    areas: BTreeSet<&'a str>,
    forces: BTreeMap<&'a str, &'a ForceDef>,
}

impl<'a> Validator<'a> {
    fn err(&mut self, path: impl Into<String>, msg: impl Into<String>) {
        self.problems.push((path.into(), msg.into()));
    }

    fn area_ref(&mut self, path: &str, id: &str) -> bool {
        if self.areas.contains(id) {
            true
        } else {
            self.err(path, format!("area \"{id}\" is not in map.areas"));
            false
        }
    }

    fn land_area_ref(&mut self, path: &str, id: &str) {
        if self.area_ref(path, id) && self.area(id).is_some_and(|a| a.impassable) {
            self.err(path, format!("area \"{id}\" is impassable (2.1)"));
        }
    }

    fn area(&self, id: &str) -> Option<&'a Area> {
        self.c.map.areas.iter().find(|a| a.id == id)
    }

    fn turn_ref(&mut self, path: &str, turn: u32) {
        if turn == 0 {
            self.err(path, "turn 0 does not exist; the Turn Track starts at 1");
        } else if turn > self.c.turns {
            self.err(
                path,
                format!(
                    "turn {turn} is past the end of the {}-turn Turn Track",
                    self.c.turns
                ),
            );
        }
    }

    fn unique<'b>(&mut self, path: &str, ids: impl IntoIterator<Item = &'b str>) {
        self.unique_field(path, "id", ids);
    }

    fn unique_field<'b>(
        &mut self,
        path: &str,
        field: &str,
        ids: impl IntoIterator<Item = &'b str>,
    ) {
        let mut seen = BTreeSet::new();
        for (i, id) in ids.into_iter().enumerate() {
            if id.trim().is_empty() {
                self.err(format!("{path}[{i}].{field}"), format!("{field} is empty"));
            } else if !seen.insert(id) {
                self.err(
                    format!("{path}[{i}].{field}"),
                    format!("duplicate {field} \"{id}\""),
                );
            }
        }
    }

    /// A d10 table: each roll 1–10 in exactly one row.
    fn covers_d10<'b>(&mut self, path: &str, rows: impl IntoIterator<Item = &'b [u32]>) {
        let mut count = [0u32; 11];
        for (i, rolls) in rows.into_iter().enumerate() {
            if rolls.is_empty() {
                self.err(format!("{path}[{i}].rolls"), "row has no rolls");
            }
            for &r in rolls {
                if (1..=10).contains(&r) {
                    count[r as usize] += 1;
                } else {
                    self.err(
                        format!("{path}[{i}].rolls"),
                        format!("roll {r} is not a d10 result (1-10)"),
                    );
                }
            }
        }
        let missing: Vec<String> = (1..=10)
            .filter(|&r| count[r] == 0)
            .map(|r| r.to_string())
            .collect();
        let twice: Vec<String> = (1..=10)
            .filter(|&r| count[r] > 1)
            .map(|r| r.to_string())
            .collect();
        if !missing.is_empty() {
            self.err(
                path,
                format!(
                    "table does not cover {} {}; each of 1-10 must appear exactly once",
                    if missing.len() == 1 { "roll" } else { "rolls" },
                    missing.join(", ")
                ),
            );
        }
        if !twice.is_empty() {
            self.err(
                path,
                format!(
                    "{} {} {} in more than one row; each of 1-10 must appear exactly once",
                    if twice.len() == 1 { "roll" } else { "rolls" },
                    twice.join(", "),
                    if twice.len() == 1 {
                        "appears"
                    } else {
                        "appear"
                    }
                ),
            );
        }
    }

    fn header(&mut self, expected_id: Option<&str>) {
        let c = self.c;
        if c.format_version != CAMPAIGN_FORMAT_VERSION {
            self.err(
                "format_version",
                format!(
                    "format version {} is not supported (this fcrel reads {})",
                    c.format_version, CAMPAIGN_FORMAT_VERSION
                ),
            );
        }
        if let Err(why) = super::check_id(&c.id) {
            self.err("id", why);
        } else if let Some(stem) = expected_id
            && stem != c.id
        {
            self.err(
                "id",
                format!(
                    "id \"{}\" does not match the file name \"{stem}.json\"",
                    c.id
                ),
            );
        }
        if c.name.trim().is_empty() {
            self.err("name", "name is empty");
        }
        if let Some(summary) = &c.summary {
            let chars = summary.chars().count();
            if summary.trim().is_empty() {
                self.err(
                    "summary",
                    "summary is blank: leave it out to show the introduction's first sentence",
                );
            } else if chars > MAX_SUMMARY_CHARS {
                self.err(
                    "summary",
                    format!(
                        "summary is {chars} characters; one line is at most {MAX_SUMMARY_CHARS}"
                    ),
                );
            } else if summary.contains(['\n', '\r']) {
                self.err("summary", "summary is one line: it holds a line break");
            }
        }
        if c.turns == 0 {
            self.err("turns", "a campaign needs at least 1 turn");
        } else if c.turns > MAX_TURNS {
            self.err(
                "turns",
                format!(
                    "{} turns is not a possible Turn Track (1-{MAX_TURNS})",
                    c.turns
                ),
            );
        }
        if c.grand_campaign_order == 0 {
            self.err("grand_campaign_order", "order starts at 1");
        } else if c.grand_campaign_order > MAX_GRAND_CAMPAIGN_ORDER {
            self.err(
                "grand_campaign_order",
                format!(
                    "order {} is past the Grand Campaign's {MAX_GRAND_CAMPAIGN_ORDER} campaigns (21.0)",
                    c.grand_campaign_order
                ),
            );
        }
        if !(1..=MAX_COMMAND_RATING).contains(&c.lee.command_rating) {
            self.err(
                "lee.command_rating",
                format!(
                    "Command Rating {} is impossible (1-{MAX_COMMAND_RATING})",
                    c.lee.command_rating
                ),
            );
        }
        if c.union_group_maximum == 0 {
            self.err(
                "union_group_maximum",
                "a Union group holds at least 1 Force (16.3)",
            );
        } else if c.union_group_maximum > MAX_GROUP {
            self.err(
                "union_group_maximum",
                format!(
                    "{} Forces in one group is more than the {MAX_GROUP} a group may hold (16.3.3)",
                    c.union_group_maximum
                ),
            );
        }
        if !(2..=10).contains(&c.union_cavalry_saving_throw) {
            self.err(
                "union_cavalry_saving_throw",
                format!(
                    "Saving Throw {} is impossible (2-10: a d10 result at or above it saves)",
                    c.union_cavalry_saving_throw
                ),
            );
        }
    }

    fn map(&mut self) {
        let c = self.c;
        if c.map.areas.is_empty() {
            self.err("map.areas", "the map has no areas");
        } else if c.map.areas.len() > MAX_AREAS {
            self.err(
                "map.areas",
                format!(
                    "{} areas is more than a Campaign map holds (at most {MAX_AREAS})",
                    c.map.areas.len()
                ),
            );
        }
        for (name, v) in [("width", c.map.width), ("height", c.map.height)] {
            if v.is_nan() || v <= 0.0 {
                self.err(format!("map.{name}"), format!("{name} must be positive"));
            } else if v > MAX_MAP_SIZE {
                self.err(
                    format!("map.{name}"),
                    format!("{name} {v} is more than {MAX_MAP_SIZE}"),
                );
            }
        }
        self.unique("map.areas", c.map.areas.iter().map(|a| a.id.as_str()));
        for (i, a) in c.map.areas.iter().enumerate() {
            let p = format!("map.areas[{i}]");
            let [x, y] = a.position;
            if !(0.0..=c.map.width).contains(&x) || !(0.0..=c.map.height).contains(&y) {
                self.err(
                    format!("{p}.position"),
                    format!(
                        "({x}, {y}) is outside the {}x{} map",
                        c.map.width, c.map.height
                    ),
                );
            }
            let mut seen = BTreeSet::new();
            for (j, n) in a.adjacent.iter().enumerate() {
                let q = format!("{p}.adjacent[{j}]");
                if n == &a.id {
                    self.err(&q, format!("area \"{}\" is adjacent to itself", a.id));
                    continue;
                }
                if !seen.insert(n.as_str()) {
                    self.err(&q, format!("\"{n}\" is listed twice"));
                    continue;
                }
                let Some(other) = self.area(n) else {
                    self.err(&q, format!("area \"{n}\" is not in map.areas"));
                    continue;
                };
                if !other.adjacent.iter().any(|m| m == &a.id) {
                    self.err(
                        &q,
                        format!(
                            "adjacency is not symmetric: \"{}\" lists \"{n}\" but \"{n}\" does not list \"{}\"",
                            a.id, a.id
                        ),
                    );
                }
                if a.impassable || other.impassable {
                    self.err(
                        &q,
                        format!(
                            "\"{}\" and \"{n}\": impassable areas have no adjacency (2.1)",
                            a.id
                        ),
                    );
                }
            }
        }
        self.connected();
        let (w, h) = (c.map.width, c.map.height);
        let lines = c
            .map
            .rivers
            .iter()
            .enumerate()
            .map(|(i, r)| (format!("map.rivers[{i}].path"), &r.path))
            .chain(
                c.map
                    .roads
                    .iter()
                    .enumerate()
                    .map(|(i, r)| (format!("map.roads[{i}].path"), &r.path)),
            )
            .chain(
                c.map
                    .areas
                    .iter()
                    .enumerate()
                    .map(|(i, a)| (format!("map.areas[{i}].outline"), &a.outline)),
            );
        let outside: Vec<String> = lines
            .filter_map(|(p, pts)| {
                pts.iter()
                    .position(|[x, y]| !(0.0..=w).contains(x) || !(0.0..=h).contains(y))
                    .map(|j| format!("{p}[{j}]"))
            })
            .collect();
        for p in outside {
            self.err(p, format!("point is outside the {w}x{h} map"));
        }
        self.unique("map.rivers", c.map.rivers.iter().map(|r| r.id.as_str()));
        for (i, r) in c.map.rivers.iter().enumerate() {
            if r.path.len() < 2 {
                self.err(
                    format!("map.rivers[{i}].path"),
                    "a river needs at least 2 points",
                );
            }
            let pairs =
                r.separates
                    .iter()
                    .enumerate()
                    .map(|(j, p)| (format!("map.rivers[{i}].separates[{j}]"), p))
                    .chain(
                        r.crossings.iter().enumerate().map(|(j, x)| {
                            (format!("map.rivers[{i}].crossings[{j}].areas"), &x.areas)
                        }),
                    );
            let pairs: Vec<_> = pairs.collect();
            for (p, [a, b]) in pairs {
                self.adjacent_pair(&p, a, b);
            }
        }
        for (i, r) in c.map.roads.iter().enumerate() {
            if r.path.len() < 2 {
                self.err(
                    format!("map.roads[{i}].path"),
                    "a road needs at least 2 points",
                );
            }
        }
    }

    /// Every land area can be reached from every other.
    fn connected(&mut self) {
        let land: Vec<&Area> = self.c.map.areas.iter().filter(|a| !a.impassable).collect();
        let Some(first) = land.first() else { return };
        let mut seen: BTreeSet<&str> = BTreeSet::from([first.id.as_str()]);
        let mut stack = vec![first.id.as_str()];
        while let Some(id) = stack.pop() {
            if let Some(a) = self.area(id) {
                for n in &a.adjacent {
                    if self.areas.contains(n.as_str()) && seen.insert(n.as_str()) {
                        stack.push(n.as_str());
                    }
                }
            }
        }
        let cut_off: Vec<&str> = land
            .iter()
            .map(|a| a.id.as_str())
            .filter(|id| !seen.contains(id))
            .collect();
        if !cut_off.is_empty() {
            self.err(
                "map.areas",
                format!(
                    "the map is not connected: {} cannot be reached from \"{}\"",
                    cut_off.join(", "),
                    first.id
                ),
            );
        }
    }

    fn adjacent_pair(&mut self, path: &str, a: &str, b: &str) {
        let ok_a = self.area_ref(path, a);
        let ok_b = self.area_ref(path, b);
        if ok_a
            && ok_b
            && !self
                .area(a)
                .is_some_and(|x| x.adjacent.iter().any(|n| n == b))
        {
            self.err(path, format!("\"{a}\" and \"{b}\" are not adjacent"));
        }
    }

    fn values(&mut self, path: &str, v: &CounterValues) {
        if let Some(a) = v.activation
            && !(1..=D10).contains(&a)
        {
            self.err(
                format!("{path}.activation"),
                format!("Activation {a} is impossible (1-{D10})"),
            );
        }
        if v.combat > D10 {
            self.err(
                format!("{path}.combat"),
                format!("Combat Value {} is impossible (0-{D10})", v.combat),
            );
        }
        if let Some(s) = v.superior
            && (s == 0 || s > v.combat)
        {
            self.err(
                format!("{path}.superior"),
                format!(
                    "superior Combat Value {s} must be 1 to the Combat Value {} (5.7)",
                    v.combat
                ),
            );
        }
    }

    fn forces(&mut self) {
        let c = self.c;
        self.unique("corps", c.corps.iter().map(|x| x.id.as_str()));
        self.unique("forces", c.forces.iter().map(|f| f.id.as_str()));
        if c.corps.len() > MAX_CORPS {
            self.err(
                "corps",
                format!(
                    "{} corps is more than a campaign has (at most {MAX_CORPS})",
                    c.corps.len()
                ),
            );
        }
        if c.forces.len() > MAX_FORCES {
            self.err(
                "forces",
                format!(
                    "{} named Forces is more than a campaign's counters hold (at most {MAX_FORCES})",
                    c.forces.len()
                ),
            );
        }
        for (i, f) in c.forces.iter().enumerate() {
            let p = format!("forces[{i}]");
            if let Some(k) = &f.corps {
                match c.corps.iter().find(|x| &x.id == k) {
                    None => self.err(
                        format!("{p}.corps"),
                        format!("corps \"{k}\" is not in corps"),
                    ),
                    Some(x) if x.side != f.side => self.err(
                        format!("{p}.corps"),
                        format!(
                            "corps \"{k}\" is {}, the Force is {}",
                            x.side.name(),
                            f.side.name()
                        ),
                    ),
                    _ => {}
                }
            }
            self.values(&format!("{p}.full"), &f.full);
            if let Some(r) = &f.reduced {
                self.values(&format!("{p}.reduced"), r);
                if r.combat > f.full.combat {
                    self.err(
                        format!("{p}.reduced.combat"),
                        "the reduced side is stronger than the full side (5.9)",
                    );
                }
                if matches!(f.force_type, ForceType::Cavalry | ForceType::Artillery) {
                    self.err(
                        format!("{p}.reduced"),
                        format!("{} have no reduced side (6.1)", f.force_type.name()),
                    );
                }
            }
        }
        self.unique_field(
            "counter_mix",
            "id_prefix",
            c.counter_mix.iter().map(|s| s.id_prefix.as_str()),
        );
        for (i, s) in c.counter_mix.iter().enumerate() {
            let p = format!("counter_mix[{i}]");
            self.values(&format!("{p}.values"), &s.values);
            let fits = match s.kind {
                CounterKind::Brigade | CounterKind::Regiment => {
                    matches!(s.force_type, ForceType::Infantry | ForceType::Cavalry)
                }
                CounterKind::Battery => s.force_type == ForceType::Artillery,
                CounterKind::Garrison => s.force_type == ForceType::Garrison,
                CounterKind::Fortification => s.force_type == ForceType::Fortification,
            };
            if !fits {
                self.err(
                    format!("{p}.type"),
                    format!(
                        "a {} cannot be {} (6.1, 6.2)",
                        s.kind.name(),
                        s.force_type.name()
                    ),
                );
            }
            if s.count == 0 {
                self.err(format!("{p}.count"), "count must be at least 1");
            } else {
                // The stocks of one side, kind and type together (4.8).
                let total: u64 = c.counter_mix[..=i]
                    .iter()
                    .filter(|m| {
                        m.side == s.side && m.kind == s.kind && m.force_type == s.force_type
                    })
                    .map(|m| u64::from(m.count))
                    .sum();
                // Reported once, at the stock that passes the bound.
                let before = total - u64::from(s.count);
                if total > u64::from(MAX_COUNTERS_PER_TYPE)
                    && before <= u64::from(MAX_COUNTERS_PER_TYPE)
                {
                    self.err(
                        format!("{p}.count"),
                        format!(
                            "{total} {} {} {} in counter_mix {} more than the {MAX_COUNTERS_PER_TYPE} counters of one side, kind and type (4.8)",
                            s.side.name(),
                            s.force_type.name(),
                            s.kind.noun(total),
                            if total == 1 { "is" } else { "are" }
                        ),
                    );
                }
            }
            if self
                .forces
                .keys()
                .any(|id| id.starts_with(&format!("{}-", s.id_prefix)))
            {
                self.err(
                    format!("{p}.id_prefix"),
                    format!(
                        "ids made from \"{}\" could clash with a named Force",
                        s.id_prefix
                    ),
                );
            }
        }
    }

    fn force_ref(&mut self, path: &str, id: &str) -> Option<&'a ForceDef> {
        let f = self.forces.get(id).copied();
        if f.is_none() {
            self.err(path, format!("force \"{id}\" is not in forces"));
        }
        f
    }

    fn setup(&mut self) {
        let c = self.c;
        let s = &c.setup;
        self.land_area_ref("setup.lee", &s.lee);
        let mut placed: BTreeMap<&str, String> = BTreeMap::new();
        let mut confederates_in: BTreeSet<&str> = BTreeSet::new();
        for (i, pl) in s.placements.iter().enumerate() {
            let p = format!("setup.placements[{i}]");
            self.land_area_ref(&format!("{p}.area"), &pl.area);
            for (j, id) in pl.forces.iter().enumerate() {
                let q = format!("{p}.forces[{j}]");
                if let Some(f) = self.force_ref(&q, id) {
                    if f.side == Side::Confederate {
                        confederates_in.insert(pl.area.as_str());
                    }
                    if let Some(first) = placed.insert(id, q.clone()) {
                        self.err(&q, format!("force \"{id}\" is already placed at {first}"));
                    }
                }
            }
        }
        if self.areas.contains(s.lee.as_str()) && !confederates_in.contains(s.lee.as_str()) {
            self.err(
                "setup.lee",
                format!(
                    "Lee starts in \"{}\" with no Confederate Force there (3.2)",
                    s.lee
                ),
            );
        }
        // 7.6's automatic counters come out of the same stocks first.
        let automatic = c.city_and_fort_counters();
        // Sums in u64: no count in the file can overflow them.
        let stock_of = |side: Side, kind: CounterKind, ty: ForceType| -> u64 {
            c.counter_mix
                .iter()
                .filter(|m| m.side == side && m.kind == kind && m.force_type == ty)
                .map(|m| u64::from(m.count))
                .sum()
        };
        let auto_of = |side: Side, kind: CounterKind, ty: ForceType| -> u64 {
            automatic
                .iter()
                .filter(|(_, s, k, t)| *s == side && *k == kind && *t == ty)
                .count() as u64
        };
        let mut reported = BTreeSet::new();
        for (_, side, kind, ty) in &automatic {
            let (need, have) = (auto_of(*side, *kind, *ty), stock_of(*side, *kind, *ty));
            if need > have && reported.insert((*side, *kind)) {
                self.err(
                    "counter_mix",
                    format!(
                        "7.6 places {need} {} {} at set-up but counter_mix has {have}",
                        side.name(),
                        kind.noun(need)
                    ),
                );
            }
        }
        for (i, cp) in s.counters.iter().enumerate() {
            let p = format!("setup.counters[{i}]");
            self.land_area_ref(&format!("{p}.area"), &cp.area);
            let available = stock_of(cp.side, cp.kind, cp.force_type).saturating_sub(auto_of(
                cp.side,
                cp.kind,
                cp.force_type,
            ));
            let wanted: u64 = s.counters[..=i]
                .iter()
                .filter(|o| o.side == cp.side && o.kind == cp.kind && o.force_type == cp.force_type)
                .map(|o| u64::from(o.count))
                .sum();
            if wanted > available {
                self.err(
                    p,
                    format!(
                        "needs {wanted} {} {} {} but counter_mix has {available} left after 7.6",
                        cp.side.name(),
                        cp.force_type.name(),
                        cp.kind.noun(wanted)
                    ),
                );
            }
        }
        for (i, o) in s.objective_markers.iter().enumerate() {
            self.land_area_ref(&format!("setup.objective_markers[{i}]"), o);
        }
        for (name, v) in [
            ("confederate_command_points", s.confederate_command_points),
            ("union_command_points", s.union_command_points),
        ] {
            if v > MAX_START_COMMAND_POINTS {
                self.err(
                    format!("setup.{name}"),
                    format!(
                        "{v} Command Points at the start is more than {MAX_START_COMMAND_POINTS} (7.4)"
                    ),
                );
            }
        }
        if s.scouts > c.confederate_resupply.scout_counters {
            self.err(
                "setup.scouts",
                format!(
                    "{} Scouts at the start but only {} Scout counters exist (4.10)",
                    s.scouts, c.confederate_resupply.scout_counters
                ),
            );
        }
    }

    fn late_arrivals(&mut self) {
        let c = self.c;
        self.unique(
            "late_arrivals",
            c.late_arrivals.iter().map(|l| l.id.as_str()),
        );
        let mut placed: BTreeSet<&str> = c
            .setup
            .placements
            .iter()
            .flat_map(|p| p.forces.iter().map(String::as_str))
            .collect();
        for (i, la) in c.late_arrivals.iter().enumerate() {
            let p = format!("late_arrivals[{i}]");
            if la.forces.is_empty() {
                self.err(format!("{p}.forces"), "a late arrival brings no forces");
            }
            for (j, id) in la.forces.iter().enumerate() {
                let q = format!("{p}.forces[{j}]");
                if self.force_ref(&q, id).is_some() && !placed.insert(id) {
                    self.err(
                        &q,
                        format!("force \"{id}\" is already placed or arriving elsewhere"),
                    );
                }
            }
            match &la.when {
                ArrivalWhen::Turn { turn } => self.turn_ref(&format!("{p}.when.turn"), *turn),
                ArrivalWhen::Roll { from_turn, target } => {
                    self.turn_ref(&format!("{p}.when.from_turn"), *from_turn);
                    if !(1..=10).contains(target) {
                        self.err(
                            format!("{p}.when.target"),
                            format!("target {target} is not a d10 number (1-10)"),
                        );
                    }
                }
            }
            match &la.placement {
                ArrivalPlacement::Area { area } => {
                    self.land_area_ref(&format!("{p}.placement.area"), area)
                }
                ArrivalPlacement::Choice { areas } => {
                    if areas.is_empty() {
                        self.err(format!("{p}.placement.areas"), "no areas to choose from");
                    }
                    for (j, a) in areas.iter().enumerate() {
                        self.land_area_ref(&format!("{p}.placement.areas[{j}]"), a);
                    }
                }
                ArrivalPlacement::ConfederateHeldChoice {}
                | ArrivalPlacement::UnionHeldRandom {} => {}
            }
        }
        for (i, f) in c.forces.iter().enumerate() {
            if !placed.contains(f.id.as_str()) {
                self.err(
                    format!("forces[{i}]"),
                    format!(
                        "force \"{}\" is neither placed at set-up nor a late arrival (7.8, 7.9)",
                        f.id
                    ),
                );
            }
        }
    }

    fn tables(&mut self) {
        let c = self.c;
        for (name, v) in [
            ("easy", c.battle_plans.confederate_without_lee.easy),
            ("regular", c.battle_plans.confederate_without_lee.regular),
            ("hard", c.battle_plans.confederate_without_lee.hard),
        ] {
            if v > MAX_BATTLE_PLANS {
                self.err(
                    format!("battle_plans.confederate_without_lee.{name}"),
                    format!(
                        "{v} Battle Plan Counters a turn is impossible (0-{MAX_BATTLE_PLANS}; there are 11 counters, 12.3)"
                    ),
                );
            }
        }
        for (name, v) in union_levels(&c.battle_plans.union_special) {
            if v > MAX_SPECIAL_BATTLE_PLANS {
                self.err(
                    format!("battle_plans.union_special.{name}"),
                    format!(
                        "{v} Special Battle Plans a turn is more than the cup holds (0-{MAX_SPECIAL_BATTLE_PLANS}, 13.2, 13.4)"
                    ),
                );
            }
        }
        let r = &c.confederate_resupply;
        if r.scout_counters == 0 {
            self.err(
                "confederate_resupply.scout_counters",
                "there must be Scout counters (4.10)",
            );
        } else if r.scout_counters > MAX_SCOUT_COUNTERS {
            self.err(
                "confederate_resupply.scout_counters",
                format!(
                    "{} Scout counters is more than the {MAX_SCOUT_COUNTERS} there are (4.10)",
                    r.scout_counters
                ),
            );
        }
        if r.command_points > MAX_RESUPPLY_COMMAND_POINTS {
            self.err(
                "confederate_resupply.command_points",
                format!(
                    "{} Command Points a Resupply step is more than {MAX_RESUPPLY_COMMAND_POINTS} (15.3)",
                    r.command_points
                ),
            );
        }
        for (name, v) in union_levels(&c.union_resupply.command_points) {
            if v > MAX_RESUPPLY_COMMAND_POINTS {
                self.err(
                    format!("union_resupply.command_points.{name}"),
                    format!(
                        "{v} Command Points a Union Resupply phase is more than {MAX_RESUPPLY_COMMAND_POINTS} (18.0)"
                    ),
                );
            }
        }
        if r.scouts > r.scout_counters {
            self.err(
                "confederate_resupply.scouts",
                "more Scouts a turn than there are Scout counters (4.10)",
            );
        }
        for (name, v) in union_levels(&c.union_resupply.rolls) {
            if v > MAX_RESUPPLY_ROLLS {
                self.err(
                    format!("union_resupply.rolls.{name}"),
                    format!("{v} rolls is impossible (0-{MAX_RESUPPLY_ROLLS}, 18.2)"),
                );
            }
        }
        let table = &c.union_resupply.table;
        self.covers_d10(
            "union_resupply.table",
            table.iter().map(|r| r.rolls.as_slice()),
        );
        for (i, row) in table.iter().enumerate() {
            let p = format!("union_resupply.table[{i}].result");
            match &row.result {
                ResupplyResult::Additional {
                    counter,
                    force_type,
                } => {
                    let any = c.counter_mix.iter().any(|m| {
                        m.side == Side::Union
                            && m.kind == *counter
                            && force_type.is_none_or(|t| t == m.force_type)
                    });
                    if !any {
                        self.err(
                            &p,
                            format!("no Union {} in counter_mix to give", counter.name()),
                        );
                    }
                }
                ResupplyResult::BatteryByRoll { follow_up } => {
                    self.covers_d10(
                        &format!("{p}.follow_up"),
                        follow_up.iter().map(|r| r.rolls.as_slice()),
                    );
                    for (j, f) in follow_up.iter().enumerate() {
                        if f.combat == 0 || f.combat > D10 {
                            self.err(
                                format!("{p}.follow_up[{j}].combat"),
                                format!("Combat Value {} is impossible (1-{D10})", f.combat),
                            );
                        } else if !c.counter_mix.iter().any(|m| {
                            m.side == Side::Union
                                && m.kind == CounterKind::Battery
                                && m.values.combat <= f.combat
                        }) {
                            self.err(
                                format!("{p}.follow_up[{j}].combat"),
                                format!(
                                    "no Union Battery of Combat Value {} or less in counter_mix (18.2)",
                                    f.combat
                                ),
                            );
                        }
                    }
                }
                ResupplyResult::StaticByRoll { counter, follow_up } => {
                    if !matches!(counter, CounterKind::Garrison | CounterKind::Fortification) {
                        self.err(
                            format!("{p}.counter"),
                            format!("a {} is not a Static Force (6.2)", counter.name()),
                        );
                    }
                    self.covers_d10(
                        &format!("{p}.follow_up"),
                        follow_up.iter().map(|r| r.rolls.as_slice()),
                    );
                    for (j, f) in follow_up.iter().enumerate() {
                        self.land_area_ref(&format!("{p}.follow_up[{j}].area"), &f.area);
                    }
                }
                ResupplyResult::CommandPoints { amount } => {
                    if *amount > MAX_RESUPPLY_COMMAND_POINTS {
                        self.err(
                            format!("{p}.amount"),
                            format!(
                                "{amount} Command Points from one result is more than {MAX_RESUPPLY_COMMAND_POINTS} (18.2)"
                            ),
                        );
                    }
                }
                ResupplyResult::Reinforcement {} | ResupplyResult::Nothing {} => {}
            }
        }
        self.covers_d10(
            "withdrawal",
            c.withdrawal.iter().map(|r| r.rolls.as_slice()),
        );
        // Each Rejoin fights the battle again (14.8.1): the Withdrawal box
        // must end a battle at least as often as it starts it again, or a
        // battle may go on and on (R-14.8.1-bound).
        let rejoin: BTreeSet<u32> = c
            .withdrawal
            .iter()
            .filter(|r| r.result == WithdrawalResult::Rejoin)
            .flat_map(|r| r.rolls.iter().copied())
            .filter(|r| (1..=D10).contains(r))
            .collect();
        if rejoin.len() > MAX_REJOIN_ROLLS {
            let i = c
                .withdrawal
                .iter()
                .position(|r| r.result == WithdrawalResult::Rejoin)
                .unwrap_or(0);
            self.err(
                format!("withdrawal[{i}]"),
                format!(
                    "Rejoin on {} of the 10 rolls: at most {MAX_REJOIN_ROLLS}, so that the Withdrawal box ends a battle at least as often as it Rejoins (14.8.1; the printed table has 1-2)",
                    rejoin.len()
                ),
            );
        }
        let brt = &c.battle_resolution;
        if brt.columns.is_empty() {
            self.err("battle_resolution.columns", "the table has no columns");
        } else if brt.columns.len() > MAX_RESOLUTION_COLUMNS {
            self.err(
                "battle_resolution.columns",
                format!(
                    "{} columns is more than a Battle Resolution Table has (at most {MAX_RESOLUTION_COLUMNS})",
                    brt.columns.len()
                ),
            );
        }
        for (i, col) in brt.columns.iter().enumerate() {
            let p = format!("battle_resolution.columns[{i}]");
            for (name, bound) in [("min", col.min), ("max", col.max)] {
                if let Some(b) = bound
                    && b.unsigned_abs() > MAX_DIFFERENTIAL.unsigned_abs()
                {
                    self.err(
                        format!("{p}.{name}"),
                        format!(
                            "differential {b:+} is out of bounds (-{MAX_DIFFERENTIAL} to +{MAX_DIFFERENTIAL}; the open first and last columns take the rest)"
                        ),
                    );
                }
            }
            let first = i == 0;
            let last = i + 1 == brt.columns.len();
            if col.min.is_none() && !first {
                self.err(
                    format!("{p}.min"),
                    "only the first column is open at the low end",
                );
            }
            if col.max.is_none() && !last {
                self.err(
                    format!("{p}.max"),
                    "only the last column is open at the high end",
                );
            }
            if first && col.min.is_some() {
                self.err(
                    format!("{p}.min"),
                    "the first column must be open at the low end (no min)",
                );
            }
            if last && col.max.is_some() {
                self.err(
                    format!("{p}.max"),
                    "the last column must be open at the high end (no max)",
                );
            }
            if let (Some(a), Some(b)) = (col.min, col.max)
                && a > b
            {
                self.err(&p, format!("min {a} is above max {b}"));
            }
            if i > 0
                && let (Some(prev), Some(min)) = (brt.columns[i - 1].max, col.min)
                && i64::from(min) != i64::from(prev) + 1
            {
                self.err(
                    format!("{p}.min"),
                    format!(
                        "columns must follow on without gaps or overlap: previous max {prev}, this min {min}"
                    ),
                );
            }
        }
        self.covers_d10(
            "battle_resolution.rows",
            brt.rows.iter().map(|r| r.rolls.as_slice()),
        );
        for (i, row) in brt.rows.iter().enumerate() {
            for (j, cell) in row.cells.iter().enumerate() {
                for (k, who) in [(0, "attacker"), (1, "defender")] {
                    if cell[k] > MAX_RESOLUTION_HITS {
                        self.err(
                            format!("battle_resolution.rows[{i}].cells[{j}][{k}]"),
                            format!(
                                "{} {who} Hits from one roll is more than {MAX_RESOLUTION_HITS}",
                                cell[k]
                            ),
                        );
                    }
                }
            }
            // Moving right the attacker's odds improve: its hits never rise
            // and the defender's never fall.
            for (j, pair) in row.cells.windows(2).enumerate() {
                let ([a0, d0], [a1, d1]) = (pair[0], pair[1]);
                if a1 > a0 || d1 < d0 {
                    self.err(
                        format!("battle_resolution.rows[{i}].cells[{}]", j + 1),
                        format!(
                            "not monotone: [{a1}, {d1}] right of [{a0}, {d0}]; attacker hits may not rise nor defender hits fall to the right"
                        ),
                    );
                }
            }
            if row.cells.len() != brt.columns.len() {
                self.err(
                    format!("battle_resolution.rows[{i}].cells"),
                    format!(
                        "{} cells for {} columns",
                        row.cells.len(),
                        brt.columns.len()
                    ),
                );
            }
        }
    }

    fn orders(&mut self) {
        let c = self.c;
        for (chart_name, by_level) in [
            ("campaign_map", &c.union_orders.campaign_map),
            ("battle_area", &c.union_orders.battle_area),
        ] {
            for (level, chart) in [
                ("regular", &by_level.regular),
                ("hard", &by_level.hard),
                ("veteran", &by_level.veteran),
            ] {
                let p = format!("union_orders.{chart_name}.{level}.rows");
                self.covers_d10(&p, chart.rows.iter().map(|r| r.rolls.as_slice()));
                for (i, row) in chart.rows.iter().enumerate() {
                    if row.text.trim().is_empty() {
                        self.err(
                            format!("{p}[{i}].text"),
                            "the order's printed text is empty",
                        );
                    }
                    self.order(&format!("{p}[{i}].order"), &row.order);
                    if let Some(o) = &row.otherwise {
                        self.order(&format!("{p}[{i}].otherwise"), o);
                    }
                }
            }
        }
    }

    fn order(&mut self, path: &str, o: &Order) {
        let steps = match o {
            Order::Advance { steps, .. }
            | Order::MoveTowardLee { steps }
            | Order::ConfederateHeld { steps, .. } => Some(*steps),
            Order::MoveToward { area, steps } => {
                self.land_area_ref(&format!("{path}.area"), area);
                Some(*steps)
            }
            Order::Hold {} | Order::Random {} | Order::UnionHeld { .. } => None,
        };
        if let Some(s) = steps
            && !(1..=3).contains(&s)
        {
            self.err(
                format!("{path}.steps"),
                format!("{s} steps: orders move 1 to 3 Areas (16.4)"),
            );
        }
    }

    fn deadline(&mut self, path: &str, d: &Deadline) {
        self.turn_ref(&format!("{path}.turn"), d.turn);
    }

    fn filter(&mut self, path: &str, f: &ForceFilter) {
        if let ForceFilter::Corps { corps } = f
            && !self
                .c
                .corps
                .iter()
                .any(|k| &k.id == corps && k.side == Side::Confederate)
        {
            self.err(
                path,
                format!("Confederate corps \"{corps}\" is not in corps"),
            );
        }
    }

    fn victory(&mut self) {
        let c = self.c;
        let v = &c.victory;
        if v.objectives.is_empty() {
            self.err(
                "victory.objectives",
                "a campaign needs at least one objective (3.1)",
            );
        } else if v.objectives.len() > MAX_OBJECTIVES {
            self.err(
                "victory.objectives",
                format!(
                    "{} objectives is more than a campaign has (at most {MAX_OBJECTIVES})",
                    v.objectives.len()
                ),
            );
        }
        if v.defeat.len() > MAX_DEFEATS {
            self.err(
                "victory.defeat",
                format!(
                    "{} defeat conditions is more than a campaign has (at most {MAX_DEFEATS})",
                    v.defeat.len()
                ),
            );
        }
        // 21.1 and hold_with_combat_value: a target no army can reach is a
        // mistake, and the bound keeps every sum small.
        let named_combat: u64 = c
            .forces
            .iter()
            .filter(|f| f.side == Side::Confederate)
            .map(|f| u64::from(f.full.combat))
            .sum();
        let all_combat: u64 = named_combat
            + c.counter_mix
                .iter()
                .filter(|m| m.side == Side::Confederate)
                .map(|m| u64::from(m.count) * u64::from(m.values.combat))
                .sum::<u64>();
        if let Some(cas) = &v.casualties {
            if cas.vp > MAX_VP {
                self.err(
                    "victory.casualties.vp",
                    format!(
                        "{} Victory Points is more than {MAX_VP} (21.1: an additional Victory Point)",
                        cas.vp
                    ),
                );
            }
            if u64::from(cas.min_named_combat) > named_combat {
                self.err(
                    "victory.casualties.min_named_combat",
                    format!(
                        "{} is more than the {named_combat} Combat Value of all the named Confederate Forces (21.1)",
                        cas.min_named_combat
                    ),
                );
            }
        }
        self.unique(
            "victory.objectives",
            v.objectives.iter().map(|o| o.id.as_str()),
        );
        for (i, o) in v.objectives.iter().enumerate() {
            if o.vp > MAX_VP {
                self.err(
                    format!("victory.objectives[{i}].vp"),
                    format!(
                        "{} Victory Points is more than {MAX_VP} (21.0: 1 for every Objective achieved)",
                        o.vp
                    ),
                );
            }
            let p = format!("victory.objectives[{i}].condition");
            match &o.condition {
                Condition::ClearArea { area, by } => {
                    self.land_area_ref(&format!("{p}.area"), area);
                    self.deadline(&format!("{p}.by"), by);
                }
                Condition::Reach { area, by, forces } => {
                    self.land_area_ref(&format!("{p}.area"), area);
                    self.deadline(&format!("{p}.by"), by);
                    self.filter(&format!("{p}.forces"), forces);
                }
                Condition::Occupy { areas, at } => {
                    self.area_list(&format!("{p}.areas"), areas);
                    self.deadline(&format!("{p}.at"), at);
                }
                Condition::HoldThroughout { areas } => self.area_list(&format!("{p}.areas"), areas),
                Condition::HoldWithCombatValue { areas, min_combat } => {
                    self.area_list(&format!("{p}.areas"), areas);
                    if u64::from(*min_combat) > all_combat {
                        self.err(
                            format!("{p}.min_combat"),
                            format!(
                                "{min_combat} is more than the {all_combat} Combat Value of all the Confederate counters (2.2)"
                            ),
                        );
                    }
                }
            }
            let mut levels = BTreeSet::new();
            for l in &o.union_levels {
                if !levels.insert(*l) {
                    self.err(
                        format!("victory.objectives[{i}].union_levels"),
                        format!("level {l:?} listed twice"),
                    );
                }
            }
        }
        // The historical score must be reachable at every level.
        for level in [UnionLevel::Regular, UnionLevel::Hard, UnionLevel::Veteran] {
            let total: u64 = v
                .objectives
                .iter()
                .filter(|o| o.union_levels.is_empty() || o.union_levels.contains(&level))
                .map(|o| u64::from(o.vp))
                .sum::<u64>()
                + v.casualties.as_ref().map_or(0, |c| u64::from(c.vp));
            if u64::from(v.lee_historical_vp) > total {
                self.err(
                    "victory.lee_historical_vp",
                    format!(
                        "Lee's {} VP is more than the {total} VP the {level:?} objectives can give",
                        v.lee_historical_vp
                    ),
                );
            }
        }
        for (i, d) in v.defeat.iter().enumerate() {
            let p = format!("victory.defeat[{i}]");
            match d {
                DefeatCondition::FailToReach { area, by, forces } => {
                    self.land_area_ref(&format!("{p}.area"), area);
                    self.deadline(&format!("{p}.by"), by);
                    self.filter(&format!("{p}.forces"), forces);
                }
                DefeatCondition::UnionHolds { areas } => {
                    self.area_list(&format!("{p}.areas"), areas)
                }
            }
        }
    }

    fn area_list(&mut self, path: &str, areas: &[String]) {
        if areas.is_empty() {
            self.err(path, "no areas listed");
        }
        for (j, a) in areas.iter().enumerate() {
            self.land_area_ref(&format!("{path}[{j}]"), a);
        }
    }

    fn special_rules(&mut self) {
        let c = self.c;
        for (i, r) in c.special_rules.iter().enumerate() {
            let p = format!("special_rules[{i}]");
            if r.label().trim().is_empty() {
                self.err(format!("{p}.label"), "label is empty");
            }
            match r {
                SpecialRule::FreeInsight { area, .. } => {
                    self.land_area_ref(&format!("{p}.area"), area)
                }
                SpecialRule::UnionNeverCrosses {
                    river,
                    instead_toward,
                    ..
                } => {
                    if !c.map.rivers.iter().any(|x| &x.id == river) {
                        self.err(
                            format!("{p}.river"),
                            format!("river \"{river}\" is not in map.rivers"),
                        );
                    }
                    self.land_area_ref(&format!("{p}.instead_toward"), instead_toward);
                }
                SpecialRule::ForbiddenInsights { insights, .. } => {
                    if insights.is_empty() {
                        self.err(format!("{p}.insights"), "no Insights listed");
                    }
                }
            }
        }
    }
}

fn union_levels(v: &ByUnionLevel) -> [(&'static str, u32); 3] {
    [
        ("regular", v.regular),
        ("hard", v.hard),
        ("veteran", v.veteran),
    ]
}

#[cfg(test)]
mod tests {
    use super::super::{Place, bounds::MAX_SUMMARY_CHARS, bundled_dir, parse_campaign};
    use serde_json::Value;

    fn seven_days() -> Value {
        let text = std::fs::read_to_string(bundled_dir().join("seven-days.json")).unwrap();
        serde_json::from_str(&text).unwrap()
    }

    fn problems(v: &Value) -> Vec<String> {
        match parse_campaign(v.to_string().as_bytes(), Some("seven-days")) {
            Ok(_) => vec![],
            Err(ps) => ps
                .into_iter()
                .map(|(p, m)| match p {
                    Place::Field(f) => format!("{f}: {m}"),
                    other => format!("{other:?}: {m}"),
                })
                .collect(),
        }
    }

    /// Each bundled campaign has its own one-line summary; a campaign
    /// without one shows the introduction's first sentence.
    #[test]
    fn the_summary_is_one_bounded_line_or_the_first_sentence() {
        for id in crate::player_log::GRAND_CAMPAIGN {
            let c = crate::campaign::load_bundled(id).unwrap();
            let s = c.summary.as_deref().expect("a summary of its own");
            assert_eq!(c.summary(), s);
            assert!(s.chars().count() <= MAX_SUMMARY_CHARS, "{id}");
        }
        let mut v = seven_days();
        assert!(problems(&v).is_empty());
        v.as_object_mut().unwrap().remove("summary");
        let c = parse_campaign(v.to_string().as_bytes(), Some("seven-days")).unwrap();
        assert_eq!(
            c.summary(),
            "At the end of June 1862 George B. McClellan's Army of the Potomac lay astride the \
             Chickahominy River a few miles east of Richmond, fed by the York River Railroad from \
             its depot at White House Landing."
        );
        for (bad, why) in [
            (Value::from("  "), "blank"),
            (Value::from("x".repeat(MAX_SUMMARY_CHARS + 1)), "at most"),
            (Value::from("one\ntwo"), "one line"),
        ] {
            v["summary"] = bad;
            let ps = problems(&v);
            assert!(
                ps.len() == 1 && ps[0].starts_with("summary: ") && ps[0].contains(why),
                "{ps:?}"
            );
        }
        v["summary"] = Value::from("x".repeat(MAX_SUMMARY_CHARS));
        assert!(problems(&v).is_empty());
    }

    #[test]
    fn a_first_sentence_does_not_end_at_an_initial() {
        use crate::campaign::model::first_sentence;
        assert_eq!(
            first_sentence("D. H. Hill guarded the passes. Then it rained."),
            "D. H. Hill guarded the passes."
        );
        assert_eq!(first_sentence("No stop at all"), "No stop at all");
        assert_eq!(first_sentence("  One. "), "One.");
        assert_eq!(first_sentence("Won 12.5 miles. Then"), "Won 12.5 miles.");
    }
}
