import { Button, Group, Loader, Select, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useDiscardGuard } from '@/components/close-guard';
import { FormAlert } from '@/components/form-alert';
import { POLICY_FIELDS, POLICY_SAVED, policyFormSchema, useAddPolicy, type PolicyFormValues } from '../api/add-policy';
import { typeOptions, useHrTypes } from '../api/get-hr-types';
import { usePolicy } from '../api/get-policy';
import { useRemovePolicyDoc } from '../api/remove-policy-doc';
import type { PolicyView } from '../api/schemas';
import { CommentsEditor } from './comments-editor';
import { DownloadButton } from './download-button';
import { FileField } from './file-field';
import { baseName, failureMessage, HR_TEXTS, submitFailure } from './labels';
import { NoTypesHint, POLICY_TYPES_SETTINGS_PATH } from './no-types-hint';
import { AttachedFile, DetailField } from './record-details';

/** The policy's current document, with Download and Remove (POST /policy/remove-doc). */
function CurrentDocument({ policy }: { policy: PolicyView }) {
  const remove = useRemovePolicyDoc();
  const doc = policy.document;
  if (!doc) return null;
  const name = doc.docName ?? doc.docFileName;
  return (
    <DetailField label="Attached document">
      <Stack gap={4}>
        <AttachedFile
          fileName={name}
          size={doc.docSize}
          download={
            <Group gap="xs" wrap="nowrap">
              <DownloadButton target={{ kind: 'policy', id: policy.id, fallbackName: doc.docFileName }} fileName={name} />
              <Button size="xs" variant="outline" color="red.9" loading={remove.isPending} onClick={() => remove.mutate(policy.id)} aria-label={`Remove ${name}`}>
                Remove
              </Button>
            </Group>
          }
        />
        {remove.isError ? <FormAlert>{`Sorry ${failureMessage(remove.error)}`}</FormAlert> : null}
      </Stack>
    </DetailField>
  );
}

interface FormProps {
  /** The policy edited (with its content), or null to add one. */
  policy: PolicyView | null;
  onSaved: (policy: PolicyView) => void;
}

function PolicyForm({ policy, onSaved }: FormProps) {
  const types = useHrTypes();
  const save = useAddPolicy();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<PolicyFormValues>({
    mode: 'controlled',
    initialValues: {
      title: policy?.title ?? '',
      policyTypeId: policy ? String(policy.policyTypeId) : null,
      content: policy?.content ?? '',
      file: null,
      docName: '',
    },
    validate: schemaResolver(policyFormSchema, { sync: true }),
  });
  useDiscardGuard(() => form.isDirty());

  if (types.isPending) return <Loader size="sm" aria-label="Loading the policy types" />;
  if (types.isError) return <FormAlert>{failureMessage(types.error)}</FormAlert>;
  const options = typeOptions(types.data.policytypes, policy?.policyTypeId ?? null);
  if (options.length === 0) return <NoTypesHint text={HR_TEXTS.noPolicyTypes} settingsPath={POLICY_TYPES_SETTINGS_PATH} />;

  const pickFile = (file: File | null) => {
    form.setFieldValue('file', file);
    if (file && !form.values.docName.trim()) form.setFieldValue('docName', baseName(file.name));
  };

  return (
    <form
      noValidate
      aria-label={policy ? 'Edit Broadcast' : 'Add Broadcast'}
      onSubmit={form.onSubmit((values) => {
        setError(null);
        save.mutate(
          { id: policy?.id ?? null, values },
          {
            onSuccess: (saved) => {
              notifications.show({ color: 'green', message: POLICY_SAVED });
              onSaved(saved);
            },
            onError: (err) => setError(submitFailure(err, POLICY_FIELDS, form.setErrors)),
          },
        );
      })}
    >
      <Stack gap="md">
        {policy ? (
          <Text size="sm" c="dimmed" data-testid="policy-version">
            {`Version ${policy.version}: changing the title, the text or the document makes version ${policy.version + 1}; answers already given keep theirs.`}
          </Text>
        ) : null}
        <TextInput label="Title" withAsterisk maxLength={200} autoComplete="off" data-autofocus {...form.getInputProps('title')} />
        <Select label="Type of policy" withAsterisk placeholder="Choose a type" data={options} allowDeselect={false} {...form.getInputProps('policyTypeId')} />
        <CommentsEditor
          label="Content"
          initialValue={form.values.content}
          onChange={(html) => form.setFieldValue('content', html)}
          error={typeof form.errors.content === 'string' ? form.errors.content : null}
        />
        {policy ? <CurrentDocument policy={policy} /> : null}
        <FileField
          label={policy?.document ? 'Replace the document' : 'Attached document'}
          value={form.values.file}
          onChange={pickFile}
          error={form.errors.file}
        />
        {form.values.file ? <TextInput label="Document title" maxLength={255} autoComplete="off" {...form.getInputProps('docName')} /> : null}
        {error ? <FormAlert>{error}</FormAlert> : null}
        <Button type="submit" loading={save.isPending} style={{ alignSelf: 'flex-end' }}>
          Next
        </Button>
      </Stack>
    </form>
  );
}

/**
 * The Add/Edit Broadcast panel (002 §2): title, type of policy (the active types; an edited policy
 * keeps its own), the content in the rich-text editor and an optional attached document (an
 * existing one can be downloaded or removed). 'Next' saves (each change a new version) and opens
 * the publisher. Without policy types, a link leads to settings tab 6.
 */
export function BroadcastForm({ policyId, onSaved }: { policyId: number | null; onSaved: (policy: PolicyView) => void }) {
  const policy = usePolicy(policyId);
  if (policyId === null) return <PolicyForm policy={null} onSaved={onSaved} />;
  if (policy.isPending) return <Loader size="sm" aria-label="Loading the broadcast" />;
  if (policy.isError) return <FormAlert>{failureMessage(policy.error)}</FormAlert>;
  // Keyed by the policy: the editor reads its content once, when it mounts.
  return <PolicyForm key={policy.data.id} policy={policy.data} onSaved={onSaved} />;
}
