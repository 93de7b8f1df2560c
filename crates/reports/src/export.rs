//! Reports as files (issue 21): each report as CSV and as XLSX, and the payroll CSV.
//!
//! Every file is made from the same report the screen shows, cell for cell: hours are the
//! report's hundredths written as numbers with two decimals, and every total row is the report's
//! total, which is the sum of the rows above it (see [`crate::tables`]). A text cell that a
//! spreadsheet would take for a formula (`=`, `+`, `-`, `@`, a tab or carriage return first) is
//! written with a leading `'` in CSV (OWASP's advice against CSV injection); XLSX stores text as
//! text, so it needs nothing.
//!
//! The payroll CSV's columns are documented in `docs/payroll-export.md`.

use crate::payroll::{PayrollLayout, PayrollPeriod};
use crate::tables::{PtoReport, ReportQuery, ReportType, SummaryReport, TimesheetReport};
use crate::{hours_text, Reports, ReportsError};
use kernel::ManagerCtx;
use rust_xlsxwriter::{Format, Workbook};

/// The file formats of a report.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExportFormat {
    Csv,
    Xlsx,
}

impl ExportFormat {
    pub fn parse(value: Option<&str>) -> Option<ExportFormat> {
        match value.map(|value| value.trim().to_ascii_lowercase()).as_deref() {
            Some("csv") => Some(ExportFormat::Csv),
            Some("xlsx") => Some(ExportFormat::Xlsx),
            _ => None,
        }
    }

    fn extension(self) -> &'static str {
        match self {
            ExportFormat::Csv => "csv",
            ExportFormat::Xlsx => "xlsx",
        }
    }

    fn content_type(self) -> &'static str {
        match self {
            ExportFormat::Csv => "text/csv; charset=utf-8",
            ExportFormat::Xlsx => "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        }
    }
}

/// A file to download.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExportFile {
    pub file_name: String,
    pub content_type: &'static str,
    pub bytes: Vec<u8>,
}

/// One cell of a sheet.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Cell {
    Text(String),
    /// Hours in hundredths.
    Hours(i64),
    Number(i64),
    Empty,
}

/// A report as a table: a header and rows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sheet {
    pub name: &'static str,
    pub header: Vec<String>,
    pub rows: Vec<Vec<Cell>>,
}

fn text(value: impl Into<String>) -> Cell {
    Cell::Text(value.into())
}

fn status_text(status: i16) -> &'static str {
    if status == 1 {
        "Active"
    } else {
        "Terminated"
    }
}

/// The summary report as a sheet.
pub fn summary_sheet(report: &SummaryReport) -> Sheet {
    let mut header: Vec<String> =
        ["Employee ID", "Last Name", "First Name", "Status", "Regular Hours", "Overtime Hours", "Double Time Hours"]
            .map(String::from)
            .to_vec();
    header.extend(report.pto_types.iter().map(|kind| format!("{} Hours", kind.name)));
    header.extend(["Holiday Hours", "Subtotal Hours"].map(String::from));
    let mut rows = Vec::new();
    for row in report.rows.iter().chain(std::iter::once(&report.totals)) {
        let total = row.employee_id.is_none();
        let mut cells = vec![
            row.employee_id.map(Cell::Number).unwrap_or(Cell::Empty),
            if total { text("Total") } else { text(row.lastname.clone().unwrap_or_default()) },
            text(row.firstname.clone().unwrap_or_default()),
            row.status.map(|status| text(status_text(status))).unwrap_or(Cell::Empty),
            Cell::Hours(row.centi.regular),
            Cell::Hours(row.centi.overtime),
            Cell::Hours(row.centi.double_time),
        ];
        cells.extend(row.pto.iter().map(|amount| Cell::Hours(amount.centi)));
        cells.extend([Cell::Hours(row.centi.holiday), Cell::Hours(row.centi.subtotal)]);
        rows.push(cells);
    }
    Sheet { name: "Summary", header, rows }
}

/// The timesheet report as a sheet: a row per shift, each person's total, the grand total.
pub fn timesheet_sheet(report: &TimesheetReport) -> Sheet {
    let header = [
        "Employee ID",
        "Last Name",
        "First Name",
        "Date",
        "Clock In",
        "Clock Out",
        "Break Minutes",
        "Worked Hours",
        "Overtime Hours",
        "Double Time Hours",
    ]
    .map(String::from)
    .to_vec();
    let mut rows = Vec::new();
    for person in &report.employees {
        for shift in &person.shifts {
            rows.push(vec![
                Cell::Number(person.employee_id),
                text(&person.lastname),
                text(&person.firstname),
                text(shift.date.format("%Y-%m-%d").to_string()),
                text(&shift.clock_in),
                shift.clock_out.clone().map(Cell::Text).unwrap_or(Cell::Empty),
                Cell::Number(shift.break_minutes),
                Cell::Hours(shift.centi),
                Cell::Empty,
                Cell::Empty,
            ]);
        }
        rows.push(vec![
            Cell::Number(person.employee_id),
            text(&person.lastname),
            text(&person.firstname),
            text(format!("Total for {} {}", person.firstname, person.lastname)),
            Cell::Empty,
            Cell::Empty,
            Cell::Empty,
            Cell::Hours(person.centi.0),
            Cell::Hours(person.centi.1),
            Cell::Hours(person.centi.2),
        ]);
    }
    rows.push(vec![
        Cell::Empty,
        text("Total"),
        Cell::Empty,
        Cell::Empty,
        Cell::Empty,
        Cell::Empty,
        Cell::Empty,
        Cell::Hours(report.totals.centi.0),
        Cell::Hours(report.totals.centi.1),
        Cell::Hours(report.totals.centi.2),
    ]);
    Sheet { name: "Timesheet", header, rows }
}

