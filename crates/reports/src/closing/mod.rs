//! Closed pay periods' payroll files (issue 40).
//!
//! The clock keeps which periods are closed and refuses direct changes to their days
//! (`clock::periods`). This module makes what the payroll file says of them:
//!
//! - **Closing** stores the file as it is then ([`PayrollFile`], in both layouts, with each
//!   person's figures): every later download of that period is the stored file, byte for byte.
//! - **Late changes** (an offline press sent late, an approved edit request) still reach a closed
//!   period's shifts. The difference between what the period's hours are now and what was stored
//!   (less what was carried already) is an *adjustment*: rows of the first open period after it,
//!   dated with the closed period and marked in the `Adjustment` column (Timekeep's layout), or
//!   added to the person's hours (Gusto's, which takes one row a person). When that open period
//!   closes in turn, what it carried is recorded (`pay_period_adjustments`) so that it is never
//!   paid twice.
//! - **Reopening** (an admin, with a reason) drops the stored file and what the period carried in;
//!   a period reopened after its own late changes were carried elsewhere pays only what was not.

pub mod job;

use crate::export::{write_csv, Cell, ExportFile, Sheet};
use crate::payroll::PayrollLayout;
use crate::tables::ReportQuery;
use crate::{Reports, ReportsError};
use chrono::{DateTime, Duration, NaiveDate, Utc};
use clock::periods::{Adjustment, Closer, LockedPeriod, PeriodEventKind};
use kernel::{AdminCtx, ManagerCtx, UserId};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashMap};

/// One person's hours in a payroll file, in hundredths of an hour.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Figures {
    pub regular: i64,
    pub overtime: i64,
    pub double_time: i64,
    pub holiday: i64,
    /// By PTO type id.
    pub pto: BTreeMap<i64, i64>,
}

impl Figures {
    fn minus(&self, other: &Figures) -> Figures {
        let mut pto = self.pto.clone();
        for (kind, centi) in &other.pto {
            *pto.entry(*kind).or_default() -= centi;
        }
        pto.retain(|_, centi| *centi != 0);
        Figures {
            regular: self.regular - other.regular,
            overtime: self.overtime - other.overtime,
            double_time: self.double_time - other.double_time,
            holiday: self.holiday - other.holiday,
            pto,
        }
    }

    fn plus(&self, other: &Figures) -> Figures {
        let negated = Figures::default().minus(other);
        self.minus(&negated)
    }

    fn is_zero(&self) -> bool {
        self.regular == 0
            && self.overtime == 0
            && self.double_time == 0
            && self.holiday == 0
            && self.pto.values().all(|centi| *centi == 0)
    }

    /// Regular, overtime, double time and holiday hours with the paid types' hours.
    pub fn total_paid(&self, payable: &dyn Fn(i64) -> bool) -> i64 {
        self.regular
            + self.overtime
            + self.double_time
            + self.holiday
            + self.pto.iter().filter(|(kind, _)| payable(**kind)).map(|(_, centi)| centi).sum::<i64>()
    }
}

/// A cell as stored (the export's cells, kept to write the same bytes again).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
enum StoredCell {
    Text(String),
    Hours(i64),
    Number(i64),
    Empty,
}

impl From<&Cell> for StoredCell {
    fn from(cell: &Cell) -> Self {
        match cell {
            Cell::Text(text) => StoredCell::Text(text.clone()),
            Cell::Hours(centi) => StoredCell::Hours(*centi),
            Cell::Number(value) => StoredCell::Number(*value),
            Cell::Empty => StoredCell::Empty,
        }
    }
}

impl From<&StoredCell> for Cell {
    fn from(cell: &StoredCell) -> Self {
        match cell {
            StoredCell::Text(text) => Cell::Text(text.clone()),
            StoredCell::Hours(centi) => Cell::Hours(*centi),
            StoredCell::Number(value) => Cell::Number(*value),
            StoredCell::Empty => Cell::Empty,
        }
    }
}

/// A layout's table: its header and each row with the person it is about.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
struct Table {
    header: Vec<String>,
    rows: Vec<(i64, Vec<StoredCell>)>,
}

