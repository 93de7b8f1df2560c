//! The OpenAPI description of every endpoint, served at `/server/v1/openapi.json`.

use crate::error::ErrorBody;
use crate::routes::{
    account, auth, clock, company, contacts, files, health, manage, overview, profile, settings, timesheet,
    MessageResponse,
};
use utoipa::openapi::security::{Http, HttpAuthScheme, SecurityScheme};
use utoipa::{Modify, OpenApi};

#[derive(OpenApi)]
#[openapi(
    info(title = "Timekeep API", description = "Time clock, time off and HR for small companies. Errors share one body (`ErrorBody`); a token past half its life is replaced by the one in the `X-Refreshed-Token` response header."),
    paths(
        auth::login, auth::logout, auth::login_data, auth::reset_password, auth::reset_password_now,
        auth::change_my_password,
        account::signup, account::verify_email, account::signup_data, account::confirm_email_change,
        account::blocked_writes,
        manage::employees, manage::data, manage::user_data, manage::user_full_data, manage::add_user,
        manage::user_avatar, manage::terminate_employee, manage::reactivate_account, manage::add_multiple_users,
        manage::user_activities, manage::activity_details,
        contacts::list, contacts::get, contacts::add, contacts::delete,
        profile::mine, profile::update, profile::update_avatar, profile::remove_avatar, profile::team,
        company::profile, company::update, company::logo,
        files::download,
        overview::dashboard_data, overview::employee_hours, overview::pending_requests, overview::inbox_data,
        clock::status, clock::start, clock::take_break, clock::resume_from_break, clock::end,
        timesheet::list, timesheet::details, timesheet::comments, timesheet::changes, timesheet::requests,
        timesheet::add_comment, timesheet::edit_request, timesheet::edit_request_cancel,
        timesheet::edit_request_approve, timesheet::edit_request_reject, timesheet::edit, timesheet::remove,
        timesheet::paycycle_clocked_hours, timesheet::paycycle_overtime_hours,
        settings::data, settings::update, settings::update_role_type, settings::inactive_role_type,
        health::healthz,
    ),
    components(schemas(ErrorBody, MessageResponse, accounts::Identity)),
    modifiers(&BearerAuth),
)]
pub struct ApiDoc;

struct BearerAuth;

impl Modify for BearerAuth {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme("bearer", SecurityScheme::Http(Http::new(HttpAuthScheme::Bearer)));
    }
}
