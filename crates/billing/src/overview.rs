//! The admin's Billing screen (spec 001 §2 /admin/manage/my-account): what the company pays and
//! has paid, activating the subscription and updating the card through the provider's hosted
//! checkout.

use crate::charging::{charge_day, AttemptKind, AttemptResult};
use crate::entities::{accounts as billing_accounts, charges, checkouts};
use crate::status::{ChargeStatus, CheckoutPurpose, SubscriptionStatus};
use crate::{Billing, BillingError, BASE_CENTS, PER_USER_CENTS};
use chrono::{DateTime, Duration, NaiveDate, Utc};
use kernel::tenancy::{in_company, same_company};
use kernel::time::local_date;
use kernel::{AdminCtx, CompanyId};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect,
};
use serde::Serialize;

/// How long a checkout page is offered again (the provider's last a day).
const CHECKOUT_REUSE: Duration = Duration::hours(1);

/// Past payments a page.
pub const CHARGE_PAGE_SIZE: u64 = 10;

#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct CardView {
    pub brand: String,
    pub last4: String,
    pub exp_month: i32,
    pub exp_year: i32,
}

#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct SubscriptionView {
    pub start_date: NaiveDate,
    pub recurring_day: i32,
    pub next_charge_date: Option<NaiveDate>,
}

/// The next charge, broken down (cents).
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ChargeDetail {
    pub base: i64,
    pub per_user: i64,
    pub users: i64,
    pub per_user_total: i64,
}

#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ChargeView {
    pub id: i64,
    /// The day of the charge's last change (made, paid or declined), in the company's zone.
    pub modify_date: NaiveDate,
    pub period_start: NaiveDate,
    pub period_end: NaiveDate,
    pub user_count: i32,
    pub base_amount: i64,
    pub per_user_amount: i64,
    /// What the company's promotion took off (cents; 0 without one), included in the total.
    pub discount: i64,
    /// The promotion code applied to this charge, as it was then.
    pub promotion_code: Option<String>,
    pub total_amount: i64,
    /// `pending`, `paid`, `retrying` or `failed`.
    pub status: ChargeStatus,
    pub attempts: i32,
}

#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ChargePage {
    pub charges: Vec<ChargeView>,
    pub charge_count: u64,
    pub page: u64,
    pub page_size: u64,
}

/// `GET /myaccount/data`.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct BillingOverview {
    /// `trial`, `active`, `past_due` or `suspended`.
    pub status: SubscriptionStatus,
    pub stripe_key: Option<String>,
    pub card: Option<CardView>,
    pub subscription: Option<SubscriptionView>,
    pub trial_end: Option<NaiveDate>,
    pub trial_start: Option<NaiveDate>,
    pub trial_days_left: Option<i64>,
    pub employee_count: i64,
    pub charge_detail: ChargeDetail,
    /// What the company's promotion would take off the next charge now (cents).
    pub discount: i64,
    /// What the next charge would be now: the detail's total less the discount.
    pub total_charge: i64,
    /// The company's promotion code, if it has one (`monthsLeft` 0: used up).
    pub promotion: Option<crate::promotions::CompanyPromotion>,
    pub last_charge: Option<ChargeView>,
    pub amount_due: i64,
    pub activate_session_id: Option<String>,
    pub activate_url: Option<String>,
    pub update_session_id: Option<String>,
    pub update_url: Option<String>,
    /// The company paid what it owed after a suspension, in the last day.
    pub reactivated: bool,
}

#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ActivationOutcome {
    /// 1: subscribed.
    pub activation_status: i32,
    pub message: String,
    /// The first month's charge.
    pub charge: Option<ChargeView>,
}

#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct CardUpdateOutcome {
    pub card: CardView,
    pub reactivated: bool,
    pub message: String,
}

