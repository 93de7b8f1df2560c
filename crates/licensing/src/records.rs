//! A producer's folder and its writes: NPN and resident state, licences (and their document),
//! the CE requirements of each licence cycle, CE credits (and their certificates), carrier
//! appointments. Every lookup of a person goes through `accounts`' `employee_in_scope`, so
//! another company's people, and people outside a manager's reach, are `NotFound` like ids that
//! do not exist; a record's id is found only among the records of people in reach.

use crate::entities::{
    carrier_appointments as appointments, ce_credits as credits, ce_requirements as requirements, licences,
    licensing_producers as producers,
};
use crate::model::{
    credit_minutes, hours, lines_from_text, lines_to_text, required_minutes, state_code, Compliance, LicenceStatus,
    Line, Residency, MSG_HOURS, MSG_REQUIRED_HOURS, MSG_STATE,
};
use crate::progress::RequirementProgress;
use crate::standing::{count_all, credit_sums, standing, Appointments, Sums, Tally};
use crate::states::{parse_topics, topic_views, topics_from_json, topics_to_json, TopicHours};
use crate::{DownloadedFile, Licensing, LicensingError};
use chrono::{NaiveDate, Utc};
use kernel::validation::{check_text, date_field, lenient_i64};
use kernel::{AppointmentId, CeCreditId, CeRequirementId, FieldErrors, LicenceId, ManagerCtx, TenantCtx, UserId};
use sea_orm::sea_query::{OnConflict, Query};
use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, TryIntoModel,
};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

pub const MSG_NPN: &str = "An NPN is 1 to 10 digits.";
pub const MSG_EXPIRY_BEFORE_ISSUE: &str = "The expiry cannot be before the issue date.";
pub const MSG_LINES: &str = "Choose at least one line of authority.";
pub const MSG_NUMBER: &str = "Give the licence number the state issued (up to 40 characters).";
pub const MSG_DUE_BEFORE_START: &str = "The due date cannot be before the cycle's start.";
pub const MSG_END_BEFORE_START: &str = "The termination cannot be before the appointment took effect.";
pub const MSG_NO_RULE: &str = "There is no rule for this state: give the hours.";
pub const MSG_DUPLICATE: &str = "This person already has a licence with this number in this state.";
const DATE_MESSAGE: &str = "Please give a date (YYYY-MM-DD).";

/// A stored file attached to a record.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct FileView {
    pub file_name: String,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct RequirementView {
    #[cfg_attr(feature = "openapi", schema(value_type = i64))]
    pub id: CeRequirementId,
    #[cfg_attr(feature = "openapi", schema(value_type = i64))]
    pub licence_id: LicenceId,
    pub cycle_start: NaiveDate,
    pub due_on: NaiveDate,
    pub hours_total: f64,
    pub hours_ethics: f64,
    pub topics: Vec<TopicHours>,
    pub progress: RequirementProgress,
    pub excess_hours: f64,
    pub carried_in_hours: f64,
    /// The state lets this cycle's excess count toward the next.
    pub carry_over: bool,
    pub met: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct LicenceView {
    #[cfg_attr(feature = "openapi", schema(value_type = i64))]
    pub id: LicenceId,
    #[cfg_attr(feature = "openapi", schema(value_type = i64))]
    pub employee_id: UserId,
    pub state: String,
    pub number: String,
    pub licence_type: String,
    pub lines: Vec<Line>,
    pub residency: Residency,
    pub issued_on: NaiveDate,
    pub status: LicenceStatus,
    pub status_on: Option<NaiveDate>,
    pub expires_on: NaiveDate,
    pub document: Option<FileView>,
    pub compliance: Compliance,
    /// Why the compliance is what it is (empty when active).
    pub reason: String,
    /// The due date of the first unmet CE requirement.
    pub ce_due_on: Option<NaiveDate>,
    pub requirements: Vec<RequirementView>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct CreditView {
    #[cfg_attr(feature = "openapi", schema(value_type = i64))]
    pub id: CeCreditId,
    #[cfg_attr(feature = "openapi", schema(value_type = i64))]
    pub employee_id: UserId,
    pub state: String,
    pub course: String,
    pub provider: String,
    pub hours: f64,
    pub topic: String,
    pub completed_on: NaiveDate,
    pub certificate: Option<FileView>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct AppointmentView {
    #[cfg_attr(feature = "openapi", schema(value_type = i64))]
    pub id: AppointmentId,
    #[cfg_attr(feature = "openapi", schema(value_type = i64))]
    pub employee_id: UserId,
    pub carrier: String,
    pub state: String,
    pub effective_on: NaiveDate,
    pub terminated_on: Option<NaiveDate>,
    pub reason: String,
    /// In force today.
    pub active: bool,
}

/// A producer's folder as the caller may see it.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ProducerFolder {
    #[cfg_attr(feature = "openapi", schema(value_type = i64))]
    pub employee_id: UserId,
    pub name: String,
    pub npn: Option<String>,
    pub resident_state: Option<String>,
    /// A licence is expired (or no longer active): the red banner.
    pub expired: bool,
    pub licences: Vec<LicenceView>,
    pub credits: Vec<CreditView>,
    pub appointments: Vec<AppointmentView>,
}

/// `POST /licensing/producer`.
#[derive(Debug, Clone, Default, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ProducerInput {
    #[serde(default, deserialize_with = "lenient_i64")]
    pub employee_id: Option<i64>,
    #[serde(default)]
    pub npn: Option<String>,
    #[serde(default)]
    pub resident_state: Option<String>,
}

/// `POST /licensing/licences`.
#[derive(Debug, Clone, Default, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct LicenceInput {
    /// A change (none: a new licence).
    #[serde(default, deserialize_with = "lenient_i64")]
    pub id: Option<i64>,
    #[serde(default, deserialize_with = "lenient_i64")]
    pub employee_id: Option<i64>,
    #[serde(default)]
    pub state: Option<String>,
    #[serde(default)]
    pub number: Option<String>,
    #[serde(default)]
    pub licence_type: Option<String>,
    /// Line codes (`GET /licensing/reference`).
    #[serde(default)]
    pub lines: Option<Vec<String>>,
    /// `resident` or `non_resident`.
    #[serde(default)]
    pub residency: Option<String>,
    #[serde(default)]
    pub issued_on: Option<String>,
    /// `active`, `inactive`, `lapsed` or `revoked`.
    #[serde(default)]
    pub status: Option<String>,
    #[serde(default)]
    pub status_on: Option<String>,
    #[serde(default)]
    pub expires_on: Option<String>,
}

