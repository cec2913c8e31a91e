import { Box, Button, Chip, Divider, Drawer, IconButton, Stack, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import HistoryIcon from '@mui/icons-material/History';
import type { NotificationSettings, UserRecord } from '../../../../contract/schemas/usersAudit';
import { formatCount, formatDateTimeWithZone } from '../../../lib/format';
import { userLabel } from '../userMutationToasts';

type Field = [label: string, value: string];

function text(value: string | null | undefined): string {
  return value === null || value === undefined || value === '' ? '—' : value;
}

/** Every field of the record (spec 3), in the spec's order. */
export function userRecordFields(user: UserRecord): Field[] {
  return [
    ['uid', user.uid],
    ['email', text(user.email)],
    ['username', text(user.username)],
    ['displayName', text(user.displayName)],
    ['accountActive', user.accountActive ? 'Yes' : 'No'],
    ['isPremium', user.isPremium ? 'Yes' : 'No'],
    ['createdAt', formatDateTimeWithZone(user.createdAt)],
    ['updatedAt', formatDateTimeWithZone(user.updatedAt)],
    ['lastLogin', formatDateTimeWithZone(user.lastLogin)],
    ['lastActiveDate', formatDateTimeWithZone(user.lastActiveDate)],
    ['preferredGender', text(user.preferredGender)],
    ['preferredNationality', text(user.preferredNationality)],
    ['preferredLanguage', text(user.preferredLanguage)],
    ['connectedUserId', text(user.connectedUserId)],
    ['connectionStatus', text(user.connectionStatus)],
    ['connectionRequestSent', user.connectionRequestSent ? 'Yes' : 'No'],
    ['dailySwipeCount', formatCount(user.dailySwipeCount)],
    ['lastSwipeDate', formatDateTimeWithZone(user.lastSwipeDate)],
    ['isAdmin', user.isAdmin ? 'Yes' : 'No'],
    ['totalActiveTimeFormatted', text(user.totalActiveTimeFormatted)],
  ];
}

const NOTIFICATION_FLAGS: (keyof NotificationSettings)[] = [
  'matchedName',
  'connectionRequest',
  'connectionConfirmed',
  'connectionRejected',
  'partnerDisconnected',
  'dailyReminder',
];

export interface UserDetailDrawerProps {
  user: UserRecord | null;
  onClose(): void;
  /** opens the record's history (who changed what, with revert) */
  onHistory?(user: UserRecord): void;
}

export function UserDetailDrawer({ user, onClose, onHistory }: UserDetailDrawerProps) {
  return (
    <Drawer anchor="right" open={user !== null} onClose={onClose} slotProps={{ paper: { sx: { width: { xs: '100%', sm: 440 } } } }}>
      {user && (
        <Box role="region" aria-label="User details" sx={{ p: 3 }}>
          <Stack direction="row" sx={{ alignItems: 'flex-start', justifyContent: 'space-between', mb: 2 }}>
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="h6" component="h2" noWrap>
                {userLabel(user)}
              </Typography>
              <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
                {user.isPremium ? (
                  <Chip size="small" color="warning" label="Premium" />
                ) : (
                  <Chip size="small" variant="outlined" label="Free" />
                )}
                {user.accountActive ? <Chip size="small" color="success" label="Active" /> : <Chip size="small" label="Inactive" />}
                {user.isAdmin && <Chip size="small" color="primary" label="Admin" />}
              </Stack>
              {onHistory && (
                <Button size="small" variant="outlined" startIcon={<HistoryIcon />} onClick={() => onHistory(user)} sx={{ mt: 1.5 }}>
                  History
                </Button>
              )}
            </Box>
            <IconButton aria-label="Close details" onClick={onClose}>
              <CloseIcon />
            </IconButton>
          </Stack>
          <Divider />
          <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 190px) 1fr', columnGap: 2, rowGap: 1, my: 2 }}>
            {userRecordFields(user).map(([label, value]) => (
              <Box key={label} sx={{ display: 'contents' }}>
                <Typography component="dt" variant="body2" color="text.secondary">
                  {label}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0, wordBreak: 'break-all' }}>
                  {value}
                </Typography>
              </Box>
            ))}
          </Box>
          <Divider />
          <Typography variant="subtitle2" component="h3" sx={{ mt: 2, mb: 1 }}>
            notificationSettings
          </Typography>
          <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 190px) 1fr', columnGap: 2, rowGap: 1, m: 0 }}>
            {NOTIFICATION_FLAGS.map((flag) => (
              <Box key={flag} sx={{ display: 'contents' }}>
                <Typography component="dt" variant="body2" color="text.secondary">
                  {flag}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                  {user.notificationSettings?.[flag] ? 'On' : 'Off'}
                </Typography>
              </Box>
            ))}
          </Box>
        </Box>
      )}
    </Drawer>
  );
}
