//! The company's overtime rules from a date on (issue 37): which rule set applies (a
//! jurisdiction's, from the `overtime` crate's data, or the company's own figures), the
//! workweek's first day and the workday's start hour. Each change is a version with the date it
//! takes effect; earlier weeks keep the rules they were worked under.
//!
//! A company that never chose has no version: its rules are the company's own weekly threshold of
//! the time settings (`custom`, Sunday weeks, midnight workdays), which is what Timekeep always
//! counted; [`OvertimePolicy::is_weekly_only`] lets readers keep their fast path for it.

use crate::entities::{employee_overtime_rules, overtime_policies};
use chrono::{DateTime, Datelike, Duration, NaiveDate, Utc, Weekday};
use kernel::{CompanyId, FieldErrors, UserId};
use overtime::{Calendar, Choice, Jurisdiction, Rules, WeekStart, WorkdayStart};
use sea_orm::sea_query::OnConflict;
use sea_orm::{ActiveValue::Set, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder};
use std::collections::HashMap;

/// The company's own thresholds (used when the jurisdiction is `custom`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CustomFigures {
    pub weekly_minutes: Option<i64>,
    pub daily_overtime_minutes: Option<i64>,
    pub daily_double_minutes: Option<i64>,
    pub overtime_percent: u32,
    pub double_percent: u32,
}

impl CustomFigures {
    /// A weekly threshold only, at 1.5× (what the time settings' weekly threshold means).
    pub fn weekly(minutes: i64) -> Self {
        CustomFigures {
            weekly_minutes: Some(minutes),
            daily_overtime_minutes: None,
            daily_double_minutes: None,
            overtime_percent: 150,
            double_percent: 200,
        }
    }

    pub fn rules(&self) -> Rules {
        Rules::custom(
            self.weekly_minutes,
            self.daily_overtime_minutes,
            self.daily_double_minutes,
            self.overtime_percent,
            self.double_percent,
        )
    }
}

/// One version of the company's overtime rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PolicyVersion {
    pub effective_from: NaiveDate,
    pub jurisdiction: Jurisdiction,
    pub workweek_first_day: Weekday,
    pub workday_start_hour: u32,
    pub custom: CustomFigures,
}

/// Every version of a company's overtime rules, oldest first, and the weekly threshold of its time
/// settings (the rules before the first version).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OvertimePolicy {
    pub versions: Vec<PolicyVersion>,
    pub legacy_weekly_minutes: i64,
}

impl OvertimePolicy {
    /// The rules before any choice: the time settings' weekly threshold, Sunday weeks, midnight.
    fn legacy(&self) -> PolicyVersion {
        PolicyVersion {
            effective_from: NaiveDate::MIN,
            jurisdiction: Jurisdiction::Custom,
            workweek_first_day: Weekday::Sun,
            workday_start_hour: 0,
            custom: CustomFigures::weekly(self.legacy_weekly_minutes),
        }
    }

    /// Whether every week is counted by the weekly threshold of the time settings alone (the
    /// company never chose other rules).
    pub fn is_weekly_only(&self) -> bool {
        self.versions.is_empty()
    }

    /// The version in force on `day`.
    pub fn in_force(&self, day: NaiveDate) -> PolicyVersion {
        self.versions
            .iter()
            .rev()
            .find(|version| version.effective_from <= day)
            .copied()
            .unwrap_or_else(|| self.legacy())
    }

    /// The versions as the classifier's choices (the legacy rules first).
    pub fn choices(&self) -> Vec<Choice> {
        std::iter::once(self.legacy())
            .chain(self.versions.iter().copied())
            .map(|version| Choice {
                from: version.effective_from,
                jurisdiction: version.jurisdiction,
                custom: version.custom.rules(),
            })
            .collect()
    }

