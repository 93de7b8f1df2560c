//! The overtime rule sets, as data: one record per jurisdiction and version, each with its
//! citation, its sources and the dates it is in force. The classifier ([`crate::classify`]) reads
//! only [`Rules`]; nothing else in the code knows what a state requires.
//!
//! Re-checked against `../shared/research/us-rules-2026-11.md` §1 and the statute or agency page
//! each record cites (November 2026). Puerto Rico is left out: its sources conflict on double time
//! and nobody here has read Act 4-2017 itself.

use chrono::NaiveDate;
use serde::Serialize;

/// Where the overtime rules come from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub enum Jurisdiction {
    /// The federal Fair Labor Standards Act alone.
    #[serde(rename = "us-flsa")]
    UsFlsa,
    #[serde(rename = "us-ca")]
    UsCa,
    #[serde(rename = "us-ak")]
    UsAk,
    #[serde(rename = "us-nv")]
    UsNv,
    #[serde(rename = "us-co")]
    UsCo,
    /// The company's own daily and weekly thresholds and multipliers.
    #[serde(rename = "custom")]
    Custom,
}

impl Jurisdiction {
    pub const ALL: [Jurisdiction; 6] = [
        Jurisdiction::UsFlsa,
        Jurisdiction::UsCa,
        Jurisdiction::UsAk,
        Jurisdiction::UsNv,
        Jurisdiction::UsCo,
        Jurisdiction::Custom,
    ];

    pub fn code(self) -> &'static str {
        match self {
            Jurisdiction::UsFlsa => "us-flsa",
            Jurisdiction::UsCa => "us-ca",
            Jurisdiction::UsAk => "us-ak",
            Jurisdiction::UsNv => "us-nv",
            Jurisdiction::UsCo => "us-co",
            Jurisdiction::Custom => "custom",
        }
    }

    pub fn from_code(code: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|one| one.code() == code)
    }

    /// The state whose law this is (two letters); none for the federal and custom rules. Other
    /// state laws (paid sick leave) read a person's work state from it.
    pub fn state(self) -> Option<&'static str> {
        match self {
            Jurisdiction::UsCa => Some("CA"),
            Jurisdiction::UsAk => Some("AK"),
            Jurisdiction::UsNv => Some("NV"),
            Jurisdiction::UsCo => Some("CO"),
            Jurisdiction::UsFlsa | Jurisdiction::Custom => None,
        }
    }
}

/// How a workday is cut.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum WorkdayKind {
    /// 24 hours from the company's workday start hour, every calendar day.
    Fixed,
    /// Nevada (NRS 608.0126): 24 hours from when the employee begins work.
    FromFirstPunch,
}

/// What a rule set counts, in minutes; multipliers in percent (150 = 1.5×).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Rules {
    /// Regular minutes past this in a workweek are overtime (only minutes not already premium).
    pub weekly_minutes: Option<i64>,
    /// Minutes past this in a workday are overtime.
    pub daily_overtime_minutes: Option<i64>,
    /// Minutes past this in a workday are double time.
    pub daily_double_minutes: Option<i64>,
    /// California: on the seventh workday of a workweek in which all seven were worked, the first
    /// eight hours are overtime and the rest double time.
    pub seventh_day: bool,
    /// Colorado: minutes past this in one stretch of work (meal breaks do not end it, nor do they
    /// count) are overtime, wherever the workday boundary falls.
    pub consecutive_overtime_minutes: Option<i64>,
    pub workday: WorkdayKind,
    /// Nevada: daily overtime only for people marked as paid under the wage line (1.5× the state
    /// minimum wage), and not for those on an agreed 4×10 schedule.
    pub daily_needs_wage_line: bool,
    /// Alaska: the state's rules bind only employers of this many employees or more; below it the
    /// federal rules apply.
    pub min_employees: Option<u32>,
    pub overtime_percent: u32,
    pub double_percent: u32,
}

