//! Reference data for the screens' pickers (002 §7 "Reference data"): `/refdata/admin` (the
//! lists a manager chooses from) and `/refdata/onboarding-status` (what new employees are sent).

use super::{HrTypeView, TypeKind};
use crate::entities::{hr_policies as policies, hr_types};
use crate::views::JobRoleView;
use crate::{Hr, HrError};
use accounts::people::read::{self, PeopleFilter, PersonOrder};
use kernel::ManagerCtx;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder};
use serde::Serialize;

/// A person in a picker.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct PickablePerson {
    pub id: i64,
    pub firstname: String,
    pub lastname: String,
    pub jobrole_id: Option<i64>,
}

/// `GET /refdata/admin`: active types, job roles and the people the caller reaches.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct AdminRefData {
    pub jobroles: Vec<JobRoleView>,
    pub policytypes: Vec<HrTypeView>,
    pub eventtypes: Vec<HrTypeView>,
    pub doctypes: Vec<HrTypeView>,
    pub employees: Vec<PickablePerson>,
}

/// An onboarding policy.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct OnboardingPolicy {
    pub id: i64,
    pub title: String,
    pub auto_certify_due_days: Option<i32>,
}

/// An onboarding document type.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct OnboardingDocType {
    pub id: i64,
    pub name: String,
    pub onboarding_days: Option<i32>,
}

/// `GET /refdata/onboarding-status`: what new employees are sent.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct OnboardingStatus {
    pub policies: Vec<OnboardingPolicy>,
    pub doc_types: Vec<OnboardingDocType>,
}

impl Hr {
    pub async fn admin_refdata(&self, ctx: &ManagerCtx) -> Result<AdminRefData, HrError> {
        let active = |types: Vec<HrTypeView>| types.into_iter().filter(|kind| kind.active).collect::<Vec<_>>();
        let employees = read::people_in_reach(&self.db, ctx, &PeopleFilter::active().ordered(PersonOrder::LastName))
            .await?
            .into_iter()
            .map(|person| PickablePerson {
                id: person.id.0,
                firstname: person.first_name,
                lastname: person.last_name,
                jobrole_id: person.job_role_id.map(|id| id.0),
            })
            .collect();
        Ok(AdminRefData {
            jobroles: self.job_roles(ctx).await?.into_iter().filter(|role| role.active).collect(),
            policytypes: active(self.hr_types(ctx, TypeKind::Policy).await?),
            eventtypes: active(self.hr_types(ctx, TypeKind::Event).await?),
            doctypes: active(self.hr_types(ctx, TypeKind::Document).await?),
            employees,
        })
    }

    pub async fn onboarding_status(&self, ctx: &ManagerCtx) -> Result<OnboardingStatus, HrError> {
        let policies = policies::Entity::find()
            .filter(kernel::tenancy::same_company::<policies::Entity>(ctx.company()))
            .filter(policies::Column::Onboarding.eq(true))
            .filter(policies::Column::DeletedAt.is_null())
            .order_by_asc(policies::Column::Title)
            .all(&self.db)
            .await?
            .into_iter()
            .map(|policy| OnboardingPolicy {
                id: policy.id.0,
                title: policy.title,
                auto_certify_due_days: policy.onboarding_days,
            })
            .collect();
        let doc_types = hr_types::Entity::find()
            .filter(kernel::tenancy::same_company::<hr_types::Entity>(ctx.company()))
            .filter(hr_types::Column::Kind.eq(TypeKind::Document.code()))
            .filter(hr_types::Column::OnboardingDoc.eq(true))
            .filter(hr_types::Column::Active.eq(true))
            .order_by_asc(hr_types::Column::Name)
            .all(&self.db)
            .await?
            .into_iter()
            .map(|kind| OnboardingDocType { id: kind.id.0, name: kind.name, onboarding_days: kind.onboarding_days })
            .collect();
        Ok(OnboardingStatus { policies, doc_types })
    }
}
