//! Time off for the demo company (`timekeep demo --with-time-off`, what `just run` starts): so a
//! newcomer finds PTO working, not a screen asking an admin to set it up. Vacation (80 hours at
//! the start of each year, 16 carried over), Sick (1 hour per 30 worked) and an unpaid Leave, the
//! Standard plan for everyone from 1 January, and one pending request in the manager's inbox.
//! With the demo's history (`--with-history`), time off taken in the last three months, one
//! approved ahead and a second request waiting.
//! The browser journeys seed the demo without it: they set up PTO themselves.

use crate::entities::{pto_enrollments as enrollments, pto_plans as plans, pto_requests as requests};
use crate::entities::{pto_rules as rules, pto_types as types};
use crate::{Pto, PtoError};
use accounts::people::read::{self, PeopleFilter};
use accounts::Person;
use chrono::{Datelike, Duration, NaiveDate, Utc, Weekday};
use kernel::ids::PtoTypeId;
use kernel::{CompanyId, RequestStatus, Role};
use sea_orm::{ActiveModelTrait, ActiveValue::Set, ColumnTrait, EntityTrait, QueryFilter};

impl Pto {
    /// Sets up the demo company's time off as of `today` (its local day). False, and nothing
    /// written, when the company already has PTO types.
    pub async fn seed_demo_time_off(&self, company: CompanyId, today: NaiveDate) -> Result<bool, PtoError> {
        let same = kernel::tenancy::same_company::<types::Entity>(company);
        if types::Entity::find().filter(same).one(&self.db).await?.is_some() {
            return Ok(false);
        }
        let now = Utc::now();
        let people = read::people_of_company(&self.db, company, &PeopleFilter::default()).await?;
        let _permit = self.gate.enter().await;
        let txn = kernel::begin_write(&self.db).await?;
        let mut type_ids = [PtoTypeId(0); 3];
        let kinds = [("Vacation", "#1c7ed6", true), ("Sick", "#e8590c", true), ("Leave", "#868e96", false)];
        for (id, (name, color, payable)) in type_ids.iter_mut().zip(kinds) {
            let row = types::ActiveModel {
                company_id: Set(company),
                name: Set(name.to_owned()),
                color: Set(color.to_owned()),
                payable: Set(payable),
                available: Set(true),
                created_at: Set(now),
                updated_at: Set(now),
                deleted_at: Set(None),
                ..Default::default()
            }
            .insert(&txn)
            .await?;
            *id = row.id;
        }
        let [vacation, sick, _leave] = type_ids;
        let plan = plans::ActiveModel {
            company_id: Set(company),
            name: Set("Standard".to_owned()),
            created_at: Set(now),
            updated_at: Set(now),
            ..Default::default()
        }
        .insert(&txn)
        .await?;
        for (pto_type, method, hundredths, unit, carry) in
            [(vacation, "PER_CALENDAR_YEAR", 8_000, 1, Some(16)), (sick, "PER_HOUR_WORKED", 100, 30, None)]
        {
            rules::ActiveModel {
                company_id: Set(company),
                plan_id: Set(plan.id),
                pto_type_id: Set(pto_type),
                active: Set(true),
                method: Set(method.to_owned()),
                rate_hundredths: Set(hundredths),
                rate_unit: Set(unit),
                prorated: Set(true),
                waiting_period_days: Set(None),
                start_after_waiting_period: Set(false),
                carryover_policy: Set("allowCarryover".to_owned()),
                max_carryover_hours: Set(carry),
                max_balance_hours: Set(None),
                ..Default::default()
            }
            .insert(&txn)
            .await?;
        }
        let first_of_year = NaiveDate::from_ymd_opt(today.year(), 1, 1).unwrap_or(today);
        let staff: Vec<&Person> = people.iter().filter(|person| person.role != Role::SysAdmin).collect();
        for person in &staff {
            enrollments::ActiveModel {
                company_id: Set(company),
                employee_id: Set(person.id),
                year: Set(today.year()),
                plan_id: Set(plan.id),
                effective_from: Set(first_of_year),
                created_by: Set(None),
                created_at: Set(now),
                ..Default::default()
            }
            .insert(&txn)
            .await?;
        }
        // A day of vacation on the Monday two weeks ahead, waiting for the manager.
        let asker = staff.iter().find(|person| person.manager_id.is_some()).or(staff.last());
        if let Some(asker) = asker {
            let mut day = today + Duration::days(14);
            while day.weekday() != Weekday::Mon {
                day += Duration::days(1);
            }
            requests::ActiveModel {
                company_id: Set(company),
                employee_id: Set(asker.id),
                pto_type_id: Set(vacation),
                start_date: Set(day),
                end_date: Set(day),
                partial: Set(false),
                start_time: Set(None),
                end_time: Set(None),
                include_weekend: Set(false),
                reason: Set("Family visit".to_owned()),
                status: Set(RequestStatus::Raised),
                requested_by: Set(Some(asker.id)),
                created_at: Set(now),
                updated_at: Set(now),
                ..Default::default()
            }
            .insert(&txn)
            .await?;
        }
        txn.commit().await?;
        Ok(true)
    }

