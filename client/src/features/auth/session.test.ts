import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { createAppStore } from '../../app/store';
import { jsonResponse, makeUser, mockFetch, signedInStore } from '../../test/fixtures';
import type { PhantomProvider } from '../wallet/phantom';
import { authApi } from './authApi';
import { bootstrapAuth, logout, takeAuthParamsFromAddress } from './session';

const bearerOf = (request: Request) => request.headers.get('Authorization');

describe('takeAuthParamsFromAddress', () => {
  beforeEach(() => window.history.replaceState(null, '', '/'));

  it('takes the login code out of the address and keeps the rest', () => {
    window.history.replaceState(null, '', '/credits?token=code-1&tab=ledger#top');
    expect(takeAuthParamsFromAddress()).toBe('code-1');
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe(
      '/credits?tab=ledger#top',
    );
  });

  it('only logs an error parameter, then removes it', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    window.history.replaceState(null, '', '/?error=X%20sign-in%20was%20cancelled');
    expect(takeAuthParamsFromAddress()).toBeNull();
    expect(log).toHaveBeenCalledWith('X sign-in failed:', 'X sign-in was cancelled');
    expect(window.location.search).toBe('');
  });

  it('leaves the profile’s return from linking X to the profile page', () => {
    window.history.replaceState(
      null,
      '',
      '/profile?error=Linking%20your%20X%20account%20was%20cancelled&code=X_LINK_FAILED',
    );
    expect(takeAuthParamsFromAddress()).toBeNull();
    expect(window.location.search).toBe('?error=Linking%20your%20X%20account%20was%20cancelled&code=X_LINK_FAILED');
  });

  it('leaves an address without them alone', () => {
    window.history.replaceState(null, '', '/progress?x=1');
    expect(takeAuthParamsFromAddress()).toBeNull();
    expect(window.location.search).toBe('?x=1');
  });
});

