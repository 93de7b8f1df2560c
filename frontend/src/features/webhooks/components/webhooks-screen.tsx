import '@mantine/core/styles/Code.css';
import { Badge, Button, Group, Loader, Modal, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormAlert } from '@/components/form-alert';
import { FormModal } from '@/components/form-modal';
import { usePageTitle } from '@/components/page-title';
import { formatDateTime } from '@/lib/company-time';
import { serverMessage, sorry } from '@/lib/form-errors';
import { useDeleteWebhook, useRotateWebhookSecret, useWebhooks } from '../api/webhooks';
import type { WebhookEndpoint, WebhookEvent, WebhookSecret } from '../api/schemas';
import { DeliveriesPanel } from './deliveries-panel';
import { AddEndpointForm, EditEndpointForm } from './endpoint-form';
import { ACTIVE_COLORS, ACTIVE_LABELS, deleteQuestion, eventLabel, rotateQuestion, WEBHOOKS_TEXTS } from './labels';
import { SecretPanel } from './secret-panel';

type Dialog =
  | { kind: 'add' }
  | { kind: 'edit'; endpoint: WebhookEndpoint }
  | { kind: 'secret'; shown: WebhookSecret; secretKind: 'created' | 'rotated' }
  | null;

interface EndpointRowProps {
  endpoint: WebhookEndpoint;
  events: readonly WebhookEvent[];
  timeZone?: string;
  viewing: boolean;
  onEdit: (endpoint: WebhookEndpoint) => void;
  onDeliveries: (endpoint: WebhookEndpoint) => void;
  onRotate: (endpoint: WebhookEndpoint) => void;
  onDelete: (endpoint: WebhookEndpoint) => void;
}

function EndpointRow({ endpoint, events, timeZone, viewing, onEdit, onDeliveries, onRotate, onDelete }: EndpointRowProps) {
  const state = endpoint.active ? 'on' : 'off';
  return (
    <Table.Tr data-testid="webhook-endpoint" data-active={endpoint.active}>
      <Table.Td style={{ overflowWrap: 'anywhere', minWidth: 220 }}>
        <Text size="sm" fw={500} data-testid="webhook-url">
          {endpoint.url}
        </Text>
      </Table.Td>
      <Table.Td data-testid="webhook-events">
        {endpoint.events.length === 0 ? (
          WEBHOOKS_TEXTS.none
        ) : (
          <Stack gap={2} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {endpoint.events.map((code) => (
              <Text key={code} component="li" size="sm" style={{ whiteSpace: 'nowrap' }} title={code}>
                {eventLabel(code, events)}
              </Text>
            ))}
          </Stack>
        )}
      </Table.Td>
      <Table.Td>
        <Badge color={ACTIVE_COLORS[state]} variant="filled" autoContrast data-testid="webhook-active">
          {ACTIVE_LABELS[state]}
        </Badge>
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }} data-testid="webhook-created">
        <time dateTime={endpoint.createdAt}>{formatDateTime(endpoint.createdAt, timeZone)}</time>
      </Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <Button size="xs" variant={viewing ? 'filled' : 'outline'} aria-label={`Deliveries of ${endpoint.url}`} aria-pressed={viewing} onClick={() => onDeliveries(endpoint)}>
            Deliveries
          </Button>
          <Button size="xs" variant="outline" aria-label={`Edit ${endpoint.url}`} onClick={() => onEdit(endpoint)}>
            Edit
          </Button>
          <Button size="xs" variant="outline" aria-label={`Rotate secret of ${endpoint.url}`} onClick={() => onRotate(endpoint)}>
            Rotate secret
          </Button>
          <Button size="xs" variant="outline" color="red.9" aria-label={`Delete ${endpoint.url}`} onClick={() => onDelete(endpoint)}>
            Delete
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

interface WebhooksScreenProps {
  /** The company's time zone: when endpoints were added and events happened, on the company's clock. */
  timeZone?: string;
}

/**
 * /admin/manage/webhooks (issue 43, docs/contracts/webhooks.md), admins only: the company's
 * endpoints with their events and whether they are on. 'Add endpoint' asks for the address and
 * the events, then shows the signing secret once; each endpoint can be edited (address, events,
 * on or off), have its secret rotated (asked first, then the new one shown once), be deleted
 * (asked first), and show its deliveries, where a delivered or failed one can be sent again.
 */
