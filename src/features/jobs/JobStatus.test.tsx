import { fireEvent, render, screen } from '@testing-library/react';
import { JobStatus, jobCountText } from './JobStatus';
import type { Job } from './jobsSlice';

// The one job-status component: the import, the exports (Data Export and Audit Logs), the restore check
// and the migration.

function job(overrides: Partial<Job> = {}): Job {
  return {
    id: 'job-1',
    kind: 'export',
    label: 'names',
    state: 'running',
    progress: { rowsRead: 0, rowsSkipped: 0, rowsSent: 0, rowsAdded: 0 },
    workDone: 0,
    workTotal: null,
    cancelRequested: false,
    message: null,
    detail: null,
    startedAt: '2026-01-01T00:00:00.000Z',
    finishedAt: null,
    ...overrides,
  };
}

describe('JobStatus', () => {
  it('while running: what it has done, a bar (indeterminate until the total is known) and Cancel', () => {
    const onCancel = jest.fn();
    const { rerender } = render(<JobStatus job={job()} progressText="0 rows" progressLabel="names progress" onCancel={onCancel} />);
    expect(screen.getByRole('status')).toHaveTextContent('0 rows');
    expect(screen.getByRole('progressbar', { name: 'names progress' })).not.toHaveAttribute('aria-valuenow');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);

    rerender(<JobStatus job={job({ workDone: 250, workTotal: 1000 })} progressText="250 of 1,000 rows" progressLabel="names progress" />);
    expect(screen.getByRole('progressbar', { name: 'names progress' })).toHaveAttribute('aria-valuenow', '25');
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
  });

  it('once Cancel was pressed: says so and cannot be pressed again', () => {
    render(
      <JobStatus
        job={job({ cancelRequested: true })}
        progressText="0 rows"
        progressLabel="Import progress"
        cancellingText="Cancelling: waiting for the batches already sent…"
        onCancel={() => undefined}
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Cancelling: waiting for the batches already sent…');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  });

  it('reports how it ended: done and cancelled as a status, failed as an alert with its heading', () => {
    const { rerender } = render(
      <JobStatus job={job({ state: 'done', message: 'Exported 3 rows.' })} progressText="" progressLabel="p" failedTitle="Failed" />,
    );
    expect(screen.getByRole('status')).toHaveTextContent(/^Exported 3 rows\.$/);

    rerender(<JobStatus job={job({ state: 'cancelled', message: 'Export cancelled after 0 rows.' })} progressText="" progressLabel="p" />);
    expect(screen.getByRole('status')).toHaveTextContent('Export cancelled after 0 rows.');

    rerender(
      <JobStatus
        job={job({ state: 'failed', message: 'Export failed: database unavailable', detail: 'No file was saved.' })}
        progressText=""
        progressLabel="p"
        failedTitle="Failed to export audit logs"
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to export audit logsExport failed: database unavailableNo file was saved.');
  });

  it('shows the figures while running and in the report', () => {
    const figures = <span>Added: 3</span>;
    const { rerender } = render(
      <JobStatus job={job()} progressText="Importing a.csv…" progressLabel="Import progress" figures={figures} />,
    );
    expect(screen.getByText('Added: 3')).toBeInTheDocument();
    rerender(<JobStatus job={job({ state: 'done', message: 'Done' })} progressText="" progressLabel="Import progress" figures={figures} />);
    expect(screen.getByRole('status')).toHaveTextContent('DoneAdded: 3');
  });

  it('counts in the job unit, with the total once known', () => {
    expect(jobCountText({ workDone: 12000, workTotal: null }, 'rows')).toBe('12,000 rows');
    expect(jobCountText({ workDone: 12000, workTotal: 50000 }, 'entries')).toBe('12,000 of 50,000 entries');
  });
});
