//! The OpenAPI description of every endpoint, served at `/server/v1/openapi.json`: built from the
//! route tables (`routes::TABLES`), so every registered route is in it with the description its
//! handler carries, and nothing else is.

use crate::error::ErrorBody;
use crate::routes::{health, MessageResponse};
use utoipa::openapi::security::{Http, HttpAuthScheme, SecurityScheme};
use utoipa::{Modify, OpenApi};

#[derive(OpenApi)]
#[openapi(
    info(title = "Timekeep API", description = "Time clock, time off and HR for small companies. Errors share one body (`ErrorBody`); a token past half its life is replaced by the one in the `X-Refreshed-Token` response header."),
    components(schemas(ErrorBody, MessageResponse, accounts::Identity)),
    modifiers(&BearerAuth),
)]
pub struct ApiDoc;

struct BearerAuth;

impl Modify for BearerAuth {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme("bearer", SecurityScheme::Http(Http::new(HttpAuthScheme::Bearer)));
        // A shared kiosk's device credential (issue 40): `Authorization: Kiosk <secret>`.
        components.add_security_scheme(
            "kiosk",
            SecurityScheme::ApiKey(utoipa::openapi::security::ApiKey::Header(
                utoipa::openapi::security::ApiKeyValue::with_description(
                    "Authorization",
                    "`Kiosk <secret>`: the credential shown once when an admin registers the kiosk",
                ),
            )),
        );
        // A company API key (issue 43): `Authorization: Bearer tk_…`. An operation that accepts
        // one lists `api_key` with the scope it needs; every other operation answers a key 403.
        components.add_security_scheme(
            "api_key",
            SecurityScheme::Http(
                utoipa::openapi::security::HttpBuilder::new()
                    .scheme(HttpAuthScheme::Bearer)
                    .description(Some(
                        "A company API key (`tk_…`), created by an admin and shown once. It acts as that admin, \
                         only on operations that list `api_key` with one of its scopes, and is throttled per key \
                         (429 with `Retry-After`).",
                    ))
                    .build(),
            ),
        );
    }
}

/// Every route's operations, and every schema they use under its name (a name may come twice).
fn operations_and_schemas() -> (utoipa::openapi::path::Paths, crate::routes::Schemas) {
    let mut schemas = Vec::new();
    let mut paths = utoipa::openapi::path::PathsBuilder::new();
    for (_, add) in crate::routes::TABLES {
        paths = add(paths, &mut schemas);
    }
    <health::__path_healthz as utoipa::__dev::SchemaReferences>::schemas(&mut schemas);
    paths = paths.path_from::<health::__path_healthz>();
    paths = paths.path_from::<health::__path_readyz>();
    (paths.build(), schemas)
}

/// Names that two different schemas share. A document keeps one schema a name, so one of them
/// would describe the other's routes (the PTO decision once showed the timesheet's `reqId`).
pub fn schema_name_clashes() -> Vec<String> {
    let (_, schemas) = operations_and_schemas();
    let mut seen: std::collections::BTreeMap<String, String> = std::collections::BTreeMap::new();
    let mut clashes = std::collections::BTreeSet::new();
    for (name, schema) in schemas {
        let text = serde_json::to_string(&schema).unwrap_or_default();
        match seen.get(&name) {
            Some(earlier) if *earlier != text => {
                clashes.insert(name);
            }
            Some(_) => {}
            None => {
                seen.insert(name, text);
            }
        }
    }
    clashes.into_iter().collect()
}

/// The whole document: the shared parts of [`ApiDoc`], then every route table's operations and
/// the schemas they use.
pub fn document() -> utoipa::openapi::OpenApi {
    let mut doc = ApiDoc::openapi();
    let (paths, schemas) = operations_and_schemas();
    doc.paths.paths.extend(paths.paths);
    let components = doc.components.get_or_insert_with(Default::default);
    for (name, schema) in schemas {
        components.schemas.entry(name).or_insert(schema);
    }
    doc
}