impl Table {
    fn sheet(&self, name: &'static str, employees: Option<&[i64]>) -> Sheet {
        Sheet {
            name,
            header: self.header.clone(),
            rows: self
                .rows
                .iter()
                .filter(|(employee, _)| employees.is_none_or(|only| only.contains(employee)))
                .map(|(_, cells)| cells.iter().map(Cell::from).collect())
                .collect(),
        }
    }
}

/// What late changes to one closed period mean for one person, carried into this file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Carried {
    pub source: (NaiveDate, NaiveDate),
    pub employee: i64,
    pub name: String,
    pub figures: Figures,
}

/// A pay period's payroll file, in both layouts, with what it is made of.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PayrollFile {
    start: NaiveDate,
    end: NaiveDate,
    timekeep: Table,
    gusto: Table,
    /// Each person's own hours of the period (adjustments apart).
    figures: BTreeMap<i64, Figures>,
    /// The adjustments of earlier closed periods in it.
    carried: Vec<Carried>,
}

impl PayrollFile {
    fn to_json(&self) -> Result<String, ReportsError> {
        serde_json::to_string(self).map_err(|err| ReportsError::Export(err.to_string()))
    }

    fn from_json(json: &str) -> Result<Self, ReportsError> {
        serde_json::from_str(json).map_err(|err| ReportsError::Export(err.to_string()))
    }

    /// The file to download: the layout's table, of `employees` only when given.
    pub fn export(&self, layout: PayrollLayout, employees: Option<&[i64]>) -> Result<ExportFile, ReportsError> {
        let (start, end) = (self.start, self.end);
        let (sheet, file_name) = match layout {
            PayrollLayout::Timekeep => {
                (self.timekeep.sheet("Payroll", employees), format!("timekeep-payroll-{start}-{end}.csv"))
            }
            PayrollLayout::Gusto => {
                (self.gusto.sheet("Gusto hours", employees), format!("timekeep-gusto-hours-{start}-{end}.csv"))
            }
        };
        Ok(ExportFile { file_name, content_type: "text/csv; charset=utf-8", bytes: write_csv(&sheet)? })
    }
}

/// A person as the file names them.
#[derive(Debug, Clone, Default)]
struct Named {
    last: String,
    first: String,
    email: String,
}

impl Named {
    fn full(&self) -> String {
        format!("{} {}", self.first, self.last).trim().to_owned()
    }

    /// A person no longer in the period's own rows, named as the adjustment recorded them
    /// ("Maria Lopez": the last word is the last name).
    fn from_full(name: &str) -> Self {
        let mut parts = name.rsplitn(2, ' ');
        let last = parts.next().unwrap_or_default().to_owned();
        Named { last, first: parts.next().unwrap_or_default().to_owned(), email: String::new() }
    }
}

/// A name from [`Reports::names`], or how a person gone from the company is shown.
fn name_in(names: &HashMap<UserId, String>, person: UserId) -> String {
    names.get(&person).cloned().unwrap_or_else(|| "Former user".to_owned())
}

/// A period's own hours, read live: each person's figures and names, the types and balances.
struct Live {
    types: Vec<pto::reporting::TypeName>,
    figures: BTreeMap<i64, Figures>,
    names: BTreeMap<i64, Named>,
    /// The people in the report's order.
    order: Vec<i64>,
    balances: HashMap<i64, HashMap<i64, i64>>,
}

/// "2026-11-01 – 2026-11-14".
fn span((start, end): (NaiveDate, NaiveDate)) -> String {
    format!("{start} – {end}")
}

/// A pay period as the closing screens show it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct PeriodLock {
    #[cfg_attr(feature = "openapi", schema(value_type = String, format = Date))]
    pub start: NaiveDate,
    #[cfg_attr(feature = "openapi", schema(value_type = String, format = Date))]
    pub end: NaiveDate,
    /// Closed for payroll: its hours change only by reopening it.
    pub locked: bool,
    pub locked_at: Option<DateTime<Utc>>,
    /// Who closed it; `null` with `locked`: it closed by itself (the company's setting).
    pub locked_by: Option<String>,
    /// A late change reached it after it closed (carried into a later file).
    pub late_changes: bool,
}

