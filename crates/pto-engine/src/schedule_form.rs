//! The accrual settings as the rule forms send them (text as typed), validated into a
//! [`Schedule`] with every problem named by its field.

use crate::model::Method;
use crate::round::Hours;
use crate::rules::FieldProblems;
use crate::schedule::{
    AccrualPeriod, Anchor, CreditOn, Expiry, ExpiryUnit, RateBasis, Rounding, Schedule, ServiceTier, ServiceTiers,
    YearStart, MAX_TIERS,
};
use serde::{Deserialize, Serialize};

/// 'Please select the accrual period'.
pub const MSG_PERIOD: &str = "Please select weekly, every two weeks, twice a month or months";
/// Periods belong to per-pay-period rules.
pub const MSG_PERIOD_METHOD: &str = "Periods, their anchor and their credit day apply to per pay period rules only";
/// Twice-monthly periods are calendar halves.
pub const MSG_SEMI_MONTHLY_ANCHOR: &str =
    "Twice-monthly periods are the 1st to the 15th and the 16th to the month's end: choose calendar periods";
/// An unknown rate basis.
pub const MSG_RATE_BASIS: &str = "Please select hours per period or hours a year";
/// An unknown anchor.
pub const MSG_ANCHOR: &str = "Please select periods from the joining date or calendar periods";
/// An unknown credit day.
pub const MSG_CREDIT_ON: &str = "Please select the first or the last day of the period";
/// An unknown rounding.
pub const MSG_ROUNDING: &str = "Please select none, minute, quarter hour, half hour, hour or day";
/// Expiry in days out of range.
pub const MSG_EXPIRY_DAYS: &str = "Please input whole days from 1 to 730";
/// Expiry in months out of range.
pub const MSG_EXPIRY_MONTHS: &str = "Please input whole months from 1 to 24";
/// An unknown expiry unit.
pub const MSG_EXPIRY_UNIT: &str = "Please select days or months";
/// Expiry without carryover.
pub const MSG_EXPIRY_NOTHING_CARRIED: &str = "Nothing is carried over under use it or lose it";
/// An unknown year start.
pub const MSG_YEAR_START: &str = "Please select 1 January, the hire anniversary or a fiscal year";
/// A fiscal date that is not a day of every year.
pub const MSG_FISCAL: &str = "Please input the fiscal year's first day as MM-DD (any day but 29 February)";
/// Year starts belong to accruing rules.
pub const MSG_YEAR_START_FIXED: &str = "The year of a per calendar year or per anniversary rule is set by its method";
/// Too many tiers.
pub const MSG_TIERS: &str = "Please add at most 6 service tiers";
/// A tier's year out of range.
pub const MSG_TIER_YEAR: &str = "Please input a year of service from 2 to 50";
/// Two tiers for one year.
pub const MSG_TIER_DUPLICATE: &str = "Each year of service can have only one rate";
/// A tier's rate that is not a rate.
pub const MSG_TIER_RATE: &str = "Please input a number of hours, 0 or more, with at most 2 decimals";
/// A tier of an hours-worked rule above an hour per hour.
pub const MSG_TIER_RATE_ABOVE: &str = "An accrual rate cannot give more than 1 hour for each hour worked";

/// One service tier as typed.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct TierDraft {
    /// The year of service it starts in (digits).
    pub from_year: String,
    /// The rate from then on (hours, two decimals).
    pub rate: String,
}

/// The accrual settings of a rule form. Empty texts mean the defaults.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct ScheduleDraft {
    /// `months` (default), `weekly`, `biweekly` or `semiMonthly`.
    pub accrual_period: String,
    /// `perPeriod` (default) or `perYear` (the rate is a year's, split across the periods).
    pub rate_basis: String,
    /// `joining` (default; `calendar` for twice-monthly periods) or `calendar`.
    pub period_anchor: String,
    /// `periodEnd` (default) or `periodStart`.
    pub credit_on: String,
    /// `none` (default), `minute`, `quarterHour`, `halfHour`, `hour` or `day`.
    pub rounding: String,
    /// Carried-over hours expire after this many days or months (digits; empty for never).
    pub carryover_expires_after: String,
    /// `days` (default) or `months`.
    pub carryover_expiry_unit: String,
    /// `default` (1 January), `hireAnniversary` or `fiscal`.
    pub year_start: String,
    /// The fiscal year's first day, `MM-DD`.
    pub fiscal_year_start: String,
    /// Rates from a year of service on.
    pub service_tiers: Vec<TierDraft>,
}

