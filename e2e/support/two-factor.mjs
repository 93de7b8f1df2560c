/**
 * Two-factor sign-in in the journeys (issue 43): codes computed with `otpauth`, a TOTP library
 * independent of the server's.
 *
 * The demo operator must always use a second factor, so `run.mjs` enrols it through the API before
 * the specs start ([`enrolOperator`]) and hands its secret to them as OPERATOR_TOTP_SECRET.
 */
import * as OTPAuth from 'otpauth';

/** The current code of a base32 secret (SHA-1, 30 s, 6 digits). */
export function totpNow(secret) {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate();
}

/** Waits for the next 30-second step and returns its code: a code is good once. */
export async function totpOfNextStep(secret) {
  const now = Date.now();
  const next = (Math.floor(now / 30000) + 1) * 30000;
  await new Promise((resolve) => setTimeout(resolve, next - now + 200));
  return totpNow(secret);
}

async function post(baseUrl, path, body) {
  const response = await fetch(`${baseUrl}/server/v1${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = await response.json();
  if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

/** Signs the operator in once through the enrolment: the secret of its authenticator. */
export async function enrolOperator(baseUrl, email, password) {
  const first = await post(baseUrl, '/auth/login', { email, password });
  if (first.twoFactor?.mode !== 'enrol') throw new Error(`the operator was not asked to enrol: ${JSON.stringify(first)}`);
  const { challenge } = first.twoFactor;
  const { secret } = await post(baseUrl, '/auth/two-factor/setup', { challenge });
  await post(baseUrl, '/auth/two-factor', { challenge, code: totpNow(secret) });
  return secret;
}

/**
 * On the login page after the password: types the operator's code and verifies it. A code already
 * used in this step (an earlier sign-in) is refused, so each sign-in takes the next step's.
 */
export async function enterOperatorCode(page, secret = process.env.OPERATOR_TOTP_SECRET) {
  if (!secret) throw new Error('OPERATOR_TOTP_SECRET is not set (run the journeys through run.mjs)');
  const field = page.getByLabel('Authentication code');
  await field.waitFor();
  await field.fill(await totpOfNextStep(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
}
