//! Files in an S3 bucket, or in any server speaking S3's API (MinIO, Ceph, Garage, R2, moto in
//! the tests): the store of a Timekeep run on several machines, where every instance must read
//! what another wrote. The local folder ([`crate::LocalDirStore`]) stays the default of one
//! machine.
//!
//! **Why `object_store`.** It is the Apache Arrow project's client, maintained and used in
//! production by DataFusion, Delta Lake and others: request signing (SigV4), retries with
//! backoff, the whole AWS credential chain, and S3-compatible servers (path-style addressing, a
//! custom endpoint, plain HTTP when asked). It runs on the reqwest, rustls and ring that the
//! workspace already has, where the AWS SDK would bring a second HTTP stack of its own.
//!
//! **Consistency.** S3 has given strong read-after-write consistency since December 2020: once a
//! PUT has returned, every GET anywhere sees the new object, and once a DELETE has returned, none
//! does (MinIO promises the same). `Files` relies on less than that: a key is a fresh random
//! name, written once and never overwritten, and its `stored_files` row is inserted only after
//! the PUT returned, so an instance that finds the row finds the bytes (the read-after-write of
//! a new key, which even S3's older model gave). A file is deleted only after its row is gone,
//! so nobody asks for it again. A PUT is all or nothing: S3 stores an object whole or not at all
//! (files here are at most 10 MiB, one request each), like the local store's rename into place.
//!
//! **Credentials** are not Timekeep settings: with [`S3Credentials::FromEnvironment`] they are
//! AWS's standard ones, in AWS's order: `AWS_ACCESS_KEY_ID` and `AWS_SECRET_ACCESS_KEY` (with
//! `AWS_SESSION_TOKEN` for temporary keys); else a web identity (`AWS_WEB_IDENTITY_TOKEN_FILE`
//! and `AWS_ROLE_ARN`, as on EKS); else the container's credentials (ECS task roles, EKS Pod
//! Identity); else the instance's role from the metadata service (EC2). Only those variables
//! are read, so the bucket, endpoint and region are what Timekeep's settings say and never an
//! `AWS_ENDPOINT` left in the environment for another program.
//!
//! A missing object is [`io::ErrorKind::NotFound`], as a missing file of the local folder is,
//! so callers behave the same with either store.

use crate::store::{check_key, FileStore};
use async_trait::async_trait;
use object_store::aws::{AmazonS3Builder, AmazonS3ConfigKey};
use object_store::path::Path;
use object_store::prefix::PrefixStore;
use object_store::{ClientOptions, ObjectStore, ObjectStoreExt, PutPayload, RetryConfig};
use std::io;
use std::sync::Arc;
use std::time::Duration;

/// Who Timekeep is at the object store.
#[derive(Clone)]
pub enum S3Credentials {
    /// AWS's standard variables and roles (see the module's docs).
    FromEnvironment,
    /// Keys given directly (the tests, which must not depend on the environment).
    Static { access_key_id: String, secret_access_key: String },
}

impl std::fmt::Debug for S3Credentials {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            S3Credentials::FromEnvironment => f.write_str("FromEnvironment"),
            S3Credentials::Static { access_key_id, .. } => write!(f, "Static({access_key_id}, secret hidden)"),
        }
    }
}

/// Where the files go.
#[derive(Debug, Clone)]
pub struct S3Settings {
    pub bucket: String,
    /// The bucket's region; `None`: `AWS_REGION` or `AWS_DEFAULT_REGION` when the credentials come
    /// from the environment, else `us-east-1` (what S3-compatible servers usually expect).
    pub region: Option<String>,
    /// An S3-compatible server (`http://127.0.0.1:9000`); `None`: Amazon S3. With an endpoint the
    /// bucket is addressed by path (`<endpoint>/<bucket>/<key>`), which every such server
    /// understands; without, by host (`<bucket>.s3.<region>.amazonaws.com`), as AWS wants.
    pub endpoint: Option<String>,
    /// A folder inside the bucket (`timekeep/files`), so the bucket can hold other things too.
    pub prefix: Option<String>,
    pub credentials: S3Credentials,
}

