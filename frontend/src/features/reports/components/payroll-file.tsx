import { Button, Group, Select } from '@mantine/core';
import type { PayrollLayout } from '../api/filter';
import type { PayPeriod } from '../api/pay-periods';
import { formatPeriod } from './format';

interface PayrollFileProps {
  /** The company's recent pay periods, newest first (undefined while loading). */
  periods: readonly PayPeriod[] | undefined;
  period: PayPeriod | null;
  onPeriodChange: (period: PayPeriod) => void;
  onDownload: (layout: PayrollLayout) => void;
  /** Whether the payroll file in this layout is the download under way (its button spins). */
  isSaving: (layout: PayrollLayout) => boolean;
  /** A download is under way: the other buttons wait. */
  busy: boolean;
  error?: string;
}

/** How a pay period reads in the list: its days, and whether it is still running. */
export const periodOption = (period: PayPeriod): string => `${formatPeriod(period)}${period.closed ? '' : ' (current)'}`;

/**
 * The payroll file (docs/payroll-export.md): a pay period of the company, the last closed one until
 * another is picked, and the buttons that download exactly that period and say which it is — the
 * report's dates play no part, so nobody pays from a range that is not a pay period. 'Download for
 * Gusto' is the same period in Gusto's hours import CSV.
 */
export function PayrollFile({ periods, period, onPeriodChange, onDownload, isSaving, busy, error }: PayrollFileProps) {
  const options = (periods ?? []).map((p) => ({ value: p.start, label: periodOption(p) }));
  return (
    <Group align="flex-end" gap="sm" wrap="wrap" role="group" aria-label="Payroll file">
      <Select
        label="Payroll pay period"
        description="For the employees chosen above"
        placeholder={periods ? undefined : 'Loading the pay periods…'}
        data={options}
        value={period?.start ?? null}
        onChange={(start) => {
          const picked = periods?.find((p) => p.start === start);
          if (picked) onPeriodChange(picked);
        }}
        allowDeselect={false}
        error={error}
        w={{ base: '100%', sm: 300 }}
      />
      <Button variant="default" onClick={() => onDownload('timekeep')} loading={isSaving('timekeep')} disabled={!period || (busy && !isSaving('timekeep'))}>
        {period ? `Download payroll file (${formatPeriod(period)})` : 'Download payroll file'}
      </Button>
      <Button
        variant="default"
        onClick={() => onDownload('gusto')}
        loading={isSaving('gusto')}
        disabled={!period || (busy && !isSaving('gusto'))}
        title="Regular, overtime and double-overtime hours in Gusto's CSV upload columns"
      >
        {period ? `Download for Gusto (${formatPeriod(period)})` : 'Download for Gusto'}
      </Button>
    </Group>
  );
}
