//! Who answers a step: the step's approvers (its *principals*) resolved from the org chart when
//! the step becomes current, and the stand-ins who answer for them, resolved whenever someone
//! looks (so a stand-in set or removed later counts at once).
//!
//! Nobody answers a request about themselves or one they filed: such a principal is left out,
//! and a step left with nobody goes to the next level up (the managers of those left out), then
//! to the company's fallback approver, then to its admins. Stand-ins are followed at most
//! [`STAND_IN_DEPTH`] deep and never in a circle.

use crate::entities::{approval_settings, approval_stand_ins as stand_ins};
use crate::model::{Approvers, Step};
use crate::ApprovalError;
use accounts::people::read::{self, PeopleFilter};
use accounts::Person;
use chrono::NaiveDate;
use kernel::{Role, TenantCtx, UserId};
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter};
use std::collections::{BTreeSet, HashMap, HashSet};

/// How many stand-ins deep a chain is followed (A away, B answers; B away, C answers; …).
pub const STAND_IN_DEPTH: usize = 3;

pub const MSG_NOBODY: &str =
    "Nobody but you could approve this request: ask an admin to name a fallback approver under Approval paths.";

/// The two people who may never answer a request: its employee and whoever filed it.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Parties {
    pub employee: UserId,
    pub requester: UserId,
}

impl Parties {
    pub fn excludes(self, person: UserId) -> bool {
        person == self.employee || person == self.requester
    }
}

/// What a step resolves to.
pub(crate) enum Resolved {
    People(Vec<UserId>),
    /// The requester was the step's only approver and the step is skipped.
    Skip,
}

/// Whether a person may answer requests at all (the answer routes take a manager's proof).
fn answers(person: &Person) -> bool {
    person.is_active() && matches!(person.role, Role::Manager | Role::Admin)
}

async fn person<C: ConnectionTrait>(
    conn: &C,
    ctx: &TenantCtx,
    id: Option<UserId>,
) -> Result<Option<Person>, ApprovalError> {
    match id {
        Some(id) => Ok(read::person(conn, ctx, id).await?.filter(Person::is_active)),
        None => Ok(None),
    }
}

/// The principals of `step` for a request of `parties` (`last` says whether a later step exists:
/// only then may a step be skipped).
pub(crate) async fn step_principals<C: ConnectionTrait>(
    conn: &C,
    ctx: &TenantCtx,
    step: &Step,
    parties: Parties,
    last: bool,
) -> Result<Resolved, ApprovalError> {
    let employee = person(conn, ctx, Some(parties.employee)).await?;
    let manager_id = employee.as_ref().and_then(|employee| employee.manager_id);
    let base: Vec<Person> = match step.approvers {
        Approvers::Manager => person(conn, ctx, manager_id).await?.into_iter().collect(),
        Approvers::ManagersManager => {
            let manager = person(conn, ctx, manager_id).await?;
            person(conn, ctx, manager.and_then(|manager| manager.manager_id)).await?.into_iter().collect()
        }
        Approvers::Admins => read::people(conn, ctx, &PeopleFilter::active().with_roles(&[Role::Admin])).await?,
        Approvers::People => {
            read::people(conn, ctx, &PeopleFilter::active().with_ids(step.people.iter().copied())).await?
        }
    };
    let kept: Vec<UserId> =
        base.iter().filter(|person| answers(person) && !parties.excludes(person.id)).map(|person| person.id).collect();
    if !kept.is_empty() {
        return Ok(Resolved::People(kept));
    }
    let left_out: Vec<&Person> = base.iter().filter(|person| parties.excludes(person.id)).collect();
    if step.skip_when_only_requester && !left_out.is_empty() && !last {
        return Ok(Resolved::Skip);
    }
    // The next level up: the managers of those left out (or of the employee's missing manager).
    let mut up = Vec::new();
    let above: Vec<Option<UserId>> = if left_out.is_empty() {
        vec![employee.as_ref().and_then(|employee| employee.manager_id)]
    } else {
        left_out.iter().map(|person| person.manager_id).collect()
    };
    for id in above.into_iter().flatten() {
        if let Some(manager) = person(conn, ctx, Some(id)).await? {
            if answers(&manager) && !parties.excludes(manager.id) && !up.contains(&manager.id) {
                up.push(manager.id);
            }
        }
    }
    if !up.is_empty() {
        return Ok(Resolved::People(up));
    }
    fallback(conn, ctx, parties, &[]).await.map(Resolved::People)
}

