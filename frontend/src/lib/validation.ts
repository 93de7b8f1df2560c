import { z } from '@/lib/zod';

/** Spec 000 §9. */
export const PASSWORD_MIN_LENGTH = 8;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const isEmail = (value: string): boolean => EMAIL_PATTERN.test(value.trim());

/** A string that must not be blank; reports only `required` when empty. */
export const requiredText = (required: string) =>
  z.string().refine((v) => v.trim().length > 0, { error: required });

/** Required, then a valid address: exactly one message per state, in that order. */
export const requiredEmail = (required: string, invalid: string) =>
  z.string().superRefine((value, ctx) => {
    if (!value.trim()) ctx.addIssue({ code: 'custom', message: required });
    else if (!isEmail(value)) ctx.addIssue({ code: 'custom', message: invalid });
  });

/** Required, then at least 8 characters. */
export const newPassword = (required: string, tooShort = `Password minimal length is ${PASSWORD_MIN_LENGTH}`) =>
  z.string().superRefine((value, ctx) => {
    if (!value) ctx.addIssue({ code: 'custom', message: required });
    else if (value.length < PASSWORD_MIN_LENGTH) ctx.addIssue({ code: 'custom', message: tooShort });
  });

/**
 * A person's name: letters (any script), spaces, apostrophes, hyphens and periods, at most 50
 * characters, at least one letter.
 */
export const isValidPersonName = (value: string): boolean => {
  const v = value.trim();
  return v.length <= 50 && /\p{L}/u.test(v) && /^[\p{L}\p{M}' .-]+$/u.test(v);
};

/** A company name: at most 100 characters, a letter or digit, no markup characters. */
export const isValidCompanyName = (value: string): boolean => {
  const v = value.trim();
  return v.length <= 100 && /[\p{L}\p{N}]/u.test(v) && !/[<>{}\\]/.test(v);
};

export const requiredName = (required: string, invalid: string, valid: (v: string) => boolean) =>
  z.string().superRefine((value, ctx) => {
    if (!value.trim()) ctx.addIssue({ code: 'custom', message: required });
    else if (!valid(value)) ctx.addIssue({ code: 'custom', message: invalid });
  });
