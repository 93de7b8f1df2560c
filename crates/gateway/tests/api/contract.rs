//! The OpenAPI document is the server's contract: it lists exactly the routes the server
//! registers, each with its method, its parameters where they really are (a query parameter in
//! the query, a path parameter in the path) and a multipart body for every upload.

use crate::helpers::spawn_app;
use serde_json::Value;
use std::collections::BTreeSet;

const METHODS: [&str; 5] = ["get", "post", "put", "patch", "delete"];

/// The routes that take a file (`multipart/form-data` with a binary `file`).
const UPLOADS: [&str; 3] =
    ["/server/v1/manage/user-avatar", "/server/v1/profile/update-avatar", "/server/v1/company/logo"];

fn document() -> Value {
    serde_json::to_value(gateway::openapi::document()).unwrap()
}

fn operations(doc: &Value) -> Vec<(String, String, Value)> {
    doc["paths"]
        .as_object()
        .unwrap()
        .iter()
        .flat_map(|(path, item)| {
            METHODS.iter().filter_map(move |method| {
                item.get(*method).map(|operation| (method.to_string(), path.clone(), operation.clone()))
            })
        })
        .collect()
}

#[test]
fn the_document_lists_exactly_the_registered_routes() {
    let doc = document();
    let documented: BTreeSet<(String, String)> =
        operations(&doc).into_iter().map(|(method, path, _)| (method, path)).collect();
    let mut registered: BTreeSet<(String, String)> =
        gateway::routes::all().into_iter().map(|(method, path)| (method.to_owned(), path)).collect();
    registered.insert(("get".to_owned(), "/healthz".to_owned()));
    registered.insert(("get".to_owned(), "/readyz".to_owned()));
    let undocumented: Vec<_> = registered.difference(&documented).collect();
    let unregistered: Vec<_> = documented.difference(&registered).collect();
    assert!(undocumented.is_empty(), "registered but not documented: {undocumented:?}");
    assert!(unregistered.is_empty(), "documented but not registered: {unregistered:?}");
}

#[test]
fn parameters_are_where_the_server_reads_them() {
    for (method, path, operation) in operations(&document()) {
        let template: BTreeSet<String> = path
            .split('/')
            .filter_map(|part| part.strip_prefix('{').and_then(|part| part.strip_suffix('}')))
            .map(str::to_owned)
            .collect();
        let parameters = operation["parameters"].as_array().cloned().unwrap_or_default();
        let in_path: BTreeSet<String> = parameters
            .iter()
            .filter(|parameter| parameter["in"] == "path")
            .map(|parameter| parameter["name"].as_str().unwrap().to_owned())
            .collect();
        assert_eq!(in_path, template, "{method} {path}: path parameters must be the template's");
        for parameter in &parameters {
            // Headers only where the server reads one (the provider's webhook signature, a
            // press's key, at the clock or a kiosk).
            let header = parameter["in"] == "header"
                && (parameter["name"] == "Stripe-Signature"
                    || (parameter["name"] == "Idempotency-Key"
                        && (path.starts_with("/server/v1/clock/") || path == "/server/v1/kiosk/press")));
            assert!(
                ["path", "query"].contains(&parameter["in"].as_str().unwrap()) || header,
                "{method} {path}: {parameter}"
            );
        }
    }
}

#[test]
fn every_upload_has_a_multipart_body_with_its_file() {
    let doc = document();
    for path in UPLOADS {
        let body = &doc["paths"][path]["post"]["requestBody"]["content"]["multipart/form-data"]["schema"];
        assert!(!body.is_null(), "{path} documents no multipart body");
        let name = body["$ref"].as_str().unwrap().rsplit('/').next().unwrap();
        let schema = &doc["components"]["schemas"][name];
        assert_eq!(schema["properties"]["file"]["format"], "binary", "{path}: {schema}");
    }
}

#[actix_web::test]
async fn the_server_serves_this_document() {
    let app = spawn_app().await;
    let served = app.get("/server/v1/openapi.json").await;
    assert_eq!(served.status, 200);
    assert_eq!(served.body, document());
    // Query parameters are documented as query parameters.
    let list = &served.body["paths"]["/server/v1/manage/employees"]["get"]["parameters"];
    let page = list.as_array().unwrap().iter().find(|parameter| parameter["name"] == "page").unwrap();
    assert_eq!(page["in"], "query");
}

/// One schema a name: a clash made the PTO decision's body read as the timesheet's (`reqId`
/// where the server wants `request`).
#[test]
fn no_two_schemas_share_a_name() {
    assert_eq!(gateway::openapi::schema_name_clashes(), Vec::<String>::new());
}

/// The request bodies say what the server reads: the fields of a few calls that once were
/// described by another call's schema.
#[test]
fn request_bodies_name_the_fields_the_server_reads() {
    let doc = document();
    let properties = |path: &str| -> BTreeSet<String> {
        let body = &doc["paths"][path]["post"]["requestBody"]["content"]["application/json"]["schema"];
        let name = body["$ref"].as_str().unwrap_or_else(|| panic!("{path}: {body}")).rsplit('/').next().unwrap();
        doc["components"]["schemas"][name]["properties"].as_object().unwrap().keys().cloned().collect()
    };
    let fields = |names: &[&str]| names.iter().map(|name| name.to_string()).collect::<BTreeSet<_>>();
    assert_eq!(properties("/server/v1/pto/approve-timeoff"), fields(&["request", "comment", "allSteps"]));
    assert_eq!(properties("/server/v1/pto/reject-timeoff"), fields(&["request", "comment", "allSteps"]));
    assert_eq!(properties("/server/v1/timesheet/edit-request-approve"), fields(&["reqId", "comment", "allSteps"]));
    assert_eq!(properties("/server/v1/timesheet/edit-request-reject"), fields(&["reqId", "comment", "allSteps"]));
}
