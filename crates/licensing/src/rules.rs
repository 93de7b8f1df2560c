//! The product's continuing-education rules per state, as data: each record with its citation,
//! its sources and the date from which it is known to hold. A company's admin may replace a
//! state's rule for their company (`licensing_state_rules`) when the law changes before the
//! product does; new requirements take the company's rule, existing ones keep their hours.
//!
//! Re-checked in November 2026 against `../shared/research/us-rules-2026-11.md` §3.2 and the
//! pages it cites (and, for Florida, F.S. §626.2815 as quoted by three providers: the law and
//! ethics update is 4 hours since HB 725; 24 hours for producers licensed under six years, 20
//! after, which an admin sets per person's requirement; excess hours roll over). Carry-over is
//! marked only where a source says a state allows it (Florida); Alabama and Vermont say no, and
//! the rest are left at "no" until someone reads their rule, so no hour is counted that a state
//! may not accept. `effective_from` is the law's date where the sources give one (New York's
//! diversity hour, for licences expiring from 2022-04-01), otherwise the month of the check.

use chrono::NaiveDate;
use serde::Serialize;

/// How a state dates a licence's renewal. The expiry itself is always stored as given.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum RenewalAnchor {
    /// The last day of the month of original issue (California).
    IssueMonth,
    /// The producer's birth date (Texas, New York).
    BirthDate,
    /// The last day of the producer's birth month (Florida's CE, Alabama).
    BirthMonth,
    /// A date the state fixes for everyone.
    Fixed,
    /// The licence does not expire by date (Florida: it lapses after 48 months unappointed).
    Perpetual,
}

/// A topic a state requires hours of, besides ethics.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TopicRule {
    pub topic: &'static str,
    pub minutes: i32,
}

/// One state's CE rule as the product knows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StateRule {
    pub state: &'static str,
    pub anchor: RenewalAnchor,
    pub cycle_months: i32,
    pub total_minutes: i32,
    pub ethics_minutes: i32,
    pub topics: Vec<TopicRule>,
    pub carry_over: bool,
    pub citation: &'static str,
    pub source: &'static str,
    pub effective_from: NaiveDate,
}

fn day(year: i32, month: u32, day: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(year, month, day).unwrap_or_default()
}

const H: i32 = 60;

/// The states the product has a rule for.
pub fn product_rules() -> Vec<StateRule> {
    let checked = day(2026, 11, 1);
    vec![
        StateRule {
            state: "AK",
            anchor: RenewalAnchor::Fixed,
            cycle_months: 24,
            total_minutes: 24 * H,
            ethics_minutes: 3 * H,
            topics: vec![],
            carry_over: false,
            citation: "Alaska Stat. §21.27.445; 3 AAC 23 (biennial, 24 h incl. 3 h ethics)",
            source: "https://www.insurancestudy.com/site/statece",
            effective_from: checked,
        },
        StateRule {
            state: "AL",
            anchor: RenewalAnchor::BirthMonth,
            cycle_months: 24,
            total_minutes: 24 * H,
            ethics_minutes: 3 * H,
            topics: vec![],
            carry_over: false,
            citation: "Ala. Admin. Code r. 482-1-117 (24 h incl. 3 h ethics, no carry-over)",
            source: "https://web.theinstitutes.org/ceu/state-requirements",
            effective_from: checked,
        },
        StateRule {
            state: "CA",
            anchor: RenewalAnchor::IssueMonth,
            cycle_months: 24,
            total_minutes: 24 * H,
            ethics_minutes: 3 * H,
            topics: vec![],
            carry_over: false,
            citation: "Cal. Ins. Code §1749.3 (24 h per two-year term incl. 3 h ethics)",
            source: "https://legalclarity.org/california-insurance-continuing-education-requirements-2",
            effective_from: checked,
        },
        StateRule {
            state: "FL",
            anchor: RenewalAnchor::BirthMonth,
            cycle_months: 24,
            total_minutes: 24 * H,
            ethics_minutes: 4 * H,
            topics: vec![],
            carry_over: true,
            citation: "Fla. Stat. §626.2815(3) (24 h under six years licensed, 20 h after; 4 h law and ethics update)",
            source: "http://selfstudyce.brokered.net/statelaws/states.asp?State=FL",
            effective_from: checked,
        },
        StateRule {
            state: "MO",
            anchor: RenewalAnchor::Fixed,
            cycle_months: 24,
            total_minutes: 16 * H,
            ethics_minutes: 3 * H,
            topics: vec![],
            carry_over: false,
            citation: "Mo. Rev. Stat. §375.020; 20 CSR 700-3.100 (16 h biennially incl. 3 h ethics)",
            source: "https://insurance.mo.gov/producers/ce/ce_nonres.php",
            effective_from: checked,
        },
        StateRule {
            state: "NY",
            anchor: RenewalAnchor::BirthDate,
            cycle_months: 24,
            total_minutes: 15 * H,
            ethics_minutes: H,
            topics: vec![
                TopicRule { topic: "insurance_law", minutes: H },
                TopicRule { topic: "diversity", minutes: H },
            ],
            carry_over: false,
            citation: "N.Y. Ins. Law §2132 (15 h per line; 1 h ethics, 1 h insurance law, 1 h diversity and bias)",
            source:
                "https://betterce.com/new-york-insurance-agent-continuing-education-and-license-renewal-requirements",
            effective_from: day(2022, 4, 1),
        },
        StateRule {
            state: "TX",
            anchor: RenewalAnchor::BirthDate,
            cycle_months: 24,
            total_minutes: 24 * H,
            ethics_minutes: 2 * H,
            topics: vec![],
            carry_over: false,
            citation: "28 Tex. Admin. Code §19.1003 (24 h incl. 2 h ethics and consumer protection)",
            source: "https://relstoneexams.com/onlinecoursedelivery/fulfill/index.php?SelectedState=tx",
            effective_from: checked,
        },
    ]
}

/// The product's rule for `state`, if it has one.
pub fn product_rule(state: &str) -> Option<StateRule> {
    product_rules().into_iter().find(|rule| rule.state == state)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_seeded_states_are_there_with_citations() {
        let rules = product_rules();
        for state in ["CA", "TX", "FL", "NY", "AL", "MO", "AK"] {
            let rule = rules.iter().find(|rule| rule.state == state).expect(state);
            assert!(!rule.citation.is_empty() && rule.source.starts_with("http"));
            assert!(crate::model::state_code(state).is_some());
        }
        assert_eq!(product_rule("TX").map(|rule| rule.ethics_minutes), Some(120));
        assert!(product_rule("FL").is_some_and(|rule| rule.carry_over));
        assert_eq!(product_rule("WY"), None);
    }
}
