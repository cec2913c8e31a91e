// The jobs feature's public surface: the actions a job's saga dispatches, the selectors and helpers a
// page uses to show a job. The store wires the reducer in from src/app.
export {
  jobCancelRequested,
  jobFinished,
  jobPercent,
  jobProgressed,
  jobsReducer,
  jobStarted,
  selectAnyJobRunning,
  selectLatestJobOfKind,
  type Job,
  type JobKind,
  type JobProgress,
  type JobState,
  type JobsState,
} from './jobsSlice';
export {
  exportFailedMessage,
  exportPages,
  exportStream,
  runExportJob,
  type ExportJobSpec,
  type ExportOutcome,
  type KeysetPage,
  type PageLoopOptions,
  type ReadPage,
} from './exportJob';
export { LeaveGuardWhileJobsRun } from './LeaveGuardWhileJobsRun';
export { JobStatus, jobCountText, type JobStatusProps } from './JobStatus';
