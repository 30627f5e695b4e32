import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Preferences } from '@nebab/shared';
import { isApiError } from '../../api/client';
import { useSavePreferencesMutation } from '../../api/preferences/mutations';
import { usePageTitle } from '../../components/usePageTitle';
import { useAuth } from '../../features/auth/authContext';
import { markNewReader } from '../../features/auth/newReader';
import { storePreferences } from '../../features/auth/preferencesStorage';
import { afterPreferencesPath } from '../../features/auth/resolveRedirect';
import { useToast } from '../../features/toast/toastContext';
import { PreferencesWizard } from '../../features/preferences/PreferencesWizard';

/** `/preferences`: the onboarding questionnaire; saving goes to the dashboard (spec §4). */
export function PreferencesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toast = useToast();
  const { user, hasPreferences, setPreferences } = useAuth();
  const save = useSavePreferencesMutation();
  usePageTitle(t('wizard.title'));

  const handleFinish = async (answers: Preferences): Promise<string | null> => {
    try {
      const saved = await save.mutateAsync(answers);
      const stored = saved ?? answers;
      storePreferences(stored);
      // A reader answering the wizard for the first time has just joined: welcomed as new.
      if (user && !hasPreferences) markNewReader(user.id);
      setPreferences(stored);
      toast.show({ kind: 'success', message: t('wizard.saved') });
      await navigate(afterPreferencesPath(user?.role ?? 'user'), { replace: true });
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
    <div className="page-container max-w-3xl py-10 sm:py-14">
      <h1 className="text-3xl font-semibold sm:text-4xl">{t('wizard.title')}</h1>
      <p className="mt-3 mb-8 text-lg text-ink-muted">{t('wizard.subtitle')}</p>
      <PreferencesWizard onFinish={handleFinish} />
    </div>
  );
}
