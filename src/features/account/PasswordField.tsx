import { useId, useState } from 'react';
import { FormControl, FormHelperText, IconButton, InputAdornment, InputLabel, OutlinedInput } from '@mui/material';
// The outlined eyes, not the login page's filled ones: shared with the login page, those two icons would become a
// chunk of their own that the login route loads as one more file.
import Visibility from '@mui/icons-material/VisibilityOutlined';
import VisibilityOff from '@mui/icons-material/VisibilityOffOutlined';

export interface PasswordFieldProps {
  label: string;
  value: string;
  autoComplete: 'new-password' | 'current-password';
  disabled?: boolean;
  autoFocus?: boolean;
  /** shown under the field; in the error colour with `error` */
  helperText?: string;
  error?: boolean;
  onChange(value: string): void;
}

/**
 * A password input with Show / Hide, from TextField's parts as the login page builds its fields: TextField also brings
 * Select, which nothing here uses.
 */
export function PasswordField({ label, value, autoComplete, disabled, autoFocus, helperText, error, onChange }: PasswordFieldProps) {
  const id = useId();
  const [shown, setShown] = useState(false);
  return (
    <FormControl variant="outlined" required fullWidth disabled={disabled} error={error}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        label={label}
        type={shown ? 'text' : 'password'}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        inputProps={{ 'aria-describedby': helperText ? `${id}-helper` : undefined }}
        endAdornment={
          <InputAdornment position="end">
            <IconButton
              aria-label={shown ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
              onClick={() => setShown((s) => !s)}
              edge="end"
              disabled={disabled}
            >
              {shown ? <VisibilityOff /> : <Visibility />}
            </IconButton>
          </InputAdornment>
        }
      />
      {helperText && <FormHelperText id={`${id}-helper`}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
