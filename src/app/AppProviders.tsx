// STUB: replaced by the shell work (issue 2): theme with light/dark mode, notistack with spec durations.
import type { ReactNode } from 'react';
import { SnackbarProvider } from 'notistack';
export function AppProviders({ children }: { children: ReactNode }) {
  return <SnackbarProvider>{children}</SnackbarProvider>;
}
