//! The balance card (`GET /pto/data`) and the projected balance on a later day
//! (`GET /pto/balance`): the engine's ledger over approved time off, with pending time beside it.
//! The card gives three figures so that an employee sees why a request is refused while the
//! balance looks enough: what is in the balance today, what is asked for (pending), and what
//! is left once approved time off to come and pending requests are taken.

use super::{MSG_AS_OF_FAR, MSG_AS_OF_PAST};
use crate::engine_ids::{FromEngine, ToEngine};
use crate::entities::pto_types;
use crate::requests::PersonRef;
use crate::{Pto, PtoError};
use accounts::people::read::{self, PeopleFilter, PersonOrder};
use chrono::{Duration, NaiveDate, Utc};
use kernel::ids::PtoTypeId;
use kernel::time::local_date;
use kernel::{RequestStatus, TenantCtx, UserId};
use pto_engine::{compute, EmployeeInput, EntryKind, Plan, PtoType, MINUTES_PER_DAY};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder};
use serde::Serialize;
use std::collections::HashMap;

/// One type on the balance card (000 §3 "PTO type (employee view)").
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PtoTypeBalance {
    pub id: i64,
    pub name: String,
    pub color: String,
    /// 0 unpaid.
    pub payable: u8,
    /// Minutes used this period (approved).
    pub used: i64,
    /// Minutes left to book: the engine's balance today less approved time off after today;
    /// none for an unpaid type.
    pub balance: Option<i64>,
    /// Minutes of approved time off after today (already taken out of `balance`).
    pub scheduled: i64,
    /// Minutes asked for and not yet answered.
    pub pending: i64,
    /// Minutes in the balance today, before approved time off after today; none for an unpaid type.
    #[serde(rename = "availableNow")]
    pub available_now: Option<i64>,
    /// Minutes left once approved time off after today and pending requests are taken:
    /// `balance - pending`; none for an unpaid type.
    pub projected: Option<i64>,
}

/// The card's totals, over the paid types shown.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct PtoStats {
    /// Minutes left to book: the types' `balance`.
    pub total_balance: i64,
    pub total_balance_hours: f64,
    /// Minutes in the balance today (`availableNow`).
    pub available_now: i64,
    /// Minutes of approved time off after today (`scheduled`).
    pub scheduled: i64,
    /// Minutes of pending requests of paid types (`pending`).
    pub pending: i64,
    /// `availableNow - scheduled - pending`.
    pub projected: i64,
}

/// `GET /pto/data`.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct PtoData {
    pub employee: PersonRef,
    pub today: NaiveDate,
    /// A plan is in force (or will be on the first day of employment).
    pub set_up: bool,
    pub plan_name: Option<String>,
    pub starts_on: Option<NaiveDate>,
    pub types: Vec<PtoTypeBalance>,
    pub stats: PtoStats,
    /// 'On Behalf Of': the caller first, then the active people they reach.
    pub can_request_for: Vec<PersonRef>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ProjectedType {
    pub pto_type_id: i64,
    pub name: String,
    pub color: String,
    /// Minutes on the day asked for.
    pub balance: i64,
    /// Minutes credited after today up to that day.
    pub accrued: i64,
    /// Minutes of approved and pending time off after today up to that day.
    pub booked: i64,
}

/// `GET /pto/balance`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ProjectedBalance {
    pub as_of: NaiveDate,
    pub today: NaiveDate,
    pub types: Vec<ProjectedType>,
    pub total_balance: i64,
}

/// The plan in force on `day`.
pub(super) fn plan_on(input: &EmployeeInput, day: NaiveDate) -> Option<&Plan> {
    input.plans.iter().rev().find(|assignment| assignment.from <= day).and_then(|assignment| assignment.plan.as_deref())
}

pub(super) fn engine_type(row: &pto_types::Model) -> PtoType {
    PtoType { id: row.id.engine(), name: row.name.clone(), payable: row.payable }
}

impl Pto {
    pub(super) async fn live_types(&self, ctx: &TenantCtx) -> Result<Vec<pto_types::Model>, PtoError> {
        Ok(pto_types::Entity::find()
            .filter(kernel::tenancy::same_company::<pto_types::Entity>(ctx.company()))
            .filter(pto_types::Column::DeletedAt.is_null())
            .order_by_asc(pto_types::Column::Name)
            .all(&self.db)
            .await?)
    }

