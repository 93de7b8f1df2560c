//! The process's resident memory (`VmRSS` of `/proc/<pid>/status`): read once, or sampled on a
//! thread of its own while a job runs.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)]

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// `VmRSS` of `pid` (this process when `None`) in MiB; 0 when it cannot be read.
pub fn rss_mib(pid: Option<u32>) -> f64 {
    let path = pid.map_or_else(|| "/proc/self/status".to_owned(), |pid| format!("/proc/{pid}/status"));
    std::fs::read_to_string(path)
        .unwrap_or_default()
        .lines()
        .find(|line| line.starts_with("VmRSS:"))
        .and_then(|line| line.split_whitespace().nth(1))
        .and_then(|kb| kb.parse::<f64>().ok())
        .map_or(0.0, |kb| kb / 1024.0)
}

/// Samples this process's (and optionally another's) `VmRSS` every `every` until [`finish`].
///
/// [`finish`]: RssSampler::finish
pub struct RssSampler {
    stop: Arc<AtomicBool>,
    thread: std::thread::JoinHandle<Sampled>,
}

/// What a sampler saw.
#[derive(Debug, Clone, Default)]
pub struct Sampled {
    /// This process's highest `VmRSS`, MiB.
    pub peak: f64,
    /// The other process's highest `VmRSS`, MiB.
    pub other_peak: f64,
    pub samples: usize,
    /// This process's `VmRSS` at each sample, MiB.
    pub series: Vec<f64>,
}

impl RssSampler {
    pub fn start(every: Duration, other: Option<u32>) -> Self {
        let stop = Arc::new(AtomicBool::new(false));
        let stopped = stop.clone();
        let thread = std::thread::spawn(move || {
            let mut seen = Sampled::default();
            loop {
                let rss = rss_mib(None);
                seen.peak = seen.peak.max(rss);
                seen.series.push(rss);
                if other.is_some() {
                    seen.other_peak = seen.other_peak.max(rss_mib(other));
                }
                seen.samples += 1;
                if stopped.load(Ordering::Relaxed) {
                    return seen;
                }
                std::thread::sleep(every);
            }
        });
        Self { stop, thread }
    }

    /// The sampled `VmRSS` at each tenth of the time sampled (the start, then 10 % … 100 %).
    pub fn tenths(series: &[f64]) -> Vec<f64> {
        if series.is_empty() {
            return Vec::new();
        }
        (0..=10).map(|tenth| series[(series.len() - 1) * tenth / 10]).collect()
    }

    pub fn finish(self) -> Sampled {
        self.stop.store(true, Ordering::Relaxed);
        self.thread.join().unwrap()
    }
}
