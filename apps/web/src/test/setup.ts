import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { i18n } from '../i18n';

// `findBy…` and `waitFor` wait for what they are about up to 5 s instead of 1: a lazily loaded part
// (the reader overlay, a popover) is compiled on its first import, which took over a second while the
// API suite shared the machine. They still go on the moment the element is there.
// `…ByText` skips the app's live regions (components/announcer.tsx): they repeat, for screen readers,
// text shown elsewhere (a toast, a page's title); tests read them by their test id.
configure({ asyncUtilTimeout: 5_000, defaultIgnore: 'script, style, [data-announcer]' });

// Tests read the English text of the spec.
void i18n.changeLanguage('en');

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
});
