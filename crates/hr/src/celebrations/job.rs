//! The celebration mails: the daily job ([`super::CELEBRATIONS_JOB`]) that queues each company's
//! mails of the day once, and `email-now`, a wish sent by hand.

use super::{day_in_year, occurrences, render, Kind};
use crate::entities::celebration_sends as sends;
use crate::{Hr, HrError};
use accounts::mail::OutgoingMail;
use accounts::people::read;
use accounts::Person;
use chrono::{DateTime, Datelike, NaiveDate, Utc};
use chrono_tz::Tz;
use kernel::time::{local_date, parse_time_zone, DEFAULT_TIME_ZONE};
use kernel::{CompanyId, EmploymentStatus, ManagerCtx, TenantCtx, UserId};
use sea_orm::sea_query::OnConflict;
use sea_orm::{ActiveValue::Set, EntityTrait};

/// What a run of the daily job did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CelebrationRun {
    /// Mails handed to the outbox (which sends them, and retries).
    pub queued: u64,
}

impl Hr {
    /// The active people celebrated on `day`: the database picks them (birthdays by their
    /// `MM/DD`, anniversaries by the start dates a whole number of years before), so the job that
    /// runs every quarter hour reads a handful of rows per company, not the whole staff.
    async fn celebrated_on(&self, ctx: &TenantCtx, day: NaiveDate) -> Result<Vec<Person>, HrError> {
        let leap_day_too = day.month() == 2 && day.day() == 28 && NaiveDate::from_ymd_opt(day.year(), 2, 29).is_none();
        let mut birthdays = vec![day.format("%m/%d").to_string()];
        let mut starts: Vec<NaiveDate> =
            (1..=100).filter_map(|back| day_in_year(day.year() - back, day.month(), day.day())).collect();
        if leap_day_too {
            birthdays.push("02/29".to_owned());
            starts.extend((1..=100).filter_map(|back| NaiveDate::from_ymd_opt(day.year() - back, 2, 29)));
        }
        Ok(read::active_people_born_or_started_on(&self.db, ctx, &birthdays, &starts).await?)
    }

    /// The mail of a person's celebration, with the message in force.
    async fn celebration_mail(
        &self,
        ctx: &TenantCtx,
        person: &Person,
        kind: Kind,
        years: Option<i32>,
    ) -> Result<OutgoingMail, HrError> {
        let company = self.accounts.company_name(ctx).await?;
        let slot = self.person_slot(ctx, person.id, kind).await?;
        let subject = match kind {
            Kind::Birthday => format!("Happy birthday, {}!", person.first_name),
            Kind::Anniversary => format!("Happy work anniversary, {}!", person.first_name),
        };
        Ok(OutgoingMail {
            company: Some(ctx.company()),
            to_email: person.email.clone(),
            to_name: person.full_name(),
            subject,
            text: render(&slot.effective, person, &company, years),
        })
    }

    /// `POST /celebration/email-now`: mails a person their message of a kind now (a wish sent by
    /// hand, on the day or late); the daily mail still goes out on the day.
    pub async fn email_celebration_now(&self, ctx: &ManagerCtx, employee: UserId, kind: Kind) -> Result<u64, HrError> {
        let person = self.accounts.employee_in_scope(ctx, employee).await?;
        if person.status != EmploymentStatus::Active {
            return Err(HrError::field("employeeId", "Please choose an active employee"));
        }
        let today = local_date(ctx.time_zone(), Utc::now());
        let years = person.last_start_date.map(|start| {
            let this_year = day_in_year(today.year(), start.month(), start.day()).unwrap_or(today);
            today.year() - start.year() - i32::from(this_year > today)
        });
        let mail = self.celebration_mail(ctx, &person, kind, years.filter(|years| *years >= 1)).await?;
        self.accounts.notify(mail).await;
        Ok(1)
    }

    /// Queues a person's mail of a kind for `today` unless it was queued already: the guard's
    /// row and the mail's row in the outbox are written in one transaction, so they exist
    /// together or not at all. Whether this run queued it.
    async fn queue_celebration(
        &self,
        ctx: &TenantCtx,
        person: &Person,
        kind: Kind,
        years: Option<i32>,
        today: NaiveDate,
        now: DateTime<Utc>,
    ) -> Result<bool, HrError> {
        let _permit = self.gate.enter().await;
        let txn = kernel::begin_write(&self.db).await?;
        let guard = sends::ActiveModel {
            company_id: Set(ctx.company()),
            employee_id: Set(person.id),
            kind: Set(kind.code().to_owned()),
            day: Set(today),
            sent_at: Set(now),
            ..Default::default()
        };
        // Another server's run, or an earlier one, has it: the unique index answers.
        let claimed = sends::Entity::insert(guard)
            .on_conflict(
                OnConflict::columns([sends::Column::EmployeeId, sends::Column::Kind, sends::Column::Day])
                    .do_nothing()
                    .to_owned(),
            )
            .exec_without_returning(&txn)
            .await?;
        if claimed == 0 {
            return Ok(false);
        }
        let mail = self.celebration_mail(ctx, person, kind, years).await?;
        self.accounts.enqueue_mail_in(&txn, &[mail]).await?;
        txn.commit().await?;
        Ok(true)
    }

    /// One run of the daily celebration mail over every company (see the `celebrations`
    /// module's docs).
    pub async fn send_celebrations(&self, now: DateTime<Utc>) -> Result<CelebrationRun, HrError> {
        let mut run = CelebrationRun::default();
        for (company, zone) in self.celebration_companies().await? {
            if kernel::time::morning_mail_due(zone, now) {
                run.queued += self.send_company_celebrations(company, now).await?.queued;
            }
        }
        Ok(run)
    }

    /// Every company with its zone: the scheduler makes each due from [`super::SEND_FROM_HOUR`] in its
    /// own zone, once a day.
    pub async fn celebration_companies(&self) -> Result<Vec<(CompanyId, Tz)>, HrError> {
        Ok(read::companies(&self.db, None)
            .await?
            .into_iter()
            .map(|company| (company.id, parse_time_zone(&company.time_zone).unwrap_or(DEFAULT_TIME_ZONE)))
            .collect())
    }

    /// One company's mails of its day as of `now` (a batch of the daily job): each queued once,
    /// however often this runs (the sends are unique per person, kind and year).
    pub async fn send_company_celebrations(
        &self,
        company: CompanyId,
        now: DateTime<Utc>,
    ) -> Result<CelebrationRun, HrError> {
        let mut run = CelebrationRun::default();
        let Some(company) = read::companies(&self.db, Some(&[company])).await?.into_iter().next() else {
            return Ok(run);
        };
        let zone = parse_time_zone(&company.time_zone).unwrap_or(DEFAULT_TIME_ZONE);
        let company = company.id;
        let ctx = TenantCtx::for_job(company, zone);
        let today = local_date(zone, now);
        for person in self.celebrated_on(&ctx, today).await? {
            for (kind, _, years) in occurrences(&person, today, today) {
                if self.queue_celebration(&ctx, &person, kind, years, today, now).await? {
                    run.queued += 1;
                }
            }
        }
        if run.queued > 0 {
            self.accounts.wake_mail_sender();
        }
        Ok(run)
    }
}
