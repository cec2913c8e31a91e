import type { ReactNode } from 'react';
import { Box } from '@mui/material';

/**
 * Up to this many rows a table grows with the page: every row is laid out and the page has one scroll bar
 * (a box of ~9 rows inside the page made operators scroll two things). A longer list (250 a page,
 * Show All, many Load more) keeps to the window's height instead and scrolls itself, so the DataGrid
 * virtualizes it: only the rows in view are in the DOM.
 */
export const GROW_WITH_PAGE_MAX_ROWS = 100;

/**
 * The DataGrid's parent: a flex column without a height lets the grid take the height its rows need (MUI X's
 * "flex parent container"); past GROW_WITH_PAGE_MAX_ROWS a maximum height (the window below the sticky
 * navigation) makes it scroll and virtualize. The minimum leaves room for the "no rows" and loading overlays.
 */
export function GrowingGridBox({ rowCount, minHeight = 240, children }: { rowCount: number; minHeight?: number; children: ReactNode }) {
  const virtualized = rowCount > GROW_WITH_PAGE_MAX_ROWS;
  return (
    <Box
      data-virtualized={virtualized}
      sx={{ display: 'flex', flexDirection: 'column', minHeight, maxHeight: virtualized ? 'calc(100vh - 120px)' : 'none' }}
    >
      {children}
    </Box>
  );
}