/// A setting the store cannot work with, and which one (for the caller to name it as its user
/// knows it, a flag or a variable).
#[derive(Debug, thiserror::Error)]
#[error("{message}")]
pub struct S3SettingsError {
    pub setting: S3Setting,
    message: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum S3Setting {
    Bucket,
    Region,
    Endpoint,
    Prefix,
    Credentials,
}

fn bad(setting: S3Setting, message: String) -> S3SettingsError {
    S3SettingsError { setting, message }
}

/// Variables of AWS's credential chain taken from the environment (the builder's `from_env`
/// would take every `AWS_*`, the endpoint and addressing style included).
const CREDENTIAL_VARIABLES: &[&str] = &[
    "AWS_ACCESS_KEY_ID",
    "AWS_SECRET_ACCESS_KEY",
    "AWS_SESSION_TOKEN",
    "AWS_WEB_IDENTITY_TOKEN_FILE",
    "AWS_ROLE_ARN",
    "AWS_ROLE_SESSION_NAME",
    "AWS_ENDPOINT_URL_STS",
    "AWS_CONTAINER_CREDENTIALS_RELATIVE_URI",
    "AWS_CONTAINER_CREDENTIALS_FULL_URI",
    "AWS_CONTAINER_AUTHORIZATION_TOKEN_FILE",
    "AWS_REGION",
    "AWS_DEFAULT_REGION",
];

/// Files in an S3 bucket, under an optional prefix.
#[derive(Debug, Clone)]
pub struct S3Store {
    store: Arc<dyn ObjectStore>,
    location: String,
}

impl S3Store {
    /// The store for `settings`, checked for form only: [`S3Store::check`] finds out whether the
    /// bucket answers.
    pub fn new(settings: &S3Settings) -> Result<Self, S3SettingsError> {
        let bucket = settings.bucket.trim();
        check_bucket(bucket)?;
        let prefix = settings.prefix.as_deref().map(parse_prefix).transpose()?.flatten();
        let mut builder = AmazonS3Builder::new().with_bucket_name(bucket);
        if let S3Credentials::FromEnvironment = settings.credentials {
            for name in CREDENTIAL_VARIABLES {
                // An empty variable counts as unset, as for Timekeep's own settings.
                let value = std::env::var(name).ok().filter(|value| !value.trim().is_empty());
                if let (Some(value), Ok(key)) = (value, name.to_ascii_lowercase().parse()) {
                    builder = builder.with_config(key, value);
                }
            }
        }
        if let S3Credentials::Static { access_key_id, secret_access_key } = &settings.credentials {
            builder = builder.with_access_key_id(access_key_id).with_secret_access_key(secret_access_key);
        }
        if let Some(region) = settings.region.as_deref().map(str::trim).filter(|region| !region.is_empty()) {
            if !region.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') {
                return Err(bad(S3Setting::Region, format!("{region:?} is not a region name (e.g. eu-west-1)")));
            }
            builder = builder.with_config(AmazonS3ConfigKey::Region, region);
        }
        let endpoint = settings.endpoint.as_deref().map(str::trim).filter(|endpoint| !endpoint.is_empty());
        let mut client =
            ClientOptions::new().with_timeout(Duration::from_secs(30)).with_connect_timeout(Duration::from_secs(5));
        match endpoint {
            Some(endpoint) => {
                let plain = check_endpoint(endpoint)?;
                if plain && !is_loopback(endpoint) {
                    tracing::warn!(%endpoint, "the S3 endpoint is plain http: files cross the network unencrypted");
                }
                client = client.with_allow_http(plain);
                builder = builder.with_endpoint(endpoint).with_virtual_hosted_style_request(false);
            }
            None => builder = builder.with_virtual_hosted_style_request(true),
        }
        // A request is retried a few times over seconds, not the default ten over three minutes:
        // an upload or a download waits on it, and a store that is down should say so soon.
        let retry = RetryConfig { max_retries: 3, retry_timeout: Duration::from_secs(15), ..RetryConfig::default() };
        let s3 = builder
            .with_client_options(client)
            .with_retry(retry)
            .build()
            .map_err(|err| bad(S3Setting::Credentials, format!("the credentials are incomplete: {err}")))?;
        let location = match (&prefix, endpoint) {
            (Some(prefix), Some(endpoint)) => format!("s3://{bucket}/{prefix} at {endpoint}"),
            (Some(prefix), None) => format!("s3://{bucket}/{prefix}"),
            (None, Some(endpoint)) => format!("s3://{bucket} at {endpoint}"),
            (None, None) => format!("s3://{bucket}"),
        };
        let store: Arc<dyn ObjectStore> = match prefix {
            Some(prefix) => Arc::new(PrefixStore::new(s3, prefix)),
            None => Arc::new(s3),
        };
        Ok(Self { store, location })
    }

    /// Where the files go (`s3://bucket/prefix at endpoint`), for the logs.
    pub fn location(&self) -> &str {
        &self.location
    }

