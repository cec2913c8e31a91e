import { createElement } from 'react';
import { Button } from '@mui/material';
import { closeSnackbar, enqueueSnackbar } from 'notistack';

export type ToastKind = 'success' | 'error' | 'info' | 'warning' | 'activity';

/** Spec 9: success 3 s, error 5 s, info and warning 4 s, activity toasts 2 s. */
export const TOAST_DURATIONS_MS: Record<ToastKind, number> = {
  success: 3000,
  error: 5000,
  info: 4000,
  warning: 4000,
  activity: 2000,
};

/** A button on the toast (e.g. "Undo"): clicking it closes the toast and runs `onClick`. */
export interface ToastAction {
  label: string;
  onClick: () => void;
}

/**
 * Shows a toast. Usable from components and from sagas (`yield call(notify, ...)`), because notistack's
 * enqueueSnackbar works outside React once a SnackbarProvider is mounted. The duration stays the spec's with an
 * action too: notistack holds a toast open while the pointer is over it.
 */
export function notify(message: string, kind: ToastKind = 'info', options: { action?: ToastAction } = {}) {
  const { action } = options;
  return enqueueSnackbar(message, {
    variant: kind === 'activity' ? 'info' : kind,
    autoHideDuration: TOAST_DURATIONS_MS[kind],
    ...(action
      ? {
          action: (key) =>
            createElement(
              Button,
              {
                color: 'inherit',
                size: 'small',
                onClick: () => {
                  closeSnackbar(key);
                  action.onClick();
                },
              },
              action.label,
            ),
        }
      : {}),
  });
}
