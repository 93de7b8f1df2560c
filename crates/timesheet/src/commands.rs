//! Timesheet requests parsed into validated commands (spec 000 §5 'Timesheet'), every field
//! problem collected at once. Times arrive as `YYYY-MM-DD HH:mm:ss` in the company's zone.

use chrono::{DateTime, Utc};
use chrono_tz::Tz;
use clock::shift::Interval;
use kernel::time::{parse_local_datetime, LocalTimeError};
use kernel::{EntryId, FieldErrors};

pub const MAX_COMMENT_CHARS: usize = 2000;

/// What to do with a shift's breaks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BreakOperation {
    Keep,
    RemoveAll,
    Replace(Vec<Interval>),
}

impl BreakOperation {
    pub fn code(&self) -> &'static str {
        match self {
            BreakOperation::Keep => "NOCHANGE",
            BreakOperation::RemoveAll => "REMOVE",
            BreakOperation::Replace(_) => "REPLACE",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChangeType {
    In,
    Out,
    InOut,
}

impl ChangeType {
    pub fn code(self) -> &'static str {
        match self {
            ChangeType::In => "in",
            ChangeType::Out => "out",
            ChangeType::InOut => "inout",
        }
    }

    fn parse(code: &str) -> Option<Self> {
        match code.trim().to_ascii_lowercase().as_str() {
            "in" => Some(ChangeType::In),
            "out" => Some(ChangeType::Out),
            "inout" => Some(ChangeType::InOut),
            _ => None,
        }
    }
}

fn present(value: &Option<String>) -> Option<&str> {
    value.as_deref().map(str::trim).filter(|value| !value.is_empty())
}

fn time_message(error: LocalTimeError) -> &'static str {
    match error {
        LocalTimeError::Format => "Please enter a date and time as YYYY-MM-DD HH:mm:ss",
        LocalTimeError::Nonexistent => "This time does not exist that day: the clocks change",
    }
}

/// A required time: `missing` when absent.
fn required_time(
    errors: &mut FieldErrors,
    field: &str,
    value: &Option<String>,
    tz: Tz,
    missing: &str,
) -> Option<DateTime<Utc>> {
    match present(value) {
        None => {
            errors.add(field, missing);
            None
        }
        Some(text) => parse_local_datetime(text, tz).map_err(|err| errors.add(field, time_message(err))).ok(),
    }
}

fn optional_time(errors: &mut FieldErrors, field: &str, value: &Option<String>, tz: Tz) -> Option<DateTime<Utc>> {
    present(value)
        .and_then(|text| parse_local_datetime(text, tz).map_err(|err| errors.add(field, time_message(err))).ok())
}

/// Breaks as `[[from, to], …]` (a break without `to` is still running).
fn parse_breaks(errors: &mut FieldErrors, breaks: &[Vec<Option<String>>], tz: Tz) -> Vec<Interval> {
    let mut parsed = Vec::new();
    for pair in breaks {
        let from = pair.first().cloned().flatten();
        let to = pair.get(1).cloned().flatten();
        let Some(from_text) = present(&from) else {
            errors.add("breaks", "Please enter each break's start time");
            continue;
        };
        let start = parse_local_datetime(from_text, tz);
        let end = present(&to).map(|text| parse_local_datetime(text, tz)).transpose();
        match (start, end) {
            (Ok(start), Ok(end)) => parsed.push(Interval { start, end }),
            (Err(err), _) | (_, Err(err)) => errors.add("breaks", time_message(err)),
        }
    }
    parsed
}

fn comment(errors: &mut FieldErrors, field: &str, value: &Option<String>, missing: &str) -> String {
    match present(value) {
        None => {
            errors.add(field, missing);
            String::new()
        }
        Some(text) if text.chars().count() > MAX_COMMENT_CHARS => {
            errors.add(field, format!("Please keep it under {MAX_COMMENT_CHARS} characters"));
            String::new()
        }
        Some(text) => text.to_owned(),
    }
}

/// `POST /timesheet/add-comment`.
pub fn parse_comment(value: &Option<String>) -> Result<String, FieldErrors> {
    let mut errors = FieldErrors::new();
    let text = comment(&mut errors, "comment", value, "Please input the Comment content");
    errors.into_result(text)
}

/// `POST /timesheet/edit-request-reject`: the reason is required.
pub fn parse_rejection(value: &Option<String>) -> Result<String, FieldErrors> {
    let mut errors = FieldErrors::new();
    let text = comment(&mut errors, "comment", value, "Please input the reason of the rejection");
    errors.into_result(text)
}

#[derive(Debug, Clone, Default)]
pub struct EditRequestInput {
    pub tracking_number: Option<i64>,
    pub comment: Option<String>,
    pub change_type: Option<String>,
    pub start: Option<String>,
    pub end: Option<String>,
    pub boptype: Option<String>,
    pub breaks: Option<Vec<Vec<Option<String>>>>,
}

#[derive(Debug, Clone)]
pub struct EditRequestCommand {
    pub entry_id: EntryId,
    pub comment: String,
    pub change_type: ChangeType,
    pub start: Option<DateTime<Utc>>,
    pub end: Option<DateTime<Utc>>,
    pub breaks: BreakOperation,
}

