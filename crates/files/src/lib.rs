//! Stored files: avatars and company logos, and HR documents ([`document`]).
//!
//! A file is bytes in a [`FileStore`] (a local folder, or an S3 bucket: [`s3`]) plus a row in
//! `stored_files` naming the company that owns it. Uploads are checked by content ([`sniff`]) and
//! size before anything is written. Avatars and logos are read through [`Files::open`] by anyone
//! of the owning company; HR documents are private to their records and read only through
//! [`Files::open_private`] after the record's owner has checked who may see it. Both are scoped
//! by the caller's company: another company's file id is `NotFound`, exactly like an id that does
//! not exist.

pub mod document;
pub mod entities;
pub mod purge;
pub mod s3;
mod sniff;
mod store;

pub use document::{clean_file_name, SavedDocument, MAX_DOCUMENT_BYTES};
pub use purge::{purge_company, PurgedFiles, RemovedFiles};
pub use s3::{S3Credentials, S3Setting, S3Settings, S3SettingsError, S3Store};
pub use sniff::{sniff, sniff_document, Kind};
pub use store::{FileStore, LocalDirStore};

use chrono::Utc;
use entities::stored_files;
use kernel::{FileId, TenantCtx};
use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ConnectionTrait, DatabaseConnection, DbErr, EntityTrait, QueryFilter,
};
use std::sync::Arc;

/// Largest image accepted (avatars, logos).
pub const MAX_IMAGE_BYTES: usize = 5 * 1024 * 1024;

/// What a file is for; it decides what may be uploaded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purpose {
    Avatar,
    Logo,
    /// A file of an employee's HR folder: private to the record it belongs to.
    HrDocument,
}

impl Purpose {
    pub fn code(self) -> &'static str {
        match self {
            Purpose::Avatar => "avatar",
            Purpose::Logo => "logo",
            Purpose::HrDocument => "hr-document",
        }
    }

    /// Whether anyone of the owning company may read it by its id (`/files/{id}`).
    fn is_public(code: &str) -> bool {
        code == Purpose::Avatar.code() || code == Purpose::Logo.code()
    }

    fn max_bytes(self) -> usize {
        match self {
            Purpose::Avatar | Purpose::Logo => MAX_IMAGE_BYTES,
            Purpose::HrDocument => MAX_DOCUMENT_BYTES,
        }
    }

    fn accepts(self, kind: Kind) -> bool {
        match self {
            Purpose::Avatar | Purpose::Logo => kind.is_image(),
            Purpose::HrDocument => true,
        }
    }
}

pub const NOT_AN_IMAGE_MESSAGE: &str = "Please upload a PNG, JPEG, GIF or WebP image.";
pub const EMPTY_FILE_MESSAGE: &str = "Please choose a file to upload.";

