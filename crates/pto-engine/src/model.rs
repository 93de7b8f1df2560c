//! The plain input data: PTO types, rules, plans, and one employee's history.

use crate::round::Hours;
use chrono::{Datelike, NaiveDate};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// Id of a PTO type (vacation, sick, …) as the company stores it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct PtoTypeId(pub i64);

/// Id of a PTO plan (the spec's "policy").
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct PlanId(pub i64);

/// Id of a PTO rule (one PTO type's rule inside a plan).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct RuleId(pub i64);

/// Id of an input record as the caller stores it: a starting balance, a manual addition or a
/// time-off request. Carried into the ledger entries it produces.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct SourceId(pub i64);

/// A PTO type as the engine needs it: its name (for messages) and whether it is paid.
/// Unpaid types (`payable` 0 in the spec) need no balance for a request.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PtoType {
    /// The type.
    pub id: PtoTypeId,
    /// Its name, as in 'Dang it! You don't have enough {type} …'.
    pub name: String,
    /// Paid (payable 1): requests need a balance.
    pub payable: bool,
}

/// How a rule gives time (002 §3 "Rule method").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Method {
    /// All at once at the start of each calendar year.
    PerCalendarYear,
    /// All at once at the start of each anniversary year (the start date and each anniversary).
    PerAnniversary,
    /// `rate` hours for every `rate_unit` months employed, counted from the start date.
    PerPayPeriod,
    /// `rate` hours for every `rate_unit` hours worked.
    PerHourWorked,
}

impl Method {
    /// Every method, in the spec's order.
    pub const ALL: [Method; 4] =
        [Method::PerCalendarYear, Method::PerAnniversary, Method::PerPayPeriod, Method::PerHourWorked];

    /// The wire name, e.g. `PER_CALENDAR_YEAR`.
    pub fn as_str(self) -> &'static str {
        match self {
            Method::PerCalendarYear => "PER_CALENDAR_YEAR",
            Method::PerAnniversary => "PER_ANNIVERSARY",
            Method::PerPayPeriod => "PER_PAY_PERIOD",
            Method::PerHourWorked => "PER_HOUR_WORKED",
        }
    }

    /// The method for a wire name; `None` for anything else.
    pub fn parse(text: &str) -> Option<Method> {
        Method::ALL.into_iter().find(|m| m.as_str() == text)
    }

    /// Fixed methods give the year's time at once; the others accrue it.
    pub fn is_fixed(self) -> bool {
        matches!(self, Method::PerCalendarYear | Method::PerAnniversary)
    }

    /// `anniversaryBased` of 002 §3: true for per-anniversary rules.
    pub fn anniversary_based(self) -> bool {
        self == Method::PerAnniversary
    }
}

/// What happens to an unused balance at the end of the rule's year (002 §3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", tag = "policy")]
pub enum Carryover {
    /// `allowCarryover`: the balance is carried, up to `max_hours` when a cap is set.
    AllowCarryover {
        /// The cap in whole hours; `None` for no cap.
        #[serde(rename = "maxCarryover")]
        max_hours: Option<u32>,
    },
    /// `useItOrLoseIt`: the whole balance is forfeited at the year boundary.
    UseItOrLoseIt,
}

