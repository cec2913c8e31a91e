// The console's buttons that start a request: disabled while it runs, with a spinner in place of an icon, and the
// Cancel + submit pair that ends the forms of its dialogs.
import { Button, CircularProgress, DialogActions, type ButtonProps } from '@mui/material';

export interface ProgressButtonProps extends Omit<ButtonProps, 'startIcon'> {
  /** the request is running: the button is disabled and shows a spinner */
  pending: boolean;
  /** the spinner's accessible name @default 'Working' */
  progressLabel?: string;
}

/** A contained button (by default) that is disabled and shows a spinner while `pending`. */
export function ProgressButton({
  pending,
  progressLabel = 'Working',
  disabled = false,
  variant = 'contained',
  size,
  ...rest
}: ProgressButtonProps) {
  return (
    <Button
      {...rest}
      size={size}
      variant={variant}
      disabled={pending || disabled}
      startIcon={pending ? <CircularProgress size={size === 'large' ? 18 : 16} color="inherit" aria-label={progressLabel} /> : undefined}
    />
  );
}

export interface CancelAndSubmitProps {
  pending: boolean;
  onCancel(): void;
  submitLabel: string;
  /** the submit button alone is disabled (the form still lacks what it needs) */
  submitDisabled?: boolean;
  submitColor?: ButtonProps['color'];
  cancelColor?: ButtonProps['color'];
}

/** Cancel, then the form's submit button; both are disabled while the request runs. */
export function CancelAndSubmit({ pending, onCancel, submitLabel, submitDisabled, submitColor, cancelColor }: CancelAndSubmitProps) {
  return (
    <>
      <Button color={cancelColor} onClick={onCancel} disabled={pending}>
        Cancel
      </Button>
      <ProgressButton type="submit" color={submitColor} pending={pending} disabled={submitDisabled}>
        {submitLabel}
      </ProgressButton>
    </>
  );
}

/** A dialog form's actions: Cancel and the submit button showing its progress. */
export function DialogSubmitActions(props: CancelAndSubmitProps) {
  return (
    <DialogActions>
      <CancelAndSubmit {...props} />
    </DialogActions>
  );
}
