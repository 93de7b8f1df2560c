//! Hours as the screens type them, and **the** rounding rule.
//!
//! Every place where an exact amount of time becomes whole minutes goes through
//! [`floor_minutes`]; the accrual accumulator ([`Remainder`]) is its only caller inside the
//! engine, and the hour parsers below are the only callers at the edge.

use serde::{Deserialize, Serialize};
use std::fmt;

/// The rounding rule: an exact amount `numer / denom` minutes becomes
/// `floor(numer / denom)` whole minutes (towards negative infinity).
///
/// Accruals never credit more than was exactly earned; the fraction is not lost but carried
/// (see [`Remainder`]). `denom` must be positive; a non-positive `denom` gives 0.
///
/// ```
/// use pto_engine::round::floor_minutes;
/// assert_eq!(floor_minutes(7, 2), 3);
/// assert_eq!(floor_minutes(-7, 2), -4);
/// assert_eq!(floor_minutes(3_629_580, 1_000), 3_629);
/// ```
pub fn floor_minutes(numer: i128, denom: i128) -> i64 {
    if denom <= 0 {
        return 0;
    }
    if let (Ok(n), Ok(d)) = (i64::try_from(numer), i64::try_from(denom)) {
        // The usual case, without 128-bit division.
        return n.div_euclid(d);
    }
    let q = numer.div_euclid(denom);
    i64::try_from(q).unwrap_or(if q < 0 { i64::MIN } else { i64::MAX })
}

/// An exact amount of minutes as a fraction, used for what has been earned but not yet
/// credited (a sub-minute remainder, or accrual deferred by a waiting period). Negative only as
/// the remainder of a rounding step that credited more than was due (see [`crate::Rounding`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Exact {
    numer: i128,
    denom: i128,
}

impl Default for Exact {
    fn default() -> Self {
        Self::ZERO
    }
}

fn gcd(a: i128, b: i128) -> i128 {
    let (mut a, mut b) = (a.unsigned_abs(), b.unsigned_abs());
    // Binary GCD on 64 bits when both fit (the usual case): no 128-bit division.
    if let (Ok(mut x), Ok(mut y)) = (u64::try_from(a), u64::try_from(b)) {
        if x == 0 || y == 0 {
            return i128::from(x | y);
        }
        let shift = (x | y).trailing_zeros();
        x >>= x.trailing_zeros();
        loop {
            y >>= y.trailing_zeros();
            if x > y {
                std::mem::swap(&mut x, &mut y);
            }
            y -= x;
            if y == 0 {
                return i128::from(x << shift);
            }
        }
    }
    while b != 0 {
        let t = a % b;
        a = b;
        b = t;
    }
    i128::try_from(a).unwrap_or(i128::MAX)
}

impl Exact {
    /// Nothing.
    pub const ZERO: Exact = Exact { numer: 0, denom: 1 };

    /// `numer / denom` minutes, reduced. A non-positive `denom` gives zero.
    pub fn new(numer: i128, denom: i128) -> Self {
        if denom <= 0 || numer == 0 {
            return Self::ZERO;
        }
        if denom == 1 {
            return Exact { numer, denom };
        }
        let g = gcd(numer, denom).max(1);
        Exact { numer: numer / g, denom: denom / g }
    }

    /// Whether it is zero.
    pub fn is_zero(&self) -> bool {
        self.numer == 0
    }

    /// The sum, saturating rather than overflowing on absurd inputs.
    pub fn plus(self, other: Exact) -> Exact {
        if other.is_zero() {
            return self;
        }
        if self.is_zero() {
            return other;
        }
        let g = gcd(self.denom, other.denom).max(1);
        let left = self.denom / g;
        let right = other.denom / g;
        match (self.numer.checked_mul(right), other.numer.checked_mul(left), self.denom.checked_mul(right)) {
            (Some(a), Some(b), Some(d)) => match a.checked_add(b) {
                Some(n) => Exact::new(n, d),
                None => Exact::new(i128::from(i64::MAX), 1),
            },
            // Denominators this large cannot come from dates and rates; keep whole minutes.
            _ => Exact::new(
                i128::from(floor_minutes(self.numer, self.denom)) + i128::from(floor_minutes(other.numer, other.denom)),
                1,
            ),
        }
    }

    /// Whole minutes by the rounding rule, and the fraction left over (`0 <= rest < 1`).
    pub fn split(self) -> (i64, Exact) {
        let whole = floor_minutes(self.numer, self.denom);
        let rest = self.numer - i128::from(whole) * self.denom;
        (whole, Exact::new(rest, self.denom))
    }

