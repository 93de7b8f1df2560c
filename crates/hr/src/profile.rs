//! Each person's own profile (`/profile/*`) and their colleagues (`/team/mine`).

use crate::commands::{ProfileCommand, EMAIL_TAKEN_MESSAGE};
use crate::views::{EmployeeView, TeamMember};
use crate::{Hr, HrError};
use accounts::people::read::{self, PeopleFilter, PersonOrder};
use accounts::people::write::{self, PersonChange};
use chrono::Utc;
use kernel::time::{local_date, start_of_day};
use kernel::{TenantCtx, UserId};

impl Hr {
    /// `GET /profile/mine`, with whether names and e-mail are managed by the partner tool.
    pub async fn my_profile(&self, ctx: &TenantCtx) -> Result<(EmployeeView, bool), HrError> {
        let me = self.accounts.employee_in_scope(ctx, ctx.actor()).await?;
        let integrated = self.company_row(ctx).await?.integrated_with_az;
        Ok((self.view_of(ctx, me).await?, integrated))
    }

    /// `POST /profile/update`. In a company integrated with the partner tool, names and e-mail
    /// stay as they are (they are read-only there). A new e-mail is only proposed: it becomes the
    /// sign-in address when the link mailed to it is followed; the answer says where it went.
    /// An SSO user's e-mail does not change here at all.
    pub async fn update_my_profile(
        &self,
        ctx: &TenantCtx,
        command: ProfileCommand,
    ) -> Result<(EmployeeView, Option<String>), HrError> {
        let me = self.accounts.employee_in_scope(ctx, ctx.actor()).await?;
        let integrated = self.company_row(ctx).await?.integrated_with_az;
        let new_email = (!integrated && !me.email.eq_ignore_ascii_case(&command.email)).then(|| command.email.clone());
        if new_email.is_some() && me.sso_linked_at.is_some() {
            // Single sign-on finds the person by this address (spec 000 §5: read-only for them).
            return Err(HrError::field("email", accounts::sso::SSO_EMAIL_LOCKED_MESSAGE));
        }
        let permit = self.gate.enter().await;
        if new_email.is_some() && read::email_in_use(&self.db, &command.email, Some(me.id)).await? {
            return Err(HrError::email_taken(EMAIL_TAKEN_MESSAGE));
        }
        let mut change = PersonChange {
            phone: Some(Some(command.phone)),
            birthday: Some(command.birthday),
            address: Some(Some(command.address)),
            city: Some(command.city),
            state: Some(Some(command.state)),
            zip: Some(command.zip),
            ..PersonChange::default()
        };
        if !integrated {
            change.first_name = Some(command.first_name);
            change.last_name = Some(command.last_name);
        }
        let saved = write::change_person(&self.db, ctx.company(), me.id, change, Utc::now()).await?;
        drop(permit);
        if let Some(email) = &new_email {
            self.accounts.request_email_change(&saved, email).await?;
        }
        Ok((self.view_of(ctx, saved).await?, new_email))
    }

    /// `POST /profile/update-avatar` and `/profile/remove-avatar` (`None`).
    pub async fn set_my_avatar(&self, ctx: &TenantCtx, bytes: Option<&[u8]>) -> Result<Option<String>, HrError> {
        let me = self.accounts.employee_in_scope(ctx, ctx.actor()).await?;
        self.replace_avatar(ctx, me, bytes).await
    }

    /// `GET /team/mine`: the company's active people, the caller included, by last name, with
    /// their clock right now. Three queries whatever the team's size.
    pub async fn my_team(&self, ctx: &TenantCtx) -> Result<Vec<TeamMember>, HrError> {
        let people = read::people(&self.db, ctx, &PeopleFilter::active().ordered(PersonOrder::LastName)).await?;
        let ids: Vec<UserId> = people.iter().map(|person| person.id).collect();
        let now = Utc::now();
        let today_starts = start_of_day(ctx.time_zone(), local_date(ctx.time_zone(), now));
        let clocks = clock::store::current_clocks(&self.db, ctx.company(), &ids, today_starts).await?;
        Ok(people
            .into_iter()
            .map(|person| {
                let clock = clocks.get(&person.id);
                TeamMember {
                    current_clock_status: clock.map(|clock| clock.state.code()).unwrap_or_default(),
                    current_clock_time: clock.and_then(|clock| clock.since),
                    id: person.id.0,
                    firstname: person.first_name,
                    lastname: person.last_name,
                    avatar: person.avatar,
                    phone: person.phone,
                    email: person.email,
                }
            })
            .collect())
    }
}
