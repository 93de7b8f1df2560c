//! Erasing a company's accounts when it is closed (called by `closure`, last of every crate:
//! nearly every table refers to the company's users, and every one to the company).
//!
//! [`lock_company`] comes first in the closing transaction, [`purge_company`] last.

use crate::entities::{
    api_keys, auth_throttle, companies, email_tokens, job_roles, mail_outbox, sessions, sign_in_months,
    two_factor_recovery_codes, two_factor_secrets, users,
};
use crate::throttle;
use kernel::purge::{erase, erase_in_company, ids_in_company, Erased};
use kernel::tenancy::in_company;
use kernel::CompanyId;
use sea_orm::sea_query::LikeExpr;
use sea_orm::{ColumnTrait, Condition, ConnectionTrait, DbErr, EntityName, EntityTrait, QueryFilter, QuerySelect};

/// People whose sign-in throttle keys are deleted in one statement.
const THROTTLE_BATCH: usize = 100;

/// Locks the company's row and its people's rows until the closing transaction ends, and says
/// whether the company exists.
///
/// On PostgreSQL (`SELECT … FOR UPDATE`) this holds off every concurrent write that refers to
/// the company or one of its people (a clock press, an upload, the accrual job): the foreign key
/// check such a write makes waits for the closing transaction, then fails as the rows are gone.
/// So nothing of the company can be written between one crate's purge and the next. On SQLite
/// the lock clause is not written; there the write gate admits one writer at a time.
pub async fn lock_company<C: ConnectionTrait>(conn: &C, company: CompanyId) -> Result<bool, DbErr> {
    let found = companies::Entity::find_by_id(company.0).lock_exclusive().one(conn).await?;
    if found.is_none() {
        return Ok(false);
    }
    let _people: Vec<i64> = in_company::<users::Entity>(company)
        .select_only()
        .column(users::Column::Id)
        .lock_exclusive()
        .into_tuple()
        .all(conn)
        .await?;
    Ok(true)
}

/// Deletes the company's accounts: the sign-in throttle's rows that name one of its people,
/// their e-mail links, their sessions (so every token of the company is refused at once, the
/// session being read on every request), the months its members signed in, its mail in the
/// outbox (queued or sent: what it was told is its data too), the people, the job roles and the
/// company itself.
///
/// Every other crate's purge must have run before (their rows refer to these). What stays in
/// `auth_throttle`: the rows keyed by a network address only (`login-ip:`, `signup-ip:`),
/// which belong to no company and guard the service; they end with their window.
pub async fn purge_company<C: ConnectionTrait>(conn: &C, company: CompanyId) -> Result<Vec<Erased>, DbErr> {
    let people = || ids_in_company::<users::Entity>(users::Column::Id, company);
    Ok(vec![
        purge_throttle(conn, company).await?,
        erase::<email_tokens::Entity, C>(conn, email_tokens::Column::UserId.in_subquery(people())).await?,
        erase::<two_factor_recovery_codes::Entity, C>(
            conn,
            two_factor_recovery_codes::Column::UserId.in_subquery(people()),
        )
        .await?,
        erase::<two_factor_secrets::Entity, C>(conn, two_factor_secrets::Column::UserId.in_subquery(people())).await?,
        erase::<sessions::Entity, C>(
            conn,
            Condition::any()
                .add(sessions::Column::UserId.in_subquery(people()))
                .add(sessions::Column::ImpersonatorId.in_subquery(people())),
        )
        .await?,
        erase_in_company::<api_keys::Entity, C>(conn, company).await?,
        erase_in_company::<sign_in_months::Entity, C>(conn, company).await?,
        erase_in_company::<mail_outbox::Entity, C>(conn, company).await?,
        erase_in_company::<users::Entity, C>(conn, company).await?,
        erase_in_company::<job_roles::Entity, C>(conn, company).await?,
        erase::<companies::Entity, C>(conn, companies::Column::Id.eq(company.0)).await?,
    ])
}

/// The throttle's rows keyed by one of the company's people (the builders of
/// [`throttle::keys`]): by their e-mail address, or their id. They name a person who no longer
/// has an account.
async fn purge_throttle<C: ConnectionTrait>(conn: &C, company: CompanyId) -> Result<Erased, DbErr> {
    let people: Vec<(i64, String)> = in_company::<users::Entity>(company)
        .select_only()
        .column(users::Column::Id)
        .column(users::Column::Email)
        .into_tuple()
        .all(conn)
        .await?;
    let mut rows = 0;
    for batch in people.chunks(THROTTLE_BATCH) {
        let mut keys = Vec::with_capacity(batch.len() * 3);
        let mut condition = Condition::any();
        for (id, email) in batch {
            keys.push(throttle::keys::login_email(email));
            keys.push(throttle::keys::reset_email(email));
            keys.push(throttle::keys::change_password(*id));
            keys.push(throttle::keys::two_factor(*id));
            let pattern = format!("{}%", escape_like(&throttle::keys::login_email_ip_prefix(email)));
            condition = condition.add(auth_throttle::Column::Key.like(LikeExpr::new(pattern).escape('\\')));
        }
        let result = auth_throttle::Entity::delete_many()
            .filter(condition.add(auth_throttle::Column::Key.is_in(keys)))
            .exec(conn)
            .await?;
        rows += result.rows_affected;
    }
    Ok(Erased { table: auth_throttle::Entity.table_name().to_owned(), rows })
}

/// `text` matched literally by `LIKE … ESCAPE '\'` (an address may hold `_` and `%`).
fn escape_like(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for c in text.chars() {
        if matches!(c, '\\' | '%' | '_') {
            escaped.push('\\');
        }
        escaped.push(c);
    }
    escaped
}

#[cfg(test)]
mod tests {
    use super::escape_like;

    #[test]
    fn like_patterns_match_addresses_literally() {
        assert_eq!(escape_like("a_b%c\\d@x.com"), "a\\_b\\%c\\\\d@x.com");
        assert_eq!(escape_like("plain@x.com"), "plain@x.com");
    }
}
