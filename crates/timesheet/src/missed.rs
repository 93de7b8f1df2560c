//! Missed punches (issue 40): the job that closes forgotten shifts provisionally and asks the
//! person and their manager to correct them, the managers' list of missed punches, and
//! "accept as is". The close itself is the clock's (`clock::missed`); a correction through the
//! timesheet's edits ('Edit Now', an approved edit request) settles it too.
//!
//! Once per shift: the close is a compare-and-set on the shift being open, and its mails are
//! queued in the same transaction, so a second run, or another server's, changes nothing.

use crate::error::TimesheetError;
use crate::service::TimesheetService;
use crate::views::EntryView;
use accounts::mail::OutgoingMail;
use accounts::people::read::{self, PeopleFilter};
use accounts::Person;
use chrono::{DateTime, Duration, Utc};
use clock::missed::{ClosedShift, MissedPunch};
use kernel::time::{parse_time_zone, DEFAULT_TIME_ZONE};
use kernel::{CompanyId, EmploymentStatus, EntryId, ManagerCtx, Role, TenantCtx, UserId};
use serde::Serialize;
use std::collections::BTreeMap;

/// The job's name on the scheduler.
pub const MISSED_PUNCH_JOB: &str = "missed-punches";

/// No company's longest shift is shorter: open shifts younger than this are not looked at.
const SHORTEST_MAX_SHIFT_MINUTES: i64 = 4 * 60;

/// A person with no ended shift in the last five weeks is taken to work this long (8 hours).
pub const USUAL_LENGTH_WITHOUT_HISTORY: i64 = 8 * 60;

/// What a run of the job did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct MissedRun {
    pub closed: u64,
    /// People reminded that they are still clocked in after their usual end.
    pub reminded: u64,
    /// Mails handed to the outbox.
    pub queued: u64,
}

/// A missed punch waiting for a manager.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct MissedPunchView {
    /// The shift (its tracking number).
    pub entry_id: i64,
    pub employee_id: i64,
    pub firstname: String,
    pub lastname: String,
    pub start: DateTime<Utc>,
    /// Where it was closed: its last known activity.
    pub end: Option<DateTime<Utc>>,
    /// `clock_out` or `break_end`.
    pub kind: String,
    /// "missed clock-out" or "missed break end".
    pub text: String,
}

/// The missed punches of a manager's people.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct MissedPunches {
    pub missed: Vec<MissedPunchView>,
}

fn local(at: DateTime<Utc>, zone: chrono_tz::Tz) -> String {
    at.with_timezone(&zone).format("%A, %B %-d at %-I:%M %p").to_string()
}

/// The mails of a closed shift: the person, and their manager (the admins when they have none).
fn mails(closed: &ClosedShift, people: &[Person], zone: chrono_tz::Tz) -> Vec<OutgoingMail> {
    let Some(person) = people.iter().find(|person| person.id == closed.employee) else { return Vec::new() };
    let what = closed.missed.text();
    let name = person.full_name();
    let started = local(closed.start, zone);
    let at = closed.end.with_timezone(&zone).format("%-I:%M %p").to_string();
    let mut mails = vec![OutgoingMail {
        company: Some(closed.company),
        to_email: person.email.clone(),
        to_name: name.clone(),
        subject: format!("Your shift was closed: {what}"),
        text: format!(
            "Your shift that began {started} was still open when it reached your company's longest shift, so Timekeep closed it at its last known activity ({at}) and marked it \"{what}\".\n\nPlease send an edit request with the time you really stopped, from your timesheet. Until your manager corrects it or accepts it, it is paid in no payroll file."
        ),
    }];
    let manager = person
        .manager_id
        .and_then(|id| people.iter().find(|one| one.id == id && one.status == EmploymentStatus::Active));
    let recipients: Vec<&Person> = match manager {
        Some(manager) => vec![manager],
        None => people
            .iter()
            .filter(|one| one.role == Role::Admin && one.status == EmploymentStatus::Active && one.id != person.id)
            .collect(),
    };
    mails.extend(recipients.into_iter().map(|recipient| OutgoingMail {
        company: Some(closed.company),
        to_email: recipient.email.clone(),
        to_name: recipient.full_name(),
        subject: format!("{name}'s shift was closed: {what}"),
        text: format!(
            "{name}'s shift that began {started} was still open at the company's longest shift, so Timekeep closed it at its last known activity ({at}) and marked it \"{what}\".\n\nCorrect it, or accept it as is, from the inbox (Missed punches). Until then the pay period's payroll file waits for it."
        ),
    }));
    mails
}

