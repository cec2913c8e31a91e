// Shared export plumbing: CSV text, the file the text goes to and dated names. The paged job loop
// that drives them is in the jobs feature (exportJob.ts): it reports to the jobs slice.
export { cellOf, createCsvWriter, fieldColumns, FORMULA_START, UTF8_BOM, type CsvCell, type CsvColumn, type CsvWriter } from './csvWriter';
export { datedFileName } from './fileNames';
export {
  blobSink,
  browserFileSinkHost,
  openFileSink,
  SaveCancelledError,
  type FileSink,
  type FileSinkHost,
  type OpenFileSinkOptions,
  type ShowSaveFilePicker,
} from './fileSink';
export { createJsonArrayWriter, type JsonArrayWriter } from './jsonWriter';
export { csvRecordCounter } from './csvRecords';
