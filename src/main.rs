// The engine allocates many small short-lived vectors (every decision's
// legal answers); mimalloc serves them faster than the system allocator
// (docs/performance.md).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

use clap::Parser;
use fcrel::cli::{Cli, Command};

fn main() {
    let cli = Cli::parse();
    let code = match cli.command {
        Some(Command::Validate { paths }) => {
            fcrel::cli::validate(&paths, &mut std::io::stdout(), &mut std::io::stderr())
        }
        Some(Command::Simulate {
            campaign,
            games,
            seed,
            battles,
            player,
            union,
            policy,
            advice_trials,
            advice_aim,
            json,
            chronicle,
            per_game,
            optional,
        }) => fcrel::cli::simulate(
            &campaign,
            games,
            seed,
            &battles,
            &player,
            &union,
            &policy,
            (json, chronicle, &optional),
            &fcrel::cli::SimulateExtras {
                advice_trials,
                advice_aim,
                per_game,
            },
            &mut std::io::stdout(),
            &mut std::io::stderr(),
        ),
        Some(Command::Replay(args)) => {
            fcrel::cli::replay_with(&args, &mut std::io::stdout(), &mut std::io::stderr())
        }
        Some(Command::Battle {
            scenario,
            json,
            battles,
        }) => fcrel::cli::battle(
            &scenario,
            json,
            battles.as_deref(),
            &mut std::io::stdout(),
            &mut std::io::stderr(),
        ),
        Some(Command::Advise(args)) => {
            fcrel::cli::advise(&args, &mut std::io::stdout(), &mut std::io::stderr())
        }
        Some(Command::BenchScenario { seed, battles, out }) => fcrel::cli::bench_scenario(
            seed,
            &battles,
            &out,
            &mut std::io::stdout(),
            &mut std::io::stderr(),
        ),
        Some(Command::Odds(args)) => {
            fcrel::cli::odds(&args, &mut std::io::stdout(), &mut std::io::stderr())
        }
        None => match fcrel::app::run(fcrel::app::AppOptions {
            screenshots: cli.screenshots,
            frame_times: cli.frame_times,
        }) {
            bevy::app::AppExit::Success => 0,
            bevy::app::AppExit::Error(code) => code.get() as i32,
        },
    };
    std::process::exit(code);
}
