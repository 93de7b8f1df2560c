//! Birthdays and work anniversaries (spec 000 §2 /celebrations, /company-celebrations; 002 §3
//! "Celebration message", §7 "Celebrations"; 001 §3 birthday `MM/DD`, `lastStartDate`).
//!
//! - Who is celebrated: active employees only. A birthday is the `MM/DD` of the profile (no
//!   year is kept, so no age is ever shown); a work anniversary is each whole year since the
//!   latest start date (a rehire counts from the return).
//! - **29 February** in a common year is celebrated on 28 February: it stays in the person's
//!   birth month, and it is the day most people born then keep. The same holds for a start date
//!   on 29 February.
//! - The message sent is the first there is of: the one written for that person and kind, the
//!   company's for the kind, the system default ([`system_message`]). Messages are plain text
//!   with the placeholders `{firstname}`, `{lastname}`, `{years}` ("3 years") and `{company}`.
//! - Everyone reads who is celebrated next; managers write and send the messages of the people
//!   they reach, admins anyone's and the company's.
//! - The daily mail ([`CELEBRATIONS_JOB`]) goes out from 08:00 in each company's zone: the job runs
//!   every quarter hour, and for each company whose local time has passed 08:00 it mails the
//!   people celebrated that local day. A row in `celebration_sends` (unique per person, kind and
//!   day) is written in one transaction with the mail's row in the outbox (accounts'
//!   `mail::outbox`), so two servers, or a run repeated after a restart, queue it once, and a
//!   queued mail is never lost: the outbox sends it, and retries it while the mail server fails
//!   (a failed delivery is no longer this job's to repeat). A day missed entirely (no server ran
//!   from 08:00 to midnight) is not made up the next day: a birthday wish a day late reads as
//!   forgotten rather than kept.

use crate::entities::{
    celebration_messages as messages, celebration_sends as sends, company_celebration_messages as company_messages,
};
use crate::records::now;
use crate::{Hr, HrError};
use accounts::mail::OutgoingMail;
use accounts::people::read::{self, PeopleFilter, PersonOrder};
use accounts::Person;
use chrono::{DateTime, Datelike, Duration, NaiveDate, Timelike, Utc};
use kernel::time::{local_date, parse_time_zone, DEFAULT_TIME_ZONE};
use kernel::validation::check_text;
use kernel::{
    AdminCtx, CelebrationMessageId, CompanyCelebrationMessageId, EmploymentStatus, FieldErrors, ManagerCtx, TenantCtx,
    UserId,
};
use sea_orm::sea_query::OnConflict;
use sea_orm::{ActiveModelTrait, ActiveValue::Set, ColumnTrait, EntityTrait, IntoActiveModel, QueryFilter};
use serde::{Deserialize, Serialize};

/// The scheduler's name of the daily mail.
pub const CELEBRATIONS_JOB: &str = "hr-celebrations";
/// The local hour from which the day's mails go out.
pub const SEND_FROM_HOUR: u32 = 8;
/// How far ahead `next-celebrations` looks.
pub const UPCOMING_DAYS: i64 = 60;

pub const KIND_INVALID: &str = "Please choose Birthday or Anniversary";
pub const MESSAGE_MISSING: &str = "Please input the Message";
pub const MESSAGE_TOO_LONG: &str = "Please keep the message to 2,000 characters";
pub const TARGET_INVALID: &str = "Please choose employee or company";
const MAX_MESSAGE: usize = 2000;

/// What is celebrated.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    Birthday,
    Anniversary,
}

impl Kind {
    pub fn code(self) -> &'static str {
        match self {
            Kind::Birthday => "BIRTHDAY",
            Kind::Anniversary => "ANNIVERSARY",
        }
    }

    /// From the spec's type (case-insensitive).
    pub fn parse(value: Option<&str>) -> Result<Kind, FieldErrors> {
        match value.map(|value| value.trim().to_ascii_uppercase()).as_deref() {
            Some("BIRTHDAY") => Ok(Kind::Birthday),
            Some("ANNIVERSARY") => Ok(Kind::Anniversary),
            _ => Err(FieldErrors::single("type", KIND_INVALID)),
        }
    }
}

/// The system's default message of a kind (the same for the employee and company targets).
pub fn system_message(kind: Kind) -> &'static str {
    match kind {
        Kind::Birthday => "Happy birthday, {firstname}! Everyone at {company} wishes you a wonderful day.",
        Kind::Anniversary => {
            "Happy work anniversary, {firstname}! Thank you for {years} with {company}. We are glad you are on the team."
        }
    }
}

