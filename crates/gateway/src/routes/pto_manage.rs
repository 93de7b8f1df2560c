//! PTO set-up (002 §7 "PTO manage" and the plan calls of "Settings"): the data of
//! /admin/ptomanage, a plan's enrolled people, and admins' plan changes; an employee's PTO in
//! their folder and the manual additions (001 §7).

use crate::error::{ApiError, ErrorBody};
use crate::extractors::{scope, Admin, Member, Privileged};
use crate::forms::Body;
use crate::state::AppState;
use actix_web::web;
use pto::assumed_hours::{AssumedHoursCommand, AssumedHoursInput};
use pto::plans::{PlanCommand, PlanEmployee, PlanInput, PlanView, PtoManageData};
use pto::rules::{RuleDeleteCommand, RuleEditCommand, RuleEditInput};
use pto::sick_leave::{ComplianceReport, SickLeaveCheck, SickLeaveCheckCommand, SickLeaveCheckInput, SickLeaveLaws};
use pto::switching::{
    Allocation, BalanceDetail, BalanceDetailInput, EmployeePtoTypesInput, SwitchCommand, SwitchInput,
};
use pto::{EmployeePto, ManualAdditionCommand, ManualAdditionInput, PlanId, PtoRowView};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

crate::routes::route_table! {
    get "/pto-manage/data" => data,
    get "/pto-manage/plan-employees" => plan_employees,
    post "/settings/save-pto-plan" => save_pto_plan,
    post "/settings/update-pto-policy" => update_pto_policy,
    post "/settings/inactive-pto-policy" => inactive_pto_policy,
    post "/settings/update-pto-rule" => update_pto_rule,
    post "/settings/inactive-pto-rule" => inactive_pto_rule,
    get "/manage/employee-pto" => employee_pto,
    post "/manage/manually-add-pto" => manually_add_pto,
    post "/manage/employee-pto-assumed-hours" => employee_pto_assumed_hours,
    post "/manage/remove-manual-pto-addition" => remove_manual_pto_addition,
    post "/settings/get-balance-detail" => get_balance_detail,
    post "/settings/switch-pto-plan" => switch_pto_plan,
    post "/manage/save-employee-pto-types" => save_employee_pto_types,
    post "/manage/delete-pto-plan-switch-history" => delete_pto_plan_switch_history,
    get "/pto/employee-pto-types" => employee_pto_types,
    get "/pto-manage/allocation" => allocation,
    get "/pto-manage/sick-leave-laws" => sick_leave_laws,
    post "/pto-manage/sick-leave-check" => sick_leave_check,
    get "/pto-manage/sick-leave-compliance" => sick_leave_compliance,
    get "/pto-manage/accrual-health" => accrual_health,
}

#[utoipa::path(get, path = "/server/v1/pto-manage/data", tag = "pto", security(("bearer" = [])),
    responses((status = 200, body = PtoManageData), (status = 403, body = ErrorBody)))]
pub async fn data(state: web::Data<AppState>, guard: Privileged) -> Result<web::Json<PtoManageData>, ApiError> {
    Ok(web::Json(state.pto.manage_data(&guard.ctx).await?))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct PlanEmployeesQuery {
    /// The plan.
    pub pto_policy_id: i64,
    /// The year; the company's current year when left out.
    pub year: Option<i32>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PlanEmployees {
    pub employees: Vec<PlanEmployee>,
}

#[utoipa::path(get, path = "/server/v1/pto-manage/plan-employees", tag = "pto", security(("bearer" = [])),
    params(PlanEmployeesQuery),
    responses((status = 200, body = PlanEmployees), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn plan_employees(
    state: web::Data<AppState>,
    guard: Privileged,
    query: web::Query<PlanEmployeesQuery>,
) -> Result<web::Json<PlanEmployees>, ApiError> {
    let year = query.year.unwrap_or_else(|| state.pto.this_year(&guard.ctx));
    Ok(web::Json(PlanEmployees {
        employees: state.pto.plan_employees(&guard.ctx, PlanId(query.pto_policy_id), year).await?,
    }))
}

/// The wizard's submit: a new plan with its rules, enrolling the people it is assigned to.
#[utoipa::path(post, path = "/server/v1/settings/save-pto-plan", tag = "pto", security(("bearer" = [])),
    request_body = PlanInput,
    responses((status = 200, body = PlanView), (status = 400, description = "Field errors, the engine's rule messages under rules[i]", body = ErrorBody),
        (status = 403, description = "Admins only", body = ErrorBody)))]
pub async fn save_pto_plan(
    state: web::Data<AppState>,
    guard: Admin,
    body: Body<PlanInput>,
) -> Result<web::Json<PlanView>, ApiError> {
    let mut input = body.into_inner();
    input.id = None;
    let command = PlanCommand::parse(&input, state.pto.this_year(&guard.ctx)).map_err(ApiError::validation)?;
    Ok(web::Json(state.pto.save_plan(&guard.ctx, command).await?))
}

/// The edit panel: a plan's name and rules, and people added for a year.
#[utoipa::path(post, path = "/server/v1/settings/update-pto-policy", tag = "pto", security(("bearer" = [])),
    request_body = PlanInput,
    responses((status = 200, body = PlanView), (status = 400, body = ErrorBody), (status = 403, description = "Admins only", body = ErrorBody),
        (status = 404, body = ErrorBody)))]
