//! The HTTP routes, one module per area of spec 000 §7. Handlers stay thin: parse the request
//! into a command, call one service, map the result.

pub mod account;
pub mod agencyzoom;
pub mod api_keys;
pub mod approvals;
pub mod audit;
pub mod auth;
pub mod calendar;
pub mod celebrations;
pub mod clock;
pub mod company;
pub mod contacts;
pub mod docs;
pub mod files;
pub mod folder;
pub mod health;
pub mod holidays;
pub mod kiosk;
pub mod licensing;
pub mod locations;
pub mod manage;
pub mod my_hr;
pub mod myaccount;
pub mod overview;
pub mod policy;
pub mod profile;
pub mod pto_manage;
pub mod reports;
pub mod settings;
pub mod sso;
pub mod system;
pub mod system_customers;
pub mod system_people;
pub mod system_promotions;
pub mod time_off;
pub mod timesheet;
pub mod two_factor;
pub mod webhooks;

use serde::Serialize;
use utoipa::openapi::path::PathsBuilder;
use utoipa::openapi::schema::Schema;
use utoipa::openapi::RefOr;
use utoipa::ToSchema;

/// A route the gateway registers: its method and its path under the API's base.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Route {
    pub method: &'static str,
    pub path: &'static str,
}

/// The schemas the documented operations use, collected as their paths are added.
pub type Schemas = Vec<(String, RefOr<Schema>)>;

/// A module's route table: each line is registered by the module's `configure`, listed in its
/// `ROUTES`, and added with its `#[utoipa::path]` description to the OpenAPI document by its
/// `document`, so what is served, what is listed and what is documented are one table.
macro_rules! route_table {
    ($($method:ident $path:literal => $handler:ident,)*) => {
        /// This module's routes, as registered.
        pub const ROUTES: &[$crate::routes::Route] =
            &[$($crate::routes::Route { method: stringify!($method), path: $path }),*];

        pub fn configure(cfg: &mut actix_web::web::ServiceConfig) {
            $(cfg.route($path, actix_web::web::$method().to($handler));)*
        }

        /// Adds this module's operations (and the schemas they use) to the OpenAPI document.
        pub fn document(
            paths: utoipa::openapi::path::PathsBuilder,
            schemas: &mut $crate::routes::Schemas,
        ) -> utoipa::openapi::path::PathsBuilder {
            paste::paste! {
                $(<[<__path_ $handler>] as utoipa::__dev::SchemaReferences>::schemas(schemas);)*
                paths $(.path_from::<[<__path_ $handler>]>())*
            }
        }
    };
}
pub(crate) use route_table;

/// Every module's table under the API's base, in the order they are registered.
type Table = (&'static [Route], fn(PathsBuilder, &mut Schemas) -> PathsBuilder);

pub const TABLES: &[Table] = &[
    (auth::ROUTES, auth::document),
    (account::ROUTES, account::document),
    (two_factor::ROUTES, two_factor::document),
    (sso::ROUTES, sso::document),
    (manage::ROUTES, manage::document),
    (agencyzoom::ROUTES, agencyzoom::document),
    (clock::ROUTES, clock::document),
    (locations::ROUTES, locations::document),
    (kiosk::ROUTES, kiosk::document),
    (approvals::ROUTES, approvals::document),
    (timesheet::ROUTES, timesheet::document),
    (settings::ROUTES, settings::document),
    (pto_manage::ROUTES, pto_manage::document),
    (holidays::ROUTES, holidays::document),
    (time_off::ROUTES, time_off::document),
    (folder::ROUTES, folder::document),
    (licensing::ROUTES, licensing::document),
    (my_hr::ROUTES, my_hr::document),
    (policy::ROUTES, policy::document),
    (contacts::ROUTES, contacts::document),
    (profile::ROUTES, profile::document),
    (company::ROUTES, company::document),
    (files::ROUTES, files::document),
    (overview::ROUTES, overview::document),
    (calendar::ROUTES, calendar::document),
    (celebrations::ROUTES, celebrations::document),
    (reports::ROUTES, reports::document),
    (audit::ROUTES, audit::document),
    (api_keys::ROUTES, api_keys::document),
    (webhooks::ROUTES, webhooks::document),
    (docs::ROUTES, docs::document),
    (myaccount::ROUTES, myaccount::document),
    (system::ROUTES, system::document),
    (system_customers::ROUTES, system_customers::document),
    (system_people::ROUTES, system_people::document),
    (system_promotions::ROUTES, system_promotions::document),
];

/// Registers every table's routes (under the API's base scope).
pub fn configure(cfg: &mut actix_web::web::ServiceConfig) {
    auth::configure(cfg);
    account::configure(cfg);
    two_factor::configure(cfg);
    audit::configure(cfg);
    api_keys::configure(cfg);
    webhooks::configure(cfg);
    sso::configure(cfg);
    manage::configure(cfg);
    agencyzoom::configure(cfg);
    clock::configure(cfg);
    locations::configure(cfg);
    kiosk::configure(cfg);
    approvals::configure(cfg);
    timesheet::configure(cfg);
    settings::configure(cfg);
    pto_manage::configure(cfg);
    holidays::configure(cfg);
    time_off::configure(cfg);
    folder::configure(cfg);
    licensing::configure(cfg);
    my_hr::configure(cfg);
    policy::configure(cfg);
    contacts::configure(cfg);
    profile::configure(cfg);
    company::configure(cfg);
    files::configure(cfg);
    overview::configure(cfg);
    calendar::configure(cfg);
    celebrations::configure(cfg);
    reports::configure(cfg);
    docs::configure(cfg);
    myaccount::configure(cfg);
    system::configure(cfg);
    system_customers::configure(cfg);
    system_people::configure(cfg);
    system_promotions::configure(cfg);
}

/// Every route under the API's base: (method, full path).
pub fn all() -> Vec<(&'static str, String)> {
    TABLES
        .iter()
        .flat_map(|(routes, _)| routes.iter())
        .map(|route| (route.method, format!("{}{}", crate::API_BASE, route.path)))
        .collect()
}

/// A confirmation with a text for the person.
#[derive(Debug, Serialize, ToSchema)]
pub struct MessageResponse {
    pub message: String,
}

impl MessageResponse {
    pub fn new(message: impl Into<String>) -> Self {
        Self { message: message.into() }
    }
}
