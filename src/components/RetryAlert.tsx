// A load that failed, said with a Retry button beside it (the list, the page's figures, the record's history...).
import { Alert, Button, type AlertProps } from '@mui/material';

export interface RetryAlertProps extends Omit<AlertProps, 'action'> {
  onRetry(): void;
  /** the retry is running: the button is disabled */
  retrying?: boolean;
  /** the Retry button's accessible name, where "Retry" alone would not say what is retried */
  retryLabel?: string;
}

/** An alert (an error by default) whose action is a Retry button. */
export function RetryAlert({ onRetry, retrying, retryLabel, severity = 'error', children, ...rest }: RetryAlertProps) {
  return (
    <Alert
      {...rest}
      severity={severity}
      action={
        <Button color="inherit" size="small" onClick={onRetry} disabled={retrying} aria-label={retryLabel}>
          Retry
        </Button>
      }
    >
      {children}
    </Alert>
  );
}
