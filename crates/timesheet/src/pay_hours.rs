//! Regular, overtime and double-time minutes by the company's overtime rules (issue 37): the one
//! place the timesheet, the team week, the dashboard and the reports get them from.
//!
//! - A company on weekly rules only (it never chose a rule set: the time settings' weekly
//!   threshold, Sunday weeks, midnight workdays) is counted as always: a shift on the company day
//!   it started, overtime past the weekly threshold ([`crate::paycycle::overtime_by_day`]).
//! - Any other company's shifts go through the pure classifier of the `overtime` crate under the
//!   version of its rules in force on each workday: minutes cut at workday boundaries (a night
//!   shift counts in the workday each minute was worked), each minute at its highest rate once.
//!   Paid time off and holidays are never worked time, so they never reach a threshold.
//! - Callers pass people already checked against their reach; every read is scoped to the
//!   caller's company.

use crate::classified_weeks;
use crate::error::TimesheetError;
use crate::paycycle::overtime_by_day;
use crate::service::TimesheetService;
use chrono::{DateTime, Duration, NaiveDate, Utc};
use clock::overtime_policy::OvertimePolicy;
use clock::store::Grouping;
use kernel::time::{local_date, start_of_day, week_start};
use kernel::{AdminCtx, ManagerCtx, TenantCtx, UserId};
pub use overtime::Hours;
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

/// The rule set a figure was counted under.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct RuleSetRef {
    /// `us-flsa`, `us-ca`, `us-ak`, `us-nv`, `us-co` or `custom`.
    pub id: String,
    pub name: String,
    pub citation: String,
}

/// One workday's minutes by rate.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct PayDay {
    pub date: NaiveDate,
    pub regular_minutes: i64,
    pub overtime_minutes: i64,
    pub double_time_minutes: i64,
}

/// `GET /timesheet/pay-hours`: a person's minutes by rate per workday of a range, and in total.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct PayHoursView {
    pub employee_id: i64,
    pub start: NaiveDate,
    pub end: NaiveDate,
    /// The rules in force for the person on the range's last day: their own rule set when they
    /// have one (someone working in another state), else the company's.
    pub rule_set: RuleSetRef,
    /// Workdays with time worked, in order.
    pub days: Vec<PayDay>,
    pub regular_minutes: i64,
    pub overtime_minutes: i64,
    pub double_time_minutes: i64,
    /// When the person's shift running now went into overtime or double time (the range holds
    /// today); `null` otherwise.
    pub overtime_since: Option<DateTime<Utc>>,
}

/// A running shift's overtime: since when, or from when if it runs until the person's usual end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OvertimeNow {
    pub since: Option<DateTime<Utc>>,
    pub expected_at: Option<DateTime<Utc>>,
    pub usual_end: Option<DateTime<Utc>>,
}

/// The rule set of the company's rules on `day`, named as an admin chose it.
pub fn rule_set_ref(policy: &OvertimePolicy, day: NaiveDate) -> RuleSetRef {
    let version = policy.in_force(day);
    match overtime::rule_set(version.jurisdiction, day) {
        Some(set) => {
            RuleSetRef { id: set.id.code().to_owned(), name: set.name.to_owned(), citation: set.citation.to_owned() }
        }
        None => RuleSetRef {
            id: version.jurisdiction.code().to_owned(),
            name: "Company rules".to_owned(),
            citation: "The company's own thresholds".to_owned(),
        },
    }
}

/// The rules of one person on `day`: their own rule set when they have one in force (someone
/// working in another state), else the company's; fitted to their Nevada facts and the employer's
/// size.
fn rules_of_person(
    company: &[overtime::Choice],
    own: &[clock::overtime_policy::PersonRules],
    employer_size: u32,
    day: NaiveDate,
) -> overtime::Rules {
    let mine = own.iter().rev().find(|rules| rules.effective_from <= day);
    let person = overtime::Person {
        employer_size,
        under_wage_line: mine.is_some_and(|rules| rules.under_wage_line),
        four_tens: mine.is_some_and(|rules| rules.four_tens),
    };
    match mine.and_then(|rules| rules.jurisdiction) {
        Some(jurisdiction) => {
            let only = [overtime::Choice { from: NaiveDate::MIN, jurisdiction, custom: overtime::Rules::FEDERAL }];
            overtime::rules_on(&only, &person, day)
        }
        None => overtime::rules_on(company, &person, day),
    }
}