/// The PTO report as a sheet: a row per request, then a total per type and the grand total.
pub fn pto_sheet(report: &PtoReport) -> Sheet {
    let header = ["Employee ID", "Last Name", "First Name", "Type", "Start", "End", "Hours"].map(String::from).to_vec();
    let mut rows = Vec::new();
    for person in &report.employees {
        for request in &person.requests {
            rows.push(vec![
                Cell::Number(person.employee_id),
                text(&person.lastname),
                text(&person.firstname),
                text(&request.type_name),
                text(&request.start),
                text(&request.end),
                Cell::Hours(request.centi),
            ]);
        }
    }
    for (kind, amount) in report.pto_types.iter().zip(&report.totals.by_type) {
        rows.push(vec![
            Cell::Empty,
            text(format!("Total {}", kind.name)),
            Cell::Empty,
            text(&kind.name),
            Cell::Empty,
            Cell::Empty,
            Cell::Hours(amount.centi),
        ]);
    }
    rows.push(vec![
        Cell::Empty,
        text("Total"),
        Cell::Empty,
        Cell::Empty,
        Cell::Empty,
        Cell::Empty,
        Cell::Hours(report.totals.centi),
    ]);
    Sheet { name: "PTO", header, rows }
}

/// The sheet as CSV (RFC 4180, UTF-8), its texts defused ([`kernel::spreadsheet::defused`]):
/// the header's too, for a header names what people named (a PTO type's `"<name> Hours"`).
pub fn write_csv(sheet: &Sheet) -> Result<Vec<u8>, ReportsError> {
    let mut writer = csv::Writer::from_writer(Vec::new());
    let fail = |err: csv::Error| ReportsError::Export(err.to_string());
    writer
        .write_record(sheet.header.iter().map(|name| kernel::spreadsheet::defused(name).into_owned()))
        .map_err(fail)?;
    for row in &sheet.rows {
        let record: Vec<String> = row
            .iter()
            .map(|cell| match cell {
                Cell::Text(value) => kernel::spreadsheet::defused(value).into_owned(),
                Cell::Hours(centi) => hours_text(*centi),
                Cell::Number(value) => value.to_string(),
                Cell::Empty => String::new(),
            })
            .collect();
        writer.write_record(&record).map_err(fail)?;
    }
    writer.into_inner().map_err(|err| ReportsError::Export(err.to_string()))
}

/// The sheet as an XLSX workbook: a bold header, hours as numbers shown with two decimals.
pub fn write_xlsx(sheet: &Sheet) -> Result<Vec<u8>, ReportsError> {
    let fail = |err: rust_xlsxwriter::XlsxError| ReportsError::Export(err.to_string());
    let mut workbook = Workbook::new();
    let bold = Format::new().set_bold();
    let hours = Format::new().set_num_format("0.00");
    let worksheet = workbook.add_worksheet();
    worksheet.set_name(sheet.name).map_err(fail)?;
    for (col, title) in sheet.header.iter().enumerate() {
        let col = u16::try_from(col).map_err(|err| ReportsError::Export(err.to_string()))?;
        worksheet.write_string_with_format(0, col, title, &bold).map_err(fail)?;
    }
    for (index, row) in sheet.rows.iter().enumerate() {
        let at = u32::try_from(index + 1).map_err(|err| ReportsError::Export(err.to_string()))?;
        for (col, cell) in row.iter().enumerate() {
            let col = u16::try_from(col).map_err(|err| ReportsError::Export(err.to_string()))?;
            match cell {
                Cell::Text(value) => {
                    worksheet.write_string(at, col, value).map_err(fail)?;
                }
                Cell::Hours(centi) => {
                    worksheet.write_number_with_format(at, col, crate::hours_value(*centi), &hours).map_err(fail)?;
                }
                Cell::Number(value) => {
                    worksheet.write_number(at, col, *value as f64).map_err(fail)?;
                }
                Cell::Empty => {}
            }
        }
    }
    worksheet.set_freeze_panes(1, 0).map_err(fail)?;
    workbook.save_to_buffer().map_err(fail)
}

fn write(sheet: &Sheet, format: ExportFormat) -> Result<Vec<u8>, ReportsError> {
    match format {
        ExportFormat::Csv => write_csv(sheet),
        ExportFormat::Xlsx => write_xlsx(sheet),
    }
}

