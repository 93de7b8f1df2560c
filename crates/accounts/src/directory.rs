//! Looking people up inside a company: the one place where an employee id from a request is
//! turned into a row, scoped by the tenant and by the actor's reach.

use crate::entities::{job_roles, users};
use crate::people::{JobRole, Person};
use crate::{Accounts, AccountsError};
use kernel::{EmploymentStatus, JobRoleId, ManagerCtx, Reach, TenantCtx, UserId};
use sea_orm::{ColumnTrait, Condition, EntityTrait, QueryFilter, Select};

/// The people of `reach` as a condition on `users`, or `None` for the whole company. With
/// [`company_people`], the one SQL form of [`Reach`]: every list of people goes through it.
pub(crate) fn reach_condition(reach: Reach) -> Option<Condition> {
    match reach {
        Reach::Company => None,
        Reach::Team { manager } => {
            Some(Condition::any().add(users::Column::Id.eq(manager.0)).add(users::Column::ManagerId.eq(manager.0)))
        }
        Reach::Own(me) => Some(Condition::all().add(users::Column::Id.eq(me.0))),
    }
}

/// The people of the actor's company, whoever they are: the tenancy filter on `users`.
pub(crate) fn company_people(ctx: &TenantCtx) -> Select<users::Entity> {
    users::Entity::find().filter(kernel::tenancy::same_company::<users::Entity>(ctx.company()))
}

/// The people the actor reaches ([`TenantCtx::reach`]), in their company.
pub(crate) fn people_in_reach(ctx: &TenantCtx) -> Select<users::Entity> {
    match reach_condition(ctx.reach()) {
        Some(reach) => company_people(ctx).filter(reach),
        None => company_people(ctx),
    }
}

impl Accounts {
    /// The full names of `ids` among the caller's company, whoever the caller reaches: who closed
    /// a pay period, who reopened it, is shown to everyone who may read the period. Ids of
    /// another company, or of nobody, are left out.
    pub async fn names_in_company(
        &self,
        ctx: &TenantCtx,
        ids: &[UserId],
    ) -> Result<std::collections::HashMap<UserId, String>, AccountsError> {
        if ids.is_empty() {
            return Ok(std::collections::HashMap::new());
        }
        let mut names = std::collections::HashMap::new();
        // In chunks, within every database's parameter limit.
        for chunk in ids.chunks(500) {
            let people =
                company_people(ctx).filter(users::Column::Id.is_in(chunk.iter().map(|id| id.0))).all(&self.db).await?;
            names.extend(people.into_iter().map(Person::from).map(|person| (person.id, person.full_name())));
        }
        Ok(names)
    }

    /// The employee `id` if the actor may see them: anyone in the company for an admin; a
    /// manager's reports and the manager; an employee only themselves. Anything else, another
    /// company's employee included, is `NotFound`, exactly like an id that does not exist.
    pub async fn employee_in_scope(&self, ctx: &TenantCtx, id: UserId) -> Result<Person, AccountsError> {
        let employee = company_people(ctx)
            .filter(users::Column::Id.eq(id.0))
            .one(&self.db)
            .await?
            .ok_or(AccountsError::NotFound)?;
        if ctx.reach().includes(employee.id, employee.manager_id) {
            Ok(employee.into())
        } else {
            Err(AccountsError::NotFound)
        }
    }

    /// The people the actor reaches, terminated ones too, by last and first name: all of them,
    /// or those of `ids` — every one of which must be within reach, else `NotFound` (an id is
    /// never silently dropped).
    pub async fn people_of(&self, ctx: &TenantCtx, ids: Option<&[UserId]>) -> Result<Vec<Person>, AccountsError> {
        use sea_orm::QueryOrder;
        let ordered = |query: Select<users::Entity>| {
            query
                .order_by_asc(users::Column::LastName)
                .order_by_asc(users::Column::FirstName)
                .order_by_asc(users::Column::Id)
        };
        let Some(ids) = ids else {
            return Ok(ordered(people_in_reach(ctx)).all(&self.db).await?.into_iter().map(Person::from).collect());
        };
        let mut people = Vec::new();
        // In chunks, within every database's parameter limit.
        for chunk in ids.chunks(500) {
            people.extend(
                ordered(people_in_reach(ctx).filter(users::Column::Id.is_in(chunk.iter().map(|id| id.0))))
                    .all(&self.db)
                    .await?,
            );
        }
        let wanted: std::collections::BTreeSet<UserId> = ids.iter().copied().collect();
        if people.len() != wanted.len() {
            return Err(AccountsError::NotFound);
        }
        people.sort_by(|a, b| (&a.last_name, &a.first_name, a.id).cmp(&(&b.last_name, &b.first_name, b.id)));
        Ok(people.into_iter().map(Person::from).collect())
    }

