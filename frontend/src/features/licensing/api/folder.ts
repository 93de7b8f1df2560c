import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { filenameFromDisposition, saveBlob } from '@/lib/files';
import { licensingKeys } from './keys';
import {
  appointmentSchema,
  creditSchema,
  folderSchema,
  licenceSchema,
  messageSchema,
  requirementSchema,
  type Appointment,
  type Credit,
  type Licence,
  type LicensingFolder,
  type Requirement,
} from './schemas';
import type { AppointmentBody, CreditBody, LicenceBody, ProducerBody, RequirementBody } from './forms';

/**
 * A producer's folder (docs/contracts/licensing.md "A producer's folder"): read by the person, by
 * managers for the people they reach and by admins (anyone else hears 404). Managers and admins
 * write it; the person adds and removes their own CE credits.
 */
export const getFolder = (employeeId: number): Promise<LicensingFolder> => api.get(`/licensing/people/${employeeId}`, { schema: folderSchema });

export const folderQueryOptions = (employeeId: number) => queryOptions({ queryKey: licensingKeys.folder(employeeId), queryFn: () => getFolder(employeeId) });

export const useLicensingFolder = (employeeId: number | null) =>
  useQuery({ ...folderQueryOptions(employeeId ?? 0), enabled: employeeId !== null && employeeId > 0 });

/** After a write: the folder is asked again, and so is the compliance page. */
async function refresh(queryClient: QueryClient, employeeId: number) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: licensingKeys.folder(employeeId) }),
    queryClient.invalidateQueries({ queryKey: licensingKeys.compliance }),
  ]);
}

/** A write of a folder's record, refreshing that folder once it is saved. */
function useFolderWrite<TBody, TResult>(employeeId: number, write: (body: TBody) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: write, onSuccess: () => refresh(queryClient, employeeId) });
}

/** POST /licensing/producer {employeeId, npn, residentState} -> the folder. */
export const saveProducer = (body: ProducerBody): Promise<LicensingFolder> => api.post('/licensing/producer', body, { schema: folderSchema });

export function useSaveProducer(employeeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProducer,
    onSuccess: async (folder) => {
      queryClient.setQueryData(licensingKeys.folder(employeeId), folder);
      await queryClient.invalidateQueries({ queryKey: licensingKeys.compliance });
    },
  });
}

/** POST /licensing/licences -> `LicenceView` (a new one without `id`). */
export const saveLicence = (body: LicenceBody): Promise<Licence> => api.post('/licensing/licences', body, { schema: licenceSchema });
export const useSaveLicence = (employeeId: number) => useFolderWrite(employeeId, saveLicence);

/** POST /licensing/licences/delete {id}. */
export const deleteLicence = (id: number): Promise<{ message: string }> => api.post('/licensing/licences/delete', { id }, { schema: messageSchema });
export const useDeleteLicence = (employeeId: number) => useFolderWrite(employeeId, deleteLicence);

/** POST /licensing/licences/document (multipart `id`, `file`: a PDF or an image) -> `LicenceView`. */
export function uploadLicenceDocument({ id, file }: { id: number; file: File }): Promise<Licence> {
  const form = new FormData();
  form.set('id', String(id));
  form.set('file', file);
  return api.post('/licensing/licences/document', form, { schema: licenceSchema });
}
export const useUploadLicenceDocument = (employeeId: number) => useFolderWrite(employeeId, uploadLicenceDocument);

/** POST /licensing/requirements -> `RequirementView`; hours left out: the state's rule. */
export const saveRequirement = (body: RequirementBody): Promise<Requirement> => api.post('/licensing/requirements', body, { schema: requirementSchema });
export const useSaveRequirement = (employeeId: number) => useFolderWrite(employeeId, saveRequirement);

/** POST /licensing/requirements/delete {id}. */
export const deleteRequirement = (id: number): Promise<{ message: string }> => api.post('/licensing/requirements/delete', { id }, { schema: messageSchema });
export const useDeleteRequirement = (employeeId: number) => useFolderWrite(employeeId, deleteRequirement);

/** POST /licensing/credits (multipart; `certificate` optional, a PDF or an image) -> `CreditView`. */
export function addCredit(body: CreditBody): Promise<Credit> {
  const form = new FormData();
  form.set('employeeId', String(body.employeeId));
  form.set('state', body.state);
  form.set('course', body.course);
  form.set('provider', body.provider);
  form.set('hours', String(body.hours));
  form.set('topic', body.topic);
  form.set('completedOn', body.completedOn);
  if (body.certificate) form.set('certificate', body.certificate);
  return api.post('/licensing/credits', form, { schema: creditSchema });
}
export const useAddCredit = (employeeId: number) => useFolderWrite(employeeId, addCredit);

/** POST /licensing/credits/delete {id}. */
export const deleteCredit = (id: number): Promise<{ message: string }> => api.post('/licensing/credits/delete', { id }, { schema: messageSchema });
export const useDeleteCredit = (employeeId: number) => useFolderWrite(employeeId, deleteCredit);

/** POST /licensing/appointments -> `AppointmentView`. */
export const saveAppointment = (body: AppointmentBody): Promise<Appointment> => api.post('/licensing/appointments', body, { schema: appointmentSchema });
export const useSaveAppointment = (employeeId: number) => useFolderWrite(employeeId, saveAppointment);

/** POST /licensing/appointments/delete {id}. */
export const deleteAppointment = (id: number): Promise<{ message: string }> => api.post('/licensing/appointments/delete', { id }, { schema: messageSchema });
export const useDeleteAppointment = (employeeId: number) => useFolderWrite(employeeId, deleteAppointment);

/** A stored file of a folder: a licence's PDF or a credit's certificate. */
export type FolderFile = { kind: 'licence'; id: number; fallbackName: string } | { kind: 'certificate'; id: number; fallbackName: string };

const filePath = (file: FolderFile) => (file.kind === 'licence' ? `/licensing/licences/${file.id}/document` : `/licensing/credits/${file.id}/certificate`);

/** GET the file with the bearer token and save it under the name of its Content-Disposition. */
export async function downloadFolderFile(file: FolderFile): Promise<string> {
  const { blob, headers } = await api.getFile(filePath(file));
  const name = filenameFromDisposition(headers.get('Content-Disposition')) ?? file.fallbackName;
  saveBlob(blob, name);
  return name;
}

export const useDownloadFolderFile = () => useMutation({ mutationFn: downloadFolderFile });
