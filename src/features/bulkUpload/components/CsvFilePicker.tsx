import { useRef, type ChangeEvent } from 'react';
import { Button, Stack, Typography } from '@mui/material';

export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export interface CsvFilePickerProps {
  file: File | null;
  disabled?: boolean;
  onChange: (file: File | null) => void;
}

/** An MUI button opening the browser's file chooser (a hidden input), plus the chosen file's name and size. */
export function CsvFilePicker({ file, disabled = false, onChange }: CsvFilePickerProps) {
  const input = useRef<HTMLInputElement>(null);
  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    onChange(event.target.files?.[0] ?? null);
    // Clear the input so choosing the same file again (e.g. after fixing it) fires change again.
    event.target.value = '';
  };
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
      {/* A real button (not a <label> styled as one) so Enter and Space open the chooser too. */}
      <Button variant="outlined" disabled={disabled} onClick={() => input.current?.click()}>
        Choose CSV file
      </Button>
      <input ref={input} type="file" hidden accept=".csv,text/csv" aria-label="CSV file" onChange={handleChange} />
      <Typography variant="body2" color={file ? 'text.primary' : 'text.secondary'} data-testid="chosen-file">
        {file ? `${file.name} (${formatFileSize(file.size)})` : 'No file chosen'}
      </Typography>
    </Stack>
  );
}
