//! The agency's errors-and-omissions policies: carrier, number, limits (cents) and expiry.

use crate::entities::eo_policies as policies;
use crate::records::{date, text_field};
use crate::{Licensing, LicensingError};
use chrono::{NaiveDate, Utc};
use kernel::{AdminCtx, EoPolicyId, FieldErrors, ManagerCtx};
use sea_orm::{ActiveModelTrait, ActiveValue::Set, EntityTrait, QueryFilter, QueryOrder, TryIntoModel};
use serde::{Deserialize, Serialize};

/// The largest limit accepted: a billion dollars, in cents.
const MAX_CENTS: i64 = 100_000_000_000;

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct EoPolicyView {
    #[cfg_attr(feature = "openapi", schema(value_type = i64))]
    pub id: EoPolicyId,
    pub carrier: String,
    pub policy_number: String,
    pub per_claim_cents: i64,
    pub aggregate_cents: i64,
    pub expires_on: NaiveDate,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct EoPolicyInput {
    #[serde(default, deserialize_with = "kernel::validation::lenient_i64")]
    pub id: Option<i64>,
    #[serde(default)]
    pub carrier: Option<String>,
    #[serde(default)]
    pub policy_number: Option<String>,
    #[serde(default)]
    pub per_claim_cents: Option<i64>,
    #[serde(default)]
    pub aggregate_cents: Option<i64>,
    #[serde(default)]
    pub expires_on: Option<String>,
}

fn view(row: policies::Model) -> EoPolicyView {
    EoPolicyView {
        id: row.id,
        carrier: row.carrier,
        policy_number: row.policy_number,
        per_claim_cents: row.per_claim_cents,
        aggregate_cents: row.aggregate_cents,
        expires_on: row.expires_on,
    }
}

impl Licensing {
    pub async fn eo_policies(&self, ctx: &ManagerCtx) -> Result<Vec<EoPolicyView>, LicensingError> {
        Ok(policies::Entity::find()
            .filter(kernel::tenancy::same_company::<policies::Entity>(ctx.company()))
            .order_by_asc(policies::Column::ExpiresOn)
            .order_by_asc(policies::Column::Id)
            .all(&self.db)
            .await?
            .into_iter()
            .map(view)
            .collect())
    }

    pub async fn save_eo_policy(&self, ctx: &AdminCtx, input: EoPolicyInput) -> Result<EoPolicyView, LicensingError> {
        let mut errors = FieldErrors::new();
        let carrier = text_field(
            &mut errors,
            "carrier",
            input.carrier.as_deref(),
            200,
            "Name the carrier (up to 200 characters).",
        );
        let number = text_field(
            &mut errors,
            "policyNumber",
            input.policy_number.as_deref(),
            60,
            "Give the policy number (up to 60 characters).",
        );
        let mut cents = |field: &str, value: Option<i64>| match value.filter(|cents| (1..=MAX_CENTS).contains(cents)) {
            Some(cents) => cents,
            None => {
                errors.add(field, "Give the limit in dollars (more than 0, at most a billion).");
                0
            }
        };
        let per_claim = cents("perClaimCents", input.per_claim_cents);
        let aggregate = cents("aggregateCents", input.aggregate_cents);
        if per_claim > aggregate && aggregate > 0 {
            errors.add("aggregateCents", "The aggregate limit cannot be less than the limit per claim.");
        }
        let expires_on = date(&mut errors, "expiresOn", input.expires_on.as_deref());
        let Some(expires_on) = expires_on.filter(|_| errors.is_empty()) else {
            return Err(LicensingError::Validation(errors));
        };
        let _permit = self.gate.enter().await;
        let txn = kernel::begin_write(&self.db).await?;
        let mut row: policies::ActiveModel = match input.id.map(EoPolicyId) {
            Some(id) => policies::Entity::find_by_id(id)
                .filter(kernel::tenancy::same_company::<policies::Entity>(ctx.company()))
                .one(&*txn)
                .await?
                .ok_or(LicensingError::NotFound)?
                .into(),
            None => policies::ActiveModel { company_id: Set(ctx.company()), ..Default::default() },
        };
        row.carrier = Set(carrier);
        row.policy_number = Set(number);
        row.per_claim_cents = Set(per_claim);
        row.aggregate_cents = Set(aggregate);
        row.expires_on = Set(expires_on);
        row.updated_at = Set(Utc::now());
        let saved = row.save(&*txn).await?.try_into_model()?;
        txn.commit().await?;
        Ok(view(saved))
    }

    pub async fn delete_eo_policy(&self, ctx: &AdminCtx, id: EoPolicyId) -> Result<(), LicensingError> {
        let _permit = self.gate.enter().await;
        let txn = kernel::begin_write(&self.db).await?;
        let deleted = policies::Entity::delete_many()
            .filter(kernel::tenancy::same_company::<policies::Entity>(ctx.company()))
            .filter(sea_orm::ColumnTrait::eq(&policies::Column::Id, id.0))
            .exec(&*txn)
            .await?;
        if deleted.rows_affected == 0 {
            return Err(LicensingError::NotFound);
        }
        txn.commit().await?;
        Ok(())
    }
}
