/** The session token lives in localStorage under `authToken` (docs/product.md; ARCHITECTURE Identity). */
const TOKEN_KEY = 'authToken';
/** An older spelling of the key: read once, moved to TOKEN_KEY, removed. */
const LEGACY_TOKEN_KEY = 'auth_token';

export function readToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

/** Reads the stored token, first moving a legacy `auth_token` over (a current `authToken` wins). */
export function takeStoredToken(): string | null {
  const legacy = localStorage.getItem(LEGACY_TOKEN_KEY);
  if (legacy !== null) {
    localStorage.removeItem(LEGACY_TOKEN_KEY);
    if (readToken() === null && legacy) localStorage.setItem(TOKEN_KEY, legacy);
  }
  return readToken();
}

export function storeToken(token: string): void {
  localStorage.setItem(TOKEN_KEY, token);
}

export function clearToken(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(LEGACY_TOKEN_KEY);
}
