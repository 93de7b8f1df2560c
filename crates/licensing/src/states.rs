//! The CE rule a company works with for each state: the product's ([`crate::rules`]), or the
//! company's own where an admin changed it because the law changed first.

use crate::entities::licensing_state_rules as own_rules;
use crate::model::{required_minutes, state_code, state_name, Line, JURISDICTIONS, MSG_REQUIRED_HOURS, MSG_STATE};
use crate::rules::{product_rule, RenewalAnchor};
use crate::{Licensing, LicensingError};
use chrono::{NaiveDate, Utc};
use kernel::{AdminCtx, FieldErrors, TenantCtx};
use sea_orm::{ActiveModelTrait, ActiveValue::Set, ColumnTrait, EntityTrait, QueryFilter, TryIntoModel};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

/// A topic and its hours.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct TopicHours {
    pub topic: String,
    pub hours: f64,
}

/// How topics are kept in a column: minutes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct TopicMinutes {
    pub topic: String,
    pub minutes: i64,
}

pub(crate) fn topics_from_json(text: &str) -> Vec<(String, i64)> {
    serde_json::from_str::<Vec<TopicMinutes>>(text)
        .unwrap_or_default()
        .into_iter()
        .map(|topic| (topic.topic, topic.minutes))
        .collect()
}

pub(crate) fn topics_to_json(topics: &[(String, i64)]) -> String {
    let topics: Vec<TopicMinutes> =
        topics.iter().map(|(topic, minutes)| TopicMinutes { topic: topic.clone(), minutes: *minutes }).collect();
    serde_json::to_string(&topics).unwrap_or_else(|_| "[]".to_owned())
}

pub(crate) fn topic_views(topics: &[(String, i64)]) -> Vec<TopicHours> {
    topics
        .iter()
        .map(|(topic, minutes)| TopicHours { topic: topic.clone(), hours: crate::model::hours(*minutes) })
        .collect()
}

/// A state's rule as a company works with it.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct StateRuleView {
    pub state: String,
    pub name: String,
    pub renewal_anchor: Option<RenewalAnchor>,
    pub cycle_months: Option<i32>,
    /// None: neither the product nor the company has a rule for the state.
    pub hours_total: Option<f64>,
    pub hours_ethics: Option<f64>,
    pub topics: Vec<TopicHours>,
    pub carry_over: bool,
    pub citation: String,
    pub source: String,
    pub effective_from: Option<NaiveDate>,
    /// The company's own rule (an admin changed the product's).
    pub edited: bool,
}

/// A state's rule in minutes, for counting.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Rule {
    pub total: i64,
    pub ethics: i64,
    pub topics: Vec<(String, i64)>,
    pub carry_over: bool,
}

/// A line of authority, for pickers.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct LineView {
    pub code: Line,
    pub label: String,
}

/// What the screens need to know: lines, states and their rules, statuses.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Reference {
    pub lines: Vec<LineView>,
    pub states: Vec<StateRuleView>,
    pub statuses: Vec<crate::model::Compliance>,
}

/// `POST /licensing/states`.
#[derive(Debug, Clone, Default, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", default)]
pub struct StateRuleInput {
    pub state: Option<String>,
    pub cycle_months: Option<i32>,
    pub hours_total: Option<f64>,
    pub hours_ethics: Option<f64>,
    pub topics: Option<Vec<TopicHours>>,
    pub carry_over: Option<bool>,
    pub citation: Option<String>,
    pub effective_from: Option<String>,
}

pub const MSG_CYCLE: &str = "Between 1 and 60 months.";
pub const MSG_CITATION: &str = "Say where the rule comes from (a statute, a regulation or the state's page).";
pub const MSG_TOPIC: &str = "Name each topic (letters, digits, spaces; up to 60 characters).";

/// A topic's name as kept: trimmed, lower case, words joined by `_`.
pub(crate) fn topic_name(text: &str) -> Option<String> {
    let text = text.trim().to_lowercase();
    let ok = !text.is_empty()
        && text.chars().count() <= 60
        && text.chars().all(|c| c.is_alphanumeric() || c == ' ' || c == '_' || c == '-' || c == '&');
    ok.then(|| text.split_whitespace().collect::<Vec<_>>().join("_"))
}

