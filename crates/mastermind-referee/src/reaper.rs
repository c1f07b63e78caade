//! Every program still running, so that Ctrl-C kills them before the process that started them
//! exits: a program that ignores its closed input (or the terminal's signal) is not left behind.

use std::collections::HashMap;
use std::process::Child;
use std::sync::{Arc, Mutex, Once, PoisonError};

/// The running programs by process id, until they have been waited for.
static LIVE: Mutex<Option<HashMap<u32, Arc<Mutex<Child>>>>> = Mutex::new(None);

/// The handler is installed once per process.
static INSTALL: Once = Once::new();

/// Installs the Ctrl-C handler that kills every registered program and exits with status 130
/// (the shell's code for an interrupt). If the process has a handler already, it is kept, and
/// it should call [`kill_all`] itself.
pub fn install() {
    INSTALL.call_once(|| {
        let _ = ctrlc::set_handler(|| {
            kill_all();
            std::process::exit(130);
        });
    });
}

/// Kills and waits for every registered program.
pub fn kill_all() {
    let live = LIVE.lock().unwrap_or_else(PoisonError::into_inner).take().unwrap_or_default();
    for child in live.into_values() {
        let mut child = child.lock().unwrap_or_else(PoisonError::into_inner);
        let _ = child.kill();
        let _ = child.wait();
    }
}

/// Registers a program just started.
pub(crate) fn register(pid: u32, child: Arc<Mutex<Child>>) {
    LIVE.lock()
        .unwrap_or_else(PoisonError::into_inner)
        .get_or_insert_with(HashMap::new)
        .insert(pid, child);
}

/// Forgets a program that has been waited for.
pub(crate) fn forget(pid: u32) {
    if let Some(live) = LIVE.lock().unwrap_or_else(PoisonError::into_inner).as_mut() {
        live.remove(&pid);
    }
}

/// How many programs are registered (for tests).
pub fn running() -> usize {
    LIVE.lock().unwrap_or_else(PoisonError::into_inner).as_ref().map_or(0, HashMap::len)
}
