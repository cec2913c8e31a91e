import { Stack, Typography } from '@mui/material';
import { formatCount } from '../../../lib/format';
import type { Job } from '../../jobs';

/** An import's rows read, sent, added and skipped (a check's: would add): while it runs and in its report. */
export function ImportFigures({ job }: { job: Job }) {
  const { rowsRead, rowsSent, rowsAdded, rowsSkipped } = job.progress;
  const check = job.kind === 'importCheck';
  const items: [string, number][] = [
    ['Rows read', rowsRead],
    [check ? 'Checked' : 'Sent', rowsSent],
    [check ? 'Would add' : 'Added', rowsAdded],
    ['Skipped', rowsSkipped],
  ];
  return (
    <Stack direction="row" spacing={3} sx={{ flexWrap: 'wrap' }} role="group" aria-label={check ? 'Check figures' : 'Import figures'}>
      {items.map(([label, value]) => (
        <Typography key={label} variant="body2">
          {label}: <strong>{formatCount(value)}</strong>
        </Typography>
      ))}
    </Stack>
  );
}
