import { ActionIcon, Button, Group, Input, Stack, Text } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import type { ReactNode } from 'react';
import type { BreakRow } from '../api/request-edit';

interface BreaksEditorProps {
  value: BreakRow[];
  onChange: (rows: BreakRow[]) => void;
  error?: ReactNode;
  /** 'Sunday 11/15/2026': the date the break times take. */
  dayText?: string;
}

/** Break start / end times (times of day that take the shift's date). */
export function BreaksEditor({ value, onChange, error, dayText }: BreaksEditorProps) {
  const update = (index: number, patch: Partial<BreakRow>) =>
    onChange(value.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  return (
    <Input.Wrapper label="Breaks" error={error} description={dayText ? `Times on ${dayText}` : undefined}>
      <Stack gap="xs" mt={4} data-testid="breaks-editor">
        {value.length === 0 ? (
          <Text size="sm" c="dimmed">
            No breaks
          </Text>
        ) : null}
        {value.map((row, index) => (
          // The rows have no identity of their own; their position is their key.
          <Group key={index} gap="xs" wrap="nowrap" align="flex-end">
            <TimeInput
              aria-label={`Break ${index + 1} start`}
              label={index === 0 ? 'From' : undefined}
              value={row.from}
              onChange={(e) => update(index, { from: e.currentTarget.value })}
              style={{ flex: 1 }}
            />
            <TimeInput
              aria-label={`Break ${index + 1} end`}
              label={index === 0 ? 'To' : undefined}
              value={row.to}
              onChange={(e) => update(index, { to: e.currentTarget.value })}
              style={{ flex: 1 }}
            />
            <ActionIcon
              variant="subtle"
              color="red.9"
              size="lg"
              aria-label={`Remove break ${index + 1}`}
              onClick={() => onChange(value.filter((_, i) => i !== index))}
            >
              <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </ActionIcon>
          </Group>
        ))}
        <Group>
          <Button variant="light" size="xs" onClick={() => onChange([...value, { from: '', to: '' }])}>
            Add Break
          </Button>
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}
