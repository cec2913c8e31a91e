// One figure on a card: the dashboard's counts (with an icon, live badge) and the analytics screens' figures.
import { useId, type ReactNode } from 'react';
import { Avatar, Box, Card, CardContent, Stack, Tooltip, Typography } from '@mui/material';
import { LoadingSkeleton } from './LoadingSkeleton';
import { alpha } from '@mui/material/styles';
import { formatCount } from '../lib/format';

export interface StatCardProps {
  title: string;
  /** a count (shown with separators), a figure already formatted (seconds, percents), or none ('—') */
  value: number | string | null | undefined;
  icon?: ReactNode;
  /** no figure yet: a skeleton instead (a count already known stays while it reloads) */
  loading?: boolean;
  /** marks figures that update by themselves */
  live?: boolean;
  caption?: ReactNode;
  error?: string | null;
  color?: 'primary' | 'secondary' | 'success' | 'info' | 'warning';
  /** 'large' for a page's headline figures (the dashboard), 'medium' where many stand in a row */
  size?: 'large' | 'medium';
}

function LiveBadge() {
  return (
    <Tooltip title="Updates live">
      <Stack direction="row" spacing={0.75} sx={{ color: 'success.main', alignItems: 'center' }}>
        <Box
          component="span"
          sx={{
            width: 8,
            height: 8,
            borderRadius: '50%',
            bgcolor: 'success.main',
            '@keyframes pulse': { '0%': { opacity: 1 }, '50%': { opacity: 0.35 }, '100%': { opacity: 1 } },
            animation: 'pulse 2s ease-in-out infinite',
          }}
        />
        <Typography variant="caption" sx={{ fontWeight: 600 }}>
          Live
        </Typography>
      </Stack>
    </Tooltip>
  );
}

export function StatCard({
  title,
  value,
  icon,
  loading = false,
  live = false,
  caption,
  error,
  color = 'primary',
  size = 'large',
}: StatCardProps) {
  const titleId = useId();
  const hasCount = typeof value === 'number' && Number.isFinite(value);
  const shown = hasCount ? formatCount(value) : typeof value === 'string' ? value : '—';
  const large = size === 'large';
  const footer = error ? (
    <Typography variant="caption" color="error" role="status">
      {error}
    </Typography>
  ) : caption ? (
    <Typography variant="caption" color="text.secondary" component="div">
      {caption}
    </Typography>
  ) : live ? (
    <LiveBadge />
  ) : null;
  return (
    <Card component="section" aria-labelledby={titleId} sx={{ height: '100%' }}>
      <CardContent sx={{ p: 2.5, '&:last-child': { pb: 2.5 } }}>
        <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography id={titleId} variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
              {title}
            </Typography>
            {/* A live figure whose stream failed stays, dimmed: the caption says it is stale or disconnected. */}
            <Typography
              variant={large ? 'h4' : 'h5'}
              component="p"
              sx={{
                mt: 0.5,
                fontVariantNumeric: 'tabular-nums',
                fontWeight: large ? undefined : 600,
                opacity: live && error && hasCount ? 0.5 : 1,
              }}
            >
              {loading && !hasCount ? <LoadingSkeleton width={large ? 110 : 90} label={`Loading ${title}`} /> : shown}
            </Typography>
          </Box>
          {icon && (
            <Avatar
              variant="rounded"
              sx={(theme) => ({
                width: 44,
                height: 44,
                borderRadius: 2.5,
                color: theme.palette[color].main,
                bgcolor: alpha(theme.palette[color].main, theme.palette.mode === 'dark' ? 0.18 : 0.1),
              })}
            >
              {icon}
            </Avatar>
          )}
        </Stack>
        {/* A large card keeps the footer's height even when empty, so a row of them lines up. */}
        {large ? <Box sx={{ mt: 1.5, minHeight: 20 }}>{footer}</Box> : footer && <Box sx={{ mt: 0.75 }}>{footer}</Box>}
      </CardContent>
    </Card>
  );
}
