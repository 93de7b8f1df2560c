//! The accrual settings other products have and a plain rule lacks (issue 38): the length and
//! anchoring of a per-pay-period rule's periods, the day a period's credit lands, how each
//! credit is rounded, carried-over hours that expire, the day the rule's year turns, and rates
//! that rise with years of service.
//!
//! [`Schedule::default`] is the behaviour of a rule without settings: periods of `rate_unit`
//! months counted from the start date, credited on their last day, exact to the minute with the
//! sub-minute remainder carried, carryover kept for the whole year, calendar years (anniversary
//! years for per-anniversary rules) and one rate for every year of service.

use crate::engine::anniversary;
use crate::round::{Exact, Hours};
use chrono::{Datelike, Days, Months, NaiveDate};
use serde::{Deserialize, Serialize};

/// A rule's accrual settings. Every field's default is today's behaviour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Schedule {
    /// The length of a per-pay-period rule's periods.
    pub period: AccrualPeriod,
    /// Whether a per-pay-period rule's rate is per period or a year's, split across the periods.
    pub rate_basis: RateBasis,
    /// Where a per-pay-period rule's periods begin.
    pub anchor: Anchor,
    /// Which day of a per-pay-period rule's period its credit lands on.
    pub credit_on: CreditOn,
    /// How each credit is rounded.
    pub rounding: Rounding,
    /// Carried-over hours not used by then are lost this long after the carryover.
    pub carryover_expiry: Option<Expiry>,
    /// The day an accruing rule's year turns (its caps and its carryover).
    pub year_start: YearStart,
    /// Higher rates from a year of service on.
    pub tiers: ServiceTiers,
}

/// Wire names for the settings' enums: `as_str`, `parse` and the list of every value.
macro_rules! wire_enum {
    ($name:ident { $($variant:ident => $wire:literal),+ $(,)? }) => {
        impl $name {
            /// Every value, in the forms' order.
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            /// The wire name.
            pub fn as_str(self) -> &'static str {
                match self {
                    $($name::$variant => $wire),+
                }
            }

            /// The value of a wire name.
            pub fn parse(text: &str) -> Option<Self> {
                Self::ALL.iter().copied().find(|value| value.as_str() == text)
            }
        }
    };
}

/// The length of a per-pay-period rule's periods.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum AccrualPeriod {
    /// `rate_unit` months (1 to 12): the rule's rate per period of that many months.
    #[default]
    Months,
    /// Seven days.
    Weekly,
    /// Fourteen days.
    Biweekly,
    /// The 1st to the 15th and the 16th to the month's end (always calendar halves).
    SemiMonthly,
}
wire_enum!(AccrualPeriod { Months => "months", Weekly => "weekly", Biweekly => "biweekly", SemiMonthly => "semiMonthly" });

/// What a per-pay-period rule's rate counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum RateBasis {
    /// Hours per period.
    #[default]
    PerPeriod,
    /// Hours a year, split evenly across a year's periods: 12 / `rate_unit` periods of months,
    /// 52 weeks, 26 two-week periods, 24 half months. Each period's share is exact (80 hours a
    /// year twice a month is 3 h 20 min a period); the rounding decides how it is credited.
    PerYear,
}
wire_enum!(RateBasis { PerPeriod => "perPeriod", PerYear => "perYear" });

impl AccrualPeriod {
    /// A period's share of a year as `(numerator, denominator)`, for a rule of `rate_unit`.
    pub fn share_of_year(self, rate_unit: u32) -> (i128, i128) {
        match self {
            AccrualPeriod::Months => (i128::from(rate_unit.clamp(1, 12)), 12),
            AccrualPeriod::Weekly => (1, 52),
            AccrualPeriod::Biweekly => (1, 26),
            AccrualPeriod::SemiMonthly => (1, 24),
        }
    }
}

/// Where periods begin.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Anchor {
    /// Counted from the start date: a person who joined on 15 March has periods from the 15th.
    #[default]
    Joining,
    /// Calendar periods: months from the 1st (blocks of several months from January), weeks
    /// from Monday, two-week periods from Monday 1 January 2024 every fourteen days. The period
    /// someone joins in is partial, and prorated when the rule prorates.
    Calendar,
}
wire_enum!(Anchor { Joining => "joining", Calendar => "calendar" });

/// The day a period's credit lands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum CreditOn {
    /// The period's last day, once it has been worked.
    #[default]
    PeriodEnd,
    /// The period's first day (the joining day for the period someone joins in), in advance.
    /// With periods counted from the joining date, that is the joining day of each period.
    PeriodStart,
}
wire_enum!(CreditOn { PeriodEnd => "periodEnd", PeriodStart => "periodStart" });