/// A licence, checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LicenceCommand {
    pub employee: UserId,
    pub state: &'static str,
    pub number: String,
    pub licence_type: String,
    pub lines: Vec<Line>,
    pub residency: Residency,
    pub issued_on: NaiveDate,
    pub status: LicenceStatus,
    pub status_on: Option<NaiveDate>,
    pub expires_on: NaiveDate,
}

pub(crate) fn text_field(
    errors: &mut FieldErrors,
    field: &str,
    text: Option<&str>,
    max: usize,
    message: &str,
) -> String {
    let text = text.map(str::trim).unwrap_or_default();
    if text.is_empty() || text.chars().count() > max {
        errors.add(field, message);
    } else if let Err(refusal) = check_text(field, text) {
        errors.add(field, refusal);
    }
    text.to_owned()
}

fn optional_text(errors: &mut FieldErrors, field: &str, text: Option<&str>, max: usize) -> String {
    let text = text.map(str::trim).unwrap_or_default();
    if text.chars().count() > max {
        errors.add(field, format!("At most {max} characters."));
    } else if let Err(refusal) = check_text(field, text) {
        errors.add(field, refusal);
    }
    text.to_owned()
}

pub(crate) fn date(errors: &mut FieldErrors, field: &str, text: Option<&str>) -> Option<NaiveDate> {
    date_field(errors, field, text.unwrap_or_default(), DATE_MESSAGE)
}

fn optional_date(errors: &mut FieldErrors, field: &str, text: Option<&str>) -> Option<NaiveDate> {
    let text = text.map(str::trim).filter(|text| !text.is_empty())?;
    date_field(errors, field, text, DATE_MESSAGE)
}

pub(crate) fn state(errors: &mut FieldErrors, field: &str, text: Option<&str>) -> Option<&'static str> {
    let code = text.and_then(state_code);
    if code.is_none() {
        errors.add(field, MSG_STATE);
    }
    code
}

pub(crate) fn npn(errors: &mut FieldErrors, text: Option<&str>) -> String {
    let text = text.map(str::trim).unwrap_or_default();
    if text.is_empty() || text.len() > 10 || !text.bytes().all(|b| b.is_ascii_digit()) {
        errors.add("npn", MSG_NPN);
    }
    text.to_owned()
}

impl LicenceCommand {
    /// The fields of a licence; `employee` may come from elsewhere (the import's e-mail).
    pub fn parse(input: &LicenceInput) -> Result<Self, FieldErrors> {
        let mut errors = FieldErrors::new();
        let employee = input.employee_id.map(UserId);
        if employee.is_none() {
            errors.add("employeeId", "Please choose the producer.");
        }
        let state = state(&mut errors, "state", input.state.as_deref());
        let number = text_field(&mut errors, "number", input.number.as_deref(), 40, MSG_NUMBER);
        let licence_type = text_field(
            &mut errors,
            "licenceType",
            input.licence_type.as_deref(),
            100,
            "Give the licence type (e.g. Producer, General Lines Agent; up to 100 characters).",
        );
        let mut lines = Vec::new();
        for code in input.lines.as_deref().unwrap_or_default() {
            match Line::from_code(code) {
                Some(line) => lines.push(line),
                None => errors.add("lines", format!("Unknown line of authority \"{}\".", code.trim())),
            }
        }
        if lines.is_empty() && !errors.has("lines") {
            errors.add("lines", MSG_LINES);
        }
        let residency = input.residency.as_deref().and_then(Residency::from_code);
        if residency.is_none() {
            errors.add("residency", "Choose resident or non-resident.");
        }
        let issued_on = date(&mut errors, "issuedOn", input.issued_on.as_deref());
        let status = input.status.as_deref().and_then(LicenceStatus::from_code);
        if status.is_none() {
            errors.add("status", "Choose active, inactive, lapsed or revoked.");
        }
        let status_on = optional_date(&mut errors, "statusOn", input.status_on.as_deref());
        let expires_on = date(&mut errors, "expiresOn", input.expires_on.as_deref());
        if let (Some(issued), Some(expires)) = (issued_on, expires_on) {
            if expires < issued {
                errors.add("expiresOn", MSG_EXPIRY_BEFORE_ISSUE);
            }
        }
        match (employee, state, residency, issued_on, status, expires_on) {
            (Some(employee), Some(state), Some(residency), Some(issued_on), Some(status), Some(expires_on))
                if errors.is_empty() =>
            {
                lines.sort();
                lines.dedup();
                Ok(LicenceCommand {
                    employee,
                    state,
                    number,
                    licence_type,
                    lines,
                    residency,
                    issued_on,
                    status,
                    status_on,
                    expires_on,
                })
            }
            _ => Err(errors),
        }
    }
}

