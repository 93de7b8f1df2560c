//! The first-run guided tour (spec 000 §4 "Guided tour"): whether a person has been through it is
//! kept on their user row (`joyride_done`), so finishing it on one device hides the welcome on
//! every other, and it reaches the browser as the token's `joyride` claim.

use crate::entities::users;
use crate::sessions::{Authenticated, SignedIn};
use crate::{Accounts, AccountsError};
use chrono::Utc;
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};

impl Accounts {
    /// `POST /profile/complete-joyride`: records that the signed-in person finished (or skipped)
    /// the tour and signs their session again, so the token they keep says `joyride: true`.
    /// Idempotent: a second call changes nothing and answers the same.
    pub async fn complete_joyride(&self, auth: &Authenticated) -> Result<SignedIn, AccountsError> {
        if !auth.user.joyride_done {
            users::Entity::update_many()
                .col_expr(users::Column::JoyrideDone, Expr::value(true))
                .filter(users::Column::Id.eq(auth.user.id))
                .exec(&self.db)
                .await?;
        }
        let done = Authenticated { user: users::Model { joyride_done: true, ..auth.user.clone() }, ..auth.clone() };
        self.extend_session(&done, Utc::now()).await
    }
}
