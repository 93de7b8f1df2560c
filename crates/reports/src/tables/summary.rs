//! A report's people and their time, gathered once for the summary and its exports, and the
//! summary report's arithmetic (see the module docs): cells in hundredths, totals their sums.

use super::{status_code, PtoTypeRef, ReportQuery, SummaryCenti, SummaryReport, SummaryRow, TypeAmount};
use crate::{centi_hours, centi_hours_floor, hours_value, Reports, ReportsError};
use accounts::Person;
use kernel::{EmploymentStatus, ManagerCtx};
use pto::reporting::{Employment, TypeName};
use std::collections::HashMap;

fn type_amounts(types: &[TypeName], minutes: &HashMap<i64, i64>) -> Vec<TypeAmount> {
    types
        .iter()
        .map(|kind| {
            let minutes = minutes.get(&kind.id).copied().unwrap_or(0);
            let centi = centi_hours(minutes);
            TypeAmount { pto_type_id: kind.id, minutes, hours: hours_value(centi), centi }
        })
        .collect()
}

pub(super) fn sum_amounts(types: &[TypeName], parts: &[&[TypeAmount]]) -> Vec<TypeAmount> {
    types
        .iter()
        .enumerate()
        .map(|(index, kind)| {
            let (minutes, centi) = parts
                .iter()
                .filter_map(|amounts| amounts.get(index))
                .fold((0, 0), |(minutes, centi), amount| (minutes + amount.minutes, centi + amount.centi));
            TypeAmount { pto_type_id: kind.id, minutes, hours: hours_value(centi), centi }
        })
        .collect()
}

/// The people of a report with their time, gathered once and shaped by each report.
pub(crate) struct Gathered {
    pub people: Vec<Person>,
    pub types: Vec<TypeName>,
    pub worked: HashMap<i64, timesheet::reporting::WorkedTotals>,
    pub time_off: Vec<pto::reporting::TimeOffTaken>,
    pub holidays: Vec<pto::reporting::HolidayPaid>,
}

impl Reports {
    pub(crate) async fn gather(&self, ctx: &ManagerCtx, query: &ReportQuery) -> Result<Gathered, ReportsError> {
        let people = self.report_people(ctx, query.employees.as_deref()).await?;
        let ids: Vec<i64> = people.iter().map(|person| person.id.0).collect();
        // The whole company needs no list of ids (the database filters by company alone).
        let scope = (query.employees.is_some() || !ctx.reach().is_company()).then_some(ids.as_slice());
        let worked = self.timesheet.worked_by_employee(ctx, scope, query.start, query.end).await?;
        let people_ids: Vec<kernel::UserId> = people.iter().map(|person| person.id).collect();
        let time_off = self.pto.time_off_taken(ctx, &people_ids, query.start, query.end).await?;
        let employment: Vec<Employment> = people
            .iter()
            .map(|person| Employment {
                employee_id: person.id,
                status: person.status,
                start: person.last_start_date,
                terminated: person.last_termination_date,
            })
            .collect();
        let holidays = self.pto.holidays_paid(ctx, &employment, query.start, query.end).await?;
        let types = self.pto.type_names(ctx).await?;
        Ok(Gathered { people, types, worked, time_off, holidays })
    }

    /// `GET /report/summary-report-data`.
    pub async fn summary_report(&self, ctx: &ManagerCtx, query: &ReportQuery) -> Result<SummaryReport, ReportsError> {
        let data = self.gather(ctx, query).await?;
        Ok(summary_of(query, data))
    }
}

