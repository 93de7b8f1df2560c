//! The team agenda (000 §3 "Agenda item", §7 `/pto/agenda`): time off and paid holidays from
//! `pto` (in its [`AgendaItem`] shape), calendar events, birthdays and work anniversaries from
//! `hr`, side by side, by start.
//! It is what the 'What's happening?' card, /team-calendar and 'Who Else is Out?' show.
//!
//! What each person sees is what its owner decides: `pto` shows everyone's approved time off but
//! its type and pending requests only within the caller's reach; everyone sees every event,
//! holiday, birthday and anniversary of the company.

use crate::{Reports, ReportsError};
use chrono::NaiveDate;
use kernel::TenantCtx;
use pto::time_off::{Agenda, AgendaItem, AgendaQuery};
use std::collections::BTreeSet;

/// What the agenda holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum AgendaType {
    TimeOff,
    Holiday,
    Birthday,
    Anniversary,
    Event,
    /// A producer's licence expiry or CE due date (issue 42), for the people the viewer reaches.
    Licence,
}

impl AgendaType {
    pub const ALL: [AgendaType; 6] = [
        AgendaType::TimeOff,
        AgendaType::Holiday,
        AgendaType::Birthday,
        AgendaType::Anniversary,
        AgendaType::Event,
        AgendaType::Licence,
    ];

    /// The spec's `agendaType`.
    pub fn code(self) -> &'static str {
        match self {
            AgendaType::TimeOff => "PTO_REQUEST",
            AgendaType::Holiday => "HOLIDAY",
            AgendaType::Birthday => "BIRTHDAY",
            AgendaType::Anniversary => "ANNIVERSARY",
            AgendaType::Event => "HrCalendarEvent",
            AgendaType::Licence => "LICENCE",
        }
    }

    pub fn parse(code: &str) -> Option<AgendaType> {
        AgendaType::ALL.into_iter().find(|kind| kind.code().eq_ignore_ascii_case(code.trim()))
    }
}

/// The agenda types asked for; all when the request names none.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AgendaTypes(BTreeSet<AgendaType>);

impl AgendaTypes {
    pub fn all() -> Self {
        AgendaTypes(AgendaType::ALL.into_iter().collect())
    }

    /// From `types=PTO_REQUEST,HOLIDAY`; `None` for an unknown name.
    pub fn parse(list: Option<&str>) -> Option<Self> {
        let list = list.map(str::trim).filter(|list| !list.is_empty());
        let Some(list) = list else { return Some(Self::all()) };
        list.split(',')
            .filter(|part| !part.trim().is_empty())
            .map(AgendaType::parse)
            .collect::<Option<BTreeSet<_>>>()
            .map(AgendaTypes)
    }

    pub fn has(&self, kind: AgendaType) -> bool {
        self.0.contains(&kind)
    }
}

fn whole_day(day: NaiveDate) -> (String, String) {
    (format!("{} 00:00:00", day.format("%Y-%m-%d")), format!("{} 23:59:59", day.format("%Y-%m-%d")))
}