    /// Days and weeks as the classifier cuts them: each version's workweek and workday start from
    /// its date (midnight workdays and Sunday weeks before the first).
    pub fn calendar(&self, time_zone: chrono_tz::Tz) -> Calendar {
        let mut weeks = vec![WeekStart { from: NaiveDate::MIN, first_day: Weekday::Sun }];
        for version in &self.versions {
            if weeks.last().is_some_and(|last| last.first_day != version.workweek_first_day) {
                weeks.push(WeekStart { from: version.effective_from, first_day: version.workweek_first_day });
            }
        }
        let mut workday_changes: Vec<WorkdayStart> = Vec::new();
        for version in &self.versions {
            let current = workday_changes.last().map_or(0, |change| change.minutes);
            if current != version.workday_start_hour * 60 {
                workday_changes
                    .push(WorkdayStart { from: version.effective_from, minutes: version.workday_start_hour * 60 });
            }
        }
        Calendar { time_zone, workday_start_minutes: 0, workday_changes, weeks }
    }
}

/// 0 = Sunday … 6 = Saturday.
fn sunday_based(number: i16) -> Weekday {
    match number.rem_euclid(7) {
        1 => Weekday::Mon,
        2 => Weekday::Tue,
        3 => Weekday::Wed,
        4 => Weekday::Thu,
        5 => Weekday::Fri,
        6 => Weekday::Sat,
        _ => Weekday::Sun,
    }
}

fn minutes(value: Option<i32>) -> Option<i64> {
    value.map(i64::from)
}

/// The company's versions, oldest first.
pub async fn load(
    db: &impl ConnectionTrait,
    company: CompanyId,
    legacy_weekly_minutes: i64,
) -> Result<OvertimePolicy, DbErr> {
    let rows = overtime_policies::Entity::find()
        .filter(kernel::tenancy::same_company::<overtime_policies::Entity>(company))
        .order_by_asc(overtime_policies::Column::EffectiveFrom)
        .all(db)
        .await?;
    let versions = rows
        .into_iter()
        .map(|row| PolicyVersion {
            effective_from: row.effective_from,
            jurisdiction: Jurisdiction::from_code(&row.jurisdiction).unwrap_or(Jurisdiction::Custom),
            workweek_first_day: sunday_based(row.workweek_first_day),
            workday_start_hour: u32::try_from(row.workday_start_hour).unwrap_or(0).min(23),
            custom: CustomFigures {
                weekly_minutes: minutes(row.weekly_minutes),
                daily_overtime_minutes: minutes(row.daily_overtime_minutes),
                daily_double_minutes: minutes(row.daily_double_minutes),
                overtime_percent: u32::try_from(row.overtime_percent).unwrap_or(150),
                double_percent: u32::try_from(row.double_percent).unwrap_or(200),
            },
        })
        .collect();
    Ok(OvertimePolicy { versions, legacy_weekly_minutes })
}

/// Saves a version (one for the same date is replaced).
pub async fn save(
    db: &impl ConnectionTrait,
    company: CompanyId,
    version: &PolicyVersion,
    now: DateTime<Utc>,
) -> Result<(), DbErr> {
    use overtime_policies::Column;
    let small = |value: i64| i32::try_from(value).unwrap_or(i32::MAX);
    overtime_policies::Entity::insert(overtime_policies::ActiveModel {
        company_id: Set(company),
        effective_from: Set(version.effective_from),
        jurisdiction: Set(version.jurisdiction.code().to_owned()),
        workweek_first_day: Set(i16::try_from(version.workweek_first_day.num_days_from_sunday()).unwrap_or(0)),
        workday_start_hour: Set(i16::try_from(version.workday_start_hour).unwrap_or(0)),
        weekly_minutes: Set(version.custom.weekly_minutes.map(small)),
        daily_overtime_minutes: Set(version.custom.daily_overtime_minutes.map(small)),
        daily_double_minutes: Set(version.custom.daily_double_minutes.map(small)),
        overtime_percent: Set(small(i64::from(version.custom.overtime_percent))),
        double_percent: Set(small(i64::from(version.custom.double_percent))),
        updated_at: Set(now),
        ..Default::default()
    })
    .on_conflict(
        OnConflict::columns([Column::CompanyId, Column::EffectiveFrom])
            .update_columns([
                Column::Jurisdiction,
                Column::WorkweekFirstDay,
                Column::WorkdayStartHour,
                Column::WeeklyMinutes,
                Column::DailyOvertimeMinutes,
                Column::DailyDoubleMinutes,
                Column::OvertimePercent,
                Column::DoublePercent,
                Column::UpdatedAt,
            ])
            .to_owned(),
    )
    .exec_without_returning(db)
    .await
    .map(|_| ())
}

