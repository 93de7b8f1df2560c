//! Per-field validation errors, collected all at once rather than stopping at the first.

use serde::Serialize;
use std::collections::BTreeMap;

/// Field name (as the client sends it) to the messages for that field, in the order found.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct FieldErrors(BTreeMap<String, Vec<String>>);

impl FieldErrors {
    pub fn new() -> Self {
        Self::default()
    }

    /// A single problem with one field.
    pub fn single(field: &str, message: impl Into<String>) -> Self {
        let mut errors = Self::new();
        errors.add(field, message);
        errors
    }

    pub fn add(&mut self, field: &str, message: impl Into<String>) {
        self.0.entry(field.to_owned()).or_default().push(message.into());
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Adds every problem of `other`.
    pub fn extend(&mut self, other: FieldErrors) {
        for (field, messages) in other.0 {
            self.0.entry(field).or_default().extend(messages);
        }
    }

    pub fn has(&self, field: &str) -> bool {
        self.0.contains_key(field)
    }

    /// The messages for one field (empty when the field is fine).
    pub fn messages(&self, field: &str) -> &[String] {
        self.0.get(field).map(Vec::as_slice).unwrap_or_default()
    }

    pub fn first_message(&self) -> Option<&str> {
        self.0.values().flatten().next().map(String::as_str)
    }

    /// `Ok(value)` when nothing was found wrong.
    pub fn into_result<T>(self, value: T) -> Result<T, FieldErrors> {
        if self.is_empty() {
            Ok(value)
        } else {
            Err(self)
        }
    }
}

/// The days the product deals in: payroll, time off and birthdays all fall in these years. A date
/// outside them is a mistake (or a probe), and date arithmetic near chrono's limits would fail.
pub const EARLIEST_YEAR: i32 = 1900;
pub const LATEST_YEAR: i32 = 2200;
/// What a date outside [`EARLIEST_YEAR`]..=[`LATEST_YEAR`] hears.
pub const DATE_RANGE_MESSAGE: &str = "Please choose a date between the years 1900 and 2200";

/// Whether `date` lies in the years the product deals in.
pub fn is_sane_date(date: chrono::NaiveDate) -> bool {
    use chrono::Datelike;
    (EARLIEST_YEAR..=LATEST_YEAR).contains(&date.year())
}

/// Adds [`DATE_RANGE_MESSAGE`] for `field` when `date` is out of range.
pub fn check_date(errors: &mut FieldErrors, field: &str, date: Option<chrono::NaiveDate>) {
    if date.is_some_and(|date| !is_sane_date(date)) {
        errors.add(field, DATE_RANGE_MESSAGE);
    }
}

/// The one reader of a form's date: `YYYY-MM-DD` (four-digit years only: chrono alone would
/// read `-9999-01-01` or `+10000-01-01`) in the years the product deals in. A malformed text
/// hears `format_message`, a date out of range [`DATE_RANGE_MESSAGE`], both under `field`.
pub fn date_field(
    errors: &mut FieldErrors,
    field: &str,
    text: &str,
    format_message: &str,
) -> Option<chrono::NaiveDate> {
    let text = text.trim();
    let shaped = text.len() == 10
        && text.bytes().enumerate().all(|(i, b)| if i == 4 || i == 7 { b == b'-' } else { b.is_ascii_digit() });
    match chrono::NaiveDate::parse_from_str(text, "%Y-%m-%d") {
        Ok(date) if shaped && is_sane_date(date) => Some(date),
        Ok(_) if shaped => {
            errors.add(field, DATE_RANGE_MESSAGE);
            None
        }
        _ => {
            errors.add(field, format_message);
            None
        }
    }
}

/// The highest page number any list accepts: far past any company's data, far below overflow.
pub const MAX_PAGE: u64 = 100_000;

/// A list's page from a request: absent is the first; 0 or past [`MAX_PAGE`] is refused.
pub fn page(page: Option<u64>) -> Result<u64, FieldErrors> {
    match page {
        None => Ok(1),
        Some(page) if (1..=MAX_PAGE).contains(&page) => Ok(page),
        Some(_) => Err(FieldErrors::single("page", format!("Please choose a page from 1 to {MAX_PAGE}"))),
    }
}

/// [`page`] for a query that collects every field's problem at once: a wrong page is added to
/// `errors` (and the first page is used meanwhile).
pub fn page_into(errors: &mut FieldErrors, value: Option<u64>) -> u64 {
    page(value).unwrap_or_else(|page_errors| {
        errors.add("page", page_errors.first_message().unwrap_or_default());
        1
    })
}

/// A list's `order` parameter: `asc` or `desc`; absent (or blank), the sorted column's default.
/// Anything else is added to `errors`. Whether the order is descending.
pub fn descending_into(errors: &mut FieldErrors, order: Option<&str>, by_default: bool) -> bool {
    match order.map(str::trim).filter(|order| !order.is_empty()) {
        None => by_default,
        Some("asc") => false,
        Some("desc") => true,
        Some(_) => {
            errors.add("order", "Please choose asc or desc");
            by_default
        }
    }
}

/// The form of a name that duplicate checks compare: Unicode lower case, computed here rather than
/// by a database (SQLite's `lower()` folds ASCII only), so both databases agree.
pub fn fold_case(text: &str) -> String {
    text.trim().to_lowercase()
}

/// What a text with a control character in it hears.
pub const CONTROL_CHARACTER_MESSAGE: &str = "This field may not contain control characters.";

/// Fields whose texts may run over several lines (a comment, a reason for a decision): the ends
/// of the names of such fields, compared without case (`requestComments` is one).
const MULTI_LINE_FIELDS: [&str; 6] = ["comment", "comments", "reason", "description", "note", "notes"];

/// Whether `field` (a request's field name) takes several lines of text.
pub fn is_multi_line_field(field: &str) -> bool {
    let field = field.to_ascii_lowercase();
    MULTI_LINE_FIELDS.iter().any(|name| field.ends_with(name))
}

/// What a text with a bidirectional override or isolate in it hears.
pub const DIRECTION_CHARACTER_MESSAGE: &str =
    "This field may not contain text-direction characters (such as right-to-left overrides).";

/// The bidirectional embeddings, overrides (U+202A–U+202E) and isolates (U+2066–U+2069): they
/// make a name read differently from what it is (`invoice\u{202E}fdp.exe` shows as `invoiceexe.pdf`),
/// and no name, title or file name needs them.
pub fn is_direction_character(c: char) -> bool {
    matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// The one check of every text a request brings: no control characters (NUL, escapes, line
/// breaks…), which a database may refuse (PostgreSQL has no NUL in text), a mail header would
/// break on, and no form needs; no bidirectional overrides or isolates either
/// ([`is_direction_character`]). Multi-line fields ([`is_multi_line_field`]) may have line
/// breaks and tabs. Rich text is not plain text and is sanitised apart, where it is kept.
pub fn check_text(field: &str, text: &str) -> Result<(), &'static str> {
    let multi_line = is_multi_line_field(field);
    let bad = |c: char| c.is_control() && !(multi_line && matches!(c, '\n' | '\r' | '\t'));
    if text.chars().any(bad) {
        Err(CONTROL_CHARACTER_MESSAGE)
    } else if text.chars().any(is_direction_character) {
        Err(DIRECTION_CHARACTER_MESSAGE)
    } else {
        Ok(())
    }
}

/// A loose but practical e-mail check: one `@`, a non-empty local part, a dotted domain of
/// letters, digits and hyphens, and no spaces. Delivery is what finally proves an address.
pub fn is_valid_email(email: &str) -> bool {
    if email.len() > 254 || email.chars().any(char::is_whitespace) {
        return false;
    }
    let Some((local, domain)) = email.split_once('@') else {
        return false;
    };
    if local.is_empty() || local.len() > 64 || domain.contains('@') {
        return false;
    }
    let labels: Vec<&str> = domain.split('.').collect();
    labels.len() >= 2
        && labels.iter().all(|label| {
            !label.is_empty()
                && !label.starts_with('-')
                && !label.ends_with('-')
                && label.chars().all(|c| c.is_alphanumeric() || c == '-')
        })
        && labels.last().is_some_and(|tld| tld.len() >= 2 && tld.chars().all(char::is_alphabetic))
}

/// A person's name: letters (any script), spaces, apostrophes, hyphens and dots, at most 50
/// characters, and at least one letter.
pub fn is_valid_person_name(name: &str) -> bool {
    name.chars().count() <= 50
        && name.chars().any(char::is_alphabetic)
        && name.chars().all(|c| c.is_alphabetic() || matches!(c, ' ' | '\'' | '-' | '.' | '’'))
}

/// A company name: a person name's characters plus digits and `& , ( ) / + @ !`, at most 100
/// characters, with at least one letter or digit.
pub fn is_valid_company_name(name: &str) -> bool {
    name.chars().count() <= 100
        && name.chars().any(char::is_alphanumeric)
        && name.chars().all(|c| {
            c.is_alphanumeric()
                || matches!(c, ' ' | '\'' | '-' | '.' | '’' | '&' | ',' | '(' | ')' | '/' | '+' | '@' | '!')
        })
}

/// An optional whole number given as a JSON number or as text ("12"); empty text is absent.
pub fn lenient_i64<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<Option<i64>, D::Error> {
    #[derive(serde::Deserialize)]
    #[serde(untagged)]
    enum NumberOrText {
        Number(i64),
        Text(String),
    }
    match <Option<NumberOrText> as serde::Deserialize>::deserialize(deserializer)? {
        None => Ok(None),
        Some(NumberOrText::Number(number)) => Ok(Some(number)),
        Some(NumberOrText::Text(text)) if text.trim().is_empty() => Ok(None),
        Some(NumberOrText::Text(text)) => text.trim().parse().map(Some).map_err(serde::de::Error::custom),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn collects_every_problem() {
        let mut errors = FieldErrors::new();
        errors.add("email", "Enter a Email");
        errors.add("password", "Enter a Password");
        errors.add("password", "Password minimal length is 8");
        assert_eq!(errors.messages("password").len(), 2);
        assert_eq!(errors.messages("company"), &[] as &[String]);
        assert!(errors.clone().into_result(()).is_err());
        assert_eq!(FieldErrors::new().into_result(5), Ok(5));
    }

    #[test]
    fn control_characters_are_refused_but_line_breaks_in_comments() {
        assert_eq!(check_text("firstname", "Ann\u{0}"), Err(CONTROL_CHARACTER_MESSAGE));
        assert_eq!(check_text("firstname", "Ann\nBcc: x@y.z"), Err(CONTROL_CHARACTER_MESSAGE));
        assert_eq!(check_text("email", "\u{1b}[31m"), Err(CONTROL_CHARACTER_MESSAGE));
        assert_eq!(check_text("city", "Zürich \u{85}"), Err(CONTROL_CHARACTER_MESSAGE));
        assert_eq!(check_text("comment", "two\nlines\tand a tab"), Ok(()));
        assert_eq!(check_text("requestComments", "line\r\nbreak"), Ok(()));
        assert_eq!(check_text("comment", "nul\u{0}"), Err(CONTROL_CHARACTER_MESSAGE));
        assert_eq!(check_text("name", "José Ñúñez 日本"), Ok(()));
    }

    #[test]
    fn direction_overrides_and_isolates_are_refused() {
        for c in
            ['\u{202A}', '\u{202B}', '\u{202C}', '\u{202D}', '\u{202E}', '\u{2066}', '\u{2067}', '\u{2068}', '\u{2069}']
        {
            assert_eq!(check_text("filename", &format!("invoice{c}fdp.exe")), Err(DIRECTION_CHARACTER_MESSAGE));
            assert_eq!(check_text("comment", &format!("a{c}b")), Err(DIRECTION_CHARACTER_MESSAGE));
        }
        // Right-to-left text itself, and the marks that are not overrides, stay allowed.
        assert_eq!(check_text("name", "שלום \u{200F}"), Ok(()));
    }

    #[test]
    fn dates_and_pages_have_sane_ranges() {
        let day = |y, m, d| chrono::NaiveDate::from_ymd_opt(y, m, d).unwrap();
        assert!(is_sane_date(day(2026, 11, 24)));
        assert!(!is_sane_date(day(1899, 12, 31)));
        assert!(!is_sane_date(day(200_000, 1, 1)));
        let mut errors = FieldErrors::new();
        check_date(&mut errors, "start", Some(day(9999, 1, 1)));
        check_date(&mut errors, "end", Some(day(2000, 1, 1)));
        check_date(&mut errors, "week", None);
        assert_eq!(errors.messages("start"), [DATE_RANGE_MESSAGE]);
        assert!(!errors.has("end") && !errors.has("week"));
        let mut errors = FieldErrors::new();
        let read = |errors: &mut FieldErrors, text: &str| date_field(errors, "startDate", text, "YYYY-MM-DD");
        assert_eq!(read(&mut errors, "2026-11-28"), Some(day(2026, 11, 28)));
        assert!(errors.is_empty());
        for malformed in ["-9999-01-01", "+10000-01-01", "2026-1-1", "2026-02-30", "yesterday"] {
            let mut errors = FieldErrors::new();
            assert_eq!(read(&mut errors, malformed), None, "{malformed}");
            assert_eq!(errors.messages("startDate"), ["YYYY-MM-DD"], "{malformed}");
        }
        for far in ["0000-01-01", "1899-12-31", "2201-01-01", "9999-12-31"] {
            let mut errors = FieldErrors::new();
            assert_eq!(read(&mut errors, far), None, "{far}");
            assert_eq!(errors.messages("startDate"), [DATE_RANGE_MESSAGE], "{far}");
        }
        assert_eq!(page(None), Ok(1));
        assert_eq!(page(Some(7)), Ok(7));
        assert!(page(Some(0)).is_err());
        assert!(page(Some(u64::MAX)).unwrap_err().has("page"));
    }

    #[test]
    fn emails() {
        for good in ["a@b.co", "first.last+tag@sub.example.com", "o'neil@agency.insurance"] {
            assert!(is_valid_email(good), "{good}");
        }
        for bad in ["", "a", "a@", "@b.co", "a@b", "a b@c.com", "a@b.c", "a@@b.com", "a@-b.com", "a@b..com"] {
            assert!(!is_valid_email(bad), "{bad}");
        }
    }

    #[test]
    fn names() {
        assert!(is_valid_person_name("Mary-Jane O'Neil"));
        assert!(is_valid_person_name("José"));
        assert!(!is_valid_person_name("R2D2"));
        assert!(!is_valid_person_name("<script>"));
        assert!(!is_valid_person_name("--"));
        assert!(is_valid_company_name("Smith & Sons Insurance, LLC"));
        assert!(is_valid_company_name("24/7 Agency"));
        assert!(!is_valid_company_name("<b>"));
        assert!(!is_valid_company_name("&&"));
    }
}