/// One PTO type's rule inside a plan, validated (see [`crate::RuleDraft`] for the form).
///
/// Units follow 002 §9: `rate` in hours (two decimals), `rate_unit` in months or worked hours,
/// caps in whole hours, waiting period in days. The ledger is in minutes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Rule {
    /// The rule.
    pub id: RuleId,
    #[serde(rename = "ptoTypeId")]
    /// The PTO type it gives time for.
    pub pto_type: PtoTypeId,
    /// `status` 1. An inactive rule is ignored, as if the plan did not include the type.
    pub active: bool,
    /// How it gives time.
    pub method: Method,
    /// Hours a year (fixed), or hours per `rate_unit` (accrual).
    pub rate: Hours,
    /// Months (per pay period) or worked hours (per hour worked); 1 for fixed rules.
    pub rate_unit: u32,
    /// Prorate a partial year (fixed) or a partial block (per pay period).
    pub prorated: bool,
    /// `None` when the waiting period is not enabled (0 means the same).
    pub waiting_period_days: Option<u32>,
    /// Time in the waiting period earns nothing (else it is credited when it ends).
    pub start_after_waiting_period: bool,
    /// What the year end does with the balance.
    pub carryover: Carryover,
    /// `None` when the maximum balance is not enabled (0 means the same).
    pub max_balance_hours: Option<u32>,
    /// What the sick-leave laws limit beyond the rate and the balance (issue 38).
    #[serde(default)]
    pub limits: Limits,
    /// The accrual settings: periods, credit day, rounding, expiry, year start, service tiers.
    #[serde(default)]
    pub schedule: crate::schedule::Schedule,
}

/// The limits a paid-sick-leave law lets an employer set, beyond the rate and the maximum
/// balance: a cap on what a year may earn, a cap on what a year may use, a wait before the
/// first use (while accrual already runs), and the smallest block of time taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Limits {
    /// At most this many hours are credited in one of the rule's years (accruals and grants).
    pub yearly_accrual_cap_hours: Option<u32>,
    /// At most this many hours may be taken in one of the rule's years, whatever the balance.
    pub yearly_use_cap_hours: Option<u32>,
    /// No time may be taken before this point of employment.
    pub usable: Option<UsableAfter>,
    /// A day off uses at least this many minutes (a shorter partial day is refused).
    pub min_increment_minutes: Option<u32>,
}

/// A wait before the first use, counted from the start date (the start date is day 1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct UsableAfter {
    /// The number the law names.
    pub days: u32,
    /// Whether that day itself is usable.
    pub counting: WaitCounting,
}

/// "Usable from day 90" and "usable after 90 days" differ by a day: California lets an employee
/// use sick time on the 90th day of employment (Lab. Code § 246(c)), Washington only after the
/// 90th calendar day (RCW 49.46.210(1)(c)).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum WaitCounting {
    /// Usable on day N (the start date is day 1).
    FromDay,
    /// Usable once N days have passed: on day N + 1.
    AfterDays,
}

impl WaitCounting {
    /// The wire name: `fromDay` or `afterDays`.
    pub fn as_str(self) -> &'static str {
        match self {
            WaitCounting::FromDay => "fromDay",
            WaitCounting::AfterDays => "afterDays",
        }
    }

    /// The counting for a wire name.
    pub fn parse(text: &str) -> Option<Self> {
        [WaitCounting::FromDay, WaitCounting::AfterDays].into_iter().find(|c| c.as_str() == text)
    }
}

impl UsableAfter {
    /// The first day time may be taken by someone who started on `start`.
    ///
    /// ```
    /// use chrono::NaiveDate;
    /// use pto_engine::{UsableAfter, WaitCounting};
    /// let start = NaiveDate::from_ymd_opt(2026, 1, 1).unwrap();
    /// let ca = UsableAfter { days: 90, counting: WaitCounting::FromDay };
    /// let wa = UsableAfter { days: 90, counting: WaitCounting::AfterDays };
    /// assert_eq!(ca.first_usable_day(start).to_string(), "2026-03-31");
    /// assert_eq!(wa.first_usable_day(start).to_string(), "2026-04-01");
    /// ```
    pub fn first_usable_day(&self, start: NaiveDate) -> NaiveDate {
        let offset = match self.counting {
            WaitCounting::FromDay => self.days.saturating_sub(1),
            WaitCounting::AfterDays => self.days,
        };
        start.checked_add_days(chrono::Days::new(u64::from(offset))).unwrap_or(NaiveDate::MAX)
    }
}

