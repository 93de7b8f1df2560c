//! Platform operators are made by the binary (`timekeep system-user add EMAIL`), never by
//! signup; the audit log records each, as made by the command line.

use crate::audit::{Action, Actor, NewEntry};
use crate::{SystemAdmin, SystemError};
use accounts::impersonation::OperatorAdded;

impl SystemAdmin {
    /// Adds the operator `email` (or makes a new sign-in link for an existing one). No
    /// [`kernel::SystemCtx`]: whoever runs the binary on the server is trusted with the database
    /// already.
    pub async fn add_operator(
        &self,
        email: &str,
        first_name: &str,
        last_name: &str,
    ) -> Result<OperatorAdded, SystemError> {
        let added = self.accounts.add_operator(email, first_name, last_name).await?;
        self.log(NewEntry {
            actor: Actor { operator: added.operator, operator_email: added.email.clone(), acting_as: None },
            company: None,
            action: Action::AddOperator,
            detail: if added.created {
                "Operator added by the command line".to_owned()
            } else {
                "New sign-in link made by the command line".to_owned()
            },
        })
        .await?;
        Ok(added)
    }
}
