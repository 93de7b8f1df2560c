import { Button, Card, Group, List, Loader, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { FormAlert } from '@/components/form-alert';
import { formatIsoDate } from '@/lib/company-time';
import { serverMessage } from '@/lib/form-errors';
import { useMaySell, type MaySellQuery } from '../api/compliance';
import { MESSAGES } from '../api/forms';
import { lineLabel, useLicensingReference } from '../api/reference';
import { STATE_CHOICES, stateName } from '../api/states';
import { DateField } from './date-field';

const LINE_REQUIRED = 'Please choose the line';

/**
 * "Who may sell?": a line in a state on a day (today unless changed), optionally with one
 * carrier: the people who may, and the others with the reason they may not.
 */
export function MaySellPanel({ today }: { today: string }) {
  const reference = useLicensingReference();
  const [state, setState] = useState<string | null>(null);
  const [line, setLine] = useState<string | null>(null);
  const [carrier, setCarrier] = useState('');
  const [on, setOn] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [asked, setAsked] = useState<MaySellQuery | null>(null);
  const answer = useMaySell(asked);
  const lines = (reference.data?.lines ?? []).map((l) => ({ value: l.code, label: l.label }));

  return (
    <Card withBorder radius="md" p="md" component="section" aria-label="Who may sell?" data-testid="may-sell">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          Who may sell?
        </Title>
        <form
          noValidate
          aria-label="Who may sell"
          onSubmit={(event) => {
            event.preventDefault();
            const own: Record<string, string> = {};
            if (!state) own.state = MESSAGES.state;
            if (!line) own.line = LINE_REQUIRED;
            setErrors(own);
            if (!state || !line) return;
            setAsked({ state, line, carrier, on: on || today });
          }}
        >
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
            <Select label="State" required searchable data={STATE_CHOICES} value={state} onChange={setState} error={errors.state} comboboxProps={{ withinPortal: true }} />
            <Select label="Line" required searchable data={lines} value={line} onChange={setLine} error={errors.line} comboboxProps={{ withinPortal: true }} />
            <TextInput label="Carrier" placeholder="Any carrier" value={carrier} onChange={(event) => setCarrier(event.currentTarget.value)} />
            <DateField label="On" description={on ? undefined : 'Today'} value={on} onChange={setOn} />
          </SimpleGrid>
          <Group justify="flex-end" mt="sm">
            <Button type="submit">Check</Button>
          </Group>
        </form>
        {asked === null ? null : answer.isPending ? (
          <Loader size="sm" aria-label="Loading who may sell" />
        ) : answer.isError ? (
          <FormAlert>{serverMessage(answer.error)}</FormAlert>
        ) : (
          <Stack gap="sm" data-testid="may-sell-answer">
            <Text size="sm">
              {lineLabel(reference.data, answer.data.line)} in {stateName(answer.data.state)} on {formatIsoDate(answer.data.on)}
              {answer.data.carrier ? ` with ${answer.data.carrier}` : ''}:
            </Text>
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
              <Stack gap={4}>
                <Text fw={600}>May sell ({answer.data.people.length})</Text>
                {answer.data.people.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    Nobody.
                  </Text>
                ) : (
                  <List size="sm" spacing={4} data-testid="may-sell-people">
                    {answer.data.people.map((person) => (
                      <List.Item key={person.employeeId}>
                        <Text span size="sm" fw={600}>
                          {person.name}
                        </Text>
                        {[
                          person.licenceNumber ? `licence ${person.licenceNumber}` : null,
                          person.expiresOn ? `expires ${formatIsoDate(person.expiresOn)}` : null,
                          person.carriers.length > 0 ? person.carriers.join(', ') : null,
                        ]
                          .filter(Boolean)
                          .map((part) => ` · ${part}`)
                          .join('')}
                      </List.Item>
                    ))}
                  </List>
                )}
              </Stack>
              <Stack gap={4}>
                <Text fw={600}>May not ({answer.data.others.length})</Text>
                {answer.data.others.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    Nobody.
                  </Text>
                ) : (
                  <List size="sm" spacing={4} data-testid="may-sell-others">
                    {answer.data.others.map((person) => (
                      <List.Item key={person.employeeId}>
                        <Text span size="sm" fw={600}>
                          {person.name}
                        </Text>
                        {person.reason ? ` · ${person.reason}` : ''}
                      </List.Item>
                    ))}
                  </List>
                )}
              </Stack>
            </SimpleGrid>
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
