//! The built web app: assets in the best precompressed form the browser accepts, a real
//! robots.txt, and the app's page for every other path.

use crate::helpers::spawn_app_with_web;

fn web_dir() -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("timekeep-web-{}", &accounts::tokens::random_token()[..10]));
    std::fs::create_dir_all(dir.join("assets")).unwrap();
    std::fs::write(dir.join("index.html"), "<!doctype html><title>Timekeep</title>").unwrap();
    std::fs::write(dir.join("robots.txt"), "User-agent: *\nDisallow: /\n").unwrap();
    let script = "console.log('timekeep');".repeat(50);
    std::fs::write(dir.join("assets/app-1234.js"), &script).unwrap();
    std::fs::write(dir.join("assets/app-1234.js.br"), b"brotli bytes").unwrap();
    std::fs::write(dir.join("assets/app-1234.js.gz"), b"gzip bytes").unwrap();
    dir
}

#[actix_web::test]
async fn assets_come_precompressed_as_the_browser_accepts() {
    let dir = web_dir();
    let app = spawn_app_with_web(dir.clone()).await;
    let get = |encoding: &'static str| {
        let request = app.client.get(app.url("/assets/app-1234.js")).insert_header(("accept-encoding", encoding));
        async move {
            let mut response = request.send().await.unwrap();
            let header =
                |name: &str| response.headers().get(name).and_then(|v| v.to_str().ok()).unwrap_or_default().to_owned();
            let (encoding, kind, vary) = (header("content-encoding"), header("content-type"), header("vary"));
            // awc would decode gzip itself: read the bytes as they came.
            let body = response.body().await.unwrap();
            (response.status().as_u16(), encoding, kind, vary, body.len())
        }
    };
    let (status, encoding, kind, vary, _) = get("gzip, deflate, br").await;
    assert_eq!((status, encoding.as_str(), vary.as_str()), (200, "br", "accept-encoding"));
    assert!(kind.contains("javascript"), "{kind}");
    let (_, encoding, _, _, _) = get("gzip").await;
    assert_eq!(encoding, "gzip");
    let (_, encoding, _, _, length) = get("identity").await;
    assert_eq!((encoding.as_str(), length), ("", "console.log('timekeep');".len() * 50));
    let (_, encoding, _, _, _) = get("br;q=0, gzip").await;
    assert_eq!(encoding, "gzip");
    let escape = app.client.get(app.url("/assets/..%2Findex.html")).send().await.unwrap().status().as_u16();
    assert!((400..500).contains(&escape), "{escape}");

    let mut robots = app.client.get(app.url("/robots.txt")).send().await.unwrap();
    assert!(robots.headers().get("content-type").unwrap().to_str().unwrap().starts_with("text/plain"));
    assert_eq!(robots.body().await.unwrap(), "User-agent: *\nDisallow: /\n");
    let mut page = app.client.get(app.url("/admin/dashboard")).send().await.unwrap();
    assert!(String::from_utf8_lossy(&page.body().await.unwrap()).contains("<title>Timekeep</title>"));
    std::fs::remove_dir_all(dir).ok();
}
