//! What-if branches (issue 38): `fcrel replay FILE --until N --save-as NEW`
//! leaves the original byte for byte as it was, and the branch is a save of
//! its own that replays and verifies; with the same dice and the same
//! choices it is the original game again, with fresh dice it shares the
//! original's story up to the branch point only.

mod common;
use common::fcrel;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use fcrel::campaign::{self, Campaign};
use fcrel::chronicle::Chronicle;
use fcrel::save::{self, BranchOptions, SaveFile};

/// A finished Basic game of the Seven Days at Turn 7, 251 decisions.
const GAME: &str = "tests/fixtures/seven-days-basic-turn-7-digest-2.json";

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("fcrel-branch-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn seven_days() -> Arc<Campaign> {
    Arc::new(campaign::load_bundled("seven-days").unwrap())
}

/// The world of a save replayed to rest.
fn replayed(save: &SaveFile) -> save::AtRest {
    save::replay_to_rest(save, seven_days()).unwrap()
}

fn chronicle(rest: &mut save::AtRest) -> Chronicle {
    rest.app.world().resource::<Chronicle>().clone()
}

#[test]
fn a_branch_leaves_the_original_untouched_and_verifies() {
    let dir = scratch("cli");
    let original = dir.join("game.json");
    std::fs::copy(root().join(GAME), &original).unwrap();
    let before = std::fs::read(&original).unwrap();
    let new = dir.join("branch.json");
    let (code, out, err) = fcrel(&[
        "replay",
        original.to_str().unwrap(),
        "--until",
        "40",
        "--save-as",
        new.to_str().unwrap(),
        "--dice-seed",
        "11",
        "--verify",
    ]);
    assert_eq!(code, 0, "{out}{err}");
    assert_eq!(std::fs::read(&original).unwrap(), before, "the original");
    let parent = save::read(&original).unwrap();
    let b = save::read(&new).unwrap();
    let branch = b.branch.clone().expect("a branch");
    assert_eq!(b.decisions, parent.decisions[..40]);
    assert_eq!(b.version, 2);
    assert_eq!(
        (branch.parent, branch.kept, branch.turn),
        (parent.game, 40, 1)
    );
    assert!(!branch.same_dice);
    assert_ne!(b.game, parent.game, "a game of its own");
    assert_eq!(
        branch.name,
        format!(
            "The Seven Days Battles — branch at Turn 1, instead of {}",
            branch.instead_of.as_deref().unwrap()
        )
    );
    assert_eq!(b.reseeds.len(), 1);
    assert_eq!(b.reseeds[0].from, branch.rolled);
    // The branch replays and verifies, on its own.
    let (code, digest, err) = fcrel(&["replay", new.to_str().unwrap(), "--verify"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(digest.trim(), b.digest);
    // It is never written over a file.
    let (code, _, err) = fcrel(&[
        "replay",
        original.to_str().unwrap(),
        "--until",
        "3",
        "--save-as",
        new.to_str().unwrap(),
    ]);
    assert_eq!(code, 1);
    assert!(err.contains("exists"), "{err}");
    assert_eq!(save::read(&new).unwrap(), b);
    // More decisions than the game has.
    let (code, _, err) = fcrel(&[
        "replay",
        original.to_str().unwrap(),
        "--until",
        "252",
        "--save-as",
        dir.join("b2.json").to_str().unwrap(),
    ]);
    assert_eq!(code, 1);
    assert!(err.contains("a branch keeps 0 to 251"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The same dice and the same choices give the original game again; fresh
/// dice tell the same story up to the branch point, then another.
#[test]
fn same_dice_are_the_same_stream_and_fresh_dice_part_at_the_branch() {
    let parent = save::read(&root().join(GAME)).unwrap();
    let options = |same_dice| BranchOptions {
        kept: 120,
        same_dice,
        fresh_seed: 77,
        game: 1,
    };
    let same = save::branch(&parent, seven_days(), options(true)).unwrap();
    assert!(same.reseeds.is_empty());
    let mut again = same.clone();
    again.decisions = parent.decisions.clone();
    again.digest = parent.digest.clone();
    let r = save::replay(&again, seven_days()).unwrap();
    assert_eq!(r.digest, parent.digest, "the original game again");

    let fresh = save::branch(&parent, seven_days(), options(false)).unwrap();
    let at = fresh.branch.as_ref().unwrap().rolled;
    let mut original = replayed(&parent);
    let mut branched = replayed(&fresh);
    let (a, b) = (chronicle(&mut original), chronicle(&mut branched));
    let dice = |c: &Chronicle| -> Vec<u32> {
        c.entries()
            .iter()
            .filter_map(|e| e.roll.as_ref().map(|r| r.die))
            .collect()
    };
    // Every die of the branch so far was the original's.
    let (da, db) = (dice(&a), dice(&b));
    assert!(!db.is_empty() && db.len() <= da.len());
    assert_eq!(da[..db.len()], db[..]);
    assert_eq!(a.entries()[..b.len()], b.entries()[..]);
    // The next dice differ: the branch's are seeded 77 from die `at` on.
    let next_a = original.app.world().resource::<fcrel::dice::Dice>();
    let mut next_b = branched.app.world().resource::<fcrel::dice::Dice>().clone();
    assert!(next_a.rolled() > at && next_b.rolled() == at);
    let mut seventy_seven = fcrel::dice::Dice::seeded(77);
    let ten = |d: &mut fcrel::dice::Dice| (0..10).map(|_| d.d10("x").unwrap()).collect::<Vec<_>>();
    assert_eq!(ten(&mut next_b), ten(&mut seventy_seven));
}

/// `fcrel replay FILE --chronicle`: the digest, then every chronicle line
/// with a heading at each Campaign Turn and Union Turn.
#[test]
fn replay_prints_the_whole_chronicle() {
    let (code, out, err) = fcrel(&["replay", GAME, "--chronicle", "--verify"]);
    assert_eq!(code, 0, "{err}");
    let parent = save::read(&root().join(GAME)).unwrap();
    let mut rest = replayed(&parent);
    let c = chronicle(&mut rest);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], parent.digest);
    assert_eq!(lines.len(), 1 + c.len() + c.marks().len());
    assert!(lines.contains(&"== Turn 7 =="));
    assert!(lines.contains(&"== Union Turn 6 =="));
    let last = c.entries().last().unwrap().line();
    assert_eq!(lines.last(), Some(&last.as_str()));
}

/// "Play on from here": the chronicle says how many decisions were made
/// before each entry, so a branch from an entry keeps those; replayed,
/// the branch's chronicle is the game's up to that entry.
#[test]
fn a_chronicle_entry_says_how_many_decisions_came_before_it() {
    let parent = save::read(&root().join(GAME)).unwrap();
    let mut rest = replayed(&parent);
    let c = chronicle(&mut rest);
    assert_eq!(c.decisions(), parent.decisions.len());
    // The first Union Orders roll of Turn 2.
    let i = (0..c.len())
        .find(|&i| c.turn_of(i) == 2 && c.entries()[i].rule.starts_with("16"))
        .unwrap();
    let kept = c.decisions_before(i);
    assert!(kept > 0 && kept < parent.decisions.len());
    let options = BranchOptions {
        kept,
        same_dice: true,
        fresh_seed: 0,
        game: 3,
    };
    let b = save::branch(&parent, seven_days(), options).unwrap();
    let mut at = replayed(&b);
    let mine = chronicle(&mut at);
    assert!(mine.len() >= i, "the branch reaches the entry");
    assert_eq!(mine.entries()[..i], c.entries()[..i]);
    assert_eq!(mine.decisions(), kept);
}
