//! `fcrel replay`: re-run a save from its campaign's start and print its
//! digest (`--verify` compares it with the file's), branch it (`--until N
//! --save-as NEW`, a what-if branch: `save::branch`), print its chronicle,
//! write its after-action report (`report`).
//! The file given is only ever read.

use std::io::Write;
use std::path::Path;
use std::sync::Arc;

use super::ReplayArgs;
use crate::campaign::{self, Campaign};
use crate::rules::digest::Check;
use crate::save::SaveFile;

/// Run `fcrel replay FILE [--verify]`; returns the process exit code.
pub fn replay(path: &Path, verify: bool, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    let args = ReplayArgs {
        file: path.to_path_buf(),
        verify,
        ..ReplayArgs::default()
    };
    replay_with(&args, out, err)
}

/// Run `fcrel replay` with every option; returns the process exit code.
pub fn replay_with(a: &ReplayArgs, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    let path = a.file.as_path();
    let (save, campaign) = match read(path) {
        Ok(r) => r,
        Err(lines) => {
            let _ = write!(err, "{lines}");
            return 1;
        }
    };
    // The report's file is checked before anything is written.
    if let Some(to) = &a.report {
        let o = crate::report::WriteOptions {
            force: a.force,
            inputs: &[path],
        };
        if let Err(why) = crate::report::may_write(to, o) {
            let _ = writeln!(err, "{why}");
            return 1;
        }
    }
    // The game replayed: the file's, or a branch of it.
    let game = match (a.until, &a.save_as) {
        (Some(kept), Some(new)) => match make_branch(a, &save, campaign.clone(), kept, new) {
            Ok(b) => {
                let _ = writeln!(err, "{}: {}", new.display(), crate::store::quote(b.title()));
                b
            }
            Err(why) => {
                let _ = writeln!(err, "{}: {why}", path.display());
                return 1;
            }
        },
        // The game where it asked decision `kept + 1`, nothing written.
        (Some(_), None) if a.verify => {
            let _ = writeln!(
                err,
                "{}: --verify checks the digest the file records at its end; --until alone stops before it (with --save-as it verifies the branch)",
                path.display()
            );
            return 2;
        }
        (Some(kept), None) => {
            let total = save.decisions.len();
            if kept > total {
                let _ = writeln!(
                    err,
                    "{}: --until {kept}: the game has {total} decisions, so N is 0 to {total}",
                    path.display()
                );
                return 2;
            }
            let mut g = save.clone();
            g.decisions.truncate(kept);
            g.finished = false;
            g.digest.clear();
            g
        }
        _ => save.clone(),
    };
    let started = std::time::Instant::now();
    let mut rest = match crate::save::replay_to_rest(&game, campaign.clone()) {
        Ok(r) => r,
        Err(why) => {
            let _ = writeln!(err, "{}: {why}", path.display());
            return 1;
        }
    };
    let world = rest.app.world_mut();
    let Some(digest) = crate::rules::digest::state_digest(world) else {
        let _ = writeln!(err, "{}: no campaign was set up", path.display());
        return 1;
    };
    let check = crate::rules::digest::check(world, &game.digest);
    let _ = writeln!(out, "{digest}");
    let _ = writeln!(
        err,
        "{} of {} replayed ({}) in {} ms",
        count(rest.used, "decision"),
        crate::store::quote(game.title()),
        if rest.over {
            "to the end of the campaign"
        } else {
            "to the point of the save"
        },
        started.elapsed().as_millis()
    );
    if a.chronicle {
        print_chronicle(world.resource::<crate::chronicle::Chronicle>(), out);
    }
    if let Some(to) = &a.report {
        let branch = a.save_as.as_deref();
        let inputs: Vec<&Path> = std::iter::once(path).chain(branch).collect();
        let o = crate::report::WriteOptions {
            force: a.force,
            inputs: &inputs,
        };
        // A replay's problem is the game file's; a write's names its file.
        let written = crate::report::build(&game, campaign)
            .map_err(|why| format!("{}: {why}", path.display()))
            .and_then(|r| crate::report::write(&r, to, o).map(|_| r));
        match written {
            Ok(r) => {
                let _ = writeln!(
                    err,
                    "{}: the after-action report ({}, {})",
                    to.display(),
                    count(r.turns.len(), "turn"),
                    count(r.battles.len(), "battle")
                );
            }
            Err(why) => {
                let _ = writeln!(err, "{why}");
                return 1;
            }
        }
    }
    if !a.verify {
        return 0;
    }
    verdict(path, &digest, &game.digest, check, err)
}

