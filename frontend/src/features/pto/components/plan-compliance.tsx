import { Badge, List, Stack, Text } from '@mantine/core';
import type { PlanCompliance, Shortfall } from '../api/sick-leave';

/** The names of the laws a list of shortfalls is about, once each, in order. */
export const shortLawNames = (shortfalls: Shortfall[], lawName: (id: string) => string): string[] => [...new Set(shortfalls.map((shortfall) => lawName(shortfall.law)))];

/** 'California', 'New York State and New York City', 'A, B and C'. */
export const namesText = (names: string[]): string =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]!}`;

/** The laws binding a plan's people, once each ('California: Every employer'). */
export const bindingLaws = (plan: PlanCompliance): string[] => [...new Set(plan.places.flatMap((place) => place.laws))];

/**
 * A plan card's sick-leave line (issue 38): 'Meets sick-leave law' with the laws it meets, or
 * 'Falls short of <laws>' with each shortfall; nothing where no law Timekeep knows applies.
 */
export function PlanComplianceLine({ plan, lawName }: { plan: PlanCompliance; lawName: (id: string) => string }) {
  const laws = bindingLaws(plan);
  if (laws.length === 0) return null;
  const shortfalls = plan.places.flatMap((place) => place.shortfalls);
  if (plan.compliant || shortfalls.length === 0) {
    return (
      <Stack gap={2} data-testid="plan-compliance">
        <Badge color="green.9" variant="filled" tt="none">
          Meets sick-leave law
        </Badge>
        <Text size="xs" c="dimmed">
          {laws.join(' · ')}
        </Text>
      </Stack>
    );
  }
  const messages = [...new Set(shortfalls.map((shortfall) => shortfall.message))];
  return (
    <Stack gap={2} data-testid="plan-compliance">
      <Badge
        color="orange"
        variant="light"
        tt="none"
        // The text colour: a light badge's own shade fails WCAG AA on its background. Long law
        // names wrap inside the card.
        styles={{ root: { height: 'auto', maxWidth: '100%' }, label: { color: 'var(--mantine-color-text)', whiteSpace: 'normal' } }}
      >
        Falls short of {namesText(shortLawNames(shortfalls, lawName))}
      </Badge>
      <List size="xs" spacing={0}>
        {messages.map((message) => (
          <List.Item key={message}>{message}</List.Item>
        ))}
      </List>
    </Stack>
  );
}
