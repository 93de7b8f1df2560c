import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Dock } from '@/components/dock';
import { formatMediumDate } from '@/lib/company-time';
import { useMyDocs } from '../api/get-my-docs';
import type { DocumentView } from '../api/schemas';
import { HR_DOCK_WIDTH, HR_TEXTS } from './labels';
import { OpenTitle, PagedList } from './list-parts';
import { DocumentDetails } from './record-details';

function MyDoc({ doc, timeZone, onOpen }: { doc: DocumentView; timeZone: string; onOpen: () => void }) {
  return (
    <Stack gap={2} data-testid="my-doc" pb="sm" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <OpenTitle onOpen={onOpen}>{doc.docName}</OpenTitle>
        <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
          {formatMediumDate(doc.createDate, timeZone)}
        </Text>
      </Group>
      {doc.comments.trim() ? (
        <Text size="sm" lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
          {doc.comments}
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * My HR's 'My Docs' (000 §2): 10 a page (name, comments, date), no Upload button (a document is
 * uploaded for a request, from the task dock); a name opens its 'Document Detail' (650).
 */
export function MyDocsCard({ timeZone }: { timeZone: string }) {
  const [page, setPage] = useState(1);
  const [shown, setShown] = useState<DocumentView | null>(null);
  const [opened, setOpened] = useState(false);
  const docs = useMyDocs(page);
  const items = docs.data?.docs ?? [];
  return (
    <Card withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} data-testid="my-docs-card">
      <Stack gap="md">
        <Title order={2} fz="lg">
          My Docs
        </Title>
        <PagedList query={docs} items={items} empty={HR_TEXTS.noMyDocs} loadingLabel="Loading my documents" page={page} onPage={setPage} testId="my-docs">
          {(doc) => (
            <MyDoc
              key={doc.id}
              doc={doc}
              timeZone={timeZone}
              onOpen={() => {
                setShown(doc);
                setOpened(true);
              }}
            />
          )}
        </PagedList>
      </Stack>
      <Dock opened={opened} onClose={() => setOpened(false)} title="Document Detail" width={HR_DOCK_WIDTH} testId="document-detail-dock">
        {shown ? <DocumentDetails doc={shown} timeZone={timeZone} /> : null}
      </Dock>
    </Card>
  );
}
