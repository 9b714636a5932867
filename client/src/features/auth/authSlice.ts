import { createSlice } from '@reduxjs/toolkit';

import { sessionRefused } from '../../api/api';
import type { RootState } from '../../app/store';

/** docs/product.md: loading, then signed-out or signed-in. The user itself lives in the `getUser` query cache. */
export type AuthStatus = 'checking' | 'signedOut' | 'signedIn';

const authSlice = createSlice({
  name: 'auth',
  initialState: { status: 'checking' as AuthStatus },
  reducers: {
    signedIn(state) {
      state.status = 'signedIn';
    },
    signedOut(state) {
      state.status = 'signedOut';
    },
  },
  extraReducers: (builder) => {
    builder.addCase(sessionRefused, (state) => {
      state.status = 'signedOut';
    });
  },
});

export const { signedIn, signedOut } = authSlice.actions;
export const authReducer = authSlice.reducer;
export const selectAuthStatus = (state: RootState) => state.auth.status;
