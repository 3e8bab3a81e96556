//! Work on a thread of its own that the window never waits for (the odds
//! advisor's estimates, the Suggest panel's advice): started, polled every
//! frame, and told to stop when dropped.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;

/// Work on a thread of its own that the window never waits for: it is
/// polled every frame and, dropped, told to stop (it stops at its next
/// look at the flag; nobody joins it). The odds advisor's estimates and
/// the Suggest panel's advice (`super::suggest`) both run on one.
pub(in crate::app) struct Job<T> {
    /// Taken only by [`Job::join`].
    handle: Option<JoinHandle<T>>,
    stop: Arc<AtomicBool>,
}

impl<T: Send + 'static> Job<T> {
    /// Start `work` on a thread named `name`; it is given the stop flag.
    pub(in crate::app) fn spawn(
        name: &str,
        work: impl FnOnce(&AtomicBool) -> T + Send + 'static,
    ) -> std::io::Result<Job<T>> {
        let stop = Arc::new(AtomicBool::new(false));
        let handle = {
            let stop = stop.clone();
            std::thread::Builder::new()
                .name(name.into())
                .spawn(move || work(&stop))?
        };
        Ok(Job {
            handle: Some(handle),
            stop,
        })
    }

    pub(in crate::app) fn is_finished(&self) -> bool {
        self.handle.as_ref().is_none_or(|h| h.is_finished())
    }

    /// The work's result once finished (else it waits): Err when the
    /// thread panicked.
    pub(in crate::app) fn join(mut self) -> Result<T, String> {
        self.handle
            .take()
            .ok_or_else(|| "the advisor's thread was joined already".to_string())?
            .join()
            .map_err(|_| "the advisor's thread panicked".to_string())
    }
}

impl<T> Drop for Job<T> {
    fn drop(&mut self) {
        // The thread stops at its next look; nobody waits for it.
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// Workers for the trials: every core but the one the window draws on.
pub(in crate::app) fn workers() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get().saturating_sub(1).max(1))
}
