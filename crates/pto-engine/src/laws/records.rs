//! The law records. Each value was re-checked in November 2026 against the sources the record
//! lists (statute or agency text where one was found, else a law firm's or payroll vendor's
//! summary); what no source confirmed is `NotProvided` and named in `not_provided`. See
//! `docs/sick-leave-laws.md` for the check, law by law.

use super::{Bound, CarryoverFloor, FrontLoad, Law, Level, Requirement, Tier, Wait};
use crate::model::{UsableAfter, WaitCounting};
use chrono::NaiveDate;

const fn date(year: i32, month: u32, day: u32) -> NaiveDate {
    match NaiveDate::from_ymd_opt(year, month, day) {
        Some(date) => date,
        None => NaiveDate::MIN,
    }
}

const fn from_day(days: u32) -> Wait {
    Wait::AtMost(UsableAfter { days, counting: WaitCounting::FromDay })
}

const fn after_days(days: u32) -> Wait {
    Wait::AtMost(UsableAfter { days, counting: WaitCounting::AfterDays })
}

const fn front(hours: u32, removes_carryover: bool) -> Option<FrontLoad> {
    Some(FrontLoad { hours, removes_carryover })
}

/// The common shape: paid, 1 h per 30 h worked, overtime counted, exempt staff at 40 h a week,
/// everything else not provided until a record says otherwise.
const BASE: Requirement = Requirement {
    paid: true,
    accrual_per_hours: 30,
    counts_overtime: true,
    exempt_assumed_weekly_hours: Some(40),
    yearly_accrual_cap: Bound::NotProvided,
    yearly_use_cap: Bound::NotProvided,
    balance_cap: Bound::NotProvided,
    carryover: CarryoverFloor::NotProvided,
    wait: Wait::NotProvided,
    front_load: None,
    max_min_increment_minutes: None,
    payout_at_separation: None,
    rehire_reinstated_within: None,
};

const fn all_employers(requirement: Requirement) -> [Tier; 1] {
    [Tier { min_employees: 1, max_employees: None, label: "Every employer", requirement }]
}

const CA: Requirement = Requirement {
    yearly_use_cap: Bound::AtLeast(40),
    balance_cap: Bound::AtLeast(80),
    carryover: CarryoverFloor::All,
    wait: from_day(90),
    front_load: front(40, true),
    payout_at_separation: Some(false),
    rehire_reinstated_within: Some("1 year"),
    ..BASE
};

const NY_40: Requirement = Requirement {
    yearly_use_cap: Bound::AtLeast(40),
    carryover: CarryoverFloor::All,
    front_load: front(40, false),
    payout_at_separation: Some(false),
    exempt_assumed_weekly_hours: None,
    ..BASE
};
const NY_56: Requirement = Requirement { yearly_use_cap: Bound::AtLeast(56), front_load: front(56, false), ..NY_40 };

const NYC_40: Requirement = Requirement {
    yearly_use_cap: Bound::AtLeast(40),
    carryover: CarryoverFloor::AtLeast(40),
    wait: Wait::None,
    front_load: front(40, false),
    ..BASE
};
const NYC_56: Requirement = Requirement {
    yearly_use_cap: Bound::AtLeast(56),
    carryover: CarryoverFloor::AtLeast(56),
    front_load: front(56, false),
    ..NYC_40
};

const CO: Requirement = Requirement {
    yearly_accrual_cap: Bound::AtLeast(48),
    yearly_use_cap: Bound::AtLeast(48),
    carryover: CarryoverFloor::AtLeast(48),
    wait: Wait::None,
    front_load: front(48, false),
    max_min_increment_minutes: Some(60),
    payout_at_separation: Some(false),
    rehire_reinstated_within: Some("6 months"),
    ..BASE
};

const WA: Requirement = Requirement {
    accrual_per_hours: 40,
    exempt_assumed_weekly_hours: None,
    yearly_accrual_cap: Bound::NoCap,
    carryover: CarryoverFloor::AtLeast(40),
    wait: after_days(90),
    max_min_increment_minutes: Some(60),
    payout_at_separation: Some(false),
    ..BASE
};

const MA: Requirement = Requirement {
    yearly_accrual_cap: Bound::AtLeast(40),
    yearly_use_cap: Bound::AtLeast(40),
    carryover: CarryoverFloor::AtLeast(40),
    wait: after_days(90),
    front_load: front(40, true),
    max_min_increment_minutes: Some(60),
    rehire_reinstated_within: Some("4 months"),
    ..BASE
};

