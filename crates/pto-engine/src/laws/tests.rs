use super::*;
use crate::model::Carryover;

fn d(y: i32, m: u32, day: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, day).unwrap()
}

fn preset(id: &str, employees: u32, day: NaiveDate) -> (&'static Law, &'static Tier, Rule) {
    let law = law_in_force(id, day).unwrap();
    let tier = law.tier_for(employees).unwrap();
    (law, tier, preset_rule(&tier.requirement, RuleId(1), PtoTypeId(1)))
}

#[test]
fn every_record_cites_its_law_and_sources_and_versions_never_overlap() {
    for law in LAWS {
        assert!(!law.citation.is_empty() && !law.sources.is_empty(), "{}", law.id);
        assert!(law.sources.iter().all(|s| s.starts_with("http")), "{}", law.id);
        assert!(!law.tiers.is_empty(), "{}", law.id);
        // Tiers run from their first minimum upwards without gaps, the last open-ended.
        for pair in law.tiers.windows(2) {
            assert_eq!(pair[0].max_employees.map(|m| m + 1), Some(pair[1].min_employees), "{}", law.id);
        }
        assert_eq!(law.tiers.last().unwrap().max_employees, None, "{}", law.id);
    }
    for id in law_ids() {
        let versions: Vec<&Law> = LAWS.iter().filter(|l| l.id == id).collect();
        for pair in versions.windows(2) {
            let end = pair[0].effective_to.expect("an earlier version ends");
            assert_eq!(end.succ_opt(), Some(pair[1].effective_from), "{id}");
        }
    }
    assert!(law_ids().len() >= 16);
}

#[test]
fn a_preset_meets_its_own_law_in_every_tier_and_version() {
    for law in LAWS {
        for tier in law.tiers {
            let rule = preset_rule(&tier.requirement, RuleId(1), PtoTypeId(1));
            assert_eq!(shortfalls(Some(&rule), &[(law, tier)]), [], "{} {}", law.id, tier.label);
        }
    }
}

#[test]
fn california_names_each_shortfall() {
    // Cal. Lab. Code § 246(b)(1), (c), (d): 1 h per 30 h, usable on day 90, caps of 40 h used
    // and 80 h held.
    let (law, tier, mut rule) = preset("us-ca", 8, d(2026, 6, 1));
    assert_eq!(rule.limits.usable, Some(UsableAfter { days: 90, counting: WaitCounting::FromDay }));
    rule.rate_unit = 40;
    rule.max_balance_hours = Some(40);
    rule.limits.yearly_use_cap_hours = Some(24);
    rule.limits.usable = Some(UsableAfter { days: 120, counting: WaitCounting::AfterDays });
    rule.carryover = Carryover::UseItOrLoseIt;
    let messages: Vec<String> = shortfalls(Some(&rule), &[(law, tier)]).into_iter().map(|s| s.message).collect();
    assert_eq!(
        messages,
        [
            "Accrual of 1 h per 40 h worked is below California's 1 h per 30 h",
            "Time is usable from day 121 of employment; California's law makes it usable from day 90",
            "Balance cap 40 h is below California's 80 h",
            "Yearly use cap 24 h is below California's 40 h",
            "Unused hours are lost at the year end; California carries them over",
        ]
    );
}

#[test]
fn a_front_load_meets_the_law_only_when_large_enough_and_carryover_where_still_owed() {
    let day = d(2026, 6, 1);
    let ca = law_in_force("us-ca", day).unwrap();
    let tier = ca.tier_for(3).unwrap();
    let mut grant = Rule::new(RuleId(1), PtoTypeId(1), Method::PerCalendarYear, Hours::whole(40));
    grant.carryover = Carryover::UseItOrLoseIt;
    // California: 40 h at the start of the year needs no accrual nor carryover.
    assert_eq!(shortfalls(Some(&grant), &[(ca, tier)]), []);
    grant.rate = Hours::whole(24);
    assert_eq!(
        shortfalls(Some(&grant), &[(ca, tier)])[0].message,
        "A yearly grant of 24 h is below California's 40 h at the start of the year"
    );
    // New Jersey: a front-loaded 40 h still carries over (or is paid out).
    let nj = law_in_force("us-nj", day).unwrap();
    grant.rate = Hours::whole(40);
    let found = shortfalls(Some(&grant), &[(nj, nj.tier_for(3).unwrap())]);
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].field, "carryoverPolicy");
}

