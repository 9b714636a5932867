import { configureStore, type ThunkAction, type UnknownAction } from '@reduxjs/toolkit';

import { api } from '../api/api';
import { authReducer } from '../features/auth/authSlice';
import { toastReducer } from './toast/toastSlice';

export function createAppStore() {
  return configureStore({
    reducer: {
      [api.reducerPath]: api.reducer,
      auth: authReducer,
      toast: toastReducer,
    },
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof createAppStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
export type AppThunk<R = void> = ThunkAction<R, RootState, unknown, UnknownAction>;