/// The day in `year` that a month and day fall on: 29 February is 28 February in a common year.
pub fn day_in_year(year: i32, month: u32, day: u32) -> Option<NaiveDate> {
    NaiveDate::from_ymd_opt(year, month, day).or_else(|| {
        if month == 2 && day == 29 {
            NaiveDate::from_ymd_opt(year, 2, 28)
        } else {
            None
        }
    })
}

/// `MM/DD` as (month, day).
pub fn parse_birthday(text: &str) -> Option<(u32, u32)> {
    let (month, day) = text.trim().split_once('/')?;
    let (month, day) = (month.trim().parse::<u32>().ok()?, day.trim().parse::<u32>().ok()?);
    // Any year that has the day (2000 has 29 February).
    NaiveDate::from_ymd_opt(2000, month, day).map(|_| (month, day))
}

/// A person's celebrations between two days, in order.
fn occurrences(person: &Person, first: NaiveDate, last: NaiveDate) -> Vec<(Kind, NaiveDate, Option<i32>)> {
    let mut found = Vec::new();
    for year in first.year()..=last.year() {
        if let Some(day) =
            person.birthday.as_deref().and_then(parse_birthday).and_then(|(m, d)| day_in_year(year, m, d))
        {
            if (first..=last).contains(&day) {
                found.push((Kind::Birthday, day, None));
            }
        }
        if let Some(start) = person.last_start_date {
            let years = year - start.year();
            if let Some(day) = day_in_year(year, start.month(), start.day()).filter(|_| years >= 1) {
                if (first..=last).contains(&day) {
                    found.push((Kind::Anniversary, day, Some(years)));
                }
            }
        }
    }
    found.sort_by_key(|(kind, day, _)| (*day, *kind));
    found
}

fn years_text(years: Option<i32>) -> String {
    match years {
        Some(1) => "1 year".to_owned(),
        Some(years) => format!("{years} years"),
        None => String::new(),
    }
}

/// The message with its placeholders filled in.
pub fn render(message: &str, person: &Person, company: &str, years: Option<i32>) -> String {
    message
        .replace("{firstname}", &person.first_name)
        .replace("{lastname}", &person.last_name)
        .replace("{years}", &years_text(years))
        .replace("{company}", company)
}

/// One upcoming celebration.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct Celebration {
    pub employee_id: i64,
    pub firstname: String,
    pub lastname: String,
    pub avatar: Option<String>,
    /// BIRTHDAY or ANNIVERSARY.
    #[serde(rename = "type")]
    pub kind: String,
    #[cfg_attr(feature = "openapi", schema(value_type = String, format = Date))]
    pub date: NaiveDate,
    /// ANNIVERSARY: whole years completed that day.
    pub years: Option<i32>,
    pub days_away: i64,
}

/// `GET /celebration/next-celebrations`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct NextCelebrations {
    pub celebrations: Vec<Celebration>,
}

/// A system default message.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SystemMessage {
    #[serde(rename = "type")]
    pub kind: String,
    pub target: String,
    pub message: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SystemMessages {
    pub messages: Vec<SystemMessage>,
}

/// A custom message as stored.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct CustomMessage {
    pub id: i64,
    pub employee_id: Option<i64>,
    #[serde(rename = "type")]
    pub kind: String,
    pub message: String,
}

/// A message slot: the custom message if any, and what would be sent.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct MessageSlot {
    /// Set for a person's message.
    pub employee_id: Option<i64>,
    #[serde(rename = "type")]
    pub kind: String,
    pub message: Option<CustomMessage>,
    /// The text in force, placeholders not filled in.
    pub effective: String,
    /// custom, company or system.
    pub source: String,
}

/// `POST /celebration/save-…-celebration-message` as sent.
#[derive(Debug, Clone, Default, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct MessageInput {
    #[serde(default, deserialize_with = "kernel::validation::lenient_i64")]
    pub employee_id: Option<i64>,
    #[serde(rename = "type")]
    pub kind: Option<String>,
    pub message: Option<String>,
}

/// A validated message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MessageCommand {
    pub employee: Option<UserId>,
    pub kind: Kind,
    pub message: String,
}

