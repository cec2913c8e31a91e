import { Stack, TextField } from '@mui/material';

export interface DayRange {
  from: string;
  to: string;
}

/** 'YYYY-MM-DD' days -> ISO instants at the operator's local midnight, `to` made exclusive (next day). */
export function rangeToInstants({ from, to }: DayRange): { from?: string; to?: string } | null {
  const start = from ? new Date(`${from}T00:00:00`) : null;
  const end = to ? new Date(`${to}T00:00:00`) : null;
  if (end) end.setDate(end.getDate() + 1);
  if ((start && Number.isNaN(start.getTime())) || (end && Number.isNaN(end.getTime()))) return null;
  if (start && end && start >= end) return null;
  return { ...(start ? { from: start.toISOString() } : {}), ...(end ? { to: end.toISOString() } : {}) };
}

export function AuditLogRange({ value, onChange }: { value: DayRange; onChange: (next: DayRange) => void }) {
  const invalid = rangeToInstants(value) === null;
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <TextField
        label="From"
        type="date"
        size="small"
        value={value.from}
        onChange={(e) => onChange({ ...value, from: e.target.value })}
        slotProps={{ inputLabel: { shrink: true } }}
        error={invalid}
      />
      <TextField
        label="To"
        type="date"
        size="small"
        value={value.to}
        onChange={(e) => onChange({ ...value, to: e.target.value })}
        slotProps={{ inputLabel: { shrink: true } }}
        error={invalid}
        helperText={invalid ? 'From must not be after To' : 'Both days included; empty means open-ended'}
      />
    </Stack>
  );
}
