import { Box, Typography } from '@mui/material';

const EXAMPLE = `name,gender,nationality
Anna,female,swedish
Ásta,female,icelandic
Noah,male,american
Alex,unisex,english`;

/** The expected file format and how rows are counted, next to the upload controls. */
export function CsvFormatHelp() {
  return (
    <Box>
      <Typography variant="subtitle2" component="h3">
        Expected CSV format
      </Typography>
      <Typography variant="body2" color="text.secondary">
        The first row is the header <code>name,gender,nationality</code> (any case, any column order, extra columns are ignored; columns may
        be separated by commas, semicolons or tabs). A file with other headers (another language, another tool&apos;s export) is read too:
        the page asks which column holds each. Gender is male, female or unisex. Names are saved capitalized (first letter upper, the rest
        lower); gender and nationality are saved in lower case. Empty lines are ignored.
      </Typography>
      <Box
        component="pre"
        aria-label="Example CSV"
        sx={{ my: 1, p: 1.5, bgcolor: 'action.hover', borderRadius: 1, fontSize: '0.85rem', overflowX: 'auto' }}
      >
        {EXAMPLE}
      </Box>
      <Typography variant="body2" color="text.secondary">
        &quot;Skipped&quot; counts rows missing a name, gender or nationality, rows with a gender other than male, female or unisex, rows
        whose name or nationality is over 200 characters or holds characters that cannot be stored (control, invisible or bidirectional
        characters, or U+FFFD where the file&apos;s encoding could not be read), and duplicates: the same name, gender and nationality (in
        any case) is stored once, so a row already stored, or repeated in the file, is skipped. The report says how many for each reason.
        Files may be UTF-8 (with or without a BOM), UTF-16 with a BOM, or Windows-1252 (what spreadsheet programs export); the report names
        the encoding it read. Row numbers in reports count data rows after the header, not counting empty lines.
      </Typography>
    </Box>
  );
}
