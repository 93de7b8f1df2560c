//! Paid holidays (002 §2 "Paid holidays", §3, §5, §7 "Holidays", §9) and each employee's hours
//! for them (001 §2 holidays dock, §3 "Holiday hours").
//!
//! - A holiday is a day the company pays everyone for: 8 hours each (002 §9), unless an admin
//!   sets someone's hours for it (a part-timer's 4). Only the differences are stored, in minutes.
//! - Years offered are the company's current year −1 to +3 (002 §9); a holiday's year is the year
//!   of its date (002 §5). One holiday a day per company.
//! - Everyone in the company reads the holidays (the calendar and time-off requests show them);
//!   admins add, edit and delete them and set someone else's hours (nobody sets their own pay,
//!   as nobody adds time off to their own balance). An employee's hours are read by the people
//!   whose reach includes them.
//! - Deleting keeps the row, marked with who deleted it and when: past pay that counted the
//!   holiday keeps a record of why it no longer shows.
//! - Default holidays are the eleven US federal holidays of 5 U.S.C. 6103(a), on the days the
//!   Office of Personnel Management observes them: one on a Saturday is observed the Friday
//!   before, one on a Sunday the Monday after (5 U.S.C. 6103(b), Executive Order 11582). A year's
//!   defaults are those observed in that year, so when New Year's Day falls on a Saturday its
//!   observed Friday (December 31) is among the previous year's defaults. Juneteenth counts
//!   from 2021, when it became a federal holiday.

use crate::entities::{employee_holiday_hours as hours_rows, paid_holidays as holidays};
use crate::{Pto, PtoError};
use chrono::{Datelike, Duration, NaiveDate, Utc, Weekday};
use kernel::validation::lenient_i64;
use kernel::{AdminCtx, FieldErrors, HolidayId, TenantCtx, UserId};
use pto_engine::Hours;
use sea_orm::{ActiveModelTrait, ActiveValue::Set, ColumnTrait, EntityTrait, QueryFilter, QueryOrder, SqlErr};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

pub const NAME_MISSING: &str = "Please input the Holiday name";
pub const DATE_MISSING: &str = "Please input the Holiday date";
pub const DATE_INVALID: &str = "Please input the Holiday date as YYYY-MM-DD";
pub const DAY_TAKEN: &str = "There is already a paid holiday on this date";
pub const HOURS_INVALID: &str = "Please input the hours, from 0 to 24 with at most two decimals";
pub const OWN_HOURS: &str = "Nobody changes their own holiday hours";
pub const UNKNOWN_HOLIDAY: &str = "Please choose a paid holiday of your company";

/// What everyone is paid for a holiday (002 §9).
pub const HOLIDAY_MINUTES: i32 = 8 * 60;
const MAX_NAME_CHARS: usize = 100;
const MAX_HOURS: i64 = 24;

/// The years the screens offer around the company's current year (002 §9).
pub fn holiday_years(current: i32) -> std::ops::RangeInclusive<i32> {
    current - 1..=current + 3
}

fn years_message(current: i32) -> String {
    let years = holiday_years(current);
    format!("Please choose a year from {} to {}", years.start(), years.end())
}

/// A paid holiday (002 §3).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PaidHoliday {
    pub id: i64,
    pub name: String,
    /// YYYY-MM-DD.
    #[cfg_attr(feature = "openapi", schema(value_type = String, format = Date))]
    pub holiday: NaiveDate,
    pub year: i32,
}

impl From<holidays::Model> for PaidHoliday {
    fn from(row: holidays::Model) -> Self {
        PaidHoliday { id: row.id.0, name: row.name, holiday: row.holiday, year: row.year }
    }
}

/// A year's holidays and the years the screens offer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct HolidayList {
    pub year: i32,
    /// The company's current year −1 to +3.
    pub years: Vec<i32>,
    /// By date.
    pub holidays: Vec<PaidHoliday>,
}

/// `POST /holiday/add`: adds a holiday without `id`, edits the one with it.
#[derive(Debug, Clone, Default, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default)]
pub struct HolidayInput {
    #[serde(deserialize_with = "lenient_i64")]
    pub id: Option<i64>,
    pub name: Option<String>,
    /// YYYY-MM-DD (a time after it is ignored).
    pub holiday: Option<String>,
}

/// A validated holiday form.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HolidayCommand {
    pub id: Option<HolidayId>,
    pub name: String,
    pub holiday: NaiveDate,
}

