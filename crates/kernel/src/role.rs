//! The four roles of the product (spec 000 §6).

use sea_orm::entity::prelude::*;
use serde::{Deserialize, Serialize};

/// What a user may do. A user has exactly one role; the privileges are nested
/// (an admin may do what a manager may, a manager what an employee may) except for the system
/// admin, who belongs to no company and only works in the platform back office.
///
/// Stored as its code (`users.role`), the same string the session token's `roles` carry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, EnumIter, DeriveActiveEnum)]
#[serde(rename_all = "lowercase")]
#[sea_orm(rs_type = "String", db_type = "String(StringLen::None)")]
pub enum Role {
    /// 'User': clocks in, keeps a timesheet, requests time off.
    #[sea_orm(string_value = "employee")]
    Employee,
    /// 'Admin Control - Limited': acts on the employees who report to them, and themselves.
    #[sea_orm(string_value = "manager")]
    Manager,
    /// 'Admin Control - Full': acts on the whole company, including billing.
    #[sea_orm(string_value = "admin")]
    Admin,
    /// The platform operator. Belongs to no company.
    #[sea_orm(string_value = "sysadmin")]
    SysAdmin,
}

impl Role {
    /// The stable code stored in the database and carried in the session token's `roles`.
    pub fn code(self) -> &'static str {
        match self {
            Role::Employee => "employee",
            Role::Manager => "manager",
            Role::Admin => "admin",
            Role::SysAdmin => "sysadmin",
        }
    }

    /// The permission label the screens show.
    pub fn label(self) -> &'static str {
        match self {
            Role::Employee => "User",
            Role::Manager => "Admin Control - Limited",
            Role::Admin => "Admin Control - Full",
            Role::SysAdmin => "System Admin",
        }
    }

    pub fn from_code(code: &str) -> Option<Role> {
        [Role::Employee, Role::Manager, Role::Admin, Role::SysAdmin].into_iter().find(|role| role.code() == code)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip() {
        for role in [Role::Employee, Role::Manager, Role::Admin, Role::SysAdmin] {
            assert_eq!(Role::from_code(role.code()), Some(role));
        }
        assert_eq!(Role::from_code("root"), None);
    }
}
