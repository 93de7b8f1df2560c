//! Password hashing, bounded. An argon2id hash takes about 20 MB of memory (its memory cost)
//! and about 20 ms of a core: unbounded, a few hundred sign-ins at once, valid or not, would
//! take the machine's memory. So hashes run on at most one thread per core; the memory is
//! bounded by the hashes *running*, not by those waiting, for a waiting sign-in holds only its
//! request (a few kilobytes). Sign-ins therefore queue for as long as their expected wait stays
//! under [`MAX_EXPECTED_WAIT`] (measured from the hashes just done), and only one that would wait
//! longer is answered at once with [`AccountsError::Busy`] (503 with `Retry-After`). A crowd of
//! 200 on two cores waits about 2 s and is served; a flood sheds what it cannot serve in time.

use crate::AccountsError;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::Semaphore;

/// The longest a sign-in is asked to wait for its hash; beyond it, it is told to come back.
pub const MAX_EXPECTED_WAIT: Duration = Duration::from_secs(5);

/// A bound on the sign-ins waiting per thread whatever their expected wait, so that the
/// requests held stay a few megabytes even if hashes were to become very fast.
const MAX_WAITING_PER_THREAD: usize = 1_024;

/// What a hash is taken to cost before one has been measured.
const FIRST_GUESS: Duration = Duration::from_millis(25);

#[derive(Clone)]
pub struct HashPool {
    /// Hashes running: the bound on memory.
    running: Arc<Semaphore>,
    threads: usize,
    /// Hashes running or waiting.
    admitted: Arc<AtomicUsize>,
    /// The most that may be admitted at once.
    capacity: usize,
    /// A moving average of how long a hash takes, in microseconds.
    mean_micros: Arc<AtomicU64>,
    max_wait: Duration,
}

/// One admitted hash, counted until it is done or abandoned.
struct Admitted(Arc<AtomicUsize>);

impl Drop for Admitted {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

impl HashPool {
    /// `threads` hashes at once (at least one); others wait while their expected wait is under
    /// [`MAX_EXPECTED_WAIT`].
    pub fn new(threads: usize) -> Self {
        let threads = threads.max(1);
        Self::with_queue(threads, threads * MAX_WAITING_PER_THREAD)
    }

    /// One hash per core.
    pub fn per_core() -> Self {
        Self::new(std::thread::available_parallelism().map(usize::from).unwrap_or(1))
    }

    /// `threads` at once and at most `queue` waiting (each also bounded by the expected wait).
    pub fn with_queue(threads: usize, queue: usize) -> Self {
        let threads = threads.max(1);
        Self {
            running: Arc::new(Semaphore::new(threads)),
            threads,
            admitted: Arc::default(),
            capacity: threads + queue,
            mean_micros: Arc::new(AtomicU64::new(FIRST_GUESS.as_micros() as u64)),
            max_wait: MAX_EXPECTED_WAIT,
        }
    }

    /// The same pool with another bound on the expected wait (tests and benchmarks).
    pub fn with_max_wait(mut self, max_wait: Duration) -> Self {
        self.max_wait = max_wait;
        self
    }

    /// How long a hash admitted now would wait for its turn, from the ones ahead of it.
    fn expected_wait(&self, ahead: usize) -> Duration {
        let rounds = (ahead / self.threads) as u32;
        Duration::from_micros(self.mean_micros.load(Ordering::Relaxed)).saturating_mul(rounds)
    }

    /// Runs `work` (a hash or a verification) on a blocking thread when its turn comes, or
    /// refuses at once when its wait would be too long or too many already wait.
    pub async fn run<T: Send + 'static>(&self, work: impl FnOnce() -> T + Send + 'static) -> Result<T, AccountsError> {
        let ahead = self.admitted.fetch_add(1, Ordering::SeqCst);
        let admitted = Admitted(self.admitted.clone());
        if ahead >= self.capacity || self.expected_wait(ahead) > self.max_wait {
            return Err(AccountsError::Busy);
        }
        let _running = self.running.clone().acquire_owned().await.map_err(|_| AccountsError::Busy)?;
        let started = Instant::now();
        let done = tokio::task::spawn_blocking(work).await.map_err(|err| AccountsError::Internal(err.to_string()));
        self.record(started.elapsed());
        drop(admitted);
        done
    }

    /// Folds one hash's duration into the average (an eighth of the newest each time).
    fn record(&self, took: Duration) {
        let took = u64::try_from(took.as_micros()).unwrap_or(u64::MAX);
        let _ = self.mean_micros.fetch_update(Ordering::Relaxed, Ordering::Relaxed, |mean| {
            Some(mean.saturating_mul(7).saturating_add(took) / 8)
        });
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

    #[tokio::test(flavor = "multi_thread", worker_threads = 4)]
    async fn a_crowd_waits_while_its_expected_wait_is_short_and_is_shed_beyond() {
        // 40 hashes of 10 ms on 2 threads: the last waits about 0.2 s, well under a second.
        let pool = HashPool::new(2).with_max_wait(Duration::from_secs(1));
        let slow = || std::thread::sleep(Duration::from_millis(10));
        assert!(pool.run(slow).await.is_ok(), "the first measures a hash");
        let crowd: Vec<_> = (0..40)
            .map(|_| {
                tokio::spawn({
                    let pool = pool.clone();
                    async move { pool.run(slow).await }
                })
            })
            .collect();
        for task in crowd {
            assert!(task.await.unwrap().is_ok(), "everyone of a crowd served in time is served");
        }
        // 400 of 10 ms on 2 threads would wait 2 s: the tail is told to come back at once.
        let flood: Vec<_> = (0..400)
            .map(|_| {
                tokio::spawn({
                    let pool = pool.clone();
                    async move { pool.run(slow).await }
                })
            })
            .collect();
        let mut busy = 0;
        for task in flood {
            if let Err(AccountsError::Busy) = task.await.unwrap() {
                busy += 1;
            }
        }
        assert!(busy > 100 && busy < 300, "{busy} of 400 shed");
    }
}
