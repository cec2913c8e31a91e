import { useId } from 'react';
import { Box, Card, CardContent, List, ListItem, Typography } from '@mui/material';
import type { NameCount } from '../../../../contract/schemas/analytics';
import { formatCount } from '../../../lib/format';
import { capitalize } from '../chartData';

export interface TopNamesCardProps {
  group: string;
  names: readonly NameCount[];
  /** what the count is, for the column header and screen readers */
  countLabel: string;
}

/** The most liked names of one group (a gender or a nationality), numbered, with their counts. */
export function TopNamesCard({ group, names, countLabel }: TopNamesCardProps) {
  const titleId = useId();
  const total = names.reduce((sum, [, count]) => sum + count, 0);
  return (
    <Card component="section" aria-labelledby={titleId} variant="outlined" sx={{ height: '100%' }}>
      <CardContent sx={{ p: 2, '&:last-child': { pb: 2 } }}>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', mb: 1 }}>
          <Typography id={titleId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            {capitalize(group)}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {countLabel}
          </Typography>
        </Box>
        {names.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            No likes yet.
          </Typography>
        ) : (
          <List dense disablePadding component="ol" aria-label={`Top names, ${group}`}>
            {names.map(([name, count], index) => (
              <ListItem key={name} disableGutters sx={{ py: 0.25, display: 'flex', gap: 1 }}>
                <Typography
                  variant="body2"
                  color="text.secondary"
                  sx={{ width: 24, textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}
                >
                  {index + 1}.
                </Typography>
                <Typography variant="body2" sx={{ flex: 1, fontWeight: index === 0 ? 600 : 400 }}>
                  {name}
                </Typography>
                <Typography
                  variant="body2"
                  sx={{ fontVariantNumeric: 'tabular-nums' }}
                  aria-label={`${formatCount(count)} ${countLabel.toLowerCase()}`}
                >
                  {formatCount(count)}
                </Typography>
              </ListItem>
            ))}
          </List>
        )}
        {names.length > 0 ? (
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
            {formatCount(total)} {countLabel.toLowerCase()} for these {names.length}
          </Typography>
        ) : null}
      </CardContent>
    </Card>
  );
}