/// The fingerprint of what a person's classification reads besides their shifts: the zone, the
/// calendar, the company's rules and their own, and whether the employer is large enough for each
/// rule set that asks.
fn person_stamp(
    tz: chrono_tz::Tz,
    calendar: &overtime::Calendar,
    policy: &OvertimePolicy,
    own: &[clock::overtime_policy::PersonRules],
    employer_size: u32,
) -> i64 {
    let size_facts: Vec<bool> = policy
        .versions
        .iter()
        .map(|version| version.jurisdiction)
        .chain(own.iter().filter_map(|own| own.jurisdiction))
        .flat_map(|one| overtime::RULE_SETS.iter().filter(move |set| set.id == one))
        .filter_map(|set| set.rules.min_employees)
        .map(|least| employer_size >= least)
        .collect();
    classified_weeks::rules_stamp(&(tz.name(), calendar, policy, own, &size_facts))
}

/// One version of a person's own overtime rules.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct PersonRulesView {
    pub effective_from: NaiveDate,
    /// A rule set's id (the state the person works in), or `null`: the company's rules.
    pub jurisdiction: Option<String>,
    /// Nevada: paid under 1.5× the state minimum wage (daily overtime applies).
    pub under_wage_line: bool,
    /// Nevada: on an agreed schedule of four 10-hour days (no daily overtime).
    pub four_tens: bool,
}

/// `GET /settings/employee-overtime`: a person's own overtime rules, every version, oldest first
/// (none: the company's rules).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct PersonOvertimeView {
    pub employee_id: i64,
    pub versions: Vec<PersonRulesView>,
}

impl TimesheetService {
    /// The company's overtime rules, every version.
    pub(crate) async fn overtime_policy(&self, ctx: &TenantCtx) -> Result<OvertimePolicy, TimesheetError> {
        let settings = clock::settings::load(&self.db, ctx.company()).await?;
        Ok(clock::overtime_policy::load(&self.db, ctx.company(), settings.weekly_overtime_minutes).await?)
    }

    /// The employer's headcount when a rule set chosen reads it (Alaska's binds employers of 4 or
    /// more); otherwise no figure is read and any size does.
    async fn employer_size(
        &self,
        ctx: &TenantCtx,
        policy: &OvertimePolicy,
        own_rules: &HashMap<UserId, Vec<clock::overtime_policy::PersonRules>>,
        day: NaiveDate,
    ) -> Result<u32, TimesheetError> {
        let chosen = policy
            .versions
            .iter()
            .map(|version| version.jurisdiction)
            .chain(own_rules.values().flatten().filter_map(|own| own.jurisdiction));
        let needs_size = chosen
            .into_iter()
            .any(|one| overtime::rule_set(one, day).is_some_and(|set| set.rules.min_employees.is_some()));
        Ok(if needs_size {
            u32::try_from(self.accounts.active_user_count(ctx.company()).await?).unwrap_or(u32::MAX)
        } else {
            u32::MAX
        })
    }