/// `POST /licensing/requirements`.
#[derive(Debug, Clone, Default, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct RequirementInput {
    #[serde(default, deserialize_with = "lenient_i64")]
    pub id: Option<i64>,
    #[serde(default, deserialize_with = "lenient_i64")]
    pub licence_id: Option<i64>,
    #[serde(default)]
    pub cycle_start: Option<String>,
    #[serde(default)]
    pub due_on: Option<String>,
    /// Left out: the state's rule.
    #[serde(default)]
    pub hours_total: Option<f64>,
    #[serde(default)]
    pub hours_ethics: Option<f64>,
    #[serde(default)]
    pub topics: Option<Vec<TopicHours>>,
}

/// `POST /licensing/credits` (multipart; every field is text).
#[derive(Debug, Clone, Default, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", default)]
pub struct CreditInput {
    pub employee_id: Option<String>,
    pub state: Option<String>,
    pub course: Option<String>,
    pub provider: Option<String>,
    /// Hours, a decimal (1.5).
    pub hours: Option<String>,
    /// `general`, `ethics` or a topic a requirement names.
    pub topic: Option<String>,
    pub completed_on: Option<String>,
}

/// `POST /licensing/appointments`.
#[derive(Debug, Clone, Default, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct AppointmentInput {
    #[serde(default, deserialize_with = "lenient_i64")]
    pub id: Option<i64>,
    #[serde(default, deserialize_with = "lenient_i64")]
    pub employee_id: Option<i64>,
    #[serde(default)]
    pub carrier: Option<String>,
    #[serde(default)]
    pub state: Option<String>,
    #[serde(default)]
    pub effective_on: Option<String>,
    #[serde(default)]
    pub terminated_on: Option<String>,
    #[serde(default)]
    pub reason: Option<String>,
}

/// What a set of people's records are, read together (the folder, the compliance page).
pub(crate) struct Loaded {
    pub producers: Vec<producers::Model>,
    pub licences: Vec<licences::Model>,
    pub requirements: Vec<requirements::Model>,
    /// The credits themselves: only a folder lists them ([`Credits::Listed`]).
    pub credits: Vec<credits::Model>,
    /// What counts toward each requirement, summed in the database.
    pub sums: Sums,
    pub appointments: Vec<appointments::Model>,
}

/// Whether licence views carry their requirements' views.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Detail {
    WithRequirements,
    StandingOnly,
}

/// Whether a read lists the credits or only counts them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Credits {
    Listed,
    Counted,
}

pub(crate) fn today(ctx: &TenantCtx) -> NaiveDate {
    kernel::time::local_date(ctx.time_zone(), Utc::now())
}

fn file_view(name: &Option<String>, file: &Option<kernel::FileId>) -> Option<FileView> {
    file.and(name.clone()).map(|file_name| FileView { file_name })
}

impl Licensing {
    /// The records of `people` (every one of the company when `None`), in the caller's company.
    pub(crate) async fn load(
        &self,
        ctx: &TenantCtx,
        people: Option<&[UserId]>,
        with: Credits,
    ) -> Result<Loaded, LicensingError> {
        async fn rows<E, C>(
            db: &C,
            ctx: &TenantCtx,
            column: E::Column,
            people: Option<&[UserId]>,
        ) -> Result<Vec<E::Model>, sea_orm::DbErr>
        where
            E: EntityTrait + kernel::tenancy::CompanyOwned,
            C: ConnectionTrait,
        {
            let query = E::find().filter(kernel::tenancy::same_company::<E>(ctx.company()));
            match people {
                None => query.all(db).await,
                Some(people) => {
                    let mut all = Vec::new();
                    for chunk in people.chunks(kernel::tenancy::IDS_PER_QUERY) {
                        all.extend(query.clone().filter(column.is_in(chunk.iter().map(|id| id.0))).all(db).await?);
                    }
                    Ok(all)
                }
            }
        }
        // A person's requirements, through their licences (the requirement has no person).
        let requirement_rows = async {
            let query = requirements::Entity::find()
                .filter(kernel::tenancy::same_company::<requirements::Entity>(ctx.company()));
            match people {
                None => query.all(&self.db).await,
                Some(people) => {
                    let mut all = Vec::new();
                    for chunk in people.chunks(kernel::tenancy::IDS_PER_QUERY) {
                        let theirs = Query::select()
                            .column(licences::Column::Id)
                            .from(licences::Entity)
                            .and_where(licences::Column::EmployeeId.is_in(chunk.iter().map(|id| id.0)))
                            .to_owned();
                        all.extend(
                            query
                                .clone()
                                .filter(requirements::Column::LicenceId.in_subquery(theirs))
                                .all(&self.db)
                                .await?,
                        );
                    }
                    Ok(all)
                }
            }
        };
        let credit_rows = async {
            match with {
                Credits::Listed => rows::<credits::Entity, _>(&self.db, ctx, credits::Column::EmployeeId, people).await,
                Credits::Counted => Ok(Vec::new()),
            }
        };
        // The reads are independent: sent at once, on connections of the pool.
        let (mut licences, mut requirement_rows, mut credits, sums, mut appointments, producers) = futures_util::try_join!(
            rows::<licences::Entity, _>(&self.db, ctx, licences::Column::EmployeeId, people),
            requirement_rows,
            credit_rows,
            credit_sums(&self.db, Some(ctx.company()), people, None),
            rows::<appointments::Entity, _>(&self.db, ctx, appointments::Column::EmployeeId, people),
            rows::<producers::Entity, _>(&self.db, ctx, producers::Column::EmployeeId, people),
        )?;
        licences.sort_by(|a, b| (&a.state, a.expires_on, a.id).cmp(&(&b.state, b.expires_on, b.id)));
        requirement_rows.sort_by_key(|requirement| (requirement.due_on, requirement.id));
        credits.sort_by_key(|credit| std::cmp::Reverse((credit.completed_on, credit.id)));
        appointments.sort_by(|a, b| (&a.state, &a.carrier, a.id).cmp(&(&b.state, &b.carrier, b.id)));
        Ok(Loaded { producers, licences, requirements: requirement_rows, credits, sums, appointments })
    }

