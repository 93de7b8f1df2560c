import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { api, ApiError } from '@/lib/api-client';
import { formFailure, type FormFailure } from '@/lib/form-errors';
import { settingsKeys } from './keys';

/**
 * The company's work locations (issue 40, docs/contracts/places.md): a place with an optional
 * geofence (a centre and a radius) and an optional allow-list of network addresses, each rule
 * flagging a press from elsewhere or refusing a clock-in. People assigned to a location are held
 * to its rules; people assigned to none to no rule. Admins and managers read them; admins change
 * them.
 */

/** `flag`: accept the press and mark it; `block`: refuse a clock-in. */
export const RULE_MODES = ['flag', 'block'] as const;
export type RuleMode = (typeof RULE_MODES)[number];

export const DEFAULT_RADIUS_M = 150;
export const MIN_RADIUS_M = 50;
export const MAX_RADIUS_M = 50_000;

const ruleMode = z
  .string()
  .optional()
  .transform((v): RuleMode => (v === 'block' ? 'block' : 'flag'));

export const locationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** IANA zone, such as `America/Chicago`. */
  timeZone: z.string(),
  address: z.string().nullable().optional().transform((v) => v ?? null),
  /** The geofence's centre; both null: no geofence. */
  latitude: z.number().nullable().optional().transform((v) => v ?? null),
  longitude: z.number().nullable().optional().transform((v) => v ?? null),
  radiusM: z.number().int(),
  geofenceMode: ruleMode,
  /** Addresses and CIDR blocks; empty: no allow-list. */
  ipAllow: z.array(z.string()).optional().transform((v) => v ?? []),
  ipMode: ruleMode,
  /** The employee ids held to its rules. */
  people: z.array(z.number().int()).optional().transform((v) => v ?? []),
  createdAt: z.string().optional(),
});
export type WorkLocation = z.output<typeof locationSchema>;
export const locationsSchema = z.array(locationSchema);

/** GET /locations (admins and managers). */
export const getLocations = (): Promise<WorkLocation[]> => api.get('/locations', { schema: locationsSchema });

export const locationsQueryOptions = () => queryOptions({ queryKey: settingsKeys.locations, queryFn: getLocations });

export const useLocations = ({ enabled = true }: { enabled?: boolean } = {}) => useQuery({ ...locationsQueryOptions(), enabled });

/** The body of POST /locations/save: without `id` a new location. */
export interface LocationBody {
  id?: number;
  name: string;
  /** null: the company's zone. */
  timeZone: string | null;
  address: string | null;
  /** Both null: no geofence. */
  latitude: number | null;
  longitude: number | null;
  /** null: the default 150 m. */
  radiusM: number | null;
  geofenceMode: RuleMode;
  ipAllow: string[];
  ipMode: RuleMode;
}

/** The location form's fields, by the names the server's errors use. */
export const LOCATION_FIELDS = ['name', 'timeZone', 'address', 'latitude', 'longitude', 'radiusM', 'geofenceMode', 'ipAllow', 'ipMode'] as const;

/** The messages of the form's own checks (the server's words). */
export const LOCATION_MESSAGES = {
  name: "Please enter the location's name",
  nameLength: 'Please keep the name to 100 characters',
  addressLength: 'Please keep the address to 300 characters',
  latitude: 'Please enter a latitude between -90 and 90',
  longitude: 'Please enter a longitude between -180 and 180',
  latitudeToo: 'Please enter the latitude too, or neither',
  longitudeToo: 'Please enter the longitude too, or neither',
  radius: 'Please enter a radius between 50 m and 50,000 m (50 km)',
} as const;

type Amount = number | string;

const isBlank = (value: Amount): boolean => value === '' || (typeof value === 'string' && value.trim() === '');
const numberOf = (value: Amount): number | null => (isBlank(value) ? null : Number(value));

export const locationFormSchema = z
  .object({
    name: z.string().superRefine((value, ctx) => {
      if (!value.trim()) ctx.addIssue({ code: 'custom', message: LOCATION_MESSAGES.name });
      else if (value.trim().length > 100) ctx.addIssue({ code: 'custom', message: LOCATION_MESSAGES.nameLength });
    }),
    /** null: the company's zone. */
    timeZone: z.string().nullable(),
    address: z.string().refine((v) => v.trim().length <= 300, { error: LOCATION_MESSAGES.addressLength }),
    latitude: z.union([z.number(), z.string()]),
    longitude: z.union([z.number(), z.string()]),
    /** Empty: the default 150 m. */
    radiusM: z.union([z.number(), z.string()]),
    geofenceMode: z.enum(RULE_MODES),
    /** One address or CIDR block a line. */
    ipAllow: z.string(),
    ipMode: z.enum(RULE_MODES),
  })
  .superRefine((values, ctx) => {
    const latitude = numberOf(values.latitude);
    const longitude = numberOf(values.longitude);
    if (latitude !== null && !(Number.isFinite(latitude) && latitude >= -90 && latitude <= 90)) {
      ctx.addIssue({ code: 'custom', path: ['latitude'], message: LOCATION_MESSAGES.latitude });
    }
    if (longitude !== null && !(Number.isFinite(longitude) && longitude >= -180 && longitude <= 180)) {
      ctx.addIssue({ code: 'custom', path: ['longitude'], message: LOCATION_MESSAGES.longitude });
    }
    if (latitude !== null && longitude === null) ctx.addIssue({ code: 'custom', path: ['longitude'], message: LOCATION_MESSAGES.longitudeToo });
    if (latitude === null && longitude !== null) ctx.addIssue({ code: 'custom', path: ['latitude'], message: LOCATION_MESSAGES.latitudeToo });
    const radius = numberOf(values.radiusM);
    if (radius !== null && !(Number.isInteger(radius) && radius >= MIN_RADIUS_M && radius <= MAX_RADIUS_M)) {
      ctx.addIssue({ code: 'custom', path: ['radiusM'], message: LOCATION_MESSAGES.radius });
    }
  });