    /// For each of `running` (people with a shift running now): when that shift went into
    /// overtime or double time, and if not yet, when it would if it ran until the person's usual
    /// end (the start plus the median length of their last 20 shifts, in the last five weeks).
    pub(crate) async fn overtime_now(
        &self,
        ctx: &TenantCtx,
        policy: &OvertimePolicy,
        running: &[(UserId, DateTime<Utc>)],
    ) -> Result<HashMap<UserId, OvertimeNow>, TimesheetError> {
        if running.is_empty() {
            return Ok(HashMap::new());
        }
        let started_at: HashMap<UserId, DateTime<Utc>> = running.iter().copied().collect();
        let running: Vec<UserId> = running.iter().map(|(employee, _)| *employee).collect();
        let running = running.as_slice();
        let tz = ctx.time_zone();
        let now = clock::now();
        let own_rules = clock::overtime_policy::person_rules(&self.db, ctx.company(), Some(running)).await?;
        let employer_size = self.employer_size(ctx, policy, &own_rules, local_date(tz, now)).await?;
        let calendar = policy.calendar(tz);
        let choices = policy.choices();
        let none = Vec::new();
        let spans =
            clock::store::worked_spans(&self.db, ctx.company(), Some(running), now - Duration::days(35), now, now)
                .await?;
        let mut result = HashMap::new();
        for (employee, mut shifts) in spans {
            shifts.retain(|shift| !shift.spans.is_empty());
            shifts.sort_by_key(|shift| shift.spans.first().map(|span| span.start));
            // The running shift is the one that started when the open shift did (found by its
            // start, not its place: stored shifts never overlap, but nothing here relies on it).
            let Some(&started) = started_at.get(&employee) else { continue };
            let Some(at_running) =
                shifts.iter().position(|shift| shift.spans.first().is_some_and(|span| span.start == started))
            else {
                continue;
            };
            let running_shift = shifts.remove(at_running);
            let before: Vec<overtime::Shift> = shifts
                .into_iter()
                .filter(|shift| shift.spans.first().is_some_and(|span| span.start < started))
                .collect();
            let mut lengths: Vec<Duration> = before
                .iter()
                .rev()
                .take(20)
                .filter_map(|shift| Some(shift.spans.last()?.end - shift.spans.first()?.start))
                .collect();
            lengths.sort();
            let usual_end = lengths.get(lengths.len() / 2).map(|length| started + *length);
            // The workweeks the running shift is in: the nine days before it decide them.
            let mut around: Vec<overtime::Shift> = before
                .iter()
                .filter(|shift| shift.spans.first().is_some_and(|span| span.start >= started - Duration::days(9)))
                .cloned()
                .collect();
            around.push(running_shift.clone());
            let at = around.len() - 1;
            let own = own_rules.get(&employee).unwrap_or(&none);
            let rules = |day: NaiveDate| rules_of_person(&choices, own, employer_size, day);
            let since = overtime::premium_since(&around, at, &calendar, rules);
            let expected_at = match (since, usual_end) {
                (None, Some(until)) if until > now => {
                    let last = running_shift.spans.iter().map(|span| span.end).max().unwrap_or(now).max(now);
                    let mut ran_on = running_shift.clone();
                    ran_on.spans.push(overtime::Span { start: last, end: until });
                    around.pop();
                    around.push(ran_on);
                    overtime::premium_since(&around, at, &calendar, rules).filter(|at| *at >= now)
                }
                _ => None,
            };
            result.insert(employee, OvertimeNow { since, expected_at, usual_end });
        }
        Ok(result)
    }

    /// Minutes by rate per person and workday of `start..=end`, for `employees` (`None`: the whole
    /// company). People with no time are left out.
    pub(crate) async fn hours_by_rate(
        &self,
        ctx: &TenantCtx,
        policy: &OvertimePolicy,
        employees: Option<&[UserId]>,
        start: NaiveDate,
        end: NaiveDate,
    ) -> Result<HashMap<UserId, BTreeMap<NaiveDate, Hours>>, TimesheetError> {
        let tz = ctx.time_zone();
        let now = clock::now();
        if employees.is_some_and(<[UserId]>::is_empty) {
            return Ok(HashMap::new());
        }
        let own_rules = clock::overtime_policy::person_rules(&self.db, ctx.company(), employees).await?;
        if policy.is_weekly_only() && own_rules.is_empty() {
            let days = clock::store::worked_minutes(
                &self.db,
                ctx.company(),
                employees,
                week_start(start),
                week_start(end) + Duration::days(6),
                Grouping::Day,
                tz,
                now,
            )
            .await?;
            let mut by_person: HashMap<UserId, BTreeMap<NaiveDate, i64>> = HashMap::new();
            for ((employee, day), worked) in days {
                by_person.entry(employee).or_default().insert(day, worked);
            }
            return Ok(by_person
                .into_iter()
                .map(|(employee, days)| {
                    let overtime = overtime_by_day(&days, policy.legacy_weekly_minutes);
                    let inside = days
                        .range(start..=end)
                        .map(|(day, worked)| {
                            let extra = overtime.get(day).copied().unwrap_or(0);
                            (*day, Hours { regular: worked - extra, overtime: extra, double_time: 0 })
                        })
                        .collect::<BTreeMap<_, _>>();
                    (employee, inside)
                })
                .filter(|(_, days)| !days.is_empty())
                .collect());
        }
        let mut result: HashMap<UserId, BTreeMap<NaiveDate, Hours>> = HashMap::new();
        self.each_classified_day(ctx, policy, &own_rules, employees, start, end, |employee, day, hours| {
            result.entry(employee).or_default().insert(day, hours);
        })
        .await?;
        Ok(result)
    }

