//! `GET /healthz`: the process is up and its database answers.

use crate::state::AppState;
use actix_web::{web, HttpResponse};
use serde::Serialize;
use utoipa::ToSchema;

#[derive(Debug, Serialize, ToSchema)]
pub struct Health {
    pub status: &'static str,
}

#[utoipa::path(
    get, path = "/healthz", tag = "operations",
    responses((status = 200, body = Health), (status = 503, body = Health))
)]
pub async fn healthz(state: web::Data<AppState>) -> HttpResponse {
    match state.db.ping().await {
        Ok(()) => HttpResponse::Ok().json(Health { status: "ok" }),
        Err(err) => {
            tracing::error!(error = %err, "health check: database unreachable");
            HttpResponse::ServiceUnavailable().json(Health { status: "database unreachable" })
        }
    }
}
