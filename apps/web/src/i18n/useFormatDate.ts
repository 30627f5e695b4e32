import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { INTL_LOCALE, DEFAULT_LANGUAGE } from '@nebab/shared';
import { isLanguage } from './index';

/** Formats a date for the current interface language (`en-US` or `am-ET`). */
export function useFormatDate(): (
  value: Date | string | number,
  options?: Intl.DateTimeFormatOptions,
) => string {
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  return useCallback(
    (value, options = { dateStyle: 'medium' }) => {
      const date = value instanceof Date ? value : new Date(value);
      if (Number.isNaN(date.getTime())) return '';
      return new Intl.DateTimeFormat(INTL_LOCALE[language], options).format(date);
    },
    [language],
  );
}
