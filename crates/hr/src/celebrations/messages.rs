//! The celebration messages: the system defaults, the company's message of each kind and a
//! person's own, and the message in force for someone (personal, else company, else system).

use super::{system_message, Kind, KIND_INVALID, MAX_MESSAGE, MESSAGE_MISSING, MESSAGE_TOO_LONG, TARGET_INVALID};
use crate::entities::{celebration_messages as messages, company_celebration_messages as company_messages};
use crate::records::now;
use crate::{Hr, HrError};
use kernel::validation::check_text;
use kernel::{AdminCtx, CelebrationMessageId, CompanyCelebrationMessageId, FieldErrors, ManagerCtx, TenantCtx, UserId};
use sea_orm::{ActiveModelTrait, ActiveValue::Set, ColumnTrait, EntityTrait, IntoActiveModel, QueryFilter};
use serde::{Deserialize, Serialize};

/// A system default message.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SystemMessage {
    #[serde(rename = "type")]
    pub kind: String,
    pub target: String,
    pub message: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SystemMessages {
    pub messages: Vec<SystemMessage>,
}

/// A custom message as stored.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct CustomMessage {
    pub id: i64,
    pub employee_id: Option<i64>,
    #[serde(rename = "type")]
    pub kind: String,
    pub message: String,
}

/// A message slot: the custom message if any, and what would be sent.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct MessageSlot {
    /// Set for a person's message.
    pub employee_id: Option<i64>,
    #[serde(rename = "type")]
    pub kind: String,
    pub message: Option<CustomMessage>,
    /// The text in force, placeholders not filled in.
    pub effective: String,
    /// custom, company or system.
    pub source: String,
}

/// `POST /celebration/save-…-celebration-message` as sent.
#[derive(Debug, Clone, Default, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct MessageInput {
    #[serde(default, deserialize_with = "kernel::validation::lenient_i64")]
    pub employee_id: Option<i64>,
    #[serde(rename = "type")]
    pub kind: Option<String>,
    pub message: Option<String>,
}

/// A validated message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MessageCommand {
    pub employee: Option<UserId>,
    pub kind: Kind,
    pub message: String,
}

impl MessageCommand {
    pub fn parse(input: &MessageInput) -> Result<Self, FieldErrors> {
        let mut errors = FieldErrors::new();
        let kind = Kind::parse(input.kind.as_deref()).ok();
        if kind.is_none() {
            errors.add("type", KIND_INVALID);
        }
        let message = input.message.as_deref().unwrap_or("").trim().to_owned();
        if message.is_empty() {
            errors.add("message", MESSAGE_MISSING);
        } else if message.chars().count() > MAX_MESSAGE {
            errors.add("message", MESSAGE_TOO_LONG);
        } else if let Err(text) = check_text("message", &message) {
            errors.add("message", text);
        }
        match kind {
            Some(kind) if errors.is_empty() => {
                Ok(MessageCommand { employee: input.employee_id.map(UserId), kind, message })
            }
            _ => Err(errors),
        }
    }
}

impl Hr {
    /// `GET /celebration/get-system-messages`.
    pub fn system_messages(&self, target: Option<&str>) -> Result<SystemMessages, HrError> {
        let target = match target.map(str::trim).filter(|target| !target.is_empty()) {
            None => "employee",
            Some(target) if target.eq_ignore_ascii_case("employee") => "employee",
            Some(target) if target.eq_ignore_ascii_case("company") => "company",
            Some(_) => return Err(HrError::field("target", TARGET_INVALID)),
        };
        Ok(SystemMessages {
            messages: [Kind::Birthday, Kind::Anniversary]
                .into_iter()
                .map(|kind| SystemMessage {
                    kind: kind.code().to_owned(),
                    target: target.to_owned(),
                    message: system_message(kind).to_owned(),
                })
                .collect(),
        })
    }

    async fn company_message(&self, ctx: &TenantCtx, kind: Kind) -> Result<Option<company_messages::Model>, HrError> {
        Ok(company_messages::Entity::find()
            .filter(kernel::tenancy::same_company::<company_messages::Entity>(ctx.company()))
            .filter(company_messages::Column::Kind.eq(kind.code()))
            .one(&self.db)
            .await?)
    }

    async fn person_message(
        &self,
        ctx: &TenantCtx,
        employee: UserId,
        kind: Kind,
    ) -> Result<Option<messages::Model>, HrError> {
        Ok(messages::Entity::find()
            .filter(kernel::tenancy::same_company::<messages::Entity>(ctx.company()))
            .filter(messages::Column::EmployeeId.eq(employee))
            .filter(messages::Column::Kind.eq(kind.code()))
            .one(&self.db)
            .await?)
    }

    fn company_slot(kind: Kind, row: Option<company_messages::Model>) -> MessageSlot {
        let (effective, source) = match &row {
            Some(row) => (row.message.clone(), "company"),
            None => (system_message(kind).to_owned(), "system"),
        };
        MessageSlot {
            employee_id: None,
            kind: kind.code().to_owned(),
            message: row.map(|row| CustomMessage {
                id: row.id.0,
                employee_id: None,
                kind: row.kind,
                message: row.message,
            }),
            effective,
            source: source.to_owned(),
        }
    }

