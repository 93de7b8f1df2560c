//! Which pay period a payroll file is for (issue 36): the periods the reports screen offers, and
//! the period a request names.
//!
//! A payroll file covers one whole pay period of the company, named by its first and last day
//! (`start`, `end`), which must be a pay period under the company's pay-cycle settings: a range
//! that only looks like one (a day off, or two periods in one) would pay some hours twice or not
//! at all, so it is refused per field rather than exported. The older form, `date` (the period
//! holding that day; today when left out), still answers, for links and scripts made before.

use crate::tables::DATES_MISSING;
use crate::{Reports, ReportsError};
use chrono::NaiveDate;
use kernel::{FieldErrors, ManagerCtx};
use serde::Serialize;

/// The periods offered when the caller does not say: the current one and the twelve before it.
pub const PAY_PERIODS_DEFAULT: i64 = 13;
/// At most this many periods in one answer (five years of monthly ones, a year of weekly ones).
pub const PAY_PERIODS_MAX: i64 = 60;
pub const COUNT_INVALID: &str = "Please ask for 1 to 60 pay periods";
pub const DATE_INVALID: &str = "Please input the date as YYYY-MM-DD";
pub const DATE_OR_PERIOD: &str = "Please send either a date or a pay period's start and end";
pub const PERIOD_START_INVALID: &str = "Please choose the first day of one of the company's pay periods";
pub const PERIOD_END_INVALID: &str = "Please choose the last day of the pay period that starts on the chosen day";

/// One pay period; `closed` once its last day is behind the company's today, `locked` once an
/// admin (or the company's auto-close setting) closed it for payroll (issue 40).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct PayPeriod {
    #[cfg_attr(feature = "openapi", schema(value_type = String, format = Date))]
    pub start: NaiveDate,
    #[cfg_attr(feature = "openapi", schema(value_type = String, format = Date))]
    pub end: NaiveDate,
    pub closed: bool,
    pub locked: bool,
    pub locked_at: Option<chrono::DateTime<chrono::Utc>>,
    /// Who closed it; `null` while `locked`: it closed by itself.
    pub locked_by: Option<String>,
    /// A late change reached it after it closed.
    pub late_changes: bool,
}

/// `GET /report/pay-periods`: the period holding the company's today, then the closed ones
/// before it, newest first.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct PayPeriods {
    pub pay_periods: Vec<PayPeriod>,
}

/// Which payroll file: Timekeep's own columns, or a payroll service's hours import.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum PayrollLayout {
    /// docs/payroll-export.md's columns: hours of every kind, PTO and holidays included.
    #[default]
    Timekeep,
    /// Gusto's "upload payroll data with a CSV" columns for hours (docs/payroll-export.md).
    Gusto,
}

pub const LAYOUT_INVALID: &str = "Please choose timekeep or gusto";

impl PayrollLayout {
    /// `layout` as sent; absent or empty is Timekeep's own.
    pub fn parse(value: Option<&str>) -> Result<Self, FieldErrors> {
        match given(value).map(str::to_ascii_lowercase).as_deref() {
            None | Some("timekeep") => Ok(PayrollLayout::Timekeep),
            Some("gusto") => Ok(PayrollLayout::Gusto),
            Some(_) => Err(FieldErrors::single("layout", LAYOUT_INVALID)),
        }
    }
}

/// The payroll query's period as sent (`date`, or `start&end`).
#[derive(Debug, Clone, Copy, Default)]
pub struct PayrollInput<'a> {
    pub date: Option<&'a str>,
    pub start: Option<&'a str>,
    pub end: Option<&'a str>,
}

/// The period a payroll file is asked for, read but not yet checked against the pay cycle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PayrollPeriod {
    /// The period holding this day (today when `None`).
    Holding(Option<NaiveDate>),
    /// Exactly this period, first and last day.
    Exactly(NaiveDate, NaiveDate),
}

fn given(value: Option<&str>) -> Option<&str> {
    value.map(str::trim).filter(|value| !value.is_empty())
}

fn day(value: &str) -> Option<NaiveDate> {
    NaiveDate::parse_from_str(value, "%Y-%m-%d").ok().filter(|day| kernel::validation::is_sane_date(*day))
}

impl PayrollPeriod {
    pub fn parse(input: &PayrollInput<'_>) -> Result<Self, FieldErrors> {
        let mut errors = FieldErrors::new();
        let (date, start, end) = (given(input.date), given(input.start), given(input.end));
        if start.is_none() && end.is_none() {
            return match date.map(|text| day(text).ok_or(())) {
                None => Ok(PayrollPeriod::Holding(None)),
                Some(Ok(date)) => Ok(PayrollPeriod::Holding(Some(date))),
                Some(Err(())) => Err(FieldErrors::single("date", DATE_INVALID)),
            };
        }
        if date.is_some() {
            errors.add("date", DATE_OR_PERIOD);
        }
        let start = start.and_then(day);
        let end = end.and_then(day);
        if start.is_none() {
            errors.add("start", DATES_MISSING);
        }
        if end.is_none() {
            errors.add("end", DATES_MISSING);
        }
        match (start, end) {
            (Some(start), Some(end)) if errors.is_empty() => Ok(PayrollPeriod::Exactly(start, end)),
            _ => Err(errors),
        }
    }
}

