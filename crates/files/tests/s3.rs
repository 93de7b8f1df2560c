//! The S3 store against a real S3-compatible server: moto's, started from `e2e/s3/server.py`
//! once for this test binary, each test in a bucket of its own.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)]

use files::{FileStore, S3Credentials, S3Settings, S3Store};
use futures_util::TryStreamExt;
use object_store::aws::AmazonS3Builder;
use object_store::ObjectStore;
use std::io::{self, BufRead};
use std::sync::{Mutex, OnceLock};

struct Moto {
    url: String,
    _stdin: Mutex<std::process::ChildStdin>,
    /// Kept so that the process is not forgotten; it ends with its stdin.
    _child: Mutex<std::process::Child>,
}

/// The server of this test binary; it stops when the binary ends and closes its stdin.
fn moto() -> &'static Moto {
    static SHARED: OnceLock<Moto> = OnceLock::new();
    SHARED.get_or_init(|| {
        let script = format!("{}/../../e2e/s3/server.py", env!("CARGO_MANIFEST_DIR"));
        let mut child = std::process::Command::new("python3")
            .arg(&script)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .expect("start e2e/s3/server.py (pip install \"moto[server]==5.2.5\")");
        let mut line = String::new();
        io::BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
        let ready: serde_json::Value = serde_json::from_str(&line)
            .unwrap_or_else(|_| panic!("e2e/s3/server.py said {line:?} (pip install \"moto[server]==5.2.5\")"));
        let stdin = Mutex::new(child.stdin.take().unwrap());
        Moto { url: ready["url"].as_str().unwrap().to_owned(), _stdin: stdin, _child: Mutex::new(child) }
    })
}

const KEY_ID: &str = "timekeep-test";
const SECRET: &str = "timekeep-test-secret";

/// A new empty bucket (moto takes an unsigned `PUT /bucket`; object_store cannot create one).
async fn new_bucket() -> String {
    let bucket = format!("tk-{}", uuid::Uuid::new_v4().simple());
    let created = reqwest::Client::new().put(format!("{}/{bucket}", moto().url)).send().await.unwrap();
    assert!(created.status().is_success(), "create bucket: {}", created.status());
    bucket
}

fn settings(bucket: &str, prefix: Option<&str>) -> S3Settings {
    S3Settings {
        bucket: bucket.to_owned(),
        region: None,
        endpoint: Some(moto().url.clone()),
        prefix: prefix.map(str::to_owned),
        credentials: S3Credentials::Static { access_key_id: KEY_ID.into(), secret_access_key: SECRET.into() },
    }
}

/// Every key in `bucket`, read with object_store's own client rather than the store under test.
async fn keys_in(bucket: &str) -> Vec<String> {
    let raw = AmazonS3Builder::new()
        .with_bucket_name(bucket)
        .with_endpoint(&moto().url)
        .with_allow_http(true)
        .with_access_key_id(KEY_ID)
        .with_secret_access_key(SECRET)
        .build()
        .unwrap();
    let mut keys: Vec<String> = raw.list(None).map_ok(|meta| meta.location.to_string()).try_collect().await.unwrap();
    keys.sort();
    keys
}

#[tokio::test]
async fn stores_reads_and_deletes_in_the_bucket() {
    let bucket = new_bucket().await;
    let store = S3Store::new(&settings(&bucket, None)).unwrap();
    let bytes: Vec<u8> = (0..=255u8).cycle().take(70_000).collect();
    store.put("ab12.png", &bytes).await.unwrap();
    assert_eq!(keys_in(&bucket).await, ["ab12.png"]);
    assert_eq!(store.get("ab12.png").await.unwrap(), bytes);

    store.delete("ab12.png").await.unwrap();
    assert!(keys_in(&bucket).await.is_empty());
    let gone = store.get("ab12.png").await.unwrap_err();
    assert_eq!(gone.kind(), io::ErrorKind::NotFound, "{gone}");
    // Deleting what is not there is not an error (a closure run twice, a discarded file).
    store.delete("ab12.png").await.unwrap();
    store.delete("never-stored.pdf").await.unwrap();
}