impl TimesheetService {
    /// One run of the missed-punch job over every company.
    pub async fn close_missed_punches(&self, now: DateTime<Utc>) -> Result<MissedRun, TimesheetError> {
        let mut run = MissedRun::default();
        let candidates =
            clock::missed::open_since(&self.db, now - Duration::minutes(SHORTEST_MAX_SHIFT_MINUTES)).await?;
        let mut by_company: BTreeMap<CompanyId, Vec<(EntryId, DateTime<Utc>)>> = BTreeMap::new();
        for (company, entry, start) in candidates {
            by_company.entry(company).or_default().push((entry, start));
        }
        let ids: Vec<CompanyId> = by_company.keys().copied().collect();
        for company in read::companies(&self.db, Some(&ids)).await? {
            let Some(shifts) = by_company.get(&company.id) else { continue };
            let settings = clock::settings::load(&self.db, company.id).await?;
            let overdue: Vec<EntryId> = shifts
                .iter()
                .filter(|(_, start)| *start + Duration::minutes(settings.max_shift_minutes) <= now)
                .map(|(entry, _)| *entry)
                .collect();
            if overdue.is_empty() {
                continue;
            }
            let zone = parse_time_zone(&company.time_zone).unwrap_or(DEFAULT_TIME_ZONE);
            let ctx = TenantCtx::for_job(company.id, zone);
            let people = read::people(&self.db, &ctx, &PeopleFilter::default()).await?;
            for entry in overdue {
                let _permit = self.gate.enter().await;
                let txn = kernel::begin_write(&self.db).await?;
                let Some(closed) = clock::missed::close_provisionally(&txn, company.id, entry, zone, now).await? else {
                    continue;
                };
                let mails = mails(&closed, &people, zone);
                self.accounts.enqueue_mail_in(&txn, &mails).await?;
                txn.commit().await?;
                run.closed += 1;
                run.queued += mails.len() as u64;
            }
        }
        self.remind_late_clock_outs(now, &mut run).await?;
        if run.queued > 0 {
            self.accounts.wake_mail_sender();
        }
        Ok(run)
    }

    /// The reminder of the companies that ask for it: a person still clocked in the company's
    /// minutes after their usual end ([`USUAL_LENGTH_WITHOUT_HISTORY`] without a history) is
    /// mailed once per shift (a compare-and-set on the shift, with the mail in its transaction).
    async fn remind_late_clock_outs(&self, now: DateTime<Utc>, run: &mut MissedRun) -> Result<(), TimesheetError> {
        let mut due: BTreeMap<CompanyId, Vec<(EntryId, UserId, DateTime<Utc>)>> = BTreeMap::new();
        for (company, entry, employee, start, minutes) in clock::missed::unreminded_open(&self.db).await? {
            let usual = clock::missed::usual_length(&self.db, company, employee, start)
                .await?
                .unwrap_or(Duration::minutes(USUAL_LENGTH_WITHOUT_HISTORY));
            if start + usual + Duration::minutes(minutes) <= now {
                due.entry(company).or_default().push((entry, employee, start + usual));
            }
        }
        let ids: Vec<CompanyId> = due.keys().copied().collect();
        for company in read::companies(&self.db, Some(&ids)).await? {
            let Some(shifts) = due.get(&company.id) else { continue };
            let zone = parse_time_zone(&company.time_zone).unwrap_or(DEFAULT_TIME_ZONE);
            let ctx = TenantCtx::for_job(company.id, zone);
            let people = read::people(&self.db, &ctx, &PeopleFilter::default()).await?;
            for (entry, employee, usual_end) in shifts {
                let Some(person) = people.iter().find(|person| person.id == *employee) else { continue };
                let _permit = self.gate.enter().await;
                let txn = kernel::begin_write(&self.db).await?;
                if !clock::missed::mark_end_reminded(&txn, company.id, *entry, now).await? {
                    continue;
                }
                let mail = OutgoingMail {
                    company: Some(company.id),
                    to_email: person.email.clone(),
                    to_name: person.full_name(),
                    subject: "You are still clocked in".to_owned(),
                    text: format!(
                        "You are still clocked in. Your shift usually ends around {}.\n\nIf you have stopped working, clock out now. If you forgot earlier, clock out and send an edit request with the time you really stopped, from your timesheet.",
                        usual_end.with_timezone(&zone).format("%-I:%M %p")
                    ),
                };
                self.accounts.enqueue_mail_in(&txn, std::slice::from_ref(&mail)).await?;
                txn.commit().await?;
                run.reminded += 1;
                run.queued += 1;
            }
        }
        Ok(())
    }

