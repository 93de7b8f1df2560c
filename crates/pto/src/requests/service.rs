//! Filing a request: the balance check (`POST /pto/validate-balance`), a new or changed request
//! (`POST /pto/request`) with its plan and overlap checks, and the reads they share with the
//! balances (the paid holidays of a span, people's time off as the engine takes it).

use super::state::lock_employee;
use super::views::{engine_request, hhmm, hours, usage, BalanceCheckView, DayMinutes, PtoRequestView};
use super::{
    overlap_message, TimeOffCommand, MSG_AUTO_APPROVED, MSG_INACTIVE, MSG_NOT_IN_PLAN, MSG_NO_TIME, MSG_ONLY_PENDING,
    MSG_ONLY_REQUESTER,
};
use crate::engine_ids::ToEngine;
use crate::entities::{paid_holidays as holidays, pto_requests as requests, pto_types};
use crate::{Pto, PtoError};
use accounts::Person;
use approvals::{NewRequest, Started, Subject, Target};
use chrono::{NaiveDate, Utc};
use kernel::ids::PtoTypeId;
use kernel::time::local_date;
use kernel::{EmploymentStatus, PtoRequestId, RequestStatus, TenantCtx, UserId};
use pto_engine::{check_balance, request_usage, PtoType, SourceId, TimeOffTaken};
use sea_orm::{ActiveModelTrait, ActiveValue::Set, ColumnTrait, EntityTrait, IntoActiveModel, QueryFilter, QueryOrder};
use std::collections::HashMap;

impl Pto {
    /// The company's paid holidays between two days, as dates.
    pub(crate) async fn holiday_dates(
        &self,
        ctx: &TenantCtx,
        first: NaiveDate,
        last: NaiveDate,
    ) -> Result<Vec<NaiveDate>, PtoError> {
        if last < first {
            return Ok(Vec::new());
        }
        use sea_orm::QuerySelect;
        Ok(holidays::Entity::find()
            .filter(kernel::tenancy::same_company::<holidays::Entity>(ctx.company()))
            .filter(holidays::Column::DeletedAt.is_null())
            .filter(holidays::Column::Holiday.between(first, last))
            .select_only()
            .column(holidays::Column::Holiday)
            .into_tuple()
            .all(&self.db)
            .await?)
    }

    /// The time off of `people` in the given states, by person and day, as the engine takes it.
    /// `except` leaves one request out (the one being changed).
    pub(crate) async fn time_off_of(
        &self,
        ctx: &TenantCtx,
        people: &[UserId],
        states: &[RequestStatus],
        except: Option<PtoRequestId>,
    ) -> Result<HashMap<UserId, Vec<TimeOffTaken>>, PtoError> {
        if people.is_empty() {
            return Ok(HashMap::new());
        }
        let mut query = requests::Entity::find()
            .filter(kernel::tenancy::same_company::<requests::Entity>(ctx.company()))
            .filter(requests::Column::EmployeeId.is_in(people.iter().copied()))
            .filter(requests::Column::Status.is_in(states.iter().copied()));
        if let Some(except) = except {
            query = query.filter(requests::Column::Id.ne(except));
        }
        let rows = query.all(&self.db).await?;
        let first = rows.iter().map(|row| row.start_date).min();
        let last = rows.iter().map(|row| row.end_date).max();
        let holidays = match (first, last) {
            (Some(first), Some(last)) => self.holiday_dates(ctx, first, last).await?,
            _ => Vec::new(),
        };
        let mut by_person: HashMap<UserId, Vec<TimeOffTaken>> = HashMap::new();
        for row in &rows {
            by_person
                .entry(row.employee_id)
                .or_default()
                .extend(usage(row, &holidays).time_off(row.id.engine(), row.pto_type_id.engine()));
        }
        Ok(by_person)
    }

    /// A request of the company whose employee the caller reaches; anything else is `NotFound`.
    pub(super) async fn request_in_reach(
        &self,
        ctx: &TenantCtx,
        id: PtoRequestId,
    ) -> Result<(requests::Model, Person), PtoError> {
        let row = requests::Entity::find_by_id(id)
            .filter(kernel::tenancy::same_company::<requests::Entity>(ctx.company()))
            .one(&self.db)
            .await?
            .ok_or(PtoError::NotFound)?;
        let employee = self.accounts.employee_in_scope(ctx, row.employee_id).await?;
        Ok((row, employee))
    }

