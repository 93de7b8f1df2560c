//! `/settings/*`: the company's time settings (day start, mobile clock-in, pay cycle, overtime),
//! its job roles, its PTO types and its event, document and policy types (002 §7 "Settings").
//! The PTO plan and rule calls of the same section live with the rest of the PTO set-up in
//! `pto_manage`. The spec names no `update-policy-type`; it is the counterpart of
//! `inactive-policy-type`, shaped like the other two.

use crate::error::{ApiError, ErrorBody};
use crate::extractors::{Admin, Privileged};
use crate::forms::Body;
use crate::state::AppState;
use actix_web::web;
use clock::settings::{TimeSettings, TimeSettingsChange};
use hr::commands::{JobRoleCommand, JobRoleInput};
use hr::records::{HrTypeCommand, HrTypeInput, HrTypeView, TypeKind};
use hr::views::JobRoleView;
use kernel::{HrTypeId, JobRoleId};
use pto::types::{PtoTypeCommand, PtoTypeInput, PtoTypeView};
use pto::PtoTypeId;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

crate::routes::route_table! {
    get "/settings/data" => data,
    post "/settings/update" => update,
    get "/settings/overtime" => overtime_rules,
    post "/settings/update-overtime" => update_overtime_rules,
    get "/settings/employee-overtime" => employee_overtime,
    post "/settings/update-employee-overtime" => update_employee_overtime,
    post "/settings/update-role-type" => update_role_type,
    post "/settings/inactive-role-type" => inactive_role_type,
    post "/settings/update-pto-type" => update_pto_type,
    post "/settings/inactive-pto-type" => inactive_pto_type,
    post "/settings/update-event-type" => update_event_type,
    post "/settings/inactive-event-type" => inactive_event_type,
    post "/settings/update-doc-type" => update_doc_type,
    post "/settings/inactive-doc-type" => inactive_doc_type,
    post "/settings/update-policy-type" => update_policy_type,
    post "/settings/inactive-policy-type" => inactive_policy_type,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SettingsView {
    /// `HH:mm`: clock-in opens at this company time.
    pub day_start_at: Option<String>,
    pub mobile_clock_in_disabled: bool,
    /// weekly, biweekly, semimonthly or monthly.
    pub pay_cycle: String,
    pub pay_cycle_anchor: chrono::NaiveDate,
    pub weekly_overtime_minutes: i64,
    /// Managers are mailed when their people are in overtime, or will be by their usual end.
    pub overtime_alert_emails: bool,
    /// Days a press's position and network address are kept (then only its place verdict).
    pub position_retention_days: i64,
    /// Minutes: a shift still open this long is closed provisionally as a missed clock-out.
    pub max_shift_minutes: i64,
    /// Days after its last day a pay period closes by itself; `null`: closed by hand only.
    pub auto_lock_days: Option<i64>,
    /// Minutes after their usual end a person still clocked in is reminded; `null`: off.
    pub end_reminder_minutes: Option<i64>,
}

impl From<TimeSettings> for SettingsView {
    fn from(settings: TimeSettings) -> Self {
        Self {
            day_start_at: settings.day_start_at.map(|time| time.format("%H:%M").to_string()),
            mobile_clock_in_disabled: settings.mobile_clock_in_disabled,
            pay_cycle: settings.pay_cycle.code().to_owned(),
            pay_cycle_anchor: settings.pay_cycle_anchor,
            weekly_overtime_minutes: settings.weekly_overtime_minutes,
            overtime_alert_emails: settings.overtime_alert_emails,
            position_retention_days: settings.position_retention_days,
            max_shift_minutes: settings.max_shift_minutes,
            auto_lock_days: settings.auto_lock_days,
            end_reminder_minutes: settings.end_reminder_minutes,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SettingsData {
    pub settings: SettingsView,
    /// The company's job roles, active and retired.
    pub jobroles: Vec<JobRoleView>,
    /// The company's PTO types (deleted ones left out).
    pub ptotypes: Vec<PtoTypeView>,
    /// The company's PTO plans, with their rules.
    pub ptopolicies: Vec<pto::plans::PlanView>,
    /// Every rule of every plan.
    pub ptorules: Vec<pto::plans::RuleView>,
    /// HR event types, active and retired.
    pub eventtypes: Vec<HrTypeView>,
    /// HR document types, active and retired (with the onboarding flag).
    pub doctypes: Vec<HrTypeView>,
    /// Policy types, active and retired.
    pub policytypes: Vec<HrTypeView>,
}

impl SettingsData {
    /// The lists beside the time settings, each read from the crate that owns it.
    async fn gather(state: &AppState, ctx: &kernel::TenantCtx, settings: SettingsView) -> Result<Self, ApiError> {
        let ptopolicies = state.pto.plans(ctx).await?;
        Ok(SettingsData {
            settings,
            jobroles: state.hr.job_roles(ctx).await?,
            ptotypes: state.pto.pto_types(ctx).await?,
            ptorules: ptopolicies.iter().flat_map(|plan| plan.rules.iter().cloned()).collect(),
            ptopolicies,
            eventtypes: state.hr.hr_types(ctx, TypeKind::Event).await?,
            doctypes: state.hr.hr_types(ctx, TypeKind::Document).await?,
            policytypes: state.hr.hr_types(ctx, TypeKind::Policy).await?,
        })
    }
}

#[utoipa::path(get, path = "/server/v1/settings/data", tag = "settings", security(("bearer" = [])),
    responses((status = 200, body = SettingsData), (status = 403, body = ErrorBody)))]
pub async fn data(state: web::Data<AppState>, guard: Privileged) -> Result<web::Json<SettingsData>, ApiError> {
    let settings = state.clock.settings(&guard.ctx).await?.into();
    Ok(web::Json(SettingsData::gather(&state, &guard.ctx, settings).await?))
}

/// Fields left out stay as they are; an empty `dayStartAt` lets the clock open all day.
#[derive(Debug, Default, Deserialize, ToSchema)]
/// Unknown fields are refused (a setting misspelled, or one this server does not have, must not
/// answer 200 and change nothing).
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
pub struct SettingsUpdate {
    pub day_start_at: Option<String>,
    pub mobile_clock_in_disabled: Option<bool>,
    pub pay_cycle: Option<String>,
    pub pay_cycle_anchor: Option<String>,
    pub weekly_overtime_minutes: Option<i64>,
    pub overtime_alert_emails: Option<bool>,
    pub position_retention_days: Option<i64>,
    pub max_shift_minutes: Option<i64>,
    /// 1–60 days; 0 closes pay periods by hand only.
    pub auto_lock_days: Option<i64>,
    /// 5–720 minutes; 0 turns the reminder off.
    pub end_reminder_minutes: Option<i64>,
}

#[utoipa::path(post, path = "/server/v1/settings/update", tag = "settings", security(("bearer" = [])),
    request_body = SettingsUpdate,
    responses((status = 200, body = SettingsData), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody)))]
