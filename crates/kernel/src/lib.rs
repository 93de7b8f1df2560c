//! The shared vocabulary of Timekeep.
//!
//! Nearly everything here is plain data with no I/O: typed ids, shared statuses, the four roles, the tenant
//! context every tenant-scoped service requires, per-field validation errors, and the time-zone
//! rules (instants are stored in UTC and shown in the company's zone), and the rich-text sanitiser. The exceptions are the
//! write gate, which every domain crate's writes share, the job scheduler, which every
//! domain crate's background jobs share, and the few statements every crate's erasing of a closed
//! company shares ([`purge`]): they live below them all.

pub mod ids;
pub mod kiosk;
pub mod origin;
pub mod purge;
pub mod rich_text;
pub mod role;
pub mod scheduler;
pub mod spreadsheet;
pub mod status;
pub mod system;
pub mod tenancy;
pub mod tenant;
pub mod time;
pub mod transaction;
pub mod validation;
pub mod write_gate;

pub use ids::{
    ActivityId, ApiKeyId, ApprovalFlowId, ApprovalLinkId, ApprovalPathId, AuditEntryId, CalendarEventId,
    CelebrationMessageId, ChargeId, CompanyCelebrationMessageId, CompanyId, ContactId, DocRequestId, EditRequestId,
    EmployeeOvertimeRuleId, EnrollmentId, EntryId, FileId, HolidayId, HrDocumentId, HrEventId, HrTypeId, JobRoleId,
    KioskId, LocationId, OvertimePolicyId, PolicyId, PolicyWorkflowId, PromotionId, PtoHistoryEntryId, PtoPlanId,
    PtoRequestId, PtoRuleId, PtoTypeId, StandInId, TimesheetReviewId, UserId, WebhookDeliveryId, WebhookEndpointId,
};
pub use ids::{
    AppointmentId, CeCreditId, CeRequirementId, EoPolicyId, LicenceId, LicensingReminderId, ProducerId, StateRuleId,
};
pub use kiosk::KioskCtx;
pub use origin::{Client, Origin};
pub use role::Role;
pub use scheduler::{
    BatchDone, BatchError, BatchKey, BatchOutcome, JobStatus, RunNowError, RunSummary, RunningScheduler, Scheduler,
};
pub use status::{EmploymentStatus, RequestStatus};
pub use system::SystemCtx;
pub use tenant::{AdminCtx, ManagerCtx, Reach, TenantCtx, OWN_REQUEST_MESSAGE};
pub use transaction::{begin_write, WriteTxn};
pub use validation::FieldErrors;
pub use write_gate::WriteGate;
