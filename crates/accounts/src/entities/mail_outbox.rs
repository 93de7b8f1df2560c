use sea_orm::entity::prelude::*;

/// One message in the outbox (see `crate::mail::outbox`).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "mail_outbox")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    /// Empty for mail of no company (an operator's); a company's mail is erased with it.
    pub company_id: Option<kernel::CompanyId>,
    pub to_email: String,
    pub to_name: String,
    pub subject: String,
    pub body: String,
    pub created_at: DateTimeUtc,
    /// Sending attempts made, the successful one included.
    pub attempts: i32,
    /// When the message is next due; empty once it is settled (sent, or given up).
    pub next_attempt_at: Option<DateTimeUtc>,
    /// The server and batch that claimed it last.
    pub claimed_by: Option<String>,
    /// Until when that claim holds; empty once the claim is done with.
    pub claimed_until: Option<DateTimeUtc>,
    pub sent_at: Option<DateTimeUtc>,
    pub last_error: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

kernel::company_owned!();
