import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { api } from '@/lib/api-client';
import { teamKeys } from './keys';

const text = z.string().nullable().optional().transform((v) => v ?? '');
const nullableString = z.string().nullable().optional().transform((v) => v ?? null);

export const teamMemberSchema = z.object({
  id: z.number().int(),
  firstname: text,
  lastname: text,
  avatar: nullableString,
  phone: nullableString,
  email: nullableString,
  /** 0 not clocked in today, 1 clocked in, 2 on a break, 3 clocked out today. */
  currentClockStatus: z.number().int().nullable().optional().transform((v) => v ?? 0),
  currentClockTime: nullableString,
});
export type TeamMember = z.output<typeof teamMemberSchema>;

const teamSchema = z.object({ members: z.array(teamMemberSchema) });

/** GET /team/mine: the company's active people, the caller included. */
export const getMyTeam = (): Promise<TeamMember[]> => api.get('/team/mine', { schema: teamSchema }).then((r) => r.members);

export const myTeamQueryOptions = () => queryOptions({ queryKey: teamKeys.mine, queryFn: getMyTeam });

export const useMyTeam = () => useQuery(myTeamQueryOptions());

export type TeamOrder = 'asc' | 'desc';

/** A-Z or Z-A by last name, then first name (spec 000 §2). */
export function sortTeam(members: readonly TeamMember[], order: TeamOrder): TeamMember[] {
  const sign = order === 'asc' ? 1 : -1;
  return [...members].sort(
    (a, b) =>
      sign *
      (a.lastname.localeCompare(b.lastname, undefined, { sensitivity: 'base' }) ||
        a.firstname.localeCompare(b.firstname, undefined, { sensitivity: 'base' })),
  );
}
