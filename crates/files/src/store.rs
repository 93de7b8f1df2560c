//! Where file bytes live: a folder under the data directory ([`LocalDirStore`], the default of
//! a single machine), or an S3-compatible bucket ([`crate::s3::S3Store`]) that several servers
//! share. Both take only keys that pass [`check_key`].

use async_trait::async_trait;
use std::io;
use std::path::{Path, PathBuf};

#[async_trait]
pub trait FileStore: Send + Sync {
    /// Stores `bytes` under `key`, all or nothing.
    async fn put(&self, key: &str, bytes: &[u8]) -> io::Result<()>;
    async fn get(&self, key: &str) -> io::Result<Vec<u8>>;
    /// Removing a key that is not there is not an error.
    async fn delete(&self, key: &str) -> io::Result<()>;
}

/// Refuses a key that could name something other than one file of the store: keys are generated
/// by `Files` (a random name and an extension), but a store does not take that on trust. Only
/// ASCII letters, digits, `-` and `.`, not starting with `.`: no folder separator, no `..`, nothing
/// hidden, nothing an object store would read as a path.
pub(crate) fn check_key(key: &str) -> io::Result<()> {
    let safe = !key.is_empty() && key.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '.');
    if !safe || key.starts_with('.') {
        return Err(io::Error::new(io::ErrorKind::InvalidInput, "unsafe file key"));
    }
    Ok(())
}

/// Files in a local folder, spread over 256 sub-folders by the key's first two characters.
#[derive(Debug, Clone)]
pub struct LocalDirStore {
    root: PathBuf,
}

impl LocalDirStore {
    pub fn new(root: impl Into<PathBuf>) -> Self {
        Self { root: root.into() }
    }

    fn path_of(&self, key: &str) -> io::Result<PathBuf> {
        check_key(key)?;
        let shard = key.get(..2).unwrap_or("00");
        Ok(self.root.join(shard).join(key))
    }
}

#[async_trait]
impl FileStore for LocalDirStore {
    async fn put(&self, key: &str, bytes: &[u8]) -> io::Result<()> {
        let path = self.path_of(key)?;
        let folder = path.parent().unwrap_or(Path::new("."));
        tokio::fs::create_dir_all(folder).await?;
        // Written beside the target and renamed into place: a reader never sees half a file.
        let partial = path.with_extension("partial");
        tokio::fs::write(&partial, bytes).await?;
        let file = tokio::fs::File::open(&partial).await?;
        file.sync_all().await?;
        tokio::fs::rename(&partial, &path).await
    }

    async fn get(&self, key: &str) -> io::Result<Vec<u8>> {
        tokio::fs::read(self.path_of(key)?).await
    }

    async fn delete(&self, key: &str) -> io::Result<()> {
        match tokio::fs::remove_file(self.path_of(key)?).await {
            Err(err) if err.kind() == io::ErrorKind::NotFound => Ok(()),
            other => other,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn stores_reads_and_deletes() {
        let root = std::env::temp_dir().join(format!("timekeep-store-{}", uuid::Uuid::new_v4()));
        let store = LocalDirStore::new(&root);
        store.put("ab12.png", b"bytes").await.unwrap();
        assert_eq!(store.get("ab12.png").await.unwrap(), b"bytes");
        store.delete("ab12.png").await.unwrap();
        assert!(store.get("ab12.png").await.is_err());
        store.delete("ab12.png").await.unwrap();
        let _ = tokio::fs::remove_dir_all(root).await;
    }

    #[tokio::test]
    async fn refuses_keys_that_could_leave_the_folder() {
        let store = LocalDirStore::new(std::env::temp_dir());
        for key in ["../etc/passwd", "a/b", "", ".hidden", "a\\b"] {
            assert!(store.put(key, b"x").await.is_err(), "{key}");
        }
    }
}
