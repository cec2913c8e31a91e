import { Box, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import type { RestoreReport } from '../../../../../contract/schemas/backupRestore';
import { BACKUP_COLLECTIONS } from '../../../../../contract/exports';
import { formatCount } from '../../../../lib/format';
import { COLLECTION_LABELS } from '../../restore/restoreText';

const FIGURES = [
  { key: 'read', label: 'Read' },
  { key: 'added', label: 'Added' },
  { key: 'kept', label: 'Kept' },
  { key: 'replaced', label: 'Replaced' },
  { key: 'removed', label: 'Removed' },
  { key: 'restoredFromTrash', label: 'Restored from the trash' },
  { key: 'refused', label: 'Refused' },
] as const;

/** What an applied restore did, collection by collection. */
export function RestoreReportTable({ report }: { report: RestoreReport }) {
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Restore report">
        <TableHead>
          <TableRow>
            <TableCell>Collection</TableCell>
            {FIGURES.map((f) => (
              <TableCell key={f.key} align="right">
                {f.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {BACKUP_COLLECTIONS.map((collection) => (
            <TableRow key={collection}>
              <TableCell component="th" scope="row">
                {COLLECTION_LABELS[collection]}
              </TableCell>
              {FIGURES.map((f) => (
                <TableCell key={f.key} align="right">
                  {formatCount(report.collections[collection][f.key])}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