    /// Licence views of `loaded` with their standing on `today`, and their requirements' views
    /// when `detail` says so (a page of many licences needs only the standing).
    pub(crate) async fn licence_views(
        &self,
        ctx: &TenantCtx,
        loaded: &Loaded,
        today: NaiveDate,
        detail: Detail,
    ) -> Result<Vec<LicenceView>, LicensingError> {
        let rules = self.rules(ctx).await?;
        let tallies = count_all(&loaded.licences, &loaded.requirements, &loaded.sums, &rules);
        let mut of_licence: HashMap<LicenceId, Vec<&requirements::Model>> = HashMap::new();
        for requirement in &loaded.requirements {
            of_licence.entry(requirement.licence_id).or_default().push(requirement);
        }
        let appointments = Appointments::new(&loaded.appointments);
        Ok(loaded
            .licences
            .iter()
            .map(|licence| {
                let list = of_licence.get(&licence.id).map(Vec::as_slice).unwrap_or_default();
                let with_met: Vec<(&requirements::Model, bool)> = list
                    .iter()
                    .map(|requirement| {
                        (*requirement, tallies.get(&requirement.id).is_some_and(|tally| tally.counting.met))
                    })
                    .collect();
                let is_appointed = appointments.appointed(licence.employee_id, &licence.state, today, None);
                let standing = standing(licence, &with_met, is_appointed, today);
                LicenceView {
                    id: licence.id,
                    employee_id: licence.employee_id,
                    state: licence.state.clone(),
                    number: licence.number.clone(),
                    licence_type: licence.licence_type.clone(),
                    lines: lines_from_text(&licence.lines),
                    residency: licence.residency,
                    issued_on: licence.issued_on,
                    status: licence.status,
                    status_on: licence.status_on,
                    expires_on: licence.expires_on,
                    document: file_view(&licence.file_name, &licence.file_id),
                    compliance: standing.status,
                    reason: standing.reason,
                    ce_due_on: standing.ce_due_on,
                    requirements: list
                        .iter()
                        .filter(|_| detail == Detail::WithRequirements)
                        .filter_map(|requirement| {
                            tallies.get(&requirement.id).map(|tally| requirement_view(requirement, tally))
                        })
                        .collect(),
                }
            })
            .collect())
    }

    /// A producer's folder: theirs, a manager's for the people they reach, an admin's for anyone.
    pub async fn folder(&self, ctx: &TenantCtx, person: UserId) -> Result<ProducerFolder, LicensingError> {
        let employee = self.accounts.employee_in_scope(ctx, person).await?;
        let loaded = self.load(ctx, Some(&[person]), Credits::Listed).await?;
        let today = today(ctx);
        let licences = self.licence_views(ctx, &loaded, today, Detail::WithRequirements).await?;
        let producer = loaded.producers.first();
        Ok(ProducerFolder {
            employee_id: person,
            name: employee.full_name(),
            npn: producer.map(|producer| producer.npn.clone()),
            resident_state: producer.map(|producer| producer.resident_state.clone()),
            expired: licences.iter().any(|licence| licence.compliance == Compliance::Expired),
            licences,
            credits: loaded.credits.iter().map(credit_view).collect(),
            appointments: loaded.appointments.iter().map(|row| appointment_view(row, today)).collect(),
        })
    }

    /// Sets a person's NPN and resident state.
    pub async fn save_producer(
        &self,
        ctx: &ManagerCtx,
        input: ProducerInput,
    ) -> Result<ProducerFolder, LicensingError> {
        let mut errors = FieldErrors::new();
        let employee = input.employee_id.map(UserId);
        if employee.is_none() {
            errors.add("employeeId", "Please choose the producer.");
        }
        let npn = npn(&mut errors, input.npn.as_deref());
        let resident = state(&mut errors, "residentState", input.resident_state.as_deref());
        let (Some(employee), Some(resident)) = (employee, resident) else {
            return Err(LicensingError::Validation(errors));
        };
        if !errors.is_empty() {
            return Err(LicensingError::Validation(errors));
        }
        self.accounts.employee_in_scope(ctx, employee).await?;
        let _permit = self.gate.enter().await;
        let txn = kernel::begin_write(&self.db).await?;
        self.put_producer(&*txn, ctx, employee, &npn, resident).await?;
        txn.commit().await?;
        self.folder(ctx, employee).await
    }

