// Data Export (/data-export): one card per export (spec 2), each a cancellable job; and the restore preview.
import { Box, Container, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { usePageTitle } from '../../lib/usePageTitle';
import { utcDay } from '../../lib/format';
import { dayRangeToInstants } from '../../lib/dayRange';
import { AuditLogRange, type DayRange } from './components/AuditLogRange';
import { ExportCard } from './components/ExportCard';
import { RestoreCard } from './components/RestoreCard';

function lastWeek(): DayRange {
  const today = new Date();
  const weekAgo = new Date(today.getTime() - 6 * 24 * 60 * 60 * 1000);
  return { from: utcDay(weekAgo), to: utcDay(today) };
}

export default function DataExportPage() {
  usePageTitle('Data Export');
  const [range, setRange] = useState<DayRange>(lastWeek);
  return (
    <Container maxWidth="lg" sx={{ py: 3 }}>
      <Stack spacing={3}>
        <Box>
          <Typography variant="h4" component="h1">
            Data Export
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Exports are read page by page and written as they arrive; files are dated by day. Where the browser allows it you choose where
            the file goes and it is written there directly; otherwise it downloads when complete.
          </Typography>
        </Box>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <ExportCard kind="users" title="Users" description="Every user record with its flags, preferences and dates, as CSV." />
          <ExportCard kind="names" title="Names" description="The whole name database (id, name, gender, nationality, created), as CSV." />
          <ExportCard kind="analytics" title="Analytics" description="Per name: swipes, likes, dislikes and like ratio, as CSV or JSON." />
          <ExportCard
            kind="backup"
            title="Full Backup"
            description="Users, names, connections and audit logs in one JSON document (version 1.0)."
            // The spec's four collections only; the server's whole database is another backup (docs/operations.md, "Backups").
            note="It does not hold swipes, connection requests, console actions, import runs, the trash or sign-in accounts: a complete copy of the server database is npm run db:backup."
          />
          <ExportCard
            kind="audit-logs"
            title="Audit Logs"
            description="Audit log events in a date range, oldest first, as CSV."
            range={() => dayRangeToInstants(range)}
          >
            <AuditLogRange value={range} onChange={setRange} />
          </ExportCard>
          <RestoreCard />
        </Box>
      </Stack>
    </Container>
  );
}
