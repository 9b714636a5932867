import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds on screen (docs/product.md: 5000 by default). */
  duration?: number;
}

export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant: ToastVariant;
  duration: number;
}

export const TOAST_DURATION_MS = 5000;

interface ToastState {
  /** docs/product.md: one toast at a time; a new one replaces the one on screen. */
  current: Toast | null;
  lastId: number;
}

const initialState: ToastState = { current: null, lastId: 0 };

const toastSlice = createSlice({
  name: 'toast',
  initialState,
  reducers: {
    showToast(state, action: PayloadAction<ToastInput>) {
      const { title, description, variant = 'default', duration = TOAST_DURATION_MS } = action.payload;
      state.lastId += 1;
      state.current = { id: state.lastId, title, description, variant, duration };
    },
    /** Dismisses toast `id` only if it is still the one shown (a late timer must not close its successor). */
    dismissToast(state, action: PayloadAction<number>) {
      if (state.current?.id === action.payload) state.current = null;
    },
  },
});

export const { showToast, dismissToast } = toastSlice.actions;
export const toastReducer = toastSlice.reducer;
