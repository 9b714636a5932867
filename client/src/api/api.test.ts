import { afterEach, describe, expect, it, vi } from 'vitest';

import { createAppStore } from '../app/store';
import { mockFetch } from '../test/fixtures';
import { type ApiError, baseQuery, describeError } from './api';

function callBaseQuery(args: Parameters<typeof baseQuery>[0], store = createAppStore(), endpoint = 'test') {
  const api = {
    signal: new AbortController().signal,
    abort: vi.fn(),
    dispatch: store.dispatch,
    getState: store.getState,
    extra: undefined,
    endpoint,
    type: 'query' as const,
  };
  return baseQuery(args, api, {});
}

describe('baseQuery', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('turns a non-OK answer into "<status>: <body text>" and keeps the server error fields', async () => {
    const body = JSON.stringify({
      statusCode: 401,
      code: 'AUTH_BAD_SIGNATURE',
      message: 'Signature does not match',
      error: 'Unauthorized',
    });
    mockFetch(() => new Response(body, { status: 401, statusText: 'Unauthorized' }));
    const result = await callBaseQuery('auth/phantom');
    expect(result.error).toEqual({
      status: 401,
      message: `401: ${body}`,
      code: 'AUTH_BAD_SIGNATURE',
      title: 'Unauthorized',
      detail: 'Signature does not match',
    });
  });

  it('uses the status text when the body is empty', async () => {
    mockFetch(() => new Response('', { status: 502, statusText: 'Bad Gateway' }));
    const result = await callBaseQuery('user');
    expect(result.error?.message).toBe('502: Bad Gateway');
    expect(result.error?.title).toBeUndefined();
  });

  it('keeps a plain-text body verbatim', async () => {
    mockFetch(() => new Response('upstream exploded', { status: 500, statusText: 'Internal Server Error' }));
    const result = await callBaseQuery('user');
    expect(result.error?.message).toBe('500: upstream exploded');
  });

  it('parses JSON on success and sends the stored bearer with credentials included', async () => {
    localStorage.setItem('authToken', 'jwt-123');
    const fetchMock = mockFetch(() => new Response(JSON.stringify({ ok: true }), { status: 200 }));
    const result = await callBaseQuery('user');
    expect(result.data).toEqual({ ok: true });
    const request = fetchMock.mock.calls[0][0] as Request;
    expect(request.url).toBe(`${window.location.origin}/api/user`);
    expect(request.headers.get('Authorization')).toBe('Bearer jwt-123');
    expect(request.credentials).toBe('include');
  });

  it('signs out when the stored session is refused mid-use, but not when a sign-in call is refused', async () => {
    const store = createAppStore();
    localStorage.setItem('authToken', 'jwt-expired');
    mockFetch(
      () =>
        new Response('{"statusCode":401,"message":"Invalid or expired session","error":"Unauthorized"}', {
          status: 401,
        }),
    );
    await callBaseQuery('auth/verify', store, 'verifySession');
    expect(localStorage.getItem('authToken')).toBe('jwt-expired');
    await callBaseQuery('transactions', store, 'getTransactions');
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(store.getState().auth.status).toBe('signedOut');
    expect(store.getState().toast.current?.title).toBe('Session Expired');
  });

  it('lets a call bring its own bearer', async () => {
    localStorage.setItem('authToken', 'jwt-123');
    const fetchMock = mockFetch(() => new Response('{}', { status: 200 }));
    await callBaseQuery({ url: 'auth/verify', headers: { Authorization: 'Bearer login-code' } });
    expect((fetchMock.mock.calls[0][0] as Request).headers.get('Authorization')).toBe('Bearer login-code');
  });
});

describe('describeError', () => {
  it('prefers the server title and message, falling back to the generic text', () => {
    const withBody: ApiError = { status: 429, message: '429: {...}', title: 'Too Many Requests', detail: 'Slow down' };
    const bare: ApiError = { status: 502, message: '502: Bad Gateway' };
    expect(describeError(withBody, 'Sign-in Failed')).toEqual({ title: 'Too Many Requests', description: 'Slow down' });
    expect(describeError(bare, 'Sign-in Failed')).toEqual({ title: 'Sign-in Failed', description: '502: Bad Gateway' });
  });

  it('chooses the product’s title by the error code, whatever title the server sent', () => {
    const refused: ApiError = {
      status: 409,
      message: '409: {...}',
      code: 'LEDGER_INSUFFICIENT_CREDITS',
      title: 'Conflict',
      detail: 'Not enough',
    };
    expect(describeError(refused, 'Redeem Failed')).toEqual({
      title: 'Insufficient Credits',
      description: 'Not enough',
    });
  });
});
