import { useState } from 'react';
import { nanoid } from '@reduxjs/toolkit';
import { Alert, Button, Card, CardContent, Divider, Stack, Typography } from '@mui/material';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { jobCancelRequested, JobStatus, selectLatestJobOfKind } from '../../jobs';
import { bulkImportRequested } from '../bulkUploadActions';
import { handOffFile } from '../fileHandoff';
import { NO_FILE_TEXT } from '../importReport';
import { CsvFilePicker } from './CsvFilePicker';
import { CsvFormatHelp } from './CsvFormatHelp';
import { ImportFigures } from './ImportFigures';

/** Choose a CSV and start the import job; the job's progress and report come from the jobs slice. */
export function ImportCard() {
  const dispatch = useAppDispatch();
  const job = useAppSelector((state) => selectLatestJobOfKind(state, 'bulkImport'));
  const running = job?.state === 'running';
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const upload = () => {
    if (!file) {
      setProblem(NO_FILE_TEXT);
      return;
    }
    setProblem(null);
    const jobId = nanoid();
    handOffFile(jobId, file);
    dispatch(bulkImportRequested({ jobId, fileName: file.name, fileSize: file.size }));
    // Forget the choice: pressing Upload again must not import the same rows a second time by accident.
    setFile(null);
  };

  return (
    <Card variant="outlined">
      <CardContent>
        <Stack spacing={2}>
          <Typography variant="h6" component="h2">
            Upload names from a CSV file
          </Typography>
          <CsvFilePicker
            file={file}
            disabled={running}
            onChange={(chosen) => {
              setFile(chosen);
              setProblem(null);
            }}
          />
          <div>
            <Button variant="contained" onClick={upload} disabled={running}>
              Upload
            </Button>
          </div>
          {problem && <Alert severity="warning">{problem}</Alert>}
          {job && (
            <JobStatus
              job={job}
              progressText={`Importing ${job.label}…`}
              progressLabel="Import progress"
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
