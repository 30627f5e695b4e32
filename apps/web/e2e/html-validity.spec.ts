import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type APIRequestContext } from './support/test';
import { apiReader } from './support/api';

/**
 * The W3C Nu HTML checker (the `vnu-jar` package, run on Java 17+) over the server-rendered pages a
 * visitor reaches, in both languages: the landing page, a book (goodbooks' /book/9989, whose ISBN13
 * column holds a Barnes & Noble number), an author, genres (an unknown one too), search, the clubs
 * directory and a club's page after a reader tried to name clubs with Unicode noncharacters and
 * decomposed text, contact and privacy. An outside run of the same checker found 119 errors on such
 * pages; none may come back.
 */

const run = promisify(execFile);
const vnuJar = createRequire(import.meta.url)('vnu-jar') as string;

interface VnuMessage {
  type: 'error' | 'info' | 'non-document-error';
  subType?: string;
  url: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

/**
 * The checker's errors and warnings over the files, as `file:line message «extract»`. Its CSS
 * messages are left out: its CSS parser predates `@property`, which Tailwind v4 writes into the
 * stylesheet the pages inline, and reports every one of them (and a parse error after them).
 */
async function checkHtml(files: string[]): Promise<string[]> {
  // The checker exits 1 when it finds errors; its JSON report is on stderr either way.
  const result = await run('java', ['-jar', vnuJar, '--format', 'json', ...files], {
    maxBuffer: 64 * 1024 * 1024,
  }).catch((error: { stdout?: string; stderr?: string; code?: number | string }) => {
    if (error.code === 'ENOENT')
      throw new Error(
        'Java 17 or newer is needed for the HTML checker: sudo apt-get install default-jre-headless',
      );
    return { stdout: error.stdout ?? '', stderr: error.stderr ?? '' };
  });
  const report = JSON.parse(result.stderr || result.stdout) as { messages: VnuMessage[] };
  return report.messages
    .filter((message) => !(message.type === 'info' && message.subType !== 'warning'))
    .filter((message) => !message.message.startsWith('CSS:'))
    .map(
      (message) =>
        `${message.url.split('/').pop()}:${message.lastLine ?? '?'} ${message.message} «${(message.extract ?? '').trim()}»`,
    );
}

async function pageHtml(request: APIRequestContext, path: string): Promise<{ status: number; html: string }> {
  const response = await request.get(path);
  return { status: response.status(), html: await response.text() };
}

test('the server-rendered pages pass the W3C HTML checker', async ({ request }) => {
  test.setTimeout(120_000);
  const reader = await apiReader(request, 'validity');
  const auth = { authorization: `Bearer ${reader.token}` };

  // What the outside run did: clubs named with noncharacters and text not in normal form. They are
  // refused now; a fine club, with a name typed decomposed, is kept in its composed form.
  for (const name of ['Readers\uFFFF club', 'Night \u{10FFFF} owls', 'Unpaired \uD83D surrogate']) {
    const refused = await request.post('/api/clubs', { data: { name, visibility: 'public' }, headers: auth });
    expect.soft(refused.status(), name).toBe(400);
  }
  const made = await request.post('/api/clubs', {
    data: {
      name: `Cafe\u0301 readers ${Date.now().toString(36)}`,
      description: 'We read Ame\u0301lie Nothomb and ፍቅር እስከ መቃብር.',
      visibility: 'public',
    },
    headers: auth,
  });
  expect(made.status()).toBe(201);
  const club = (await made.json()) as { id: string; name: string };
  expect.soft(club.name.startsWith('Café readers')).toBe(true);

  const paths = [
    '/',
    '/?lang=am',
    '/book/9989',
    '/book/1?lang=am',
    '/author/Suzanne%20Collins',
    '/discover?genre=fantasy',
    '/discover?genre=nosuchgenre',
    '/genres',
    '/search?q=harry%20potter',
    '/community/bookclub',
    `/community/bookclub?club=${club.id}`,
    '/community/bookclub?q=readers',
    '/contact',
    '/privacy?lang=am',
  ];
  const dir = mkdtempSync(join(tmpdir(), 'nebab-vnu-'));
  try {
    const files: string[] = [];
    for (const [index, path] of paths.entries()) {
      const { status, html } = await pageHtml(request, path);
      expect(status, path).toBe(path.includes('nosuchgenre') ? 404 : 200);
      const file = join(dir, `${index}-${path.replace(/[^a-z0-9]+/gi, '-').slice(0, 60)}.html`);
      writeFileSync(file, html);
      files.push(file);
    }
    expect(await checkHtml(files)).toEqual([]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
