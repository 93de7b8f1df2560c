import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { api } from '@/lib/api-client';
import { manageKeys } from './keys';

/**
 * A person's work locations (issue 40, docs/contracts/places.md): the places whose rules (geofence,
 * IP allow-list) their presses are checked against; none: no place rule applies to them. Admins
 * and the person's managers read them; admins change them, all at once.
 */

/** A location as the person's picker needs it: the settings screen keeps the rest. */
export const locationChoiceSchema = z.object({ id: z.number().int(), name: z.string() });
export type LocationChoice = z.output<typeof locationChoiceSchema>;

/** GET /locations: the company's work locations (admins and managers). */
export const getLocationChoices = (): Promise<LocationChoice[]> => api.get('/locations', { schema: z.array(locationChoiceSchema) });

export const locationChoicesQueryOptions = () => queryOptions({ queryKey: manageKeys.locationChoices, queryFn: getLocationChoices });

export const useLocationChoices = () => useQuery(locationChoicesQueryOptions());

/** GET and POST /locations/of-person?eid=. */
export const personLocationsSchema = z.object({
  employeeId: z.number().int(),
  locationIds: z.array(z.number().int()).optional().transform((v) => v ?? []),
});
export type PersonLocations = z.output<typeof personLocationsSchema>;

export const getPersonLocations = (employeeId: number): Promise<PersonLocations> =>
  api.get('/locations/of-person', { query: { eid: employeeId }, schema: personLocationsSchema });

export const personLocationsQueryOptions = (employeeId: number) =>
  queryOptions({ queryKey: manageKeys.personLocations(employeeId), queryFn: () => getPersonLocations(employeeId) });

export const usePersonLocations = (employeeId: number) => useQuery(personLocationsQueryOptions(employeeId));

/** POST /locations/of-person?eid= {locationIds} (admins): the person's locations, all of them. */
export const updatePersonLocations = ({ employeeId, locationIds }: { employeeId: number; locationIds: number[] }): Promise<PersonLocations> =>
  api.post('/locations/of-person', { locationIds }, { query: { eid: employeeId }, schema: personLocationsSchema });

/** Saving refreshes the person's locations and the company's (each lists its people). */
export function useUpdatePersonLocations(employeeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePersonLocations,
    onSuccess: async (data) => {
      queryClient.setQueryData(manageKeys.personLocations(employeeId), data);
      await queryClient.invalidateQueries({ queryKey: manageKeys.locations });
    },
  });
}
