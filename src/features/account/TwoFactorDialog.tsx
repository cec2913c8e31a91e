// Two-factor sign-in, from the account menu (contract/mfa.ts): whether it is on and how many recovery codes are left;
// set it up (the same enrolment as the sign-in's, with this session), make new recovery codes (for a current code), or
// turn it off (for the current password; not where the server requires it). Turning it on ends the account's other
// sessions: this one goes on with the token the answer carries (the port keeps it).
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Box, Button, Chip, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import { errorReason } from '../../api/errors';
import { codeRefusal } from '../../components/mfa/codeRefusal';
import { CancelAndSubmit } from '../../components/ProgressButton';
import { codeProblem, OneTimeCodeField, plainCode } from '../../components/mfa/OneTimeCodeField';
import { RecoveryCodesPanel } from '../../components/mfa/RecoveryCodesPanel';
import { TotpEnrolment } from '../../components/mfa/TotpEnrolment';
import {
  useConfirmMfaEnrolmentMutation,
  useDisableMfaMutation,
  useMfaStatusQuery,
  useRenewRecoveryCodesMutation,
  useStartMfaEnrolmentMutation,
} from './accountApi';
import { PasswordField } from './PasswordField';
import { RetryAlert } from '../../components/RetryAlert';

export const DIALOG_TITLE = 'Two-factor sign-in';
export const REQUIRED_EXPLANATION =
  'This server requires two-factor sign-in for every operator, so it cannot be turned off here. If your phone is lost, sign in with a recovery code, or ask another admin to reset it.';
/** Few enough recovery codes left to say so. */
export const FEW_CODES_LEFT = 3;

type View = 'status' | 'enrol' | 'codes' | 'renew' | 'disable';

export interface TwoFactorDialogProps {
  open: boolean;
  /** the signed-in account's address: the recovery codes file says whose they are */
  email: string | null;
  onClose(): void;
}

export default function TwoFactorDialog({ open, email, onClose }: TwoFactorDialogProps) {
  const id = useId();
  const [view, setView] = useState<View>('status');
  const [codes, setCodes] = useState<readonly string[]>([]);
  const status = useMfaStatusQuery(undefined, { skip: !open });
  const [startEnrolment, started] = useStartMfaEnrolmentMutation();
  const [confirmEnrolment, confirmed] = useConfirmMfaEnrolmentMutation();
  const busy = confirmed.isLoading;

  function show(next: View) {
    setView(next);
    if (next === 'enrol') {
      confirmed.reset();
      void startEnrolment();
    }
  }
  function showCodes(made: readonly string[]) {
    setCodes(made);
    setView('codes');
  }
  function close() {
    // The recovery codes are never shown again: the dialog stays until they are saved (the panel's checkbox).
    if (view === 'codes' || busy) return;
    setView('status');
    onClose();
  }

  let content: ReactNode;
  if (view === 'enrol') {
    content = (
      <TotpEnrolment
        headingLevel="h3"
        enrolment={started.data ?? null}
        loadError={started.isError ? errorReason(started.error) : null}
        onRetry={() => void startEnrolment()}
        pending={started.isLoading || busy}
        error={confirmed.isError ? codeRefusal(confirmed.error) : null}
        onConfirm={(code) => {
          void confirmEnrolment(code)
            .unwrap()
            .then((answer) => showCodes(answer.recoveryCodes))
            .catch(() => undefined);
        }}
        secondaryAction={
          <Button color="inherit" disabled={busy} onClick={() => setView('status')}>
            Cancel
          </Button>
        }
      />
    );
  } else if (view === 'codes') {
    content = <RecoveryCodesPanel codes={codes} account={email} continueLabel="Done" onContinue={() => setView('status')} />;
  } else if (view === 'renew') {
    content = <RenewCodes onDone={showCodes} onCancel={() => setView('status')} />;
  } else if (view === 'disable') {
    content = <TurnOff email={email} onDone={() => setView('status')} onCancel={() => setView('status')} />;
  } else if (status.isError) {
    content = (
      <RetryAlert onRetry={() => void status.refetch()}>Could not read your two-factor sign-in: {errorReason(status.error)}</RetryAlert>
    );
  } else if (!status.data) {
    content = (
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }} role="status">
        <CircularProgress size={20} aria-hidden />
        <Typography>Reading your two-factor sign-in…</Typography>
      </Stack>
    );
  } else if (status.data.enabled) {
    const { recoveryCodesLeft, required } = status.data;
    content = (
      <Stack spacing={2}>
        <StatusLine on />
        <Typography variant="body2">Signing in asks for a code from your authenticator app after the password.</Typography>
        <Typography
          variant="body2"
          color={recoveryCodesLeft <= FEW_CODES_LEFT ? 'warning.main' : 'text.secondary'}
          data-testid="codes-left"
        >
          {recoveryCodesLeft === 1 ? '1 recovery code left.' : `${recoveryCodesLeft} recovery codes left.`}
          {recoveryCodesLeft <= FEW_CODES_LEFT ? ' Make new ones before they run out.' : ''}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          <Button variant="outlined" onClick={() => setView('renew')}>
            New recovery codes
          </Button>
          <Button
            variant="outlined"
            color="error"
            disabled={required}
            aria-describedby={required ? `${id}-required` : undefined}
            onClick={() => setView('disable')}
          >
            Turn off
          </Button>
        </Stack>
        {required && (
          <Typography id={`${id}-required`} variant="body2" color="text.secondary">
            {REQUIRED_EXPLANATION}
          </Typography>
        )}
      </Stack>
    );
  } else {
    content = (
      <Stack spacing={2}>
        <StatusLine on={false} />
        <Typography variant="body2">
          Signing in asks for the password alone. With two-factor sign-in, it also asks for a code from an authenticator app on your phone,
          so a password that leaked is not enough to get in.
        </Typography>
        <Box>
          <Button variant="contained" onClick={() => show('enrol')}>
            Set up
          </Button>
        </Box>
      </Stack>
    );
  }

  return (
    <Dialog open={open} onClose={close} aria-labelledby={`${id}-title`} maxWidth="sm" fullWidth>
      <DialogTitle id={`${id}-title`}>{DIALOG_TITLE}</DialogTitle>
      <DialogContent>
        <Box sx={{ pt: 0.5 }}>{content}</Box>
      </DialogContent>
      {view === 'status' && (
        <DialogActions>
          <Button onClick={close}>Close</Button>
        </DialogActions>
      )}
    </Dialog>
  );
}

