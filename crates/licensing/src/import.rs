//! The bulk import of licences from a CSV file: one licence per row, the columns named in the
//! header (any order). Each row is saved in its own transaction — its producer's NPN and resident
//! state when given, then the licence (the same person, state and number: updated) — so a bad row
//! is reported with its line and reason and changes nothing, and the good rows are kept.

use crate::entities::licences;
use crate::model::state_code;
use crate::records::{npn, LicenceCommand, LicenceInput};
use crate::{Licensing, LicensingError};
use kernel::{AdminCtx, FieldErrors, UserId};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use serde::Serialize;
use std::collections::HashMap;

/// The columns, as the header names them.
pub const COLUMNS: [&str; 12] = [
    "email",
    "npn",
    "resident_state",
    "state",
    "licence_number",
    "licence_type",
    "lines",
    "residency",
    "issued_on",
    "status",
    "status_on",
    "expires_on",
];

/// Columns a file must have.
pub const REQUIRED: [&str; 9] =
    ["email", "state", "licence_number", "licence_type", "lines", "residency", "issued_on", "status", "expires_on"];

/// Rows one file may hold.
pub const MAX_ROWS: usize = 5_000;

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct LicenceImportError {
    /// The file's line (the header is line 1).
    pub line: u64,
    pub message: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct LicenceImportOutcome {
    pub imported: u64,
    pub updated: u64,
    pub errors: Vec<LicenceImportError>,
}

/// The input's field names, and the column each comes from, for messages.
const FIELD_COLUMNS: [(&str, &str); 11] = [
    ("employeeId", "email"),
    ("npn", "npn"),
    ("residentState", "resident_state"),
    ("state", "state"),
    ("number", "licence_number"),
    ("licenceType", "licence_type"),
    ("lines", "lines"),
    ("residency", "residency"),
    ("issuedOn", "issued_on"),
    ("status", "status"),
    ("expiresOn", "expires_on"),
];

fn row_message(errors: &FieldErrors) -> String {
    let mut parts = Vec::new();
    for (field, column) in FIELD_COLUMNS.iter().chain([("statusOn", "status_on")].iter()) {
        for message in errors.messages(field) {
            parts.push(format!("{column}: {message}"));
        }
    }
    if parts.is_empty() {
        parts.push(errors.first_message().unwrap_or("The row could not be read.").to_owned());
    }
    parts.join(" ")
}

impl Licensing {
    /// Imports a CSV of licences (see the module docs).
    pub async fn import_licences(&self, ctx: &AdminCtx, bytes: &[u8]) -> Result<LicenceImportOutcome, LicensingError> {
        let refuse = |message: String| LicensingError::field("file", message);
        let text = std::str::from_utf8(bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes))
            .map_err(|_| refuse("The file is not UTF-8 text: save it as CSV (UTF-8).".to_owned()))?;
        let mut reader = csv::ReaderBuilder::new().flexible(true).trim(csv::Trim::All).from_reader(text.as_bytes());
        let header: Vec<String> = reader
            .headers()
            .map_err(|_| refuse("The file's first line must name the columns.".to_owned()))?
            .iter()
            .map(|name| name.trim().to_ascii_lowercase())
            .collect();
        let unknown: Vec<&String> = header.iter().filter(|name| !COLUMNS.contains(&name.as_str())).collect();
        let missing: Vec<&str> = REQUIRED.into_iter().filter(|name| !header.iter().any(|one| one == name)).collect();
        if !missing.is_empty() || !unknown.is_empty() {
            let mut message = String::new();
            if !missing.is_empty() {
                message.push_str(&format!("Missing columns: {}.", missing.join(", ")));
            }
            if !unknown.is_empty() {
                let names: Vec<&str> = unknown.iter().map(|name| name.as_str()).collect();
                message.push_str(&format!(
                    "{}Unknown columns: {}.",
                    if message.is_empty() { "" } else { " " },
                    names.join(", ")
                ));
            }
            message.push_str(&format!(" The columns are: {}.", COLUMNS.join(", ")));
            return Err(refuse(message));
        }
        let people: HashMap<String, UserId> =
            accounts::people::read::people(&self.db, ctx, &accounts::people::read::PeopleFilter::default())
                .await?
                .into_iter()
                .map(|person| (person.email.to_ascii_lowercase(), person.id))
                .collect();
        let mut outcome = LicenceImportOutcome { imported: 0, updated: 0, errors: Vec::new() };
        // Read whole before anything is saved: a file over the limit changes nothing.
        let records: Vec<_> = reader.records().take(MAX_ROWS + 1).collect();
        if records.len() > MAX_ROWS {
            return Err(refuse(format!("A file may hold at most {MAX_ROWS} licences; split it.")));
        }
        for (index, record) in records.into_iter().enumerate() {
            let line = record
                .as_ref()
                .ok()
                .and_then(|record| record.position())
                .map(|at| at.line())
                .unwrap_or(index as u64 + 2);
            let record = match record {
                Ok(record) => record,
                Err(err) => {
                    outcome
                        .errors
                        .push(LicenceImportError { line, message: format!("The row could not be read: {err}.") });
                    continue;
                }
            };
            if record.iter().all(|cell| cell.trim().is_empty()) {
                continue;
            }
            let cell = |name: &str| -> Option<String> {
                header
                    .iter()
                    .position(|one| one == name)
                    .and_then(|at| record.get(at))
                    .map(str::trim)
                    .filter(|text| !text.is_empty())
                    .map(str::to_owned)
            };
            match self.import_row(ctx, &people, &cell).await {
                Ok(true) => outcome.updated += 1,
                Ok(false) => outcome.imported += 1,
                Err(LicensingError::Validation(errors)) => {
                    outcome.errors.push(LicenceImportError { line, message: row_message(&errors) })
                }
                Err(err) => return Err(err),
            }
        }
        Ok(outcome)
    }

    /// One row, in its own transaction; whether it updated a licence already there.
    async fn import_row(
        &self,
        ctx: &AdminCtx,
        people: &HashMap<String, UserId>,
        cell: &dyn Fn(&str) -> Option<String>,
    ) -> Result<bool, LicensingError> {
        let mut errors = FieldErrors::new();
        let employee = match cell("email") {
            Some(email) => match people.get(&email.to_ascii_lowercase()) {
                Some(id) => Some(*id),
                None => {
                    errors.add("employeeId", format!("No one in the company has the e-mail \"{email}\"."));
                    None
                }
            },
            None => {
                errors.add("employeeId", "Give the producer's e-mail.");
                None
            }
        };
        if let Some(state) = cell("state").filter(|state| state_code(state).is_none()) {
            errors.add("state", format!("Unknown state code \"{state}\"."));
        }
        let producer = match (cell("npn"), cell("resident_state")) {
            (None, None) => None,
            (npn_text, resident) => {
                let npn = npn(&mut errors, npn_text.as_deref());
                let resident = resident.as_deref().and_then(state_code);
                if resident.is_none() {
                    errors.add("residentState", crate::model::MSG_STATE);
                }
                resident.map(|resident| (npn, resident))
            }
        };
        let input = LicenceInput {
            id: None,
            employee_id: employee.map(|id| id.0).or(Some(0)),
            state: cell("state"),
            number: cell("licence_number"),
            licence_type: cell("licence_type"),
            lines: cell("lines").map(|lines| lines.split([';', '|']).map(str::to_owned).collect()),
            residency: cell("residency"),
            issued_on: cell("issued_on"),
            status: cell("status"),
            status_on: cell("status_on"),
            expires_on: cell("expires_on"),
        };
        let command = match LicenceCommand::parse(&input) {
            Ok(command) if errors.is_empty() => command,
            Ok(_) => return Err(LicensingError::Validation(errors)),
            Err(more) => {
                // An unknown state code is already said with the code; the rest is added.
                let state_said = errors.has("state");
                for (field, _) in FIELD_COLUMNS.iter().chain([("statusOn", "status_on")].iter()) {
                    if *field == "state" && state_said {
                        continue;
                    }
                    for message in more.messages(field) {
                        errors.add(field, message.clone());
                    }
                }
                return Err(LicensingError::Validation(errors));
            }
        };
        let _permit = self.gate.enter().await;
        let txn = kernel::begin_write(&self.db).await?;
        if let Some((npn, resident)) = &producer {
            self.put_producer(&*txn, ctx, command.employee, npn, resident).await?;
        }
        let existing = licences::Entity::find()
            .filter(kernel::tenancy::same_company::<licences::Entity>(ctx.company()))
            .filter(licences::Column::EmployeeId.eq(command.employee.0))
            .filter(licences::Column::State.eq(command.state))
            .filter(licences::Column::Number.eq(command.number.as_str()))
            .one(&*txn)
            .await?
            .map(|licence| licence.id);
        self.put_licence(&*txn, ctx, existing, &command).await?;
        txn.commit().await?;
        Ok(existing.is_some())
    }
}
