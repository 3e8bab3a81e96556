//! Which answers the decision panel lists with the others. Moves are made
//! on the map; the selected Force's (or Lee's) moves are listed under it
//! ("Robert E. Lee can go to:"), so they are never listed a second time
//! below (in a Forced March with few Command Points Lee's moves were shown
//! twice); other moves are listed below only when the question has few
//! answers.

use crate::rules::decision::Decision;
use crate::rules::view::RequestView;

/// More answers than this and moves are left to the map.
const FEW: usize = 12;

/// Whether the list of answers below the question shows `d`, with
/// `selected` the selected Force (or "lee").
pub(super) fn listed_below(r: &RequestView, d: &Decision, selected: Option<&str>) -> bool {
    let is_move = matches!(
        d,
        Decision::MoveForce { .. } | Decision::MoveLee { .. } | Decision::JacksonMarch { .. }
    );
    if !is_move {
        return true;
    }
    r.choices.len() <= FEW && !r.destinations(selected).iter().any(|c| c.decision == *d)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::decision::Request;
    use crate::rules::view::Choice;

    fn view(options: Vec<Decision>) -> RequestView {
        RequestView {
            choices: options
                .iter()
                .map(|d| Choice {
                    decision: *d,
                    text: String::new(),
                    cost: 0,
                    to: None,
                    starts_battle: false,
                    odds: None,
                    loses_campaign: None,
                    commits: crate::rules::view::Commits::Nothing,
                })
                .collect(),
            request: Request::new("15.1", "Forced March", options),
        }
    }

    /// A Forced March with two moves for Lee and one for a Force: with Lee
    /// selected his moves are listed under him only; the Force's move and
    /// the end of the step are listed below; with nothing selected every
    /// move is listed below; with many answers no move is.
    #[test]
    fn the_selected_movers_moves_are_listed_once() {
        let lee = |to: &str| Decision::MoveLee { to: to.into() };
        let hill = Decision::MoveForce {
            force: "ap-hill".into(),
            to: "glendale".into(),
        };
        let options = vec![
            lee("glendale"),
            lee("riddells-shop"),
            hill,
            Decision::EndMoves,
        ];
        let r = view(options.clone());
        let below = |sel| {
            options
                .iter()
                .filter(|d| listed_below(&r, d, sel))
                .cloned()
                .collect::<Vec<_>>()
        };
        assert_eq!(below(Some("lee")), vec![hill, Decision::EndMoves]);
        assert_eq!(
            below(Some("ap-hill")),
            vec![lee("glendale"), lee("riddells-shop"), Decision::EndMoves]
        );
        assert_eq!(below(None), options);
        let many: Vec<Decision> = (0..13)
            .map(|i| lee(&format!("area-{i}")))
            .chain([Decision::EndMoves])
            .collect();
        let r = view(many.clone());
        assert!(
            many.iter()
                .all(|d| listed_below(&r, d, None) == (*d == Decision::EndMoves))
        );
    }
}
