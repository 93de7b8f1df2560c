//! Reading people, companies and job roles: every other crate's way to them.
//!
//! Each function takes the connection to read on (a write transaction that must see its own
//! changes passes itself) and, for people, the context whose company scopes the read.

use super::{Company, JobRole, Person};
use crate::directory::{company_people, people_in_reach as reach_select};
use crate::entities::{companies, job_roles, users};
use kernel::{CompanyId, EmploymentStatus, JobRoleId, Role, TenantCtx, UserId};
use sea_orm::sea_query::{Expr, Func};
use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder, QuerySelect, Select};

/// Within every database's limit of bound parameters.
const CHUNK: usize = 500;

/// The order of a list of people.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum PersonOrder {
    /// By id: the order people were added.
    #[default]
    Id,
    /// By last name, then first name (then id): the lists of the manager's screens.
    LastName,
    /// By first name, then last name (then id): the pickers.
    FirstName,
}

/// Which people of a company a read wants; every field left `None` lets everyone through.
#[derive(Debug, Clone, Default)]
pub struct PeopleFilter {
    pub ids: Option<Vec<UserId>>,
    pub status: Option<EmploymentStatus>,
    pub roles: Option<Vec<Role>>,
    pub job_roles: Option<Vec<JobRoleId>>,
    /// Everyone but this person.
    pub except: Option<UserId>,
    pub order: PersonOrder,
}

impl PeopleFilter {
    /// The active people.
    pub fn active() -> Self {
        PeopleFilter { status: Some(EmploymentStatus::Active), ..Default::default() }
    }

    pub fn ordered(mut self, order: PersonOrder) -> Self {
        self.order = order;
        self
    }

    pub fn with_ids(mut self, ids: impl IntoIterator<Item = UserId>) -> Self {
        self.ids = Some(ids.into_iter().collect());
        self
    }

    pub fn with_roles(mut self, roles: &[Role]) -> Self {
        self.roles = Some(roles.to_vec());
        self
    }

    pub fn except(mut self, person: UserId) -> Self {
        self.except = Some(person);
        self
    }

    fn apply(&self, mut query: Select<users::Entity>) -> Select<users::Entity> {
        if let Some(status) = self.status {
            query = query.filter(users::Column::Status.eq(status));
        }
        if let Some(roles) = &self.roles {
            query = query.filter(users::Column::Role.is_in(roles.iter().map(|role| role.code())));
        }
        if let Some(job_roles) = &self.job_roles {
            query = query.filter(users::Column::JobRoleId.is_in(job_roles.iter().map(|id| id.0)));
        }
        if let Some(except) = self.except {
            query = query.filter(users::Column::Id.ne(except.0));
        }
        match self.order {
            PersonOrder::Id => query.order_by_asc(users::Column::Id),
            PersonOrder::LastName => query
                .order_by_asc(users::Column::LastName)
                .order_by_asc(users::Column::FirstName)
                .order_by_asc(users::Column::Id),
            PersonOrder::FirstName => query
                .order_by_asc(users::Column::FirstName)
                .order_by_asc(users::Column::LastName)
                .order_by_asc(users::Column::Id),
        }
    }

    /// The query's rows, the ids in chunks; a chunked read is put back in the filter's order.
    async fn run<C: ConnectionTrait>(&self, db: &C, base: Select<users::Entity>) -> Result<Vec<Person>, DbErr> {
        let Some(ids) = &self.ids else {
            return Ok(self.apply(base).all(db).await?.into_iter().map(Person::from).collect());
        };
        let mut rows = Vec::with_capacity(ids.len());
        for chunk in ids.chunks(CHUNK) {
            let query = base.clone().filter(users::Column::Id.is_in(chunk.iter().map(|id| id.0)));
            rows.extend(self.apply(query).all(db).await?);
        }
        if ids.len() > CHUNK {
            rows.sort_by(|a, b| match self.order {
                PersonOrder::Id => a.id.cmp(&b.id),
                PersonOrder::LastName => (&a.last_name, &a.first_name, a.id).cmp(&(&b.last_name, &b.first_name, b.id)),
                PersonOrder::FirstName => (&a.first_name, &a.last_name, a.id).cmp(&(&b.first_name, &b.last_name, b.id)),
            });
        }
        Ok(rows.into_iter().map(Person::from).collect())
    }
}

/// The people of the caller's company that `filter` lets through, whoever the caller reaches
/// (for what the whole company shares: pickers, audiences, colleagues).
pub async fn people<C: ConnectionTrait>(db: &C, ctx: &TenantCtx, filter: &PeopleFilter) -> Result<Vec<Person>, DbErr> {
    filter.run(db, company_people(ctx)).await
}

/// The people the caller reaches ([`TenantCtx::reach`]) that `filter` lets through.
pub async fn people_in_reach<C: ConnectionTrait>(
    db: &C,
    ctx: &TenantCtx,
    filter: &PeopleFilter,
) -> Result<Vec<Person>, DbErr> {
    filter.run(db, reach_select(ctx)).await
}

