// STUB: replaced by the Manage Names work (issue 3).
import { createSlice } from '@reduxjs/toolkit';
const slice = createSlice({ name: 'names', initialState: {}, reducers: {} });
export const namesReducer = slice.reducer;
