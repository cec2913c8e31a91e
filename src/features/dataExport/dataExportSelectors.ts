import type { ExportKind } from '../../../contract/exports';
import type { Job, JobsState } from '../jobs';
import { exportJobPrefix } from './dataExportActions';

type WithJobs = { jobs: JobsState };

/** The newest job whose id starts with the prefix: a card's current or last export. */
export function selectLatestJobWithPrefix(state: WithJobs, prefix: string): Job | undefined {
  for (let i = state.jobs.order.length - 1; i >= 0; i -= 1) {
    const id = state.jobs.order[i]!;
    if (id.startsWith(prefix)) return state.jobs.byId[id];
  }
  return undefined;
}

export const selectLatestExportJob = (state: WithJobs, kind: ExportKind) => selectLatestJobWithPrefix(state, exportJobPrefix(kind));
