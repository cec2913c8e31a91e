// Light / dark mode: chosen by the toggle in the top navigation, remembered in localStorage, and on a
// first visit taken from the operating system's preference.
import { createContext, useContext } from 'react';
import type { ThemeMode } from './theme';

export const THEME_STORAGE_KEY = 'babynames.admin.theme';

export function readStoredThemeMode(): ThemeMode {
  try {
    const stored = window.localStorage.getItem(THEME_STORAGE_KEY);
    if (stored === 'light' || stored === 'dark') return stored;
  } catch {
    // storage blocked: fall back to the system preference
  }
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

export function storeThemeMode(mode: ThemeMode) {
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, mode);
  } catch {
    // not remembered this time; the toggle still works
  }
}

export interface ThemeModeValue {
  mode: ThemeMode;
  toggle(): void;
}

export const ThemeModeContext = createContext<ThemeModeValue>({ mode: 'light', toggle: () => {} });

export const useThemeMode = () => useContext(ThemeModeContext);