impl EditRequestCommand {
    pub fn parse(input: &EditRequestInput, tz: Tz) -> Result<Self, FieldErrors> {
        let mut errors = FieldErrors::new();
        let entry_id = EntryId(input.tracking_number.unwrap_or_else(|| {
            errors.add("trackingNumber", "Please choose a shift");
            0
        }));
        let change_type = match present(&input.change_type).map(ChangeType::parse) {
            Some(Some(change_type)) => Some(change_type),
            _ => {
                errors.add("changeType", "Please choose what to change");
                None
            }
        };
        let wants_in = matches!(change_type, Some(ChangeType::In | ChangeType::InOut));
        let wants_out = matches!(change_type, Some(ChangeType::Out | ChangeType::InOut));
        let start = if wants_in {
            required_time(&mut errors, "start", &input.start, tz, "Please input the Clock in")
        } else {
            None
        };
        let end = if wants_out {
            required_time(&mut errors, "end", &input.end, tz, "Please input the Clock out")
        } else {
            None
        };
        let breaks = match present(&input.boptype).map(str::to_ascii_uppercase).as_deref() {
            None | Some("NOCHANGE") => BreakOperation::Keep,
            Some("REMOVE") => BreakOperation::RemoveAll,
            Some("REPLACE") => {
                BreakOperation::Replace(parse_breaks(&mut errors, input.breaks.as_deref().unwrap_or_default(), tz))
            }
            Some(_) => {
                errors.add("boptype", "Please choose how to change the breaks");
                BreakOperation::Keep
            }
        };
        let comment = comment(&mut errors, "comment", &input.comment, "Please input the Reason");
        match (errors.is_empty(), change_type) {
            (true, Some(change_type)) => Ok(EditRequestCommand { entry_id, comment, change_type, start, end, breaks }),
            _ => Err(errors),
        }
    }
}

/// `POST /timesheet/edit`: an admin's 'Edit Now' (with a tracking number) or 'Add Shift'.
#[derive(Debug, Clone, Default)]
pub struct ShiftEditInput {
    pub tracking_number: Option<i64>,
    pub employee_id: Option<i64>,
    pub start: Option<String>,
    pub end: Option<String>,
    /// Absent: the breaks stay as they are. Present: the shift's breaks become these.
    pub breaks: Option<Vec<Vec<Option<String>>>>,
}

#[derive(Debug, Clone)]
pub enum ShiftEditCommand {
    /// 'Edit Now' of a shift (admins).
    Edit(ShiftEdit),
    /// 'Add Shift' (admins and managers).
    Add(ShiftAdd),
}

/// A change to an existing shift.
#[derive(Debug, Clone)]
pub struct ShiftEdit {
    pub entry_id: EntryId,
    pub start: DateTime<Utc>,
    pub end: Option<DateTime<Utc>>,
    pub breaks: BreakOperation,
}

/// A new, ended shift for someone.
#[derive(Debug, Clone)]
pub struct ShiftAdd {
    pub employee_id: Option<i64>,
    pub start: DateTime<Utc>,
    pub end: DateTime<Utc>,
    pub breaks: Vec<Interval>,
}

