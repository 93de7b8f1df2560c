//! The import itself: the company and its people brought up to date in one transaction (the
//! rules are in the module root's docs).

use super::candidates::{apply_agency, check_rows};
use super::types::{FailedPerson, ImportCommand, ImportOutcome, ImportReport, ImportedPerson};
use super::{IMPORTED_MESSAGE, NOT_SET_UP, RACED, TERMINATED};
use crate::activities::{record, ActivityType};
use crate::commands::EMAIL_TAKEN_MESSAGE;
use crate::entities::agencyzoom_links;
use crate::{Hr, HrError};
use accounts::people::read::{self, PeopleFilter};
use accounts::people::write::{self, CompanyChange, NewPerson, PersonChange};
use accounts::{JobRole, Person};
use chrono::Utc;
use kernel::time::local_date;
use kernel::validation::fold_case;
use kernel::{AdminCtx, EmploymentStatus, JobRoleId, UserId};
use sea_orm::{ActiveModelTrait, ActiveValue::Set, EntityTrait, QueryFilter};
use std::collections::{HashMap, HashSet};

impl Hr {
    /// `POST /manage/import-agencyzoom`: see the `agencyzoom` module's docs.
    pub async fn import_from_agencyzoom(
        &self,
        ctx: &AdminCtx,
        command: ImportCommand,
    ) -> Result<ImportReport, HrError> {
        let client = self.agencyzoom.as_ref().ok_or_else(|| HrError::Conflict(NOT_SET_UP.to_owned()))?;
        let snapshot = client.snapshot(&command.email, &command.password).await.map_err(HrError::Partner)?;
        drop(command);
        let (candidates, mut failure) = check_rows(&snapshot.employees);
        let now = Utc::now();
        let today = local_date(ctx.time_zone(), now);
        let permit = self.gate.enter().await;
        // Inside the transaction every read goes through `txn` (a second connection waited for
        // while holding SQLite's write lock can starve the pool).
        let txn = kernel::begin_write(&self.db).await?;
        let mut company_change = CompanyChange::default();
        let skipped_company_fields = apply_agency(&mut company_change, &snapshot.agency);
        company_change.integrated_with_az = Some(true);
        let company =
            write::change_company(&txn, ctx.company(), company_change).await.map_err(HrError::not_found_if_missing)?;

        // By id, the order they were added: of two names alike but for case, the older is used.
        let mut roles = read::job_roles(&txn, ctx).await?;
        roles.sort_by_key(|role| role.id);
        let mut people: HashMap<UserId, Person> = read::people(&txn, ctx, &PeopleFilter::default())
            .await?
            .into_iter()
            .map(|person| (person.id, person))
            .collect();
        let mut by_email: HashMap<String, UserId> =
            people.values().map(|person| (person.email.to_lowercase(), person.id)).collect();
        let links = agencyzoom_links::Entity::find()
            .filter(kernel::tenancy::same_company::<agencyzoom_links::Entity>(ctx.company()))
            .all(&txn)
            .await?;
        let linked_by_partner: HashMap<String, UserId> =
            links.iter().map(|link| (link.partner_id.clone(), link.user_id)).collect();
        let mut link_of_user: HashMap<UserId, agencyzoom_links::Model> =
            links.into_iter().map(|link| (link.user_id, link)).collect();
        // Addresses that sign in someone of another company (or an operator).
        let wanted: Vec<String> = candidates.iter().map(|candidate| candidate.email.clone()).collect();
        let elsewhere: HashSet<String> =
            read::emails_outside(&txn, ctx.company(), &wanted).await?.into_iter().collect();
        let manager = self.default_manager(&txn, ctx).await?;
        let actor = self.actor_row(&txn, ctx).await?;

        let mut success = Vec::new();
        let mut invitations = Vec::new();
        let mut email_changes = Vec::new();
        for candidate in candidates {
            let matched = linked_by_partner
                .get(&candidate.partner_id)
                .or_else(|| by_email.get(&candidate.email))
                .and_then(|id| people.get(id))
                .cloned();
            let refusal = match &matched {
                Some(user) if user.status != EmploymentStatus::Active => Some(TERMINATED),
                Some(user) => {
                    let moved = user.email.to_lowercase() != candidate.email;
                    let taken = elsewhere.contains(&candidate.email)
                        || by_email.get(&candidate.email).is_some_and(|id| *id != user.id);
                    (moved && taken).then_some(EMAIL_TAKEN_MESSAGE)
                }
                None => elsewhere.contains(&candidate.email).then_some(EMAIL_TAKEN_MESSAGE),
            };
            if let Some(reason) = refusal {
                failure.push((candidate.position, candidate.failure(reason)));
                continue;
            }
            let job_role_id = match &candidate.job_title {
                Some(title) => Some(job_role_named(&txn, ctx, &mut roles, title).await?),
                None => None,
            };
            let (saved, outcome, change) = match matched {
                Some(user) => {
                    let new_email = (user.email.to_lowercase() != candidate.email).then(|| candidate.email.clone());
                    let invited_only = !user.has_password;
                    let mut edit = PersonChange::default();
                    let mut changed = false;
                    if user.first_name != candidate.first_name || user.last_name != candidate.last_name {
                        edit.first_name = Some(candidate.first_name.clone());
                        edit.last_name = Some(candidate.last_name.clone());
                        changed = true;
                    }
                    if candidate.phone.is_some() && candidate.phone != user.phone {
                        edit.phone = Some(candidate.phone.clone());
                        changed = true;
                    }
                    if job_role_id.is_some() && job_role_id != user.job_role_id {
                        edit.job_role_id = Some(job_role_id);
                        changed = true;
                    }
                    let mut change = None;
                    let mut reinvite = false;
                    if let Some(email) = new_email {
                        changed = true;
                        if invited_only {
                            // Someone who never signed in: the corrected address takes effect,
                            // and a new invitation goes to it.
                            edit.email = Some(email.clone());
                            by_email.remove(&user.email.to_lowercase());
                            by_email.insert(email, user.id);
                            reinvite = true;
                        } else {
                            change = Some(email);
                        }
                    }
                    let saved = if changed {
                        write::change_person(&txn, ctx.company(), user.id, edit, now).await.map_err(raced)?
                    } else {
                        user
                    };
                    if reinvite {
                        invitations.push(saved.clone());
                    }
                    people.insert(saved.id, saved.clone());
                    (saved, if changed { ImportOutcome::Updated } else { ImportOutcome::Unchanged }, change)
                }
                None => {
                    let new = NewPerson {
                        company: ctx.company(),
                        email: candidate.email.clone(),
                        first_name: candidate.first_name.clone(),
                        last_name: candidate.last_name.clone(),
                        role: candidate.role,
                        start_date: today,
                        details: PersonChange {
                            phone: Some(candidate.phone.clone()),
                            job_role_id: Some(job_role_id),
                            manager_id: Some(manager),
                            ..PersonChange::default()
                        },
                    };
                    let saved = write::add_person(&txn, new, now).await.map_err(raced)?;
                    record(&txn, ctx.company(), &saved, &actor, ActivityType::Start, now).await?;
                    by_email.insert(saved.email.to_lowercase(), saved.id);
                    people.insert(saved.id, saved.clone());
                    invitations.push(saved.clone());
                    (saved, ImportOutcome::Created, None)
                }
            };
            match link_of_user.remove(&saved.id) {
                Some(link) => {
                    let mut link: agencyzoom_links::ActiveModel = link.into();
                    link.partner_id = Set(candidate.partner_id.clone());
                    link.imported_at = Set(now);
                    link.update(&txn).await.map_err(raced)?;
                }
                None => {
                    agencyzoom_links::ActiveModel {
                        company_id: Set(ctx.company()),
                        user_id: Set(saved.id),
                        partner_id: Set(candidate.partner_id.clone()),
                        imported_at: Set(now),
                        ..Default::default()
                    }
                    .insert(&txn)
                    .await
                    .map_err(raced)?;
                }
            }
            if let Some(email) = &change {
                email_changes.push((saved.clone(), email.clone()));
            }
            success.push(ImportedPerson {
                employee_id: saved.id.0,
                partner_id: candidate.partner_id,
                firstname: saved.first_name,
                lastname: saved.last_name,
                email: saved.email,
                outcome,
                email_change_sent_to: change,
            });
        }
        txn.commit().await?;
        drop(permit);
        failure.sort_by_key(|(position, _)| *position);
        let failure: Vec<FailedPerson> = failure.into_iter().map(|(_, person)| person).collect();
        let accounts_created = success.iter().filter(|person| person.outcome == ImportOutcome::Created).count();
        tracing::info!(
            company = company.id.0,
            imported = success.len(),
            created = accounts_created,
            failed = failure.len(),
            "AgencyZoom import"
        );
        self.accounts.invite_all(invitations, company.name.clone());
        for (user, email) in email_changes {
            self.accounts.request_email_change(&user, &email).await?;
        }
        Ok(ImportReport {
            message: IMPORTED_MESSAGE.to_owned(),
            employees_imported: success.len(),
            accounts_created,
            success,
            failure,
            skipped_company_fields,
        })
    }
}

/// The company's job role called `title` (without case): the existing one, brought back if it
/// was retired, or a new one.
async fn job_role_named(
    txn: &impl sea_orm::ConnectionTrait,
    ctx: &AdminCtx,
    roles: &mut Vec<JobRole>,
    title: &str,
) -> Result<JobRoleId, HrError> {
    let folded = fold_case(title);
    if let Some(role) = roles.iter_mut().find(|role| fold_case(&role.name) == folded) {
        if !role.active {
            *role = write::change_job_role(txn, ctx.company(), role.id, None, true).await?;
        }
        return Ok(role.id);
    }
    let role = write::add_job_role(txn, ctx.company(), title).await.map_err(raced)?;
    let id = role.id;
    roles.push(role);
    Ok(id)
}

/// A unique index met while importing: someone wrote the same e-mail (or job role) meanwhile.
fn raced(err: sea_orm::DbErr) -> HrError {
    match err.sql_err() {
        Some(sea_orm::SqlErr::UniqueConstraintViolation(_)) => HrError::Conflict(RACED.to_owned()),
        _ => HrError::Database(err),
    }
}
