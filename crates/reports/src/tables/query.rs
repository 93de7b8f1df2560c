//! The report filter (`type&start&end&empids`) as sent and as checked.

use super::{DATES_MISSING, EMPIDS_INVALID, MAX_DAYS, RANGE_INVALID};
use chrono::NaiveDate;
use kernel::FieldErrors;

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
