//! The paid-sick-leave laws on the PTO screens (issue 38): the laws with a preset rule per
//! employer-size tier (the plan wizard's "Start from a law"), a rule checked against a law as the
//! admin types it, and the compliance check of every plan.
//!
//! The laws are `pto_engine::laws` (data with citations); this module only finds who they bind.
//! **Where people work**: a person's own overtime rule set names a state (California, Alaska,
//! Nevada, Colorado: the overtime issue's per-person work state); everyone else works where the
//! company's address is (its state, and its city for New York City and Chicago). A plan nobody is
//! in is checked for the company's address, so an admin sees a shortfall before enrolling anyone.
//!
//! **Which rule**: laws ask for paid leave, not for a type called "Sick": of a plan's active
//! rules, the one that comes closest (fewest shortfalls) is the plan's answer, so a generous
//! general PTO rule meets a law as well as a sick-leave rule does.
//!
//! **Headcount**: the company's active people today. Each law counts employees its own way
//! (`headcountRule` says how); the wizard prefills this figure and lets the admin change it.
//!
//! Nothing here writes: a change of law changes what the check reports, never a plan.

use crate::entities::pto_enrollments as enrollments;
use crate::plans::{in_force, rule_view_of, RuleInput, RuleView};
use crate::{Pto, PtoError};
use accounts::people::read::{self, PeopleFilter};
use chrono::{Datelike, NaiveDate, Utc};
use kernel::ids::PtoPlanId;
use kernel::time::local_date;
use kernel::{FieldErrors, TenantCtx, UserId};
use pto_engine::laws::{self, Law, Shortfall, Tier};
use pto_engine::{PtoTypeId as EngineTypeId, Rule, RuleId as EngineRuleId};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashMap};

/// Not given by the spec: a law id Timekeep does not know.
pub const MSG_UNKNOWN_LAW: &str = "Please select a state or city law from the list";
/// Not given by the spec: the employer size of the wizard.
pub const MSG_EMPLOYEES: &str = "Please input the number of employees, from 1 to 100,000";
/// Not given by the spec: a law that does not cover an employer of the given size.
pub const MSG_NOT_COVERED: &str = "This law does not cover an employer of that size";

/// One employer-size tier of a law, with the rule that meets it exactly.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct LawTierView {
    pub label: String,
    pub min_employees: u32,
    pub max_employees: Option<u32>,
    /// The leave must be paid in this tier (else the hours are owed unpaid).
    pub paid: bool,
    /// What the law asks, one sentence per point.
    pub requirements: Vec<String>,
    /// The rule form filled to meet it (ids 0): accrual per hour worked at the law's rate, with
    /// the caps, carryover and wait the law allows and nothing stricter.
    pub preset: RuleView,
}

/// A paid-sick-leave law as the wizard and the report show it.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct LawView {
    /// `us-ca`, `us-nyc`…
    pub id: String,
    pub name: String,
    /// `state` or `city`.
    pub level: String,
    pub state: String,
    pub city: Option<String>,
    pub title: String,
    pub citation: String,
    pub sources: Vec<String>,
    pub effective_from: NaiveDate,
    pub effective_to: Option<NaiveDate>,
    pub headcount_rule: String,
    /// Values no source confirmed: not checked.
    pub not_provided: Vec<String>,
    pub notes: Vec<String>,
    pub tiers: Vec<LawTierView>,
}

