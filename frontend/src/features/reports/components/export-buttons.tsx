import { Button, Group } from '@mantine/core';
import type { ReportDownload } from '../api/export';
import type { ExportFormat } from '../api/filter';

interface ExportButtonsProps {
  /** Whether this download is the one under way (its button spins). */
  isSaving: (kind: ReportDownload['kind'], format?: ExportFormat) => boolean;
  /** A download is under way: the other buttons wait. */
  busy: boolean;
  onExport: (format: ExportFormat) => void;
  onPayroll: () => void;
  /** A report is shown. */
  canPrint: boolean;
}

/** 'Export CSV', 'Export XLSX' (the filter's report), 'Payroll CSV' (the pay period) and 'Print' (the report only). */
export function ExportButtons({ isSaving, busy, onExport, onPayroll, canPrint }: ExportButtonsProps) {
  return (
    <Group gap="sm" wrap="wrap" role="group" aria-label="Export and print">
      <Button variant="default" onClick={() => onExport('csv')} loading={isSaving('export', 'csv')} disabled={busy && !isSaving('export', 'csv')}>
        Export CSV
      </Button>
      <Button variant="default" onClick={() => onExport('xlsx')} loading={isSaving('export', 'xlsx')} disabled={busy && !isSaving('export', 'xlsx')}>
        Export XLSX
      </Button>
      <Button variant="default" onClick={onPayroll} loading={isSaving('payroll')} disabled={busy && !isSaving('payroll')}>
        Payroll CSV
      </Button>
      <Button variant="default" onClick={() => window.print()} disabled={!canPrint}>
        Print
      </Button>
    </Group>
  );
}