    pub(crate) async fn put_producer<C: ConnectionTrait>(
        &self,
        conn: &C,
        ctx: &TenantCtx,
        employee: UserId,
        npn: &str,
        resident: &str,
    ) -> Result<(), LicensingError> {
        // One row per person, whoever writes at the same time: an upsert on the unique index.
        producers::Entity::insert(producers::ActiveModel {
            company_id: Set(ctx.company()),
            employee_id: Set(employee),
            npn: Set(npn.to_owned()),
            resident_state: Set(resident.to_owned()),
            updated_by: Set(ctx.actor()),
            updated_at: Set(Utc::now()),
            ..Default::default()
        })
        .on_conflict(
            OnConflict::columns([producers::Column::CompanyId, producers::Column::EmployeeId])
                .update_columns([
                    producers::Column::Npn,
                    producers::Column::ResidentState,
                    producers::Column::UpdatedBy,
                    producers::Column::UpdatedAt,
                ])
                .to_owned(),
        )
        .exec_without_returning(conn)
        .await?;
        Ok(())
    }

    /// A licence of someone in reach, by id.
    async fn licence_in_reach<C: ConnectionTrait>(
        &self,
        conn: &C,
        ctx: &TenantCtx,
        id: LicenceId,
    ) -> Result<licences::Model, LicensingError> {
        let licence = licences::Entity::find_by_id(id)
            .filter(kernel::tenancy::same_company::<licences::Entity>(ctx.company()))
            .one(conn)
            .await?
            .ok_or(LicensingError::NotFound)?;
        self.accounts.employee_in_scope(ctx, licence.employee_id).await?;
        Ok(licence)
    }

    async fn licence_view(
        &self,
        ctx: &TenantCtx,
        id: LicenceId,
        person: UserId,
    ) -> Result<LicenceView, LicensingError> {
        let loaded = self.load(ctx, Some(&[person]), Credits::Counted).await?;
        self.licence_views(ctx, &loaded, today(ctx), Detail::WithRequirements)
            .await?
            .into_iter()
            .find(|licence| licence.id == id)
            .ok_or(LicensingError::NotFound)
    }

    /// Adds a licence (`id` none) or changes one, for someone in reach.
    pub async fn save_licence(
        &self,
        ctx: &ManagerCtx,
        id: Option<LicenceId>,
        command: LicenceCommand,
    ) -> Result<LicenceView, LicensingError> {
        self.accounts.employee_in_scope(ctx, command.employee).await?;
        let _permit = self.gate.enter().await;
        let txn = kernel::begin_write(&self.db).await?;
        let saved = self.put_licence(&*txn, ctx, id, &command).await?;
        txn.commit().await?;
        self.licence_view(ctx, saved, command.employee).await
    }

    /// Writes a licence inside the caller's transaction. Another licence of the person with the
    /// same state and number is a 400 on `number`.
    pub(crate) async fn put_licence<C: ConnectionTrait>(
        &self,
        conn: &C,
        ctx: &TenantCtx,
        id: Option<LicenceId>,
        command: &LicenceCommand,
    ) -> Result<LicenceId, LicensingError> {
        let same = licences::Entity::find()
            .filter(kernel::tenancy::same_company::<licences::Entity>(ctx.company()))
            .filter(licences::Column::EmployeeId.eq(command.employee.0))
            .filter(licences::Column::State.eq(command.state))
            .filter(licences::Column::Number.eq(command.number.as_str()))
            .one(conn)
            .await?;
        let now = Utc::now();
        let mut row: licences::ActiveModel = match id {
            Some(id) => {
                let existing = self.licence_in_reach(conn, ctx, id).await?;
                if same.is_some_and(|other| other.id != id) {
                    return Err(LicensingError::field("number", MSG_DUPLICATE));
                }
                existing.into()
            }
            None => {
                if same.is_some() {
                    return Err(LicensingError::field("number", MSG_DUPLICATE));
                }
                licences::ActiveModel { company_id: Set(ctx.company()), created_at: Set(now), ..Default::default() }
            }
        };
        row.employee_id = Set(command.employee);
        row.state = Set(command.state.to_owned());
        row.number = Set(command.number.clone());
        row.licence_type = Set(command.licence_type.clone());
        row.lines = Set(lines_to_text(&command.lines));
        row.residency = Set(command.residency);
        row.issued_on = Set(command.issued_on);
        row.status = Set(command.status);
        row.status_on = Set(command.status_on);
        row.expires_on = Set(command.expires_on);
        row.updated_at = Set(now);
        match row.save(conn).await {
            Ok(saved) => Ok(saved.try_into_model()?.id),
            // Two writers adding the same licence at once: the unique index refuses the second.
            Err(err) if matches!(err.sql_err(), Some(sea_orm::SqlErr::UniqueConstraintViolation(_))) => {
                Err(LicensingError::field("number", MSG_DUPLICATE))
            }
            Err(err) => Err(err.into()),
        }
    }

    pub async fn delete_licence(&self, ctx: &ManagerCtx, id: LicenceId) -> Result<(), LicensingError> {
        let licence = self.licence_in_reach(&self.db, ctx, id).await?;
        let _permit = self.gate.enter().await;
        let txn = kernel::begin_write(&self.db).await?;
        requirements::Entity::delete_many()
            .filter(kernel::tenancy::same_company::<requirements::Entity>(ctx.company()))
            .filter(requirements::Column::LicenceId.eq(id.0))
            .exec(&*txn)
            .await?;
        licences::Entity::delete_by_id(id).exec(&*txn).await?;
        if let Some(file) = licence.file_id {
            self.files.discard(&*txn, ctx, file).await;
        }
        txn.commit().await?;
        Ok(())
    }

