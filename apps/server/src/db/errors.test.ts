import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './errors.js';

const failure = async (run: () => Promise<unknown>) => {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
};

describe('isDatabaseUnavailable', () => {
  it('takes a stopped server behind a Unix socket (its socket file gone) for an outage', async () => {
    const socketDir = path.join(os.tmpdir(), `nebab-no-server-${process.pid}`);
    const client = new pg.Client({ host: socketDir, port: 5999, user: 'postgres', database: 'nebab' });
    const error = await failure(() => client.connect());
    expect((error as { code?: string }).code).toBe('ENOENT');
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('does not take a missing file for an outage', async () => {
    const error = await failure(() => readFile(path.join(os.tmpdir(), 'nebab-no-such-file')));
    expect(isDatabaseUnavailable(error)).toBe(false);
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
  });

  it('takes a refused TCP connection for an outage', async () => {
    const client = new pg.Client({ host: '127.0.0.1', port: 1, user: 'postgres', database: 'nebab' });
    expect(isDatabaseUnavailable(await failure(() => client.connect()))).toBe(true);
  });
});
