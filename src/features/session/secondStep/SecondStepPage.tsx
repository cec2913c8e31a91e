// The sign-in's second step on the login route (contract/mfa.ts), shown in place of the password form once the server
// answered one. 'verify': a code from the authenticator app, or a recovery code; 'enrol' (the server requires
// two-factor and the account has none): set it up, then save the recovery codes, then the console opens. Loaded only
// when a second step begins: the login route's own code stays as small as its budget (bench/login-bundle.bench.ts).
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Avatar, Box, Button, Card, CardContent, CircularProgress, Stack, Typography } from '@mui/material';
import Security from '@mui/icons-material/SecurityOutlined';
import { useAppDispatch } from '../../../app/hooks';
import { APP_TITLE } from '../../../lib/usePageTitle';
import { codeProblem, OneTimeCodeField, plainCode, type OneTimeCodeKind } from '../../../components/mfa/OneTimeCodeField';
import { RecoveryCodesPanel } from '../../../components/mfa/RecoveryCodesPanel';
import { TotpEnrolment } from '../../../components/mfa/TotpEnrolment';
import type { SecondStepState } from '../sessionSlice';
import { codeSubmitted, enrolmentRetried, recoveryCodesSaved, secondStepCancelled } from './secondStepSaga';

export const VERIFY_TITLE = 'Two-factor sign-in';
export const ENROL_TITLE = 'Set up two-factor sign-in';

/** The tab's title while the step shows; the login page's comes back after it. */
function useStepTitle(title: string) {
  useEffect(() => {
    const before = document.title;
    document.title = `${title} · ${APP_TITLE}`;
    return () => {
      document.title = before;
    };
  }, [title]);
}

function StepCard({ title, intro, children }: { title: string; intro: ReactNode; children: ReactNode }) {
  return (
    <Box sx={{ minHeight: 'calc(100vh - 64px)', display: 'grid', placeItems: 'center', p: 2 }}>
      <Card sx={{ width: '100%', maxWidth: 480, boxShadow: '0 12px 40px rgba(20, 24, 60, 0.08)', borderRadius: 3 }}>
        <CardContent sx={{ p: { xs: 3, sm: 4.5 } }}>
          <Stack spacing={1} sx={{ alignItems: 'center', mb: 3 }}>
            <Avatar sx={{ bgcolor: 'primary.main', width: 48, height: 48 }}>
              <Security />
            </Avatar>
            <Typography variant="h5" component="h1">
              {title}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
              {intro}
            </Typography>
          </Stack>
          {children}
        </CardContent>
      </Card>
    </Box>
  );
}

function BackToSignIn({ disabled }: { disabled: boolean }) {
  const dispatch = useAppDispatch();
  return (
    <Button color="inherit" disabled={disabled} onClick={() => dispatch(secondStepCancelled())}>
      Back to sign-in
    </Button>
  );
}

function VerifyStep({ step }: { step: SecondStepState }) {
  const dispatch = useAppDispatch();
  const [kind, setKind] = useState<OneTimeCodeKind>('totp');
  const [value, setValue] = useState('');
  const [typingProblem, setTypingProblem] = useState<string | null>(null);
  const totp = kind === 'totp';

  function submit(event: FormEvent) {
    event.preventDefault();
    if (step.pending) return;
    const problem = codeProblem(kind, value);
    setTypingProblem(problem);
    if (problem) return;
    dispatch(codeSubmitted(totp ? { code: plainCode(value) } : { recoveryCode: plainCode(value) }));
  }

  return (
    <StepCard
      title={VERIFY_TITLE}
      intro={
        totp
          ? `Enter the code your authenticator app shows for ${step.email}.`
          : `Enter one of the recovery codes you saved for ${step.email}. Each works once.`
      }
    >
      <Box component="form" onSubmit={submit} noValidate aria-label={VERIFY_TITLE}>
        <Stack spacing={2.25}>
          {/* a new field (and focus) for each kind of code, so the browser's autofill and the hint match it */}
          <OneTimeCodeField
            key={kind}
            kind={kind}
            value={value}
            onChange={(next) => {
              setValue(next);
              setTypingProblem(null);
            }}
            error={typingProblem ?? step.error}
            disabled={step.pending}
            autoFocus
          />
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={step.pending}
            startIcon={step.pending ? <CircularProgress size={18} color="inherit" aria-label="Checking" /> : undefined}
          >
            Verify
          </Button>
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
            <BackToSignIn disabled={step.pending} />
            <Button
              disabled={step.pending}
              onClick={() => {
                setKind(totp ? 'recovery' : 'totp');
                setValue('');
                setTypingProblem(null);
              }}
            >
              {totp ? 'Use a recovery code instead' : 'Use a code from your app instead'}
            </Button>
          </Stack>
        </Stack>
      </Box>
    </StepCard>
  );
}

function EnrolStep({ step }: { step: SecondStepState }) {
  const dispatch = useAppDispatch();
  if (step.recoveryCodes) {
    return (
      <StepCard title="Save your recovery codes" intro={`Two-factor sign-in is on for ${step.email}.`}>
        <RecoveryCodesPanel
          codes={step.recoveryCodes}
          account={step.email}
          continueLabel="Continue to the console"
          pending={step.pending}
          onContinue={() => dispatch(recoveryCodesSaved())}
        />
      </StepCard>
    );
  }
  const making = step.enrolment === null;
  return (
    <StepCard
      title={ENROL_TITLE}
      intro={`This console asks every operator for a code from an authenticator app after the password. Set it up for ${step.email} now: it takes a minute.`}
    >
      <TotpEnrolment
        enrolment={step.enrolment}
        loadError={making && !step.pending ? step.error : null}
        onRetry={() => dispatch(enrolmentRetried())}
        pending={step.pending}
        error={making ? null : step.error}
        onConfirm={(code) => dispatch(codeSubmitted({ code }))}
        secondaryAction={<BackToSignIn disabled={step.pending} />}
      />
    </StepCard>
  );
}

export default function SecondStepPage({ step }: { step: SecondStepState }) {
  useStepTitle(step.step === 'verify' ? VERIFY_TITLE : ENROL_TITLE);
  return step.step === 'verify' ? <VerifyStep step={step} /> : <EnrolStep step={step} />;
}
