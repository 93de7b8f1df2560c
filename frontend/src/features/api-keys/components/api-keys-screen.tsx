import '@mantine/core/styles/Code.css';
import { Badge, Button, Code, Group, Loader, Modal, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormAlert } from '@/components/form-alert';
import { FormModal } from '@/components/form-modal';
import { usePageTitle } from '@/components/page-title';
import { formatDateTime } from '@/lib/company-time';
import { sorry, serverMessage } from '@/lib/form-errors';
import { useApiKeys, useRevokeApiKey } from '../api/api-keys';
import type { ApiKey, ApiScope, CreatedApiKey } from '../api/schemas';
import { CreateApiKeyForm } from './create-api-key-form';
import { API_KEYS_TEXTS, creatorName, expiresText, lastUsedText, revokeQuestion, scopeLabel, STATUS_COLORS, statusLabel } from './labels';
import { SecretPanel } from './secret-panel';

type Dialog = { kind: 'create' } | { kind: 'created'; created: CreatedApiKey } | null;

interface KeyRowProps {
  apiKey: ApiKey;
  scopes: readonly ApiScope[];
  timeZone?: string;
  onRevoke: (key: ApiKey) => void;
}

function KeyRow({ apiKey: key, scopes, timeZone, onRevoke }: KeyRowProps) {
  return (
    <Table.Tr data-testid="api-key" data-status={key.status}>
      <Table.Td style={{ overflowWrap: 'anywhere', minWidth: 140 }}>
        <Text size="sm" fw={500} data-testid="api-key-name">
          {key.name}
        </Text>
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <Code data-testid="api-key-prefix">{key.prefix}</Code>
      </Table.Td>
      <Table.Td data-testid="api-key-scopes">
        {key.scopes.length === 0 ? (
          API_KEYS_TEXTS.none
        ) : (
          <Stack gap={2} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {key.scopes.map((code) => (
              <Text key={code} component="li" size="sm" style={{ whiteSpace: 'nowrap' }} title={code}>
                {scopeLabel(code, scopes)}
              </Text>
            ))}
          </Stack>
        )}
      </Table.Td>
      <Table.Td data-testid="api-key-created">
        <Text size="sm">{creatorName(key)}</Text>
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          <time dateTime={key.createdAt}>{formatDateTime(key.createdAt, timeZone)}</time>
        </Text>
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }} data-testid="api-key-expires">
        {key.expiresAt ? <time dateTime={key.expiresAt}>{expiresText(key, timeZone)}</time> : expiresText(key, timeZone)}
      </Table.Td>
      <Table.Td data-testid="api-key-last-used">
        {key.lastUsedAt ? (
          <>
            <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
              <time dateTime={key.lastUsedAt}>{formatDateTime(key.lastUsedAt, timeZone)}</time>
            </Text>
            {key.lastUsedIp ? (
              <Text size="xs" c="dimmed" data-testid="api-key-last-ip" style={{ overflowWrap: 'anywhere' }}>
                from {key.lastUsedIp}
              </Text>
            ) : null}
          </>
        ) : (
          lastUsedText(key, timeZone)
        )}
      </Table.Td>
      <Table.Td>
        <Badge color={STATUS_COLORS[key.status] ?? 'gray.7'} variant="filled" autoContrast data-testid="api-key-status">
          {statusLabel(key.status)}
        </Badge>
      </Table.Td>
      <Table.Td>
        {key.status === 'active' ? (
          <Button size="xs" variant="outline" color="red.9" aria-label={`Revoke ${key.name}`} onClick={() => onRevoke(key)}>
            Revoke
          </Button>
        ) : null}
      </Table.Td>
    </Table.Tr>
  );
}

interface ApiKeysScreenProps {
  /** The company's time zone: when keys were made and used, and their last day, on the company's clock. */
  timeZone?: string;
}

/**
 * /admin/manage/api-keys (issue 43, docs/contracts/api-keys.md), admins only: the company's API
 * keys with their scopes, who made them and when, their last day, when and from where each was
 * last used, and their status. 'Create key' asks for a name, the scopes and an optional last day,
 * then shows the secret once; 'Revoke' asks first, and the key stops working at once.
 */
export function ApiKeysScreen({ timeZone }: ApiKeysScreenProps) {
  usePageTitle(API_KEYS_TEXTS.title);
  const list = useApiKeys();
  const revoke = useRevokeApiKey();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const [error, setError] = useState<string | null>(null);
  const keys = list.data?.keys ?? [];
  const scopes = list.data?.scopes ?? [];

  return (
    <Stack gap="md" maw={1400}>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {API_KEYS_TEXTS.title}
        </Title>
        <Button
          disabled={!list.data}
          onClick={() => {
            setError(null);
            setDialog({ kind: 'create' });
          }}
        >
          {API_KEYS_TEXTS.create}
        </Button>
      </Group>
      <Text size="sm" maw={760}>
        {API_KEYS_TEXTS.intro}
      </Text>
      {error ? <FormAlert>{error}</FormAlert> : null}
      {list.isPending ? (
        <Loader size="sm" aria-label="Loading the API keys" />
      ) : list.isError ? (
        <FormAlert>{serverMessage(list.error)}</FormAlert>
      ) : keys.length === 0 ? (
        <Text c="dimmed" data-testid="api-keys-empty">
          {API_KEYS_TEXTS.empty}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={900} type="native">
          <Table aria-label={API_KEYS_TEXTS.title} striped withTableBorder verticalSpacing="xs" data-testid="api-keys-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Prefix</Table.Th>
                <Table.Th>Scopes</Table.Th>
                <Table.Th>Created</Table.Th>
                <Table.Th>Expires</Table.Th>
                <Table.Th>Last used</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th w={110}>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {keys.map((key) => (
                <KeyRow
                  key={key.id}
                  apiKey={key}
                  scopes={scopes}
                  timeZone={timeZone}
                  onRevoke={(chosen) => {
                    setError(null);
                    setRevoking(chosen);
                  }}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}

      <FormModal opened={dialog?.kind === 'create'} onClose={() => setDialog(null)} title={API_KEYS_TEXTS.createTitle} centered size="md">
        {dialog?.kind === 'create' ? (
          <CreateApiKeyForm scopes={scopes} timeZone={timeZone} onCancel={() => setDialog(null)} onCreated={(created) => setDialog({ kind: 'created', created })} />
        ) : null}
      </FormModal>
      {/* The secret lives only in this dialog's state: once it closes, it is gone from the page. */}
      <Modal opened={dialog?.kind === 'created'} onClose={() => setDialog(null)} title={API_KEYS_TEXTS.createdTitle} centered size="lg" closeOnClickOutside={false}>
        {dialog?.kind === 'created' ? <SecretPanel created={dialog.created} onDone={() => setDialog(null)} /> : null}
      </Modal>
      <ConfirmDialog
        opened={revoking !== null}
        title={revoking ? `Revoke ${revoking.name}?` : 'Revoke'}
        message={revoking ? revokeQuestion(revoking) : ''}
        confirmLabel="Revoke"
        danger
        focusCancel
        loading={revoke.isPending}
        onCancel={() => setRevoking(null)}
        onConfirm={() => {
          if (!revoking) return;
          revoke.mutate(revoking.id, {
            onError: (err) => setError(sorry(err)),
            onSettled: () => setRevoking(null),
          });
        }}
      />
    </Stack>
  );
}