    /// The caller's company's name (mails and the agenda's anniversaries say it).
    pub async fn company_name(&self, ctx: &TenantCtx) -> Result<String, AccountsError> {
        Ok(crate::entities::companies::Entity::find_by_id(ctx.company().0)
            .one(&self.db)
            .await?
            .map(|company| company.name)
            .unwrap_or_default())
    }

    /// Who may answer `person`'s requests (time off, timesheet edits): the company's active admins
    /// and the person's active manager, never the person themselves (nobody approves their own
    /// request), by name. The same rule the approvals enforce: an admin reaches everyone, a
    /// manager the people who report to them.
    pub async fn approvers_of(&self, ctx: &TenantCtx, person: UserId) -> Result<Vec<Person>, AccountsError> {
        use crate::people::read::{self, PeopleFilter};
        use kernel::Role;
        let Some(them) = read::person(&self.db, ctx, person).await? else {
            return Ok(Vec::new());
        };
        let admins = PeopleFilter::active().with_roles(&[Role::Admin]).except(person);
        let mut approvers = read::people(&self.db, ctx, &admins).await?;
        if let Some(manager) = them.manager_id.filter(|manager| *manager != person) {
            let theirs = PeopleFilter::active().with_roles(&[Role::Manager]).with_ids([manager]);
            approvers.extend(read::people(&self.db, ctx, &theirs).await?);
        }
        approvers.sort_by(|a, b| (&a.last_name, &a.first_name, a.id).cmp(&(&b.last_name, &b.first_name, b.id)));
        Ok(approvers)
    }

    /// The company's job roles, active and retired, by id: for the crates that refer to them
    /// (a PTO type's allowance per job role).
    pub async fn job_roles_of(&self, ctx: &TenantCtx) -> Result<Vec<JobRole>, AccountsError> {
        use sea_orm::QueryOrder;
        Ok(job_roles::Entity::find()
            .filter(kernel::tenancy::same_company::<job_roles::Entity>(ctx.company()))
            .order_by_asc(job_roles::Column::Id)
            .all(&self.db)
            .await?
            .into_iter()
            .map(JobRole::from)
            .collect())
    }
}

/// Filters of the employee list (`GET /manage/employees`).
#[derive(Debug, Clone, Default)]
pub struct EmployeeFilter {
    /// Active people unless told otherwise.
    pub status: Option<EmploymentStatus>,
    pub job_role_id: Option<JobRoleId>,
    /// Case-insensitive part of a first or last name.
    pub name: Option<String>,
    /// Last name Z–A instead of A–Z.
    pub descending: bool,
    /// From 1.
    pub page: u64,
}

/// Page size of the employee list (spec 001).
pub const EMPLOYEE_PAGE_SIZE: u64 = 30;

/// A row of the employee list: the person, their job role and their manager's first and last
/// name.
#[derive(Debug, Clone)]
pub struct ListedEmployee {
    pub person: Person,
    pub job_role: Option<JobRole>,
    pub manager: Option<(String, String)>,
}

