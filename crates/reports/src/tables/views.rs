//! The shapes of the reports as the screens and the exports read them: the filter's data, the
//! summary, timesheet and PTO reports, and the dashboard's hours per day.

use chrono::NaiveDate;
use serde::Serialize;

/// A person a report is about.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ReportEmployee {
    pub id: i64,
    pub firstname: String,
    pub lastname: String,
    /// 1 active, 0 terminated.
    pub status: i16,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ReportTypeOption {
    pub value: String,
    pub label: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PtoTypeRef {
    pub id: i64,
    pub name: String,
}

/// `GET /report/data`: what the filter offers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ReportData {
    pub report_types: Vec<ReportTypeOption>,
    pub employees: Vec<ReportEmployee>,
    pub pto_types: Vec<PtoTypeRef>,
    #[cfg_attr(feature = "openapi", schema(value_type = String, format = Date))]
    pub pay_period_start: NaiveDate,
    #[cfg_attr(feature = "openapi", schema(value_type = String, format = Date))]
    pub pay_period_end: NaiveDate,
    pub max_days: i64,
}

/// Minutes and hours of one PTO type.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct TypeAmount {
    pub pto_type_id: i64,
    pub minutes: i64,
    pub hours: f64,
    #[serde(skip)]
    pub centi: i64,
}

/// A summary row (002 §3 "Report rows"), or the totals (without a person).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct SummaryRow {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub employee_id: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub firstname: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lastname: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub status: Option<i16>,
    pub worked_minutes: i64,
    pub regular_minutes: i64,
    /// At the overtime rate (1.5×).
    pub overtime_minutes: i64,
    /// At the double-time rate (2×): under daily overtime rules only.
    pub double_time_minutes: i64,
    pub holiday_minutes: i64,
    pub pto_minutes: i64,
    /// One per report PTO type, in the report's order.
    pub pto: Vec<TypeAmount>,
    pub regular_hours: f64,
    pub overtime_hours: f64,
    pub double_time_hours: f64,
    pub holiday_hours: f64,
    pub pto_hours: f64,
    pub subtotal_hours: f64,
    /// The same in hundredths (exports write these).
    #[serde(skip)]
    pub centi: SummaryCenti,
}

/// A summary row's hours in hundredths.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SummaryCenti {
    pub regular: i64,
    pub overtime: i64,
    pub double_time: i64,
    pub holiday: i64,
    pub pto: i64,
    pub subtotal: i64,
}

/// `GET /report/summary-report-data`.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct SummaryReport {
    #[cfg_attr(feature = "openapi", schema(value_type = String, format = Date))]
    pub start: NaiveDate,
    #[cfg_attr(feature = "openapi", schema(value_type = String, format = Date))]
    pub end: NaiveDate,
    pub pto_types: Vec<PtoTypeRef>,
    pub rows: Vec<SummaryRow>,
    pub totals: SummaryRow,
}

/// A shift of the timesheet report.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ShiftRow {
    pub id: i64,
    #[cfg_attr(feature = "openapi", schema(value_type = String, format = Date))]
    pub date: NaiveDate,
    /// `YYYY-MM-DD HH:mm:ss`, local.
    pub clock_in: String,
    pub clock_out: Option<String>,
    pub break_minutes: i64,
    pub worked_minutes: i64,
    pub worked_hours: f64,
    #[serde(skip)]
    pub centi: i64,
}

/// One person of the timesheet report.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct TimesheetEmployee {
    pub employee_id: i64,
    pub firstname: String,
    pub lastname: String,
    pub status: i16,
    pub shifts: Vec<ShiftRow>,
    pub worked_minutes: i64,
    pub worked_hours: f64,
    pub overtime_minutes: i64,
    pub overtime_hours: f64,
    /// Minutes paid at the double-time rate (issue 37): only under daily rules.
    pub double_time_minutes: i64,
    pub double_time_hours: f64,
    /// Worked, overtime and double-time hundredths.
    #[serde(skip)]
    pub centi: (i64, i64, i64),
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct TimesheetTotals {
    pub worked_minutes: i64,
    pub worked_hours: f64,
    pub overtime_minutes: i64,
    pub overtime_hours: f64,
    pub double_time_minutes: i64,
    pub double_time_hours: f64,
    #[serde(skip)]
    pub centi: (i64, i64, i64),
}

/// `GET /report/timesheet-report-data`.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct TimesheetReport {
    #[cfg_attr(feature = "openapi", schema(value_type = String, format = Date))]
    pub start: NaiveDate,
    #[cfg_attr(feature = "openapi", schema(value_type = String, format = Date))]
    pub end: NaiveDate,
    pub employees: Vec<TimesheetEmployee>,
    pub totals: TimesheetTotals,
}

/// An approved request in the PTO report: the part inside the range.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct PtoRequestRow {
    pub id: i64,
    pub pto_type_id: i64,
    pub type_name: String,
    pub start: String,
    pub end: String,
    pub minutes: i64,
    pub hours: f64,
    #[serde(skip)]
    pub centi: i64,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct PtoEmployee {
    pub employee_id: i64,
    pub firstname: String,
    pub lastname: String,
    pub status: i16,
    pub requests: Vec<PtoRequestRow>,
    pub by_type: Vec<TypeAmount>,
    pub total_minutes: i64,
    pub total_hours: f64,
    #[serde(skip)]
    pub centi: i64,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct PtoTotals {
    pub by_type: Vec<TypeAmount>,
    pub total_minutes: i64,
    pub total_hours: f64,
    #[serde(skip)]
    pub centi: i64,
}

/// `GET /report/pto-report-data`.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct PtoReport {
    #[cfg_attr(feature = "openapi", schema(value_type = String, format = Date))]
    pub start: NaiveDate,
    #[cfg_attr(feature = "openapi", schema(value_type = String, format = Date))]
    pub end: NaiveDate,
    pub pto_types: Vec<PtoTypeRef>,
    pub employees: Vec<PtoEmployee>,
    pub totals: PtoTotals,
}

/// One day of the dashboard chart.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct DayHours {
    #[cfg_attr(feature = "openapi", schema(value_type = String, format = Date))]
    pub date: NaiveDate,
    pub worked_minutes: i64,
    pub overtime_minutes: i64,
    /// Under daily overtime rules only.
    pub double_time_minutes: i64,
    pub pto_minutes: i64,
}

/// `GET /dashboard/daily-hours`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct DailyHours {
    #[cfg_attr(feature = "openapi", schema(value_type = String, format = Date))]
    pub start: NaiveDate,
    #[cfg_attr(feature = "openapi", schema(value_type = String, format = Date))]
    pub end: NaiveDate,
    pub days: Vec<DayHours>,
}