export type LocationFormValues = z.infer<typeof locationFormSchema>;

/** The form of a location, or of a new one in `companyZone` (none: the server's default, the company's). */
export const locationFormValues = (location: WorkLocation | null, companyZone: string): LocationFormValues => ({
  name: location?.name ?? '',
  timeZone: location?.timeZone ?? (companyZone || null),
  address: location?.address ?? '',
  latitude: location?.latitude ?? '',
  longitude: location?.longitude ?? '',
  radiusM: location?.radiusM ?? DEFAULT_RADIUS_M,
  geofenceMode: location?.geofenceMode ?? 'flag',
  ipAllow: (location?.ipAllow ?? []).join('\n'),
  ipMode: location?.ipMode ?? 'flag',
});

/** The allow-list's entries (the lines that are not blank) and the line of the text area each came from (1 first). */
export function ipAllowEntries(text: string): { entries: string[]; lines: number[] } {
  const entries: string[] = [];
  const lines: number[] = [];
  text.split(/\r?\n/).forEach((line, index) => {
    const entry = line.trim();
    if (!entry) return;
    entries.push(entry);
    lines.push(index + 1);
  });
  return { entries, lines };
}

/** The post of the form: empty fields as null (the server's defaults), the allow-list one entry a line. */
export function toLocationBody(values: LocationFormValues, id: number | null): LocationBody {
  return {
    ...(id !== null ? { id } : {}),
    name: values.name.trim(),
    timeZone: values.timeZone?.trim() || null,
    address: values.address.trim() || null,
    latitude: numberOf(values.latitude),
    longitude: numberOf(values.longitude),
    radiusM: numberOf(values.radiusM),
    geofenceMode: values.geofenceMode,
    ipAllow: ipAllowEntries(values.ipAllow).entries,
    ipMode: values.ipMode,
  };
}

/** `ipAllow[2]`: the server's message about the third entry sent. */
const IP_ENTRY = /^ipAllow\[(\d+)\]$/;

/**
 * A refused save split for the form: the server's messages on their fields, those about single
 * entries of the allow-list ('ipAllow[2]') on the allow-list with the line they are on
 * ('Line 4: …'), anything else for the form's alert. `lines` are the text area's lines of the
 * entries sent (`ipAllowEntries`).
 */
export function locationFailure(error: unknown, lines: readonly number[]): FormFailure {
  const failure = formFailure(error, LOCATION_FIELDS, { useServerMessage: true });
  if (!(error instanceof ApiError)) return failure;
  const entries: { index: number; message: string }[] = [];
  const other: string[] = [];
  for (const [field, messages] of Object.entries(error.errors)) {
    const first = messages[0];
    if (!first) continue;
    const entry = IP_ENTRY.exec(field);
    if (entry) entries.push({ index: Number(entry[1]), message: first });
    else if (!(LOCATION_FIELDS as readonly string[]).includes(field)) other.push(first);
  }
  if (entries.length === 0) return failure;
  entries.sort((a, b) => a.index - b.index);
  const ipAllow = [failure.fieldErrors.ipAllow, ...entries.map(({ index, message }) => `Line ${lines[index] ?? index + 1}: ${message}`)]
    .filter((text): text is string => Boolean(text))
    .join('\n');
  return { fieldErrors: { ...failure.fieldErrors, ipAllow }, message: other[0] ?? null };
}

/** POST /locations/save (admins): the location as saved. */
export const saveLocation = (body: LocationBody): Promise<WorkLocation> => api.post('/locations/save', body, { schema: locationSchema });

/** Refreshes the locations and every person's (a save answers one location, a delete the ones left). */
function useLocationWrite<T, R>(mutationFn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.locations }),
  });
}

export const useSaveLocation = () => useLocationWrite(saveLocation);

/** POST /locations/delete?id= (admins): the locations left. */
export const deleteLocation = (id: number): Promise<WorkLocation[]> =>
  api.request('/locations/delete', { method: 'POST', query: { id }, schema: locationsSchema });

export function useDeleteLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLocation,
    onSuccess: async (left) => {
      queryClient.setQueryData(settingsKeys.locations, left);
      // The people who were held to it.
      await queryClient.invalidateQueries({ queryKey: settingsKeys.locations });
    },
  });
}

/** POST /locations/people?id= (admins) {add, remove}: people held to the location and freed from it, in bulk. */
export interface LocationPeopleChange {
  id: number;
  add: number[];
  remove: number[];
}

export const updateLocationPeople = ({ id, add, remove }: LocationPeopleChange): Promise<WorkLocation> =>
  api.post('/locations/people', { add, remove }, { query: { id }, schema: locationSchema });

export const useUpdateLocationPeople = () => useLocationWrite(updateLocationPeople);

/** What the people picker's choice changes: who comes in, who goes. */
export function peopleChange(id: number, before: readonly number[], chosen: readonly number[]): LocationPeopleChange {
  return {
    id,
    add: chosen.filter((person) => !before.includes(person)),
    remove: before.filter((person) => !chosen.includes(person)),
  };
}