impl MessageCommand {
    pub fn parse(input: &MessageInput) -> Result<Self, FieldErrors> {
        let mut errors = FieldErrors::new();
        let kind = Kind::parse(input.kind.as_deref()).ok();
        if kind.is_none() {
            errors.add("type", KIND_INVALID);
        }
        let message = input.message.as_deref().unwrap_or("").trim().to_owned();
        if message.is_empty() {
            errors.add("message", MESSAGE_MISSING);
        } else if message.chars().count() > MAX_MESSAGE {
            errors.add("message", MESSAGE_TOO_LONG);
        } else if let Err(text) = check_text("message", &message) {
            errors.add("message", text);
        }
        match kind {
            Some(kind) if errors.is_empty() => {
                Ok(MessageCommand { employee: input.employee_id.map(UserId), kind, message })
            }
            _ => Err(errors),
        }
    }
}

/// What a run of the daily job did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CelebrationRun {
    /// Mails handed to the outbox (which sends them, and retries).
    pub queued: u64,
}

impl Hr {
    async fn active_people(&self, ctx: &TenantCtx) -> Result<Vec<Person>, HrError> {
        let mut people = read::people(&self.db, ctx, &PeopleFilter::active().ordered(PersonOrder::FirstName)).await?;
        people.retain(|person| person.birthday.is_some() || person.last_start_date.is_some());
        Ok(people)
    }

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

    /// Birthdays and anniversaries of active people on the days `first..=last`, by day.
    pub async fn celebrations_between(
        &self,
        ctx: &TenantCtx,
        first: NaiveDate,
        last: NaiveDate,
    ) -> Result<Vec<Celebration>, HrError> {
        let today = local_date(ctx.time_zone(), Utc::now());
        let mut found = Vec::new();
        for person in self.active_people(ctx).await? {
            for (kind, date, years) in occurrences(&person, first, last) {
                found.push(Celebration {
                    employee_id: person.id.0,
                    firstname: person.first_name.clone(),
                    lastname: person.last_name.clone(),
                    avatar: person.avatar.clone(),
                    kind: kind.code().to_owned(),
                    date,
                    years,
                    days_away: (date - today).num_days(),
                });
            }
        }
        found.sort_by(|a, b| a.date.cmp(&b.date).then(a.kind.cmp(&b.kind)));
        Ok(found)
    }

    /// `GET /celebration/next-celebrations`: today and the next [`UPCOMING_DAYS`] days.
    pub async fn next_celebrations(&self, ctx: &TenantCtx) -> Result<NextCelebrations, HrError> {
        let today = local_date(ctx.time_zone(), Utc::now());
        Ok(NextCelebrations {
            celebrations: self.celebrations_between(ctx, today, today + Duration::days(UPCOMING_DAYS)).await?,
        })
    }

    /// `GET /celebration/get-system-messages`.
    pub fn system_messages(&self, target: Option<&str>) -> Result<SystemMessages, HrError> {
        let target = match target.map(str::trim).filter(|target| !target.is_empty()) {
            None => "employee",
            Some(target) if target.eq_ignore_ascii_case("employee") => "employee",
            Some(target) if target.eq_ignore_ascii_case("company") => "company",
            Some(_) => return Err(HrError::field("target", TARGET_INVALID)),
        };
        Ok(SystemMessages {
            messages: [Kind::Birthday, Kind::Anniversary]
                .into_iter()
                .map(|kind| SystemMessage {
                    kind: kind.code().to_owned(),
                    target: target.to_owned(),
                    message: system_message(kind).to_owned(),
                })
                .collect(),
        })
    }

    async fn company_message(&self, ctx: &TenantCtx, kind: Kind) -> Result<Option<company_messages::Model>, HrError> {
        Ok(company_messages::Entity::find()
            .filter(kernel::tenancy::same_company::<company_messages::Entity>(ctx.company()))
            .filter(company_messages::Column::Kind.eq(kind.code()))
            .one(&self.db)
            .await?)
    }

    async fn person_message(
        &self,
        ctx: &TenantCtx,
        employee: UserId,
        kind: Kind,
    ) -> Result<Option<messages::Model>, HrError> {
        Ok(messages::Entity::find()
            .filter(kernel::tenancy::same_company::<messages::Entity>(ctx.company()))
            .filter(messages::Column::EmployeeId.eq(employee))
            .filter(messages::Column::Kind.eq(kind.code()))
            .one(&self.db)
            .await?)
    }