const NJ: Requirement = Requirement {
    exempt_assumed_weekly_hours: None,
    yearly_accrual_cap: Bound::AtLeast(40),
    yearly_use_cap: Bound::AtLeast(40),
    carryover: CarryoverFloor::AtLeast(40),
    wait: after_days(120),
    front_load: front(40, false),
    payout_at_separation: Some(false),
    ..BASE
};

const OR: Requirement = Requirement {
    yearly_accrual_cap: Bound::AtLeast(40),
    yearly_use_cap: Bound::AtLeast(40),
    balance_cap: Bound::AtLeast(80),
    carryover: CarryoverFloor::AtLeast(40),
    wait: from_day(91),
    front_load: front(40, true),
    max_min_increment_minutes: Some(60),
    payout_at_separation: Some(false),
    rehire_reinstated_within: Some("180 days"),
    ..BASE
};

const AZ_40: Requirement = Requirement {
    yearly_accrual_cap: Bound::AtLeast(40),
    yearly_use_cap: Bound::AtLeast(40),
    carryover: CarryoverFloor::AtLeast(40),
    wait: after_days(90),
    front_load: front(40, false),
    ..BASE
};
const AZ_24: Requirement = Requirement {
    yearly_accrual_cap: Bound::AtLeast(24),
    yearly_use_cap: Bound::AtLeast(24),
    carryover: CarryoverFloor::AtLeast(24),
    front_load: front(24, false),
    ..AZ_40
};

const IL: Requirement = Requirement {
    accrual_per_hours: 40,
    yearly_accrual_cap: Bound::AtLeast(40),
    yearly_use_cap: Bound::AtLeast(40),
    carryover: CarryoverFloor::AtLeast(40),
    wait: after_days(90),
    front_load: front(40, true),
    payout_at_separation: Some(false),
    rehire_reinstated_within: Some("12 months"),
    ..BASE
};

const CHICAGO: Requirement = Requirement {
    accrual_per_hours: 35,
    yearly_accrual_cap: Bound::AtLeast(40),
    yearly_use_cap: Bound::AtLeast(40),
    carryover: CarryoverFloor::AtLeast(80),
    wait: after_days(30),
    front_load: front(40, false),
    ..BASE
};

const MD: Requirement = Requirement {
    yearly_accrual_cap: Bound::AtLeast(40),
    yearly_use_cap: Bound::AtLeast(64),
    balance_cap: Bound::AtLeast(64),
    carryover: CarryoverFloor::AtLeast(40),
    wait: after_days(106),
    front_load: front(40, true),
    payout_at_separation: Some(false),
    ..BASE
};

const MN: Requirement = Requirement {
    exempt_assumed_weekly_hours: None,
    yearly_accrual_cap: Bound::AtLeast(48),
    balance_cap: Bound::AtLeast(80),
    carryover: CarryoverFloor::All,
    wait: Wait::None,
    front_load: front(80, true),
    max_min_increment_minutes: Some(15),
    ..BASE
};

const MI_72: Requirement = Requirement {
    exempt_assumed_weekly_hours: None,
    yearly_use_cap: Bound::AtLeast(72),
    carryover: CarryoverFloor::AtLeast(72),
    wait: after_days(120),
    front_load: front(72, true),
    max_min_increment_minutes: Some(60),
    payout_at_separation: Some(false),
    ..BASE
};
const MI_40: Requirement = Requirement {
    yearly_use_cap: Bound::AtLeast(40),
    carryover: CarryoverFloor::AtLeast(40),
    front_load: front(40, true),
    ..MI_72
};

const AK_40: Requirement = Requirement {
    yearly_accrual_cap: Bound::AtLeast(40),
    yearly_use_cap: Bound::AtLeast(40),
    carryover: CarryoverFloor::All,
    wait: Wait::None,
    payout_at_separation: Some(false),
    rehire_reinstated_within: Some("6 months"),
    ..BASE
};
const AK_56: Requirement =
    Requirement { yearly_accrual_cap: Bound::AtLeast(56), yearly_use_cap: Bound::AtLeast(56), ..AK_40 };

const CT: Requirement = Requirement {
    yearly_accrual_cap: Bound::AtLeast(40),
    yearly_use_cap: Bound::AtLeast(40),
    carryover: CarryoverFloor::AtLeast(40),
    wait: from_day(120),
    front_load: front(40, true),
    payout_at_separation: Some(false),
    ..BASE
};

