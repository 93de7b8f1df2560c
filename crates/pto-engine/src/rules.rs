//! Rule and plan forms (002 §5 validation), policy kinds (002 §4, 001 §4) and the summary
//! texts of 002 §9.

use crate::model::{Carryover, Limits, Method, Plan, PtoTypeId, Rule, RuleId, UsableAfter, WaitCounting};
use crate::round::Hours;
use crate::schedule::{AccrualPeriod, RateBasis};
use crate::schedule_form::ScheduleDraft;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Per-field problems, all of them at once (field name as the client sends it).
///
/// The same shape as `kernel::FieldErrors`; this crate keeps its own so that it depends on
/// nothing but `chrono` and `serde` (the gateway maps one to the other).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct FieldProblems(BTreeMap<String, Vec<String>>);

impl FieldProblems {
    /// No problems.
    pub fn new() -> Self {
        Self::default()
    }

    /// Records a problem with a field.
    pub fn add(&mut self, field: &str, message: impl Into<String>) {
        self.0.entry(field.to_owned()).or_default().push(message.into());
    }

    /// Whether nothing was found wrong.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The messages for one field (empty when it is fine).
    pub fn messages(&self, field: &str) -> &[String] {
        self.0.get(field).map(Vec::as_slice).unwrap_or_default()
    }

    /// Every field with its messages, by field name.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &[String])> {
        self.0.iter().map(|(k, v)| (k.as_str(), v.as_slice()))
    }

    fn into_result<T>(self, value: T) -> Result<T, FieldProblems> {
        if self.is_empty() {
            Ok(value)
        } else {
            Err(self)
        }
    }
}

/// 'Please input the Name' (plan edit, rule edit form).
pub const MSG_NAME: &str = "Please input the Name";
/// 'Please input the Hours per year' (the rate of a fixed rule).
pub const MSG_HOURS_PER_YEAR: &str = "Please input the Hours per year";
/// Not given by the spec: the rate of an accrual rule is missing.
pub const MSG_RATE: &str = "Please input the Rate";
/// Not given by the spec: the rate is not a number with at most 2 decimals, or is negative.
pub const MSG_RATE_NUMBER: &str = "Please input a number of hours, 0 or more, with at most 2 decimals";
/// Not given by the spec: the rate unit is missing (or 0, which cannot divide).
pub const MSG_RATE_UNIT: &str = "Please input the Rate unit";
/// Not given by the spec: a digits-only field has something else.
pub const MSG_DIGITS: &str = "Please input digits only";
/// Not given by the spec: no (or an unknown) method.
pub const MSG_METHOD: &str = "Please select the Method";
/// Not given by the spec: no PTO type.
pub const MSG_PTO_TYPE: &str = "Please select the PTO Type";
/// Not given by the spec: an unknown carryover policy.
pub const MSG_CARRYOVER_POLICY: &str = "Please select the Carryover policy";
/// Not given by the spec: the carryover cap is enabled but empty or 0.
pub const MSG_MAX_CARRYOVER: &str = "Please input the Max carryover";
/// Not given by the spec: the waiting period is enabled but empty or 0.
pub const MSG_WAITING_PERIOD: &str = "Please input the Waiting period";
/// Not given by the spec: the maximum balance is enabled but empty.
pub const MSG_MAX_BALANCE: &str = "Please input the Max balance";
/// Issue 38: hours fields (caps) are whole hours from 1 to [`MAX_CAP_HOURS`].
pub const MSG_CAP_RANGE: &str = "Please input whole hours from 1 to 1,000";
/// Issue 38: waiting periods are whole days from 1 to [`MAX_WAITING_DAYS`].
pub const MSG_WAITING_RANGE: &str = "Please input whole days from 1 to 730";
/// Issue 38: an accrual rule earns at most one hour per hour worked.
pub const MSG_RATE_ABOVE_HOURS_WORKED: &str = "An accrual rate cannot give more than 1 hour for each hour worked";
/// Issue 38: per pay period counts months (a rate unit of 26 was read as 26 months).
pub const MSG_MONTHS_UNIT: &str = "Per pay period counts months: please input 1 to 12";
/// Issue 38: the smallest block of time off.
pub const MSG_MIN_INCREMENT: &str = "Please input hours from 0.25 to 8, with at most 2 decimals";
/// Issue 38: an unknown way of counting the wait before first use.
pub const MSG_USABLE_COUNTING: &str = "Please select from day N or after N days";
/// The largest cap (balance, carryover, yearly accrual, yearly use) a rule may set, in hours.
pub const MAX_CAP_HOURS: u32 = 1_000;
/// The longest waiting period a rule may set, in days.
pub const MAX_WAITING_DAYS: u32 = 730;
/// Not given by the spec: a plan with no PTO type.
pub const MSG_PLAN_TYPES: &str = "Please select at least one PTO Type";
/// Not given by the spec: a plan with two rules for one type.
pub const MSG_DUPLICATE_TYPE: &str = "Each PTO Type can have only one rule in a plan";

