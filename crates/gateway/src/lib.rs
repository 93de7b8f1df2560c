//! The Timekeep HTTP gateway: composes the domain crates behind actix-web.
//!
//! `routes/` holds the endpoints of spec 000 §7 under `/server/v1`; `extractors` the session and
//! role guards; `error` the one table of error codes; `web` the built browser app.

pub mod config;
pub mod db;
pub mod error;
pub mod extractors;
pub mod forms;
pub mod jobs;
pub mod middleware;
pub mod openapi;
pub mod routes;
pub mod state;
pub mod web;

use crate::error::{ApiError, ErrorCode};
use actix_web::body::MessageBody;
use actix_web::dev::{ServiceFactory, ServiceRequest, ServiceResponse};
use actix_web::error::JsonPayloadError;
use actix_web::{web as aweb, App, HttpResponse};
use state::AppState;
use std::path::PathBuf;

/// The server's allocator. Every request allocates (JSON, SQL text, rows) on whichever of the
/// workers and database threads runs it; measured on the clock benchmark, glibc's allocator spent
/// about a sixth of the CPU in its own locks and consolidation, mimalloc's thread-local heaps do not.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// The base path of the API.
pub const API_BASE: &str = "/server/v1";

/// JSON bodies of the API are small forms.
const JSON_LIMIT: usize = 256 * 1024;

/// The whole application, as served and as tested.
pub fn build_app(
    state: aweb::Data<AppState>,
    web_dir: Option<PathBuf>,
) -> App<
    impl ServiceFactory<
        ServiceRequest,
        Config = (),
        Response = ServiceResponse<impl MessageBody>,
        Error = actix_web::Error,
        InitError = (),
    >,
> {
    let app = App::new()
        .app_data(state)
        .app_data(aweb::JsonConfig::default().limit(JSON_LIMIT).error_handler(|err, _| match err {
            JsonPayloadError::Overflow { .. } | JsonPayloadError::OverflowKnownLength { .. } => {
                ApiError::new(ErrorCode::PayloadTooLarge, "The request is too large.").into()
            }
            JsonPayloadError::ContentType => {
                error::bad_request("The request body must be JSON (Content-Type: application/json).")
            }
            other => error::bad_request(format!("The request body is not valid JSON: {other}")),
        }))
        .app_data(
            aweb::QueryConfig::default().error_handler(|err, _| error::bad_request(format!("Invalid query: {err}"))),
        )
        .app_data(aweb::PathConfig::default().error_handler(|_, _| ApiError::not_found().into()))
        .wrap(actix_web::middleware::from_fn(extractors::authenticate))
        .wrap(actix_web::middleware::Compress::default())
        .wrap(actix_web::middleware::from_fn(middleware::request_context))
        .route("/healthz", aweb::get().to(routes::health::healthz))
        .route("/readyz", aweb::get().to(routes::health::readyz))
        .service(
            aweb::scope(API_BASE)
                .configure(routes::configure)
                .default_service(aweb::to(|| async { Err::<HttpResponse, _>(ApiError::not_found()) })),
        );
    match web_dir {
        Some(dir) => app.configure(web::configure(dir)),
        None => app.configure(|_| {}),
    }
}
