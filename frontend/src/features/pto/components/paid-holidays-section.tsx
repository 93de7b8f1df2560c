import { Anchor, Button, Card, Group, Loader, Select, SimpleGrid, Stack, Text, TextInput, Title, type TitleOrder } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { ConfirmDelete } from '@/components/confirm-dialog';
import { Dock } from '@/components/dock';
import { FormAlert } from '@/components/form-alert';
import { serverMessage } from '@/lib/form-errors';
import {
  formatHolidayDate,
  HOLIDAY_DATE_REQUIRED,
  HOLIDAY_FORM_ERROR_TITLE,
  HOLIDAY_INFO,
  HOLIDAY_NAME_REQUIRED,
  parseHolidayDate,
  useCreateDefaultHolidays,
  useDeleteHoliday,
  useHolidayList,
  useSaveHoliday,
  type HolidayForm,
  type PaidHoliday,
} from '../api/holidays';


/** 'Oh Snap!' with the server's message (002 §8). */
function OhSnap({ children }: { children: string }) {
  return <FormAlert title={HOLIDAY_FORM_ERROR_TITLE}>{children}</FormAlert>;
}

/** The side panel's form: the holiday's name and date (shown MM-DD-YYYY, sent YYYY-MM-DD). */
function HolidayEditor({ holiday, year, onSaved }: { holiday: PaidHoliday | null; year: number; onSaved: (saved: PaidHoliday) => void }) {
  const save = useSaveHoliday();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<HolidayForm>({
    mode: 'controlled',
    initialValues: { id: holiday?.id, name: holiday?.name ?? '', holiday: holiday?.holiday ?? null },
    validate: {
      name: (value) => (value.trim() ? null : HOLIDAY_NAME_REQUIRED),
      holiday: (value) => (value ? null : HOLIDAY_DATE_REQUIRED),
    },
  });
  return (
    <form
      noValidate
      aria-label="Paid Holiday"
      onSubmit={form.onSubmit((values) => {
        setError(null);
        save.mutate(values, { onSuccess: onSaved, onError: (err) => setError(serverMessage(err)) });
      })}
    >
      <Stack gap="md">
        <TextInput label="Holiday name" withAsterisk maxLength={100} autoComplete="off" data-autofocus {...form.getInputProps('name')} />
        <DateInput
          label="Holiday date"
          withAsterisk
          placeholder="MM-DD-YYYY"
          valueFormat="MM-DD-YYYY"
          dateParser={parseHolidayDate}
          // A new holiday's calendar opens in the year on screen.
          defaultDate={holiday?.holiday ?? `${year}-01-01`}
          popoverProps={{ withinPortal: true }}
          {...form.getInputProps('holiday')}
        />
        {error ? <OhSnap>{error}</OhSnap> : null}
        <Button type="submit" loading={save.isPending}>
          Save
        </Button>
      </Stack>
    </form>
  );
}

