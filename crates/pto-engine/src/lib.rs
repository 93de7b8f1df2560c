//! The PTO accrual and balance ledger: given a company's PTO plans and rules and one
//! employee's history, how much time off they have earned, carried, used and lost, on any
//! date, and why. Pure computation: no I/O, no database, no clock (every date is an input).
//!
//! # Using it
//! - Inputs are plain data: [`Rule`]s inside [`Plan`]s, the employee's [`EmployeeInput`]
//!   (employment dates, plan per year or switch date, worked minutes per day, starting
//!   balances, manual additions, time off taken by day).
//! - [`compute`] gives a [`Ledger`]: dated [`LedgerEntry`]s of the kinds ACCRUED, CARRYOVER,
//!   FORFEITED, NEW_PTO_PLAN, MANUALLY_ADDITION and PTO_REQUEST ([`EntryKind`]), each with its
//!   minutes, the balance after it, the rule behind it ([`RuleRef`]), the input record behind
//!   it and why it has its amount ([`Basis`]).
//! - [`Ledger::row`] / [`employee_row`] / [`projected_row`] give the employee PTO type row of
//!   001 §3 ([`EmployeePtoTypeRow`]) today or on a future date; `None` is "not set up"
//!   ([`PTO_NOT_SET_UP`], -1000 on the wire).
//! - [`request_usage`] is the request arithmetic, [`check_balance`] the balance check,
//!   [`RequestDraft::validate`] the request form.
//! - [`RuleDraft::validate`] and [`validate_plan_rules`] are the rule and plan forms (002 §5);
//!   [`PolicyKind`], [`plan_kind_label`], [`FolderPlanKind`], [`rule_summary`],
//!   [`accrual_description`] and [`max_balance_note`] are the labels and texts of 002 §4, §9
//!   and 001 §4.
//! - [`resume`] goes on from a [`Checkpoint`] (serialisable, so a job can store it):
//!   incremental, idempotent accrual jobs; [`resume_into`] appends to a reused buffer.
//!
//! ```
//! use chrono::NaiveDate;
//! use pto_engine::*;
//! use std::sync::Arc;
//! let d = |y, m, d| NaiveDate::from_ymd_opt(y, m, d).unwrap();
//! let vacation = PtoType { id: PtoTypeId(1), name: "Vacation".into(), payable: true };
//! let mut rule = Rule::new(RuleId(10), vacation.id, Method::PerCalendarYear, Hours::whole(80));
//! rule.carryover = Carryover::AllowCarryover { max_hours: Some(16) };
//! let plan = Arc::new(Plan { id: PlanId(1), name: "Standard".into(), rules: vec![rule] });
//!
//! let mut input = EmployeeInput::new(d(2024, 1, 1));
//! input.plans.push(PlanAssignment::for_year(2024, plan));
//! input.time_off.push(TimeOffTaken {
//!     request: SourceId(5), date: d(2024, 3, 4), pto_type: vacation.id, minutes: 480,
//! });
//!
//! let ledger = compute(&input, d(2025, 1, 1));
//! let kinds: Vec<(&str, i64)> =
//!     ledger.entries.iter().map(|e| (e.kind.as_str(), e.minutes)).collect();
//! assert_eq!(kinds, [
//!     ("ACCRUED", 4800),       // 2024-01-01: 80 hours
//!     ("PTO_REQUEST", -480),   // 2024-03-04
//!     ("FORFEITED", -3360),    // 2024-12-31: 72 h left, 16 h may be carried
//!     ("CARRYOVER", 960),      // 2025-01-01
//!     ("ACCRUED", 4800),       // 2025-01-01
//! ]);
//! let row = ledger.row(&vacation).unwrap();
//! assert_eq!((row.carryover, row.earned, row.balance), (960, 4800, 5760));
//! ```
//!
//! # The rules it keeps
//! Where the spec is silent, the choice made is marked **Choice**.
//!
//! ## Units and rounding
//! - Every amount in the ledger is whole minutes (`i64`). Rule rates are hours with two
//!   decimals ([`Hours`], exact hundredths); caps are whole hours; waiting periods days.
//! - **One rounding rule, in [`round::floor_minutes`]**: an exact amount becomes whole minutes
//!   by rounding *down*. Accruals are computed exactly (rationals) and each rule carries its
//!   sub-minute remainder to its next credit ([`round::Remainder`]), so over a rule's life the
//!   credited total is `floor(exact total)`: nothing is invented, less than a minute is lost
//!   (when the rule stops applying). Hours typed into forms become minutes by the same rule.
//!
//! ## Periods and the day's order
//! - A type's *period* is its rule's year: the calendar year, or for a per-anniversary rule the
//!   anniversary year (from an anniversary of the start date to the day before the next).
//!   **Choice**: a type with no rule in force uses the calendar year; when a rule of the other
//!   kind takes over, the period ends on the new rule's year end.
//! - Each day, each type (by id) goes through: rule change, period opening (CARRYOVER),
//!   starting balances, the fixed grant, the waiting-period catch-up, accrual credits, manual
//!   additions, time off, and the year end. Entries are ordered by date, type, then that order.
//! - A period's totals (the row) are: starting balance + carryover + earned + manually added +
//!   forfeited − used = balance. CARRYOVER opens a period and does not move the balance (the
//!   year end already brought it to the carried amount), so `balance_after` is also the
//!   running sum of [`LedgerEntry::delta`].
//!
//! ## Accrual methods
//! - **PER_CALENDAR_YEAR**: the rate at once on 1 January, or on the first day after that on
//!   which the employee is employed, under the rule and past the waiting period.
//! - **PER_ANNIVERSARY**: the rate at once at the start of each anniversary year: on the start
//!   date (**Choice**: the first year is granted at hire, like the first calendar year of a
//!   new hire; use a waiting period to delay it) and on each anniversary. **Choice**: a
//!   29 February start has its anniversary on 28 February in common years.
//! - **PER_PAY_PERIOD** (months employed): the rate for every `rate_unit` months, in blocks
//!   counted from the start date (a 31 January start: 29 February, 31 March, … — the day is
//!   clamped to the month's end, always from the start date so it does not drift). Credited on
//!   the block's last day. **Choice**: a block straddling 31 December is credited to the year
//!   in which it completes.
//! - **PER_HOUR_WORKED**: the rate for every `rate_unit` hours worked, exactly
//!   (`worked × rate / rate_unit`), credited weekly on Saturdays (the spec's weeks run Sunday to
//!   Saturday), and on the year's last day, the last day under the rule and the termination
//!   date, so a year's hours accrue in that year. Negative worked minutes count as 0.
//! - A fixed rule gives one grant per period. **Choice**: a mid-year plan switch does not give a
//!   second grant when a fixed grant was already made in the period (an admin adjusts with a
//!   starting balance); switching from an accrual rule (or no rule) to a fixed rule grants on
//!   the switch date, prorated when the rule says so.
//!
//! ## Proration
//! - **Choice**: by days. A fixed grant whose counted span starts after the period's first
//!   day (mid-year hire, plan starting mid-year, waiting period with "start after") is
//!   `rate × days counted / days in the period` when the rule is prorated (366 days in leap
//!   years), the full rate otherwise.
//! - A per-pay-period block only partly under the rule (it started mid-block, or ended by a
//!   switch or termination) gives `rate × days counted / days in the block` when prorated,
//!   nothing otherwise (**Choice**). Per hour worked is proportional by nature: the flag does
//!   not change it.
//!
//! ## Waiting period
//! - Days `start .. start + waiting days` are the waiting period: **nothing is credited in
//!   it**. With "start after waiting period" the time in it earns nothing. **Choice**: without
//!   it, the time in it counts and what it earned is credited in one ACCRUED entry on the
//!   first day after it ([`Basis::WaitingPeriodEnded`]); a fixed grant is then made on that day
//!   with proration counted from the start date. An employee who leaves before the end of the
//!   waiting period gets nothing.
//!
//! ## Caps and the year end
//! - **Accrual never takes a balance above the maximum**: a credit is cut to the room left
//!   (what is cut is lost, not deferred). Starting balances and manual additions are an
//!   admin's explicit choice and are not capped. **Choice**: a maximum balance applies
//!   whenever it is enabled and non-zero, whatever the carryover policy (0 means no maximum,
//!   as the summary note treats it).
//! - At the end of a period (only if the employee is still employed the next day), the
//!   balance is reduced to what is carried, by one FORFEITED entry: use-it-or-lose-it carries
//!   nothing; allow-carryover carries the balance up to its cap and (**Choice**) up to the
//!   maximum balance. **Carryover never exceeds its cap and never carries a negative**: a
//!   negative closing balance is written off by a positive FORFEITED entry (**Choice**: the new
//!   year starts at zero rather than in debt). The next day opens the period with a CARRYOVER
//!   entry of the carried amount (none when it is 0).
//!
//! ## Limits from the sick-leave laws (issue 38, [`Limits`])
//! - A **yearly accrual cap** stops credits once the rule's year has earned it (grants and
//!   accruals alike; the part of a credit above it is lost, like the part above the maximum
//!   balance). Starting balances and manual additions are not capped.
//! - The **use rules** are checked when a request is made ([`check_use_rules`]): no day before
//!   the first usable day ([`UsableAfter`]: "from day N" or "after N days" of employment, the
//!   start date being day 1), no day shorter than the smallest block, and no rule year whose
//!   time off (approved, pending and this request) goes over the yearly use cap, whatever the
//!   balance. The ledger itself never refuses time off: a limit applies to new requests only.
//! - [`laws`] holds the paid-sick-leave laws as data and compares a rule with them.
//!
//! ## Plans, starting balances, employment
//! - A plan assignment is in force from its date until the next one (**Choice**: a plan
//!   assigned for 2024 goes on into 2025 until another is assigned, so accruals do not
//!   silently stop). Of two assignments on one date the later in the list wins.
//! - A starting balance (NEW_PTO_PLAN) *sets* the balance of its type on its date: the balance
//!   before it is closed by a FORFEITED entry ([`Basis::ReplacedByStartingBalance`]). Under a
//!   fixed rule it stands for that period's grant (no grant later in the period). Accruals in
//!   progress (this week's hours, this block's days) go on.
//! - Nothing automatic happens before the start date or after the termination date: inputs
//!   dated before the start take effect on it; time off and manual additions after the
//!   termination are still recorded. **Choice**: no year end is run on the termination day
//!   (the final balance is left for payout); a partial block or week is settled on it.
//! - Time off is taken by day ([`TimeOffTaken`]): a request across a year end draws each day
//!   from its own year.
//!
//! ## Determinism and incremental computation
//! - The same inputs always give the same ledger; the order of the input lists does not matter
//!   (except two plan assignments on one date).
//! - Computing up to a date, then [`resume`] from its [`Checkpoint`], gives exactly the entries
//!   of one computation over the whole span. A backdated change is reflected in every later
//!   balance once computed again from a checkpoint before it (or from the start).
//!
//! ## Requests
//! - [`request_usage`]: full days use [`MINUTES_PER_DAY`] (480); Saturdays and Sundays are
//!   skipped unless included; paid holidays are skipped whatever the day, and
//!   [`RequestUsage::good_news`] gives 'Good News! …'; a partial day uses its hours, up to 480
//!   ('The partial day off request must be less than 8 hours' above).
//! - [`check_balance`]: 'Dang it! You don't have enough {type} available for this request.'
//!   (see its docs for exactly when), followed by the hours available and requested
//!   ([`shortfall_message`]).

