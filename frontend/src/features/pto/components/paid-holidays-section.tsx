import { Anchor, Button, Group, Loader, Select, SimpleGrid, Stack, Text, Title, type TitleOrder } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDelete } from '@/components/confirm-dialog';
import { Dock } from '@/components/dock';
import { FormAlert } from '@/components/form-alert';
import { serverMessage } from '@/lib/form-errors';
import { HOLIDAY_INFO, useCreateDefaultHolidays, useDeleteHoliday, useHolidayList, type PaidHoliday } from '../api/holidays';
import { HolidayCard } from './holiday-card';
import { HolidayEditor, OhSnap } from './holiday-editor';

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
