import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { z } from '@/lib/zod';
import { licensingKeys } from './keys';
import { referenceSchema, stateRuleSchema, type Reference, type StateRule, type TopicHours } from './schemas';

/** GET /licensing/reference (anyone signed in): the lines of authority, the state rules and the statuses. */
export const getReference = (): Promise<Reference> => api.get('/licensing/reference', { schema: referenceSchema });

export const referenceQueryOptions = () => queryOptions({ queryKey: licensingKeys.reference, queryFn: getReference, staleTime: 5 * 60_000 });

export const useLicensingReference = () => useQuery(referenceQueryOptions());

/** The rule of a state, when the product or the company has one. */
export const ruleOf = (reference: Reference | undefined, state: string | null | undefined): StateRule | null =>
  (state && reference?.states.find((rule) => rule.state === state)) || null;

/** A line's label ('Accident & Health'); an unknown code as it came. */
export const lineLabel = (reference: Reference | undefined, code: string): string => reference?.lines.find((line) => line.code === code)?.label ?? code;

/** The body of POST /licensing/states (admins). */
export interface StateRuleBody {
  state: string;
  cycleMonths: number;
  hoursTotal: number;
  hoursEthics: number;
  topics: TopicHours[];
  carryOver: boolean;
  citation: string;
  effectiveFrom: string;
}

/** POST /licensing/states -> the company's rule (`edited: true`); new requirements take it. */
export const saveStateRule = (body: StateRuleBody): Promise<StateRule> => api.post('/licensing/states', body, { schema: stateRuleSchema });

/** POST /licensing/states/reset {state}: back to the product's rule. */
export const resetStateRule = (state: string): Promise<unknown> => api.post('/licensing/states/reset', { state }, { schema: z.unknown() });

export function useSaveStateRule() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveStateRule, onSuccess: () => queryClient.invalidateQueries({ queryKey: licensingKeys.reference }) });
}

export function useResetStateRule() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: resetStateRule, onSuccess: () => queryClient.invalidateQueries({ queryKey: licensingKeys.reference }) });
}
