import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { z } from '@/lib/zod';
import { settingsKeys } from './keys';

/**
 * The company's kiosks (issue 40, docs/contracts/places.md "Kiosks"): shared devices at a work
 * location where people clock in with their PIN. Admins register them (the device's credential is
 * in that answer, once), see when each was last used, and revoke them.
 */

const nullableString = z.string().nullable().optional().transform((v) => v ?? null);

export const kioskSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  locationId: z.number().int(),
  locationName: z.string(),
  createdAt: z.string(),
  lastUsedAt: nullableString,
  /** Set once revoked: the device's credential no longer works. */
  revokedAt: nullableString,
});
export type Kiosk = z.output<typeof kioskSchema>;
export const kiosksSchema = z.array(kioskSchema);

/** GET /kiosks (admins): newest first, revoked ones too. */
export const getKiosks = (): Promise<Kiosk[]> => api.get('/kiosks', { schema: kiosksSchema });

export const kiosksQueryOptions = () => queryOptions({ queryKey: settingsKeys.kiosks, queryFn: getKiosks });

export const useKiosks = () => useQuery(kiosksQueryOptions());

/** POST /kiosks/register's answer: the kiosk, and its credential, shown this once. */
export const registeredKioskSchema = z.object({ kiosk: kioskSchema, secret: z.string().min(1) });
export type RegisteredKiosk = z.output<typeof registeredKioskSchema>;

export interface RegisterKioskBody {
  name: string;
  locationId: number | null;
}

/** The register form's fields, by the names the server's errors use. */
export const KIOSK_FIELDS = ['name', 'locationId'] as const;

export const KIOSK_MESSAGES = {
  name: 'Please name the kiosk (at most 100 characters), such as "Front desk tablet"',
  location: "Please choose the kiosk's location",
} as const;

/** The form's own checks (the server's words): a name of at most 100 characters, a location. */
export function kioskFormErrors({ name, locationId }: RegisterKioskBody): Record<string, string> {
  const errors: Record<string, string> = {};
  const trimmed = name.trim();
  if (!trimmed || trimmed.length > 100) errors.name = KIOSK_MESSAGES.name;
  if (locationId === null) errors.locationId = KIOSK_MESSAGES.location;
  return errors;
}

/** POST /kiosks/register (admins) {name, locationId}. */
export const registerKiosk = ({ name, locationId }: RegisterKioskBody): Promise<RegisteredKiosk> =>
  api.post('/kiosks/register', { name: name.trim(), locationId }, { schema: registeredKioskSchema });

export function useRegisterKiosk() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerKiosk,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.kiosks }),
  });
}

/** POST /kiosks/revoke?id= (admins): the kiosks, this one revoked. Its device stops working at once. */
export const revokeKiosk = (id: number): Promise<Kiosk[]> => api.request('/kiosks/revoke', { method: 'POST', query: { id }, schema: kiosksSchema });

export function useRevokeKiosk() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeKiosk,
    onSuccess: (kiosks) => queryClient.setQueryData(settingsKeys.kiosks, kiosks),
  });
}

/** 'Never', 'Just now', '5 minutes ago', '3 hours ago', then the local date and time ('Dec 4, 2026, 9:02 AM'). */
export function lastUsedText(lastUsedAt: string | null, now: number = Date.now()): string {
  if (!lastUsedAt) return 'Never';
  const at = Date.parse(lastUsedAt);
  if (Number.isNaN(at)) return 'Never';
  const minutes = Math.floor((now - at) / 60_000);
  if (minutes < 1) return 'Just now';
  if (minutes < 60) return minutes === 1 ? '1 minute ago' : `${minutes} minutes ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return hours === 1 ? '1 hour ago' : `${hours} hours ago`;
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(at);
}
