//! Who is celebrated next: birthdays and work anniversaries of active people over a range of
//! days (`next-celebrations`).

use super::{occurrences, UPCOMING_DAYS};
use crate::{Hr, HrError};
use accounts::people::read::{self, PeopleFilter, PersonOrder};
use accounts::Person;
use chrono::{Duration, NaiveDate, Utc};
use kernel::time::local_date;
use kernel::TenantCtx;
use serde::Serialize;

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

impl Hr {
    async fn active_people(&self, ctx: &TenantCtx) -> Result<Vec<Person>, HrError> {
        let mut people = read::people(&self.db, ctx, &PeopleFilter::active().ordered(PersonOrder::FirstName)).await?;
        people.retain(|person| person.birthday.is_some() || person.last_start_date.is_some());
        Ok(people)
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
}
