// @ts-check
import { defineConfig } from '@playwright/test';

/**
 * Browser journeys against a running `timekeep serve` (started by run.mjs, which sets BASE_URL and
 * DATA_DIR). The browser is Debian's Chromium: Playwright never downloads one.
 */
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: './specs',
  // Per database (set by run.mjs): the SQLite and PostgreSQL runs go at once.
  outputDir: process.env.E2E_OUTPUT_DIR ?? './test-results',
  // One server, two cores: journeys run one at a time.
  workers: 1,
  fullyParallel: false,
  // A journey is tried a second time after a failure: one that fails twice fails the run, and one
  // that passes on its second try is listed as "flaky" in the summary (and in the test recipe's
  // tail), to be fixed. Two submissions in a row were lost to one browser-timing failure each.
  retries: 1,
  // A journey is a whole user story; on the CI's busy two cores some take over a minute
  // (journey 15 passed locally in 30 s and ran out of 60 s there).
  timeout: 120_000,
  expect: { timeout: 10_000 },
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  use: {
    baseURL: process.env.BASE_URL,
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
    timezoneId: 'America/New_York',
    // No transitions (the app honours prefers-reduced-motion): axe never sees a dock half faded in.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath,
      args: ['--no-sandbox', '--disable-background-networking', '--disable-gpu', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
    screenshot: 'only-on-failure',
    trace: 'off',
  },
});