/// The rule form as the screens send it (002 §3 PTO rule): text fields as typed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RuleDraft {
    /// The rule being edited; `None` for a new one.
    pub id: Option<i64>,
    /// The rule edit form's name field; `None` where the form has none (the wizard).
    pub name: Option<String>,
    /// The PTO type.
    pub pto_type_id: Option<i64>,
    /// The method's wire name, e.g. `PER_CALENDAR_YEAR`.
    pub method: Option<String>,
    /// Hours (two decimals at most): per year, or per `rate_unit`.
    pub rate: String,
    /// Months or worked hours (digits only).
    pub rate_unit: String,
    /// Prorate partial years and blocks.
    pub prorated: bool,
    /// Whether a waiting period applies.
    pub waiting_period_enabled: bool,
    /// The waiting period in days (digits only).
    pub waiting_period: String,
    /// Accrual starts only after the waiting period.
    pub start_after_waiting_period: bool,
    /// `allowCarryover` or `useItOrLoseIt`.
    pub carryover_policy: String,
    /// Whether the carryover is capped.
    pub max_carryover_enabled: bool,
    /// The carryover cap in hours (digits only).
    pub max_carryover: String,
    /// Whether the balance has a maximum.
    pub max_balance_enabled: bool,
    /// The maximum balance in hours (digits only).
    pub max_balance: String,
    /// `status`: 1 active (the default), anything else inactive.
    pub status: Option<i32>,
    /// Issue 38: at most this many hours credited a year (digits only; empty for none).
    #[serde(default)]
    pub yearly_accrual_cap: String,
    /// Issue 38: at most this many hours used a year (digits only; empty for none).
    #[serde(default)]
    pub yearly_use_cap: String,
    /// Issue 38: days of employment before the first use (digits only; empty for none).
    #[serde(default)]
    pub usable_after_days: String,
    /// `fromDay` (usable on day N) or `afterDays` (usable after N days, the default).
    #[serde(default)]
    pub usable_counting: String,
    /// Issue 38: the smallest block of time off in hours (two decimals; empty for none).
    #[serde(default)]
    pub min_increment: String,
    /// Issue 38: the accrual settings (periods, credit day, rounding, expiry, year, tiers).
    #[serde(flatten, default)]
    pub schedule: ScheduleDraft,
}

impl RuleDraft {
    /// The form reset for a method (002 §2): prorated, no waiting period, carryover allowed,
    /// no caps; rate unit 1 (fixed rules always have 1).
    ///
    /// ```
    /// use pto_engine::{Method, RuleDraft};
    /// let draft = RuleDraft::for_method(Some(1), Method::PerAnniversary);
    /// assert!(draft.prorated && !draft.waiting_period_enabled);
    /// assert_eq!(draft.carryover_policy, "allowCarryover");
    /// ```
    pub fn for_method(pto_type_id: Option<i64>, method: Method) -> Self {
        RuleDraft {
            id: None,
            name: None,
            pto_type_id,
            method: Some(method.as_str().to_owned()),
            rate: String::new(),
            rate_unit: "1".to_owned(),
            prorated: true,
            waiting_period_enabled: false,
            waiting_period: String::new(),
            start_after_waiting_period: false,
            carryover_policy: "allowCarryover".to_owned(),
            max_carryover_enabled: false,
            max_carryover: String::new(),
            max_balance_enabled: false,
            max_balance: String::new(),
            status: Some(1),
            yearly_accrual_cap: String::new(),
            yearly_use_cap: String::new(),
            usable_after_days: String::new(),
            usable_counting: String::new(),
            min_increment: String::new(),
            schedule: ScheduleDraft::default(),
        }
    }

