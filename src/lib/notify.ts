import { enqueueSnackbar } from 'notistack';

export type ToastKind = 'success' | 'error' | 'info' | 'warning' | 'activity';

/** Spec 9: success 3 s, error 5 s, info and warning 4 s, activity toasts 2 s. */
export const TOAST_DURATIONS_MS: Record<ToastKind, number> = {
  success: 3000,
  error: 5000,
  info: 4000,
  warning: 4000,
  activity: 2000,
};

/**
 * Shows a toast. Usable from components and from sagas (`yield call(notify, ...)`), because notistack's
 * enqueueSnackbar works outside React once a SnackbarProvider is mounted.
 */
export function notify(message: string, kind: ToastKind = 'info') {
  return enqueueSnackbar(message, {
    variant: kind === 'activity' ? 'info' : kind,
    autoHideDuration: TOAST_DURATIONS_MS[kind],
  });
}