    /// Attaches the licence's document (a PDF or an image), replacing any before.
    pub async fn attach_licence_document(
        &self,
        ctx: &ManagerCtx,
        id: LicenceId,
        bytes: &[u8],
        name: &str,
    ) -> Result<LicenceView, LicensingError> {
        let licence = self.licence_in_reach(&self.db, ctx, id).await?;
        let saved = self
            .files
            .save_pdf_or_image(ctx, bytes, name)
            .await
            .map_err(|err| LicensingError::from_file("file", err))?;
        let _permit = self.gate.enter().await;
        let txn = kernel::begin_write(&self.db).await?;
        let mut row: licences::ActiveModel = licence.clone().into();
        row.file_id = Set(Some(saved.file.id));
        row.file_name = Set(Some(saved.name));
        row.updated_at = Set(Utc::now());
        row.update(&*txn).await?;
        if let Some(old) = licence.file_id {
            self.files.discard(&*txn, ctx, old).await;
        }
        txn.commit().await?;
        self.licence_view(ctx, id, licence.employee_id).await
    }

    pub async fn licence_document(&self, ctx: &TenantCtx, id: LicenceId) -> Result<DownloadedFile, LicensingError> {
        let licence = self.licence_in_reach(&self.db, ctx, id).await?;
        let (Some(file), Some(name)) = (licence.file_id, licence.file_name) else {
            return Err(LicensingError::NotFound);
        };
        let (stored, bytes) =
            self.files.open_private(ctx, file).await.map_err(|err| LicensingError::from_file("file", err))?;
        Ok(DownloadedFile { name, media_type: stored.media_type, bytes })
    }

    /// Adds a CE requirement to a licence (`id` none) or changes one. Hours left out are the
    /// state's rule (the company's where it has one).
    pub async fn save_requirement(
        &self,
        ctx: &ManagerCtx,
        input: RequirementInput,
    ) -> Result<RequirementView, LicensingError> {
        let mut errors = FieldErrors::new();
        let licence_id = input.licence_id.map(LicenceId);
        if licence_id.is_none() {
            errors.add("licenceId", "Please choose the licence.");
        }
        let cycle_start = date(&mut errors, "cycleStart", input.cycle_start.as_deref());
        let due_on = date(&mut errors, "dueOn", input.due_on.as_deref());
        if let (Some(start), Some(due)) = (cycle_start, due_on) {
            if due < start {
                errors.add("dueOn", MSG_DUE_BEFORE_START);
            }
        }
        let mut hours_of = |field: &str, value: Option<f64>| -> Option<Option<i32>> {
            match value {
                None => Some(None),
                Some(value) => match required_minutes(value) {
                    Some(minutes) => Some(Some(minutes)),
                    None => {
                        errors.add(field, MSG_REQUIRED_HOURS);
                        None
                    }
                },
            }
        };
        let total = hours_of("hoursTotal", input.hours_total).flatten();
        let ethics = hours_of("hoursEthics", input.hours_ethics).flatten();
        let topics = input.topics.as_deref().map(|topics| parse_topics(&mut errors, "topics", topics));
        let (Some(licence_id), Some(cycle_start), Some(due_on)) = (licence_id, cycle_start, due_on) else {
            return Err(LicensingError::Validation(errors));
        };
        if !errors.is_empty() {
            return Err(LicensingError::Validation(errors));
        }
        let licence = self.licence_in_reach(&self.db, ctx, licence_id).await?;
        let rule = self.rules(ctx).await?.remove(&licence.state);
        let total = match (total, &rule) {
            (Some(total), _) => i64::from(total),
            (None, Some(rule)) => rule.total,
            (None, None) => return Err(LicensingError::field("hoursTotal", MSG_NO_RULE)),
        };
        let ethics = ethics.map(i64::from).or(rule.as_ref().map(|rule| rule.ethics)).unwrap_or(0);
        let topics = topics.or(rule.as_ref().map(|rule| rule.topics.clone())).unwrap_or_default();
        let parts = ethics + topics.iter().map(|(_, minutes)| minutes).sum::<i64>();
        if parts > total {
            return Err(LicensingError::field(
                "hoursTotal",
                "The total cannot be less than the ethics and topic hours it includes.",
            ));
        }
        let _permit = self.gate.enter().await;
        let txn = kernel::begin_write(&self.db).await?;
        let mut row: requirements::ActiveModel = match input.id.map(CeRequirementId) {
            Some(id) => requirements::Entity::find_by_id(id)
                .filter(kernel::tenancy::same_company::<requirements::Entity>(ctx.company()))
                .filter(requirements::Column::LicenceId.eq(licence_id.0))
                .one(&*txn)
                .await?
                .ok_or(LicensingError::NotFound)?
                .into(),
            None => requirements::ActiveModel {
                company_id: Set(ctx.company()),
                licence_id: Set(licence_id),
                created_at: Set(Utc::now()),
                ..Default::default()
            },
        };
        row.cycle_start = Set(cycle_start);
        row.due_on = Set(due_on);
        row.total_minutes = Set(i32::try_from(total).unwrap_or(i32::MAX));
        row.ethics_minutes = Set(i32::try_from(ethics).unwrap_or(i32::MAX));
        row.topics = Set(topics_to_json(&topics));
        let saved = row.save(&*txn).await?.try_into_model()?;
        txn.commit().await?;
        self.licence_view(ctx, licence_id, licence.employee_id)
            .await?
            .requirements
            .into_iter()
            .find(|requirement| requirement.id == saved.id)
            .ok_or(LicensingError::NotFound)
    }