    /// The form for an existing rule.
    pub fn from_rule(rule: &Rule) -> Self {
        let (policy, cap) = match rule.carryover {
            Carryover::AllowCarryover { max_hours } => ("allowCarryover", max_hours),
            Carryover::UseItOrLoseIt => ("useItOrLoseIt", None),
        };
        RuleDraft {
            id: Some(rule.id.0),
            name: None,
            pto_type_id: Some(rule.pto_type.0),
            method: Some(rule.method.as_str().to_owned()),
            rate: rule.rate.to_string(),
            rate_unit: rule.rate_unit.to_string(),
            prorated: rule.prorated,
            waiting_period_enabled: rule.waiting_period_days.is_some_and(|d| d > 0),
            waiting_period: rule.waiting_period_days.map(|d| d.to_string()).unwrap_or_default(),
            start_after_waiting_period: rule.start_after_waiting_period,
            carryover_policy: policy.to_owned(),
            max_carryover_enabled: cap.is_some(),
            max_carryover: cap.map(|c| c.to_string()).unwrap_or_default(),
            max_balance_enabled: rule.max_balance_hours.is_some(),
            max_balance: rule.max_balance_hours.map(|c| c.to_string()).unwrap_or_default(),
            status: Some(if rule.active { 1 } else { 0 }),
            yearly_accrual_cap: text(rule.limits.yearly_accrual_cap_hours),
            yearly_use_cap: text(rule.limits.yearly_use_cap_hours),
            usable_after_days: text(rule.limits.usable.map(|u| u.days)),
            usable_counting: rule.limits.usable.map(|u| u.counting.as_str().to_owned()).unwrap_or_default(),
            min_increment: rule
                .limits
                .min_increment_minutes
                .map(|m| Hours::from_minutes_rounded(i64::from(m)).to_string())
                .unwrap_or_default(),
            schedule: ScheduleDraft::from_schedule(&rule.schedule),
        }
    }

    /// 002 §5: a rule is complete only when method, ptoTypeId, rate and rateUnit are all
    /// present, and method and ptoTypeId are not empty (the wizard's Done / Not Done).
    pub fn is_complete(&self) -> bool {
        self.method.as_deref().is_some_and(|m| !m.trim().is_empty())
            && self.pto_type_id.is_some()
            && !self.rate.trim().is_empty()
            && !self.rate_unit.trim().is_empty()
    }