/// The company's fallback approver, else its admins; never a party nor one of `already`.
pub(crate) async fn fallback<C: ConnectionTrait>(
    conn: &C,
    ctx: &TenantCtx,
    parties: Parties,
    already: &[UserId],
) -> Result<Vec<UserId>, ApprovalError> {
    let usable = |person: &Person| answers(person) && !parties.excludes(person.id) && !already.contains(&person.id);
    let named = approval_settings::Entity::find_by_id(ctx.company())
        .one(conn)
        .await?
        .and_then(|settings| settings.fallback_approver_id);
    if let Some(named) = person(conn, ctx, named).await?.filter(usable) {
        return Ok(vec![named.id]);
    }
    let admins: Vec<UserId> = read::people(conn, ctx, &PeopleFilter::active().with_roles(&[Role::Admin]))
        .await?
        .into_iter()
        .filter(usable)
        .map(|person| person.id)
        .collect();
    if admins.is_empty() {
        return Err(ApprovalError::Conflict(MSG_NOBODY.to_owned()));
    }
    Ok(admins)
}

/// Named people who may answer (active managers or admins), in the order given.
pub(crate) async fn usable_people<C: ConnectionTrait>(
    conn: &C,
    ctx: &TenantCtx,
    ids: &[UserId],
) -> Result<Vec<UserId>, ApprovalError> {
    let people = read::people(conn, ctx, &PeopleFilter::active().with_ids(ids.iter().copied())).await?;
    Ok(ids.iter().copied().filter(|id| people.iter().any(|person| person.id == *id && answers(person))).collect())
}

/// A company's people and its fallback approver, read once for many flows (the reminder and
/// escalation job), with the same rules as the functions above.
pub(crate) struct Directory {
    pub people: HashMap<UserId, Person>,
    fallback: Option<UserId>,
}

impl Directory {
    pub async fn load<C: ConnectionTrait>(conn: &C, ctx: &TenantCtx) -> Result<Self, ApprovalError> {
        let people = read::people(conn, ctx, &PeopleFilter::default()).await?;
        let fallback = approval_settings::Entity::find_by_id(ctx.company())
            .one(conn)
            .await?
            .and_then(|settings| settings.fallback_approver_id);
        Ok(Directory { people: people.into_iter().map(|person| (person.id, person)).collect(), fallback })
    }

    fn approver(&self, id: UserId) -> Option<&Person> {
        self.people.get(&id).filter(|person| answers(person))
    }

    /// The next level up from `principals` (their managers), for an escalation.
    pub fn managers_of(&self, principals: &[UserId], parties: Parties) -> Vec<UserId> {
        let mut up = Vec::new();
        for id in principals.iter().filter_map(|id| self.people.get(id)).filter_map(|person| person.manager_id) {
            if self.approver(id).is_some() && !parties.excludes(id) && !principals.contains(&id) && !up.contains(&id) {
                up.push(id);
            }
        }
        up
    }

    /// [`usable_people`], from memory.
    pub fn usable(&self, ids: &[UserId]) -> Vec<UserId> {
        ids.iter().copied().filter(|id| self.approver(*id).is_some()).collect()
    }

    /// [`fallback`], from memory: empty when there is nobody.
    pub fn fallback(&self, parties: Parties, already: &[UserId]) -> Vec<UserId> {
        let usable = |id: UserId| self.approver(id).is_some() && !parties.excludes(id) && !already.contains(&id);
        if let Some(named) = self.fallback.filter(|id| usable(*id)) {
            return vec![named];
        }
        let mut admins: Vec<UserId> = self
            .people
            .values()
            .filter(|person| person.role == Role::Admin && usable(person.id))
            .map(|person| person.id)
            .collect();
        admins.sort_unstable();
        admins
    }
}

/// The stand-ins in force on one day: who answers for whom.
#[derive(Debug, Default, Clone)]
pub(crate) struct StandIns {
    /// Away person → those answering for them.
    forward: HashMap<UserId, Vec<UserId>>,
    /// Stand-in → those they answer for.
    backward: HashMap<UserId, Vec<UserId>>,
}