    pub async fn delete_requirement(&self, ctx: &ManagerCtx, id: CeRequirementId) -> Result<(), LicensingError> {
        let requirement = requirements::Entity::find_by_id(id)
            .filter(kernel::tenancy::same_company::<requirements::Entity>(ctx.company()))
            .one(&self.db)
            .await?
            .ok_or(LicensingError::NotFound)?;
        self.licence_in_reach(&self.db, ctx, requirement.licence_id).await?;
        let _permit = self.gate.enter().await;
        let txn = kernel::begin_write(&self.db).await?;
        requirements::Entity::delete_by_id(id).exec(&*txn).await?;
        txn.commit().await?;
        Ok(())
    }

    /// Adds a CE credit: the person's own, or one of someone a manager reaches, with its
    /// certificate (a PDF or an image) when one is sent.
    pub async fn add_credit(
        &self,
        ctx: &TenantCtx,
        input: CreditInput,
        certificate: Option<(Vec<u8>, String)>,
    ) -> Result<CreditView, LicensingError> {
        let mut errors = FieldErrors::new();
        let employee = input.employee_id.as_deref().and_then(|text| text.trim().parse::<i64>().ok()).map(UserId);
        if employee.is_none() {
            errors.add("employeeId", "Please choose the producer.");
        }
        let state = state(&mut errors, "state", input.state.as_deref());
        let course =
            text_field(&mut errors, "course", input.course.as_deref(), 200, "Name the course (up to 200 characters).");
        let provider = optional_text(&mut errors, "provider", input.provider.as_deref(), 200);
        let minutes = input.hours.as_deref().and_then(|text| text.trim().parse::<f64>().ok()).and_then(credit_minutes);
        if minutes.is_none() {
            errors.add("hours", MSG_HOURS);
        }
        let topic = match input.topic.as_deref().map(str::trim).filter(|text| !text.is_empty()) {
            None => Some(crate::progress::GENERAL.to_owned()),
            Some(text) => crate::states::topic_name(text),
        };
        if topic.is_none() {
            errors.add("topic", crate::states::MSG_TOPIC);
        }
        let completed_on = date(&mut errors, "completedOn", input.completed_on.as_deref());
        if completed_on.is_some_and(|day| day > today(ctx)) {
            errors.add("completedOn", "A course cannot be completed in the future.");
        }
        let (Some(employee), Some(state), Some(minutes), Some(topic), Some(completed_on)) =
            (employee, state, minutes, topic, completed_on)
        else {
            return Err(LicensingError::Validation(errors));
        };
        if !errors.is_empty() {
            return Err(LicensingError::Validation(errors));
        }
        self.accounts.employee_in_scope(ctx, employee).await?;
        let file = match certificate {
            Some((bytes, name)) => Some(
                self.files
                    .save_pdf_or_image(ctx, &bytes, &name)
                    .await
                    .map_err(|err| LicensingError::from_file("certificate", err))?,
            ),
            None => None,
        };
        let _permit = self.gate.enter().await;
        let txn = kernel::begin_write(&self.db).await?;
        let saved = credits::ActiveModel {
            company_id: Set(ctx.company()),
            employee_id: Set(employee),
            state: Set(state.to_owned()),
            course: Set(course),
            provider: Set(provider),
            minutes: Set(minutes),
            topic: Set(topic),
            completed_on: Set(completed_on),
            file_id: Set(file.as_ref().map(|file| file.file.id)),
            file_name: Set(file.map(|file| file.name)),
            created_by: Set(ctx.actor()),
            created_at: Set(Utc::now()),
            ..Default::default()
        }
        .insert(&*txn)
        .await?;
        txn.commit().await?;
        Ok(credit_view(&saved))
    }

    async fn credit_in_reach(&self, ctx: &TenantCtx, id: CeCreditId) -> Result<credits::Model, LicensingError> {
        let credit = credits::Entity::find_by_id(id)
            .filter(kernel::tenancy::same_company::<credits::Entity>(ctx.company()))
            .one(&self.db)
            .await?
            .ok_or(LicensingError::NotFound)?;
        self.accounts.employee_in_scope(ctx, credit.employee_id).await?;
        Ok(credit)
    }

    pub async fn delete_credit(&self, ctx: &TenantCtx, id: CeCreditId) -> Result<(), LicensingError> {
        let credit = self.credit_in_reach(ctx, id).await?;
        let _permit = self.gate.enter().await;
        let txn = kernel::begin_write(&self.db).await?;
        credits::Entity::delete_by_id(id).exec(&*txn).await?;
        if let Some(file) = credit.file_id {
            self.files.discard(&*txn, ctx, file).await;
        }
        txn.commit().await?;
        Ok(())
    }

    pub async fn credit_certificate(&self, ctx: &TenantCtx, id: CeCreditId) -> Result<DownloadedFile, LicensingError> {
        let credit = self.credit_in_reach(ctx, id).await?;
        let (Some(file), Some(name)) = (credit.file_id, credit.file_name) else {
            return Err(LicensingError::NotFound);
        };
        let (stored, bytes) =
            self.files.open_private(ctx, file).await.map_err(|err| LicensingError::from_file("file", err))?;
        Ok(DownloadedFile { name, media_type: stored.media_type, bytes })
    }

