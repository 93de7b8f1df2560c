//! The output: an append-only ledger of dated entries, and what can be read from it.

use crate::engine::Checkpoint;
use crate::model::{Method, PlanId, PtoTypeId, RuleId, SourceId};
use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

/// The kind of a ledger entry. The wire names are those of the spec's history items
/// (000 §3), with CARRYOVER and FORFEITED added for the year boundary.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum EntryKind {
    /// Time earned under a rule (a fixed grant or an accrual).
    Accrued,
    /// The balance brought into a new period. An *opening* entry: it states the amount and does
    /// not change the balance, because the old period's FORFEITED entries already brought the
    /// balance down to it.
    Carryover,
    /// Time lost: at the end of a period (use-it-or-lose-it, above the carryover cap, or above
    /// the maximum balance), or replaced by a starting balance. Negative, except that clearing
    /// a negative balance (a deficit is never carried, and a starting balance replaces it) is a
    /// positive FORFEITED entry.
    Forfeited,
    /// A starting balance set on joining or switching plan (`NEW_PTO_PLAN`).
    NewPtoPlan,
    /// Time added by hand (`MANUALLY_ADDITION`, the spec's spelling).
    ManuallyAddition,
    /// Time off taken (`PTO_REQUEST`), negative.
    PtoRequest,
}

impl EntryKind {
    /// The wire name, e.g. `NEW_PTO_PLAN`.
    pub fn as_str(self) -> &'static str {
        match self {
            EntryKind::Accrued => "ACCRUED",
            EntryKind::Carryover => "CARRYOVER",
            EntryKind::Forfeited => "FORFEITED",
            EntryKind::NewPtoPlan => "NEW_PTO_PLAN",
            EntryKind::ManuallyAddition => "MANUALLY_ADDITION",
            EntryKind::PtoRequest => "PTO_REQUEST",
        }
    }
}

/// The rule behind an entry: for automatic entries the rule that produced it, for the others
/// the rule in force for the type that day.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RuleRef {
    /// The plan the rule belongs to.
    pub plan: PlanId,
    /// The rule.
    pub rule: RuleId,
    /// Its method.
    pub method: Method,
}

/// Why an entry has its amount: enough for a screen to explain it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", tag = "basis")]
pub enum Basis {
    /// A fixed rule's grant for its year: the full rate, or prorated as
    /// `rate * covered_days / period_days` (rounded by the rule of [`crate::round`]).
    #[serde(rename_all = "camelCase")]
    AnnualGrant {
        /// Days counted (the whole period when not prorated).
        covered_days: u32,
        /// Days in the period (365, 366).
        period_days: u32,
    },
    /// A per-pay-period block of `rate_unit` months: full when `covered_days == block_days`.
    #[serde(rename_all = "camelCase")]
    MonthsEmployed {
        /// Days of the block under the rule and counted.
        covered_days: u32,
        /// Days in the block.
        block_days: u32,
    },
    /// Per hour worked: the minutes worked in the span credited (a Sunday-to-Saturday week, or
    /// its part up to the year end, a plan switch or the termination).
    #[serde(rename_all = "camelCase")]
    HoursWorked {
        /// Minutes worked in the span.
        worked_minutes: i64,
    },
    /// Accrual earned during the waiting period, credited the day it ends.
    WaitingPeriodEnded,
    /// Opening balance of a period.
    CarriedOver,
    /// The year-end step: `closing` balance before it, `carried` after it.
    YearEnd {
        /// The balance before the step.
        closing: i64,
        /// The balance after it, carried into the next period.
        carried: i64,
    },
    /// Carried-over hours lost unused when the rule's expiry came.
    #[serde(rename_all = "camelCase")]
    CarryoverExpired {
        /// What the carryover brought.
        carried: i64,
        /// What was taken from it before it expired.
        used: i64,
    },
    /// The balance replaced by a starting balance on the same day.
    ReplacedByStartingBalance,
    /// A starting balance (NEW_PTO_PLAN).
    StartingBalance,
    /// A manual addition.
    ManualAddition,
    /// A day of time off.
    TimeOff,
}

/// One dated ledger entry.
///
/// `minutes` is signed (credits positive, time off negative). `balance_after` is the type's
/// balance after the entry; every entry changes the balance by `minutes` except CARRYOVER
/// (see [`EntryKind::Carryover`]), so `balance_after` is also the running sum of
/// [`LedgerEntry::delta`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LedgerEntry {
    /// The day of the entry.
    pub date: NaiveDate,
    #[serde(rename = "ptoTypeId")]
    /// The PTO type whose balance it changes.
    pub pto_type: PtoTypeId,
    /// What kind of entry.
    pub kind: EntryKind,
    /// Signed minutes: credits positive, time off negative.
    pub minutes: i64,
    /// The type's balance after the entry.
    pub balance_after: i64,
    /// The rule that produced it (automatic entries) or in force that day (others).
    pub rule: Option<RuleRef>,
    /// The input record behind the entry (starting balance, manual addition, request).
    pub source: Option<SourceId>,
    #[serde(flatten)]
    /// Why it has its amount.
    pub basis: Basis,
    /// What a cap cut from this credit (the credit was larger than the room left).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cut: Option<Cut>,
}

/// The part of a credit a cap took away (lost, not deferred).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Cut {
    /// Minutes not credited.
    pub minutes: i64,
    /// Which cap.
    pub by: CapKind,
}

/// A cap that stops credits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum CapKind {
    /// The rule's maximum balance.
    MaxBalance,
    /// The rule's yearly accrual cap.
    YearlyAccrualCap,
}

impl LedgerEntry {
    /// How much the entry changes the balance: `minutes`, or 0 for CARRYOVER.
    pub fn delta(&self) -> i64 {
        if self.kind == EntryKind::Carryover {
            0
        } else {
            self.minutes
        }
    }
}

/// The ledger of one employee up to a date, with the state to go on from there.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ledger {
    /// In order: by date, then PTO type, then the order of the steps of a day
    /// (see the crate docs).
    pub entries: Vec<LedgerEntry>,
    /// Where the computation stopped; [`crate::resume`] goes on from it.
    pub checkpoint: Checkpoint,
}

impl Ledger {
    /// The last day computed (`None` when nothing was: the end is before the start date).
    pub fn through(&self) -> Option<NaiveDate> {
        self.checkpoint.through()
    }

    /// The entries of one type.
    pub fn entries_for(&self, pto_type: PtoTypeId) -> impl Iterator<Item = &LedgerEntry> {
        self.entries.iter().filter(move |e| e.pto_type == pto_type)
    }

    /// The balance of a type at the end of the computed span.
    pub fn balance(&self, pto_type: PtoTypeId) -> i64 {
        self.checkpoint.balance(pto_type)
    }

    /// The balance of a type at the end of `day`, read from the entries. On a ledger made by
    /// [`crate::resume`], days before its first entry read as the checkpoint it resumed from
    /// is not known: join the parts with [`Ledger::append`] first.
    pub fn balance_on(&self, pto_type: PtoTypeId, day: NaiveDate) -> i64 {
        let end = self.entries.partition_point(|e| e.date <= day);
        self.entries
            .get(..end)
            .unwrap_or_default()
            .iter()
            .rev()
            .find(|e| e.pto_type == pto_type)
            .map_or(0, |e| e.balance_after)
    }

    /// Joins a later part computed by [`crate::resume`] from this ledger's checkpoint.
    pub fn append(&mut self, later: Ledger) {
        self.entries.extend(later.entries);
        self.checkpoint = later.checkpoint;
    }
}
