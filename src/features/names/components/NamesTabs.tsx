import { Tab, Tabs } from '@mui/material';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { formatCount } from '../../../lib/format';
import { useTrashSummary } from '../hooks/useTrashSummary';
import { selectNamesView, tabChanged, type NamesTab } from '../namesSlice';

export const tabId = (tab: NamesTab) => `manage-names-tab-${tab}`;
export const tabPanelId = (tab: NamesTab) => `manage-names-panel-${tab}`;

/** "Names" and "Trash (n)": the live names, or what was deleted and can still be restored. */
export function NamesTabs() {
  const dispatch = useAppDispatch();
  const { tab } = useAppSelector(selectNamesView);
  const { total } = useTrashSummary();
  return (
    <Tabs value={tab} onChange={(_event, next: NamesTab) => dispatch(tabChanged(next))} aria-label="Names or trash">
      <Tab value="names" label="Names" id={tabId('names')} aria-controls={tabPanelId('names')} />
      <Tab
        value="trash"
        label={total === undefined ? 'Trash' : `Trash (${formatCount(total)})`}
        id={tabId('trash')}
        aria-controls={tabPanelId('trash')}
      />
    </Tabs>
  );
}
