// STUB: replaced by the session work (issue 2). Shape is fixed: status + user.
import { createSlice } from '@reduxjs/toolkit';
export type SessionStatus = 'loading' | 'signedIn' | 'signedOut';
const initialState = { status: 'loading' as SessionStatus };
const slice = createSlice({ name: 'session', initialState, reducers: {} });
export const sessionReducer = slice.reducer;
