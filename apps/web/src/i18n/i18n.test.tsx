import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { detectLanguage, i18n, LANGUAGE_STORAGE_KEY } from './index';
import { useFormatDate } from './useFormatDate';

describe('detectLanguage', () => {
  it('prefers the remembered choice, then an am* browser language, else English', () => {
    expect(detectLanguage('am', ['en-US'])).toBe('am');
    expect(detectLanguage('en', ['am-ET'])).toBe('en');
    expect(detectLanguage(null, ['am-ET', 'en'])).toBe('am');
    expect(detectLanguage(null, ['fr-FR', 'am'])).toBe('am');
    expect(detectLanguage('xx', ['de-DE'])).toBe('en');
    expect(detectLanguage(null, [])).toBe('en');
  });
});

describe('language switching', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('sets <html lang> and remembers the choice', async () => {
    await i18n.changeLanguage('am');
    expect(document.documentElement.lang).toBe('am');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('am');
    expect(i18n.t('nav.signIn')).toBe('ግባ');
    expect(i18n.t('validation.emailRequired')).toBe('ኢሜይል ያስፈልጋል');
    // switching loads the whole language: the rest sections too (web and shared)
    expect(i18n.t('about.title')).toBe('ስለ እኛ');
    expect(i18n.t('auth.loginSuccess')).toBe('በተሳካ ሁኔታ ገብተዋል');
    await i18n.changeLanguage('en');
    expect(i18n.t('about.title')).toBe('About Us');
    expect(document.documentElement.lang).toBe('en');
  });
});

describe('useFormatDate', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('formats with en-US, and with am-ET in Amharic', async () => {
    const date = new Date(Date.UTC(2025, 5, 29, 12));
    const { result, rerender } = renderHook(() => useFormatDate());
    expect(result.current(date, { dateStyle: 'long', timeZone: 'UTC' })).toBe('June 29, 2025');
    await i18n.changeLanguage('am');
    rerender();
    const amharic = result.current(date, { dateStyle: 'long', timeZone: 'UTC' });
    expect(amharic).toBe(
      new Intl.DateTimeFormat('am-ET', { dateStyle: 'long', timeZone: 'UTC' }).format(date),
    );
    expect(result.current('not a date')).toBe('');
  });
});
