// STUB: replaced by the session work (issue 2).
export function* sessionSaga() {}
