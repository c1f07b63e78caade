//! Progress of long builds on standard error: what is being built, how far it has come and the
//! time spent (with an estimate of the time left where the amount of work is known). Shown on a
//! terminal once a build has run for half a second; when standard error is not a terminal (a
//! log), an exact search that runs longer than [`LINE_EVERY`] writes a line of its bounds that
//! often, and a tree build a line of its secrets placed every [`TREE_LINE_EVERY`]. Standard output never sees any of it.

use indicatif::{ProgressBar, ProgressStyle};
use mastermind_players::families::optimal::{Progress, ProgressCallback};
use mastermind_players::families::tree::BuildProgress;
use std::io::IsTerminal;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

/// How long a build runs before its progress is shown.
const QUIET_FOR: Duration = Duration::from_millis(500);

/// How often the progress shown is refreshed.
const REFRESH_EVERY: Duration = Duration::from_millis(100);

/// How often an exact search writes a line of progress when standard error is not a terminal.
pub const LINE_EVERY: Duration = Duration::from_secs(10);

/// How often a tree build writes a line of progress when standard error is not a terminal.
pub const TREE_LINE_EVERY: Duration = Duration::from_secs(60);

/// Runs `build`, which places `total` secrets and counts them in the [`BuildProgress`] it is
/// given, showing `what` and a bar of secrets placed on a terminal, or a line every
/// [`TREE_LINE_EVERY`] otherwise (a log). Another thread reads the count; the builder never
/// waits for it.
pub fn tree_build<T>(what: &str, total: u64, build: impl FnOnce(&BuildProgress) -> T) -> T {
    let progress = BuildProgress::new();
    if !std::io::stderr().is_terminal() {
        let progress = &progress;
        let tell = |elapsed: Duration| {
            eprintln!("{what}: {}/{total} secrets placed ({elapsed:.0?})", progress.placed());
        };
        return every(TREE_LINE_EVERY, tell, || build(progress));
    }
    let style = ProgressStyle::with_template(
        "{msg}: {pos}/{len} secrets placed [{bar:30}] {elapsed} elapsed, about {eta} left",
    )
    .expect("a valid template")
    .progress_chars("=> ");
    let bar = ProgressBar::new(total).with_style(style).with_message(what.to_owned());
    let progress = &progress;
    watch(bar, move |bar| bar.set_position(progress.placed()), || build(progress))
}

/// Runs `solve`, an exact search given a progress callback, showing `what`, the nodes searched
/// and the bounds on the optimum: live on a terminal, a line every [`LINE_EVERY`] otherwise.
pub fn search<T>(what: &str, solve: impl FnOnce(Option<ProgressCallback>) -> T) -> T {
    let latest = Arc::new(Mutex::new(format!("{what}: starting")));
    let reported = Arc::clone(&latest);
    let what = what.to_owned();
    let callback: ProgressCallback = Arc::new(move |report| {
        *reported.lock().unwrap_or_else(PoisonError::into_inner) =
            format!("{what}: {}", bounds(report));
    });
    let read = move || latest.lock().unwrap_or_else(PoisonError::into_inner).clone();
    if !std::io::stderr().is_terminal() {
        return every(
            LINE_EVERY,
            |elapsed| eprintln!("{} ({elapsed:.0?})", read()),
            || solve(Some(callback)),
        );
    }
    let style = spinner_style();
    let spinner = ProgressBar::new_spinner().with_style(style);
    let show = move |bar: &ProgressBar| {
        bar.set_message(read());
        bar.tick();
    };
    watch(spinner, show, || solve(Some(callback)))
}

/// A report's nodes, bounds and the gap between them (only the lower bound before any tree is
/// known, as under a depth limit that the heuristic tree breaks).
pub fn bounds(report: &Progress) -> String {
    if report.upper_bound == u64::MAX {
        return format!(
            "{} nodes searched, the optimum at least {} guesses in total (no tree yet)",
            report.nodes, report.lower_bound
        );
    }
    let units = match report.units {
        (_, 0) => String::new(),
        (done, all) => format!(", {done} of {all} units done"),
    };
    format!(
        "{} nodes searched, the optimum between {} and {} guesses in total ({}){units}",
        report.nodes,
        report.lower_bound,
        report.upper_bound,
        gap(report.lower_bound, report.upper_bound)
    )
}

/// The gap between a proved lower bound and the best total known, as people read it.
pub fn gap(lower: u64, upper: u64) -> String {
    if upper == u64::MAX {
        return "no tree yet".to_owned();
    }
    let share = (upper.saturating_sub(lower)) as f64 / upper.max(1) as f64;
    format!("gap {:.2}%", 100.0 * share)
}

/// Runs `work`, calling `tell` with the time spent every `period` until it ends (never if it
/// ends sooner).
fn every<T>(period: Duration, tell: impl Fn(Duration) + Send, work: impl FnOnce() -> T) -> T {
    let (done, finished) = mpsc::channel::<()>();
    let start = std::time::Instant::now();
    std::thread::scope(|scope| {
        scope.spawn(move || {
            while finished.recv_timeout(period) == Err(RecvTimeoutError::Timeout) {
                tell(start.elapsed());
            }
        });
        let result = work();
        drop(done);
        result
    })
}

/// A spinner, the message and the time spent.
fn spinner_style() -> ProgressStyle {
    ProgressStyle::with_template("{spinner} {msg} ({elapsed})").expect("a valid template")
}

/// Runs `work`, whose amount of work is not known in advance, showing `what` and the time spent
/// with a spinner on a terminal.
pub fn spinner<T>(what: &str, work: impl FnOnce() -> T) -> T {
    let style = spinner_style();
    let bar = ProgressBar::new_spinner().with_style(style).with_message(what.to_owned());
    watch(bar, ProgressBar::tick, work)
}

/// Runs `work`; on a terminal, once it has run for [`QUIET_FOR`], shows `bar`, refreshed by
/// `refresh` every [`REFRESH_EVERY`] from another thread, and clears it when the work ends.
fn watch<T>(
    bar: ProgressBar,
    refresh: impl Fn(&ProgressBar) + Send,
    work: impl FnOnce() -> T,
) -> T {
    if !std::io::stderr().is_terminal() {
        return work();
    }
    let (done, finished) = mpsc::channel::<()>();
    std::thread::scope(|scope| {
        let watcher = scope.spawn(move || {
            if finished.recv_timeout(QUIET_FOR) != Err(RecvTimeoutError::Timeout) {
                return;
            }
            loop {
                refresh(&bar);
                if finished.recv_timeout(REFRESH_EVERY) != Err(RecvTimeoutError::Timeout) {
                    break;
                }
            }
            bar.finish_and_clear();
        });
        let result = work();
        drop(done);
        let _ = watcher.join();
        result
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_say_the_gap_or_that_no_tree_is_known_yet() {
        let report = |upper| Progress {
            nodes: 1024,
            lower_bound: 23440,
            upper_bound: upper,
            elapsed: Duration::from_secs(10),
            units: (0, 0),
        };
        let known = bounds(&report(26600));
        assert!(known.contains("between 23440 and 26600") && known.contains("gap 11.88%"));
        let none = bounds(&report(u64::MAX));
        assert!(none.contains("at least 23440") && none.contains("no tree yet"), "{none}");
        assert!(!none.contains(&u64::MAX.to_string()), "{none}");
    }
}
