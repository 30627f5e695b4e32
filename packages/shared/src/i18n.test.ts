import { describe, expect, it } from 'vitest';
import { languageFromHeader, sharedMessages, translate } from './i18n.js';

function flatKeys(node: unknown, prefix = ''): string[] {
  if (!node || typeof node !== 'object') return [prefix];
  return Object.entries(node).flatMap(([key, value]) => flatKeys(value, prefix ? `${prefix}.${key}` : key));
}

describe('shared messages', () => {
  it('has every key in both English and Amharic', () => {
    expect(flatKeys(sharedMessages.am).sort()).toEqual(flatKeys(sharedMessages.en).sort());
  });

  it('writes Amharic in Ge’ez script', () => {
    for (const key of flatKeys(sharedMessages.am)) {
      expect(translate(key, 'am'), key).toMatch(/[\u1200-\u137F]/);
    }
  });

  it('falls back to English, then to the key', () => {
    expect(translate('errors.NOT_FOUND', 'am')).toBe('አልተገኘም');
    expect(translate('no.such.key', 'am')).toBe('no.such.key');
  });

  it.each([
    [undefined, 'en'],
    ['am', 'am'],
    ['am-ET,en;q=0.8', 'am'],
    ['en-US,am;q=0.9', 'en'],
    ['fr, am;q=0.5', 'am'],
    ['de', 'en'],
  ])('Accept-Language %s → %s', (header, language) => {
    expect(languageFromHeader(header)).toBe(language);
  });
});
