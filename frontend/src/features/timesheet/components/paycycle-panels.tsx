import { Group, Loader, Stack, Table, Text } from '@mantine/core';
import { FormAlert } from '@/components/form-alert';
import { formatHoursMinutes, formatIsoDate } from '@/lib/company-time';
import { usePaycycleClockedHours } from '../api/get-paycycle-clocked-hours';
import { usePaycycleOvertime } from '../api/get-paycycle-overtime';
import { dayLabel, failureMessage, TEXTS } from './labels';

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

/** Overtime of the current pay cycle: minutes above the weekly threshold, per week (350 wide). */
export function OvertimePanel({ employeeId }: { employeeId: number | null }) {
  const overtime = usePaycycleOvertime(employeeId);
  if (overtime.isLoading) return <Loader size="sm" />;
  if (overtime.isError) return <FormAlert>{failureMessage(overtime.error)}</FormAlert>;
  const data = overtime.data;
  if (!data) return null;
  const weeks = data.weeks.filter((w) => w.overtimeMinutes > 0);
  return (
    <Stack gap="md" data-testid="overtime-panel">
      <Text size="sm" c="dimmed">
        Pay cycle {cycleText(data.payCycleStart, data.payCycleEnd)} · over {formatHoursMinutes(data.thresholdMinutes)} a week
      </Text>
      {weeks.length === 0 ? (
        <Text size="sm">{TEXTS.noOvertime}</Text>
      ) : (
        <>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Week</Table.Th>
                <Table.Th ta="right">Overtime</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {weeks.map((w) => (
                <Table.Tr key={w.weekStart}>
                  <Table.Td>{cycleText(w.weekStart, w.weekEnd)}</Table.Td>
                  <Table.Td ta="right">{formatHoursMinutes(w.overtimeMinutes)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Group justify="space-between">
            <Text fw={600}>Total</Text>
            <Text fw={600}>{formatHoursMinutes(data.totalOvertimeMinutes)}</Text>
          </Group>
        </>
      )}
    </Stack>
  );
}
