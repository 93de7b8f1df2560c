//! The compliance page (every producer × state the caller reaches, with a status), "who may sell
//! this line in this state on this day", and the page as CSV or XLSX.
//!
//! Everything is read in a few queries per page (the people, their licences, requirements,
//! credits, appointments, producers) and computed in memory by the one rule of
//! [`crate::standing`], so the page, the folder and the reminders agree.

use crate::model::{lines_from_text, state_code, Compliance, Line, MSG_STATE};
use crate::records::{date, today, Credits, Detail, Loaded};
use crate::standing::Appointments;
use crate::{Licensing, LicensingError};
use chrono::NaiveDate;
use kernel::{FieldErrors, LicenceId, ManagerCtx, UserId};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashMap};

/// One producer × state.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ComplianceRow {
    #[cfg_attr(feature = "openapi", schema(value_type = i64))]
    pub employee_id: UserId,
    pub name: String,
    pub npn: Option<String>,
    pub state: String,
    #[cfg_attr(feature = "openapi", schema(value_type = i64))]
    pub licence_id: LicenceId,
    pub number: String,
    pub lines: Vec<Line>,
    pub expires_on: NaiveDate,
    /// The first unmet CE requirement's due date.
    pub ce_due_on: Option<NaiveDate>,
    pub status: Compliance,
    pub reason: String,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct CompliancePage {
    /// This page's rows ([`COMPLIANCE_PAGE_SIZE`] at most).
    pub rows: Vec<ComplianceRow>,
    /// Rows matching the filters, on every page.
    pub total: u64,
    /// From 1.
    pub page: u64,
    pub page_size: u64,
    /// Rows per status, before the status filter.
    pub counts: BTreeMap<String, u64>,
    pub today: NaiveDate,
}

/// The page's filters (query parameters).
#[derive(Debug, Clone, Default, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::IntoParams))]
#[cfg_attr(feature = "openapi", into_params(parameter_in = Query))]
#[serde(rename_all = "camelCase", default)]
pub struct ComplianceQuery {
    /// A state's postal code.
    pub state: Option<String>,
    /// `active`, `due_soon`, `ce_deficient`, `expired` or `not_appointed`.
    pub status: Option<String>,
    /// A line of authority's code.
    pub line: Option<String>,
    /// Part of a name or an NPN.
    pub q: Option<String>,
    /// From 1 (the export ignores it).
    pub page: Option<u64>,
}

/// Rows per page of the compliance page: a screen's worth; the export has them all.
pub const COMPLIANCE_PAGE_SIZE: u64 = 100;

#[derive(Debug, Clone, Default)]
pub struct ComplianceFilter {
    pub state: Option<&'static str>,
    pub status: Option<Compliance>,
    pub line: Option<Line>,
    pub text: Option<String>,
    pub page: u64,
}

impl ComplianceFilter {
    pub fn parse(query: &ComplianceQuery) -> Result<Self, FieldErrors> {
        let mut errors = FieldErrors::new();
        let given =
            |text: &Option<String>| text.as_deref().map(str::trim).filter(|text| !text.is_empty()).map(str::to_owned);
        let state = given(&query.state).and_then(|text| {
            let code = state_code(&text);
            if code.is_none() {
                errors.add("state", MSG_STATE);
            }
            code
        });
        let status = given(&query.status).and_then(|text| {
            let status = Compliance::from_code(&text);
            if status.is_none() {
                errors.add("status", "Choose active, due_soon, ce_deficient, expired or not_appointed.");
            }
            status
        });
        let line = given(&query.line).and_then(|text| {
            let line = Line::from_code(&text);
            if line.is_none() {
                errors.add("line", "Unknown line of authority.");
            }
            line
        });
        let text = given(&query.q).map(|text| kernel::validation::fold_case(&text));
        let page = kernel::validation::page_into(&mut errors, query.page);
        errors.into_result(ComplianceFilter { state, status, line, text, page })
    }
}