    /// Each person's minutes by rate over `start..=end` under rules that are not weekly only (see
    /// [`Self::hours_by_rate`]), summed: what the reports and the dashboard need, without a map
    /// of every day.
    pub(crate) async fn totals_by_rate(
        &self,
        ctx: &TenantCtx,
        policy: &OvertimePolicy,
        employees: Option<&[UserId]>,
        start: NaiveDate,
        end: NaiveDate,
    ) -> Result<HashMap<UserId, Hours>, TimesheetError> {
        if employees.is_some_and(<[UserId]>::is_empty) {
            return Ok(HashMap::new());
        }
        let tz = ctx.time_zone();
        let own_rules = clock::overtime_policy::person_rules(&self.db, ctx.company(), employees).await?;
        let employer_size = self.employer_size(ctx, policy, &own_rules, end).await?;
        let calendar = policy.calendar(tz);
        let none = Vec::new();
        let stamp_of = |employee: UserId| {
            person_stamp(tz, &calendar, policy, own_rules.get(&employee).unwrap_or(&none), employer_size)
        };
        // A range kept for a person is current while the revisions of every week that reaches it
        // add up as they did, and no shift of theirs is running in it.
        let (first_week, last_week) = (week_start(start) - Duration::days(14), week_start(end) + Duration::days(7));
        let sums = clock::store::revision_sums(&self.db, ctx.company(), employees, first_week, last_week).await?;
        let running: HashSet<UserId> = clock::store::unsummed_days(
            &self.db,
            ctx.company(),
            employees,
            tz,
            first_week,
            last_week + Duration::days(6),
        )
        .await?
        .into_iter()
        .map(|(employee, _)| employee)
        .collect();
        let kept = classified_weeks::load_ranges(&self.db, ctx.company(), employees, start, end).await?;
        let mut result: HashMap<UserId, Hours> = HashMap::new();
        let mut stale: Vec<UserId> = Vec::new();
        let people: BTreeSet<UserId> = sums.keys().chain(running.iter()).copied().collect();
        for employee in people {
            match kept.get(&employee) {
                Some((stamp, revisions, hours))
                    if !running.contains(&employee)
                        && *stamp == stamp_of(employee)
                        && Some(revisions) == sums.get(&employee) =>
                {
                    result.insert(employee, *hours);
                }
                _ => stale.push(employee),
            }
        }
        if stale.is_empty() {
            return Ok(result);
        }
        let mut fresh: HashMap<UserId, Hours> = HashMap::new();
        self.each_classified_day(ctx, policy, &own_rules, Some(&stale), start, end, |employee, _, hours| {
            fresh.entry(employee).or_default().add(hours);
        })
        .await?;
        let keep: Vec<classified_weeks::FreshRange> = stale
            .iter()
            .filter(|employee| !running.contains(employee))
            .map(|employee| classified_weeks::FreshRange {
                employee: *employee,
                rules_stamp: stamp_of(*employee),
                revisions: sums.get(employee).copied().unwrap_or(0),
                hours: fresh.get(employee).copied().unwrap_or_default(),
            })
            .collect();
        classified_weeks::store_ranges(&self.db, ctx.company(), start, end, keep).await?;
        result.extend(fresh);
        Ok(result)
    }