describe('bootstrapAuth', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('verifies a login code and keeps the session token it is exchanged for', async () => {
    const fetchMock = mockFetch(() => jsonResponse({ ...makeUser({ username: 'from_x' }), token: 'session-jwt' }));
    const store = createAppStore();
    await store.dispatch(bootstrapAuth('login-code'));

    expect(bearerOf(fetchMock.mock.calls[0][0] as Request)).toBe('Bearer login-code');
    expect(localStorage.getItem('authToken')).toBe('session-jwt');
    expect(store.getState().auth.status).toBe('signedIn');
    expect(authApi.endpoints.getUser.select()(store.getState()).data?.username).toBe('from_x');
  });

  it("shows its decision only once the first screen's code is in as well", async () => {
    localStorage.setItem('authToken', 'stored-jwt');
    const fetchMock = mockFetch(() => jsonResponse(makeUser()));
    const store = createAppStore();
    let codeArrives: () => void = () => undefined;
    const firstScreenCode = new Promise<void>((resolve) => (codeArrives = resolve));
    const done = store.dispatch(bootstrapAuth(null, firstScreenCode));

    // The session is verified (answered, then given time to be read)…
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(localStorage.getItem('authToken')).toBe('stored-jwt');
    // …but the loading screen stays until the screen it leads to can render.
    expect(store.getState().auth.status).toBe('checking');
    codeArrives();
    await done;
    expect(store.getState().auth.status).toBe('signedIn');
  });

  it('moves a legacy auth_token to authToken and signs in with it', async () => {
    localStorage.setItem('auth_token', 'legacy-jwt');
    const fetchMock = mockFetch(() => jsonResponse(makeUser()));
    const store = createAppStore();
    await store.dispatch(bootstrapAuth(null));

    expect(bearerOf(fetchMock.mock.calls[0][0] as Request)).toBe('Bearer legacy-jwt');
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(localStorage.getItem('authToken')).toBe('legacy-jwt');
    expect(store.getState().auth.status).toBe('signedIn');
  });

  it('prefers a current authToken over the legacy one, which is still removed', async () => {
    localStorage.setItem('authToken', 'current-jwt');
    localStorage.setItem('auth_token', 'legacy-jwt');
    const fetchMock = mockFetch(() => jsonResponse(makeUser()));
    await createAppStore().dispatch(bootstrapAuth(null));

    expect(bearerOf(fetchMock.mock.calls[0][0] as Request)).toBe('Bearer current-jwt');
    expect(localStorage.getItem('auth_token')).toBeNull();
  });

  it('deletes a token the server refuses and shows the login screen', async () => {
    localStorage.setItem('authToken', 'expired-jwt');
    mockFetch(() => jsonResponse({ statusCode: 401, message: 'Session expired', error: 'Unauthorized' }, 401));
    const store = createAppStore();
    await store.dispatch(bootstrapAuth(null));

    expect(localStorage.getItem('authToken')).toBeNull();
    expect(store.getState().auth.status).toBe('signedOut');
  });

  it('keeps the token when the server is down (a 5xx says nothing about it)', async () => {
    localStorage.setItem('authToken', 'good-jwt');
    mockFetch(() => new Response('', { status: 503, statusText: 'Service Unavailable' }));
    const store = createAppStore();
    await store.dispatch(bootstrapAuth(null));

    expect(localStorage.getItem('authToken')).toBe('good-jwt');
    expect(store.getState().auth.status).toBe('signedOut');
    expect(store.getState().toast.current?.description).toBe('503: Service Unavailable');
  });

  it('keeps the token without a toast when the app starts offline (its OFFLINE screen says so)', async () => {
    localStorage.setItem('authToken', 'good-jwt');
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const store = createAppStore();
    await store.dispatch(bootstrapAuth(null));

    expect(localStorage.getItem('authToken')).toBe('good-jwt');
    expect(store.getState().auth.status).toBe('signedOut');
    expect(store.getState().toast.current).toBeNull();
  });

  it('goes to the login screen without calling the server when nothing is stored', async () => {
    const fetchMock = mockFetch(() => jsonResponse(makeUser()));
    const store = createAppStore();
    await store.dispatch(bootstrapAuth(null));

    expect(fetchMock).not.toHaveBeenCalled();
    expect(store.getState().auth.status).toBe('signedOut');
  });
});

describe('logout', () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    [false, '/api/auth/logout'],
    [true, '/api/auth/logout-all'],
  ])(
    'ends the session on the server with its own token (everywhere: %s), signed out at once',
    async (everywhere, path) => {
      const fetchMock = mockFetch(() => jsonResponse({ ok: true }));
      const store = signedInStore();
      store.dispatch(logout(everywhere));
      expect(store.getState().auth.status).toBe('signedOut');
      await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledOnce());
      const request = fetchMock.mock.calls[0][0] as Request;
      expect([request.method, new URL(request.url).pathname, bearerOf(request)]).toEqual([
        'POST',
        path,
        'Bearer session-token',
      ]);
    },
  );

  it('signs out even when the server cannot be reached, without a toast', async () => {
    const fetchMock = mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const store = signedInStore();
    store.dispatch(logout());
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledOnce());
    expect(store.getState().auth.status).toBe('signedOut');
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(store.getState().toast.current).toBeNull();
  });

  it('clears the token and the user and disconnects Phantom', () => {
    mockFetch(() => jsonResponse({ ok: true }));
    const disconnect = vi.fn(() => Promise.resolve());
    window.phantom = { solana: { isPhantom: true, disconnect } as unknown as PhantomProvider };
    const store = signedInStore();
    expect(authApi.endpoints.getUser.select()(store.getState()).data).toBeDefined();

    store.dispatch(logout());

    expect(localStorage.getItem('authToken')).toBeNull();
    expect(store.getState().auth.status).toBe('signedOut');
    expect(authApi.endpoints.getUser.select()(store.getState()).data).toBeUndefined();
    expect(disconnect).toHaveBeenCalledOnce();
  });
});
