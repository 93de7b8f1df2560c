//! The filter's data (`GET /report/data`), the timesheet and PTO reports, and the dashboard's
//! hours per day, over the people the caller reaches.

use super::summary::sum_amounts;
use super::{
    status_code, DailyHours, DayHours, PtoEmployee, PtoReport, PtoRequestRow, PtoTotals, PtoTypeRef, ReportData,
    ReportEmployee, ReportQuery, ReportTypeOption, ShiftRow, TimesheetEmployee, TimesheetReport, TimesheetTotals,
    TypeAmount, MAX_DAYS, RANGE_INVALID,
};
use crate::{centi_hours, centi_hours_floor, hours_value, Reports, ReportsError};
use chrono::{Duration, NaiveDate, Utc};
use kernel::time::local_date;
use kernel::{EmploymentStatus, FieldErrors, ManagerCtx};
use std::collections::{BTreeMap, HashMap};

impl Reports {
    /// `GET /report/data`.
    pub async fn report_data(&self, ctx: &ManagerCtx) -> Result<ReportData, ReportsError> {
        let people = self.report_people(ctx, None).await?;
        let (pay_period_start, pay_period_end) = self.timesheet.pay_period(ctx).await?;
        Ok(ReportData {
            report_types: [("summary", "Summary"), ("timesheet", "Timesheet"), ("pto", "PTO")]
                .into_iter()
                .map(|(value, label)| ReportTypeOption { value: value.to_owned(), label: label.to_owned() })
                .collect(),
            employees: people
                .into_iter()
                .map(|person| ReportEmployee {
                    id: person.id.0,
                    firstname: person.first_name,
                    lastname: person.last_name,
                    status: status_code(person.status),
                })
                .collect(),
            pto_types: self
                .pto
                .type_names(ctx)
                .await?
                .into_iter()
                .map(|kind| PtoTypeRef { id: kind.id, name: kind.name })
                .collect(),
            pay_period_start,
            pay_period_end,
            max_days: MAX_DAYS,
        })
    }

    /// `GET /report/timesheet-report-data`.
    pub async fn timesheet_report(
        &self,
        ctx: &ManagerCtx,
        query: &ReportQuery,
    ) -> Result<TimesheetReport, ReportsError> {
        let people = self.report_people(ctx, query.employees.as_deref()).await?;
        let ids: Vec<i64> = people.iter().map(|person| person.id.0).collect();
        let worked = self.timesheet.worked_by_employee(ctx, Some(&ids), query.start, query.end).await?;
        let mut shifts: HashMap<i64, Vec<timesheet::reporting::ReportShift>> = HashMap::new();
        for shift in self.timesheet.shifts_between(ctx, &ids, query.start, query.end).await? {
            shifts.entry(shift.employee_id).or_default().push(shift);
        }
        let tz = ctx.time_zone();
        let local = |at: chrono::DateTime<Utc>| at.with_timezone(&tz).format("%Y-%m-%d %H:%M:%S").to_string();
        let mut employees = Vec::new();
        for person in people {
            let own = shifts.remove(&person.id.0).unwrap_or_default();
            if own.is_empty() && person.status != EmploymentStatus::Active {
                continue;
            }
            let rows: Vec<ShiftRow> = own
                .into_iter()
                .map(|shift| {
                    let centi = centi_hours(shift.worked_minutes);
                    ShiftRow {
                        id: shift.id,
                        date: shift.day,
                        clock_in: local(shift.clock_in),
                        clock_out: shift.clock_out.map(local),
                        break_minutes: shift.break_minutes,
                        worked_minutes: shift.worked_minutes,
                        worked_hours: hours_value(centi),
                        centi,
                    }
                })
                .collect();
            let worked_minutes: i64 = rows.iter().map(|row| row.worked_minutes).sum();
            let worked_centi: i64 = rows.iter().map(|row| row.centi).sum();
            let overtime_minutes = worked.get(&person.id.0).map(|totals| totals.overtime).unwrap_or(0);
            let overtime_centi = centi_hours_floor(overtime_minutes);
            let double_time_minutes = worked.get(&person.id.0).map(|totals| totals.double_time).unwrap_or(0);
            let double_time_centi = centi_hours_floor(double_time_minutes);
            employees.push(TimesheetEmployee {
                employee_id: person.id.0,
                firstname: person.first_name,
                lastname: person.last_name,
                status: status_code(person.status),
                shifts: rows,
                worked_minutes,
                worked_hours: hours_value(worked_centi),
                overtime_minutes,
                overtime_hours: hours_value(overtime_centi),
                double_time_minutes,
                double_time_hours: hours_value(double_time_centi),
                centi: (worked_centi, overtime_centi, double_time_centi),
            });
        }
        let worked_centi: i64 = employees.iter().map(|row| row.centi.0).sum();
        let overtime_centi: i64 = employees.iter().map(|row| row.centi.1).sum();
        let double_time_centi: i64 = employees.iter().map(|row| row.centi.2).sum();
        let totals = TimesheetTotals {
            worked_minutes: employees.iter().map(|row| row.worked_minutes).sum(),
            worked_hours: hours_value(worked_centi),
            overtime_minutes: employees.iter().map(|row| row.overtime_minutes).sum(),
            overtime_hours: hours_value(overtime_centi),
            double_time_minutes: employees.iter().map(|row| row.double_time_minutes).sum(),
            double_time_hours: hours_value(double_time_centi),
            centi: (worked_centi, overtime_centi, double_time_centi),
        };
        Ok(TimesheetReport { start: query.start, end: query.end, employees, totals })
    }

