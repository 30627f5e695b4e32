import 'i18next';
import type sharedEn from '@nebab/shared/locales/en.json';
import type webEn from './locales/en.json';

// Keys are typed from the whole English files (type-only imports: nothing is bundled). At run time
// the messages arrive in two parts, see ./sections.ts.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof sharedEn & typeof webEn };
  }
}