/// The summary report from what was gathered (see the module docs for the arithmetic).
pub(crate) fn summary_of(query: &ReportQuery, data: Gathered) -> SummaryReport {
    let mut pto_minutes: HashMap<i64, HashMap<i64, i64>> = HashMap::new();
    for item in &data.time_off {
        *pto_minutes.entry(item.employee_id).or_default().entry(item.pto_type_id).or_insert(0) += item.minutes();
    }
    let mut holiday_minutes: HashMap<i64, i64> = HashMap::new();
    for paid in &data.holidays {
        *holiday_minutes.entry(paid.employee_id).or_insert(0) += paid.minutes;
    }
    let no_minutes = HashMap::new();
    let mut rows = Vec::new();
    for person in &data.people {
        let worked = data.worked.get(&person.id.0).copied().unwrap_or_default();
        let holiday = holiday_minutes.get(&person.id.0).copied().unwrap_or(0);
        let pto = type_amounts(&data.types, pto_minutes.get(&person.id.0).unwrap_or(&no_minutes));
        let pto_total: i64 = pto.iter().map(|amount| amount.minutes).sum();
        if person.status != EmploymentStatus::Active && worked.clocked == 0 && holiday == 0 && pto_total == 0 {
            continue;
        }
        let regular_minutes = worked.clocked - worked.overtime - worked.double_time;
        let centi = {
            let regular = centi_hours(regular_minutes);
            let overtime = centi_hours_floor(worked.overtime);
            let double_time = centi_hours_floor(worked.double_time);
            let holiday = centi_hours(holiday);
            let pto: i64 = pto.iter().map(|amount| amount.centi).sum();
            SummaryCenti {
                regular,
                overtime,
                double_time,
                holiday,
                pto,
                subtotal: regular + overtime + double_time + holiday + pto,
            }
        };
        rows.push(SummaryRow {
            employee_id: Some(person.id.0),
            firstname: Some(person.first_name.clone()),
            lastname: Some(person.last_name.clone()),
            status: Some(status_code(person.status)),
            worked_minutes: worked.clocked,
            regular_minutes,
            overtime_minutes: worked.overtime,
            double_time_minutes: worked.double_time,
            holiday_minutes: holiday,
            pto_minutes: pto_total,
            pto,
            regular_hours: hours_value(centi.regular),
            overtime_hours: hours_value(centi.overtime),
            double_time_hours: hours_value(centi.double_time),
            holiday_hours: hours_value(centi.holiday),
            pto_hours: hours_value(centi.pto),
            subtotal_hours: hours_value(centi.subtotal),
            centi,
        });
    }
    let parts: Vec<&[TypeAmount]> = rows.iter().map(|row| row.pto.as_slice()).collect();
    let centi = rows.iter().fold(SummaryCenti::default(), |sum, row| SummaryCenti {
        regular: sum.regular + row.centi.regular,
        overtime: sum.overtime + row.centi.overtime,
        double_time: sum.double_time + row.centi.double_time,
        holiday: sum.holiday + row.centi.holiday,
        pto: sum.pto + row.centi.pto,
        subtotal: sum.subtotal + row.centi.subtotal,
    });
    let totals = SummaryRow {
        employee_id: None,
        firstname: None,
        lastname: None,
        status: None,
        worked_minutes: rows.iter().map(|row| row.worked_minutes).sum(),
        regular_minutes: rows.iter().map(|row| row.regular_minutes).sum(),
        overtime_minutes: rows.iter().map(|row| row.overtime_minutes).sum(),
        double_time_minutes: rows.iter().map(|row| row.double_time_minutes).sum(),
        holiday_minutes: rows.iter().map(|row| row.holiday_minutes).sum(),
        pto_minutes: rows.iter().map(|row| row.pto_minutes).sum(),
        pto: sum_amounts(&data.types, &parts),
        regular_hours: hours_value(centi.regular),
        overtime_hours: hours_value(centi.overtime),
        double_time_hours: hours_value(centi.double_time),
        holiday_hours: hours_value(centi.holiday),
        pto_hours: hours_value(centi.pto),
        subtotal_hours: hours_value(centi.subtotal),
        centi,
    };
    SummaryReport {
        start: query.start,
        end: query.end,
        pto_types: data.types.iter().map(|kind| PtoTypeRef { id: kind.id, name: kind.name.clone() }).collect(),
        rows,
        totals,
    }
}