    /// Every workday of `start..=end` with time worked, by rate, per person, handed to `sink`:
    /// classified weeks kept in `pay_hours_weeks` while current, the others classified (and kept).
    #[allow(clippy::too_many_arguments)]
    async fn each_classified_day(
        &self,
        ctx: &TenantCtx,
        policy: &OvertimePolicy,
        own_rules: &HashMap<UserId, Vec<clock::overtime_policy::PersonRules>>,
        employees: Option<&[UserId]>,
        start: NaiveDate,
        end: NaiveDate,
        mut sink: impl FnMut(UserId, NaiveDate, Hours),
    ) -> Result<(), TimesheetError> {
        let tz = ctx.time_zone();
        let now = clock::now();
        let employer_size = self.employer_size(ctx, policy, own_rules, end).await?;
        let calendar = policy.calendar(tz);
        let choices = policy.choices();
        let none = Vec::new();
        let stamp_of = |employee: UserId| {
            person_stamp(tz, &calendar, policy, own_rules.get(&employee).unwrap_or(&none), employer_size)
        };

        // Which weeks are current in the store, which must be classified (and kept, unless a
        // running shift reaches them).
        let (first_week, last_week) = (week_start(start), week_start(end));
        let reach = |week: NaiveDate| classified_weeks::REACHING_WEEKS.map(|offset| week + Duration::days(offset));
        let revisions = clock::store::week_revisions(
            &self.db,
            ctx.company(),
            employees,
            first_week - Duration::days(14),
            last_week + Duration::days(7),
        )
        .await?;
        let mut live: HashSet<(UserId, NaiveDate)> = HashSet::new();
        let running = clock::store::unsummed_days(
            &self.db,
            ctx.company(),
            employees,
            tz,
            first_week - Duration::days(14),
            last_week + Duration::days(13),
        )
        .await?;
        for (employee, day) in &running {
            for offset in [-7, 0, 7, 14] {
                live.insert((*employee, week_start(*day) + Duration::days(offset)));
            }
        }
        let people: BTreeSet<UserId> = revisions
            .keys()
            .map(|(employee, _)| *employee)
            .chain(running.iter().map(|(employee, _)| *employee))
            .collect();
        let mut stored = classified_weeks::load(&self.db, ctx.company(), employees, first_week, last_week).await?;
        let mut to_classify: HashMap<UserId, Vec<(NaiveDate, i64, i64)>> = HashMap::new();
        for employee in people {
            let rules_stamp = stamp_of(employee);
            for week in classified_weeks::weeks(first_week, last_week) {
                let reaching = reach(week);
                let is_live = live.contains(&(employee, week));
                if !is_live && !reaching.iter().any(|one| revisions.contains_key(&(employee, *one))) {
                    continue;
                }
                let sum: i64 = reaching.iter().filter_map(|one| revisions.get(&(employee, *one))).sum();
                match stored.remove(&(employee, week)) {
                    Some(kept) if !is_live && kept.rules_stamp == rules_stamp && kept.revisions == sum => {
                        for (day, hours) in kept.days.range(start..=end) {
                            sink(employee, *day, *hours);
                        }
                    }
                    _ => to_classify.entry(employee).or_default().push((week, rules_stamp, sum)),
                }
            }
        }

        if !to_classify.is_empty() {
            let stale: Vec<UserId> = to_classify.keys().copied().collect();
            let earliest = to_classify.values().flatten().map(|(week, _, _)| *week).min().unwrap_or(first_week);
            let latest = to_classify.values().flatten().map(|(week, _, _)| *week).max().unwrap_or(last_week);
            // Whole workweeks before the weeks (their earlier days decide the weeks' first days),
            // and the day after them (a workday that starts late in the evening runs into it).
            let from = start_of_day(tz, earliest - Duration::days(9));
            let to = start_of_day(tz, latest + Duration::days(9));
            let mut shifts = clock::store::worked_spans(&self.db, ctx.company(), Some(&stale), from, to, now).await?;
            let mut fresh = Vec::new();
            for (employee, weeks) in to_classify {
                let own = own_rules.get(&employee).unwrap_or(&none);
                let days = overtime::classify(&shifts.remove(&employee).unwrap_or_default(), &calendar, |day| {
                    rules_of_person(&choices, own, employer_size, day)
                });
                for (week, rules_stamp, revisions) in weeks {
                    let inside: BTreeMap<NaiveDate, Hours> = days
                        .range(week..week + Duration::days(7))
                        .map(|(day, hours)| (*day, *hours))
                        .filter(|(_, hours)| hours.worked() > 0)
                        .collect();
                    for (day, hours) in inside.range(start..=end) {
                        sink(employee, *day, *hours);
                    }
                    if !live.contains(&(employee, week)) {
                        fresh.push(classified_weeks::Fresh { employee, week, rules_stamp, revisions, days: inside });
                    }
                }
            }
            classified_weeks::store(&self.db, ctx.company(), fresh).await?;
        }
        Ok(())
    }

