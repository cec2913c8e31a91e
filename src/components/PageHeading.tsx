// A page's heading (its h1) with what acts on the whole page at the right, wrapping under it in a narrow window.
import type { ReactNode } from 'react';
import { Stack, Typography } from '@mui/material';

export interface PageHeadingProps {
  title: string;
  /** the space between the heading and its actions once they wrap */
  rowGap?: number;
  /** the page's actions (saved views, buttons) */
  children?: ReactNode;
}

export function PageHeading({ title, rowGap, children }: PageHeadingProps) {
  return (
    <Stack direction="row" spacing={2} sx={{ mb: 3, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', rowGap }}>
      <Typography variant="h4" component="h1">
        {title}
      </Typography>
      {children}
    </Stack>
  );
}