    /// The type asked for, if the employee may ask for it on `day`: any unpaid type; a paid one
    /// only when the plan in force that day has an active rule for it.
    async fn requestable_type(
        &self,
        ctx: &TenantCtx,
        input: &pto_engine::EmployeeInput,
        pto_type: PtoTypeId,
        day: NaiveDate,
    ) -> Result<pto_types::Model, PtoError> {
        let row = pto_types::Entity::find_by_id(pto_type)
            .filter(kernel::tenancy::same_company::<pto_types::Entity>(ctx.company()))
            .filter(pto_types::Column::DeletedAt.is_null())
            .one(&self.db)
            .await?
            .ok_or_else(|| PtoError::field("ptoType", pto_engine::request::MSG_TYPE_REQUIRED))?;
        if row.payable && !plan_has_type(input, pto_type, day) {
            return Err(PtoError::field("ptoType", MSG_NOT_IN_PLAN));
        }
        Ok(row)
    }

    /// The balance check of a request for `person` (000 §5), with `reserved` time off (pending
    /// requests) counted on top of the approved time already in the ledger's inputs.
    pub(super) async fn check(
        &self,
        ctx: &TenantCtx,
        person: &Person,
        command: &TimeOffCommand,
        reserve_pending: bool,
    ) -> Result<(BalanceCheckView, pto_types::Model), PtoError> {
        let today = local_date(ctx.time_zone(), Utc::now());
        let (mut inputs, _, _) = self.inputs_for(ctx, std::slice::from_ref(person), today).await?;
        let mut input = inputs.remove(&person.id).ok_or(PtoError::NotFound)?;
        // The request being changed is replaced by its new form.
        if let Some(id) = command.id {
            input.time_off.retain(|taken| taken.request != id.engine());
        }
        let pto_type = self.requestable_type(ctx, &input, command.pto_type, command.request.start).await?;
        if reserve_pending {
            let mut pending = self.time_off_of(ctx, &[person.id], &[RequestStatus::Raised], command.id).await?;
            input.time_off.extend(pending.remove(&person.id).unwrap_or_default());
        }
        let holidays = self.holiday_dates(ctx, command.request.start, command.request.end).await?;
        let usage = request_usage(&command.request, &holidays).map_err(|message| {
            PtoError::field(
                if message == pto_engine::request::MSG_END_DATE_BEFORE_START { "end" } else { "endtime" },
                message,
            )
        })?;
        let engine_type = PtoType { id: pto_type.id.engine(), name: pto_type.name.clone(), payable: pto_type.payable };
        let taken = usage.time_off(command.id.map_or(SourceId(-1), ToEngine::engine), engine_type.id);
        // The same projection as the projected balance (`GET /pto/balance`): up to the request's
        // last day, a full workday on each weekday not yet worked, none on days of leave or paid
        // holidays, so hours-worked accrual counts what the person will have earned by then.
        if let Some(tomorrow) = today.succ_opt().filter(|tomorrow| *tomorrow <= command.request.end) {
            // The request's own time off works nothing either (for the projection only).
            let days_off = self.holiday_dates(ctx, tomorrow, command.request.end).await?;
            let booked = input.time_off.len();
            input.time_off.extend(taken.iter().copied());
            input.assume_workdays(
                tomorrow.max(input.employment.start),
                command.request.end,
                input.assumed_day_minutes.unwrap_or(pto_engine::MINUTES_PER_DAY),
                &days_off,
            );
            input.time_off.truncate(booked);
        }
        let checked = check_balance(&input, &engine_type, &taken);
        // The law's use rules (a wait, a yearly use cap, the smallest block) come before the
        // balance: a request they refuse would fail whatever the balance.
        let broken = pto_engine::check_use_rules(&input, &engine_type, &taken).err();
        let pass = checked.pass && usage.minutes > 0 && broken.is_none();
        let ledger = pto_engine::compute(&input, today);
        let total: i64 = if pto_type.payable { ledger.balance(engine_type.id) } else { 0 };
        let view = BalanceCheckView {
            pass,
            validation_pass: pass,
            payable: u8::from(pto_type.payable),
            type_name: pto_type.name.clone(),
            balance: checked.balance,
            requested: usage.minutes,
            available: checked.available,
            mins_reqed: usage.minutes,
            hour_reqed: hours(usage.minutes),
            total_balance: total,
            total_balance_hours: hours(total),
            use_rule: broken.as_ref().map(|breach| breach.rule),
            message: broken.map(|breach| breach.message).or(checked.message),
            good_news: usage.good_news().map(str::to_owned),
            days: usage.days.iter().map(|day| DayMinutes { date: day.date, minutes: day.minutes }).collect(),
        };
        Ok((view, pto_type))
    }

