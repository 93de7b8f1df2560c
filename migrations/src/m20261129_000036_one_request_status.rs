//! One request-state enum (`kernel::RequestStatus`) for every request that waits for an answer.
//! Time-off requests stored the spec's wire numbers of spec 000 §4 (0–2 pending, 3 approved,
//! 4 denied, 5 cancelled), timesheet edit requests the enum's (0 raised, 1 approved, 2 rejected,
//! 3 cancelled). The time-off rows move to the enum's numbers; the wire keeps the spec's
//! (`pto::requests::wire_code`).

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

/// Old stored number → the enum's, for `status` and `cancelled_from`.
const UP: &str = "CASE {c} WHEN 3 THEN 1 WHEN 4 THEN 2 WHEN 5 THEN 3 ELSE 0 END";
/// The enum's → the old stored number.
const DOWN: &str = "CASE {c} WHEN 1 THEN 3 WHEN 2 THEN 4 WHEN 3 THEN 5 ELSE 0 END";

async fn remap(manager: &SchemaManager<'_>, case: &str) -> Result<(), DbErr> {
    let status = case.replace("{c}", "status");
    let from = case.replace("{c}", "cancelled_from");
    manager
        .get_connection()
        .execute_unprepared(&format!(
            "UPDATE pto_requests SET status = {status}, \
             cancelled_from = CASE WHEN cancelled_from IS NULL THEN NULL ELSE {from} END"
        ))
        .await?;
    Ok(())
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        remap(manager, UP).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        remap(manager, DOWN).await
    }
}
