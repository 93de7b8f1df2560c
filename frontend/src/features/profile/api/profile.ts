import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { api } from '@/lib/api-client';
import { refreshIdentity } from '@/lib/refresh-identity';
import { isEmail, requiredText } from '@/lib/validation';
import { otherKeys, profileKeys } from './keys';

const text = z.string().nullable().optional().transform((v) => v ?? '');
const nullableString = z.string().nullable().optional().transform((v) => v ?? null);

/** The fields of spec 001 §3 "Employee" the profile screen uses; the others are ignored. */
export const profileSchema = z.object({
  id: z.number().int(),
  firstname: text,
  lastname: text,
  email: text,
  phone: text,
  avatar: nullableString,
  birthday: text,
  address: text,
  city: text,
  state: text,
  zip: text,
  isSsoUser: z.boolean().optional().transform((v) => v ?? false),
});
export type Profile = z.output<typeof profileSchema>;

const mineSchema = z.object({ profile: profileSchema, integratedWithAz: z.boolean().optional().transform((v) => v ?? false) });
export type MyProfile = z.output<typeof mineSchema>;

/** GET /profile/mine. */
export const getMyProfile = (): Promise<MyProfile> => api.get('/profile/mine', { schema: mineSchema });

export const myProfileQueryOptions = () => queryOptions({ queryKey: profileKeys.mine, queryFn: getMyProfile });

export const useMyProfile = () => useQuery(myProfileQueryOptions());

export const PROFILE_FIELDS = ['firstname', 'lastname', 'email', 'phone', 'birthday', 'address', 'city', 'state', 'zip'] as const;
export type ProfileForm = Record<(typeof PROFILE_FIELDS)[number], string>;

export const EMAIL_TYPO = 'Oops! Looks like you have a typo.';
export const BIRTHDAY_INVALID = 'Please input Month(1-12)/Date(1-31). e.g. 03/15';
/** Spec 000 §8. */
export const PROFILE_UPDATED = 'You successfully updated the profile. Bring you to your home page...';

const BIRTHDAY = /^(\d{1,2})\/(\d{1,2})$/;

/** 'MM/DD' of a typed birthday ('3/5' -> '03/05'), or null when it is not month 1-12 / day 1-31. */
export function normaliseBirthday(value: string): string | null {
  const match = BIRTHDAY.exec(value.trim());
  if (!match) return null;
  const month = Number(match[1]);
  const day = Number(match[2]);
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  return `${String(month).padStart(2, '0')}/${String(day).padStart(2, '0')}`;
}

/** Spec 000 §5 "Profile". */
export const profileFormSchema = z.object({
  firstname: requiredText('Please input the First name'),
  lastname: requiredText('Please input the Last name'),
  email: z.string().superRefine((value, ctx) => {
    if (!value.trim()) ctx.addIssue({ code: 'custom', message: 'Please input the Email' });
    else if (!isEmail(value)) ctx.addIssue({ code: 'custom', message: EMAIL_TYPO });
  }),
  phone: requiredText('Please input the Phone'),
  birthday: z.string().refine((v) => !v.trim() || normaliseBirthday(v) !== null, { error: BIRTHDAY_INVALID }),
  address: requiredText('Please input the Address'),
  city: z.string(),
  state: requiredText('Please input the State'),
  zip: z.string(),
});

export const toProfileForm = (profile: Profile): ProfileForm => ({
  firstname: profile.firstname,
  lastname: profile.lastname,
  email: profile.email,
  phone: profile.phone,
  birthday: profile.birthday,
  address: profile.address,
  city: profile.city,
  state: profile.state,
  zip: profile.zip,
});

/** The body of POST /profile/update: trimmed, the birthday as 'MM/DD', optional fields left out when blank. */
export function toProfileBody(form: ProfileForm): Record<string, string> {
  const body: Record<string, string> = {
    firstname: form.firstname.trim(),
    lastname: form.lastname.trim(),
    email: form.email.trim(),
    phone: form.phone.trim(),
    address: form.address.trim(),
    state: form.state.trim(),
  };
  const birthday = normaliseBirthday(form.birthday);
  if (birthday) body.birthday = birthday;
  if (form.city.trim()) body.city = form.city.trim();
  if (form.zip.trim()) body.zip = form.zip.trim();
  return body;
}

const profileResponseSchema = z.object({ profile: profileSchema, emailChangeSentTo: z.string().nullable().optional() });
export type UpdatedProfile = { profile: Profile; emailChangeSentTo?: string | null };

/** POST /profile/update -> the profile, and where a link to confirm a new e-mail went. */
export const updateMyProfile = (form: ProfileForm): Promise<UpdatedProfile> =>
  api.post('/profile/update', toProfileBody(form), { schema: profileResponseSchema });

/** The profile's answer when a new e-mail waits for its link. */
export const emailChangePending = (email: string) =>
  `We sent a link to ${email}: your sign-in email changes when you follow it. Until then, keep signing in with your current one.`;

export function useUpdateMyProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMyProfile,
    onSuccess: async ({ profile }) => {
      queryClient.setQueryData<MyProfile>(profileKeys.mine, (mine) => (mine ? { ...mine, profile } : mine));
      await refreshIdentity();
      await Promise.all([otherKeys.loginData, otherKeys.team].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}

const avatarSchema = z.object({ avatar: z.string().nullable() });

/** POST /profile/update-avatar multipart `file` -> { avatar }. */
export function uploadMyAvatar(file: File): Promise<string | null> {
  const body = new FormData();
  body.append('file', file);
  return api.post('/profile/update-avatar', body, { schema: avatarSchema }).then((r) => r.avatar);
}

/** POST /profile/remove-avatar -> { avatar: null }. */
export const removeMyAvatar = (): Promise<string | null> =>
  api.post('/profile/remove-avatar', {}, { schema: avatarSchema }).then((r) => r.avatar);

/** Upload (a File) or remove (null) one's avatar; the shell's avatar follows. */
export function useChangeMyAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File | null) => (file ? uploadMyAvatar(file) : removeMyAvatar()),
    onSuccess: async (avatar) => {
      queryClient.setQueryData<MyProfile>(profileKeys.mine, (mine) => (mine ? { ...mine, profile: { ...mine.profile, avatar } } : mine));
      await refreshIdentity();
      await queryClient.invalidateQueries({ queryKey: otherKeys.team });
    },
  });
}