/** A holiday's card: date (MM-DD-YYYY) and name; Edit and Delete for admins. */
function HolidayCard({ holiday, canEdit, onEdit, onDelete }: { holiday: PaidHoliday; canEdit: boolean; onEdit: () => void; onDelete: () => void }) {
  return (
    <Card withBorder radius="md" p="md" data-testid="paid-holiday">
      <Stack gap="xs">
        <Text size="sm" c="dimmed" fw={600}>
          {formatHolidayDate(holiday.holiday)}
        </Text>
        <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
          {holiday.name}
        </Text>
        {canEdit ? (
          <Group gap="xs">
            <Button size="xs" variant="light" aria-label={`Edit ${holiday.name}`} onClick={onEdit}>
              Edit
            </Button>
            <Button size="xs" variant="outline" color="red.9" aria-label={`Delete ${holiday.name}`} onClick={onDelete}>
              Delete
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}

/**
 * Paid holidays (002 §2): a year's holidays (the year chosen from current - 1 to current + 3), each
 * with Edit (the 'Paid Holiday' side panel) and Delete (after a confirmation); '+ Add Paid Holiday';
 * an empty year offers the US federal holidays. Admins change them; managers see them. Used on
 * /admin/ptomanage (titleOrder 2) and as the page /admin/manage/holidays (titleOrder 1).
 */
export function PaidHolidaysSection({ canEdit, titleOrder = 2 }: { canEdit: boolean; titleOrder?: TitleOrder }) {
  const [chosenYear, setChosenYear] = useState<number | null>(null);
  const list = useHolidayList(chosenYear);
  const remove = useDeleteHoliday();
  const createDefaults = useCreateDefaultHolidays();
  const [editing, setEditing] = useState<PaidHoliday | 'new' | null>(null);
  const [deleting, setDeleting] = useState<PaidHoliday | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Until a year is chosen, the server's current year (the answer names it).
  const year = chosenYear ?? list.data?.year ?? null;
  const holidays = list.data?.holidays ?? [];
  const showingYear = !list.isPlaceholderData && list.data ? list.data.year : null;

  return (
    <Stack gap="md" data-testid="paid-holidays">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={titleOrder} fz={titleOrder === 1 ? { base: 24, sm: 28 } : 'lg'}>
          Paid Holidays
        </Title>
        <Group gap="sm" align="flex-end">
          {list.data ? (
            <Select
              label="Year"
              w={110}
              allowDeselect={false}
              data={list.data.years.map(String)}
              value={year === null ? null : String(year)}
              onChange={(value) => {
                setError(null);
                if (value) setChosenYear(Number(value));
              }}
            />
          ) : null}
          {canEdit && year !== null ? (
            <Button
              onClick={() => {
                setError(null);
                setEditing('new');
              }}
            >
              + Add Paid Holiday
            </Button>
          ) : null}
        </Group>
      </Group>
      <Text size="sm" c="dimmed">
        {HOLIDAY_INFO}
      </Text>
      {error ? <OhSnap>{error}</OhSnap> : null}
      {list.isPending ? (
        <Loader size="sm" aria-label="Loading the paid holidays" />
      ) : list.isError ? (
        <OhSnap>{serverMessage(list.error)}</OhSnap>
      ) : showingYear !== null && holidays.length === 0 ? (
        <FormAlert color="yellow">
          No paid holidays for {showingYear} yet.{' '}
          {canEdit ? (
            <Anchor
              component="button"
              type="button"
              fz="inherit"
              disabled={createDefaults.isPending}
              onClick={() => {
                setError(null);
                createDefaults.mutate(showingYear, {
                  onSuccess: () => setChosenYear(showingYear),
                  onError: (err) => setError(serverMessage(err)),
                });
              }}
            >
              Add the default holidays
            </Anchor>
          ) : null}
        </FormAlert>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="md">
          {holidays.map((holiday) => (
            <HolidayCard
              key={holiday.id}
              holiday={holiday}
              canEdit={canEdit}
              onEdit={() => {
                setError(null);
                setEditing(holiday);
              }}
              onDelete={() => {
                setError(null);
                setDeleting(holiday);
              }}
            />
          ))}
        </SimpleGrid>
      )}

      <Dock opened={editing !== null} onClose={() => setEditing(null)} title="Paid Holiday" width={350} testId="paid-holiday-dock">
        {editing !== null && year !== null ? (
          <HolidayEditor
            key={editing === 'new' ? 'new' : editing.id}
            holiday={editing === 'new' ? null : editing}
            year={year}
            onSaved={(saved) => {
              setEditing(null);
              // A holiday dated in another year is shown where it went.
              setChosenYear(saved.year);
            }}
          />
        ) : null}
      </Dock>
      <ConfirmDelete
        opened={deleting !== null}
        loading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting, { onError: (err) => setError(serverMessage(err)), onSettled: () => setDeleting(null) });
        }}
      />
    </Stack>
  );
}
