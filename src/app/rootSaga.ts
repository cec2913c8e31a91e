import { all, fork } from 'redux-saga/effects';
import { sessionSaga } from '../features/session/sessionSaga';
import { bulkUploadSaga } from '../features/bulkUpload/bulkUploadSaga';

export function* rootSaga() {
  yield all([fork(sessionSaga), fork(bulkUploadSaga)]);
}
