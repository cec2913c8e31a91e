import { Chip } from '@mui/material';
import { alpha, darken, lighten } from '@mui/material/styles';
import { eventBadgeColor } from '../eventBadge';

/**
 * An event name in its spec 4 badge style. Tinted rather than filled: white text on MUI's info and error
 * fills fell below WCAG AA contrast at this size (axe); the tint keeps the colour, the text a darker
 * (light mode) or lighter (dark mode) shade of it.
 */
export function EventBadge({ event }: { event: string }) {
  const color = eventBadgeColor(event);
  return (
    <Chip
      size="small"
      label={event}
      variant="outlined"
      data-badge={color}
      sx={(theme) => ({
        fontFamily: 'monospace',
        fontWeight: 600,
        ...(color === 'default'
          ? {}
          : {
              color: theme.palette.mode === 'dark' ? lighten(theme.palette[color].main, 0.5) : darken(theme.palette[color].main, 0.35),
              borderColor: alpha(theme.palette[color].main, 0.6),
              bgcolor: alpha(theme.palette[color].main, theme.palette.mode === 'dark' ? 0.16 : 0.08),
            }),
      })}
    />
  );
}
