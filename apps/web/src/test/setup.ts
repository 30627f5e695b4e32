import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { i18n } from '../i18n';

// `findBy…` and `waitFor` wait for what they are about up to 5 s instead of 1: a lazily loaded part
// (the reader overlay, a popover) is compiled on its first import, which took over a second while the
// API suite shared the machine. They still go on the moment the element is there.
configure({ asyncUtilTimeout: 5_000 });

// Tests read the English text of the spec.
void i18n.changeLanguage('en');

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
});
