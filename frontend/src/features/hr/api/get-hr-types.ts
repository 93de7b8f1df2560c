import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { api } from '@/lib/api-client';
import { hrKeys } from './keys';

/**
 * An event, document or policy type (`onboardingDoc` and `onboardingDays` only matter for
 * document types: an onboarding type is asked of every new employee, due that many days after
 * their start).
 */
export const hrTypeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  active: z.boolean(),
  onboardingDoc: z.boolean().optional().transform((v) => v ?? false),
  onboardingDays: z.number().int().nullable().optional().transform((v) => v ?? null),
});
export type HrType = z.output<typeof hrTypeSchema>;

/** The three lists of types, by the names GET /settings/data gives them. */
export const HR_TYPE_KINDS = ['event', 'doc', 'policy'] as const;
export type HrTypeKind = (typeof HR_TYPE_KINDS)[number];

/** The HR parts of GET /settings/data: every type, active and retired. */
export const hrTypesSchema = z.object({
  eventtypes: z.array(hrTypeSchema),
  doctypes: z.array(hrTypeSchema),
  policytypes: z.array(hrTypeSchema),
});
export type HrTypes = z.output<typeof hrTypesSchema>;

export const listOf = (types: HrTypes, kind: HrTypeKind): HrType[] =>
  kind === 'event' ? types.eventtypes : kind === 'doc' ? types.doctypes : types.policytypes;

/** GET /settings/data (managers and admins; employees get 403): the event, document and policy types. */
export const getHrTypes = (): Promise<HrTypes> => api.get('/settings/data', { schema: hrTypesSchema });

export const hrTypesQueryOptions = () => queryOptions({ queryKey: hrKeys.types, queryFn: getHrTypes });

export const useHrTypes = () => useQuery(hrTypesQueryOptions());

/** A picker's choices: the active types, plus the one a record already names (retired or not). */
export const typeOptions = (types: readonly HrType[], keep: number | null = null) =>
  types.filter((t) => t.active || t.id === keep).map((t) => ({ value: String(t.id), label: t.name }));
