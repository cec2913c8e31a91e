// The second step of a sign-in (contract/mfa.ts), after the password was right: a code from the authenticator app or a
// recovery code ('verify'), or, where the server requires two-factor and the account has none, setting it up and saving
// the recovery codes ('enrol'). Loaded by the session saga's login only when the server answers such a step; it runs
// inside that login (so a second login cannot start meanwhile) and keeps the challenge to itself: the store holds
// what the screen shows (SecondStepState). It ends with the session opened (auth reports the account, and the session
// saga signs in), back to the password (Back to sign-in), or, when the challenge expired, with the password step and
// a notice.
import { createAction } from '@reduxjs/toolkit';
import { call, put, take } from 'redux-saga/effects';
import { MFA_ERRORS } from '../../../../contract/mfa';
import type { MfaEnrolment } from '../../../../contract/schemas/mfa';
import type { SignInSecondStep, SignInSession } from '../../../../contract/schemas/auth';
import { errorDetail } from '../../../api/errors';
import { codeRefusal } from '../../../components/mfa/codeRefusal';
import type { AccountMfaPort, Backend, MfaConfirmed, MfaProof } from '../../../backend/ports';
import { secondStepChanged, signedOut, type SecondStepState } from '../sessionSlice';

/** The screen sends a code (or a recovery code). */
export const codeSubmitted = createAction<MfaProof>('session/secondStep/codeSubmitted');
/** Making the new secret failed; the operator asks again. */
export const enrolmentRetried = createAction('session/secondStep/enrolmentRetried');
/** The operator ticked that the recovery codes are saved and goes on to the console. */
export const recoveryCodesSaved = createAction('session/secondStep/recoveryCodesSaved');
/** Back to sign-in: the password step again. */
export const secondStepCancelled = createAction('session/secondStep/cancelled');

export const SECOND_STEP_ENDED = 'The two-factor sign-in expired or is no longer valid. Please sign in again with your password.';
export const NO_SECOND_STEP =
  'This account signs in with a second factor, which this console cannot ask for with this backend. Please ask an admin.';

/** What the screen says about a refused code (or secret): why, under the field. */
const refusalText = (error: unknown, proof?: MfaProof) => codeRefusal(error, proof && 'recoveryCode' in proof ? 'recovery' : 'totp');

type Take = ReturnType<typeof codeSubmitted> | ReturnType<typeof enrolmentRetried> | ReturnType<typeof secondStepCancelled>;

export function* runSecondStep(backend: Backend, answer: SignInSecondStep) {
  const mfa = backend.accountMfa;
  if (!mfa?.available) {
    yield put(signedOut({ notice: NO_SECOND_STEP }));
    return;
  }
  const { challenge } = answer;
  let state: SecondStepState = {
    step: answer.step,
    email: answer.email,
    expiresAt: answer.expiresAt,
    pending: answer.step === 'enrol',
    error: null,
    enrolment: null,
    recoveryCodes: null,
  };
  function* show(changes: Partial<SecondStepState>) {
    state = { ...state, ...changes };
    yield put(secondStepChanged(state));
  }
  /** Shows why `error` refused the step; true when the challenge itself is gone, which ends the step. */
  function* refused(error: unknown, proof?: MfaProof) {
    if (errorDetail(error)?.code === MFA_ERRORS.invalidChallenge) {
      yield put(signedOut({ notice: SECOND_STEP_ENDED }));
      return true;
    }
    yield* show({ pending: false, error: refusalText(error, proof) });
    return false;
  }
  /** The next code the screen sends; null for Back to sign-in, which ends the step. */
  function* nextProof() {
    const action = (yield take([codeSubmitted.type, secondStepCancelled.type])) as Take;
    if (codeSubmitted.match(action)) return action.payload;
    yield put(secondStepChanged(null));
    return null;
  }

  yield* show({});
  const tools: StepTools = { show, refused, nextProof };
  if (answer.step === 'verify') yield* verify(mfa, challenge, tools);
  else yield* enrol(mfa, challenge, tools);
}

interface StepTools {
  show(changes: Partial<SecondStepState>): Generator<unknown, void, unknown>;
  refused(error: unknown, proof?: MfaProof): Generator<unknown, boolean, unknown>;
  nextProof(): Generator<unknown, MfaProof | null, unknown>;
}

/**
 * A new secret (again on request when making it failed), then a code from it, which turns two-factor on and answers
 * the recovery codes and the session; the session opens once the operator says the codes are saved (they are never
 * shown again).
 */
function* enrol(mfa: AccountMfaPort, challenge: string, { show, refused, nextProof }: StepTools) {
  let enrolment: MfaEnrolment | null = null;
  while (!enrolment) {
    yield* show({ pending: true, error: null });
    try {
      enrolment = (yield call([mfa, mfa.startEnrolment], { challenge })) as MfaEnrolment;
      yield* show({ pending: false, enrolment });
    } catch (error) {
      if (yield* refused(error)) return;
      const action = (yield take([enrolmentRetried.type, secondStepCancelled.type])) as Take;
      if (secondStepCancelled.match(action)) {
        yield put(secondStepChanged(null));
        return;
      }
    }
  }
  let session: SignInSession | null = null;
  while (!session) {
    const proof = yield* nextProof();
    if (!proof) return;
    if (!('code' in proof)) continue;
    yield* show({ pending: true, error: null });
    try {
      const confirmed = (yield call([mfa, mfa.confirmEnrolment], { challenge, code: proof.code })) as MfaConfirmed;
      session = confirmed.session;
      yield* show({ pending: false, recoveryCodes: confirmed.recoveryCodes });
    } catch (error) {
      if (yield* refused(error, proof)) return;
    }
  }
  yield take(recoveryCodesSaved.type);
  yield* show({ pending: true });
  yield call([mfa, mfa.openSession], session);
}

/** Codes until one is accepted (the session opens), the step is left, or the challenge is gone. */
function* verify(mfa: AccountMfaPort, challenge: string, { show, refused, nextProof }: StepTools) {
  for (;;) {
    const proof = yield* nextProof();
    if (!proof) return;
    yield* show({ pending: true, error: null });
    try {
      const session = (yield call([mfa, mfa.verify], { challenge, ...proof })) as SignInSession;
      // Auth reports the account from here; the session saga decides admin or not and clears the step.
      yield call([mfa, mfa.openSession], session);
      return;
    } catch (error) {
      if (yield* refused(error, proof)) return;
    }
  }
}
