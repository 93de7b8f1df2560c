//! The tenant contexts: proof of who is acting, in which company, and what they may do.
//!
//! A handler receives one of three contexts from its guard, and a service takes the one that
//! proves the right it needs:
//!
//! | context | who | may act on |
//! |---|---|---|
//! | [`TenantCtx`] | any member (employee, manager, admin) | what [`TenantCtx::reach`] says |
//! | [`ManagerCtx`] | a manager or an admin | their [`Reach`]: a manager's reports and themselves, an admin's whole company |
//! | [`AdminCtx`] | a company admin | the whole company |
//!
//! An `AdminCtx` is a `ManagerCtx` is a `TenantCtx` (by `Deref`), so a service asking for less
//! accepts more. A service that a manager and an admin share but where the admin may do more
//! (set permissions, say) asks [`ManagerCtx::admin`] for the admin's proof; no service reads a
//! role and decides for itself. The role is not even public: [`TenantCtx::reach`] is the one
//! rule of whom someone reaches, and the typed contexts are the only other thing a role decides.

use crate::{CompanyId, Origin, Role, UserId};
use chrono_tz::Tz;
use std::ops::Deref;

/// What an approver hears when the request is their own ([`ManagerCtx::may_decide`]).
pub const OWN_REQUEST_MESSAGE: &str = "You cannot approve or reject your own request.";

/// Whom an actor may see and act on, inside their company.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reach {
    /// An admin: everyone in the company.
    Company,
    /// A manager: the people who report to them, and themselves.
    Team { manager: UserId },
    /// An employee: themselves only.
    Own(UserId),
}

impl Reach {
    /// Whether `person`, whose manager is `their_manager`, is within this reach.
    pub fn includes(self, person: UserId, their_manager: Option<UserId>) -> bool {
        match self {
            Reach::Company => true,
            Reach::Team { manager } => person == manager || their_manager == Some(manager),
            Reach::Own(me) => person == me,
        }
    }

    /// Whether this reach is the whole company (no filter by person is needed).
    pub fn is_company(self) -> bool {
        matches!(self, Reach::Company)
    }
}

/// Proof that a request was made by a signed-in member of a company.
///
/// Every service that reads or writes a company's data takes a context and filters every
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
    origin: Origin,
}

impl TenantCtx {
    /// Built by the gateway's guards from a verified session. See the type's docs.
    pub fn new(company: CompanyId, actor: UserId, role: Role, time_zone: Tz) -> Self {
        Self { company, actor, role, time_zone, origin: Origin::default() }
    }

    /// The request's origin (address, client, impersonator), set by the same guard that built
    /// the context; it decides nothing and is read only by the audit trail.
    pub fn with_origin(mut self, origin: Origin) -> Self {
        self.origin = origin;
        self
    }

    /// Where the request came from (for the audit trail).
    pub fn origin(&self) -> &Origin {
        &self.origin
    }

    /// Whether a person acts (not a scheduled job): only a person's changes are audited.
    pub fn is_person(&self) -> bool {
        self.actor != UserId(0)
    }

    /// The context a scheduled job reads one company with: no person's request (the actor is
    /// nobody), the whole company in reach. Only a [`TenantCtx`] is made, never an
    /// [`AdminCtx`]: a job reads through the services, it cannot call what changes settings.
    /// Jobs are the only other builders (the gateway's architecture test lists them).
    pub fn for_job(company: CompanyId, time_zone: Tz) -> Self {
        Self { company, actor: UserId(0), role: Role::Admin, time_zone, origin: Origin::job() }
    }

    /// A person pressing at a kiosk after their PIN was checked ([`crate::KioskCtx::as_person`]).
    pub(crate) fn at_kiosk(company: CompanyId, person: UserId, time_zone: Tz) -> Self {
        Self { company, actor: person, role: Role::Employee, time_zone, origin: Origin::kiosk() }
    }

    pub fn company(&self) -> CompanyId {
        self.company
    }

    /// The signed-in user (an employee of [`Self::company`]).
    pub fn actor(&self) -> UserId {
        self.actor
    }

    /// The company's time zone: days, weeks and displayed times are in it.
    pub fn time_zone(&self) -> Tz {
        self.time_zone
    }

    /// Whom this actor reaches: the one rule, used by every lookup of a person by id and every
    /// list of people.
    pub fn reach(&self) -> Reach {
        match self.role {
            Role::Admin => Reach::Company,
            Role::Manager => Reach::Team { manager: self.actor },
            Role::Employee | Role::SysAdmin => Reach::Own(self.actor),
        }
    }

    /// Whether the actor is `person` (acting on themselves).
    pub fn is_self(&self, person: UserId) -> bool {
        self.actor == person
    }

    /// The manager's proof, when the actor is a manager or an admin. Services never ask for it
    /// to decide something (the architecture test refuses `.manager()` in a domain crate): the
    /// questions a role answers are the methods below, and a service that needs the proof takes
    /// it as its parameter, from the guard.
    pub fn manager(&self) -> Option<ManagerCtx> {
        matches!(self.role, Role::Manager | Role::Admin).then(|| ManagerCtx(self.clone()))
    }

    /// Whether the actor answers for other people (a manager or an admin): they approve requests,
    /// file time off for their reports, read a policy's current file rather than the copy sent.
    pub fn answers_for_others(&self) -> bool {
        matches!(self.role, Role::Manager | Role::Admin)
    }

    /// Whether the actor acts for the whole company (an admin): they edit anyone's records and
    /// anyone's calendar events, remove history entries, keep others' emergency contacts.
    pub fn acts_for_the_company(&self) -> bool {
        self.role == Role::Admin
    }

