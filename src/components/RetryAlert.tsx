// A load that failed, said with a Retry button beside it (the list, the page's figures, the record's history...).
import { Alert, Button, type AlertProps } from '@mui/material';

export interface RetryAlertProps extends Omit<AlertProps, 'action'> {
  onRetry(): void;
  /** the retry is running: the button is disabled */
  retrying?: boolean;
}

/** An alert (an error by default) whose action is a Retry button. */
export function RetryAlert({ onRetry, retrying, severity = 'error', children, ...rest }: RetryAlertProps) {
  return (
    <Alert
      {...rest}
      severity={severity}
      action={
        <Button color="inherit" size="small" onClick={onRetry} disabled={retrying}>
          Retry
        </Button>
      }
    >
      {children}
    </Alert>
  );
}
