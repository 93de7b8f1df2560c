//! The request form: `POST /pto/request` and `/pto/validate-balance` as sent, and the validated
//! command they are read into (000 §5), every problem at once with the spec's messages.

use super::{MAX_TEXT, MSG_DATE_FORMAT, MSG_REASON_LONG, MSG_TIME_FORMAT, MSG_TOO_LONG};
use crate::engine_ids::FromEngine;
use chrono::{NaiveDate, NaiveTime};
use kernel::ids::PtoTypeId;
use kernel::{FieldErrors, PtoRequestId, UserId};
use pto_engine::{RequestDraft, TimeOffRequest};
use serde::{Deserialize, Serialize};

/// Accepts true/false, 1/0 and their text forms (the spec's client sends both).
fn lenient_bool<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<Option<bool>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Flag {
        Bool(bool),
        Int(i64),
        Text(String),
    }
    Ok(match Option::<Flag>::deserialize(deserializer)? {
        None => None,
        Some(Flag::Bool(flag)) => Some(flag),
        Some(Flag::Int(n)) => Some(n != 0),
        Some(Flag::Text(text)) => match text.trim() {
            "1" | "true" | "on" => Some(true),
            "0" | "false" | "off" => Some(false),
            _ => None,
        },
    })
}

/// `POST /pto/request` and `/pto/validate-balance` (000 §3 "PTO request").
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default, rename_all = "camelCase")]
pub struct TimeOffInput {
    /// A pending request to change (only whoever filed it).
    #[serde(deserialize_with = "kernel::validation::lenient_i64")]
    pub id: Option<i64>,
    /// 'On Behalf Of' (managers and admins, for people they reach); the caller by default.
    #[serde(deserialize_with = "kernel::validation::lenient_i64")]
    pub employee_id: Option<i64>,
    #[serde(deserialize_with = "kernel::validation::lenient_i64", alias = "ptoTypeId")]
    pub pto_type: Option<i64>,
    #[serde(deserialize_with = "lenient_bool")]
    pub partialday: Option<bool>,
    /// 1 all day, 0 partial (when `partialday` is not sent).
    #[serde(deserialize_with = "kernel::validation::lenient_i64")]
    pub allday: Option<i64>,
    #[serde(deserialize_with = "lenient_bool")]
    pub include_weekend: Option<bool>,
    /// `YYYY-MM-DD` or `YYYY-MM-DD HH:mm:ss`, the company's local time.
    pub start: Option<String>,
    pub end: Option<String>,
    /// `HH:mm` (partial days).
    pub starttime: Option<String>,
    pub endtime: Option<String>,
    pub reason: Option<String>,
}

/// A validated request form.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TimeOffCommand {
    pub id: Option<PtoRequestId>,
    pub employee: Option<UserId>,
    pub pto_type: PtoTypeId,
    pub request: TimeOffRequest,
    pub reason: String,
}

/// `YYYY-MM-DD`, optionally followed by ` HH:mm[:ss]` or `THH:mm[:ss]`.
fn date_and_time(text: &str) -> Option<(NaiveDate, Option<NaiveTime>)> {
    let text = text.trim();
    let date = NaiveDate::parse_from_str(text.get(..10)?, "%Y-%m-%d").ok()?;
    let rest = text.get(10..)?.trim_start_matches(['T', ' ']);
    if rest.is_empty() {
        return Some((date, None));
    }
    Some((date, Some(time_of(rest)?)))
}

pub(super) fn time_of(text: &str) -> Option<NaiveTime> {
    kernel::time::parse_time_of_day(text)
}