fn law_view(law: &Law) -> LawView {
    LawView {
        id: law.id.to_owned(),
        name: law.name.to_owned(),
        level: match law.level {
            laws::Level::State => "state",
            laws::Level::City => "city",
        }
        .to_owned(),
        state: law.state.to_owned(),
        city: law.city.map(str::to_owned),
        title: law.title.to_owned(),
        citation: law.citation.to_owned(),
        sources: law.sources.iter().map(|s| (*s).to_owned()).collect(),
        effective_from: law.effective_from,
        effective_to: law.effective_to,
        headcount_rule: law.headcount_rule.to_owned(),
        not_provided: law.not_provided.iter().map(|s| (*s).to_owned()).collect(),
        notes: law.notes.iter().map(|s| (*s).to_owned()).collect(),
        tiers: law
            .tiers
            .iter()
            .map(|tier| LawTierView {
                label: tier.label.to_owned(),
                min_employees: tier.min_employees,
                max_employees: tier.max_employees,
                paid: tier.requirement.paid,
                requirements: laws::describe(&tier.requirement),
                preset: rule_view_of(&laws::preset_rule(&tier.requirement, EngineRuleId(0), EngineTypeId(0)), 0, 0, 0),
            })
            .collect(),
    }
}

/// `GET /pto-manage/sick-leave-laws`: every law in force today, and what the wizard prefills.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct SickLeaveLaws {
    /// The company's day the laws are read on.
    pub as_of: NaiveDate,
    /// The company's active people today (the wizard's size, which the admin may change).
    pub headcount: u32,
    /// The laws of the company's address (state, then city), to offer first.
    pub suggested: Vec<String>,
    pub laws: Vec<LawView>,
}

/// `POST /pto-manage/sick-leave-check`: a rule as the wizard has it, against one law.
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default, rename_all = "camelCase")]
pub struct SickLeaveCheckInput {
    /// The law (`us-ca`…).
    pub law: String,
    /// The employer's size, as the law counts it.
    pub employees: Option<i64>,
    pub rule: RuleInput,
}

/// A validated check.
#[derive(Debug, Clone)]
pub struct SickLeaveCheckCommand {
    law: &'static str,
    employees: u32,
    rule: Rule,
}

impl SickLeaveCheckCommand {
    /// Every problem at once: an unknown law, a size out of range, the rule form's own checks
    /// (under `rule.<field>`).
    pub fn parse(input: &SickLeaveCheckInput) -> Result<Self, FieldErrors> {
        let mut errors = FieldErrors::new();
        let law = laws::law_ids().into_iter().find(|id| *id == input.law.trim());
        if law.is_none() {
            errors.add("law", MSG_UNKNOWN_LAW);
        }
        let employees = input.employees.and_then(|n| u32::try_from(n).ok()).filter(|n| (1..=100_000).contains(n));
        if employees.is_none() {
            errors.add("employees", MSG_EMPLOYEES);
        }
        let mut draft = input.rule.draft();
        draft.pto_type_id = Some(draft.pto_type_id.unwrap_or(0));
        let rule = match draft.validate() {
            Ok(rule) => Some(rule),
            Err(problems) => {
                for (field, messages) in problems.iter() {
                    for message in messages {
                        errors.add(&format!("rule.{field}"), message.clone());
                    }
                }
                None
            }
        };
        match (law, employees, rule) {
            (Some(law), Some(employees), Some(rule)) if errors.is_empty() => {
                Ok(SickLeaveCheckCommand { law, employees, rule })
            }
            _ => Err(errors),
        }
    }
}

/// One shortfall as the screens show it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ShortfallView {
    /// The rule form's field it is about (`maxBalance`, `rate`, `usableAfterDays`…).
    pub field: String,
    /// The law (`us-ca`).
    pub law: String,
    /// 'Balance cap 40 h is below California's 80 h'.
    pub message: String,
}

fn shortfall_view(found: Shortfall) -> ShortfallView {
    ShortfallView { field: found.field.to_owned(), law: found.law.to_owned(), message: found.message }
}

/// The answer of the wizard's check.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct SickLeaveCheck {
    /// The tier the size falls in.
    pub tier: String,
    /// Empty when the rule meets the law.
    pub shortfalls: Vec<ShortfallView>,
}

/// Where a plan's people work, and how the plan fares there.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct PlaceCompliance {
    /// Two letters; none when neither the person nor the company says.
    pub state: Option<String>,
    pub city: Option<String>,
    /// People of the plan working there (0: the plan is empty and this is the company's address).
    pub employees: u32,
    /// The laws that bind there, with the tier of this employer ('California: Every employer').
    pub laws: Vec<String>,
    /// The plan's type whose rule comes closest to them.
    pub pto_type_name: Option<String>,
    pub shortfalls: Vec<ShortfallView>,
}

