//! The tenant context: who is acting, in which company, with which role.

use crate::{CompanyId, Role, UserId};
use chrono_tz::Tz;

/// Proof that a request was made by a signed-in member of a company.
///
/// Every service that reads or writes a company's data takes a `&TenantCtx` and filters every
/// query by [`TenantCtx::company`]; the company therefore always comes from the verified session,
/// never from a request body or path. The gateway's role guards are the only code that builds one
/// (a test in the gateway crate fails if `TenantCtx::new` is called anywhere else), so a service
/// cannot be reached without the permission check its handler declares.
#[derive(Debug, Clone)]
pub struct TenantCtx {
    company: CompanyId,
    actor: UserId,
    role: Role,
    time_zone: Tz,
}

impl TenantCtx {
    /// Built by the gateway's guards from a verified session. See the type's docs.
    pub fn new(company: CompanyId, actor: UserId, role: Role, time_zone: Tz) -> Self {
        Self { company, actor, role, time_zone }
    }

    pub fn company(&self) -> CompanyId {
        self.company
    }

    /// The signed-in user (an employee of [`Self::company`]).
    pub fn actor(&self) -> UserId {
        self.actor
    }

    pub fn role(&self) -> Role {
        self.role
    }

    /// The company's time zone: days, weeks and displayed times are in it.
    pub fn time_zone(&self) -> Tz {
        self.time_zone
    }

    pub fn is_admin(&self) -> bool {
        self.role == Role::Admin
    }

    /// An admin or a manager.
    pub fn is_privileged(&self) -> bool {
        self.role.is_privileged()
    }
}
