//! Password hashing, bounded. An argon2id hash takes about 20 MB of memory (its memory cost)
//! and about 20 ms of a core: unbounded, a few hundred sign-ins at once, valid or not, would
//! take the machine's memory. So hashes run on at most one thread per core, a short queue waits
//! behind them, and a request beyond that is answered at once with [`AccountsError::Busy`]
//! (503 with `Retry-After`), costing nothing.

use crate::AccountsError;
use std::sync::Arc;
use tokio::sync::Semaphore;

/// How many hashes may wait for a thread, per thread. A waiting hash holds no memory of its own
/// (argon2's memory is taken when it runs), so the queue bounds the wait, not the memory: at
/// about 22 ms a hash, the last of a full queue waits about 0.7 s.
const QUEUE_PER_THREAD: usize = 32;

#[derive(Clone)]
pub struct HashPool {
    /// Hashes running or waiting: the bound on memory and on the wait.
    admitted: Arc<Semaphore>,
    /// Hashes running.
    running: Arc<Semaphore>,
}

impl HashPool {
    /// `threads` hashes at once (at least one), and `threads × 32` more waiting.
    pub fn new(threads: usize) -> Self {
        let threads = threads.max(1);
        Self::with_queue(threads, threads * QUEUE_PER_THREAD)
    }

    /// One hash per core.
    pub fn per_core() -> Self {
        Self::new(std::thread::available_parallelism().map(usize::from).unwrap_or(1))
    }

    pub fn with_queue(threads: usize, queue: usize) -> Self {
        Self {
            admitted: Arc::new(Semaphore::new(threads.max(1) + queue)),
            running: Arc::new(Semaphore::new(threads.max(1))),
        }
    }

    /// Runs `work` (a hash or a verification) on a blocking thread when its turn comes, or
    /// refuses at once when the queue is full.
    pub async fn run<T: Send + 'static>(&self, work: impl FnOnce() -> T + Send + 'static) -> Result<T, AccountsError> {
        let _admitted = self.admitted.clone().try_acquire_owned().map_err(|_| AccountsError::Busy)?;
        let _running = self.running.clone().acquire_owned().await.map_err(|_| AccountsError::Busy)?;
        tokio::task::spawn_blocking(work).await.map_err(|err| AccountsError::Internal(err.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::time::Duration;

    #[tokio::test(flavor = "multi_thread", worker_threads = 4)]
    async fn beyond_the_queue_is_refused_at_once_and_never_more_run_than_threads() {
        let pool = HashPool::with_queue(2, 2);
        let running = Arc::new(AtomicUsize::new(0));
        let most = Arc::new(AtomicUsize::new(0));
        let tasks: Vec<_> = (0..10)
            .map(|_| {
                let (pool, running, most) = (pool.clone(), running.clone(), most.clone());
                tokio::spawn(async move {
                    pool.run(move || {
                        let now = running.fetch_add(1, Ordering::SeqCst) + 1;
                        most.fetch_max(now, Ordering::SeqCst);
                        std::thread::sleep(Duration::from_millis(100));
                        running.fetch_sub(1, Ordering::SeqCst);
                    })
                    .await
                })
            })
            .collect();
        let mut done = 0;
        let mut busy = 0;
        for task in tasks {
            match task.await.unwrap() {
                Ok(()) => done += 1,
                Err(AccountsError::Busy) => busy += 1,
                Err(other) => panic!("{other}"),
            }
        }
        assert_eq!(done + busy, 10);
        assert!(busy >= 6, "at most 4 admitted at once: {done} done, {busy} busy");
        assert!(most.load(Ordering::SeqCst) <= 2);
        // Once the queue empties, a new hash is admitted again.
        assert!(pool.run(|| ()).await.is_ok());
    }
}
