import { describe, expect, it } from 'vitest';
import { mergeMessages, newestId, oldestId } from './mergeMessages';

const message = (id: string, at: string, content = id) => ({ id, created_at: at, content });

describe('mergeMessages', () => {
  const first = message('a', '2026-11-22T10:00:00.000Z');
  const second = message('b', '2026-11-22T10:01:00.000Z');
  const third = message('c', '2026-11-22T10:02:00.000Z');

  it('keeps each id once when the same message arrives live and in a fetched page', () => {
    const merged = mergeMessages([first, second], [second, third, third]);
    expect(merged.map((m) => m.id)).toEqual(['a', 'b', 'c']);
  });

  it('orders oldest first whatever order pages and live events come in', () => {
    const live = mergeMessages([], [third]);
    const withEarlier = mergeMessages(live, [first, second]);
    expect(withEarlier.map((m) => m.id)).toEqual(['a', 'b', 'c']);
    expect(newestId(withEarlier)).toBe('c');
    expect(oldestId(withEarlier)).toBe('a');
  });

  it('orders messages of the same instant by id, so every client shows the same order', () => {
    const at = '2026-11-22T10:00:00.000Z';
    expect(mergeMessages([message('y', at)], [message('x', at)]).map((m) => m.id)).toEqual(['x', 'y']);
  });

  it('lets the newer copy of a message replace the held one', () => {
    const edited = message('b', second.created_at, 'edited');
    expect(mergeMessages([first, second], [edited])[1]?.content).toBe('edited');
  });

  it('returns the same array when nothing new came in', () => {
    const current = [first, second];
    expect(mergeMessages(current, [])).toBe(current);
    expect(mergeMessages(current, [second])).toBe(current);
  });

  it('has no newest or oldest id while empty', () => {
    expect(newestId([])).toBeNull();
    expect(oldestId([])).toBeNull();
  });
});
