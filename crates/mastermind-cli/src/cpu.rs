//! The process's CPU time, for the records of long builds: the time all its threads have run.

/// Clock ticks per second of `/proc`'s CPU times (Linux's `USER_HZ`, 100 on every architecture
/// the kernel exports to user space).
const TICKS_PER_SECOND: f64 = 100.0;

/// The CPU seconds the process has used so far, user and system, all threads (Linux's
/// `/proc/self/stat`); `None` where the system does not say.
pub fn cpu_seconds() -> Option<f64> {
    parse_stat(&std::fs::read_to_string("/proc/self/stat").ok()?)
}

/// User plus system time in seconds from the text of `/proc/PID/stat`: fields 14 and 15,
/// counted after the command name, which sits in parentheses and may hold spaces.
fn parse_stat(stat: &str) -> Option<f64> {
    let after_name = &stat[stat.rfind(')')? + 1..];
    // After the name: field 3 (state) is the first, so fields 14 and 15 are the 12th and 13th.
    let mut fields = after_name.split_whitespace().skip(11);
    let user: u64 = fields.next()?.parse().ok()?;
    let system: u64 = fields.next()?.parse().ok()?;
    Some((user + system) as f64 / TICKS_PER_SECOND)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn user_and_system_ticks_are_read_after_the_name() {
        let stat = "4242 (a (b) c) R 1 4242 4242 0 -1 4194304 100 0 0 0 250 30 0 0 20 0 3 0";
        assert_eq!(parse_stat(stat), Some(2.8));
        assert_eq!(parse_stat("4242 (x) R 1"), None);
        if cfg!(target_os = "linux") {
            assert!(cpu_seconds().is_some());
        }
    }
}
