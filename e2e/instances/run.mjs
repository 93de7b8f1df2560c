#!/usr/bin/env node
/**
 * Several servers on one PostgreSQL (issue 25): two `timekeep serve` instances on one fresh
 * database, their files in a local S3-compatible store (moto), their mail to one SMTP sink, and
 * the checks that every request may land on either instance:
 *
 * - both start together on the empty database and apply its migrations once;
 * - a token from one works on the other; signing out on one is refused on the other;
 * - a file uploaded through one is downloaded through the other (from the object store);
 * - ten wrong passwords spread over both throttle the account together;
 * - a mail asked of either is sent once;
 * - a scheduled job due once runs once, on one of them;
 * - a run's batches (a company each) are shared by both instances, each company done once;
 * - the instance holding a batch is killed mid-batch: the other finishes it after the lease,
 *   and the run ends with every company done once;
 * - an instance stopped by SIGTERM mid-batch finishes its batches before it exits;
 * - readiness fails while an instance cannot reach the database, and recovers;
 * - a rolling restart (SIGTERM, start again, one instance after the other) under clock load
 *   loses no acknowledged press and stores none twice.
 *
 *   TIMEKEEP_BIN        the built server (default: <repo>/target/debug/timekeep)
 *   E2E_PG_ADMIN_URL    PostgreSQL admin URL (default postgres://postgres@127.0.0.1:5432/postgres);
 *                       a database timekeep_instances_<random> is created there and dropped after
 *   PYTHON              the Python of the S3 stand-in e2e/s3/server.py (default python3; it needs moto[server] 5.2.5)
 *   LOAD_SECONDS        how long the clock load runs around the rolling restart (default 4 before, 4 after)
 *
 * Prints one line per check and "N passed, M failed"; exits 1 when a check failed.
 */
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDatabase, freePort, psql, stopTestServer } from '../support/processes.mjs';
import { assert, call, instance, login, PASSWORD, seedDemo, sleep, startObjectStore, waitUntil } from './cluster.mjs';
import { startSmtpSink } from '../support/smtp-sink.mjs';
import { startTcpProxy } from './tcp-proxy.mjs';
import { clockLoad } from './clock-load.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, '..', '..');
const artifacts = join(here, '..', 'artifacts', 'instances');
const bin = resolve(process.env.TIMEKEEP_BIN ?? join(repoRoot, 'target', 'debug', 'timekeep'));
const adminUrl = process.env.E2E_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const python = process.env.PYTHON ?? 'python3';
const loadSeconds = Number(process.env.LOAD_SECONDS ?? 4);
const BUCKET = 'timekeep-instances';
const JOB_LEASE_SECONDS = 6;
const ACCRUAL_JOB = 'pto-accruals';

const log = (message) => console.log(`[instances] ${message}`);
const cleanups = [];

const TINY_PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6360000002000100ffff03000006000557bfabd40000000049454e44ae426082',
  'hex',
);

const results = [];
async function check(name, body) {
  const started = Date.now();
  try {
    await body();
    results.push({ name, ok: true });
    console.log(`  ✓ ${name} (${((Date.now() - started) / 1000).toFixed(1)}s)`);
  } catch (error) {
    results.push({ name, ok: false });
    console.log(`  ✘ ${name}: ${error.stack ?? error.message}`);
  }
}

async function cleanup() {
  while (cleanups.length) {
    try {
      await cleanups.pop()();
    } catch (error) {
      console.error(`[instances] cleanup: ${error.message}`);
    }
  }
}

