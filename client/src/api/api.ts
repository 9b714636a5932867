import type { ErrorBody, ErrorCode } from '@contract';
import { createAction } from '@reduxjs/toolkit';
import { type BaseQueryFn, createApi, type FetchArgs, fetchBaseQuery } from '@reduxjs/toolkit/query/react';

import { showToast } from '../app/toast/toastSlice';
import { CACHE_TAGS } from './cacheTable';
import { SPEC_TOAST_TITLES } from './errorTitles';
import { clearToken, readToken } from './tokenStorage';

/**
 * Every failed call rejects with this. `message` is docs/product.md generic text
 * (`<status>: <body text or status text>`); `code`, `title` and `detail` are the server's
 * `code`, `error` and `message` fields when it answered with its error shape, for toasts.
 */
export interface ApiError {
  status: number | 'FETCH_ERROR' | 'PARSING_ERROR' | 'TIMEOUT_ERROR' | 'CUSTOM_ERROR';
  message: string;
  code?: ErrorCode;
  title?: string;
  detail?: string;
}

// Absolute so the same code runs in the browser and under the test runner's fetch.
const API_BASE = `${window.location.origin}/api`;

/** Keeps the raw text of a failed response (docs/product.md quotes it verbatim); parses JSON on success. */
async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!response.ok) return text;
  return text ? (JSON.parse(text) as unknown) : null;
}

const rawBaseQuery = fetchBaseQuery({
  baseUrl: API_BASE,
  credentials: 'include',
  responseHandler: readBody,
  prepareHeaders: (headers) => {
    // A call may bring its own bearer (verifying a login code); otherwise use the stored session.
    const token = readToken();
    if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);
    return headers;
  },
});

function parseErrorBody(text: string): ErrorBody | null {
  try {
    const body = JSON.parse(text) as Partial<ErrorBody>;
    return typeof body.message === 'string' && typeof body.error === 'string' ? (body as ErrorBody) : null;
  } catch {
    return null;
  }
}

/** The server refused the stored session mid-use (the token is already cleared); the auth feature signs out on it. */
export const sessionRefused = createAction('api/sessionRefused');

/** Calls that present their own credentials: a 401 there is an answer about them, not about the session. */
const SIGN_IN_ENDPOINTS = new Set(['verifySession', 'getPhantomChallenge', 'phantomSignIn', 'endSession']);

export const baseQuery: BaseQueryFn<string | FetchArgs, unknown, ApiError> = async (args, queryApi, extraOptions) => {
  const result = await rawBaseQuery(args, queryApi, extraOptions);
  if (!result.error) return { data: result.data, meta: result.meta };
  const { error } = result;
  if (error.status === 401 && readToken() && !SIGN_IN_ENDPOINTS.has(queryApi.endpoint)) {
    // The stored session expired or was revoked mid-use: back to the login screen, nothing cached kept.
    clearToken();
    queryApi.dispatch(sessionRefused());
    queryApi.dispatch(api.util.resetApiState());
    queryApi.dispatch(
      showToast({ title: 'Session Expired', description: 'Please sign in again.', variant: 'destructive' }),
    );
  }
  if (typeof error.status === 'number') {
    const text = typeof error.data === 'string' ? error.data : '';
    const body = parseErrorBody(text);
    return {
      error: {
        status: error.status,
        message: `${error.status}: ${text || result.meta?.response?.statusText || ''}`,
        code: body?.code,
        title: body?.error,
        detail: body?.message,
      },
      meta: result.meta,
    };
  }
  return { error: { status: error.status, message: error.error }, meta: result.meta };
};

/**
 * The one RTK Query api. Features add their endpoints with `api.injectEndpoints`; what each
 * mutation makes stale is the cache table's (cacheTable.ts).
 * docs/product.md: no retry, no refetch on focus, no polling, data never goes stale. When the browser comes
 * back online the screens' data is fetched again (main.tsx sets up the listener): answers may have
 * been missed while it was away.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: CACHE_TAGS,
  keepUnusedDataFor: Infinity,
  refetchOnFocus: false,
  refetchOnReconnect: true,
  refetchOnMountOrArgChange: false,
  endpoints: () => ({}),
});

export function isApiError(error: unknown): error is ApiError {
  return typeof error === 'object' && error !== null && 'status' in error && 'message' in error;
}

/** Title and text for a toast about a failed call: the product’s title for its code, else the server's own wording. */
export function describeError(error: unknown, fallbackTitle: string): { title: string; description: string } {
  if (isApiError(error)) {
    const specTitle = error.code && SPEC_TOAST_TITLES[error.code];
    return { title: specTitle || error.title || fallbackTitle, description: error.detail ?? error.message };
  }
  return {
    title: fallbackTitle,
    description: error instanceof Error ? error.message : 'Something went wrong. Please try again.',
  };
}
