import { Group, Radio, SimpleGrid, TextInput } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import type { UseFormReturnType } from '@mantine/form';
import { withPartialDay, withStart, type RequestFormValues } from '../api/request-form';

interface DateFieldsProps {
  form: UseFormReturnType<RequestFormValues>;
  /** A field's problem: the form's own, else the balance check's. */
  errorOf: (field: string) => string | undefined;
}

/** When: all day or partial day (the end date then follows the start and is locked), the dates and the times. */
export function RequestDateFields({ form, errorOf }: DateFieldsProps) {
  const { values } = form;
  return (
    <>
      <Radio.Group
        label="Duration"
        value={values.partialday ? 'partial' : 'all'}
        onChange={(next) => {
          form.setValues(withPartialDay(form.getValues(), next === 'partial'));
          form.clearFieldError('end');
        }}
      >
        <Group gap="lg" mt={4}>
          <Radio value="all" label="All Day" />
          <Radio value="partial" label="Partial Day" />
        </Group>
      </Radio.Group>

      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput
          type="date"
          label="Start Date"
          withAsterisk
          value={values.start}
          onChange={(event) => {
            form.setValues(withStart(form.getValues(), event.currentTarget.value));
            form.clearFieldError('start');
            form.clearFieldError('end');
          }}
          error={errorOf('start')}
        />
        <TextInput
          type="date"
          label="End Date"
          min={values.start || undefined}
          disabled={values.partialday}
          description={values.partialday ? 'A partial day ends on its start date.' : undefined}
          {...form.getInputProps('end')}
          error={errorOf('end')}
        />
      </SimpleGrid>

      {values.partialday ? (
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TimeInput label="Start Time" withAsterisk {...form.getInputProps('starttime')} error={errorOf('starttime')} />
          <TimeInput label="End Time" withAsterisk {...form.getInputProps('endtime')} error={errorOf('endtime')} />
        </SimpleGrid>
      ) : null}
    </>
  );
}
