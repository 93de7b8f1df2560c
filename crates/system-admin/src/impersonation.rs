//! Impersonation as the system area sees it: starting one (audited, and recorded on the user's
//! own timeline), leaving it (audited), and every write made under it (audited, with both
//! names). The session rules themselves are `accounts::impersonation`'s.

use crate::audit::{self, Action, Actor, NewEntry};
use crate::{SystemAdmin, SystemError};
use accounts::impersonation::ImpersonatedUser;
use accounts::{Authenticated, RequestMeta, SignedIn};
use activity::{ActivityType, NewActivity};
use chrono::Utc;
use kernel::SystemCtx;

impl SystemAdmin {
    /// `POST /system/impersonate`: a session as the user `email` for the operator, whose own
    /// session is `from_session`.
    pub async fn impersonate(
        &self,
        ctx: &SystemCtx,
        from_session: &str,
        email: &str,
        meta: &RequestMeta,
    ) -> Result<SignedIn, SystemError> {
        let (signed_in, user) = self.accounts.impersonate(ctx, from_session, email, meta).await?;
        let now = Utc::now();
        let _permit = self.gate.enter().await;
        let txn = kernel::begin_write(&self.db).await?;
        audit::record(
            &txn,
            NewEntry {
                actor: Actor::of(ctx),
                company: Some((user.company, user.company_name.clone())),
                action: Action::Impersonate,
                detail: format!("Signed in as {} ({})", user.name, user.email),
            },
            now,
        )
        .await?;
        activity::record(
            &txn,
            NewActivity {
                company: user.company,
                employee: user.user.0,
                actor: None,
                kind: ActivityType::SupportSession,
                description: format!("Timekeep support ({}) signed in as {}.", ctx.email(), user.name),
                at: now,
                record: None,
            },
        )
        .await?;
        txn.commit().await?;
        Ok(signed_in)
    }

    /// `POST /auth/exit-impersonation-mode`: back to the operator's own session.
    pub async fn exit_impersonation(&self, auth: &Authenticated) -> Result<SignedIn, SystemError> {
        let ended = self.accounts.exit_impersonation(auth).await?;
        self.log(NewEntry {
            actor: acting_as(ended.operator, ended.operator_email, &ended.user),
            company: Some((ended.user.company, ended.user.company_name.clone())),
            action: Action::ExitImpersonation,
            detail: format!("Stopped acting as {} ({})", ended.user.name, ended.user.email),
        })
        .await?;
        Ok(ended.signed_in)
    }

    /// Writes to the audit log a change made under an impersonation session (`what`: the call
    /// and its answer). Sessions of people themselves are not logged here.
    pub async fn record_act_as(&self, auth: &Authenticated, what: String) -> Result<(), SystemError> {
        let Some(operator) = auth.impersonated_by else { return Ok(()) };
        let operator_email = self.accounts.email_of(operator).await?.unwrap_or_default();
        let company = auth.company().map(|(id, name)| (id, name.to_owned()));
        self.log(NewEntry {
            actor: Actor { operator, operator_email, acting_as: Some((auth.user_id(), auth.email().to_owned())) },
            company,
            action: Action::ActAsUser,
            detail: what,
        })
        .await
    }
}

fn acting_as(operator: kernel::UserId, operator_email: String, user: &ImpersonatedUser) -> Actor {
    Actor { operator, operator_email, acting_as: Some((user.user, user.email.clone())) }
}