/// A choice as typed: the default when empty, else its value (recording the problem when none).
fn pick<T: Copy>(
    problems: &mut FieldProblems,
    field: &str,
    text: &str,
    default: T,
    parse: fn(&str) -> Option<T>,
    message: &str,
) -> Option<T> {
    match text.trim() {
        "" => Some(default),
        other => {
            let value = parse(other);
            if value.is_none() {
                problems.add(field, message);
            }
            value
        }
    }
}

impl ScheduleDraft {
    /// The form of a rule's settings.
    pub fn from_schedule(schedule: &Schedule) -> Self {
        ScheduleDraft {
            accrual_period: schedule.period.as_str().to_owned(),
            rate_basis: schedule.rate_basis.as_str().to_owned(),
            period_anchor: schedule.anchor.as_str().to_owned(),
            credit_on: schedule.credit_on.as_str().to_owned(),
            rounding: schedule.rounding.as_str().to_owned(),
            carryover_expires_after: schedule.carryover_expiry.map(|e| e.amount.to_string()).unwrap_or_default(),
            carryover_expiry_unit: schedule.carryover_expiry.map(|e| e.unit.as_str().to_owned()).unwrap_or_default(),
            year_start: schedule.year_start.kind().to_owned(),
            fiscal_year_start: schedule.year_start.fiscal_text().unwrap_or_default(),
            service_tiers: schedule
                .tiers
                .iter()
                .map(|tier| TierDraft { from_year: tier.from_year.to_string(), rate: tier.rate.to_string() })
                .collect(),
        }
    }

