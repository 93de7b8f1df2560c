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