impl Rule {
    /// A rule with the defaults 002 §2 gives when a method is chosen: prorated, no waiting
    /// period, carryover allowed, no caps, rate unit 1.
    ///
    /// ```
    /// use pto_engine::{Hours, Method, PtoTypeId, Rule, RuleId};
    /// let rule = Rule::new(RuleId(1), PtoTypeId(7), Method::PerCalendarYear, Hours::whole(120));
    /// assert!(rule.prorated && rule.active);
    /// assert_eq!(rule.rate_unit, 1);
    /// ```
    pub fn new(id: RuleId, pto_type: PtoTypeId, method: Method, rate: Hours) -> Self {
        Rule {
            id,
            pto_type,
            active: true,
            method,
            rate,
            rate_unit: 1,
            prorated: true,
            waiting_period_days: None,
            start_after_waiting_period: false,
            carryover: Carryover::AllowCarryover { max_hours: None },
            max_balance_hours: None,
            limits: Limits::default(),
            schedule: crate::schedule::Schedule::default(),
        }
    }

    /// The waiting period in days (0 when not enabled).
    pub fn waiting_days(&self) -> u32 {
        self.waiting_period_days.unwrap_or(0)
    }

    /// The maximum balance in minutes, when one applies (enabled and non-zero).
    pub fn max_balance_minutes(&self) -> Option<i64> {
        match self.max_balance_hours {
            Some(h) if h > 0 => Some(i64::from(h) * 60),
            _ => None,
        }
    }

    /// The carryover cap in minutes: `Some(0)` for use-it-or-lose-it, `None` for no cap.
    pub fn max_carryover_minutes(&self) -> Option<i64> {
        match self.carryover {
            Carryover::UseItOrLoseIt => Some(0),
            Carryover::AllowCarryover { max_hours } => max_hours.map(|h| i64::from(h) * 60),
        }
    }

    /// The yearly accrual cap in minutes, when one applies (set and non-zero).
    pub fn yearly_accrual_cap_minutes(&self) -> Option<i64> {
        self.limits.yearly_accrual_cap_hours.filter(|h| *h > 0).map(|h| i64::from(h) * 60)
    }

    /// The rate in force on `day` for someone who started on `start` (the service tiers').
    pub fn rate_on(&self, start: NaiveDate, day: NaiveDate) -> Hours {
        self.schedule.tiers.rate_on(self.rate, start, day)
    }

    /// The rate unit as the engine divides by it (never 0).
    pub(crate) fn unit(&self) -> i128 {
        i128::from(self.rate_unit.max(1))
    }
}

/// A PTO plan ("policy"): a name and one rule per included PTO type.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Plan {
    /// The plan.
    pub id: PlanId,
    /// Its name (the history shows it as policyName).
    pub name: String,
    /// One rule per included PTO type.
    pub rules: Vec<Rule>,
}

impl Plan {
    /// The active rule for a type; the first one when a plan holds several by mistake
    /// ([`crate::validate_plan_rules`] reports that).
    pub fn rule_for(&self, pto_type: PtoTypeId) -> Option<&Rule> {
        self.rules.iter().find(|r| r.active && r.pto_type == pto_type)
    }
}

/// From `from` on, the employee is on `plan` (or on none when `None`), until the next
/// assignment. Plans are assigned per year in the screens: use [`PlanAssignment::for_year`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlanAssignment {
    /// The first day in force.
    pub from: NaiveDate,
    /// The plan, or `None` for no plan from that day.
    pub plan: Option<Arc<Plan>>,
}

impl PlanAssignment {
    /// The plan of a whole year: in force from 1 January of `year`.
    pub fn for_year(year: i32, plan: Arc<Plan>) -> Self {
        PlanAssignment { from: NaiveDate::from_ymd_opt(year, 1, 1).unwrap_or(NaiveDate::MIN), plan: Some(plan) }
    }