/// One plan in the compliance report.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct PlanCompliance {
    pub plan_id: i64,
    pub plan_name: String,
    /// No shortfall anywhere its people work.
    pub compliant: bool,
    pub places: Vec<PlaceCompliance>,
}

/// `GET /pto-manage/sick-leave-compliance`: every plan against the laws where its people work.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ComplianceReport {
    pub as_of: NaiveDate,
    pub headcount: u32,
    pub plans: Vec<PlanCompliance>,
}

/// Where someone works: the state's two letters and the city, when known.
pub(crate) type Place = (Option<String>, Option<String>);

/// The laws binding an employer of `headcount` at a place, each with its tier.
pub(crate) fn binding(place: &Place, headcount: u32, day: NaiveDate) -> Vec<(&'static Law, &'static Tier)> {
    let Some(state) = place.0.as_deref() else { return Vec::new() };
    laws::laws_for_place(state, place.1.as_deref(), day)
        .into_iter()
        .filter_map(|law| law.tier_for(headcount).map(|tier| (law, tier)))
        .collect()
}

impl Pto {
    fn today(&self, ctx: &TenantCtx) -> NaiveDate {
        local_date(ctx.time_zone(), Utc::now())
    }

    async fn headcount(&self, ctx: &TenantCtx) -> Result<u32, PtoError> {
        let people = read::people(&self.db, ctx, &PeopleFilter::active()).await?;
        Ok(u32::try_from(people.len()).unwrap_or(u32::MAX))
    }

    /// Where each person works on `day`: their own overtime rule set's state, else the
    /// company's place (see the module docs).
    pub(crate) async fn work_places(
        &self,
        ctx: &TenantCtx,
        company_place: Place,
        day: NaiveDate,
    ) -> Result<impl Fn(UserId) -> Place, PtoError> {
        let own_rules = clock::overtime_policy::person_rules(&self.db, ctx.company(), None).await?;
        Ok(move |person: UserId| -> Place {
            let own = own_rules
                .get(&person)
                .and_then(|versions| versions.iter().rev().find(|v| v.effective_from <= day))
                .and_then(|version| version.jurisdiction)
                .and_then(|jurisdiction| jurisdiction.state());
            match own {
                Some(state) if company_place.0.as_deref() != Some(state) => (Some(state.to_owned()), None),
                _ => company_place.clone(),
            }
        })
    }

    /// The company's address (state, city); its overtime rules' state when the address has none.
    pub(crate) async fn company_place(&self, ctx: &TenantCtx, day: NaiveDate) -> Result<Place, PtoError> {
        let company = read::company(&self.db, ctx.company()).await?.ok_or(PtoError::NotFound)?;
        let typed = |value: Option<String>| value.map(|v| v.trim().to_owned()).filter(|v| !v.is_empty());
        let mut state = typed(company.state).map(|s| s.to_ascii_uppercase());
        if state.is_none() {
            let policy = clock::overtime_policy::load(&self.db, ctx.company(), 40 * 60).await?;
            if !policy.versions.is_empty() {
                state = policy.in_force(day).jurisdiction.state().map(str::to_owned);
            }
        }
        Ok((state, typed(company.city)))
    }

    /// `GET /pto-manage/sick-leave-laws`.
    pub async fn sick_leave_laws(&self, ctx: &TenantCtx) -> Result<SickLeaveLaws, PtoError> {
        let day = self.today(ctx);
        let place = self.company_place(ctx, day).await?;
        let suggested = match place.0.as_deref() {
            Some(state) => {
                laws::laws_for_place(state, place.1.as_deref(), day).iter().map(|l| l.id.to_owned()).collect()
            }
            None => Vec::new(),
        };
        Ok(SickLeaveLaws {
            as_of: day,
            headcount: self.headcount(ctx).await?,
            suggested,
            laws: laws::law_ids().into_iter().filter_map(|id| laws::law_in_force(id, day)).map(law_view).collect(),
        })
    }

