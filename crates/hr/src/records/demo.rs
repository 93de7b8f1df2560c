//! HR records for the demo company (`timekeep demo --with-hr`, what `just run` starts): event,
//! document and policy types, and the employee handbook published to everyone but the admin,
//! due in a week, so a newcomer signing in as an employee meets the task dock. The browser
//! journeys seed the demo without it: they set HR up themselves.

use super::{now, TypeKind};
use crate::entities::{
    hr_policies as policies, hr_policy_recipients as recipients, hr_policy_versions as versions,
    hr_policy_workflows as workflows, hr_types,
};
use crate::policies::{WorkflowStatus, PENDING};
use crate::{Hr, HrError};
use accounts::people::read::{self, PeopleFilter};
use chrono::{Duration, NaiveDate};
use kernel::{CompanyId, HrTypeId, Role};
use sea_orm::{ActiveModelTrait, ActiveValue::Set, EntityTrait, QueryFilter};

const HANDBOOK: &str = "<h2>Welcome</h2><p>This handbook explains how we work together: <strong>hours</strong>, \
time off, conduct and safety.</p><ul><li>Clock in when you start and out when you leave.</li>\
<li>Ask for time off in Timekeep at least two weeks ahead.</li><li>Treat clients and colleagues with \
respect.</li></ul>";

impl Hr {
    /// Sets up the demo company's HR records as of `today` (its local day). False, and nothing
    /// written, when the company already has HR types.
    pub async fn seed_demo_hr(&self, company: CompanyId, today: NaiveDate) -> Result<bool, HrError> {
        let same = kernel::tenancy::same_company::<hr_types::Entity>(company);
        if hr_types::Entity::find().filter(same).one(&self.db).await?.is_some() {
            return Ok(false);
        }
        let people = read::people_of_company(&self.db, company, &PeopleFilter::default()).await?;
        let Some(admin) = people.iter().find(|person| person.role == Role::Admin) else { return Ok(false) };
        let at = now();
        let _permit = self.gate.enter().await;
        let txn = kernel::begin_write(&self.db).await?;
        let mut handbook_type = HrTypeId(0);
        let kinds = [
            (TypeKind::Event, "Performance Review", false),
            (TypeKind::Event, "Recognition", false),
            (TypeKind::Event, "Written Warning", false),
            (TypeKind::Document, "W-4", true),
            (TypeKind::Document, "Signed Offer Letter", false),
            (TypeKind::Policy, "Employee Handbook", false),
            (TypeKind::Policy, "Safety", false),
        ];
        for (kind, name, onboarding) in kinds {
            let row = hr_types::ActiveModel {
                company_id: Set(company),
                kind: Set(kind.code().to_owned()),
                name: Set(name.to_owned()),
                onboarding_doc: Set(onboarding),
                onboarding_days: Set(onboarding.then_some(super::types::DEFAULT_ONBOARDING_DAYS)),
                onboarding_since: Set(onboarding.then_some(today)),
                active: Set(true),
                created_at: Set(at),
                ..Default::default()
            }
            .insert(&txn)
            .await?;
            if name == "Employee Handbook" {
                handbook_type = row.id;
            }
        }
        let policy = policies::ActiveModel {
            company_id: Set(company),
            policy_type_id: Set(handbook_type),
            title: Set("Employee Handbook".to_owned()),
            content: Set(kernel::rich_text::sanitize(HANDBOOK)),
            onboarding: Set(false),
            created_by: Set(Some(admin.id)),
            created_at: Set(at),
            updated_at: Set(at),
            last_published_at: Set(Some(at)),
            ..Default::default()
        }
        .insert(&txn)
        .await?;
        let version = versions::ActiveModel {
            company_id: Set(company),
            policy_id: Set(policy.id),
            version: Set(1),
            title: Set(policy.title.clone()),
            content: Set(policy.content.clone()),
            created_by: Set(Some(admin.id)),
            created_at: Set(at),
            ..Default::default()
        }
        .insert(&txn)
        .await?;
        let mut row: policies::ActiveModel = policy.clone().into();
        row.current_version_id = Set(Some(version.id));
        row.update(&txn).await?;
        let due = today + Duration::days(7);
        let flow = workflows::ActiveModel {
            company_id: Set(company),
            policy_id: Set(policy.id),
            version_id: Set(version.id),
            audience: Set(1),
            audience_ids: Set("[]".to_owned()),
            due_date: Set(Some(due)),
            onboarding: Set(false),
            status: Set(WorkflowStatus::Active.code()),
            published_by: Set(Some(admin.id)),
            published_at: Set(at),
            modified_at: Set(at),
            ..Default::default()
        }
        .insert(&txn)
        .await?;
        for person in people.iter().filter(|person| person.id != admin.id && person.role != Role::SysAdmin) {
            recipients::ActiveModel {
                company_id: Set(company),
                workflow_id: Set(flow.id),
                employee_id: Set(person.id),
                due_date: Set(Some(due)),
                certify_status: Set(PENDING),
                comments: Set(String::new()),
                ..Default::default()
            }
            .insert(&txn)
            .await?;
        }
        txn.commit().await?;
        Ok(true)
    }
}
