#!/usr/bin/env node
/**
 * A real OpenID Connect provider for the single sign-on tests: oidc-provider 9 (a certified
 * implementation), configured here with two clients and a sign-in form that tests fill in.
 *
 *   node e2e/oidc/harness.mjs [--port 0] [--verbose]      (npm ci in e2e/oidc first)
 *
 * On start it prints exactly one line to stdout, then serves until stdin ends (when stdin is a
 * pipe), SIGTERM or SIGINT:
 *
 *   {"url": "http://127.0.0.1:<port>", "clients": {"timekeep": {"id", "secret"}, "other": {"id", "secret"}}}
 *
 * `url` is the issuer: discovery at `<url>/.well-known/openid-configuration`, RS256 keys (made
 * at start) at `/jwks`, `/auth`, `/token` (client_secret_basic), `/me`. Both clients are
 * `native` with the redirect URI `http://127.0.0.1/v4sso/auth-callback` (and `localhost`), so
 * the loopback port may be anything (RFC 8252 §7.3): every test server has its own. PKCE is
 * required of every client; `state` and `nonce` are echoed as usual. ID tokens carry `email`,
 * `email_verified`, `given_name`, `family_name` and `name` when the scopes `email` and `profile`
 * are asked for (conformIdTokenClaims off, as most providers do).
 *
 * Signing in (no developer interactions): `/auth` sends the browser to `GET /interaction/<uid>`,
 * a form labelled 'Email', 'Email verified' (a checkbox, ticked), 'First name', 'Last name',
 * with the buttons 'Sign in' and 'Cancel'. It posts (application/x-www-form-urlencoded) to
 * `POST /interaction/<uid>/login` with `email`, `email_verified` ('true' or absent), `given_name`
 * and `family_name`; the person is whoever was typed (the subject is the address, with
 * '#unverified' when not ticked). The answer is a 303 back to `/auth/<uid>`, which grants the
 * asked scopes and answers a 303 to the client's redirect URI with `code`, `state` and `iss`.
 * `POST /interaction/<uid>/abort` ends it with `error=access_denied` instead. The interaction's
 * cookies are path-scoped to `/interaction/<uid>` and `/auth/<uid>`, as a browser keeps them.
 * A browser that signed in before is remembered (its session cookie): later sign-ins of the
 * same client go straight back with a code.
 */
import { createServer } from 'node:http';
import { randomBytes } from 'node:crypto';
import { fstatSync } from 'node:fs';
import { format } from 'node:util';
import { exportJWK, generateKeyPair } from 'jose';

const args = process.argv.slice(2);
const portArg = args.indexOf('--port');
const port = portArg >= 0 ? Number(args[portArg + 1]) : 0;
const verbose = args.includes('--verbose');

// stdout carries the one ready line and is often closed after it: everything else goes to
// stderr, without oidc-provider's notes about development use (this is one) unless --verbose.
process.stdout.on('error', () => {});
for (const level of ['log', 'info', 'warn', 'error']) {
  console[level] = (...parts) => {
    const text = format(...parts);
    if (verbose || !text.startsWith('oidc-provider WARNING')) process.stderr.write(`[oidc] ${text}\n`);
  };
}

export const CLIENTS = {
  timekeep: { id: 'timekeep', secret: 'timekeep-oidc-test-secret' },
  other: { id: 'other-app', secret: 'other-app-oidc-test-secret' },
};

/** Who signed in, by subject: the claims typed on the form. */
const people = new Map();

const escapeHtml = (text) =>
  String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);