/// A date the screens send: `YYYY-MM-DD`, possibly followed by a time.
fn parse_day(text: &str) -> Option<NaiveDate> {
    let text = text.trim();
    let day = text.get(..10)?;
    let rest = &text[10..];
    if !(rest.is_empty() || rest.starts_with('T') || rest.starts_with(' ')) {
        return None;
    }
    NaiveDate::parse_from_str(day, "%Y-%m-%d").ok()
}

impl HolidayCommand {
    /// Checks the form; `current_year` is the company's, for the years a date may be in.
    pub fn parse(input: &HolidayInput, current_year: i32) -> Result<Self, FieldErrors> {
        let mut errors = FieldErrors::new();
        let name = input.name.as_deref().map(str::trim).unwrap_or_default().to_owned();
        if name.is_empty() {
            errors.add("name", NAME_MISSING);
        } else if name.chars().count() > MAX_NAME_CHARS {
            errors.add("name", format!("Please use at most {MAX_NAME_CHARS} characters"));
        }
        let text = input.holiday.as_deref().map(str::trim).unwrap_or_default();
        let holiday = if text.is_empty() {
            errors.add("holiday", DATE_MISSING);
            None
        } else {
            match parse_day(text) {
                None => {
                    errors.add("holiday", DATE_INVALID);
                    None
                }
                Some(day) if !holiday_years(current_year).contains(&day.year()) => {
                    errors.add("holiday", years_message(current_year));
                    None
                }
                Some(day) => Some(day),
            }
        };
        let command = HolidayCommand {
            id: input.id.filter(|id| *id > 0).map(HolidayId),
            name,
            holiday: holiday.unwrap_or_default(),
        };
        errors.into_result(command)
    }
}

/// An employee's pay for one holiday (001 §3 "Holiday hours").
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct HolidayHours {
    pub holiday_id: i64,
    pub name: String,
    /// YYYY-MM-DD.
    #[cfg_attr(feature = "openapi", schema(value_type = String, format = Date))]
    pub holiday: NaiveDate,
    /// Hours, two decimals at most (8 unless set).
    pub hours: f64,
}

/// An employee's holidays of a year with their hours.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct EmployeeHolidays {
    pub employee_id: i64,
    pub year: i32,
    pub holidays: Vec<HolidayHours>,
    /// The year's holiday hours together.
    pub total_hours: f64,
}

/// Minutes as hours with two decimals.
fn hours_of(minutes: i64) -> f64 {
    ((minutes as f64) * 100.0 / 60.0).round() / 100.0
}

/// `POST /holiday/save-employee-holidays`.
#[derive(Debug, Clone, Default, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default, rename_all = "camelCase")]
pub struct EmployeeHolidaysInput {
    #[serde(deserialize_with = "lenient_i64")]
    pub employee_id: Option<i64>,
    /// The year whose list comes back; the company's current year when left out.
    pub year: Option<i32>,
    pub holidays: Vec<HolidayHoursInput>,
}

#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default, rename_all = "camelCase")]
pub struct HolidayHoursInput {
    #[serde(deserialize_with = "lenient_i64")]
    pub holiday_id: Option<i64>,
    /// Hours (0 to 24, two decimals at most), as a number or a text.
    #[serde(deserialize_with = "crate::types::hours_text")]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<f64>))]
    pub hours: Option<String>,
}

/// A validated holidays dock.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EmployeeHolidaysCommand {
    pub employee: UserId,
    pub year: Option<i32>,
    /// Holiday → minutes.
    pub minutes: Vec<(HolidayId, i32)>,
}

