import { Button, Group, Select } from '@mantine/core';
import type { PayPeriod } from '../api/pay-periods';
import { formatPeriod } from './format';

interface PayrollFileProps {
  /** The company's recent pay periods, newest first (undefined while loading). */
  periods: readonly PayPeriod[] | undefined;
  period: PayPeriod | null;
  onPeriodChange: (period: PayPeriod) => void;
  onDownload: () => void;
  /** This download is under way. */
  saving: boolean;
  /** Another download is under way. */
  busy: boolean;
  error?: string;
}

/** How a pay period reads in the list: its days, and whether it is still running. */
export const periodOption = (period: PayPeriod): string => `${formatPeriod(period)}${period.closed ? '' : ' (current)'}`;

/**
 * The payroll file (docs/payroll-export.md): a pay period of the company, the last closed one until
 * another is picked, and the button that downloads exactly that period and says which it is — the
 * report's dates play no part, so nobody pays from a range that is not a pay period.
 */
export function PayrollFile({ periods, period, onPeriodChange, onDownload, saving, busy, error }: PayrollFileProps) {
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
      <Button variant="default" onClick={onDownload} loading={saving} disabled={!period || (busy && !saving)}>
        {period ? `Download payroll file (${formatPeriod(period)})` : 'Download payroll file'}
      </Button>
    </Group>
  );
}
