//! Erasing a company's stored files when its account is closed (called by `closure`).
//!
//! Two steps, because a file is a row and bytes: [`purge_company`] deletes the rows inside the
//! closing transaction and keeps their storage keys; once that transaction has committed,
//! [`Files::remove_purged`] deletes the bytes from the [`crate::FileStore`]. Bytes removed
//! before the commit could not be brought back by a rollback; bytes left after it are reachable
//! by nobody (no row names them), only a cost in disk space, and are reported.

use crate::entities::stored_files;
use crate::Files;
use kernel::purge::{erase_in_company, Erased};
use kernel::tenancy::in_company;
use kernel::CompanyId;
use sea_orm::{ConnectionTrait, DbErr, QuerySelect};

/// The stored files of a company whose rows were deleted: their storage keys, whose bytes
/// [`Files::remove_purged`] deletes once the deletion has committed. The keys are not public:
/// the store's bytes are removed only for rows this crate erased.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PurgedFiles {
    pub erased: Erased,
    keys: Vec<String>,
}

impl PurgedFiles {
    /// How many files' bytes are to be removed.
    pub fn count(&self) -> usize {
        self.keys.len()
    }
}

/// What [`Files::remove_purged`] did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RemovedFiles {
    /// Files whose bytes are gone from the store (including any that were already missing).
    pub removed: usize,
    /// Storage keys the store failed to delete (logged), left as unreachable bytes.
    pub failed: Vec<String>,
}

/// Deletes every `stored_files` row of `company` (avatars, logos, HR documents, events' and
/// policies' files), keeping their keys. Run after `hr`'s and `accounts`' rows that point at
/// files are gone or going (hr's documents restrict their file), inside the closing transaction.
pub async fn purge_company<C: ConnectionTrait>(conn: &C, company: CompanyId) -> Result<PurgedFiles, DbErr> {
    let keys: Vec<String> = in_company::<stored_files::Entity>(company)
        .select_only()
        .column(stored_files::Column::StorageKey)
        .into_tuple()
        .all(conn)
        .await?;
    let erased = erase_in_company::<stored_files::Entity, C>(conn, company).await?;
    Ok(PurgedFiles { erased, keys })
}

impl Files {
    /// Deletes the bytes of files whose rows [`purge_company`] deleted, once that has committed.
    /// A key already missing from the store is not an error; one the store fails to delete is
    /// logged and returned in [`RemovedFiles::failed`].
    pub async fn remove_purged(&self, purged: &PurgedFiles) -> RemovedFiles {
        let mut outcome = RemovedFiles::default();
        for key in &purged.keys {
            match self.store.delete(key).await {
                Ok(()) => outcome.removed += 1,
                Err(err) => {
                    tracing::error!(%key, error = %err, "could not remove the file of a closed company");
                    outcome.failed.push(key.clone());
                }
            }
        }
        outcome
    }
}