    /// Validates the form (002 §5) and gives the typed rule, or every problem at once.
    ///
    /// ```
    /// use pto_engine::{Method, RuleDraft};
    /// let mut draft = RuleDraft::for_method(Some(1), Method::PerCalendarYear);
    /// draft.name = Some(String::new());
    /// let problems = draft.validate().unwrap_err();
    /// assert_eq!(problems.messages("name"), ["Please input the Name"]);
    /// assert_eq!(problems.messages("rate"), ["Please input the Hours per year"]);
    ///
    /// draft.name = Some("Vacation".into());
    /// draft.rate = "120".into();
    /// let rule = draft.validate().unwrap();
    /// assert_eq!(rule.rate.to_string(), "120");
    /// ```
    pub fn validate(&self) -> Result<Rule, FieldProblems> {
        let mut problems = FieldProblems::new();
        if self.name.as_deref().is_some_and(|n| n.trim().is_empty()) {
            problems.add("name", MSG_NAME);
        }
        if self.pto_type_id.is_none() {
            problems.add("ptoTypeId", MSG_PTO_TYPE);
        }
        let method = self.method.as_deref().map(str::trim).and_then(Method::parse);
        if method.is_none() {
            problems.add("method", MSG_METHOD);
        }
        let fixed = method.is_some_and(Method::is_fixed);

        let rate_text = self.rate.trim();
        let rate = if rate_text.is_empty() {
            problems.add("rate", if fixed || method.is_none() { MSG_HOURS_PER_YEAR } else { MSG_RATE });
            None
        } else {
            match Hours::parse(rate_text) {
                Some(h) if h.centi() >= 0 => Some(h),
                _ => {
                    problems.add("rate", MSG_RATE_NUMBER);
                    None
                }
            }
        };

        let other_periods =
            method == Some(Method::PerPayPeriod) && !matches!(self.schedule.accrual_period.trim(), "" | "months");
        let rate_unit = if fixed || other_periods {
            // An accrual rate change sets the unit to 1 in fixed rules; it is never used. Weeks,
            // two weeks and half months give the rate once per period.
            Some(1)
        } else {
            match digits(&self.rate_unit) {
                Digits::Empty | Digits::Value(0) => {
                    problems.add("rateUnit", MSG_RATE_UNIT);
                    None
                }
                Digits::Value(v) => Some(v),
                Digits::Invalid => {
                    problems.add("rateUnit", MSG_DIGITS);
                    None
                }
            }
        };

        let waiting = if self.waiting_period_enabled {
            match digits(&self.waiting_period) {
                Digits::Empty | Digits::Value(0) => {
                    problems.add("waitingPeriod", MSG_WAITING_PERIOD);
                    None
                }
                Digits::Value(v) if v > MAX_WAITING_DAYS => {
                    problems.add("waitingPeriod", MSG_WAITING_RANGE);
                    None
                }
                Digits::Value(v) => Some(v),
                Digits::Invalid => {
                    problems.add("waitingPeriod", MSG_DIGITS);
                    None
                }
            }
        } else {
            None
        };

        let carryover = match self.carryover_policy.trim() {
            "allowCarryover" | "" => {
                if self.max_carryover_enabled {
                    match digits(&self.max_carryover) {
                        Digits::Empty | Digits::Value(0) => {
                            problems.add("maxCarryover", MSG_MAX_CARRYOVER);
                            None
                        }
                        Digits::Value(v) if v > MAX_CAP_HOURS => {
                            problems.add("maxCarryover", MSG_CAP_RANGE);
                            None
                        }
                        Digits::Value(v) => Some(Carryover::AllowCarryover { max_hours: Some(v) }),
                        Digits::Invalid => {
                            problems.add("maxCarryover", MSG_DIGITS);
                            None
                        }
                    }
                } else {
                    Some(Carryover::AllowCarryover { max_hours: None })
                }
            }
            "useItOrLoseIt" => Some(Carryover::UseItOrLoseIt),
            _ => {
                problems.add("carryoverPolicy", MSG_CARRYOVER_POLICY);
                None
            }
        };

        let max_balance = if self.max_balance_enabled {
            match digits(&self.max_balance) {
                Digits::Empty => {
                    problems.add("maxBalance", MSG_MAX_BALANCE);
                    None
                }
                Digits::Value(v) if v > MAX_CAP_HOURS => {
                    problems.add("maxBalance", MSG_CAP_RANGE);
                    None
                }
                // 0 means no maximum, as the summary note treats it.
                Digits::Value(v) => Some(Some(v)),
                Digits::Invalid => {
                    problems.add("maxBalance", MSG_DIGITS);
                    None
                }
            }
        } else {
            Some(None)
        };

        if let (Some(Method::PerPayPeriod), Some(unit)) = (method, rate_unit) {
            if unit > 12 {
                problems.add("rateUnit", MSG_MONTHS_UNIT);
            }
        }
        if let (Some(Method::PerHourWorked), Some(rate), Some(unit)) = (method, rate, rate_unit) {
            // More than an hour for each hour worked is a typing mistake, never a policy.
            if rate.centi() > i64::from(unit) * 100 {
                problems.add("rate", MSG_RATE_ABOVE_HOURS_WORKED);
            }
        }
        let limits = self.limits(&mut problems);
        let carries_over = carryover != Some(Carryover::UseItOrLoseIt);
        let schedule = self.schedule.validate(method, rate_unit, carries_over, &mut problems);

        match (method, rate, rate_unit, carryover, max_balance) {
            (Some(method), Some(rate), Some(rate_unit), Some(carryover), Some(max_balance)) if problems.is_empty() => {
                problems.into_result(Rule {
                    id: RuleId(self.id.unwrap_or(0)),
                    pto_type: PtoTypeId(self.pto_type_id.unwrap_or(0)),
                    active: self.status.is_none_or(|s| s == 1),
                    method,
                    rate,
                    rate_unit,
                    prorated: self.prorated,
                    waiting_period_days: waiting,
                    start_after_waiting_period: self.start_after_waiting_period,
                    carryover,
                    max_balance_hours: max_balance,
                    limits,
                    schedule,
                })
            }
            _ => Err(problems),
        }
    }
}

