// The Data Export feature's public surface: its sagas (wired by the root saga) and the catalogue texts.
export { dataExportSaga } from './dataExportSaga';
export { restoreSaga } from './restore/restoreSaga';
export { EXPORT_ERRORS } from './exportMessages';