    /// `GET /celebration/get-company-celebration-message`.
    pub async fn company_celebration_message(&self, ctx: &AdminCtx, kind: Kind) -> Result<MessageSlot, HrError> {
        Ok(Self::company_slot(kind, self.company_message(ctx, kind).await?))
    }

    /// `POST /celebration/save-company-celebration-message`.
    pub async fn save_company_celebration_message(
        &self,
        ctx: &AdminCtx,
        command: MessageCommand,
    ) -> Result<MessageSlot, HrError> {
        let _permit = self.gate.enter().await;
        let row = match self.company_message(ctx, command.kind).await? {
            Some(row) => {
                let mut active = row.into_active_model();
                active.message = Set(command.message);
                active.updated_by = Set(Some(ctx.actor()));
                active.updated_at = Set(now());
                active.update(&self.db).await?
            }
            None => {
                company_messages::ActiveModel {
                    company_id: Set(ctx.company()),
                    kind: Set(command.kind.code().to_owned()),
                    message: Set(command.message),
                    updated_by: Set(Some(ctx.actor())),
                    updated_at: Set(now()),
                    ..Default::default()
                }
                .insert(&self.db)
                .await?
            }
        };
        Ok(Self::company_slot(command.kind, Some(row)))
    }

    /// `GET /celebration/delete-custom-company-celebration-message`: back to the system default.
    pub async fn delete_company_celebration_message(
        &self,
        ctx: &AdminCtx,
        id: CompanyCelebrationMessageId,
    ) -> Result<i64, HrError> {
        let _permit = self.gate.enter().await;
        let done = company_messages::Entity::delete_many()
            .filter(kernel::tenancy::same_company::<company_messages::Entity>(ctx.company()))
            .filter(company_messages::Column::Id.eq(id))
            .exec(&self.db)
            .await?;
        if done.rows_affected == 0 {
            return Err(HrError::NotFound);
        }
        Ok(id.0)
    }

    pub(super) async fn person_slot(
        &self,
        ctx: &TenantCtx,
        employee: UserId,
        kind: Kind,
    ) -> Result<MessageSlot, HrError> {
        let own = self.person_message(ctx, employee, kind).await?;
        let mut slot = match &own {
            Some(row) => MessageSlot {
                employee_id: Some(employee.0),
                kind: kind.code().to_owned(),
                message: None,
                effective: row.message.clone(),
                source: "custom".to_owned(),
            },
            None => {
                let mut slot = Self::company_slot(kind, self.company_message(ctx, kind).await?);
                slot.message = None;
                slot.employee_id = Some(employee.0);
                slot
            }
        };
        slot.message = own.map(|row| CustomMessage {
            id: row.id.0,
            employee_id: Some(row.employee_id.0),
            kind: row.kind,
            message: row.message,
        });
        Ok(slot)
    }

    /// `GET /celebration/get-celebration-message`: one person's message of a kind.
    pub async fn celebration_message(
        &self,
        ctx: &ManagerCtx,
        employee: UserId,
        kind: Kind,
    ) -> Result<MessageSlot, HrError> {
        let person = self.accounts.employee_in_scope(ctx, employee).await?;
        self.person_slot(ctx, person.id, kind).await
    }

    /// `POST /celebration/save-celebration-message`.
    pub async fn save_celebration_message(
        &self,
        ctx: &ManagerCtx,
        command: MessageCommand,
    ) -> Result<MessageSlot, HrError> {
        let employee = command.employee.ok_or_else(|| HrError::field("employeeId", "Please choose an employee"))?;
        let person = self.accounts.employee_in_scope(ctx, employee).await?;
        {
            let _permit = self.gate.enter().await;
            match self.person_message(ctx, person.id, command.kind).await? {
                Some(row) => {
                    let mut active = row.into_active_model();
                    active.message = Set(command.message);
                    active.updated_by = Set(Some(ctx.actor()));
                    active.updated_at = Set(now());
                    active.update(&self.db).await?;
                }
                None => {
                    messages::ActiveModel {
                        company_id: Set(ctx.company()),
                        employee_id: Set(person.id),
                        kind: Set(command.kind.code().to_owned()),
                        message: Set(command.message),
                        updated_by: Set(Some(ctx.actor())),
                        updated_at: Set(now()),
                        ..Default::default()
                    }
                    .insert(&self.db)
                    .await?;
                }
            }
        }
        self.person_slot(ctx, person.id, command.kind).await
    }

    /// `GET /celebration/delete-custom-celebration-message`.
    pub async fn delete_celebration_message(&self, ctx: &ManagerCtx, id: CelebrationMessageId) -> Result<i64, HrError> {
        let row = messages::Entity::find_by_id(id)
            .filter(kernel::tenancy::same_company::<messages::Entity>(ctx.company()))
            .one(&self.db)
            .await?
            .ok_or(HrError::NotFound)?;
        self.accounts.employee_in_scope(ctx, row.employee_id).await?;
        let _permit = self.gate.enter().await;
        messages::Entity::delete_many()
            .filter(kernel::tenancy::same_company::<messages::Entity>(ctx.company()))
            .filter(messages::Column::Id.eq(row.id))
            .exec(&self.db)
            .await?;
        Ok(row.id.0)
    }
}
