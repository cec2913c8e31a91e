// STUB: replaced by the import-job work (issue 3).
export function* bulkUploadSaga() {}
