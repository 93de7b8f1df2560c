//! A licence's standing on a day, from its facts: the one rule the folder, the compliance page,
//! "may sell", the task dock and the reminders all read.

use crate::entities::licences;
use crate::entities::{carrier_appointments as appointments, ce_credits as credits, ce_requirements as requirements};
use crate::model::{Compliance, LicenceStatus, DUE_SOON_DAYS};
use crate::progress::{count, Counted, Counting, Need};
use crate::states::{topics_from_json, Rule};
use chrono::{Duration, NaiveDate};
use kernel::{CeRequirementId, CompanyId, LicenceId, UserId};
use sea_orm::sea_query::{Alias, Condition, Expr, Func, JoinType, Query};
use sea_orm::{ConnectionTrait, DbErr};
use std::collections::HashMap;

/// A requirement counted: its progress, and the hours carried in from the previous cycle.
#[derive(Debug, Clone)]
pub(crate) struct Tally {
    pub counting: Counting,
    pub carried_in: i64,
    pub carry_over: bool,
}

/// The minutes of CE credits counting toward each requirement, by topic.
pub(crate) type Sums = HashMap<CeRequirementId, Vec<(String, i64)>>;

/// Sums, in the database, the credits that count toward requirements: those of the licence's
/// person, of the licence's state or of the person's resident state (non-residents meet CE at
/// home), completed within the requirement's cycle; by requirement and topic. Limited to a
/// company (and to `people` of it), or to `requirement_ids` (the reminder job, across companies).
/// A page of 2,500 licences and 25,000 credits reads a few thousand sums, not every credit.
pub(crate) async fn credit_sums<C: ConnectionTrait>(
    conn: &C,
    company: Option<CompanyId>,
    people: Option<&[UserId]>,
    requirement_ids: Option<&[CeRequirementId]>,
) -> Result<Sums, DbErr> {
    use crate::entities::licensing_producers as producers;
    let base = || {
        let mut query = Query::select();
        query
            .column((requirements::Entity, requirements::Column::Id))
            .column((credits::Entity, credits::Column::Topic))
            .expr(
                Expr::expr(Func::sum(Expr::col((credits::Entity, credits::Column::Minutes))))
                    .cast_as(Alias::new("BIGINT")),
            )
            .from(requirements::Entity)
            .inner_join(
                licences::Entity,
                Expr::col((licences::Entity, licences::Column::Id))
                    .equals((requirements::Entity, requirements::Column::LicenceId)),
            )
            .join(
                JoinType::LeftJoin,
                producers::Entity,
                Condition::all()
                    .add(
                        Expr::col((producers::Entity, producers::Column::CompanyId))
                            .equals((licences::Entity, licences::Column::CompanyId)),
                    )
                    .add(
                        Expr::col((producers::Entity, producers::Column::EmployeeId))
                            .equals((licences::Entity, licences::Column::EmployeeId)),
                    ),
            )
            .inner_join(
                credits::Entity,
                Condition::all()
                    .add(
                        Expr::col((credits::Entity, credits::Column::CompanyId))
                            .equals((licences::Entity, licences::Column::CompanyId)),
                    )
                    .add(
                        Expr::col((credits::Entity, credits::Column::EmployeeId))
                            .equals((licences::Entity, licences::Column::EmployeeId)),
                    )
                    .add(
                        Condition::any()
                            .add(
                                Expr::col((credits::Entity, credits::Column::State))
                                    .equals((licences::Entity, licences::Column::State)),
                            )
                            .add(
                                Expr::col((credits::Entity, credits::Column::State))
                                    .equals((producers::Entity, producers::Column::ResidentState)),
                            ),
                    )
                    .add(
                        Expr::col((credits::Entity, credits::Column::CompletedOn))
                            .gte(Expr::col((requirements::Entity, requirements::Column::CycleStart))),
                    )
                    .add(
                        Expr::col((credits::Entity, credits::Column::CompletedOn))
                            .lte(Expr::col((requirements::Entity, requirements::Column::DueOn))),
                    ),
            )
            .group_by_col((requirements::Entity, requirements::Column::Id))
            .group_by_col((credits::Entity, credits::Column::Topic));
        if let Some(company) = company {
            query.and_where(kernel::tenancy::same_company::<requirements::Entity>(company));
        }
        query
    };
    let mut queries = Vec::new();
    match (people, requirement_ids) {
        (Some(people), _) => {
            for chunk in people.chunks(kernel::tenancy::IDS_PER_QUERY) {
                let mut query = base();
                query.and_where(
                    Expr::col((licences::Entity, licences::Column::EmployeeId)).is_in(chunk.iter().map(|id| id.0)),
                );
                queries.push(query);
            }
        }
        (None, Some(ids)) => {
            for chunk in ids.chunks(kernel::tenancy::IDS_PER_QUERY) {
                let mut query = base();
                query.and_where(
                    Expr::col((requirements::Entity, requirements::Column::Id)).is_in(chunk.iter().map(|id| id.0)),
                );
                queries.push(query);
            }
        }
        (None, None) => queries.push(base()),
    }
    let backend = conn.get_database_backend();
    let mut sums = Sums::new();
    for query in queries {
        for row in conn.query_all(backend.build(&query)).await? {
            let id: i64 = row.try_get_by_index(0)?;
            let topic: String = row.try_get_by_index(1)?;
            let minutes: i64 = row.try_get_by_index(2)?;
            sums.entry(CeRequirementId(id)).or_default().push((topic, minutes));
        }
    }
    Ok(sums)
}