/// `GET /licensing/may-sell`.
#[derive(Debug, Clone, Default, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::IntoParams))]
#[cfg_attr(feature = "openapi", into_params(parameter_in = Query))]
#[serde(rename_all = "camelCase", default)]
pub struct MaySellQuery {
    pub state: Option<String>,
    pub line: Option<String>,
    /// `YYYY-MM-DD`; today when left out.
    pub on: Option<String>,
    /// Only appointments with this carrier count.
    pub carrier: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct Seller {
    #[cfg_attr(feature = "openapi", schema(value_type = i64))]
    pub employee_id: UserId,
    pub name: String,
    pub licence_number: String,
    pub expires_on: NaiveDate,
    pub carriers: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct NotSeller {
    #[cfg_attr(feature = "openapi", schema(value_type = i64))]
    pub employee_id: UserId,
    pub name: String,
    pub reason: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct MaySell {
    pub state: String,
    pub line: Line,
    pub on: NaiveDate,
    pub carrier: Option<String>,
    pub people: Vec<Seller>,
    pub others: Vec<NotSeller>,
}

/// The export's format.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExportFormat {
    Csv,
    Xlsx,
}

impl Licensing {
    async fn people_and_records(
        &self,
        ctx: &ManagerCtx,
    ) -> Result<(HashMap<UserId, accounts::Person>, Loaded), LicensingError> {
        if ctx.reach().is_company() {
            // The whole company: the people and their records read at once.
            return futures_util::try_join!(self.names(ctx), self.load(ctx, None, Credits::Counted));
        }
        let people = self.names(ctx).await?;
        let ids: Vec<UserId> = people.keys().copied().collect();
        let loaded = self.load(ctx, Some(&ids), Credits::Counted).await?;
        Ok((people, loaded))
    }

    /// A page of every producer × state the caller reaches, filtered, by status (worst first)
    /// then name.
    pub async fn compliance(
        &self,
        ctx: &ManagerCtx,
        filter: &ComplianceFilter,
    ) -> Result<CompliancePage, LicensingError> {
        let mut all = self.all_rows(ctx, filter).await?;
        // `page` is at most `MAX_PAGE` (checked when parsed), so the product fits.
        let size = usize::try_from(COMPLIANCE_PAGE_SIZE).unwrap_or(usize::MAX);
        let skip = usize::try_from(filter.page.max(1) - 1).unwrap_or(usize::MAX).saturating_mul(size);
        all.rows = all.rows.into_iter().skip(skip).take(size).collect();
        all.page = filter.page.max(1);
        all.page_size = COMPLIANCE_PAGE_SIZE;
        Ok(all)
    }

    /// Every row of the filters, on one page.
    async fn all_rows(&self, ctx: &ManagerCtx, filter: &ComplianceFilter) -> Result<CompliancePage, LicensingError> {
        let (people, loaded) = self.people_and_records(ctx).await?;
        let today = today(ctx);
        let npns: HashMap<UserId, String> =
            loaded.producers.iter().map(|producer| (producer.employee_id, producer.npn.clone())).collect();
        let views = self.licence_views(ctx, &loaded, today, Detail::StandingOnly).await?;
        let mut counts: BTreeMap<String, u64> =
            Compliance::ALL.iter().map(|status| (status.code().to_owned(), 0)).collect();
        let mut rows = Vec::new();
        for view in views {
            let Some(person) = people.get(&view.employee_id) else { continue };
            if filter.state.is_some_and(|state| state != view.state)
                || filter.line.is_some_and(|line| !view.lines.contains(&line))
            {
                continue;
            }
            let npn = npns.get(&view.employee_id).cloned();
            if let Some(text) = &filter.text {
                let name = kernel::validation::fold_case(&person.full_name());
                if !name.contains(text.as_str()) && npn.as_deref() != Some(text.as_str()) {
                    continue;
                }
            }
            *counts.entry(view.compliance.code().to_owned()).or_default() += 1;
            if filter.status.is_some_and(|status| status != view.compliance) {
                continue;
            }
            let ce_due_on = view.ce_due_on;
            rows.push(ComplianceRow {
                employee_id: view.employee_id,
                name: person.full_name(),
                npn,
                state: view.state,
                licence_id: view.id,
                number: view.number,
                lines: view.lines,
                expires_on: view.expires_on,
                ce_due_on,
                status: view.compliance,
                reason: view.reason,
            });
        }
        rows.sort_by(|a, b| {
            (a.status, &a.name, &a.state, a.licence_id).cmp(&(b.status, &b.name, &b.state, b.licence_id))
        });
        let total = rows.len() as u64;
        Ok(CompliancePage { rows, total, page: 1, page_size: total, counts, today })
    }

    /// Who may sell `line` in `state` on a day: an active licence there, issued by then and not
    /// expired, with that line, and an appointment in force there (with the carrier, if named).
    pub async fn may_sell(&self, ctx: &ManagerCtx, query: &MaySellQuery) -> Result<MaySell, LicensingError> {
        let mut errors = FieldErrors::new();
        let state = crate::records::state(&mut errors, "state", query.state.as_deref());
        let line = query.line.as_deref().and_then(Line::from_code);
        if line.is_none() {
            errors.add("line", "Choose a line of authority.");
        }
        let on = match query.on.as_deref().map(str::trim).filter(|text| !text.is_empty()) {
            Some(text) => date(&mut errors, "on", Some(text)),
            None => Some(today(ctx)),
        };
        let carrier = query.carrier.as_deref().map(str::trim).filter(|text| !text.is_empty()).map(str::to_owned);
        let (Some(state), Some(line), Some(on)) = (state, line, on) else {
            return Err(LicensingError::Validation(errors));
        };
        let (people, loaded) = self.people_and_records(ctx).await?;
        let mut sellers = Vec::new();
        let mut others = Vec::new();
        let mut producers: Vec<UserId> = loaded.licences.iter().map(|licence| licence.employee_id).collect();
        producers.extend(loaded.producers.iter().map(|producer| producer.employee_id));
        producers.sort();
        producers.dedup();
        let mut licences_of: HashMap<UserId, Vec<&crate::entities::licences::Model>> = HashMap::new();
        for licence in loaded.licences.iter().filter(|licence| licence.state == state) {
            licences_of.entry(licence.employee_id).or_default().push(licence);
        }
        let appointments = Appointments::new(&loaded.appointments);
        for person in producers {
            let Some(who) = people.get(&person) else { continue };
            let theirs = licences_of.get(&person).map(Vec::as_slice).unwrap_or_default();
            let valid = theirs.iter().find(|licence| {
                licence.status == crate::model::LicenceStatus::Active
                    && licence.issued_on <= on
                    && licence.expires_on >= on
                    && lines_from_text(&licence.lines).contains(&line)
            });
            let reason = if theirs.is_empty() {
                Some(format!("No licence in {state}."))
            } else if let Some(licence) = valid {
                if appointments.appointed(person, state, on, carrier.as_deref()) {
                    let carriers: Vec<String> =
                        appointments.in_force(person, state, on).map(|row| row.carrier.clone()).collect();
                    sellers.push(Seller {
                        employee_id: person,
                        name: who.full_name(),
                        licence_number: licence.number.clone(),
                        expires_on: licence.expires_on,
                        carriers,
                    });
                    None
                } else {
                    Some(match &carrier {
                        Some(carrier) => format!("Not appointed by {carrier} in {state}."),
                        None => format!("Not appointed in {state}."),
                    })
                }
            } else if !theirs.iter().any(|licence| lines_from_text(&licence.lines).contains(&line)) {
                Some(format!("No {} line in {state}.", line.label()))
            } else if let Some(expired) = theirs.iter().find(|licence| licence.expires_on < on) {
                Some(format!("Licence expired on {}.", expired.expires_on))
            } else if theirs.iter().all(|licence| licence.issued_on > on) {
                Some(format!("Licence not yet issued on {on}."))
            } else {
                Some("Licence not active.".to_owned())
            };
            if let Some(reason) = reason {
                others.push(NotSeller { employee_id: person, name: who.full_name(), reason });
            }
        }
        sellers.sort_by(|a, b| (&a.name, a.employee_id).cmp(&(&b.name, b.employee_id)));
        others.sort_by(|a, b| (&a.name, a.employee_id).cmp(&(&b.name, b.employee_id)));
        Ok(MaySell { state: state.to_owned(), line, on, carrier, people: sellers, others })
    }

    /// The compliance page as a file: its name, media type and bytes.
    pub async fn export(
        &self,
        ctx: &ManagerCtx,
        filter: &ComplianceFilter,
        format: ExportFormat,
    ) -> Result<crate::DownloadedFile, LicensingError> {
        let page = self.all_rows(ctx, filter).await?;
        let header = ["Name", "NPN", "State", "Licence number", "Lines", "Expires", "CE due", "Status", "Reason"];
        let cells = |row: &ComplianceRow| -> [String; 9] {
            [
                row.name.clone(),
                row.npn.clone().unwrap_or_default(),
                row.state.clone(),
                row.number.clone(),
                row.lines.iter().map(|line| line.label()).collect::<Vec<_>>().join("; "),
                row.expires_on.to_string(),
                row.ce_due_on.map(|day| day.to_string()).unwrap_or_default(),
                row.status.label().to_owned(),
                row.reason.clone(),
            ]
        };
        let stem = format!("licence-compliance-{}", page.today);
        match format {
            ExportFormat::Csv => {
                let mut writer = csv::Writer::from_writer(Vec::new());
                writer.write_record(header).map_err(|err| LicensingError::Internal(err.to_string()))?;
                for row in &page.rows {
                    let row = cells(row);
                    writer
                        .write_record(row.iter().map(|cell| kernel::spreadsheet::defused(cell).into_owned()))
                        .map_err(|err| LicensingError::Internal(err.to_string()))?;
                }
                let bytes = writer.into_inner().map_err(|err| LicensingError::Internal(err.to_string()))?;
                Ok(crate::DownloadedFile { name: format!("{stem}.csv"), media_type: "text/csv".to_owned(), bytes })
            }
            ExportFormat::Xlsx => {
                let internal = |err: rust_xlsxwriter::XlsxError| LicensingError::Internal(err.to_string());
                let mut workbook = rust_xlsxwriter::Workbook::new();
                let sheet = workbook.add_worksheet();
                sheet.set_name("Compliance").map_err(internal)?;
                let bold = rust_xlsxwriter::Format::new().set_bold();
                for (column, title) in header.iter().enumerate() {
                    sheet.write_string_with_format(0, column as u16, *title, &bold).map_err(internal)?;
                }
                for (index, row) in page.rows.iter().enumerate() {
                    for (column, cell) in cells(row).iter().enumerate() {
                        sheet.write_string(index as u32 + 1, column as u16, cell).map_err(internal)?;
                    }
                }
                let bytes = workbook.save_to_buffer().map_err(internal)?;
                Ok(crate::DownloadedFile {
                    name: format!("{stem}.xlsx"),
                    media_type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet".to_owned(),
                    bytes,
                })
            }
        }
    }
}
