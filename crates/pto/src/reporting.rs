//! What the reports read of time off (issue 21): approved time off per day and the paid holidays
//! each person is paid for, over a range of days and a set of people the caller reaches.
//!
//! - Time off counts on the days it uses (weekends and paid holidays skipped, partial days their
//!   own minutes), and only the part inside the range; pending, denied and cancelled time off
//!   does not count.
//! - A paid holiday is paid to whoever is employed that day: started on or before it and, for
//!   someone terminated, not terminated before it. Their hours are the ones an admin set for
//!   them, or 8 (002 §9).

use crate::entities::{
    employee_holiday_hours as hours_rows, paid_holidays as holidays, pto_requests as requests, pto_types,
};
use crate::requests::ViewData;
use crate::{Pto, PtoError};
use chrono::NaiveDate;
use kernel::ids::PtoTypeId;
use kernel::{EmploymentStatus, HolidayId, ManagerCtx, RequestStatus, UserId};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder};
use std::collections::HashMap;

/// One approved request, with the minutes it uses on each day inside the range.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TimeOffTaken {
    pub request_id: i64,
    pub employee_id: i64,
    pub pto_type_id: i64,
    pub type_name: String,
    /// `YYYY-MM-DD HH:mm:ss`, local, as the request reads.
    pub start: String,
    pub end: String,
    pub days: Vec<(NaiveDate, i64)>,
}

impl TimeOffTaken {
    pub fn minutes(&self) -> i64 {
        self.days.iter().map(|(_, minutes)| minutes).sum()
    }
}

/// A paid holiday someone is paid for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HolidayPaid {
    pub employee_id: i64,
    pub holiday_id: i64,
    pub date: NaiveDate,
    pub name: String,
    pub minutes: i64,
}

/// Someone's employment, as far as holiday pay needs it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Employment {
    pub employee_id: UserId,
    pub status: EmploymentStatus,
    pub start: Option<NaiveDate>,
    pub terminated: Option<NaiveDate>,
}

impl Employment {
    fn employed_on(&self, day: NaiveDate) -> bool {
        let started = self.start.is_none_or(|start| start <= day);
        let still = self.status == EmploymentStatus::Active || self.terminated.is_none_or(|end| day <= end);
        started && still
    }
}

/// A PTO type as the reports name it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TypeName {
    pub id: i64,
    pub name: String,
    /// Paid time off (an unpaid type's hours are not paid).
    pub payable: bool,
}

impl Pto {
    /// The company's PTO types, deleted ones too (past time off may use them), by name.
    pub async fn type_names(&self, ctx: &ManagerCtx) -> Result<Vec<TypeName>, PtoError> {
        Ok(self
            .type_names_of(ctx)
            .await?
            .into_iter()
            .map(|row| TypeName { id: row.id.0, name: row.name, payable: row.payable })
            .collect())
    }

    /// The company's PTO types, deleted ones too, by name.
    async fn type_names_of(&self, ctx: &ManagerCtx) -> Result<Vec<pto_types::Model>, PtoError> {
        Ok(pto_types::Entity::find()
            .filter(kernel::tenancy::same_company::<pto_types::Entity>(ctx.company()))
            .order_by_asc(pto_types::Column::Name)
            .order_by_asc(pto_types::Column::Id)
            .all(&self.db)
            .await?)
    }