impl Billing {
    /// The company's billing account, made (with its customer at the provider) on first use.
    async fn account(&self, company: CompanyId, now: DateTime<Utc>) -> Result<billing_accounts::Model, BillingError> {
        if let Some(account) = billing_accounts::Entity::find_by_id(company.0).one(&self.db).await? {
            if account.customer_id.is_some() {
                return Ok(account);
            }
        } else {
            let _permit = self.gate.enter().await;
            let row = billing_accounts::ActiveModel {
                company_id: Set(company),
                customer_id: Set(None),
                payment_method_id: Set(None),
                card_brand: Set(None),
                card_last4: Set(None),
                card_exp_month: Set(None),
                card_exp_year: Set(None),
                status: Set(SubscriptionStatus::Trial),
                subscribed_on: Set(None),
                recurring_day: Set(None),
                next_charge_on: Set(None),
                reactivated_at: Set(None),
                updated_at: Set(now),
            };
            billing_accounts::Entity::insert(row)
                .on_conflict(
                    sea_orm::sea_query::OnConflict::column(billing_accounts::Column::CompanyId).do_nothing().to_owned(),
                )
                .exec_without_returning(&self.db)
                .await?;
        }
        let billed = self.accounts.billed_company(company).await?.ok_or(BillingError::ActivationFailed)?;
        let email = self.accounts.company_admins(company).await?.into_iter().next().map(|admin| admin.email);
        let customer =
            self.provider.create_customer(&billed.name, email.as_deref().unwrap_or_default(), company.0).await?;
        let stored = {
            let _permit = self.gate.enter().await;
            billing_accounts::Entity::update_many()
                .col_expr(billing_accounts::Column::CustomerId, Expr::value(Some(customer.clone())))
                .filter(same_company::<billing_accounts::Entity>(company))
                .filter(billing_accounts::Column::CustomerId.is_null())
                .exec(&self.db)
                .await?
                .rows_affected
                == 1
        };
        if !stored {
            // Another request made the customer first: keep theirs.
            self.forget_customer(&customer).await;
        }
        billing_accounts::Entity::find_by_id(company.0).one(&self.db).await?.ok_or(BillingError::ActivationFailed)
    }

    /// `GET /myaccount/data`: the screen's figures, and a checkout page for what the admin can
    /// do next (activate from the trial, or update the card). Without the provider the figures
    /// still show, without the checkout.
    pub async fn overview(&self, ctx: &AdminCtx, now: DateTime<Utc>) -> Result<BillingOverview, BillingError> {
        let company = ctx.company();
        let billed = self.accounts.billed_company(company).await?.ok_or(BillingError::ActivationFailed)?;
        let today = local_date(billed.time_zone, now);
        let account = match self.account(company, now).await {
            Ok(account) => Some(account),
            Err(BillingError::Provider(err)) => {
                tracing::error!(%err, company = company.0, "no customer at the payment provider");
                billing_accounts::Entity::find_by_id(company.0).one(&self.db).await?
            }
            Err(err) => return Err(err),
        };
        let account_status = account.as_ref().map_or(SubscriptionStatus::Trial, |account| account.status);
        let subscribed = account_status != SubscriptionStatus::Trial;
        // Suspended by the operator (the system area) as well as by failed payments: the screen
        // says so either way, a trial's figures staying what they are.
        let status = if billed.suspended { SubscriptionStatus::Suspended } else { account_status };
        let (mut activate, mut update) = (None, None);
        if let Some(customer) = account.as_ref().and_then(|account| account.customer_id.as_deref()) {
            let purpose = if subscribed { CheckoutPurpose::UpdateCard } else { CheckoutPurpose::Activate };
            match self.checkout(company, customer, purpose, now).await {
                Ok(checkout) if subscribed => update = Some(checkout),
                Ok(checkout) => activate = Some(checkout),
                Err(err) => tracing::error!(%err, company = company.0, "no checkout page from the payment provider"),
            }
        }
        let users = self.accounts.active_user_count(company).await?;
        let gross = BASE_CENTS + PER_USER_CENTS * users;
        let discount = crate::promotions::applicable(&self.db, company)
            .await?
            .map_or(0, |(_, promotion)| crate::promotions::discount(&promotion, gross));
        let promotion = self.company_promotion(company).await?;
        let last_charge =
            in_company::<charges::Entity>(company).order_by_desc(charges::Column::PeriodStart).one(&self.db).await?;
        let last_charge = match last_charge {
            Some(charge) => Some(self.charge_view(&charge, billed.time_zone).await?),
            None => None,
        };
        let amount_due = self.amount_due(company).await?;
        let trial_end = billed.trial_end.filter(|_| !subscribed);
        Ok(BillingOverview {
            status,
            stripe_key: self.config.publishable_key.clone(),
            card: account.as_ref().and_then(card_of),
            subscription: account.as_ref().filter(|_| subscribed).and_then(|account| {
                Some(SubscriptionView {
                    start_date: account.subscribed_on?,
                    recurring_day: account.recurring_day?,
                    next_charge_date: account.next_charge_on,
                })
            }),
            trial_end,
            trial_start: trial_end.map(|end| end - Duration::days(self.accounts.config().trial_days)),
            trial_days_left: trial_end.map(|end| (end - today).num_days()),
            employee_count: users,
            charge_detail: ChargeDetail {
                base: BASE_CENTS,
                per_user: PER_USER_CENTS,
                users,
                per_user_total: PER_USER_CENTS * users,
            },
            discount,
            total_charge: gross - discount,
            promotion,
            last_charge,
            amount_due,
            activate_session_id: activate.as_ref().map(|c| c.id.clone()),
            activate_url: activate.map(|c| c.url),
            update_session_id: update.as_ref().map(|c| c.id.clone()),
            update_url: update.map(|c| c.url),
            reactivated: account
                .as_ref()
                .and_then(|account| account.reactivated_at)
                .is_some_and(|at| now - at < Duration::days(1)),
        })
    }

