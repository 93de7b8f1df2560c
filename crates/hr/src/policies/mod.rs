//! HR policy broadcasts (spec 002 §2–§9 "HR Broadcast History", "Policy", "Publish",
//! "Workflow"; 000 §3–§4 acknowledgement): a policy is written (title, type, rich text, an
//! optional document), published to people (a workflow), and each recipient acknowledges or
//! declines it once.
//!
//! The compliance record is the recipient row: who, which version of the text, the answer, when
//! (UTC) and their comment. Every change of a policy's title, text or document makes a new
//! version, and a publication sends the version current then, so what someone answered is always
//! the text they were shown; nothing rewrites an answer. Stopping a publication keeps the answers
//! given and accepts no more; removing a policy cancels its open publications the same way.
//! Counts are counted from the recipient rows whenever they are shown, so they always agree.
//!
//! Who does what: managers and admins write, publish, follow, remind and stop (policies are the
//! company's, like its settings); a manager publishes only to the people they reach. The
//! publisher is not sent their own publication. Employees answer what was sent to them; anyone
//! else's publication is a 404 to them.

mod answers;
mod authoring;
mod publishing;

pub use answers::{AnswerCommand, AnswerInput, AnswerOutcome, MyPolicy, PolicyReview, PolicyTask};
pub use authoring::{PolicyCommand, PolicyInput, PolicyList, PolicyView};
pub use publishing::{PublishCommand, PublishInput, Recipient, ReminderOutcome, WorkflowSummary, WorkflowView};

use crate::entities::{hr_policies, hr_policy_recipients as recipients, hr_policy_workflows as workflows};
use crate::{Hr, HrError};
use kernel::{JobRoleId, PolicyId, PolicyWorkflowId, TenantCtx, UserId};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QuerySelect};
use std::collections::HashMap;

/// A publication's state (002 §4 "Policy workflow status").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WorkflowStatus {
    Active,
    Cancelled,
    Stopped,
}

impl WorkflowStatus {
    pub fn code(self) -> i16 {
        match self {
            WorkflowStatus::Active => 0,
            WorkflowStatus::Cancelled => 2,
            WorkflowStatus::Stopped => 3,
        }
    }

    pub fn of(code: i16) -> Self {
        match code {
            2 => WorkflowStatus::Cancelled,
            3 => WorkflowStatus::Stopped,
            _ => WorkflowStatus::Active,
        }
    }
}

/// A recipient's answer (002 §4 "Recipient certifyStatus").
pub const PENDING: i16 = 0;
pub const ACKNOWLEDGED: i16 = 1;
pub const DECLINED: i16 = 2;

/// Who receives a publication (002 §3 `applicableToAll`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Audience {
    /// Everyone the publisher reaches.
    EntireTeam,
    Members(Vec<UserId>),
    JobRoles(Vec<JobRoleId>),
}

impl Audience {
    fn code(&self) -> i16 {
        match self {
            Audience::Members(_) => 0,
            Audience::EntireTeam => 1,
            Audience::JobRoles(_) => 2,
        }
    }

    /// The chosen members' or job roles' ids.
    fn ids(&self) -> Vec<i64> {
        match self {
            Audience::EntireTeam => Vec::new(),
            Audience::Members(ids) => ids.iter().map(|id| id.0).collect(),
            Audience::JobRoles(ids) => ids.iter().map(|id| id.0).collect(),
        }
    }
}

/// Counted answers of some publications: (total, acknowledged, declined) by workflow id.
type Counts = HashMap<PolicyWorkflowId, (u64, u64, u64)>;

impl Hr {
    /// A policy of the company that is not removed.
    pub(crate) async fn policy_row(&self, ctx: &TenantCtx, id: PolicyId) -> Result<hr_policies::Model, HrError> {
        hr_policies::Entity::find_by_id(id)
            .filter(kernel::tenancy::same_company::<hr_policies::Entity>(ctx.company()))
            .filter(hr_policies::Column::DeletedAt.is_null())
            .one(&self.db)
            .await?
            .ok_or(HrError::NotFound)
    }

    /// A publication of the company (its policy may since have been removed).
    pub(crate) async fn workflow_row(
        &self,
        ctx: &TenantCtx,
        id: PolicyWorkflowId,
    ) -> Result<workflows::Model, HrError> {
        workflows::Entity::find_by_id(id)
            .filter(kernel::tenancy::same_company::<workflows::Entity>(ctx.company()))
            .one(&self.db)
            .await?
            .ok_or(HrError::NotFound)
    }

    /// The answers of some publications, counted from their recipient rows in one query.
    pub(crate) async fn count_answers(&self, ctx: &TenantCtx, ids: &[PolicyWorkflowId]) -> Result<Counts, HrError> {
        let mut counts = Counts::new();
        if ids.is_empty() {
            return Ok(counts);
        }
        let rows: Vec<(PolicyWorkflowId, i16, i64)> = recipients::Entity::find()
            .select_only()
            .column(recipients::Column::WorkflowId)
            .column(recipients::Column::CertifyStatus)
            .column_as(recipients::Column::Id.count(), "n")
            .filter(kernel::tenancy::same_company::<recipients::Entity>(ctx.company()))
            .filter(recipients::Column::WorkflowId.is_in(ids.iter().copied()))
            .group_by(recipients::Column::WorkflowId)
            .group_by(recipients::Column::CertifyStatus)
            .into_tuple()
            .all(&self.db)
            .await?;
        for (workflow, status, n) in rows {
            let n = u64::try_from(n).unwrap_or_default();
            let entry = counts.entry(workflow).or_default();
            entry.0 += n;
            match status {
                ACKNOWLEDGED => entry.1 += n,
                DECLINED => entry.2 += n,
                _ => {}
            }
        }
        Ok(counts)
    }
}