let status = 1;
try {
  mkdirSync(artifacts, { recursive: true });
  const database = createDatabase(adminUrl, 'timekeep_instances');
  cleanups.push(() => database.drop());
  log(`database ${database.name}`);
  const store = await startObjectStore({ python, script: join(here, '..', 's3', 'server.py'), bucket: BUCKET, logPath: join(artifacts, 's3.log') });
  cleanups.push(() => stopTestServer(store.child));
  const smtp = await startSmtpSink();
  cleanups.push(() => smtp.close());
  const [portA, portB] = [await freePort(), await freePort()];
  const vars = {
    ...process.env,
    RUST_LOG: 'info,sqlx=warn,sea_orm=warn',
    TIMEKEEP_PUBLIC_URL: `http://127.0.0.1:${portA}`,
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    TIMEKEEP_S3_BUCKET: BUCKET,
    TIMEKEEP_S3_ENDPOINT: store.url,
    TIMEKEEP_S3_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'harness',
    AWS_SECRET_ACCESS_KEY: 'harness',
    TIMEKEEP_SCHEDULER_TICK_SECONDS: '1',
    TIMEKEEP_JOB_LEASE_SECONDS: String(JOB_LEASE_SECONDS),
  };
  delete vars.TIMEKEEP_TOKEN_SECRET;
  const node = (name, port, databaseUrl = database.url) => instance({ name, bin, port, vars, databaseUrl, logDir: artifacts, cleanups });
  const a = node('a', portA);
  const b = node('b', portB);
  const either = [a, b];
  const sql = (text) => psql(database.url, text);

  await check('both instances start together on the empty database and apply its migrations once', async () => {
    await Promise.all([a.start(), b.start()]);
    const [versions, distinct] = sql('SELECT count(*), count(DISTINCT version) FROM seaql_migrations').split('|').map(Number);
    assert(versions > 30 && versions === distinct, `migrations recorded: ${versions}, distinct ${distinct}`);
    for (const server of either) assert((await call(server, 'GET', '/readyz')).status === 200, `${server.name} is not ready`);
  });

  // The demo company, seeded with the instances' settings (its files to the bucket).
  await seedDemo({ bin, vars, databaseUrl: database.url });

  await check('a token issued by one instance works on the other, and signing out on one ends it on both', async () => {
    const token = await login(a, 'employee1@demo.example.com');
    assert((await call(b, 'GET', '/server/v1/clock/status', { token })).status === 200, 'b refused a token of a');
    assert((await call(a, 'POST', '/server/v1/auth/logout', { token, json: {} })).status < 300, 'sign-out failed');
    const after = await call(b, 'GET', '/server/v1/clock/status', { token });
    assert(after.status === 401, `b still accepts a token signed out on a: ${after.status}`);
  });

  await check('a file uploaded through one instance is downloaded through the other', async () => {
    const token = await login(a, 'employee2@demo.example.com');
    const form = new FormData();
    form.append('file', new Blob([TINY_PNG], { type: 'image/png' }), 'me.png');
    const uploaded = await call(a, 'POST', '/server/v1/profile/update-avatar', { token, body: form });
    assert(uploaded.status === 200, `upload: ${uploaded.status} ${JSON.stringify(uploaded.body)}`);
    const other = await login(b, 'manager@demo.example.com');
    const got = await call(b, 'GET', uploaded.body.avatar, { token: other });
    assert(got.status === 200, `download on b: ${got.status}`);
    assert(Buffer.compare(got.bytes, TINY_PNG) === 0, 'the bytes differ');
    assert(got.headers.get('content-type') === 'image/png', `type ${got.headers.get('content-type')}`);
    assert((got.headers.get('content-disposition') ?? '').startsWith('attachment'), 'not served as an attachment');
    const listing = await (await fetch(`${store.url}/${BUCKET}?list-type=2`)).text();
    assert((listing.match(/<Key>/g) ?? []).length >= 1, `nothing in the bucket: ${listing.slice(0, 300)}`);
  });

  await check('ten wrong passwords spread over both instances throttle the account together', async () => {
    const email = 'employee3@demo.example.com';
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const reply = await call(either[attempt % 2], 'POST', '/server/v1/auth/login', { json: { email, password: 'not-the-password' } });
      assert(reply.status === 401, `wrong password ${attempt + 1} answered ${reply.status}`);
    }
    for (const server of either) {
      const reply = await call(server, 'POST', '/server/v1/auth/login', { json: { email, password: PASSWORD } });
      assert(reply.status === 429, `${server.name} let the right password in after ten failures: ${reply.status}`);
    }
  });

  await check('a mail asked of either instance is sent once', async () => {
    const people = ['employee4@demo.example.com', 'employee5@demo.example.com', 'employee6@demo.example.com', 'manager@demo.example.com'];
    const before = new Map(people.map((email) => [email, smtp.to(email).length]));
    for (const [index, email] of people.entries()) {
      const reply = await call(either[index % 2], 'POST', '/server/v1/auth/reset-password', { json: { email } });
      assert(reply.status === 200, `reset for ${email}: ${reply.status}`);
    }
    await waitUntil('the reset mails', () => people.every((email) => smtp.to(email).length > before.get(email)));
    await sleep(3_000); // both instances' senders have looked again since
    for (const email of people) {
      const sent = smtp.to(email).length - before.get(email);
      assert(sent === 1, `${email} got ${sent} reset mails`);
    }
  });

  /** A session holding `table` locked (a job reading it waits) until `release()`. */
  const holdTable = (table) => {
    const holder = spawn('psql', [database.url, '-q', '-v', 'ON_ERROR_STOP=1'], { stdio: ['pipe', 'ignore', 'inherit'] });
    holder.stdin.write(`BEGIN;\nLOCK TABLE ${table} IN ACCESS EXCLUSIVE MODE;\n`);
    return {
      release() {
        holder.stdin.end('ROLLBACK;\n\\q\n');
        return new Promise((r) => holder.on('exit', r));
      },
    };
  };

  /** The instances holding batches of the accrual job now (their lease names). */
  const holders = () =>
    sql(`SELECT coalesce(string_agg(DISTINCT lease_owner, ','), '') FROM job_batches WHERE job = '${ACCRUAL_JOB}' AND status = 'claimed'`)
      .split(',')
      .filter(Boolean);
  const job = () => {
    const [runs, error] = sql(`SELECT runs, coalesce(last_error, '') FROM scheduled_jobs WHERE name = '${ACCRUAL_JOB}'`).split('|');
    return { runs: Number(runs), owner: holders()[0] ?? '', error };
  };
  /** The accrual job's latest run: its batches, and who did them. */
  const latestRun = () => {
    const [id, batches, done, failed, finished] = sql(
      `SELECT id, batches, batches_done, batches_failed, finished_at IS NOT NULL FROM job_runs WHERE job = '${ACCRUAL_JOB}' ORDER BY id DESC LIMIT 1`,
    ).split('|');
    const run = { id: Number(id), batches: Number(batches), done: Number(done), failed: Number(failed), finished: finished === 't' };
    run.shares = Object.fromEntries(
      sql(`SELECT done_by, count(*) FROM job_batches WHERE run_id = ${run.id} AND done_by IS NOT NULL GROUP BY done_by`)
        .split('\n')
        .filter(Boolean)
        .map((line) => line.split('|'))
        .map(([owner, count]) => [owner, Number(count)]),
    );
    run.retried = Number(sql(`SELECT count(*) FROM job_batches WHERE run_id = ${run.id} AND attempts > 1`));
    return run;
  };
  const owning = (owner) => either.find((server) => owner.startsWith(`${server.child.pid}-`));
  /** Makes the accrual job due and waits until both instances hold batches (held on `pto_checkpoints`). */
  const heldRun = async () => {
    const holder = holdTable('pto_checkpoints');
    await sleep(500);
    const before = latestRun().id;
    sql(`UPDATE scheduled_jobs SET next_run_at = now() WHERE name = '${ACCRUAL_JOB}'`);
    await waitUntil('both instances to hold batches of the new run', () => latestRun().id > before && holders().length === 2);
    return holder;
  };

  await check('a scheduled job due once runs once, on one instance', async () => {
    await waitUntil('the first accrual run', () => job().runs >= 1 && job().owner === '');
    const first = job().runs;
    await sleep(3_000);
    assert(job().runs === first, `the job ran again without being due: ${job().runs} runs`);
    sql(`UPDATE scheduled_jobs SET next_run_at = now() WHERE name = '${ACCRUAL_JOB}'`);
    await waitUntil('the due run', () => job().runs === first + 1 && job().owner === '');
    await sleep(4_000); // four ticks of each instance
    assert(job().runs === first + 1, `a job due once ran ${job().runs - first} times`);
  });

  // Eleven more companies, each with a copy of the demo company's people: a run of twelve batches.
  sql(`DO $$
    DECLARE copy bigint; company_columns text; people_columns text;
    BEGIN
      SELECT string_agg(quote_ident(column_name), ',') INTO company_columns FROM information_schema.columns
        WHERE table_schema = 'public' AND table_name = 'companies' AND column_name <> 'id';
      SELECT string_agg(quote_ident(column_name), ',') INTO people_columns FROM information_schema.columns
        WHERE table_schema = 'public' AND table_name = 'users' AND column_name NOT IN ('id', 'company_id', 'email', 'manager_id');
      FOR n IN 1..11 LOOP
        EXECUTE format('INSERT INTO companies (%s) SELECT %s FROM companies WHERE id = (SELECT min(id) FROM companies) RETURNING id',
          company_columns, company_columns) INTO copy;
        EXECUTE format('INSERT INTO users (company_id, email, manager_id, %s) SELECT $1, %L || email, NULL, %s FROM users WHERE company_id = (SELECT min(id) FROM companies)',
          people_columns, 'copy' || n || '-', people_columns) USING copy;
      END LOOP;
    END $$`);
  const companies = Number(sql('SELECT count(*) FROM companies'));

  await check("a run's batches are shared by both instances, each company done once", async () => {
    const holder = await heldRun();
    await holder.release();
    await waitUntil('the run to end', () => latestRun().finished);
    const run = latestRun();
    assert(run.batches === companies && run.done === companies && run.failed === 0, `the run: ${JSON.stringify(run)}`);
    const shares = Object.values(run.shares);
    assert(shares.length === 2 && shares.every((count) => count > 0), `each instance's share: ${JSON.stringify(run.shares)}`);
    assert(run.retried === 0, `${run.retried} batches were done twice`);
    assert(job().error === '', `the run failed: ${job().error}`);
  });

  await check('the instance holding a batch is killed mid-batch; the other finishes it after the lease', async () => {
    const before = job().runs;
    const holder = await heldRun();
    const [owner] = holders();
    const victim = owning(owner);
    assert(victim, `the batch's holder ${owner} is neither instance`);
    await sleep(1_000);
    assert(!latestRun().finished, 'the run was not held');
    await victim.kill();
    await holder.release();
    const survivor = either.find((server) => server !== victim);
    await waitUntil('the survivor to finish the run', () => latestRun().finished && job().runs === before + 1, (JOB_LEASE_SECONDS + 20) * 1000);
    const run = latestRun();
    assert(run.done === companies && run.failed === 0, `the run: ${JSON.stringify(run)}`);
    assert(run.retried > 0 && run.shares[owner] === undefined, `the victim's batches were not taken over: ${JSON.stringify(run)}`);
    assert(job().error === '', `the run failed: ${job().error}`);
    assert((await call(survivor, 'GET', '/readyz')).status === 200, 'the survivor is not ready');
    await victim.start();
  });

  await check('an instance stopped by SIGTERM while it holds batches finishes them, then exits', async () => {
    const holder = await heldRun();
    const [owner] = holders();
    const stopping = owning(owner);
    assert(stopping, `the batch's holder ${owner} is neither instance`);
    const stopped = stopping.stop();
    await sleep(1_500);
    assert(stopping.child.exitCode === null && stopping.child.signalCode === null, 'it exited in the middle of its batches');
    await holder.release();
    await stopped;
    assert(stopping.child.exitCode === 0, `it exited with ${stopping.child.exitCode ?? stopping.child.signalCode}`);
    await waitUntil('the run to end', () => latestRun().finished);
    const run = latestRun();
    assert(run.done === companies && run.retried === 0 && run.shares[owner] > 0, `the run after the stop: ${JSON.stringify(run)}`);
    assert(job().error === '', `the run failed: ${job().error}`);
    await stopping.start();
  });

  await check('readiness fails while an instance cannot reach the database, and recovers', async () => {
    const pg = new URL(database.url);
    const proxy = await startTcpProxy(pg.hostname, Number(pg.port || 5432));
    const viaProxy = new URL(database.url);
    viaProxy.port = String(proxy.port);
    const c = node('c', await freePort(), viaProxy.toString());
    await c.start();
    await proxy.cut();
    await waitUntil('readiness to fail', async () => (await call(c, 'GET', '/readyz')).status === 503, 40_000);
    assert((await call(c, 'GET', '/healthz')).status === 503, 'liveness says the database answers');
    await proxy.restore();
    await waitUntil('readiness to recover', async () => (await call(c, 'GET', '/readyz')).status === 200, 40_000);
    await c.stop();
    await proxy.close();
  });

  await check('a rolling restart under clock load loses no acknowledged press and stores none twice', async () => {
    const emails = ['employee1', 'employee2', 'employee4', 'employee5', 'employee6', 'manager'].map((n) => `${n}@demo.example.com`);
    const tokens = [];
    for (const email of emails) tokens.push(await login(a, email));
    const storedPresses = () => Number(sql('SELECT count(*) + count(end_at) FROM time_entries'));
    const storedBefore = storedPresses();
    const load = clockLoad({ servers: either, tokens, call });
    await sleep(loadSeconds * 1000);
    for (const server of either) {
      await server.stop(); // SIGTERM: stop accepting, finish what is in hand, exit
      await server.start();
      await sleep(1_000);
    }
    await sleep(loadSeconds * 1000);
    const outcome = await load.stop();
    const stored = storedPresses() - storedBefore;
    log(`clock load: ${outcome.acknowledged} presses acknowledged, ${outcome.unanswered} unanswered, ${outcome.busy} told 503, ${stored} stored; p99 ${outcome.p99} ms`);
    assert(outcome.acknowledged > 50, `too little load to mean anything: ${outcome.acknowledged}`);
    // A press in flight on a stopping instance finishes or is refused cleanly (503), never a 500.
    assert(outcome.serverErrors === 0, `${outcome.serverErrors} presses answered a server error other than 503`);
    // Every acknowledged press is stored; beyond them only presses that got no answer (a press
    // whose connection closed under it may have been stored), each at most once.
    assert(stored >= outcome.acknowledged, `lost: ${outcome.acknowledged} acknowledged, ${stored} stored`);
    assert(stored <= outcome.acknowledged + outcome.unanswered, `doubled: ${stored} stored for ${outcome.acknowledged} acknowledged and ${outcome.unanswered} unanswered`);
    const doubled = sql('SELECT count(*) FROM (SELECT employee_id FROM time_entries WHERE end_at IS NULL GROUP BY employee_id HAVING count(*) > 1) open');
    assert(doubled === '0', `${doubled} people have two open shifts`);
  });

  const passed = results.filter((r) => r.ok).length;
  const failed = results.length - passed;
  console.log(`\n  ${passed} passed, ${failed} failed (two instances on one PostgreSQL)`);
  status = failed === 0 ? 0 : 1;
} catch (error) {
  console.error(`[instances] ${error.stack ?? error.message}`);
  status = 1;
} finally {
  await cleanup();
}
process.exit(status);