#[derive(Debug, thiserror::Error)]
pub enum FilesError {
    /// The upload is not acceptable; the message is for the user.
    #[error("{0}")]
    Rejected(&'static str),
    #[error("the file is larger than {max_bytes} bytes")]
    TooLarge { max_bytes: usize },
    #[error("not found")]
    NotFound,
    #[error(transparent)]
    Db(#[from] DbErr),
    #[error("file store: {0}")]
    Store(#[from] std::io::Error),
}

/// The URL the browser uses for a stored file (served by the gateway to signed-in users of the
/// owning company).
pub fn url_of(file_id: FileId) -> String {
    format!("/server/v1/files/{file_id}")
}

/// The file id inside a URL made by [`url_of`].
pub fn id_in_url(url: &str) -> Option<FileId> {
    url.strip_prefix("/server/v1/files/")?.parse().ok().map(FileId)
}

/// A stored file as other crates see it: what it is and who stored it, not where its bytes are.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredFile {
    pub id: FileId,
    pub media_type: String,
    pub byte_size: i64,
    /// avatar, logo, hr-document…
    pub purpose: String,
    pub created_by: kernel::UserId,
    pub created_at: chrono::DateTime<chrono::Utc>,
}

impl From<stored_files::Model> for StoredFile {
    fn from(row: stored_files::Model) -> Self {
        StoredFile {
            id: row.id,
            media_type: row.media_type,
            byte_size: row.byte_size,
            purpose: row.purpose,
            created_by: row.created_by,
            created_at: row.created_at,
        }
    }
}

#[derive(Clone)]
pub struct Files {
    db: DatabaseConnection,
    store: Arc<dyn FileStore>,
}

impl Files {
    pub fn new(db: DatabaseConnection, store: Arc<dyn FileStore>) -> Self {
        Self { db, store }
    }

    /// Checks and stores an upload for the caller's company. The bytes are written first and
    /// removed again if the row cannot be, so a failure leaves nothing behind that a row points to.
    pub async fn save(&self, ctx: &TenantCtx, purpose: Purpose, bytes: &[u8]) -> Result<StoredFile, FilesError> {
        if bytes.is_empty() {
            return Err(FilesError::Rejected(EMPTY_FILE_MESSAGE));
        }
        if bytes.len() > purpose.max_bytes() {
            return Err(FilesError::TooLarge { max_bytes: purpose.max_bytes() });
        }
        let kind =
            sniff(bytes).filter(|kind| purpose.accepts(*kind)).ok_or(FilesError::Rejected(NOT_AN_IMAGE_MESSAGE))?;
        self.store(ctx, purpose, kind, bytes).await
    }

    /// Writes checked bytes and their row. The bytes are written first and removed again if the
    /// row cannot be, so a failure leaves nothing behind that a row points to.
    async fn store(
        &self,
        ctx: &TenantCtx,
        purpose: Purpose,
        kind: Kind,
        bytes: &[u8],
    ) -> Result<StoredFile, FilesError> {
        let key = format!("{}.{}", uuid::Uuid::new_v4().simple(), kind.extension());
        self.store.put(&key, bytes).await?;
        let row = stored_files::ActiveModel {
            company_id: Set(ctx.company()),
            storage_key: Set(key.clone()),
            media_type: Set(kind.media_type().to_owned()),
            byte_size: Set(i64::try_from(bytes.len()).unwrap_or(i64::MAX)),
            purpose: Set(purpose.code().to_owned()),
            created_by: Set(ctx.actor()),
            created_at: Set(Utc::now()),
            ..Default::default()
        };
        match row.insert(&self.db).await {
            Ok(saved) => Ok(saved.into()),
            Err(err) => {
                if let Err(cleanup) = self.store.delete(&key).await {
                    tracing::warn!(%key, error = %cleanup, "could not remove an orphaned upload");
                }
                Err(err.into())
            }
        }
    }

    /// An avatar or a logo and its bytes, if it belongs to the caller's company. Private files
    /// (HR documents) are `NotFound` here.
    pub async fn open(&self, ctx: &TenantCtx, id: FileId) -> Result<(StoredFile, Vec<u8>), FilesError> {
        let file = stored_files::Entity::find_by_id(id)
            .filter(kernel::tenancy::same_company::<stored_files::Entity>(ctx.company()))
            .one(&self.db)
            .await?
            .filter(|file| Purpose::is_public(&file.purpose))
            .ok_or(FilesError::NotFound)?;
        self.read(file).await
    }

    async fn read(&self, file: stored_files::Model) -> Result<(StoredFile, Vec<u8>), FilesError> {
        let bytes = self.store.get(&file.storage_key).await.map_err(|err| {
            if err.kind() == std::io::ErrorKind::NotFound {
                FilesError::NotFound
            } else {
                FilesError::Store(err)
            }
        })?;
        Ok((file.into(), bytes))
    }

    /// Forgets a file of the caller's company that nothing points to any more (a replaced avatar
    /// or logo). Best effort: a leftover file costs disk space, never correctness.
    pub async fn discard(&self, db: &impl ConnectionTrait, ctx: &TenantCtx, id: FileId) {
        let found = stored_files::Entity::find_by_id(id)
            .filter(kernel::tenancy::same_company::<stored_files::Entity>(ctx.company()))
            .one(db)
            .await;
        if let Ok(Some(file)) = found {
            if stored_files::Entity::delete_by_id(file.id).exec(db).await.is_ok() {
                if let Err(err) = self.store.delete(&file.storage_key).await {
                    tracing::warn!(key = %file.storage_key, error = %err, "could not remove a discarded file");
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_round_trip() {
        assert_eq!(id_in_url(&url_of(FileId(42))), Some(FileId(42)));
        assert_eq!(id_in_url("/elsewhere/42"), None);
        assert_eq!(id_in_url("/server/v1/files/x"), None);
    }
}