impl RuleDraft {
    /// The sick-leave limits of the form (issue 38): each optional, each bounded.
    fn limits(&self, problems: &mut FieldProblems) -> Limits {
        let mut bounded = |field: &str, text: &str, max: u32, range: &str| match digits(text) {
            Digits::Empty => None,
            Digits::Value(v) if (1..=max).contains(&v) => Some(v),
            Digits::Value(_) => {
                problems.add(field, range);
                None
            }
            Digits::Invalid => {
                problems.add(field, MSG_DIGITS);
                None
            }
        };
        let yearly_accrual_cap_hours =
            bounded("yearlyAccrualCap", &self.yearly_accrual_cap, MAX_CAP_HOURS, MSG_CAP_RANGE);
        let yearly_use_cap_hours = bounded("yearlyUseCap", &self.yearly_use_cap, MAX_CAP_HOURS, MSG_CAP_RANGE);
        let usable_days = bounded("usableAfterDays", &self.usable_after_days, MAX_WAITING_DAYS, MSG_WAITING_RANGE);
        let counting = match self.usable_counting.trim() {
            "" => Some(WaitCounting::AfterDays),
            other => WaitCounting::parse(other),
        };
        if counting.is_none() {
            problems.add("usableCounting", MSG_USABLE_COUNTING);
        }
        let min_increment_minutes = match self.min_increment.trim() {
            "" => None,
            text => match Hours::parse(text) {
                Some(h) if (25..=800).contains(&h.centi()) => u32::try_from(h.exact_minutes().floor()).ok(),
                _ => {
                    problems.add("minIncrement", MSG_MIN_INCREMENT);
                    None
                }
            },
        };
        Limits {
            yearly_accrual_cap_hours,
            yearly_use_cap_hours,
            usable: usable_days.zip(counting).map(|(days, counting)| UsableAfter { days, counting }),
            min_increment_minutes,
        }
    }
}

/// An optional number as a form's text (empty for none).
fn text(value: Option<u32>) -> String {
    value.map(|v| v.to_string()).unwrap_or_default()
}

enum Digits {
    Empty,
    Value(u32),
    Invalid,
}

/// Digits only (002 §5: rate unit and caps), as a number.
fn digits(text: &str) -> Digits {
    let t = text.trim();
    if t.is_empty() {
        Digits::Empty
    } else if t.bytes().all(|b| b.is_ascii_digit()) {
        t.parse().map_or(Digits::Invalid, Digits::Value)
    } else {
        Digits::Invalid
    }
}

/// Validates a plan's name and rules (002 §5: plan name required; the wizard wants at least
/// one type; one rule per type is this engine's rule).
///
/// ```
/// use pto_engine::{validate_plan_rules, Hours, Method, PtoTypeId, Rule, RuleId};
/// let r = Rule::new(RuleId(1), PtoTypeId(1), Method::PerCalendarYear, Hours::whole(80));
/// assert!(validate_plan_rules("Standard", &[r]).is_ok());
/// let problems = validate_plan_rules(" ", &[r, r]).unwrap_err();
/// assert_eq!(problems.messages("name"), ["Please input the Name"]);
/// assert_eq!(problems.messages("rules"), ["Each PTO Type can have only one rule in a plan"]);
/// ```
pub fn validate_plan_rules(name: &str, rules: &[Rule]) -> Result<(), FieldProblems> {
    let mut problems = FieldProblems::new();
    if name.trim().is_empty() {
        problems.add("name", MSG_NAME);
    }
    if rules.is_empty() {
        problems.add("rules", MSG_PLAN_TYPES);
    }
    let mut types: Vec<PtoTypeId> = rules.iter().filter(|r| r.active).map(|r| r.pto_type).collect();
    types.sort_unstable();
    if types.windows(2).any(|w| w.first() == w.get(1)) {
        problems.add("rules", MSG_DUPLICATE_TYPE);
    }
    problems.into_result(())
}

/// The policy kind of 002 §4: Fixed (per calendar year, per anniversary), Accrued (per hour
/// worked, per pay period), or Unknown for a method this engine does not know.
///
/// The spec displays Unknown as 'Unkown', a typo that told an admin nothing (issue 36): the labels
/// here say what the kind is instead.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PolicyKind {
    /// Per calendar year or per anniversary.
    Fixed,
    /// Per hour worked or per pay period.
    Accrued,
    /// A method this engine does not know ('Unknown method').
    Unknown,
}

impl PolicyKind {
    /// The kind of a method given by its wire name (anything else is Unknown).
    ///
    /// ```
    /// use pto_engine::PolicyKind;
    /// assert_eq!(PolicyKind::of("PER_ANNIVERSARY").label(), "Fixed");
    /// assert_eq!(PolicyKind::of("PER_PAY_PERIOD").label(), "Accrued");
    /// assert_eq!(PolicyKind::of("WEEKLY").label(), "Unknown method");
    /// ```
    pub fn of(method: &str) -> PolicyKind {
        match Method::parse(method) {
            Some(m) => PolicyKind::of_method(m),
            None => PolicyKind::Unknown,
        }
    }

    /// The kind of a method.
    pub fn of_method(method: Method) -> PolicyKind {
        if method.is_fixed() {
            PolicyKind::Fixed
        } else {
            PolicyKind::Accrued
        }
    }

