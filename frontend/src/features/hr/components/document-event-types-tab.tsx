import { Divider, Stack } from '@mantine/core';
import { HrTypeSection } from './hr-type-section';

/** Settings, tab 5 'Document & Event Types' (002 §2): document types (with the onboarding flag), then event types. */
export function DocumentEventTypesTab() {
  return (
    <Stack gap="xl" data-testid="document-event-types">
      <HrTypeSection kind="doc" />
      <Divider />
      <HrTypeSection kind="event" />
    </Stack>
  );
}