    /// The settings for a rule of `method` (rate unit `rate_unit`, carrying over or not),
    /// recording each problem.
    pub fn validate(
        &self,
        method: Option<Method>,
        rate_unit: Option<u32>,
        carries_over: bool,
        problems: &mut FieldProblems,
    ) -> Schedule {
        let pay_period = method == Some(Method::PerPayPeriod);
        let fixed = method.is_some_and(Method::is_fixed);
        let period = pick(
            problems,
            "accrualPeriod",
            &self.accrual_period,
            AccrualPeriod::Months,
            AccrualPeriod::parse,
            MSG_PERIOD,
        );
        let default_anchor =
            if period == Some(AccrualPeriod::SemiMonthly) { Anchor::Calendar } else { Anchor::Joining };
        let anchor = pick(problems, "periodAnchor", &self.period_anchor, default_anchor, Anchor::parse, MSG_ANCHOR);
        let rate_basis =
            pick(problems, "rateBasis", &self.rate_basis, RateBasis::PerPeriod, RateBasis::parse, MSG_RATE_BASIS);
        let credit_on =
            pick(problems, "creditOn", &self.credit_on, CreditOn::PeriodEnd, CreditOn::parse, MSG_CREDIT_ON);
        let rounding = pick(problems, "rounding", &self.rounding, Rounding::None, Rounding::parse, MSG_ROUNDING);

        let period = period.unwrap_or_default();
        let anchor = anchor.unwrap_or_default();
        let credit_on = credit_on.unwrap_or_default();
        let rate_basis = rate_basis.unwrap_or_default();
        if !pay_period {
            if rate_basis != RateBasis::PerPeriod {
                problems.add("rateBasis", MSG_PERIOD_METHOD);
            }
            if period != AccrualPeriod::Months {
                problems.add("accrualPeriod", MSG_PERIOD_METHOD);
            }
            if anchor != Anchor::Joining {
                problems.add("periodAnchor", MSG_PERIOD_METHOD);
            }
            if credit_on != CreditOn::PeriodEnd {
                problems.add("creditOn", MSG_PERIOD_METHOD);
            }
        } else if period == AccrualPeriod::SemiMonthly && anchor == Anchor::Joining {
            problems.add("periodAnchor", MSG_SEMI_MONTHLY_ANCHOR);
        }

        let unit = match self.carryover_expiry_unit.trim() {
            "" => Some(ExpiryUnit::Days),
            other => ExpiryUnit::parse(other),
        };
        if unit.is_none() {
            problems.add("carryoverExpiryUnit", MSG_EXPIRY_UNIT);
        }
        let carryover_expiry = match self.carryover_expires_after.trim() {
            "" => None,
            text => {
                let (max, message) = match unit {
                    Some(ExpiryUnit::Months) => (24, MSG_EXPIRY_MONTHS),
                    _ => (730, MSG_EXPIRY_DAYS),
                };
                match text.parse::<u32>() {
                    Ok(amount) if text.bytes().all(|b| b.is_ascii_digit()) && (1..=max).contains(&amount) => {
                        if !carries_over {
                            problems.add("carryoverExpiresAfter", MSG_EXPIRY_NOTHING_CARRIED);
                        }
                        unit.map(|unit| Expiry { amount, unit })
                    }
                    _ => {
                        problems.add("carryoverExpiresAfter", message);
                        None
                    }
                }
            }
        };

        let year_start = match self.year_start.trim() {
            "" | "default" => YearStart::Default,
            "hireAnniversary" => YearStart::HireAnniversary,
            "fiscal" => YearStart::fiscal(&self.fiscal_year_start).unwrap_or_else(|| {
                problems.add("fiscalYearStart", MSG_FISCAL);
                YearStart::Default
            }),
            _ => {
                problems.add("yearStart", MSG_YEAR_START);
                YearStart::Default
            }
        };
        if fixed && year_start != YearStart::Default {
            problems.add("yearStart", MSG_YEAR_START_FIXED);
        }

        let tiers = self.tiers(method, rate_unit, problems);
        Schedule {
            period,
            rate_basis,
            anchor,
            credit_on,
            rounding: rounding.unwrap_or_default(),
            carryover_expiry,
            year_start,
            tiers,
        }
    }

