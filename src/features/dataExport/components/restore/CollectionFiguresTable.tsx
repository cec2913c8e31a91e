import { Box, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { BACKUP_COLLECTIONS, type BackupCollection } from '../../../../../contract/exports';
import { COLLECTION_LABELS } from '../../restore/restoreText';

export interface CollectionFiguresTableProps<K extends string> {
  /** the table's accessible name */
  label: string;
  /** the columns after the collection's name */
  figures: readonly { key: K; label: string }[];
  /** what a collection's cell of one figure shows */
  cell(collection: BackupCollection, key: K): string;
}

/** A restore's figures (the plan's or the report's), a row per collection of a backup, a column per figure. */
export function CollectionFiguresTable<K extends string>({ label, figures, cell }: CollectionFiguresTableProps<K>) {
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell>Collection</TableCell>
            {figures.map((f) => (
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
              {figures.map((f) => (
                <TableCell key={f.key} align="right">
                  {cell(collection, f.key)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