/// A change of the overtime rules as sent.
#[derive(Debug, Clone, Default)]
pub struct PolicyChange {
    pub effective_from: String,
    pub jurisdiction: String,
    /// 0 = Sunday … 6 = Saturday.
    pub workweek_first_day: i64,
    pub workday_start_hour: i64,
    pub weekly_minutes: Option<i64>,
    pub daily_overtime_minutes: Option<i64>,
    pub daily_double_minutes: Option<i64>,
    pub overtime_percent: Option<i64>,
    pub double_percent: Option<i64>,
}

impl PolicyChange {
    /// The version this change makes, for a company that exists since `created` and whose today
    /// is `today`; or each field's problem.
    pub fn validate(&self, created: NaiveDate, today: NaiveDate) -> Result<PolicyVersion, FieldErrors> {
        let mut errors = FieldErrors::new();
        let effective_from = match kernel::validation::date_field(
            &mut errors,
            "effectiveFrom",
            &self.effective_from,
            "Please enter a date as YYYY-MM-DD",
        ) {
            Some(date) if date < created => {
                errors.add(
                    "effectiveFrom",
                    "The rules cannot apply before the company existed (its sign-up or first shift)",
                );
                None
            }
            Some(date) if date > today + Duration::days(366) => {
                errors.add("effectiveFrom", "Please choose a date within a year from today");
                None
            }
            date => date,
        };
        let jurisdiction = Jurisdiction::from_code(self.jurisdiction.trim());
        if jurisdiction.is_none() {
            errors.add("jurisdiction", "Please choose one of the rule sets offered");
        }
        if !(0..=6).contains(&self.workweek_first_day) {
            errors.add("workweekFirstDay", "Please choose a day from Sunday (0) to Saturday (6)");
        }
        if !(0..=23).contains(&self.workday_start_hour) {
            errors.add("workdayStartHour", "Please choose an hour from 0 to 23");
        }
        let custom = if jurisdiction == Some(Jurisdiction::Custom) {
            let mut within = |field: &str, value: Option<i64>, low: i64, high: i64, message: &str| {
                if value.is_some_and(|value| !(low..=high).contains(&value)) {
                    errors.add(field, message);
                }
            };
            within("weeklyMinutes", self.weekly_minutes, 60, 168 * 60, "A weekly threshold is 1 to 168 hours");
            within(
                "dailyOvertimeMinutes",
                self.daily_overtime_minutes,
                60,
                24 * 60,
                "A daily threshold is 1 to 24 hours",
            );
            within("dailyDoubleMinutes", self.daily_double_minutes, 60, 24 * 60, "A daily threshold is 1 to 24 hours");
            within("overtimePercent", self.overtime_percent, 100, 300, "A multiplier is 1 to 3 (100 to 300 %)");
            within("doublePercent", self.double_percent, 100, 300, "A multiplier is 1 to 3 (100 to 300 %)");
            if let (Some(overtime), Some(double)) = (self.daily_overtime_minutes, self.daily_double_minutes) {
                if double <= overtime {
                    errors.add("dailyDoubleMinutes", "Double time starts after daily overtime");
                }
            }
            if self.weekly_minutes.is_none()
                && self.daily_overtime_minutes.is_none()
                && self.daily_double_minutes.is_none()
            {
                errors.add("weeklyMinutes", "Please give a weekly or a daily threshold");
            }
            CustomFigures {
                weekly_minutes: self.weekly_minutes,
                daily_overtime_minutes: self.daily_overtime_minutes,
                daily_double_minutes: self.daily_double_minutes,
                overtime_percent: u32::try_from(self.overtime_percent.unwrap_or(150)).unwrap_or(150),
                double_percent: u32::try_from(self.double_percent.unwrap_or(200)).unwrap_or(200),
            }
        } else {
            CustomFigures::weekly(40 * 60)
        };
        match (effective_from, jurisdiction) {
            (Some(effective_from), Some(jurisdiction)) if errors.is_empty() => Ok(PolicyVersion {
                effective_from,
                jurisdiction,
                workweek_first_day: sunday_based(i16::try_from(self.workweek_first_day).unwrap_or(0)),
                workday_start_hour: u32::try_from(self.workday_start_hour).unwrap_or(0),
                custom,
            }),
            _ => Err(errors),
        }
    }
}

