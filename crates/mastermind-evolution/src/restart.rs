//! Stagnation detection: count generations without improvement and say when to restart.

/// Counts consecutive generations without improvement and fires when `limit` is reached.
/// The players decide what "improvement" means (a larger consistent set, a better best fitness)
/// and what a restart does (re-initialise the population); they count how often it fired.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stagnation {
    limit: u32,
    idle: u32,
}

impl Stagnation {
    /// Fires after `limit` generations in a row without improvement (`limit` >= 1).
    pub fn new(limit: u32) -> Stagnation {
        Stagnation { limit: limit.max(1), idle: 0 }
    }

    /// Records one generation; returns true when the limit is reached (the counter then restarts).
    pub fn record(&mut self, improved: bool) -> bool {
        if improved {
            self.idle = 0;
            return false;
        }
        self.idle += 1;
        if self.idle >= self.limit {
            self.idle = 0;
            true
        } else {
            false
        }
    }

    /// Forgets the generations counted so far.
    pub fn reset(&mut self) {
        self.idle = 0;
    }

    /// Generations without improvement so far.
    pub fn idle(&self) -> u32 {
        self.idle
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fires_after_limit_idle_generations() {
        let mut s = Stagnation::new(3);
        assert!(!s.record(false));
        assert!(!s.record(false));
        assert!(!s.record(true), "an improvement resets the count");
        assert!(!s.record(false));
        assert!(!s.record(false));
        assert!(s.record(false));
        assert_eq!(s.idle(), 0);
    }
}
