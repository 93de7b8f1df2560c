import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Dock } from '@/components/dock';
import { formatCalendarDate, formatMediumDate } from '@/lib/company-time';
import { useMyDocs } from '../api/get-my-docs';
import { useMyTasks, type RequestTask } from '../api/get-my-tasks';
import type { DocumentView } from '../api/schemas';
import { HR_DOCK_WIDTH, HR_TEXTS } from './labels';
import { OpenTitle, PagedList } from './list-parts';
import { DocumentDetails } from './record-details';
import { RequestedDocUpload } from './requested-doc-upload';

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

function RequestedDoc({ request, onUpload }: { request: RequestTask; onUpload: () => void }) {
  return (
    <Group
      component="li"
      justify="space-between"
      align="flex-start"
      wrap="nowrap"
      gap="xs"
      pb="sm"
      data-testid="my-doc-request"
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
    >
      <Stack gap={2} miw={0}>
        <Group gap="xs">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {request.name}
          </Text>
          {request.overdue ? (
            <Badge color="red.9" variant="filled" size="sm">
              Overdue
            </Badge>
          ) : null}
        </Group>
        <Text size="xs" c="dimmed">{`Requested · due ${formatCalendarDate(request.dueDate)}`}</Text>
        {request.comments.trim() ? (
          <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
            {request.comments}
          </Text>
        ) : null}
      </Stack>
      <Button size="xs" onClick={onUpload} aria-label={`Upload ${request.name}`} style={{ flexShrink: 0 }}>
        Upload
      </Button>
    </Group>
  );
}

/**
 * My HR's 'My Docs' (000 §2): the documents asked of the person and not yet given (the same open
 * requests as the task dock, each with its Upload), then their documents, 10 a page (name,
 * comments, date); a name opens its 'Document Detail' (650). The card has no Upload of its own
 * (000 §2 hides it): a document is uploaded only to answer a request, so someone who closed the
 * task dock still finds what is asked of them where their documents are.
 */
export function MyDocsCard({ timeZone }: { timeZone: string }) {
  const [page, setPage] = useState(1);
  const [shown, setShown] = useState<DocumentView | null>(null);
  const [opened, setOpened] = useState(false);
  const [request, setRequest] = useState<RequestTask | null>(null);
  const [uploadOpened, setUploadOpened] = useState(false);
  const closeUpload = () => setUploadOpened(false);
  const docs = useMyDocs(page);
  const tasks = useMyTasks();
  const items = docs.data?.docs ?? [];
  const requests = tasks.data?.docRequests ?? [];
  return (
    <Card withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} data-testid="my-docs-card">
      <Stack gap="md">
        <Title order={2} fz="lg">
          My Docs
        </Title>
        {requests.length > 0 ? (
          <Stack gap="xs">
            <Title order={3} fz="sm">
              Requested from you
            </Title>
            <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }} data-testid="my-doc-requests">
              {requests.map((asked) => (
                <RequestedDoc
                  key={asked.id}
                  request={asked}
                  onUpload={() => {
                    setRequest(asked);
                    setUploadOpened(true);
                  }}
                />
              ))}
            </Stack>
          </Stack>
        ) : null}
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
      <Dock opened={uploadOpened} onClose={closeUpload} title={request?.name ?? 'Upload'} width={HR_DOCK_WIDTH} testId="requested-doc-dock">
        {uploadOpened && request ? <RequestedDocUpload key={request.id} request={request} onDone={closeUpload} onCancel={closeUpload} /> : null}
      </Dock>
    </Card>
  );
}
