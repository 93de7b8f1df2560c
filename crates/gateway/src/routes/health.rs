//! Probes for a load balancer or an orchestrator (issue 25):
//! - `GET /healthz`, liveness: the process is up and its database answers.
//! - `GET /readyz`, readiness: the database answers **and** its schema is this build's (every
//!   migration applied). An instance of a newer build started against an older schema (another
//!   instance still migrating) stays out of rotation until the schema has caught up, instead of
//!   answering requests with queries its tables cannot yet serve.
//!
//! Each answers within [`PROBE_TIMEOUT`]: a database that has gone away makes the pool wait for
//! a connection far longer than a balancer waits for its probe, so the probe says so itself.

use crate::state::AppState;
use actix_web::{web, HttpResponse};
use serde::Serialize;
use utoipa::ToSchema;

#[derive(Debug, Serialize, ToSchema)]
pub struct Health {
    pub status: &'static str,
}

/// How long a probe waits for the database.
pub const PROBE_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(3);

fn unavailable(status: &'static str) -> HttpResponse {
    HttpResponse::ServiceUnavailable().json(Health { status })
}

#[utoipa::path(
    get, path = "/healthz", tag = "operations",
    responses((status = 200, body = Health), (status = 503, body = Health))
)]
pub async fn healthz(state: web::Data<AppState>) -> HttpResponse {
    match tokio::time::timeout(PROBE_TIMEOUT, state.db.ping()).await {
        Ok(Ok(())) => HttpResponse::Ok().json(Health { status: "ok" }),
        Ok(Err(err)) => {
            tracing::error!(error = %err, "health check: database unreachable");
            unavailable("database unreachable")
        }
        Err(_) => {
            tracing::error!("health check: the database did not answer in time");
            unavailable("database unreachable")
        }
    }
}

#[utoipa::path(
    get, path = "/readyz", tag = "operations",
    responses((status = 200, body = Health), (status = 503, body = Health))
)]
pub async fn readyz(state: web::Data<AppState>) -> HttpResponse {
    match tokio::time::timeout(PROBE_TIMEOUT, crate::db::pending_migrations(&state.db)).await {
        Ok(Ok(0)) => HttpResponse::Ok().json(Health { status: "ready" }),
        Ok(Ok(pending)) => {
            tracing::warn!(pending, "readiness: migrations not applied yet");
            unavailable("migrations pending")
        }
        Ok(Err(err)) => {
            tracing::error!(error = %err, "readiness: database unreachable");
            unavailable("database unreachable")
        }
        Err(_) => {
            tracing::error!("readiness: the database did not answer in time");
            unavailable("database unreachable")
        }
    }
}
