//! Counts as the report writes them: spaces between thousands, the unit in the singular for one.
//! Used by the verdicts, the figures' notes, the paper summaries and the power table alike.

/// A count of `unit`, given in the plural (`games`, `runs`), as the report writes one: spaces
/// between thousands, and the unit in the singular for one (`1 game`, `66 000 games`).
pub fn count_of(n: u64, unit: &str) -> String {
    let unit = if n == 1 { unit.strip_suffix('s').unwrap_or(unit) } else { unit };
    format!("{} {unit}", thousands(n))
}

/// A count with spaces between thousands (`66 000`), as the report writes counts.
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(' ');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_name_one_sample_in_the_singular() {
        assert_eq!(count_of(1, "games"), "1 game");
        assert_eq!(count_of(1, "runs"), "1 run");
        assert_eq!(count_of(0, "games"), "0 games");
        assert_eq!(count_of(2, "claims"), "2 claims");
        assert_eq!(count_of(12_000, "runs"), "12 000 runs");
        assert_eq!(thousands(1_234_567), "1 234 567");
    }
}
