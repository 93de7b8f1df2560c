// @ts-check
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Features are islands: `src/features/<a>` may import `src/lib`, `src/components` and its own files,
 * never another feature. Composition of features happens in `src/app` (routes and shell).
 * This mirrors bulletproof-react's import restrictions.
 */
const FEATURES = ['auth', 'signup', 'landing', 'clock', 'timesheet', 'manage', 'settings', 'dashboard', 'inbox', 'company', 'team', 'profile', 'reports', 'celebrations', 'billing', 'system', 'tour', 'kiosk', 'audit', 'api-keys', 'webhooks'];

const featureIsolation = FEATURES.map((feature) => ({
  files: [`src/features/${feature}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: FEATURES.filter((f) => f !== feature).flatMap((f) => [`@/features/${f}/*`, `**/features/${f}/**`, `../../${f}/**`]),
            message: 'Features must not import each other; compose them in src/app.',
          },
          { group: ['@/app/*'], message: 'Features must not import the app layer.' },
        ],
      },
    ],
  },
}));

/**
 * Features other screens embed: `features/pto` (the settings' PTO types, plans and rules tabs, the
 * employee folder's PTO card and time-off history actions), `features/hr` (the settings' type tabs,
 * the employee folder's HR tabs) and `features/calendar` (the 'What's happening?' card of the
 * dashboard and the clock screen), `features/approvals` (the settings' approval paths and out of
 * office tabs, issue 41) and `features/licensing` (the employee folder's Licensing tab, issue 42) may be imported by the features above, and import none themselves — only
 * `src/lib` and `src/components` (the people pickers' list and the settings lists they read live in
 * `src/lib/employees.ts` and `src/lib/settings-data.ts`; where a request stands on its approval path
 * in `src/lib/approval.ts` and `src/components/approval-line.tsx`).
 */
const EMBEDDED = ['pto', 'hr', 'calendar', 'approvals', 'licensing'];
const ALL_FEATURES = [...FEATURES, ...EMBEDDED];

const embeddedIsolation = EMBEDDED.map((feature) => ({
  files: [`src/features/${feature}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: ALL_FEATURES.filter((f) => f !== feature).flatMap((f) => [`@/features/${f}/*`, `**/features/${f}/**`, `../../${f}/**`]),
            message: 'An embedded feature imports no other feature; the screens that embed it pass what it needs.',
          },
          { group: ['@/app/*'], message: 'Features must not import the app layer.' },
        ],
      },
    ],
  },
}));

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'coverage'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs['recommended-latest'].rules,
      'react-hooks/exhaustive-deps': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-restricted-imports': 'off',
    },
  },
  {
    // lib and shared components sit below features and the app.
    files: ['src/lib/**/*.{ts,tsx}', 'src/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@/features/*', '@/app/*'], message: 'lib and components must not depend on features or the app.' },
          ],
        },
      ],
    },
  },
  ...featureIsolation,
  ...embeddedIsolation,
  {
    // Query keys come from the key factories (each feature's `api/keys.ts`; a `src/lib` query keeps
    // its factory beside it), so a query and the writes that invalidate it name the same key.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['**/keys.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "Property[key.name='queryKey'] > ArrayExpression",
          message: 'Take the query key from a key factory (api/keys.ts), not an array literal.',
        },
        {
          selector: "Property[key.name='queryKey'] > :matches(ConditionalExpression, LogicalExpression) > ArrayExpression",
          message: 'Take the query key from a key factory (api/keys.ts), not an array literal.',
        },
        {
          selector: "CallExpression[callee.property.name=/^(get|set)Quer(y|ies)Data$/] > ArrayExpression:first-child",
          message: 'Take the query key from a key factory (api/keys.ts), not an array literal.',
        },
        {
          selector: "CallExpression[callee.property.name='map'][arguments.0.params.0.name='queryKey'] > MemberExpression > ArrayExpression > ArrayExpression",
          message: 'Take the query keys from a key factory (api/keys.ts), not array literals.',
        },
      ],
    },
  },
  {
    files: ['scripts/**/*.mjs', 'vite.config.ts', 'eslint.config.js'],
    languageOptions: { globals: { ...globals.node } },
  },
);