    /// The missed punches of the people the manager reaches (their own aside: nobody settles
    /// their own), oldest first.
    pub async fn missed_punches(&self, ctx: &ManagerCtx) -> Result<MissedPunches, TimesheetError> {
        let people = read::people_in_reach(&self.db, ctx, &PeopleFilter::default().except(ctx.actor())).await?;
        let ids: Vec<UserId> = people.iter().map(|person| person.id).collect();
        let shifts = clock::missed::unsettled(&self.db, ctx.company(), Some(&ids), None).await?;
        Ok(MissedPunches {
            missed: shifts
                .into_iter()
                .filter_map(|shift| {
                    let person = people.iter().find(|person| person.id == shift.entry.employee_id)?;
                    let kind = MissedPunch::from_code(shift.entry.missed)?;
                    Some(MissedPunchView {
                        entry_id: shift.entry.id.0,
                        employee_id: person.id.0,
                        firstname: person.first_name.clone(),
                        lastname: person.last_name.clone(),
                        start: shift.entry.start_at,
                        end: shift.entry.end_at,
                        kind: kind.key().to_owned(),
                        text: kind.text().to_owned(),
                    })
                })
                .collect(),
        })
    }

    /// "Accept as is": the provisional close stands, and the shift counts again.
    pub async fn accept_missed(&self, ctx: &ManagerCtx, entry: EntryId) -> Result<EntryView, TimesheetError> {
        let (shift, employee) = self.shift_in_scope(ctx, entry).await?;
        if employee.id == ctx.actor() {
            return Err(TimesheetError::OwnRequest);
        }
        let settled = {
            let _permit = self.gate.enter().await;
            clock::missed::settle(&self.db, ctx.company(), shift.entry.id, ctx.actor(), clock::now()).await?
        };
        if !settled {
            return Err(TimesheetError::Conflict("This shift has no missed punch waiting for a decision.".to_owned()));
        }
        self.view_of(ctx, entry).await
    }

    /// The unsettled missed punches of `employees` (all the caller reaches when `None`) in a
    /// range of instants: the payroll file of a period waits for them.
    pub async fn unsettled_missed(
        &self,
        ctx: &ManagerCtx,
        employees: Option<&[UserId]>,
        from: DateTime<Utc>,
        to: DateTime<Utc>,
    ) -> Result<Vec<(String, DateTime<Utc>)>, TimesheetError> {
        let people = read::people_in_reach(&self.db, ctx, &PeopleFilter::default()).await?;
        let shifts = clock::missed::unsettled(&self.db, ctx.company(), employees, Some((from, to))).await?;
        Ok(shifts
            .into_iter()
            .filter_map(|shift| {
                let person = people.iter().find(|person| person.id == shift.entry.employee_id)?;
                Some((person.full_name(), shift.entry.start_at))
            })
            .collect())
    }
}
