// The scheduled jobs in the journeys: one job run as if it were another instant.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { dataDir } from './journey.mjs';

const execFileAsync = promisify(execFile);

/**
 * Runs the scheduled job `name` once as if it were `now` (a Date or an RFC 3339 string):
 * `timekeep jobs run NAME --now … --data-dir DIR` on the server's database (DATABASE_URL as run.mjs
 * gave it) with TIMEKEEP_ALLOW_JOB_CLOCK=true, which `--now` needs (tests and staging only). The
 * server's own scheduler may hold the job's lease at that moment ('another server is running …'):
 * then it is tried again, a few times. Returns the job's line, e.g.
 * 'missed-punches: 1 shifts closed as missed punches, 0 people reminded, 2 mails queued'.
 */
export async function runJob(name, now) {
  const bin = process.env.TIMEKEEP_BIN;
  if (!bin) throw new Error('TIMEKEEP_BIN is not set: run the journeys through run.mjs');
  const instant = now instanceof Date ? now.toISOString() : now;
  const args = ['jobs', 'run', name, '--now', instant, '--data-dir', dataDir()];
  if (process.env.DATABASE_URL) args.push('--database-url', process.env.DATABASE_URL);
  // Its mail goes to the outbox, as the server's does. The flag is a clap boolean: 'true' (its
  // message says '=1', which clap refuses as "invalid value '1'").
  const env = { ...process.env, TIMEKEEP_ALLOW_JOB_CLOCK: 'true', RUST_LOG: process.env.RUST_LOG ?? 'warn' };
  delete env.SMTP_URL;
  for (let attempt = 1; ; attempt += 1) {
    try {
      const { stdout } = await execFileAsync(bin, args, { env, timeout: 60_000 });
      return stdout.trim().split('\n').pop() ?? '';
    } catch (error) {
      const said = `${error.stderr ?? ''}${error.stdout ?? ''}`;
      if (attempt >= 5 || !/another server is running/.test(said)) throw new Error(`timekeep jobs run ${name} failed: ${said || error.message}`);
      await new Promise((resolve) => setTimeout(resolve, 2_000));
    }
  }
}
