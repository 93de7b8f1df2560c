//! Request arithmetic (how many minutes a time-off request uses, day by day) and the balance
//! check behind 'Dang it! …' (000 §5).

use crate::engine::compute;
use crate::ledger::{EntryKind, LedgerEntry};
use crate::model::{EmployeeInput, PtoType, PtoTypeId, SourceId, TimeOffTaken};
use crate::round::Hours;
use crate::rules::FieldProblems;
use chrono::{Datelike, NaiveDate, NaiveTime, Weekday};
use serde::{Deserialize, Serialize};

/// 000 §9: an all-day request uses 480 minutes a day.
pub const MINUTES_PER_DAY: i64 = 480;
/// 000 §9: the default workweek.
pub const MINUTES_PER_WEEK: i64 = 2400;
/// 000 §9: a partial day is at most 480 minutes.
pub const PARTIAL_DAY_LIMIT: i64 = 480;
/// 002 §9: each paid holiday gives 8 payable hours.
pub const HOLIDAY_MINUTES: i64 = 480;

/// 'Please select the Time Off Type'.
pub const MSG_TYPE_REQUIRED: &str = "Please select the Time Off Type";
/// 'Please input the Start date'.
pub const MSG_START_REQUIRED: &str = "Please input the Start date";
/// 'Please input the Start time'.
pub const MSG_START_TIME_REQUIRED: &str = "Please input the Start time";
/// 'Please input the end time' (sic).
pub const MSG_END_TIME_REQUIRED: &str = "Please input the end time";
/// The end date is before the start date.
pub const MSG_END_DATE_BEFORE_START: &str =
    "Oh snap! The end date is prior to the start date. Please update and submit.";
/// The end time is before the start time.
pub const MSG_END_TIME_BEFORE_START: &str =
    "Oh snap! The end time is prior to the start time. Please update and submit.";
/// A partial day over 480 minutes.
pub const MSG_PARTIAL_TOO_LONG: &str = "The partial day off request must be less than 8 hours";
/// A paid holiday falls on a day of the request.
pub const MSG_GOOD_NEWS: &str = "Good News! You're already off this day for a paid holiday.";

/// 'Dang it! You don't have enough {type} available for this request.'
///
/// ```
/// assert_eq!(
///     pto_engine::not_enough_message("Vacation"),
///     "Dang it! You don't have enough Vacation available for this request."
/// );
/// ```
pub fn not_enough_message(type_name: &str) -> String {
    format!("Dang it! You don't have enough {type_name} available for this request.")
}

/// [`not_enough_message`] with the figures behind it, so the person knows by how much they are
/// short: hours to two decimals, trailing zeros dropped.
///
/// ```
/// assert_eq!(
///     pto_engine::shortfall_message("Vacation", 447, 480),
///     "Dang it! You don't have enough Vacation available for this request. 7.45 h available, 8 h requested."
/// );
/// ```
pub fn shortfall_message(type_name: &str, available: i64, requested: i64) -> String {
    format!(
        "{} {} h available, {} h requested.",
        not_enough_message(type_name),
        Hours::from_minutes_rounded(available),
        Hours::from_minutes_rounded(requested)
    )
}

/// The hours of a partial day, on the request's start date.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct PartialDay {
    /// From.
    pub start: NaiveTime,
    /// To (at most 480 minutes later).
    pub end: NaiveTime,
}

/// A time-off request as the arithmetic needs it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TimeOffRequest {
    /// The first day.
    pub start: NaiveDate,
    /// Ignored for a partial day (the screen locks it to the start date).
    pub end: NaiveDate,
    /// Count Saturdays and Sundays.
    pub include_weekend: bool,
    /// The hours of a partial day; `None` for full days.
    pub partial: Option<PartialDay>,
}

/// The request form as typed (000 §3 PTO request: ptoType, start, end, partialday, starttime,
/// endtime, includeWeekend).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RequestDraft {
    /// The PTO type (`ptoType`).
    pub pto_type: Option<i64>,
    /// The first day.
    pub start: Option<NaiveDate>,
    /// The last day (full days).
    pub end: Option<NaiveDate>,
    /// A partial day.
    pub partialday: bool,
    /// From (partial day).
    pub starttime: Option<NaiveTime>,
    /// To (partial day).
    pub endtime: Option<NaiveTime>,
    /// Count Saturdays and Sundays.
    pub include_weekend: bool,
}