    /// `GET /pto/data`: the balance card, the types that may be asked for, and 'On Behalf Of'.
    pub async fn pto_data(&self, ctx: &TenantCtx, employee: Option<UserId>) -> Result<PtoData, PtoError> {
        let person = self.whose(ctx, employee).await?;
        let today = local_date(ctx.time_zone(), Utc::now());
        let (mut inputs, _, _) = self.inputs_for(ctx, std::slice::from_ref(&person), today).await?;
        let input = inputs.remove(&person.id).ok_or(PtoError::NotFound)?;
        let ledger = compute(&input, today);
        let start = input.employment.start;
        let plan = plan_on(&input, start.max(today));
        let mut pending: HashMap<PtoTypeId, i64> = HashMap::new();
        for taken in self
            .time_off_of(ctx, &[person.id], &[RequestStatus::Raised], None)
            .await?
            .remove(&person.id)
            .unwrap_or_default()
        {
            *pending.entry(taken.pto_type.stored()).or_insert(0) += taken.minutes;
        }
        let mut scheduled: HashMap<PtoTypeId, i64> = HashMap::new();
        for taken in input.time_off.iter().filter(|taken| taken.date > today) {
            *scheduled.entry(taken.pto_type.stored()).or_insert(0) += taken.minutes;
        }
        let mut types = Vec::new();
        for row in self.live_types(ctx).await? {
            let engine = engine_type(&row);
            let in_plan = plan.and_then(|plan| plan.rule_for(engine.id)).is_some_and(|rule| rule.active);
            if row.payable && !in_plan {
                continue;
            }
            let computed = ledger.row(&engine);
            let later = scheduled.get(&row.id).copied().unwrap_or(0);
            let asked = pending.get(&row.id).copied().unwrap_or(0);
            let now = row.payable.then(|| computed.as_ref().map_or(0, |r| r.balance));
            types.push(PtoTypeBalance {
                id: row.id.0,
                used: computed.as_ref().map_or(0, |r| r.used),
                balance: now.map(|now| now - later),
                scheduled: later,
                pending: asked,
                available_now: now,
                projected: now.map(|now| now - later - asked),
                name: row.name,
                color: row.color,
                payable: u8::from(row.payable),
            });
        }
        let total: i64 = types.iter().filter_map(|row| row.balance).sum();
        let paid = || types.iter().filter(|row| row.payable == 1);
        let available_now: i64 = paid().filter_map(|row| row.available_now).sum();
        let scheduled_total: i64 = paid().map(|row| row.scheduled).sum();
        let pending_total: i64 = paid().map(|row| row.pending).sum();
        let mut can_request_for =
            vec![PersonRef { id: ctx.actor().0, firstname: String::new(), lastname: String::new() }];
        if ctx.answers_for_others() {
            can_request_for.clear();
            let people =
                read::people_in_reach(&self.db, ctx, &PeopleFilter::active().ordered(PersonOrder::FirstName)).await?;
            let (me, others): (Vec<_>, Vec<_>) = people.into_iter().partition(|person| ctx.is_self(person.id));
            can_request_for.extend(me.into_iter().chain(others).map(|person| PersonRef {
                id: person.id.0,
                firstname: person.first_name,
                lastname: person.last_name,
            }));
        } else if let Some(me) = can_request_for.first_mut() {
            // An employee files for themselves only.
            me.firstname = person.first_name.clone();
            me.lastname = person.last_name.clone();
        }
        Ok(PtoData {
            employee: PersonRef { id: person.id.0, firstname: person.first_name, lastname: person.last_name },
            today,
            set_up: plan.is_some(),
            plan_name: plan.map(|plan| plan.name.clone()),
            starts_on: (start > today).then_some(start),
            types,
            stats: PtoStats {
                total_balance: total,
                total_balance_hours: crate::requests::hours(total),
                available_now,
                scheduled: scheduled_total,
                pending: pending_total,
                projected: available_now - scheduled_total - pending_total,
            },
            can_request_for,
        })
    }

    /// `GET /pto/balance`: each type's balance on a day from today on (see the module docs).
    pub async fn projected_balance(
        &self,
        ctx: &TenantCtx,
        employee: Option<UserId>,
        as_of: Option<NaiveDate>,
    ) -> Result<ProjectedBalance, PtoError> {
        let today = local_date(ctx.time_zone(), Utc::now());
        let as_of = as_of.unwrap_or(today);
        if as_of < today {
            return Err(PtoError::field("asOf", MSG_AS_OF_PAST));
        }
        if as_of > today + Duration::days(731) {
            return Err(PtoError::field("asOf", MSG_AS_OF_FAR));
        }
        let person = self.whose(ctx, employee).await?;
        let (mut inputs, _, _) = self.inputs_for(ctx, std::slice::from_ref(&person), today).await?;
        let mut input = inputs.remove(&person.id).ok_or(PtoError::NotFound)?;
        input.time_off.extend(
            self.time_off_of(ctx, &[person.id], &[RequestStatus::Raised], None)
                .await?
                .remove(&person.id)
                .unwrap_or_default(),
        );
        if let Some(tomorrow) = today.succ_opt() {
            // Days off (leave booked above, paid holidays) work nothing, so they accrue nothing.
            let holidays = self.holiday_dates(ctx, tomorrow, as_of).await?;
            let day = input.assumed_day_minutes.unwrap_or(MINUTES_PER_DAY);
            input.assume_workdays(tomorrow.max(input.employment.start), as_of, day, &holidays);
        }
        let ledger = compute(&input, as_of);
        let plan = plan_on(&input, input.employment.start.max(as_of));
        let mut types = Vec::new();
        for row in self.live_types(ctx).await?.into_iter().filter(|row| row.payable) {
            let engine = engine_type(&row);
            let in_plan = plan.and_then(|plan| plan.rule_for(engine.id)).is_some_and(|rule| rule.active);
            let Some(computed) = ledger.row(&engine) else { continue };
            if !in_plan && computed.balance == 0 {
                continue;
            }
            let after_today = ledger.entries.iter().filter(|entry| entry.pto_type == engine.id && entry.date > today);
            let (mut accrued, mut booked) = (0, 0);
            for entry in after_today {
                match entry.kind {
                    EntryKind::Accrued => accrued += entry.minutes,
                    EntryKind::PtoRequest => booked -= entry.minutes,
                    _ => {}
                }
            }
            types.push(ProjectedType {
                pto_type_id: row.id.0,
                name: row.name,
                color: row.color,
                balance: computed.balance,
                accrued,
                booked,
            });
        }
        let total_balance = types.iter().map(|row| row.balance).sum();
        Ok(ProjectedBalance { as_of, today, types, total_balance })
    }
}
