import { useSearchParams } from 'react-router-dom';
import { useAppSelector } from '../../../app/hooks';
import { ViewsMenu, type ListPart } from '../../savedViews';
import { sanitizeFilters, sanitizeSort, selectUsersView } from '../usersSlice';
import { searchParamsWithUsersView } from '../usersUrl';

/**
 * User Management's saved views: filters and search, sort, page size, and the grid's columns and density. Applying
 * one opens its first page through the address, as a new history entry (the page's own changes replace theirs), so
 * Back returns to the list before it.
 */
export function UsersViewsControl() {
  const view = useAppSelector(selectUsersView);
  const [, setSearchParams] = useSearchParams();
  return (
    <ViewsMenu
      page="users"
      pageTitle="User Management"
      describes="the search and filters, the sort, the page size, the visible columns and the density"
      current={(): ListPart<'users'> => ({ filters: { ...view.filters }, sort: { ...view.sort }, pageSize: view.pageSize })}
      showList={(saved) =>
        setSearchParams((current) =>
          searchParamsWithUsersView(
            { filters: sanitizeFilters(saved.filters), sort: sanitizeSort(saved.sort), pageSize: saved.pageSize, page: 0, anchor: null },
            current,
          ),
        )
      }
    />
  );
}
