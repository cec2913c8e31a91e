// The audit logs feature's public surface: what the app shell wires in. The page is loaded lazily by path.
export { auditLogsReducer } from './auditLogsSlice';
export { auditExportSaga } from './auditExportSaga';
