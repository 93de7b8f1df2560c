//! Statuses that several domains store, as enums rather than bare numbers.
//!
//! The numbers are the spec's (they travel in JSON as integers) and are what the database
//! holds; in Rust a status is only ever one of these variants.

use sea_orm::entity::prelude::*;

/// Where a request that someone else decides stands: a timesheet edit request today, a PTO
/// request next. Only a raised request can move, and only once.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, EnumIter, DeriveActiveEnum)]
#[sea_orm(rs_type = "i16", db_type = "SmallInteger")]
pub enum RequestStatus {
    #[sea_orm(num_value = 0)]
    Raised,
    #[sea_orm(num_value = 1)]
    Approved,
    #[sea_orm(num_value = 2)]
    Rejected,
    #[sea_orm(num_value = 3)]
    Canceled,
}

impl RequestStatus {
    /// The spec's number for this status.
    pub fn code(self) -> i16 {
        self.to_value()
    }

    /// Decided by someone: approved or rejected (not canceled by the requester).
    pub fn is_decided(self) -> bool {
        matches!(self, RequestStatus::Approved | RequestStatus::Rejected)
    }
}

/// Whether a person works at their company. Terminated people keep their records and may be
/// reactivated; they cannot sign in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, EnumIter, DeriveActiveEnum)]
#[sea_orm(rs_type = "i16", db_type = "SmallInteger")]
pub enum EmploymentStatus {
    #[sea_orm(num_value = 0)]
    Terminated,
    #[sea_orm(num_value = 1)]
    Active,
}

impl EmploymentStatus {
    /// The spec's number for this status.
    pub fn code(self) -> i16 {
        self.to_value()
    }

    /// The status a number names, if any (a list filter from a query string).
    pub fn from_code(code: i16) -> Option<Self> {
        Self::try_from_value(&code).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sea_orm::Iterable;

    #[test]
    fn codes_are_the_specs() {
        let codes: Vec<i16> = RequestStatus::iter().map(RequestStatus::code).collect();
        assert_eq!(codes, [0, 1, 2, 3]);
        assert_eq!(EmploymentStatus::Active.code(), 1);
        assert_eq!(EmploymentStatus::from_code(0), Some(EmploymentStatus::Terminated));
        assert_eq!(EmploymentStatus::from_code(7), None);
    }
}