    /// A checkout page for `purpose`: the one offered in the last hour if it is still unused,
    /// or a new one.
    async fn checkout(
        &self,
        company: CompanyId,
        customer: &str,
        purpose: CheckoutPurpose,
        now: DateTime<Utc>,
    ) -> Result<crate::provider::Checkout, BillingError> {
        let offered = in_company::<checkouts::Entity>(company)
            .filter(checkouts::Column::Purpose.eq(purpose))
            .filter(checkouts::Column::UsedAt.is_null())
            .filter(checkouts::Column::CreatedAt.gt(now - CHECKOUT_REUSE))
            .order_by_desc(checkouts::Column::Id)
            .one(&self.db)
            .await?;
        if let Some(offered) = offered {
            return Ok(crate::provider::Checkout { id: offered.session_id, url: offered.url });
        }
        let base = format!("{}/admin/manage/my-account", self.config.public_url.trim_end_matches('/'));
        let success = format!("{base}?session_id={{CHECKOUT_SESSION_ID}}&action={}", purpose.code());
        let checkout =
            self.provider.create_checkout(customer, &success, &base, &format!("company-{}", company.0)).await?;
        let _permit = self.gate.enter().await;
        checkouts::ActiveModel {
            company_id: Set(company),
            session_id: Set(checkout.id.clone()),
            purpose: Set(purpose),
            url: Set(checkout.url.clone()),
            created_at: Set(now),
            used_at: Set(None),
            ..Default::default()
        }
        .insert(&self.db)
        .await?;
        Ok(checkout)
    }

    /// The card saved by the company's unused checkout `session` of `purpose`; the session is
    /// used up by this call (a second call with it fails).
    async fn card_from_checkout(
        &self,
        company: CompanyId,
        customer: &str,
        session: &str,
        purpose: CheckoutPurpose,
        now: DateTime<Utc>,
    ) -> Result<crate::provider::SavedCard, BillingError> {
        let known = kernel::tenancy::in_company::<checkouts::Entity>(company)
            .filter(checkouts::Column::SessionId.eq(session))
            .filter(checkouts::Column::Purpose.eq(purpose))
            .filter(checkouts::Column::UsedAt.is_null())
            .one(&self.db)
            .await?
            .ok_or(BillingError::ActivationFailed)?;
        let card = match self.provider.checkout_card(session, customer).await {
            Ok(Some(card)) => card,
            Ok(None) => return Err(BillingError::ActivationFailed),
            Err(err) => {
                tracing::error!(%err, company = company.0, "the checkout session could not be read");
                return Err(BillingError::ActivationFailed);
            }
        };
        let _permit = self.gate.enter().await;
        let used = checkouts::Entity::update_many()
            .col_expr(checkouts::Column::UsedAt, Expr::value(Some(now)))
            .filter(checkouts::Column::Id.eq(known.id))
            .filter(checkouts::Column::UsedAt.is_null())
            .exec(&self.db)
            .await?
            .rows_affected;
        if used != 1 {
            return Err(BillingError::ActivationFailed);
        }
        Ok(card)
    }

