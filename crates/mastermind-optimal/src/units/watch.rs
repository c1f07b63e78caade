//! A thread beside the searches that looks at the clock and the stop flags now and then, so no
//! search ever waits for it.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// How often the watcher looks.
const TICK: Duration = Duration::from_millis(20);

/// Runs `work` while another thread calls `tick` every [`TICK`]. The ticking ends when `work`
/// returns or unwinds: a panic in `work` reaches the caller instead of waiting forever for the
/// watcher.
pub(super) fn while_watching<T>(tick: impl FnMut() + Send, work: impl FnOnce() -> T) -> T {
    let done = AtomicBool::new(false);
    std::thread::scope(|scope| {
        // A thread of its own: on the rayon pool it would take a worker's place.
        scope.spawn(|| {
            let mut tick = tick;
            while !done.load(Ordering::Relaxed) {
                tick();
                std::thread::sleep(TICK);
            }
        });
        let _done = SetOnDrop(&done);
        work()
    })
}

/// Raises its flag when dropped, on return and on unwinding alike.
struct SetOnDrop<'a>(&'a AtomicBool);

impl Drop for SetOnDrop<'_> {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panic_in_the_work_reaches_the_caller_and_ends_the_watcher() {
        let outcome = std::panic::catch_unwind(|| while_watching(|| {}, || panic!("in the work")));
        assert!(outcome.is_err());
        let ticks = std::sync::atomic::AtomicUsize::new(0);
        let value = while_watching(
            || {
                ticks.fetch_add(1, Ordering::Relaxed);
            },
            || {
                std::thread::sleep(Duration::from_millis(100));
                7
            },
        );
        assert_eq!(value, 7);
        assert!(ticks.load(Ordering::Relaxed) >= 1);
    }
}