    /// The nearest multiple of `step` minutes (halves up).
    pub fn round_to(self, step: i64) -> i64 {
        let step = i128::from(step.max(1));
        match (self.numer.checked_mul(2), self.denom.checked_mul(step)) {
            (Some(twice), Some(unit)) => match (twice.checked_add(unit), unit.checked_mul(2)) {
                (Some(n), Some(d)) => floor_minutes(n, d).saturating_mul(i64::try_from(step).unwrap_or(1)),
                _ => self.floor(),
            },
            _ => self.floor(),
        }
    }

    /// This amount less `whole` minutes.
    pub fn minus(self, whole: i64) -> Exact {
        match i128::from(whole).checked_mul(self.denom).and_then(|w| self.numer.checked_sub(w)) {
            Some(n) => Exact::new(n, self.denom),
            None => Exact::ZERO,
        }
    }

    /// Whole minutes by the rounding rule.
    pub fn floor(self) -> i64 {
        floor_minutes(self.numer, self.denom)
    }
}

/// The sub-minute remainder one rule carries from one credit to the next, so that over a
/// rule's life the credited total is `floor(exact total)`, never drifting by a minute per
/// credit. Dropped (it is under a minute) when the rule stops applying.
pub type Remainder = Exact;

/// An amount of hours with at most two decimals, stored exactly as hundredths of an hour
/// (the screens' step is 0.01 hour). Used for rule rates, where 0.01 hour is 0.6 minute and
/// must not be rounded before it is multiplied.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Hours(i64);

impl Hours {
    /// `centi` hundredths of an hour.
    pub const fn from_centi(centi: i64) -> Self {
        Hours(centi)
    }

    /// Whole hours.
    pub const fn whole(hours: i64) -> Self {
        Hours(hours.saturating_mul(100))
    }

    /// Hundredths of an hour.
    pub const fn centi(self) -> i64 {
        self.0
    }

    /// Minutes as hours to the nearest hundredth (halves away from zero), for showing a balance
    /// in a sentence; never for arithmetic, which stays in minutes.
    ///
    /// ```
    /// use pto_engine::Hours;
    /// assert_eq!(Hours::from_minutes_rounded(447).to_string(), "7.45");
    /// assert_eq!(Hours::from_minutes_rounded(480).to_string(), "8");
    /// assert_eq!(Hours::from_minutes_rounded(20).to_string(), "0.33");
    /// assert_eq!(Hours::from_minutes_rounded(-90).to_string(), "-1.5");
    /// ```
    pub fn from_minutes_rounded(minutes: i64) -> Self {
        let half = if minutes < 0 { -30 } else { 30 };
        Hours(minutes.saturating_mul(100).saturating_add(half) / 60)
    }

    /// The exact number of minutes (`centi * 60 / 100`), not rounded.
    pub fn exact_minutes(self) -> Exact {
        Exact::new(i128::from(self.0) * 3, 5)
    }

    /// Parses what the rate field accepts: digits with an optional `.` and at most two
    /// decimals, optionally signed (`"120"`, `"1.5"`, `"0.25"`, `"-2"`). Anything else is `None`.
    ///
    /// ```
    /// use pto_engine::Hours;
    /// assert_eq!(Hours::parse("1.25"), Some(Hours::from_centi(125)));
    /// assert_eq!(Hours::parse("120"), Some(Hours::whole(120)));
    /// assert_eq!(Hours::parse("1.255"), None);
    /// assert_eq!(Hours::parse("abc"), None);
    /// ```
    pub fn parse(text: &str) -> Option<Hours> {
        let (negative, digits) = split_sign(text.trim());
        let (int, frac) = match digits.split_once('.') {
            Some((i, f)) => (i, f),
            None => (digits, ""),
        };
        if int.is_empty() && frac.is_empty() {
            return None;
        }
        if !int.bytes().all(|b| b.is_ascii_digit()) || !frac.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        if frac.len() > 2 || (digits.contains('.') && frac.is_empty()) {
            return None;
        }
        let whole: i64 = if int.is_empty() { 0 } else { int.parse().ok()? };
        let mut cents: i64 = if frac.is_empty() { 0 } else { frac.parse().ok()? };
        if frac.len() == 1 {
            cents *= 10;
        }
        let value = whole.checked_mul(100)?.checked_add(cents)?;
        Some(Hours(if negative { -value } else { value }))
    }
}