    /// Writes, reads back and deletes an object of its own: the bucket answers, and the
    /// credentials may do the three things `Files` does (a check of the bucket alone would pass
    /// with keys that may only list). Each call uses a new key, so instances starting together
    /// do not trip over each other.
    pub async fn check(&self) -> io::Result<()> {
        let key = format!("timekeep-check-{}", uuid::Uuid::new_v4().simple());
        let probe = b"timekeep storage check";
        let fail = |step: &str, err: io::Error| {
            io::Error::new(err.kind(), format!("the object store {} could not {step}: {err}", self.location))
        };
        self.put(&key, probe).await.map_err(|err| match err.kind() {
            io::ErrorKind::NotFound => fail("store a file (there is no such bucket)", err),
            io::ErrorKind::PermissionDenied => fail("store a file (the credentials may not)", err),
            _ => fail("store a file", err),
        })?;
        let read = self.get(&key).await.map_err(|err| fail("read a file back", err))?;
        self.delete(&key).await.map_err(|err| fail("delete a file", err))?;
        if read != probe {
            return Err(io::Error::other(format!(
                "the object store {} returned other bytes than it was given",
                self.location
            )));
        }
        Ok(())
    }
}

#[async_trait]
impl FileStore for S3Store {
    async fn put(&self, key: &str, bytes: &[u8]) -> io::Result<()> {
        let path = path_of(key)?;
        self.store.put(&path, PutPayload::from(bytes.to_vec())).await.map_err(into_io)?;
        Ok(())
    }

    async fn get(&self, key: &str) -> io::Result<Vec<u8>> {
        let path = path_of(key)?;
        let found = self.store.get(&path).await.map_err(into_io)?;
        Ok(found.bytes().await.map_err(into_io)?.to_vec())
    }

    async fn delete(&self, key: &str) -> io::Result<()> {
        let path = path_of(key)?;
        // S3 answers a DELETE of a missing key with success; some compatible servers say 404.
        match self.store.delete(&path).await {
            Ok(()) | Err(object_store::Error::NotFound { .. }) => Ok(()),
            Err(err) => Err(into_io(err)),
        }
    }
}

fn path_of(key: &str) -> io::Result<Path> {
    check_key(key)?;
    Ok(Path::from(key))
}

fn into_io(err: object_store::Error) -> io::Error {
    let kind = match &err {
        object_store::Error::NotFound { .. } => io::ErrorKind::NotFound,
        object_store::Error::PermissionDenied { .. } | object_store::Error::Unauthenticated { .. } => {
            io::ErrorKind::PermissionDenied
        }
        _ => io::ErrorKind::Other,
    };
    io::Error::new(kind, err)
}

/// S3's bucket naming rules (which MinIO and the others share): 3 to 63 lower-case letters,
/// digits, dots and hyphens, starting and ending with a letter or digit.
fn check_bucket(bucket: &str) -> Result<(), S3SettingsError> {
    let allowed = bucket.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '.' || c == '-');
    let ends = |c: Option<char>| c.is_some_and(|c| c.is_ascii_lowercase() || c.is_ascii_digit());
    if !(3..=63).contains(&bucket.len()) || !allowed || !ends(bucket.chars().next()) || !ends(bucket.chars().last()) {
        return Err(bad(
            S3Setting::Bucket,
            format!(
                "{bucket:?} is not an S3 bucket name: 3 to 63 lower-case letters, digits, dots and hyphens, \
                 starting and ending with a letter or digit"
            ),
        ));
    }
    Ok(())
}

/// The prefix as a path inside the bucket (`None` when it is empty): folders of letters, digits,
/// `.`, `_` and `-`, none of them `.` or `..`, with leading and trailing slashes ignored.
fn parse_prefix(prefix: &str) -> Result<Option<Path>, S3SettingsError> {
    let trimmed = prefix.trim().trim_matches('/');
    if trimmed.is_empty() {
        return Ok(None);
    }
    let good = |part: &str| {
        !part.is_empty()
            && part != "."
            && part != ".."
            && part.chars().all(|c| c.is_ascii_alphanumeric() || c == '.' || c == '_' || c == '-')
    };
    if !trimmed.split('/').all(good) {
        return Err(bad(
            S3Setting::Prefix,
            format!("{prefix:?} must be folder names of letters, digits, '.', '_' and '-' separated by '/'"),
        ));
    }
    Path::parse(trimmed).map(Some).map_err(|err| bad(S3Setting::Prefix, format!("{prefix:?} is not usable: {err}")))
}

