//! Text cells of the files people open in a spreadsheet (CSV exports).

use std::borrow::Cow;

/// `text` as a CSV cell that a spreadsheet shows as text: one starting with `=`, `+`, `-`, `@`,
/// a tab or a carriage return would be taken for a formula (CSV injection), so it gets a leading
/// `'` (OWASP's advice). Every other text is unchanged.
pub fn defused(text: &str) -> Cow<'_, str> {
    if text.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        Cow::Owned(format!("'{text}"))
    } else {
        Cow::Borrowed(text)
    }
}

#[cfg(test)]
mod tests {
    use super::defused;

    #[test]
    fn formulas_are_defused_and_other_texts_kept() {
        assert_eq!(defused("=HYPERLINK(\"x\")"), "'=HYPERLINK(\"x\")");
        for risky in ["+1", "-2", "@SUM(A1)", "\tx", "\rx"] {
            assert_eq!(defused(risky), format!("'{risky}"));
        }
        assert_eq!(defused("Ann, \"A\""), "Ann, \"A\"");
        assert_eq!(defused(""), "");
    }
}
