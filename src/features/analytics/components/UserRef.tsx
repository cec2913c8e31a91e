import { Box, Link, Tooltip, Typography } from '@mui/material';
import { LoadingSkeleton } from '../../../components/LoadingSkeleton';
import { Link as RouterLink } from 'react-router-dom';
import type { UserRecord } from '../../../../contract/schemas/usersAudit';
import { userLookupPath } from '../analyticsUrl';
import { useUserRecordQuery } from '../userRecordApi';

/** What a person calls the user: their name, else their e-mail. */
export function userDisplayName(user: UserRecord): string | null {
  return user.displayName || user.username || user.email || null;
}

const idSx = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: '0.75rem' } as const;

export interface UserRefProps {
  uid: string;
  /** stacked: the name above the id (table cells); inline: both on one line (prose). */
  layout?: 'stacked' | 'inline';
}

/**
 * A user id as an operator wants to read it: the user's name or e-mail beside the 28-character id,
 * linking to that user's analytics (the lookup on Advanced Analytics, which scrolls to its result). An id with
 * no record (a deleted account) says so and links nowhere.
 */
export function UserRef({ uid, layout = 'stacked' }: UserRefProps) {
  const { data: user, isLoading, isError } = useUserRecordQuery(uid);
  const name = user ? userDisplayName(user) : null;
  const stacked = layout === 'stacked';
  const id = (
    <Typography component="span" color="text.secondary" noWrap sx={{ ...idSx, display: stacked ? 'block' : 'inline', ml: stacked ? 0 : 1 }}>
      {uid}
    </Typography>
  );
  const nameText = isLoading ? (
    <LoadingSkeleton component="span" width={96} sx={{ display: stacked ? 'block' : 'inline-block' }} label="Loading the user's name" />
  ) : user === null ? (
    <Typography component="span" variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }}>
      no user record
    </Typography>
  ) : isError ? null : (
    (name ?? 'unnamed user')
  );

  if (user === null) {
    return (
      <Box component="span" sx={{ display: stacked ? 'block' : 'inline', minWidth: 0, lineHeight: 1.3 }}>
        <Box component="span" sx={{ display: stacked ? 'block' : 'inline' }}>
          {nameText}
        </Box>{' '}
        {id}
      </Box>
    );
  }
  const title = user ? [user.displayName || user.username, user.email, uid].filter(Boolean).join(' · ') : uid;
  return (
    <Tooltip describeChild title={`${title}: open this user's analytics`}>
      <Link
        component={RouterLink}
        to={userLookupPath(uid)}
        underline="hover"
        sx={{ display: stacked ? 'block' : 'inline', minWidth: 0, lineHeight: 1.3, overflow: 'hidden' }}
      >
        {nameText === null ? null : (
          <Typography component="span" variant="body2" noWrap sx={{ display: stacked ? 'block' : 'inline', fontWeight: 500 }}>
            {nameText}
          </Typography>
        )}{' '}
        {id}
      </Link>
    </Tooltip>
  );
}
