import { Button, Card, CardActions, CardContent, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import type { ExportFormat, ExportKind } from '../../../../contract/exports';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { jobCancelRequested, jobCountText, JobStatus } from '../../jobs';
import { exportJobId, exportRequested } from '../dataExportActions';
import { selectLatestExportJob } from '../dataExportSelectors';
import { EXPORT_DEFINITIONS } from '../exportDefinitions';

export interface ExportCardProps {
  kind: ExportKind;
  title: string;
  description: string;
  /** a second line under the description (the backup: what it does not hold) */
  note?: string;
  /** extra inputs (the audit logs' date range); return false from `range` to hold the button */
  children?: ReactNode;
  range?: () => { from?: string; to?: string } | null;
}

export function ExportCard({ kind, title, description, note, children, range }: ExportCardProps) {
  const dispatch = useAppDispatch();
  const job = useAppSelector((state) => selectLatestExportJob(state, kind));
  const formats = EXPORT_DEFINITIONS[kind].formats;
  const [format, setFormat] = useState<ExportFormat>(formats[0]!);
  const running = job?.state === 'running';
  const extra = range ? range() : {};

  const start = () => {
    if (running || extra === null) return;
    // Dispatched inside the click: the save dialog needs the click's user activation.
    dispatch(exportRequested({ jobId: exportJobId(kind), kind, format, ...extra }));
  };

  return (
    <Card variant="outlined" component="section" aria-labelledby={`export-${kind}-title`} sx={{ display: 'flex', flexDirection: 'column' }}>
      <CardContent sx={{ flexGrow: 1 }}>
        <Typography id={`export-${kind}-title`} variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: note ? 1 : 2 }}>
          {description}
        </Typography>
        {note && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {note}
          </Typography>
        )}
        <Stack spacing={2}>
          {formats.length > 1 && (
            <ToggleButtonGroup
              size="small"
              exclusive
              value={format}
              onChange={(_e, value: ExportFormat | null) => value && setFormat(value)}
              aria-label={`${title} format`}
            >
              {formats.map((f) => (
                <ToggleButton key={f} value={f} disabled={running}>
                  {f.toUpperCase()}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
          )}
          {children}
          {job && (
            <JobStatus
              job={job}
              progressText={jobCountText(job, 'rows')}
              progressLabel={`${job.label} progress`}
              onCancel={() => dispatch(jobCancelRequested({ id: job.id }))}
            />
          )}
        </Stack>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        <Button variant="contained" onClick={start} disabled={running || extra === null}>
          {running ? 'Exporting…' : kind === 'backup' ? 'Create Backup' : `Export ${format.toUpperCase()}`}
        </Button>
      </CardActions>
    </Card>
  );
}
