//! What the timesheet screens read (spec 000 §3).

use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct BreakView {
    pub from: DateTime<Utc>,
    pub to: Option<DateTime<Utc>>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ActionView {
    /// start, break, resume or end.
    pub action_type: String,
    pub action_date: DateTime<Utc>,
    /// Where the press came from: `web`, `kiosk`, `offline` or `edit` (issue 40).
    pub source: String,
    /// Why the press is flagged by a work location's rule ("412 m outside Main Office, ±35 m");
    /// `null` when it passed or no rule applies.
    pub place_flag: Option<String>,
}

/// A timesheet row: one shift.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct EntryView {
    pub id: i64,
    pub tracking_number: i64,
    pub employee_id: i64,
    pub firstname: String,
    pub lastname: String,
    /// The company day the shift started on (and belongs to).
    pub day: NaiveDate,
    pub start: DateTime<Utc>,
    pub end: Option<DateTime<Utc>>,
    pub breaks: Vec<BreakView>,
    /// Worked minutes, breaks excluded (a running shift: up to now).
    pub totalmins: i64,
    /// `H:MM`.
    pub duration: String,
    /// 2 while an edit request is pending approval, else 0.
    pub entry_status: i16,
    pub current_clock_status: i16,
    pub history: Vec<ActionView>,
    /// Presses of this shift made on a phone without a network (issue 39), oldest first: when
    /// each counts, the phone's own time and how far its clock was off.
    pub offline_presses: Vec<clock::receipts::OfflinePress>,
    /// `clock_out` or `break_end` when Timekeep closed the shift provisionally at its longest
    /// (a missed punch, issue 40); `null` otherwise.
    pub missed_punch: Option<String>,
    /// The missed punch still waits for a correction or an "accept as is".
    pub missed_open: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct EmployeeSummary {
    pub id: i64,
    pub firstname: String,
    pub lastname: String,
    pub avatar: Option<String>,
    pub current_clock_status: i16,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct EntryList {
    pub entries: Vec<EntryView>,
    pub total_count: u64,
    pub employee: EmployeeSummary,
    /// The manager's reviews of the person's periods that overlap the range asked for ("Approved
    /// by Max Manager"), earliest first.
    pub reviews: Vec<PeriodReview>,
}

/// A manager's approval of one person's timesheet for a period (a week or a pay period).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct PeriodReview {
    pub employee_id: i64,
    /// The period's first and last company day.
    pub start: NaiveDate,
    pub end: NaiveDate,
    /// Who approved it, by full name.
    pub reviewed_by: String,
    pub reviewed_at: DateTime<Utc>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct CommentView {
    pub id: i64,
    pub entry_id: i64,
    pub comment: String,
    pub comment_date: DateTime<Utc>,
    pub firstname: String,
    pub lastname: String,
    pub employee_id: i64,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ChangeView {
    pub change_date: DateTime<Utc>,
    /// start, break (a break's start), resume (a break's end) or end.
    pub change_field: String,
    pub original_value: Option<DateTime<Utc>>,
    pub change_value: Option<DateTime<Utc>>,
    pub firstname: String,
    pub lastname: String,
}

/// What an edit request asks for.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RequestPayload {
    pub start: Option<DateTime<Utc>>,
    pub end: Option<DateTime<Utc>>,
    /// NOCHANGE, REMOVE or REPLACE.
    pub boptype: String,
    pub breaks: Vec<BreakView>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct EditRequestView {
    pub id: i64,
    /// `null`: a request to add a shift (change type `add`, a held offline clock-in).
    pub entry_id: Option<i64>,
    pub employee_id: i64,
    /// Who asked (the employee, or their manager or admin).
    pub requester_id: i64,
    pub request_date: DateTime<Utc>,
    pub request_comments: String,
    /// in, out or inout.
    pub change_type: String,
    pub payload: RequestPayload,
    /// 0 raised, 1 approved, 2 rejected, 3 canceled.
    pub status: i16,
    pub act_date: Option<DateTime<Utc>>,
    pub act_comments: Option<String>,
    pub actor_firstname: Option<String>,
    pub actor_lastname: Option<String>,
    pub requester_firstname: String,
    pub requester_lastname: String,
    /// Where it stands on its approval path (none without a path).
    pub approval: Option<approvals::ApprovalView>,
}

/// The answer to approving an edit request: the shift, and while the request waits on a next
/// approval step, what the approver is told ("Approved step 1 of 2; now waiting for …").
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ApprovedEdit {
    #[serde(flatten)]
    pub entry: EntryView,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub approval_message: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct DayMinutes {
    pub date: NaiveDate,
    pub minutes: i64,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct PayCycleHours {
    pub pay_cycle_start: NaiveDate,
    pub pay_cycle_end: NaiveDate,
    pub total_minutes: i64,
    /// Days with worked minutes, in order.
    pub days: Vec<DayMinutes>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct WeekOvertime {
    pub week_start: NaiveDate,
    pub week_end: NaiveDate,
    /// Worked minutes of the whole week.
    pub minutes: i64,
    /// Overtime minutes of the week that fall inside the requested range.
    pub overtime_minutes: i64,
    /// Double-time minutes of the week inside the range (daily rules only).
    pub double_time_minutes: i64,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct PayCycleOvertime {
    pub pay_cycle_start: NaiveDate,
    pub pay_cycle_end: NaiveDate,
    pub threshold_minutes: i64,
    pub total_overtime_minutes: i64,
    pub total_double_time_minutes: i64,
    /// The overtime rules in force on the range's last day.
    pub rule_set: crate::pay_hours::RuleSetRef,
    pub weeks: Vec<WeekOvertime>,
}

/// `H:MM` for whole minutes.
pub fn duration_text(minutes: i64) -> String {
    format!("{}:{:02}", minutes.div_euclid(60), minutes.rem_euclid(60))
}