const NY_TIERS: [Tier; 3] = [
    Tier {
        min_employees: 1,
        max_employees: Some(4),
        label: "1 to 4 employees",
        // Paid only when the employer's net income was over $1 million: the wizard cannot know.
        requirement: Requirement { paid: false, ..NY_40 },
    },
    Tier { min_employees: 5, max_employees: Some(99), label: "5 to 99 employees", requirement: NY_40 },
    Tier { min_employees: 100, max_employees: None, label: "100 or more employees", requirement: NY_56 },
];

const NY_SOURCES: &[&str] = &[
    "https://newyork.public.law/laws/n.y._labor_law_section_196-b",
    "https://www.hancocklaw.com/publications/labor-employment-law-alert-employers-should-prepare-for-nys-sick-leave-requirements/",
    "https://mblbc.com/blog/paid-sick-leave-coming-to-ny-state-in-2021/",
];

const MI_SOURCES: &[&str] = &[
    "https://natlawreview.com/article/key-changes-revised-earned-sick-time-act-michigan-employers",
    "https://mcul.org/cu-resources/take-a-second-cu-legal-insights/earned-sick-time-new-law-new-requirements-",
    "https://www.mondaq.com/unitedstates/employee-benefits-compensation/1596972/michigan-joins-the-list-of-states-requiring-employers-to-provide-paid-time-off",
];

const CT_SOURCES: &[&str] = &[
    "https://www.mitchellandsheahan.com/connecticut-paid-sick-leave-to-cover-all-employees/",
    "https://www.rrlawpc.com/expansion-of-connecticuts-paid-sick-leave",
    "https://payrollmgt.com/blog/connecticut-law-alert-connecticut-expands-paid-sick-leave-law",
];

const CT_NOT_PROVIDED: &[&str] =
    &["balanceCap", "minIncrement", "rehire", "wait: 'as of the 120th calendar day' (taken) or after 120 days"];

const CT_NOTES: &[&str] =
    &["Employees are counted on the employer's 1 January payroll; seasonal staff (120 days or less) are not counted."];

