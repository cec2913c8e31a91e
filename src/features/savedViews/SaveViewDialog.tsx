import { useEffect, useId, useState, type FormEvent } from 'react';
import {
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  FormHelperText,
  Stack,
  Switch,
  TextField,
} from '@mui/material';
import { MAX_VIEW_NAME_LENGTH } from '../../../contract/savedViews';
import { viewText } from './viewText';

export interface SaveViewDialogProps {
  open: boolean;
  title: string;
  /** what the view holds, said before it is saved (absent when renaming) */
  description?: string;
  initialName: string;
  initialShared: boolean;
  /** Resolves with null when saved, or with the server's reason to show beside the name. */
  onSubmit: (value: { name: string; shared: boolean }) => Promise<string | null>;
  onClose: () => void;
}

/** A view's name and whether every admin sees it: saving a new one, or renaming and sharing one's own. */
export function SaveViewDialog({ open, title, description, initialName, initialShared, onSubmit, onClose }: SaveViewDialogProps) {
  const id = useId();
  const [name, setName] = useState(initialName);
  const [shared, setShared] = useState(initialShared);
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  useEffect(() => {
    if (!open) return;
    setName(initialName);
    setShared(initialShared);
    setProblem(null);
  }, [open, initialName, initialShared]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setProblem(viewText.nameRequired);
      return;
    }
    setPending(true);
    const reason = await onSubmit({ name: trimmed, shared });
    setPending(false);
    if (reason) setProblem(reason);
  }

  return (
    <Dialog
      open={open}
      onClose={() => {
        if (!pending) onClose();
      }}
      aria-labelledby={`${id}-title`}
      maxWidth="xs"
      fullWidth
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {description ? <DialogContentText>{description}</DialogContentText> : null}
            <TextField
              label={viewText.nameLabel}
              value={name}
              onChange={(event) => {
                setName(event.target.value);
                setProblem(null);
              }}
              autoFocus
              required
              error={problem !== null}
              helperText={problem ?? `At most ${MAX_VIEW_NAME_LENGTH} characters.`}
              slotProps={{ htmlInput: { maxLength: MAX_VIEW_NAME_LENGTH } }}
            />
            <div>
              <FormControlLabel
                control={<Switch checked={shared} onChange={(event) => setShared(event.target.checked)} />}
                label={viewText.shareLabel}
                aria-describedby={`${id}-share-hint`}
              />
              <FormHelperText id={`${id}-share-hint`} sx={{ mt: 0 }}>
                {viewText.shareHint}
              </FormHelperText>
            </div>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={pending} startIcon={pending ? <CircularProgress size={16} /> : null}>
            Save
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
