import { Button, Group, Radio, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useDiscardGuard } from '@/components/close-guard';
import { FormAlert } from '@/components/form-alert';
import { formFailure } from '@/lib/form-errors';
import { centsToDollars, dollarsToCents } from '@/lib/money';
import { PROMOT_FIELDS, useSavePromot, type PromotBody } from '../api/save-promot';
import type { Promot } from '../api/schemas';

type DiscountKind = 'percent' | 'amount';

export interface PromotFormValues {
  code: string;
  description: string;
  kind: DiscountKind;
  percentOff: string;
  /** Dollars, as typed. */
  amountOff: string;
  /** Blank: every charge. */
  months: string;
  /** Blank: no end. */
  expiresOn: string;
}

/** Contract "Promotions": what the server accepts, checked here first with its words where it has them. */
export const PROMOT_TEXTS = {
  code: 'A code is 3 to 32 letters, digits, - or _.',
  description: 'A description has at most 200 characters.',
  percent: 'The discount must be between 1 and 100 percent.',
  amount: 'Enter the amount off in dollars, more than $0.00.',
  months: 'Between 1 and 36 charges, or blank for every charge.',
} as const;

const CODE_PATTERN = /^[A-Za-z0-9_-]{3,32}$/;
const WHOLE = /^\d+$/;

function validate(values: PromotFormValues): Partial<Record<keyof PromotFormValues, string>> {
  const errors: Partial<Record<keyof PromotFormValues, string>> = {};
  if (!CODE_PATTERN.test(values.code.trim())) errors.code = PROMOT_TEXTS.code;
  if (values.description.trim().length > 200) errors.description = PROMOT_TEXTS.description;
  if (values.kind === 'percent') {
    const percent = values.percentOff.trim();
    if (!WHOLE.test(percent) || Number(percent) < 1 || Number(percent) > 100) errors.percentOff = PROMOT_TEXTS.percent;
  } else {
    const cents = dollarsToCents(values.amountOff);
    if (cents === null || cents <= 0) errors.amountOff = PROMOT_TEXTS.amount;
  }
  const months = values.months.trim();
  if (months && (!WHOLE.test(months) || Number(months) < 1 || Number(months) > 36)) errors.months = PROMOT_TEXTS.months;
  return errors;
}

/** The form's values as sent: a percent or an amount in integer cents, never both; blanks as null. */
export function promotBody(values: PromotFormValues): PromotBody {
  const months = values.months.trim();
  return {
    code: values.code.trim().toUpperCase(),
    description: values.description.trim(),
    percentOff: values.kind === 'percent' ? Number(values.percentOff.trim()) : null,
    amountOff: values.kind === 'amount' ? dollarsToCents(values.amountOff) : null,
    months: months ? Number(months) : null,
    expiresOn: values.expiresOn || null,
  };
}

const valuesOf = (promot: Promot | null): PromotFormValues => ({
  code: promot?.code ?? '',
  description: promot?.description ?? '',
  kind: promot?.amountOff !== null && promot?.amountOff !== undefined ? 'amount' : 'percent',
  percentOff: promot?.percentOff !== null && promot?.percentOff !== undefined ? String(promot.percentOff) : '',
  amountOff: promot?.amountOff !== null && promot?.amountOff !== undefined ? centsToDollars(promot.amountOff) : '',
  months: promot?.months !== null && promot?.months !== undefined ? String(promot.months) : '',
  expiresOn: promot?.expiresOn ?? '',
});

/**
 * A promotion code, new (POST /system/save-promot) or changed (POST /system/update-promot):
 * code, description, a percent off or an amount off in dollars (sent as integer cents), how many
 * monthly charges it applies to (blank: every charge) and its last day (blank: no end). The
 * server's per-field errors show on their fields; one on the discount kind not shown goes to the
 * one shown.
 */
export function PromotForm({ promot, onSaved, onCancel }: { promot: Promot | null; onSaved: (saved: Promot) => void; onCancel: () => void }) {
  const save = useSavePromot();
  const [message, setMessage] = useState<string | null>(null);
  const form = useForm<PromotFormValues>({ mode: 'controlled', initialValues: valuesOf(promot), validate });
  useDiscardGuard(() => form.isDirty());
  const percent = form.values.kind === 'percent';

  const submit = form.onSubmit((values) => {
    setMessage(null);
    save.mutate(
      { ...promotBody(values), id: promot?.id },
      {
        onSuccess: onSaved,
        onError: (error) => {
          const failure = formFailure(error, PROMOT_FIELDS, { useServerMessage: true });
          const errors = { ...failure.fieldErrors };
          const [shown, hidden] = percent ? (['percentOff', 'amountOff'] as const) : (['amountOff', 'percentOff'] as const);
          if (errors[hidden] && !errors[shown]) errors[shown] = errors[hidden];
          delete errors[hidden];
          form.setErrors(errors);
          setMessage(failure.message ? `Sorry ${failure.message}` : null);
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate aria-label={promot ? `Edit ${promot.code}` : 'New promotion code'}>
      <Stack gap="md">
        {message ? <FormAlert>{message}</FormAlert> : null}
        <TextInput label="Code" required description="3 to 32 letters, digits, - or _; stored in capitals" autoComplete="off" data-autofocus {...form.getInputProps('code')} />
        <Textarea label="Description" autosize minRows={2} maxLength={200} {...form.getInputProps('description')} />
        <Radio.Group label="Discount" {...form.getInputProps('kind')}>
          <Group gap="lg" mt="xs">
            <Radio value="percent" label="Percent off" />
            <Radio value="amount" label="Amount off" />
          </Group>
        </Radio.Group>
        {percent ? (
          <TextInput label="Percent off" required inputMode="numeric" rightSection="%" {...form.getInputProps('percentOff')} />
        ) : (
          <TextInput label="Amount off" required inputMode="decimal" description="In dollars, e.g. 5.00" leftSection="$" {...form.getInputProps('amountOff')} />
        )}
        <TextInput label="Months" inputMode="numeric" description="How many monthly charges it applies to (1 to 36); blank for every charge" {...form.getInputProps('months')} />
        <TextInput label="Expires on" type="date" description="The last day it can be redeemed; blank for no end" {...form.getInputProps('expiresOn')} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
