import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Dock } from '@/components/dock';
import { formatMediumDate } from '@/lib/company-time';
import { formatFileSize } from '@/lib/files';
import { useHrTypes } from '../api/get-hr-types';
import { DOCUMENT_SORTS, useUserDocs } from '../api/get-user-docs';
import type { DocumentView } from '../api/schemas';
import { FolderDocumentPanel } from './folder-record-panels';
import { HR_DOCK_WIDTH, HR_TEXTS } from './labels';
import { ListToolbar, OpenTitle, PagedList, pageCount } from './list-parts';

function DocumentRow({ doc, timeZone, onOpen }: { doc: DocumentView; timeZone: string; onOpen: () => void }) {
  return (
    <Card withBorder radius="md" p="sm" data-testid="hr-document">
      <Stack gap={4}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <OpenTitle onOpen={onOpen}>{doc.docName}</OpenTitle>
          <Badge variant="light" style={{ flexShrink: 0 }}>
            {doc.docType}
          </Badge>
        </Group>
        {doc.comments.trim() ? (
          <Text size="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
            {doc.comments}
          </Text>
        ) : null}
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {[`Added ${formatMediumDate(doc.createDate, timeZone)}`, doc.createdBy ? `by ${doc.createdBy}` : null, `${doc.docFileName} (${formatFileSize(doc.docSize)})`]
            .filter(Boolean)
            .join(' · ')}
        </Text>
      </Stack>
    </Card>
  );
}

/**
 * The folder's 'HR Documents' tab (3): 10 a page, 'Sort by' (Name, Type, Newest) and the type
 * filter; a name opens the document dock (650) with Download and Delete.
 */
export function DocumentsTab({ employeeId, timeZone }: { employeeId: number; timeZone: string }) {
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState('-id');
  const [typeId, setTypeId] = useState<number | null>(null);
  const [shown, setShown] = useState<number | null>(null);
  const [opened, setOpened] = useState(false);
  const types = useHrTypes();
  const docs = useUserDocs({ employeeId, page, docTypeId: typeId, sort });
  const items = docs.data?.docs ?? [];

  if (docs.data && !docs.isPlaceholderData && page > pageCount(docs.data.count)) setPage(pageCount(docs.data.count));

  return (
    <Stack gap="md" data-testid="hr-documents-tab">
      <ListToolbar
        sorts={DOCUMENT_SORTS}
        sort={sort}
        onSort={(next) => {
          setSort(next);
          setPage(1);
        }}
        types={types.data?.doctypes ?? []}
        typeId={typeId}
        onType={(next) => {
          setTypeId(next);
          setPage(1);
        }}
      />
      <PagedList query={docs} items={items} empty={HR_TEXTS.noDocuments} loadingLabel="Loading the HR documents" page={page} onPage={setPage} testId="hr-documents">
        {(doc) => (
          <DocumentRow
            key={doc.id}
            doc={doc}
            timeZone={timeZone}
            onOpen={() => {
              setShown(doc.id);
              setOpened(true);
            }}
          />
        )}
      </PagedList>
      <Dock opened={opened} onClose={() => setOpened(false)} title="HR Document" width={HR_DOCK_WIDTH} testId="hr-document-dock">
        {shown !== null ? <FolderDocumentPanel id={shown} employeeId={employeeId} timeZone={timeZone} onDeleted={() => setOpened(false)} /> : null}
      </Dock>
    </Stack>
  );
}