/// A line of a period's history.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct PeriodHistoryLine {
    /// `closed`, `auto_closed` or `reopened`.
    pub kind: String,
    pub at: DateTime<Utc>,
    /// Who; `null` for the automatic close.
    pub by: Option<String>,
    pub reason: Option<String>,
}

/// An adjustment as the screens show it: whose, which two periods, how many hours.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct AdjustmentView {
    pub employee_id: i64,
    pub name: String,
    /// The closed period whose hours changed late.
    #[cfg_attr(feature = "openapi", schema(value_type = String, format = Date))]
    pub from_start: NaiveDate,
    #[cfg_attr(feature = "openapi", schema(value_type = String, format = Date))]
    pub from_end: NaiveDate,
    /// The period whose file pays it (`null`: the next one to open, not known yet).
    #[cfg_attr(feature = "openapi", schema(value_type = Option<String>, format = Date))]
    pub into_start: Option<NaiveDate>,
    #[cfg_attr(feature = "openapi", schema(value_type = Option<String>, format = Date))]
    pub into_end: Option<NaiveDate>,
    /// Paid hours added (negative: taken away), in hundredths.
    pub total_centi: i64,
    /// The same, as the file writes it ("1.50", "-0.25").
    pub total_hours: String,
    /// Carried already (into a closed file), or waiting for the next file.
    pub carried: bool,
}

/// `GET /report/pay-period`: a period's lock, history and adjustments in and out.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct PeriodDetail {
    pub period: PeriodLock,
    pub history: Vec<PeriodHistoryLine>,
    /// Late changes of earlier closed periods that this period's file pays.
    pub adjustments_in: Vec<AdjustmentView>,
    /// This period's late changes, paid by a later file.
    pub adjustments_out: Vec<AdjustmentView>,
}

impl Reports {
    /// The period's live hours: everyone's figures, names, the PTO types and the balances at its
    /// end.
    async fn live(&self, ctx: &ManagerCtx, start: NaiveDate, end: NaiveDate) -> Result<Live, ReportsError> {
        let query = ReportQuery { start, end, employees: None };
        let data = self.gather(ctx, &query).await?;
        let types = data.types.clone();
        let balances = self.pto.balances_on(ctx, &data.people, end).await?;
        let emails: HashMap<i64, String> =
            data.people.iter().map(|person| (person.id.0, person.email.clone())).collect();
        let report = crate::tables::summary_of(&query, data);
        let mut figures = BTreeMap::new();
        let mut names = BTreeMap::new();
        let mut order = Vec::new();
        for row in &report.rows {
            let Some(id) = row.employee_id else { continue };
            order.push(id);
            figures.insert(
                id,
                Figures {
                    regular: row.centi.regular,
                    overtime: row.centi.overtime,
                    double_time: row.centi.double_time,
                    holiday: row.centi.holiday,
                    pto: types
                        .iter()
                        .zip(&row.pto)
                        .filter(|(_, amount)| amount.centi != 0)
                        .map(|(kind, amount)| (kind.id, amount.centi))
                        .collect(),
                },
            );
            names.insert(
                id,
                Named {
                    last: row.lastname.clone().unwrap_or_default(),
                    first: row.firstname.clone().unwrap_or_default(),
                    email: emails.get(&id).cloned().unwrap_or_default(),
                },
            );
        }
        Ok(Live { types, figures, names, order, balances })
    }

    /// The payroll file of `start..=end` as it would be made now: a closed period's stored file,
    /// or the live hours with the adjustments this period carries.
    pub(crate) async fn payroll_file(
        &self,
        ctx: &ManagerCtx,
        start: NaiveDate,
        end: NaiveDate,
    ) -> Result<PayrollFile, ReportsError> {
        let locks = self.periods.locked(ctx, start, end).await?;
        if let Some(json) = locks.iter().find(|lock| lock.start == start).and_then(|lock| lock.payroll.as_deref()) {
            return PayrollFile::from_json(json);
        }
        self.make_payroll_file(ctx, start, end).await
    }

