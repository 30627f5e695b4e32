import { describe, expect, it } from 'vitest';
import { editDistance } from './edit-distance.js';

describe('editDistance (optimal string alignment)', () => {
  it('counts insertions, deletions, substitutions and swapped neighbours as one edit each', () => {
    expect(editDistance('tolkein', 'tolkien', 2)).toBe(1);
    expect(editDistance('predjudice', 'prejudice', 2)).toBe(1);
    expect(editDistance('rigns', 'rings', 2)).toBe(1);
    expect(editDistance('hary', 'harry', 2)).toBe(1);
    expect(editDistance('grate', 'great', 2)).toBe(2);
  });

  it('stops early past the limit', () => {
    expect(editDistance('tolkien', 'dickens', 2)).toBe(3);
    expect(editDistance('a', 'abcdef', 2)).toBe(3);
  });
});
