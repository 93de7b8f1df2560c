//! Uploaded files in an S3-compatible object store (issue 25): an app whose files go to a bucket
//! of moto's server (`e2e/s3/server.py`), driven through the real routes. What the local folder
//! gives holds there too: who may see what, downloads as attachments typed by their bytes,
//! nothing kept of a refused upload, a replaced avatar's bytes removed, and a closed company's
//! files gone from the bucket while another's stay. The binary takes its store from the
//! settings, and refuses to start on one it cannot use.

use crate::helpers::{
    new_bucket, s3, spawn_app_with_s3, spawn_app_without_billing, unique_email, TestApp, S3_ACCESS_KEY_ID,
    S3_SECRET_ACCESS_KEY, TINY_PNG,
};
use futures_util::TryStreamExt;
use kernel::Role;
use object_store::{ObjectStore, ObjectStoreExt};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use serde_json::json;

/// A small but real PDF.
const PDF: &[u8] = b"%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n";

/// The folder of the bucket the app keeps its files in.
const PREFIX: &str = "timekeep/files";

/// The bucket read with object_store's own client, not through the store under test.
fn bucket_client(bucket: &str) -> object_store::aws::AmazonS3 {
    object_store::aws::AmazonS3Builder::new()
        .with_bucket_name(bucket)
        .with_endpoint(&s3().url)
        .with_allow_http(true)
        .with_access_key_id(S3_ACCESS_KEY_ID)
        .with_secret_access_key(S3_SECRET_ACCESS_KEY)
        .build()
        .unwrap()
}

/// Every object in `bucket`, sorted.
async fn objects_in(bucket: &str) -> Vec<String> {
    let mut keys: Vec<String> =
        bucket_client(bucket).list(None).map_ok(|meta| meta.location.to_string()).try_collect().await.unwrap();
    keys.sort();
    keys
}

/// Where the bucket keeps each of these storage keys.
fn objects_of(keys: &[String]) -> Vec<String> {
    let mut objects: Vec<String> = keys.iter().map(|key| format!("{PREFIX}/{key}")).collect();
    objects.sort();
    objects
}

/// The storage keys of a company's files, from its `stored_files` rows.
async fn stored_keys(app: &TestApp, company: i64) -> Vec<String> {
    use files::entities::stored_files;
    stored_files::Entity::find()
        .filter(stored_files::Column::CompanyId.eq(company))
        .all(&app.db)
        .await
        .unwrap()
        .into_iter()
        .map(|file| file.storage_key)
        .collect()
}

/// A GET of a file: status, media type, `Content-Disposition`, `X-Content-Type-Options`, bytes.
async fn download(app: &TestApp, token: &str, path: &str) -> (u16, String, String, String, Vec<u8>) {
    let mut response = app.client.get(app.url(path)).bearer_auth(token).send().await.unwrap();
    let header = |name: &str| response.headers().get(name).and_then(|v| v.to_str().ok()).unwrap_or_default().to_owned();
    let (media, disposition, sniffing) =
        (header("content-type"), header("content-disposition"), header("x-content-type-options"));
    let bytes = response.body().limit(16 * 1024 * 1024).await.unwrap();
    (response.status().as_u16(), media, disposition, sniffing, bytes.to_vec())
}

