// Admin Login (spec 2 and 5): email (type email) and password, both required; any failure reads
// 'Invalid email or password'; success goes to /dashboard (or the page the guard sent us from).
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import {
  Alert,
  Avatar,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  FormControl,
  IconButton,
  InputAdornment,
  InputLabel,
  OutlinedInput,
  Stack,
  Typography,
} from '@mui/material';
import LockOutlined from '@mui/icons-material/LockOutlined';
import { usePageTitle } from '../../lib/usePageTitle';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { LoginRedirectState } from './RequireAdmin';
import { loginRequested, noticeDismissed, selectSession } from './sessionSlice';

/** Only same-app paths, and never back to /login itself. */
export function redirectTarget(state: unknown): string {
  const from = (state as LoginRedirectState | null)?.from;
  if (typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && !from.startsWith('/login')) return from;
  return '/dashboard';
}

/** The address the page that sent us here knows (the set-password page), to fill in. */
function prefilledEmail(state: unknown): string {
  const email = (state as LoginRedirectState | null)?.email;
  return typeof email === 'string' ? email : '';
}

interface LoginFieldProps {
  label: string;
  type: string;
  name: string;
  autoComplete: string;
  value: string;
  disabled: boolean;
  autoFocus?: boolean;
  endAdornment?: ReactNode;
  onChange(value: string): void;
}

/**
 * What TextField renders for an outlined, required field, from its parts: TextField also imports Select
 * (with Menu, Popover and Modal: ~20 kB gzip), which this route, the first every operator loads, never uses.
 */
function LoginField({ label, onChange, disabled, endAdornment, ...input }: LoginFieldProps) {
  const id = useId();
  return (
    <FormControl variant="outlined" required fullWidth disabled={disabled}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput id={id} label={label} {...input} onChange={(e) => onChange(e.target.value)} endAdornment={endAdornment} />
    </FormControl>
  );
}

export default function LoginPage() {
  usePageTitle('Admin Login');
  const dispatch = useAppDispatch();
  const location = useLocation();
  const { status, loginPending, loginError, notice } = useAppSelector(selectSession);
  const [email, setEmail] = useState(() => prefilledEmail(location.state));
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);

  if (status === 'signedIn') return <Navigate to={redirectTarget(location.state)} replace />;

  // While a stored session is being checked at start, signing in again would race it.
  const checking = status === 'loading' && !loginPending;
  const busy = loginPending || checking;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The browser blocks invalid submits already; this covers programmatic submits too.
    if (!event.currentTarget.checkValidity() || busy) return;
    dispatch(loginRequested({ email: email.trim(), password }));
  }

  return (
    <Box sx={{ minHeight: 'calc(100vh - 64px)', display: 'grid', placeItems: 'center', p: 2 }}>
      <Card sx={{ width: '100%', maxWidth: 420, boxShadow: '0 12px 40px rgba(20, 24, 60, 0.08)', borderRadius: 3 }}>
        <CardContent sx={{ p: { xs: 3, sm: 4.5 } }}>
          <Stack spacing={1} sx={{ alignItems: 'center', mb: 3 }}>
            <Avatar sx={{ bgcolor: 'primary.main', width: 48, height: 48 }}>
              <LockOutlined />
            </Avatar>
            <Typography variant="h5" component="h1">
              Admin Login
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
              Sign in with an admin account to manage names, users and data.
            </Typography>
          </Stack>
          <Box component="form" onSubmit={submit} aria-label="Admin login">
            <Stack spacing={2.25}>
              {/* pre-line: a reason the server gave sits on its own line under the spec's text */}
              {loginError && (
                <Alert severity="error" sx={{ whiteSpace: 'pre-line' }}>
                  {loginError}
                </Alert>
              )}
              {notice && (
                <Alert severity="warning" sx={{ whiteSpace: 'pre-line' }} onClose={() => dispatch(noticeDismissed())}>
                  {notice}
                </Alert>
              )}
              <LoginField
                label="Email"
                type="email"
                name="email"
                autoComplete="username"
                autoFocus={email === ''}
                value={email}
                disabled={busy}
                onChange={setEmail}
              />
              <LoginField
                label="Password"
                type={showPassword ? 'text' : 'password'}
                name="password"
                autoComplete="current-password"
                autoFocus={email !== ''}
                value={password}
                disabled={busy}
                onChange={setPassword}
                endAdornment={
                  <InputAdornment position="end">
                    <IconButton
                      aria-label={showPassword ? 'Hide password' : 'Show password'}
                      onClick={() => setShowPassword((shown) => !shown)}
                      edge="end"
                      disabled={busy}
                    >
                      {showPassword ? <VisibilityOff /> : <Visibility />}
                    </IconButton>
                  </InputAdornment>
                }
              />
              <Button
                type="submit"
                variant="contained"
                size="large"
                disabled={busy}
                startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}
              >
                Login
              </Button>
              {checking && (
                <Typography variant="caption" color="text.secondary" sx={{ textAlign: 'center' }}>
                  Checking for an existing session...
                </Typography>
              )}
            </Stack>
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
}
