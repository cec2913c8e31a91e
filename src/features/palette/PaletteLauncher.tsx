import { lazy, Suspense, useEffect, useState } from 'react';
import { Button } from '@mui/material';
import Search from '@mui/icons-material/Search';

const CommandPalette = lazy(() => import('./CommandPalette'));

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** The app bar's Search button and the Ctrl-K / Cmd-K shortcut, on every admin page; the palette loads on first use. */
export function PaletteLauncher() {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setLoaded(true);
        setOpen((was) => !was);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <>
      <Button
        size="small"
        variant="text"
        color="inherit"
        startIcon={<Search />}
        aria-keyshortcuts="Control+K Meta+K"
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
        sx={{ color: 'text.secondary', textTransform: 'none' }}
      >
        Search <kbd style={{ marginLeft: 8, fontSize: 12 }}>{isMac ? '⌘K' : 'Ctrl K'}</kbd>
      </Button>
      {loaded && (
        <Suspense fallback={null}>
          <CommandPalette open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