pub async fn update_pto_policy(
    state: web::Data<AppState>,
    guard: Admin,
    body: Body<PlanInput>,
) -> Result<web::Json<PlanView>, ApiError> {
    let input = body.into_inner();
    if input.id.is_none() {
        return Err(ApiError::validation(kernel::FieldErrors::single("id", "Please choose the PTO plan")));
    }
    let command = PlanCommand::parse(&input, state.pto.this_year(&guard.ctx)).map_err(ApiError::validation)?;
    Ok(web::Json(state.pto.save_plan(&guard.ctx, command).await?))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PlanQuery {
    /// The plan's id.
    pub id: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct DeletedPlan {
    pub id: i64,
}

/// Deletes a plan nobody is enrolled in.
#[utoipa::path(post, path = "/server/v1/settings/inactive-pto-policy", tag = "pto", security(("bearer" = [])),
    params(PlanQuery),
    responses((status = 200, body = DeletedPlan), (status = 403, description = "Admins only", body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, description = "People are enrolled in it", body = ErrorBody)))]
pub async fn inactive_pto_policy(
    state: web::Data<AppState>,
    guard: Admin,
    query: web::Query<PlanQuery>,
) -> Result<web::Json<DeletedPlan>, ApiError> {
    state.pto.delete_plan(&guard.ctx, PlanId(query.id)).await?;
    Ok(web::Json(DeletedPlan { id: query.id }))
}

/// Edits a rule of a plan (`id`) or adds one for a type the plan lacks; the change is recorded
/// in the PTO history of everyone in the plan, whose balances are recalculated with it.
#[utoipa::path(post, path = "/server/v1/settings/update-pto-rule", tag = "pto", security(("bearer" = [])),
    request_body = RuleEditInput,
    responses((status = 200, body = PlanView), (status = 400, description = "Field errors on the rule's fields (the engine's messages)", body = ErrorBody),
        (status = 403, description = "Admins only", body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn update_pto_rule(
    state: web::Data<AppState>,
    guard: Admin,
    body: Body<RuleEditInput>,
) -> Result<web::Json<PlanView>, ApiError> {
    let command = RuleEditCommand::parse(&body).map_err(ApiError::validation)?;
    Ok(web::Json(state.pto.save_rule(&guard.ctx, command).await?))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct RuleQuery {
    /// The rule's id.
    pub id: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct DeletedRule {
    pub id: i64,
}

/// Removes a rule from its plan (recorded like an edit); a plan's last rule stays.
#[utoipa::path(post, path = "/server/v1/settings/inactive-pto-rule", tag = "pto", security(("bearer" = [])),
    params(RuleQuery),
    responses((status = 200, body = DeletedRule), (status = 403, description = "Admins only", body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, description = "The plan's last rule", body = ErrorBody)))]
pub async fn inactive_pto_rule(
    state: web::Data<AppState>,
    guard: Admin,
    query: web::Query<RuleQuery>,
) -> Result<web::Json<DeletedRule>, ApiError> {
    state.pto.delete_rule(&guard.ctx, RuleDeleteCommand { id: pto::RuleId(query.id) }).await?;
    Ok(web::Json(DeletedRule { id: query.id }))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct EmployeeQuery {
    /// The employee.
    pub id: i64,
}

/// An employee's PTO: the plan in force, a row per type (the engine's figures, in minutes; a
/// balance of -1000 is "not set up"), and the history entries made by hand.
#[utoipa::path(get, path = "/server/v1/manage/employee-pto", tag = "pto", security(("bearer" = []), ("api_key" = ["time_off:read"])),
    params(EmployeeQuery),
    responses((status = 200, body = EmployeePto), (status = 404, description = "Not in the caller's company and reach", body = ErrorBody)))]
pub async fn employee_pto(
    state: web::Data<AppState>,
    member: Member<scope::TimeOffRead>,
    query: web::Query<EmployeeQuery>,
) -> Result<web::Json<EmployeePto>, ApiError> {
    Ok(web::Json(state.pto.employee_pto(&member.ctx, kernel::UserId(query.id)).await?))
}

/// Admins add time of a type to someone else's balance for a year (negative to correct).
#[utoipa::path(post, path = "/server/v1/manage/manually-add-pto", tag = "pto", security(("bearer" = []), ("api_key" = ["time_off:write"])),
    request_body = ManualAdditionInput,
    responses((status = 200, body = EmployeePto), (status = 400, body = ErrorBody), (status = 403, description = "Admins only", body = ErrorBody),
        (status = 404, body = ErrorBody)))]