    /// 'Fixed', 'Accrued', or 'Unknown method'.
    pub fn label(self) -> &'static str {
        match self {
            PolicyKind::Fixed => "Fixed",
            PolicyKind::Accrued => "Accrued",
            PolicyKind::Unknown => "Unknown method",
        }
    }
}

/// The label of a plan whose rules give some types at once and accrue others.
pub const MIXED_PLAN_LABEL: &str = "Mixed";

/// The label a plan card shows: 'N/A' for a plan with no (active) rule, and otherwise what its
/// rules do: 'Fixed' or 'Accrued' when they share one kind, 'Mixed' when some are fixed and some
/// accrued. The spec showed the mixed plan as 'Unkown', which told an admin nothing (issue 36).
///
/// ```
/// use pto_engine::{plan_kind_label, Hours, Method, Plan, PlanId, PtoTypeId, Rule, RuleId};
/// let mut plan = Plan { id: PlanId(1), name: "P".into(), rules: vec![] };
/// assert_eq!(plan_kind_label(&plan), "N/A");
/// plan.rules.push(Rule::new(RuleId(1), PtoTypeId(1), Method::PerHourWorked, Hours::whole(1)));
/// assert_eq!(plan_kind_label(&plan), "Accrued");
/// plan.rules.push(Rule::new(RuleId(2), PtoTypeId(2), Method::PerPayPeriod, Hours::whole(4)));
/// assert_eq!(plan_kind_label(&plan), "Accrued");
/// plan.rules.push(Rule::new(RuleId(3), PtoTypeId(3), Method::PerCalendarYear, Hours::whole(40)));
/// assert_eq!(plan_kind_label(&plan), "Mixed");
/// ```
pub fn plan_kind_label(plan: &Plan) -> &'static str {
    let mut kinds = plan.rules.iter().filter(|r| r.active).map(|r| PolicyKind::of_method(r.method));
    match kinds.next() {
        None => "N/A",
        Some(first) => {
            if kinds.all(|k| k == first) {
                first.label()
            } else {
                MIXED_PLAN_LABEL
            }
        }
    }
}

/// The policy-kind label for a rule's method as stored (`None`: no data, 'N/A').
pub fn policy_kind_label(method: Option<&str>) -> &'static str {
    match method {
        None => "N/A",
        Some(m) => PolicyKind::of(m).label(),
    }
}

/// The four plan kinds the employee folder shows (001 §4), one per method. The spec does not
/// say which is which; this engine maps per pay period ("months worked", counted from the
/// start date) to anniversary accrual and per hour worked to accrual.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum FolderPlanKind {
    /// 'fixed': per calendar year.
    Fixed,
    /// 'fixed anniversary': per anniversary.
    FixedAnniversary,
    /// 'accrual': per hour worked.
    Accrual,
    /// 'anniversary accrual': per pay period (months counted from the start date).
    AnniversaryAccrual,
}

impl FolderPlanKind {
    /// The folder kind of a method.
    pub fn of(method: Method) -> Self {
        match method {
            Method::PerCalendarYear => FolderPlanKind::Fixed,
            Method::PerAnniversary => FolderPlanKind::FixedAnniversary,
            Method::PerHourWorked => FolderPlanKind::Accrual,
            Method::PerPayPeriod => FolderPlanKind::AnniversaryAccrual,
        }
    }

    /// The label the folder shows.
    pub fn label(self) -> &'static str {
        match self {
            FolderPlanKind::Fixed => "fixed",
            FolderPlanKind::FixedAnniversary => "fixed anniversary",
            FolderPlanKind::Accrual => "accrual",
            FolderPlanKind::AnniversaryAccrual => "anniversary accrual",
        }
    }
}