    /// `POST /pto-manage/sick-leave-check`.
    pub fn check_sick_leave_rule(
        &self,
        ctx: &TenantCtx,
        command: SickLeaveCheckCommand,
    ) -> Result<SickLeaveCheck, PtoError> {
        let day = self.today(ctx);
        let law = laws::law_in_force(command.law, day).ok_or_else(|| PtoError::field("law", MSG_UNKNOWN_LAW))?;
        let tier = law.tier_for(command.employees).ok_or_else(|| PtoError::field("employees", MSG_NOT_COVERED))?;
        Ok(SickLeaveCheck {
            tier: tier.label.to_owned(),
            shortfalls: laws::shortfalls(Some(&command.rule), &[(law, tier)]).into_iter().map(shortfall_view).collect(),
        })
    }

    /// `GET /pto-manage/sick-leave-compliance`.
    pub async fn sick_leave_compliance(&self, ctx: &TenantCtx) -> Result<ComplianceReport, PtoError> {
        let day = self.today(ctx);
        let company_place = self.company_place(ctx, day).await?;
        let people = read::people(&self.db, ctx, &PeopleFilter::active()).await?;
        let headcount = u32::try_from(people.len()).unwrap_or(u32::MAX);
        let active: std::collections::HashSet<UserId> = people.iter().map(|p| p.id).collect();

        let place_of = self.work_places(ctx, company_place.clone(), day).await?;

        // Who is in which plan this year.
        let rows = enrollments::Entity::find()
            .filter(kernel::tenancy::same_company::<enrollments::Entity>(ctx.company()))
            .filter(enrollments::Column::Year.eq(day.year()))
            .all(&self.db)
            .await?;
        let mut places: HashMap<PtoPlanId, BTreeMap<Place, u32>> = HashMap::new();
        for row in in_force(&rows).into_values().filter(|row| active.contains(&row.employee_id)) {
            *places.entry(row.plan_id).or_default().entry(place_of(row.employee_id)).or_default() += 1;
        }

        let types: HashMap<i64, String> =
            self.pto_types(ctx).await?.into_iter().map(|pto_type| (pto_type.id, pto_type.name)).collect();
        let plans = self.plans(ctx).await?;
        let rule_rows = self.rule_rows(ctx).await?;
        let mut report = Vec::with_capacity(plans.len());
        for plan in plans {
            let rules: Vec<Rule> = rule_rows
                .iter()
                .filter(|row| row.plan_id.0 == plan.id && row.active)
                .map(crate::plans::rule_of)
                .collect();
            let counted =
                places.remove(&PtoPlanId(plan.id)).unwrap_or_else(|| BTreeMap::from([(company_place.clone(), 0)]));
            let mut out = Vec::new();
            for (place, employees) in counted {
                let laws_here = binding(&place, headcount, day);
                let best = rules
                    .iter()
                    .map(|rule| (rule, laws::shortfalls(Some(rule), &laws_here)))
                    .min_by_key(|(_, found)| found.len());
                let (pto_type_name, found) = match best {
                    Some((rule, found)) => (types.get(&rule.pto_type.0).cloned(), found),
                    None => (None, laws::shortfalls(None, &laws_here)),
                };
                out.push(PlaceCompliance {
                    state: place.0.clone(),
                    city: place.1.clone(),
                    employees,
                    laws: laws_here.iter().map(|(law, tier)| format!("{}: {}", law.name, tier.label)).collect(),
                    pto_type_name,
                    shortfalls: found.into_iter().map(shortfall_view).collect(),
                });
            }
            report.push(PlanCompliance {
                plan_id: plan.id,
                compliant: out.iter().all(|place| place.shortfalls.is_empty()),
                plan_name: plan.name,
                places: out,
            });
        }
        Ok(ComplianceReport { as_of: day, headcount, plans: report })
    }
}
