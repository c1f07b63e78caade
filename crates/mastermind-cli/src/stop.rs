//! Stopping a long search on request: Ctrl-C, or a time limit. The search reads the flag now
//! and then and returns its best tree so far with its proved lower bound; a second Ctrl-C ends
//! the process at once.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Arc, Mutex, OnceLock, PoisonError};
use std::time::Duration;

/// Why a search was asked to stop.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reason {
    /// Ctrl-C (SIGINT).
    Interrupt,
    /// The time limit passed.
    TimeLimit,
}

/// A stop flag raised by Ctrl-C or by a time limit, for as long as it lives.
pub struct StopOn {
    flag: Arc<AtomicBool>,
    reason: Arc<Mutex<Option<Reason>>>,
    // Dropped with the guard: ends the timer thread.
    _timer: Option<mpsc::Sender<()>>,
}

/// A search's stop flag and the reason it was raised, shared with whoever raises it.
type Slot = (Arc<AtomicBool>, Arc<Mutex<Option<Reason>>>);

/// The slot the process's one Ctrl-C handler raises (a handler is set once per process; each
/// search installs its own slot here).
static CURRENT: OnceLock<Mutex<Option<Slot>>> = OnceLock::new();

impl StopOn {
    /// A flag that Ctrl-C raises, and `time_limit`, if any, once it has passed. The handler
    /// cannot be installed more than once; if installing it fails, only the time limit stops.
    pub fn new(time_limit: Option<Duration>) -> StopOn {
        let flag = Arc::new(AtomicBool::new(false));
        let reason = Arc::new(Mutex::new(None));
        let current = CURRENT.get_or_init(|| {
            let _ = ctrlc::set_handler(|| {
                let slot = CURRENT.get().and_then(|m| m.lock().ok().and_then(|c| c.clone()));
                match slot {
                    Some((flag, reason)) if !flag.load(Ordering::Relaxed) => {
                        raise(&flag, &reason, Reason::Interrupt);
                        eprintln!("\nstopping: the best tree so far follows (Ctrl-C again quits)");
                    }
                    _ => std::process::exit(130),
                }
            });
            Mutex::new(None)
        });
        *current.lock().unwrap_or_else(PoisonError::into_inner) =
            Some((Arc::clone(&flag), Arc::clone(&reason)));
        let timer = time_limit.map(|limit| {
            let (tx, rx) = mpsc::channel::<()>();
            let (flag, reason) = (Arc::clone(&flag), Arc::clone(&reason));
            std::thread::spawn(move || {
                if rx.recv_timeout(limit) == Err(RecvTimeoutError::Timeout) {
                    raise(&flag, &reason, Reason::TimeLimit);
                }
            });
            tx
        });
        StopOn { flag, reason, _timer: timer }
    }

    /// The flag to hand to the search.
    pub fn flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.flag)
    }

    /// Why the search was stopped, if it was.
    pub fn reason(&self) -> Option<Reason> {
        *self.reason.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

fn raise(flag: &AtomicBool, reason: &Mutex<Option<Reason>>, why: Reason) {
    reason.lock().unwrap_or_else(PoisonError::into_inner).get_or_insert(why);
    flag.store(true, Ordering::Relaxed);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_time_limit_raises_the_flag_and_says_why() {
        let stop = StopOn::new(Some(Duration::from_millis(20)));
        let flag = stop.flag();
        let start = std::time::Instant::now();
        while !flag.load(Ordering::Relaxed) {
            assert!(start.elapsed() < Duration::from_secs(10), "the limit never came");
            std::thread::sleep(Duration::from_millis(5));
        }
        assert_eq!(stop.reason(), Some(Reason::TimeLimit));
        let without = StopOn::new(None);
        std::thread::sleep(Duration::from_millis(30));
        assert!(!without.flag().load(Ordering::Relaxed));
        assert_eq!(without.reason(), None);
    }
}
