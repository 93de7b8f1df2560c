//! The reports of /admin/reports (002 §2, §3 "Report filter", §7 "Reports"): summary, timesheet
//! and PTO, over a range of days and a set of people; and the dashboard's hours per day.
//!
//! - **Who**: managers report on the people they reach, admins on everyone; employees never
//!   reach reports (their guard refuses them). An id in `empids` that is not the caller's to see
//!   is 404, never silently dropped. No ids means everyone the caller reaches.
//! - **Which rows**: active people always; terminated people for the ranges they have time in
//!   (worked, time off or holiday pay), so a report of last spring still shows who worked then.
//! - **Range**: valid days, `end` not before `start`, at most [`MAX_DAYS`] days (a year, leap
//!   years included) — enough for an annual report, and what keeps one request bounded.
//! - **Numbers**: minutes are exact. Hours are hundredths computed once per cell from minutes —
//!   overtime rounded down, everything else rounded half up (000 §9) — and every total is the
//!   sum of the cells above it, and a row's subtotal the sum of its cells, so each format adds up
//!   to the hundredth (the price: a subtotal may differ by a hundredth from its minutes rounded).
//! - Regular minutes are worked minutes less overtime; a row's subtotal is regular + overtime +
//!   holiday + time off hours (unpaid types included: the payroll export is where pay is decided).

use crate::{centi_hours, centi_hours_floor, hours_value, Reports, ReportsError};
use accounts::entities::users;
use chrono::{Duration, NaiveDate, Utc};
use kernel::time::local_date;
use kernel::{EmploymentStatus, FieldErrors, ManagerCtx};
use pto::reporting::{Employment, TypeName};
use serde::Serialize;
use std::collections::{BTreeMap, HashMap};

/// The longest range a report covers, in days (both ends included).
pub const MAX_DAYS: i64 = 366;
pub const DATES_MISSING: &str = "Please choose a start and end date (YYYY-MM-DD)";
pub const RANGE_INVALID: &str = "Please choose an end date after the start date, within 366 days";
pub const EMPIDS_INVALID: &str = "Please choose employees by their ids";
pub const TYPE_INVALID: &str = "Please choose the Summary, Timesheet or PTO report";

/// Which report.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReportType {
    Summary,
    Timesheet,
    Pto,
}

impl ReportType {
    pub fn code(self) -> &'static str {
        match self {
            ReportType::Summary => "summary",
            ReportType::Timesheet => "timesheet",
            ReportType::Pto => "pto",
        }
    }

    pub fn parse(value: Option<&str>) -> Option<ReportType> {
        match value.map(|value| value.trim().to_ascii_lowercase()).as_deref() {
            Some("summary") => Some(ReportType::Summary),
            Some("timesheet") => Some(ReportType::Timesheet),
            Some("pto") => Some(ReportType::Pto),
            _ => None,
        }
    }
}

/// The report query as sent (`type&start&end&empids`).
#[derive(Debug, Clone, Default)]
pub struct ReportInput<'a> {
    pub start: Option<&'a str>,
    pub end: Option<&'a str>,
    pub empids: Option<&'a str>,
}

/// A validated report query.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReportQuery {
    pub start: NaiveDate,
    pub end: NaiveDate,
    /// None: everyone the caller reaches.
    pub employees: Option<Vec<i64>>,
}

fn day(value: Option<&str>) -> Result<Option<NaiveDate>, ()> {
    match value.map(str::trim).filter(|value| !value.is_empty()) {
        None => Ok(None),
        Some(value) => NaiveDate::parse_from_str(value, "%Y-%m-%d")
            .ok()
            .filter(|day| kernel::validation::is_sane_date(*day))
            .map(Some)
            .ok_or(()),
    }
}

