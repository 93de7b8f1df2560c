//! `/profile/*` and `/team/mine`: a person's own profile and their colleagues (spec 000 §5).

use crate::error::{ApiError, ErrorBody};
use crate::extractors::{Member, NotImpersonating, SignedIn};
use crate::forms::{read_upload, Body};
use crate::routes::auth::SessionResponse;
use crate::routes::manage::AvatarResponse;
use crate::state::AppState;
use actix_web::{web, HttpRequest};
use hr::commands::{ProfileCommand, ProfileInput};
use hr::views::{EmployeeView, TeamMember};
use serde::Serialize;
use utoipa::ToSchema;

crate::routes::route_table! {
    get "/profile/mine" => mine,
    post "/profile/update" => update,
    post "/profile/update-avatar" => update_avatar,
    post "/profile/remove-avatar" => remove_avatar,
    post "/profile/complete-joyride" => complete_joyride,
    get "/team/mine" => team,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MyProfile {
    pub profile: EmployeeView,
    /// Names and e-mail come from the partner tool and cannot be changed here.
    pub integrated_with_az: bool,
}

#[utoipa::path(get, path = "/server/v1/profile/mine", tag = "profile", security(("bearer" = [])),
    responses((status = 200, body = MyProfile), (status = 401, body = ErrorBody)))]
pub async fn mine(state: web::Data<AppState>, member: Member) -> Result<web::Json<MyProfile>, ApiError> {
    let (profile, integrated_with_az) = state.hr.my_profile(&member.ctx).await?;
    Ok(web::Json(MyProfile { profile, integrated_with_az }))
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpdatedProfile {
    pub profile: EmployeeView,
    /// A changed e-mail waits for the link sent to this address; the old one signs in till then.
    pub email_change_sent_to: Option<String>,
}

#[utoipa::path(post, path = "/server/v1/profile/update", tag = "profile", security(("bearer" = [])),
    request_body = ProfileInput,
    responses(
        (status = 200, body = UpdatedProfile),
        (status = 400, description = "Field errors with the spec's messages", body = ErrorBody),
        (status = 409, description = "The e-mail belongs to another user", body = ErrorBody),
    ))]
pub async fn update(
    state: web::Data<AppState>,
    member: Member,
    _myself: NotImpersonating,
    body: Body<ProfileInput>,
) -> Result<web::Json<UpdatedProfile>, ApiError> {
    let command = ProfileCommand::parse(&body).map_err(ApiError::validation)?;
    let (profile, email_change_sent_to) = state.hr.update_my_profile(&member.ctx, command).await?;
    Ok(web::Json(UpdatedProfile { profile, email_change_sent_to }))
}

/// `multipart/form-data` with `file` (PNG, JPEG, GIF or WebP, at most 5 MB).
#[utoipa::path(post, path = "/server/v1/profile/update-avatar", tag = "profile", security(("bearer" = [])),
    request_body(content = crate::forms::ImageUpload, content_type = "multipart/form-data"),
    responses((status = 200, body = AvatarResponse), (status = 400, body = ErrorBody), (status = 413, body = ErrorBody)))]
pub async fn update_avatar(
    state: web::Data<AppState>,
    member: Member,
    req: HttpRequest,
    payload: web::Payload,
) -> Result<web::Json<AvatarResponse>, ApiError> {
    let upload = read_upload(&req, payload, files::MAX_IMAGE_BYTES).await?;
    Ok(web::Json(AvatarResponse { avatar: state.hr.set_my_avatar(&member.ctx, Some(&upload.file)).await? }))
}

#[utoipa::path(post, path = "/server/v1/profile/remove-avatar", tag = "profile", security(("bearer" = [])),
    responses((status = 200, body = AvatarResponse)))]
pub async fn remove_avatar(state: web::Data<AppState>, member: Member) -> Result<web::Json<AvatarResponse>, ApiError> {
    Ok(web::Json(AvatarResponse { avatar: state.hr.set_my_avatar(&member.ctx, None).await? }))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Team {
    pub members: Vec<TeamMember>,
}

#[utoipa::path(get, path = "/server/v1/team/mine", tag = "profile", security(("bearer" = [])),
    responses((status = 200, body = Team)))]
pub async fn team(state: web::Data<AppState>, member: Member) -> Result<web::Json<Team>, ApiError> {
    Ok(web::Json(Team { members: state.hr.my_team(&member.ctx).await? }))
}

/// The guided tour is done (spec 000 §4, §7 "done"): finished, or skipped from the welcome, on
/// any device. Recorded on the person, so no later sign-in anywhere shows the welcome again; the
/// answer is the session signed again, its token saying `joyride: true`. No body is read.
/// Idempotent. Support acting as the person cannot mark it (403): the tour is theirs to see.
#[utoipa::path(post, path = "/server/v1/profile/complete-joyride", tag = "profile", security(("bearer" = [])),
    responses(
        (status = 200, description = "Recorded; the same session with `joyride: true`", body = SessionResponse),
        (status = 401, body = ErrorBody),
        (status = 403, description = "Not a member of a company, an impersonation, or an expired or suspended account", body = ErrorBody),
    ))]
pub async fn complete_joyride(
    state: web::Data<AppState>,
    _member: Member,
    SignedIn(session): SignedIn,
    _myself: NotImpersonating,
) -> Result<web::Json<SessionResponse>, ApiError> {
    Ok(web::Json(state.accounts.complete_joyride(&session).await?.into()))
}