impl fmt::Display for Hours {
    /// Shortest exact form: `120`, `1.5`, `0.25`, `-2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let abs = self.0.unsigned_abs();
        let (whole, cents) = (abs / 100, abs % 100);
        if cents == 0 {
            write!(f, "{sign}{whole}")
        } else if cents % 10 == 0 {
            write!(f, "{sign}{whole}.{}", cents / 10)
        } else {
            write!(f, "{sign}{whole}.{cents:02}")
        }
    }
}

fn split_sign(text: &str) -> (bool, &str) {
    match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text),
    }
}

/// Parses an hours amount as the starting-balance field accepts it (002 §5: an optional minus,
/// digits, optional decimals, any number of them) into minutes by the rounding rule.
/// `None` when the text is not such a number (the screen then flags the field).
///
/// ```
/// use pto_engine::round::minutes_from_hours_text;
/// assert_eq!(minutes_from_hours_text("1.5"), Some(90));
/// assert_eq!(minutes_from_hours_text("-2"), Some(-120));
/// assert_eq!(minutes_from_hours_text("0.333"), Some(19)); // 19.98 minutes, rounded down
/// assert_eq!(minutes_from_hours_text("1."), None);
/// assert_eq!(minutes_from_hours_text(""), None);
/// ```
pub fn minutes_from_hours_text(text: &str) -> Option<i64> {
    let (negative, digits) = split_sign(text.trim());
    let (int, frac) = match digits.split_once('.') {
        Some((i, f)) => {
            if f.is_empty() {
                return None;
            }
            (i, f)
        }
        None => (digits, ""),
    };
    if int.is_empty() || !int.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    if !frac.bytes().all(|b| b.is_ascii_digit()) || frac.len() > 18 {
        return None;
    }
    let whole: i128 = int.parse().ok()?;
    let scale: i128 = 10_i128.checked_pow(u32::try_from(frac.len()).ok()?)?;
    let frac_value: i128 = if frac.is_empty() { 0 } else { frac.parse().ok()? };
    let numer = whole.checked_mul(scale)?.checked_add(frac_value)?.checked_mul(60)?;
    let numer = if negative { -numer } else { numer };
    Some(floor_minutes(numer, scale))
}

/// Parses hours with at most two decimals, as the Manually Add PTO form accepts them
/// (001 §5), into minutes by the rounding rule. `None` otherwise (the form says 'error').
///
/// ```
/// use pto_engine::round::minutes_from_manual_hours;
/// assert_eq!(minutes_from_manual_hours("8"), Some(480));
/// assert_eq!(minutes_from_manual_hours("0.01"), Some(0));
/// assert_eq!(minutes_from_manual_hours("1.234"), None);
/// ```
pub fn minutes_from_manual_hours(text: &str) -> Option<i64> {
    Hours::parse(text).map(|h| h.exact_minutes().floor())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exact_adds_and_splits() {
        let a = Exact::new(1, 3);
        let b = Exact::new(1, 6);
        let (w, r) = a.plus(b).plus(Exact::new(3, 2)).split();
        assert_eq!(w, 2);
        assert!(r.is_zero());
        let (w, r) = Exact::new(7, 3).split();
        assert_eq!((w, r), (2, Exact::new(1, 3)));
    }

    #[test]
    fn hours_display_round_trips() {
        for text in ["0", "1", "1.5", "0.25", "120", "-2", "-0.05", "10.1"] {
            let h = Hours::parse(text).unwrap();
            assert_eq!(h.to_string(), text);
        }
        assert_eq!(Hours::parse(".5"), Some(Hours::from_centi(50)));
        assert_eq!(Hours::parse("5."), None);
        assert_eq!(Hours::parse("-"), None);
        assert_eq!(Hours::parse("1e3"), None);
    }

    #[test]
    fn hour_minutes_are_exact_before_rounding() {
        assert_eq!(Hours::from_centi(1).exact_minutes(), Exact::new(3, 5));
        assert_eq!(Hours::whole(120).exact_minutes().floor(), 7200);
        assert_eq!(minutes_from_hours_text("-0.01"), Some(-1));
        assert_eq!(minutes_from_hours_text("abc"), None);
        assert_eq!(minutes_from_hours_text("--1"), None);
    }

    #[test]
    fn floor_guards_denominator() {
        assert_eq!(floor_minutes(5, 0), 0);
        assert_eq!(floor_minutes(i128::MAX, 1), i64::MAX);
        assert_eq!(floor_minutes(i128::MIN, 1), i64::MIN);
    }
}
