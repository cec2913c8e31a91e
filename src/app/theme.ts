// The console's MUI theme, in a light and a dark variant.
import { alpha, createTheme, type Theme } from '@mui/material/styles';

export type ThemeMode = 'light' | 'dark';

export function createAppTheme(mode: ThemeMode): Theme {
  const dark = mode === 'dark';
  const primary = dark ? '#9d9bff' : '#5146d8';
  return createTheme({
    palette: {
      mode,
      primary: { main: primary },
      secondary: { main: dark ? '#ff8fb8' : '#d81b60' },
      // MUI's light orange (#ed6c02) is 3.1:1 against white, under WCAG's 4.5:1 for the Premium chip's label and
      // the warning buttons' text; this one is 5.1:1. Found once User Management laid out all 50 rows.
      ...(dark ? {} : { warning: { main: '#b84e00' } }),
      background: dark ? { default: '#0f1117', paper: '#171a23' } : { default: '#f5f6fb', paper: '#ffffff' },
      divider: dark ? 'rgba(255,255,255,0.09)' : 'rgba(20,24,40,0.09)',
    },
    shape: { borderRadius: 12 },
    typography: {
      fontFamily: '"Inter", "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
      h4: { fontWeight: 700, letterSpacing: '-0.02em' },
      h5: { fontWeight: 700, letterSpacing: '-0.01em' },
      h6: { fontWeight: 600 },
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      MuiAppBar: { defaultProps: { elevation: 0, color: 'inherit' } },
      MuiCard: {
        defaultProps: { elevation: 0 },
        styleOverrides: {
          root: ({ theme }) => ({ border: `1px solid ${theme.palette.divider}` }),
        },
      },
      MuiTab: {
        styleOverrides: {
          root: { textTransform: 'none', fontWeight: 600, minHeight: 44, minWidth: 0, paddingInline: 14 },
        },
      },
      // A visible focus for keyboard users on every button, tab, checkbox and link-like control: MUI's
      // focus ripple alone is faint, and on tabs nearly invisible.
      MuiButtonBase: {
        styleOverrides: {
          root: {
            '&.Mui-focusVisible': { outline: `2px solid ${primary}`, outlineOffset: 2 },
          },
        },
      },
      MuiTooltip: { defaultProps: { arrow: true } },
      MuiCssBaseline: {
        styleOverrides: {
          body: { backgroundImage: `radial-gradient(circle at 0 0, ${alpha(primary, dark ? 0.08 : 0.06)}, transparent 40%)` },
        },
      },
    },
  });
}
