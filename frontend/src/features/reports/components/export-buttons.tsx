import { Button, Group } from '@mantine/core';
import type { ExportFormat } from '../api/filter';

interface ExportButtonsProps {
  /** Whether this export is the download under way (its button spins). */
  isSaving: (format: ExportFormat) => boolean;
  /** A download is under way: the other buttons wait. */
  busy: boolean;
  onExport: (format: ExportFormat) => void;
  /** A report is shown. */
  canPrint: boolean;
}

/** 'Export CSV', 'Export XLSX' (the filter's report) and 'Print' (the report only). */
export function ExportButtons({ isSaving, busy, onExport, canPrint }: ExportButtonsProps) {
  return (
    <Group gap="sm" wrap="wrap" role="group" aria-label="Export and print">
      <Button variant="default" onClick={() => onExport('csv')} loading={isSaving('csv')} disabled={busy && !isSaving('csv')}>
        Export CSV
      </Button>
      <Button variant="default" onClick={() => onExport('xlsx')} loading={isSaving('xlsx')} disabled={busy && !isSaving('xlsx')}>
        Export XLSX
      </Button>
      <Button variant="default" onClick={() => window.print()} disabled={!canPrint}>
        Print
      </Button>
    </Group>
  );
}
