// App-wide providers: the MUI theme (light/dark, remembered). Toasts: Toasts.tsx.
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { CssBaseline, ThemeProvider } from '@mui/material';
import { createAppTheme, type ThemeMode } from './theme';
import { readStoredThemeMode, storeThemeMode, ThemeModeContext } from './themeMode';

export function AppProviders({ children }: { children: ReactNode }) {
  const [mode, setMode] = useState<ThemeMode>(readStoredThemeMode);
  // Only an explicit choice is stored; until then the system preference keeps deciding.
  const toggle = useCallback(() => {
    const next: ThemeMode = mode === 'dark' ? 'light' : 'dark';
    storeThemeMode(next);
    setMode(next);
  }, [mode]);
  const theme = useMemo(() => createAppTheme(mode), [mode]);
  const modeValue = useMemo(() => ({ mode, toggle }), [mode, toggle]);
  return (
    <ThemeModeContext.Provider value={modeValue}>
      <ThemeProvider theme={theme}>
        <CssBaseline enableColorScheme />
        {children}
      </ThemeProvider>
    </ThemeModeContext.Provider>
  );
}
