//! Who else is out (`GET /pto/agenda`): approved time off (and pending, for people the caller
//! reaches) and paid holidays between two days, in the agenda's shape that `reports` adds to.

use super::MSG_RANGE;
use crate::entities::pto_requests as requests;
use crate::requests::wire_code;
use crate::{Pto, PtoError};
use chrono::NaiveDate;
use kernel::{FieldErrors, RequestStatus, TenantCtx, UserId};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder};
use serde::Serialize;

/// `GET /pto/agenda` query, validated.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AgendaQuery {
    pub start: NaiveDate,
    pub end: NaiveDate,
    pub excluded_employee: Option<UserId>,
    pub include_pending: bool,
}

impl AgendaQuery {
    pub fn new(
        start: NaiveDate,
        end: NaiveDate,
        excluded_employee: Option<UserId>,
        include_pending: bool,
    ) -> Result<Self, FieldErrors> {
        if end < start || (end - start).num_days() > 400 {
            return Err(FieldErrors::single("end", MSG_RANGE));
        }
        Ok(AgendaQuery { start, end, excluded_employee, include_pending })
    }
}

/// One thing on the agenda (000 §3 "Agenda item"). This crate makes the time off and paid
/// holidays; `reports` adds calendar events, birthdays and anniversaries in the same shape.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct AgendaItem {
    /// PTO_REQUEST, HOLIDAY, BIRTHDAY, ANNIVERSARY or HrCalendarEvent.
    pub agenda_type: String,
    /// The request's, holiday's or event's id; the employee's for a birthday or anniversary.
    pub id: i64,
    /// `YYYY-MM-DD HH:mm:ss`, the company's local time.
    pub start: String,
    pub end: String,
    pub allday: u8,
    pub soffset: i32,
    pub eoffset: i32,
    pub status: i16,
    pub avatar: Option<String>,
    pub firstname: Option<String>,
    pub lastname: Option<String>,
    /// The type of time off (for people in reach; 'Time Off' otherwise), the holiday's or event's
    /// name, 'Birthday', or the anniversary ('3 years at Acme').
    pub name: String,
    pub employee_id: Option<i64>,
    /// ANNIVERSARY: whole years completed that day.
    pub years: Option<i32>,
    /// HrCalendarEvent: the caller may edit and delete it.
    pub can_edit: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Agenda {
    pub items: Vec<AgendaItem>,
}

impl Pto {
    /// `GET /pto/agenda`: time off and paid holidays between two days (see the module docs).
    pub async fn agenda(&self, ctx: &TenantCtx, query: &AgendaQuery) -> Result<Agenda, PtoError> {
        let mut states = vec![RequestStatus::Approved];
        if query.include_pending {
            states.push(RequestStatus::Raised);
        }
        let mut select = requests::Entity::find()
            .filter(kernel::tenancy::same_company::<requests::Entity>(ctx.company()))
            .filter(requests::Column::Status.is_in(states))
            .filter(requests::Column::StartDate.lte(query.end))
            .filter(requests::Column::EndDate.gte(query.start))
            .order_by_asc(requests::Column::StartDate)
            .order_by_asc(requests::Column::Id);
        if let Some(excluded) = query.excluded_employee {
            select = select.filter(requests::Column::EmployeeId.ne(excluded));
        }
        let rows = select.all(&self.db).await?;
        let data = self.view_data(ctx, &rows).await?;
        let reach = ctx.reach();
        let mut items = Vec::new();
        for row in &rows {
            let person = data.people.get(&row.employee_id);
            let in_reach = person.is_some_and(|person| reach.includes(person.id, person.manager_id));
            if row.status == RequestStatus::Raised && !in_reach {
                continue;
            }
            let (start, end, soffset, eoffset, allday, type_name) = data.agenda_view(ctx, row);
            items.push(AgendaItem {
                agenda_type: "PTO_REQUEST".to_owned(),
                id: row.id.0,
                start,
                end,
                allday: u8::from(allday),
                soffset,
                eoffset,
                status: wire_code(row.status),
                avatar: person.and_then(|person| person.avatar.clone()),
                firstname: person.map(|person| person.first_name.clone()),
                lastname: person.map(|person| person.last_name.clone()),
                name: if in_reach { type_name } else { "Time Off".to_owned() },
                employee_id: Some(row.employee_id.0),
                years: None,
                can_edit: false,
            });
        }
        for holiday in self.holidays_between(ctx, query.start, query.end).await? {
            let offset = kernel::time::utc_offset_minutes(
                ctx.time_zone(),
                kernel::time::start_of_day(ctx.time_zone(), holiday.holiday),
            );
            items.push(AgendaItem {
                agenda_type: "HOLIDAY".to_owned(),
                id: holiday.id,
                start: format!("{} 00:00:00", holiday.holiday.format("%Y-%m-%d")),
                end: format!("{} 23:59:59", holiday.holiday.format("%Y-%m-%d")),
                allday: 1,
                soffset: offset,
                eoffset: offset,
                status: wire_code(RequestStatus::Approved),
                avatar: None,
                firstname: None,
                lastname: None,
                name: holiday.name,
                employee_id: None,
                years: None,
                can_edit: false,
            });
        }
        items.sort_by(|a, b| a.start.cmp(&b.start).then(a.agenda_type.cmp(&b.agenda_type)).then(a.id.cmp(&b.id)));
        Ok(Agenda { items })
    }
}