impl EmployeeHolidaysCommand {
    pub fn parse(input: &EmployeeHolidaysInput) -> Result<Self, FieldErrors> {
        let mut errors = FieldErrors::new();
        let employee = input.employee_id.filter(|id| *id > 0);
        if employee.is_none() {
            errors.add("employeeId", "Please choose the employee");
        }
        let mut minutes = Vec::with_capacity(input.holidays.len());
        for (index, item) in input.holidays.iter().enumerate() {
            let Some(holiday) = item.holiday_id.filter(|id| *id > 0).map(HolidayId) else {
                errors.add(&format!("holidays[{index}].holidayId"), UNKNOWN_HOLIDAY);
                continue;
            };
            if minutes.iter().any(|(seen, _)| *seen == holiday) {
                errors.add(&format!("holidays[{index}].holidayId"), "Each holiday may be listed once");
                continue;
            }
            let hours = item
                .hours
                .as_deref()
                .and_then(Hours::parse)
                .filter(|hours| (0..=Hours::whole(MAX_HOURS).centi()).contains(&hours.centi()));
            match hours {
                // Hundredths of an hour to whole minutes (0.01 h is 0.6 min): the nearest minute.
                Some(hours) => minutes.push((holiday, ((hours.centi() * 60 + 50) / 100) as i32)),
                None => errors.add(&format!("holidays[{index}].hours"), HOURS_INVALID),
            }
        }
        errors.into_result(EmployeeHolidaysCommand {
            employee: UserId(employee.unwrap_or_default()),
            year: input.year,
            minutes,
        })
    }
}

/// Another request wrote the same row first (two admins at once): answered, never a 500.
fn is_unique_violation(err: &sea_orm::DbErr) -> bool {
    matches!(err.sql_err(), Some(SqlErr::UniqueConstraintViolation(_)))
}

pub const CHANGED_MEANWHILE: &str = "Someone changed these holiday hours at the same time. Please try again.";

/// The n-th `weekday` of a month (1-based).
fn nth_weekday(year: i32, month: u32, weekday: Weekday, n: u8) -> Option<NaiveDate> {
    NaiveDate::from_weekday_of_month_opt(year, month, weekday, n)
}

/// The last `weekday` of a month.
fn last_weekday(year: i32, month: u32, weekday: Weekday) -> Option<NaiveDate> {
    let next_month = if month == 12 {
        NaiveDate::from_ymd_opt(year + 1, 1, 1)?
    } else {
        NaiveDate::from_ymd_opt(year, month + 1, 1)?
    };
    let last = next_month.pred_opt()?;
    let back = (7 + last.weekday().num_days_from_monday() - weekday.num_days_from_monday()) % 7;
    Some(last - Duration::days(i64::from(back)))
}

/// The day a fixed-date holiday is observed: Saturday's on Friday, Sunday's on Monday.
fn observed(day: NaiveDate) -> NaiveDate {
    match day.weekday() {
        Weekday::Sat => day - Duration::days(1),
        Weekday::Sun => day + Duration::days(1),
        _ => day,
    }
}

/// The US federal holidays of `year` as observed, each with its name, by date (see the module's
/// docs for the rules).
pub fn us_federal_holidays(year: i32) -> Vec<(String, NaiveDate)> {
    let fixed = |calendar_year: i32, month: u32, day: u32, name: &str| {
        let date = NaiveDate::from_ymd_opt(calendar_year, month, day)?;
        let day_off = observed(date);
        let name = if day_off == date { name.to_owned() } else { format!("{name} (observed)") };
        Some((name, day_off))
    };
    let candidates = [
        fixed(year, 1, 1, "New Year's Day"),
        nth_weekday(year, 1, Weekday::Mon, 3).map(|day| ("Martin Luther King Jr. Day".to_owned(), day)),
        nth_weekday(year, 2, Weekday::Mon, 3).map(|day| ("Presidents' Day".to_owned(), day)),
        last_weekday(year, 5, Weekday::Mon).map(|day| ("Memorial Day".to_owned(), day)),
        if year >= 2021 { fixed(year, 6, 19, "Juneteenth") } else { None },
        fixed(year, 7, 4, "Independence Day"),
        nth_weekday(year, 9, Weekday::Mon, 1).map(|day| ("Labor Day".to_owned(), day)),
        nth_weekday(year, 10, Weekday::Mon, 2).map(|day| ("Columbus Day".to_owned(), day)),
        fixed(year, 11, 11, "Veterans Day"),
        nth_weekday(year, 11, Weekday::Thu, 4).map(|day| ("Thanksgiving Day".to_owned(), day)),
        fixed(year, 12, 25, "Christmas Day"),
        // Next year's New Year's Day on a Saturday is observed on this year's December 31.
        fixed(year + 1, 1, 1, "New Year's Day"),
    ];
    let mut days: Vec<(String, NaiveDate)> =
        candidates.into_iter().flatten().filter(|(_, day)| day.year() == year).collect();
    days.sort_by_key(|(_, day)| *day);
    days
}