    fn company_slot(kind: Kind, row: Option<company_messages::Model>) -> MessageSlot {
        let (effective, source) = match &row {
            Some(row) => (row.message.clone(), "company"),
            None => (system_message(kind).to_owned(), "system"),
        };
        MessageSlot {
            employee_id: None,
            kind: kind.code().to_owned(),
            message: row.map(|row| CustomMessage {
                id: row.id.0,
                employee_id: None,
                kind: row.kind,
                message: row.message,
            }),
            effective,
            source: source.to_owned(),
        }
    }

    /// `GET /celebration/get-company-celebration-message`.
    pub async fn company_celebration_message(&self, ctx: &AdminCtx, kind: Kind) -> Result<MessageSlot, HrError> {
        Ok(Self::company_slot(kind, self.company_message(ctx, kind).await?))
    }

    /// `POST /celebration/save-company-celebration-message`.
    pub async fn save_company_celebration_message(
        &self,
        ctx: &AdminCtx,
        command: MessageCommand,
    ) -> Result<MessageSlot, HrError> {
        let _permit = self.gate.enter().await;
        let row = match self.company_message(ctx, command.kind).await? {
            Some(row) => {
                let mut active = row.into_active_model();
                active.message = Set(command.message);
                active.updated_by = Set(Some(ctx.actor()));
                active.updated_at = Set(now());
                active.update(&self.db).await?
            }
            None => {
                company_messages::ActiveModel {
                    company_id: Set(ctx.company()),
                    kind: Set(command.kind.code().to_owned()),
                    message: Set(command.message),
                    updated_by: Set(Some(ctx.actor())),
                    updated_at: Set(now()),
                    ..Default::default()
                }
                .insert(&self.db)
                .await?
            }
        };
        Ok(Self::company_slot(command.kind, Some(row)))
    }

    /// `GET /celebration/delete-custom-company-celebration-message`: back to the system default.
    pub async fn delete_company_celebration_message(
        &self,
        ctx: &AdminCtx,
        id: CompanyCelebrationMessageId,
    ) -> Result<i64, HrError> {
        let _permit = self.gate.enter().await;
        let done = company_messages::Entity::delete_many()
            .filter(kernel::tenancy::same_company::<company_messages::Entity>(ctx.company()))
            .filter(company_messages::Column::Id.eq(id))
            .exec(&self.db)
            .await?;
        if done.rows_affected == 0 {
            return Err(HrError::NotFound);
        }
        Ok(id.0)
    }

    async fn person_slot(&self, ctx: &TenantCtx, employee: UserId, kind: Kind) -> Result<MessageSlot, HrError> {
        let own = self.person_message(ctx, employee, kind).await?;
        let mut slot = match &own {
            Some(row) => MessageSlot {
                employee_id: Some(employee.0),
                kind: kind.code().to_owned(),
                message: None,
                effective: row.message.clone(),
                source: "custom".to_owned(),
            },
            None => {
                let mut slot = Self::company_slot(kind, self.company_message(ctx, kind).await?);
                slot.message = None;
                slot.employee_id = Some(employee.0);
                slot
            }
        };
        slot.message = own.map(|row| CustomMessage {
            id: row.id.0,
            employee_id: Some(row.employee_id.0),
            kind: row.kind,
            message: row.message,
        });
        Ok(slot)
    }

    /// `GET /celebration/get-celebration-message`: one person's message of a kind.
    pub async fn celebration_message(
        &self,
        ctx: &ManagerCtx,
        employee: UserId,
        kind: Kind,
    ) -> Result<MessageSlot, HrError> {
        let person = self.accounts.employee_in_scope(ctx, employee).await?;
        self.person_slot(ctx, person.id, kind).await
    }

    /// `POST /celebration/save-celebration-message`.
    pub async fn save_celebration_message(
        &self,
        ctx: &ManagerCtx,
        command: MessageCommand,
    ) -> Result<MessageSlot, HrError> {
        let employee = command.employee.ok_or_else(|| HrError::field("employeeId", "Please choose an employee"))?;
        let person = self.accounts.employee_in_scope(ctx, employee).await?;
        {
            let _permit = self.gate.enter().await;
            match self.person_message(ctx, person.id, command.kind).await? {
                Some(row) => {
                    let mut active = row.into_active_model();
                    active.message = Set(command.message);
                    active.updated_by = Set(Some(ctx.actor()));
                    active.updated_at = Set(now());
                    active.update(&self.db).await?;
                }
                None => {
                    messages::ActiveModel {
                        company_id: Set(ctx.company()),
                        employee_id: Set(person.id),
                        kind: Set(command.kind.code().to_owned()),
                        message: Set(command.message),
                        updated_by: Set(Some(ctx.actor())),
                        updated_at: Set(now()),
                        ..Default::default()
                    }
                    .insert(&self.db)
                    .await?;
                }
            }
        }
        self.person_slot(ctx, person.id, command.kind).await
    }

