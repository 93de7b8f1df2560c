import { Alert, Badge, Button, Card, Group, Loader, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type ReactNode } from 'react';
import { ConfirmDelete } from '@/components/confirm-dialog';
import { FormAlert } from '@/components/form-alert';
import { FormModal } from '@/components/form-modal';
import { ApiError } from '@/lib/api-client';
import { formatIsoDate } from '@/lib/company-time';
import { isoDateIn } from '@/lib/dates';
import { serverMessage, sorry } from '@/lib/form-errors';
import { formatHours } from '../api/forms';
import {
  useDeleteAppointment,
  useDeleteCredit,
  useDeleteLicence,
  useDeleteRequirement,
  useDownloadFolderFile,
  useLicensingFolder,
  type FolderFile,
} from '../api/folder';
import { lineLabel, ruleOf, useLicensingReference } from '../api/reference';
import type { Appointment, Credit, Licence, LicensingFolder, Reference, Requirement } from '../api/schemas';
import { AppointmentForm } from './appointment-form';
import { CeProgress } from './ce-progress';
import { CreditForm } from './credit-form';
import { LICENCE_STATUS_LABELS, LICENSING_TEXTS, RESIDENCY_LABELS, statusColor, statusLabel, topicLabel } from './labels';
import { LicenceDocumentForm } from './licence-document-form';
import { LicenceForm } from './licence-form';
import { ProducerForm } from './producer-form';
import { RequirementForm } from './requirement-form';

/** What the folder's dialogs are open on. */
type Dialog =
  | { kind: 'licence'; licence: Licence | null }
  | { kind: 'document'; licence: Licence }
  | { kind: 'requirement'; licence: Licence; requirement: Requirement | null }
  | { kind: 'credit' }
  | { kind: 'appointment'; appointment: Appointment | null };

/** What is about to be deleted, after 'Are you sure?'. */
type Deleting = { kind: 'licence'; id: number } | { kind: 'requirement'; id: number } | { kind: 'credit'; id: number } | { kind: 'appointment'; id: number };

const DIALOG_TITLES: Record<Dialog['kind'], (dialog: Dialog) => string> = {
  licence: (d) => (d.kind === 'licence' && d.licence ? 'Edit licence' : 'Add licence'),
  document: () => 'Upload licence PDF',
  requirement: (d) => (d.kind === 'requirement' && d.requirement ? 'Edit CE requirement' : 'Add CE requirement'),
  credit: () => 'Add CE credit',
  appointment: (d) => (d.kind === 'appointment' && d.appointment ? 'Edit appointment' : 'Add appointment'),
};

/** 'TX 1234567': how a licence is named in buttons and headings. */
export const licenceName = (licence: Pick<Licence, 'state' | 'number'>): string => `${licence.state} ${licence.number}`;

export function ComplianceBadge({ status }: { status: string }) {
  return (
    <Badge color={statusColor(status)} variant="filled" autoContrast data-testid="compliance-status">
      {statusLabel(status)}
    </Badge>
  );
}

interface LicensingFolderProps {
  employeeId: number;
  /** 'manage': a manager or admin in the employee folder, who changes everything; 'self': the person, who adds and removes their own CE credits. */
  mode: 'manage' | 'self';
  timeZone?: string;
  /** Today on the company calendar ('YYYY-MM-DD'): a new credit's day. */
  today?: string;
}

/**
 * A producer's licensing (issue 42) in the employee folder: NPN and resident state, licences with
 * their compliance status, each licence's CE requirements with progress bars, the CE credits and
 * the carrier appointments. A red banner says when a licence has expired.
 */
export function LicensingFolderSection({ employeeId, mode, timeZone, today = isoDateIn(new Date(), timeZone) }: LicensingFolderProps) {
  const folder = useLicensingFolder(employeeId);
  const reference = useLicensingReference();

  if (folder.isPending) return <Loader size="sm" aria-label="Loading the licensing" />;
  if (folder.isError) return <FormAlert>{serverMessage(folder.error)}</FormAlert>;
  return <FolderContent folder={folder.data} reference={reference.data} mode={mode} today={today} />;
}

