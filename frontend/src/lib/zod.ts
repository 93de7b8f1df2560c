import { z } from 'zod';

/**
 * The one way the app imports zod (`import { z } from '@/lib/zod'`; a test keeps it so).
 *
 * zod compiles object schemas with `new Function` when it may, and finds out whether it may by
 * trying when a schema is made, which the page's Content-Security-Policy (no 'unsafe-eval')
 * reports as a violation. Interpreted parsing is plenty fast for API answers. The setting must
 * hold before the first schema is made, and a module's schemas are made when it is evaluated:
 * importing zod through this module makes that so by the modules' own dependencies, whatever
 * chunk the bundler puts them in (a setting imported first by main.tsx did not hold once a
 * module with schemas shared zod's chunk: its imports run before main's body).
 */
z.config({ jitless: true });

export { z };
