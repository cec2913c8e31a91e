// While any job runs (an import, an export, the migration), leaving or reloading the page asks first:
// a reload ends the job's saga, and with it the report of what landed. Mounted once for
// every signed-in page (the app layout), so every kind of job gets it.
import { useEffect } from 'react';
import { useAppSelector } from '../../app/hooks';
import { leaveAsked } from '../../lib/pageLeaving';
import { selectAnyJobRunning } from './jobsSlice';

export function LeaveGuardWhileJobsRun() {
  const running = useAppSelector(selectAnyJobRunning);
  useEffect(() => {
    if (!running) return undefined;
    const ask = (event: BeforeUnloadEvent) => {
      leaveAsked();
      event.preventDefault();
      // Older Chromium and Safari show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [running]);
  return null;
}