/// Topics from a form, under `field`: each named once, hours 0–200.
pub(crate) fn parse_topics(errors: &mut FieldErrors, field: &str, topics: &[TopicHours]) -> Vec<(String, i64)> {
    let mut parsed: Vec<(String, i64)> = Vec::new();
    for (index, topic) in topics.iter().enumerate() {
        let Some(name) = topic_name(&topic.topic) else {
            errors.add(&format!("{field}[{index}].topic"), MSG_TOPIC);
            continue;
        };
        if name == crate::progress::ETHICS || parsed.iter().any(|(one, _)| *one == name) {
            errors.add(&format!("{field}[{index}].topic"), "Each topic once; ethics has its own hours.");
            continue;
        }
        match required_minutes(topic.hours) {
            Some(minutes) => parsed.push((name, i64::from(minutes))),
            None => errors.add(&format!("{field}[{index}].hours"), MSG_REQUIRED_HOURS),
        }
    }
    parsed
}

impl Licensing {
    async fn own_rules(&self, ctx: &TenantCtx) -> Result<HashMap<String, own_rules::Model>, LicensingError> {
        Ok(own_rules::Entity::find()
            .filter(kernel::tenancy::same_company::<own_rules::Entity>(ctx.company()))
            .all(&self.db)
            .await?
            .into_iter()
            .map(|row| (row.state.clone(), row))
            .collect())
    }

    /// The rules to count with, by state (the company's where it has one).
    pub(crate) async fn rules(&self, ctx: &TenantCtx) -> Result<HashMap<String, Rule>, LicensingError> {
        let own = self.own_rules(ctx).await?;
        let mut rules: HashMap<String, Rule> = crate::rules::product_rules()
            .into_iter()
            .map(|rule| {
                (
                    rule.state.to_owned(),
                    Rule {
                        total: i64::from(rule.total_minutes),
                        ethics: i64::from(rule.ethics_minutes),
                        topics: rule
                            .topics
                            .iter()
                            .map(|topic| (topic.topic.to_owned(), i64::from(topic.minutes)))
                            .collect(),
                        carry_over: rule.carry_over,
                    },
                )
            })
            .collect();
        for (state, row) in own {
            rules.insert(
                state,
                Rule {
                    total: i64::from(row.total_minutes),
                    ethics: i64::from(row.ethics_minutes),
                    topics: topics_from_json(&row.topics),
                    carry_over: row.carry_over,
                },
            );
        }
        Ok(rules)
    }

    fn rule_view(state: &str, own: Option<&own_rules::Model>) -> StateRuleView {
        let product = product_rule(state);
        if let Some(row) = own {
            let topics = topics_from_json(&row.topics);
            return StateRuleView {
                state: state.to_owned(),
                name: state_name(state).to_owned(),
                renewal_anchor: product.as_ref().map(|rule| rule.anchor),
                cycle_months: Some(row.cycle_months),
                hours_total: Some(crate::model::hours(i64::from(row.total_minutes))),
                hours_ethics: Some(crate::model::hours(i64::from(row.ethics_minutes))),
                topics: topic_views(&topics),
                carry_over: row.carry_over,
                citation: row.citation.clone(),
                source: product.as_ref().map(|rule| rule.source.to_owned()).unwrap_or_default(),
                effective_from: Some(row.effective_from),
                edited: true,
            };
        }
        match product {
            Some(rule) => {
                let topics: Vec<(String, i64)> =
                    rule.topics.iter().map(|topic| (topic.topic.to_owned(), i64::from(topic.minutes))).collect();
                StateRuleView {
                    state: state.to_owned(),
                    name: state_name(state).to_owned(),
                    renewal_anchor: Some(rule.anchor),
                    cycle_months: Some(rule.cycle_months),
                    hours_total: Some(crate::model::hours(i64::from(rule.total_minutes))),
                    hours_ethics: Some(crate::model::hours(i64::from(rule.ethics_minutes))),
                    topics: topic_views(&topics),
                    carry_over: rule.carry_over,
                    citation: rule.citation.to_owned(),
                    source: rule.source.to_owned(),
                    effective_from: Some(rule.effective_from),
                    edited: false,
                }
            }
            None => StateRuleView {
                state: state.to_owned(),
                name: state_name(state).to_owned(),
                renewal_anchor: None,
                cycle_months: None,
                hours_total: None,
                hours_ethics: None,
                topics: Vec::new(),
                carry_over: false,
                citation: String::new(),
                source: String::new(),
                effective_from: None,
                edited: false,
            },
        }
    }

