import type { UserView, VerifyResponse } from '@contract';

import { api, type ApiError, describeError } from '../../api/api';
import { clearToken, readToken, storeToken, takeStoredToken } from '../../api/tokenStorage';
import type { AppThunk } from '../../app/store';
import { showToast } from '../../app/toast/toastSlice';
import { getPhantomProvider } from '../wallet/phantom';
import { authApi } from './authApi';
import { signedIn, signedOut } from './authSlice';

/** Where the server sends the browser back after linking an X account. */
export const X_LINK_RETURN_PATH = '/profile';

/**
 * Takes `?token=` / `?error=` (the X sign-in return) out of the address bar so a
 * login code never stays in history. An error is only logged (docs/product.md).
 * Returns the login code to verify, if any.
 */
export function takeAuthParamsFromAddress(): string | null {
  const url = new URL(window.location.href);
  // The profile reads its own `?error=`: the return of "link your X account" (XAccountRow).
  if (url.pathname === X_LINK_RETURN_PATH) return null;
  const code = url.searchParams.get('token');
  const error = url.searchParams.get('error');
  if (code === null && error === null) return null;
  if (error !== null) console.error('X sign-in failed:', error);
  url.searchParams.delete('token');
  url.searchParams.delete('error');
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  return code || null;
}

/** Keeps the session token and seeds the user cache so the first screen needs no extra call. */
export function startSession(user: UserView, token: string): AppThunk {
  return (dispatch) => {
    storeToken(token);
    dispatch(authApi.util.upsertQueryEntries([{ endpointName: 'getUser', arg: undefined, value: user }]));
    dispatch(signedIn());
  };
}

function startVerifiedSession(verified: VerifyResponse, presentedToken: string): AppThunk {
  // A login code is exchanged for a session token; a session token is answered without one.
  const { token: sessionToken, ...user } = verified;
  return startSession(user, sessionToken ?? presentedToken);
}

/** 4xx: the server looked at the token and refused it. 5xx or no answer says nothing about the token. */
function isRefusedToken(error: ApiError): boolean {
  return typeof error.status === 'number' && error.status >= 400 && error.status < 500;
}

/**
 * Decides the first screen: verify a login code from the address, else the stored token, else
 * sign-in. The decision is shown once `firstScreenCode` (fetched alongside by main.tsx) is in too,
 * so the loading screen gives way to a screen that is ready rather than to another loader.
 */
export function bootstrapAuth(
  loginCode: string | null,
  firstScreenCode: Promise<unknown> = Promise.resolve(),
): AppThunk<Promise<void>> {
  return async (dispatch) => {
    const decision = await decideSession(dispatch, loginCode);
    await firstScreenCode.catch(() => undefined);
    dispatch(decision);
  };
}

async function decideSession(
  dispatch: Parameters<AppThunk>[0],
  loginCode: string | null,
): Promise<AppThunk | ReturnType<typeof signedOut>> {
  const verify = (token: string) => dispatch(authApi.endpoints.verifySession.initiate(token, { track: false }));

  if (loginCode) {
    const result = await verify(loginCode);
    if (result.data) return startVerifiedSession(result.data, loginCode);
    dispatch(showToast({ ...describeError(result.error, 'Sign-in Failed'), variant: 'destructive' }));
  }

  const storedToken = takeStoredToken();
  if (!storedToken) return signedOut();
  const result = await verify(storedToken);
  if (result.data) return startVerifiedSession(result.data, storedToken);
  const error = result.error as ApiError;
  if (isRefusedToken(error)) clearToken();
  // Offline, the OFFLINE screen says it; a toast would still be on screen once the network is back.
  else if (navigator.onLine)
    dispatch(showToast({ title: 'Server Unreachable', description: error.message, variant: 'destructive' }));
  return signedOut();
}

/**
 * docs/product.md: clears the token and the user (all cached data) and disconnects Phantom if present.
 * The server is told to refuse the token from now on (or every session of the account, `everywhere`);
 * the browser forgets it at once whatever the answer, so signing out works offline too.
 */
export function logout(everywhere = false): AppThunk {
  return (dispatch) => {
    const token = readToken();
    if (token) void dispatch(authApi.endpoints.endSession.initiate({ token, everywhere }));
    clearToken();
    // Signed-out first, so no mounted screen refetches its data once the cache is gone.
    dispatch(signedOut());
    dispatch(api.util.resetApiState());
    const provider = getPhantomProvider();
    if (provider) Promise.resolve(provider.disconnect()).catch(() => undefined);
  };
}
