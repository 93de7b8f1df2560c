//! Serving the built web app: hashed assets cached for a year, every other path that is not a
//! file falls back to `index.html` (the app's router takes it from there), never cached.

use actix_files::{Files, NamedFile};
use actix_web::dev::{fn_service, ServiceRequest, ServiceResponse};
use actix_web::http::header::{CacheControl, CacheDirective};
use actix_web::middleware::DefaultHeaders;
use actix_web::web;
use std::path::PathBuf;

pub fn configure(web_dir: PathBuf) -> impl FnOnce(&mut web::ServiceConfig) {
    move |cfg| {
        let index = web_dir.join("index.html");
        cfg.service(
            web::scope("/assets")
                .wrap(DefaultHeaders::new().add(("Cache-Control", "public, max-age=31536000, immutable")))
                .service(Files::new("", web_dir.join("assets"))),
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