impl TimeOffCommand {
    /// The form's rules (000 §5), every problem at once, with the spec's messages.
    pub fn parse(input: &TimeOffInput) -> Result<Self, FieldErrors> {
        let mut errors = FieldErrors::new();
        let partial = input.partialday.unwrap_or(input.allday == Some(0));
        let mut read_date = |field: &str, text: &Option<String>| match text.as_deref().map(str::trim) {
            None | Some("") => None,
            Some(text) => match date_and_time(text) {
                Some((date, time)) if kernel::validation::is_sane_date(date) => Some((date, time)),
                Some(_) => {
                    errors.add(field, kernel::validation::DATE_RANGE_MESSAGE);
                    None
                }
                None => {
                    errors.add(field, MSG_DATE_FORMAT);
                    None
                }
            },
        };
        let start = read_date("start", &input.start);
        let end = read_date("end", &input.end);
        let mut read_time =
            |field: &str, text: &Option<String>, fallback: Option<NaiveTime>| match text.as_deref().map(str::trim) {
                None | Some("") => fallback,
                Some(text) => time_of(text).or_else(|| {
                    errors.add(field, MSG_TIME_FORMAT);
                    None
                }),
            };
        // A partial day's times may come inside start and end (000 §5: 'YYYY-MM-DD HH:mm:ss').
        let starttime = read_time("starttime", &input.starttime, start.and_then(|(_, time)| time));
        let endtime = read_time("endtime", &input.endtime, end.and_then(|(_, time)| time));
        let draft = RequestDraft {
            pto_type: input.pto_type,
            start: start.map(|(date, _)| date),
            end: end.map(|(date, _)| date),
            partialday: partial,
            starttime: if partial { starttime } else { None },
            endtime: if partial { endtime } else { None },
            include_weekend: input.include_weekend.unwrap_or(false),
        };
        let reason = input.reason.as_deref().map(str::trim).unwrap_or_default().to_owned();
        if let Err(message) = kernel::validation::check_text("reason", &reason) {
            errors.add("reason", message);
        }
        if reason.chars().count() > MAX_TEXT {
            errors.add("reason", MSG_REASON_LONG);
        }
        let validated = draft.validate();
        if let Err(problems) = &validated {
            // A field already refused as written ('12/01/2026') is not also 'missing'.
            for (field, messages) in problems.iter() {
                if errors.has(field) {
                    continue;
                }
                for message in messages {
                    errors.add(field, message.clone());
                }
            }
        }
        if let Ok((_, request)) = &validated {
            if (request.end - request.start).num_days() > 366 {
                errors.add("end", MSG_TOO_LONG);
            }
        }
        let (pto_type, request) = match validated {
            Ok(valid) if errors.is_empty() => valid,
            _ => return Err(errors),
        };
        Ok(TimeOffCommand {
            id: input.id.map(PtoRequestId),
            employee: input.employee_id.map(UserId),
            pto_type: pto_type.stored(),
            request,
            reason,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::super::views::hhmm;
    use super::*;

    fn input() -> TimeOffInput {
        TimeOffInput { pto_type: Some(1), start: Some("2026-12-01".into()), ..Default::default() }
    }

    #[test]
    fn full_days_read_dates_with_or_without_times() {
        let mut form = input();
        form.start = Some("2026-12-01 00:00:00".into());
        form.end = Some("2026-12-03 23:59:59".into());
        form.allday = Some(1);
        let command = TimeOffCommand::parse(&form).unwrap();
        assert_eq!(command.request.end, NaiveDate::from_ymd_opt(2026, 12, 3).unwrap());
        assert_eq!(command.request.partial, None);
    }

    #[test]
    fn partial_days_take_their_times_from_the_dates_when_missing() {
        let mut form = input();
        form.allday = Some(0);
        form.start = Some("2026-12-01 09:00:00".into());
        form.end = Some("2026-12-01 11:30:00".into());
        let command = TimeOffCommand::parse(&form).unwrap();
        let partial = command.request.partial.unwrap();
        assert_eq!((hhmm(partial.start), hhmm(partial.end)), ("09:00".to_owned(), "11:30".to_owned()));
    }

    #[test]
    fn the_spec_messages_come_back_on_their_fields() {
        let form = TimeOffInput { partialday: Some(true), ..Default::default() };
        let errors = TimeOffCommand::parse(&form).unwrap_err();
        assert_eq!(errors.messages("ptoType"), [pto_engine::request::MSG_TYPE_REQUIRED]);
        assert_eq!(errors.messages("start"), [pto_engine::request::MSG_START_REQUIRED]);
        assert_eq!(errors.messages("starttime"), [pto_engine::request::MSG_START_TIME_REQUIRED]);
        let mut form = input();
        form.end = Some("2026-11-30".into());
        form.reason = Some("bad\u{7}".into());
        let errors = TimeOffCommand::parse(&form).unwrap_err();
        assert_eq!(errors.messages("end"), [pto_engine::request::MSG_END_DATE_BEFORE_START]);
        assert!(errors.has("reason"));
        let mut form = input();
        form.start = Some("12/01/2026".into());
        assert_eq!(TimeOffCommand::parse(&form).unwrap_err().messages("start"), [MSG_DATE_FORMAT]);
    }
}
