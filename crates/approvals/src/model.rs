//! The approval vocabulary: steps as an admin defines them, what a request is, and the states
//! and answers stored with it.

use kernel::{PtoTypeId, UserId};
use sea_orm::entity::prelude::*;
use serde::{Deserialize, Serialize};

/// What kind of request a flow belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, EnumIter, DeriveActiveEnum, Serialize)]
#[sea_orm(rs_type = "i16", db_type = "SmallInteger")]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum FlowKind {
    #[sea_orm(num_value = 1)]
    TimeOff,
    #[sea_orm(num_value = 2)]
    TimesheetEdit,
}

/// Where a flow stands. Only a pending flow moves, and each move is a compare-and-set on its step.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, EnumIter, DeriveActiveEnum, Serialize)]
#[sea_orm(rs_type = "i16", db_type = "SmallInteger")]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum FlowState {
    #[sea_orm(num_value = 0)]
    Pending,
    #[sea_orm(num_value = 1)]
    Approved,
    #[sea_orm(num_value = 2)]
    Rejected,
    #[sea_orm(num_value = 3)]
    Cancelled,
}

/// An approver's answer to a step.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, EnumIter, DeriveActiveEnum, Serialize, Deserialize)]
#[sea_orm(rs_type = "i16", db_type = "SmallInteger")]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum Decision {
    #[sea_orm(num_value = 1)]
    Approve,
    #[sea_orm(num_value = 2)]
    Reject,
}

/// What happened to a step besides its answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, EnumIter, DeriveActiveEnum)]
#[sea_orm(rs_type = "i16", db_type = "SmallInteger")]
pub enum EventKind {
    #[sea_orm(num_value = 1)]
    Reminded,
    #[sea_orm(num_value = 2)]
    Escalated,
}

/// A request a flow is about: its kind and its id in the crate that owns it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Subject {
    pub kind: FlowKind,
    pub request: i64,
}

impl Subject {
    pub fn time_off(id: kernel::PtoRequestId) -> Self {
        Subject { kind: FlowKind::TimeOff, request: id.0 }
    }

    pub fn timesheet_edit(id: kernel::EditRequestId) -> Self {
        Subject { kind: FlowKind::TimesheetEdit, request: id.0 }
    }
}

/// What a path is attached to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Target {
    PtoType(PtoTypeId),
    TimesheetEdits,
}

impl Target {
    /// The stored key: "pto_type:3", "timesheet_edits".
    pub(crate) fn key(self) -> String {
        match self {
            Target::PtoType(id) => format!("pto_type:{id}"),
            Target::TimesheetEdits => "timesheet_edits".to_owned(),
        }
    }

    pub(crate) fn from_key(key: &str) -> Option<Self> {
        match key.split_once(':') {
            Some(("pto_type", id)) => id.parse().ok().map(|id| Target::PtoType(PtoTypeId(id))),
            None if key == "timesheet_edits" => Some(Target::TimesheetEdits),
            _ => None,
        }
    }
}

/// Who answers a step.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum Approvers {
    /// The person's manager.
    Manager,
    /// The manager's manager.
    ManagersManager,
    /// The company's admins.
    Admins,
    /// Named people (managers or admins).
    People,
}

/// How many of a step's approvers must agree.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum Mode {
    Any,
    All,
}

/// Where an escalation goes.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum EscalateTo {
    /// The managers of the step's approvers (else the fallback approver, else the admins).
    #[default]
    NextLevel,
    /// Named people.
    People,
}

/// One step of a path, as stored (in the path and in each request's snapshot) and as the API
/// shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Step {
    pub approvers: Approvers,
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<i64>))]
    pub people: Vec<UserId>,
    pub mode: Mode,
    /// The step applies only to requests longer than this many hours (none: always).
    #[serde(default)]
    pub longer_than_hours: Option<i64>,
    #[serde(default)]
    pub remind_after_hours: Option<i64>,
    #[serde(default)]
    pub escalate_after_hours: Option<i64>,
    #[serde(default)]
    pub escalate_to: EscalateTo,
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<i64>))]
    pub escalate_people: Vec<UserId>,
    #[serde(default)]
    pub skip_when_only_requester: bool,
}

impl Step {
    /// Whether the step applies to a request of `minutes`.
    pub(crate) fn applies_to(&self, minutes: i64) -> bool {
        self.longer_than_hours.is_none_or(|hours| minutes > hours * 60)
    }
}
