import { Stack, TextField } from '@mui/material';
import { dayRangeToInstants } from '../../../lib/dayRange';
import { withTimeZone } from '../../../lib/format';

export interface DayRange {
  from: string;
  to: string;
}

export function AuditLogRange({ value, onChange }: { value: DayRange; onChange: (next: DayRange) => void }) {
  const invalid = dayRangeToInstants(value) === null;
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <TextField
        label={withTimeZone('From')}
        type="date"
        size="small"
        value={value.from}
        onChange={(e) => onChange({ ...value, from: e.target.value })}
        slotProps={{ inputLabel: { shrink: true } }}
        error={invalid}
      />
      <TextField
        label={withTimeZone('To')}
        type="date"
        size="small"
        value={value.to}
        onChange={(e) => onChange({ ...value, to: e.target.value })}
        slotProps={{ inputLabel: { shrink: true } }}
        error={invalid}
        helperText={invalid ? 'From must not be after To' : 'Both days included (UTC days); empty means open-ended'}
      />
    </Stack>
  );
}
