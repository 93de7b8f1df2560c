import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { RichTextView } from '@/components/rich-text-view';
import { formatCalendarDate, formatDateTime, formatMediumDate } from '@/lib/company-time';
import { formatFileSize } from '@/lib/files';
import type { DocumentView, EventDoc, EventView } from '../api/schemas';
import { DownloadButton } from './download-button';
import { HR_TEXTS } from './labels';

/** A labelled value of a detail panel. */
export function DetailField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text component="div" size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
        {children}
      </Text>
    </Stack>
  );
}

/** An attached file: its name, size and the Download button. */
export function AttachedFile({ fileName, size, download }: { fileName: string; size: number; download: ReactNode }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm" data-testid="attached-file">
      <Stack gap={0} miw={0}>
        <Text size="sm" fw={600} truncate="end">
          {fileName}
        </Text>
        <Text size="xs" c="dimmed">
          {formatFileSize(size)}
        </Text>
      </Stack>
      {download}
    </Group>
  );
}

/** 'Acknowledged MM/DD/YYYY hh:mm A', 'Awaiting acknowledgement', or nothing for an event that needs none. */
export function acknowledgementText(event: Pick<EventView, 'ackneeded' | 'ackedon'>, timeZone: string): string | null {
  if (event.ackedon) return `Acknowledged ${formatDateTime(event.ackedon, timeZone)}`;
  return event.ackneeded === 1 ? HR_TEXTS.awaitingAck : null;
}

function EventFile({ eventId, doc }: { eventId: number; doc: EventDoc }) {
  return (
    <AttachedFile
      fileName={doc.docFileName}
      size={doc.docSize}
      download={<DownloadButton target={{ kind: 'event', id: eventId, fallbackName: doc.docFileName }} fileName={doc.docFileName} />}
    />
  );
}

/**
 * An event's details (the folder's event dock and My HR's Event Detail): title, type, dates,
 * comments as rich text, acknowledgement, and the attached document with its size.
 */
export function EventDetails({ event, timeZone, showType = true }: { event: EventView; timeZone: string; showType?: boolean }) {
  const ack = acknowledgementText(event, timeZone);
  return (
    <Stack gap="md" data-testid="event-details">
      <Title order={3} fz="lg" style={{ overflowWrap: 'anywhere' }}>
        {event.title}
      </Title>
      <Group gap="xs">
        {showType ? <Badge variant="light">{event.eventTypeName}</Badge> : null}
        {event.onlyVisibleToOwner === 1 ? (
          <Badge variant="outline" color="grape.9">
            {HR_TEXTS.ownerOnly}
          </Badge>
        ) : null}
      </Group>
      <Group gap="xl" align="flex-start">
        <DetailField label="Create date">{formatMediumDate(event.createDate, timeZone)}</DetailField>
        {event.actionDate ? <DetailField label="Action date">{formatCalendarDate(event.actionDate)}</DetailField> : null}
        {event.createdBy ? <DetailField label="Added by">{event.createdBy}</DetailField> : null}
      </Group>
      {ack ? <DetailField label="Acknowledgement">{ack}</DetailField> : null}
      {event.comments.trim() ? (
        <DetailField label="Comments">
          <RichTextView html={event.comments} />
        </DetailField>
      ) : null}
      {event.doc ? (
        <DetailField label="Attached document">
          <EventFile eventId={event.id} doc={event.doc} />
        </DetailField>
      ) : null}
    </Stack>
  );
}

/** A document's details (the folder's document dock and My HR's Document Detail). */
export function DocumentDetails({ doc, timeZone }: { doc: DocumentView; timeZone: string }) {
  return (
    <Stack gap="md" data-testid="document-details">
      <Title order={3} fz="lg" style={{ overflowWrap: 'anywhere' }}>
        {doc.docName}
      </Title>
      <Group gap="xl" align="flex-start">
        <DetailField label="Type">{doc.docType}</DetailField>
        <DetailField label="Create date">{formatMediumDate(doc.createDate, timeZone)}</DetailField>
        {doc.createdBy ? <DetailField label="Added by">{doc.createdBy}</DetailField> : null}
      </Group>
      <AttachedFile
        fileName={doc.docFileName}
        size={doc.docSize}
        download={<DownloadButton target={{ kind: 'document', id: doc.id, fallbackName: doc.docFileName }} fileName={doc.docFileName} />}
      />
      {doc.comments.trim() ? <DetailField label="Brief description">{doc.comments}</DetailField> : null}
    </Stack>
  );
}
