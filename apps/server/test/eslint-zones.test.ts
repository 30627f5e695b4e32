/**
 * The import boundaries of eslint.config.js hold: each zone refuses a planted violation and lets the
 * allowed import through (the tree itself is linted by `npm run lint` in CI).
 */
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { unitCyclesUnder } from '../../../eslint-rules/unit-cycles.js';
import { REPO_ROOT } from '../src/config.js';

const eslint = new ESLint({ cwd: REPO_ROOT });

/** The messages of `ruleId` for `code` as if it were the file at `file`. */
async function messagesOf(ruleId: string, file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(REPO_ROOT, file) });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === ruleId)
    .map((message) => message.message);
}

/** The messages of no-restricted-imports for `code` as if it were the file at `file`. */
function restricted(file: string, code: string): Promise<string[]> {
  return messagesOf('no-restricted-imports', file, code);
}

const PLANTED: [zone: string, file: string, code: string][] = [
  [
    'infrastructure never imports a module',
    'apps/server/src/lib/planted.ts',
    "import { createBooksService } from '../modules/books/books.service.js';\nexport const x = createBooksService;\n",
  ],
  [
    'a plugin never imports a module',
    'apps/server/src/plugins/planted.ts',
    "import type { ClubsService } from '../modules/clubs/clubs.service.js';\nexport type X = ClubsService;\n",
  ],
  [
    "a module never reads another module's repository",
    'apps/server/src/modules/reviews/planted.ts',
    "import type { BooksRepository } from '../books/books.repository.js';\nexport type X = BooksRepository;\n",
  ],
  [
    'only auth, account and admin-moderation read users directly',
    'apps/server/src/modules/clubs/planted.ts',
    "import type { UsersRepository } from '../users/users.repository.js';\nexport type X = UsersRepository;\n",
  ],
  [
    'a route never touches the database',
    'apps/server/src/modules/books/planted.routes.ts',
    "import { eq } from 'drizzle-orm';\nexport const x = eq;\n",
  ],
  [
    'web api/ never imports features/',
    'apps/web/src/api/planted.ts',
    "import { useAuth } from '../features/auth/authContext';\nexport const x = useAuth;\n",
  ],
  [
    'web features/ never imports pages/',
    'apps/web/src/features/planted/Planted.tsx',
    "import { BookPage } from '../../pages/BookPage/BookPage';\nexport const x = BookPage;\n",
  ],
  [
    'web components/ never imports ssr/',
    'apps/web/src/components/Planted.tsx',
    "import { render } from '../ssr/render';\nexport const x = render;\n",
  ],
];

/** Planted cycles and text: [zone, rule, file, code]; each yields exactly one message of the rule. */
const PLANTED_RULES: [zone: string, rule: string, file: string, code: string][] = [
  [
    // books.service.ts imports book-card.ts; book-card.ts importing it back closes a file cycle.
    'no import cycle between server files',
    'import-x/no-cycle',
    'apps/server/src/modules/books/book-card.ts',
    "import { createBooksService } from './books.service.js';\nexport const x = createBooksService;\n",
  ],
  [
    // AuthProvider.tsx imports authContext.ts; the context importing the provider back is a cycle.
    'no import cycle between web files',
    'import-x/no-cycle',
    'apps/web/src/features/auth/authContext.ts',
    "import { AuthProvider } from './AuthProvider';\nexport const x = AuthProvider;\n",
  ],
  [
    // reviews reaches books (presenter, card, service); a new file of books reaching reviews closes it.
    'no import cycle between server modules',
    'local/no-unit-cycle',
    'apps/server/src/modules/books/planted.ts',
    "import type { ReviewsService } from '../reviews/reviews.service.js';\nexport type X = ReviewsService;\n",
  ],
  [
    // clubs reaches auth (ClubChat uses useAuth); auth reaching clubs closes a feature cycle.
    'no import cycle between web features',
    'local/no-unit-cycle',
    'apps/web/src/features/auth/Planted.tsx',
    "import { ClubChat } from '../clubs/ClubChat';\nexport const x = ClubChat;\n",
  ],
  [
    'no literal text in web JSX',
    'i18next/no-literal-string',
    'apps/web/src/features/planted/Planted.tsx',
    'export function Planted() {\n  return <p className="text-ink">Hello reader</p>;\n}\n',
  ],
];

