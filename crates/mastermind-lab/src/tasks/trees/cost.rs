//! What a strategy-trees plan may cost, for the budget check before anything runs.

use super::spec::{TreeMaker, TreesPlan};
use crate::budget::{BYTES_PER_CODE, BYTES_PER_ROW, Cost, Driver, codes};
use mastermind_heuristics::Pool;

impl TreesPlan {
    /// Coarse upper bounds, in elementary operations: a heuristic tree scores about `n^1.5`
    /// (candidate, secret) pairs per node level over the consistent pool, a hundred times that
    /// when every code is a candidate (5x8 Knuth: about 0.6e9, measured 1-4 s); the exact search
    /// grows faster than any power, and `n^3` bounds what it has finished here (4x6: 2e9, measured
    /// 0.1 s; 4x7: 1.4e10, 15 s). Memory: the code set a few times over plus a row per secret.
    pub fn cost(&self) -> Cost {
        let mut seconds = 0.0;
        let mut costliest = (0.0, 0);
        let mut bytes: f64 = 0.0;
        for (i, unit) in self.units.iter().enumerate() {
            let n = codes(unit.game);
            let operations = match &unit.maker {
                TreeMaker::OnePly(config) if config.pool == Pool::Consistent => 10.0 * n.powf(1.5),
                TreeMaker::OnePly(_) => 100.0 * n.powf(1.5),
                TreeMaker::Optimal(_) => n.powi(3),
            };
            let unit_seconds = Cost::seconds_of(operations);
            seconds += unit_seconds;
            if unit_seconds > costliest.0 {
                costliest = (unit_seconds, i);
            }
            bytes = bytes.max(n * 4.0 * BYTES_PER_CODE);
        }
        let rows: f64 = self.units.iter().map(|u| codes(u.game)).sum();
        let (unit_seconds, i) = costliest;
        let detail = self.units.get(i).map_or(String::new(), |u| {
            format!("the costliest tree, {} at {}, about {unit_seconds:.1e} s", u.label, u.game)
        });
        Cost {
            seconds,
            bytes: bytes + rows * BYTES_PER_ROW,
            time: Driver::task("players", detail),
            memory: Driver::task("games", format!("{rows} rows, one per secret of each tree")),
        }
    }
}