    /// A switch of plan on a given day (002 §4: current or earlier years).
    pub fn switch(from: NaiveDate, plan: Arc<Plan>) -> Self {
        PlanAssignment { from, plan: Some(plan) }
    }
}

/// Employment dates: the start date and, for a terminated employee, the last day employed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Employment {
    /// The start date (the last one, after a reactivation).
    pub start: NaiveDate,
    /// The last day employed, when terminated.
    pub termination: Option<NaiveDate>,
}

impl Employment {
    /// Employed on `day`: on or after the start, and on or before the termination date.
    pub fn employed_on(&self, day: NaiveDate) -> bool {
        day >= self.start && self.termination.is_none_or(|t| day <= t)
    }
}

/// Minutes worked on one day (from the timesheet). Several rows for one day add up;
/// negative totals count as 0.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct WorkedDay {
    /// The day.
    pub date: NaiveDate,
    /// Minutes worked that day.
    pub minutes: i64,
}

/// A starting balance set when the employee joins or switches plan (the NEW_PTO_PLAN
/// history item): from `date` on, the balance of the type *is* `minutes`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StartingBalance {
    /// The record, carried into its ledger entries.
    pub id: SourceId,
    /// The day it takes effect.
    pub date: NaiveDate,
    #[serde(rename = "ptoTypeId")]
    /// The PTO type.
    pub pto_type: PtoTypeId,
    /// The amount in minutes.
    pub minutes: i64,
}

/// Time added by hand by an admin (the MANUALLY_ADDITION history item); may be negative to
/// correct an earlier addition.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ManualAddition {
    /// The record, carried into its ledger entries.
    pub id: SourceId,
    /// The day it takes effect.
    pub date: NaiveDate,
    #[serde(rename = "ptoTypeId")]
    /// The PTO type.
    pub pto_type: PtoTypeId,
    /// The amount in minutes.
    pub minutes: i64,
}

impl ManualAddition {
    /// The screens add time to a *year* (001 §3: employeeId, year, ptoTypeId, hours). The
    /// addition is dated the day it was made, moved into that year: 1 January for a future
    /// year, 31 December for a past one.
    ///
    /// ```
    /// use chrono::NaiveDate;
    /// use pto_engine::{ManualAddition, PtoTypeId, SourceId};
    /// let d = |y, m, d| NaiveDate::from_ymd_opt(y, m, d).unwrap();
    /// let a = ManualAddition::for_year(SourceId(1), PtoTypeId(1), 2023, d(2024, 3, 5), 480);
    /// assert_eq!(a.date, d(2023, 12, 31));
    /// let b = ManualAddition::for_year(SourceId(2), PtoTypeId(1), 2025, d(2024, 3, 5), 480);
    /// assert_eq!(b.date, d(2025, 1, 1));
    /// ```
    pub fn for_year(id: SourceId, pto_type: PtoTypeId, year: i32, added_on: NaiveDate, minutes: i64) -> Self {
        let date = if added_on.year() < year {
            NaiveDate::from_ymd_opt(year, 1, 1)
        } else if added_on.year() > year {
            NaiveDate::from_ymd_opt(year, 12, 31)
        } else {
            Some(added_on)
        }
        .unwrap_or(added_on);
        ManualAddition { id, date, pto_type, minutes }
    }
}

/// Time off taken (or reserved) on one day by one request: the PTO_REQUEST entries.
/// [`crate::RequestUsage::time_off`] turns a request into these.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TimeOffTaken {
    /// The request it belongs to.
    pub request: SourceId,
    /// The day off.
    pub date: NaiveDate,
    #[serde(rename = "ptoTypeId")]
    /// The PTO type it draws from.
    pub pto_type: PtoTypeId,
    /// Minutes taken that day (positive).
    pub minutes: i64,
}