/// One jurisdiction's rules as in force between two dates.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RuleSet {
    pub id: Jurisdiction,
    pub name: &'static str,
    /// What the rules do, in a sentence an admin reads where they are chosen.
    pub summary: &'static str,
    pub citation: &'static str,
    pub sources: &'static [&'static str],
    pub effective_from: NaiveDate,
    pub effective_to: Option<NaiveDate>,
    pub rules: Rules,
}

const fn date(year: i32, month: u32, day: u32) -> NaiveDate {
    match NaiveDate::from_ymd_opt(year, month, day) {
        Some(date) => date,
        None => NaiveDate::MIN,
    }
}

const HOUR: i64 = 60;

const FLSA_RULES: Rules = Rules {
    weekly_minutes: Some(40 * HOUR),
    daily_overtime_minutes: None,
    daily_double_minutes: None,
    seventh_day: false,
    consecutive_overtime_minutes: None,
    workday: WorkdayKind::Fixed,
    daily_needs_wage_line: false,
    min_employees: None,
    overtime_percent: 150,
    double_percent: 200,
};

/// Every rule set Timekeep knows, oldest version first within a jurisdiction. `custom` is not
/// here: its figures are the company's ([`Rules::custom`]).
pub const RULE_SETS: &[RuleSet] = &[
    RuleSet {
        id: Jurisdiction::UsFlsa,
        name: "Federal (FLSA)",
        summary: "Hours over 40 in the workweek are paid at 1.5×. Each workweek stands alone; paid time off is not hours worked.",
        citation: "29 U.S.C. § 207(a); 29 CFR 778.104–105, 778.218",
        sources: &[
            "https://www.law.cornell.edu/uscode/text/29/207",
            "https://webapps.dol.gov/elaws/whd/flsa/hoursworked/screenEr14.asp",
        ],
        // The 40-hour week of the FLSA took effect on 24 October 1940 (§ 207(a)(1)).
        effective_from: date(1940, 10, 24),
        effective_to: None,
        rules: FLSA_RULES,
    },
    RuleSet {
        id: Jurisdiction::UsCa,
        name: "California",
        summary: "Over 8 h in a workday or 40 h in the workweek at 1.5×, over 12 h in a workday at 2×; on the seventh day worked in a workweek, the first 8 h at 1.5× and the rest at 2×. Each hour gets the highest rate once.",
        citation: "Cal. Lab. Code §§ 500, 510; IWC Wage Orders",
        sources: &[
            "https://leginfo.legislature.ca.gov/faces/codes_displaySection.xhtml?lawCode=LAB&sectionNum=510",
            "https://leginfo.legislature.ca.gov/faces/codes_displaySection.xhtml?lawCode=LAB&sectionNum=500",
        ],
        // § 510 as enacted by AB 60 (Stats. 1999, ch. 134), in force from 1 January 2000.
        effective_from: date(2000, 1, 1),
        effective_to: None,
        rules: Rules {
            weekly_minutes: Some(40 * HOUR),
            daily_overtime_minutes: Some(8 * HOUR),
            daily_double_minutes: Some(12 * HOUR),
            seventh_day: true,
            ..FLSA_RULES
        },
    },
    RuleSet {
        id: Jurisdiction::UsAk,
        name: "Alaska",
        summary: "Over 8 h in a day or 40 h in the week at 1.5× (daily overtime hours are not counted again toward the 40). Binds employers of 4 or more employees; smaller ones follow the federal rule.",
        citation: "AS 23.10.060",
        sources: &["https://www.akleg.gov/basis/statutes.asp#23.10.060", "http://ak.elaws.us/as/23.10.060"],
        // The record's date is that of the text re-checked; the daily rule itself is older.
        effective_from: date(2000, 1, 1),
        effective_to: None,
        rules: Rules { daily_overtime_minutes: Some(8 * HOUR), min_employees: Some(4), ..FLSA_RULES },
    },
    RuleSet {
        id: Jurisdiction::UsNv,
        name: "Nevada",
        summary: "Over 40 h in the week at 1.5× for everyone; over 8 h in a workday (24 hours from when the person starts work) at 1.5× only for people paid under 1.5× the state minimum wage and not on an agreed 4×10 schedule.",
        citation: "NRS 608.018, 608.0123, 608.0126",
        sources: &[
            "https://www.leg.state.nv.us/NRS/NRS-608.html#NRS608Sec018",
            "https://nevada.public.law/statutes/nrs_608.018",
        ],
        // The single-tier minimum wage ($12.00, so a wage line of $18.00) from 1 July 2024.
        effective_from: date(2024, 7, 1),
        effective_to: None,
        rules: Rules {
            daily_overtime_minutes: Some(8 * HOUR),
            workday: WorkdayKind::FromFirstPunch,
            daily_needs_wage_line: true,
            ..FLSA_RULES
        },
    },
    RuleSet {
        id: Jurisdiction::UsCo,
        name: "Colorado",
        summary: "Over 40 h in the workweek, over 12 h in a workday, or over 12 consecutive hours (duty-free meals excluded, whatever the workday) at 1.5×, whichever pays more.",
        citation: "COMPS Order (7 CCR 1103-1), Rule 4.1; C.R.S. 8-6-101 ff.",
        sources: &[
            "https://cdle.colorado.gov/dlss-home-page/wage-and-hour-law/overtime",
            "https://cdle.colorado.gov/colorado-overtime-minimum-pay-standards-comps-order",
        ],
        // COMPS Order #36 brought the 12-consecutive-hours rule, in force from 16 March 2020.
        effective_from: date(2020, 3, 16),
        effective_to: None,
        rules: Rules {
            daily_overtime_minutes: Some(12 * HOUR),
            consecutive_overtime_minutes: Some(12 * HOUR),
            ..FLSA_RULES
        },
    },
];