/// The ids of the people the caller reaches, terminated ones too: one narrow query.
pub async fn ids_in_reach<C: ConnectionTrait>(db: &C, ctx: &TenantCtx) -> Result<Vec<UserId>, DbErr> {
    let ids: Vec<i64> = reach_select(ctx).select_only().column(users::Column::Id).into_tuple().all(db).await?;
    Ok(ids.into_iter().map(UserId).collect())
}

/// The ids the caller reaches as a filter: `None` when they reach the whole company (the company
/// filter alone does, and no list is read), else the ids of [`ids_in_reach`].
pub async fn reach_filter<C: ConnectionTrait>(db: &C, ctx: &TenantCtx) -> Result<Option<Vec<UserId>>, DbErr> {
    if ctx.reach().is_company() {
        return Ok(None);
    }
    Ok(Some(ids_in_reach(db, ctx).await?))
}

/// A person of the caller's company, whether or not the caller reaches them (`None` for anyone
/// else, another company's people included).
pub async fn person<C: ConnectionTrait>(db: &C, ctx: &TenantCtx, id: UserId) -> Result<Option<Person>, DbErr> {
    Ok(company_people(ctx).filter(users::Column::Id.eq(id.0)).one(db).await?.map(Person::from))
}

/// People by id across companies, for scheduled work that took the ids from its own
/// company-scoped rows (a reminder run over every company). Never for an id from a request.
pub async fn people_with_ids<C: ConnectionTrait>(
    db: &C,
    ids: &[UserId],
    filter: &PeopleFilter,
) -> Result<Vec<Person>, DbErr> {
    PeopleFilter { ids: Some(ids.to_vec()), ..filter.clone() }.run(db, users::Entity::find()).await
}

/// Whether `email` belongs to anyone but `except`, in any company (addresses sign people in, so
/// they are unique across the deployment). Compared without case.
pub async fn email_in_use<C: ConnectionTrait>(db: &C, email: &str, except: Option<UserId>) -> Result<bool, DbErr> {
    let mut query =
        users::Entity::find().filter(Expr::expr(Func::lower(Expr::col(users::Column::Email))).eq(email.to_lowercase()));
    if let Some(id) = except {
        query = query.filter(users::Column::Id.ne(id.0));
    }
    Ok(query.one(db).await?.is_some())
}

/// Which of `emails` (lower case) belong to someone already, in any company.
pub async fn emails_in_use<C: ConnectionTrait>(db: &C, emails: &[String]) -> Result<Vec<String>, DbErr> {
    let mut taken = Vec::new();
    for chunk in emails.chunks(CHUNK) {
        let found: Vec<String> = users::Entity::find()
            .filter(users::Column::Email.is_in(chunk.iter().cloned()))
            .select_only()
            .column(users::Column::Email)
            .into_tuple()
            .all(db)
            .await?;
        taken.extend(found.into_iter().map(|email| email.to_lowercase()));
    }
    Ok(taken)
}

/// The caller's company.
pub async fn company<C: ConnectionTrait>(db: &C, id: CompanyId) -> Result<Option<Company>, DbErr> {
    Ok(companies::Entity::find_by_id(id.0).one(db).await?.map(Company::from))
}

/// Companies by id (all of them for `None`), by id: for scheduled work over every company.
pub async fn companies<C: ConnectionTrait>(db: &C, ids: Option<&[CompanyId]>) -> Result<Vec<Company>, DbErr> {
    let query = companies::Entity::find().order_by_asc(companies::Column::Id);
    let rows = match ids {
        None => query.all(db).await?,
        Some(ids) => {
            let mut rows = Vec::with_capacity(ids.len());
            for chunk in ids.chunks(CHUNK) {
                rows.extend(
                    query.clone().filter(companies::Column::Id.is_in(chunk.iter().map(|id| id.0))).all(db).await?,
                );
            }
            rows
        }
    };
    Ok(rows.into_iter().map(Company::from).collect())
}

/// The batches of a job cut by people: for each company with more than `size` people (everyone
/// on its books, terminated included), its ids as contiguous ranges of `size` people, first to
/// last; companies of `size` or fewer are not listed (a batch each, whole).
pub async fn people_ranges<C: ConnectionTrait>(
    db: &C,
    size: usize,
) -> Result<Vec<(CompanyId, Vec<(UserId, UserId)>)>, DbErr> {
    let size = size.max(1);
    let counts: Vec<(Option<CompanyId>, i64)> = users::Entity::find()
        .select_only()
        .column(users::Column::CompanyId)
        .column_as(users::Column::Id.count(), "people")
        .filter(users::Column::CompanyId.is_not_null())
        .group_by(users::Column::CompanyId)
        .into_tuple()
        .all(db)
        .await?;
    let mut ranges = Vec::new();
    for company in counts.into_iter().filter(|(_, people)| *people > size as i64).filter_map(|(company, _)| company) {
        let ids: Vec<i64> = users::Entity::find()
            .select_only()
            .column(users::Column::Id)
            .filter(kernel::tenancy::same_company::<users::Entity>(company))
            .order_by_asc(users::Column::Id)
            .into_tuple()
            .all(db)
            .await?;
        let cut = ids.chunks(size).filter_map(|chunk| Some((UserId(*chunk.first()?), UserId(*chunk.last()?))));
        ranges.push((company, cut.collect()));
    }
    Ok(ranges)
}

