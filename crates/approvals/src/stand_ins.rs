//! Stand-ins: "out of office 2–16 March, Ana Silva answers for me". A manager or admin names
//! their own; an admin names one for anyone. A stand-in answers whatever reaches a step of the
//! person away while the period runs (resolved when someone looks, see [`crate::resolve`]).

use crate::entities::approval_stand_ins as stand_ins;
use crate::flows::name;
use crate::resolve::{makes_circle, usable_people};
use crate::setup::MSG_NOT_APPROVER;
use crate::{ApprovalError, Approvals};
use chrono::{Duration, NaiveDate, Utc};
use kernel::{FieldErrors, ManagerCtx, StandInId, UserId};
use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ColumnTrait, Condition, ConnectionTrait, DatabaseBackend, EntityTrait,
    QueryFilter, QueryOrder, Statement,
};
use serde::{Deserialize, Serialize};

/// How far ahead a stand-in period may end.
pub const MAX_DAYS_AHEAD: i64 = 365;

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct StandInInput {
    /// The person away (admins: anyone; others: themselves, the default).
    #[cfg_attr(feature = "openapi", schema(value_type = Option<i64>))]
    pub person_id: Option<UserId>,
    #[cfg_attr(feature = "openapi", schema(value_type = i64))]
    pub stand_in_id: UserId,
    /// YYYY-MM-DD.
    pub starts_on: String,
    /// YYYY-MM-DD.
    pub ends_on: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct StandInView {
    #[cfg_attr(feature = "openapi", schema(value_type = i64))]
    pub id: StandInId,
    #[cfg_attr(feature = "openapi", schema(value_type = i64))]
    pub person_id: UserId,
    pub person_name: String,
    #[cfg_attr(feature = "openapi", schema(value_type = i64))]
    pub stand_in_id: UserId,
    pub stand_in_name: String,
    pub starts_on: NaiveDate,
    pub ends_on: NaiveDate,
    pub set_by_name: String,
    /// In force today.
    pub active: bool,
}

fn date(errors: &mut FieldErrors, field: &str, text: &str) -> Option<NaiveDate> {
    let parsed =
        NaiveDate::parse_from_str(text.trim(), "%Y-%m-%d").ok().filter(|day| kernel::validation::is_sane_date(*day));
    if parsed.is_none() {
        errors.add(field, "Please input the date as YYYY-MM-DD");
    }
    parsed
}

impl Approvals {
    /// `GET /approvals/stand-ins`: an admin sees everyone's, anyone else their own and those
    /// naming them. Periods over for more than 30 days are left out.
    pub async fn stand_ins(&self, ctx: &ManagerCtx) -> Result<Vec<StandInView>, ApprovalError> {
        let today = kernel::time::local_date(ctx.time_zone(), Utc::now());
        let mut query = stand_ins::Entity::find()
            .filter(kernel::tenancy::same_company::<stand_ins::Entity>(ctx.company()))
            .filter(stand_ins::Column::EndsOn.gte(today - Duration::days(30)));
        if !ctx.acts_for_the_company() {
            query = query.filter(
                Condition::any()
                    .add(stand_ins::Column::PersonId.eq(ctx.actor()))
                    .add(stand_ins::Column::StandInId.eq(ctx.actor())),
            );
        }
        let rows =
            query.order_by_asc(stand_ins::Column::StartsOn).order_by_asc(stand_ins::Column::Id).all(&self.db).await?;
        let ids: Vec<UserId> = rows.iter().flat_map(|row| [row.person_id, row.stand_in_id, row.set_by]).collect();
        let names = self.names(ctx, &ids).await?;
        Ok(rows
            .into_iter()
            .map(|row| StandInView {
                id: row.id,
                person_id: row.person_id,
                person_name: name(&names, row.person_id),
                stand_in_id: row.stand_in_id,
                stand_in_name: name(&names, row.stand_in_id),
                starts_on: row.starts_on,
                ends_on: row.ends_on,
                set_by_name: name(&names, row.set_by),
                active: row.starts_on <= today && today <= row.ends_on,
            })
            .collect())
    }

    /// `POST /approvals/stand-ins`.
    pub async fn add_stand_in(&self, ctx: &ManagerCtx, input: StandInInput) -> Result<StandInView, ApprovalError> {
        let person = input.person_id.unwrap_or(ctx.actor());
        if person != ctx.actor() && !ctx.acts_for_the_company() {
            return Err(ApprovalError::Forbidden("Only an admin can name a stand-in for someone else.".to_owned()));
        }
        let today = kernel::time::local_date(ctx.time_zone(), Utc::now());
        let mut errors = FieldErrors::new();
        let starts = date(&mut errors, "startsOn", &input.starts_on);
        let ends = date(&mut errors, "endsOn", &input.ends_on);
        if let (Some(starts), Some(ends)) = (starts, ends) {
            if ends < starts {
                errors.add("endsOn", "The end is before the start.");
            } else if ends < today {
                errors.add("endsOn", "This period is already over.");
            } else if ends > today + Duration::days(MAX_DAYS_AHEAD) {
                errors.add("endsOn", "A stand-in period ends at most a year from today.");
            }
        }
        if input.stand_in_id == person {
            errors.add("standInId", "Choose someone other than the person away.");
        } else if usable_people(&self.db, ctx, &[input.stand_in_id]).await?.is_empty() {
            errors.add("standInId", MSG_NOT_APPROVER);
        }
        if accounts::people::read::person(&self.db, ctx, person).await?.is_none() {
            return Err(ApprovalError::NotFound);
        }
        let (Some(starts), Some(ends)) = (starts, ends) else { return Err(ApprovalError::Validation(errors)) };
        if !errors.is_empty() {
            return Err(ApprovalError::Validation(errors));
        }
        let _permit = self.gate.enter().await;
        let txn = kernel::begin_write(&self.db).await?;
        // One writer of a company's stand-ins at a time, across servers (PostgreSQL: a lock held
        // until the transaction ends; SQLite: the write gate), so two people naming each other
        // at once cannot both pass the circle check.
        if txn.get_database_backend() == DatabaseBackend::Postgres {
            txn.execute(Statement::from_sql_and_values(
                DatabaseBackend::Postgres,
                "SELECT pg_advisory_xact_lock(1634758259, $1::int4)",
                [i32::try_from(ctx.company().0 % i64::from(i32::MAX)).unwrap_or_default().into()],
            ))
            .await?;
        }
        // The periods that meet this one: a circle among them would send requests round.
        let overlapping: Vec<(UserId, UserId)> = stand_ins::Entity::find()
            .filter(kernel::tenancy::same_company::<stand_ins::Entity>(ctx.company()))
            .filter(stand_ins::Column::StartsOn.lte(ends))
            .filter(stand_ins::Column::EndsOn.gte(starts))
            .all(&txn)
            .await?
            .into_iter()
            .map(|row| (row.person_id, row.stand_in_id))
            .collect();
        if makes_circle(&overlapping, person, input.stand_in_id) {
            let names = self.names(ctx, &[person, input.stand_in_id]).await?;
            return Err(ApprovalError::field(
                "standInId",
                format!(
                    "{} already answers for {} then, through stand-ins: that would be a circle.",
                    name(&names, person),
                    name(&names, input.stand_in_id)
                ),
            ));
        }
        let saved = stand_ins::ActiveModel {
            company_id: Set(ctx.company()),
            person_id: Set(person),
            stand_in_id: Set(input.stand_in_id),
            starts_on: Set(starts),
            ends_on: Set(ends),
            set_by: Set(ctx.actor()),
            created_at: Set(Utc::now()),
            ..Default::default()
        }
        .insert(&txn)
        .await?;
        let change = audit::Change::new(
            audit::Subject::CompanySettings,
            format!("stand-in-{}", saved.id.0),
            audit::Action::Created,
        )
        .about(saved.person_id)
        .created(&stand_in_snapshot(&saved));
        audit::record(&txn, ctx, change).await?;
        txn.commit().await?;
        self.stand_ins(ctx).await?.into_iter().find(|view| view.id == saved.id).ok_or(ApprovalError::NotFound)
    }

    /// `POST /approvals/stand-ins/delete`: the person away, whoever set it, or an admin.
    pub async fn remove_stand_in(&self, ctx: &ManagerCtx, id: StandInId) -> Result<(), ApprovalError> {
        let _permit = self.gate.enter().await;
        let txn = kernel::begin_write(&self.db).await?;
        let row = stand_ins::Entity::find_by_id(id)
            .filter(kernel::tenancy::same_company::<stand_ins::Entity>(ctx.company()))
            .one(&txn)
            .await?
            .ok_or(ApprovalError::NotFound)?;
        let mine = row.person_id == ctx.actor() || row.set_by == ctx.actor() || row.stand_in_id == ctx.actor();
        if !mine && !ctx.acts_for_the_company() {
            return Err(ApprovalError::NotFound);
        }
        stand_ins::Entity::delete_by_id(row.id).exec(&txn).await?;
        let change = audit::Change::new(
            audit::Subject::CompanySettings,
            format!("stand-in-{}", row.id.0),
            audit::Action::Deleted,
        )
        .about(row.person_id)
        .deleted(&stand_in_snapshot(&row));
        audit::record(&txn, ctx, change).await?;
        txn.commit().await?;
        Ok(())
    }
}

/// A stand-in as the audit trail shows it.
fn stand_in_snapshot(row: &stand_ins::Model) -> audit::Snapshot {
    audit::Snapshot::new()
        .with("standIn", row.stand_in_id.0)
        .with("startsOn", row.starts_on.to_string())
        .with("endsOn", row.ends_on.to_string())
}
