// The one signal that the backend refused the session mid-way (HTTP 401 on a request that carried
// a token). Dispatched by the session saga when the auth port says so (observeSessionEnded, which hears every
// request's 401 from src/api/http.ts); the saga signs out to /login with a notice, and the guard remembers the
// page to return to.
import { createAction } from '@reduxjs/toolkit';

export const sessionRejected = createAction<{ reason: string }>('api/sessionRejected');
