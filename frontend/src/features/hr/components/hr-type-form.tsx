import { Button, Checkbox, Group, NumberInput, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { FormAlert } from '@/components/form-alert';
import { ApiError } from '@/lib/api-client';
import { formFailure } from '@/lib/form-errors';
import type { HrType, HrTypeKind } from '../api/get-hr-types';
import { DEFAULT_ONBOARDING_DAYS, MAX_ONBOARDING_DAYS, MIN_ONBOARDING_DAYS } from '../api/schemas';
import { hrTypeFormSchema, useUpdateHrType, type HrTypeFormValues } from '../api/update-hr-type';

/** What each section calls its types, and what retiring one means. */
export const TYPE_NOUNS: Record<HrTypeKind, { title: string; one: string; empty: string; example: string }> = {
  doc: { title: 'Document Types', one: 'document type', empty: 'There is no document type yet', example: 'e.g. Offer Letter' },
  event: { title: 'Event Types', one: 'event type', empty: 'There is no event type yet', example: 'e.g. Performance Review' },
  policy: { title: 'Policy Types', one: 'policy type', empty: 'There is no policy type yet', example: 'e.g. Code of Conduct' },
};

export const ONBOARDING_LABEL = 'Onboarding document';
export const ONBOARDING_DAYS_LABEL = 'Onboarding days';

/**
 * A type's form: adds one, or edits one inline (its name; for document types also the onboarding
 * flag and, when set, the days new employees get: 1 to 365, 14 unless changed).
 */
export function HrTypeForm({ kind, type, onDone, onCancel }: { kind: HrTypeKind; type: HrType | null; onDone?: () => void; onCancel?: () => void }) {
  const save = useUpdateHrType();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<HrTypeFormValues>({
    // Controlled: the days show while 'Onboarding document' is ticked.
    mode: 'controlled',
    initialValues: { name: type?.name ?? '', onboardingDoc: type?.onboardingDoc ?? false, onboardingDays: type?.onboardingDays ?? DEFAULT_ONBOARDING_DAYS },
    validate: schemaResolver(hrTypeFormSchema, { sync: true }),
  });
  const noun = TYPE_NOUNS[kind].one;
  const label = type ? `New name for ${type.name}` : `New ${noun}`;

  return (
    <form
      noValidate
      aria-label={type ? `Edit ${type.name}` : `Add a ${noun}`}
      onSubmit={form.onSubmit((values) => {
        setError(null);
        save.mutate(
          { kind, id: type?.id, name: values.name, onboardingDoc: values.onboardingDoc, onboardingDays: Number(values.onboardingDays) },
          {
            onSuccess: () => {
              if (!type) form.reset();
              onDone?.();
            },
            onError: (err) => {
              const failure = formFailure(err, ['name', 'onboardingDays'], { useServerMessage: err instanceof ApiError && err.status < 500 });
              form.setErrors(failure.fieldErrors);
              const onFields = Object.keys(failure.fieldErrors).length > 0;
              setError(failure.message && !onFields ? `Sorry ${failure.message}` : null);
            },
          },
        );
      })}
    >
      <Stack gap={4}>
        <Group gap="xs" align="flex-start" wrap="nowrap">
          <TextInput
            aria-label={label}
            placeholder={type ? undefined : TYPE_NOUNS[kind].example}
            autoComplete="off"
            style={{ flex: 1 }}
            maxLength={100}
            data-autofocus={type ? true : undefined}
            key={form.key('name')}
            {...form.getInputProps('name')}
          />
          <Button type="submit" loading={save.isPending}>
            {type ? 'Save' : 'Add'}
          </Button>
          {onCancel ? (
            <Button variant="default" onClick={onCancel} disabled={save.isPending}>
              Cancel
            </Button>
          ) : null}
        </Group>
        {kind === 'doc' ? (
          <Group gap="md" align="center" wrap="wrap" mih={36}>
            <Checkbox
              label={ONBOARDING_LABEL}
              aria-label={type ? `${ONBOARDING_LABEL}: ${type.name}` : undefined}
              key={form.key('onboardingDoc')}
              {...form.getInputProps('onboardingDoc', { type: 'checkbox' })}
            />
            {form.values.onboardingDoc ? (
              <NumberInput
                label={ONBOARDING_DAYS_LABEL}
                aria-label={type ? `${ONBOARDING_DAYS_LABEL}: ${type.name}` : undefined}
                description="Days new employees have to upload it"
                min={MIN_ONBOARDING_DAYS}
                max={MAX_ONBOARDING_DAYS}
                allowDecimal={false}
                allowNegative={false}
                clampBehavior="none"
                w={{ base: '100%', xs: 220 }}
                key={form.key('onboardingDays')}
                {...form.getInputProps('onboardingDays')}
              />
            ) : null}
          </Group>
        ) : null}
        {error ? <FormAlert>{error}</FormAlert> : null}
      </Stack>
    </form>
  );
}
