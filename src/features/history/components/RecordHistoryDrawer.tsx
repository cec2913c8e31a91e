import { useState } from 'react';
import { Alert, Box, Button, CircularProgress, Divider, Drawer, IconButton, Stack, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import type { HistoryTargetType } from '../../../../contract/dataSafety';
import type { HistoryEntry, RevertResponse } from '../../../../contract/schemas/dataSafety';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { errorReason } from '../../../api/errors';
import { useRevertChangeMutation } from '../historyApi';
import { revertAction, revertQuestion, stateText } from '../historyText';
import { useRecordHistory } from '../hooks/useRecordHistory';
import { HistoryEntryItem } from './HistoryEntryItem';
import { RetryAlert } from '../../../components/RetryAlert';

/** The record a drawer shows: a name (its id) or a user (their uid), and how to call it in the title. */
export interface HistoryDrawerTarget {
  type: HistoryTargetType;
  id: string;
  label: string;
}

export interface RecordHistoryDrawerProps {
  /** the record whose history to show; null: closed */
  target: HistoryDrawerTarget | null;
  onClose(): void;
  /**
   * After a revert went through: the record as it is now (`current`). The history and the record's lists are
   * refreshed anyway; a screen that keeps rows of its own can put this one in place at once.
   */
  onReverted?(result: RevertResponse, target: HistoryDrawerTarget): void;
}

const sameTarget = (a: HistoryDrawerTarget, b: HistoryDrawerTarget | null) => a.type === b?.type && a.id === b.id && a.label === b.label;

/**
 * A record's history, newest first (contract/dataSafety.ts): who changed what and when, field by field, the app's
 * events and the import that created it; "Load older" reads on; Revert takes a change back after a confirmation,
 * as a version-checked write based on the record the history showed.
 */
export function RecordHistoryDrawer({ target, onClose, onReverted }: RecordHistoryDrawerProps) {
  // The drawer keeps what it shows while it slides out, so its content does not blank mid-animation.
  const [shown, setShown] = useState<HistoryDrawerTarget | null>(target);
  if (target !== null && !sameTarget(target, shown)) setShown(target);
  const open = target !== null;
  const history = useRecordHistory(open ? shown : null);

  const [revert, { isLoading: reverting }] = useRevertChangeMutation();
  const [asking, setAsking] = useState<HistoryEntry | null>(null);
  const [refusal, setRefusal] = useState<{ key: string; reason: string } | null>(null);
  const targetKey = shown ? `${shown.type}:${shown.id}` : '';

  async function confirmRevert() {
    const entry = asking;
    const actionId = entry?.revertActionId;
    if (!entry || !shown || actionId === null || actionId === undefined) return;
    setRefusal(null);
    try {
      const result = await revert({
        target: { type: shown.type, id: shown.id },
        actionId,
        ...(history.version !== undefined ? { version: history.version } : {}),
        action: revertAction(entry, shown.type),
      }).unwrap();
      onReverted?.(result, shown);
    } catch (error) {
      // The toast says it for a few seconds; the reason stays here until the next try (it can be long).
      setRefusal({ key: targetKey, reason: errorReason(error) });
    } finally {
      setAsking(null);
    }
  }

  const notice = history.state ? stateText(history.state, shown?.type ?? 'name') : null;
  return (
    <Drawer anchor="right" open={open} onClose={onClose} slotProps={{ paper: { sx: { width: { xs: '100%', sm: 480 } } } }}>
      {shown && (
        <Box role="region" aria-label="Record history" sx={{ p: 3, display: 'flex', flexDirection: 'column', minHeight: '100%' }}>
          <Stack direction="row" sx={{ alignItems: 'flex-start', justifyContent: 'space-between', mb: 1.5 }}>
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="h6" component="h2">
                History
              </Typography>
              <Typography variant="body2" color="text.secondary" noWrap title={shown.label}>
                {shown.type === 'name' ? 'Name' : 'User'}: {shown.label}
              </Typography>
            </Box>
            <IconButton aria-label="Close history" onClick={onClose}>
              <CloseIcon />
            </IconButton>
          </Stack>
          {notice && (
            <Alert severity="info" sx={{ mb: 1.5 }}>
              {notice}
            </Alert>
          )}
          {refusal && refusal.key === targetKey && (
            <Alert severity="error" sx={{ mb: 1.5 }} onClose={() => setRefusal(null)}>
              Could not revert: {refusal.reason}
            </Alert>
          )}
          <Divider />

          {history.error ? (
            <RetryAlert sx={{ mt: 2 }} onRetry={history.retry}>
              Failed to load the history: {history.error}
            </RetryAlert>
          ) : history.isLoading ? (
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mt: 2 }} role="status">
              <CircularProgress size={18} />
              <Typography variant="body2" color="text.secondary">
                Loading history…
              </Typography>
            </Stack>
          ) : history.entries.length === 0 ? (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
              No changes recorded for this {shown.type}.
            </Typography>
          ) : (
            <Box component="ol" aria-label="History entries" sx={{ m: 0, p: 0 }}>
              {history.entries.map((entry) => (
                <HistoryEntryItem key={entry.id} entry={entry} onRevert={setAsking} reverting={reverting} />
              ))}
            </Box>
          )}

          {history.hasOlder && !history.error && (
            <Box sx={{ pt: 2, textAlign: 'center' }}>
              <Button
                variant="outlined"
                onClick={history.loadOlder}
                disabled={history.loadingOlder}
                startIcon={history.loadingOlder ? <CircularProgress size={16} color="inherit" /> : undefined}
              >
                Load older
              </Button>
            </Box>
          )}

          <ConfirmDialog
            open={asking !== null}
            title="Revert this change?"
            message={asking ? revertQuestion(asking, shown.type) : ''}
            confirmLabel="Revert"
            pending={reverting}
            onConfirm={() => void confirmRevert()}
            onCancel={() => setAsking(null)}
          />
        </Box>
      )}
    </Drawer>
  );
}
