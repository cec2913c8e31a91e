import { Alert, MenuItem, Stack, TextField } from '@mui/material';
import { REQUIRED_COLUMNS, normalizeHeader, type ColumnMapping, type RequiredColumn } from '../../../../contract/csvRows';

const LABELS: Record<RequiredColumn, string> = { name: 'Name column', gender: 'Gender column', nationality: 'Nationality column' };

export interface ColumnMappingFieldsProps {
  /** the file's header cells as written */
  fields: readonly string[];
  columns: Partial<ColumnMapping>;
  disabled?: boolean;
  onChange: (columns: Partial<ColumnMapping>) => void;
}

/**
 * For a file whose header is not name,gender,nationality: which of its columns holds each. Proposed from the header
 * (or the choice made last time for the same header); the rules after it are the usual ones.
 */
export function ColumnMappingFields({ fields, columns, disabled = false, onChange }: ColumnMappingFieldsProps) {
  return (
    <Stack spacing={1.5} role="group" aria-label="Columns of the file">
      <Alert severity="info">
        This file&apos;s header is not name,gender,nationality. Choose which column holds each; the choice is remembered for files with the
        same header.
      </Alert>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {REQUIRED_COLUMNS.map((column) => (
          <TextField
            key={column}
            select
            size="small"
            sx={{ minWidth: 180 }}
            label={LABELS[column]}
            value={columns[column] ?? ''}
            disabled={disabled}
            error={!columns[column]}
            helperText={columns[column] ? ' ' : 'Not chosen'}
            onChange={(event) => onChange({ ...columns, [column]: event.target.value })}
          >
            {fields.map((field) => (
              <MenuItem key={field} value={normalizeHeader(field)}>
                {field}
              </MenuItem>
            ))}
          </TextField>
        ))}
      </Stack>
    </Stack>
  );
}