/// The company's job roles, active and retired, by name.
pub async fn job_roles<C: ConnectionTrait>(db: &C, ctx: &TenantCtx) -> Result<Vec<JobRole>, DbErr> {
    Ok(job_roles::Entity::find()
        .filter(kernel::tenancy::same_company::<job_roles::Entity>(ctx.company()))
        .order_by_asc(job_roles::Column::Name)
        .order_by_asc(job_roles::Column::Id)
        .all(db)
        .await?
        .into_iter()
        .map(JobRole::from)
        .collect())
}

/// A job role of the caller's company (`None` for anyone else's).
pub async fn job_role<C: ConnectionTrait>(db: &C, ctx: &TenantCtx, id: JobRoleId) -> Result<Option<JobRole>, DbErr> {
    Ok(job_roles::Entity::find_by_id(id.0)
        .filter(kernel::tenancy::same_company::<job_roles::Entity>(ctx.company()))
        .one(db)
        .await?
        .map(JobRole::from))
}

/// The people of `company` that `filter` lets through, for work that no one's request scopes
/// (seeding the demo company's records).
pub async fn people_of_company<C: ConnectionTrait>(
    db: &C,
    company: CompanyId,
    filter: &PeopleFilter,
) -> Result<Vec<Person>, DbErr> {
    filter.run(db, users::Entity::find().filter(kernel::tenancy::same_company::<users::Entity>(company))).await
}

/// The active people of the caller's company whose birthday (`MM/DD`) is one of `birthdays` or
/// whose latest start date is one of `starts`, by id: the database picks the few that a day's
/// celebrations are about.
pub async fn active_people_born_or_started_on<C: ConnectionTrait>(
    db: &C,
    ctx: &TenantCtx,
    birthdays: &[String],
    starts: &[chrono::NaiveDate],
) -> Result<Vec<Person>, DbErr> {
    let dates = sea_orm::Condition::any()
        .add(users::Column::Birthday.is_in(birthdays.iter().cloned()))
        .add(users::Column::LastStartDate.is_in(starts.iter().copied()));
    PeopleFilter::active().run(db, company_people(ctx).filter(dates)).await
}

/// The active people of the caller's company whose latest start is on or after `since`, by id.
pub async fn active_people_started_since<C: ConnectionTrait>(
    db: &C,
    ctx: &TenantCtx,
    since: chrono::NaiveDate,
) -> Result<Vec<Person>, DbErr> {
    PeopleFilter::active().run(db, company_people(ctx).filter(users::Column::LastStartDate.gte(since))).await
}

/// Which of `emails` (lower case) sign in someone outside `company` (another company's people,
/// or the operator). Compared without case.
pub async fn emails_outside<C: ConnectionTrait>(
    db: &C,
    company: CompanyId,
    emails: &[String],
) -> Result<Vec<String>, DbErr> {
    let mut taken = Vec::new();
    for chunk in emails.chunks(CHUNK) {
        let found: Vec<String> = users::Entity::find()
            .filter(Expr::expr(Func::lower(Expr::col(users::Column::Email))).is_in(chunk.iter().cloned()))
            .filter(
                sea_orm::Condition::any()
                    .add(users::Column::CompanyId.is_null())
                    .add(users::Column::CompanyId.ne(company.0)),
            )
            .select_only()
            .column(users::Column::Email)
            .into_tuple()
            .all(db)
            .await?;
        taken.extend(found.into_iter().map(|email| email.to_lowercase()));
    }
    Ok(taken)
}

/// The platform's operators (active, of no company), for telling them of trouble the
/// deployment's scheduled work found: (e-mail, name).
pub async fn operator_contacts<C: ConnectionTrait>(db: &C) -> Result<Vec<(String, String)>, DbErr> {
    Ok(users::Entity::find()
        .filter(users::Column::Role.eq(Role::SysAdmin))
        .filter(users::Column::CompanyId.is_null())
        .filter(users::Column::Status.eq(EmploymentStatus::Active))
        .order_by_asc(users::Column::Id)
        .all(db)
        .await?
        .into_iter()
        .map(|user| (user.email, format!("{} {}", user.first_name, user.last_name).trim().to_owned()))
        .collect())
}
