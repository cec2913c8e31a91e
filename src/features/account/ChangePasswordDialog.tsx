// Change password, from the account menu: the current password, the new one twice. A refusal (a wrong current
// password: the server's 401, which does not end the session) is shown here with everything typed kept; on success
// the session goes on with the token the server answered, and every other session of the account has ended.
import { useId, useState, type FormEvent } from 'react';
import { Alert, Dialog, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import { errorReason } from '../../api/errors';
import { DialogSubmitActions } from '../../components/ProgressButton';
import { useChangePasswordMutation } from './accountApi';
import { PasswordField } from './PasswordField';
import { confirmationProblem, newPasswordProblem, PASSWORD_LENGTH_HINT } from './passwordRules';

export const SAME_PASSWORD = 'The new password is the current one: choose another.';

export interface ChangePasswordDialogProps {
  open: boolean;
  /** the signed-in account's address, for the browser's password manager */
  email: string | null;
  onClose(): void;
}

export default function ChangePasswordDialog({ open, email, onClose }: ChangePasswordDialogProps) {
  const id = useId();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [checked, setChecked] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [changePassword, { isLoading }] = useChangePasswordMutation();
  const nextProblem = newPasswordProblem(next) ?? (next === current && current !== '' ? SAME_PASSWORD : null);
  const confirmProblem = confirmationProblem(next, confirmation);

  function close() {
    if (isLoading) return;
    setCurrent('');
    setNext('');
    setConfirmation('');
    setChecked(false);
    setFailure(null);
    onClose();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setChecked(true);
    if (current === '' || nextProblem || confirmProblem || isLoading) return;
    setFailure(null);
    try {
      await changePassword({ currentPassword: current, newPassword: next }).unwrap();
      setCurrent('');
      setNext('');
      setConfirmation('');
      setChecked(false);
      onClose();
    } catch (error) {
      setFailure(errorReason(error));
    }
  }

  return (
    <Dialog open={open} onClose={close} aria-labelledby={`${id}-title`} maxWidth="xs" fullWidth>
      <form onSubmit={(event) => void submit(event)} noValidate aria-label="Change password">
        <DialogTitle id={`${id}-title`}>Change password</DialogTitle>
        <DialogContent>
          <Stack spacing={2.25} sx={{ pt: 0.5 }}>
            <Typography variant="body2" color="text.secondary">
              Every other session of your account is signed out; this one goes on.
            </Typography>
            {failure && <Alert severity="error">{failure}</Alert>}
            <input type="email" name="email" autoComplete="username" value={email ?? ''} readOnly hidden />
            <PasswordField
              label="Current password"
              autoComplete="current-password"
              autoFocus
              value={current}
              disabled={isLoading}
              onChange={setCurrent}
              error={checked && current === ''}
              helperText={checked && current === '' ? 'Enter your current password.' : undefined}
            />
            <PasswordField
              label="New password"
              autoComplete="new-password"
              value={next}
              disabled={isLoading}
              onChange={setNext}
              error={checked && nextProblem !== null}
              helperText={checked && nextProblem ? nextProblem : PASSWORD_LENGTH_HINT}
            />
            <PasswordField
              label="Confirm new password"
              autoComplete="new-password"
              value={confirmation}
              disabled={isLoading}
              onChange={setConfirmation}
              error={checked && confirmProblem !== null}
              helperText={checked && confirmProblem ? confirmProblem : undefined}
            />
          </Stack>
        </DialogContent>
        <DialogSubmitActions pending={isLoading} onCancel={close} submitLabel="Change password" />
      </form>
    </Dialog>
  );
}