impl Rules {
    /// The federal rules.
    pub const FEDERAL: Rules = FLSA_RULES;

    /// A company's own rules: thresholds in minutes, multipliers in percent.
    pub fn custom(
        weekly_minutes: Option<i64>,
        daily_overtime_minutes: Option<i64>,
        daily_double_minutes: Option<i64>,
        overtime_percent: u32,
        double_percent: u32,
    ) -> Rules {
        Rules {
            weekly_minutes,
            daily_overtime_minutes,
            daily_double_minutes,
            overtime_percent,
            double_percent,
            ..FLSA_RULES
        }
    }
}

/// The version of `jurisdiction`'s rules in force on `day`, if Timekeep has one (never for
/// `custom`).
pub fn rule_set(jurisdiction: Jurisdiction, day: NaiveDate) -> Option<&'static RuleSet> {
    RULE_SETS
        .iter()
        .find(|set| set.id == jurisdiction && set.effective_from <= day && set.effective_to.is_none_or(|to| day <= to))
}

/// The newest version of each jurisdiction's rules (for choosing one).
pub fn current_rule_sets(today: NaiveDate) -> Vec<&'static RuleSet> {
    Jurisdiction::ALL.into_iter().filter_map(|one| rule_set(one, today)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_record_cites_its_law_and_sources_and_versions_do_not_overlap() {
        for set in RULE_SETS {
            assert!(!set.citation.is_empty() && !set.sources.is_empty(), "{:?}", set.id);
            assert!(set.effective_to.is_none_or(|to| to >= set.effective_from));
            let overlapping = RULE_SETS
                .iter()
                .filter(|other| other.id == set.id)
                .filter(|other| {
                    other.effective_from <= set.effective_to.unwrap_or(NaiveDate::MAX)
                        && set.effective_from <= other.effective_to.unwrap_or(NaiveDate::MAX)
                })
                .count();
            assert_eq!(overlapping, 1, "{:?} has overlapping versions", set.id);
        }
        assert!(rule_set(Jurisdiction::Custom, date(2026, 1, 1)).is_none());
        assert_eq!(current_rule_sets(date(2026, 11, 29)).len(), 5);
    }
}
