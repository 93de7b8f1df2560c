//! The time-off history (`GET /pto/history`): requests (with cancellations of approved ones),
//! accruals, manual additions and starting balances, newest first.

use crate::engine_ids::FromEngine;
use crate::entities::{pto_balance_entries as entries, pto_requests as requests, pto_types};
use crate::requests::PtoRequestView;
use crate::{Pto, PtoError};
use accounts::people::read::{self, PeopleFilter};
use accounts::Person;
use chrono::{DateTime, Datelike, NaiveDate, Utc};
use kernel::ids::{EnrollmentId, PtoPlanId, PtoTypeId};
use kernel::time::local_date;
use kernel::{PtoHistoryEntryId, RequestStatus, TenantCtx, UserId};
use pto_engine::{compute, EntryKind};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder};
use serde::Serialize;
use std::collections::{BTreeSet, HashMap};

/// A starting balance of a NEW_PTO_PLAN history item.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct StartingBalanceItem {
    pub pto_type_name: String,
    /// Minutes.
    pub value: i64,
}

/// One line of the time-off history (000 §3 "PTO history item").
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct HistoryItem {
    /// Unique in the list.
    pub key: String,
    /// PTO_REQUEST, PTO_CANCELLED, MANUALLY_ADDITION, ACCRUED or NEW_PTO_PLAN.
    pub data_type: String,
    pub date: NaiveDate,
    pub year: i32,
    pub submitted: Option<DateTime<Utc>>,
    /// Signed effect on the balance (a pending or denied request: the minutes asked, negative).
    pub minutes: i64,
    #[serde(rename = "type")]
    pub type_name: String,
    pub pto_type_id: i64,
    pub reason: Option<String>,
    pub policy_name: Option<String>,
    pub starting_balances: Option<Vec<StartingBalanceItem>>,
    pub creator_firstname: Option<String>,
    pub creator_lastname: Option<String>,
    /// The id to remove a MANUALLY_ADDITION or NEW_PTO_PLAN entry with.
    pub source_id: Option<i64>,
    /// The caller may remove it (admins, for others' MANUALLY_ADDITION and NEW_PTO_PLAN).
    pub removable: bool,
    pub request: Option<PtoRequestView>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PtoHistory {
    pub items: Vec<HistoryItem>,
}

impl Pto {
    /// `GET /pto/history`: requests (with cancellations of approved ones), accruals, manual
    /// additions and starting balances, newest first.
    pub async fn pto_history(&self, ctx: &TenantCtx, employee: Option<UserId>) -> Result<PtoHistory, PtoError> {
        let person = self.whose(ctx, employee).await?;
        let today = local_date(ctx.time_zone(), Utc::now());
        let (mut inputs, enrolled, plan_rows) = self.inputs_for(ctx, std::slice::from_ref(&person), today).await?;
        let input = inputs.remove(&person.id).ok_or(PtoError::NotFound)?;
        let ledger = compute(&input, today);
        let type_names: HashMap<PtoTypeId, String> = pto_types::Entity::find()
            .filter(kernel::tenancy::same_company::<pto_types::Entity>(ctx.company()))
            .all(&self.db)
            .await?
            .into_iter()
            .map(|row| (row.id, row.name))
            .collect();
        let rows = requests::Entity::find()
            .filter(kernel::tenancy::same_company::<requests::Entity>(ctx.company()))
            .filter(requests::Column::EmployeeId.eq(person.id))
            .order_by_desc(requests::Column::StartDate)
            .order_by_desc(requests::Column::Id)
            .all(&self.db)
            .await?;
        let data = self.view_data(ctx, &rows).await?;
        let hand_made = entries::Entity::find()
            .filter(kernel::tenancy::same_company::<entries::Entity>(ctx.company()))
            .filter(entries::Column::EmployeeId.eq(person.id))
            .order_by_asc(entries::Column::Id)
            .all(&self.db)
            .await?;
        let mut ids: BTreeSet<UserId> = hand_made.iter().filter_map(|entry| entry.created_by).collect();
        ids.extend(rows.iter().filter_map(|row| row.cancelled_by));
        let creators: HashMap<UserId, Person> = if ids.is_empty() {
            HashMap::new()
        } else {
            read::people(&self.db, ctx, &PeopleFilter::default().with_ids(ids))
                .await?
                .into_iter()
                .map(|person| (person.id, person))
                .collect()
        };
        let removable = ctx.acts_for_the_company() && !ctx.is_self(person.id);
        let name_of = |id: PtoTypeId| type_names.get(&id).cloned().unwrap_or_default();
        let plan_name = |plan: PtoPlanId| plan_rows.get(&plan).map(|plan| plan.name.clone());
        let creator = |id: Option<UserId>| id.and_then(|id| creators.get(&id).or_else(|| data.people.get(&id)));
        let mut items = Vec::new();

        for row in &rows {
            let view = data.view(ctx, row);
            let who = creator(row.requested_by);
            let cancelled_approved = row.cancelled_from == Some(RequestStatus::Approved);
            if cancelled_approved {
                let by = creator(row.cancelled_by);
                let on = row.cancelled_at.map_or(row.start_date, |at| local_date(ctx.time_zone(), at));
                items.push(HistoryItem {
                    key: format!("c{}", row.id),
                    data_type: "PTO_CANCELLED".to_owned(),
                    date: on,
                    year: row.start_date.year(),
                    submitted: row.cancelled_at,
                    minutes: view.minutes,
                    type_name: view.type_name.clone(),
                    pto_type_id: row.pto_type_id.0,
                    reason: None,
                    policy_name: None,
                    starting_balances: None,
                    creator_firstname: by.map(|user| user.first_name.clone()),
                    creator_lastname: by.map(|user| user.last_name.clone()),
                    source_id: None,
                    removable: false,
                    request: Some(view.clone()),
                });
            }
            items.push(HistoryItem {
                key: format!("r{}", row.id),
                data_type: "PTO_REQUEST".to_owned(),
                date: row.start_date,
                year: row.start_date.year(),
                submitted: Some(row.created_at),
                minutes: -view.minutes,
                type_name: view.type_name.clone(),
                pto_type_id: row.pto_type_id.0,
                reason: (!row.reason.is_empty()).then(|| row.reason.clone()),
                policy_name: None,
                starting_balances: None,
                creator_firstname: who.map(|user| user.first_name.clone()),
                creator_lastname: who.map(|user| user.last_name.clone()),
                source_id: None,
                removable: false,
                request: Some(view),
            });
        }

        // Starting balances, one line per enrolment; manual additions one by one.
        // (An entry without an enrolment is a line of its own.)
        let mut by_enrolment: Vec<(Result<EnrollmentId, PtoHistoryEntryId>, Vec<&entries::Model>)> = Vec::new();
        for entry in &hand_made {
            if entry.kind == entries::NEW_PTO_PLAN {
                let key = entry.enrollment_id.ok_or(entry.id);
                match by_enrolment.iter_mut().find(|(id, _)| *id == key) {
                    Some((_, list)) => list.push(entry),
                    None => by_enrolment.push((key, vec![entry])),
                }
                continue;
            }
            let who = creator(entry.created_by);
            items.push(HistoryItem {
                key: format!("e{}", entry.id),
                data_type: entries::MANUALLY_ADDITION.to_owned(),
                date: entry.effective_on,
                year: entry.year,
                submitted: Some(entry.created_at),
                minutes: entry.minutes,
                type_name: name_of(entry.pto_type_id),
                pto_type_id: entry.pto_type_id.0,
                reason: None,
                policy_name: None,
                starting_balances: None,
                creator_firstname: who.map(|user| user.first_name.clone()),
                creator_lastname: who.map(|user| user.last_name.clone()),
                source_id: Some(entry.id.0),
                removable,
                request: None,
            });
        }
        for (enrolment, list) in by_enrolment {
            let Some(first) = list.first() else { continue };
            let who = creator(first.created_by);
            let policy = enrolled.iter().find(|row| enrolment == Ok(row.id)).and_then(|row| plan_name(row.plan_id));
            items.push(HistoryItem {
                key: format!("p{}", first.id),
                data_type: entries::NEW_PTO_PLAN.to_owned(),
                date: first.effective_on,
                year: first.year,
                submitted: Some(first.created_at),
                minutes: list.iter().map(|entry| entry.minutes).sum(),
                type_name: name_of(first.pto_type_id),
                pto_type_id: first.pto_type_id.0,
                reason: None,
                policy_name: policy,
                starting_balances: Some(
                    list.iter()
                        .map(|entry| StartingBalanceItem {
                            pto_type_name: name_of(entry.pto_type_id),
                            value: entry.minutes,
                        })
                        .collect(),
                ),
                creator_firstname: who.map(|user| user.first_name.clone()),
                creator_lastname: who.map(|user| user.last_name.clone()),
                source_id: Some(first.id.0),
                removable,
                request: None,
            });
        }
        for (index, entry) in ledger.entries.iter().enumerate().filter(|(_, entry)| entry.kind == EntryKind::Accrued) {
            items.push(HistoryItem {
                key: format!("a{index}"),
                data_type: "ACCRUED".to_owned(),
                date: entry.date,
                year: entry.date.year(),
                submitted: None,
                minutes: entry.minutes,
                type_name: name_of(entry.pto_type.stored()),
                pto_type_id: entry.pto_type.0,
                reason: None,
                policy_name: entry.rule.and_then(|rule| plan_name(rule.plan.stored())),
                starting_balances: None,
                creator_firstname: None,
                creator_lastname: None,
                source_id: None,
                removable: false,
                request: None,
            });
        }
        items.sort_by(|a, b| b.date.cmp(&a.date).then_with(|| b.submitted.cmp(&a.submitted)).then(b.key.cmp(&a.key)));
        Ok(PtoHistory { items })
    }
}
