//! The import from AgencyZoom, the partner CRM (spec 001 §2 `/admin/manage/import-agencyzoom`,
//! §7 `GET`/`POST /manage/import-agencyzoom`). An admin types the e-mail and password of an
//! account admin of the agency's AgencyZoom; the `agencyzoom` crate reads the agency and its
//! staff with them (they go no further: never stored, never logged), and this module brings the
//! company and its people up to date in one transaction:
//!
//! - **Company**: the name, e-mail, phone, address, city, state and zip AgencyZoom has replace
//!   Timekeep's; a value AgencyZoom lacks, or one that fails the company form's checks, leaves
//!   Timekeep's as it is (and is named in `skippedCompanyFields`). The company becomes
//!   *integrated* (`integrated_with_az`): from then on names and e-mail of its people are
//!   AgencyZoom's (read-only in the employee form and My Profile, refused by the server), and
//!   'Add Multiple' is gone (`POST /manage/add-multiple-users` refused): new staff come by
//!   importing again.
//! - **People** are matched by the partner's id of them (kept in `agencyzoom_links`), then by
//!   e-mail (case-insensitive), so a second import updates and never duplicates, and an address
//!   changed in AgencyZoom follows the person. A match gets AgencyZoom's first and last name,
//!   phone (when it is a valid one) and job role; a changed e-mail takes effect at once for
//!   someone who never set a password (and a new invitation goes to it), else it waits for the
//!   link mailed to the new address, like every change of a sign-in address. Nobody else is
//!   matched: a new person is added, active from today, managed by the company admin, and
//!   gets the normal invitation e-mail (sent after the answer, one after the other).
//! - **Roles**: AgencyZoom's `jobTitle` is the job role, by name without case (added when the
//!   company has none of that name, brought back when it was retired). AgencyZoom's user type
//!   gives a *new* person's permission: owner and admin → companyadmin ('Admin Control - Full'),
//!   manager → manager ('Admin Control - Limited'), anyone else → employee ('User'). An existing
//!   person's permission is never changed by an import: permissions are Timekeep's own, and an
//!   import must not demote the admin running it.
//! - **Failures**, each with its reason and nothing changed for that row: no partner id, an
//!   invalid name or e-mail (the employee form's messages), someone listed twice, deactivated in
//!   AgencyZoom, an e-mail that is another company's (or another person's here), a person
//!   terminated in Timekeep (reactivate them first). Nobody is terminated by an import.
//!
//! Admins only (the gateway's `Admin` guard); the network call happens before the write gate
//! is taken, so a slow partner holds up nobody else's writes.
//!
//! Here: the messages, the partner's errors and the import's status; `types` holds what the
//! endpoints take and answer, `candidates` the checks of what AgencyZoom sent before the database
//! is read, `import` the transaction itself.

mod candidates;
mod import;
mod types;

pub use candidates::permission_of;
pub use types::{FailedPerson, ImportCommand, ImportInput, ImportOutcome, ImportReport, ImportStatus, ImportedPerson};

use crate::entities::agencyzoom_links;
use crate::{Hr, HrError};
use kernel::AdminCtx;
use sea_orm::{EntityTrait, QueryFilter};

/// The success text of spec 001 §2.
pub const IMPORTED_MESSAGE: &str = "Your company information has been updated.";
/// Refused changes of names and e-mail in an integrated company (spec 001 §5, 000 §5).
pub const MANAGED_IN_AGENCYZOOM: &str = "Names and e-mail are managed in AgencyZoom";
/// A bulk add in an integrated company.
pub const IMPORT_INSTEAD: &str = "Your staff comes from AgencyZoom: add people there, then import them again.";
/// The server has no partner address configured.
pub const NOT_SET_UP: &str = "The AgencyZoom import is not set up on this server.";
pub const PASSWORD_MISSING: &str = "Please input the Password";
pub const EMAIL_MISSING: &str = "Please input the Email";
pub const LISTED_TWICE: &str = "Listed twice in AgencyZoom";
pub const NO_PARTNER_ID: &str = "AgencyZoom sent this person without an id";
pub const INACTIVE: &str = "Inactive in AgencyZoom";
pub const TERMINATED: &str = "Terminated in Timekeep: reactivate them, then import again";
/// Someone was added with one of the addresses while the import ran.
pub const RACED: &str = "Someone was added with one of these e-mails meanwhile. Please import again.";
const MAX_PASSWORD_CHARS: usize = 200;

pub use ::agencyzoom::AzError;

/// What the admin is told when the partner is the trouble (the import form's 'Error' alert).
pub fn partner_message(err: &AzError) -> &'static str {
    match err {
        AzError::Refused => "AgencyZoom did not accept this e-mail and password.",
        AzError::NotAnAdmin => {
            "This AgencyZoom user is not an account admin. Please sign in with an account admin of your agency's AgencyZoom."
        }
        AzError::Timeout => "AgencyZoom did not answer in time. Please try again in a few minutes.",
        AzError::Unreachable(_) | AzError::Failed(_) => {
            "AgencyZoom could not be reached. Please try again in a few minutes."
        }
        AzError::Malformed(_) => {
            "AgencyZoom sent an answer we could not read. Please try again later, or contact our support staff."
        }
        AzError::Config(_) => NOT_SET_UP,
    }
}

impl Hr {
    /// The same service, importing from the AgencyZoom that `client` reaches.
    pub fn with_agencyzoom(mut self, client: ::agencyzoom::Client) -> Self {
        self.agencyzoom = Some(client);
        self
    }

    /// `GET /manage/import-agencyzoom`.
    pub async fn agencyzoom_status(&self, ctx: &AdminCtx) -> Result<ImportStatus, HrError> {
        use sea_orm::PaginatorTrait;
        let company = self.company_row(ctx).await?;
        let imported_people = agencyzoom_links::Entity::find()
            .filter(kernel::tenancy::same_company::<agencyzoom_links::Entity>(ctx.company()))
            .count(&self.db)
            .await?;
        Ok(ImportStatus {
            available: self.agencyzoom.is_some(),
            integrated: company.integrated_with_az,
            imported_people,
        })
    }
}
