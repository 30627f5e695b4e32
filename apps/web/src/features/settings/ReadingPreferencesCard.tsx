import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AGE_GROUPS,
  BOOK_LENGTHS,
  GENRE_SLUGS,
  PREFERENCE_LANGUAGES,
  type Preferences,
  type SavedPreferences,
} from '@nebab/shared';
import { isApiError } from '../../api/client';
import { useSavePreferencesMutation } from '../../api/preferences/mutations';
import { PreferencesWizard } from '../preferences/PreferencesWizard';
import { EMPTY_ANSWERS, type WizardAnswers } from '../preferences/wizardState';
import { useAuth } from '../auth/authContext';
import { storePreferences } from '../auth/preferencesStorage';
import { useToast } from '../toast/toastContext';
import { Detail, SettingsCard } from './SettingsCard';

function oneOf<T extends string>(values: readonly T[], value: string | null): T | null {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;
}

/** The saved answers as the wizard's state (unknown stored values are left out). */
export function answersOf(saved: SavedPreferences | null): WizardAnswers {
  if (!saved) return EMPTY_ANSWERS;
  return {
    languages: saved.languages.flatMap((code) => oneOf(PREFERENCE_LANGUAGES, code) ?? []),
    genres: saved.genres.flatMap((slug) => oneOf(GENRE_SLUGS, slug) ?? []),
    ageGroup: oneOf(AGE_GROUPS, saved.ageGroup),
    bookLength: oneOf(BOOK_LENGTHS, saved.bookLength),
    authors: saved.authors,
  };
}

/** Spec §2 Preferences: the reading preferences in view mode, edited with the wizard's steps. */
export function ReadingPreferencesCard() {
  const { t } = useTranslation();
  const toast = useToast();
  const { preferences, setPreferences } = useAuth();
  const save = useSavePreferencesMutation();
  const [editing, setEditing] = useState(false);
  const answers = answersOf(preferences);
  const none = <span className="text-ink-muted">{t('settingsUi.profile.notSet')}</span>;
  const list = (items: string[]) => (items.length ? items.join(', ') : none);

  const onFinish = async (next: Preferences): Promise<string | null> => {
    try {
      const saved = await save.mutateAsync(next);
      storePreferences(saved);
      setPreferences(saved);
      toast.show({ kind: 'success', message: t('settingsUi.reading.saved') });
      setEditing(false);
      return null;
    } catch (error) {
      if (isApiError(error)) {
        const fieldMessages = Object.values(error.fields);
        return fieldMessages.length ? fieldMessages.join(' ') : error.message;
      }
      return t('errors.INTERNAL');
    }
  };

  return (
    <SettingsCard
      title={t('settingsUi.reading.title')}
      description={t('settingsUi.reading.description')}
      actions={
        editing ? (
          <button type="button" className="btn btn-ghost" onClick={() => setEditing(false)}>
            {t('settingsUi.cancel')}
          </button>
        ) : (
          <button type="button" className="btn btn-secondary" onClick={() => setEditing(true)}>
            {t('settingsUi.reading.edit')}
          </button>
        )
      }
    >
      {editing ? (
        <PreferencesWizard initial={answers} onFinish={onFinish} />
      ) : (
        <dl className="flex flex-col gap-3">
          <Detail
            term={t('settingsUi.reading.languages')}
            value={list(answers.languages.map((code) => t(`wizard.languageNames.${code}`)))}
          />
          <Detail
            term={t('settingsUi.reading.genres')}
            value={list(answers.genres.map((slug) => t(`genres.${slug}`)))}
          />
          <Detail
            term={t('settingsUi.reading.ageGroup')}
            value={answers.ageGroup ? t(`wizard.ageGroups.${answers.ageGroup}`) : none}
          />
          <Detail
            term={t('settingsUi.reading.bookLength')}
            value={answers.bookLength ? t(`wizard.bookLengths.${answers.bookLength}`) : none}
          />
          <Detail term={t('settingsUi.reading.authors')} value={list(answers.authors)} />
        </dl>
      )}
    </SettingsCard>
  );
}