impl Reports {
    /// `GET /report/pay-periods`: `count` periods (default [`PAY_PERIODS_DEFAULT`]).
    pub async fn pay_periods(&self, ctx: &ManagerCtx, count: Option<i64>) -> Result<PayPeriods, ReportsError> {
        let count = Some(count.unwrap_or(PAY_PERIODS_DEFAULT))
            .filter(|count| (1..=PAY_PERIODS_MAX).contains(count))
            .and_then(|count| usize::try_from(count).ok())
            .ok_or_else(|| ReportsError::Validation(FieldErrors::single("count", COUNT_INVALID)))?;
        let periods = self.timesheet.recent_pay_periods(ctx, count).await?;
        let locks = self.period_locks(ctx, &periods).await?;
        Ok(PayPeriods {
            pay_periods: locks
                .into_iter()
                .enumerate()
                // The first holds today, by construction; every one before it has ended.
                .map(|(index, lock)| PayPeriod {
                    start: lock.start,
                    end: lock.end,
                    closed: index > 0,
                    locked: lock.locked,
                    locked_at: lock.locked_at,
                    locked_by: lock.locked_by,
                    late_changes: lock.late_changes,
                })
                .collect(),
        })
    }

    /// The first and last day of the period a payroll file is for; an exact period that is not
    /// one of the company's is refused on the field that is off.
    pub(crate) async fn payroll_period(
        &self,
        ctx: &ManagerCtx,
        period: PayrollPeriod,
    ) -> Result<(NaiveDate, NaiveDate), ReportsError> {
        match period {
            PayrollPeriod::Holding(date) => {
                let date = date.unwrap_or_else(|| self.today(ctx));
                Ok(self.timesheet.pay_period_of(ctx, date).await?)
            }
            PayrollPeriod::Exactly(start, end) => {
                let (first, last) = self.timesheet.pay_period_of(ctx, start).await?;
                if first != start {
                    Err(ReportsError::Validation(FieldErrors::single("start", PERIOD_START_INVALID)))
                } else if last != end {
                    Err(ReportsError::Validation(FieldErrors::single("end", PERIOD_END_INVALID)))
                } else {
                    Ok((start, end))
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(date: Option<&str>, start: Option<&str>, end: Option<&str>) -> Result<PayrollPeriod, FieldErrors> {
        PayrollPeriod::parse(&PayrollInput { date, start, end })
    }

    fn day(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap()
    }

    #[test]
    fn a_payroll_period_is_a_day_or_a_start_and_end() {
        assert_eq!(parse(None, None, None).unwrap(), PayrollPeriod::Holding(None));
        assert_eq!(parse(Some(" "), Some(""), None).unwrap(), PayrollPeriod::Holding(None));
        assert_eq!(parse(Some("2026-11-03"), None, None).unwrap(), PayrollPeriod::Holding(Some(day(2026, 11, 3))));
        assert_eq!(
            parse(None, Some("2026-11-01"), Some("2026-11-15")).unwrap(),
            PayrollPeriod::Exactly(day(2026, 11, 1), day(2026, 11, 15))
        );
        assert_eq!(parse(Some("11/03/2026"), None, None).unwrap_err().messages("date"), [DATE_INVALID]);
        let half = parse(None, Some("2026-11-01"), None).unwrap_err();
        assert_eq!(half.messages("end"), [DATES_MISSING]);
        assert!(!half.has("start"));
        let both = parse(Some("2026-11-03"), Some("2026-11-01"), Some("2026-11-15")).unwrap_err();
        assert_eq!(both.messages("date"), [DATE_OR_PERIOD]);
        assert_eq!(parse(None, Some("2026-02-30"), Some("2026-11-15")).unwrap_err().messages("start"), [DATES_MISSING]);
    }
}

#[cfg(test)]
mod layout_tests {
    use super::*;

    #[test]
    fn layouts_are_named_or_refused_on_their_field() {
        assert_eq!(PayrollLayout::parse(None), Ok(PayrollLayout::Timekeep));
        assert_eq!(PayrollLayout::parse(Some(" ")), Ok(PayrollLayout::Timekeep));
        assert_eq!(PayrollLayout::parse(Some("Gusto")), Ok(PayrollLayout::Gusto));
        assert_eq!(PayrollLayout::parse(Some("adp")), Err(FieldErrors::single("layout", LAYOUT_INVALID)));
    }
}
