//! A Union order's route on the map's connections (16.1, 16.4): where a
//! group stood, where its order sends it, how many areas apart they are
//! and every shortest way between them (the rules take one of them,
//! 20.0). The window shows it when the player hovers an order in the Union
//! turn's report or the chronicle; the lines are the rules' own wording
//! ("Union Orders for Hooker in Seven Pines: … → Move toward Malvern Hill.",
//! "The group Hooker in Seven Pines moves to Charles City Road."), read
//! here so that the app never reads them.

use crate::rules::board::Board;

/// From one area to another along the map's connections.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Route {
    pub from: String,
    pub to: String,
    /// Fewest moves between them.
    pub distance: u32,
    /// Every connection on a shortest way from `from` to `to`, each in the
    /// direction of travel.
    pub steps: Vec<(String, String)>,
    /// "Malvern Hill is 4 areas from Seven Pines along the map's
    /// connections".
    pub text: String,
}

/// The route of `from` to `to`, or None when either is no area or no way
/// joins them.
pub fn route(board: &Board, from: &str, to: &str) -> Option<Route> {
    let g = &board.graph;
    let distance = g.distance(from, to).filter(|d| *d != u32::MAX)?;
    let mut steps = Vec::new();
    for (i, a) in g.ids.iter().enumerate() {
        let Some(da) = g.distance(from, a) else {
            continue;
        };
        for &j in &g.adjacent_by_id[i] {
            let b = &g.ids[j];
            let on_way = g
                .distance(b, to)
                .is_some_and(|db| da.saturating_add(1).saturating_add(db) == distance);
            if on_way && da < distance {
                steps.push((a.to_string(), b.to_string()));
            }
        }
    }
    let text = format!(
        "{} is {} from {} along the map's connections",
        board.area_name(to),
        match distance {
            0 => "0 areas".to_string(),
            1 => "1 area".to_string(),
            n => format!("{n} areas"),
        },
        board.area_name(from)
    );
    Some(Route {
        from: from.to_string(),
        to: to.to_string(),
        distance,
        steps,
        text,
    })
}

/// The route a line of the Union turn names: a group's orders roll with a
/// named destination ("… in Seven Pines: d10 = 1 → Move toward Malvern
/// Hill.") or a group's move ("The group … in Seven Pines moves to Charles
/// City Road."). None for any other line.
pub fn order_route(board: &Board, line: &str) -> Option<Route> {
    let (head, to) = if let Some((head, rest)) = line.split_once(" moves to ") {
        (head, area_at(board, rest)?)
    } else {
        let (head, rest) = line.split_once(": d10 = ")?;
        let (_, toward) = rest.split_once(" toward ")?;
        (head, area_at(board, toward)?)
    };
    let (_, at) = head.rsplit_once(" in ")?;
    let from = area_at(board, at)?;
    route(board, &from, &to)
}

/// The area whose name `text` begins with (the longest such name).
fn area_at(board: &Board, text: &str) -> Option<String> {
    board
        .campaign
        .map
        .areas
        .iter()
        .filter(|a| text.starts_with(a.name.as_str()))
        .max_by_key(|a| a.name.len())
        .map(|a| a.id.clone())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board() -> Board {
        let c = std::sync::Arc::new(crate::campaign::load_bundled("seven-days").unwrap());
        Board::empty(c, Default::default())
    }

    /// An orders roll toward a named area and a group's move are routes
    /// along the connections; every step lies on a shortest way, and the
    /// steps join the two areas.
    #[test]
    fn an_order_names_its_route() {
        let b = board();
        let r = order_route(
            &b,
            "[16.1.1] Union Orders for Hooker in Seven Pines: d10 = 1 → Move toward Malvern Hill.",
        )
        .expect("a route");
        assert_eq!(
            (r.from.as_str(), r.to.as_str()),
            ("seven-pines", "malvern-hill")
        );
        assert_eq!(
            Some(r.distance),
            b.graph.distance("seven-pines", "malvern-hill")
        );
        assert!(r.distance >= 2, "{}", r.distance);
        assert!(r.text.starts_with("Malvern Hill is "), "{}", r.text);
        assert!(
            r.text
                .ends_with("from Seven Pines along the map's connections")
        );
        for (a, c) in &r.steps {
            assert!(b.graph.are_adjacent(a, c));
            let da = b.graph.distance("seven-pines", a).unwrap();
            assert_eq!(
                da + 1 + b.graph.distance(c, "malvern-hill").unwrap(),
                r.distance
            );
        }
        assert!(r.steps.iter().any(|(a, _)| a == "seven-pines"));
        assert!(r.steps.iter().any(|(_, c)| c == "malvern-hill"));
        let m = order_route(
            &b,
            "[16.1.1] The group Couch, Peck, Infantry Regiment 1 in Charles City Road moves to Frayser's Farm.",
        )
        .expect("a move");
        assert_eq!(
            (m.from.as_str(), m.to.as_str()),
            ("charles-city-road", "fraysers-farm")
        );
        assert_eq!(m.distance, 1);
        assert_eq!(
            m.steps,
            vec![("charles-city-road".to_string(), "fraysers-farm".to_string())]
        );
        // No destination named, or no order.
        for line in [
            "[16.1.1] Union Orders for Hooker in Seven Pines: d10 = 6 → Move to a random adjacent Area.",
            "[16.0] Union Turn: the Campaign Turn counter is flipped to its Union side.",
            "[16.1.1] Union Orders for Hooker in Seven Pines: d10 = 4 → Advance toward the closest Confederate Force.",
        ] {
            assert_eq!(order_route(&b, line), None, "{line}");
        }
    }
}