    /// The demo's time-off history (`--with-history`, after the shifts and the people's earlier
    /// start dates): time off taken in the last three months, approved by the admin, one approved
    /// ahead and a second request waiting. False, and nothing written, without the demo's PTO
    /// types or when approved time off exists already.
    pub async fn seed_demo_time_off_history(&self, company: CompanyId, today: NaiveDate) -> Result<bool, PtoError> {
        let kinds: Vec<types::Model> =
            types::Entity::find().filter(kernel::tenancy::same_company::<types::Entity>(company)).all(&self.db).await?;
        let (Some(vacation), Some(sick)) = (
            kinds.iter().find(|kind| kind.name == "Vacation").map(|kind| kind.id),
            kinds.iter().find(|kind| kind.name == "Sick").map(|kind| kind.id),
        ) else {
            return Ok(false);
        };
        let answered = requests::Entity::find()
            .filter(kernel::tenancy::same_company::<requests::Entity>(company))
            .filter(requests::Column::Status.eq(RequestStatus::Approved))
            .one(&self.db)
            .await?;
        if answered.is_some() {
            return Ok(false);
        }
        let now = Utc::now();
        let people = read::people_of_company(&self.db, company, &PeopleFilter::default()).await?;
        let staff: Vec<&Person> = people.iter().filter(|person| person.role != Role::SysAdmin).collect();
        let _permit = self.gate.enter().await;
        let txn = kernel::begin_write(&self.db).await?;
        // Time off already taken in the last three months (approved by the admin), one approved
        // ahead, and a second request waiting: the calendar, reports and balances have history.
        let approver = staff.iter().find(|person| person.role == Role::Admin).map(|person| person.id);
        let monday_before = |back: i64| {
            let mut day = today - Duration::days(back);
            while day.weekday() != Weekday::Mon {
                day -= Duration::days(1);
            }
            day
        };
        let taken: Vec<(usize, PtoTypeId, NaiveDate, NaiveDate, RequestStatus, &str)> = vec![
            (
                2,
                vacation,
                monday_before(70),
                monday_before(70) + Duration::days(2),
                RequestStatus::Approved,
                "Long weekend away",
            ),
            (
                3,
                sick,
                monday_before(40) + Duration::days(3),
                monday_before(40) + Duration::days(3),
                RequestStatus::Approved,
                "Flu",
            ),
            (
                4,
                vacation,
                monday_before(20) + Duration::days(4),
                monday_before(20) + Duration::days(4),
                RequestStatus::Approved,
                "Moving day",
            ),
            (5, vacation, today + Duration::days(30), today + Duration::days(31), RequestStatus::Approved, "Wedding"),
            (6, sick, today + Duration::days(7), today + Duration::days(7), RequestStatus::Raised, "Dentist"),
        ];
        for (index, pto_type, start, end, status, reason) in taken {
            let Some(person) = staff.get(index % staff.len().max(1)) else { continue };
            let answered = status == RequestStatus::Approved;
            requests::ActiveModel {
                company_id: Set(company),
                employee_id: Set(person.id),
                pto_type_id: Set(pto_type),
                start_date: Set(start),
                end_date: Set(end),
                partial: Set(false),
                start_time: Set(None),
                end_time: Set(None),
                include_weekend: Set(false),
                reason: Set(reason.to_owned()),
                status: Set(status),
                requested_by: Set(Some(person.id)),
                acted_by: Set(approver.filter(|_| answered)),
                acted_at: Set(answered.then_some(now)),
                created_at: Set(now),
                updated_at: Set(now),
                ..Default::default()
            }
            .insert(&txn)
            .await?;
        }
        txn.commit().await?;
        Ok(true)
    }
}