    /// `GET /celebration/delete-custom-celebration-message`.
    pub async fn delete_celebration_message(&self, ctx: &ManagerCtx, id: CelebrationMessageId) -> Result<i64, HrError> {
        let row = messages::Entity::find_by_id(id)
            .filter(kernel::tenancy::same_company::<messages::Entity>(ctx.company()))
            .one(&self.db)
            .await?
            .ok_or(HrError::NotFound)?;
        self.accounts.employee_in_scope(ctx, row.employee_id).await?;
        let _permit = self.gate.enter().await;
        messages::Entity::delete_many()
            .filter(kernel::tenancy::same_company::<messages::Entity>(ctx.company()))
            .filter(messages::Column::Id.eq(row.id))
            .exec(&self.db)
            .await?;
        Ok(row.id.0)
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

    /// One run of the daily celebration mail over every company (see the module docs).
    pub async fn send_celebrations(&self, now: DateTime<Utc>) -> Result<CelebrationRun, HrError> {
        let mut run = CelebrationRun::default();
        for company in read::companies(&self.db, None).await? {
            let zone = parse_time_zone(&company.time_zone).unwrap_or(DEFAULT_TIME_ZONE);
            if now.with_timezone(&zone).hour() < SEND_FROM_HOUR {
                continue;
            }
            let ctx = TenantCtx::for_job(company.id, zone);
            let today = local_date(zone, now);
            for person in self.celebrated_on(&ctx, today).await? {
                for (kind, _, years) in occurrences(&person, today, today) {
                    if self.queue_celebration(&ctx, &person, kind, years, today, now).await? {
                        run.queued += 1;
                    }
                }
            }
        }
        if run.queued > 0 {
            self.accounts.wake_mail_sender();
        }
        Ok(run)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap()
    }

    fn person(birthday: Option<&str>, start: Option<NaiveDate>) -> Person {
        Person {
            id: UserId(1),
            company_id: Some(kernel::CompanyId(1)),
            email: "ann@example.com".into(),
            first_name: "Ann".into(),
            last_name: "Lee".into(),
            role: kernel::Role::Employee,
            manager_id: None,
            job_role_id: None,
            status: EmploymentStatus::Active,
            email_verified_at: None,
            avatar: None,
            phone: None,
            birthday: birthday.map(str::to_owned),
            address: None,
            city: None,
            state: None,
            zip: None,
            last_start_date: start,
            last_termination_date: None,
            has_password: false,
            sso_linked_at: None,
            last_login_at: None,
            created_at: Utc::now(),
            updated_at: Utc::now(),
        }
    }

    #[test]
    fn leap_day_birthdays_fall_on_28_february_in_common_years() {
        let leap = person(Some("02/29"), None);
        assert_eq!(
            occurrences(&leap, day(2027, 2, 1), day(2027, 3, 31)),
            vec![(Kind::Birthday, day(2027, 2, 28), None)]
        );
        assert_eq!(
            occurrences(&leap, day(2028, 2, 1), day(2028, 3, 31)),
            vec![(Kind::Birthday, day(2028, 2, 29), None)]
        );
        assert_eq!(parse_birthday("13/01"), None);
        assert_eq!(parse_birthday("02/30"), None);
    }

    #[test]
    fn anniversaries_count_whole_years_from_the_latest_start() {
        let ann = person(Some("12/31"), Some(day(2023, 12, 31)));
        assert_eq!(
            occurrences(&ann, day(2026, 12, 25), day(2027, 1, 5)),
            vec![(Kind::Birthday, day(2026, 12, 31), None), (Kind::Anniversary, day(2026, 12, 31), Some(3))]
        );
        // Not on the start day itself.
        assert!(occurrences(&ann, day(2023, 12, 31), day(2023, 12, 31))
            .iter()
            .all(|(kind, ..)| *kind == Kind::Birthday));
        let text = render(system_message(Kind::Anniversary), &ann, "Acme", Some(3));
        assert!(text.contains("Ann") && text.contains("3 years with Acme"), "{text}");
    }
}
