//! The process's peak memory, for the summaries of long builds and searches, and the memory
//! the machine has available, for refusing a build that would not fit before it starts.

/// The most resident memory the process has used so far, in MiB (Linux's `VmHWM`); `None` where
/// the system does not say.
pub fn peak_mib() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    parse_vm_hwm(&status)
}

/// `VmHWM` of a `/proc/<pid>/status` text, in MiB rounded to a tenth.
fn parse_vm_hwm(status: &str) -> Option<f64> {
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kib: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some((kib / 1024.0 * 10.0).round() / 10.0)
}

/// The memory the machine can give a new process without swapping, in bytes (Linux's
/// `MemAvailable`); `None` where the system does not say.
pub fn available_bytes() -> Option<u64> {
    let meminfo = std::fs::read_to_string("/proc/meminfo").ok()?;
    parse_mem_available(&meminfo)
}

/// `MemAvailable` of a `/proc/meminfo` text, in bytes.
fn parse_mem_available(meminfo: &str) -> Option<u64> {
    let line = meminfo.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    kib.checked_mul(1024)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_high_water_mark_is_read_in_mib() {
        let status =
            "Name:\tmastermind\nVmPeak:\t  300000 kB\nVmHWM:\t   22528 kB\nVmRSS:\t 1024 kB\n";
        assert_eq!(parse_vm_hwm(status), Some(22.0));
        assert_eq!(parse_vm_hwm("Name:\tx\n"), None);
        if cfg!(target_os = "linux") {
            assert!(peak_mib().is_some_and(|m| m > 0.0));
        }
    }

    #[test]
    fn available_memory_is_read_in_bytes() {
        let meminfo = "MemTotal:       24000000 kB\nMemFree:  100 kB\nMemAvailable:   2048 kB\n";
        assert_eq!(parse_mem_available(meminfo), Some(2 << 20));
        assert_eq!(parse_mem_available("MemTotal: 5 kB\n"), None);
        if cfg!(target_os = "linux") {
            assert!(available_bytes().is_some_and(|b| b > 0));
        }
    }
}