    /// The file from the live hours (closing stores it).
    async fn make_payroll_file(
        &self,
        ctx: &ManagerCtx,
        start: NaiveDate,
        end: NaiveDate,
    ) -> Result<PayrollFile, ReportsError> {
        let live = self.live(ctx, start, end).await?;
        // What was carried out of this period already (it was reopened after its late changes
        // were paid elsewhere) is not paid again.
        let mut figures = live.figures.clone();
        for adjustment in self.periods.carried_from(ctx, &[start]).await? {
            let paid: Figures = serde_json::from_str(&adjustment.figures).unwrap_or_default();
            let own = figures.entry(adjustment.employee.0).or_default();
            *own = own.minus(&paid);
        }
        let carried = self.pending_into(ctx, start).await?;
        Ok(build_file(start, end, &live, figures, carried))
    }

    /// The adjustments the period starting on `start` pays: the late changes of the closed
    /// periods whose first open period it is, less what earlier files carried.
    async fn pending_into(&self, ctx: &ManagerCtx, start: NaiveDate) -> Result<Vec<Carried>, ReportsError> {
        let mut carried = Vec::new();
        for late in self.periods.late_before(ctx, start).await? {
            // The period being closed counts as open: its file is being made.
            if self.first_open_after(ctx, late.end, Some(start)).await? != Some(start) {
                continue;
            }
            carried.extend(self.late_changes(ctx, &late).await?);
        }
        Ok(carried)
    }

    /// The first day of the first pay period after `day` that is not closed, or is the one
    /// starting on `closing` (none past today's).
    async fn first_open_after(
        &self,
        ctx: &ManagerCtx,
        day: NaiveDate,
        closing: Option<NaiveDate>,
    ) -> Result<Option<NaiveDate>, ReportsError> {
        let today = self.today(ctx);
        let mut next = day + Duration::days(1);
        while next <= today + Duration::days(366) {
            let (start, end) = self.timesheet.pay_period_of(ctx, next).await?;
            if closing == Some(start)
                || !self.periods.locked(ctx, start, end).await?.iter().any(|lock| lock.start == start)
            {
                return Ok(Some(start));
            }
            next = end + Duration::days(1);
        }
        Ok(None)
    }

    /// What a closed period's hours are now, less what it stored and what was carried already.
    async fn late_changes(&self, ctx: &ManagerCtx, late: &LockedPeriod) -> Result<Vec<Carried>, ReportsError> {
        let Some(json) = late.payroll.as_deref() else { return Ok(Vec::new()) };
        let stored = PayrollFile::from_json(json)?;
        let live = self.live(ctx, late.start, late.end).await?;
        let mut paid = stored.figures.clone();
        for adjustment in self.periods.carried_from(ctx, &[late.start]).await? {
            let figures: Figures = serde_json::from_str(&adjustment.figures).unwrap_or_default();
            let own = paid.entry(adjustment.employee.0).or_default();
            *own = own.plus(&figures);
        }
        let mut people: Vec<i64> = live.figures.keys().chain(paid.keys()).copied().collect();
        people.sort_unstable();
        people.dedup();
        // A manager's live hours are of the people they reach: the others are not theirs to see.
        if !ctx.reach().is_company() {
            people.retain(|employee| live.names.contains_key(employee));
        }
        Ok(people
            .into_iter()
            .filter_map(|employee| {
                let now = live.figures.get(&employee).cloned().unwrap_or_default();
                let before = paid.get(&employee).cloned().unwrap_or_default();
                let delta = now.minus(&before);
                (!delta.is_zero()).then(|| Carried {
                    source: (late.start, late.end),
                    employee,
                    name: live.names.get(&employee).map(Named::full).unwrap_or_default(),
                    figures: delta,
                })
            })
            .collect())
    }

    /// `POST /report/pay-periods/close`: an admin closes a whole pay period that has ended.
    pub async fn close_pay_period(
        &self,
        ctx: &AdminCtx,
        start: NaiveDate,
        end: NaiveDate,
    ) -> Result<PeriodDetail, ReportsError> {
        let (start, end) = self.payroll_period(ctx, crate::payroll::PayrollPeriod::Exactly(start, end)).await?;
        self.lock_period(ctx, Closer::Admin(ctx.actor()), start, end).await?;
        self.pay_period_detail(ctx, start, end).await
    }

