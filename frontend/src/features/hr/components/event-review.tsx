import { Button, Checkbox, Loader, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { FormAlert } from '@/components/form-alert';
import { ACKNOWLEDGE_STATEMENT, useAffirmEvent } from '../api/affirm-event';
import { useEventReviewDetail } from '../api/get-event-review-detail';
import { failureMessage } from './labels';
import { EventDetails } from './record-details';

/** Shown when the server's answer carries no message of its own. */
export const ACKNOWLEDGED = 'Thank you! The event has been acknowledged.';

/**
 * One of the signed-in person's events (My HR's 'Event Detail', the task dock's event request):
 * its details, and while it waits for them, the acknowledge flow (000 §4): ticking 'I have fully
 * reviewed and understand the policy.' enables Acknowledge; done, the panel closes and the tasks
 * and lists are asked again.
 */
export function EventReview({ eventId, timeZone, onAcknowledged }: { eventId: number; timeZone: string; onAcknowledged: () => void }) {
  const detail = useEventReviewDetail(eventId);
  const affirm = useAffirmEvent();
  const [reviewed, setReviewed] = useState(false);
  if (detail.isPending) return <Loader size="sm" aria-label="Loading the event" />;
  if (detail.isError) return <FormAlert>{failureMessage(detail.error)}</FormAlert>;
  const event = detail.data;
  const waiting = event.ackneeded === 1 && !event.ackedon;
  return (
    <Stack gap="lg">
      <EventDetails event={event} timeZone={timeZone} />
      {waiting ? (
        <Stack gap="sm" data-testid="acknowledge">
          <Checkbox label={ACKNOWLEDGE_STATEMENT} checked={reviewed} onChange={(e) => setReviewed(e.currentTarget.checked)} />
          {affirm.isError ? <FormAlert>{`Sorry ${failureMessage(affirm.error)}`}</FormAlert> : null}
          <Button
            disabled={!reviewed}
            loading={affirm.isPending}
            style={{ alignSelf: 'flex-start' }}
            onClick={() =>
              affirm.mutate(event.id, {
                onSuccess: (answer) => {
                  notifications.show({ color: answer.changed ? 'green' : 'blue', message: answer.message || ACKNOWLEDGED });
                  onAcknowledged();
                },
              })
            }
          >
            Acknowledge
          </Button>
        </Stack>
      ) : null}
    </Stack>
  );
}
