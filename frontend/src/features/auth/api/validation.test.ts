import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { changeMyPasswordSchema } from './change-my-password';
import { loginSchema } from './login';
import { resetPasswordSchema } from './reset-password';
import { resetPasswordNowSchema } from './reset-password-now';

/** The first message per field, as the form shows it. */
function messages(schema: z.ZodType, values: unknown): Record<string, string> {
  const result = schema.safeParse(values);
  const out: Record<string, string> = {};
  if (!result.success) {
    for (const issue of result.error.issues) {
      const key = issue.path.join('.');
      out[key] ??= issue.message;
    }
  }
  return out;
}

describe('login (spec 000 §5)', () => {
  it.each([
    [{ email: '', password: '' }, { email: 'Please input the Email', password: 'Enter valid password' }],
    [{ email: '   ', password: 'x' }, { email: 'Please input the Email' }],
    [{ email: 'ada', password: 'x' }, { email: 'Invalid Email address' }],
    [{ email: 'ada@example', password: 'x' }, { email: 'Invalid Email address' }],
    [{ email: ' ada@example.com ', password: 'x' }, {}],
  ])('%o', (values, expected) => expect(messages(loginSchema, values)).toEqual(expected));
});

describe('reset request', () => {
  it.each([
    [{ email: '' }, { email: 'Required' }],
    [{ email: 'nope' }, { email: 'Invalid email address' }],
    [{ email: 'a@b.co' }, {}],
  ])('%o', (values, expected) => expect(messages(resetPasswordSchema, values)).toEqual(expected));
});

describe('reset now', () => {
  it.each([
    [{ password: '', retypePassword: '' }, { password: 'Please input the Password', retypePassword: 'Please input the Retype password' }],
    [{ password: 'short', retypePassword: 'short' }, { password: 'Password minimal length is 8' }],
    [{ password: 'longenough', retypePassword: 'different1' }, { retypePassword: 'Password and retype password should be identical' }],
    [{ password: '12345678', retypePassword: '12345678' }, {}],
  ])('%o', (values, expected) => expect(messages(resetPasswordNowSchema, values)).toEqual(expected));
});

describe('change password', () => {
  it.each([
    [true, { oldPassword: '', newPassword: '', retypePassword: '' }, {
      oldPassword: 'Please input the Old Password',
      newPassword: 'Please input the New Password',
      retypePassword: 'Please input the Retype New Password',
    }],
    [false, { oldPassword: '', newPassword: '', retypePassword: '' }, {
      newPassword: 'Please input the New Password',
      retypePassword: 'Please input the Retype New Password',
    }],
    [true, { oldPassword: 'old', newPassword: 'short', retypePassword: 'short' }, { newPassword: 'Password minimal length is 8' }],
    [true, { oldPassword: 'old', newPassword: 'longenough', retypePassword: 'longenougH' }, {
      retypePassword: 'New Password and Retype should be identical',
    }],
    [false, { oldPassword: '', newPassword: 'longenough', retypePassword: 'longenough' }, {}],
  ])('has password %s: %o', (hasPassword, values, expected) =>
    expect(messages(changeMyPasswordSchema(hasPassword), values)).toEqual(expected),
  );
});