pub async fn update(
    state: web::Data<AppState>,
    guard: Admin,
    body: Body<SettingsUpdate>,
) -> Result<web::Json<SettingsData>, ApiError> {
    let body = body.into_inner();
    let change = TimeSettingsChange {
        day_start_at: body.day_start_at,
        mobile_clock_in_disabled: body.mobile_clock_in_disabled,
        pay_cycle: body.pay_cycle,
        pay_cycle_anchor: body.pay_cycle_anchor,
        weekly_overtime_minutes: body.weekly_overtime_minutes,
        overtime_alert_emails: body.overtime_alert_emails,
        position_retention_days: body.position_retention_days,
        max_shift_minutes: body.max_shift_minutes,
        auto_lock_days: body.auto_lock_days,
        end_reminder_minutes: body.end_reminder_minutes,
    };
    let settings = state.clock.update_settings(&guard.ctx, &change).await?.into();
    Ok(web::Json(SettingsData::gather(&state, &guard.ctx, settings).await?))
}

/// A rule set Timekeep knows, as an admin chooses it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RuleSetView {
    /// `us-flsa`, `us-ca`, `us-ak`, `us-nv` or `us-co`.
    pub id: String,
    pub name: String,
    /// What the rules do, in plain language.
    pub summary: String,
    pub citation: String,
    pub sources: Vec<String>,
    pub effective_from: chrono::NaiveDate,
    pub effective_to: Option<chrono::NaiveDate>,
}

/// One version of the company's overtime rules.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OvertimeVersionView {
    /// `null` for the rules before any choice (they hold since always).
    pub effective_from: Option<chrono::NaiveDate>,
    /// A rule set's id, or `custom`.
    pub jurisdiction: String,
    /// 0 = Sunday … 6 = Saturday.
    pub workweek_first_day: u32,
    /// 0–23: the hour each workday (and the workweek) begins.
    pub workday_start_hour: u32,
    /// The company's own figures (`custom` only).
    pub weekly_minutes: Option<i64>,
    pub daily_overtime_minutes: Option<i64>,
    pub daily_double_minutes: Option<i64>,
    pub overtime_percent: u32,
    pub double_percent: u32,
}

