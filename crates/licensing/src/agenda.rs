//! Licence expiries and CE due dates where people look for what is coming: the team calendar and
//! its iCalendar feed (the people the viewer reaches), and the person's own task dock.

use crate::model::DUE_SOON_DAYS;
use crate::records::today;
use crate::standing::count_all;
use crate::{Licensing, LicensingError};
use chrono::{Duration, NaiveDate};
use kernel::{LicenceId, TenantCtx, UserId};
use serde::Serialize;

/// What falls due.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum DueKind {
    LicenceExpiry,
    CeDue,
}

/// A date something falls due.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct DueItem {
    pub kind: DueKind,
    /// The licence's id for an expiry; the requirement's for a CE due date.
    pub id: i64,
    #[cfg_attr(feature = "openapi", schema(value_type = i64))]
    pub licence_id: LicenceId,
    #[cfg_attr(feature = "openapi", schema(value_type = i64))]
    pub employee_id: UserId,
    pub state: String,
    pub number: String,
    pub due_on: NaiveDate,
    pub days_left: i64,
    /// "TX licence 123 expires" / "TX CE due (24 h)".
    pub label: String,
}

impl Licensing {
    /// Expiries and unmet CE due dates from `start` to `end` of the people the caller reaches
    /// (`only`: of that person alone).
    pub async fn due_between(
        &self,
        ctx: &TenantCtx,
        start: NaiveDate,
        end: NaiveDate,
        only: Option<UserId>,
    ) -> Result<Vec<DueItem>, LicensingError> {
        let ids: Option<Vec<UserId>> = match (only, ctx.reach().is_company()) {
            (Some(person), _) => Some(vec![person]),
            (None, true) => None,
            (None, false) => Some(accounts::people::read::ids_in_reach(&self.db, ctx).await?),
        };
        let loaded = self.load(ctx, ids.as_deref(), crate::records::Credits::Counted).await?;
        let rules = self.rules(ctx).await?;
        let tallies = count_all(&loaded.licences, &loaded.requirements, &loaded.sums, &rules);
        let today = today(ctx);
        let mut items = Vec::new();
        for licence in &loaded.licences {
            if licence.status == crate::model::LicenceStatus::Active && (start..=end).contains(&licence.expires_on) {
                items.push(DueItem {
                    kind: DueKind::LicenceExpiry,
                    id: licence.id.0,
                    licence_id: licence.id,
                    employee_id: licence.employee_id,
                    state: licence.state.clone(),
                    number: licence.number.clone(),
                    due_on: licence.expires_on,
                    days_left: (licence.expires_on - today).num_days(),
                    label: format!("{} licence {} expires", licence.state, licence.number),
                });
            }
        }
        for requirement in &loaded.requirements {
            let Some(licence) = loaded.licences.iter().find(|licence| licence.id == requirement.licence_id) else {
                continue;
            };
            let met = tallies.get(&requirement.id).is_some_and(|tally| tally.counting.met);
            if !met && (start..=end).contains(&requirement.due_on) {
                items.push(DueItem {
                    kind: DueKind::CeDue,
                    id: requirement.id.0,
                    licence_id: licence.id,
                    employee_id: licence.employee_id,
                    state: licence.state.clone(),
                    number: licence.number.clone(),
                    due_on: requirement.due_on,
                    days_left: (requirement.due_on - today).num_days(),
                    label: format!(
                        "{} CE due ({} h)",
                        licence.state,
                        crate::model::hours(i64::from(requirement.total_minutes))
                    ),
                });
            }
        }
        items.sort_by_key(|item| (item.due_on, item.licence_id, item.id));
        Ok(items)
    }

    /// The caller's own licences and CE due within the "due soon" window (or overdue), for the
    /// task dock.
    pub async fn my_due(&self, ctx: &TenantCtx) -> Result<Vec<DueItem>, LicensingError> {
        let today = today(ctx);
        self.due_between(ctx, today - Duration::days(365), today + Duration::days(DUE_SOON_DAYS), Some(ctx.actor()))
            .await
    }
}
