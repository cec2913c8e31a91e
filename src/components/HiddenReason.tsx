// Why a control is disabled, for screen readers: the control points at it with aria-describedby, while a tooltip
// shows the same text on hover.
import type { ReactNode } from 'react';
import { Box } from '@mui/material';

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** Text in the page but not on screen, named by `id` for the aria-describedby of the control it explains. */
export function HiddenReason({ id, children }: { id: string; children: ReactNode }) {
  return (
    <Box component="span" id={id} sx={visuallyHidden}>
      {children}
    </Box>
  );
}
