import { useRef, useState } from 'react';
import { nanoid } from '@reduxjs/toolkit';
import { Alert, Button, Card, CardContent, Divider, Stack, Typography } from '@mui/material';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { jobCancelRequested, JobStatus, selectLatestJobOfKind } from '../../jobs';
import { bulkImportRequested } from '../bulkUploadActions';
import { handOffFile } from '../fileHandoff';
import { NO_FILE_TEXT } from '../importReport';
import { hasRequiredColumns, proposeColumns, REQUIRED_COLUMNS, type ColumnMapping } from '../../../../contract/csvRows';
import { readCsvHeader, rememberColumns, rememberedColumns } from '../csv/csvHeader';
import { ColumnMappingFields } from './ColumnMappingFields';
import { CsvFilePicker } from './CsvFilePicker';
import { CsvFormatHelp } from './CsvFormatHelp';
import { ImportFigures } from './ImportFigures';

const IMPORT_JOB_KINDS = ['bulkImport', 'importCheck'] as const;

/**
 * Choose a CSV and start the import job, or first check the file (the whole pipeline, nothing written:
 * contract/importChecks.ts); the job's progress and report come from the jobs slice.
 */
export function ImportCard() {
  const dispatch = useAppDispatch();
  const job = useAppSelector((state) => selectLatestJobOfKind(state, IMPORT_JOB_KINDS));
  const running = job?.state === 'running';
  const checking = job?.kind === 'importCheck';
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  /** the chosen file's header when it does not name the columns (null: it does, or it is not read yet) */
  const [header, setHeader] = useState<string[] | null>(null);
  const [columns, setColumns] = useState<Partial<ColumnMapping>>({});
  const chosen = useRef<File | null>(null);
  /** the chosen file's header read: resolves true when the file needs a column mapping */
  const headerRead = useRef<Promise<boolean>>(Promise.resolve(false));

  const choose = (next: File | null) => {
    chosen.current = next;
    setFile(next);
    setProblem(null);
    setHeader(null);
    if (!next) return;
    headerRead.current = readCsvHeader(next).then(
      (fields) => {
        if (chosen.current !== next || fields.length === 0 || hasRequiredColumns(fields)) return false;
        setHeader(fields);
        setColumns(rememberedColumns(fields) ?? proposeColumns(fields));
        return true;
      },
      () => false, // the import reads the file again and reports what is wrong with it
    );
  };

  const mapping = (): ColumnMapping | undefined | null => {
    if (!header) return undefined;
    return REQUIRED_COLUMNS.every((column) => columns[column]) ? (columns as ColumnMapping) : null;
  };

  const start = async (check: boolean) => {
    if (!file) {
      setProblem(NO_FILE_TEXT);
      return;
    }
    // Upload pressed before the header was read: a file that needs a mapping shows the proposed one first, so
    // its columns are never guessed without the operator seeing them (and confirming by pressing again).
    if (!header && (await headerRead.current)) return;
    if (chosen.current !== file) return;
    const chosenColumns = mapping();
    if (chosenColumns === null) {
      setProblem('Choose the column that holds each of name, gender and nationality.');
      return;
    }
    setProblem(null);
    if (header && chosenColumns) rememberColumns(header, chosenColumns);
    const jobId = nanoid();
    handOffFile(jobId, file);
    dispatch(
      bulkImportRequested({ jobId, fileName: file.name, fileSize: file.size, check, ...(chosenColumns ? { columns: chosenColumns } : {}) }),
    );
    // Forget the choice after an import: pressing Upload again must not import the same rows a second time by
    // accident. A check keeps it, so Upload then imports the file just checked.
    if (!check) choose(null);
  };

  return (
    <Card variant="outlined">
      <CardContent>
        <Stack spacing={2}>
          <Typography variant="h6" component="h2">
            Upload names from a CSV file
          </Typography>
          <CsvFilePicker file={file} disabled={running} onChange={choose} />
          {file && header && <ColumnMappingFields fields={header} columns={columns} disabled={running} onChange={setColumns} />}
          <Stack direction="row" spacing={1}>
            <Button variant="contained" onClick={() => void start(false)} disabled={running}>
              Upload
            </Button>
            <Button variant="outlined" onClick={() => void start(true)} disabled={running}>
              Check file
            </Button>
          </Stack>
          {problem && <Alert severity="warning">{problem}</Alert>}
          {job && (
            <JobStatus
              job={job}
              progressText={checking ? `Checking ${job.label} (nothing is written)…` : `Importing ${job.label}…`}
              progressLabel={checking ? 'Check progress' : 'Import progress'}
              cancellingText="Cancelling: waiting for the batches already sent…"
              onCancel={() => dispatch(jobCancelRequested({ id: job.id }))}
              figures={<ImportFigures job={job} />}
            />
          )}
          <Divider />
          <CsvFormatHelp />
        </Stack>
      </CardContent>
    </Card>
  );
}
