import { describe, expect, it } from 'vitest';
import { signupSchema, signupSuccessMessage } from './signup';

const valid = { company: 'Acme Insurance', firstname: 'Ada', lastname: "O'Neil-Smith", email: 'ada@acme.com', password: 'password1', website: '' };

function messages(values: unknown): Record<string, string> {
  const result = signupSchema.safeParse(values);
  const out: Record<string, string> = {};
  if (!result.success) for (const issue of result.error.issues) out[issue.path.join('.')] ??= issue.message;
  return out;
}

describe('signup validation (spec 000 §5)', () => {
  it('accepts a valid signup', () => expect(messages(valid)).toEqual({}));

  it('requires every field with the spec messages', () => {
    expect(messages({ company: '', firstname: '', lastname: '', email: '', password: '', website: '' })).toEqual({
      company: 'Enter Company Name',
      firstname: 'Enter First Name',
      lastname: 'Enter Last Name',
      email: 'Enter a Email',
      password: 'Enter a Password',
    });
  });

  it.each([
    [{ company: '<script>' }, { company: 'Please enter valid Company Name' }],
    [{ company: '---' }, { company: 'Please enter valid Company Name' }],
    [{ company: '3M & Sons, Inc.' }, {}],
    [{ firstname: 'R2D2' }, { firstname: 'Please enter valid First Name' }],
    [{ firstname: 'José' }, {}],
    [{ lastname: '<b>' }, { lastname: 'Please enter valid Last Name' }],
    [{ email: 'nope' }, { email: 'Invalid Email Address' }],
    [{ password: 'short' }, { password: 'Password minimal length is 8' }],
  ])('%o', (change, expected) => expect(messages({ ...valid, ...change })).toEqual(expected));

  it('takes an optional promotion code', () => {
    expect(signupSchema.parse(valid).promotCode).toBe('');
    expect(signupSchema.parse({ ...valid, promotCode: 'WELCOME' }).promotCode).toBe('WELCOME');
  });

  it('has the activation message of the contract', () => {
    expect(signupSuccessMessage('a@b.co')).toBe(
      'Thanks for signing up! We have sent an activation email to a@b.co. Please follow the link in it to activate your account.',
    );
  });
});