impl Pto {
    /// A year the screens may ask for, or the field error.
    fn offered_year(&self, ctx: &TenantCtx, year: Option<i32>) -> Result<i32, PtoError> {
        let current = self.this_year(ctx);
        match year {
            None => Ok(current),
            Some(year) if holiday_years(current).contains(&year) => Ok(year),
            Some(_) => Err(PtoError::field("year", years_message(current))),
        }
    }

    async fn holiday_rows(&self, ctx: &TenantCtx, year: i32) -> Result<Vec<holidays::Model>, PtoError> {
        Ok(holidays::Entity::find()
            .filter(kernel::tenancy::same_company::<holidays::Entity>(ctx.company()))
            .filter(holidays::Column::DeletedAt.is_null())
            .filter(holidays::Column::Year.eq(year))
            .order_by_asc(holidays::Column::Holiday)
            .all(&self.db)
            .await?)
    }

    async fn holiday_row(&self, ctx: &TenantCtx, id: HolidayId) -> Result<holidays::Model, PtoError> {
        holidays::Entity::find_by_id(id)
            .filter(kernel::tenancy::same_company::<holidays::Entity>(ctx.company()))
            .filter(holidays::Column::DeletedAt.is_null())
            .one(&self.db)
            .await?
            .ok_or(PtoError::NotFound)
    }

    /// `GET /holiday/list`: a year's holidays (the company's current year when `year` is left out).
    pub async fn holidays(&self, ctx: &TenantCtx, year: Option<i32>) -> Result<HolidayList, PtoError> {
        let year = self.offered_year(ctx, year)?;
        let holidays = self.holiday_rows(ctx, year).await?.into_iter().map(PaidHoliday::from).collect();
        Ok(HolidayList { year, years: holiday_years(self.this_year(ctx)).collect(), holidays })
    }

    /// Holidays between two days (both included), by date: what time-off requests, the calendar
    /// and reports read.
    pub async fn holidays_between(
        &self,
        ctx: &TenantCtx,
        first: NaiveDate,
        last: NaiveDate,
    ) -> Result<Vec<PaidHoliday>, PtoError> {
        Ok(holidays::Entity::find()
            .filter(kernel::tenancy::same_company::<holidays::Entity>(ctx.company()))
            .filter(holidays::Column::DeletedAt.is_null())
            .filter(holidays::Column::Holiday.between(first, last))
            .order_by_asc(holidays::Column::Holiday)
            .all(&self.db)
            .await?
            .into_iter()
            .map(PaidHoliday::from)
            .collect())
    }

    /// `GET /holiday/get`.
    pub async fn holiday(&self, ctx: &TenantCtx, id: HolidayId) -> Result<PaidHoliday, PtoError> {
        Ok(self.holiday_row(ctx, id).await?.into())
    }

    /// `POST /holiday/add`: adds or edits a holiday (a day taken already is refused, and the
    /// transaction, which PostgreSQL aborted at the refused row, is dropped unwritten).
    pub async fn save_holiday(&self, ctx: &AdminCtx, command: HolidayCommand) -> Result<PaidHoliday, PtoError> {
        let existing = match command.id {
            Some(id) => Some(self.holiday_row(ctx, id).await?),
            None => None,
        };
        // A holiday pays its day: none is added to, moved out of or into a closed pay period.
        for day in existing.iter().map(|row| row.holiday).chain([command.holiday]) {
            PtoError::refuse_closed_days(&self.db, ctx.company(), day, day).await?;
        }
        let now = Utc::now();
        let _permit = self.gate.enter().await;
        let txn = kernel::begin_write(&self.db).await?;
        let before = existing.as_ref().map(holiday_snapshot).unwrap_or_default();
        let action = if existing.is_some() { audit::Action::Updated } else { audit::Action::Created };
        let saved = match existing {
            Some(row) => {
                let mut row: holidays::ActiveModel = row.into();
                row.name = Set(command.name);
                row.holiday = Set(command.holiday);
                row.year = Set(command.holiday.year());
                row.updated_at = Set(now);
                row.update(&txn).await
            }
            None => {
                holidays::ActiveModel {
                    company_id: Set(ctx.company()),
                    name: Set(command.name),
                    holiday: Set(command.holiday),
                    year: Set(command.holiday.year()),
                    created_by: Set(Some(ctx.actor())),
                    created_at: Set(now),
                    updated_at: Set(now),
                    deleted_by: Set(None),
                    deleted_at: Set(None),
                    ..Default::default()
                }
                .insert(&txn)
                .await
            }
        };
        match saved {
            Ok(row) => {
                let change = audit::Change::new(audit::Subject::Holiday, row.id.0, action)
                    .diff(&before, &holiday_snapshot(&row));
                audit::record(&txn, ctx, change).await?;
                txn.commit().await?;
                Ok(row.into())
            }
            Err(err) if is_unique_violation(&err) => Err(PtoError::field("holiday", DAY_TAKEN)),
            Err(err) => Err(err.into()),
        }
    }

