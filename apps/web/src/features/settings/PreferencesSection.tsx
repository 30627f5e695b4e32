import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  EMAIL_CHOICES,
  NOTIFICATION_CHOICE_OF_KIND,
  NOTIFICATION_KINDS,
  type EmailChoice,
  type EmailNotificationKind,
  type NotificationChoices,
} from '@nebab/shared';
import { isApiError } from '../../api/client';
import { useSaveNotificationChoicesMutation } from '../../api/notifications/mutations';
import { notificationChoicesQueryOptions } from '../../api/notifications/queries';
import { MonitorIcon, MoonIcon, SunIcon } from '../../components/icons';
import { Spinner } from '../../components/Spinner';
import { useAuth } from '../auth/authContext';
import { useDisplayChoice } from '../display/useDisplayChoice';
import { THEMES, type Theme } from '../theme/themeContext';
import { useToast } from '../toast/toastContext';
import { ReadingPreferencesCard } from './ReadingPreferencesCard';
import { SettingsCard } from './SettingsCard';

const THEME_ICONS: Record<Theme, typeof SunIcon> = { light: SunIcon, dark: MoonIcon, system: MonitorIcon };
const LANGUAGES = [
  { code: 'en', label: 'English' },
  { code: 'am', label: 'አማርኛ' },
] as const;
type ChoiceKey = Exclude<keyof NotificationChoices, 'email'>;
type InAppKey = Exclude<ChoiceKey, 'newsletter'>;

/** The kinds each in-app switch covers, whose email is chosen beside it (meeting reminders with clubs). */
function emailKindsOf(key: InAppKey): EmailNotificationKind[] {
  return NOTIFICATION_KINDS.filter((kind) => NOTIFICATION_CHOICE_OF_KIND[kind] === key);
}

/** Spec §2 Preferences: notifications and newsletter, reading preferences, theme and language. */
export function PreferencesSection() {
  return (
    <div className="flex flex-col gap-6">
      <AppearanceCard />
      <NotificationsCard />
      <ReadingPreferencesCard />
    </div>
  );
}

function RadioOption({
  name,
  checked,
  onChange,
  children,
  lang,
}: {
  name: string;
  checked: boolean;
  onChange: () => void;
  children: ReactNode;
  lang?: string;
}) {
  return (
    <label
      lang={lang}
      className={`flex min-h-12 cursor-pointer items-center gap-3 rounded-xl border px-4 py-3 ${checked ? 'border-accent bg-accent-soft font-semibold' : 'border-line-strong bg-surface hover:bg-surface-2'}`}
    >
      <input
        type="radio"
        name={name}
        checked={checked}
        onChange={onChange}
        className="size-4 accent-[var(--color-accent)]"
      />
      {children}
    </label>
  );
}

/** Theme and language: both apply at once, on this device and on the account (every device follows). */
function AppearanceCard() {
  const { t } = useTranslation();
  const { theme, chooseTheme, language, chooseLanguage } = useDisplayChoice();
  return (
    <SettingsCard
      title={t('settingsUi.appearance.title')}
      description={t('settingsUi.appearance.description')}
    >
      <div className="grid gap-6 md:grid-cols-2">
        <fieldset>
          <legend className="field-label">{t('settingsUi.appearance.theme')}</legend>
          <div className="flex flex-col gap-2">
            {THEMES.map((option) => {
              const Icon = THEME_ICONS[option];
              return (
                <RadioOption
                  key={option}
                  name="theme"
                  checked={theme === option}
                  onChange={() => chooseTheme(option)}
                >
                  <Icon className="size-5" />
                  {t(`nav.theme.${option}`)}
                </RadioOption>
              );
            })}
          </div>
        </fieldset>
        <fieldset>
          <legend className="field-label">{t('settingsUi.appearance.language')}</legend>
          <div className="flex flex-col gap-2">
            {LANGUAGES.map((option) => (
              <RadioOption
                key={option.code}
                name="language"
                lang={option.code}
                checked={language === option.code}
                onChange={() => void chooseLanguage(option.code)}
              >
                {option.label}
              </RadioOption>
            ))}
          </div>
        </fieldset>
      </div>
    </SettingsCard>
  );
}

