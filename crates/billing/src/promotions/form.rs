//! The operator's promotion form and list query, as sent and as checked.

use super::{
    is_valid_code, normalize_code, AMOUNT_MESSAGE, CODE_FORMAT_MESSAGE, CODE_MISSING_MESSAGE, DATE_MESSAGE,
    DESCRIPTION_MESSAGE, EITHER_DISCOUNT_MESSAGE, MONTHS_MESSAGE, PERCENT_MESSAGE,
};
use chrono::NaiveDate;
use kernel::FieldErrors;

const MAX_DESCRIPTION: usize = 200;
const MAX_AMOUNT_OFF: i64 = 100_000_000;
const MAX_MONTHS: i64 = 36;

/// The operator's promotion form, as sent.
#[derive(Debug, Clone, Default)]
pub struct PromotionInput {
    pub code: Option<String>,
    pub description: Option<String>,
    pub percent_off: Option<i64>,
    /// Cents.
    pub amount_off: Option<i64>,
    pub months: Option<i64>,
    /// `YYYY-MM-DD`; empty is none.
    pub expires_on: Option<String>,
}

/// A promotion form that passed every check.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct PromotionCommand {
    pub(super) code: String,
    pub(super) description: String,
    pub(super) percent_off: Option<i32>,
    pub(super) amount_off: Option<i64>,
    pub(super) months: Option<i32>,
    pub(super) expires_on: Option<NaiveDate>,
}

impl PromotionCommand {
    pub(super) fn parse(input: &PromotionInput) -> Result<Self, FieldErrors> {
        let mut errors = FieldErrors::new();
        let code = normalize_code(input.code.as_deref().unwrap_or_default());
        if code.is_empty() {
            errors.add("code", CODE_MISSING_MESSAGE);
        } else if !is_valid_code(&code) {
            errors.add("code", CODE_FORMAT_MESSAGE);
        }
        let description = input.description.as_deref().unwrap_or_default().trim().to_owned();
        if description.chars().count() > MAX_DESCRIPTION {
            errors.add("description", DESCRIPTION_MESSAGE);
        }
        // One line: no control character at all (the form reader lets line breaks through in
        // fields named `description`).
        if let Err(message) = kernel::validation::check_text("", &description) {
            errors.add("description", message);
        }
        let (mut percent_off, mut amount_off) = (None, None);
        match (input.percent_off, input.amount_off) {
            (Some(percent), None) => match i32::try_from(percent) {
                Ok(percent) if (1..=100).contains(&percent) => percent_off = Some(percent),
                _ => errors.add("percentOff", PERCENT_MESSAGE),
            },
            (None, Some(amount)) => {
                if (1..=MAX_AMOUNT_OFF).contains(&amount) {
                    amount_off = Some(amount);
                } else {
                    errors.add("amountOff", AMOUNT_MESSAGE);
                }
            }
            _ => errors.add("percentOff", EITHER_DISCOUNT_MESSAGE),
        }
        let months = match input.months {
            None => None,
            Some(months) if (1..=MAX_MONTHS).contains(&months) => i32::try_from(months).ok(),
            Some(_) => {
                errors.add("months", MONTHS_MESSAGE);
                None
            }
        };
        let expires_on = match input.expires_on.as_deref().map(str::trim).filter(|day| !day.is_empty()) {
            None => None,
            Some(day) => match NaiveDate::parse_from_str(day, "%Y-%m-%d") {
                Ok(day) => {
                    kernel::validation::check_date(&mut errors, "expiresOn", Some(day));
                    Some(day)
                }
                Err(_) => {
                    errors.add("expiresOn", DATE_MESSAGE);
                    None
                }
            },
        };
        errors.into_result(PromotionCommand { code, description, percent_off, amount_off, months, expires_on })
    }
}

/// What the promotion list is sorted by.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PromotionSort {
    Code,
    CreatedAt,
}

/// Which page of the promotion list, filtered and sorted how.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PromotionQuery {
    pub page: u64,
    /// The start of a code (any case).
    pub q: Option<String>,
    pub sort: PromotionSort,
    pub descending: bool,
}

