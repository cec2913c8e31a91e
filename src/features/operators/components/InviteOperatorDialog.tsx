// Invite operator: an e-mail address in, a one-time link out (shown by OneTimeLinkDialog). A refusal (already an
// operator, an existing account that wants Grant admin instead) is shown here too, with the typed address kept.
import { useId, useState, type FormEvent } from 'react';
import { Alert, Dialog, DialogContent, DialogTitle, Stack, TextField, Typography } from '@mui/material';
import type { OperatorLink } from '../../../../contract/schemas/operators';
import { errorReason } from '../../../api/errors';
import { DialogSubmitActions } from '../../../components/ProgressButton';
import { useInviteOperatorMutation } from '../operatorsApi';

/** The server's own limit (contract/endpoints.ts OperatorEmailBody). */
const MAX_EMAIL_LENGTH = 254;
/** Something@something.tld: the browser's and the server's checks are the real ones, this catches typos early. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function emailProblem(email: string): string | null {
  const value = email.trim();
  if (value === '') return 'Enter the new operator’s e-mail address.';
  if (value.length > MAX_EMAIL_LENGTH) return `An e-mail address has at most ${MAX_EMAIL_LENGTH} characters.`;
  return EMAIL_SHAPE.test(value) ? null : 'This is not an e-mail address.';
}

export interface InviteOperatorDialogProps {
  open: boolean;
  onClose(): void;
  onInvited(link: OperatorLink): void;
}

export function InviteOperatorDialog({ open, onClose, onInvited }: InviteOperatorDialogProps) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [invite, { isLoading }] = useInviteOperatorMutation();
  const problem = emailProblem(email);

  function close() {
    if (isLoading) return;
    setEmail('');
    setTouched(false);
    setFailure(null);
    onClose();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (problem || isLoading) return;
    setFailure(null);
    try {
      const link = await invite({ email: email.trim() }).unwrap();
      setEmail('');
      setTouched(false);
      onInvited(link);
    } catch (error) {
      // The toast says it too; here it stays beside the address to correct.
      setFailure(errorReason(error));
    }
  }

  return (
    <Dialog open={open} onClose={close} aria-labelledby={`${id}-title`} maxWidth="xs" fullWidth>
      <form onSubmit={(event) => void submit(event)} noValidate aria-label="Invite operator">
        <DialogTitle id={`${id}-title`}>Invite operator</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 0.5 }}>
            <Typography variant="body2" color="text.secondary">
              The console makes a one-time link with which the new operator sets their password. Nothing is e-mailed: you send the link
              yourself.
            </Typography>
            {failure && <Alert severity="error">{failure}</Alert>}
            <TextField
              label="E-mail address"
              type="email"
              autoComplete="off"
              autoFocus
              required
              fullWidth
              value={email}
              disabled={isLoading}
              onChange={(event) => setEmail(event.target.value)}
              onBlur={() => setTouched(email !== '')}
              error={touched && problem !== null}
              helperText={touched && problem ? problem : ' '}
              slotProps={{ htmlInput: { maxLength: MAX_EMAIL_LENGTH + 10 } }}
            />
          </Stack>
        </DialogContent>
        <DialogSubmitActions pending={isLoading} onCancel={close} submitLabel="Make invitation link" />
      </form>
    </Dialog>
  );
}