pub async fn manually_add_pto(
    state: web::Data<AppState>,
    guard: Admin<scope::TimeOffWrite>,
    body: Body<ManualAdditionInput>,
) -> Result<web::Json<EmployeePto>, ApiError> {
    let command = ManualAdditionCommand::parse(&body, state.pto.this_year(&guard.ctx)).map_err(ApiError::validation)?;
    Ok(web::Json(state.pto.add_manually(&guard.ctx, command).await?))
}

/// Admins set the assumed week of someone exempt from overtime (issue 38): their per-hour-worked
/// accrual counts it instead of the clock's hours; empty goes back to hours worked.
#[utoipa::path(post, path = "/server/v1/manage/employee-pto-assumed-hours", tag = "pto", security(("bearer" = [])),
    request_body = AssumedHoursInput,
    responses((status = 200, body = EmployeePto), (status = 400, body = ErrorBody), (status = 403, description = "Admins only", body = ErrorBody),
        (status = 404, body = ErrorBody)))]
pub async fn employee_pto_assumed_hours(
    state: web::Data<AppState>,
    guard: Admin,
    body: Body<AssumedHoursInput>,
) -> Result<web::Json<EmployeePto>, ApiError> {
    let command = AssumedHoursCommand::parse(&body).map_err(ApiError::validation)?;
    Ok(web::Json(state.pto.set_assumed_hours(&guard.ctx, command).await?))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct HistoryEntryRef {
    /// The history entry.
    pub id: Option<i64>,
}

/// Admins remove a manual addition; the balance is recomputed without it.
#[utoipa::path(post, path = "/server/v1/manage/remove-manual-pto-addition", tag = "pto", security(("bearer" = [])),
    request_body = HistoryEntryRef,
    responses((status = 200, body = EmployeePto), (status = 400, body = ErrorBody), (status = 403, description = "Admins only", body = ErrorBody),
        (status = 404, body = ErrorBody)))]
pub async fn remove_manual_pto_addition(
    state: web::Data<AppState>,
    guard: Admin,
    body: Body<HistoryEntryRef>,
) -> Result<web::Json<EmployeePto>, ApiError> {
    let id =
        body.id.ok_or_else(|| ApiError::validation(kernel::FieldErrors::single("id", "Please choose the entry")))?;
    Ok(web::Json(state.pto.remove_manual_addition(&guard.ctx, kernel::PtoHistoryEntryId(id)).await?))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct BalanceDetails {
    pub employees: Vec<BalanceDetail>,
}

/// Each person's balances (minutes) under the plan they have and under the new one, before a
/// switch: the new plan is a saved one (`ptoPolicyId`) or the wizard's `rules`.
#[utoipa::path(post, path = "/server/v1/settings/get-balance-detail", tag = "pto", security(("bearer" = [])),
    request_body = BalanceDetailInput,
    responses((status = 200, body = BalanceDetails), (status = 400, body = ErrorBody), (status = 403, description = "Admins only", body = ErrorBody),
        (status = 404, body = ErrorBody)))]
