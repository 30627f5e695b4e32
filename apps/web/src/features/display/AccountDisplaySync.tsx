import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, type AccountDisplay } from '@nebab/shared';
import { saveAccountDisplay } from '../../api/account/display';
import { currentLanguage, showsVisitLanguage } from '../../i18n';
import { useAuth } from '../auth/authContext';
import { useTheme } from '../theme/themeContext';
import { takeEarlyChoices } from './earlyChoices';

/**
 * When a reader's session starts on this device, the language and theme kept on their account
 * apply here (and are remembered on the device). An account that keeps none yet takes this device's
 * choices when they differ from the defaults (say, Amharic picked before signing up), so the next
 * device follows; so does an account whose reader chose on this page before the session was known
 * (a language picked while the page was still loading is the reader's latest word, not to be undone
 * by the account's older one). A page opened as `?lang=` keeps its language. Later changes are saved by the controls themselves (`useDisplayChoice`).
 */
export function AccountDisplaySync() {
  const { status, user } = useAuth();
  const { i18n } = useTranslation();
  const { theme, setTheme } = useTheme();
  const queryClient = useQueryClient();
  /** The user whose account values this device has taken over (once per session start). */
  const synced = useRef<string | null>(null);

  useEffect(() => {
    if (status !== 'signedIn' || !user) {
      if (status === 'signedOut') synced.current = null;
      return;
    }
    if (synced.current === user.id) return;
    synced.current = user.id;
    const early = takeEarlyChoices();
    const adopt: AccountDisplay = {};
    // A page opened as `?lang=` keeps that language for the visit, and it is not the account's choice.
    if (showsVisitLanguage()) {
      // Nothing to take over or to apply.
    } else if (early.language) {
      if (early.language !== user.language) adopt.language = early.language;
    } else if (user.language) {
      if (user.language !== currentLanguage()) void i18n.changeLanguage(user.language);
    } else if (currentLanguage() !== DEFAULT_LANGUAGE) adopt.language = currentLanguage();
    if (early.theme) {
      if (early.theme !== user.theme) adopt.theme = early.theme;
    } else if (user.theme) {
      if (user.theme !== theme) setTheme(user.theme);
    } else if (theme !== 'system') adopt.theme = theme;
    if (adopt.language || adopt.theme) saveAccountDisplay(queryClient, adopt).catch(() => undefined);
  }, [status, user, theme, setTheme, i18n, queryClient]);

  return null;
}
