//! One writer at a time, for SQLite.
//!
//! SQLite admits one write transaction at a time; when several connections of the pool try at
//! once, the losers sleep in SQLite's busy handler (1, 2, 5, 10 … ms) and latency explodes under
//! load. Holding this gate around a write transaction queues writers fairly in the process
//! instead, while reads go on concurrently (WAL). PostgreSQL has row locks and needs no gate:
//! there the gate is open.

use std::sync::Arc;
use tokio::sync::{Mutex, MutexGuard};

#[derive(Clone, Debug, Default)]
pub struct WriteGate(Option<Arc<Mutex<()>>>);

/// Held for the length of one write transaction.
pub struct WritePermit<'a>(#[allow(dead_code)] Option<MutexGuard<'a, ()>>);

impl WriteGate {
    /// A gate that queues writers (SQLite).
    pub fn serializing() -> Self {
        Self(Some(Arc::new(Mutex::new(()))))
    }

    /// A gate that lets every writer through (PostgreSQL).
    pub fn open() -> Self {
        Self(None)
    }

    pub async fn enter(&self) -> WritePermit<'_> {
        match &self.0 {
            Some(mutex) => WritePermit(Some(mutex.lock().await)),
            None => WritePermit(None),
        }
    }
}