    /// `POST /holiday/delete`: the holiday no longer shows or pays; its row records who deleted it.
    pub async fn delete_holiday(&self, ctx: &AdminCtx, id: HolidayId) -> Result<PaidHoliday, PtoError> {
        let row = self.holiday_row(ctx, id).await?;
        PtoError::refuse_closed_days(&self.db, ctx.company(), row.holiday, row.holiday).await?;
        let _permit = self.gate.enter().await;
        let txn = kernel::begin_write(&self.db).await?;
        let change = audit::Change::new(audit::Subject::Holiday, row.id.0, audit::Action::Deleted)
            .deleted(&holiday_snapshot(&row));
        let mut row: holidays::ActiveModel = row.into();
        row.deleted_at = Set(Some(Utc::now()));
        row.deleted_by = Set(Some(ctx.actor()));
        let saved = row.update(&txn).await?;
        audit::record(&txn, ctx, change).await?;
        txn.commit().await?;
        Ok(saved.into())
    }

    /// `POST /holiday/create-defaults`: adds the year's US federal holidays on the days that have
    /// none yet (running it twice adds nothing the second time).
    pub async fn create_default_holidays(&self, ctx: &AdminCtx, year: i32) -> Result<HolidayList, PtoError> {
        let year = self.offered_year(ctx, Some(year))?;
        let now = Utc::now();
        {
            let _permit = self.gate.enter().await;
            let txn = kernel::begin_write(&self.db).await?;
            let taken: Vec<NaiveDate> = holidays::Entity::find()
                .filter(kernel::tenancy::same_company::<holidays::Entity>(ctx.company()))
                .filter(holidays::Column::DeletedAt.is_null())
                .filter(holidays::Column::Year.eq(year))
                .all(&txn)
                .await?
                .into_iter()
                .map(|row| row.holiday)
                .collect();
            // Days of closed pay periods are left as they were paid.
            let first = NaiveDate::from_ymd_opt(year, 1, 1).unwrap_or_default();
            let last = NaiveDate::from_ymd_opt(year, 12, 31).unwrap_or_default();
            let closed = clock::periods::locked_between(&txn, ctx.company(), first, last).await?;
            let rows: Vec<holidays::ActiveModel> = us_federal_holidays(year)
                .into_iter()
                .filter(|(_, day)| !taken.contains(day))
                .filter(|(_, day)| !closed.iter().any(|period| (period.start..=period.end).contains(day)))
                .map(|(name, day)| holidays::ActiveModel {
                    company_id: Set(ctx.company()),
                    name: Set(name),
                    holiday: Set(day),
                    year: Set(year),
                    created_by: Set(Some(ctx.actor())),
                    created_at: Set(now),
                    updated_at: Set(now),
                    deleted_by: Set(None),
                    deleted_at: Set(None),
                    ..Default::default()
                })
                .collect();
            if !rows.is_empty() {
                match holidays::Entity::insert_many(rows).exec(&txn).await {
                    // The same defaults added by a concurrent request: the list is there already.
                    Err(err) if is_unique_violation(&err) => {
                        txn.rollback().await?;
                        return self.holidays(ctx, Some(year)).await;
                    }
                    other => {
                        other?;
                    }
                }
            }
            txn.commit().await?;
        }
        self.holidays(ctx, Some(year)).await
    }