function StatusLine({ on }: { on: boolean }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Typography component="span">Status:</Typography>
      {on ? <Chip color="success" size="small" label="On" /> : <Chip size="small" label="Off" />}
    </Stack>
  );
}

/** New recovery codes, for a code from the app now (the old codes stop working). */
function RenewCodes({ onDone, onCancel }: { onDone(codes: readonly string[]): void; onCancel(): void }) {
  const [code, setCode] = useState('');
  const [typingProblem, setTypingProblem] = useState<string | null>(null);
  const [renew, { isLoading, isError, error }] = useRenewRecoveryCodesMutation();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = codeProblem('totp', code);
    setTypingProblem(problem);
    if (problem || isLoading) return;
    try {
      onDone((await renew(plainCode(code)).unwrap()).recoveryCodes);
    } catch {
      // said under the field
    }
  }

  return (
    <Box component="form" onSubmit={(event) => void submit(event)} noValidate aria-label="New recovery codes">
      <Stack spacing={2}>
        <Typography variant="body2">
          Ten new recovery codes replace the ones you have: those stop working. Enter a code from your authenticator app to make them.
        </Typography>
        <OneTimeCodeField
          kind="totp"
          value={code}
          onChange={(value) => {
            setCode(value);
            setTypingProblem(null);
          }}
          error={typingProblem ?? (isError ? codeRefusal(error) : null)}
          disabled={isLoading}
          autoFocus
        />
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between' }}>
          <CancelAndSubmit pending={isLoading} onCancel={onCancel} cancelColor="inherit" submitLabel="Make new codes" />
        </Stack>
      </Stack>
    </Box>
  );
}

/** Two-factor off, for the current password. */
function TurnOff({ email, onDone, onCancel }: { email: string | null; onDone(): void; onCancel(): void }) {
  const [password, setPassword] = useState('');
  const [checked, setChecked] = useState(false);
  const [disable, { isLoading, isError, error }] = useDisableMfaMutation();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setChecked(true);
    if (password === '' || isLoading) return;
    try {
      await disable(password).unwrap();
      onDone();
    } catch {
      // said under the field
    }
  }

  const problem = checked && password === '' ? 'Enter your current password.' : isError ? errorReason(error) : undefined;
  return (
    <Box component="form" onSubmit={(event) => void submit(event)} noValidate aria-label="Turn off two-factor sign-in">
      <Stack spacing={2}>
        <Typography variant="body2">
          Signing in will ask for the password alone. Your recovery codes stop working. Enter your current password to turn it off.
        </Typography>
        <input type="email" name="email" autoComplete="username" value={email ?? ''} readOnly hidden />
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          autoFocus
          value={password}
          disabled={isLoading}
          onChange={setPassword}
          error={Boolean(problem)}
          helperText={problem}
        />
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between' }}>
          <CancelAndSubmit
            pending={isLoading}
            onCancel={onCancel}
            cancelColor="inherit"
            submitColor="error"
            submitLabel="Turn off two-factor sign-in"
          />
        </Stack>
      </Stack>
    </Box>
  );
}