/// Everything the engine knows about one employee. Lists need not be sorted.
///
/// Which requests to pass is the caller's choice: approved ones for the balance, approved and
/// pending ones when checking a new request (so pending time is reserved).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct EmployeeInput {
    /// Start and termination dates.
    pub employment: Employment,
    /// Plan per year, and switches.
    pub plans: Vec<PlanAssignment>,
    /// Minutes worked per day (for per-hour-worked rules).
    pub worked: Vec<WorkedDay>,
    /// Starting balances set on joining or switching plan.
    pub starting_balances: Vec<StartingBalance>,
    /// Time added by hand.
    pub manual_additions: Vec<ManualAddition>,
    /// Time off taken, by day.
    pub time_off: Vec<TimeOffTaken>,
    /// The yearly allowance of a type for this employee's job role (a PTO type's overrides):
    /// it replaces the rate of the fixed rules (per calendar year, per anniversary) of that
    /// type in every plan. Accrual rules keep their rate: theirs is per hour or per months, not
    /// a yearly allowance.
    #[serde(default)]
    pub allowances: std::collections::BTreeMap<PtoTypeId, Hours>,
    /// The minutes of an assumed workday for someone exempt from overtime, who accrues on an
    /// assumed week instead of the clock's hours (`None`: hours worked count). Callers fill
    /// `worked` with it ([`EmployeeInput::assume_workdays`]); projections use it for days to come.
    #[serde(default)]
    pub assumed_day_minutes: Option<i64>,
}

impl EmployeeInput {
    /// An employee with a start date and nothing else yet.
    pub fn new(start: NaiveDate) -> Self {
        EmployeeInput {
            employment: Employment { start, termination: None },
            plans: Vec::new(),
            worked: Vec::new(),
            starting_balances: Vec::new(),
            manual_additions: Vec::new(),
            time_off: Vec::new(),
            allowances: std::collections::BTreeMap::new(),
            assumed_day_minutes: None,
        }
    }

    /// The active rule of a type on `day` (before the start date: on the start date), from
    /// the plan in force then.
    pub fn rule_on(&self, pto_type: PtoTypeId, day: NaiveDate) -> Option<&Rule> {
        let day = day.max(self.employment.start);
        self.plans
            .iter()
            .enumerate()
            .filter(|(_, assignment)| assignment.from <= day)
            .max_by_key(|(at, assignment)| (assignment.from, *at))
            .and_then(|(_, assignment)| assignment.plan.as_ref())
            .and_then(|plan| plan.rule_for(pto_type))
    }

    /// For a projection: assume `minutes` worked on every Monday to Friday from `from` to
    /// `to` (inclusive) on which nothing is recorded yet, less the time off already booked that
    /// day (a day of approved or pending leave works nothing), and nothing on `days_off` (paid
    /// holidays). The spec's default workday is [`crate::MINUTES_PER_DAY`].
    pub fn assume_workdays(&mut self, from: NaiveDate, to: NaiveDate, minutes: i64, days_off: &[NaiveDate]) {
        use chrono::Weekday;
        let recorded: std::collections::BTreeSet<NaiveDate> = self.worked.iter().map(|w| w.date).collect();
        let mut off: std::collections::BTreeMap<NaiveDate, i64> = std::collections::BTreeMap::new();
        for taken in self.time_off.iter().filter(|t| t.date >= from && t.date <= to) {
            *off.entry(taken.date).or_default() += taken.minutes.max(0);
        }
        let holidays: std::collections::BTreeSet<&NaiveDate> = days_off.iter().collect();
        let mut day = from;
        while day <= to {
            let workday = !matches!(day.weekday(), Weekday::Sat | Weekday::Sun);
            if workday && !recorded.contains(&day) && !holidays.contains(&day) {
                let worked = minutes.saturating_sub(off.get(&day).copied().unwrap_or(0)).max(0);
                if worked > 0 {
                    self.worked.push(WorkedDay { date: day, minutes: worked });
                }
            }
            match day.succ_opt() {
                Some(next) => day = next,
                None => break,
            }
        }
    }
}
