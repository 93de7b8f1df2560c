use sea_orm::entity::prelude::*;

/// An HR document in an employee's folder (001 §3 "HR document").
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "hr_documents")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: kernel::HrDocumentId,
    pub company_id: kernel::CompanyId,
    pub employee_id: kernel::UserId,
    pub doc_type_id: kernel::HrTypeId,
    pub doc_name: String,
    pub comments: String,
    pub file_id: kernel::FileId,
    /// The uploader's name for the file, cleaned of any path.
    pub file_name: String,
    pub media_type: String,
    pub byte_size: i64,
    /// The document request this upload fulfilled.
    pub request_id: Option<kernel::DocRequestId>,
    pub created_by: Option<kernel::UserId>,
    pub created_at: DateTimeUtc,
    pub deleted_by: Option<kernel::UserId>,
    pub deleted_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

kernel::company_owned!();