    /// Lines, every jurisdiction with its rule, and the statuses (anyone signed in).
    pub async fn reference(&self, ctx: &TenantCtx) -> Result<Reference, LicensingError> {
        let own = self.own_rules(ctx).await?;
        let mut states: Vec<StateRuleView> =
            JURISDICTIONS.iter().map(|(code, _)| Self::rule_view(code, own.get(*code))).collect();
        states.sort_by(|a, b| a.name.cmp(&b.name));
        Ok(Reference {
            lines: Line::ALL.into_iter().map(|line| LineView { code: line, label: line.label().to_owned() }).collect(),
            states,
            statuses: crate::model::Compliance::ALL.to_vec(),
        })
    }

    /// Replaces the product's rule for a state, for the admin's company.
    pub async fn save_state_rule(
        &self,
        ctx: &AdminCtx,
        input: StateRuleInput,
    ) -> Result<StateRuleView, LicensingError> {
        let mut errors = FieldErrors::new();
        let state = input.state.as_deref().and_then(state_code);
        if state.is_none() {
            errors.add("state", MSG_STATE);
        }
        let cycle = input.cycle_months.filter(|months| (1..=60).contains(months));
        if cycle.is_none() {
            errors.add("cycleMonths", MSG_CYCLE);
        }
        let total = input.hours_total.and_then(required_minutes);
        if total.is_none() {
            errors.add("hoursTotal", MSG_REQUIRED_HOURS);
        }
        let ethics = input.hours_ethics.and_then(required_minutes);
        if ethics.is_none() {
            errors.add("hoursEthics", MSG_REQUIRED_HOURS);
        }
        let topics = parse_topics(&mut errors, "topics", input.topics.as_deref().unwrap_or_default());
        let citation = input.citation.as_deref().map(str::trim).unwrap_or_default().to_owned();
        if citation.is_empty() || citation.chars().count() > 300 {
            errors.add("citation", MSG_CITATION);
        }
        let effective_from = kernel::validation::date_field(
            &mut errors,
            "effectiveFrom",
            input.effective_from.as_deref().unwrap_or_default(),
            "Please give the date the rule takes effect.",
        );
        if let (Some(total), Some(ethics)) = (total, ethics) {
            let parts = i64::from(ethics) + topics.iter().map(|(_, minutes)| minutes).sum::<i64>();
            if parts > i64::from(total) {
                errors.add("hoursTotal", "The total cannot be less than the ethics and topic hours it includes.");
            }
        }
        if !errors.is_empty() {
            return Err(LicensingError::Validation(errors));
        }
        let (Some(state), Some(cycle), Some(total), Some(ethics), Some(effective_from)) =
            (state, cycle, total, ethics, effective_from)
        else {
            return Err(LicensingError::Validation(errors));
        };
        let _permit = self.gate.enter().await;
        let txn = kernel::begin_write(&self.db).await?;
        let existing = own_rules::Entity::find()
            .filter(kernel::tenancy::same_company::<own_rules::Entity>(ctx.company()))
            .filter(own_rules::Column::State.eq(state))
            .one(&*txn)
            .await?;
        let mut row = match existing {
            Some(row) => row.into(),
            None => own_rules::ActiveModel {
                company_id: Set(ctx.company()),
                state: Set(state.to_owned()),
                ..Default::default()
            },
        };
        row.cycle_months = Set(cycle);
        row.total_minutes = Set(total);
        row.ethics_minutes = Set(ethics);
        row.topics = Set(topics_to_json(&topics));
        row.carry_over = Set(input.carry_over.unwrap_or(false));
        row.citation = Set(citation);
        row.effective_from = Set(effective_from);
        row.updated_by = Set(ctx.actor());
        row.updated_at = Set(Utc::now());
        let saved = row.save(&*txn).await?.try_into_model()?;
        txn.commit().await?;
        Ok(Self::rule_view(state, Some(&saved)))
    }

    /// Goes back to the product's rule for a state.
    pub async fn reset_state_rule(&self, ctx: &AdminCtx, state: &str) -> Result<StateRuleView, LicensingError> {
        let state = state_code(state).ok_or_else(|| LicensingError::field("state", MSG_STATE))?;
        let _permit = self.gate.enter().await;
        let txn = kernel::begin_write(&self.db).await?;
        own_rules::Entity::delete_many()
            .filter(kernel::tenancy::same_company::<own_rules::Entity>(ctx.company()))
            .filter(own_rules::Column::State.eq(state))
            .exec(&*txn)
            .await?;
        txn.commit().await?;
        Ok(Self::rule_view(state, None))
    }
}
