//! Typed ids, so a company id can never be passed where an employee id is expected.

use serde::{Deserialize, Serialize};
use std::fmt;

macro_rules! typed_id {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
        #[serde(transparent)]
        pub struct $name(pub i64);

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.0.fmt(f)
            }
        }

        impl From<i64> for $name {
            fn from(value: i64) -> Self {
                Self(value)
            }
        }

        impl From<$name> for i64 {
            fn from(value: $name) -> Self {
                value.0
            }
        }
    };
}

typed_id!(
    /// A company: the tenant that owns every tenant-scoped row.
    CompanyId
);
typed_id!(
    /// A person who can sign in. Inside a company a user is also its employee, so the spec's
    /// "employee id" (`eid`) is this id.
    UserId
);
typed_id!(
    /// A shift on the clock (a time entry); the spec's timesheet id (`ts`) and the clock's
    /// tracking number.
    EntryId
);
typed_id!(
    /// A request to edit a shift.
    EditRequestId
);
typed_id!(
    /// An employee's emergency contact.
    ContactId
);
typed_id!(
    /// A job role of a company.
    JobRoleId
);
typed_id!(
    /// An entry of the company's activity feed.
    ActivityId
);
typed_id!(
    /// A stored file (an avatar, a logo, later HR documents).
    FileId
);
