import { useId, useState } from 'react';
import { Button, Divider, ListItemText, ListSubheader, Menu, MenuItem } from '@mui/material';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import BookmarksIcon from '@mui/icons-material/BookmarksOutlined';
import type { SavedViewPage } from '../../../contract/savedViews';
import type { SavedView, ViewStateOf } from '../../../contract/schemas/savedViews';
import { errorReason } from '../../api/errors';
import { useAppDispatch } from '../../app/hooks';
import { notify } from '../../lib/notify';
import { gridPreferencesChanged } from './gridPreferences';
import { ManageViewsDialog } from './ManageViewsDialog';
import { SaveViewDialog } from './SaveViewDialog';
import { useCreateSavedViewMutation, useGetGridPreferencesQuery, useListSavedViewsQuery } from './savedViewsApi';
import { viewText } from './viewText';

/** A page's view without the grid's part (the Views control adds the columns and density the operator has). */
export type ListPart<P extends SavedViewPage> = Omit<ViewStateOf[P], 'columns' | 'density'>;

export interface ViewsMenuProps<P extends SavedViewPage> {
  page: P;
  /** the page's title, for the menu's accessible name */
  pageTitle: string;
  /** what a view of this page holds, in words ("the filters, the sort…") */
  describes: string;
  /** the list's part of the view on screen now */
  current: () => ListPart<P>;
  /** shows a view's list part: sets the address (a new history entry, so Back returns to the view before) */
  showList: (state: ListPart<P>) => void;
}

/**
 * The Views control of a list page: apply a saved view (one's own or one another admin shared), save the view on
 * screen under a name, and rename, share, overwrite or delete one's own. Views live on the server per operator
 * (contract/savedViews.ts), so they follow the operator to any browser.
 */
export function ViewsMenu<P extends SavedViewPage>({ page, pageTitle, describes, current, showList }: ViewsMenuProps<P>) {
  const id = useId();
  const dispatch = useAppDispatch();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [saving, setSaving] = useState(false);
  const [managing, setManaging] = useState(false);
  const views = useListSavedViewsQuery(page);
  const preferences = useGetGridPreferencesQuery(page);
  const [createView] = useCreateSavedViewMutation();

  const all = (views.data ?? []) as SavedView<P>[];
  const mine = all.filter((view) => view.mine);
  const others = all.filter((view) => !view.mine);

  /** The whole view on screen: the list's part and the grid's column choice and density. */
  const currentState = (): ViewStateOf[P] =>
    ({
      ...current(),
      columns: preferences.data?.columns ?? {},
      density: preferences.data?.density ?? 'standard',
    }) as ViewStateOf[P];

  function apply(view: SavedView<P>) {
    setAnchor(null);
    const { columns, density, ...list } = view.state as ViewStateOf[P];
    showList(list as ListPart<P>);
    dispatch(gridPreferencesChanged(page, { columns, density }));
    notify(viewText.applied(view.name), 'success');
  }

  async function save({ name, shared }: { name: string; shared: boolean }): Promise<string | null> {
    try {
      await createView({ page, name, shared, state: currentState() }).unwrap();
      notify(viewText.saved(name), 'success');
      setSaving(false);
      return null;
    } catch (error) {
      return errorReason(error);
    }
  }

  const item = (view: SavedView<P>) => (
    <MenuItem key={view.id} onClick={() => apply(view)}>
      <ListItemText
        primary={view.name}
        secondary={view.mine ? (view.shared ? viewText.sharedByMe : undefined) : viewText.sharedBy(view.ownerEmail)}
      />
    </MenuItem>
  );

  return (
    <>
      <Button
        id={`${id}-button`}
        variant="outlined"
        startIcon={<BookmarksIcon />}
        endIcon={<ArrowDropDownIcon />}
        aria-haspopup="menu"
        aria-controls={anchor ? `${id}-menu` : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {viewText.button}
      </Button>
      <Menu
        id={`${id}-menu`}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-label': viewText.menuLabel(pageTitle) } }}
      >
        {mine.length > 0 ? <ListSubheader>{viewText.mine}</ListSubheader> : null}
        {mine.map(item)}
        {others.length > 0 ? <ListSubheader>{viewText.shared}</ListSubheader> : null}
        {others.map(item)}
        {all.length === 0 ? (
          <MenuItem disabled>{views.isError ? `Saved views could not be loaded: ${errorReason(views.error)}` : viewText.none}</MenuItem>
        ) : null}
        <Divider />
        <MenuItem
          onClick={() => {
            setAnchor(null);
            setSaving(true);
          }}
        >
          {viewText.save}
        </MenuItem>
        <MenuItem
          disabled={mine.length === 0}
          onClick={() => {
            setAnchor(null);
            setManaging(true);
          }}
        >
          {viewText.manage}
        </MenuItem>
      </Menu>
      <SaveViewDialog
        open={saving}
        title={viewText.saveTitle}
        description={viewText.whatIsSaved(describes)}
        initialName=""
        initialShared={false}
        onSubmit={save}
        onClose={() => setSaving(false)}
      />
      <ManageViewsDialog open={managing} views={mine} currentState={currentState} onClose={() => setManaging(false)} />
    </>
  );
}
