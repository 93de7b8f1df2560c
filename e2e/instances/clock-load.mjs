/**
 * Clock presses through several instances as a load balancer would send them: each person
 * clocks in and out in turn, each press to the next instance; an instance that refuses the
 * connection (stopped, restarting) is left out for a moment and the press goes to another, as a
 * balancer's health check would. A press that got no answer (its connection closed under it) is
 * not retried blindly: the person's status, read from another instance, tells where they stand.
 * Only an unanswered press may be stored without an acknowledgement.
 */

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export function clockLoad({ servers, tokens, call }) {
  let running = true;
  let turn = 0;
  const downUntil = new Map();
  const latencies = [];
  // busy: 503 with Retry-After (refused cleanly by a stopping instance); serverErrors: any other 5xx.
  const counts = { acknowledged: 0, unanswered: 0, refused: 0, conflicts: 0, errors: 0, busy: 0, serverErrors: 0 };

  const pick = () => {
    for (let i = 0; i < servers.length; i += 1) {
      const server = servers[(turn + i) % servers.length];
      if ((downUntil.get(server) ?? 0) <= Date.now()) {
        turn += i + 1;
        return server;
      }
    }
    turn += 1;
    return servers[turn % servers.length];
  };

  /** The person's status from whichever instance answers. */
  const status = async (token) => {
    for (;;) {
      const server = pick();
      try {
        const reply = await call(server, 'GET', '/server/v1/clock/status', { token });
        if (reply.status === 200) return reply.body;
      } catch {
        downUntil.set(server, Date.now() + 500);
      }
      await sleep(50);
    }
  };

  const worker = async (token) => {
    let current = await status(token);
    while (running) {
      const clockedIn = current.status === 1 || current.status === 2;
      const path = clockedIn ? `/server/v1/clock/end?trackingNumber=${current.trackingNumber}` : '/server/v1/clock/start';
      const server = pick();
      const started = performance.now();
      let reply;
      try {
        reply = await call(server, 'POST', path, { token, json: {} });
      } catch (error) {
        const code = error.cause?.code ?? '';
        if (code === 'ECONNREFUSED') {
          // Never reached the instance: nothing to reconcile.
          counts.refused += 1;
          downUntil.set(server, Date.now() + 500);
          continue;
        }
        counts.unanswered += 1;
        // The press may still be finishing on the instance that is stopping: give it a moment
        // before asking where the person stands.
        await sleep(300);
        current = await status(token);
        continue;
      }
      if (reply.status === 200) {
        counts.acknowledged += 1;
        latencies.push(performance.now() - started);
        current = reply.body;
      } else {
        if (reply.status === 409) counts.conflicts += 1;
        else if (reply.status === 503) counts.busy += 1;
        else if (reply.status >= 500) counts.serverErrors += 1;
        else counts.errors += 1;
        current = await status(token);
      }
    }
  };

  const workers = tokens.map((token) => worker(token));
  return {
    async stop() {
      running = false;
      await Promise.all(workers);
      latencies.sort((x, y) => x - y);
      const at = (q) => (latencies.length ? Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]) : 0);
      return { ...counts, p50: at(0.5), p99: at(0.99), max: at(1) };
    },
  };
}