/// The policy summary text of 002 §9: 'rate hrs/year' (fixed), 'rate hrs per rateUnit worked
/// hours', 'rate hrs per rateUnit months'. The rate is written exactly, without trailing zeros.
///
/// ```
/// use pto_engine::{rule_summary, Hours, Method, PtoTypeId, Rule, RuleId};
/// let mut r = Rule::new(RuleId(1), PtoTypeId(1), Method::PerCalendarYear, Hours::whole(120));
/// assert_eq!(rule_summary(&r), "120 hrs/year");
/// r.method = Method::PerHourWorked;
/// r.rate = Hours::from_centi(150);
/// r.rate_unit = 40;
/// assert_eq!(rule_summary(&r), "1.5 hrs per 40 worked hours");
/// r.method = Method::PerPayPeriod;
/// r.rate_unit = 1;
/// assert_eq!(rule_summary(&r), "1.5 hrs per 1 months");
/// ```
pub fn rule_summary(rule: &Rule) -> String {
    match rule.method {
        Method::PerCalendarYear | Method::PerAnniversary => format!("{} hrs/year", rule.rate),
        Method::PerHourWorked => {
            format!("{} hrs per {} worked hours", rule.rate, rule.rate_unit)
        }
        Method::PerPayPeriod if rule.schedule.rate_basis == RateBasis::PerYear => {
            format!("{} hrs/year, credited per {}", rule.rate, period_words(rule))
        }
        Method::PerPayPeriod if rule.schedule.period == AccrualPeriod::Months => {
            format!("{} hrs per {} months", rule.rate, rule.rate_unit)
        }
        Method::PerPayPeriod => format!("{} hrs per {}", rule.rate, period_words(rule)),
    }
}

/// A per-pay-period rule's period in words: '3 months', 'week', '2 weeks', 'half month'.
///
/// ```
/// use pto_engine::{period_words, AccrualPeriod, Hours, Method, PtoTypeId, Rule, RuleId};
/// let mut r = Rule::new(RuleId(1), PtoTypeId(1), Method::PerPayPeriod, Hours::whole(2));
/// assert_eq!(period_words(&r), "1 months");
/// r.schedule.period = AccrualPeriod::Biweekly;
/// assert_eq!(period_words(&r), "2 weeks");
/// ```
pub fn period_words(rule: &Rule) -> String {
    match rule.schedule.period {
        AccrualPeriod::Months => format!("{} months", rule.rate_unit),
        AccrualPeriod::Weekly => "week".to_owned(),
        AccrualPeriod::Biweekly => "2 weeks".to_owned(),
        AccrualPeriod::SemiMonthly => "half month".to_owned(),
    }
}

/// The accrual description of 002 §9, with the rule's numbers.
///
/// ```
/// use pto_engine::{accrual_description, Hours, Method, PtoTypeId, Rule, RuleId};
/// let r = Rule::new(RuleId(1), PtoTypeId(1), Method::PerAnniversary, Hours::whole(80));
/// assert_eq!(accrual_description(&r), "80 hours at once on each anniversary date");
/// ```
pub fn accrual_description(rule: &Rule) -> String {
    match rule.method {
        Method::PerAnniversary => format!("{} hours at once on each anniversary date", rule.rate),
        Method::PerCalendarYear => {
            format!("{} hours at once at the start of the year", rule.rate)
        }
        Method::PerHourWorked => format!("{} hours for every {} hours worked", rule.rate, rule.rate_unit),
        Method::PerPayPeriod if rule.schedule.rate_basis == RateBasis::PerYear => {
            format!("{} hours a year, credited for every {} worked", rule.rate, period_words(rule))
        }
        Method::PerPayPeriod if rule.schedule.period == AccrualPeriod::Months => {
            format!("{} hours for every {} months worked", rule.rate, rule.rate_unit)
        }
        Method::PerPayPeriod => format!("{} hours for every {} worked", rule.rate, period_words(rule)),
    }
}

