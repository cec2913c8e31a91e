import { useId, useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import type { SavedViewPage } from '../../../contract/savedViews';
import type { SavedView, ViewStateOf } from '../../../contract/schemas/savedViews';
import { errorReason } from '../../api/errors';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { notify } from '../../lib/notify';
import { SaveViewDialog } from './SaveViewDialog';
import { useDeleteSavedViewMutation, useUpdateSavedViewMutation } from './savedViewsApi';
import { viewText } from './viewText';

export interface ManageViewsDialogProps<P extends SavedViewPage> {
  open: boolean;
  /** the operator's own views of the page */
  views: SavedView<P>[];
  currentState: () => ViewStateOf[P];
  onClose: () => void;
}

/**
 * One's own views of a page: rename and share (a dialog), overwrite with the view on screen, delete (confirmed). Each
 * change carries the version the list showed; one changed meanwhile in another browser is refused with the
 * server's reason and the list is read again.
 */
export function ManageViewsDialog<P extends SavedViewPage>({ open, views, currentState, onClose }: ManageViewsDialogProps<P>) {
  const id = useId();
  const [renaming, setRenaming] = useState<SavedView<P> | null>(null);
  const [deleting, setDeleting] = useState<SavedView<P> | null>(null);
  const [updateView] = useUpdateSavedViewMutation();
  const [deleteView, deletion] = useDeleteSavedViewMutation();

  async function rename(view: SavedView<P>, value: { name: string; shared: boolean }): Promise<string | null> {
    try {
      await updateView({ id: view.id, page: view.page, version: view.version, name: value.name, shared: value.shared }).unwrap();
      notify(value.name === view.name ? viewText.saved(value.name) : viewText.renamed(value.name), 'success');
      setRenaming(null);
      return null;
    } catch (error) {
      return errorReason(error);
    }
  }

  async function overwrite(view: SavedView<P>) {
    try {
      await updateView({ id: view.id, page: view.page, version: view.version, state: currentState() }).unwrap();
      notify(viewText.updated(view.name), 'success');
    } catch (error) {
      notify(viewText.failed(`update “${view.name}”`, errorReason(error)), 'error');
    }
  }

  async function remove(view: SavedView<P>) {
    try {
      await deleteView({ id: view.id, version: view.version }).unwrap();
      notify(viewText.deleted(view.name), 'success');
    } catch (error) {
      notify(viewText.failed(`delete “${view.name}”`, errorReason(error)), 'error');
    }
    setDeleting(null);
  }

  return (
    <>
      <Dialog open={open} onClose={onClose} aria-labelledby={`${id}-title`} maxWidth="sm" fullWidth>
        <DialogTitle id={`${id}-title`}>{viewText.manageTitle}</DialogTitle>
        <DialogContent>
          {views.length === 0 ? (
            <Typography color="text.secondary">{viewText.none}</Typography>
          ) : (
            <List aria-labelledby={`${id}-title`}>
              {views.map((view) => (
                <ListItem key={view.id} divider sx={{ flexWrap: 'wrap', gap: 1 }}>
                  <ListItemText primary={view.name} secondary={view.shared ? viewText.sharedByMe : 'Only you'} />
                  <Stack direction="row" spacing={1}>
                    <Button size="small" onClick={() => void overwrite(view)} aria-label={`Update “${view.name}” with the current view`}>
                      Update
                    </Button>
                    <Button size="small" onClick={() => setRenaming(view)} aria-label={`Rename or share “${view.name}”`}>
                      Rename
                    </Button>
                    <Button size="small" color="error" onClick={() => setDeleting(view)} aria-label={`Delete “${view.name}”`}>
                      Delete
                    </Button>
                  </Stack>
                </ListItem>
              ))}
            </List>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Close</Button>
        </DialogActions>
      </Dialog>
      <SaveViewDialog
        open={renaming !== null}
        title={viewText.renameTitle}
        initialName={renaming?.name ?? ''}
        initialShared={renaming?.shared ?? false}
        onSubmit={(value) => (renaming ? rename(renaming, value) : Promise.resolve(null))}
        onClose={() => setRenaming(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={viewText.deleteTitle}
        message={viewText.deleteQuestion(deleting?.name ?? '')}
        confirmLabel="Delete"
        destructive
        pending={deletion.isLoading}
        onConfirm={() => {
          if (deleting) void remove(deleting);
        }}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
