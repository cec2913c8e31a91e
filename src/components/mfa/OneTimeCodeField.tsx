// The field of a second factor: the 6-digit code an authenticator app shows, or a recovery code (XXXXX-XXXXX). Built
// from TextField's parts as the login page's fields are (TextField also brings Select). The hint or the refusal under
// it is linked to the input (aria-describedby), and a refusal marks it invalid.
import { useId } from 'react';
import { FormControl, FormHelperText, InputAdornment, InputLabel, OutlinedInput } from '@mui/material';
import PhonelinkLock from '@mui/icons-material/PhonelinkLockOutlined';
import VpnKey from '@mui/icons-material/VpnKeyOutlined';
import { TOTP_DIGITS } from '../../../contract/mfa';

export type OneTimeCodeKind = 'totp' | 'recovery';

export interface OneTimeCodeFieldProps {
  kind: OneTimeCodeKind;
  value: string;
  onChange(value: string): void;
  /** the refusal to show under the field (the server's, or a typing mistake) */
  error?: string | null;
  disabled?: boolean;
  autoFocus?: boolean;
  /** @default 'Code from your authenticator app' or 'Recovery code' */
  label?: string;
}

export const TOTP_HINT = `The ${TOTP_DIGITS} digits your authenticator app shows now.`;
export const RECOVERY_HINT = 'One of the recovery codes you saved, like 7KQ2M-XH4TC. Each works once.';

/** What a typed code is missing before it can be sent, or null when it looks right. */
export function codeProblem(kind: OneTimeCodeKind, value: string): string | null {
  if (kind === 'totp') {
    return new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(value.replace(/\s/g, '')) ? null : `Enter the ${TOTP_DIGITS} digits your app shows.`;
  }
  return /^[0-9A-Za-z]{5}-?[0-9A-Za-z]{5}$/.test(value.replace(/\s/g, '')) ? null : 'Enter a recovery code: ten letters and digits.';
}

/** The digits of a code as typed ("123 456" from some apps' display). */
export const plainCode = (value: string) => value.replace(/\s/g, '');

export function OneTimeCodeField({ kind, value, onChange, error, disabled, autoFocus, label }: OneTimeCodeFieldProps) {
  const id = useId();
  const totp = kind === 'totp';
  const shown = label ?? (totp ? 'Code from your authenticator app' : 'Recovery code');
  return (
    <FormControl variant="outlined" required fullWidth disabled={disabled} error={Boolean(error)}>
      <InputLabel htmlFor={id}>{shown}</InputLabel>
      <OutlinedInput
        id={id}
        label={shown}
        name={totp ? 'one-time-code' : 'recovery-code'}
        value={value}
        autoFocus={autoFocus}
        onChange={(event) => onChange(event.target.value)}
        startAdornment={<InputAdornment position="start">{totp ? <PhonelinkLock /> : <VpnKey />}</InputAdornment>}
        inputProps={{
          inputMode: totp ? 'numeric' : 'text',
          autoComplete: totp ? 'one-time-code' : 'off',
          autoCapitalize: totp ? undefined : 'characters',
          spellCheck: false,
          maxLength: totp ? TOTP_DIGITS + 2 : 13,
          'aria-describedby': `${id}-helper`,
          'aria-invalid': error ? true : undefined,
          style: { letterSpacing: totp ? '0.3em' : '0.08em', fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' },
        }}
      />
      <FormHelperText id={`${id}-helper`} role={error ? 'alert' : undefined}>
        {error ?? (totp ? TOTP_HINT : RECOVERY_HINT)}
      </FormHelperText>
    </FormControl>
  );
}
