// Wire contract of checking a CSV file before importing it ("Check file" on Bulk Upload). The console runs its whole
// import pipeline (decoding, parsing, the row rules, batching) and sends each batch to a check instead of the import:
//   - POST /api/admin/import-checks starts one ({ id });
//   - POST /api/admin/import-checks/:id/batches { names } answers what importing that batch would do, counted exactly as
//     POST /api/admin/names/bulk-import counts (added, duplicates of live names or of rows earlier in the file, rows whose
//     name is in the trash), and writes no name: the check keeps only the keys of the rows it would add, so a row
//     repeated in a later batch counts as the duplicate it would be;
//   - DELETE /api/admin/import-checks/:id ends it: its totals, and the keys are dropped. The check is on the
//     console-action trail (IMPORT_CHECK_ACTION) with its totals.
// A batch is validated like an import's (one invalid row refuses the batch with the same 400). A check not ended
// (the page closed) is dropped after IMPORT_CHECK_RETENTION_HOURS. What the import then does may differ by what other
// operators change in between: the check says what would happen now.

export const IMPORT_CHECK_RETENTION_HOURS = 24;
export const IMPORT_CHECK_ACTION = 'names.import_check';
