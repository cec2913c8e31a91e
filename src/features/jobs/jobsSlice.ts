// Long-running work started by the console (bulk import now; exports and the migration later) as
// jobs the pages can show: state, progress and the final report live here, so leaving a page and
// coming back shows the job as it is. The sagas doing the work dispatch these actions.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type JobState = 'running' | 'done' | 'failed' | 'cancelled';
export type JobKind = 'bulkImport' | 'importCheck' | 'export' | 'migration' | 'restore' | 'namesFilter';

export interface JobProgress {
  rowsRead: number;
  rowsSkipped: number;
  rowsSent: number;
  rowsAdded: number;
}

export interface Job {
  id: string;
  kind: JobKind;
  /** what the job works on, for display (e.g. the file name) */
  label: string;
  state: JobState;
  progress: JobProgress;
  /** determinate progress, in the job's own unit (bytes of the file for an import); total null if unknown */
  workDone: number;
  workTotal: number | null;
  /** Cancel was pressed; the job is finishing what is in flight */
  cancelRequested: boolean;
  /** the final headline (e.g. 'Bulk upload completed! Added: 3, Skipped: 1') */
  message: string | null;
  /** the final details: what landed, what did not, and why */
  detail: string | null;
  startedAt: string;
  finishedAt: string | null;
}

export interface JobsState {
  byId: Record<string, Job>;
  /** ids, oldest first */
  order: string[];
}

/** Finished jobs kept for display; running ones are never dropped. */
export const MAX_FINISHED_JOBS = 20;

const initialState: JobsState = { byId: {}, order: [] };

export const emptyProgress: JobProgress = { rowsRead: 0, rowsSkipped: 0, rowsSent: 0, rowsAdded: 0 };

export interface JobStartedPayload {
  id: string;
  kind: JobKind;
  label: string;
  workTotal: number | null;
  startedAt: string;
}

export interface JobProgressedPayload {
  id: string;
  progress?: Partial<JobProgress>;
  workDone?: number;
  /** a total learnt after the start (e.g. an export's row count, read once the file is chosen) */
  workTotal?: number | null;
}

export interface JobFinishedPayload {
  id: string;
  state: Exclude<JobState, 'running'>;
  message: string;
  detail: string | null;
  finishedAt: string;
  progress?: Partial<JobProgress>;
}

function pruneFinished(state: JobsState) {
  const finished = state.order.filter((id) => state.byId[id].state !== 'running');
  const excess = finished.length - MAX_FINISHED_JOBS;
  if (excess <= 0) return;
  const drop = new Set(finished.slice(0, excess));
  drop.forEach((id) => delete state.byId[id]);
  state.order = state.order.filter((id) => !drop.has(id));
}

const jobsSlice = createSlice({
  name: 'jobs',
  initialState,
  reducers: {
    jobStarted(state, { payload }: PayloadAction<JobStartedPayload>) {
      if (state.byId[payload.id]) return;
      state.byId[payload.id] = {
        ...payload,
        state: 'running',
        progress: { ...emptyProgress },
        workDone: 0,
        cancelRequested: false,
        message: null,
        detail: null,
        finishedAt: null,
      };
      state.order.push(payload.id);
    },
    jobProgressed(state, { payload }: PayloadAction<JobProgressedPayload>) {
      const job = state.byId[payload.id];
      if (!job || job.state !== 'running') return;
      if (payload.progress) Object.assign(job.progress, payload.progress);
      if (payload.workDone !== undefined) job.workDone = payload.workDone;
      if (payload.workTotal !== undefined) job.workTotal = payload.workTotal;
    },
    /** Asks the job's saga to stop; the saga decides when it has stopped (jobFinished). */
    jobCancelRequested(state, { payload }: PayloadAction<{ id: string }>) {
      const job = state.byId[payload.id];
      if (job && job.state === 'running') job.cancelRequested = true;
    },
    jobFinished(state, { payload }: PayloadAction<JobFinishedPayload>) {
      const job = state.byId[payload.id];
      if (!job || job.state !== 'running') return;
      job.state = payload.state;
      job.message = payload.message;
      job.detail = payload.detail;
      job.finishedAt = payload.finishedAt;
      if (payload.progress) Object.assign(job.progress, payload.progress);
      if (payload.state === 'done' && job.workTotal !== null) job.workDone = job.workTotal;
      pruneFinished(state);
    },
  },
});

export const { jobStarted, jobProgressed, jobCancelRequested, jobFinished } = jobsSlice.actions;
export const jobsReducer = jobsSlice.reducer;

// Selectors take the slice's parent state so any store holding `jobs` can use them.
type WithJobs = { jobs: JobsState };

/** The newest job of a kind, or of any of several (running or finished): what a page shows when it opens. */
export function selectLatestJobOfKind(state: WithJobs, kind: JobKind | readonly JobKind[]): Job | undefined {
  const kinds: readonly JobKind[] = typeof kind === 'string' ? [kind] : kind;
  for (let i = state.jobs.order.length - 1; i >= 0; i -= 1) {
    const job = state.jobs.byId[state.jobs.order[i]];
    if (kinds.includes(job.kind)) return job;
  }
  return undefined;
}

/** Some job is still running (leaving the page would end it). */
export function selectAnyJobRunning(state: WithJobs): boolean {
  return state.jobs.order.some((id) => state.jobs.byId[id]?.state === 'running');
}

/** 0..100 for a determinate progress bar; null while the total is unknown. */
export function jobPercent(job: Pick<Job, 'workDone' | 'workTotal' | 'state'>): number | null {
  if (job.state === 'done') return 100;
  if (job.workTotal === null) return null;
  if (job.workTotal <= 0) return job.state === 'running' ? 0 : 100;
  return Math.min(100, Math.max(0, (job.workDone / job.workTotal) * 100));
}
