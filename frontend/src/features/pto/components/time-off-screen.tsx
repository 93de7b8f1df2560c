import { Grid, Group, Loader, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { FormAlert } from '@/components/form-alert';
import { loadErrorMessage } from '@/components/load-error-modal';
import { isAdmin, isPrivileged, type Identity } from '@/lib/identity';
import { REQUEST_MESSAGES } from '../api/request-form';
import { fullName, usePtoData, type PtoRequest } from '../api/requests';
import { AccrualHealthAlert } from './accrual-health-alert';
import { BalanceCard } from './balance-card';
import { HistoryList } from './history-list';
import { RequestForm } from './request-form';
import { WhoIsOut } from './who-is-out';

export interface TimeOffScreenProps {
  identity: Identity;
  /**
   * 'Add Time Off' of the quick-add menu (/pto?add=1): a token that changes with every click (the
   * location's key); each new one brings a fresh request form into view and focuses it.
   */
  addRequest?: string | null;
}

interface FormState {
  key: number;
  editing: PtoRequest | null;
  focus: boolean;
}

/** 'My Time Off' for employees, 'Time Off' for admins and managers (the menu's words). */
export const timeOffTitle = (identity: Pick<Identity, 'roles'>): string => (isPrivileged(identity) ? 'Time Off' : 'My Time Off');

/**
 * The PTO screen (spec 000 §2): 'On Behalf Of' (admins and managers: the people they reach), the
 * accrual job's warning (admins), the balance card, 'Who Else is Out?', the request form and the
 * history by year. Switching the person reloads everything for them, and requests are filed for
 * them.
 */
export function TimeOffScreen({ identity, addRequest = null }: TimeOffScreenProps) {
  const [eid, setEid] = useState<number | null>(null);
  const data = usePtoData(eid);
  // The form is mounted afresh (key) for a new request, an edit, or after a submit; `focus` brings it into view.
  const [formState, setFormState] = useState<FormState>({ key: 0, editing: null, focus: false });
  const [notice, setNotice] = useState<string | null>(null);
  const [handledAdd, setHandledAdd] = useState<string | null>(null);
  const { editing } = formState;

  // The screen shows a person only once their own data is in (not the previous person's).
  const shown = data.data && !data.isPlaceholderData ? data.data : null;
  const people = data.data?.canRequestFor ?? [];
  const viewedId = shown?.employee.id ?? null;

  const openForm = (next: PtoRequest | null, focus: boolean) => setFormState((s) => ({ key: s.key + 1, editing: next, focus }));

  // 'Add Time Off': a fresh form, in view and focused, once the data is in (each click of the menu once).
  if (addRequest && shown && addRequest !== handledAdd) {
    setHandledAdd(addRequest);
    setNotice(null);
    openForm(null, true);
  }

  const choosePerson = (next: string | null) => {
    if (!next) return;
    const id = Number(next);
    setNotice(null);
    setFormState((s) => ({ key: s.key + 1, editing: null, focus: false }));
    setEid(id === identity.eid ? null : id);
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={2}>
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            {timeOffTitle(identity)}
          </Title>
          {shown && shown.employee.id !== identity.eid ? (
            <Text c="dimmed" data-testid="time-off-employee">
              {fullName(shown.employee)}
            </Text>
          ) : null}
        </Stack>
        {people.length > 1 ? (
          <Select
            label="On Behalf Of"
            data={people.map((p) => ({ value: String(p.id), label: fullName(p) }))}
            value={String(eid ?? identity.eid ?? people[0]?.id ?? '')}
            onChange={choosePerson}
            searchable
            allowDeselect={false}
            nothingFoundMessage="No data"
            maxDropdownHeight={320}
            w={{ base: '100%', sm: 260 }}
            data-testid="on-behalf-of"
          />
        ) : null}
      </Group>

      {/* Admins: the accrual job's trouble, if any (the call is theirs only). */}
      <AccrualHealthAlert enabled={isAdmin(identity)} />

      {data.isError ? <FormAlert>{loadErrorMessage(data.error)}</FormAlert> : null}

      {!shown ? (
        data.isError ? null : <Loader aria-label="Loading time off" />
      ) : (
        <Grid gap="lg" data-testid="time-off-layout">
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap="lg">
              <BalanceCard data={shown} eid={eid} />
              <WhoIsOut today={shown.today} employeeId={shown.employee.id} />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="lg">
              <RequestForm
                key={`${viewedId}-${formState.key}`}
                types={shown.types}
                today={shown.today}
                employeeId={eid}
                editing={editing}
                onStopEditing={() => openForm(null, false)}
                onSubmitted={() => {
                  setNotice(REQUEST_MESSAGES.submitted);
                  openForm(null, false);
                }}
                notice={notice}
                onChanged={() => setNotice(null)}
                focusOnMount={formState.focus}
              />
              <HistoryList
                employeeId={shown.employee.id}
                eid={eid}
                timeZone={identity.timezone}
                onEdit={(request) => {
                  setNotice(null);
                  openForm(request, true);
                }}
                onCancelled={(id) => {
                  if (editing?.id === id) openForm(null, false);
                }}
              />
            </Stack>
          </Grid.Col>
        </Grid>
      )}
    </Stack>
  );
}