    /// The company, its billing account and its customer at the provider, when the account's
    /// status is one `fits` allows; otherwise the activation error.
    async fn account_for_checkout(
        &self,
        company: CompanyId,
        fits: impl Fn(SubscriptionStatus) -> bool,
    ) -> Result<(accounts::BilledCompany, billing_accounts::Model, String), BillingError> {
        let billed = self.accounts.billed_company(company).await?.ok_or(BillingError::ActivationFailed)?;
        let account = billing_accounts::Entity::find_by_id(company.0)
            .one(&self.db)
            .await?
            .filter(|account| fits(account.status))
            .ok_or(BillingError::ActivationFailed)?;
        let customer = account.customer_id.clone().ok_or(BillingError::ActivationFailed)?;
        Ok((billed, account, customer))
    }

    /// `POST /myaccount/activate`: from the trial to a subscription with the card saved at
    /// checkout; the first month is charged at once. A promotion code given with it is redeemed
    /// with the subscription, so the first charge is discounted; it is checked before the
    /// checkout session is used, so a mistyped code can be corrected and sent again.
    pub async fn activate(
        &self,
        ctx: &AdminCtx,
        session: &str,
        promot_code: Option<&str>,
        now: DateTime<Utc>,
    ) -> Result<ActivationOutcome, BillingError> {
        let company = ctx.company();
        let (billed, _, customer) =
            self.account_for_checkout(company, |status| status == SubscriptionStatus::Trial).await?;
        let today = local_date(billed.time_zone, now);
        let code = promot_code.map(str::trim).filter(|code| !code.is_empty());
        if let Some(code) = code {
            self.check_code(company, code, today).await?;
        }
        let card = self.card_from_checkout(company, &customer, session, CheckoutPurpose::Activate, now).await?;
        let subscribed = {
            let _permit = self.gate.enter().await;
            let txn = kernel::begin_write(&self.db).await?;
            let subscribed = saving_card(billing_accounts::Entity::update_many(), &card)
                .col_expr(billing_accounts::Column::Status, Expr::value(SubscriptionStatus::Active))
                .col_expr(billing_accounts::Column::SubscribedOn, Expr::value(Some(today)))
                .col_expr(billing_accounts::Column::RecurringDay, Expr::value(Some(charge_day(today))))
                .col_expr(billing_accounts::Column::NextChargeOn, Expr::value(Some(today)))
                .col_expr(billing_accounts::Column::UpdatedAt, Expr::value(now))
                .filter(same_company::<billing_accounts::Entity>(company))
                .filter(billing_accounts::Column::Status.eq(SubscriptionStatus::Trial))
                .exec(&txn)
                .await?
                .rows_affected
                == 1;
            if subscribed {
                if let Some(code) = code {
                    Self::redeem_in(&txn, company, code, now, today).await?;
                }
                let change = audit::Change::new(audit::Subject::Billing, company.0, audit::Action::Updated)
                    .field("subscription", "trial", "active")
                    .field("card", serde_json::Value::Null, format!("{} ending {}", card.brand, card.last4))
                    .field("promotionCode", None::<String>, code.map(str::to_owned));
                audit::record(&txn, ctx, change).await?;
                txn.commit().await?;
            }
            subscribed
        };
        if !subscribed {
            return Err(BillingError::ActivationFailed);
        }
        self.accounts.end_trial(company).await?;
        self.make_due_charges(company, now).await?;
        let first =
            in_company::<charges::Entity>(company).filter(charges::Column::PeriodStart.eq(today)).one(&self.db).await?;
        let mut message = "Your subscription is active.".to_owned();
        if let Some(first) = &first {
            if self.attempt(first.id, now, AttemptKind::Scheduled).await?.0 == AttemptResult::Declined {
                message = crate::CARD_INVALID_MESSAGE.to_owned();
            }
        }
        let charge = match first {
            Some(first) => match charges::Entity::find_by_id(first.id).one(&self.db).await? {
                Some(charge) => Some(self.charge_view(&charge, billed.time_zone).await?),
                None => None,
            },
            None => None,
        };
        Ok(ActivationOutcome { activation_status: 1, message, charge })
    }

