// The Data Export feature's public surface: its sagas (wired by the root saga) and the catalogue texts.
export { dataExportSaga } from './dataExportSaga';
export { restorePreviewSaga } from './restorePreview';
export { EXPORT_ERRORS } from './exportMessages';
