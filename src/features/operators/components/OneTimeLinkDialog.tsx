// The one-time link an invitation or a password reset made: shown once, to copy and hand over (there is no mail
// server). The server keeps only a hash of the token, so closing this dialog is the last chance to see the link.
import { useId, useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  InputAdornment,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import ContentCopy from '@mui/icons-material/ContentCopy';
import type { OperatorLink } from '../../../../contract/schemas/operators';
import { formatDateTimeWithZone } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { linkValidityText, oneTimeLinkUrl, operatorToastTexts } from '../operatorText';

export interface OneTimeLinkDialogProps {
  link: OperatorLink | null;
  onClose(): void;
}

export function OneTimeLinkDialog({ link, onClose }: OneTimeLinkDialogProps) {
  const id = useId();
  const [copied, setCopied] = useState(false);
  // Kept while the dialog fades out, so its text does not vanish under the animation.
  const [shown, setShown] = useState<OperatorLink | null>(link);
  if (link && link !== shown) {
    setShown(link);
    setCopied(false);
  }
  const url = shown ? oneTimeLinkUrl(shown, window.location.origin) : null;
  const expiresAt = shown?.expiresAt ? formatDateTimeWithZone(shown.expiresAt) : null;
  const invite = shown?.kind === 'invite';

  async function copy() {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      notify(operatorToastTexts.copied, 'success');
    } catch {
      // No clipboard (an insecure origin, a refusal): select the text so Ctrl+C copies it.
      const field = document.getElementById(`${id}-link`) as HTMLInputElement | null;
      field?.select();
      notify('The browser did not let the console copy: the link is selected, copy it with Ctrl+C.', 'warning');
    }
  }

  return (
    <Dialog open={link !== null} onClose={onClose} aria-labelledby={`${id}-title`} maxWidth="sm" fullWidth>
      <DialogTitle id={`${id}-title`}>{invite ? 'Invitation link' : 'Password-reset link'}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography>
            {invite
              ? `Send this link to ${shown?.email ?? ''}: it lets them set a password and sign in to the console as an admin.`
              : `Send this link to ${shown?.email ?? ''}: it lets them set a new password. Using it signs them out everywhere.`}
          </Typography>
          {url ? (
            <TextField
              id={`${id}-link`}
              label="Link"
              value={url}
              fullWidth
              onFocus={(event) => event.target.select()}
              slotProps={{
                htmlInput: { readOnly: true, spellCheck: false, 'data-testid': 'one-time-link' },
                input: {
                  endAdornment: (
                    <InputAdornment position="end">
                      <Button size="small" startIcon={<ContentCopy fontSize="small" />} onClick={() => void copy()}>
                        {copied ? 'Copied' : 'Copy'}
                      </Button>
                    </InputAdornment>
                  ),
                },
              }}
            />
          ) : (
            <Alert severity="error">The answer carried no link. Make a new one.</Alert>
          )}
          <Alert severity="warning">
            This link is shown only once: copy it now. {shown ? linkValidityText(shown, expiresAt) : ''} There is no e-mail: send it
            yourself, by a channel you trust.
          </Alert>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
