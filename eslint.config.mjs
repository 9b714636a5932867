// Lint rules of the house (`npm run lint`; part of `npm test`). Formatting is Prettier's alone
// (eslint-config-prettier turns off the rules it owns). Type-aware rules use the workspaces'
// tsconfigs through typescript-eslint's project service.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import simpleImportSort from 'eslint-plugin-simple-import-sort';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Every file's; a block that sets no-restricted-imports again for its files lists it too (a rule's
// options are replaced, not merged).
const BUILD_OUTPUT = {
  group: ['*/dist/*', '@*/*/dist/*'],
  message: "Use the package's public API, not its build output.",
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/',
      '**/dist/',
      '.data/',
      'test/artifacts/',
      'client/dev-dist/',
      '**/*.d.ts',
      'bench/results/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: 'module',
      globals: { ...globals.node },
      // Listed rather than found: the client's Node-side tests belong to tsconfig.node.json, which a
      // nearest-tsconfig lookup would not pick.
      parserOptions: {
        project: [
          'server/tsconfig.json',
          'client/tsconfig.json',
          'client/tsconfig.node.json',
          'test/e2e/tsconfig.json',
        ],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { 'simple-import-sort': simpleImportSort, 'import-x': importX },
    rules: {
      // A promise nobody awaits loses its error (an unhandled rejection ends the process) and its
      // ordering; mark deliberate fire-and-forget calls with `void`.
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      // simple-import-sort's default groups, except that stylesheets stay last, after the components
      // they restyle: their order is the cascade's.
      'simple-import-sort/imports': [
        'error',
        { groups: [['^\\u0000(?!.*\\.css$)'], ['^node:'], ['^@?\\w'], ['^'], ['^\\.'], ['^\\u0000.*\\.css$']] },
      ],
      'simple-import-sort/exports': 'error',
      'import-x/first': 'error',
      'import-x/no-duplicates': 'error',
      'no-restricted-imports': ['error', { patterns: [BUILD_OUTPUT] }],
    },
  },
  {
    files: ['**/*.{js,cjs,mjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // Runs inside mongosh, whose globals these are.
    files: ['docker/mongo-replica-init.js'],
    languageOptions: { globals: { rs: 'readonly', db: 'readonly', quit: 'readonly' } },
  },
  {
    files: ['**/*.cjs', '**/*.js'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['client/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  {
    // The bundle's files only: a test runs on Node and may read the contract's values.
    files: ['client/src/**/*.{ts,tsx}'],
    ignores: ['client/src/**/*.test.{ts,tsx}', 'client/src/test/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          // The contract's schemas are zod: the client takes their types only, so no zod reaches
          // the bundle; plain values and rules come from '@contract/values'.
          paths: [
            {
              name: '@contract',
              allowTypeImports: true,
              message: "Import types only from '@contract'; values from '@contract/values'.",
            },
          ],
        },
      ],
      // Under verbatimModuleSyntax `import { type X } from '@contract'` stays as `import '@contract'`,
      // which bundles it all the same: type-only imports say `import type`.
      '@typescript-eslint/no-import-type-side-effects': 'error',
    },
  },
  {
    // The API layer depends on no feature: features build on it and listen to its events.
    files: ['client/src/api/**/*.{ts,tsx}'],
    ignores: ['client/src/api/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [BUILD_OUTPUT, { group: ['**/features/**'], message: 'client/src/api must not import a feature.' }],
        },
      ],
    },
  },
  {
    // Shared plain values import nothing from outside their folder, so the client can load them.
    files: ['server/src/contract/values/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(?!\\./)', message: 'contract/values imports only its own files.' }] },
      ],
    },
  },
  prettier,
);