/// Every law Timekeep knows, oldest version first within a law.
pub const LAWS: &[Law] = &[
    Law {
        id: "us-ca",
        name: "California",
        level: Level::State,
        state: "CA",
        city: None,
        title: "Healthy Workplaces, Healthy Families Act of 2014, as amended by SB 616",
        citation: "Cal. Lab. Code §§ 245–249",
        sources: &[
            "https://leginfo.legislature.ca.gov/faces/billNavClient.xhtml?bill_id=202320240SB616",
            "https://jurris.com/california/labor-code/245-249/246-3",
            "https://www.laboremploymentlawblog.com/2023/10/articles/california-employment-legislation/california-employers-must-provide-additional-paid-sick-leave-in-2024/",
        ],
        effective_from: date(2024, 1, 1),
        effective_to: None,
        headcount_rule: "Every employer, whatever its size; the employee must work 30 days or more in a year in California.",
        tiers: &all_employers(CA),
        not_provided: &["yearlyAccrualCap", "minIncrement (2 h is often cited; no source confirmed it)"],
        notes: &[
            "An alternative accrual is allowed: at least 24 h by day 120 and 40 h by day 200 of employment.",
            "The caps may be given in days instead (5 days of use, 10 days of balance) when that is more.",
        ],
        displaced_by: &[],
        monthly_statement: None,
    },
    Law {
        id: "us-ny",
        name: "New York State",
        level: Level::State,
        state: "NY",
        city: None,
        title: "New York Paid Sick Leave",
        citation: "N.Y. Lab. Law § 196-b",
        sources: NY_SOURCES,
        effective_from: date(2020, 9, 30),
        effective_to: None,
        headcount_rule: "Employees in the calendar year (January to December).",
        tiers: &NY_TIERS,
        not_provided: &["balanceCap", "wait", "minIncrement", "exemptAssumedHours", "rehire"],
        notes: &["An employer of 1 to 4 employees owes paid leave only when its net income was over $1 million in the prior year; otherwise the 40 h are unpaid."],
        displaced_by: &[],
        monthly_statement: None,
    },
    Law {
        id: "us-nyc",
        name: "New York City",
        level: Level::City,
        state: "NY",
        city: Some("New York City"),
        title: "Earned Safe and Sick Time Act",
        citation: "N.Y.C. Admin. Code §§ 20-911 – 20-925; 6 RCNY § 7-211",
        sources: &[
            "https://codelibrary.amlegal.com/codes/newyorkcity/latest/NYCrules/0-0-0-103851",
            "https://blankromeworkplace.com/2020/10/08/new-york-city-matches-new-york-states-sick-leave-requirements-and-adds-more/?noamp=mobile",
            "https://outside-legal.com/news/nycs-paid-safe-and-sick-leave-law",
        ],
        effective_from: date(2020, 9, 30),
        effective_to: None,
        headcount_rule: "Every employee in the United States (2023 rule).",
        tiers: &NY_TIERS_NYC,
        not_provided: &["yearlyAccrualCap", "balanceCap", "minIncrement", "rehire"],
        notes: &[
            "The carryover cap applies unless unused hours are paid out at the year end and the next year is front-loaded.",
            "Each pay statement must show the balance.",
        ],
        displaced_by: &[],
        monthly_statement: None,
    },
    Law {
        id: "us-co",
        name: "Colorado",
        level: Level::State,
        state: "CO",
        city: None,
        title: "Healthy Families and Workplaces Act",
        citation: "C.R.S. §§ 8-13.3-401 – 8-13.3-418",
        sources: &[
            "https://colorado.public.law/statutes/crs_8-13.3-403",
            "https://ezel.ai/labor-guidance/co/info-6b",
            "https://resourcingedge.com/2022-legislation-update-colorado/",
        ],
        // Employers of 16 or more from 2021; every employer from 1 January 2022 (this record).
        effective_from: date(2022, 1, 1),
        effective_to: None,
        headcount_rule: "Every employer, whatever its size.",
        tiers: &all_employers(CO),
        not_provided: &["balanceCap"],
        notes: &[],
        displaced_by: &[],
        monthly_statement: None,
    },
    Law {
        id: "us-wa",
        name: "Washington",
        level: Level::State,
        state: "WA",
        city: None,
        title: "Paid sick leave (Initiative 1433)",
        citation: "RCW 49.46.210; WAC 296-128-600 – 296-128-770",
        sources: &[
            "https://lni.wa.gov/workers-rights/leave/paid-sick-leave/paid-sick-leave-minimum-requirements",
            "https://apps.leg.wa.gov/WAC/default.aspx?cite=296-128-630",
            "https://app.leg.wa.gov/wac/default.aspx?cite=296-128-760",
            "https://lawfilesext.leg.wa.gov/Law/WACArchive/2020/htm/WAC%20296%20%20TITLE/WAC%20296%20-128%20%20CHAPTER/WAC%20296%20-128%20-620.htm",
        ],
        effective_from: date(2018, 1, 1),
        effective_to: None,
        headcount_rule: "Every employer, whatever its size.",
        tiers: &all_employers(WA),
        not_provided: &["yearlyUseCap", "balanceCap", "frontLoad", "rehire"],
        notes: &[
            "Employees exempt from overtime are not covered.",
            "Every hour worked counts, overtime included; accrual may not be capped within the year.",
            "A balance statement is due at least monthly.",
        ],
        displaced_by: &[],
        monthly_statement: Some("WAC 296-128-760(2)"),
    },
    Law {
        id: "us-ma",
        name: "Massachusetts",
        level: Level::State,
        state: "MA",
        city: None,
        title: "Earned Sick Time Law",
        citation: "M.G.L. c. 149, § 148C; 940 CMR 33.00",
        sources: &[
            "https://law.cornell.edu/regulations/massachusetts/940-CMR-33-03",
            "https://regulations.justia.com/states/massachusetts/940-cmr/title-940-cmr-33-00/section-33-07",
            "https://www.content.seyfarth.com/publications/Mass-Peculiarities-2025/141",
        ],
        effective_from: date(2015, 7, 1),
        effective_to: None,
        headcount_rule: "Average employees per pay period over the prior benefit year.",
        tiers: &[
            Tier {
                min_employees: 1,
                max_employees: Some(10),
                label: "10 or fewer employees",
                requirement: Requirement { paid: false, ..MA },
            },
            Tier { min_employees: 11, max_employees: None, label: "11 or more employees", requirement: MA },
        ],
        not_provided: &["balanceCap", "payout"],
        notes: &[],
        displaced_by: &[],
        monthly_statement: None,
    },
    Law {
        id: "us-nj",
        name: "New Jersey",
        level: Level::State,
        state: "NJ",
        city: None,
        title: "Earned Sick Leave Law",
        citation: "N.J.S.A. 34:11D-1 – 34:11D-11",
        sources: &[
            "http://www.mondaq.com/unitedstates/x/745026/employee+rights+labour+relations/Labor+Employment+Alert+Beginning+October+29+2018+New+Jersey+Employers+Must+Provide+Paid+Sick+Leave",
            "http://felliglaw.com/NJ%20Paid%20Sick%20Leave%20Basics%203.html",
            "https://alixrubinlaw.com/?p=1376060",
        ],
        effective_from: date(2018, 10, 29),
        effective_to: None,
        headcount_rule: "Every employer, whatever its size.",
        tiers: &all_employers(NJ),
        not_provided: &["balanceCap", "exemptAssumedHours", "minIncrement", "rehire", "wait wording in the statute"],
        notes: &["Instead of carrying 40 h over, the employer may pay unused hours out at the year end (all, or half at the employee's choice); a front-loaded year still needs one or the other."],
        displaced_by: &[],
        monthly_statement: None,
    },
    Law {
        id: "us-or",
        name: "Oregon",
        level: Level::State,
        state: "OR",
        city: None,
        title: "Oregon Sick Time",
        citation: "ORS 653.601 – 653.661; OAR 839-007",
        sources: &[
            "http://www.oregon.gov/boli/TA/Pages/T_FAQ_OregonSickTime.aspx",
            "https://oregon.public.law/rules/oar_839-007-0032",
            "https://www.lexology.com/library/detail.aspx?g=cba6b57b-c415-4254-87f2-aa416095013b",
        ],
        effective_from: date(2016, 1, 1),
        effective_to: None,
        headcount_rule: "Average employees per day over 20 workweeks of the prior year.",
        tiers: &[
            Tier {
                min_employees: 1,
                max_employees: Some(9),
                label: "Fewer than 10 employees",
                requirement: Requirement { paid: false, ..OR },
            },
            Tier { min_employees: 10, max_employees: None, label: "10 or more employees", requirement: OR },
        ],
        not_provided: &[],
        notes: &["An employer with a place of work in a city of more than 500,000 people (Portland) must pay sick time from 6 employees."],
        displaced_by: &[],
        monthly_statement: None,
    },
    Law {
        id: "us-az",
        name: "Arizona",
        level: Level::State,
        state: "AZ",
        city: None,
        title: "Fair Wages and Healthy Families Act",
        citation: "A.R.S. §§ 23-371 – 23-381",
        sources: &[
            "https://www.gtlaw-laborandemployment.com/2017/06/are-employers-ready-for-arizonas-new-paid-sick-leave-law/",
            "https://dickinson-wright.com/news-alerts/arizonas-paid-sick-day-requirements",
        ],
        effective_from: date(2017, 7, 1),
        effective_to: None,
        headcount_rule: "Employees of the employer.",
        tiers: &[
            Tier { min_employees: 1, max_employees: Some(14), label: "Fewer than 15 employees", requirement: AZ_24 },
            Tier { min_employees: 15, max_employees: None, label: "15 or more employees", requirement: AZ_40 },
        ],
        not_provided: &["balanceCap", "minIncrement", "payout", "rehire", "whether a front-loaded year needs no carryover"],
        notes: &["Each pay statement must show the balance."],
        displaced_by: &[],
        monthly_statement: None,
    },
    Law {
        id: "us-il",
        name: "Illinois",
        level: Level::State,
        state: "IL",
        city: None,
        title: "Paid Leave for All Workers Act (leave for any reason)",
        citation: "820 ILCS 192; 56 Ill. Adm. Code 200",
        sources: &[
            "https://d1tvxue8o4w0fl.cloudfront.net/regulation/illinois-administrative-code/title-56-labor-and-employment/part-200-paid-leave-for-all-workers-act/subpart-c-use-of-paid-leave/section-200300-general-provisions",
            "https://www.hrlawwatch.com/2023/03/20/illinois-passes-paid-leave-for-all-workers-act/",
            "https://mcguirewoods.com/client-resources/alerts/2023/3/illinois-passes-paid-leave-any-reason",
        ],
        effective_from: date(2024, 1, 1),
        effective_to: None,
        headcount_rule: "Every employer not covered by a local paid-leave ordinance (Chicago, Cook County).",
        tiers: &all_employers(IL),
        not_provided: &["balanceCap", "minIncrement (up to 2 h a day is cited by one weak source)"],
        notes: &["The leave may be used for any reason, so a paid time off type can meet it."],
        displaced_by: &["us-chicago"],
        monthly_statement: None,
    },
    Law {
        id: "us-chicago",
        name: "Chicago",
        level: Level::City,
        state: "IL",
        city: Some("Chicago"),
        title: "Paid Leave and Paid Sick and Safe Leave Ordinance (the sick and safe leave bank)",
        citation: "Chicago Municipal Code ch. 6-130",
        sources: &[
            "https://lplegal.com/content/concise-summary-chicagos-new-paid-leave-requirements",
            "https://levinginsburg.com/getting-to-know-the-new-chicago-paid-leave-and-paid-sick-and-safe-leave-ordinance/",
            "https://www.mondaq.com:443/unitedstates/employee-rights-labour-relations/1398320/chicago39s-new-paid-leave-ordinance-and-what-it-means-for-employers-in-2024",
        ],
        effective_from: date(2024, 7, 1),
        effective_to: None,
        headcount_rule: "Every employer; an employee is covered after 80 hours of work in Chicago within 120 days.",
        tiers: &all_employers(CHICAGO),
        not_provided: &["balanceCap", "minIncrement", "rehire"],
        notes: &["A second bank, paid leave for any reason (1 h per 35 h, 40 h a year, 16 h carryover, usable after 90 days, paid out at separation by employers of 51 or more), is owed as well and is not in this record: set it up as a type of its own."],
        displaced_by: &[],
        monthly_statement: None,
    },
    Law {
        id: "us-md",
        name: "Maryland",
        level: Level::State,
        state: "MD",
        city: None,
        title: "Healthy Working Families Act",
        citation: "Md. Code, Lab. & Empl. §§ 3-1301 – 3-1311",
        sources: &[
            "https://d1tvxue8o4w0fl.cloudfront.net/statute/code-of-maryland/article-labor-and-employment/title-3-employment-standards-and-conditions/subtitle-13-healthy-working-families-act/section-3-1304-requirements-calculation-of-leave",
            "https://www.venable.com/insights/publications/2018/02/paid-sick-leave-comes-to-maryland-on-february-11",
        ],
        effective_from: date(2018, 2, 11),
        effective_to: None,
        headcount_rule: "Average monthly employees in the prior year; employees working under 12 h a week are not covered.",
        tiers: &[
            Tier {
                min_employees: 1,
                max_employees: Some(14),
                label: "14 or fewer employees",
                requirement: Requirement { paid: false, ..MD },
            },
            Tier { min_employees: 15, max_employees: None, label: "15 or more employees", requirement: MD },
        ],
        not_provided: &["minIncrement", "rehire"],
        notes: &[],
        displaced_by: &[],
        monthly_statement: None,
    },
    Law {
        id: "us-mn",
        name: "Minnesota",
        level: Level::State,
        state: "MN",
        city: None,
        title: "Earned Sick and Safe Time",
        citation: "Minn. Stat. §§ 181.9445 – 181.9448",
        sources: &[
            "https://help.justworks.com/hc/en-us/articles/24899246154139-Minnesota-Sick-and-Safe-Leave",
            "https://gislason.com/2024-changes-to-minnesota-sick-and-safe-time",
            "https://natlawreview.com/article/guidance-interpreting-minnesotas-new-earned-sick-and-safe-time-law",
        ],
        effective_from: date(2024, 1, 1),
        effective_to: None,
        headcount_rule: "Every employer; the employee must be expected to work 80 hours a year or more in Minnesota.",
        tiers: &all_employers(MN),
        not_provided: &["yearlyUseCap", "exemptAssumedHours", "payout", "rehire"],
        notes: &["Front-loading 48 h is also allowed when unused hours are paid out at the year end; this record checks the other option, 80 h with no carryover."],
        displaced_by: &[],
        monthly_statement: None,
    },
    Law {
        id: "us-mi",
        name: "Michigan",
        level: Level::State,
        state: "MI",
        city: None,
        title: "Earned Sick Time Act, as amended by 2025 PA 2",
        citation: "MCL 408.961 – 408.974",
        sources: MI_SOURCES,
        effective_from: date(2025, 2, 21),
        effective_to: Some(date(2025, 9, 30)),
        headcount_rule: "Every employee in the United States.",
        tiers: &[Tier { min_employees: 11, max_employees: None, label: "11 or more employees", requirement: MI_72 }],
        not_provided: &["yearlyAccrualCap", "balanceCap", "exemptAssumedHours", "rehire"],
        notes: &["Employers of 10 or fewer are covered from 1 October 2025."],
        displaced_by: &[],
        monthly_statement: None,
    },
    Law {
        id: "us-mi",
        name: "Michigan",
        level: Level::State,
        state: "MI",
        city: None,
        title: "Earned Sick Time Act, as amended by 2025 PA 2",
        citation: "MCL 408.961 – 408.974",
        sources: MI_SOURCES,
        effective_from: date(2025, 10, 1),
        effective_to: None,
        headcount_rule: "Every employee in the United States.",
        tiers: &[
            Tier { min_employees: 1, max_employees: Some(10), label: "10 or fewer employees", requirement: MI_40 },
            Tier { min_employees: 11, max_employees: None, label: "11 or more employees", requirement: MI_72 },
        ],
        not_provided: &["yearlyAccrualCap", "balanceCap", "exemptAssumedHours", "rehire", "whether 'small' is 10 or fewer or fewer than 10"],
        notes: &[],
        displaced_by: &[],
        monthly_statement: None,
    },
    Law {
        id: "us-ak",
        name: "Alaska",
        level: Level::State,
        state: "AK",
        city: None,
        title: "Paid sick leave (Ballot Measure 1, 2024)",
        citation: "AS 23.10.050 – 23.10.150",
        sources: &[
            "https://labor.alaska.gov/lss/ballot-1-faq-2025.html",
            "https://www.akleg.gov/basis/Bill/Plaintext/34?Hsid=HB0161A",
            "https://www.mybenefitadvisor.com/articles/compliance/2025/q2/alaskas-new-paid-sick-leave-law",
        ],
        effective_from: date(2025, 7, 1),
        effective_to: None,
        headcount_rule: "Employees of the employer.",
        tiers: &[
            Tier { min_employees: 1, max_employees: Some(14), label: "Fewer than 15 employees", requirement: AK_40 },
            Tier { min_employees: 15, max_employees: None, label: "15 or more employees", requirement: AK_56 },
        ],
        not_provided: &["balanceCap", "frontLoad", "minIncrement"],
        notes: &["A bill (HB 161) would limit the law to employers of 50 or more; it is not known to have passed."],
        displaced_by: &[],
        monthly_statement: None,
    },
    connecticut(date(2025, 1, 1), Some(date(2025, 12, 31)), &CT_25),
    connecticut(date(2026, 1, 1), Some(date(2026, 12, 31)), &CT_11),
    connecticut(date(2027, 1, 1), None, &CT_ALL),
];

