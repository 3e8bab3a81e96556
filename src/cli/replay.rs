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
    // The game replayed: the file's, or a branch of it.
    let game = match (a.until, &a.save_as) {
        (Some(kept), Some(new)) => match make_branch(a, &save, campaign.clone(), kept, new) {
            Ok(b) => {
                let _ = writeln!(err, "{}: {}", new.display(), b.title());
                b
            }
            Err(why) => {
                let _ = writeln!(err, "{}: {why}", path.display());
                return 1;
            }
        },
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
        "{} decisions of {} replayed ({}) in {} ms",
        rest.used,
        game.title(),
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
        let written = crate::report::build(&game, campaign)
            .and_then(|r| crate::report::write(&r, to).map(|()| r));
        match written {
            Ok(r) => {
                let _ = writeln!(
                    err,
                    "{}: the after-action report ({} turns, {} battles)",
                    to.display(),
                    r.turns.len(),
                    r.battles.len()
                );
            }
            Err(why) => {
                let _ = writeln!(err, "{}: {why}", path.display());
                return 1;
            }
        }
    }
    if !a.verify {
        return 0;
    }
    verdict(path, &digest, &game.digest, check, err)
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
        Check::Differs => {
            let _ = writeln!(
                err,
                "{}: the replayed digest {digest} differs from the recorded {recorded}",
                path.display(),
            );
            1
        }
        // Not a difference found: nothing this build can compare.
        Check::Reworded => {
            let _ = writeln!(
                err,
                "{}: not checked: its digest {recorded} is of the older kind that hashed the chronicle's wording, which this build words differently; saved again, the file gets a digest that can be checked",
                path.display(),
            );
            0
        }
    }
}