    /// Closes the period and stores its file; a file that cannot be made takes the lock back.
    pub(crate) async fn lock_period(
        &self,
        ctx: &ManagerCtx,
        closer: Closer,
        start: NaiveDate,
        end: NaiveDate,
    ) -> Result<(), ReportsError> {
        self.periods.lock(ctx, closer, start, end).await?;
        let made = self.make_payroll_file(ctx, start, end).await.and_then(|file| Ok((file.to_json()?, file)));
        match made {
            Ok((json, file)) => {
                let carried = file
                    .carried
                    .iter()
                    .map(|carried| {
                        Ok(Adjustment {
                            source: carried.source,
                            target: (start, end),
                            employee: UserId(carried.employee),
                            figures: serde_json::to_string(&carried.figures)
                                .map_err(|err| ReportsError::Export(err.to_string()))?,
                        })
                    })
                    .collect::<Result<Vec<_>, ReportsError>>()?;
                self.periods.record_payroll(ctx, start, json, carried).await?;
                Ok(())
            }
            Err(err) => {
                self.periods.abandon(ctx, start).await?;
                Err(err)
            }
        }
    }

    /// `POST /report/pay-periods/reopen`: an admin reopens a closed period, saying why.
    pub async fn reopen_pay_period(
        &self,
        ctx: &AdminCtx,
        start: NaiveDate,
        end: NaiveDate,
        reason: &str,
    ) -> Result<PeriodDetail, ReportsError> {
        let (start, end) = self.payroll_period(ctx, crate::payroll::PayrollPeriod::Exactly(start, end)).await?;
        self.periods.reopen(ctx, start, reason).await?;
        self.pay_period_detail(ctx, start, end).await
    }

    /// The locks of the given periods, as the list of periods shows them.
    pub(crate) async fn period_locks(
        &self,
        ctx: &ManagerCtx,
        periods: &[(NaiveDate, NaiveDate)],
    ) -> Result<Vec<PeriodLock>, ReportsError> {
        let (Some(first), Some(last)) =
            (periods.iter().map(|period| period.0).min(), periods.iter().map(|period| period.1).max())
        else {
            return Ok(Vec::new());
        };
        let locks = self.periods.locked(ctx, first, last).await?;
        let names = self.names(ctx, locks.iter().filter_map(|lock| lock.locked_by)).await?;
        Ok(periods
            .iter()
            .map(|(start, end)| {
                let lock = locks.iter().find(|lock| lock.start == *start);
                PeriodLock {
                    start: *start,
                    end: *end,
                    locked: lock.is_some(),
                    locked_at: lock.map(|lock| lock.locked_at),
                    locked_by: lock.and_then(|lock| lock.locked_by).map(|by| name_in(&names, by)),
                    late_changes: lock.is_some_and(|lock| lock.late_changes_at.is_some()),
                }
            })
            .collect())
    }

    /// The names of the company's people among `ids`, in one read, whoever the caller reaches.
    async fn names(
        &self,
        ctx: &ManagerCtx,
        ids: impl Iterator<Item = UserId>,
    ) -> Result<HashMap<UserId, String>, ReportsError> {
        let mut ids: Vec<UserId> = ids.collect();
        ids.sort_unstable_by_key(|id| id.0);
        ids.dedup();
        Ok(self.accounts.names_in_company(ctx, &ids).await.map_err(timesheet::TimesheetError::from)?)
    }