pub async fn get_balance_detail(
    state: web::Data<AppState>,
    guard: Admin,
    body: Body<BalanceDetailInput>,
) -> Result<web::Json<BalanceDetails>, ApiError> {
    Ok(web::Json(BalanceDetails { employees: state.pto.balance_detail(&guard.ctx, &body).await? }))
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Switched {
    pub employee_ids: Vec<i64>,
}

/// People join or move to a plan for a year, with starting balances (hours) per type.
#[utoipa::path(post, path = "/server/v1/settings/switch-pto-plan", tag = "pto", security(("bearer" = [])),
    request_body = SwitchInput,
    responses((status = 200, body = Switched), (status = 400, body = ErrorBody), (status = 403, description = "Admins only", body = ErrorBody),
        (status = 404, body = ErrorBody)))]
pub async fn switch_pto_plan(
    state: web::Data<AppState>,
    guard: Admin,
    body: Body<SwitchInput>,
) -> Result<web::Json<Switched>, ApiError> {
    let command = SwitchCommand::parse(&body, state.pto.this_year(&guard.ctx)).map_err(ApiError::validation)?;
    let employee_ids = command.employees.iter().map(|id| id.0).collect();
    state.pto.switch_plan(&guard.ctx, command).await?;
    Ok(web::Json(Switched { employee_ids }))
}

/// The folder's PTO edit dock: an employee's plan and starting balances, copied to others.
#[utoipa::path(post, path = "/server/v1/manage/save-employee-pto-types", tag = "pto", security(("bearer" = [])),
    request_body = EmployeePtoTypesInput,
    responses((status = 200, body = EmployeePto), (status = 400, body = ErrorBody), (status = 403, description = "Admins only", body = ErrorBody),
        (status = 404, body = ErrorBody)))]
pub async fn save_employee_pto_types(
    state: web::Data<AppState>,
    guard: Admin,
    body: Body<EmployeePtoTypesInput>,
) -> Result<web::Json<EmployeePto>, ApiError> {
    let employee = body
        .employee_id
        .ok_or_else(|| ApiError::validation(kernel::FieldErrors::single("employeeId", "Please choose the employee")))?;
    let command =
        SwitchCommand::parse(&body.to_switch(), state.pto.this_year(&guard.ctx)).map_err(ApiError::validation)?;
    Ok(web::Json(state.pto.save_employee_setup(&guard.ctx, kernel::UserId(employee), command).await?))
}

/// Removes a NEW_PTO_PLAN history entry: its switch is undone, the replaced plan is back.
#[utoipa::path(post, path = "/server/v1/manage/delete-pto-plan-switch-history", tag = "pto", security(("bearer" = [])),
    request_body = HistoryEntryRef,
    responses((status = 200, body = EmployeePto), (status = 400, body = ErrorBody), (status = 403, description = "Admins only", body = ErrorBody),
        (status = 404, body = ErrorBody)))]
pub async fn delete_pto_plan_switch_history(
    state: web::Data<AppState>,
    guard: Admin,
    body: Body<HistoryEntryRef>,
) -> Result<web::Json<EmployeePto>, ApiError> {
    let id =
        body.id.ok_or_else(|| ApiError::validation(kernel::FieldErrors::single("id", "Please choose the entry")))?;
    Ok(web::Json(state.pto.undo_switch(&guard.ctx, kernel::PtoHistoryEntryId(id)).await?))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct EmployeeTypesQuery {
    /// The employee.
    pub id: i64,
    /// A plan to see the rows under, as if the employee moved to it today.
    pub pto_policy_id: Option<i64>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct EmployeePtoTypes {
    pub types: Vec<PtoRowView>,
}

/// An employee's PTO rows (minutes) under the plan in force, or under another plan from today.
#[utoipa::path(get, path = "/server/v1/pto/employee-pto-types", tag = "pto", security(("bearer" = [])),
    params(EmployeeTypesQuery),
    responses((status = 200, body = EmployeePtoTypes), (status = 404, description = "Not in the caller's company and reach", body = ErrorBody)))]
