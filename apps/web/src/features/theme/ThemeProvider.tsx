import { useCallback, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { isHydrating } from '../../lib/hydration';
import {
  applyResolvedTheme,
  readStoredTheme,
  THEME_STORAGE_KEY,
  ThemeContext,
  type ResolvedTheme,
  type Theme,
  type ThemeApi,
} from './themeContext';

const DARK_QUERY = '(prefers-color-scheme: dark)';

function subscribeToSystemTheme(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => {};
  const media = window.matchMedia(DARK_QUERY);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

const noSubscription = () => () => {};

function systemIsDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches;
}

/** Light, dark or system theme, remembered in localStorage and following the system when asked to. */
export function ThemeProvider({ children }: { children: ReactNode }) {
  // A server-rendered page hydrates as the server rendered it ('system'), then reads the stored choice.
  const stored = useSyncExternalStore(noSubscription, readStoredTheme, () => 'system' as Theme);
  const [chosen, setThemeState] = useState<Theme | null>(null);
  const theme = chosen ?? stored;
  const prefersDark = useSyncExternalStore(subscribeToSystemTheme, systemIsDark, () => false);
  const resolvedTheme: ResolvedTheme = theme === 'system' ? (prefersDark ? 'dark' : 'light') : theme;

  useEffect(() => {
    // While hydrating, the page's head script has already applied the stored theme.
    if (!isHydrating()) applyResolvedTheme(theme, resolvedTheme);
  }, [theme, resolvedTheme]);

  const setTheme = useCallback((next: Theme) => {
    setThemeState(next);
    try {
      window.localStorage.setItem(THEME_STORAGE_KEY, next);
    } catch {
      // The choice then lasts for this visit only.
    }
  }, []);

  const api = useMemo<ThemeApi>(() => ({ theme, resolvedTheme, setTheme }), [theme, resolvedTheme, setTheme]);
  return <ThemeContext.Provider value={api}>{children}</ThemeContext.Provider>;
}
