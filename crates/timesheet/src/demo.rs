//! The demo company's waiting timesheet edit (`timekeep demo --with-history`): one of the
//! manager's reports asks to change the clock-out of their last shift, so the inbox, the bell and
//! the team timesheet show a request to answer.

use crate::entities::timesheet_edit_requests as requests;
use crate::error::TimesheetError;
use crate::service::TimesheetService;
use accounts::people::read::{self, PeopleFilter};
use chrono::{Duration, Utc};
use kernel::{CompanyId, RequestStatus};
use sea_orm::{ActiveModelTrait, ActiveValue::Set, EntityTrait, QueryFilter};

impl TimesheetService {
    /// Adds the demo's waiting edit request. False, and nothing written, when the company has
    /// requests already or its reports have no shift yet.
    pub async fn seed_demo_requests(&self, company: CompanyId) -> Result<bool, TimesheetError> {
        let same = kernel::tenancy::same_company::<requests::Entity>(company);
        if requests::Entity::find().filter(same).one(&self.db).await?.is_some() {
            return Ok(false);
        }
        let people = read::people_of_company(&self.db, company, &PeopleFilter::active()).await?;
        let Some(report) =
            people.iter().find(|person| person.manager_id.is_some() && person.role == kernel::Role::Employee)
        else {
            return Ok(false);
        };
        let now = Utc::now();
        let recent = clock::store::shifts_of(&self.db, company, report.id, now - Duration::days(14), now).await?;
        let Some(shift) = recent.iter().rev().map(|stored| &stored.entry).find(|entry| entry.end_at.is_some()) else {
            return Ok(false);
        };
        let Some(end) = shift.end_at else { return Ok(false) };
        let payload = serde_json::json!({
            "start": null,
            "end": (end + Duration::minutes(45)).to_rfc3339(),
            "boptype": "NOCHANGE",
            "breaks": [],
        });
        requests::ActiveModel {
            company_id: Set(company),
            entry_id: Set(Some(shift.id)),
            employee_id: Set(report.id),
            requester_id: Set(report.id),
            change_type: Set("out".to_owned()),
            payload: Set(payload.to_string()),
            comment: Set("I stayed to finish a client's renewal and forgot to clock out.".to_owned()),
            status: Set(RequestStatus::Raised),
            pending_entry_id: Set(Some(shift.id)),
            created_at: Set(now),
            origin: Set(0),
            ..Default::default()
        }
        .insert(&self.db)
        .await?;
        Ok(true)
    }
}
