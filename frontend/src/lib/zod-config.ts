import { z } from 'zod';

/**
 * zod compiles object schemas with `new Function` when it may, and finds out whether it may by
 * trying, which the page's Content-Security-Policy (no 'unsafe-eval') reports as a violation on
 * every page. Interpreted parsing is plenty fast for API answers. Imported first by main.tsx, so
 * it holds before any schema parses.
 */
z.config({ jitless: true });
