import { Divider, Loader, Stack } from '@mantine/core';
import { useState } from 'react';
import { FormAlert } from '@/components/form-alert';
import { isPrivileged } from '@/lib/identity';
import { useEditRequests } from '../api/get-edit-requests';
import { RequestTrace } from './edit-request-summary';
import { failureMessage, TEXTS } from './labels';
import { RaisedRequest } from './raised-request';
import { RequestEditForm } from './request-edit-form';
import { isOwnEntry, type Viewer } from './row-actions';
import type { Entry } from '../api/schemas';

interface EditRequestPanelProps {
  entry: Entry;
  viewer: Viewer;
  timeZone: string;
}

/**
 * 'Request Timesheet Edit' (spec 000 §4): while a request is raised the panel shows it (with
 * cancel, or approve / reject) and hides the form; otherwise the form. Past requests (status
 * above 0) are listed below.
 */
export function EditRequestPanel({ entry, viewer, timeZone }: EditRequestPanelProps) {
  const requests = useEditRequests(entry.id);
  const [submitted, setSubmitted] = useState(false);
  if (requests.isLoading) return <Loader size="sm" />;
  if (requests.isError) return <FormAlert>{failureMessage(requests.error)}</FormAlert>;
  const list = requests.data ?? [];
  const raised = list.find((r) => r.status === 0) ?? null;
  const past = list.filter((r) => r.status > 0);
  const mayRequest = isOwnEntry(viewer, entry) || isPrivileged(viewer);

  return (
    <Stack gap="md" data-testid="edit-request-panel">
      {submitted ? <FormAlert color="green">{TEXTS.requestSubmitted}</FormAlert> : null}
      {raised ? (
        <RaisedRequest request={raised} viewer={viewer} timeZone={timeZone} onCanceled={() => setSubmitted(false)} />
      ) : mayRequest ? (
        <RequestEditForm
          // A changed shift (an approved request) starts a fresh form with its new times.
          key={`${entry.start}|${entry.end ?? ''}|${entry.breaks.length}`}
          entry={entry}
          timeZone={timeZone}
          onSubmitted={() => setSubmitted(true)}
        />
      ) : null}
      {past.length > 0 ? (
        <>
          <Divider />
          <RequestTrace requests={past} timeZone={timeZone} />
        </>
      ) : null}
    </Stack>
  );
}
