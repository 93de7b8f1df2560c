//! Comments on a shift: anyone who can see the shift reads and adds them.

use super::{Names, TimesheetService};
use crate::entities::timesheet_comments;
use crate::error::TimesheetError;
use crate::views::*;
use kernel::{EntryId, TenantCtx};
use sea_orm::{ActiveModelTrait, ActiveValue::Set, ColumnTrait, EntityTrait, QueryFilter, QueryOrder};

impl TimesheetService {
    /// `GET /timesheet/comments`, oldest first.
    pub async fn comments(&self, ctx: &TenantCtx, entry_id: EntryId) -> Result<Vec<CommentView>, TimesheetError> {
        let (shift, _) = self.shift_in_scope(ctx, entry_id).await?;
        let rows = timesheet_comments::Entity::find()
            .filter(kernel::tenancy::same_company::<timesheet_comments::Entity>(ctx.company()))
            .filter(timesheet_comments::Column::EntryId.eq(shift.entry.id))
            .order_by_asc(timesheet_comments::Column::CreatedAt)
            .order_by_asc(timesheet_comments::Column::Id)
            .all(&self.db)
            .await?;
        let names = self.names(ctx, rows.iter().map(|row| row.author_id)).await?;
        Ok(rows.into_iter().map(|row| comment_view(row, &names)).collect())
    }

    /// `POST /timesheet/add-comment`: anyone who can see the shift can comment on it.
    pub async fn add_comment(
        &self,
        ctx: &TenantCtx,
        entry_id: EntryId,
        comment: String,
    ) -> Result<CommentView, TimesheetError> {
        let (shift, _) = self.shift_in_scope(ctx, entry_id).await?;
        let row = timesheet_comments::ActiveModel {
            company_id: Set(ctx.company()),
            entry_id: Set(shift.entry.id),
            author_id: Set(ctx.actor()),
            comment: Set(comment),
            created_at: Set(clock::now()),
            ..Default::default()
        }
        .insert(&self.db)
        .await?;
        let names = self.names(ctx, [row.author_id]).await?;
        Ok(comment_view(row, &names))
    }
}

fn comment_view(row: timesheet_comments::Model, names: &Names) -> CommentView {
    let (firstname, lastname) = names.get(&row.author_id).cloned().unwrap_or_default();
    CommentView {
        id: row.id,
        entry_id: row.entry_id.0,
        comment: row.comment,
        comment_date: row.created_at,
        firstname,
        lastname,
        employee_id: row.author_id.0,
    }
}