    /// `GET /report/pay-period`: one period's lock, history and adjustments.
    pub async fn pay_period_detail(
        &self,
        ctx: &ManagerCtx,
        start: NaiveDate,
        end: NaiveDate,
    ) -> Result<PeriodDetail, ReportsError> {
        let (start, end) = self.payroll_period(ctx, crate::payroll::PayrollPeriod::Exactly(start, end)).await?;
        let period = self.period_locks(ctx, &[(start, end)]).await?.remove(0);
        let events = self.periods.history(ctx, start).await?;
        let carried_out = match period.locked {
            true => self.periods.carried_from(ctx, &[start]).await?,
            false => Vec::new(),
        };
        let names = self
            .names(
                ctx,
                events
                    .iter()
                    .filter_map(|event| event.by)
                    .chain(carried_out.iter().map(|adjustment| adjustment.employee)),
            )
            .await?;
        let history = events
            .into_iter()
            .map(|event| PeriodHistoryLine {
                kind: event.kind.code().to_owned(),
                at: event.at,
                by: match (event.kind, event.by) {
                    (PeriodEventKind::AutoClosed, _) | (_, None) => None,
                    (_, Some(by)) => Some(name_in(&names, by)),
                },
                reason: event.reason,
            })
            .collect();
        let view = |carried: &Carried,
                    into: Option<(NaiveDate, NaiveDate)>,
                    done: bool,
                    types: &[pto::reporting::TypeName]| {
            let total = carried.figures.total_paid(&|kind| types.iter().any(|t| t.id == kind && t.payable));
            AdjustmentView {
                employee_id: carried.employee,
                name: carried.name.clone(),
                from_start: carried.source.0,
                from_end: carried.source.1,
                into_start: into.map(|period| period.0),
                into_end: into.map(|period| period.1),
                total_centi: total,
                total_hours: crate::hours_text(total),
                carried: done,
            }
        };
        let types = self.pto.type_names(ctx).await?;
        // A manager sees the adjustments of the people they reach.
        let reach: Option<Vec<i64>> = match ctx.reach().is_company() {
            true => None,
            false => Some(self.report_people(ctx, None).await?.into_iter().map(|person| person.id.0).collect()),
        };
        let visible = |employee: i64| reach.as_ref().is_none_or(|reach| reach.contains(&employee));
        // In: stored with the file when closed, else what it would carry now.
        let file = self.payroll_file(ctx, start, end).await?;
        let adjustments_in = file
            .carried
            .iter()
            .filter(|carried| visible(carried.employee))
            .map(|carried| view(carried, Some((start, end)), period.locked, &types))
            .collect();
        // Out: carried already, and waiting.
        let mut adjustments_out = Vec::new();
        if period.locked {
            for adjustment in carried_out {
                if !visible(adjustment.employee.0) {
                    continue;
                }
                let carried = Carried {
                    source: adjustment.source,
                    employee: adjustment.employee.0,
                    name: name_in(&names, adjustment.employee),
                    figures: serde_json::from_str(&adjustment.figures).unwrap_or_default(),
                };
                adjustments_out.push(view(&carried, Some(adjustment.target), true, &types));
            }
            let lock = self.periods.locked(ctx, start, end).await?.into_iter().find(|lock| lock.start == start);
            if let Some(lock) = lock.filter(|lock| lock.late_changes_at.is_some()) {
                let into = match self.first_open_after(ctx, end, None).await? {
                    Some(first) => Some(self.timesheet.pay_period_of(ctx, first).await?),
                    None => None,
                };
                for carried in self.late_changes(ctx, &lock).await? {
                    adjustments_out.push(view(&carried, into, false, &types));
                }
            }
        }
        Ok(PeriodDetail { period, history, adjustments_in, adjustments_out })
    }
}

