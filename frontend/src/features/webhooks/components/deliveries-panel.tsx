import { Badge, Button, Code, Group, Loader, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { Fragment, useEffect, useId, useRef, useState } from 'react';
import { FormAlert } from '@/components/form-alert';
import { formatDateTime } from '@/lib/company-time';
import { serverMessage, sorry } from '@/lib/form-errors';
import { DELIVERY_PAGE, useResendWebhookDelivery, useWebhookDeliveries } from '../api/webhooks';
import type { WebhookDelivery, WebhookEndpoint, WebhookEvent } from '../api/schemas';
import { canResend, DELIVERY_STATUS_COLORS, deliveryStatusLabel, eventLabel, lastAnswerText, prettyPayload, WEBHOOKS_TEXTS } from './labels';

interface DeliveryRowProps {
  delivery: WebhookDelivery;
  events: readonly WebhookEvent[];
  timeZone?: string;
  resending: boolean;
  onResend: (delivery: WebhookDelivery) => void;
}

function DeliveryRow({ delivery, events, timeZone, resending, onResend }: DeliveryRowProps) {
  const [open, setOpen] = useState(false);
  const payloadId = useId();
  return (
    <Fragment>
      <Table.Tr data-testid="webhook-delivery" data-status={delivery.status} data-event-id={delivery.eventId}>
        <Table.Td data-testid="webhook-delivery-event">
          <Text size="sm" title={delivery.event}>
            {eventLabel(delivery.event, events)}
          </Text>
        </Table.Td>
        <Table.Td>
          <Code data-testid="webhook-delivery-event-id">{delivery.eventId}</Code>
        </Table.Td>
        <Table.Td style={{ whiteSpace: 'nowrap' }} data-testid="webhook-delivery-created">
          <time dateTime={delivery.createdAt}>{formatDateTime(delivery.createdAt, timeZone)}</time>
        </Table.Td>
        <Table.Td>
          <Badge color={DELIVERY_STATUS_COLORS[delivery.status] ?? 'gray.7'} variant="filled" autoContrast data-testid="webhook-delivery-status">
            {deliveryStatusLabel(delivery.status)}
          </Badge>
          {delivery.status === 'pending' && delivery.nextAttemptAt ? (
            <Text size="xs" c="dimmed" data-testid="webhook-delivery-next">
              Next try{' '}
              <time dateTime={delivery.nextAttemptAt} style={{ whiteSpace: 'nowrap' }}>
                {formatDateTime(delivery.nextAttemptAt, timeZone)}
              </time>
            </Text>
          ) : null}
          {delivery.status === 'delivered' && delivery.deliveredAt ? (
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              <time dateTime={delivery.deliveredAt}>{formatDateTime(delivery.deliveredAt, timeZone)}</time>
            </Text>
          ) : null}
        </Table.Td>
        <Table.Td data-testid="webhook-delivery-attempts">{delivery.attempts}</Table.Td>
        <Table.Td data-testid="webhook-delivery-last" style={{ overflowWrap: 'anywhere', minWidth: 140 }}>
          {lastAnswerText(delivery)}
        </Table.Td>
        <Table.Td>
          <Stack gap={4} align="flex-start">
            <Button size="xs" variant="subtle" aria-expanded={open} aria-controls={open ? payloadId : undefined} onClick={() => setOpen(!open)}>
              {open ? 'Hide payload' : 'Payload'}
            </Button>
            {canResend(delivery) ? (
              <Button size="xs" variant="outline" aria-label={`Resend ${delivery.eventId}`} loading={resending} onClick={() => onResend(delivery)}>
                Resend
              </Button>
            ) : null}
          </Stack>
        </Table.Td>
      </Table.Tr>
      {open ? (
        <Table.Tr>
          <Table.Td colSpan={7}>
            <Code block id={payloadId} data-testid="webhook-delivery-payload" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {prettyPayload(delivery.payload)}
            </Code>
          </Table.Td>
        </Table.Tr>
      ) : null}
    </Fragment>
  );
}

interface DeliveriesPanelProps {
  endpoint: WebhookEndpoint;
  events: readonly WebhookEvent[];
  timeZone?: string;
  onClose: () => void;
}

/**
 * An endpoint's deliveries, newest first, 50 a page: the event, its id, when it happened (on the
 * company's clock), the status, the attempts and what the last one got, its payload on demand,
 * and 'Resend' on a delivered or failed one (the same body and event id, sent now).
 */
export function DeliveriesPanel({ endpoint, events, timeZone, onClose }: DeliveriesPanelProps) {
  const [page, setPage] = useState(1);
  const deliveries = useWebhookDeliveries(endpoint.id, page);
  const resend = useResendWebhookDelivery();
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const rows = deliveries.data ?? [];

  // A panel opened takes the focus, so it is where the reader is (the screen keys it by endpoint:
  // another endpoint's is a new panel, from its first page).
  useEffect(() => {
    heading.current?.focus();
  }, []);

  return (
    <Paper withBorder p="md" component="section" aria-labelledby={headingId} data-testid="webhook-deliveries">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Title order={2} fz={20} id={headingId} ref={heading} tabIndex={-1} style={{ overflowWrap: 'anywhere', outline: 'none' }}>
            Deliveries to {endpoint.url}
          </Title>
          <Group gap="xs">
            <Button
              variant="default"
              size="sm"
              loading={deliveries.isFetching && !deliveries.isPending}
              onClick={() => {
                setNotice(null);
                void deliveries.refetch();
              }}
            >
              Refresh
            </Button>
            <Button variant="default" size="sm" onClick={onClose}>
              Close
            </Button>
          </Group>
        </Group>
        {error ? <FormAlert>{error}</FormAlert> : null}
        <Text size="sm" role="status" data-testid="webhook-resend-notice">
          {notice}
        </Text>
        {deliveries.isPending ? (
          <Loader size="sm" aria-label="Loading the deliveries" />
        ) : deliveries.isError ? (
          <FormAlert>{serverMessage(deliveries.error)}</FormAlert>
        ) : rows.length === 0 && page === 1 ? (
          <Text c="dimmed" data-testid="webhook-deliveries-empty">
            {WEBHOOKS_TEXTS.deliveriesEmpty}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={900} type="native">
            <Table aria-label="Deliveries" striped withTableBorder verticalSpacing="xs" data-testid="webhook-deliveries-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Event</Table.Th>
                  <Table.Th>Event id</Table.Th>
                  <Table.Th>Created</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Attempts</Table.Th>
                  <Table.Th>Last answer</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((delivery) => (
                  <DeliveryRow
                    key={delivery.id}
                    delivery={delivery}
                    events={events}
                    timeZone={timeZone}
                    resending={resend.isPending && resend.variables === delivery.id}
                    onResend={(chosen) => {
                      setError(null);
                      setNotice(null);
                      resend.mutate(chosen.id, {
                        onSuccess: (again) => setNotice(`${again.eventId} is being sent again.`),
                        onError: (err) => setError(sorry(err)),
                      });
                    }}
                  />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {page > 1 || rows.length >= DELIVERY_PAGE ? (
          <Group gap="sm" justify="flex-end">
            <Button variant="default" size="xs" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              Newer
            </Button>
            <Text size="sm">Page {page}</Text>
            <Button variant="default" size="xs" disabled={rows.length < DELIVERY_PAGE} onClick={() => setPage(page + 1)}>
              Older
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}
