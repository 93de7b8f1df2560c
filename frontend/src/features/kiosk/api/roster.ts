import { useQuery } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { z } from '@/lib/zod';
import { kioskGet } from './client';
import { kioskKeys } from './keys';

/** 0 not clocked in, 1 clocked in, 2 on a break (3, clocked out today, reads as out). */
export const kioskPersonSchema = z.object({
  id: z.number().int(),
  firstname: z.string(),
  lastname: z.string(),
  status: z.number().int(),
});
export type KioskPerson = z.output<typeof kioskPersonSchema>;

export const rosterSchema = z.object({
  kioskName: z.string(),
  locationName: z.string(),
  people: z.array(kioskPersonSchema),
});
export type KioskRoster = z.output<typeof rosterSchema>;

/** GET /kiosk/roster, with the device's credential. */
export const getRoster = (secret: string): Promise<KioskRoster> => kioskGet(secret, '/kiosk/roster', { schema: rosterSchema });

/** How often the roster is read again while the kiosk stands idle. */
export const ROSTER_REFRESH_MS = 60_000;

/**
 * The roster, read again every minute (someone clocked in elsewhere) and after each press. A 4xx
 * (a revoked kiosk) is not asked again.
 */
export function useRoster(secret: string) {
  return useQuery({
    queryKey: kioskKeys.roster,
    queryFn: () => getRoster(secret),
    staleTime: 0,
    refetchInterval: ROSTER_REFRESH_MS,
    refetchOnWindowFocus: true,
    retry: (failureCount, error) => !(error instanceof ApiError && error.status < 500) && failureCount < 2,
  });
}

export type PersonState = 'in' | 'break' | 'out';

export const personState = (status: number): PersonState => (status === 1 ? 'in' : status === 2 ? 'break' : 'out');

export const PERSON_STATE_LABELS: Readonly<Record<PersonState, string>> = { in: 'In', break: 'On break', out: 'Out' };

export const fullName = (person: Pick<KioskPerson, 'firstname' | 'lastname'>): string => `${person.firstname} ${person.lastname}`.trim();

/**
 * The people whose name or employee number (their id) matches what was typed: every word of the
 * search in the name (first or last, any order), or the number the id starts with.
 */
export function matchPeople(people: readonly KioskPerson[], search: string): KioskPerson[] {
  const query = search.trim().toLowerCase();
  if (!query) return [...people];
  if (/^\d+$/.test(query)) return people.filter((person) => String(person.id).startsWith(query));
  const words = query.split(/\s+/);
  return people.filter((person) => {
    const name = fullName(person).toLowerCase();
    return words.every((word) => name.includes(word));
  });
}

/** By first name, then last name (the server's order is not promised). */
export const byName = (a: KioskPerson, b: KioskPerson): number =>
  a.firstname.localeCompare(b.firstname, undefined, { sensitivity: 'base' }) || a.lastname.localeCompare(b.lastname, undefined, { sensitivity: 'base' });