    /// The person a request is for: the caller, or someone they reach ('On Behalf Of').
    async fn subject(&self, ctx: &TenantCtx, employee: Option<UserId>) -> Result<Person, PtoError> {
        Ok(self.accounts.employee_in_scope(ctx, employee.unwrap_or(ctx.actor())).await?)
    }

    /// `POST /pto/validate-balance`: what the request would use and whether the balance covers it.
    pub async fn validate_balance(
        &self,
        ctx: &TenantCtx,
        command: TimeOffCommand,
    ) -> Result<BalanceCheckView, PtoError> {
        let employee = match command.id {
            Some(id) => Some(self.request_in_reach(ctx, id).await?.0.employee_id),
            None => command.employee,
        };
        let person = self.subject(ctx, employee).await?;
        Ok(self.check(ctx, &person, &command, true).await?.0)
    }

    /// `POST /pto/request`: files a new request, or changes a pending one (only whoever filed it).
    pub async fn request_time_off(&self, ctx: &TenantCtx, command: TimeOffCommand) -> Result<PtoRequestView, PtoError> {
        let existing = match command.id {
            Some(id) => {
                let (row, _) = self.request_in_reach(ctx, id).await?;
                if row.requested_by != Some(ctx.actor()) {
                    return Err(PtoError::Forbidden(MSG_ONLY_REQUESTER.to_owned()));
                }
                if row.status != RequestStatus::Raised {
                    return Err(PtoError::Conflict(MSG_ONLY_PENDING.to_owned()));
                }
                Some(row)
            }
            None => None,
        };
        let person = self.subject(ctx, existing.as_ref().map(|row| row.employee_id).or(command.employee)).await?;
        if person.status != EmploymentStatus::Active {
            return Err(PtoError::field("employeeId", MSG_INACTIVE));
        }
        let now = Utc::now();
        let _turn = kernel::transaction::person_turn(person.id.0).await;
        let _permit = self.gate.enter().await;
        let txn = kernel::begin_write(&self.db).await?;
        lock_employee(&txn, person.id).await?;
        PtoError::refuse_closed_days(&txn, ctx.company(), command.request.start, command.request.end).await?;
        self.check_overlap(ctx, person.id, &command).await?;
        let (checked, pto_type) = self.check(ctx, &person, &command, true).await?;
        if checked.mins_reqed <= 0 {
            return Err(PtoError::field("start", MSG_NO_TIME));
        }
        if !checked.pass {
            // A use rule names the field it is about: the first day, the hours, or the balance.
            let field = match checked.use_rule {
                Some(pto_engine::UseRule::Waiting) => "start",
                Some(pto_engine::UseRule::MinIncrement) => "endtime",
                Some(pto_engine::UseRule::YearlyUseCap) | None => "balance",
            };
            return Err(PtoError::field(field, checked.message.unwrap_or_default()));
        }
        let request = &command.request;
        let (start_time, end_time) = match request.partial {
            Some(partial) => (Some(hhmm(partial.start)), Some(hhmm(partial.end))),
            None => (None, None),
        };
        let saved = match existing {
            Some(row) => {
                let mut active = row.into_active_model();
                active.pto_type_id = Set(pto_type.id);
                active.start_date = Set(request.start);
                active.end_date = Set(request.end);
                active.partial = Set(request.partial.is_some());
                active.start_time = Set(start_time);
                active.end_time = Set(end_time);
                active.include_weekend = Set(request.include_weekend);
                active.reason = Set(command.reason.clone());
                active.updated_at = Set(now);
                active.update(&txn).await?
            }
            None => {
                requests::ActiveModel {
                    company_id: Set(ctx.company()),
                    employee_id: Set(person.id),
                    pto_type_id: Set(pto_type.id),
                    start_date: Set(request.start),
                    end_date: Set(request.end),
                    partial: Set(request.partial.is_some()),
                    start_time: Set(start_time),
                    end_time: Set(end_time),
                    include_weekend: Set(request.include_weekend),
                    reason: Set(command.reason.clone()),
                    status: Set(RequestStatus::Raised),
                    requested_by: Set(Some(ctx.actor())),
                    created_at: Set(now),
                    updated_at: Set(now),
                    ..Default::default()
                }
                .insert(&txn)
                .await?
            }
        };
        // A new request takes its type's approval path (or approves itself, or waits on anyone
        // who reaches the person, the rule before paths).
        let started = match command.id {
            Some(_) => None,
            None => {
                let new = NewRequest {
                    subject: Subject::time_off(saved.id),
                    target: Target::PtoType(pto_type.id),
                    employee: person.id,
                    requester: ctx.actor(),
                    minutes: checked.mins_reqed,
                    summary: super::mail::summary(&pto_type.name, checked.mins_reqed, request),
                    reason: command.reason.clone(),
                };
                Some(self.approvals.start(&txn, ctx, new).await?)
            }
        };
        let saved = if started == Some(Started::AutoApproved) {
            let mut active = saved.into_active_model();
            active.status = Set(RequestStatus::Approved);
            active.acted_at = Set(Some(now));
            active.act_comment = Set(Some(MSG_AUTO_APPROVED.to_owned()));
            active.update(&txn).await?
        } else {
            saved
        };
        if command.id.is_none() {
            webhooks::emit(&txn, ctx.company(), webhooks::Event::TimeOffRequested, super::webhook_data(&saved)).await?;
            if saved.status == RequestStatus::Approved {
                webhooks::emit(&txn, ctx.company(), webhooks::Event::TimeOffApproved, super::webhook_data(&saved))
                    .await?;
            }
        }
        txn.commit().await?;
        drop(_permit);
        let view = self.request_view(ctx, &saved).await?;
        match started {
            Some(Started::NoPath) => self.tell_approvers(ctx, &person, &view).await,
            Some(Started::Waiting { .. }) => self.approvals.wake_mail(),
            Some(Started::AutoApproved) | None => {}
        }
        Ok(view)
    }