#[test]
fn a_state_and_a_city_take_the_most_generous_value_field_by_field() {
    let day = d(2026, 6, 1);
    let laws = laws_for_place("ny", Some("Brooklyn"), day);
    assert_eq!(laws.iter().map(|l| l.id).collect::<Vec<_>>(), ["us-ny", "us-nyc"]);
    let pairs: Vec<(&Law, &Tier)> = laws.iter().map(|l| (*l, l.tier_for(150).unwrap())).collect();
    let mut rule = preset_rule(&pairs[0].1.requirement, RuleId(1), PtoTypeId(1));
    rule.limits.usable = Some(UsableAfter { days: 30, counting: WaitCounting::AfterDays });
    rule.carryover = Carryover::AllowCarryover { max_hours: Some(40) };
    let found = shortfalls(Some(&rule), &[pairs[0], pairs[1]]);
    let by_field: Vec<(&str, &str)> = found.iter().map(|s| (s.field, s.law)).collect();
    // The state carries every unused hour over (§ 196-b(1): 'shall be carried over'), more than
    // the city's 56 h; the city allows no wait, of which the state says nothing.
    assert_eq!(by_field, [("maxCarryover", "us-ny"), ("usableAfterDays", "us-nyc")]);
    assert_eq!(found[0].message, "Carryover cap 40 h: New York State carries over every unused hour");
    // Without the state's rule the city's 56 h is the floor.
    let city_only = shortfalls(Some(&rule), &[pairs[1]]);
    assert_eq!(city_only[1].message, "Carryover cap 40 h is below New York City's 56 h");
}

#[test]
fn chicago_takes_the_place_of_the_illinois_act_and_laws_change_by_date() {
    let day = d(2026, 6, 1);
    assert_eq!(laws_for_place("IL", Some("Chicago"), day).iter().map(|l| l.id).collect::<Vec<_>>(), ["us-chicago"]);
    assert_eq!(laws_for_place("IL", Some("Springfield"), day).iter().map(|l| l.id).collect::<Vec<_>>(), ["us-il"]);
    // Connecticut: 25+ employees in 2025, 11+ in 2026, everyone from 2027.
    let ct = |day| law_in_force("us-ct", day).unwrap().tier_for(12).is_some();
    assert!(!ct(d(2025, 6, 1)) && ct(d(2026, 6, 1)) && ct(d(2027, 1, 1)));
    assert!(law_in_force("us-ct", d(2027, 1, 1)).unwrap().tier_for(1).is_some());
    // Michigan's small employers from 1 October 2025.
    assert!(law_in_force("us-mi", d(2025, 9, 30)).unwrap().tier_for(10).is_none());
    assert_eq!(law_in_force("us-mi", d(2025, 10, 1)).unwrap().tier_for(10).unwrap().label, "10 or fewer employees");
    assert!(law_in_force("us-ak", d(2025, 6, 30)).is_none());
}

#[test]
fn no_rule_and_caps_the_law_forbids() {
    let day = d(2026, 6, 1);
    let wa = law_in_force("us-wa", day).unwrap();
    let tier = wa.tier_for(5).unwrap();
    assert_eq!(
        shortfalls(None, &[(wa, tier)])[0].message,
        "No paid sick leave in this plan: Washington requires 1 h for every 40 h worked"
    );
    let mut rule = preset_rule(&tier.requirement, RuleId(1), PtoTypeId(1));
    rule.limits.yearly_accrual_cap_hours = Some(100);
    assert_eq!(
        shortfalls(Some(&rule), &[(wa, tier)])[0].message,
        "Yearly accrual cap 100 h: Washington allows no such cap"
    );
    // Washington: usable after the 90th day (day 91), California on it (day 90).
    assert_eq!(rule.limits.usable.unwrap().first_usable_day(d(2026, 1, 1)), d(2026, 4, 1));
    let co = law_in_force("us-co", day).unwrap();
    let mut waits = preset_rule(&co.tiers[0].requirement, RuleId(1), PtoTypeId(1));
    waits.limits.usable = Some(UsableAfter { days: 30, counting: WaitCounting::AfterDays });
    assert_eq!(
        shortfalls(Some(&waits), &[(co, &co.tiers[0])])[0].message,
        "A wait of 30 days before use: Colorado allows none"
    );
}