impl Reports {
    /// The agenda of the days `query.start..=query.end` (see the module docs).
    pub async fn agenda(
        &self,
        ctx: &TenantCtx,
        query: &AgendaQuery,
        types: &AgendaTypes,
    ) -> Result<Agenda, ReportsError> {
        let mut items = Vec::new();
        if types.has(AgendaType::TimeOff) || types.has(AgendaType::Holiday) {
            items = self.pto.agenda(ctx, query).await?.items;
            items.retain(|item| AgendaType::parse(&item.agenda_type).is_some_and(|kind| types.has(kind)));
        }
        if types.has(AgendaType::Event) {
            for event in self.hr.calendar_events_between(ctx, query.start, query.end).await? {
                if query.excluded_employee.is_some() && query.excluded_employee == event.employee_id.map(kernel::UserId)
                {
                    continue;
                }
                items.push(AgendaItem {
                    agenda_type: AgendaType::Event.code().to_owned(),
                    id: event.id,
                    start: event.start_date,
                    end: event.end_date,
                    allday: 0,
                    soffset: event.soffset,
                    eoffset: event.eoffset,
                    status: pto::requests::wire_code(kernel::RequestStatus::Approved),
                    avatar: event.avatar,
                    firstname: event.firstname,
                    lastname: event.lastname,
                    name: event.event_name,
                    employee_id: event.employee_id,
                    years: None,
                    can_edit: event.can_edit,
                });
            }
        }
        if types.has(AgendaType::Birthday) || types.has(AgendaType::Anniversary) {
            let company = self.accounts.company_name(ctx).await.map_err(hr::HrError::from)?;
            for celebration in self.hr.celebrations_between(ctx, query.start, query.end).await? {
                let kind = if celebration.kind == hr::celebrations::Kind::Birthday.code() {
                    AgendaType::Birthday
                } else {
                    AgendaType::Anniversary
                };
                if !types.has(kind) || query.excluded_employee == Some(kernel::UserId(celebration.employee_id)) {
                    continue;
                }
                let offset = kernel::time::utc_offset_minutes(
                    ctx.time_zone(),
                    kernel::time::start_of_day(ctx.time_zone(), celebration.date),
                );
                let (start, end) = whole_day(celebration.date);
                let name = match (kind, celebration.years) {
                    (AgendaType::Anniversary, Some(1)) => format!("1 year at {company}"),
                    (AgendaType::Anniversary, Some(years)) => format!("{years} years at {company}"),
                    _ => "Birthday".to_owned(),
                };
                items.push(AgendaItem {
                    agenda_type: kind.code().to_owned(),
                    id: celebration.employee_id,
                    start,
                    end,
                    allday: 1,
                    soffset: offset,
                    eoffset: offset,
                    status: pto::requests::wire_code(kernel::RequestStatus::Approved),
                    avatar: celebration.avatar,
                    firstname: Some(celebration.firstname),
                    lastname: Some(celebration.lastname),
                    name,
                    employee_id: Some(celebration.employee_id),
                    years: celebration.years,
                    can_edit: false,
                });
            }
        }
        if types.has(AgendaType::Licence) {
            let due = self.licensing.due_between(ctx, query.start, query.end, None).await?;
            if !due.is_empty() {
                let people: std::collections::HashMap<kernel::UserId, accounts::Person> = self
                    .accounts
                    .people_of(ctx, None)
                    .await
                    .map_err(hr::HrError::from)?
                    .into_iter()
                    .map(|person| (person.id, person))
                    .collect();
                for item in due {
                    if query.excluded_employee == Some(item.employee_id) {
                        continue;
                    }
                    let person = people.get(&item.employee_id);
                    let offset = kernel::time::utc_offset_minutes(
                        ctx.time_zone(),
                        kernel::time::start_of_day(ctx.time_zone(), item.due_on),
                    );
                    let (start, end) = whole_day(item.due_on);
                    // Expiries and CE due dates of one licence share its id space: the kind
                    // keeps them apart (a requirement's id is negative).
                    let id = match item.kind {
                        licensing::agenda::DueKind::LicenceExpiry => item.id,
                        licensing::agenda::DueKind::CeDue => -item.id,
                    };
                    items.push(AgendaItem {
                        agenda_type: AgendaType::Licence.code().to_owned(),
                        id,
                        start,
                        end,
                        allday: 1,
                        soffset: offset,
                        eoffset: offset,
                        status: pto::requests::wire_code(kernel::RequestStatus::Approved),
                        avatar: person.and_then(|person| person.avatar.clone()),
                        firstname: person.map(|person| person.first_name.clone()),
                        lastname: person.map(|person| person.last_name.clone()),
                        name: item.label,
                        employee_id: Some(item.employee_id.0),
                        years: None,
                        can_edit: false,
                    });
                }
            }
        }
        items.sort_by(|a, b| a.start.cmp(&b.start).then(a.agenda_type.cmp(&b.agenda_type)).then(a.id.cmp(&b.id)));
        Ok(Agenda { items })
    }
}