#[actix_web::test]
async fn files_live_in_the_bucket_keep_their_checks_and_leave_with_their_company() {
    let bucket = new_bucket().await;
    let app = spawn_app_with_s3(&bucket, Some(PREFIX)).await;
    let admin_email = unique_email("s3-admin");
    let admin = app.admin_of_new_company("Bucket Co", &admin_email).await;
    let company = app.company_of(&admin_email).await.id.0;
    let employee_email = unique_email("s3-employee");
    let employee_id = app.add_person(company, &employee_email, Role::Employee, None).await;
    let employee = app.token_of(&employee_email).await;
    let colleague_email = unique_email("s3-colleague");
    app.add_person(company, &colleague_email, Role::Employee, None).await;
    let colleague = app.token_of(&colleague_email).await;
    // Another company, whose file must outlive Bucket Co's closing.
    let other_email = unique_email("s3-other");
    let other = app.admin_of_new_company("Other Co", &other_email).await;
    let other_company = app.company_of(&other_email).await.id.0;
    let other_logo = app.upload_as(&other, "/server/v1/company/logo", &[], Some(TINY_PNG)).await;
    assert_eq!(other_logo.status, 200, "{:?}", other_logo.body);
    let other_logo = other_logo.body["logo"].as_str().unwrap().to_owned();

    // An avatar and a logo: served to everyone of the company (as attachments typed by their
    // bytes, never sniffed), to nobody else.
    let avatar = app.upload_as(&employee, "/server/v1/profile/update-avatar", &[], Some(TINY_PNG)).await;
    assert_eq!(avatar.status, 200, "{:?}", avatar.body);
    let logo = app.upload_as(&admin, "/server/v1/company/logo", &[], Some(TINY_PNG)).await;
    assert_eq!(logo.status, 200, "{:?}", logo.body);
    for url in [avatar.body["avatar"].as_str().unwrap(), logo.body["logo"].as_str().unwrap()] {
        for token in [&admin, &employee, &colleague] {
            let (status, media, disposition, sniffing, bytes) = download(&app, token, url).await;
            assert_eq!((status, media.as_str(), bytes.as_slice()), (200, "image/png", TINY_PNG), "{url}");
            assert_eq!((disposition.as_str(), sniffing.as_str()), ("attachment", "nosniff"));
        }
        assert_eq!(download(&app, &other, url).await.0, 404, "another company's file is not found");
    }

    // A new avatar replaces the old one, whose bytes leave the bucket.
    let before = objects_in(&bucket).await;
    let replaced = app.upload_as(&employee, "/server/v1/profile/update-avatar", &[], Some(TINY_PNG)).await;
    assert_eq!(replaced.status, 200, "{:?}", replaced.body);
    assert_eq!(objects_in(&bucket).await.len(), before.len());
    assert_eq!(download(&app, &admin, avatar.body["avatar"].as_str().unwrap()).await.0, 404);
    let avatar_url = replaced.body["avatar"].as_str().unwrap().to_owned();
    assert_eq!(download(&app, &colleague, &avatar_url).await.0, 200);

    // An HR document: refused by its bytes (nothing reaches the bucket), else typed by them;
    // downloaded by the employee and the admin as an attachment, by neither a colleague nor
    // `/files`.
    let doc_type =
        app.post_as(&admin, "/server/v1/settings/update-doc-type", json!({"name": "W-4", "onboardingDoc": 1})).await;
    assert_eq!(doc_type.status, 200, "{:?}", doc_type.body);
    let (employee_id, doc_type) = (employee_id.to_string(), doc_type.body["id"].to_string());
    let fields = [("employeeId", employee_id.as_str()), ("docName", "W-4 2026"), ("docTypeId", doc_type.as_str())];
    let before = objects_in(&bucket).await;
    let html = b"<html><script>alert(1)</script></html>";
    let lying = app.upload_named_as(&admin, "/server/v1/manage/add-doc", &fields, "file", "w4.pdf", html).await;
    assert_eq!(lying.status, 400, "{:?}", lying.body);
    assert_eq!(objects_in(&bucket).await, before, "a refused upload leaves nothing in the bucket");
    let added = app.upload_named_as(&admin, "/server/v1/manage/add-doc", &fields, "file", "scan.png", PDF).await;
    assert_eq!(added.status, 200, "{:?}", added.body);
    assert_eq!(
        (added.body["docFileName"].as_str(), added.body["docMediaType"].as_str()),
        (Some("scan.png.pdf"), Some("application/pdf"))
    );
    let doc = added.body["id"].as_i64().unwrap();
    for token in [&employee, &admin] {
        let (status, media, disposition, bytes) =
            app.post_for_file_as(token, "/server/v1/doc/view", json!({"id": doc})).await;
        assert_eq!((status, media.as_str(), bytes.as_slice()), (200, "application/pdf", PDF));
        assert!(disposition.starts_with("attachment;") && disposition.contains("scan.png.pdf"), "{disposition}");
    }
    assert_eq!(app.post_for_file_as(&colleague, "/server/v1/doc/view", json!({"id": doc})).await.0, 404);
    let file_id = hr::entities::hr_documents::Entity::find_by_id(doc).one(&app.db).await.unwrap().unwrap().file_id;
    assert_eq!(download(&app, &employee, &format!("/server/v1/files/{file_id}")).await.0, 404);

    // A policy's attachment: the admin downloads it; an employee it was not sent to does not.
    let kind = app.post_as(&admin, "/server/v1/settings/update-policy-type", json!({"name": "Handbook"})).await;
    let kind = kind.body["id"].to_string();
    let policy_fields =
        [("title", "Dress code"), ("policyTypeId", kind.as_str()), ("content", "<p>Business casual.</p>")];
    let written = app
        .upload_named_as(&admin, "/server/v1/policy/add-policy", &policy_fields, "file", "dress-code.pdf", PDF)
        .await;
    assert_eq!(written.status, 200, "{:?}", written.body);
    let policy = json!({"id": written.body["id"]});
    let (status, media, disposition, bytes) =
        app.post_for_file_as(&admin, "/server/v1/doc/policy", policy.clone()).await;
    assert_eq!((status, media.as_str(), bytes.as_slice()), (200, "application/pdf", PDF));
    assert!(disposition.starts_with("attachment;") && disposition.contains("dress-code.pdf"), "{disposition}");
    assert_eq!(app.post_for_file_as(&employee, "/server/v1/doc/policy", policy).await.0, 404);

    // The bucket holds exactly the files the rows name, under the prefix, with their bytes.
    let ours = stored_keys(&app, company).await;
    let theirs = stored_keys(&app, other_company).await;
    assert_eq!((ours.len(), theirs.len()), (4, 1), "an avatar, a logo, a document, a policy's file; a logo");
    assert_eq!(objects_in(&bucket).await, objects_of(&[ours.clone(), theirs.clone()].concat()));
    let avatar_key = &files::entities::stored_files::Entity::find_by_id(files::id_in_url(&avatar_url).unwrap())
        .one(&app.db)
        .await
        .unwrap()
        .unwrap()
        .storage_key;
    let stored =
        bucket_client(&bucket).get(&object_store::path::Path::from(format!("{PREFIX}/{avatar_key}"))).await.unwrap();
    assert_eq!(stored.bytes().await.unwrap().as_ref(), TINY_PNG);

    // Closing the account removes the company's files from the bucket, and only its files.
    let closed = app.post_as(&admin, "/server/v1/myaccount/cancel", json!({})).await;
    assert_eq!(closed.status, 200, "{:?}", closed.body);
    assert!(stored_keys(&app, company).await.is_empty());
    assert_eq!(objects_in(&bucket).await, objects_of(&theirs));
    let (status, _, _, _, bytes) = download(&app, &other, &other_logo).await;
    assert_eq!((status, bytes.as_slice()), (200, TINY_PNG));
}