describe('lint zones (eslint.config.js)', () => {
  it.each(PLANTED)('%s', async (_zone, file, code) => {
    expect(await restricted(file, code)).toHaveLength(1);
  });

  it.each(PLANTED_RULES)('%s', async (_zone, rule, file, code) => {
    expect(await messagesOf(rule, file, code)).toHaveLength(1);
  });

  it('lets symbols, digits and translated text through in JSX', async () => {
    expect(
      await messagesOf(
        'i18next/no-literal-string',
        'apps/web/src/features/planted/Planted.tsx',
        'import { useTranslation } from \'react-i18next\';\nexport function Planted() {\n  const { t } = useTranslation();\n  return <p className="text-ink" aria-hidden="true">· — × / : 3 {t(\'common.isbn\')}</p>;\n}\n',
      ),
    ).toEqual([]);
  });

  it('finds no cycle between the server modules or the web features of the tree', () => {
    expect(unitCyclesUnder(path.join(REPO_ROOT, 'apps/server/src/modules'))).toEqual([]);
    expect(unitCyclesUnder(path.join(REPO_ROOT, 'apps/web/src/features'))).toEqual([]);
  });

  it('lets the allowed imports through', async () => {
    expect(
      await restricted(
        'apps/server/src/modules/auth/planted.ts',
        "import type { UsersRepository } from '../users/users.repository.js';\nimport type { BooksService } from '../books/books.service.js';\nimport type { Actor } from '../../lib/actor.js';\nexport type X = [UsersRepository, BooksService, Actor];\n",
      ),
    ).toEqual([]);
    expect(
      await restricted(
        'apps/web/src/pages/Planted.tsx',
        "import { useAuth } from '../features/auth/authContext';\nimport { apiFetch } from '../api/client';\nexport const x = [useAuth, apiFetch];\n",
      ),
    ).toEqual([]);
  });

  it('reads `users` only in users, auth, account and admin-moderation (others: the reader read model)', async () => {
    const usersRule = async (file: string, code: string) => {
      const [result] = await eslint.lintText(code, { filePath: path.join(REPO_ROOT, file) });
      return (result?.messages ?? []).filter(
        (message) => message.ruleId === '@typescript-eslint/no-restricted-imports',
      );
    };
    const planted =
      "import { books, users } from '../../db/schema/index.js';\nexport const x = [books, users];\n";
    for (const file of [
      'apps/server/src/modules/clubs/planted.repository.ts',
      'apps/server/src/modules/readers/planted.ts',
    ])
      expect(await usersRule(file, planted), file).toHaveLength(1);
    expect(
      await usersRule(
        'apps/server/src/modules/reviews/planted.ts',
        "import type { UserRow } from '../../db/schema/users.js';\nexport type X = UserRow;\n",
      ),
    ).toHaveLength(1);
    for (const file of [
      'apps/server/src/modules/users/planted.ts',
      'apps/server/src/modules/auth/planted.repository.ts',
      'apps/server/src/modules/account/planted.ts',
      'apps/server/src/modules/admin-moderation/planted.ts',
    ])
      expect(await usersRule(file, planted), file).toEqual([]);
    // The read model and other tables stay open to every module.
    expect(
      await usersRule(
        'apps/server/src/modules/clubs/planted.ts',
        "import { books } from '../../db/schema/index.js';\nimport { joinReader } from '../users/reader-card.js';\nexport const x = [books, joinReader];\n",
      ),
    ).toEqual([]);
  });
});