impl ShiftEditCommand {
    pub fn parse(input: &ShiftEditInput, tz: Tz) -> Result<Self, FieldErrors> {
        let mut errors = FieldErrors::new();
        let start = required_time(&mut errors, "start", &input.start, tz, "Please input the Clock in");
        let breaks = input.breaks.as_ref().map(|breaks| parse_breaks(&mut errors, breaks, tz));
        match input.tracking_number {
            Some(entry_id) => {
                let end = optional_time(&mut errors, "end", &input.end, tz);
                let breaks = breaks.map_or(BreakOperation::Keep, BreakOperation::Replace);
                match (errors.is_empty(), start) {
                    (true, Some(start)) => {
                        Ok(ShiftEditCommand::Edit(ShiftEdit { entry_id: EntryId(entry_id), start, end, breaks }))
                    }
                    _ => Err(errors),
                }
            }
            None => {
                let end = required_time(&mut errors, "end", &input.end, tz, "Please input the Clock out");
                match (errors.is_empty(), start, end) {
                    (true, Some(start), Some(end)) => Ok(ShiftEditCommand::Add(ShiftAdd {
                        employee_id: input.employee_id,
                        start,
                        end,
                        breaks: breaks.unwrap_or_default(),
                    })),
                    _ => Err(errors),
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const NY: Tz = chrono_tz::America::New_York;

    #[test]
    fn edit_requests_need_the_times_their_type_changes() {
        let input =
            EditRequestInput { tracking_number: Some(1), change_type: Some("inout".into()), ..Default::default() };
        let errors = EditRequestCommand::parse(&input, NY).unwrap_err();
        assert_eq!(errors.messages("start"), ["Please input the Clock in"]);
        assert_eq!(errors.messages("end"), ["Please input the Clock out"]);
        assert_eq!(errors.messages("comment"), ["Please input the Reason"]);

        let input =
            EditRequestInput { tracking_number: Some(1), change_type: Some("out".into()), ..Default::default() };
        let errors = EditRequestCommand::parse(&input, NY).unwrap_err();
        assert!(!errors.has("start"));
        assert_eq!(errors.messages("end"), ["Please input the Clock out"]);

        let errors = EditRequestCommand::parse(&EditRequestInput::default(), NY).unwrap_err();
        assert_eq!(errors.messages("changeType"), ["Please choose what to change"]);
        assert_eq!(errors.messages("trackingNumber"), ["Please choose a shift"]);
    }

    #[test]
    fn times_are_local_to_the_company_and_checked() {
        let input = EditRequestInput {
            tracking_number: Some(1),
            change_type: Some("in".into()),
            start: Some("2026-03-08 02:30:00".into()),
            comment: Some("forgot".into()),
            boptype: Some("REPLACE".into()),
            breaks: Some(vec![vec![Some("2026-03-08 12:00:00".into()), Some("nonsense".into())], vec![None]]),
            ..Default::default()
        };
        let errors = EditRequestCommand::parse(&input, NY).unwrap_err();
        assert_eq!(errors.messages("start"), ["This time does not exist that day: the clocks change"]);
        assert_eq!(errors.messages("breaks").len(), 2);

        let input = EditRequestInput {
            tracking_number: Some(1),
            change_type: Some("in".into()),
            start: Some("2026-07-01 08:00:00".into()),
            comment: Some("  missed the clock  ".into()),
            ..Default::default()
        };
        let command = EditRequestCommand::parse(&input, NY).unwrap();
        assert_eq!(command.start.unwrap().to_rfc3339(), "2026-07-01T12:00:00+00:00");
        assert_eq!(command.comment, "missed the clock");
        assert_eq!(command.breaks, BreakOperation::Keep);
    }

    #[test]
    fn shift_edits() {
        let errors = ShiftEditCommand::parse(&ShiftEditInput::default(), NY).unwrap_err();
        assert_eq!(errors.messages("start"), ["Please input the Clock in"]);
        assert_eq!(errors.messages("end"), ["Please input the Clock out"]);
        let edit = ShiftEditCommand::parse(
            &ShiftEditInput { tracking_number: Some(4), start: Some("2026-07-01 08:00".into()), ..Default::default() },
            NY,
        )
        .unwrap();
        assert!(matches!(edit, ShiftEditCommand::Edit(ShiftEdit { end: None, breaks: BreakOperation::Keep, .. })));
        assert_eq!(
            parse_comment(&Some("   ".into())).unwrap_err().messages("comment"),
            ["Please input the Comment content"]
        );
        assert_eq!(
            parse_rejection(&None).unwrap_err().messages("comment"),
            ["Please input the reason of the rejection"]
        );
    }
}

/// `POST /timesheet/approve-period`: whose period to approve, and which period.
#[derive(Debug, Clone, Default, serde::Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", default)]
pub struct ApprovePeriodInput {
    /// The people whose period to approve (one, or every one still to approve).
    pub employee_ids: Vec<i64>,
    /// A day of the period, `YYYY-MM-DD`.
    pub date: Option<String>,
    /// `week` (default) or `payPeriod`.
    pub span: Option<String>,
}

/// [`ApprovePeriodInput`], validated.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApprovePeriodCommand {
    pub employees: Vec<kernel::UserId>,
    pub date: chrono::NaiveDate,
    pub span: crate::team::TeamSpan,
}

/// Reads `week` or `payPeriod` (the team view's query and the approval's body).
pub fn parse_span(errors: &mut FieldErrors, value: Option<&str>) -> crate::team::TeamSpan {
    match value.map(str::trim).unwrap_or("week") {
        "" | "week" => crate::team::TeamSpan::Week,
        "payPeriod" => crate::team::TeamSpan::PayPeriod,
        _ => {
            errors.add("span", "Please choose week or payPeriod");
            crate::team::TeamSpan::Week
        }
    }
}

/// The most people one approval may name (a whole team of the largest companies we serve).
pub const MAX_APPROVALS: usize = 2000;

impl ApprovePeriodCommand {
    pub fn parse(input: &ApprovePeriodInput) -> Result<Self, FieldErrors> {
        let mut errors = FieldErrors::new();
        if input.employee_ids.is_empty() {
            errors.add("employeeIds", "Please choose at least one person");
        } else if input.employee_ids.len() > MAX_APPROVALS {
            errors.add("employeeIds", format!("Please choose at most {MAX_APPROVALS} people"));
        }
        let date = match present(&input.date) {
            None => {
                errors.add("date", "Please choose a day of the period");
                None
            }
            Some(text) => {
                kernel::validation::date_field(&mut errors, "date", text, "Please enter a date as YYYY-MM-DD")
            }
        };
        let span = parse_span(&mut errors, input.span.as_deref());
        match date {
            Some(date) if errors.is_empty() => {
                Ok(Self { employees: input.employee_ids.iter().copied().map(kernel::UserId).collect(), date, span })
            }
            _ => Err(errors),
        }
    }
}
