import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountDisplay, Language } from '@nebab/shared';
import { saveAccountDisplay } from '../../api/account/display';
import { isLanguage } from '../../i18n';
import { useAuth } from '../auth/authContext';
import { useTheme, type Theme } from '../theme/themeContext';
import { noteEarlyChoice } from './earlyChoices';

/**
 * The interface language and theme as the reader picks them: applied at once and remembered on this
 * device, and, for a signed-in reader, kept on the account too so their other devices open in them.
 * Every control that changes either goes through here (header, onboarding header, settings).
 */
export function useDisplayChoice() {
  const { i18n } = useTranslation();
  const { theme, setTheme } = useTheme();
  const { status } = useAuth();
  const queryClient = useQueryClient();
  const signedIn = status === 'signedIn';

  const keep = useCallback(
    (patch: AccountDisplay) => {
      // The device keeps the choice whatever happens; the account copy is best effort. Before a
      // session is signed in (or while it is still loading) the choice waits for it.
      if (signedIn) saveAccountDisplay(queryClient, patch).catch(() => undefined);
      else noteEarlyChoice(patch);
    },
    [signedIn, queryClient],
  );

  const chooseLanguage = useCallback(
    async (next: Language) => {
      await i18n.changeLanguage(next);
      keep({ language: next });
    },
    [i18n, keep],
  );

  const chooseTheme = useCallback(
    (next: Theme) => {
      setTheme(next);
      keep({ theme: next });
    },
    [setTheme, keep],
  );

  const language: Language = isLanguage(i18n.language) ? i18n.language : 'en';
  return { language, chooseLanguage, theme, chooseTheme };
}