    fn tiers(&self, method: Option<Method>, rate_unit: Option<u32>, problems: &mut FieldProblems) -> ServiceTiers {
        if self.service_tiers.len() > MAX_TIERS {
            problems.add("serviceTiers", MSG_TIERS);
            return ServiceTiers::default();
        }
        let mut tiers = Vec::new();
        for (i, tier) in self.service_tiers.iter().enumerate() {
            let year = tier.from_year.trim();
            let from_year = match year.parse::<u32>() {
                Ok(y) if year.bytes().all(|b| b.is_ascii_digit()) && (2..=50).contains(&y) => Some(y),
                _ => {
                    problems.add(&format!("serviceTiers[{i}].fromYear"), MSG_TIER_YEAR);
                    None
                }
            };
            if from_year.is_some_and(|y| tiers.iter().any(|t: &ServiceTier| t.from_year == y)) {
                problems.add(&format!("serviceTiers[{i}].fromYear"), MSG_TIER_DUPLICATE);
            }
            let rate = match Hours::parse(tier.rate.trim()) {
                Some(h) if h.centi() >= 0 => Some(h),
                _ => {
                    problems.add(&format!("serviceTiers[{i}].rate"), MSG_TIER_RATE);
                    None
                }
            };
            if let (Some(Method::PerHourWorked), Some(rate), Some(unit)) = (method, rate, rate_unit) {
                if rate.centi() > i64::from(unit) * 100 {
                    problems.add(&format!("serviceTiers[{i}].rate"), MSG_TIER_RATE_ABOVE);
                }
            }
            if let (Some(from_year), Some(rate)) = (from_year, rate) {
                tiers.push(ServiceTier { from_year, rate });
            }
        }
        ServiceTiers::new(tiers).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn problems_of(draft: &ScheduleDraft, method: Method) -> FieldProblems {
        let mut problems = FieldProblems::new();
        draft.validate(Some(method), Some(1), true, &mut problems);
        problems
    }

    #[test]
    fn defaults_are_todays_behaviour() {
        let mut problems = FieldProblems::new();
        let schedule = ScheduleDraft::default().validate(Some(Method::PerPayPeriod), Some(1), true, &mut problems);
        assert!(problems.is_empty());
        assert_eq!(schedule, Schedule::default());
    }

    #[test]
    fn each_setting_round_trips_through_the_form() {
        let draft = ScheduleDraft {
            accrual_period: "semiMonthly".into(),
            rate_basis: "perYear".into(),
            period_anchor: "calendar".into(),
            credit_on: "periodStart".into(),
            rounding: "quarterHour".into(),
            carryover_expires_after: "3".into(),
            carryover_expiry_unit: "months".into(),
            year_start: "fiscal".into(),
            fiscal_year_start: "07-01".into(),
            service_tiers: vec![TierDraft { from_year: "3".into(), rate: "4.5".into() }],
        };
        let mut problems = FieldProblems::new();
        let schedule = draft.validate(Some(Method::PerPayPeriod), Some(1), true, &mut problems);
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(ScheduleDraft::from_schedule(&schedule), draft);
    }

    #[test]
    fn bad_settings_name_their_field() {
        let draft = ScheduleDraft {
            accrual_period: "fortnightly".into(),
            rounding: "tenth".into(),
            carryover_expires_after: "731".into(),
            year_start: "fiscal".into(),
            fiscal_year_start: "02-29".into(),
            service_tiers: vec![
                TierDraft { from_year: "1".into(), rate: "x".into() },
                TierDraft { from_year: "5".into(), rate: "2".into() },
                TierDraft { from_year: "5".into(), rate: "3".into() },
            ],
            ..ScheduleDraft::default()
        };
        let problems = problems_of(&draft, Method::PerHourWorked);
        assert_eq!(problems.messages("accrualPeriod"), [MSG_PERIOD]);
        assert_eq!(problems.messages("rounding"), [MSG_ROUNDING]);
        assert_eq!(problems.messages("carryoverExpiresAfter"), [MSG_EXPIRY_DAYS]);
        assert_eq!(problems.messages("fiscalYearStart"), [MSG_FISCAL]);
        assert_eq!(problems.messages("serviceTiers[0].fromYear"), [MSG_TIER_YEAR]);
        assert_eq!(problems.messages("serviceTiers[0].rate"), [MSG_TIER_RATE]);
        assert_eq!(problems.messages("serviceTiers[1].rate"), [MSG_TIER_RATE_ABOVE]);
        assert_eq!(problems.messages("serviceTiers[2].fromYear"), [MSG_TIER_DUPLICATE]);

        let weekly = ScheduleDraft { accrual_period: "weekly".into(), ..ScheduleDraft::default() };
        assert_eq!(problems_of(&weekly, Method::PerHourWorked).messages("accrualPeriod"), [MSG_PERIOD_METHOD]);
        let halves = ScheduleDraft {
            accrual_period: "semiMonthly".into(),
            period_anchor: "joining".into(),
            ..ScheduleDraft::default()
        };
        assert_eq!(problems_of(&halves, Method::PerPayPeriod).messages("periodAnchor"), [MSG_SEMI_MONTHLY_ANCHOR]);
        let fiscal_grant = ScheduleDraft { year_start: "hireAnniversary".into(), ..ScheduleDraft::default() };
        assert_eq!(problems_of(&fiscal_grant, Method::PerCalendarYear).messages("yearStart"), [MSG_YEAR_START_FIXED]);
        let mut problems = FieldProblems::new();
        let expiring = ScheduleDraft { carryover_expires_after: "90".into(), ..ScheduleDraft::default() };
        expiring.validate(Some(Method::PerPayPeriod), Some(1), false, &mut problems);
        assert_eq!(problems.messages("carryoverExpiresAfter"), [MSG_EXPIRY_NOTHING_CARRIED]);
    }
}