/// Runs the binary with `env` (and the test's database) and its output, stopping it if it has
/// not ended within a minute (a `serve` that started after all).
fn run_timekeep(app: &TestApp, args: &[&str], env: &[(&str, &str)]) -> std::process::Output {
    let data = std::env::temp_dir().join(format!("timekeep-s3-run-{}", uuid::Uuid::new_v4().simple()));
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_timekeep"));
    command
        .args(args)
        .env("DATABASE_URL", app.database_url())
        .env("TIMEKEEP_DATA_DIR", &data)
        .env("TIMEKEEP_BIND", "127.0.0.1:0")
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped());
    for name in ["SMTP_URL", "STRIPE_SECRET_KEY", "TIMEKEEP_S3_BUCKET", "TIMEKEEP_S3_ENDPOINT", "TIMEKEEP_S3_REGION"] {
        command.env_remove(name);
    }
    for (name, value) in env {
        command.env(name, value);
    }
    let mut child = command.spawn().unwrap();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    while child.try_wait().unwrap().is_none() {
        if std::time::Instant::now() > deadline {
            child.kill().unwrap();
            panic!("timekeep {args:?} with {env:?} did not end: {:?}", child.wait_with_output().unwrap());
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    let output = child.wait_with_output().unwrap();
    let _ = std::fs::remove_dir_all(&data);
    output
}

#[actix_web::test]
async fn the_binary_uses_the_bucket_it_is_given_and_refuses_one_it_cannot_use() {
    let app = spawn_app_without_billing().await;
    let bucket = new_bucket().await;
    let url = s3().url.clone();
    let keys = [("AWS_ACCESS_KEY_ID", S3_ACCESS_KEY_ID), ("AWS_SECRET_ACCESS_KEY", S3_SECRET_ACCESS_KEY)];
    let refused = |env: &[(&str, &str)], needles: &[&str]| {
        let output = run_timekeep(&app, &["serve"], &[&keys[..], env].concat());
        let said = String::from_utf8_lossy(&output.stderr).into_owned();
        assert!(!output.status.success(), "serve started with {env:?}");
        for needle in needles {
            assert!(said.contains(needle), "{env:?}: {needle:?} not in {said}");
        }
    };
    refused(&[("TIMEKEEP_S3_BUCKET", "Timekeep_Files")], &["TIMEKEEP_S3_BUCKET", "is not an S3 bucket name"]);
    refused(&[("TIMEKEEP_S3_ENDPOINT", &url)], &["need TIMEKEEP_S3_BUCKET"]);
    refused(
        &[("TIMEKEEP_S3_BUCKET", &bucket), ("TIMEKEEP_S3_ENDPOINT", "127.0.0.1:9000")],
        &["TIMEKEEP_S3_ENDPOINT", "http://"],
    );
    refused(
        &[("TIMEKEEP_S3_BUCKET", &bucket), ("TIMEKEEP_S3_ENDPOINT", &url), ("TIMEKEEP_S3_PREFIX", "../up")],
        &["TIMEKEEP_S3_PREFIX"],
    );
    refused(
        &[("TIMEKEEP_S3_BUCKET", &bucket), ("TIMEKEEP_S3_ENDPOINT", &url), ("AWS_ACCESS_KEY_ID", "")],
        &["AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY"],
    );
    // A bucket that is not there: the start's check finds it out.
    let missing = format!("{bucket}-missing");
    refused(
        &[("TIMEKEEP_S3_BUCKET", &missing), ("TIMEKEEP_S3_ENDPOINT", &url)],
        &[&format!("s3://{missing}"), "there is no such bucket"],
    );

    // A bucket that is there, with the keys from AWS's variables: the command runs.
    let settings =
        [("TIMEKEEP_S3_BUCKET", bucket.as_str()), ("TIMEKEEP_S3_ENDPOINT", &url), ("TIMEKEEP_S3_PREFIX", PREFIX)];
    let output = run_timekeep(&app, &["demo", "--with-hr"], &[&keys[..], &settings[..]].concat());
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    assert!(objects_in(&bucket).await.is_empty(), "the start's check leaves nothing behind");
}
