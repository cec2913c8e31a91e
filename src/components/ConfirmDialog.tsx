import { useId, type ReactNode } from 'react';
import { Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** The question itself; exact spec wording goes here (e.g. 'Are you sure you want to delete this name?'). */
  message: ReactNode;
  /** Label of the confirming button. @default 'Confirm' */
  confirmLabel?: string;
  /** @default 'Cancel' */
  cancelLabel?: string;
  /** Paints the confirming button in the error colour and puts the initial focus on Cancel. */
  destructive?: boolean;
  /**
   * The confirmed action is running: both buttons are disabled, the confirming one shows a spinner, and
   * Escape / backdrop clicks are ignored, so the operator cannot dismiss a request that is still in flight.
   */
  pending?: boolean;
  /** the confirming button alone is disabled (the dialog still lacks an answer it needs) */
  confirmDisabled?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * The shared confirmation dialog. The caller owns `open` and `pending`: it opens the dialog, sets `pending`
 * while its request runs, and closes the dialog when the request settles (success or failure), so one
 * component serves every "are you sure?" in the console.
 */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  destructive = false,
  pending = false,
  confirmDisabled = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const id = useId();
  const titleId = `${id}-title`;
  const messageId = `${id}-message`;
  return (
    <Dialog
      open={open}
      onClose={() => {
        if (!pending) onCancel();
      }}
      aria-labelledby={titleId}
      aria-describedby={messageId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        {typeof message === 'string' ? (
          <DialogContentText id={messageId}>{message}</DialogContentText>
        ) : (
          <div id={messageId}>{message}</div>
        )}
      </DialogContent>
      <DialogActions>
        {/* Destructive dialogs focus Cancel first: an accidental Enter must not delete anything. */}
        <Button onClick={onCancel} disabled={pending} autoFocus={destructive}>
          {cancelLabel}
        </Button>
        <Button
          onClick={onConfirm}
          disabled={pending || confirmDisabled}
          variant="contained"
          color={destructive ? 'error' : 'primary'}
          autoFocus={!destructive}
          startIcon={pending ? <CircularProgress size={16} color="inherit" aria-label="Working" /> : undefined}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
