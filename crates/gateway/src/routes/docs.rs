//! `GET /openapi.json`: this API's description, built from the route tables (see `openapi`).

use actix_web::HttpResponse;

crate::routes::route_table! {
    get "/openapi.json" => openapi_json,
}

/// The OpenAPI document of every route the server registers.
#[utoipa::path(get, path = "/server/v1/openapi.json", tag = "operations",
    responses((status = 200, description = "The OpenAPI 3.1 document", content_type = "application/json")))]
pub async fn openapi_json() -> HttpResponse {
    HttpResponse::Ok().json(crate::openapi::document())
}