/// Both layouts' tables from the figures.
fn build_file(
    start: NaiveDate,
    end: NaiveDate,
    live: &Live,
    figures: BTreeMap<i64, Figures>,
    carried: Vec<Carried>,
) -> PayrollFile {
    let types = &live.types;
    let payable = |kind: i64| types.iter().any(|t| t.id == kind && t.payable);
    let mut header: Vec<String> = [
        "Employee ID",
        "Last Name",
        "First Name",
        "Email",
        "Pay Period Start",
        "Pay Period End",
        "Regular Hours",
        "Overtime Hours",
        "Double Time Hours",
        "Holiday Hours",
    ]
    .map(String::from)
    .to_vec();
    header.extend(types.iter().map(|kind| {
        if kind.payable {
            format!("PTO {} Hours", kind.name)
        } else {
            format!("Unpaid {} Hours", kind.name)
        }
    }));
    header.push("Total Paid Hours".to_owned());
    header.extend(types.iter().filter(|kind| kind.payable).map(|kind| format!("{} Balance Hours", kind.name)));
    header.push("Adjustment".to_owned());
    let hours_cells = |id: i64, named: &Named, period: (NaiveDate, NaiveDate), own: &Figures| -> Vec<Cell> {
        let mut cells = vec![
            Cell::Number(id),
            Cell::Text(named.last.clone()),
            Cell::Text(named.first.clone()),
            Cell::Text(named.email.clone()),
            Cell::Text(period.0.to_string()),
            Cell::Text(period.1.to_string()),
            Cell::Hours(own.regular),
            Cell::Hours(own.overtime),
            Cell::Hours(own.double_time),
            Cell::Hours(own.holiday),
        ];
        cells.extend(types.iter().map(|kind| Cell::Hours(own.pto.get(&kind.id).copied().unwrap_or(0))));
        cells.push(Cell::Hours(own.total_paid(&payable)));
        cells
    };
    let mut timekeep = Table { header, rows: Vec::new() };
    // The people of the period, in the report's order.
    for (id, named) in in_order(live) {
        let own = figures.get(&id).cloned().unwrap_or_default();
        let mut cells = hours_cells(id, named, (start, end), &own);
        let balances = live.balances.get(&id);
        cells.extend(types.iter().filter(|kind| kind.payable).map(|kind| {
            let minutes = balances.and_then(|balances| balances.get(&kind.id)).copied().unwrap_or(0);
            // Hundredths of an hour, to the nearest (the file's hours have two decimals).
            Cell::Hours((minutes * 100 + minutes.signum() * 30) / 60)
        }));
        cells.push(Cell::Empty);
        timekeep.rows.push((id, cells.iter().map(StoredCell::from).collect()));
    }
    for late in &carried {
        let named = live.names.get(&late.employee).cloned().unwrap_or_else(|| Named::from_full(&late.name));
        let mut cells = hours_cells(late.employee, &named, late.source, &late.figures);
        cells.extend(types.iter().filter(|kind| kind.payable).map(|_| Cell::Empty));
        cells.push(Cell::Text(format!("Late changes to the closed pay period {}", span(late.source))));
        timekeep.rows.push((late.employee, cells.iter().map(StoredCell::from).collect()));
    }
    // Gusto takes one row a person: the adjustments are added to the person's hours.
    let mut gusto = Table {
        header: ["last_name", "first_name", "regular_hours", "overtime_hours", "double_overtime_hours"]
            .map(String::from)
            .to_vec(),
        rows: Vec::new(),
    };
    let mut gusto_people: Vec<(i64, Named)> =
        in_order(live).into_iter().map(|(id, named)| (id, named.clone())).collect();
    for late in &carried {
        if !gusto_people.iter().any(|(id, _)| *id == late.employee) {
            gusto_people.push((late.employee, Named::from_full(&late.name)));
        }
    }
    for (id, named) in gusto_people {
        let mut total = figures.get(&id).cloned().unwrap_or_default();
        for late in carried.iter().filter(|late| late.employee == id) {
            total = total.plus(&late.figures);
        }
        let cells = [
            Cell::Text(named.last.clone()),
            Cell::Text(named.first.clone()),
            Cell::Hours(total.regular),
            Cell::Hours(total.overtime),
            Cell::Hours(total.double_time),
        ];
        gusto.rows.push((id, cells.iter().map(StoredCell::from).collect()));
    }
    PayrollFile { start, end, timekeep, gusto, figures, carried }
}

/// The people with their names, in the report's order.
fn in_order(live: &Live) -> Vec<(i64, &Named)> {
    live.order.iter().filter_map(|id| Some((*id, live.names.get(id)?))).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn figures(regular: i64, vacation: i64) -> Figures {
        Figures { regular, pto: [(7, vacation)].into_iter().filter(|(_, c)| *c != 0).collect(), ..Figures::default() }
    }

    #[test]
    fn figures_subtract_and_add_back() {
        let now = figures(900, 800);
        let stored = figures(800, 800);
        let delta = now.minus(&stored);
        assert_eq!(delta, figures(100, 0));
        assert!(!delta.is_zero());
        assert_eq!(stored.plus(&delta), now);
        assert!(now.minus(&now).is_zero());
        assert_eq!(now.total_paid(&|kind| kind == 7), 1700);
        assert_eq!(now.total_paid(&|_| false), 900);
    }
}
