// /set-password (SET_PASSWORD_PATH), public: where an invitation or a password-reset link leads. The link's token is in
// the address's fragment, which browsers never send to a server; the page takes it, removes it from the address bar
// (and so from the history entry), asks the server what the link is for, and lets its owner set a password.
// Its own lazy chunk: the login route loads none of it.
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import {
  Alert,
  Avatar,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  FormControl,
  FormHelperText,
  InputLabel,
  OutlinedInput,
  Stack,
  Typography,
} from '@mui/material';
import LockReset from '@mui/icons-material/LockReset';
import type { PasswordLinkInfo } from '../../../contract/schemas/operators';
import { errorReason, type ApiError } from '../../api/errors';
import { formatDateTimeWithZone } from '../../lib/format';
import { usePageTitle } from '../../lib/usePageTitle';
import { useAppSelector } from '../../app/hooks';
import { selectSessionUser, type LoginRedirectState } from '../session';
import { PasswordField } from './PasswordField';
import { confirmationProblem, newPasswordProblem, PASSWORD_LENGTH_HINT, readLinkToken } from './passwordRules';
import { useAccountPasswords } from './useAccountPasswords';

export const LINK_INCOMPLETE =
  'This link is incomplete: it has no token. Open the whole link you were sent, or ask an admin for a new one.';
export const LINKS_NOT_HERE =
  'Password links belong to the reference backend. This console signs in with Firebase Auth: use the password reset it offers.';
export const PASSWORD_SET = 'Your password is set. Sign in.';
export const signedInAsOtherText = (signedIn: string, linkEmail: string) =>
  `This browser is signed in to the console as ${signedIn}: log out there first to sign in as ${linkEmail}.`;
/** The longest display name the server takes (contract/endpoints.ts). */
const MAX_DISPLAY_NAME_LENGTH = 100;

type View =
  | { step: 'checking' }
  | { step: 'unusable'; reason: string; retry: boolean }
  | { step: 'form'; link: PasswordLinkInfo }
  | { step: 'done'; link: PasswordLinkInfo };

/** A link the server refused (404: expired, used or withdrawn; 400: malformed) stays refused; anything else may pass. */
const refusesLink = (error: unknown) => [400, 404].includes((error as Partial<ApiError> | null)?.status as number);

function Frame({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ minHeight: 'calc(100vh - 64px)', display: 'grid', placeItems: 'center', p: 2 }}>
      <Card sx={{ width: '100%', maxWidth: 460, boxShadow: '0 12px 40px rgba(20, 24, 60, 0.08)', borderRadius: 3 }}>
        <CardContent sx={{ p: { xs: 3, sm: 4.5 } }}>
          <Stack spacing={1} sx={{ alignItems: 'center', mb: 3 }}>
            <Avatar sx={{ bgcolor: 'primary.main', width: 48, height: 48 }}>
              <LockReset />
            </Avatar>
            <Typography variant="h5" component="h1">
              Set your password
            </Typography>
          </Stack>
          {children}
        </CardContent>
      </Card>
    </Box>
  );
}

function ToLogin({ email, label = 'Go to sign in' }: { email?: string; label?: string }) {
  const state: LoginRedirectState = email ? { email } : {};
  return (
    <Button component={RouterLink} to="/login" state={state} variant="contained" size="large" fullWidth>
      {label}
    </Button>
  );
}

