//! The process's peak memory, for the summaries of long builds and searches, and the memory
//! the machine has available, for refusing a build that would not fit before it starts.

/// The most resident memory the process has used so far, in MiB (Linux's `VmHWM`); `None` where
/// the system does not say.
pub fn peak_mib() -> Option<f64> {
    kib_field("/proc/self/status", "VmHWM:").map(mib_to_a_tenth)
}

/// `kib` in MiB, rounded to a tenth.
fn mib_to_a_tenth(kib: u64) -> f64 {
    (kib as f64 / 1024.0 * 10.0).round() / 10.0
}

/// The memory the machine can give a new process without swapping, in bytes (Linux's
/// `MemAvailable`); `None` where the system does not say.
pub fn available_bytes() -> Option<u64> {
    kib_field("/proc/meminfo", "MemAvailable:")?.checked_mul(1024)
}

/// The value in KiB of the line of `/proc` file `path` that starts with `key`.
fn kib_field(path: &str, key: &str) -> Option<u64> {
    parse_kib(&std::fs::read_to_string(path).ok()?, key)
}

/// The number after `key` on the line of `text` that starts with it (`VmHWM:   22528 kB`).
fn parse_kib(text: &str, key: &str) -> Option<u64> {
    let line = text.lines().find(|l| l.starts_with(key))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kib_fields_are_read_by_key() {
        let status =
            "Name:\tmastermind\nVmPeak:\t  300000 kB\nVmHWM:\t   22528 kB\nVmRSS:\t 1024 kB\n";
        assert_eq!(parse_kib(status, "VmHWM:").map(mib_to_a_tenth), Some(22.0));
        assert_eq!(mib_to_a_tenth(1100), 1.1);
        assert_eq!(parse_kib("Name:\tx\n", "VmHWM:"), None);
        let meminfo = "MemTotal:       24000000 kB\nMemFree:  100 kB\nMemAvailable:   2048 kB\n";
        assert_eq!(parse_kib(meminfo, "MemAvailable:"), Some(2048));
        if cfg!(target_os = "linux") {
            assert!(peak_mib().is_some_and(|m| m > 0.0));
            assert!(available_bytes().is_some_and(|b| b > 0));
        }
    }
}
