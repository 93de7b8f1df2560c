import { Button, FileInput, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useState, type ComponentProps } from 'react';
import { FormAlert } from '@/components/form-alert';
import { useImportLicences } from '../api/admin';
import { saveFailure } from '../api/forms';
import type { ImportResult } from '../api/schemas';
import { LICENSING_TEXTS } from './labels';

const FILE_REQUIRED = 'Please choose the CSV file';

/** '18 imported', '18 imported, 2 updated'. */
export const importSummary = (result: ImportResult): string => [`${result.imported} imported`, result.updated > 0 ? `${result.updated} updated` : null].filter(Boolean).join(', ');

/**
 * The licences' CSV import (admins): each row saved on its own (the same person, state and number
 * updates the licence); the rows it could not take are listed with their line and why.
 */
export function ImportTab() {
  const run = useImportLicences();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);

  return (
    <Stack gap="md" data-testid="licence-import">
      <Title order={2} fz="lg">
        Import licences
      </Title>
      <Text size="sm" data-testid="import-columns">
        {LICENSING_TEXTS.importColumns}
      </Text>
      <form
        noValidate
        aria-label="Import licences"
        onSubmit={(event) => {
          event.preventDefault();
          setMessage(null);
          if (!file) {
            setError(FILE_REQUIRED);
            return;
          }
          setResult(null);
          run.mutate(file, {
            onSuccess: (answer) => {
              setResult(answer);
              setFile(null);
            },
            onError: (failed) => {
              const failure = saveFailure(failed, ['file']);
              setError(failure.fieldErrors.file ?? null);
              setMessage(failure.message);
            },
          });
        }}
      >
        <Stack gap="sm" maw={520}>
          {message ? <FormAlert>{message}</FormAlert> : null}
          <FileInput
            label="CSV file"
            required
            placeholder="Choose a file"
            styles={{ placeholder: { color: 'var(--mantine-color-dimmed)' } }}
            accept=".csv,text/csv"
            clearable
            clearButtonProps={{ 'aria-label': 'Remove the file' }}
            value={file}
            onChange={(next) => {
              setFile(next);
              setError(null);
            }}
            error={error}
            fileInputProps={{ 'data-testid': 'import-file-input' } as ComponentProps<'input'>}
          />
          <Group>
            <Button type="submit" loading={run.isPending}>
              Import
            </Button>
          </Group>
        </Stack>
      </form>
      {result ? (
        <Stack gap="sm" data-testid="import-result">
          <FormAlert color={result.errors.length > 0 ? 'yellow' : 'green'}>
            <span data-testid="import-summary">{importSummary(result)}</span>
            {result.errors.length > 0 ? `; ${result.errors.length} ${result.errors.length === 1 ? 'line' : 'lines'} could not be imported.` : '.'}
          </FormAlert>
          {result.errors.length > 0 ? (
            <Table striped verticalSpacing="xs" data-testid="import-errors" maw={720}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={80}>Line</Table.Th>
                  <Table.Th>Why</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {result.errors.map((row) => (
                  <Table.Tr key={`${row.line}-${row.message}`} data-testid="import-error">
                    <Table.Td>{row.line}</Table.Td>
                    <Table.Td>{row.message}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          ) : null}
        </Stack>
      ) : null}
    </Stack>
  );
}
