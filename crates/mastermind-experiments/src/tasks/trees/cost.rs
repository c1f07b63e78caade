//! What a strategy-trees plan may cost, for the budget check before anything runs.

use super::spec::TreesPlan;
use crate::budget::{BYTES_PER_CODE, BYTES_PER_ROW, Cost, Driver};
use mastermind_players::TreeRecipe;

impl TreesPlan {
    /// Coarse upper bounds: each tree's build ([`TreeRecipe::build_operations`]), one at a time;
    /// memory, the largest build ([`TreeRecipe::held_codes`]) plus a row per secret.
    pub fn cost(&self) -> Cost {
        let mut seconds = 0.0;
        let mut costliest = (0.0, 0);
        let mut bytes: f64 = 0.0;
        for (i, unit) in self.units.iter().enumerate() {
            let operations = unit.recipe.build_operations(unit.game);
            let unit_seconds = Cost::seconds_of(operations);
            seconds += unit_seconds;
            if unit_seconds > costliest.0 {
                costliest = (unit_seconds, i);
            }
            bytes = bytes.max(TreeRecipe::held_codes(unit.game) * BYTES_PER_CODE);
        }
        let rows: f64 = self.units.iter().map(|u| u.game.size_estimate()).sum();
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
