import { useSearchParams } from 'react-router-dom';
import { useAppSelector } from '../../../app/hooks';
import { ViewsMenu, type ListPart } from '../../savedViews';
import { DEFAULT_NAMES_VIEW, selectNamesFilters } from '../namesSlice';
import { searchParamsWithFilters, searchParamsWithView } from '../namesUrl';

/**
 * Manage Names' saved views: the filters and the search, with the grid's columns and density. The list has no sort
 * or page size to keep (the server orders it, and it scrolls on). Applying one sets the address (the Names tab, the
 * view's filters) as a new history entry, so Back returns to the list before it.
 */
export function NamesViewsControl() {
  const filters = useAppSelector(selectNamesFilters);
  const [, setSearchParams] = useSearchParams();
  return (
    <ViewsMenu
      page="names"
      pageTitle="Manage Names"
      describes="the letter, gender and nationality filters, the search, the visible columns and the density"
      current={(): ListPart<'names'> => ({ filters: { ...filters } })}
      showList={({ filters: saved }) =>
        setSearchParams((current) => searchParamsWithView(DEFAULT_NAMES_VIEW, searchParamsWithFilters(saved, current)))
      }
    />
  );
}
