import type { RestoreReport } from '../../../../../contract/schemas/backupRestore';
import { formatCount } from '../../../../lib/format';
import { CollectionFiguresTable } from './CollectionFiguresTable';

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
    <CollectionFiguresTable
      label="Restore report"
      figures={FIGURES}
      cell={(collection, key) => formatCount(report.collections[collection][key])}
    />
  );
}