/** Which notifications arrive, and the newsletter; saved with Save Preferences. */
function NotificationsCard() {
  const { t } = useTranslation();
  const choices = useQuery(notificationChoicesQueryOptions());
  return (
    <SettingsCard
      title={t('settingsUi.notifications.title')}
      description={t('settingsUi.notifications.description')}
    >
      {choices.isPending ? (
        <Spinner label={t('settingsUi.loading')} />
      ) : choices.isError ? (
        <p role="alert" className="text-danger">
          {choices.error.message}
        </p>
      ) : (
        <ChoicesForm initial={choices.data} />
      )}
    </SettingsCard>
  );
}

function ChoicesForm({ initial }: { initial: NotificationChoices }) {
  const { t } = useTranslation();
  const toast = useToast();
  const { user } = useAuth();
  const save = useSaveNotificationChoicesMutation();
  const [values, setValues] = useState<NotificationChoices>(initial);
  const [error, setError] = useState<string | null>(null);
  const keys: InAppKey[] = [
    'replies',
    'reactions',
    'clubs',
    'follows',
    ...(user?.role === 'admin' ? (['moderation'] as const) : []),
  ];

  const onSave = async () => {
    setError(null);
    try {
      const saved = await save.mutateAsync(values);
      setValues(saved);
      toast.show({ kind: 'success', message: t('settingsUi.notifications.saved') });
    } catch (failure) {
      setError(isApiError(failure) ? failure.message : t('errors.INTERNAL'));
    }
  };

  const toggle = (key: ChoiceKey) => setValues((current) => ({ ...current, [key]: !current[key] }));
  const chooseEmail = (kind: EmailNotificationKind, choice: EmailChoice) =>
    setValues((current) => ({ ...current, email: { ...current.email, [kind]: choice } }));
  const emailSelects = (key: InAppKey) => (
    <ul className="mb-3 ml-7 flex flex-col gap-2">
      {emailKindsOf(key).map((kind) => {
        const id = `email-choice-${kind}`;
        const kindTitle = t(`notificationMail.kinds.${kind}.title`);
        return (
          <li key={kind} className="flex flex-wrap items-center justify-between gap-2">
            <label htmlFor={id} className="text-sm">
              {t('settingsUi.notifications.emailFor', { kind: kindTitle })}
            </label>
            <select
              id={id}
              className="input w-auto min-w-40 py-1"
              value={values.email[kind]}
              onChange={(event) => chooseEmail(kind, event.target.value as EmailChoice)}
            >
              {EMAIL_CHOICES.map((choice) => (
                <option key={choice} value={choice}>
                  {t(`settingsUi.notifications.emailChoice.${choice}`)}
                </option>
              ))}
            </select>
          </li>
        );
      })}
    </ul>
  );
  const box = (key: ChoiceKey) => (
    <label key={key} className="flex min-h-11 cursor-pointer items-start gap-3 py-1">
      <input
        type="checkbox"
        checked={values[key]}
        onChange={() => toggle(key)}
        className="mt-1 size-4 shrink-0 accent-[var(--color-accent)]"
      />
      <span>
        <span className="block font-medium">{t(`settingsUi.notifications.${key}.label`)}</span>
        <span className="block text-sm text-ink-muted">{t(`settingsUi.notifications.${key}.hint`)}</span>
      </span>
    </label>
  );

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        void onSave();
      }}
    >
      <fieldset>
        <legend className="field-label">{t('settingsUi.notifications.inApp')}</legend>
        <p className="mb-2 text-sm text-ink-muted">{t('settingsUi.notifications.emailHint')}</p>
        {keys.map((key) => (
          <div key={key}>
            {box(key)}
            {emailSelects(key)}
          </div>
        ))}
      </fieldset>
      <fieldset>
        <legend className="field-label">{t('settingsUi.notifications.email')}</legend>
        {box('newsletter')}
      </fieldset>
      {error ? (
        <p role="alert" className="field-error">
          {error}
        </p>
      ) : null}
      <div>
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          {save.isPending ? t('settingsUi.saving') : t('settingsUi.savePreferences')}
        </button>
      </div>
    </form>
  );
}
