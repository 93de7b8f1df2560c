import { Group, Loader, Stack, Table, Text } from '@mantine/core';
import { FormAlert } from '@/components/form-alert';
import { formatHoursMinutes, formatIsoDate } from '@/lib/company-time';
import { usePaycycleClockedHours } from '../api/get-paycycle-clocked-hours';
import { usePaycycleOvertime } from '../api/get-paycycle-overtime';
import { dayLabel, failureMessage, rulesLabel, TEXTS } from './labels';

const cycleText = (start: string, end: string) => `${formatIsoDate(start)} – ${formatIsoDate(end)}`;

/** Clocked hours of the current pay cycle, per day (450 wide). */
export function ClockedHoursPanel({ employeeId }: { employeeId: number | null }) {
  const hours = usePaycycleClockedHours(employeeId);
  if (hours.isLoading) return <Loader size="sm" />;
  if (hours.isError) return <FormAlert>{failureMessage(hours.error)}</FormAlert>;
  const data = hours.data;
  if (!data) return null;
  return (
    <Stack gap="md" data-testid="clocked-hours-panel">
      <Text size="sm" c="dimmed">
        Pay cycle {cycleText(data.payCycleStart, data.payCycleEnd)}
      </Text>
      {data.days.length === 0 ? (
        <Text size="sm">{TEXTS.noPaycycleData}</Text>
      ) : (
        <>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Date</Table.Th>
                <Table.Th ta="right">Hours</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.days.map((d) => (
                <Table.Tr key={d.date}>
                  <Table.Td>{dayLabel(d.date)}</Table.Td>
                  <Table.Td ta="right">{formatHoursMinutes(d.minutes)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Group justify="space-between">
            <Text fw={600}>Total</Text>
            <Text fw={600}>{formatHoursMinutes(data.totalMinutes)}</Text>
          </Group>
        </>
      )}
    </Stack>
  );
}

/**
 * Overtime of the current pay cycle per week (350 wide): minutes above the weekly threshold, or
 * by the company's overtime rules (issue 37), with double time when there is some.
 */
export function OvertimePanel({ employeeId }: { employeeId: number | null }) {
  const overtime = usePaycycleOvertime(employeeId);
  if (overtime.isLoading) return <Loader size="sm" />;
  if (overtime.isError) return <FormAlert>{failureMessage(overtime.error)}</FormAlert>;
  const data = overtime.data;
  if (!data) return null;
  const weeks = data.weeks.filter((w) => w.overtimeMinutes > 0 || w.doubleTimeMinutes > 0);
  const doubleTime = data.totalDoubleTimeMinutes > 0 || weeks.some((w) => w.doubleTimeMinutes > 0);
  // Under a jurisdiction's rules the weekly threshold of the time settings is not the whole story.
  const custom = !data.ruleSet || data.ruleSet.id === 'custom';
  return (
    <Stack gap="md" data-testid="overtime-panel">
      <Text size="sm" c="dimmed">
        Pay cycle {cycleText(data.payCycleStart, data.payCycleEnd)}
        {custom ? ` · over ${formatHoursMinutes(data.thresholdMinutes)} a week` : ''}
      </Text>
      {data.ruleSet ? (
        <Text size="xs" c="dimmed" data-testid="overtime-rule-set" title={data.ruleSet.citation || undefined}>
          {rulesLabel(data.ruleSet.name)}
        </Text>
      ) : null}
      {weeks.length === 0 ? (
        <Text size="sm">{TEXTS.noOvertime}</Text>
      ) : (
        <>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Week</Table.Th>
                <Table.Th ta="right">Overtime</Table.Th>
                {doubleTime ? <Table.Th ta="right">Double time</Table.Th> : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {weeks.map((w) => (
                <Table.Tr key={w.weekStart}>
                  <Table.Td>{cycleText(w.weekStart, w.weekEnd)}</Table.Td>
                  <Table.Td ta="right">{formatHoursMinutes(w.overtimeMinutes)}</Table.Td>
                  {doubleTime ? (
                    <Table.Td ta="right" data-testid="overtime-week-double">
                      {w.doubleTimeMinutes > 0 ? formatHoursMinutes(w.doubleTimeMinutes) : '—'}
                    </Table.Td>
                  ) : null}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Group justify="space-between">
            <Text fw={600}>Total</Text>
            <Text fw={600}>{formatHoursMinutes(data.totalOvertimeMinutes)}</Text>
          </Group>
          {doubleTime ? (
            <Group justify="space-between">
              <Text fw={600}>Double time</Text>
              <Text fw={600} data-testid="overtime-total-double">
                {formatHoursMinutes(data.totalDoubleTimeMinutes)}
              </Text>
            </Group>
          ) : null}
        </>
      )}
    </Stack>
  );
}
