// One figure on the dashboard: title, big number (skeleton while loading), optional live badge and caption.
import { useId, type ReactNode } from 'react';
import { Avatar, Box, Card, CardContent, Skeleton, Stack, Tooltip, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { formatCount } from '../lib/format';

export interface StatCardProps {
  title: string;
  value: number | null | undefined;
  icon: ReactNode;
  loading?: boolean;
  /** marks figures that update by themselves */
  live?: boolean;
  caption?: ReactNode;
  error?: string | null;
  color?: 'primary' | 'secondary' | 'success' | 'info' | 'warning';
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

export function StatCard({ title, value, icon, loading = false, live = false, caption, error, color = 'primary' }: StatCardProps) {
  const titleId = useId();
  const hasValue = typeof value === 'number' && Number.isFinite(value);
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
              variant="h4"
              component="p"
              sx={{ mt: 0.5, fontVariantNumeric: 'tabular-nums', opacity: live && error && hasValue ? 0.5 : 1 }}
            >
              {loading && !hasValue ? <Skeleton width={110} aria-label={`Loading ${title}`} /> : hasValue ? formatCount(value) : '—'}
            </Typography>
          </Box>
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
        </Stack>
        <Box sx={{ mt: 1.5, minHeight: 20 }}>
          {error ? (
            <Typography variant="caption" color="error" role="status">
              {error}
            </Typography>
          ) : caption ? (
            <Typography variant="caption" color="text.secondary" component="div">
              {caption}
            </Typography>
          ) : live ? (
            <LiveBadge />
          ) : null}
        </Box>
      </CardContent>
    </Card>
  );
}
