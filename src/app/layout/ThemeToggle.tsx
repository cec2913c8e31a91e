import { IconButton } from '@mui/material';
import DarkModeOutlined from '@mui/icons-material/DarkModeOutlined';
import LightModeOutlined from '@mui/icons-material/LightModeOutlined';
import { useThemeMode } from '../themeMode';

export function ThemeToggle() {
  const { mode, toggle } = useThemeMode();
  const label = mode === 'dark' ? 'Switch to light mode' : 'Switch to dark mode';
  // The browser's own tooltip (title), not MUI's Tooltip: this button is on the login page, and MUI's
  // brings Popper and its transitions (10 kB gzip) to a route that needs nothing else of them.
  return (
    <IconButton onClick={toggle} aria-label={label} title={label} color="inherit">
      {mode === 'dark' ? <LightModeOutlined /> : <DarkModeOutlined />}
    </IconButton>
  );
}
