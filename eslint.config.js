import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { boundariesPlugin } from './scripts/eslint/boundaries.js';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.data/**', '.tmp/**', 'test-results/**', 'playwright-report/**', 'client/public/sw.js'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Migrations take Kysely<any> on purpose: they are frozen in time, never typed by today's schema.
      '@typescript-eslint/no-explicit-any': 'off',
      'no-console': 'off',
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['client/public/**/*.js'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    // The client never imports server runtime code; only `import type { AppRouter }`.
    files: ['client/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/server/src/**', '!**/server/src/router.ts'], message: 'Only import type { AppRouter } from the server.' }] }],
    },
  },
  {
    // Features, modules, sides, maintainer scripts: scripts/eslint/boundaries.js. Tests may reach across modules to set up data.
    files: ['client/src/**/*.{ts,tsx}', 'server/src/**/*.ts', 'shared/src/**/*.ts', 'scripts/**/*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { vz: boundariesPlugin },
    rules: { 'vz/boundaries': 'error' },
  },
);