    /// Approved time off of `employees` on the days `start..=end` (see the module docs).
    pub async fn time_off_taken(
        &self,
        ctx: &ManagerCtx,
        employees: &[UserId],
        start: NaiveDate,
        end: NaiveDate,
    ) -> Result<Vec<TimeOffTaken>, PtoError> {
        if employees.is_empty() {
            return Ok(Vec::new());
        }
        let mut rows = Vec::new();
        // In chunks, so a list of thousands stays within every database's parameter limit.
        for chunk in employees.chunks(500) {
            rows.extend(
                requests::Entity::find()
                    .filter(kernel::tenancy::same_company::<requests::Entity>(ctx.company()))
                    .filter(requests::Column::EmployeeId.is_in(chunk.iter().copied()))
                    .filter(requests::Column::Status.eq(RequestStatus::Approved))
                    .filter(requests::Column::StartDate.lte(end))
                    .filter(requests::Column::EndDate.gte(start))
                    .order_by_asc(requests::Column::StartDate)
                    .order_by_asc(requests::Column::Id)
                    .all(&self.db)
                    .await?,
            );
        }
        let first = rows.iter().map(|row| row.start_date).min().unwrap_or(start);
        let last = rows.iter().map(|row| row.end_date).max().unwrap_or(end);
        let types: HashMap<PtoTypeId, String> =
            self.type_names_of(ctx).await?.into_iter().map(|row| (row.id, row.name)).collect();
        let data = ViewData {
            people: HashMap::new(),
            types: HashMap::new(),
            holidays: self.holiday_dates(ctx, first, last).await?,
            approvals: HashMap::new(),
        };
        Ok(rows
            .iter()
            .map(|row| {
                let (first_local, last_local, ..) = data.agenda_view(ctx, row);
                TimeOffTaken {
                    request_id: row.id.0,
                    employee_id: row.employee_id.0,
                    pto_type_id: row.pto_type_id.0,
                    type_name: types.get(&row.pto_type_id).cloned().unwrap_or_default(),
                    start: first_local,
                    end: last_local,
                    days: data
                        .days(row)
                        .into_iter()
                        .filter(|(day, minutes)| (start..=end).contains(day) && *minutes > 0)
                        .collect(),
                }
            })
            .filter(|taken| !taken.days.is_empty())
            .collect())
    }

    /// The paid holidays of `start..=end` each of `people` is paid for (see the module docs).
    pub async fn holidays_paid(
        &self,
        ctx: &ManagerCtx,
        people: &[Employment],
        start: NaiveDate,
        end: NaiveDate,
    ) -> Result<Vec<HolidayPaid>, PtoError> {
        let days = holidays::Entity::find()
            .filter(kernel::tenancy::same_company::<holidays::Entity>(ctx.company()))
            .filter(holidays::Column::DeletedAt.is_null())
            .filter(holidays::Column::Holiday.between(start, end))
            .order_by_asc(holidays::Column::Holiday)
            .all(&self.db)
            .await?;
        if days.is_empty() || people.is_empty() {
            return Ok(Vec::new());
        }
        let set: HashMap<(UserId, HolidayId), i64> = hours_rows::Entity::find()
            .filter(kernel::tenancy::same_company::<hours_rows::Entity>(ctx.company()))
            .filter(hours_rows::Column::HolidayId.is_in(days.iter().map(|day| day.id)))
            .all(&self.db)
            .await?
            .into_iter()
            .map(|row| ((row.employee_id, row.holiday_id), i64::from(row.minutes)))
            .collect();
        let mut paid = Vec::new();
        for person in people {
            for day in days.iter().filter(|day| person.employed_on(day.holiday)) {
                let minutes = set
                    .get(&(person.employee_id, day.id))
                    .copied()
                    .unwrap_or(i64::from(crate::holidays::HOLIDAY_MINUTES));
                if minutes > 0 {
                    paid.push(HolidayPaid {
                        employee_id: person.employee_id.0,
                        holiday_id: day.id.0,
                        date: day.holiday,
                        name: day.name.clone(),
                        minutes,
                    });
                }
            }
        }
        Ok(paid)
    }
}

impl Pto {
    /// Each of `people`'s balance of each type at the end of `day` (the payroll file's balance
    /// columns: California, New York City and Arizona want the balance on every pay statement).
    /// The engine's balances, from the accrual job's checkpoints like every list's; a day after
    /// today is read as today (nothing has accrued yet beyond it).
    pub async fn balances_on(
        &self,
        ctx: &ManagerCtx,
        people: &[accounts::Person],
        day: NaiveDate,
    ) -> Result<HashMap<i64, HashMap<i64, i64>>, PtoError> {
        let today = kernel::time::local_date(ctx.time_zone(), chrono::Utc::now());
        let through = day.min(today);
        let computed = self.ledgers(ctx, people, through).await?;
        Ok(computed
            .ledgers
            .into_iter()
            .map(|(person, ledger)| {
                let balances = ledger.checkpoint.balances().map(|(pto_type, minutes)| (pto_type.0, minutes)).collect();
                (person.0, balances)
            })
            .collect())
    }
}
