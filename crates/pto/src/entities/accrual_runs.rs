use sea_orm::entity::prelude::*;

/// One run of the accrual job (see `crate::accrual_health`): the deployment's, no company's.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "accrual_runs")]
pub struct Model {
    /// A run's own number; never addressed by a request.
    #[sea_orm(primary_key)]
    pub id: i64,
    pub started_at: DateTimeUtc,
    /// None while it runs, or when it stopped without finishing.
    pub finished_at: Option<DateTimeUtc>,
    pub companies: i64,
    pub employees: i64,
    /// People or companies it could not compute (their rows in `accrual_run_errors`).
    pub errors: i64,
    /// Why the whole run failed, when it did.
    pub failure: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