/// How each credit is rounded. The steps carry what they round away into the next credit, so a
/// year's credits add up exactly to the yearly amount whenever it is a whole number of steps.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Rounding {
    /// No rounding: whole minutes, the fraction of a minute carried to the next credit.
    #[default]
    None,
    /// Each credit to the nearest minute on its own (nothing carried).
    Minute,
    /// The nearest quarter of an hour, the difference carried.
    QuarterHour,
    /// The nearest half hour, the difference carried.
    HalfHour,
    /// The nearest hour, the difference carried.
    Hour,
    /// The nearest whole day of 8 hours (the day the PTO screens count), the difference carried.
    Day,
}
wire_enum!(Rounding {
    None => "none",
    Minute => "minute",
    QuarterHour => "quarterHour",
    HalfHour => "halfHour",
    Hour => "hour",
    Day => "day",
});

impl Rounding {
    /// The rounding in words: 'to the quarter hour'.
    pub fn words(self) -> &'static str {
        match self {
            Rounding::None => "not rounded",
            Rounding::Minute => "to the minute",
            Rounding::QuarterHour => "to the quarter hour",
            Rounding::HalfHour => "to the half hour",
            Rounding::Hour => "to the hour",
            Rounding::Day => "to whole days",
        }
    }

    /// The credited minutes of what is due (`carried + this credit's exact amount`), and what is
    /// carried to the next credit.
    ///
    /// ```
    /// use pto_engine::{round::Exact, Rounding};
    /// // 40 h a year in twelve credits: 200 minutes each, to the quarter hour.
    /// let due = Exact::new(2400, 12);
    /// let (first, rest) = Rounding::QuarterHour.apply(due);
    /// assert_eq!(first, 195);
    /// let (second, _) = Rounding::QuarterHour.apply(rest.plus(due));
    /// assert_eq!(second, 210);
    /// ```
    pub fn apply(self, due: Exact) -> (i64, Exact) {
        let step = match self {
            Rounding::None => return due.split(),
            Rounding::Minute => return (due.round_to(1), Exact::ZERO),
            Rounding::QuarterHour => 15,
            Rounding::HalfHour => 30,
            Rounding::Hour => 60,
            Rounding::Day => 480,
        };
        let whole = due.round_to(step);
        (whole, due.minus(whole))
    }
}

/// How long carried-over hours last.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Expiry {
    /// How many days or months.
    pub amount: u32,
    /// Days or months.
    pub unit: ExpiryUnit,
}

/// The unit of an [`Expiry`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum ExpiryUnit {
    /// Calendar days.
    Days,
    /// Calendar months (a carryover on 31 January lasting a month ends on 28 or 29 February).
    Months,
}
wire_enum!(ExpiryUnit { Days => "days", Months => "months" });

impl Expiry {
    /// The first day without the hours carried on `carried_on`.
    ///
    /// ```
    /// use chrono::NaiveDate;
    /// use pto_engine::{Expiry, ExpiryUnit};
    /// let jan1 = NaiveDate::from_ymd_opt(2027, 1, 1).unwrap();
    /// let ninety_days = Expiry { amount: 90, unit: ExpiryUnit::Days };
    /// assert_eq!(ninety_days.lost_on(jan1).to_string(), "2027-04-01");
    /// let three_months = Expiry { amount: 3, unit: ExpiryUnit::Months };
    /// assert_eq!(three_months.lost_on(jan1).to_string(), "2027-04-01");
    /// ```
    pub fn lost_on(&self, carried_on: NaiveDate) -> NaiveDate {
        match self.unit {
            ExpiryUnit::Days => carried_on.checked_add_days(Days::new(u64::from(self.amount))),
            ExpiryUnit::Months => carried_on.checked_add_months(Months::new(self.amount)),
        }
        .unwrap_or(NaiveDate::MAX)
    }
}

/// The day an accruing rule's year turns.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", tag = "kind")]
pub enum YearStart {
    /// 1 January (for per-anniversary rules, their anniversary).
    #[default]
    Default,
    /// The person's hire anniversary.
    HireAnniversary,
    /// A company's fiscal year: from this month and day (never 29 February).
    Fiscal {
        /// 1 to 12.
        month: u32,
        /// 1 to the month's last day in a common year.
        day: u32,
    },
}

impl YearStart {
    /// The wire name of the kind: `default`, `hireAnniversary` or `fiscal`.
    pub fn kind(self) -> &'static str {
        match self {
            YearStart::Default => "default",
            YearStart::HireAnniversary => "hireAnniversary",
            YearStart::Fiscal { .. } => "fiscal",
        }
    }

    /// A fiscal year's first day as `MM-DD`, for the forms.
    pub fn fiscal_text(self) -> Option<String> {
        match self {
            YearStart::Fiscal { month, day } => Some(format!("{month:02}-{day:02}")),
            _ => None,
        }
    }

    /// The fiscal start of a `MM-DD` text: a day that exists in every year.
    ///
    /// ```
    /// use pto_engine::YearStart;
    /// assert_eq!(YearStart::fiscal("07-01"), Some(YearStart::Fiscal { month: 7, day: 1 }));
    /// assert_eq!(YearStart::fiscal("02-29"), None);
    /// assert_eq!(YearStart::fiscal("13-01"), None);
    /// ```
    pub fn fiscal(text: &str) -> Option<Self> {
        let (month, day) = text.trim().split_once('-')?;
        let month: u32 = month.parse().ok()?;
        let day: u32 = day.parse().ok()?;
        // 2023 is a common year: a day valid there is valid every year.
        NaiveDate::from_ymd_opt(2023, month, day)?;
        Some(YearStart::Fiscal { month, day })
    }

    /// The fiscal year containing `day`: its first and last day.
    pub(crate) fn fiscal_year(month: u32, first_day: u32, day: NaiveDate) -> (NaiveDate, NaiveDate) {
        let on = |year: i32| NaiveDate::from_ymd_opt(year, month, first_day).unwrap_or(day);
        let this = on(day.year());
        let first = if day >= this { this } else { on(day.year() - 1) };
        let next = on(first.year() + 1);
        (first, next.pred_opt().unwrap_or(first))
    }
}

