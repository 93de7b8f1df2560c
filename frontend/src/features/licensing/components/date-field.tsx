import { DateInput } from '@mantine/dates';
import type { ReactNode } from 'react';
import { DISPLAY_DATE_FORMAT, parseTypedDate } from '@/lib/dates';

interface DateFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: ReactNode;
  required?: boolean;
  description?: string;
  minDate?: string;
}

/** A day of a licensing form ('YYYY-MM-DD'; '' when empty), typed as MM/DD/YYYY or picked. */
export function DateField({ label, value, onChange, error, required = false, description, minDate }: DateFieldProps) {
  return (
    <DateInput
      label={label}
      description={description}
      required={required}
      clearable={!required}
      placeholder={DISPLAY_DATE_FORMAT}
      valueFormat={DISPLAY_DATE_FORMAT}
      dateParser={parseTypedDate}
      value={value || null}
      onChange={(next) => onChange(next ?? '')}
      error={error}
      minDate={minDate || undefined}
      popoverProps={{ withinPortal: true }}
    />
  );
}