    /// `POST /myaccount/update-card`: the card saved at checkout replaces the old one, and
    /// everything unpaid is charged to it at once. A suspended company that then owes nothing
    /// is active again.
    pub async fn update_card(
        &self,
        ctx: &AdminCtx,
        session: &str,
        now: DateTime<Utc>,
    ) -> Result<CardUpdateOutcome, BillingError> {
        let company = ctx.company();
        let (billed, account, customer) =
            self.account_for_checkout(company, |status| status != SubscriptionStatus::Trial).await?;
        let card = self.card_from_checkout(company, &customer, session, CheckoutPurpose::UpdateCard, now).await?;
        {
            let _permit = self.gate.enter().await;
            let txn = kernel::begin_write(&self.db).await?;
            saving_card(billing_accounts::Entity::update_many(), &card)
                .col_expr(billing_accounts::Column::UpdatedAt, Expr::value(now))
                .filter(same_company::<billing_accounts::Entity>(company))
                .exec(&txn)
                .await?;
            let change = audit::Change::new(audit::Subject::Billing, company.0, audit::Action::Updated).field(
                "card",
                account
                    .card_brand
                    .as_ref()
                    .zip(account.card_last4.as_ref())
                    .map(|(brand, last4)| format!("{brand} ending {last4}")),
                format!("{} ending {}", card.brand, card.last4),
            );
            audit::record(&txn, ctx, change).await?;
            txn.commit().await?;
        }
        let unpaid: Vec<kernel::ChargeId> = in_company::<charges::Entity>(company)
            .select_only()
            .column(charges::Column::Id)
            .filter(charges::Column::Status.is_in(ChargeStatus::UNPAID))
            .order_by_asc(charges::Column::PeriodStart)
            .into_tuple()
            .all(&self.db)
            .await?;
        let mut declined = false;
        for charge in unpaid {
            if self.attempt(charge, now, AttemptKind::Manual).await?.0 != AttemptResult::Paid {
                declined = true;
            }
        }
        let view =
            CardView { brand: card.brand, last4: card.last4, exp_month: card.exp_month, exp_year: card.exp_year };
        if declined {
            return Err(BillingError::CardDeclined);
        }
        let reactivated =
            account.status == SubscriptionStatus::Suspended && self.reactivate(company, billed.time_zone, now).await?;
        Ok(CardUpdateOutcome { card: view, reactivated, message: "Your payment method has been updated.".to_owned() })
    }

    /// A suspended company that owes nothing is active again; its next charge is the charge
    /// day's next occurrence (the suspended months are not charged).
    pub(crate) async fn reactivate(
        &self,
        company: CompanyId,
        tz: chrono_tz::Tz,
        now: DateTime<Utc>,
    ) -> Result<bool, BillingError> {
        let owing = in_company::<charges::Entity>(company)
            .filter(charges::Column::Status.ne(ChargeStatus::Paid))
            .one(&self.db)
            .await?;
        if owing.is_some() {
            return Ok(false);
        }
        let changed = self.resume(company, tz, now, true).await?;
        if changed {
            self.accounts.set_suspended(company, false).await?;
        }
        Ok(changed)
    }

    /// A subscription suspended for failed charges runs again (whatever it still owes): active,
    /// its next charge the charge day's next occurrence (or the stored next date while that is
    /// still ahead), so the suspended months are not charged. `reactivated` stamps the admin's
    /// "reactivated" notice (they paid what was owed). Whether it was suspended.
    pub(crate) async fn resume(
        &self,
        company: CompanyId,
        tz: chrono_tz::Tz,
        now: DateTime<Utc>,
        reactivated: bool,
    ) -> Result<bool, BillingError> {
        let Some(account) = billing_accounts::Entity::find_by_id(company.0).one(&self.db).await? else {
            return Ok(false);
        };
        if account.status != SubscriptionStatus::Suspended {
            return Ok(false);
        }
        let today = local_date(tz, now);
        let day = u32::try_from(account.recurring_day.unwrap_or(1)).unwrap_or(1);
        let next =
            account.next_charge_on.filter(|next| *next >= today).unwrap_or_else(|| crate::charge_day_from(today, day));
        let _permit = self.gate.enter().await;
        let mut update = billing_accounts::Entity::update_many()
            .col_expr(billing_accounts::Column::Status, Expr::value(SubscriptionStatus::Active))
            .col_expr(billing_accounts::Column::NextChargeOn, Expr::value(Some(next)))
            .col_expr(billing_accounts::Column::UpdatedAt, Expr::value(now));
        if reactivated {
            update = update.col_expr(billing_accounts::Column::ReactivatedAt, Expr::value(Some(now)));
        }
        Ok(update
            .filter(same_company::<billing_accounts::Entity>(company))
            .filter(billing_accounts::Column::Status.eq(SubscriptionStatus::Suspended))
            .exec(&self.db)
            .await?
            .rows_affected
            == 1)
    }

