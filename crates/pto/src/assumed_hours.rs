//! Employees exempt from overtime accrue on an assumed week (issue 38). The sick-leave laws
//! that accrue per hour worked assume an exempt employee works 40 hours a week, or their normal
//! week when it is shorter (California's Lab. Code § 246(b)(3), Colorado's C.R.S.
//! § 8-13.3-403(2)(b)…): an admin sets the hours on the person's PTO folder, and from then on
//! their per-hour-worked accrual counts that week spread over its weekdays — a fifth of it on
//! each weekday of employment that is not a paid holiday, less any time off taken that day —
//! instead of the clock's hours. Clearing it goes back to hours worked.
//!
//! The assumed week applies over the whole employment, as a plan's rules do: changing it
//! recomputes past balances. Those people's balances are computed from the start, never resumed
//! from a stored checkpoint, because the days they assume depend on holidays and leave that the
//! checkpoints' change log (the clock's) does not follow.

use crate::entities::pto_assumed_hours as assumed;
use crate::{Pto, PtoError};
use chrono::{NaiveDate, Utc};
use kernel::{AdminCtx, FieldErrors, TenantCtx, UserId};
use pto_engine::EmployeeInput;
use sea_orm::sea_query::OnConflict;
use sea_orm::ActiveValue::Set;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

/// Not given by the spec: an assumed week out of range.
pub const MSG_ASSUMED_HOURS: &str = "Please input whole hours from 1 to 40, or leave it empty for hours worked";

/// `POST /manage/employee-pto-assumed-hours`.
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default, rename_all = "camelCase")]
pub struct AssumedHoursInput {
    #[serde(deserialize_with = "kernel::validation::lenient_i64")]
    pub employee_id: Option<i64>,
    /// Hours a week (1 to 40); empty or absent: accrue on hours worked.
    #[serde(deserialize_with = "crate::types::hours_text")]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<i64>))]
    pub weekly_hours: Option<String>,
}

/// A validated change of a person's assumed week.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AssumedHoursCommand {
    pub employee: UserId,
    /// `None`: hours worked count again.
    pub weekly_minutes: Option<i32>,
}

impl AssumedHoursCommand {
    pub fn parse(input: &AssumedHoursInput) -> Result<Self, FieldErrors> {
        let mut errors = FieldErrors::new();
        if input.employee_id.is_none() {
            errors.add("employeeId", "Please choose the employee");
        }
        let weekly_minutes = match input.weekly_hours.as_deref().map(str::trim) {
            None | Some("") => None,
            Some(text) => match text.parse::<i32>() {
                Ok(hours) if (1..=40).contains(&hours) => Some(hours * 60),
                _ => {
                    errors.add("weeklyHours", MSG_ASSUMED_HOURS);
                    None
                }
            },
        };
        errors.into_result(AssumedHoursCommand {
            employee: UserId(input.employee_id.unwrap_or_default()),
            weekly_minutes,
        })
    }
}

impl Pto {
    /// Sets or clears a person's assumed week. Answers the employee's PTO after it.
    pub async fn set_assumed_hours(
        &self,
        ctx: &AdminCtx,
        command: AssumedHoursCommand,
    ) -> Result<crate::EmployeePto, PtoError> {
        if ctx.is_self(command.employee) {
            return Err(PtoError::field("employeeId", crate::OWN_BALANCE));
        }
        let person = self.accounts.employee_in_scope(ctx, command.employee).await?;
        {
            let _permit = self.gate.enter().await;
            let txn = kernel::begin_write(&self.db).await?;
            match command.weekly_minutes {
                Some(minutes) => {
                    assumed::Entity::insert(assumed::ActiveModel {
                        company_id: Set(ctx.company()),
                        employee_id: Set(person.id),
                        weekly_minutes: Set(minutes),
                        updated_by: Set(Some(ctx.actor())),
                        updated_at: Set(Utc::now()),
                        ..Default::default()
                    })
                    .on_conflict(
                        OnConflict::columns([assumed::Column::CompanyId, assumed::Column::EmployeeId])
                            .update_columns([
                                assumed::Column::WeeklyMinutes,
                                assumed::Column::UpdatedBy,
                                assumed::Column::UpdatedAt,
                            ])
                            .to_owned(),
                    )
                    .exec_without_returning(&txn)
                    .await?;
                }
                None => {
                    assumed::Entity::delete_many()
                        .filter(kernel::tenancy::same_company::<assumed::Entity>(ctx.company()))
                        .filter(assumed::Column::EmployeeId.eq(person.id))
                        .exec(&txn)
                        .await?;
                }
            }
            txn.commit().await?;
        }
        self.employee_pto(ctx, command.employee).await
    }

    /// The assumed weekly minutes of those of `people` who have one.
    pub(crate) async fn assumed_minutes(
        &self,
        ctx: &TenantCtx,
        people: &[UserId],
    ) -> Result<HashMap<UserId, i64>, PtoError> {
        let rows = assumed::Entity::find()
            .filter(kernel::tenancy::same_company::<assumed::Entity>(ctx.company()))
            .filter(assumed::Column::EmployeeId.is_in(people.iter().copied()))
            .all(&self.db)
            .await?;
        Ok(rows.into_iter().map(|row| (row.employee_id, i64::from(row.weekly_minutes))).collect())
    }
}

/// Replaces the clock's days of `input` by the assumed week from its start through `through`
/// (its time off already in).
pub(crate) fn assume_week(input: &mut EmployeeInput, weekly_minutes: i64, through: NaiveDate, holidays: &[NaiveDate]) {
    let day = weekly_minutes / 5;
    input.worked.clear();
    input.assumed_day_minutes = Some(day);
    input.assume_workdays(input.employment.start, through, day, holidays);
}