/** Nothing on file: no licence, no NPN, no credit. */
export const isEmptyFolder = (folder: LicensingFolder): boolean => folder.licences.length === 0 && !folder.npn && folder.credits.length === 0;

/**
 * My HR's 'My Licensing' (issue 42): the person's own licences, CE progress and appointments to
 * read, and their CE credits, which they add (with a certificate) and remove. Someone with nothing
 * on file (or whose folder the server does not show) sees no card at all.
 */
export function MyLicensingCard({ employeeId, timeZone, today = isoDateIn(new Date(), timeZone) }: { employeeId: number | null; timeZone?: string; today?: string }) {
  const folder = useLicensingFolder(employeeId);
  const reference = useLicensingReference();
  if (employeeId === null || folder.isPending) return null;
  if (folder.isError) {
    if (folder.error instanceof ApiError && folder.error.status === 404) return null;
    return <FormAlert>{serverMessage(folder.error)}</FormAlert>;
  }
  if (isEmptyFolder(folder.data)) return null;
  return (
    <Card withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} data-testid="my-licensing-card">
      <Stack gap="md">
        <Title order={2} fz="lg">
          My Licensing
        </Title>
        <FolderContent folder={folder.data} reference={reference.data} mode="self" today={today} />
      </Stack>
    </Card>
  );
}

