//! The platform operator's proof (spec 002 §6: "superadmin alone may use the system area").

use crate::UserId;

/// Proof that a request was made by a platform operator, signed in as themselves (not through
/// an impersonation session). Every service of the system area takes one; the gateway's
/// `Operator` guard is the only code that builds it (its architecture test fails if
/// `SystemCtx::new` is called anywhere else), so the back office cannot be reached without the
/// guard's check.
///
/// It carries the operator's id and e-mail address: every system action is written to the
/// audit log under that name.
#[derive(Debug, Clone)]
pub struct SystemCtx {
    operator: UserId,
    email: String,
}

impl SystemCtx {
    /// Built by the gateway's `Operator` guard from a verified session. See the type's docs.
    pub fn new(operator: UserId, email: String) -> Self {
        Self { operator, email }
    }

    pub fn operator(&self) -> UserId {
        self.operator
    }

    /// The operator's e-mail address, as the audit log names them.
    pub fn email(&self) -> &str {
        &self.email
    }
}
