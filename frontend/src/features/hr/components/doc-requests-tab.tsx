import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormAlert } from '@/components/form-alert';
import { formatCalendarDate, formatMediumDate } from '@/lib/company-time';
import { CANCEL_REQUEST_QUESTION, useCancelDocRequest } from '../api/cancel-doc-request';
import { REQUEST_SORTS, useDocRequests } from '../api/get-doc-requests';
import { REQUEST_STATUS, type DocRequestView } from '../api/schemas';
import { failureMessage, HR_TEXTS } from './labels';
import { ListToolbar, PagedList, pageCount } from './list-parts';

/** A request's state as a badge: Open (or Overdue), Fulfilled, Cancelled. */
export function requestState(request: Pick<DocRequestView, 'status' | 'overdue'>): { label: string; color: string } {
  if (request.status === REQUEST_STATUS.fulfilled) return { label: 'Fulfilled', color: 'teal.9' };
  if (request.status === REQUEST_STATUS.cancelled) return { label: 'Cancelled', color: 'gray.7' };
  return request.overdue ? { label: 'Overdue', color: 'red.9' } : { label: 'Open', color: 'blue.9' };
}

function RequestRow({ request, timeZone, onCancel }: { request: DocRequestView; timeZone: string; onCancel: () => void }) {
  const state = requestState(request);
  const closed =
    request.status === REQUEST_STATUS.fulfilled && request.completeDate
      ? `Fulfilled ${formatMediumDate(request.completeDate, timeZone)}`
      : request.status === REQUEST_STATUS.cancelled && request.cancelDate
        ? `Cancelled ${formatMediumDate(request.cancelDate, timeZone)}`
        : null;
  return (
    <Card withBorder radius="md" p="sm" data-testid="hr-doc-request">
      <Stack gap={4}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {request.name}
          </Text>
          <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
            {request.onboardingDoc ? (
              <Badge variant="light" size="sm">
                Onboarding
              </Badge>
            ) : null}
            <Badge variant="filled" color={state.color} autoContrast>
              {state.label}
            </Badge>
          </Group>
        </Group>
        <Text size="sm">{`Due ${formatCalendarDate(request.dueDate)}`}</Text>
        {request.comments.trim() ? (
          <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
            {request.comments}
          </Text>
        ) : null}
        <Text size="xs" c="dimmed">
          {[`Requested ${formatMediumDate(request.createDate, timeZone)}`, request.requestedBy ? `by ${request.requestedBy}` : null, closed].filter(Boolean).join(' · ')}
        </Text>
        {request.status === REQUEST_STATUS.open ? (
          <Group justify="flex-end">
            <Button size="xs" variant="outline" color="red.9" onClick={onCancel} aria-label={`Cancel the request for ${request.name}`}>
              Cancel
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}

/**
 * The folder's 'HR Doc Request' tab (4): 10 a page, 'Sort by' (Type of document, Due date,
 * Newest); an open request can be cancelled after 'Are you sure to cancel this?'.
 */
export function DocRequestsTab({ employeeId, timeZone }: { employeeId: number; timeZone: string }) {
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState('-id');
  const [cancelling, setCancelling] = useState<DocRequestView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const requests = useDocRequests({ employeeId, page, sort });
  const cancel = useCancelDocRequest(employeeId);
  const items = requests.data?.requests ?? [];

  if (requests.data && !requests.isPlaceholderData && page > pageCount(requests.data.count)) setPage(pageCount(requests.data.count));

  return (
    <Stack gap="md" data-testid="hr-doc-requests-tab">
      <ListToolbar
        sorts={REQUEST_SORTS}
        sort={sort}
        onSort={(next) => {
          setSort(next);
          setPage(1);
        }}
      />
      {error ? <FormAlert>{error}</FormAlert> : null}
      <PagedList query={requests} items={items} empty={HR_TEXTS.noRequests} loadingLabel="Loading the document requests" page={page} onPage={setPage} testId="hr-doc-requests">
        {(request) => (
          <RequestRow
            key={request.id}
            request={request}
            timeZone={timeZone}
            onCancel={() => {
              setError(null);
              setCancelling(request);
            }}
          />
        )}
      </PagedList>
      <ConfirmDialog
        opened={cancelling !== null}
        title="Cancel the request"
        message={CANCEL_REQUEST_QUESTION}
        confirmLabel="Yes, cancel it"
        cancelLabel="No"
        danger
        loading={cancel.isPending}
        onCancel={() => setCancelling(null)}
        onConfirm={() => {
          if (!cancelling) return;
          cancel.mutate(cancelling.id, {
            onSuccess: (answer) => {
              if (answer.message) notifications.show({ color: answer.changed ? 'green' : 'blue', message: answer.message });
            },
            onError: (err) => setError(`Sorry ${failureMessage(err)}`),
            onSettled: () => setCancelling(null),
          });
        }}
      />
    </Stack>
  );
}