export default function SetPasswordPage() {
  usePageTitle('Set your password');
  const location = useLocation();
  const navigate = useNavigate();
  const passwords = useAccountPasswords();
  // A browser may hold another operator's console session (an admin trying out the invitation they just made):
  // signing in then means logging out first, and /login would only lead back to that session's console.
  const sessionUser = useAppSelector(selectSessionUser);
  // Read once, before the fragment is removed.
  const [token] = useState(() => readLinkToken(location.hash));
  const [view, setView] = useState<View>(() =>
    !passwords
      ? { step: 'unusable', reason: LINKS_NOT_HERE, retry: false }
      : token
        ? { step: 'checking' }
        : { step: 'unusable', reason: LINK_INCOMPLETE, retry: false },
  );

  // The token leaves the address bar at once: not kept in the history entry, not shown over a shoulder or in a screenshot.
  useEffect(() => {
    if (location.hash) navigate({ pathname: location.pathname, search: location.search }, { replace: true });
  }, [location.hash, location.pathname, location.search, navigate]);

  useEffect(() => {
    if (view.step !== 'checking' || !passwords || !token) return undefined;
    let current = true;
    passwords.inspectLink(token).then(
      (link) => current && setView({ step: 'form', link }),
      (error: unknown) => current && setView({ step: 'unusable', reason: errorReason(error), retry: !refusesLink(error) }),
    );
    return () => {
      current = false;
    };
  }, [view.step, passwords, token]);

  if (view.step === 'checking') {
    return (
      <Frame>
        <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'center', alignItems: 'center', color: 'text.secondary' }}>
          <CircularProgress size={20} color="inherit" />
          <Typography>Checking your link…</Typography>
        </Stack>
      </Frame>
    );
  }
  if (view.step === 'unusable') {
    return (
      <Frame>
        <Stack spacing={2.25}>
          <Alert severity="error">{view.reason}</Alert>
          {view.retry && (
            <Button variant="outlined" onClick={() => setView({ step: 'checking' })}>
              Try again
            </Button>
          )}
          <ToLogin />
        </Stack>
      </Frame>
    );
  }
  if (view.step === 'done') {
    const otherSession = sessionUser && sessionUser.email?.toLowerCase() !== view.link.email.toLowerCase() ? sessionUser : null;
    return (
      <Frame>
        <Stack spacing={2.25}>
          <Alert severity="success">
            {PASSWORD_SET}
            {view.link.kind === 'reset' ? ' Every other session of your account was signed out.' : ''}
          </Alert>
          {otherSession ? (
            <>
              <Alert severity="info">{signedInAsOtherText(otherSession.email ?? otherSession.uid, view.link.email)}</Alert>
              <Button component={RouterLink} to="/dashboard" variant="contained" size="large" fullWidth>
                Go to the console
              </Button>
            </>
          ) : (
            <ToLogin email={view.link.email} label="Sign in" />
          )}
        </Stack>
      </Frame>
    );
  }
  return (
    <Frame>
      <SetPasswordForm
        link={view.link}
        onSet={(link) => setView({ step: 'done', link })}
        onUnusable={(reason) => setView({ step: 'unusable', reason, retry: false })}
        redeem={(password, displayName) => passwords!.redeemLink({ token: token!, password, ...(displayName ? { displayName } : {}) })}
      />
    </Frame>
  );
}

interface SetPasswordFormProps {
  link: PasswordLinkInfo;
  redeem(password: string, displayName: string): Promise<PasswordLinkInfo>;
  onSet(link: PasswordLinkInfo): void;
  /** the link stopped working meanwhile (expired, used in another tab, withdrawn) */
  onUnusable(reason: string): void;
}

function SetPasswordForm({ link, redeem, onSet, onUnusable }: SetPasswordFormProps) {
  const invite = link.kind === 'invite';
  const [displayName, setDisplayName] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [checked, setChecked] = useState(false);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const passwordProblem = newPasswordProblem(password);
  const confirmProblem = confirmationProblem(password, confirmation);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setChecked(true);
    if (passwordProblem || confirmProblem || pending) return;
    setPending(true);
    setFailure(null);
    try {
      onSet(await redeem(password, displayName.trim()));
    } catch (error) {
      if ((error as Partial<ApiError> | null)?.status === 404) onUnusable(errorReason(error));
      else setFailure(errorReason(error));
      setPending(false);
    }
  }

  return (
    <Box component="form" onSubmit={(event) => void submit(event)} noValidate aria-label="Set your password">
      <Stack spacing={2.25}>
        {invite && <Typography sx={{ textAlign: 'center' }}>Welcome: you were invited to the admin console.</Typography>}
        <Typography sx={{ textAlign: 'center' }}>
          Set your password for <strong>{link.email}</strong>
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
          This link works until {formatDateTimeWithZone(link.expiresAt)}.
        </Typography>
        {failure && <Alert severity="error">{failure}</Alert>}
        {/* The account's name, so the browser's password manager files the new password under it. */}
        <input type="email" name="email" autoComplete="username" value={link.email} readOnly hidden />
        {invite && (
          <FormControl variant="outlined" fullWidth disabled={pending}>
            <InputLabel htmlFor="set-password-display-name">Display name (optional)</InputLabel>
            <OutlinedInput
              id="set-password-display-name"
              label="Display name (optional)"
              autoComplete="name"
              value={displayName}
              onChange={(event) => setDisplayName(event.target.value)}
              inputProps={{ maxLength: MAX_DISPLAY_NAME_LENGTH }}
            />
            <FormHelperText>How the console names you to the other operators.</FormHelperText>
          </FormControl>
        )}
        <PasswordField
          label="New password"
          autoComplete="new-password"
          autoFocus={!invite}
          value={password}
          disabled={pending}
          onChange={setPassword}
          error={checked && passwordProblem !== null}
          helperText={checked && passwordProblem ? passwordProblem : PASSWORD_LENGTH_HINT}
        />
        <PasswordField
          label="Confirm password"
          autoComplete="new-password"
          value={confirmation}
          disabled={pending}
          onChange={setConfirmation}
          error={checked && confirmProblem !== null}
          helperText={checked && confirmProblem ? confirmProblem : undefined}
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={pending}
          startIcon={pending ? <CircularProgress size={18} color="inherit" /> : undefined}
        >
          Set password
        </Button>
      </Stack>
    </Box>
  );
}