const NY_TIERS_NYC: [Tier; 3] = [
    Tier {
        min_employees: 1,
        max_employees: Some(4),
        label: "1 to 4 employees",
        requirement: Requirement { paid: false, ..NYC_40 },
    },
    Tier { min_employees: 5, max_employees: Some(99), label: "5 to 99 employees", requirement: NYC_40 },
    Tier { min_employees: 100, max_employees: None, label: "100 or more employees", requirement: NYC_56 },
];

/// Connecticut's law as expanded by Public Act 24-8: the same record each year, covering smaller
/// employers from each 1 January (25 or more in 2025, 11 or more in 2026, every employer from 2027).
const fn connecticut(effective_from: NaiveDate, effective_to: Option<NaiveDate>, tiers: &'static [Tier]) -> Law {
    Law {
        id: "us-ct",
        name: "Connecticut",
        level: Level::State,
        state: "CT",
        city: None,
        title: "Paid sick leave, as expanded by Public Act 24-8",
        citation: "Conn. Gen. Stat. §§ 31-57r – 31-57w",
        sources: CT_SOURCES,
        effective_from,
        effective_to,
        headcount_rule: "Employees on the employer's 1 January payroll.",
        tiers,
        not_provided: CT_NOT_PROVIDED,
        notes: CT_NOTES,
        displaced_by: &[],
        monthly_statement: None,
    }
}

const CT_25: [Tier; 1] =
    [Tier { min_employees: 25, max_employees: None, label: "25 or more employees", requirement: CT }];
const CT_11: [Tier; 1] =
    [Tier { min_employees: 11, max_employees: None, label: "11 or more employees", requirement: CT }];
const CT_ALL: [Tier; 1] = all_employers(CT);