impl StandIns {
    pub async fn on<C: ConnectionTrait>(conn: &C, ctx: &TenantCtx, day: NaiveDate) -> Result<Self, ApprovalError> {
        let rows = stand_ins::Entity::find()
            .filter(kernel::tenancy::same_company::<stand_ins::Entity>(ctx.company()))
            .filter(stand_ins::Column::StartsOn.lte(day))
            .filter(stand_ins::Column::EndsOn.gte(day))
            .all(conn)
            .await?;
        Ok(Self::from_edges(rows.iter().map(|row| (row.person_id, row.stand_in_id))))
    }

    pub fn from_edges(edges: impl IntoIterator<Item = (UserId, UserId)>) -> Self {
        let mut this = StandIns::default();
        for (away, stand_in) in edges {
            this.forward.entry(away).or_default().push(stand_in);
            this.backward.entry(stand_in).or_default().push(away);
        }
        this
    }

    /// Those `actor` answers for: themselves, and whoever they stand in for, at most
    /// [`STAND_IN_DEPTH`] links away; each with the nearest link first.
    pub fn answering_for(&self, actor: UserId) -> Vec<UserId> {
        walk(&self.backward, actor)
    }

    /// Those who may answer for `principal`: themselves and their stand-ins, at most
    /// [`STAND_IN_DEPTH`] links away.
    pub fn answerers_of(&self, principal: UserId) -> Vec<UserId> {
        walk(&self.forward, principal)
    }
}

fn walk(edges: &HashMap<UserId, Vec<UserId>>, from: UserId) -> Vec<UserId> {
    let mut seen = vec![from];
    let mut frontier = vec![from];
    for _ in 0..STAND_IN_DEPTH {
        let mut next = Vec::new();
        for person in frontier {
            for other in edges.get(&person).into_iter().flatten() {
                if !seen.contains(other) {
                    seen.push(*other);
                    next.push(*other);
                }
            }
        }
        frontier = next;
    }
    seen
}

/// Whether adding "`stand_in` answers for `away`" makes a circle with `edges` (whose periods
/// overlap the new one's): whether `away` is reachable from `stand_in`.
pub(crate) fn makes_circle(edges: &[(UserId, UserId)], away: UserId, stand_in: UserId) -> bool {
    let mut forward: HashMap<UserId, Vec<UserId>> = HashMap::new();
    for (from, to) in edges {
        forward.entry(*from).or_default().push(*to);
    }
    let mut seen = HashSet::from([stand_in]);
    let mut todo = vec![stand_in];
    while let Some(person) = todo.pop() {
        if person == away {
            return true;
        }
        for next in forward.get(&person).into_iter().flatten() {
            if seen.insert(*next) {
                todo.push(*next);
            }
        }
    }
    false
}

/// Everyone to tell about a step: its principals and their stand-ins, never a party, each with
/// the principal they answer for.
pub(crate) fn recipients(principals: &[UserId], stand_ins: &StandIns, parties: Parties) -> Vec<(UserId, UserId)> {
    let mut told = BTreeSet::new();
    let mut out = Vec::new();
    for principal in principals {
        for answerer in stand_ins.answerers_of(*principal) {
            if !parties.excludes(answerer) && told.insert(answerer) {
                out.push((answerer, *principal));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stand_ins_are_followed_three_deep_and_never_round_a_circle() {
        let (a, b, c, d, e) = (UserId(1), UserId(2), UserId(3), UserId(4), UserId(5));
        let chain = StandIns::from_edges([(a, b), (b, c), (c, d), (d, e), (e, a)]);
        assert_eq!(chain.answerers_of(a), vec![a, b, c, d], "three links from a, and no further");
        assert_eq!(chain.answering_for(d), vec![d, c, b, a]);
        assert!(makes_circle(&[(a, b), (b, c)], c, a), "c → a closes a → b → c");
        assert!(!makes_circle(&[(a, b), (b, c)], d, a));
    }

    #[test]
    fn parties_are_never_told_nor_counted_twice() {
        let (manager, employee, stand_in) = (UserId(1), UserId(2), UserId(3));
        let stand_ins = StandIns::from_edges([(manager, employee), (manager, stand_in)]);
        let parties = Parties { employee, requester: employee };
        assert_eq!(recipients(&[manager], &stand_ins, parties), vec![(manager, manager), (stand_in, manager)]);
    }
}