/// `empids` (comma-joined ids; at most 10,000), sorted without repeats; `None` when left out or
/// empty (everyone the caller reaches).
pub fn parse_empids(empids: Option<&str>) -> Result<Option<Vec<i64>>, FieldErrors> {
    let Some(ids) = empids.map(str::trim).filter(|ids| !ids.is_empty()) else { return Ok(None) };
    let parsed: Result<Vec<i64>, _> =
        ids.split(',').filter(|id| !id.trim().is_empty()).map(|id| id.trim().parse::<i64>()).collect();
    match parsed {
        Ok(mut ids) if ids.len() <= 10_000 => {
            ids.sort_unstable();
            ids.dedup();
            Ok(Some(ids))
        }
        _ => Err(FieldErrors::single("empids", EMPIDS_INVALID)),
    }
}

impl ReportQuery {
    pub fn parse(input: &ReportInput<'_>) -> Result<Self, FieldErrors> {
        let mut errors = FieldErrors::new();
        let start = day(input.start);
        let end = day(input.end);
        let (start, end) = match (start, end) {
            (Ok(Some(start)), Ok(Some(end))) => (Some(start), Some(end)),
            (start, end) => {
                if !matches!(start, Ok(Some(_))) {
                    errors.add("start", DATES_MISSING);
                }
                if !matches!(end, Ok(Some(_))) {
                    errors.add("end", DATES_MISSING);
                }
                (None, None)
            }
        };
        if let (Some(start), Some(end)) = (start, end) {
            if end < start || (end - start).num_days() >= MAX_DAYS {
                errors.add("end", RANGE_INVALID);
            }
        }
        let employees = parse_empids(input.empids).unwrap_or_else(|more| {
            errors.add("empids", more.first_message().unwrap_or(EMPIDS_INVALID));
            None
        });
        match (start, end) {
            (Some(start), Some(end)) if errors.is_empty() => Ok(ReportQuery { start, end, employees }),
            _ => Err(errors),
        }
    }
}

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
    pub overtime_minutes: i64,
    pub holiday_minutes: i64,
    pub pto_minutes: i64,
    /// One per report PTO type, in the report's order.
    pub pto: Vec<TypeAmount>,
    pub regular_hours: f64,
    pub overtime_hours: f64,
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
    #[serde(skip)]
    pub centi: (i64, i64),
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct TimesheetTotals {
    pub worked_minutes: i64,
    pub worked_hours: f64,
    pub overtime_minutes: i64,
    pub overtime_hours: f64,
    #[serde(skip)]
    pub centi: (i64, i64),
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

fn status_code(status: EmploymentStatus) -> i16 {
    i16::from(status == EmploymentStatus::Active)
}

fn type_amounts(types: &[TypeName], minutes: &HashMap<i64, i64>) -> Vec<TypeAmount> {
    types
        .iter()
        .map(|kind| {
            let minutes = minutes.get(&kind.id).copied().unwrap_or(0);
            let centi = centi_hours(minutes);
            TypeAmount { pto_type_id: kind.id, minutes, hours: hours_value(centi), centi }
        })
        .collect()
}

fn sum_amounts(types: &[TypeName], parts: &[&[TypeAmount]]) -> Vec<TypeAmount> {
    types
        .iter()
        .enumerate()
        .map(|(index, kind)| {
            let (minutes, centi) = parts
                .iter()
                .filter_map(|amounts| amounts.get(index))
                .fold((0, 0), |(minutes, centi), amount| (minutes + amount.minutes, centi + amount.centi));
            TypeAmount { pto_type_id: kind.id, minutes, hours: hours_value(centi), centi }
        })
        .collect()
}

/// The people of a report with their time, gathered once and shaped by each report.
pub(crate) struct Gathered {
    pub people: Vec<users::Model>,
    pub types: Vec<TypeName>,
    pub worked: HashMap<i64, timesheet::reporting::WorkedTotals>,
    pub time_off: Vec<pto::reporting::TimeOffTaken>,
    pub holidays: Vec<pto::reporting::HolidayPaid>,
}

impl Reports {
    /// The people of a report: those of `ids`, each in the caller's reach (else 404), or
    /// everyone the caller reaches.
    pub(crate) async fn report_people(
        &self,
        ctx: &ManagerCtx,
        ids: Option<&[i64]>,
    ) -> Result<Vec<users::Model>, ReportsError> {
        self.accounts.people_of(ctx, ids).await.map_err(|err| match err {
            accounts::AccountsError::NotFound => ReportsError::NotFound,
            other => ReportsError::Hr(other.into()),
        })
    }

    pub(crate) async fn gather(&self, ctx: &ManagerCtx, query: &ReportQuery) -> Result<Gathered, ReportsError> {
        let people = self.report_people(ctx, query.employees.as_deref()).await?;
        let ids: Vec<i64> = people.iter().map(|person| person.id).collect();
        // The whole company needs no list of ids (the database filters by company alone).
        let scope = (query.employees.is_some() || !ctx.reach().is_company()).then_some(ids.as_slice());
        let worked = self.timesheet.worked_by_employee(ctx, scope, query.start, query.end).await?;
        let time_off = self.pto.time_off_taken(ctx, &ids, query.start, query.end).await?;
        let employment: Vec<Employment> = people
            .iter()
            .map(|person| Employment {
                employee_id: person.id,
                status: person.status,
                start: person.last_start_date,
                terminated: person.last_termination_date,
            })
            .collect();
        let holidays = self.pto.holidays_paid(ctx, &employment, query.start, query.end).await?;
        let types = self.pto.type_names(ctx).await?;
        Ok(Gathered { people, types, worked, time_off, holidays })
    }

    /// `GET /report/data`.
    pub async fn report_data(&self, ctx: &ManagerCtx) -> Result<ReportData, ReportsError> {
        let people = self.report_people(ctx, None).await?;
        let (pay_period_start, pay_period_end) = self.timesheet.pay_period(ctx).await?;
        Ok(ReportData {
            report_types: [("summary", "Summary"), ("timesheet", "Timesheet"), ("pto", "PTO")]
                .into_iter()
                .map(|(value, label)| ReportTypeOption { value: value.to_owned(), label: label.to_owned() })
                .collect(),
            employees: people
                .into_iter()
                .map(|person| ReportEmployee {
                    id: person.id,
                    firstname: person.first_name,
                    lastname: person.last_name,
                    status: status_code(person.status),
                })
                .collect(),
            pto_types: self
                .pto
                .type_names(ctx)
                .await?
                .into_iter()
                .map(|kind| PtoTypeRef { id: kind.id, name: kind.name })
                .collect(),
            pay_period_start,
            pay_period_end,
            max_days: MAX_DAYS,
        })
    }

    /// `GET /report/summary-report-data`.
    pub async fn summary_report(&self, ctx: &ManagerCtx, query: &ReportQuery) -> Result<SummaryReport, ReportsError> {
        let data = self.gather(ctx, query).await?;
        Ok(summary_of(query, data))
    }

    /// `GET /report/timesheet-report-data`.
    pub async fn timesheet_report(
        &self,
        ctx: &ManagerCtx,
        query: &ReportQuery,
    ) -> Result<TimesheetReport, ReportsError> {
        let people = self.report_people(ctx, query.employees.as_deref()).await?;
        let ids: Vec<i64> = people.iter().map(|person| person.id).collect();
        let worked = self.timesheet.worked_by_employee(ctx, Some(&ids), query.start, query.end).await?;
        let mut shifts: HashMap<i64, Vec<timesheet::reporting::ReportShift>> = HashMap::new();
        for shift in self.timesheet.shifts_between(ctx, &ids, query.start, query.end).await? {
            shifts.entry(shift.employee_id).or_default().push(shift);
        }
        let tz = ctx.time_zone();
        let local = |at: chrono::DateTime<Utc>| at.with_timezone(&tz).format("%Y-%m-%d %H:%M:%S").to_string();
        let mut employees = Vec::new();
        for person in people {
            let own = shifts.remove(&person.id).unwrap_or_default();
            if own.is_empty() && person.status != EmploymentStatus::Active {
                continue;
            }
            let rows: Vec<ShiftRow> = own
                .into_iter()
                .map(|shift| {
                    let centi = centi_hours(shift.worked_minutes);
                    ShiftRow {
                        id: shift.id,
                        date: shift.day,
                        clock_in: local(shift.clock_in),
                        clock_out: shift.clock_out.map(local),
                        break_minutes: shift.break_minutes,
                        worked_minutes: shift.worked_minutes,
                        worked_hours: hours_value(centi),
                        centi,
                    }
                })
                .collect();
            let worked_minutes: i64 = rows.iter().map(|row| row.worked_minutes).sum();
            let worked_centi: i64 = rows.iter().map(|row| row.centi).sum();
            let overtime_minutes = worked.get(&person.id).map(|totals| totals.overtime).unwrap_or(0);
            let overtime_centi = centi_hours_floor(overtime_minutes);
            employees.push(TimesheetEmployee {
                employee_id: person.id,
                firstname: person.first_name,
                lastname: person.last_name,
                status: status_code(person.status),
                shifts: rows,
                worked_minutes,
                worked_hours: hours_value(worked_centi),
                overtime_minutes,
                overtime_hours: hours_value(overtime_centi),
                centi: (worked_centi, overtime_centi),
            });
        }
        let worked_centi: i64 = employees.iter().map(|row| row.centi.0).sum();
        let overtime_centi: i64 = employees.iter().map(|row| row.centi.1).sum();
        let totals = TimesheetTotals {
            worked_minutes: employees.iter().map(|row| row.worked_minutes).sum(),
            worked_hours: hours_value(worked_centi),
            overtime_minutes: employees.iter().map(|row| row.overtime_minutes).sum(),
            overtime_hours: hours_value(overtime_centi),
            centi: (worked_centi, overtime_centi),
        };
        Ok(TimesheetReport { start: query.start, end: query.end, employees, totals })
    }

    /// `GET /report/pto-report-data`.
    pub async fn pto_report(&self, ctx: &ManagerCtx, query: &ReportQuery) -> Result<PtoReport, ReportsError> {
        let people = self.report_people(ctx, query.employees.as_deref()).await?;
        let ids: Vec<i64> = people.iter().map(|person| person.id).collect();
        let types = self.pto.type_names(ctx).await?;
        let mut taken: HashMap<i64, Vec<pto::reporting::TimeOffTaken>> = HashMap::new();
        for item in self.pto.time_off_taken(ctx, &ids, query.start, query.end).await? {
            taken.entry(item.employee_id).or_default().push(item);
        }
        let mut employees = Vec::new();
        for person in people {
            let own = taken.remove(&person.id).unwrap_or_default();
            if own.is_empty() && person.status != EmploymentStatus::Active {
                continue;
            }
            let requests: Vec<PtoRequestRow> = own
                .into_iter()
                .map(|item| {
                    let minutes = item.minutes();
                    let centi = centi_hours(minutes);
                    PtoRequestRow {
                        id: item.request_id,
                        pto_type_id: item.pto_type_id,
                        type_name: item.type_name,
                        start: item.start,
                        end: item.end,
                        minutes,
                        hours: hours_value(centi),
                        centi,
                    }
                })
                .collect();
            // By type: the sums of the request rows (minutes and hundredths alike).
            let by_type: Vec<TypeAmount> = types
                .iter()
                .map(|kind| {
                    let of_type = requests.iter().filter(|row| row.pto_type_id == kind.id);
                    let (minutes, centi) =
                        of_type.fold((0, 0), |(minutes, centi), row| (minutes + row.minutes, centi + row.centi));
                    TypeAmount { pto_type_id: kind.id, minutes, hours: hours_value(centi), centi }
                })
                .collect();
            let centi: i64 = requests.iter().map(|row| row.centi).sum();
            employees.push(PtoEmployee {
                employee_id: person.id,
                firstname: person.first_name,
                lastname: person.last_name,
                status: status_code(person.status),
                total_minutes: requests.iter().map(|row| row.minutes).sum(),
                total_hours: hours_value(centi),
                centi,
                requests,
                by_type,
            });
        }
        let parts: Vec<&[TypeAmount]> = employees.iter().map(|row| row.by_type.as_slice()).collect();
        let centi: i64 = employees.iter().map(|row| row.centi).sum();
        let totals = PtoTotals {
            by_type: sum_amounts(&types, &parts),
            total_minutes: employees.iter().map(|row| row.total_minutes).sum(),
            total_hours: hours_value(centi),
            centi,
        };
        Ok(PtoReport {
            start: query.start,
            end: query.end,
            pto_types: types.iter().map(|kind| PtoTypeRef { id: kind.id, name: kind.name.clone() }).collect(),
            employees,
            totals,
        })
    }

    /// `GET /dashboard/daily-hours`: per day of the range (default the current pay period),
    /// minutes worked, overtime and approved time off of everyone the caller oversees.
    pub async fn daily_hours(
        &self,
        ctx: &ManagerCtx,
        range: Option<(NaiveDate, NaiveDate)>,
    ) -> Result<DailyHours, ReportsError> {
        let (start, end) = match range {
            Some(range) => range,
            None => self.timesheet.pay_period(ctx).await?,
        };
        if end < start || (end - start).num_days() >= MAX_DAYS {
            return Err(ReportsError::Validation(FieldErrors::single("end", RANGE_INVALID)));
        }
        let people = self.report_people(ctx, None).await?;
        let ids: Vec<i64> = people.iter().map(|person| person.id).collect();
        let scope = (!ctx.reach().is_company()).then_some(ids.as_slice());
        let worked = self.timesheet.worked_by_day(ctx, scope, start, end).await?;
        let mut time_off: BTreeMap<NaiveDate, i64> = BTreeMap::new();
        for item in self.pto.time_off_taken(ctx, &ids, start, end).await? {
            for (day, minutes) in item.days {
                *time_off.entry(day).or_insert(0) += minutes;
            }
        }
        let days = (0..=(end - start).num_days())
            .map(|offset| {
                let date = start + Duration::days(offset);
                let totals = worked.get(&date).copied().unwrap_or_default();
                DayHours {
                    date,
                    worked_minutes: totals.worked,
                    overtime_minutes: totals.overtime,
                    pto_minutes: time_off.get(&date).copied().unwrap_or(0),
                }
            })
            .collect();
        Ok(DailyHours { start, end, days })
    }

    /// The company's today, for defaults.
    pub fn today(&self, ctx: &ManagerCtx) -> NaiveDate {
        local_date(ctx.time_zone(), Utc::now())
    }
}

/// The summary report from what was gathered (see the module docs for the arithmetic).
pub(crate) fn summary_of(query: &ReportQuery, data: Gathered) -> SummaryReport {
    let mut pto_minutes: HashMap<i64, HashMap<i64, i64>> = HashMap::new();
    for item in &data.time_off {
        *pto_minutes.entry(item.employee_id).or_default().entry(item.pto_type_id).or_insert(0) += item.minutes();
    }
    let mut holiday_minutes: HashMap<i64, i64> = HashMap::new();
    for paid in &data.holidays {
        *holiday_minutes.entry(paid.employee_id).or_insert(0) += paid.minutes;
    }
    let no_minutes = HashMap::new();
    let mut rows = Vec::new();
    for person in &data.people {
        let worked = data.worked.get(&person.id).copied().unwrap_or_default();
        let holiday = holiday_minutes.get(&person.id).copied().unwrap_or(0);
        let pto = type_amounts(&data.types, pto_minutes.get(&person.id).unwrap_or(&no_minutes));
        let pto_total: i64 = pto.iter().map(|amount| amount.minutes).sum();
        if person.status != EmploymentStatus::Active && worked.clocked == 0 && holiday == 0 && pto_total == 0 {
            continue;
        }
        let regular_minutes = worked.clocked - worked.overtime;
        let centi = {
            let regular = centi_hours(regular_minutes);
            let overtime = centi_hours_floor(worked.overtime);
            let holiday = centi_hours(holiday);
            let pto: i64 = pto.iter().map(|amount| amount.centi).sum();
            SummaryCenti { regular, overtime, holiday, pto, subtotal: regular + overtime + holiday + pto }
        };
        rows.push(SummaryRow {
            employee_id: Some(person.id),
            firstname: Some(person.first_name.clone()),
            lastname: Some(person.last_name.clone()),
            status: Some(status_code(person.status)),
            worked_minutes: worked.clocked,
            regular_minutes,
            overtime_minutes: worked.overtime,
            holiday_minutes: holiday,
            pto_minutes: pto_total,
            pto,
            regular_hours: hours_value(centi.regular),
            overtime_hours: hours_value(centi.overtime),
            holiday_hours: hours_value(centi.holiday),
            pto_hours: hours_value(centi.pto),
            subtotal_hours: hours_value(centi.subtotal),
            centi,
        });
    }
    let parts: Vec<&[TypeAmount]> = rows.iter().map(|row| row.pto.as_slice()).collect();
    let centi = rows.iter().fold(SummaryCenti::default(), |sum, row| SummaryCenti {
        regular: sum.regular + row.centi.regular,
        overtime: sum.overtime + row.centi.overtime,
        holiday: sum.holiday + row.centi.holiday,
        pto: sum.pto + row.centi.pto,
        subtotal: sum.subtotal + row.centi.subtotal,
    });
    let totals = SummaryRow {
        employee_id: None,
        firstname: None,
        lastname: None,
        status: None,
        worked_minutes: rows.iter().map(|row| row.worked_minutes).sum(),
        regular_minutes: rows.iter().map(|row| row.regular_minutes).sum(),
        overtime_minutes: rows.iter().map(|row| row.overtime_minutes).sum(),
        holiday_minutes: rows.iter().map(|row| row.holiday_minutes).sum(),
        pto_minutes: rows.iter().map(|row| row.pto_minutes).sum(),
        pto: sum_amounts(&data.types, &parts),
        regular_hours: hours_value(centi.regular),
        overtime_hours: hours_value(centi.overtime),
        holiday_hours: hours_value(centi.holiday),
        pto_hours: hours_value(centi.pto),
        subtotal_hours: hours_value(centi.subtotal),
        centi,
    };
    SummaryReport {
        start: query.start,
        end: query.end,
        pto_types: data.types.iter().map(|kind| PtoTypeRef { id: kind.id, name: kind.name.clone() }).collect(),
        rows,
        totals,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn report_query_rules() {
        let ok = ReportQuery::parse(&ReportInput {
            start: Some("2026-01-01"),
            end: Some("2026-12-31"),
            empids: Some("3, 1,3"),
        })
        .unwrap();
        assert_eq!(ok.employees, Some(vec![1, 3]));
        let leap =
            ReportQuery::parse(&ReportInput { start: Some("2028-01-01"), end: Some("2028-12-31"), empids: None });
        assert!(leap.is_ok(), "a leap year is 366 days");
        let long =
            ReportQuery::parse(&ReportInput { start: Some("2026-01-01"), end: Some("2027-01-02"), empids: None })
                .unwrap_err();
        assert_eq!(long.messages("end"), [RANGE_INVALID]);
        let bad =
            ReportQuery::parse(&ReportInput { start: Some("2026-02-30"), end: None, empids: Some("1,x") }).unwrap_err();
        assert_eq!(bad.messages("start"), [DATES_MISSING]);
        assert_eq!(bad.messages("end"), [DATES_MISSING]);
        assert_eq!(bad.messages("empids"), [EMPIDS_INVALID]);
        let backwards =
            ReportQuery::parse(&ReportInput { start: Some("2026-03-02"), end: Some("2026-03-01"), empids: None })
                .unwrap_err();
        assert_eq!(backwards.messages("end"), [RANGE_INVALID]);
    }
}
