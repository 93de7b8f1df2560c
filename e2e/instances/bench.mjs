#!/usr/bin/env node
/**
 * `just bench-instances`: clock presses on PostgreSQL through one instance, then through two
 * (each press to the next, as a balancer sends them), then through two restarted one after the
 * other (SIGTERM, start again, wait for /readyz) — presses a second and latency of each phase.
 * Same machine: on two cores a second instance shows its cost, not a gain.
 *
 *   TIMEKEEP_BIN      the server (default: <repo>/target/release/timekeep)
 *   E2E_PG_ADMIN_URL  PostgreSQL admin URL (default postgres://postgres@127.0.0.1:5432/postgres)
 *   BENCH_SECONDS     length of each steady phase (default 20)
 */
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDatabase, freePort, psql } from '../support/processes.mjs';
import { call, instance, login, seedDemo, sleep } from './cluster.mjs';
import { clockLoad } from './clock-load.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, '..', '..');
const artifacts = join(here, '..', 'artifacts', 'instances-bench');
const bin = resolve(process.env.TIMEKEEP_BIN ?? join(repoRoot, 'target', 'release', 'timekeep'));
const adminUrl = process.env.E2E_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const people = ['admin', 'manager', 'employee1', 'employee2', 'employee3', 'employee4', 'employee5', 'employee6'];

const cleanups = [];
let status = 1;
try {
  mkdirSync(artifacts, { recursive: true });
  const database = createDatabase(adminUrl, 'timekeep_bench_instances');
  cleanups.push(() => database.drop());
  const vars = { ...process.env, RUST_LOG: 'warn' };
  delete vars.TIMEKEEP_TOKEN_SECRET;
  delete vars.SMTP_URL;
  await seedDemo({ bin, vars, databaseUrl: database.url });
  const [a, b] = [await freePort(), await freePort()].map((port, i) =>
    instance({ name: `bench-${'ab'[i]}`, bin, port, vars, databaseUrl: database.url, logDir: artifacts, cleanups }),
  );
  await Promise.all([a.start(), b.start()]);
  const tokens = [];
  for (const person of people) tokens.push(await login(a, `${person}@demo.example.com`));
  const stored = () => Number(psql(database.url, 'SELECT count(*) + count(end_at) FROM time_entries'));

  const phase = async (label, servers, during = () => sleep(seconds * 1000)) => {
    const before = stored();
    const started = performance.now();
    const load = clockLoad({ servers, tokens, call });
    await during();
    const outcome = await load.stop();
    const elapsed = (performance.now() - started) / 1000;
    const rate = outcome.acknowledged / elapsed;
    const extra = stored() - before - outcome.acknowledged;
    console.log(
      `${label.padEnd(34)} ${String(outcome.acknowledged).padStart(6)} presses in ${elapsed.toFixed(1)} s = ${rate.toFixed(0).padStart(5)}/s; ` +
        `p50 ${outcome.p50} ms, p99 ${outcome.p99} ms, max ${outcome.max} ms; refused ${outcome.refused}, unanswered ${outcome.unanswered}, ` +
        `stored − acknowledged = ${extra}`,
    );
    // None lost (extra ≥ 0); none doubled (only unanswered presses may be stored unacknowledged).
    return extra >= 0 && extra <= outcome.unanswered ? 0 : 1;
  };

  console.log(`clock presses, ${tokens.length} people pressing at once (closed loop), PostgreSQL, ${bin}`);
  let mismatches = 0;
  mismatches += Math.abs(await phase('one instance', [a]));
  mismatches += Math.abs(await phase('two instances', [a, b]));
  mismatches += Math.abs(
    await phase('two instances, rolling restart', [a, b], async () => {
      await sleep(2_000);
      for (const server of [a, b]) {
        await server.stop();
        await server.start();
        await sleep(1_000);
      }
      await sleep(2_000);
    }),
  );
  status = mismatches === 0 ? 0 : 1;
} catch (error) {
  console.error(error.stack ?? error.message);
} finally {
  while (cleanups.length) {
    try {
      await cleanups.pop()();
    } catch (error) {
      console.error(`cleanup: ${error.message}`);
    }
  }
}
process.exit(status);
