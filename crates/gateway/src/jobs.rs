//! Every background job of the product, registered on kernel's scheduler (issue 44: the runs
//! of the accrual, celebration and charge jobs are cut into batches every instance claims).

use crate::state::AppState;

/// The background jobs, on the one scheduler (kernel's), under `owner` (unique per process):
/// each server runs this; the database's leases let one of them plan each run, and every
/// server claims the runs' batches.
pub fn scheduler(state: &AppState, owner: impl Into<String>) -> kernel::Scheduler {
    let mut scheduler = kernel::Scheduler::new(state.db.clone(), owner);
    // Accruals: a batch per company (a range of people of a large one), on every instance.
    let (plan, batch, finish) = (state.pto.clone(), state.pto.clone(), state.pto.clone());
    scheduler.add_batched(
        pto::accruals::ACCRUAL_JOB,
        chrono::Duration::hours(1),
        move |now| {
            let pto = plan.clone();
            async move { pto.plan_accruals(now).await.map_err(|err| err.to_string()) }
        },
        move |key, now| {
            let pto = batch.clone();
            async move {
                pto.post_accrual_batch(key, now).await.map(|done| {
                    let report = format!("{} employees ({} resumed)", done.employees, done.resumed);
                    kernel::BatchDone::new(done.employees, report)
                })
            }
        },
    );
    scheduler.on_finish(pto::accruals::ACCRUAL_JOB, move |run| {
        let pto = finish.clone();
        async move {
            let failures: Vec<_> = run.errors.iter().map(|error| (error.company, error.message.clone())).collect();
            let totals = pto::accruals::AccrualRun {
                companies: u64::try_from(run.batches).unwrap_or(0),
                employees: u64::try_from(run.items).unwrap_or(0),
                ..Default::default()
            };
            pto.finish_accruals(run.as_of, &totals, &failures).await.map_err(|err| err.to_string())
        }
    });
    let pto = state.pto.clone();
    scheduler.add(pto::accrual_health::ACCRUAL_WATCH_JOB, chrono::Duration::minutes(15), move |now| {
        let pto = pto.clone();
        async move {
            pto.watch_accruals(now)
                .await
                .map(|told| format!("{told} operators told of an accrual incident"))
                .map_err(|err| err.to_string())
        }
    });
    let pto = state.pto.clone();
    scheduler.add(pto::statements::SICK_LEAVE_STATEMENT_JOB, chrono::Duration::hours(1), move |now| {
        let pto = pto.clone();
        async move {
            pto.send_sick_leave_statements(now)
                .await
                .map(|sent| format!("{sent} sick leave statements sent"))
                .map_err(|err| err.to_string())
        }
    });
    let timesheet = state.timesheet.clone();
    scheduler.add(timesheet::overtime_alerts::OVERTIME_ALERT_JOB, chrono::Duration::minutes(5), move |now| {
        let timesheet = timesheet.clone();
        async move {
            timesheet
                .send_overtime_alerts(now)
                .await
                .map(|run| format!("{} overtime alerts queued", run.queued))
                .map_err(|err| err.to_string())
        }
    });
    let hr = state.hr.clone();
    scheduler.add(hr::records::ONBOARDING_JOB, chrono::Duration::hours(1), move |now| {
        let hr = hr.clone();
        async move {
            hr.assign_onboarding(now)
                .await
                .map(|run| {
                    format!(
                        "{} onboarding policies sent, {} document requests made",
                        run.policies_sent, run.requests_made
                    )
                })
                .map_err(|err| err.to_string())
        }
    });
    let hr = state.hr.clone();
    scheduler.add(hr::records::OVERDUE_JOB, chrono::Duration::hours(1), move |now| {
        let hr = hr.clone();
        async move {
            hr.send_overdue_reminders(now)
                .await
                .map(|sent| format!("{sent} overdue reminders sent"))
                .map_err(|err| err.to_string())
        }
    });
    let timesheet = state.timesheet.clone();
    scheduler.add(timesheet::missed::MISSED_PUNCH_JOB, chrono::Duration::minutes(5), move |now| {
        let timesheet = timesheet.clone();
        async move {
            timesheet
                .close_missed_punches(now)
                .await
                .map(|run| {
                    format!(
                        "{} shifts closed as missed punches, {} people reminded, {} mails queued",
                        run.closed, run.reminded, run.queued
                    )
                })
                .map_err(|err| err.to_string())
        }
    });
    let approvals = state.approvals.clone();
    scheduler.add(approvals::job::ESCALATION_JOB, chrono::Duration::minutes(5), move |now| {
        let approvals = approvals.clone();
        async move {
            approvals
                .remind_and_escalate(now)
                .await
                .map(|run| {
                    format!(
                        "{} approval steps reminded, {} escalated, {} with nobody to escalate to",
                        run.reminded, run.escalated, run.stuck
                    )
                })
                .map_err(|err| err.to_string())
        }
    });
    let licensing = state.licensing.clone();
    scheduler.add(licensing::job::REMINDER_JOB, chrono::Duration::hours(1), move |now| {
        let licensing = licensing.clone();
        async move {
            licensing
                .send_reminders(now)
                .await
                .map(|run| {
                    format!(
                        "{} licence and CE reminders, {} mails queued, {} companies failed",
                        run.reminded, run.mails, run.failed_companies
                    )
                })
                .map_err(|err| err.to_string())
        }
    });
    let reports = state.reports.clone();
    scheduler.add(reports::closing::job::AUTO_CLOSE_JOB, chrono::Duration::hours(1), move |now| {
        let reports = reports.clone();
        async move {
            reports
                .auto_close_pay_periods(now)
                .await
                .map(|run| format!("{} pay periods closed, {} waiting", run.closed, run.waiting))
                .map_err(|err| err.to_string())
        }
    });
    let places = state.places.clone();
    scheduler.add(clock::places::retention::POSITION_RETENTION_JOB, chrono::Duration::hours(6), move |now| {
        let places = places.clone();
        async move {
            places
                .forget_positions(now)
                .await
                .map(|cleared| format!("{cleared} presses' positions forgotten"))
                .map_err(|err| err.to_string())
        }
    });
    // Each company's mail goes out soon after 08:00 in its own zone: looked at every quarter
    // hour, a company is due once its clock has passed 08:00 and its day is not done.
    let (companies, batch) = (state.hr.clone(), state.hr.clone());
    scheduler.add_daily(
        hr::celebrations::CELEBRATIONS_JOB,
        chrono::Duration::minutes(15),
        hr::celebrations::SEND_FROM_HOUR,
        move || {
            let hr = companies.clone();
            async move { hr.celebration_companies().await.map_err(|err| err.to_string()) }
        },
        move |key, now| {
            let hr = batch.clone();
            async move {
                let Some(company) = key.company else { return Ok(kernel::BatchDone::default()) };
                hr.send_company_celebrations(company, now)
                    .await
                    .map(|run| kernel::BatchDone::new(run.queued, format!("{} celebration mails queued", run.queued)))
                    .map_err(|err| format!("The celebrations of company {} could not be sent: {err}", company.0))
            }
        },
    );
    // Charges are made on each company's charge day (in its zone) and retried on their
    // schedule; a quarter hour is soon enough for both. A batch per company with a charge due.
    if let Some(billing) = state.billing.clone() {
        let plan = billing.clone();
        scheduler.add_batched(
            billing::CHARGE_JOB,
            chrono::Duration::minutes(15),
            move |now| {
                let billing = plan.clone();
                async move {
                    let companies = billing.charge_companies(now).await.map_err(|err| err.to_string())?;
                    Ok(companies.into_iter().map(kernel::BatchKey::company).collect())
                }
            },
            move |key, now| {
                let billing = billing.clone();
                async move {
                    let Some(company) = key.company else { return Ok(kernel::BatchDone::default()) };
                    billing
                        .charge_company(company, now)
                        .await
                        .map(|run| kernel::BatchDone::new(run.charges() as u64, run.to_string()))
                        .map_err(|err| format!("The charges of company {} could not be made: {err}", company.0))
                }
            },
        );
    }
    scheduler
}
