// Billing in the journeys: the Stripe harness's hosted checkout page and the charge job, run as
// if it were another instant (run.mjs starts the harness and gives the server billing).
import { expect } from '@playwright/test';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { dataDir } from './journey.mjs';

const execFileAsync = promisify(execFile);

/** Cards of the harness: 4242… pays; 0341 is saved but declined when charged. */
export const CARDS = { pays: '4242424242424242', declinedWhenCharged: '4000000000000341' };

/** The Stripe harness's address (its API and the hosted checkout pages). */
export function stripeUrl() {
  const url = process.env.STRIPE_URL;
  if (!url) throw new Error('STRIPE_URL is not set: run the journeys through run.mjs');
  return url;
}

/**
 * Runs the monthly charge job once as if it were `at` (a Date or an RFC 3339 string):
 * `timekeep charge-run --data-dir DIR --at …` with the server's database and Stripe settings
 * (DATABASE_URL and STRIPE_* as run.mjs gave them). Returns its one line of output, e.g.
 * '1 charges made, 0 paid, 1 declined, 0 unsettled, 0 companies suspended'.
 */
export async function runCharges(at) {
  const bin = process.env.TIMEKEEP_BIN;
  if (!bin) throw new Error('TIMEKEEP_BIN is not set: run the journeys through run.mjs');
  if (!process.env.STRIPE_SECRET_KEY || !process.env.STRIPE_API_BASE) throw new Error('billing is off: run the journeys through run.mjs');
  const instant = at instanceof Date ? at.toISOString() : at;
  const args = ['charge-run', '--data-dir', dataDir(), '--at', instant];
  if (process.env.DATABASE_URL) args.push('--database-url', process.env.DATABASE_URL);
  // Its mail goes to the outbox, as the server's does.
  const env = { ...process.env, RUST_LOG: process.env.RUST_LOG ?? 'warn' };
  delete env.SMTP_URL;
  const { stdout } = await execFileAsync(bin, args, { env, timeout: 60_000 });
  return stdout.trim().split('\n').pop() ?? '';
}

/** What a charge run did, from its line: `{ created, paid, declined, unsettled, suspended }`. */
export function chargeRunCounts(line) {
  const match = line.match(/^(\d+) charges made, (\d+) paid, (\d+) declined, (\d+) unsettled, (\d+) companies suspended$/);
  if (!match) throw new Error(`not a charge run's line: ${line}`);
  const [created, paid, declined, unsettled, suspended] = match.slice(1).map(Number);
  return { created, paid, declined, unsettled, suspended };
}

/**
 * On the harness's hosted checkout page (the browser is there): a card (expiry 12/2030, CVC 123)
 * and 'Save card', which sends the browser back to the app.
 */
export async function payOnCheckoutPage(page, cardNumber) {
  await expect(page).toHaveURL(new RegExp(`^${stripeUrl().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/checkout/`));
  await expect(page.getByRole('heading', { name: 'Save a card' })).toBeVisible();
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByLabel('Expiry month').fill('12');
  await page.getByLabel('Expiry year').fill('2030');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Save card' }).click();
}