#![warn(missing_docs)]

pub mod engine;
pub mod explain;
pub mod laws;
pub mod ledger;
pub mod model;
pub mod request;
pub mod round;
pub mod row;
pub mod rules;
pub mod schedule;
pub mod schedule_form;
pub mod use_rules;

pub use engine::{anniversary, compute, resume, resume_into, Checkpoint, PeriodTotals};
pub use explain::{explain, Explanation, Line as ExplanationLine};
pub use ledger::{Basis, CapKind, Cut, EntryKind, Ledger, LedgerEntry, RuleRef};
pub use model::{
    Carryover, EmployeeInput, Employment, Limits, ManualAddition, Method, Plan, PlanAssignment, PlanId, PtoType,
    PtoTypeId, Rule, RuleId, SourceId, StartingBalance, TimeOffTaken, UsableAfter, WaitCounting, WorkedDay,
};
pub use request::{
    check_balance, not_enough_message, request_usage, shortfall_message, BalanceCheck, DayUse, PartialDay,
    RequestDraft, RequestUsage, TimeOffRequest, HOLIDAY_MINUTES, MINUTES_PER_DAY, MINUTES_PER_WEEK, PARTIAL_DAY_LIMIT,
};
pub use round::Hours;
pub use row::{employee_row, projected_row, EmployeePtoTypeRow, Period, PTO_NOT_SET_UP};
pub use rules::{
    accrual_description, max_balance_note, period_words, plan_kind_label, policy_kind_label, rule_summary,
    validate_plan_rules, FieldProblems, FolderPlanKind, PolicyKind, RuleDraft, MIXED_PLAN_LABEL,
};
pub use schedule::{
    service_year, AccrualPeriod, Anchor, CreditOn, Expiry, ExpiryUnit, RateBasis, Rounding, Schedule, ServiceTier,
    ServiceTiers, YearStart, MAX_TIERS,
};
pub use schedule_form::{ScheduleDraft, TierDraft};
pub use use_rules::{check_use_rules, UseRule, UseRuleBreach};

/// 002 §9: the placeholder of a fixed rule's hours per year.
pub const FIXED_RULE_PLACEHOLDER_HOURS: i64 = 120;
/// 002 §9: the example waiting period, in days.
pub const WAITING_PERIOD_EXAMPLE_DAYS: u32 = 90;
