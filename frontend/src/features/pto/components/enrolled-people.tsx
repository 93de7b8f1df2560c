import { Badge, Button, CloseButton, Group, Stack, Text } from '@mantine/core';

interface Person {
  id: number;
  name: string;
}

interface EnrolledPeopleProps {
  year: string;
  /** Enrolled and staying. */
  kept: Person[];
  /** Enrolled, to be taken off on Save. */
  removed: Person[];
  onRemove: (id: number) => void;
  onKeep: (id: number) => void;
}

/** The people enrolled in the plan for the year, each with a button to take them off, and those being taken off with Undo. */
export function EnrolledPeople({ year, kept, removed, onRemove, onKeep }: EnrolledPeopleProps) {
  return (
    <Stack gap={6} data-testid="plan-enrolled">
      <Text size="sm" fw={500}>
        Enrolled in {year}
      </Text>
      {kept.length > 0 ? (
        <Group gap={6}>
          {kept.map((person) => (
            <Badge
              key={person.id}
              variant="light"
              size="lg"
              tt="none"
              fw={500}
              data-testid="plan-enrolled-person"
              rightSection={
                <CloseButton
                  size="xs"
                  variant="transparent"
                  aria-label={`Take ${person.name} off this plan`}
                  onClick={() => onRemove(person.id)}
                />
              }
            >
              {person.name}
            </Badge>
          ))}
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          {removed.length > 0 ? `Nobody else is enrolled in ${year}.` : `Nobody is enrolled in ${year}.`}
        </Text>
      )}
      {removed.length > 0 ? (
        <Group gap={6} data-testid="plan-removing">
          <Text size="sm">Taking off for {year}:</Text>
          {removed.map((person) => (
            <Button
              key={person.id}
              size="compact-xs"
              variant="subtle"
              aria-label={`Keep ${person.name} on this plan`}
              onClick={() => onKeep(person.id)}
            >
              {person.name} · Undo
            </Button>
          ))}
        </Group>
      ) : null}
    </Stack>
  );
}