    /// Adds a carrier appointment (`id` none) or changes one, for someone in reach.
    pub async fn save_appointment(
        &self,
        ctx: &ManagerCtx,
        input: AppointmentInput,
    ) -> Result<AppointmentView, LicensingError> {
        let mut errors = FieldErrors::new();
        let employee = input.employee_id.map(UserId);
        if employee.is_none() {
            errors.add("employeeId", "Please choose the producer.");
        }
        let carrier = text_field(
            &mut errors,
            "carrier",
            input.carrier.as_deref(),
            200,
            "Name the carrier (up to 200 characters).",
        );
        let state = state(&mut errors, "state", input.state.as_deref());
        let effective_on = date(&mut errors, "effectiveOn", input.effective_on.as_deref());
        let terminated_on = optional_date(&mut errors, "terminatedOn", input.terminated_on.as_deref());
        if let (Some(start), Some(end)) = (effective_on, terminated_on) {
            if end < start {
                errors.add("terminatedOn", MSG_END_BEFORE_START);
            }
        }
        let reason = optional_text(&mut errors, "reason", input.reason.as_deref(), 300);
        let (Some(employee), Some(state), Some(effective_on)) = (employee, state, effective_on) else {
            return Err(LicensingError::Validation(errors));
        };
        if !errors.is_empty() {
            return Err(LicensingError::Validation(errors));
        }
        self.accounts.employee_in_scope(ctx, employee).await?;
        let _permit = self.gate.enter().await;
        let txn = kernel::begin_write(&self.db).await?;
        let mut row: appointments::ActiveModel = match input.id.map(AppointmentId) {
            Some(id) => {
                let existing = appointments::Entity::find_by_id(id)
                    .filter(kernel::tenancy::same_company::<appointments::Entity>(ctx.company()))
                    .one(&*txn)
                    .await?
                    .ok_or(LicensingError::NotFound)?;
                self.accounts.employee_in_scope(ctx, existing.employee_id).await?;
                existing.into()
            }
            None => appointments::ActiveModel {
                company_id: Set(ctx.company()),
                created_at: Set(Utc::now()),
                ..Default::default()
            },
        };
        row.employee_id = Set(employee);
        row.carrier = Set(carrier);
        row.state = Set(state.to_owned());
        row.effective_on = Set(effective_on);
        row.terminated_on = Set(terminated_on);
        row.reason = Set(reason);
        let saved = row.save(&*txn).await?.try_into_model()?;
        txn.commit().await?;
        Ok(appointment_view(&saved, today(ctx)))
    }

    pub async fn delete_appointment(&self, ctx: &ManagerCtx, id: AppointmentId) -> Result<(), LicensingError> {
        let appointment = appointments::Entity::find_by_id(id)
            .filter(kernel::tenancy::same_company::<appointments::Entity>(ctx.company()))
            .one(&self.db)
            .await?
            .ok_or(LicensingError::NotFound)?;
        self.accounts.employee_in_scope(ctx, appointment.employee_id).await?;
        let _permit = self.gate.enter().await;
        let txn = kernel::begin_write(&self.db).await?;
        appointments::Entity::delete_by_id(id).exec(&*txn).await?;
        txn.commit().await?;
        Ok(())
    }

    /// The people the caller reaches (terminated ones too), by id: the names of a page's rows.
    pub(crate) async fn names(&self, ctx: &TenantCtx) -> Result<HashMap<UserId, accounts::Person>, LicensingError> {
        let people =
            accounts::people::read::people_in_reach(&self.db, ctx, &accounts::people::read::PeopleFilter::default())
                .await?;
        Ok(people.into_iter().map(|person| (person.id, person)).collect())
    }
}

fn requirement_view(requirement: &requirements::Model, tally: &Tally) -> RequirementView {
    let topics = topics_from_json(&requirement.topics);
    RequirementView {
        id: requirement.id,
        licence_id: requirement.licence_id,
        cycle_start: requirement.cycle_start,
        due_on: requirement.due_on,
        hours_total: hours(i64::from(requirement.total_minutes)),
        hours_ethics: hours(i64::from(requirement.ethics_minutes)),
        topics: topic_views(&topics),
        progress: tally.counting.progress.clone(),
        excess_hours: hours(tally.counting.excess_minutes),
        carried_in_hours: hours(tally.carried_in),
        carry_over: tally.carry_over,
        met: tally.counting.met,
    }
}

pub(crate) fn credit_view(row: &credits::Model) -> CreditView {
    CreditView {
        id: row.id,
        employee_id: row.employee_id,
        state: row.state.clone(),
        course: row.course.clone(),
        provider: row.provider.clone(),
        hours: hours(i64::from(row.minutes)),
        topic: row.topic.clone(),
        completed_on: row.completed_on,
        certificate: file_view(&row.file_name, &row.file_id),
    }
}

fn appointment_view(row: &appointments::Model, today: NaiveDate) -> AppointmentView {
    AppointmentView {
        id: row.id,
        employee_id: row.employee_id,
        carrier: row.carrier.clone(),
        state: row.state.clone(),
        effective_on: row.effective_on,
        terminated_on: row.terminated_on,
        reason: row.reason.clone(),
        active: row.effective_on <= today && row.terminated_on.is_none_or(|end| end > today),
    }
}
