import { useTranslation } from 'react-i18next';
import { isLanguage } from '../../i18n';
import { useDisplayChoice } from '../display/useDisplayChoice';

/**
 * EN / አማርኛ selector; switching sets `<html lang>` and is remembered on the device (see
 * i18n/index.ts) and, for a signed-in reader, on the account (`useDisplayChoice`).
 */
export function LanguageSelect({
  className = '',
  testId = 'language-select',
}: {
  className?: string;
  /** The header's is `language-select`; the mobile menu's copy has its own. */
  testId?: string;
}) {
  const { t } = useTranslation();
  const { language: value, chooseLanguage } = useDisplayChoice();
  return (
    <select
      data-testid={testId}
      aria-label={t('nav.language')}
      className={`min-h-10 cursor-pointer rounded-lg border border-line-strong bg-surface px-1 text-sm sm:px-2 font-medium text-ink ${className}`}
      value={value}
      onChange={(event) => {
        if (isLanguage(event.target.value)) void chooseLanguage(event.target.value);
      }}
    >
      <option value="en" lang="en">
        {t('nav.languageNames.en')}
      </option>
      <option value="am" lang="am">
        {t('nav.languageNames.am')}
      </option>
    </select>
  );
}

/**
 * The same choice as two pressed/unpressed buttons, for the onboarding header where a second
 * combobox next to the author typeahead would be confusing.
 */
export function LanguageToggle() {
  const { t } = useTranslation();
  const { language: value, chooseLanguage } = useDisplayChoice();
  const options = [
    { code: 'en', label: t('nav.languageNames.en') },
    { code: 'am', label: t('nav.languageNames.am') },
  ] as const;
  return (
    <div
      role="group"
      aria-label={t('nav.language')}
      className="flex rounded-lg border border-line-strong p-0.5"
    >
      {options.map((option) => (
        <button
          key={option.code}
          type="button"
          lang={option.code}
          aria-pressed={value === option.code}
          onClick={() => void chooseLanguage(option.code)}
          className={`min-h-9 rounded-md px-2.5 text-sm font-medium ${value === option.code ? 'bg-accent text-on-accent' : 'text-ink hover:bg-surface-2'}`}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
