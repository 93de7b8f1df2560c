//! A licence's standing on a day, from its facts: the one rule the folder, the compliance page,
//! "may sell", the task dock and the reminders all read.

use crate::entities::licences;
use crate::entities::{carrier_appointments as appointments, ce_credits as credits, ce_requirements as requirements};
use crate::model::{Compliance, LicenceStatus, DUE_SOON_DAYS};
use crate::progress::{count, Counted, Counting, Need};
use crate::states::{topics_from_json, Rule};
use chrono::{Duration, NaiveDate};
use kernel::{CeRequirementId, LicenceId, UserId};
use std::collections::HashMap;

/// A requirement counted: its progress, and the hours carried in from the previous cycle.
#[derive(Debug, Clone)]
pub(crate) struct Tally {
    pub counting: Counting,
    pub carried_in: i64,
    pub carry_over: bool,
}

/// Counts every requirement of `licences` with the credits of their people. A credit counts
/// toward a requirement when it is of the licence's state or of the person's resident state
/// (non-residents meet CE at home), and completed within the requirement's cycle. Requirements
/// of one licence are counted in due order, so a cycle's excess can carry into the next where
/// the state allows it.
pub(crate) fn count_all(
    licences: &[licences::Model],
    requirements: &[requirements::Model],
    credits: &[credits::Model],
    resident_states: &HashMap<UserId, String>,
    rules: &HashMap<String, Rule>,
) -> HashMap<CeRequirementId, Tally> {
    let by_id: HashMap<LicenceId, &licences::Model> = licences.iter().map(|licence| (licence.id, licence)).collect();
    let mut credits_of: HashMap<UserId, Vec<&credits::Model>> = HashMap::new();
    for credit in credits {
        credits_of.entry(credit.employee_id).or_default().push(credit);
    }
    let mut of_licence: HashMap<LicenceId, Vec<&requirements::Model>> = HashMap::new();
    for requirement in requirements {
        of_licence.entry(requirement.licence_id).or_default().push(requirement);
    }
    let mut counted = HashMap::new();
    for (licence_id, mut list) in of_licence {
        let Some(licence) = by_id.get(&licence_id) else { continue };
        list.sort_by_key(|requirement| (requirement.due_on, requirement.id));
        let carry_over = rules.get(&licence.state).is_some_and(|rule| rule.carry_over);
        let home = resident_states.get(&licence.employee_id);
        let mine = credits_of.get(&licence.employee_id).map(Vec::as_slice).unwrap_or_default();
        let mut carried_in = 0;
        for requirement in list {
            let counting_credits: Vec<Counted<'_>> = mine
                .iter()
                .filter(|credit| credit.state == licence.state || Some(&credit.state) == home)
                .filter(|credit| {
                    requirement.cycle_start <= credit.completed_on && credit.completed_on <= requirement.due_on
                })
                .map(|credit| Counted { minutes: i64::from(credit.minutes), topic: &credit.topic })
                .collect();
            let need = Need {
                total: i64::from(requirement.total_minutes),
                ethics: i64::from(requirement.ethics_minutes),
                topics: topics_from_json(&requirement.topics),
            };
            let counting = count(&need, &counting_credits, carried_in);
            counted.insert(requirement.id, Tally { counting, carried_in, carry_over });
            // Only a cycle's own hours carry on, once: carried hours do not carry again.
            let own: i64 = counting_credits.iter().map(|credit| credit.minutes).sum();
            carried_in = if carry_over { (own - need.total).max(0) } else { 0 };
        }
    }
    counted
}

/// Whether `person` has an appointment in force in `state` on `day` (with `carrier`, if named).
pub(crate) fn appointed(
    appointments: &[appointments::Model],
    person: UserId,
    state: &str,
    day: NaiveDate,
    carrier: Option<&str>,
) -> bool {
    appointments.iter().any(|appointment| {
        appointment.employee_id == person
            && appointment.state == state
            && appointment.effective_on <= day
            && appointment.terminated_on.is_none_or(|end| end > day)
            && carrier.is_none_or(|carrier| appointment.carrier.eq_ignore_ascii_case(carrier.trim()))
    })
}

/// A licence's standing: its status, why, and the due date of its first unmet requirement.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Standing {
    pub status: Compliance,
    pub reason: String,
    pub ce_due_on: Option<NaiveDate>,
}

/// The first status that holds, worst first (see the contract).
pub(crate) fn standing(
    licence: &licences::Model,
    requirements: &[(&requirements::Model, bool)],
    appointed_today: bool,
    today: NaiveDate,
) -> Standing {
    let unmet: Vec<NaiveDate> = {
        let mut dates: Vec<NaiveDate> =
            requirements.iter().filter(|(_, met)| !met).map(|(requirement, _)| requirement.due_on).collect();
        dates.sort();
        dates
    };
    let ce_due_on = unmet.first().copied();
    let soon = today + Duration::days(DUE_SOON_DAYS);
    let (status, reason) = if licence.status != LicenceStatus::Active {
        (
            Compliance::Expired,
            format!(
                "Licence {} since {}.",
                status_word(licence.status),
                licence.status_on.unwrap_or(licence.expires_on)
            ),
        )
    } else if licence.expires_on < today {
        (Compliance::Expired, format!("Licence expired on {}.", licence.expires_on))
    } else if let Some(due) = unmet.iter().find(|due| **due < today) {
        (Compliance::CeDeficient, format!("CE due on {due} not met."))
    } else if !appointed_today {
        (Compliance::NotAppointed, format!("Not appointed in {}.", licence.state))
    } else if licence.expires_on <= soon {
        (Compliance::DueSoon, format!("Licence expires on {}.", licence.expires_on))
    } else if let Some(due) = unmet.iter().find(|due| **due <= soon) {
        (Compliance::DueSoon, format!("CE due on {due}."))
    } else {
        (Compliance::Active, String::new())
    };
    Standing { status, reason, ce_due_on }
}

fn status_word(status: LicenceStatus) -> &'static str {
    match status {
        LicenceStatus::Active => "active",
        LicenceStatus::Inactive => "inactive",
        LicenceStatus::Lapsed => "lapsed",
        LicenceStatus::Revoked => "revoked",
    }
}
