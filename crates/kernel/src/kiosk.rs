//! A shared kiosk's proof (issue 40): a device an admin registered for one work location.

use crate::{CompanyId, KioskId, LocationId, TenantCtx, UserId};
use chrono_tz::Tz;

/// Proof that a request comes from a registered, unrevoked kiosk of a company. The gateway's
/// `KioskDevice` guard is the only code that builds it (an architecture test fails if
/// `KioskCtx::new` is called anywhere else). A kiosk can do nothing but presses: no route
/// takes it beside the kiosk's own, and it never becomes a person's context until that
/// person's PIN is verified ([`KioskCtx::as_person`]).
#[derive(Debug, Clone)]
pub struct KioskCtx {
    company: CompanyId,
    kiosk: KioskId,
    location: LocationId,
    time_zone: Tz,
}

impl KioskCtx {
    /// Built by the gateway's `KioskDevice` guard from a verified device credential.
    pub fn new(company: CompanyId, kiosk: KioskId, location: LocationId, time_zone: Tz) -> Self {
        Self { company, kiosk, location, time_zone }
    }

    pub fn company(&self) -> CompanyId {
        self.company
    }

    pub fn kiosk(&self) -> KioskId {
        self.kiosk
    }

    /// The location the device stands at.
    pub fn location(&self) -> LocationId {
        self.location
    }

    pub fn time_zone(&self) -> Tz {
        self.time_zone
    }

    /// The person pressing at the kiosk, once their PIN was verified: they act as themselves
    /// (an employee's reach, whatever their role), on their own clock only. Called only by the
    /// clock's kiosk service after the PIN check (an architecture test lists the callers).
    pub fn as_person(&self, person: UserId) -> TenantCtx {
        TenantCtx::at_kiosk(self.company, person, self.time_zone)
    }
}