/// Counts every requirement of `licences` from the sums of their credits ([`credit_sums`]).
/// Requirements of one licence are counted in due order, so a cycle's excess can carry into the
/// next where the state allows it.
pub(crate) fn count_all(
    licences: &[licences::Model],
    requirements: &[requirements::Model],
    sums: &Sums,
    rules: &HashMap<String, Rule>,
) -> HashMap<CeRequirementId, Tally> {
    let by_id: HashMap<LicenceId, &licences::Model> = licences.iter().map(|licence| (licence.id, licence)).collect();
    let mut of_licence: HashMap<LicenceId, Vec<&requirements::Model>> = HashMap::new();
    for requirement in requirements {
        of_licence.entry(requirement.licence_id).or_default().push(requirement);
    }
    let mut counted = HashMap::new();
    for (licence_id, mut list) in of_licence {
        let Some(licence) = by_id.get(&licence_id) else { continue };
        list.sort_by_key(|requirement| (requirement.due_on, requirement.id));
        let carry_over = rules.get(&licence.state).is_some_and(|rule| rule.carry_over);
        let mut carried_in = 0;
        for requirement in list {
            let counting_credits: Vec<Counted<'_>> = sums
                .get(&requirement.id)
                .map(Vec::as_slice)
                .unwrap_or_default()
                .iter()
                .map(|(topic, minutes)| Counted { minutes: *minutes, topic })
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

/// Appointments by person, for the many look-ups of a page.
pub(crate) struct Appointments<'a>(HashMap<UserId, Vec<&'a appointments::Model>>);

impl<'a> Appointments<'a> {
    pub fn new(rows: &'a [appointments::Model]) -> Self {
        let mut by: HashMap<UserId, Vec<&'a appointments::Model>> = HashMap::new();
        for row in rows {
            by.entry(row.employee_id).or_default().push(row);
        }
        Appointments(by)
    }

    /// The appointments of `person` in `state` in force on `day`.
    pub fn in_force<'s>(
        &'s self,
        person: UserId,
        state: &'s str,
        day: NaiveDate,
    ) -> impl Iterator<Item = &'a appointments::Model> + 's {
        self.0.get(&person).into_iter().flatten().copied().filter(move |row| {
            row.state == state && row.effective_on <= day && row.terminated_on.is_none_or(|end| end > day)
        })
    }

    /// Whether `person` has an appointment in force in `state` on `day` (with `carrier`, if named).
    pub fn appointed(&self, person: UserId, state: &str, day: NaiveDate, carrier: Option<&str>) -> bool {
        self.in_force(person, state, day)
            .any(|row| carrier.is_none_or(|carrier| row.carrier.eq_ignore_ascii_case(carrier.trim())))
    }
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
