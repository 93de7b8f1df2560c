/// <reference types="vitest/config" />
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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

// The dev server proxies the API to a locally running `timekeep serve` (default port 8080).
const apiTarget = process.env.TIMEKEEP_API ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react(), precompress()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: { '/server': apiTarget, '/healthz': apiTarget },
  },
  build: {
    // scripts/bundle-report.mjs reads the manifest to measure what the login page loads.
    manifest: true,
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
    // screen has taken over 5 s there, so waits and tests get room (a passing test is no slower).
    testTimeout: 40_000,
  },
});