/// "1 turn", "3 turns".
fn count(n: usize, what: &str) -> String {
    format!("{n} {what}{}", if n == 1 { "" } else { "s" })
}

/// The save and its campaign, or the lines saying why not.
fn read(path: &Path) -> Result<(SaveFile, Arc<Campaign>), String> {
    let save = crate::save::read(path).map_err(|p| format!("{p}\n"))?;
    match campaign::load_bundled(&save.campaign) {
        Ok(c) => Ok((save, Arc::new(c))),
        Err(problems) => {
            let mut s = format!(
                "{}: campaign \"{}\" cannot be loaded:\n",
                path.display(),
                save.campaign
            );
            for p in &problems {
                s.push_str(&format!("  {p}\n"));
            }
            Err(s)
        }
    }
}

/// Make the branch and write it to `new`, a file that does not exist yet
/// (the original is never the target).
fn make_branch(
    a: &ReplayArgs,
    save: &SaveFile,
    campaign: Arc<Campaign>,
    kept: usize,
    new: &Path,
) -> Result<SaveFile, String> {
    if new.exists() {
        return Err(format!(
            "{} exists: a branch is written to a new file",
            new.display()
        ));
    }
    let mut game = crate::store::now();
    if game == save.game {
        game += 1;
    }
    let options = crate::save::BranchOptions {
        kept,
        same_dice: a.same_dice,
        fresh_seed: a.dice_seed.unwrap_or_else(crate::dice::fresh_seed),
        game,
    };
    let b = crate::save::branch(save, campaign, options)?;
    b.write(new).map_err(|p| p.to_string())?;
    Ok(b)
}

/// Every chronicle line, with a heading where each Campaign Turn and
/// Union Turn begins.
fn print_chronicle(c: &crate::chronicle::Chronicle, out: &mut dyn Write) {
    use crate::chronicle::Part;
    let mut marks = c.marks().iter().peekable();
    for (i, e) in c.entries().iter().enumerate() {
        while let Some(m) = marks.next_if(|m| m.entry <= i) {
            let _ = match m.part {
                Part::Turn(t) => writeln!(out, "== Turn {t} =="),
                Part::UnionTurn(t) => writeln!(out, "== Union Turn {t} =="),
            };
        }
        let _ = writeln!(out, "{}", e.line());
    }
}

/// `--verify`: the exit code, with the reason on `err`.
fn verdict(path: &Path, digest: &str, recorded: &str, check: Check, err: &mut dyn Write) -> i32 {
    match check {
        Check::Same => 0,
        Check::Differs if recorded.is_empty() => {
            let _ = writeln!(
                err,
                "{}: the file records no digest, so the replayed digest {digest} cannot be verified",
                path.display(),
            );
            1
        }
        Check::Differs => {
            let _ = writeln!(
                err,
                "{}: the replayed digest {digest} differs from the recorded {}",
                path.display(),
                crate::store::quote(recorded),
            );
            1
        }
        // Not a difference found: nothing this build can compare.
        Check::Reworded => {
            let _ = writeln!(
                err,
                "{}: not checked: its digest {} is of the older kind that hashed the chronicle's wording, which this build words differently; saved again, the file gets a digest that can be checked",
                path.display(),
                crate::store::quote(recorded),
            );
            0
        }
    }
}

#[cfg(test)]
mod tests {
    /// "(1 turn, 1 battle)", never "(1 turns, 1 battles)" (issue 45 item 5).
    #[test]
    fn counts_agree_with_their_number() {
        assert_eq!(super::count(1, "turn"), "1 turn");
        assert_eq!(super::count(0, "battle"), "0 battles");
        assert_eq!(super::count(7, "turn"), "7 turns");
    }
}
