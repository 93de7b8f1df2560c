//! Serving the built web app: hashed assets cached for a year, every other path that is not a
//! file falls back to `index.html` (the app's router takes it from there), never cached.
//!
//! The build writes each asset also compressed at the highest levels (`x.js.br`, brotli 11, and
//! `x.js.gz`, gzip 9); an asset is served in the best form the browser accepts, so nothing is
//! compressed per request (the `Compress` middleware leaves an answer with `Content-Encoding`).

use actix_files::{Files, NamedFile};
use actix_web::dev::{fn_service, ServiceRequest, ServiceResponse};
use actix_web::http::header::{CacheControl, CacheDirective};
use actix_web::middleware::DefaultHeaders;
use actix_web::web;
use std::path::PathBuf;

pub fn configure(web_dir: PathBuf) -> impl FnOnce(&mut web::ServiceConfig) {
    move |cfg| {
        let index = web_dir.join("index.html");
        let assets = web_dir.join("assets");
        cfg.service(
            web::scope("/assets")
                .wrap(DefaultHeaders::new().add(("Cache-Control", "public, max-age=31536000, immutable")))
                .app_data(web::Data::new(AssetDir(assets)))
                .route("/{name}", web::get().to(asset)),
        )
        .service(Files::new("/", web_dir).index_file("index.html").default_handler(fn_service(
            move |req: ServiceRequest| {
                let index = index.clone();
                async move {
                    let (req, _) = req.into_parts();
                    let mut response = NamedFile::open_async(&index).await?.into_response(&req);
                    response.headers_mut().insert(
                        actix_web::http::header::CACHE_CONTROL,
                        CacheControl(vec![CacheDirective::NoCache])
                            .to_string()
                            .parse()
                            .map_err(|_| actix_web::error::ErrorInternalServerError("header"))?,
                    );
                    Ok(ServiceResponse::new(req, response))
                }
            },
        )));
    }
}

struct AssetDir(PathBuf);

/// Whether the `Accept-Encoding` header accepts `coding` (listed, and not with `q=0`).
fn accepts(req: &actix_web::HttpRequest, coding: &str) -> bool {
    req.headers().get_all(actix_web::http::header::ACCEPT_ENCODING).filter_map(|value| value.to_str().ok()).any(
        |value| {
            value.split(',').any(|item| {
                let mut parts = item.split(';').map(str::trim);
                let name = parts.next().unwrap_or_default();
                let refused = parts.any(|param| param.replace(' ', "") == "q=0" || param.replace(' ', "") == "q=0.0");
                (name.eq_ignore_ascii_case(coding) || name == "*") && !refused
            })
        },
    )
}

/// An asset, precompressed when the browser accepts it.
async fn asset(
    req: actix_web::HttpRequest,
    dir: web::Data<AssetDir>,
    name: web::Path<String>,
) -> actix_web::Result<actix_web::HttpResponse> {
    use actix_web::http::header::{ContentEncoding, HeaderValue, VARY};
    let name = name.into_inner();
    // Built file names only: no way out of the folder.
    if name.is_empty() || name.starts_with('.') || !name.chars().all(|c| c.is_ascii_alphanumeric() || "._-".contains(c))
    {
        return Err(actix_web::error::ErrorNotFound("no such asset"));
    }
    let plain = dir.0.join(&name);
    let mime = actix_files::file_extension_to_mime(plain.extension().and_then(|ext| ext.to_str()).unwrap_or_default());
    let compressed = [("br", ContentEncoding::Brotli), ("gzip", ContentEncoding::Gzip)].into_iter().find_map(
        |(coding, encoding)| {
            let suffix = if coding == "br" { "br" } else { "gz" };
            let path = dir.0.join(format!("{name}.{suffix}"));
            (accepts(&req, coding) && path.is_file()).then_some((path, encoding))
        },
    );
    let file = match compressed {
        Some((path, encoding)) => NamedFile::open_async(path).await?.set_content_encoding(encoding),
        None => NamedFile::open_async(&plain).await?,
    };
    let mut response = file.set_content_type(mime).into_response(&req);
    response.headers_mut().insert(VARY, HeaderValue::from_static("accept-encoding"));
    Ok(response)
}
