// What the Restore card shows besides its job: the restore it follows, as the server last described it (its plan,
// progress and report), and the restores left open from before (a reload while one was read or waited to be
// applied). The sagas (restoreSaga.ts) keep it; the job of each step (checking, applying) is in the jobs slice.
import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { RestoreMode, RestoreState as RestoreSessionState } from '../../../../contract/backupRestore';
import type { RestoreSession } from '../../../../contract/schemas/backupRestore';

export interface RestoreState {
  /** whether this backend can apply a restore; null until the card first asked (one without a restore port cannot) */
  available: boolean | null;
  /** the restore the card shows: opened here, or found still applying (or picked to review) after a reload */
  current: RestoreSession | null;
  /** the job following `current` (checking or applying) */
  jobId: string | null;
  /** restores still open (staging or ready) other than `current`: offered to be cancelled, or reviewed */
  leftOpen: RestoreSession[];
  /** why the recent restores could not be listed */
  listError: string | null;
}

const initialState: RestoreState = { available: null, current: null, jobId: null, leftOpen: [], listError: null };

const OPEN_STATES: readonly RestoreSessionState[] = ['staging', 'ready'];
export const isOpenRestore = (session: RestoreSession) => OPEN_STATES.includes(session.state);

/** Injected into the store when an admin session begins (src/app/adminModules.ts): the login route ships none of it. */
export const restoreSlice = createSlice({
  name: 'restore',
  initialState,
  reducers: {
    restoreAvailability(state, { payload }: PayloadAction<boolean>) {
      state.available = payload;
    },
    /** A restore job started: the card shows it (its restore, if any, comes with restoreFollowed). */
    restoreJobStarted(state, { payload }: PayloadAction<{ jobId: string }>) {
      state.jobId = payload.jobId;
    },
    /** The card now follows this restore, with this job. */
    restoreFollowed(state, { payload }: PayloadAction<{ session: RestoreSession; jobId: string | null }>) {
      state.current = payload.session;
      state.jobId = payload.jobId;
      state.leftOpen = state.leftOpen.filter((s) => s.id !== payload.session.id);
    },
    /** The server's latest word on a restore (an answer, a poll). */
    restoreUpdated(state, { payload }: PayloadAction<RestoreSession>) {
      if (state.current?.id === payload.id) state.current = payload;
      state.leftOpen = state.leftOpen.map((s) => (s.id === payload.id ? payload : s)).filter(isOpenRestore);
    },
    restoresListed(state, { payload }: PayloadAction<RestoreSession[]>) {
      state.listError = null;
      state.leftOpen = payload.filter((s) => isOpenRestore(s) && s.id !== state.current?.id);
    },
    restoresListFailed(state, { payload }: PayloadAction<string>) {
      state.listError = payload;
    },
    /** A restore left open is reviewed on the card (a ready one can be applied from there). */
    restoreReviewed(state, { payload }: PayloadAction<{ id: number }>) {
      const session = state.leftOpen.find((s) => s.id === payload.id);
      if (!session) return;
      if (state.current && isOpenRestore(state.current)) state.leftOpen.push(state.current);
      state.current = session;
      state.jobId = null;
      state.leftOpen = state.leftOpen.filter((s) => s.id !== payload.id);
    },
  },
});

export const {
  restoreAvailability,
  restoreJobStarted,
  restoreFollowed,
  restoreUpdated,
  restoresListed,
  restoresListFailed,
  restoreReviewed,
} = restoreSlice.actions;
export const restoreReducer = restoreSlice.reducer;

// What the card asks the sagas for.
/** A backup file was chosen (handed over by job id: a File does not go into an action). */
export const restoreFileChosen = createAction<{ jobId: string; fileName: string; fileSize: number }>('restore/fileChosen');
export const restoreApplyRequested = createAction<{ id: number; mode: RestoreMode; confirmAdminChanges: boolean }>(
  'restore/applyRequested',
);
/** Cancels a restore that is not being applied (staging or ready): its staged rows are dropped. */
export const restoreDiscardRequested = createAction<{ id: number }>('restore/discardRequested');
/** The card opened: list the recent restores, follow one still applying. */
export const restoresListRequested = createAction('restore/listRequested');
/** Follow a restore the server is applying (found by the list). */
export const restoreFollowRequested = createAction<{ session: RestoreSession }>('restore/followRequested');

export const RESTORE_JOB_PREFIX = 'restore-';
export const restoreCheckJobId = (at: number = Date.now()) => `${RESTORE_JOB_PREFIX}check-${at}`;
export const restoreApplyJobId = (id: number, at: number = Date.now()) => `${RESTORE_JOB_PREFIX}apply-${id}-${at}`;

type WithRestore = { restore?: RestoreState };
/** The card's state (its initial state until the slice is injected). */
export const selectRestore = (state: WithRestore): RestoreState => state.restore ?? initialState;
