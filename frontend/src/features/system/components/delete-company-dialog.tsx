import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { FormAlert } from '@/components/form-alert';
import { ApiError } from '@/lib/api-client';
import { serverMessage } from '@/lib/form-errors';
import { useDeleteCompany } from '../api/delete-company';
import type { CompanyDetail } from '../api/schemas';
import { SYSTEM_TEXTS } from './labels';

interface DeleteCompanyDialogProps {
  company: Pick<CompanyDetail, 'id' | 'name'>;
  opened: boolean;
  onClose: () => void;
  onDeleted: () => void;
}

/**
 * 'Delete company': every record and file of the company goes, as with its admin's 'Cancel
 * account'. The operator types the company's name; Delete stays disabled until it matches exactly.
 * The server's refusal on `name` shows under the field; a 410 (already deleted) above it.
 */
export function DeleteCompanyDialog({ company, opened, onClose, onDeleted }: DeleteCompanyDialogProps) {
  const remove = useDeleteCompany(company.id);
  const [typed, setTyped] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const matches = typed === company.name;

  const close = () => {
    setTyped('');
    setFieldError(null);
    setMessage(null);
    onClose();
  };

  const submit = () => {
    setFieldError(null);
    setMessage(null);
    remove.mutate(typed, {
      onSuccess: onDeleted,
      onError: (error) => {
        const nameError = error instanceof ApiError ? error.errors.name?.[0] : undefined;
        if (nameError) setFieldError(nameError);
        else setMessage(serverMessage(error));
      },
    });
  };

  return (
    <Modal opened={opened} onClose={close} title="Delete this company?" centered size="md">
      <form
        noValidate
        aria-label="Delete company"
        onSubmit={(event) => {
          event.preventDefault();
          if (matches) submit();
        }}
      >
        <Stack gap="md">
          <Text>
            Every record and file of <strong>{company.name}</strong> is deleted, for good. This cannot be undone.
          </Text>
          {message ? <FormAlert>{message}</FormAlert> : null}
          <TextInput
            label="Company name"
            description={SYSTEM_TEXTS.deleteConfirm}
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            error={fieldError}
            autoComplete="off"
            data-autofocus
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={remove.isPending}>
              Cancel
            </Button>
            <Button type="submit" color="red.9" disabled={!matches} loading={remove.isPending}>
              Delete company
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
