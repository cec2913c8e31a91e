// Where toasts appear (notistack), for a signed-in operator: every toast comes from an admin page or job, so
// the login route does not load notistack. lib/notify enqueues through notistack's global enqueueSnackbar,
// which works once this provider is mounted. Render inside AppProviders (the theme) and the store.
import { lazy, Suspense } from 'react';
import { useAppSelector } from './hooks';
import { selectSessionStatus } from '../features/session';

const SnackbarHost = lazy(async () => {
  const { SnackbarProvider } = await import('notistack');
  return {
    // Durations come per toast from lib/notify (spec 9); these are the defaults for the rest. Bottom centre:
    // tables keep their row actions at the right edge and their checkboxes at the left, and a toast must
    // not sit on the button the operator reaches for next.
    default: () => <SnackbarProvider maxSnack={4} autoHideDuration={4000} anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }} />,
  };
});

export function Toasts() {
  const signedIn = useAppSelector(selectSessionStatus) === 'signedIn';
  return signedIn ? (
    <Suspense fallback={null}>
      <SnackbarHost />
    </Suspense>
  ) : null;
}
