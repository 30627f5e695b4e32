import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { statsKeys } from '../stats/keys';
import { invalidateReaderTaste } from './invalidate';
import { recommendationsKeys } from './keys';

describe('invalidateReaderTaste', () => {
  it('marks every recommendations list and the reader stats stale, nothing else', () => {
    const client = new QueryClient();
    const keys = [recommendationsKeys.list(12), recommendationsKeys.list(4), statsKeys.me(), ['books', '1']];
    for (const key of keys) client.setQueryData(key, { any: 'data' });
    invalidateReaderTaste(client);
    const stale = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;
    expect(stale(recommendationsKeys.list(12))).toBe(true);
    expect(stale(recommendationsKeys.list(4))).toBe(true);
    expect(stale(statsKeys.me())).toBe(true);
    expect(stale(['books', '1'])).toBe(false);
  });
});