impl From<clock::overtime_policy::PolicyVersion> for OvertimeVersionView {
    fn from(version: clock::overtime_policy::PolicyVersion) -> Self {
        let custom = version.jurisdiction == overtime::Jurisdiction::Custom;
        OvertimeVersionView {
            effective_from: (version.effective_from != chrono::NaiveDate::MIN).then_some(version.effective_from),
            jurisdiction: version.jurisdiction.code().to_owned(),
            workweek_first_day: clock::overtime_policy::day_number(version.workweek_first_day),
            workday_start_hour: version.workday_start_hour,
            weekly_minutes: version.custom.weekly_minutes.filter(|_| custom),
            daily_overtime_minutes: version.custom.daily_overtime_minutes.filter(|_| custom),
            daily_double_minutes: version.custom.daily_double_minutes.filter(|_| custom),
            overtime_percent: version.custom.overtime_percent,
            double_percent: version.custom.double_percent,
        }
    }
}

/// `GET /settings/overtime`: the rule sets to choose from, the rules in force today and every
/// version the company chose (none: the weekly threshold of the time settings).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OvertimeRulesView {
    pub rule_sets: Vec<RuleSetView>,
    /// The rules in force on the company's today.
    pub current: OvertimeVersionView,
    /// Every version, oldest first.
    pub versions: Vec<OvertimeVersionView>,
}

fn overtime_view(policy: &clock::overtime_policy::OvertimePolicy, today: chrono::NaiveDate) -> OvertimeRulesView {
    OvertimeRulesView {
        rule_sets: overtime::current_rule_sets(today)
            .into_iter()
            .map(|set| RuleSetView {
                id: set.id.code().to_owned(),
                name: set.name.to_owned(),
                summary: set.summary.to_owned(),
                citation: set.citation.to_owned(),
                sources: set.sources.iter().map(|source| (*source).to_owned()).collect(),
                effective_from: set.effective_from,
                effective_to: set.effective_to,
            })
            .collect(),
        current: policy.in_force(today).into(),
        versions: policy.versions.iter().copied().map(OvertimeVersionView::from).collect(),
    }
}

#[utoipa::path(get, path = "/server/v1/settings/overtime", tag = "settings", security(("bearer" = [])),
    responses((status = 200, body = OvertimeRulesView), (status = 403, body = ErrorBody)))]
pub async fn overtime_rules(
    state: web::Data<AppState>,
    guard: Privileged,
) -> Result<web::Json<OvertimeRulesView>, ApiError> {
    let policy = state.clock.overtime_policy(&guard.ctx).await?;
    let today = kernel::time::local_date(guard.ctx.time_zone(), chrono::Utc::now());
    Ok(web::Json(overtime_view(&policy, today)))
}

/// New overtime rules from `effectiveFrom` on (a version of the same date is replaced). The
/// company's own figures are read only for `custom`.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct OvertimeRulesUpdate {
    /// `YYYY-MM-DD`: not before the company was created, at most a year ahead.
    pub effective_from: String,
    /// `us-flsa`, `us-ca`, `us-ak`, `us-nv`, `us-co` or `custom`.
    pub jurisdiction: String,
    /// 0 = Sunday … 6 = Saturday.
    #[serde(default)]
    pub workweek_first_day: i64,
    /// 0–23.
    #[serde(default)]
    pub workday_start_hour: i64,
    /// 60–10,080 (1 to 168 hours).
    pub weekly_minutes: Option<i64>,
    /// 60–1,440 (1 to 24 hours).
    pub daily_overtime_minutes: Option<i64>,
    /// 60–1,440, after daily overtime.
    pub daily_double_minutes: Option<i64>,
    /// 100–300 (1× to 3×); default 150.
    pub overtime_percent: Option<i64>,
    /// 100–300; default 200.
    pub double_percent: Option<i64>,
}

#[utoipa::path(post, path = "/server/v1/settings/update-overtime", tag = "settings", security(("bearer" = [])),
    request_body = OvertimeRulesUpdate,
    responses((status = 200, body = OvertimeRulesView), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody)))]
