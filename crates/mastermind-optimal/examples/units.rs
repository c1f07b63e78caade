//! Solves one game split into units on the rayon pool and prints what each unit cost:
//! `RAYON_NUM_THREADS=2 cargo run --release -p mastermind-optimal --example units -- 4x7`.
//! The units share a memo and the best total; with `ALONE=1` each searches alone (the mode whose
//! tree is the same on any number of threads). `RAISE_NODES=N` instead raises the lower bound
//! until its searches of every unit within small budgets have visited N nodes (e.g. `1e8`);
//! `PLAN_ONLY=1` prints the plan's units (first guess, reply, secrets, size bound, budget).

use mastermind_core::Game;
use mastermind_optimal::SolveOptions;
use mastermind_optimal::units::{Plan, Sharing, UnitOutcome, run};
use std::time::Instant;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let size = std::env::args().nth(1).unwrap_or_else(|| "4x6".into());
    let (pegs, colours) = size.split_once('x').ok_or("the game is written PEGSxCOLOURS")?;
    let game = Game::new(pegs.parse()?, colours.parse()?)?;
    let start = Instant::now();
    let plan = Plan::new(game, &SolveOptions::default())?;
    println!(
        "plan: {} first guesses, {} units, bounds {}..{}, {:.3} s",
        plan.first_guesses().len(),
        plan.units().len(),
        plan.lower_bound(),
        plan.upper_bound(),
        start.elapsed().as_secs_f64()
    );
    if std::env::var("PLAN_ONLY").is_ok() {
        for unit in plan.units() {
            let first = &plan.first_guesses()[unit.first_guess];
            let (guess, reply, size) = (first.guess, unit.reply, unit.size());
            println!("{guess} {reply} {size:>5} bound {:>6} budget {:>6}", unit.bound, unit.budget);
        }
        return Ok(());
    }
    if let Ok(nodes) = std::env::var("RAISE_NODES") {
        let budget = nodes.parse::<f64>()? as u64;
        let from = mastermind_optimal::units::Bounds::new(&plan);
        let bounds = mastermind_optimal::units::raise_lower_bound(&plan, from, budget, None, |b| {
            eprintln!(
                "round {:>4}: lower bound {} ({:.2}% below {}), first guesses {:?}, {:.1} s",
                b.rounds,
                b.lower_bound,
                100.0 * (plan.upper_bound() - b.lower_bound) as f64 / plan.upper_bound() as f64,
                plan.upper_bound(),
                b.first_guesses,
                start.elapsed().as_secs_f64()
            );
        });
        println!("lower bound {} after {} rounds", bounds.lower_bound, bounds.rounds);
        return Ok(());
    }
    let sharing =
        if std::env::var("ALONE").is_ok() { Sharing::Nothing } else { Sharing::MemoAndBounds };
    let board = run(&plan, sharing, None);
    for result in board.results().iter().flatten() {
        let unit = &plan.units()[result.unit];
        let first = &plan.first_guesses()[unit.first_guess];
        let what = match &result.outcome {
            UnitOutcome::Solved { total, .. } => format!("solved {total}"),
            UnitOutcome::Refuted { at_least } => format!("refuted >= {at_least}"),
        };
        println!(
            "{:>4} {} {} budget {:>6} {:<16} {:>9} nodes {:>7.3} s",
            result.unit, first.guess, unit.reply, unit.budget, what, result.nodes, result.seconds
        );
    }
    let solution = board.solution(start)?;
    solution.tree.verify()?;
    println!(
        "total {} proved {} lower {} nodes {} wall {:.3} s",
        solution.total,
        solution.proved,
        solution.lower_bound,
        solution.nodes_searched,
        solution.elapsed.as_secs_f64()
    );
    Ok(())
}