/// A person's own overtime facts from a date on: another rule set than the company's (someone
/// working in another state; `None`: the company's), and Nevada's per-person facts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PersonRules {
    pub effective_from: NaiveDate,
    pub jurisdiction: Option<Jurisdiction>,
    pub under_wage_line: bool,
    pub four_tens: bool,
}

/// Each person's own rules (of `employees`, or everyone in the company), oldest first.
pub async fn person_rules(
    db: &impl ConnectionTrait,
    company: CompanyId,
    employees: Option<&[UserId]>,
) -> Result<HashMap<UserId, Vec<PersonRules>>, DbErr> {
    let mut query = employee_overtime_rules::Entity::find()
        .filter(kernel::tenancy::same_company::<employee_overtime_rules::Entity>(company))
        .order_by_asc(employee_overtime_rules::Column::EffectiveFrom);
    if let Some(employees) = employees {
        if employees.len() <= 500 {
            query = query.filter(employee_overtime_rules::Column::EmployeeId.is_in(employees.iter().copied()));
        }
    }
    let mut rules: HashMap<UserId, Vec<PersonRules>> = HashMap::new();
    for row in query.all(db).await? {
        rules.entry(row.employee_id).or_default().push(PersonRules {
            effective_from: row.effective_from,
            jurisdiction: row.jurisdiction.as_deref().and_then(Jurisdiction::from_code),
            under_wage_line: row.under_wage_line,
            four_tens: row.four_tens,
        });
    }
    Ok(rules)
}

/// Saves a person's own rules from a date on (a version of the same date is replaced). The
/// caller has checked the person is in the company and within its reach.
pub async fn save_person_rules(
    db: &impl ConnectionTrait,
    company: CompanyId,
    employee: UserId,
    rules: &PersonRules,
    now: DateTime<Utc>,
) -> Result<(), DbErr> {
    use employee_overtime_rules::Column;
    employee_overtime_rules::Entity::insert(employee_overtime_rules::ActiveModel {
        company_id: Set(company),
        employee_id: Set(employee),
        effective_from: Set(rules.effective_from),
        jurisdiction: Set(rules.jurisdiction.map(|one| one.code().to_owned())),
        under_wage_line: Set(rules.under_wage_line),
        four_tens: Set(rules.four_tens),
        updated_at: Set(now),
        ..Default::default()
    })
    .on_conflict(
        OnConflict::columns([Column::EmployeeId, Column::EffectiveFrom])
            .update_columns([Column::Jurisdiction, Column::UnderWageLine, Column::FourTens, Column::UpdatedAt])
            .to_owned(),
    )
    .exec_without_returning(db)
    .await
    .map(|_| ())
}

/// A change of a person's own rules as sent.
#[derive(Debug, Clone, Default)]
pub struct PersonRulesChange {
    pub effective_from: String,
    /// Empty or absent: the company's rules.
    pub jurisdiction: Option<String>,
    pub under_wage_line: bool,
    pub four_tens: bool,
}

impl PersonRulesChange {
    /// The version this change makes (the same date bounds as the company's rules).
    pub fn validate(&self, created: NaiveDate, today: NaiveDate) -> Result<PersonRules, FieldErrors> {
        let mut errors = FieldErrors::new();
        let effective_from = kernel::validation::date_field(
            &mut errors,
            "effectiveFrom",
            &self.effective_from,
            "Please enter a date as YYYY-MM-DD",
        );
        match effective_from {
            Some(date) if date < created => errors
                .add("effectiveFrom", "The rules cannot apply before the company existed (its sign-up or first shift)"),
            Some(date) if date > today + Duration::days(366) => {
                errors.add("effectiveFrom", "Please choose a date within a year from today")
            }
            _ => {}
        }
        let jurisdiction = match self.jurisdiction.as_deref().map(str::trim).filter(|code| !code.is_empty()) {
            None => None,
            Some(code) => match Jurisdiction::from_code(code).filter(|one| *one != Jurisdiction::Custom) {
                Some(one) => Some(one),
                None => {
                    errors.add("jurisdiction", "Please choose one of the rule sets offered, or the company's");
                    None
                }
            },
        };
        match effective_from {
            Some(effective_from) if errors.is_empty() => Ok(PersonRules {
                effective_from,
                jurisdiction,
                under_wage_line: self.under_wage_line,
                four_tens: self.four_tens,
            }),
            _ => Err(errors),
        }
    }
}

