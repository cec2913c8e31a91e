import { TablePagination } from '@mui/material';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { formatCount } from '../../../lib/format';
import { USER_PAGE_SIZES, pageSizeChanged, pageStepped, selectUserPage, selectUserPageSize, type PageAnchor } from '../usersSlice';

/** MUI's "All" convention in rowsPerPageOptions; the slice calls it 'all'. */
const SHOW_ALL = -1;
const OPTIONS = [...USER_PAGE_SIZES, { label: 'Show All', value: SHOW_ALL }];

/** Page size (25, 50, 100, 250, Show All) and page, under the grid. */
export function UsersPager({
  total,
  totalIsLowerBound,
  shown,
  hasNextPage,
  anchorFor,
}: {
  total: number | null;
  totalIsLowerBound: boolean;
  shown: number;
  hasNextPage: boolean;
  /** how Next or Previous reaches a page: the list's cursors */
  anchorFor(page: number): PageAnchor;
}) {
  const dispatch = useAppDispatch();
  const pageSize = useAppSelector(selectUserPageSize);
  const page = useAppSelector(selectUserPage);
  const size = pageSize === 'all' ? SHOW_ALL : pageSize;
  // A total the backend cannot give, or gives only as "more than": allow "next" while full pages come back.
  const known = totalIsLowerBound ? null : total;
  // Whether a page follows is the backend's word (nextCursor), never a guess from a full page.
  const count = known ?? (pageSize !== 'all' && hasNextPage ? -1 : page * size + shown);
  return (
    <TablePagination
      component="div"
      count={count}
      page={pageSize === 'all' ? 0 : page}
      rowsPerPage={size}
      rowsPerPageOptions={OPTIONS}
      labelRowsPerPage="Users per page:"
      labelDisplayedRows={({ from, to, count: c }) =>
        pageSize === 'all'
          ? `${formatCount(shown)} of ${formatCount(total ?? shown)}`
          : `${formatCount(from)}–${formatCount(to)} of ${c === -1 ? `more than ${formatCount(Math.max(to, total ?? 0))}` : formatCount(c)}`
      }
      onPageChange={(_event, next) => dispatch(pageStepped({ page: next, anchor: anchorFor(next) }))}
      onRowsPerPageChange={(event) => {
        const value = Number(event.target.value);
        dispatch(pageSizeChanged(value === SHOW_ALL ? 'all' : (value as (typeof USER_PAGE_SIZES)[number])));
      }}
      slotProps={{ actions: { nextButton: { disabled: pageSize === 'all' || !hasNextPage || undefined } } }}
    />
  );
}