pub async fn update_overtime_rules(
    state: web::Data<AppState>,
    guard: Admin,
    body: Body<OvertimeRulesUpdate>,
) -> Result<web::Json<OvertimeRulesView>, ApiError> {
    let body = body.into_inner();
    let change = clock::overtime_policy::PolicyChange {
        effective_from: body.effective_from,
        jurisdiction: body.jurisdiction,
        workweek_first_day: body.workweek_first_day,
        workday_start_hour: body.workday_start_hour,
        weekly_minutes: body.weekly_minutes,
        daily_overtime_minutes: body.daily_overtime_minutes,
        daily_double_minutes: body.daily_double_minutes,
        overtime_percent: body.overtime_percent,
        double_percent: body.double_percent,
    };
    let policy = state.clock.change_overtime_policy(&guard.ctx, &change).await?;
    let today = kernel::time::local_date(guard.ctx.time_zone(), chrono::Utc::now());
    Ok(web::Json(overtime_view(&policy, today)))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct EmployeeQuery {
    /// The person's id.
    pub id: i64,
}

/// A person's own overtime rules (someone the caller reaches).
#[utoipa::path(get, path = "/server/v1/settings/employee-overtime", tag = "settings", security(("bearer" = [])),
    params(EmployeeQuery),
    responses((status = 200, body = timesheet::pay_hours::PersonOvertimeView), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn employee_overtime(
    state: web::Data<AppState>,
    guard: Privileged,
    query: web::Query<EmployeeQuery>,
) -> Result<web::Json<timesheet::pay_hours::PersonOvertimeView>, ApiError> {
    Ok(web::Json(state.timesheet.person_overtime(&guard.ctx, query.id).await?))
}

/// A person's own overtime rules from `effectiveFrom` on: another state's rule set (or `null`,
/// the company's), and Nevada's two facts.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct EmployeeOvertimeUpdate {
    pub employee_id: i64,
    /// `YYYY-MM-DD`: not before the company existed, at most a year ahead.
    pub effective_from: String,
    /// `us-flsa`, `us-ca`, `us-ak`, `us-nv`, `us-co`; `null` or absent: the company's rules.
    pub jurisdiction: Option<String>,
    /// Nevada: paid under 1.5× the state minimum wage.
    #[serde(default)]
    pub under_wage_line: bool,
    /// Nevada: on an agreed schedule of four 10-hour days.
    #[serde(default)]
    pub four_tens: bool,
}

#[utoipa::path(post, path = "/server/v1/settings/update-employee-overtime", tag = "settings", security(("bearer" = [])),
    request_body = EmployeeOvertimeUpdate,
    responses((status = 200, body = timesheet::pay_hours::PersonOvertimeView), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn update_employee_overtime(
    state: web::Data<AppState>,
    guard: Admin,
    body: Body<EmployeeOvertimeUpdate>,
) -> Result<web::Json<timesheet::pay_hours::PersonOvertimeView>, ApiError> {
    let body = body.into_inner();
    let change = clock::overtime_policy::PersonRulesChange {
        effective_from: body.effective_from,
        jurisdiction: body.jurisdiction,
        under_wage_line: body.under_wage_line,
        four_tens: body.four_tens,
    };
    Ok(web::Json(state.timesheet.change_person_overtime(&guard.ctx, body.employee_id, &change).await?))
}

/// Adds a job role, or renames one when `id` is given.
#[utoipa::path(post, path = "/server/v1/settings/update-role-type", tag = "settings", security(("bearer" = [])),
    request_body = JobRoleInput,
    responses((status = 200, body = JobRoleView), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn update_role_type(
    state: web::Data<AppState>,
    guard: Privileged,
    body: Body<JobRoleInput>,
) -> Result<web::Json<JobRoleView>, ApiError> {
    let command = JobRoleCommand::parse(&body).map_err(ApiError::validation)?;
    Ok(web::Json(state.hr.save_job_role(&guard.ctx, command).await?))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct RoleQuery {
    /// The job role's id.
    pub id: i64,
}

/// Retires a job role: it leaves the pickers, people keep it.
#[utoipa::path(post, path = "/server/v1/settings/inactive-role-type", tag = "settings", security(("bearer" = [])),
    params(RoleQuery),
    responses((status = 200, body = JobRoleView), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn inactive_role_type(
    state: web::Data<AppState>,
    guard: Privileged,
    query: web::Query<RoleQuery>,
) -> Result<web::Json<JobRoleView>, ApiError> {
    Ok(web::Json(state.hr.retire_job_role(&guard.ctx, JobRoleId(query.id)).await?))
}

/// Adds a PTO type, or edits one when `id` is a saved type's (a new type may carry the screen's
/// temporary negative id). `overrides` replace the type's allowances per job role.
#[utoipa::path(post, path = "/server/v1/settings/update-pto-type", tag = "settings", security(("bearer" = [])),
    request_body = PtoTypeInput,
    responses((status = 200, body = PtoTypeView), (status = 400, description = "Field errors with the spec's messages", body = ErrorBody),
        (status = 403, description = "Admins only", body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn update_pto_type(
    state: web::Data<AppState>,
    guard: Admin,
    body: Body<PtoTypeInput>,
) -> Result<web::Json<PtoTypeView>, ApiError> {
    let command = PtoTypeCommand::parse(&body).map_err(ApiError::validation)?;
    Ok(web::Json(state.pto.save_pto_type(&guard.ctx, command).await?))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PtoTypeQuery {
    /// The PTO type's id.
    pub id: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Deleted {
    pub id: i64,
}

/// Deletes a PTO type: it is hidden everywhere, the records that name it stay.
#[utoipa::path(post, path = "/server/v1/settings/inactive-pto-type", tag = "settings", security(("bearer" = [])),
    params(PtoTypeQuery),
    responses((status = 200, body = Deleted), (status = 403, description = "Admins only", body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 409, description = "A plan includes the type", body = ErrorBody)))]
pub async fn inactive_pto_type(
    state: web::Data<AppState>,
    guard: Admin,
    query: web::Query<PtoTypeQuery>,
) -> Result<web::Json<Deleted>, ApiError> {
    state.pto.delete_pto_type(&guard.ctx, PtoTypeId(query.id)).await?;
    Ok(web::Json(Deleted { id: query.id }))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct TypeQuery {
    /// The type's id.
    pub id: i64,
}

/// The two calls of one kind of HR type (event, document, policy): add or rename, and retire.
/// Managers and admins keep them, like job roles.
macro_rules! hr_type_routes {
    ($kind:expr, $update:ident, $update_path:literal, $inactive:ident, $inactive_path:literal, $what:literal) => {
        #[doc = concat!("Adds ", $what, ", or renames one when `id` is given (which brings it back if retired).")]
        #[utoipa::path(post, path = $update_path, tag = "settings", security(("bearer" = [])),
            request_body = HrTypeInput,
            responses((status = 200, body = HrTypeView), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody),
                (status = 404, body = ErrorBody)))]
        pub async fn $update(
            state: web::Data<AppState>,
            guard: Privileged,
            body: Body<HrTypeInput>,
        ) -> Result<web::Json<HrTypeView>, ApiError> {
            let command = HrTypeCommand::parse($kind, &body).map_err(ApiError::validation)?;
            Ok(web::Json(state.hr.save_hr_type(&guard.ctx, command).await?))
        }

        #[doc = concat!("Retires ", $what, ": it leaves the pickers; records keep it.")]
        #[utoipa::path(post, path = $inactive_path, tag = "settings", security(("bearer" = [])),
            params(TypeQuery),
            responses((status = 200, body = HrTypeView), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
        pub async fn $inactive(
            state: web::Data<AppState>,
            guard: Privileged,
            query: web::Query<TypeQuery>,
        ) -> Result<web::Json<HrTypeView>, ApiError> {
            Ok(web::Json(state.hr.retire_hr_type(&guard.ctx, $kind, HrTypeId(query.id)).await?))
        }
    };
}

hr_type_routes!(
    TypeKind::Event,
    update_event_type,
    "/server/v1/settings/update-event-type",
    inactive_event_type,
    "/server/v1/settings/inactive-event-type",
    "an HR event type"
);
hr_type_routes!(
    TypeKind::Document,
    update_doc_type,
    "/server/v1/settings/update-doc-type",
    inactive_doc_type,
    "/server/v1/settings/inactive-doc-type",
    "an HR document type (`onboardingDoc`: 1 asks new employees for one)"
);
hr_type_routes!(
    TypeKind::Policy,
    update_policy_type,
    "/server/v1/settings/update-policy-type",
    inactive_policy_type,
    "/server/v1/settings/inactive-policy-type",
    "a policy type"
);
