// Recovery codes, shown once (the server keeps only their hashes: contract/mfa.ts): each signs in once instead of a
// code from the app, for the day the phone is lost. Copy all, download as recovery-codes.txt, and a checkbox the
// operator ticks to say they are saved before going on.
import { useId, useState } from 'react';
import { Alert, Box, Button, Checkbox, CircularProgress, FormControlLabel, Stack, Typography } from '@mui/material';
import ContentCopy from '@mui/icons-material/ContentCopyOutlined';
import Download from '@mui/icons-material/DownloadOutlined';
import { TOTP_ISSUER } from '../../../contract/mfa';
import { copyText, downloadText } from './clipboard';

export const RECOVERY_CODES_FILE = 'recovery-codes.txt';
export const CODES_COPIED = 'Recovery codes copied.';
export const CODES_NOT_COPIED = 'The browser did not let the console copy: download them, or write them down.';
export const SAVED_LABEL = 'I have saved my recovery codes';

/** The file's text: what the codes are for and whose they are, then one code a line. */
export function recoveryCodesText(codes: readonly string[], account: string | null, madeAt: Date): string {
  return [
    `${TOTP_ISSUER}: recovery codes${account ? ` for ${account}` : ''}`,
    `Made ${madeAt.toISOString()}. Each code signs in once, instead of a code from the authenticator app.`,
    'Keep them somewhere safe, apart from your phone. Making new codes stops these from working.',
    '',
    ...codes,
    '',
  ].join('\n');
}

export interface RecoveryCodesPanelProps {
  codes: readonly string[];
  /** whose they are, for the file */
  account: string | null;
  /** what going on does: "Continue to the console", "Done" */
  continueLabel: string;
  /** going on is under way (the session opening) */
  pending?: boolean;
  onContinue(): void;
}

export function RecoveryCodesPanel({ codes, account, continueLabel, pending = false, onContinue }: RecoveryCodesPanelProps) {
  const id = useId();
  const [saved, setSaved] = useState(false);
  const [said, setSaid] = useState<string | null>(null);
  const text = () => recoveryCodesText(codes, account, new Date());

  return (
    <Stack spacing={2}>
      <Alert severity="warning">
        Save these recovery codes now: they are not shown again. Each one signs you in once if you lose the phone with your authenticator
        app.
      </Alert>
      <Box
        component="ol"
        aria-labelledby={`${id}-codes`}
        data-testid="recovery-codes"
        sx={{
          m: 0,
          p: 1.5,
          listStyle: 'none',
          display: 'grid',
          gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
          gap: 1,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
          fontSize: '1rem',
          textAlign: 'center',
        }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Typography id={`${id}-codes`} variant="caption" color="text.secondary">
        {codes.length} recovery codes{account ? ` for ${account}` : ''}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        <Button
          variant="outlined"
          size="small"
          startIcon={<ContentCopy fontSize="small" />}
          onClick={() => void copyText(codes.join('\n')).then((ok) => setSaid(ok ? CODES_COPIED : CODES_NOT_COPIED))}
        >
          Copy all
        </Button>
        <Button
          variant="outlined"
          size="small"
          startIcon={<Download fontSize="small" />}
          onClick={() => {
            downloadText(text(), RECOVERY_CODES_FILE);
            setSaid(`Downloaded as ${RECOVERY_CODES_FILE}.`);
          }}
        >
          Download
        </Button>
      </Stack>
      <Typography variant="caption" color="text.secondary" aria-live="polite" sx={{ minHeight: '1.5em' }}>
        {said}
      </Typography>
      <FormControlLabel
        control={<Checkbox checked={saved} onChange={(event) => setSaved(event.target.checked)} disabled={pending} />}
        label={SAVED_LABEL}
      />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button
          variant="contained"
          disabled={!saved || pending}
          onClick={onContinue}
          startIcon={pending ? <CircularProgress size={16} color="inherit" aria-label="Working" /> : undefined}
        >
          {continueLabel}
        </Button>
      </Box>
    </Stack>
  );
}