impl Accounts {
    /// The people the actor may manage: the whole company for an admin, a manager's reports and
    /// the manager. Sorted by last name, then first name; each with their job role.
    pub async fn list_employees(
        &self,
        ctx: &ManagerCtx,
        filter: &EmployeeFilter,
    ) -> Result<(Vec<ListedEmployee>, u64), AccountsError> {
        use sea_orm::sea_query::{Alias, Expr, Func, JoinType, SimpleExpr, SubQueryStatement};
        use sea_orm::{ConnectionTrait, FromQueryResult, Order, PaginatorTrait, QueryOrder, QuerySelect, QueryTrait};
        let mut query =
            company_people(ctx).filter(users::Column::Status.eq(filter.status.unwrap_or(EmploymentStatus::Active)));
        if let Some(reach) = reach_condition(ctx.reach()) {
            query = query.filter(reach);
        }
        if let Some(job) = filter.job_role_id {
            query = query.filter(users::Column::JobRoleId.eq(job));
        }
        if let Some(name) = filter.name.as_deref().map(str::trim).filter(|name| !name.is_empty()) {
            let pattern = format!("%{}%", name.to_lowercase().replace(['\\', '%', '_'], ""));
            query = query.filter(
                Condition::any()
                    .add(Expr::expr(Func::lower(Expr::col(users::Column::FirstName))).like(pattern.clone()))
                    .add(Expr::expr(Func::lower(Expr::col(users::Column::LastName))).like(pattern)),
            );
        }
        // Namesakes in id order, the same way as the names: the name index's order.
        let direction = if filter.descending { Order::Desc } else { Order::Asc };
        let in_order = |select: sea_orm::Select<users::Entity>| {
            select
                .order_by(users::Column::LastName, direction.clone())
                .order_by(users::Column::FirstName, direction.clone())
                .order_by(users::Column::Id, direction.clone())
        };
        // One statement: the page's ids come from the name index alone (the rows the offset
        // skips are never read, nor joined to their job roles), then the page's rows with their
        // job roles and, computed once, the count of everyone listed (without the join).
        let count = query.clone().select_only().column_as(users::Column::Id.count(), "total").into_query();
        let page_ids = in_order(query.clone())
            .select_only()
            .column(users::Column::Id)
            .offset((filter.page.max(1) - 1) * EMPLOYEE_PAGE_SIZE)
            .limit(EMPLOYEE_PAGE_SIZE)
            .into_query();
        let mut page = in_order(users::Entity::find().filter(users::Column::Id.in_subquery(page_ids)))
            .find_also_related(job_roles::Entity);
        // Each one's manager's name too, from the same company.
        let manager = Alias::new("manager");
        QueryTrait::query(&mut page)
            .join_as(
                JoinType::LeftJoin,
                users::Entity,
                manager.clone(),
                Expr::col((manager.clone(), users::Column::Id)).equals((users::Entity, users::Column::ManagerId)).and(
                    Expr::col((manager.clone(), users::Column::CompanyId))
                        .equals((users::Entity, users::Column::CompanyId)),
                ),
            )
            .expr_as(Expr::col((manager.clone(), users::Column::FirstName)), Alias::new("manager_first"))
            .expr_as(Expr::col((manager, users::Column::LastName)), Alias::new("manager_last"))
            .expr_as(
                SimpleExpr::SubQuery(None, Box::new(SubQueryStatement::SelectStatement(count))),
                Alias::new("total"),
            );
        let backend = self.db.get_database_backend();
        let mut rows = Vec::new();
        let mut total = None;
        for row in self.db.query_all(backend.build(QueryTrait::query(&mut page))).await? {
            // The column prefixes of sea-orm's two-entity selects.
            let user = users::Model::from_query_result(&row, "A_")?;
            let job_role = job_roles::Model::from_query_result_optional(&row, "B_")?;
            let first: Option<String> = row.try_get("", "manager_first")?;
            let last: Option<String> = row.try_get("", "manager_last")?;
            total = Some(row.try_get::<i64>("", "total")?);
            rows.push(ListedEmployee {
                person: user.into(),
                job_role: job_role.map(JobRole::from),
                manager: first.zip(last),
            });
        }
        // Past the last page there is no row to carry the count.
        let total = match total {
            Some(total) => u64::try_from(total).unwrap_or(0),
            None => query.count(&self.db).await?,
        };
        Ok((rows, total))
    }
}
