import { Chip } from '@mui/material';
import { eventBadgeColor } from '../eventBadge';

/** An event name in its spec 4 badge style. */
export function EventBadge({ event }: { event: string }) {
  const color = eventBadgeColor(event);
  return (
    <Chip
      size="small"
      label={event}
      color={color}
      variant={color === 'default' ? 'outlined' : 'filled'}
      data-badge={color}
      sx={{ fontFamily: 'monospace', fontWeight: 600 }}
    />
  );
}
