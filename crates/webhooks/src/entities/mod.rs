//! sea-orm entities of the webhook tables (the schema lives in the `migrations` crate).

pub mod webhook_deliveries;
pub mod webhook_endpoints;