function signInPage(uid, clientId) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Test identity provider</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body><main>
<h1>Sign in to the test identity provider</h1>
<p>For ${escapeHtml(clientId)}</p>
<form method="post" action="/interaction/${escapeHtml(uid)}/login">
<p><label for="email">Email</label> <input id="email" name="email" type="email" required></p>
<p><input id="email_verified" name="email_verified" type="checkbox" value="true" checked> <label for="email_verified">Email verified</label></p>
<p><label for="given_name">First name</label> <input id="given_name" name="given_name"></p>
<p><label for="family_name">Last name</label> <input id="family_name" name="family_name"></p>
<p><button type="submit">Sign in</button></p>
</form>
<form method="post" action="/interaction/${escapeHtml(uid)}/abort"><button type="submit">Cancel</button></form>
</main></body></html>`;
}

function readForm(req) {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => {
      body += chunk;
      if (body.length > 64 * 1024) reject(new Error('form too large'));
    });
    req.on('end', () => resolve(new URLSearchParams(body)));
    req.on('error', reject);
  });
}

async function main() {
  // Loaded after the console is redirected: it warns on load.
  const { default: Provider } = await import('oidc-provider');
  const server = createServer();
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${server.address().port}`;

  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: randomBytes(8).toString('hex'), alg: 'RS256', use: 'sig' };

  const client = ({ id, secret }) => ({
    client_id: id,
    client_secret: secret,
    application_type: 'native',
    redirect_uris: ['http://127.0.0.1/v4sso/auth-callback', 'http://localhost/v4sso/auth-callback'],
    grant_types: ['authorization_code'],
    response_types: ['code'],
    token_endpoint_auth_method: 'client_secret_basic',
    id_token_signed_response_alg: 'RS256',
  });

  const provider = new Provider(issuer, {
    clients: [client(CLIENTS.timekeep), client(CLIENTS.other)],
    jwks: { keys: [jwk] },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    conformIdTokenClaims: false,
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 3600, IdToken: 600, Interaction: 600, Session: 3600 },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'name'],
    },
    scopes: ['openid', 'email', 'profile'],
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx, sub) {
      const person = people.get(sub);
      if (!person) return undefined;
      return { accountId: sub, claims: async () => ({ sub, ...person }) };
    },
    renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Error</title></head><body><main><h1>${escapeHtml(out.error)}</h1><p>${escapeHtml(out.error_description ?? '')}</p></main></body></html>`;
    },
  });
  const callback = provider.callback();

  async function interaction(req, res, uid, action) {
    const details = await provider.interactionDetails(req, res);
    if (details.uid !== uid) throw new Error('interaction mismatch');
    const { prompt, params } = details;
    if (req.method === 'GET' && !action) {
      if (prompt.name === 'login') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(signInPage(uid, params.client_id));
        return;
      }
      // Signed in already: only the grant is missing; this provider grants what is asked.
      const grantId = await grantFor(details.session.accountId, params);
      await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
      return;
    }
    if (req.method === 'POST' && action === 'abort') {
      await provider.interactionFinished(req, res, { error: 'access_denied', error_description: 'The person cancelled.' }, { mergeWithLastSubmission: false });
      return;
    }
    if (req.method === 'POST' && action === 'login') {
      const form = await readForm(req);
      const email = (form.get('email') ?? '').trim().toLowerCase();
      if (!email) {
        res.writeHead(400, { 'content-type': 'text/html; charset=utf-8' });
        res.end(signInPage(uid, params.client_id));
        return;
      }
      const verified = form.get('email_verified') === 'true';
      const sub = verified ? email : `${email}#unverified`;
      const given = (form.get('given_name') ?? '').trim();
      const family = (form.get('family_name') ?? '').trim();
      people.set(sub, {
        email,
        email_verified: verified,
        ...(given ? { given_name: given } : {}),
        ...(family ? { family_name: family } : {}),
        ...(given || family ? { name: [given, family].filter(Boolean).join(' ') } : {}),
      });
      const grantId = await grantFor(sub, params);
      await provider.interactionFinished(req, res, { login: { accountId: sub }, consent: { grantId } }, { mergeWithLastSubmission: false });
      return;
    }
    res.writeHead(405);
    res.end();
  }

  async function grantFor(accountId, params) {
    const grant = new provider.Grant({ accountId, clientId: params.client_id });
    grant.addOIDCScope(String(params.scope ?? 'openid'));
    return grant.save();
  }

  server.on('request', (req, res) => {
    const match = /^\/interaction\/([\w-]+)(?:\/(login|abort))?$/.exec(new URL(req.url, issuer).pathname);
    if (!match) {
      callback(req, res);
      return;
    }
    interaction(req, res, match[1], match[2]).catch((error) => {
      process.stderr.write(`[oidc] interaction failed: ${error.stack ?? error}\n`);
      if (!res.headersSent) res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(`The sign-in could not go on: ${error.message}`);
    });
  });
  provider.on('server_error', (_ctx, error) => process.stderr.write(`[oidc] server error: ${error.stack ?? error}\n`));

  process.stdout.write(`${JSON.stringify({ url: issuer, clients: CLIENTS })}\n`);

  const stop = () => {
    server.close();
    server.closeAllConnections?.();
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  // Only a pipe or socket ends when the test process goes; a terminal or /dev/null never does.
  const stdin = fstatSync(0);
  if (stdin.isFIFO() || stdin.isSocket()) {
    process.stdin.on('end', stop);
    process.stdin.on('error', stop);
    process.stdin.resume();
  }
}

main().catch((error) => {
  process.stderr.write(`[oidc] could not start: ${error.stack ?? error}\n`);
  process.exit(1);
});