    /// Whether the actor may see the records of `person` that are visible to their owner only:
    /// the person themselves, or an admin.
    pub fn sees_owner_only_records_of(&self, person: UserId) -> bool {
        self.acts_for_the_company() || self.is_self(person)
    }

    /// Whether the actor may approve or reject a request raised by `requester` about `subject`
    /// (whose reach the caller has checked): an approver, and never their own
    /// ([`ManagerCtx::may_decide`]).
    pub fn may_decide(&self, requester: UserId, subject: UserId) -> bool {
        self.manager().is_some_and(|approver| approver.may_decide(requester, subject))
    }
}

/// Proof that the actor is a manager or an admin of the company. Built only from a
/// [`TenantCtx`] whose role allows it ([`TenantCtx::manager`]).
#[derive(Debug, Clone)]
pub struct ManagerCtx(TenantCtx);

impl ManagerCtx {
    /// A scheduled job reading a whole company as its payroll clerk would (the auto-close of pay
    /// periods makes their payroll files): no person, the whole company in reach. Like
    /// [`TenantCtx::for_job`], never an [`AdminCtx`]; the gateway's architecture test lists the
    /// jobs that build one.
    pub fn for_job(company: CompanyId, time_zone: Tz) -> Self {
        ManagerCtx(TenantCtx { company, actor: UserId(0), role: Role::Admin, time_zone, origin: Origin::job() })
    }

    /// The admin's proof, when this manager is in fact a company admin (who may do more on the
    /// same screens: set permissions, change e-mails, edit other admins).
    pub fn admin(&self) -> Option<AdminCtx> {
        (self.0.role == Role::Admin).then(|| AdminCtx(self.clone()))
    }

    /// Whether this approver may approve or reject a request raised by `requester` about
    /// `subject` (whose reach the caller has already checked). Nobody decides a request they
    /// raised or one about themselves: that would be changing their own record without the
    /// right to do it directly. The one rule for every kind of request (timesheet edits, time
    /// off, documents).
    pub fn may_decide(&self, requester: UserId, subject: UserId) -> bool {
        !self.is_self(requester) && !self.is_self(subject)
    }
}

impl Deref for ManagerCtx {
    type Target = TenantCtx;

    fn deref(&self) -> &TenantCtx {
        &self.0
    }
}

/// Proof that the actor is an admin of the company. Built only from a [`ManagerCtx`] whose role
/// allows it ([`ManagerCtx::admin`]).
#[derive(Debug, Clone)]
pub struct AdminCtx(ManagerCtx);

impl Deref for AdminCtx {
    type Target = ManagerCtx;

    fn deref(&self) -> &ManagerCtx {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ctx(role: Role) -> TenantCtx {
        TenantCtx {
            company: CompanyId(1),
            actor: UserId(10),
            role,
            time_zone: chrono_tz::America::New_York,
            origin: Origin::default(),
        }
    }

    #[test]
    fn the_proofs_follow_the_role() {
        assert!(ctx(Role::Employee).manager().is_none());
        assert!(ctx(Role::SysAdmin).manager().is_none());
        let manager = ctx(Role::Manager).manager();
        assert!(manager.as_ref().is_some_and(|manager| manager.admin().is_none()));
        assert!(ctx(Role::Admin).manager().and_then(|manager| manager.admin()).is_some());
    }

    #[test]
    fn the_questions_a_role_answers() {
        let (me, other) = (UserId(10), UserId(11));
        let employee = ctx(Role::Employee);
        assert!(!employee.answers_for_others() && !employee.acts_for_the_company());
        assert!(employee.sees_owner_only_records_of(me) && !employee.sees_owner_only_records_of(other));
        assert!(!employee.may_decide(other, other));
        let manager = ctx(Role::Manager);
        assert!(manager.answers_for_others() && !manager.acts_for_the_company());
        assert!(!manager.sees_owner_only_records_of(other));
        assert!(manager.may_decide(other, other) && !manager.may_decide(me, other));
        let admin = ctx(Role::Admin);
        assert!(admin.answers_for_others() && admin.acts_for_the_company());
        assert!(admin.sees_owner_only_records_of(other));
    }

    #[test]
    fn nobody_decides_their_own_request() {
        let (me, report) = (UserId(10), UserId(11));
        for role in [Role::Manager, Role::Admin] {
            let approver = ctx(role).manager();
            let approver = approver.as_ref();
            assert_eq!(approver.map(|a| a.may_decide(report, report)), Some(true));
            assert_eq!(approver.map(|a| a.may_decide(me, report)), Some(false));
            assert_eq!(approver.map(|a| a.may_decide(report, me)), Some(false));
            assert_eq!(approver.map(|a| a.may_decide(me, me)), Some(false));
        }
    }

    #[test]
    fn reach_is_the_company_the_team_or_oneself() {
        let (me, report, stranger) = (UserId(10), UserId(11), UserId(12));
        let admin = ctx(Role::Admin).reach();
        assert!(admin.includes(stranger, None));
        let manager = ctx(Role::Manager).reach();
        assert!(manager.includes(me, None));
        assert!(manager.includes(report, Some(me)));
        assert!(!manager.includes(stranger, Some(report)));
        let employee = ctx(Role::Employee).reach();
        assert!(employee.includes(me, None));
        assert!(!employee.includes(report, Some(me)));
        assert!(!ctx(Role::SysAdmin).reach().includes(stranger, None));
    }
}
