// The plan of a checked restore: per collection what the file holds against the data now, the rows refused (named
// row by row), the two modes stated in the plan's own figures, and the confirmation of any sign-in rights the
// chosen mode would change. Applying a replace asks once more, naming the file the current state is saved to.
import { useState } from 'react';
import { Alert, Box, Button, Checkbox, FormControlLabel, Radio, RadioGroup, Stack, Typography } from '@mui/material';
import type { RestoreMode } from '../../../../../contract/backupRestore';
import type { RestoreSession } from '../../../../../contract/schemas/backupRestore';
import { ConfirmDialog } from '../../../../components/ConfirmDialog';
import { formatCount } from '../../../../lib/format';
import { addModeText, adminChangeCount, adminChangesText, MODE_TITLES, replaceModeText } from '../../restore/restoreText';
import { CollectionFiguresTable } from './CollectionFiguresTable';

export interface RestorePlanViewProps {
  session: RestoreSession;
  /** a restore job runs: nothing can be started */
  disabled: boolean;
  onApply(mode: RestoreMode, confirmAdminChanges: boolean): void;
  onDiscard(): void;
}

const FIGURES = [
  { key: 'read', label: 'Read' },
  { key: 'refused', label: 'Refused' },
  { key: 'existing', label: 'Existing' },
  { key: 'missing', label: 'Missing' },
  { key: 'inTrash', label: 'In the trash' },
  { key: 'extra', label: 'Not in the file' },
] as const;

export function RestorePlanView({ session, disabled, onApply, onDiscard }: RestorePlanViewProps) {
  const plan = session.plan!;
  const [mode, setMode] = useState<RestoreMode | null>(null);
  const [adminConfirmed, setAdminConfirmed] = useState(false);
  const [confirmingReplace, setConfirmingReplace] = useState(false);

  // Problems of the file itself (a collection not a list or missing) or rows that never arrived refuse both modes: the
  // server says so in applyRefusal, and refuses an apply anyway.
  const fileProblem = session.problems.find((p) => p.index === null);
  const applyRefusal = plan.applyRefusal ?? (fileProblem ? `the file has a problem: ${fileProblem.problem}` : null);
  const replaceRefusal = applyRefusal ?? plan.replaceRefusal;
  const adminChanges = mode ? adminChangeCount(plan, mode) : 0;
  const canApply = mode !== null && !disabled && (adminChanges === 0 || adminConfirmed);

  const apply = () => {
    if (!mode) return;
    if (mode === 'replace') setConfirmingReplace(true);
    else onApply(mode, adminChanges > 0);
  };

  return (
    <Stack spacing={2} data-testid="restore-plan">
      <Typography variant="subtitle1" component="h3">
        What {session.fileName} holds against the data now
      </Typography>
      <CollectionFiguresTable
        label="Restore plan"
        figures={FIGURES}
        cell={(collection, key) => (key === 'inTrash' && collection !== 'names' ? '—' : formatCount(plan.collections[collection][key]))}
      />

      {session.problems.length > 0 && (
        <Alert severity="warning" role="note">
          <Typography variant="body2">
            Refused, never written (the first {session.problems.length === 1 ? 'one' : formatCount(session.problems.length)}):
          </Typography>
          <Box component="ul" sx={{ my: 0.5, pl: 2.5 }} aria-label="Refused rows">
            {session.problems.map((p, i) => (
              <li key={i}>
                <Typography variant="body2">
                  {p.index === null || p.problem.startsWith(`${p.collection}[`) ? p.problem : `${p.collection}[${p.index}]: ${p.problem}`}
                </Typography>
              </li>
            ))}
          </Box>
        </Alert>
      )}

      {plan.writeNote && (
        <Alert severity="info" data-testid="restore-write-note">
          {plan.writeNote}
        </Alert>
      )}

      {applyRefusal && (
        <Alert severity="error">This restore cannot be applied: {applyRefusal}. Discard it, then choose a sound file.</Alert>
      )}

      <RadioGroup
        aria-label="How to restore"
        value={mode ?? ''}
        onChange={(event) => {
          setMode(event.target.value as RestoreMode);
          setAdminConfirmed(false);
        }}
      >
        <FormControlLabel
          value="add"
          disabled={disabled || applyRefusal !== null}
          control={<Radio />}
          label={
            <Box sx={{ py: 0.5 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {MODE_TITLES.add}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {addModeText(plan)}
              </Typography>
            </Box>
          }
        />
        <FormControlLabel
          value="replace"
          disabled={disabled || replaceRefusal !== null}
          control={<Radio />}
          label={
            <Box sx={{ py: 0.5 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {MODE_TITLES.replace}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {replaceModeText(plan, session.beforeBackupFile)}
              </Typography>
              {replaceRefusal && (
                <Typography variant="body2" color="error">
                  Not available: {replaceRefusal}
                </Typography>
              )}
            </Box>
          }
        />
      </RadioGroup>

      {mode && adminChanges > 0 && (
        <Alert severity="warning">
          <FormControlLabel
            control={
              <Checkbox checked={adminConfirmed} onChange={(event) => setAdminConfirmed(event.target.checked)} disabled={disabled} />
            }
            label={`${adminChangesText(plan, mode)} I confirm these changes to who may sign in to the console.`}
          />
        </Alert>
      )}

      <Stack direction="row" spacing={1}>
        <Button variant="contained" onClick={apply} disabled={!canApply} color={mode === 'replace' ? 'error' : 'primary'}>
          {mode === 'replace' ? 'Replace with this file' : mode === 'add' ? 'Add what is missing' : 'Restore'}
        </Button>
        <Button variant="outlined" onClick={onDiscard} disabled={disabled}>
          Discard this restore
        </Button>
      </Stack>

      <ConfirmDialog
        open={confirmingReplace}
        title="Replace the data with this file?"
        destructive
        confirmLabel="Replace"
        message={`Users, names, connections and audit logs become exactly ${session.fileName}. ${replaceModeText(plan, session.beforeBackupFile)}`}
        onCancel={() => setConfirmingReplace(false)}
        onConfirm={() => {
          setConfirmingReplace(false);
          onApply('replace', adminChanges > 0);
        }}
      />
    </Stack>
  );
}