    /// `GET /timesheet/pay-hours`: `employee`'s (default: the caller's own) minutes by rate over
    /// `start..=end` (at most 400 days, in the product's years), under the company's overtime rules.
    pub async fn pay_hours(
        &self,
        ctx: &TenantCtx,
        employee: Option<i64>,
        start: NaiveDate,
        end: NaiveDate,
    ) -> Result<PayHoursView, TimesheetError> {
        crate::service::check_range(Some((start, end)))?;
        let employee = self.accounts.employee_in_scope(ctx, employee.map_or(ctx.actor(), UserId)).await?;
        let policy = self.overtime_policy(ctx).await?;
        let hours = self.hours_by_rate(ctx, &policy, Some(&[employee.id]), start, end).await?;
        // The person's own rule set when one is in force on the last day (someone working in
        // another state), else the company's.
        let own = clock::overtime_policy::person_rules(&self.db, ctx.company(), Some(&[employee.id])).await?;
        let own_set = own
            .get(&employee.id)
            .and_then(|versions| versions.iter().rev().find(|version| version.effective_from <= end))
            .and_then(|version| version.jurisdiction)
            .and_then(|jurisdiction| overtime::rule_set(jurisdiction, end));
        let rule_set = match own_set {
            Some(set) => RuleSetRef {
                id: set.id.code().to_owned(),
                name: set.name.to_owned(),
                citation: set.citation.to_owned(),
            },
            None => rule_set_ref(&policy, end),
        };
        let today = local_date(ctx.time_zone(), clock::now());
        let overtime_since = if (start..=end).contains(&today) {
            let open = clock::store::open_shift(&self.db, ctx.company(), employee.id).await?;
            let running: Vec<(UserId, DateTime<Utc>)> =
                open.map(|shift| (employee.id, shift.entry.start_at)).into_iter().collect();
            self.overtime_now(ctx, &policy, &running).await?.get(&employee.id).and_then(|now| now.since)
        } else {
            None
        };
        let days: Vec<PayDay> = hours
            .get(&employee.id)
            .map(|days| {
                days.iter()
                    .map(|(date, hours)| PayDay {
                        date: *date,
                        regular_minutes: hours.regular,
                        overtime_minutes: hours.overtime,
                        double_time_minutes: hours.double_time,
                    })
                    .collect()
            })
            .unwrap_or_default();
        Ok(PayHoursView {
            employee_id: employee.id.0,
            start,
            end,
            rule_set,
            regular_minutes: days.iter().map(|day| day.regular_minutes).sum(),
            overtime_minutes: days.iter().map(|day| day.overtime_minutes).sum(),
            double_time_minutes: days.iter().map(|day| day.double_time_minutes).sum(),
            days,
            overtime_since,
        })
    }

    async fn person_overtime_view(
        &self,
        ctx: &TenantCtx,
        employee: UserId,
    ) -> Result<PersonOvertimeView, TimesheetError> {
        let mut all = clock::overtime_policy::person_rules(&self.db, ctx.company(), Some(&[employee])).await?;
        Ok(PersonOvertimeView {
            employee_id: employee.0,
            versions: all
                .remove(&employee)
                .unwrap_or_default()
                .into_iter()
                .map(|rules| PersonRulesView {
                    effective_from: rules.effective_from,
                    jurisdiction: rules.jurisdiction.map(|one| one.code().to_owned()),
                    under_wage_line: rules.under_wage_line,
                    four_tens: rules.four_tens,
                })
                .collect(),
        })
    }

    /// `GET /settings/employee-overtime`: a person's own overtime rules (someone the caller
    /// reaches; anyone else is a 404).
    pub async fn person_overtime(&self, ctx: &ManagerCtx, employee: i64) -> Result<PersonOvertimeView, TimesheetError> {
        let person = self.accounts.employee_in_scope(ctx, UserId(employee)).await?;
        self.person_overtime_view(ctx, person.id).await
    }

    /// `POST /settings/update-employee-overtime`, admins only: a person's own overtime rules from
    /// a date on (the same date bounds as the company's rules; a version of the same date is
    /// replaced).
    pub async fn change_person_overtime(
        &self,
        ctx: &AdminCtx,
        employee: i64,
        change: &clock::overtime_policy::PersonRulesChange,
    ) -> Result<PersonOvertimeView, TimesheetError> {
        let person = self.accounts.employee_in_scope(ctx, UserId(employee)).await?;
        let now = clock::now();
        let since = clock::overtime_policy::company_since(&self.db, ctx.company(), ctx.time_zone()).await?;
        let rules = change
            .validate(since, kernel::time::local_date(ctx.time_zone(), now))
            .map_err(TimesheetError::Validation)?;
        clock::periods::refuse_rules_from(&self.db, ctx.company(), rules.effective_from).await?;
        let txn = kernel::begin_write(&self.db).await?;
        clock::overtime_policy::save_person_rules(&txn, ctx.company(), person.id, &rules, now).await?;
        let version = serde_json::json!({
            "effectiveFrom": rules.effective_from.to_string(),
            "jurisdiction": rules.jurisdiction,
            "underWageLine": rules.under_wage_line,
            "fourTens": rules.four_tens,
        });
        let entry = audit::Change::new(audit::Subject::Person, person.id.0, audit::Action::Updated)
            .about(person.id)
            .field("overtimeRules", serde_json::Value::Null, version);
        audit::record(&txn, ctx, entry).await?;
        txn.commit().await?;
        self.person_overtime_view(ctx, person.id).await
    }
}