/// Whether `endpoint` is plain http; refuses anything but an http(s) URL with a host.
fn check_endpoint(endpoint: &str) -> Result<bool, S3SettingsError> {
    let (plain, rest) = match (endpoint.strip_prefix("http://"), endpoint.strip_prefix("https://")) {
        (Some(rest), _) => (true, rest),
        (_, Some(rest)) => (false, rest),
        _ => return Err(bad(S3Setting::Endpoint, format!("{endpoint:?} must start with http:// or https://"))),
    };
    let host = rest.split('/').next().unwrap_or_default();
    if host.is_empty() || endpoint.chars().any(|c| c.is_whitespace() || c == '?' || c == '#') {
        return Err(bad(S3Setting::Endpoint, format!("{endpoint:?} must be a URL such as http://127.0.0.1:9000")));
    }
    Ok(plain)
}

/// Whether the endpoint's host is this machine (where plain http crosses no network).
fn is_loopback(endpoint: &str) -> bool {
    let rest = endpoint.split_once("://").map_or(endpoint, |(_, rest)| rest);
    let authority = rest.split('/').next().unwrap_or_default();
    let host_port = authority.rsplit_once('@').map_or(authority, |(_, host)| host);
    let host = match host_port.strip_prefix('[') {
        Some(bracketed) => bracketed.split(']').next().unwrap_or_default(),
        None => host_port.split(':').next().unwrap_or_default(),
    };
    host.eq_ignore_ascii_case("localhost") || host.parse::<std::net::IpAddr>().is_ok_and(|ip| ip.is_loopback())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings(bucket: &str) -> S3Settings {
        S3Settings {
            bucket: bucket.to_owned(),
            region: None,
            endpoint: Some("http://127.0.0.1:9".to_owned()),
            prefix: None,
            credentials: S3Credentials::Static { access_key_id: "key".into(), secret_access_key: "secret".into() },
        }
    }

    #[test]
    fn bucket_names_follow_s3s_rules() {
        for good in ["abc", "timekeep-files", "files.example.com", "a1-b2"] {
            assert!(S3Store::new(&settings(good)).is_ok(), "{good}");
        }
        for wrong in ["", "ab", "Timekeep", "-files", "files-", "files_here", "a/b", &"a".repeat(64)] {
            assert_eq!(S3Store::new(&settings(wrong)).unwrap_err().setting, S3Setting::Bucket, "{wrong}");
        }
    }

    #[test]
    fn prefixes_are_folders_without_escapes() {
        assert_eq!(parse_prefix("").unwrap(), None);
        assert_eq!(parse_prefix(" / ").unwrap(), None);
        assert_eq!(parse_prefix("/timekeep/files/").unwrap(), Some(Path::from("timekeep/files")));
        assert_eq!(parse_prefix("prod_2026.v1").unwrap(), Some(Path::from("prod_2026.v1")));
        for bad in ["a//b", "../x", "a/./b", "a b", "a\\b", "ü"] {
            assert!(parse_prefix(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn endpoints_are_http_urls() {
        assert!(check_endpoint("http://127.0.0.1:9000").unwrap());
        assert!(!check_endpoint("https://s3.example.com/").unwrap());
        for bad in ["127.0.0.1:9000", "ftp://x", "http://", "http:///x", "http://a b", "https://x?y=1"] {
            assert!(check_endpoint(bad).is_err(), "{bad}");
        }
        let mut with = settings("files");
        with.endpoint = Some("minio:9000".into());
        let err = S3Store::new(&with).unwrap_err();
        assert_eq!(err.setting, S3Setting::Endpoint);
        assert!(err.to_string().contains("http://"), "{err}");
        with.endpoint = Some("http://minio:9000".into());
        with.region = Some("eu west".into());
        let err = S3Store::new(&with).unwrap_err();
        assert_eq!(err.setting, S3Setting::Region);
        assert!(err.to_string().contains("region name"), "{err}");
    }

    #[test]
    fn loopback_endpoints_are_told_apart() {
        for local in ["http://127.0.0.1:9000", "http://localhost:9000/", "http://[::1]:9000", "http://u:p@127.0.0.2"] {
            assert!(is_loopback(local), "{local}");
        }
        for remote in ["http://minio:9000", "http://10.0.0.5", "http://localhost.example.com"] {
            assert!(!is_loopback(remote), "{remote}");
        }
    }

    #[test]
    fn secrets_stay_out_of_debug_output() {
        let mut with = settings("files");
        with.credentials =
            S3Credentials::Static { access_key_id: "AKIDEXAMPLE".into(), secret_access_key: "wJalrXUtnFEMI".into() };
        let shown = format!("{with:?} {:?}", S3Store::new(&with).unwrap());
        assert!(shown.contains("AKIDEXAMPLE") && !shown.contains("wJalrXUtnFEMI"), "{shown}");
    }
}