    /// `GET /myaccount/charges`: past payments, newest first.
    pub async fn charges(&self, ctx: &AdminCtx, page: u64) -> Result<ChargePage, BillingError> {
        let company = ctx.company();
        let tz = self.accounts.billed_company(company).await?.map_or(kernel::time::DEFAULT_TIME_ZONE, |c| c.time_zone);
        let query = in_company::<charges::Entity>(company);
        let charge_count = query.clone().count(&self.db).await?;
        let rows = query
            .order_by_desc(charges::Column::PeriodStart)
            .order_by_desc(charges::Column::Id)
            .offset((page.max(1) - 1) * CHARGE_PAGE_SIZE)
            .limit(CHARGE_PAGE_SIZE)
            .all(&self.db)
            .await?;
        let charges = self.charge_views(&rows, tz).await?;
        Ok(ChargePage { charges, charge_count, page: page.max(1), page_size: CHARGE_PAGE_SIZE })
    }

    async fn charge_view(&self, charge: &charges::Model, tz: chrono_tz::Tz) -> Result<ChargeView, BillingError> {
        let mut views = self.charge_views(std::slice::from_ref(charge), tz).await?;
        views.pop().ok_or_else(|| BillingError::Database(sea_orm::DbErr::RecordNotFound("charge".to_owned())))
    }

    /// The charges as the screen shows them, with their attempts counted in one query.
    async fn charge_views(&self, rows: &[charges::Model], tz: chrono_tz::Tz) -> Result<Vec<ChargeView>, BillingError> {
        use crate::entities::attempts;
        let counts: std::collections::HashMap<i64, i64> = attempts::Entity::find()
            .select_only()
            .column(attempts::Column::ChargeId)
            .column_as(attempts::Column::Id.count(), "attempts")
            .filter(attempts::Column::ChargeId.is_in(rows.iter().map(|charge| charge.id)))
            .group_by(attempts::Column::ChargeId)
            .into_tuple::<(i64, i64)>()
            .all(&self.db)
            .await?
            .into_iter()
            .collect();
        Ok(rows
            .iter()
            .map(|charge| ChargeView {
                id: charge.id.0,
                modify_date: local_date(tz, charge.updated_at),
                period_start: charge.period_start,
                period_end: charge.period_end,
                user_count: charge.user_count,
                base_amount: charge.base_cents,
                per_user_amount: charge.per_user_cents * i64::from(charge.user_count),
                discount: charge.discount_cents,
                promotion_code: charge.promotion_code.clone(),
                total_amount: charge.total_cents,
                status: charge.status,
                attempts: counts.get(&charge.id.0).map_or(0, |count| i32::try_from(*count).unwrap_or(i32::MAX)),
            })
            .collect())
    }

    /// What the company owes: its declined charges (retrying or failed), in cents.
    pub(crate) async fn amount_due(&self, company: CompanyId) -> Result<i64, BillingError> {
        Ok(in_company::<charges::Entity>(company)
            .filter(charges::Column::Status.is_in(ChargeStatus::OWED))
            .all(&self.db)
            .await?
            .iter()
            .map(|charge| charge.total_cents)
            .sum())
    }

    /// The provider's customer of the company, if it has one (for closing the account).
    pub async fn customer_of(&self, company: CompanyId) -> Result<Option<String>, BillingError> {
        Ok(billing_accounts::Entity::find_by_id(company.0).one(&self.db).await?.and_then(|account| account.customer_id))
    }
}

/// The update that puts `card` on the account.
fn saving_card(
    update: sea_orm::UpdateMany<billing_accounts::Entity>,
    card: &crate::provider::SavedCard,
) -> sea_orm::UpdateMany<billing_accounts::Entity> {
    update
        .col_expr(billing_accounts::Column::PaymentMethodId, Expr::value(Some(card.payment_method.clone())))
        .col_expr(billing_accounts::Column::CardBrand, Expr::value(Some(card.brand.clone())))
        .col_expr(billing_accounts::Column::CardLast4, Expr::value(Some(card.last4.clone())))
        .col_expr(billing_accounts::Column::CardExpMonth, Expr::value(Some(card.exp_month)))
        .col_expr(billing_accounts::Column::CardExpYear, Expr::value(Some(card.exp_year)))
}

pub(crate) fn card_of(account: &billing_accounts::Model) -> Option<CardView> {
    Some(CardView {
        brand: account.card_brand.clone()?,
        last4: account.card_last4.clone()?,
        exp_month: account.card_exp_month?,
        exp_year: account.card_exp_year?,
    })
}
