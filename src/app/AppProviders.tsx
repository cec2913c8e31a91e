// App-wide providers: the MUI theme (light/dark, remembered) and notistack for toasts.
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { CssBaseline, ThemeProvider } from '@mui/material';
import { SnackbarProvider } from 'notistack';
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
        {/* Durations come per toast from lib/notify (spec 9); these are the defaults for the rest. Bottom centre:
            tables keep their row actions at the right edge and their checkboxes at the left, and a toast
            must not sit on the button the operator reaches for next. */}
        <SnackbarProvider maxSnack={4} autoHideDuration={4000} anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}>
          {children}
        </SnackbarProvider>
      </ThemeProvider>
    </ThemeModeContext.Provider>
  );
}