function FolderContent({ folder, reference, mode, today }: { folder: LicensingFolder; reference: Reference | undefined; mode: 'manage' | 'self'; today: string }) {
  const canEdit = mode === 'manage';
  const employeeId = folder.employeeId;
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [deleting, setDeleting] = useState<Deleting | null>(null);
  const [error, setError] = useState<string | null>(null);
  const deleteLicence = useDeleteLicence(employeeId);
  const deleteRequirement = useDeleteRequirement(employeeId);
  const deleteCredit = useDeleteCredit(employeeId);
  const deleteAppointment = useDeleteAppointment(employeeId);
  const download = useDownloadFolderFile();
  const close = () => setDialog(null);
  const removals = { licence: deleteLicence, requirement: deleteRequirement, credit: deleteCredit, appointment: deleteAppointment };
  const removing = deleting ? removals[deleting.kind] : null;
  const defaultState = folder.residentState ?? folder.licences[0]?.state ?? null;
  const topics = [
    ...new Set(
      folder.licences.flatMap((licence) => [
        ...licence.requirements.flatMap((requirement) => requirement.topics.map((topic) => topic.topic)),
        ...(ruleOf(reference, licence.state)?.topics.map((topic) => topic.topic) ?? []),
      ]),
    ),
  ];
  const downloadFile = (file: FolderFile) => download.mutate(file, { onError: (failed) => setError(sorry(failed)) });

  return (
    <Stack gap="lg" data-testid="licensing">
      {folder.expired ? (
        <Alert color="red.9" variant="filled" title={LICENSING_TEXTS.expiredBanner} role="alert" data-testid="licence-expired">
          {LICENSING_TEXTS.expiredBannerBody}
        </Alert>
      ) : null}
      {error ? <FormAlert>{error}</FormAlert> : null}

      <Section title="Producer">
        {canEdit ? (
          <ProducerForm key={`${folder.npn ?? ''}-${folder.residentState ?? ''}`} folder={folder} />
        ) : (
          <Group gap="xl">
            <Text size="sm">
              <Text span fw={600}>
                NPN:
              </Text>{' '}
              <span data-testid="producer-npn">{folder.npn ?? '—'}</span>
            </Text>
            <Text size="sm">
              <Text span fw={600}>
                Resident state:
              </Text>{' '}
              {folder.residentState ?? '—'}
            </Text>
          </Group>
        )}
      </Section>

      <Section title="Licences" action={canEdit ? <Button onClick={() => setDialog({ kind: 'licence', licence: null })}>Add licence</Button> : null}>
        {folder.licences.length === 0 ? (
          <Text c="dimmed" data-testid="no-licences">
            {LICENSING_TEXTS.noLicences}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={760}>
            <Table striped verticalSpacing="xs" data-testid="licences-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>State</Table.Th>
                  <Table.Th>Number</Table.Th>
                  <Table.Th>Type</Table.Th>
                  <Table.Th>Lines</Table.Th>
                  <Table.Th>Residency</Table.Th>
                  <Table.Th>Issued</Table.Th>
                  <Table.Th>Expires</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {folder.licences.map((licence) => (
                  <Table.Tr key={licence.id} data-testid="licence-row">
                    <Table.Td>{licence.state}</Table.Td>
                    <Table.Td>{licence.number}</Table.Td>
                    <Table.Td>{licence.licenceType}</Table.Td>
                    <Table.Td>{licence.lines.map((line) => lineLabel(reference, line)).join(', ')}</Table.Td>
                    <Table.Td>{RESIDENCY_LABELS[licence.residency] ?? licence.residency}</Table.Td>
                    <Table.Td>{formatIsoDate(licence.issuedOn)}</Table.Td>
                    <Table.Td>{formatIsoDate(licence.expiresOn)}</Table.Td>
                    <Table.Td>
                      <Stack gap={2} align="flex-start">
                        <ComplianceBadge status={licence.compliance} />
                        {licence.compliance !== 'active' && licence.reason ? (
                          <Text size="xs" data-testid="licence-reason">
                            {licence.reason}
                          </Text>
                        ) : null}
                        {licence.status !== 'active' ? (
                          <Text size="xs">
                            {LICENCE_STATUS_LABELS[licence.status] ?? licence.status}
                            {licence.statusOn ? ` since ${formatIsoDate(licence.statusOn)}` : ''}
                          </Text>
                        ) : null}
                      </Stack>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={6} wrap="nowrap" justify="flex-end">
                        {licence.document ? (
                          <Button
                            size="xs"
                            variant="light"
                            aria-label={`Download the PDF of ${licenceName(licence)}`}
                            onClick={() => downloadFile({ kind: 'licence', id: licence.id, fallbackName: licence.document?.fileName ?? 'licence.pdf' })}
                          >
                            PDF
                          </Button>
                        ) : null}
                        {canEdit ? (
                          <>
                            <Button size="xs" variant="default" aria-label={`Upload the PDF of ${licenceName(licence)}`} onClick={() => setDialog({ kind: 'document', licence })}>
                              Upload
                            </Button>
                            <Button size="xs" variant="default" aria-label={`Edit ${licenceName(licence)}`} onClick={() => setDialog({ kind: 'licence', licence })}>
                              Edit
                            </Button>
                            <Button size="xs" variant="outline" color="red.9" aria-label={`Delete ${licenceName(licence)}`} onClick={() => setDeleting({ kind: 'licence', id: licence.id })}>
                              Delete
                            </Button>
                          </>
                        ) : null}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Section>

      {folder.licences.length > 0 ? (
        <Section title="Continuing education">
          <Stack gap="sm">
            {folder.licences.map((licence) => (
              <Card key={licence.id} withBorder radius="md" p="sm" component="article" aria-label={`CE of ${licenceName(licence)}`} data-testid="licence-ce">
                <Stack gap="sm">
                  <Group justify="space-between" gap="xs">
                    <Group gap="xs">
                      <Text fw={600}>{licenceName(licence)}</Text>
                      <ComplianceBadge status={licence.compliance} />
                    </Group>
                    {canEdit ? (
                      <Button size="xs" variant="light" aria-label={`Add CE requirement to ${licenceName(licence)}`} onClick={() => setDialog({ kind: 'requirement', licence, requirement: null })}>
                        Add CE requirement
                      </Button>
                    ) : null}
                  </Group>
                  {licence.requirements.length === 0 ? (
                    <Text size="sm" c="dimmed">
                      {LICENSING_TEXTS.noRequirements}
                    </Text>
                  ) : (
                    licence.requirements.map((requirement) => (
                      <Stack key={requirement.id} gap={6} data-testid="ce-requirement">
                        <CeProgress requirement={requirement} />
                        {canEdit ? (
                          <Group gap={6}>
                            <Button size="compact-xs" variant="subtle" onClick={() => setDialog({ kind: 'requirement', licence, requirement })}>
                              Edit requirement
                            </Button>
                            <Button size="compact-xs" variant="subtle" color="red.9" onClick={() => setDeleting({ kind: 'requirement', id: requirement.id })}>
                              Delete requirement
                            </Button>
                          </Group>
                        ) : null}
                      </Stack>
                    ))
                  )}
                </Stack>
              </Card>
            ))}
          </Stack>
        </Section>
      ) : null}

      <Section title="CE credits" action={<Button onClick={() => setDialog({ kind: 'credit' })}>Add CE credit</Button>}>
        {folder.credits.length === 0 ? (
          <Text c="dimmed" data-testid="no-credits">
            {LICENSING_TEXTS.noCredits}
          </Text>
        ) : (
          <CreditsTable credits={folder.credits} onDownload={downloadFile} onDelete={(credit) => setDeleting({ kind: 'credit', id: credit.id })} />
        )}
      </Section>

      <Section title="Carrier appointments" action={canEdit ? <Button onClick={() => setDialog({ kind: 'appointment', appointment: null })}>Add appointment</Button> : null}>
        {folder.appointments.length === 0 ? (
          <Text c="dimmed" data-testid="no-appointments">
            {LICENSING_TEXTS.noAppointments}
          </Text>
        ) : (
          <AppointmentsTable
            appointments={folder.appointments}
            canEdit={canEdit}
            onEdit={(appointment) => setDialog({ kind: 'appointment', appointment })}
            onDelete={(appointment) => setDeleting({ kind: 'appointment', id: appointment.id })}
          />
        )}
      </Section>

      <FormModal opened={dialog !== null} onClose={close} title={dialog ? DIALOG_TITLES[dialog.kind](dialog) : ''} centered size="lg">
        {dialog?.kind === 'licence' ? <LicenceForm employeeId={employeeId} licence={dialog.licence} residentState={folder.residentState} onDone={close} /> : null}
        {dialog?.kind === 'document' ? <LicenceDocumentForm employeeId={employeeId} licence={dialog.licence} onDone={close} /> : null}
        {dialog?.kind === 'requirement' ? (
          <RequirementForm employeeId={employeeId} licence={dialog.licence} rule={ruleOf(reference, dialog.licence.state)} requirement={dialog.requirement} onDone={close} />
        ) : null}
        {dialog?.kind === 'credit' ? <CreditForm employeeId={employeeId} defaultState={defaultState} topics={topics} today={today} onDone={close} /> : null}
        {dialog?.kind === 'appointment' ? (
          <AppointmentForm employeeId={employeeId} appointment={dialog.appointment} defaultState={defaultState} today={today} onDone={close} />
        ) : null}
      </FormModal>
      <ConfirmDelete
        opened={deleting !== null}
        loading={removing?.isPending ?? false}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting || !removing) return;
          setError(null);
          removing.mutate(deleting.id, {
            onSuccess: ({ message }) => notifications.show({ color: 'green', message }),
            onError: (failed) => setError(sorry(failed)),
            onSettled: () => setDeleting(null),
          });
        }}
      />
    </Stack>
  );
}

function Section({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Stack gap="sm" component="section" aria-label={title}>
      <Group justify="space-between" align="flex-end">
        <Title order={3} fz="md">
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </Stack>
  );
}

function CreditsTable({ credits, onDownload, onDelete }: { credits: Credit[]; onDownload: (file: FolderFile) => void; onDelete: (credit: Credit) => void }) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped verticalSpacing="xs" data-testid="credits-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Completed</Table.Th>
            <Table.Th>Course</Table.Th>
            <Table.Th>Provider</Table.Th>
            <Table.Th>State</Table.Th>
            <Table.Th>Topic</Table.Th>
            <Table.Th>Hours</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {[...credits]
            .sort((a, b) => b.completedOn.localeCompare(a.completedOn))
            .map((credit) => (
              <Table.Tr key={credit.id} data-testid="credit-row">
                <Table.Td>{formatIsoDate(credit.completedOn)}</Table.Td>
                <Table.Td>{credit.course}</Table.Td>
                <Table.Td>{credit.provider}</Table.Td>
                <Table.Td>{credit.state}</Table.Td>
                <Table.Td>{topicLabel(credit.topic)}</Table.Td>
                <Table.Td>{formatHours(credit.hours)} h</Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="nowrap" justify="flex-end">
                    {credit.certificate ? (
                      <Button
                        size="xs"
                        variant="light"
                        aria-label={`Download the certificate of ${credit.course}`}
                        onClick={() => onDownload({ kind: 'certificate', id: credit.id, fallbackName: credit.certificate?.fileName ?? 'certificate.pdf' })}
                      >
                        Certificate
                      </Button>
                    ) : null}
                    <Button size="xs" variant="outline" color="red.9" aria-label={`Delete ${credit.course}`} onClick={() => onDelete(credit)}>
                      Delete
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

interface AppointmentsTableProps {
  appointments: Appointment[];
  canEdit: boolean;
  onEdit: (appointment: Appointment) => void;
  onDelete: (appointment: Appointment) => void;
}

function AppointmentsTable({ appointments, canEdit, onEdit, onDelete }: AppointmentsTableProps) {
  return (
    <Table.ScrollContainer minWidth={620}>
      <Table striped verticalSpacing="xs" data-testid="appointments-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Carrier</Table.Th>
            <Table.Th>State</Table.Th>
            <Table.Th>Effective</Table.Th>
            <Table.Th>Terminated</Table.Th>
            <Table.Th>Reason</Table.Th>
            <Table.Th>In force</Table.Th>
            {canEdit ? (
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            ) : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {appointments.map((appointment) => (
            <Table.Tr key={appointment.id} data-testid="appointment-row">
              <Table.Td>{appointment.carrier}</Table.Td>
              <Table.Td>{appointment.state}</Table.Td>
              <Table.Td>{formatIsoDate(appointment.effectiveOn)}</Table.Td>
              <Table.Td>{appointment.terminatedOn ? formatIsoDate(appointment.terminatedOn) : ''}</Table.Td>
              <Table.Td>{appointment.reason ?? ''}</Table.Td>
              <Table.Td>
                {appointment.active ? (
                  <Badge color="green.9" variant="filled" size="sm">
                    Active
                  </Badge>
                ) : (
                  <Badge color="gray.7" variant="filled" size="sm">
                    Ended
                  </Badge>
                )}
              </Table.Td>
              {canEdit ? (
                <Table.Td>
                  <Group gap={6} wrap="nowrap" justify="flex-end">
                    <Button size="xs" variant="default" aria-label={`Edit the ${appointment.carrier} appointment in ${appointment.state}`} onClick={() => onEdit(appointment)}>
                      Edit
                    </Button>
                    <Button
                      size="xs"
                      variant="outline"
                      color="red.9"
                      aria-label={`Delete the ${appointment.carrier} appointment in ${appointment.state}`}
                      onClick={() => onDelete(appointment)}
                    >
                      Delete
                    </Button>
                  </Group>
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