#[tokio::test]
async fn a_missing_key_is_not_found_like_a_missing_file() {
    let bucket = new_bucket().await;
    let store = S3Store::new(&settings(&bucket, None)).unwrap();
    let missing = store.get("0123456789abcdef.pdf").await.unwrap_err();
    assert_eq!(missing.kind(), io::ErrorKind::NotFound, "{missing}");
    let local = files::LocalDirStore::new(std::env::temp_dir().join(format!("tk-{}", uuid::Uuid::new_v4())));
    assert_eq!(local.get("0123456789abcdef.pdf").await.unwrap_err().kind(), missing.kind());
}

#[tokio::test]
async fn a_largest_document_goes_up_whole() {
    let bucket = new_bucket().await;
    let store = S3Store::new(&settings(&bucket, None)).unwrap();
    let bytes: Vec<u8> = (0..files::MAX_DOCUMENT_BYTES).map(|i| (i % 251) as u8).collect();
    store.put("big.pdf", &bytes).await.unwrap();
    assert_eq!(store.get("big.pdf").await.unwrap(), bytes);
}

#[tokio::test]
async fn refuses_keys_that_could_name_something_else() {
    let bucket = new_bucket().await;
    let store = S3Store::new(&settings(&bucket, Some("tenant"))).unwrap();
    for key in ["../etc/passwd", "a/b", "", ".hidden", "a\\b", "a b", "ünï.png", "a?b", "%2e%2e"] {
        assert_eq!(store.put(key, b"x").await.unwrap_err().kind(), io::ErrorKind::InvalidInput, "{key:?}");
        assert_eq!(store.get(key).await.unwrap_err().kind(), io::ErrorKind::InvalidInput, "{key:?}");
        assert_eq!(store.delete(key).await.unwrap_err().kind(), io::ErrorKind::InvalidInput, "{key:?}");
    }
    assert!(keys_in(&bucket).await.is_empty());
}

#[tokio::test]
async fn a_prefix_keeps_the_files_in_their_folder() {
    let bucket = new_bucket().await;
    let ours = S3Store::new(&settings(&bucket, Some("/timekeep/files/"))).unwrap();
    let other = S3Store::new(&settings(&bucket, Some("other-app"))).unwrap();
    ours.put("cafe.png", b"ours").await.unwrap();
    other.put("cafe.png", b"theirs").await.unwrap();
    assert_eq!(keys_in(&bucket).await, ["other-app/cafe.png", "timekeep/files/cafe.png"]);
    assert_eq!(ours.get("cafe.png").await.unwrap(), b"ours");
    ours.delete("cafe.png").await.unwrap();
    assert_eq!(keys_in(&bucket).await, ["other-app/cafe.png"]);
    assert!(ours.location().contains(&format!("s3://{bucket}/timekeep/files")), "{}", ours.location());
}

#[tokio::test]
async fn the_start_check_passes_on_a_bucket_and_leaves_nothing() {
    let bucket = new_bucket().await;
    let store = S3Store::new(&settings(&bucket, Some("files"))).unwrap();
    store.check().await.unwrap();
    assert!(keys_in(&bucket).await.is_empty());
}

#[tokio::test]
async fn the_start_check_fails_clearly_without_the_bucket() {
    let store = S3Store::new(&settings("tk-no-such-bucket", None)).unwrap();
    let err = store.check().await.unwrap_err();
    assert!(err.to_string().contains("s3://tk-no-such-bucket"), "{err}");
    assert!(err.to_string().contains("could not store a file (there is no such bucket)"), "{err}");
}

#[tokio::test]
async fn the_start_check_fails_soon_when_nothing_answers() {
    // A port nothing listens on: bound, then released.
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let settings = S3Settings { endpoint: Some(format!("http://127.0.0.1:{port}")), ..settings("tk-files", None) };
    let store = S3Store::new(&settings).unwrap();
    let started = std::time::Instant::now();
    let err = store.check().await.unwrap_err();
    assert!(started.elapsed() < std::time::Duration::from_secs(20), "took {:?}", started.elapsed());
    assert!(err.to_string().contains(&format!("127.0.0.1:{port}")), "{err}");
}
