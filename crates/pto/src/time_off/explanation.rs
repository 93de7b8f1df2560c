//! `GET /pto/balance-explanation` (issue 38): "Why this balance?" for each paid type of one
//! person, the engine's explanation ([`pto_engine::explain`]) over the current period, with who
//! added time by hand and which plan a starting balance came with. The employee's PTO screen and
//! the admin's PTO history read this one call, so both show the same lines and the same sum.

use super::card::{engine_type, plan_on};
use crate::engine_ids::ToEngine;
use crate::entities::pto_balance_entries as entries;
use crate::{Pto, PtoError};
use accounts::people::read::{self, PeopleFilter};
use chrono::{NaiveDate, Utc};
use kernel::time::local_date;
use kernel::{TenantCtx, UserId};
use pto_engine::{explain, EntryKind};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use serde::Serialize;
use std::collections::HashMap;

/// One line of a balance.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ExplainedLine {
    pub date: NaiveDate,
    /// The last day of a request over several days.
    pub until: Option<NaiveDate>,
    /// CARRYOVER (the period's opening line), ACCRUED, FORFEITED, NEW_PTO_PLAN,
    /// MANUALLY_ADDITION or PTO_REQUEST.
    pub kind: String,
    /// The line's change of the balance in minutes (the opening line: the opening balance).
    pub minutes: i64,
    pub balance_after: i64,
    /// Where the amount comes from.
    pub text: String,
}

/// One type's balance and the lines that make it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ExplainedType {
    pub pto_type_id: i64,
    pub name: String,
    /// Minutes; the lines' minutes add up to it.
    pub balance: i64,
    pub period_start: NaiveDate,
    pub lines: Vec<ExplainedLine>,
}

/// Every paid type of one person, explained.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct BalanceExplanation {
    pub employee_id: i64,
    /// The company's day explained (today).
    pub as_of: NaiveDate,
    pub types: Vec<ExplainedType>,
}

impl Pto {
    /// `GET /pto/balance-explanation`: the caller's own, or someone they reach.
    pub async fn balance_explanation(
        &self,
        ctx: &TenantCtx,
        employee: Option<UserId>,
    ) -> Result<BalanceExplanation, PtoError> {
        let today = local_date(ctx.time_zone(), Utc::now());
        let person = self.whose(ctx, employee).await?;
        let (mut inputs, _, _) = self.inputs_for(ctx, std::slice::from_ref(&person), today).await?;
        let input = inputs.remove(&person.id).ok_or(PtoError::NotFound)?;

        // Who added time by hand.
        let rows = entries::Entity::find()
            .filter(kernel::tenancy::same_company::<entries::Entity>(ctx.company()))
            .filter(entries::Column::EmployeeId.eq(person.id))
            .all(&self.db)
            .await?;
        let authors: Vec<UserId> = rows.iter().filter_map(|row| row.created_by).collect();
        let names: HashMap<UserId, String> = if authors.is_empty() {
            HashMap::new()
        } else {
            read::people(&self.db, ctx, &PeopleFilter::default().with_ids(authors))
                .await?
                .into_iter()
                .map(|author| (author.id, author.full_name()))
                .collect()
        };
        let added_by: HashMap<i64, String> = rows
            .iter()
            .filter_map(|row| {
                row.created_by.and_then(|by| names.get(&by)).map(|name| (row.id.engine().0, name.clone()))
            })
            .collect();
        let reasons: HashMap<i64, &str> =
            rows.iter().filter_map(|row| row.reason.as_deref().map(|reason| (row.id.engine().0, reason))).collect();

        let mut types = Vec::new();
        for row in self.live_types(ctx).await?.into_iter().filter(|row| row.payable) {
            let engine = engine_type(&row);
            let Some(why) = explain(&input, &engine, today) else { continue };
            let in_plan = plan_on(&input, today.max(input.employment.start))
                .and_then(|plan| plan.rule_for(engine.id))
                .is_some_and(|rule| rule.active);
            if !in_plan && why.balance == 0 {
                continue;
            }
            let lines = why
                .lines
                .into_iter()
                .map(|line| {
                    let mut text = line.text;
                    match line.kind {
                        EntryKind::ManuallyAddition => {
                            if let Some(name) = line.source.and_then(|source| added_by.get(&source.0)) {
                                text.push_str(&format!(" by {name}"));
                            }
                            if let Some(reason) = line.source.and_then(|source| reasons.get(&source.0)) {
                                text.push_str(&format!(": {reason}"));
                            }
                        }
                        EntryKind::NewPtoPlan => {
                            if let Some(plan) = plan_on(&input, line.date) {
                                text.push_str(&format!(" on joining {}", plan.name));
                            }
                        }
                        _ => {}
                    }
                    ExplainedLine {
                        date: line.date,
                        until: line.until,
                        kind: line.kind.as_str().to_owned(),
                        minutes: line.minutes,
                        balance_after: line.balance_after,
                        text,
                    }
                })
                .collect();
            types.push(ExplainedType {
                pto_type_id: row.id.0,
                name: row.name,
                balance: why.balance,
                period_start: why.period_start,
                lines,
            });
        }
        Ok(BalanceExplanation { employee_id: person.id.0, as_of: today, types })
    }
}
