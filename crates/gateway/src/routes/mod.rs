//! The HTTP routes, one module per area of spec 000 §7. Handlers stay thin: parse the request
//! into a command, call one service, map the result.

pub mod account;
pub mod auth;
pub mod clock;
pub mod company;
pub mod contacts;
pub mod files;
pub mod health;
pub mod manage;
pub mod overview;
pub mod profile;
pub mod settings;
pub mod timesheet;

use serde::Serialize;
use utoipa::ToSchema;

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
