// Reading the mails the server writes to $DATA_DIR/outbox/*.eml.
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';

/** Full quoted-printable decoding: soft line breaks (=\r\n) and =XX bytes (=3D is '='). */
export function decodeQuotedPrintable(text) {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes = [];
  for (let i = 0; i < joined.length; i += 1) {
    const ch = joined[i];
    const hex = joined.slice(i + 1, i + 3);
    if (ch === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(ch, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function splitHeaders(raw) {
  const match = raw.match(/\r?\n\r?\n/);
  if (!match || match.index === undefined) return { headers: raw, body: '' };
  return { headers: raw.slice(0, match.index), body: raw.slice(match.index + match[0].length) };
}

function header(headers, name) {
  const unfolded = headers.replace(/\r?\n[ \t]+/g, ' ');
  const line = unfolded.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line ? line.slice(name.length + 1).trim() : '';
}

/** All text of a MIME message (every part decoded by its transfer encoding), headers included. */
export function mailText(raw) {
  const { headers, body } = splitHeaders(raw);
  const type = header(headers, 'Content-Type');
  const encoding = header(headers, 'Content-Transfer-Encoding').toLowerCase();
  const boundary = type.match(/boundary="?([^";]+)"?/i)?.[1];
  let text;
  if (/^multipart\//i.test(type) && boundary) {
    text = body
      .split(`--${boundary}`)
      .slice(1)
      .filter((part) => !part.startsWith('--'))
      .map((part) => mailText(part.replace(/^\r?\n/, '')))
      .join('\n');
  } else if (encoding === 'quoted-printable') {
    text = decodeQuotedPrintable(body);
  } else if (encoding === 'base64') {
    text = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  } else {
    // Not declared: still undo soft line breaks and =3D, which some writers leave in.
    text = body.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  }
  return `${headers}\n${text}`;
}

const unescapeHtml = (s) => s.replace(/&amp;/g, '&').replace(/&#x3D;|&#61;/g, '=');

/** The links in a mail that contain `pathPart`, e.g. '/verify-email?'. */
export function linksIn(text, pathPart) {
  const links = [...text.matchAll(/https?:\/\/[^\s"'<>)]+/g)].map((m) => unescapeHtml(m[0]).replace(/[.,;]+$/, ''));
  return links.filter((link) => link.includes(pathPart));
}

/** Undoes RFC 2047 encoded words (=?utf-8?Q?...?= / =?utf-8?B?...?=) of a header value. */
export function decodeHeaderWords(value) {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, _charset, kind, text) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

/**
 * Waits for the newest mail in the outbox addressed to `to` that has a link containing
 * `pathPart`, and returns it: `{ path, subject, text, link }`. `since` (ms epoch) skips older mails.
 */
export async function waitForMail(dataDir, { to, pathPart, since = 0, timeoutMs = 20_000 }) {
  const outbox = join(dataDir, 'outbox');
  const deadline = Date.now() + timeoutMs;
  let lastSeen = 'no mail yet';
  while (Date.now() < deadline) {
    let names = [];
    try {
      names = (await readdir(outbox)).filter((n) => n.endsWith('.eml'));
    } catch {
      names = [];
    }
    const files = await Promise.all(
      names.map(async (name) => {
        const path = join(outbox, name);
        return { path, mtime: (await stat(path)).mtimeMs };
      }),
    );
    files.sort((a, b) => b.mtime - a.mtime);
    for (const file of files) {
      if (file.mtime + 1000 < since) continue;
      const raw = await readFile(file.path, 'utf8');
      const text = mailText(raw);
      if (!text.toLowerCase().includes(to.toLowerCase())) continue;
      lastSeen = file.path;
      const [link] = linksIn(text, pathPart);
      if (link) return { path: file.path, subject: decodeHeaderWords(header(splitHeaders(raw).headers, 'Subject')), text, link };
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no mail to ${to} with a ${pathPart} link in ${outbox} (last looked at: ${lastSeen})`);
}

/** Like waitForMail, and returns only the link. */
export async function waitForMailLink(dataDir, options) {
  return (await waitForMail(dataDir, options)).link;
}
