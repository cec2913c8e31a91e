// Grant admin to an existing user: found by e-mail, name or uid through the users search (whichever store the
// backend has), or named by a uid typed in full. Granting is a big step (an admin can change everything in the
// console), so the dialog names exactly whom it is about before the button does anything.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Alert, Dialog, DialogContent, DialogTitle, List, ListItemButton, ListItemText, Stack, TextField, Typography } from '@mui/material';
import type { UserRecord } from '../../../../contract/schemas/usersAudit';
import { errorReason } from '../../../api/errors';
import { DialogSubmitActions } from '../../../components/ProgressButton';
import { FIND_USERS_LIMIT, useFindUsersQuery, useGrantAdminMutation, type OperatorTarget } from '../operatorsApi';

/** What the server takes as a uid (contract/endpoints.ts uidText). */
const UID_SHAPE = /^[A-Za-z0-9_-]{1,128}$/;
/** Typing pauses this long before the search runs. */
export const SEARCH_DELAY_MS = 300;

const userLabel = (user: Pick<UserRecord, 'uid' | 'email' | 'displayName'>) => user.displayName?.trim() || user.email?.trim() || user.uid;

/**
 * A uid typed in full stands for the user when the search has settled on it and found no one to pick (a store that
 * cannot search by uid, a failed search): the server then says whether the record exists.
 */
function typedUid(text: string, search: string, searching: boolean, nothingToPick: boolean): boolean {
  return UID_SHAPE.test(search) && search === text.trim() && !searching && nothingToPick;
}

function useSettled(value: string, delayMs: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

export interface GrantAdminDialogProps {
  open: boolean;
  onClose(): void;
}

export function GrantAdminDialog({ open, onClose }: GrantAdminDialogProps) {
  const id = useId();
  const [text, setText] = useState('');
  const [picked, setPicked] = useState<UserRecord | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [grant, { isLoading }] = useGrantAdminMutation();
  const search = useSettled(text.trim(), SEARCH_DELAY_MS);
  const found = useFindUsersQuery(search, { skip: !open || search.length < 2 });
  const users = search.length < 2 ? [] : (found.data ?? []);

  // A search that finds exactly the typed e-mail or uid picks that user.
  const exact = users.find((u) => u.uid === search || (u.email ?? '').toLowerCase() === search.toLowerCase()) ?? null;
  const target: OperatorTarget | null = picked
    ? { uid: picked.uid, label: userLabel(picked) }
    : exact
      ? { uid: exact.uid, label: userLabel(exact) }
      : typedUid(text, search, found.isFetching, found.isError || (found.isSuccess && users.length === 0))
        ? { uid: search, label: search }
        : null;
  const alreadyAdmin = (picked ?? exact)?.isAdmin === true;

  function close() {
    if (isLoading) return;
    setText('');
    setPicked(null);
    setFailure(null);
    onClose();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!target || alreadyAdmin || isLoading) return;
    setFailure(null);
    try {
      await grant(target).unwrap();
      setText('');
      setPicked(null);
      onClose();
    } catch (error) {
      setFailure(errorReason(error));
    }
  }

  return (
    <Dialog open={open} onClose={close} aria-labelledby={`${id}-title`} maxWidth="sm" fullWidth>
      <form onSubmit={(event) => void submit(event)} noValidate aria-label="Grant admin">
        <DialogTitle id={`${id}-title`}>Grant admin</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 0.5 }}>
            <Typography variant="body2" color="text.secondary">
              An admin can sign in to this console and change everything in it: users, names, backups and the other admins. Find the user by
              e-mail, name or uid.
            </Typography>
            {failure && <Alert severity="error">{failure}</Alert>}
            <TextField
              label="User's e-mail, name or uid"
              autoComplete="off"
              autoFocus
              fullWidth
              value={text}
              disabled={isLoading}
              onChange={(event) => {
                setText(event.target.value);
                setPicked(null);
              }}
              slotProps={{ htmlInput: { maxLength: 200 } }}
            />
            {found.isError && search.length >= 2 && <Alert severity="error">The users search failed: {errorReason(found.error)}</Alert>}
            {users.length > 0 && (
              <List dense aria-label="Matching users" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, py: 0 }}>
                {users.map((user) => (
                  <ListItemButton
                    key={user.uid}
                    selected={(picked ?? exact)?.uid === user.uid}
                    onClick={() => setPicked(user)}
                    disabled={isLoading}
                  >
                    <ListItemText
                      primary={`${userLabel(user)}${user.isAdmin ? ' (already an admin)' : ''}`}
                      secondary={[user.email, user.uid].filter(Boolean).join(' · ')}
                    />
                  </ListItemButton>
                ))}
              </List>
            )}
            {search.length >= 2 && found.isSuccess && users.length === 0 && (
              <Typography variant="body2" color="text.secondary">
                No user matches.{UID_SHAPE.test(search) ? ' Granting by this uid asks the server for its record.' : ''}
              </Typography>
            )}
            {users.length === FIND_USERS_LIMIT && !picked && !exact && (
              <Typography variant="body2" color="text.secondary">
                More users may match: type more of the e-mail or the name.
              </Typography>
            )}
          </Stack>
        </DialogContent>
        <DialogSubmitActions
          pending={isLoading}
          onCancel={close}
          submitDisabled={!target || alreadyAdmin}
          submitLabel={target && !alreadyAdmin ? `Grant admin to ${target.label}` : 'Grant admin'}
        />
      </form>
    </Dialog>
  );
}
