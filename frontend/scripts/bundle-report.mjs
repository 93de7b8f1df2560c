#!/usr/bin/env node
/**
 * Prints the gzipped size of the JavaScript and CSS the login page loads, and fails when they are
 * over budget (JS < 200 kB, CSS < 40 kB, gzipped, 1 kB = 1000 bytes).
 *
 * What the login page loads: the files index.html references (the entry script, its preloaded
 * static imports and stylesheets) plus the lazy route chunk of /login with everything it
 * statically imports and their CSS, as listed in Vite's manifest (build.manifest = true).
 *
 * Usage: npm run build && npm run bundle-report   (or: node scripts/bundle-report.mjs [distDir])
 */
import { readFileSync, existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET = { js: 200_000, css: 40_000 };
/** The route modules /login renders (the public layout is part of the entry). */
const LOGIN_ROUTE_MODULES = ['src/app/routes/login.tsx'];

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = resolve(process.argv[2] ?? join(root, 'dist'));
const manifestPath = join(dist, '.vite', 'manifest.json');
const indexPath = join(dist, 'index.html');

if (!existsSync(manifestPath) || !existsSync(indexPath)) {
  console.error(`bundle-report: ${manifestPath} or ${indexPath} is missing; run \`npm run build\` first.`);
  process.exit(2);
}

const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const html = readFileSync(indexPath, 'utf8');

/** Files referenced by index.html: <script src>, <link rel=stylesheet|modulepreload href>. */
function filesFromHtml(text) {
  const files = new Set();
  for (const match of text.matchAll(/<(script|link)\b[^>]*>/g)) {
    const tag = match[0];
    const attr = tag.match(/\b(?:src|href)="([^"]+)"/);
    if (!attr) continue;
    const isScript = match[1] === 'script';
    const rel = tag.match(/\brel="([^"]+)"/)?.[1] ?? '';
    if (isScript || rel === 'stylesheet' || rel === 'modulepreload') {
      const path = attr[1].replace(/^\//, '');
      if (/\.(js|mjs|css)$/.test(path)) files.add(path);
    }
  }
  return files;
}

/** A manifest chunk's own file, CSS and (recursively) its static imports' files. */
function collect(key, into, seen = new Set()) {
  if (seen.has(key)) return into;
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) throw new Error(`bundle-report: ${key} is not in the manifest`);
  into.add(chunk.file);
  for (const css of chunk.css ?? []) into.add(css);
  for (const imported of chunk.imports ?? []) collect(imported, into, seen);
  return into;
}

const entryKeys = Object.keys(manifest).filter((key) => manifest[key].isEntry);
if (entryKeys.length === 0) throw new Error('bundle-report: the manifest has no entry');

const files = filesFromHtml(html);
for (const key of entryKeys) collect(key, files);
for (const module of LOGIN_ROUTE_MODULES) {
  if (!manifest[module]) {
    console.error(`bundle-report: ${module} is not a chunk in the manifest (is the route still lazy?)`);
    process.exit(2);
  }
  collect(module, files);
}

const rows = [...files]
  .map((file) => {
    const bytes = readFileSync(join(dist, file));
    return { file, kind: file.endsWith('.css') ? 'css' : 'js', raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
  })
  .sort((a, b) => a.kind.localeCompare(b.kind) || b.gzip - a.gzip);

const kb = (n) => `${(n / 1000).toFixed(2)} kB`;
const total = { js: 0, css: 0 };
console.log('Login page (/login) loads:');
for (const row of rows) {
  total[row.kind] += row.gzip;
  console.log(`  ${row.kind.padEnd(4)} ${row.file.padEnd(48)} ${kb(row.raw).padStart(10)} raw ${kb(row.gzip).padStart(10)} gzip`);
}
let failed = false;
for (const kind of ['js', 'css']) {
  const over = total[kind] >= BUDGET[kind];
  failed ||= over;
  console.log(`${kind.toUpperCase().padEnd(3)} total: ${kb(total[kind])} gzip (budget < ${kb(BUDGET[kind])}) ${over ? 'OVER BUDGET' : 'ok'}`);
}
process.exit(failed ? 1 : 0);