/// The most tiers a rule holds.
pub const MAX_TIERS: usize = 6;

/// From a year of service on, a different rate.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ServiceTier {
    /// The year of service it starts in: 2 is the year after the first anniversary.
    pub from_year: u32,
    /// The rule's rate from then on, in the rule's unit (hours a year for fixed rules).
    pub rate: Hours,
}

/// A rule's service tiers, ordered by year (at most [`MAX_TIERS`]; fixed-size so a rule stays
/// `Copy`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(transparent)]
pub struct ServiceTiers([Option<ServiceTier>; MAX_TIERS]);

impl ServiceTiers {
    /// Tiers from a list; `None` when there are more than [`MAX_TIERS`]. Sorted by year.
    pub fn new(mut tiers: Vec<ServiceTier>) -> Option<Self> {
        if tiers.len() > MAX_TIERS {
            return None;
        }
        tiers.sort_by_key(|tier| tier.from_year);
        let mut slots = [None; MAX_TIERS];
        for (slot, tier) in slots.iter_mut().zip(tiers) {
            *slot = Some(tier);
        }
        Some(ServiceTiers(slots))
    }

    /// The tiers, by year.
    pub fn iter(&self) -> impl Iterator<Item = ServiceTier> + '_ {
        self.0.iter().flatten().copied()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(Option::is_none)
    }

    /// The rate in the year of service containing `day` for someone who started on `start`:
    /// the latest tier begun by then, else `base`.
    ///
    /// ```
    /// use chrono::NaiveDate;
    /// use pto_engine::{Hours, ServiceTier, ServiceTiers};
    /// let d = |y, m, d| NaiveDate::from_ymd_opt(y, m, d).unwrap();
    /// let tiers = ServiceTiers::new(vec![ServiceTier { from_year: 3, rate: Hours::whole(120) }]).unwrap();
    /// let start = d(2024, 3, 15);
    /// assert_eq!(tiers.rate_on(Hours::whole(80), start, d(2026, 3, 14)), Hours::whole(80));
    /// assert_eq!(tiers.rate_on(Hours::whole(80), start, d(2026, 3, 15)), Hours::whole(120));
    /// ```
    pub fn rate_on(&self, base: Hours, start: NaiveDate, day: NaiveDate) -> Hours {
        if self.is_empty() {
            return base;
        }
        let year = service_year(start, day);
        self.iter().filter(|tier| tier.from_year <= year).last().map_or(base, |tier| tier.rate)
    }
}

/// The year of service `day` falls in (1 before the first anniversary).
pub fn service_year(start: NaiveDate, day: NaiveDate) -> u32 {
    if day < start {
        return 1;
    }
    let mut n = u32::try_from(day.year() - start.year()).unwrap_or(0);
    while n > 0 && anniversary(start, n) > day {
        n -= 1;
    }
    n.saturating_add(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fiscal_years_turn_on_their_day() {
        let d = |y, m, day| NaiveDate::from_ymd_opt(y, m, day).unwrap();
        assert_eq!(YearStart::fiscal_year(7, 1, d(2026, 6, 30)), (d(2025, 7, 1), d(2026, 6, 30)));
        assert_eq!(YearStart::fiscal_year(7, 1, d(2026, 7, 1)), (d(2026, 7, 1), d(2027, 6, 30)));
    }

    #[test]
    fn service_years_count_anniversaries() {
        let d = |y, m, day| NaiveDate::from_ymd_opt(y, m, day).unwrap();
        assert_eq!(service_year(d(2024, 2, 29), d(2025, 2, 27)), 1);
        assert_eq!(service_year(d(2024, 2, 29), d(2025, 2, 28)), 2);
        assert_eq!(service_year(d(2024, 2, 29), d(2034, 3, 1)), 11);
    }

    #[test]
    fn wire_names_round_trip() {
        for r in Rounding::ALL {
            assert_eq!(Rounding::parse(r.as_str()), Some(*r));
        }
        for p in AccrualPeriod::ALL {
            assert_eq!(AccrualPeriod::parse(p.as_str()), Some(*p));
        }
    }
}