/// 'Max balance is limited to N hours' (002 §9): only when carryover is allowed and a
/// non-zero maximum balance is enabled.
///
/// ```
/// use pto_engine::{max_balance_note, Carryover, Hours, Method, PtoTypeId, Rule, RuleId};
/// let mut r = Rule::new(RuleId(1), PtoTypeId(1), Method::PerHourWorked, Hours::whole(1));
/// assert_eq!(max_balance_note(&r), None);
/// r.max_balance_hours = Some(200);
/// assert_eq!(max_balance_note(&r).as_deref(), Some("Max balance is limited to 200 hours"));
/// r.carryover = Carryover::UseItOrLoseIt;
/// assert_eq!(max_balance_note(&r), None);
/// ```
pub fn max_balance_note(rule: &Rule) -> Option<String> {
    match (rule.carryover, rule.max_balance_hours) {
        (Carryover::AllowCarryover { .. }, Some(h)) if h > 0 => Some(format!("Max balance is limited to {h} hours")),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn accrual_draft() -> RuleDraft {
        let mut d = RuleDraft::for_method(Some(3), Method::PerHourWorked);
        d.rate = "1".into();
        d.rate_unit = "30".into();
        d
    }

    #[test]
    fn accrual_rule_requires_rate_and_unit() {
        let mut d = accrual_draft();
        d.rate = String::new();
        d.rate_unit = String::new();
        let p = d.validate().unwrap_err();
        assert_eq!(p.messages("rate"), [MSG_RATE]);
        assert_eq!(p.messages("rateUnit"), [MSG_RATE_UNIT]);
        d.rate_unit = "3a".into();
        d.rate = "1.234".into();
        let p = d.validate().unwrap_err();
        assert_eq!(p.messages("rateUnit"), [MSG_DIGITS]);
        assert_eq!(p.messages("rate"), [MSG_RATE_NUMBER]);
        d.rate_unit = "0".into();
        d.rate = "-1".into();
        let p = d.validate().unwrap_err();
        assert_eq!(p.messages("rateUnit"), [MSG_RATE_UNIT]);
        assert_eq!(p.messages("rate"), [MSG_RATE_NUMBER]);
    }

    #[test]
    fn caps_must_be_non_empty_and_non_zero_when_enabled() {
        let mut d = accrual_draft();
        d.max_carryover_enabled = true;
        d.waiting_period_enabled = true;
        d.max_balance_enabled = true;
        let p = d.validate().unwrap_err();
        assert_eq!(p.messages("maxCarryover"), [MSG_MAX_CARRYOVER]);
        assert_eq!(p.messages("waitingPeriod"), [MSG_WAITING_PERIOD]);
        assert_eq!(p.messages("maxBalance"), [MSG_MAX_BALANCE]);
        d.max_carryover = "0".into();
        d.waiting_period = "0".into();
        d.max_balance = "x".into();
        let p = d.validate().unwrap_err();
        assert_eq!(p.messages("maxCarryover"), [MSG_MAX_CARRYOVER]);
        assert_eq!(p.messages("waitingPeriod"), [MSG_WAITING_PERIOD]);
        assert_eq!(p.messages("maxBalance"), [MSG_DIGITS]);
        d.max_carryover = "40".into();
        d.waiting_period = "90".into();
        d.max_balance = "200".into();
        let r = d.validate().unwrap();
        assert_eq!(r.carryover, Carryover::AllowCarryover { max_hours: Some(40) });
        assert_eq!(r.waiting_period_days, Some(90));
        assert_eq!(r.max_balance_hours, Some(200));
    }

    #[test]
    fn a_cap_is_ignored_when_carryover_is_not_allowed() {
        let mut d = accrual_draft();
        d.carryover_policy = "useItOrLoseIt".into();
        d.max_carryover_enabled = true;
        assert_eq!(d.validate().unwrap().carryover, Carryover::UseItOrLoseIt);
        d.carryover_policy = "keepSome".into();
        assert_eq!(d.validate().unwrap_err().messages("carryoverPolicy"), [MSG_CARRYOVER_POLICY]);
    }

    #[test]
    fn method_and_type_are_required() {
        let mut d = accrual_draft();
        d.method = None;
        d.pto_type_id = None;
        assert!(!d.is_complete());
        let p = d.validate().unwrap_err();
        assert_eq!(p.messages("method"), [MSG_METHOD]);
        assert_eq!(p.messages("ptoTypeId"), [MSG_PTO_TYPE]);
        d.method = Some("PER_FORTNIGHT".into());
        assert_eq!(d.validate().unwrap_err().messages("method"), [MSG_METHOD]);
    }

    #[test]
    fn fixed_rules_ignore_the_unit_and_round_trip() {
        let mut d = RuleDraft::for_method(Some(1), Method::PerCalendarYear);
        d.rate = "120".into();
        d.rate_unit = "abc".into();
        let r = d.validate().unwrap();
        assert_eq!(r.rate_unit, 1);
        assert_eq!(RuleDraft::from_rule(&r).validate().unwrap(), r);
        assert!(RuleDraft::from_rule(&r).is_complete());
    }

    #[test]
    fn inactive_status_and_labels() {
        let mut d = accrual_draft();
        d.status = Some(0);
        assert!(!d.validate().unwrap().active);
        assert_eq!(policy_kind_label(None), "N/A");
        assert_eq!(policy_kind_label(Some("PER_HOUR_WORKED")), "Accrued");
        assert_eq!(policy_kind_label(Some("PER_CALENDAR_YEAR")), "Fixed");
        assert_eq!(policy_kind_label(Some("")), "Unknown method");
        assert_eq!(FolderPlanKind::of(Method::PerPayPeriod).label(), "anniversary accrual");
        assert_eq!(FolderPlanKind::of(Method::PerAnniversary).label(), "fixed anniversary");
    }
}