impl PromotionQuery {
    /// `sort`: `code` or `createdAt` (the default, newest first); `order`: `asc` or `desc`
    /// (default: `asc` for the code, `desc` for the date).
    pub fn parse(
        page: Option<u64>,
        q: Option<&str>,
        sort: Option<&str>,
        order: Option<&str>,
    ) -> Result<Self, FieldErrors> {
        let mut errors = FieldErrors::new();
        let page = kernel::validation::page_into(&mut errors, page);
        let sort = match sort.map(str::trim).filter(|sort| !sort.is_empty()) {
            None | Some("createdAt") => PromotionSort::CreatedAt,
            Some("code") => PromotionSort::Code,
            Some(_) => {
                errors.add("sort", "Please sort by code or createdAt");
                PromotionSort::CreatedAt
            }
        };
        let descending = kernel::validation::descending_into(&mut errors, order, sort == PromotionSort::CreatedAt);
        let q = q.map(normalize_code).filter(|q| !q.is_empty());
        errors.into_result(PromotionQuery { page, q, sort, descending })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input() -> PromotionInput {
        PromotionInput {
            code: Some(" welcome-2027_a ".into()),
            description: Some("A month free".into()),
            percent_off: Some(20),
            months: Some(3),
            expires_on: Some("2027-01-31".into()),
            ..Default::default()
        }
    }

    #[test]
    fn a_form_is_checked_field_by_field() {
        let command = PromotionCommand::parse(&input()).unwrap();
        assert_eq!(command.code, "WELCOME-2027_A");
        assert_eq!(command.percent_off, Some(20));
        assert_eq!(command.expires_on, NaiveDate::from_ymd_opt(2027, 1, 31));

        let errors = PromotionCommand::parse(&PromotionInput::default()).unwrap_err();
        assert_eq!(errors.messages("code"), [CODE_MISSING_MESSAGE]);
        assert_eq!(errors.messages("percentOff"), [EITHER_DISCOUNT_MESSAGE]);

        let errors = PromotionCommand::parse(&PromotionInput {
            code: Some("ab".into()),
            description: Some("x".repeat(201)),
            percent_off: Some(101),
            months: Some(37),
            expires_on: Some("31/01/2027".into()),
            ..Default::default()
        })
        .unwrap_err();
        assert_eq!(errors.messages("code"), [CODE_FORMAT_MESSAGE]);
        assert_eq!(errors.messages("description"), [DESCRIPTION_MESSAGE]);
        assert_eq!(errors.messages("percentOff"), [PERCENT_MESSAGE]);
        assert_eq!(errors.messages("months"), [MONTHS_MESSAGE]);
        assert_eq!(errors.messages("expiresOn"), [DATE_MESSAGE]);

        let both = PromotionInput { amount_off: Some(500), ..input() };
        assert_eq!(PromotionCommand::parse(&both).unwrap_err().messages("percentOff"), [EITHER_DISCOUNT_MESSAGE]);
        let zero = PromotionInput { percent_off: None, amount_off: Some(0), ..input() };
        assert_eq!(PromotionCommand::parse(&zero).unwrap_err().messages("amountOff"), [AMOUNT_MESSAGE]);
        let bad = PromotionInput { code: Some("WEL COME".into()), description: Some("two\nlines".into()), ..input() };
        let errors = PromotionCommand::parse(&bad).unwrap_err();
        assert_eq!(errors.messages("code"), [CODE_FORMAT_MESSAGE]);
        assert_eq!(errors.messages("description"), [kernel::validation::CONTROL_CHARACTER_MESSAGE]);
    }

    #[test]
    fn the_list_sorts_by_its_columns_only() {
        let query = PromotionQuery::parse(None, Some(" wel "), None, None).unwrap();
        assert_eq!(
            (query.page, query.q.as_deref(), query.sort, query.descending),
            (1, Some("WEL"), PromotionSort::CreatedAt, true)
        );
        let query = PromotionQuery::parse(Some(2), None, Some("code"), None).unwrap();
        assert_eq!((query.sort, query.descending), (PromotionSort::Code, false));
        let errors = PromotionQuery::parse(Some(0), None, Some("percentOff"), Some("up")).unwrap_err();
        assert!(errors.has("page") && errors.has("sort") && errors.has("order"));
    }
}
