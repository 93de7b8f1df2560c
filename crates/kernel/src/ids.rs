//! Typed ids, so a company id can never be passed where an employee id is expected.

use serde::{Deserialize, Serialize};
use std::fmt;

macro_rules! typed_id {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
        #[derive(sea_orm::DeriveValueType)]
        #[serde(transparent)]
        pub struct $name(pub i64);

        // An entity's primary key may be the typed id itself (an insert reads it back as u64).
        impl sea_orm::TryFromU64 for $name {
            fn try_from_u64(value: u64) -> Result<Self, sea_orm::DbErr> {
                i64::try_from_u64(value).map(Self)
            }
        }

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
    /// An entry of the company's audit trail (issue 43).
    AuditEntryId
);
typed_id!(
    /// A company API key (issue 43): acts as the admin who created it, within its scopes.
    ApiKeyId
);
typed_id!(
    /// A webhook endpoint a company registered (issue 43).
    WebhookEndpointId
);
typed_id!(
    /// One delivery of an event to a webhook endpoint.
    WebhookDeliveryId
);
typed_id!(
    /// A stored file (an avatar, a logo, later HR documents).
    FileId
);
typed_id!(
    /// A time-off (PTO) request.
    PtoRequestId
);
typed_id!(
    /// A paid holiday of a company.
    HolidayId
);
typed_id!(
    /// An entry of an employee's PTO history (a manual addition, a plan switch, …).
    PtoHistoryEntryId
);
typed_id!(
    /// A PTO type of a company (vacation, sick, …).
    PtoTypeId
);
typed_id!(
    /// A PTO plan (the spec's "policy"): one rule per PTO type it includes.
    PtoPlanId
);
typed_id!(
    /// One PTO type's rule inside a PTO plan.
    PtoRuleId
);
typed_id!(
    /// An employee's enrolment in a PTO plan from a day on.
    EnrollmentId
);
typed_id!(
    /// An HR type: a kind of HR event, HR document or policy a company names.
    HrTypeId
);
typed_id!(
    /// An HR event recorded in an employee's folder.
    HrEventId
);
typed_id!(
    /// An HR document stored in an employee's folder.
    HrDocumentId
);
typed_id!(
    /// A request that an employee upload an HR document.
    DocRequestId
);
typed_id!(
    /// A company policy.
    PolicyId
);
typed_id!(
    /// A workflow that sends a policy to its recipients for review.
    PolicyWorkflowId
);
typed_id!(
    /// An event of the company calendar.
    CalendarEventId
);
typed_id!(
    /// A custom celebration message for one employee.
    CelebrationMessageId
);
typed_id!(
    /// A company's custom celebration message, replacing the system default.
    CompanyCelebrationMessageId
);
typed_id!(
    /// A billing promotion (a discount code) set up by the system operator.
    PromotionId
);
typed_id!(
    /// A charge of a company's subscription.
    ChargeId
);
typed_id!(
    /// A manager's review of one person's timesheet for a week or pay period ("approve the week").
    TimesheetReviewId
);
typed_id!(
    /// A version of a company's overtime rules (from a date on).
    OvertimePolicyId
);
typed_id!(
    /// A version of one person's own overtime rules (from a date on).
    EmployeeOvertimeRuleId
);
typed_id!(
    /// A company's work location: where presses are expected from (geofence, network).
    LocationId
);
typed_id!(
    /// A shared kiosk: a device registered for one work location.
    KioskId
);
typed_id!(
    /// An approval path: the ordered steps a request walks before it is approved.
    ApprovalPathId
);
typed_id!(
    /// One request's walk along its approval path (its snapshot of the path and where it is).
    ApprovalFlowId
);
typed_id!(
    /// A stand-in: someone who answers for another person over a period.
    StandInId
);
typed_id!(
    /// An answer link sent by e-mail to one approver of one step of a request.
    ApprovalLinkId
);
typed_id!(
    /// A producer's NPN and resident state (licensing).
    ProducerId
);
typed_id!(
    /// A company's own continuing-education rule for a state.
    StateRuleId
);
typed_id!(
    /// A producer's licence in one state.
    LicenceId
);
typed_id!(
    /// The continuing education one licence cycle requires.
    CeRequirementId
);
typed_id!(
    /// A continuing-education course a producer completed.
    CeCreditId
);
typed_id!(
    /// A carrier's appointment of a producer in a state.
    AppointmentId
);
typed_id!(
    /// An errors-and-omissions insurance policy of the agency.
    EoPolicyId
);
typed_id!(
    /// The once-only mark of a licensing reminder sent.
    LicensingReminderId
);
