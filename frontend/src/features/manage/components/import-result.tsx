import { Anchor, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { FormAlert } from '@/components/form-alert';
import { OUTCOME_LABELS, personLabel, type ImportReport } from '../api/import-agencyzoom';

interface ResultRow {
  key: string;
  name: ReactNode;
  email: string;
  last: string;
}

/** One of an import's two lists: its heading with the count, and its table (or why it is empty). */
function ResultList(props: { title: string; empty: string; testId: string; lastColumn: string; rows: ResultRow[] }) {
  const { title, empty, testId, lastColumn, rows } = props;
  return (
    <>
      <Title order={2} fz="lg">
        {title} ({rows.length})
      </Title>
      {rows.length === 0 ? (
        <Text c="dimmed">{empty}</Text>
      ) : (
        <Table.ScrollContainer minWidth={520}>
          <Table data-testid={testId} striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Email</Table.Th>
                <Table.Th>{lastColumn}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.key}>
                  <Table.Td>{row.name}</Table.Td>
                  <Table.Td>{row.email}</Table.Td>
                  <Table.Td>{row.last}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </>
  );
}

/** The success and failure lists of one import (spec 001 §3 "Import result"). */
export function ImportResult({ report }: { report: ImportReport }) {
  return (
    <Stack gap="md" data-testid="import-result">
      <FormAlert color="green" title={report.message}>
        {report.employeesImported} {report.employeesImported === 1 ? 'employee' : 'employees'} imported,{' '}
        {report.accountsCreated} {report.accountsCreated === 1 ? 'account' : 'accounts'} created. Everyone added gets an
        e-mail to log in.
        {report.skippedCompanyFields.length > 0
          ? ` Kept as they were (AgencyZoom's did not fit): ${report.skippedCompanyFields.join(', ')}.`
          : null}
      </FormAlert>
      <ResultList
        title="Imported"
        empty="Nobody was imported."
        testId="import-success"
        lastColumn="Result"
        rows={report.success.map((person) => ({
          key: String(person.employeeId),
          name: (
            <Anchor component={Link} to={`/admin/manage/view-user/${person.employeeId}`}>
              {personLabel(person)}
            </Anchor>
          ),
          email: person.email,
          last: person.emailChangeSentTo
            ? `${OUTCOME_LABELS[person.outcome]} (new e-mail waits for the link sent to ${person.emailChangeSentTo})`
            : OUTCOME_LABELS[person.outcome],
        }))}
      />
      <ResultList
        title="Not imported"
        empty="Everyone was imported."
        testId="import-failure"
        lastColumn="Reason"
        rows={report.failure.map((person, index) => ({
          key: `${person.partnerId}-${index}`,
          name: personLabel(person),
          email: person.email ?? '',
          last: person.reason,
        }))}
      />
      <Group>
        <Button component={Link} to="/admin/manage">
          Go to HR Folders
        </Button>
      </Group>
    </Stack>
  );
}
