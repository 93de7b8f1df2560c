import { Badge, Group, Progress, Stack, Text } from '@mantine/core';
import { formatIsoDate } from '@/lib/company-time';
import { formatHours } from '../api/forms';
import type { Progress as HoursProgress, Requirement } from '../api/schemas';
import { progressPercent, progressText, topicLabel } from './labels';

/** One bar: its words above it ('Ethics 1 of 3 h'), full in green once met. */
function HoursBar({ label, progress }: { label: string; progress: HoursProgress }) {
  const text = progressText(label, progress);
  const met = progress.done >= progress.required;
  return (
    <Stack gap={2} data-testid="ce-progress">
      <Text size="sm" data-testid="ce-progress-text">
        {text}
      </Text>
      <Progress value={progressPercent(progress)} color={met ? 'green.9' : 'blue.8'} size="md" radius="sm" aria-label={text} />
    </Stack>
  );
}

/** The bars of a requirement: the total, the ethics hours (when the state asks for some) and one per topic. */
export function requirementBars(requirement: Requirement): { key: string; label: string; progress: HoursProgress }[] {
  const bars = [{ key: 'total', label: 'Total', progress: requirement.progress.total }];
  if (requirement.progress.ethics.required > 0 || requirement.progress.ethics.done > 0) {
    bars.push({ key: 'ethics', label: 'Ethics', progress: requirement.progress.ethics });
  }
  for (const topic of requirement.progress.topics) {
    bars.push({ key: `topic-${topic.topic}`, label: topicLabel(topic.topic), progress: { done: topic.done, required: topic.required } });
  }
  return bars;
}

/** A CE requirement's progress: when it is due, whether it is met, and its bars. */
export function CeProgress({ requirement }: { requirement: Requirement }) {
  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Text size="sm" fw={600}>
          CE due {formatIsoDate(requirement.dueOn)}
        </Text>
        <Text size="sm" c="dimmed">
          (cycle from {formatIsoDate(requirement.cycleStart)})
        </Text>
        {requirement.met ? (
          <Badge color="green.9" variant="filled" size="sm" data-testid="ce-met">
            Met
          </Badge>
        ) : null}
      </Group>
      {requirementBars(requirement).map((bar) => (
        <HoursBar key={bar.key} label={bar.label} progress={bar.progress} />
      ))}
      {requirement.carriedInHours > 0 ? (
        <Text size="xs" c="dimmed">
          Includes {formatHours(requirement.carriedInHours)} h carried over from the previous cycle.
        </Text>
      ) : null}
      {requirement.excessHours > 0 ? (
        <Text size="xs" c="dimmed">
          {formatHours(requirement.excessHours)} h over the total{requirement.carryOver ? ', carried into the next cycle' : ''}.
        </Text>
      ) : null}
    </Stack>
  );
}