    /// `GET /holiday/list-for-employee`: a year's holidays with the employee's hours for each.
    pub async fn employee_holidays(
        &self,
        ctx: &TenantCtx,
        employee: UserId,
        year: Option<i32>,
    ) -> Result<EmployeeHolidays, PtoError> {
        let person = self.accounts.employee_in_scope(ctx, employee).await?;
        let year = self.offered_year(ctx, year)?;
        let rows = self.holiday_rows(ctx, year).await?;
        let set: HashMap<HolidayId, i32> = hours_rows::Entity::find()
            .filter(kernel::tenancy::same_company::<hours_rows::Entity>(ctx.company()))
            .filter(hours_rows::Column::EmployeeId.eq(person.id))
            .filter(hours_rows::Column::HolidayId.is_in(rows.iter().map(|row| row.id)))
            .all(&self.db)
            .await?
            .into_iter()
            .map(|row| (row.holiday_id, row.minutes))
            .collect();
        let mut total = 0i64;
        let holidays = rows
            .into_iter()
            .map(|row| {
                let minutes = set.get(&row.id).copied().unwrap_or(HOLIDAY_MINUTES);
                total += i64::from(minutes);
                HolidayHours {
                    holiday_id: row.id.0,
                    name: row.name,
                    holiday: row.holiday,
                    hours: hours_of(minutes.into()),
                }
            })
            .collect();
        Ok(EmployeeHolidays { employee_id: person.id.0, year, holidays, total_hours: hours_of(total) })
    }

    /// `POST /holiday/save-employee-holidays`: an admin sets someone else's hours for holidays.
    pub async fn save_employee_holidays(
        &self,
        ctx: &AdminCtx,
        command: EmployeeHolidaysCommand,
    ) -> Result<EmployeeHolidays, PtoError> {
        if ctx.is_self(command.employee) {
            return Err(PtoError::field("employeeId", OWN_HOURS));
        }
        let person = self.accounts.employee_in_scope(ctx, command.employee).await?;
        let year = self.offered_year(ctx, command.year)?;
        let known: Vec<HolidayId> = holidays::Entity::find()
            .filter(kernel::tenancy::same_company::<holidays::Entity>(ctx.company()))
            .filter(holidays::Column::DeletedAt.is_null())
            .filter(holidays::Column::Id.is_in(command.minutes.iter().map(|(id, _)| *id)))
            .all(&self.db)
            .await?
            .into_iter()
            .map(|row| row.id)
            .collect();
        if let Some(index) = command.minutes.iter().position(|(id, _)| !known.contains(id)) {
            return Err(PtoError::field(&format!("holidays[{index}].holidayId"), UNKNOWN_HOLIDAY));
        }
        let now = Utc::now();
        {
            let _permit = self.gate.enter().await;
            let txn = kernel::begin_write(&self.db).await?;
            hours_rows::Entity::delete_many()
                .filter(kernel::tenancy::same_company::<hours_rows::Entity>(ctx.company()))
                .filter(hours_rows::Column::EmployeeId.eq(person.id))
                .filter(hours_rows::Column::HolidayId.is_in(known.iter().copied()))
                .exec(&txn)
                .await?;
            let rows: Vec<hours_rows::ActiveModel> = command
                .minutes
                .iter()
                .filter(|(_, minutes)| *minutes != HOLIDAY_MINUTES)
                .map(|(holiday, minutes)| hours_rows::ActiveModel {
                    company_id: Set(ctx.company()),
                    holiday_id: Set(*holiday),
                    employee_id: Set(person.id),
                    minutes: Set(*minutes),
                    updated_by: Set(Some(ctx.actor())),
                    updated_at: Set(now),
                    ..Default::default()
                })
                .collect();
            if !rows.is_empty() {
                match hours_rows::Entity::insert_many(rows).exec(&txn).await {
                    Err(err) if is_unique_violation(&err) => {
                        txn.rollback().await?;
                        return Err(PtoError::Conflict(CHANGED_MEANWHILE.to_owned()));
                    }
                    other => {
                        other?;
                    }
                }
            }
            txn.commit().await?;
        }
        self.employee_holidays(ctx, command.employee, Some(year)).await
    }
}

