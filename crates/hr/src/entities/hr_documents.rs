use sea_orm::entity::prelude::*;

/// An HR document in an employee's folder (001 §3 "HR document").
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "hr_documents")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub company_id: i64,
    pub employee_id: i64,
    pub doc_type_id: i64,
    pub doc_name: String,
    pub comments: String,
    pub file_id: i64,
    /// The uploader's name for the file, cleaned of any path.
    pub file_name: String,
    pub media_type: String,
    pub byte_size: i64,
    /// The document request this upload fulfilled.
    pub request_id: Option<i64>,
    pub created_by: Option<i64>,
    pub created_at: DateTimeUtc,
    pub deleted_by: Option<i64>,
    pub deleted_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

kernel::company_owned!();
