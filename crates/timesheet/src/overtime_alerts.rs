//! Overtime alerts by e-mail (issue 37): for companies that turned them on (Settings → Time &
//! Overtime), a job every few minutes mails each clocked-in person's manager (their admins when
//! they have none) once when the person's shift goes into overtime, and once before, when it
//! would by their usual end — what the dashboard's 'Approaching overtime' card shows, for a
//! manager who is not looking at it.
//!
//! Once per person, shift and kind: the guard's row (`overtime_alerts`, unique on the person, the
//! shift's start and the kind) and the mail's row in the outbox are written in one transaction,
//! so a second run, or another server's, changes nothing.

use crate::entities::overtime_alerts as alerts;
use crate::error::TimesheetError;
use crate::pay_hours::OvertimeNow;
use crate::service::TimesheetService;
use accounts::mail::OutgoingMail;
use accounts::people::read::{self, PeopleFilter};
use accounts::Person;
use chrono::{DateTime, Utc};
use clock::machine::ClockState;
use kernel::time::{local_date, parse_time_zone, start_of_day, DEFAULT_TIME_ZONE};
use kernel::{EmploymentStatus, Role, TenantCtx, UserId};
use sea_orm::sea_query::OnConflict;
use sea_orm::{ActiveValue::Set, EntityTrait};

/// The job's name on the scheduler.
pub const OVERTIME_ALERT_JOB: &str = "overtime-alerts";

/// What an alert says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AlertKind {
    /// The running shift is paid at overtime (or double time) now.
    InOvertime = 1,
    /// It will be, if the person stays until their usual end.
    Approaching = 2,
}

impl AlertKind {
    pub fn code(self) -> i16 {
        self as i16
    }
}

/// What a run of the job did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct AlertRun {
    /// Mails handed to the outbox (which sends them, and retries).
    pub queued: u64,
}

fn clock_time(at: DateTime<Utc>, zone: chrono_tz::Tz) -> String {
    at.with_timezone(&zone).format("%H:%M").to_string()
}

/// The alert's subject and text.
fn wording(person: &Person, kind: AlertKind, now: &OvertimeNow, zone: chrono_tz::Tz) -> (String, String) {
    let name = person.full_name();
    match (kind, now.since, now.expected_at, now.usual_end) {
        (AlertKind::InOvertime, Some(since), _, _) => {
            let subject = format!("{name} is in overtime since {}", clock_time(since, zone));
            let text = format!(
                "{name} is still clocked in and has been paid at the overtime rate since {}, by your company's overtime rules.\n\nThe dashboard's 'Approaching overtime' card lists everyone in or near overtime.",
                clock_time(since, zone)
            );
            (subject, text)
        }
        (_, _, Some(expected), usual_end) => {
            let until =
                usual_end.map(|end| format!(" if they stay until {}", clock_time(end, zone))).unwrap_or_default();
            let subject = format!("{name} will be in overtime from {}{until}", clock_time(expected, zone));
            let text = format!(
                "{name} is clocked in and will be paid at the overtime rate from {}{until} (their usual end), by your company's overtime rules.\n\nThe dashboard's 'Approaching overtime' card lists everyone in or near overtime.",
                clock_time(expected, zone)
            );
            (subject, text)
        }
        _ => (format!("{name} is near overtime"), format!("{name} is near overtime.")),
    }
}

impl TimesheetService {
    /// One run of the overtime alerts over every company that turned them on.
    pub async fn send_overtime_alerts(&self, now: DateTime<Utc>) -> Result<AlertRun, TimesheetError> {
        let mut run = AlertRun::default();
        let alerting = clock::settings::alerting_companies(&self.db).await?;
        if alerting.is_empty() {
            return Ok(run);
        }
        for company in read::companies(&self.db, Some(&alerting)).await? {
            let zone = parse_time_zone(&company.time_zone).unwrap_or(DEFAULT_TIME_ZONE);
            let ctx = TenantCtx::for_job(company.id, zone);
            let people = read::people(&self.db, &ctx, &PeopleFilter::active()).await?;
            let ids: Vec<UserId> = people.iter().map(|person| person.id).collect();
            let clocks =
                clock::store::current_clocks(&self.db, company.id, &ids, start_of_day(zone, local_date(zone, now)))
                    .await?;
            let running: Vec<(UserId, DateTime<Utc>)> = ids
                .iter()
                .filter_map(|id| {
                    let clock = clocks.get(id)?;
                    let open = matches!(clock.state, ClockState::ClockedIn | ClockState::OnBreak);
                    Some((*id, clock.since.filter(|_| open)?))
                })
                .collect();
            if running.is_empty() {
                continue;
            }
            let policy = self.overtime_policy(&ctx).await?;
            let states = self.overtime_now(&ctx, &policy, &running).await?;
            let admins: Vec<&Person> = people.iter().filter(|person| person.role == Role::Admin).collect();
            for person in &people {
                let (Some(state), Some(shift_start)) =
                    (states.get(&person.id), clocks.get(&person.id).and_then(|clock| clock.since))
                else {
                    continue;
                };
                let kind = match (state.since, state.expected_at) {
                    (Some(_), _) => AlertKind::InOvertime,
                    (None, Some(_)) => AlertKind::Approaching,
                    (None, None) => continue,
                };
                // Their manager, or the company's admins when they have none (never themselves).
                let manager = person
                    .manager_id
                    .and_then(|id| people.iter().find(|one| one.id == id && one.status == EmploymentStatus::Active));
                let recipients: Vec<&Person> = match manager {
                    Some(manager) => vec![manager],
                    None => admins.iter().copied().filter(|admin| admin.id != person.id).collect(),
                };
                if recipients.is_empty() {
                    continue;
                }
                let (subject, text) = wording(person, kind, state, zone);
                let mails: Vec<OutgoingMail> = recipients
                    .into_iter()
                    .map(|recipient| OutgoingMail {
                        company: Some(company.id),
                        to_email: recipient.email.clone(),
                        to_name: recipient.full_name(),
                        subject: subject.clone(),
                        text: text.clone(),
                    })
                    .collect();
                if self.queue_alert(&ctx, person.id, shift_start, kind, &mails, now).await? {
                    run.queued += mails.len() as u64;
                }
            }
        }
        if run.queued > 0 {
            self.accounts.wake_mail_sender();
        }
        Ok(run)
    }

    /// Claims the alert and queues its mails in one transaction; whether this run sent it.
    async fn queue_alert(
        &self,
        ctx: &TenantCtx,
        employee: UserId,
        shift_start: DateTime<Utc>,
        kind: AlertKind,
        mails: &[OutgoingMail],
        now: DateTime<Utc>,
    ) -> Result<bool, TimesheetError> {
        let _permit = self.gate.enter().await;
        let txn = kernel::begin_write(&self.db).await?;
        let guard = alerts::ActiveModel {
            company_id: Set(ctx.company()),
            employee_id: Set(employee),
            shift_start: Set(shift_start),
            kind: Set(kind.code()),
            sent_at: Set(now),
            ..Default::default()
        };
        let claimed = alerts::Entity::insert(guard)
            .on_conflict(
                OnConflict::columns([alerts::Column::EmployeeId, alerts::Column::ShiftStart, alerts::Column::Kind])
                    .do_nothing()
                    .to_owned(),
            )
            .exec_without_returning(&txn)
            .await?;
        if claimed == 0 {
            return Ok(false);
        }
        self.accounts.enqueue_mail_in(&txn, mails).await?;
        txn.commit().await?;
        Ok(true)
    }
}
