import { Box, Button, Chip, Stack, Typography } from '@mui/material';
import UndoIcon from '@mui/icons-material/Undo';
import type { HistoryEntry } from '../../../../contract/schemas/dataSafety';
import { formatDateTimeWithZone } from '../../../lib/format';
import { changeText, whoText } from '../historyText';

const SOURCE_LABEL: Record<HistoryEntry['source'], string> = { console: 'Console', app: 'App', import: 'Import' };

export interface HistoryEntryItemProps {
  entry: HistoryEntry;
  /** offered only for an entry the server says it can take back now (revertActionId) */
  onRevert?: (entry: HistoryEntry) => void;
  reverting: boolean;
}

/** One change: what (summary), who and when, the fields before → after, and Revert when it can be taken back. */
export function HistoryEntryItem({ entry, onRevert, reverting }: HistoryEntryItemProps) {
  const canRevert = entry.revertActionId !== null && onRevert !== undefined;
  return (
    <Box component="li" aria-label={entry.summary} sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider', listStyle: 'none' }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}>
        <Box sx={{ minWidth: 0 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {entry.summary}
            </Typography>
            <Chip size="small" variant="outlined" label={SOURCE_LABEL[entry.source]} />
          </Stack>
          <Typography variant="caption" color="text.secondary" component="div" sx={{ mt: 0.25 }}>
            {whoText(entry)} · <time dateTime={entry.at}>{formatDateTimeWithZone(entry.at)}</time>
          </Typography>
        </Box>
        {canRevert && (
          <Button
            size="small"
            variant="outlined"
            startIcon={<UndoIcon fontSize="small" />}
            disabled={reverting}
            onClick={() => onRevert(entry)}
            sx={{ flexShrink: 0 }}
          >
            Revert
          </Button>
        )}
      </Stack>
      {entry.changes.length > 0 && (
        <Box component="ul" aria-label="Changes" sx={{ m: 0, mt: 0.75, pl: 2.5 }}>
          {entry.changes.map((change) => (
            <Typography
              key={change.field}
              component="li"
              variant="body2"
              sx={{ fontFamily: 'monospace', fontSize: '0.8125rem', wordBreak: 'break-word' }}
            >
              {changeText(change)}
            </Typography>
          ))}
        </Box>
      )}
    </Box>
  );
}
