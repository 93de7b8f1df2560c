//! The demo company `just run` starts with: an admin, a manager, six employees in two job roles,
//! and a system admin for the back office.

use crate::entities::{companies, job_roles, users};
use crate::password::hash_password;
use crate::{Accounts, AccountsError};
use chrono::{Duration, Utc};
use kernel::time::{local_date, DEFAULT_TIME_ZONE};
use kernel::Role;
use sea_orm::{ActiveModelTrait, ActiveValue::Set, ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter};

/// Every demo login's password.
pub const DEMO_PASSWORD: &str = "demo1234";
const DEMO_ADMIN_EMAIL: &str = "admin@demo.example.com";

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DemoLogin {
    pub email: String,
    pub role: Role,
    pub name: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DemoOutcome {
    /// The database was empty and now holds the demo.
    Created(Vec<DemoLogin>),
    /// The demo was there already.
    AlreadyPresent(Vec<DemoLogin>),
    /// The database holds other data, which the demo never mixes with.
    NotEmpty,
}

struct Person {
    email: &'static str,
    first: &'static str,
    last: &'static str,
    role: Role,
    /// Index into the job roles, for employees.
    job: Option<usize>,
    /// Reports to the manager (otherwise to the admin).
    reports_to_manager: bool,
}

const JOB_ROLES: [&str; 2] = ["Customer Service Representative", "Producer"];

const PEOPLE: [Person; 8] = [
    Person {
        email: DEMO_ADMIN_EMAIL,
        first: "Ada",
        last: "Admin",
        role: Role::Admin,
        job: None,
        reports_to_manager: false,
    },
    Person {
        email: "manager@demo.example.com",
        first: "Max",
        last: "Manager",
        role: Role::Manager,
        job: None,
        reports_to_manager: false,
    },
    Person {
        email: "employee1@demo.example.com",
        first: "Emma",
        last: "Brooks",
        role: Role::Employee,
        job: Some(0),
        reports_to_manager: true,
    },
    Person {
        email: "employee2@demo.example.com",
        first: "Liam",
        last: "Carter",
        role: Role::Employee,
        job: Some(0),
        reports_to_manager: true,
    },
    Person {
        email: "employee3@demo.example.com",
        first: "Olivia",
        last: "Diaz",
        role: Role::Employee,
        job: Some(0),
        reports_to_manager: true,
    },
    Person {
        email: "employee4@demo.example.com",
        first: "Noah",
        last: "Evans",
        role: Role::Employee,
        job: Some(1),
        reports_to_manager: false,
    },
    Person {
        email: "employee5@demo.example.com",
        first: "Ava",
        last: "Foster",
        role: Role::Employee,
        job: Some(1),
        reports_to_manager: false,
    },
    Person {
        email: "employee6@demo.example.com",
        first: "Lucas",
        last: "Garcia",
        role: Role::Employee,
        job: Some(1),
        reports_to_manager: false,
    },
];
const SYSADMIN: (&str, &str, &str) = ("sysadmin@timekeep.example.com", "Sam", "Operator");

fn logins() -> Vec<DemoLogin> {
    PEOPLE
        .iter()
        .map(|person| DemoLogin {
            email: person.email.to_owned(),
            role: person.role,
            name: format!("{} {}", person.first, person.last),
        })
        .chain(std::iter::once(DemoLogin {
            email: SYSADMIN.0.to_owned(),
            role: Role::SysAdmin,
            name: format!("{} {}", SYSADMIN.1, SYSADMIN.2),
        }))
        .collect()
}

impl Accounts {
    /// The demo company, when this database holds it (for the domains that add to the demo).
    pub async fn demo_company(&self) -> Result<Option<kernel::CompanyId>, AccountsError> {
        Ok(users::Entity::find()
            .filter(users::Column::Email.eq(DEMO_ADMIN_EMAIL))
            .one(&self.db)
            .await?
            .and_then(|admin| admin.company_id))
    }

    /// Moves the demo company's people's start back to `start` (the demo's history: people who
    /// worked the last three months started before them). Its people only.
    pub async fn backdate_demo_start(
        &self,
        company: kernel::CompanyId,
        start: chrono::NaiveDate,
    ) -> Result<(), AccountsError> {
        use sea_orm::sea_query::Expr;
        users::Entity::update_many()
            .col_expr(users::Column::LastStartDate, Expr::value(start))
            .filter(kernel::tenancy::same_company::<users::Entity>(company))
            .exec(&self.db)
            .await?;
        Ok(())
    }

    /// Creates the demo on an empty database; leaves any other database alone.
    pub async fn seed_demo(&self) -> Result<DemoOutcome, AccountsError> {
        if users::Entity::find().filter(users::Column::Email.eq(DEMO_ADMIN_EMAIL)).count(&self.db).await? > 0 {
            return Ok(DemoOutcome::AlreadyPresent(logins()));
        }
        if users::Entity::find().count(&self.db).await? > 0 {
            return Ok(DemoOutcome::NotEmpty);
        }
        let now = Utc::now();
        let hash = tokio::task::spawn_blocking(|| hash_password(DEMO_PASSWORD))
            .await
            .map_err(|err| AccountsError::Internal(err.to_string()))??;

        let txn = kernel::begin_write(&self.db).await?;
        let trial_end = local_date(DEFAULT_TIME_ZONE, now) + Duration::days(self.config.trial_days);
        let company = companies::new_row("Demo Insurance Agency", DEFAULT_TIME_ZONE.name(), Some(trial_end), now)
            .insert(&txn)
            .await?;
        let mut job_ids = Vec::new();
        for name in JOB_ROLES {
            let job = job_roles::ActiveModel {
                company_id: Set(company.id),
                name: Set(name.to_owned()),
                active: Set(true),
                ..Default::default()
            }
            .insert(&txn)
            .await?;
            job_ids.push(job.id);
        }
        let new_user = |company_id: Option<kernel::CompanyId>, email: &str, first: &str, last: &str, role: Role| {
            users::NewPerson {
                company_id,
                email,
                password_hash: Some(hash.clone()),
                first_name: first,
                last_name: last,
                role,
                verified_at: Some(now),
                now,
            }
            .row()
        };
        let today = local_date(DEFAULT_TIME_ZONE, now);
        let mut admin_id = None;
        let mut manager_id = None;
        for person in &PEOPLE {
            let mut user = new_user(Some(company.id), person.email, person.first, person.last, person.role);
            user.job_role_id = Set(person.job.and_then(|index| job_ids.get(index).copied()));
            user.last_start_date = Set(Some(today));
            user.manager_id = Set(match person.role {
                Role::Admin => None,
                _ if person.reports_to_manager => manager_id,
                _ => admin_id,
            });
            let saved = user.insert(&txn).await?;
            match person.role {
                Role::Admin => admin_id = Some(saved.id),
                Role::Manager => manager_id = Some(saved.id),
                _ => {}
            }
        }
        new_user(None, SYSADMIN.0, SYSADMIN.1, SYSADMIN.2, Role::SysAdmin).insert(&txn).await?;
        txn.commit().await?;
        Ok(DemoOutcome::Created(logins()))
    }
}