impl Reports {
    /// `GET /report/export`: a report as a file.
    pub async fn export(
        &self,
        ctx: &ManagerCtx,
        kind: ReportType,
        query: &ReportQuery,
        format: ExportFormat,
    ) -> Result<ExportFile, ReportsError> {
        let sheet = match kind {
            ReportType::Summary => summary_sheet(&self.summary_report(ctx, query).await?),
            ReportType::Timesheet => timesheet_sheet(&self.timesheet_report(ctx, query).await?),
            ReportType::Pto => pto_sheet(&self.pto_report(ctx, query).await?),
        };
        Ok(ExportFile {
            file_name: format!("timekeep-{}-{}-{}.{}", kind.code(), query.start, query.end, format.extension()),
            content_type: format.content_type(),
            bytes: write(&sheet, format)?,
        })
    }

    /// `GET /report/payroll-export`: the payroll CSV of one pay period (see
    /// `docs/payroll-export.md` and [`crate::payroll`]). A closed period's file is the one stored
    /// when it closed ([`crate::closing`]); an open one's is made now, with the adjustments of
    /// earlier closed periods it pays.
    pub async fn payroll_export(
        &self,
        ctx: &ManagerCtx,
        period: PayrollPeriod,
        employees: Option<Vec<i64>>,
        layout: PayrollLayout,
    ) -> Result<ExportFile, ReportsError> {
        let (start, end) = self.payroll_period(ctx, period).await?;
        let people: Option<Vec<i64>> = match employees {
            // The people asked for, among those the caller reaches.
            Some(ids) => {
                Some(self.report_people(ctx, Some(&ids)).await?.into_iter().map(|person| person.id.0).collect())
            }
            None if !ctx.reach().is_company() => {
                Some(self.report_people(ctx, None).await?.into_iter().map(|person| person.id.0).collect())
            }
            None => None,
        };
        let closed = self.periods.locked(ctx, start, end).await?.into_iter().any(|lock| lock.start == start);
        if !closed {
            // A shift closed provisionally (a missed punch) is paid in no file until a manager
            // corrects it or accepts it: the file waits, and says for whom (issue 40).
            let zone = ctx.time_zone();
            let ids: Option<Vec<kernel::UserId>> =
                people.as_ref().map(|ids| ids.iter().copied().map(kernel::UserId).collect());
            let waiting = self
                .timesheet
                .unsettled_missed(
                    ctx,
                    ids.as_deref(),
                    kernel::time::start_of_day(zone, start),
                    kernel::time::start_of_day(zone, end + chrono::Duration::days(1)),
                )
                .await?;
            if !waiting.is_empty() {
                let list: Vec<String> = waiting
                    .iter()
                    .map(|(name, at)| format!("{name} ({})", at.with_timezone(&zone).format("%b %-d")))
                    .collect();
                return Err(timesheet::TimesheetError::Conflict(format!(
                    "This pay period has missed punches waiting for a decision: {}. Correct them or accept them as is (Inbox → Missed punches), then make the payroll file.",
                    list.join(", ")
                ))
                .into());
            }
        }
        self.payroll_file(ctx, start, end).await?.export(layout, people.as_deref())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_defuses_formulas_and_keeps_hours_exact() {
        let sheet = Sheet {
            name: "Summary",
            header: vec!["Name".into(), "Hours".into()],
            rows: vec![vec![text("=HYPERLINK(\"x\")"), Cell::Hours(1250)], vec![text("Ann, \"A\""), Cell::Hours(5)]],
        };
        let csv = String::from_utf8(write_csv(&sheet).unwrap()).unwrap();
        assert_eq!(csv, "Name,Hours\n\"'=HYPERLINK(\"\"x\"\")\",12.50\n\"Ann, \"\"A\"\"\",0.05\n");
    }

    #[test]
    fn csv_defuses_the_header_too() {
        let sheet = Sheet { name: "Summary", header: vec!["=1+1 Hours".into(), "@SUM(A1) Hours".into()], rows: vec![] };
        let csv = String::from_utf8(write_csv(&sheet).unwrap()).unwrap();
        assert_eq!(csv, "'=1+1 Hours,'@SUM(A1) Hours\n");
    }

    #[test]
    fn xlsx_reads_back() {
        use calamine::{Data, Reader, Xlsx};
        let sheet = Sheet {
            name: "PTO",
            header: vec!["Name".into(), "Hours".into()],
            rows: vec![vec![text("Ann"), Cell::Hours(1250)], vec![text("Total"), Cell::Hours(1250)]],
        };
        let bytes = write_xlsx(&sheet).unwrap();
        let mut book: Xlsx<_> = calamine::open_workbook_from_rs(std::io::Cursor::new(bytes)).unwrap();
        let range = book.worksheet_range("PTO").unwrap();
        assert_eq!(range.get((1, 0)), Some(&Data::String("Ann".into())));
        assert_eq!(range.get((1, 1)), Some(&Data::Float(12.5)));
    }
}