impl RequestDraft {
    /// Validates the form (000 §5), every problem at once. A missing end date of a full-day
    /// request means a one-day request.
    ///
    /// ```
    /// use chrono::{NaiveDate, NaiveTime};
    /// use pto_engine::RequestDraft;
    /// let draft = RequestDraft {
    ///     pto_type: Some(1),
    ///     start: NaiveDate::from_ymd_opt(2024, 5, 6),
    ///     partialday: true,
    ///     starttime: NaiveTime::from_hms_opt(9, 0, 0),
    ///     endtime: NaiveTime::from_hms_opt(18, 0, 0),
    ///     ..Default::default()
    /// };
    /// let problems = draft.validate().unwrap_err();
    /// assert_eq!(problems.messages("endtime"), ["The partial day off request must be less than 8 hours"]);
    /// ```
    pub fn validate(&self) -> Result<(PtoTypeId, TimeOffRequest), FieldProblems> {
        let mut problems = FieldProblems::new();
        if self.pto_type.is_none() {
            problems.add("ptoType", MSG_TYPE_REQUIRED);
        }
        if self.start.is_none() {
            problems.add("start", MSG_START_REQUIRED);
        }
        let mut partial = None;
        if self.partialday {
            if self.starttime.is_none() {
                problems.add("starttime", MSG_START_TIME_REQUIRED);
            }
            if self.endtime.is_none() {
                problems.add("endtime", MSG_END_TIME_REQUIRED);
            }
            if let (Some(start), Some(end)) = (self.starttime, self.endtime) {
                let p = PartialDay { start, end };
                match partial_minutes(p) {
                    Err(message) => problems.add("endtime", message),
                    Ok(_) => partial = Some(p),
                }
            }
        } else if let (Some(start), Some(end)) = (self.start, self.end) {
            if end < start {
                problems.add("end", MSG_END_DATE_BEFORE_START);
            }
        }
        match (self.pto_type, self.start) {
            (Some(t), Some(start)) if problems.is_empty() => Ok((
                PtoTypeId(t),
                TimeOffRequest {
                    start,
                    end: if self.partialday { start } else { self.end.unwrap_or(start) },
                    include_weekend: self.include_weekend,
                    partial,
                },
            )),
            _ => Err(problems),
        }
    }
}

fn partial_minutes(p: PartialDay) -> Result<i64, &'static str> {
    let minutes = (p.end - p.start).num_minutes();
    if minutes < 0 {
        Err(MSG_END_TIME_BEFORE_START)
    } else if minutes > PARTIAL_DAY_LIMIT {
        Err(MSG_PARTIAL_TOO_LONG)
    } else {
        Ok(minutes)
    }
}

/// One day of a request.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct DayUse {
    /// The day.
    pub date: NaiveDate,
    /// Minutes it uses.
    pub minutes: i64,
}

/// What a request uses.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RequestUsage {
    /// The days that use time, in order.
    pub days: Vec<DayUse>,
    /// The total, in minutes (`minsReqed`).
    pub minutes: i64,
    /// Saturdays and Sundays skipped (weekends not included).
    pub weekend_days: Vec<NaiveDate>,
    /// Paid holidays skipped: the employee is off anyway.
    pub holidays: Vec<NaiveDate>,
}

impl RequestUsage {
    /// 'Good News! You're already off this day for a paid holiday.' when a paid holiday falls
    /// on a day of the request.
    pub fn good_news(&self) -> Option<&'static str> {
        (!self.holidays.is_empty()).then_some(MSG_GOOD_NEWS)
    }

    /// The request as time off for the ledger (one entry per day that uses time).
    pub fn time_off(&self, request: SourceId, pto_type: PtoTypeId) -> Vec<TimeOffTaken> {
        self.days
            .iter()
            .filter(|d| d.minutes > 0)
            .map(|d| TimeOffTaken { request, date: d.date, pto_type, minutes: d.minutes })
            .collect()
    }
}

/// The minutes a request uses: 480 for each full day, weekends skipped unless included, paid
/// holidays skipped whatever the day; a partial day uses its hours (at most 480) on its start
/// date, or nothing on a skipped day.
///
/// ```
/// use chrono::NaiveDate;
/// use pto_engine::{request_usage, TimeOffRequest};
/// let d = |y, m, d| NaiveDate::from_ymd_opt(y, m, d).unwrap();
/// // Friday 3 to Tuesday 7 January 2025, with a paid holiday on Monday 6.
/// let req = TimeOffRequest { start: d(2025, 1, 3), end: d(2025, 1, 7), include_weekend: false, partial: None };
/// let usage = request_usage(&req, &[d(2025, 1, 6)]).unwrap();
/// assert_eq!(usage.minutes, 2 * 480);
/// assert_eq!(usage.weekend_days, [d(2025, 1, 4), d(2025, 1, 5)]);
/// assert_eq!(usage.good_news(), Some("Good News! You're already off this day for a paid holiday."));
/// ```
pub fn request_usage(request: &TimeOffRequest, paid_holidays: &[NaiveDate]) -> Result<RequestUsage, &'static str> {
    let (last, per_day) = match request.partial {
        Some(p) => (request.start, partial_minutes(p)?),
        None => {
            if request.end < request.start {
                return Err(MSG_END_DATE_BEFORE_START);
            }
            (request.end, MINUTES_PER_DAY)
        }
    };
    let mut usage = RequestUsage { days: Vec::new(), minutes: 0, weekend_days: Vec::new(), holidays: Vec::new() };
    let mut day = request.start;
    loop {
        if paid_holidays.contains(&day) {
            usage.holidays.push(day);
        } else if !request.include_weekend && matches!(day.weekday(), Weekday::Sat | Weekday::Sun) {
            usage.weekend_days.push(day);
        } else {
            usage.days.push(DayUse { date: day, minutes: per_day });
            usage.minutes = usage.minutes.saturating_add(per_day);
        }
        match day.succ_opt() {
            Some(next) if next <= last => day = next,
            _ => break,
        }
    }
    Ok(usage)
}

