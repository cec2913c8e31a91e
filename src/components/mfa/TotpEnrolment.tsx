// Setting up two-factor sign-in (contract/mfa.ts): the new secret as a QR code and as text in groups of four (with a
// copy button), then a code from the app to prove it was added. The same screen at sign-in (an 'enrol' second step)
// and from the account menu; the caller makes the secret and checks the code.
import { useState, type FormEvent, type ReactNode } from 'react';
import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import ContentCopy from '@mui/icons-material/ContentCopyOutlined';
import { TOTP_ISSUER } from '../../../contract/mfa';
import type { MfaEnrolment } from '../../../contract/schemas/mfa';
import { QrCodeImage } from './QrCodeImage';
import { codeProblem, OneTimeCodeField, plainCode } from './OneTimeCodeField';
import { copyText } from './clipboard';
import { ProgressButton } from '../ProgressButton';

export interface TotpEnrolmentProps {
  /** the pending secret; null while it is being made (or when making it failed: `loadError`) */
  enrolment: MfaEnrolment | null;
  /** why the secret could not be made, with `onRetry` */
  loadError?: string | null;
  onRetry?(): void;
  /** the code is being checked */
  pending: boolean;
  /** why the last code was refused */
  error: string | null;
  onConfirm(code: string): void;
  /** what stands beside Confirm: Back to sign-in, Cancel */
  secondaryAction?: ReactNode;
  /** the level of the two steps' headings under the caller's own: h2 on a page, h3 in a dialog @default 'h2' */
  headingLevel?: 'h2' | 'h3';
}

/** "JBSW Y3DP EHPK 3PXP": a base32 secret as a person reads and types it. */
export const groupSecret = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

export const SECRET_COPIED = 'Key copied.';
export const SECRET_NOT_COPIED = 'The browser did not let the console copy: select the key and copy it.';

export function TotpEnrolment({
  enrolment,
  loadError,
  onRetry,
  pending,
  error,
  onConfirm,
  secondaryAction,
  headingLevel = 'h2',
}: TotpEnrolmentProps) {
  const [code, setCode] = useState('');
  const [typingProblem, setTypingProblem] = useState<string | null>(null);
  const [copied, setCopied] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (pending || !enrolment) return;
    const problem = codeProblem('totp', code);
    setTypingProblem(problem);
    if (!problem) onConfirm(plainCode(code));
  }

  async function copySecret() {
    if (!enrolment) return;
    setCopied((await copyText(enrolment.secret)) ? SECRET_COPIED : SECRET_NOT_COPIED);
  }

  if (!enrolment) {
    return (
      <Stack spacing={2}>
        {loadError ? (
          <Alert
            severity="error"
            action={
              onRetry && (
                <Button color="inherit" size="small" onClick={onRetry}>
                  Try again
                </Button>
              )
            }
          >
            Could not make a new key: {loadError}
          </Alert>
        ) : (
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }} role="status">
            <CircularProgress size={20} aria-hidden />
            <Typography>Making a new key…</Typography>
          </Stack>
        )}
        {secondaryAction && <Box>{secondaryAction}</Box>}
      </Stack>
    );
  }

  return (
    <Box component="form" onSubmit={submit} noValidate aria-label="Set up two-factor sign-in">
      <Stack spacing={2.25}>
        <Box>
          <Typography variant="subtitle2" component={headingLevel} gutterBottom>
            1. Add this account to an authenticator app
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Scan the QR code with an app such as Google Authenticator, Microsoft Authenticator, 1Password or Authy. It shows up there as{' '}
            {TOTP_ISSUER}.
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', justifyContent: 'center' }}>
          <Box sx={{ p: 1, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: '#fff' }}>
            <QrCodeImage
              value={enrolment.otpauthUrl}
              alt={`QR code for your authenticator app: the ${TOTP_ISSUER} key shown below as text`}
            />
          </Box>
        </Box>
        <Box>
          <Typography variant="body2" color="text.secondary">
            Cannot scan it? Type this key into the app instead (time-based):
          </Typography>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 0.5, flexWrap: 'wrap' }}>
            <Typography
              component="code"
              data-testid="totp-secret"
              sx={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: '1.05rem', wordBreak: 'break-word' }}
            >
              {groupSecret(enrolment.secret)}
            </Typography>
            <Button size="small" startIcon={<ContentCopy fontSize="small" />} onClick={() => void copySecret()}>
              Copy key
            </Button>
          </Stack>
          <Typography variant="caption" color="text.secondary" aria-live="polite" sx={{ display: 'block', minHeight: '1.5em' }}>
            {copied}
          </Typography>
        </Box>
        <Typography variant="subtitle2" component={headingLevel}>
          2. Enter the code the app shows
        </Typography>
        <OneTimeCodeField
          kind="totp"
          value={code}
          onChange={(value) => {
            setCode(value);
            setTypingProblem(null);
          }}
          error={typingProblem ?? error}
          disabled={pending}
        />
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          {secondaryAction ?? <span />}
          <ProgressButton type="submit" pending={pending} progressLabel="Checking">
            Confirm
          </ProgressButton>
        </Stack>
      </Stack>
    </Box>
  );
}