/// A holiday as the audit trail shows it.
fn holiday_snapshot(row: &holidays::Model) -> audit::Snapshot {
    audit::Snapshot::new().with("name", row.name.clone()).with("holiday", row.holiday.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn days(year: i32) -> Vec<(String, String)> {
        us_federal_holidays(year).into_iter().map(|(name, day)| (day.to_string(), name)).collect()
    }

    #[test]
    fn the_federal_holidays_of_2026_are_observed_on_weekdays() {
        let expected = [
            ("2026-01-01", "New Year's Day"),
            ("2026-01-19", "Martin Luther King Jr. Day"),
            ("2026-02-16", "Presidents' Day"),
            ("2026-05-25", "Memorial Day"),
            ("2026-06-19", "Juneteenth"),
            ("2026-07-03", "Independence Day (observed)"),
            ("2026-09-07", "Labor Day"),
            ("2026-10-12", "Columbus Day"),
            ("2026-11-11", "Veterans Day"),
            ("2026-11-26", "Thanksgiving Day"),
            ("2026-12-25", "Christmas Day"),
        ];
        let expected: Vec<(String, String)> =
            expected.iter().map(|(day, name)| ((*day).to_owned(), (*name).to_owned())).collect();
        assert_eq!(days(2026), expected);
    }

    #[test]
    fn a_saturday_new_years_day_belongs_to_the_year_before() {
        // January 1, 2022 was a Saturday: observed Friday, December 31, 2021 (OPM's 2021 list).
        let of_2021 = days(2021);
        assert_eq!(of_2021.len(), 12);
        assert_eq!(of_2021.last().unwrap(), &("2021-12-31".to_owned(), "New Year's Day (observed)".to_owned()));
        assert!(!days(2022).iter().any(|(_, name)| name.starts_with("New Year")));
        // Sunday holidays move to Monday: Christmas 2022, Juneteenth 2022.
        assert!(days(2022).contains(&("2022-12-26".to_owned(), "Christmas Day (observed)".to_owned())));
        assert!(days(2022).contains(&("2022-06-20".to_owned(), "Juneteenth (observed)".to_owned())));
        // Before 2021 there was no Juneteenth.
        assert_eq!(days(2020).len(), 10);
        // The last Monday of May when May has five Mondays (2027: 3, 10, 17, 24, 31).
        assert!(days(2027).contains(&("2027-05-31".to_owned(), "Memorial Day".to_owned())));
    }

    #[test]
    fn the_form_needs_a_name_and_a_date_of_the_offered_years() {
        let parse = |json: serde_json::Value| HolidayCommand::parse(&serde_json::from_value(json).unwrap(), 2026);
        let errors = parse(serde_json::json!({"name": " ", "holiday": ""})).unwrap_err();
        assert_eq!(errors.messages("name"), [NAME_MISSING]);
        assert_eq!(errors.messages("holiday"), [DATE_MISSING]);
        let errors = parse(serde_json::json!({"name": "Founders", "holiday": "07-03-2026"})).unwrap_err();
        assert_eq!(errors.messages("holiday"), [DATE_INVALID]);
        let errors = parse(serde_json::json!({"name": "Founders", "holiday": "2030-01-02"})).unwrap_err();
        assert_eq!(errors.messages("holiday"), ["Please choose a year from 2025 to 2029"]);
        let command =
            parse(serde_json::json!({"id": "4", "name": " Founders ", "holiday": "2026-03-02T00:00:00Z"})).unwrap();
        assert_eq!(
            command,
            HolidayCommand {
                id: Some(HolidayId(4)),
                name: "Founders".into(),
                holiday: NaiveDate::from_ymd_opt(2026, 3, 2).unwrap()
            }
        );
    }

    #[test]
    fn hours_are_kept_to_the_nearest_minute() {
        let parse = |json: serde_json::Value| EmployeeHolidaysCommand::parse(&serde_json::from_value(json).unwrap());
        let command = parse(serde_json::json!({"employeeId": 3, "holidays": [
            {"holidayId": 1, "hours": 4}, {"holidayId": 2, "hours": "7.33"}, {"holidayId": 3, "hours": 0}]}))
        .unwrap();
        assert_eq!(command.minutes, [(HolidayId(1), 240), (HolidayId(2), 440), (HolidayId(3), 0)]);
        assert_eq!(hours_of(440), 7.33);
        let errors = parse(serde_json::json!({"holidays": [
            {"holidayId": 1, "hours": 25}, {"holidayId": 2, "hours": -1}, {"holidayId": 2, "hours": 1}, {"hours": 1}]}))
        .unwrap_err();
        assert_eq!(errors.messages("employeeId"), ["Please choose the employee"]);
        assert_eq!(errors.messages("holidays[0].hours"), [HOURS_INVALID]);
        assert_eq!(errors.messages("holidays[1].hours"), [HOURS_INVALID]);
        assert_eq!(errors.messages("holidays[3].holidayId"), [UNKNOWN_HOLIDAY]);
    }
}