    /// Refuses a request that shares a day with another pending or approved one of the person
    /// (two partial days of one day may share it when their hours do not meet).
    async fn check_overlap(&self, ctx: &TenantCtx, employee: UserId, command: &TimeOffCommand) -> Result<(), PtoError> {
        let request = &command.request;
        let mut query = requests::Entity::find()
            .filter(kernel::tenancy::same_company::<requests::Entity>(ctx.company()))
            .filter(requests::Column::EmployeeId.eq(employee))
            .filter(requests::Column::Status.is_in([RequestStatus::Raised, RequestStatus::Approved]))
            .filter(requests::Column::StartDate.lte(request.end))
            .filter(requests::Column::EndDate.gte(request.start))
            .order_by_asc(requests::Column::StartDate);
        if let Some(id) = command.id {
            query = query.filter(requests::Column::Id.ne(id));
        }
        for other in query.all(&self.db).await? {
            let theirs = engine_request(&other);
            if let (Some(mine), Some(theirs)) = (request.partial, theirs.partial) {
                if mine.end <= theirs.start || theirs.end <= mine.start {
                    continue;
                }
            }
            return Err(PtoError::field("start", overlap_message(other.start_date.max(request.start))));
        }
        Ok(())
    }
}

/// Whether the plan in force on `day` has an active rule for the type.
fn plan_has_type(input: &pto_engine::EmployeeInput, pto_type: PtoTypeId, day: NaiveDate) -> bool {
    let day = day.max(input.employment.start);
    input
        .plans
        .iter()
        .rev()
        .find(|assignment| assignment.from <= day)
        .and_then(|assignment| assignment.plan.as_ref())
        .and_then(|plan| plan.rule_for(pto_type.engine()))
        .is_some_and(|rule| rule.active)
}
