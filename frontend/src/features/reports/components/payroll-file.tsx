import { Button, Group, Select, Stack } from '@mantine/core';
import type { PayrollLayout } from '../api/filter';
import type { PayPeriod } from '../api/pay-periods';
import { formatPeriod } from './format';
import { PeriodClosing } from './period-closing';

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
  /** An admin: may close the chosen pay period for payroll and reopen it (issue 40). */
  canClose?: boolean;
  /** The company's zone, for when a period was closed. */
  timeZone?: string;
}

/** How a pay period reads in the list: its days, whether it is still running, and whether it is closed for payroll. */
export const periodOption = (period: Pick<PayPeriod, 'start' | 'end' | 'closed' | 'locked'>): string =>
  `${formatPeriod(period)}${period.closed ? '' : ' (current)'}${period.locked ? ' (closed)' : ''}`;

/**
 * The payroll file (docs/payroll-export.md): a pay period of the company, the last closed one until
 * another is picked, and the buttons that download exactly that period and say which it is — the
 * report's dates play no part, so nobody pays from a range that is not a pay period. 'Download for
 * Gusto' is the same period in Gusto's hours import CSV. Below, whether that period is closed for
 * payroll (issue 40), its history and late changes, and for admins the buttons that close and
 * reopen it (period-closing.tsx).
 */
export function PayrollFile({ periods, period, onPeriodChange, onDownload, isSaving, busy, error, canClose = false, timeZone }: PayrollFileProps) {
  const options = (periods ?? []).map((p) => ({ value: p.start, label: periodOption(p) }));
  return (
    <Stack gap="sm" role="group" aria-label="Payroll file">
      <Group align="flex-end" gap="sm" wrap="wrap">
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
      {period ? <PeriodClosing key={period.start} period={period} canClose={canClose} timeZone={timeZone} /> : null}
    </Stack>
  );
}