/// The answer of the balance check (`/pto/validate-balance`: pass, balance, requested).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BalanceCheck {
    /// The request may be submitted.
    pub pass: bool,
    /// The balance at the end of the request's first day, before the request.
    pub balance: i64,
    /// Minutes requested.
    pub requested: i64,
    /// Minutes this request could use (never below 0): `balance`, less what later time off of
    /// the type already counts on. An estimate for the message (time accruing during the
    /// request, caps and year ends are not in it); `pass` is the answer.
    pub available: i64,
    /// 'Dang it! …' when the balance is not enough (none for an empty request, which the
    /// screen simply cannot submit), with `available` and `requested` in hours.
    pub message: Option<String>,
}

/// Checks a new request against the balance. `input` holds the employee's other approved
/// and pending time off (pending time is reserved); `request` is the new one (from
/// [`RequestUsage::time_off`]).
///
/// A request passes when the type is unpaid, or it uses more than 0 minutes and, with it
/// added, (a) the balance after each of its days is not negative, and (b) no later time off of
/// the same type goes below zero (or lower than it already was). So time not yet accrued on
/// the day it is taken, time a later request already counts on, and time forfeited at a year
/// end before the request are not available.
///
/// ```
/// use chrono::NaiveDate;
/// use pto_engine::*;
/// use std::sync::Arc;
/// let d = |y, m, d| NaiveDate::from_ymd_opt(y, m, d).unwrap();
/// let vacation = PtoType { id: PtoTypeId(1), name: "Vacation".into(), payable: true };
/// let rule = Rule::new(RuleId(1), vacation.id, Method::PerCalendarYear, Hours::whole(16));
/// let plan = Arc::new(Plan { id: PlanId(1), name: "Std".into(), rules: vec![rule] });
/// let mut input = EmployeeInput::new(d(2024, 1, 1));
/// input.plans.push(PlanAssignment::for_year(2024, plan));
///
/// let three_days = TimeOffRequest { start: d(2024, 7, 1), end: d(2024, 7, 3), include_weekend: false, partial: None };
/// let usage = request_usage(&three_days, &[]).unwrap();
/// let check = check_balance(&input, &vacation, &usage.time_off(SourceId(9), vacation.id));
/// assert!(!check.pass);
/// assert_eq!(check.balance, 16 * 60);
/// assert_eq!(
///     check.message.as_deref(),
///     Some("Dang it! You don't have enough Vacation available for this request. 16 h available, 24 h requested.")
/// );
/// ```
pub fn check_balance(input: &EmployeeInput, pto_type: &PtoType, request: &[TimeOffTaken]) -> BalanceCheck {
    let days: Vec<&TimeOffTaken> = request.iter().filter(|t| t.pto_type == pto_type.id && t.minutes > 0).collect();
    let requested: i64 = days.iter().map(|t| t.minutes).sum();
    let Some(first) = days.iter().map(|t| t.date).min() else {
        return BalanceCheck { pass: !pto_type.payable, balance: 0, requested: 0, available: 0, message: None };
    };
    let last = days.iter().map(|t| t.date).max().unwrap_or(first);
    let horizon = last.checked_add_days(chrono::Days::new(366)).unwrap_or(NaiveDate::MAX);

    let without = compute(input, horizon);
    let mut with_input = input.clone();
    with_input.time_off.extend(days.iter().map(|t| **t));
    let with = compute(&with_input, horizon);

    let balance = without.balance_on(pto_type.id, first);
    if !pto_type.payable {
        return BalanceCheck { pass: true, balance, requested, available: balance.max(0), message: None };
    }

    let is_request = |e: &&LedgerEntry| e.pto_type == pto_type.id && e.kind == EntryKind::PtoRequest;
    let before: Vec<&LedgerEntry> = without.entries.iter().filter(is_request).collect();
    // A later request counting on the time leaves only what it does not need.
    let available = before
        .iter()
        .filter(|entry| entry.date >= first)
        .fold(balance, |least, entry| least.min(entry.balance_after.max(0)))
        .max(0);
    let mut before_iter = before.iter().peekable();
    let mut enough = true;
    for entry in with.entries.iter().filter(is_request) {
        let same = before_iter
            .peek()
            .is_some_and(|b| b.date == entry.date && b.source == entry.source && b.minutes == entry.minutes);
        if same {
            if let Some(b) = before_iter.next() {
                if entry.date >= first && entry.balance_after < b.balance_after.min(0) {
                    enough = false;
                }
            }
        } else if entry.balance_after < 0 {
            enough = false;
        }
    }
    BalanceCheck {
        pass: enough,
        balance,
        requested,
        available,
        message: (!enough).then(|| shortfall_message(&pto_type.name, available, requested)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(y: i32, m: u32, day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, day).unwrap()
    }

    fn t(h: u32, m: u32) -> NaiveTime {
        NaiveTime::from_hms_opt(h, m, 0).unwrap()
    }

    #[test]
    fn partial_days() {
        let mut req = TimeOffRequest {
            start: d(2025, 1, 6),
            end: d(2025, 1, 9),
            include_weekend: false,
            partial: Some(PartialDay { start: t(9, 0), end: t(11, 30) }),
        };
        let u = request_usage(&req, &[]).unwrap();
        assert_eq!(u.days, [DayUse { date: d(2025, 1, 6), minutes: 150 }]);
        req.partial = Some(PartialDay { start: t(9, 0), end: t(17, 0) });
        assert_eq!(request_usage(&req, &[]).unwrap().minutes, 480);
        req.partial = Some(PartialDay { start: t(9, 0), end: t(17, 1) });
        assert_eq!(request_usage(&req, &[]), Err(MSG_PARTIAL_TOO_LONG));
        req.partial = Some(PartialDay { start: t(11, 0), end: t(9, 0) });
        assert_eq!(request_usage(&req, &[]), Err(MSG_END_TIME_BEFORE_START));
        // A partial day on a Saturday uses nothing unless weekends are included.
        req.start = d(2025, 1, 4);
        req.partial = Some(PartialDay { start: t(9, 0), end: t(11, 0) });
        assert_eq!(request_usage(&req, &[]).unwrap().minutes, 0);
        req.include_weekend = true;
        assert_eq!(request_usage(&req, &[]).unwrap().minutes, 120);
    }

    #[test]
    fn end_before_start() {
        let req = TimeOffRequest { start: d(2025, 1, 6), end: d(2025, 1, 5), include_weekend: false, partial: None };
        assert_eq!(request_usage(&req, &[]), Err(MSG_END_DATE_BEFORE_START));
        let draft =
            RequestDraft { pto_type: None, start: Some(d(2025, 1, 6)), end: Some(d(2025, 1, 5)), ..Default::default() };
        let p = draft.validate().unwrap_err();
        assert_eq!(p.messages("ptoType"), [MSG_TYPE_REQUIRED]);
        assert_eq!(p.messages("end"), [MSG_END_DATE_BEFORE_START]);
    }

    #[test]
    fn draft_requires_times_for_partial_days() {
        let draft = RequestDraft { pto_type: Some(1), partialday: true, ..Default::default() };
        let p = draft.validate().unwrap_err();
        assert_eq!(p.messages("start"), [MSG_START_REQUIRED]);
        assert_eq!(p.messages("starttime"), [MSG_START_TIME_REQUIRED]);
        assert_eq!(p.messages("endtime"), [MSG_END_TIME_REQUIRED]);
        let ok = RequestDraft {
            pto_type: Some(1),
            start: Some(d(2025, 1, 6)),
            end: Some(d(2025, 1, 9)),
            partialday: true,
            starttime: Some(t(9, 0)),
            endtime: Some(t(11, 0)),
            include_weekend: false,
        };
        let (ty, req) = ok.validate().unwrap();
        assert_eq!(ty, PtoTypeId(1));
        assert_eq!(req.end, d(2025, 1, 6));
    }

    #[test]
    fn weekends_included_and_holidays_on_weekends() {
        let req = TimeOffRequest { start: d(2025, 7, 3), end: d(2025, 7, 7), include_weekend: true, partial: None };
        let u = request_usage(&req, &[d(2025, 7, 4), d(2025, 7, 5)]).unwrap();
        assert_eq!(u.minutes, 3 * 480);
        assert_eq!(u.holidays, [d(2025, 7, 4), d(2025, 7, 5)]);
        assert!(u.weekend_days.is_empty());
    }
}
