import js from '@eslint/js';
import i18next from 'eslint-plugin-i18next';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import unitCycles from './eslint-rules/unit-cycles.js';

/** Another module's repository, from a module file (`../<module>/<name>.repository.js`). */
const FOREIGN_REPOSITORY = ['../*/*.repository', '../*/*.repository.js', '../../modules/*/*.repository.js'];
const REPOSITORY_MESSAGE =
  "A module uses another module's service, presenter or read model, never its repository.";

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-ssr/**',
      'data/**',
      'apps/server/drizzle/**',
      '**/test-results/**',
      '**/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // No import cycle: between files (import-x/no-cycle, `./x.js` resolved to `./x.ts` as tsc does),
    // and between the server's modules or the web's features (a local rule, eslint-rules/).
    // Nothing imports a test file, so no test file is on a cycle: they are not walked.
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}'],
    plugins: { 'import-x': importX, local: unitCycles },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.json'],
          extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'local/no-unit-cycle': ['error', { roots: ['apps/server/src/modules', 'apps/web/src/features'] }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Every word a reader sees goes through t(…) (en and am): no literal text between JSX tags.
    // Strings of punctuation, symbols and digits alone (·, —, ×, /, :, 3) are not words.
    files: ['apps/web/src/**/*.tsx'],
    ignores: ['**/*.test.tsx', 'apps/web/src/test/**'],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-text-only',
          words: { exclude: [/^[\p{P}\p{S}\p{N}\s]+$/u] },
          message: 'Text in JSX goes through t(…) with the words in the en and am locale files',
        },
      ],
    },
  },
  // Layers point one way (docs/ARCHITECTURE.md, "Boundaries"); eslint.zones.test.ts plants a
  // violation of each zone and checks that lint refuses it.
  {
    // Infrastructure knows no feature: the kernel types (Actor, ClientInfo) live in lib/.
    files: ['apps/server/src/{lib,plugins,realtime,db,catalog}/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/modules/**'], message: 'Infrastructure never imports a module.' }] },
      ],
    },
  },
  {
    // A module reaches another through its service, presenter or read model, never its repository.
    // `users` is read directly by auth, account and admin-moderation alone.
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['apps/server/src/modules/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: FOREIGN_REPOSITORY, message: REPOSITORY_MESSAGE }] },
      ],
    },
  },
  {
    files: ['apps/server/src/modules/{auth,account,admin-moderation}/**/*.ts'],
    ignores: ['apps/server/src/modules/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: [...FOREIGN_REPOSITORY, '!../users/users.repository.js'], message: REPOSITORY_MESSAGE },
          ],
        },
      ],
    },
  },
  {
    // People are read through the reader read model (`users/reader-card.ts`, `users/users.read-model.ts`):
    // the `users` table is imported by users, auth, account and admin-moderation alone. A rule of its
    // own (typescript-eslint's copy of no-restricted-imports), so the zones above keep theirs.
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: [
      'apps/server/src/modules/{users,auth,account,admin-moderation}/**',
      'apps/server/src/modules/**/*.test.ts',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/db/schema', '**/db/schema/*'],
              importNames: ['users', 'UserRow', 'NewUserRow', 'userRole', 'userStatus', 'authProvider'],
              message:
                'Only users, auth, account and admin-moderation read `users`; others use users/reader-card.ts or users/users.read-model.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    // Routes parse, authenticate, call a service and present: they never touch the database.
    files: ['apps/server/src/modules/**/*.routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/db/*', '**/db/**', 'drizzle-orm', 'drizzle-orm/*'],
              message: 'Routes call services; services call repositories.',
            },
            { group: FOREIGN_REPOSITORY, message: REPOSITORY_MESSAGE },
          ],
        },
      ],
    },
  },
  // The web app: pages → features → components / api / lib; the server-rendering entry (ssr/) on top.
  {
    files: ['apps/web/src/api/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/features/**', '**/pages/**'], message: 'api/ is below features and pages.' },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    // A feature's tests may render the pages that compose it.
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/pages/**', '**/ssr/**'], message: 'features/ never imports pages/ or ssr/.' },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/{components,lib}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/ssr/**', '**/features/**', '**/pages/**'],
              message: 'components/ and lib/ are the bottom layer: no ssr/, features/ or pages/.',
            },
          ],
        },
      ],
    },
  },
);
