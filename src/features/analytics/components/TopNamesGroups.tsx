import { useState } from 'react';
import { Button, Grid, Skeleton, Typography } from '@mui/material';
import type { NameGroup } from '../topNames';
import { TopNamesCard } from './TopNamesCard';

export interface TopNamesGroupsProps {
  groups: readonly NameGroup[];
  loading: boolean;
  countLabel: string;
  /** groups shown before "Show all" (there may be dozens of nationalities) */
  initiallyShown?: number;
  emptyLabel: string;
}

/** A card per group, the busiest first; long lists of groups fold behind a Show all button. */
export function TopNamesGroups({ groups, loading, countLabel, initiallyShown = Infinity, emptyLabel }: TopNamesGroupsProps) {
  const [showAll, setShowAll] = useState(false);
  if (loading) return <Skeleton variant="rounded" height={220} />;
  if (groups.length === 0) return <Typography color="text.secondary">{emptyLabel}</Typography>;
  const shown = showAll ? groups : groups.slice(0, initiallyShown);
  return (
    <>
      <Grid container spacing={2}>
        {shown.map((group) => (
          <Grid key={group.group} size={{ xs: 12, sm: 6, md: 4 }}>
            <TopNamesCard group={group.group} names={group.names} countLabel={countLabel} />
          </Grid>
        ))}
      </Grid>
      {groups.length > shown.length || showAll ? (
        <Button sx={{ mt: 1.5 }} onClick={() => setShowAll((value) => !value)}>
          {showAll ? 'Show fewer' : `Show all ${groups.length} groups`}
        </Button>
      ) : null}
    </>
  );
}