pub async fn employee_pto_types(
    state: web::Data<AppState>,
    member: Member,
    query: web::Query<EmployeeTypesQuery>,
) -> Result<web::Json<EmployeePtoTypes>, ApiError> {
    let types =
        state.pto.employee_pto_types(&member.ctx, kernel::UserId(query.id), query.pto_policy_id.map(PlanId)).await?;
    Ok(web::Json(EmployeePtoTypes { types }))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AllocationQuery {
    /// The current or the next year; the current one when left out.
    pub year: Option<i32>,
}

/// PTO Allocation (/admin/manage/batch-pto): each active employee's plan for the year and the
/// starting balance (minutes) of each of its types. Saved with `switch-pto-plan`.
#[utoipa::path(get, path = "/server/v1/pto-manage/allocation", tag = "pto", security(("bearer" = [])),
    params(AllocationQuery),
    responses((status = 200, body = Allocation), (status = 400, body = ErrorBody), (status = 403, description = "Admins only", body = ErrorBody)))]
pub async fn allocation(
    state: web::Data<AppState>,
    guard: Admin,
    query: web::Query<AllocationQuery>,
) -> Result<web::Json<Allocation>, ApiError> {
    Ok(web::Json(state.pto.allocation(&guard.ctx, query.year).await?))
}

/// The paid-sick-leave laws in force today, each tier with the rule that meets it (the plan
/// wizard's "Start from a law"), the company's headcount and the laws of its address.
#[utoipa::path(get, path = "/server/v1/pto-manage/sick-leave-laws", tag = "pto", security(("bearer" = [])),
    responses((status = 200, body = SickLeaveLaws), (status = 403, description = "Admins only", body = ErrorBody)))]
pub async fn sick_leave_laws(state: web::Data<AppState>, guard: Admin) -> Result<web::Json<SickLeaveLaws>, ApiError> {
    Ok(web::Json(state.pto.sick_leave_laws(&guard.ctx).await?))
}

/// A rule as the wizard has it, against one law for an employer of a given size: where it gives
/// less than the law ('Balance cap 40 h is below California's 80 h').
#[utoipa::path(post, path = "/server/v1/pto-manage/sick-leave-check", tag = "pto", security(("bearer" = [])),
    request_body = SickLeaveCheckInput,
    responses((status = 200, body = SickLeaveCheck),
        (status = 400, description = "An unknown law, a size out of range or not covered, the rule form's errors under rule.<field>", body = ErrorBody),
        (status = 403, description = "Admins only", body = ErrorBody)))]
pub async fn sick_leave_check(
    state: web::Data<AppState>,
    guard: Admin,
    body: Body<SickLeaveCheckInput>,
) -> Result<web::Json<SickLeaveCheck>, ApiError> {
    let command = SickLeaveCheckCommand::parse(&body).map_err(ApiError::validation)?;
    Ok(web::Json(state.pto.check_sick_leave_rule(&guard.ctx, command)?))
}

/// Every plan against the paid-sick-leave laws where its people work: per place, the laws, the
/// plan's closest type and each shortfall.
#[utoipa::path(get, path = "/server/v1/pto-manage/sick-leave-compliance", tag = "pto", security(("bearer" = [])),
    responses((status = 200, body = ComplianceReport), (status = 403, description = "Admins only", body = ErrorBody)))]
pub async fn sick_leave_compliance(
    state: web::Data<AppState>,
    guard: Admin,
) -> Result<web::Json<ComplianceReport>, ApiError> {
    Ok(web::Json(state.pto.sick_leave_compliance(&guard.ctx).await?))
}

/// Whether the accrual job keeps the company's balances brought forward: a warning when its last
/// run failed, when it has not finished a run for more than a day, or when it could not compute
/// some of the company's people (each named, with the rule).
#[utoipa::path(get, path = "/server/v1/pto-manage/accrual-health", tag = "pto", security(("bearer" = [])),
    responses((status = 200, body = pto::accrual_health::AccrualHealth), (status = 403, description = "Admins only", body = ErrorBody)))]
pub async fn accrual_health(
    state: web::Data<AppState>,
    guard: Admin,
) -> Result<web::Json<pto::accrual_health::AccrualHealth>, ApiError> {
    Ok(web::Json(state.pto.accrual_health(&guard.ctx, chrono::Utc::now()).await?))
}