/// The company's first day, the earliest date its overtime rules may take effect: its sign-up or
/// its first recorded shift, whichever is earlier (time worked before sign-up and entered
/// afterwards is paid by the rules too).
pub async fn company_since(
    db: &impl ConnectionTrait,
    company: CompanyId,
    tz: chrono_tz::Tz,
) -> Result<NaiveDate, DbErr> {
    let signed_up = accounts::people::read::company(db, company)
        .await?
        .map_or(NaiveDate::MIN, |company| kernel::time::local_date(tz, company.created_at));
    let first_shift = crate::store::first_shift_start(db, company).await?;
    Ok(first_shift.map_or(signed_up, |start| signed_up.min(kernel::time::local_date(tz, start))))
}

/// A weekday as the API numbers it (0 = Sunday).
pub fn day_number(day: Weekday) -> u32 {
    day.num_days_from_sunday()
}

/// The first day of the workweek holding `date` under `first_day`.
pub fn workweek_start(date: NaiveDate, first_day: Weekday) -> NaiveDate {
    let back = (7 + date.weekday().num_days_from_sunday() - first_day.num_days_from_sunday()) % 7;
    date - Duration::days(i64::from(back))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn change() -> PolicyChange {
        PolicyChange {
            effective_from: "2026-11-01".into(),
            jurisdiction: "us-ca".into(),
            workweek_first_day: 0,
            workday_start_hour: 0,
            ..PolicyChange::default()
        }
    }

    fn day(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap_or_default()
    }

    #[test]
    fn bad_values_name_their_field() {
        let created = day(2026, 1, 1);
        let today = day(2026, 11, 29);
        assert!(change().validate(created, today).is_ok());
        let fails = |change: PolicyChange, field: &str| {
            change.validate(created, today).err().is_some_and(|errors| errors.has(field))
        };
        assert!(fails(PolicyChange { jurisdiction: "us-pr".into(), ..change() }, "jurisdiction"));
        assert!(fails(PolicyChange { effective_from: "2025-12-31".into(), ..change() }, "effectiveFrom"));
        assert!(fails(PolicyChange { effective_from: "2028-01-01".into(), ..change() }, "effectiveFrom"));
        assert!(fails(PolicyChange { workweek_first_day: 7, ..change() }, "workweekFirstDay"));
        assert!(fails(PolicyChange { workday_start_hour: 24, ..change() }, "workdayStartHour"));
        let custom = PolicyChange { jurisdiction: "custom".into(), weekly_minutes: Some(169 * 60), ..change() };
        assert!(fails(custom, "weeklyMinutes"));
        let custom = PolicyChange {
            jurisdiction: "custom".into(),
            daily_overtime_minutes: Some(0),
            overtime_percent: Some(301),
            ..change()
        };
        assert!(fails(custom.clone(), "dailyOvertimeMinutes") && fails(custom, "overtimePercent"));
    }

    #[test]
    fn the_calendar_follows_each_workweek_change() {
        let version = |from: NaiveDate, first_day: Weekday| PolicyVersion {
            effective_from: from,
            jurisdiction: Jurisdiction::UsCa,
            workweek_first_day: first_day,
            workday_start_hour: 6,
            custom: CustomFigures::weekly(2400),
        };
        let policy = OvertimePolicy {
            versions: vec![version(day(2026, 1, 1), Weekday::Sun), version(day(2026, 6, 3), Weekday::Wed)],
            legacy_weekly_minutes: 2400,
        };
        let calendar = policy.calendar(chrono_tz::America::Los_Angeles);
        assert_eq!(calendar.workday_start_on(day(2025, 12, 31)), 0);
        assert_eq!(calendar.workday_start_on(day(2026, 6, 3)), 360);
        assert_eq!(calendar.weeks.len(), 2);
        assert_eq!(policy.in_force(day(2025, 12, 31)).jurisdiction, Jurisdiction::Custom);
        assert_eq!(policy.choices().len(), 3);
        assert_eq!(workweek_start(day(2026, 11, 29), Weekday::Wed), day(2026, 11, 25));
    }
}