    /// `GET /report/pto-report-data`.
    pub async fn pto_report(&self, ctx: &ManagerCtx, query: &ReportQuery) -> Result<PtoReport, ReportsError> {
        let people = self.report_people(ctx, query.employees.as_deref()).await?;
        let types = self.pto.type_names(ctx).await?;
        let mut taken: HashMap<i64, Vec<pto::reporting::TimeOffTaken>> = HashMap::new();
        let people_ids: Vec<kernel::UserId> = people.iter().map(|person| person.id).collect();
        for item in self.pto.time_off_taken(ctx, &people_ids, query.start, query.end).await? {
            taken.entry(item.employee_id).or_default().push(item);
        }
        let mut employees = Vec::new();
        for person in people {
            let own = taken.remove(&person.id.0).unwrap_or_default();
            if own.is_empty() && person.status != EmploymentStatus::Active {
                continue;
            }
            let requests: Vec<PtoRequestRow> = own
                .into_iter()
                .map(|item| {
                    let minutes = item.minutes();
                    let centi = centi_hours(minutes);
                    PtoRequestRow {
                        id: item.request_id,
                        pto_type_id: item.pto_type_id,
                        type_name: item.type_name,
                        start: item.start,
                        end: item.end,
                        minutes,
                        hours: hours_value(centi),
                        centi,
                    }
                })
                .collect();
            // By type: the sums of the request rows (minutes and hundredths alike).
            let by_type: Vec<TypeAmount> = types
                .iter()
                .map(|kind| {
                    let of_type = requests.iter().filter(|row| row.pto_type_id == kind.id);
                    let (minutes, centi) =
                        of_type.fold((0, 0), |(minutes, centi), row| (minutes + row.minutes, centi + row.centi));
                    TypeAmount { pto_type_id: kind.id, minutes, hours: hours_value(centi), centi }
                })
                .collect();
            let centi: i64 = requests.iter().map(|row| row.centi).sum();
            employees.push(PtoEmployee {
                employee_id: person.id.0,
                firstname: person.first_name,
                lastname: person.last_name,
                status: status_code(person.status),
                total_minutes: requests.iter().map(|row| row.minutes).sum(),
                total_hours: hours_value(centi),
                centi,
                requests,
                by_type,
            });
        }
        let parts: Vec<&[TypeAmount]> = employees.iter().map(|row| row.by_type.as_slice()).collect();
        let centi: i64 = employees.iter().map(|row| row.centi).sum();
        let totals = PtoTotals {
            by_type: sum_amounts(&types, &parts),
            total_minutes: employees.iter().map(|row| row.total_minutes).sum(),
            total_hours: hours_value(centi),
            centi,
        };
        Ok(PtoReport {
            start: query.start,
            end: query.end,
            pto_types: types.iter().map(|kind| PtoTypeRef { id: kind.id, name: kind.name.clone() }).collect(),
            employees,
            totals,
        })
    }

    /// `GET /dashboard/daily-hours`: per day of the range (default the current pay period),
    /// minutes worked, overtime and approved time off of everyone the caller oversees.
    pub async fn daily_hours(
        &self,
        ctx: &ManagerCtx,
        range: Option<(NaiveDate, NaiveDate)>,
    ) -> Result<DailyHours, ReportsError> {
        let (start, end) = match range {
            Some(range) => range,
            None => self.timesheet.pay_period(ctx).await?,
        };
        if end < start || (end - start).num_days() >= MAX_DAYS {
            return Err(ReportsError::Validation(FieldErrors::single("end", RANGE_INVALID)));
        }
        let people = self.report_people(ctx, None).await?;
        let ids: Vec<i64> = people.iter().map(|person| person.id.0).collect();
        let scope = (!ctx.reach().is_company()).then_some(ids.as_slice());
        let worked = self.timesheet.worked_by_day(ctx, scope, start, end).await?;
        let mut time_off: BTreeMap<NaiveDate, i64> = BTreeMap::new();
        let people_ids: Vec<kernel::UserId> = people.iter().map(|person| person.id).collect();
        for item in self.pto.time_off_taken(ctx, &people_ids, start, end).await? {
            for (day, minutes) in item.days {
                *time_off.entry(day).or_insert(0) += minutes;
            }
        }
        let days = (0..=(end - start).num_days())
            .map(|offset| {
                let date = start + Duration::days(offset);
                let totals = worked.get(&date).copied().unwrap_or_default();
                DayHours {
                    date,
                    worked_minutes: totals.worked,
                    overtime_minutes: totals.overtime,
                    double_time_minutes: totals.double_time,
                    pto_minutes: time_off.get(&date).copied().unwrap_or(0),
                }
            })
            .collect();
        Ok(DailyHours { start, end, days })
    }

    /// The company's today, for defaults.
    pub fn today(&self, ctx: &ManagerCtx) -> NaiveDate {
        local_date(ctx.time_zone(), Utc::now())
    }
}