export function WebhooksScreen({ timeZone }: WebhooksScreenProps) {
  usePageTitle(WEBHOOKS_TEXTS.title);
  const list = useWebhooks();
  const rotate = useRotateWebhookSecret();
  const remove = useDeleteWebhook();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [rotating, setRotating] = useState<WebhookEndpoint | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);
  const [viewingId, setViewingId] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const endpoints = list.data?.endpoints ?? [];
  const events = list.data?.events ?? [];
  const viewing = endpoints.find((endpoint) => endpoint.id === viewingId) ?? null;

  return (
    <Stack gap="md" maw={1400}>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {WEBHOOKS_TEXTS.title}
        </Title>
        <Button
          disabled={!list.data}
          onClick={() => {
            setError(null);
            setDialog({ kind: 'add' });
          }}
        >
          {WEBHOOKS_TEXTS.add}
        </Button>
      </Group>
      <Text size="sm" maw={760}>
        {WEBHOOKS_TEXTS.intro}
      </Text>
      {error ? <FormAlert>{error}</FormAlert> : null}
      {list.isPending ? (
        <Loader size="sm" aria-label="Loading the webhooks" />
      ) : list.isError ? (
        <FormAlert>{serverMessage(list.error)}</FormAlert>
      ) : endpoints.length === 0 ? (
        <Text c="dimmed" data-testid="webhooks-empty">
          {WEBHOOKS_TEXTS.empty}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={900} type="native">
          <Table aria-label="Webhook endpoints" striped withTableBorder verticalSpacing="xs" data-testid="webhooks-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>URL</Table.Th>
                <Table.Th>Events</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Created</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {endpoints.map((endpoint) => (
                <EndpointRow
                  key={endpoint.id}
                  endpoint={endpoint}
                  events={events}
                  timeZone={timeZone}
                  viewing={endpoint.id === viewingId}
                  onEdit={(chosen) => {
                    setError(null);
                    setDialog({ kind: 'edit', endpoint: chosen });
                  }}
                  onDeliveries={(chosen) => setViewingId(chosen.id === viewingId ? null : chosen.id)}
                  onRotate={(chosen) => {
                    setError(null);
                    setRotating(chosen);
                  }}
                  onDelete={(chosen) => {
                    setError(null);
                    setDeleting(chosen);
                  }}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}

      {viewing ? <DeliveriesPanel key={viewing.id} endpoint={viewing} events={events} timeZone={timeZone} onClose={() => setViewingId(null)} /> : null}

      <FormModal opened={dialog?.kind === 'add'} onClose={() => setDialog(null)} title={WEBHOOKS_TEXTS.addTitle} centered size="md">
        {dialog?.kind === 'add' ? (
          <AddEndpointForm events={events} onCancel={() => setDialog(null)} onCreated={(shown) => setDialog({ kind: 'secret', shown, secretKind: 'created' })} />
        ) : null}
      </FormModal>
      <FormModal opened={dialog?.kind === 'edit'} onClose={() => setDialog(null)} title={WEBHOOKS_TEXTS.editTitle} centered size="md">
        {dialog?.kind === 'edit' ? <EditEndpointForm endpoint={dialog.endpoint} events={events} onCancel={() => setDialog(null)} onSaved={() => setDialog(null)} /> : null}
      </FormModal>
      {/* The secret lives only in this dialog's state: once it closes, it is gone from the page. */}
      <Modal
        opened={dialog?.kind === 'secret'}
        onClose={() => setDialog(null)}
        title={dialog?.kind === 'secret' && dialog.secretKind === 'rotated' ? WEBHOOKS_TEXTS.rotatedTitle : WEBHOOKS_TEXTS.createdTitle}
        centered
        size="lg"
        closeOnClickOutside={false}
      >
        {dialog?.kind === 'secret' ? <SecretPanel shown={dialog.shown} kind={dialog.secretKind} onDone={() => setDialog(null)} /> : null}
      </Modal>
      <ConfirmDialog
        opened={rotating !== null}
        title="Rotate the signing secret?"
        message={rotating ? rotateQuestion(rotating) : ''}
        confirmLabel="Rotate secret"
        danger
        focusCancel
        loading={rotate.isPending}
        onCancel={() => setRotating(null)}
        onConfirm={() => {
          if (!rotating) return;
          rotate.mutate(rotating.id, {
            onSuccess: (shown) => setDialog({ kind: 'secret', shown, secretKind: 'rotated' }),
            onError: (err) => setError(sorry(err)),
            onSettled: () => setRotating(null),
          });
        }}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete this endpoint?"
        message={deleting ? deleteQuestion(deleting) : ''}
        confirmLabel="Delete"
        danger
        focusCancel
        loading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onError: (err) => setError(sorry(err)),
            onSettled: () => setDeleting(null),
          });
        }}
      />
    </Stack>
  );
}
