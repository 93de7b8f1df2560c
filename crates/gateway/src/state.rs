//! What every handler can reach: the domain services.

use accounts::Accounts;
use clock::ClockService;
use files::{FileStore, Files};
use hr::Hr;
use kernel::WriteGate;
use pto::Pto;
use reports::Reports;
use sea_orm::DatabaseConnection;
use std::sync::Arc;
use timesheet::TimesheetService;

#[derive(Clone)]
pub struct AppState {
    pub db: DatabaseConnection,
    pub accounts: Accounts,
    pub clock: ClockService,
    /// Work locations and their rules (issue 40).
    pub places: clock::places::PlacesService,
    /// Shared kiosks and PINs (issue 40).
    pub kiosks: clock::kiosk::KioskService,
    pub approvals: approvals::Approvals,
    /// Webhook endpoints and their deliveries (issue 43).
    pub webhooks: webhooks::Webhooks,
    /// Producer licences, CE and appointments (issue 42).
    pub licensing: licensing::Licensing,
    pub timesheet: TimesheetService,
    pub hr: Hr,
    pub pto: Pto,
    /// Reads across timesheet and pto (the dashboard, the inbox).
    pub reports: Reports,
    pub files: Files,
    /// Billing, when a payment provider is configured (`None`: a self-hosted install).
    pub billing: Option<billing::Billing>,
    /// Closing a company's account.
    pub closure: closure::Closure,
    /// The platform operator's back office.
    pub system: system_admin::SystemAdmin,
    /// The security headers' settings (framing origins).
    pub web: crate::middleware::WebPolicy,
    /// The deployment's reverse proxies, whose `X-Forwarded-For` names the client
    /// (`extractors::ClientMeta`); empty: the TCP peer is the client.
    pub trusted_proxies: Vec<std::net::IpAddr>,
    gate: WriteGate,
}

impl AppState {
    /// Every service over one database, with uploaded files in `file_store`.
    pub fn new(db: DatabaseConnection, accounts: Accounts, file_store: Arc<dyn FileStore>) -> Self {
        // Without its writer thread (the system refused one) SQLite still works, its writers
        // then waiting in SQLite's busy handler.
        let gate = match crate::db::group_writer_connection(&db) {
            Some(connection) => WriteGate::serializing(connection).unwrap_or_else(|err| {
                tracing::error!(%err, "no writer thread: SQLite writes go ungrouped");
                WriteGate::open()
            }),
            None => WriteGate::open(),
        };
        let accounts = accounts.with_write_gate(gate.clone());
        let files = Files::new(db.clone(), file_store);
        let timesheet = TimesheetService::new(db.clone(), accounts.clone(), gate.clone());
        let pto = Pto::new(db.clone(), accounts.clone(), gate.clone());
        let hr = Hr::new(db.clone(), accounts.clone(), files.clone(), gate.clone());
        let licensing = licensing::Licensing::new(db.clone(), accounts.clone(), files.clone(), gate.clone());
        let closure = closure::Closure::new(db.clone(), files.clone(), gate.clone());
        // One clock for the people's own presses and the kiosks' (one group of presses).
        let clock = ClockService::new(db.clone(), gate.clone());
        let periods = clock::periods::PeriodsService::new(db.clone(), gate.clone());
        let places = clock::places::PlacesService::new(db.clone(), gate.clone()).with_cache(clock.places_cache());
        Self {
            system: system_admin::SystemAdmin::new(db.clone(), gate.clone(), accounts.clone(), closure.clone()),
            closure,
            billing: None,
            kiosks: clock::kiosk::KioskService::new(db.clone(), gate.clone(), accounts.clone(), clock.clone()),
            approvals: approvals::Approvals::new(db.clone(), accounts.clone(), gate.clone()),
            webhooks: webhooks::Webhooks::new(db.clone(), gate.clone(), webhooks::AddressPolicy::default()),
            licensing: licensing.clone(),
            clock,
            places,
            gate,
            reports: Reports::new(
                timesheet.clone(),
                pto.clone(),
                hr.clone(),
                licensing,
                accounts.clone(),
                periods,
                db.clone(),
            ),
            timesheet,
            hr,
            pto,
            files,
            accounts,
            db,
            web: crate::middleware::WebPolicy::default(),
            trusted_proxies: Vec::new(),
        }
    }

    /// Lets webhooks reach private, loopback and link-local addresses over plain http too
    /// (`--webhooks-allow-private`: tests and private installations).
    pub fn with_webhook_policy(mut self, policy: webhooks::AddressPolicy) -> Self {
        self.webhooks = webhooks::Webhooks::new(self.db.clone(), self.gate.clone(), policy);
        self
    }

    /// Turns the AgencyZoom import on, reading the partner that `client` reaches.
    pub fn with_agencyzoom(mut self, client: agencyzoom::Client) -> Self {
        self.hr = self.hr.clone().with_agencyzoom(client);
        self
    }

    /// Turns billing on, with `provider` taking the payments.
    pub fn with_billing(
        mut self,
        provider: Arc<dyn billing::provider::PaymentProvider>,
        config: billing::BillingConfig,
    ) -> Self {
        let billing =
            billing::Billing::new(self.db.clone(), self.accounts.clone(), provider, config, self.gate.clone());
        self.closure = self.closure.with_billing(billing.clone());
        self.system = system_admin::SystemAdmin::new(
            self.db.clone(),
            self.gate.clone(),
            self.accounts.clone(),
            self.closure.clone(),
        )
        .with_billing(billing.clone());
        // Signup redeems promotion codes (billing's) in its own transaction.
        self.accounts = self.accounts.clone().with_promotions(billing.promotion_codes());
        self.billing = Some(billing);
        self
    }
}
