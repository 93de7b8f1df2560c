/// <reference types="vitest/config" />
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * Writes every built script, stylesheet and SVG also as `.br` (brotli 11) and `.gz` (gzip 9): the
 * server sends the form the browser accepts (crates/gateway/src/web.rs) instead of compressing
 * each answer at its fastest level.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'timekeep-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      const assets = join(outDir, 'assets');
      for (const name of readdirSync(assets)) {
        if (!/\.(js|css|svg)$/.test(name)) continue;
        const bytes = readFileSync(join(assets, name));
        writeFileSync(join(assets, `${name}.br`), brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(join(assets, `${name}.gz`), gzipSync(bytes, { level: 9 }));
      }
    },
  };
}

/**
 * The installable app (issue 39): the web app manifest (linked from index.html by the plugin) and
 * the service worker, our own code (src/sw.ts, `injectManifest`), built to /sw.js with the list
 * of files to precache: index.html, every built script and stylesheet, the icons (not the
 * precompressed copies, which the server picks per request). Registered by src/app/pwa.ts: the
 * plugin injects no registration script (the CSP allows no inline script).
 */
const pwa = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'src',
  filename: 'sw.ts',
  injectRegister: false,
  manifest: {
    id: '/',
    name: 'Timekeep',
    short_name: 'Timekeep',
    description: 'Time clock, timesheets, paid time off and HR records for small companies.',
    lang: 'en',
    dir: 'ltr',
    start_url: '/clockin',
    scope: '/',
    display: 'standalone',
    theme_color: '#1864ab',
    background_color: '#ffffff',
    categories: ['business', 'productivity'],
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  // The icons are in the glob below already.
  includeManifestIcons: false,
  // All of the app (about 230 files, 3 MB, some 850 kB as the server sends them): any screen opens
  // offline, and a repeat visit loads no script from the network.
  injectManifest: { globPatterns: ['**/*.{js,css,html,svg,png}'] },
});

/** index.html's static first frame shows the footer's year as the app does (when it was built). */
function buildYear(): Plugin {
  return {
    name: 'timekeep-build-year',
    transformIndexHtml: (html) => html.replaceAll('%TIMEKEEP_BUILD_YEAR%', String(new Date().getFullYear())),
  };
}

/**
 * Paint first, then load the app: the built index.html names the entry script and the modules it
 * preloads in `<meta name="timekeep-app">` instead of loading them from its head, and
 * public/boot.js adds them once the first frame (index.html's static copy of the screen) is on
 * screen. On a slow link the page's first paint then waits for the HTML and the stylesheet only,
 * not for a share of the bandwidth with 170 kB of scripts; the scripts start a frame later.
 */
function paintFirst(): Plugin {
  return {
    name: 'timekeep-paint-first',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        let entry: string | null = null;
        const preloads: string[] = [];
        let out = html.replace(/[ \t]*<script type="module" crossorigin src="([^"]+)"><\/script>\n?/, (_, src: string) => {
          entry = src;
          return '';
        });
        out = out.replace(/[ \t]*<link rel="modulepreload" crossorigin href="([^"]+)">\n?/g, (_, href: string) => {
          preloads.push(href);
          return '';
        });
        const boot = '<script src="/boot.js"></script>';
        if (!entry || !out.includes(boot)) throw new Error('timekeep-paint-first: no entry script or no /boot.js in index.html');
        return out.replace(boot, `<meta name="timekeep-app" content="${[entry, ...preloads].join(' ')}" />\n    ${boot}`);
      },
    },
  };
}

// The dev server proxies the API to a locally running `timekeep serve` (default port 8080).
const apiTarget = process.env.TIMEKEEP_API ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react(), buildYear(), paintFirst(), precompress(), pwa],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: { '/server': apiTarget, '/healthz': apiTarget },
  },
  build: {
    // scripts/bundle-report.mjs reads the manifest to measure what the login page loads.
    manifest: true,
    // A screen's code (a lazy route) loads its own imports as the browser finds them, without a
    // <link rel="modulepreload"> added per file first: on /clockin those were some 80 links added
    // in one go before anything ran, the longest task of the page on a phone (issue 39). The
    // entry's imports are still named up front (index.html, public/boot.js).
    modulePreload: { resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []) },
    sourcemap: false,
    target: 'es2022',
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    restoreMocks: true,
    // The suite runs beside the Rust and browser lanes on a 2-core machine; a lazily loaded
    // screen has taken over 5 s there, and on a slow day a wait of 15 s ran out, so waits and
    // tests get room (a passing test is no slower; a broken one still fails).
    testTimeout: 120_000,
  },
});
