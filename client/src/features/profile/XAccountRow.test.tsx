import type { ProfileView, UserView } from '@contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { jsonResponse, makeUser, mockFetch, renderApp, signedInStore } from '../../test/fixtures';

const PROFILE: ProfileView = {
  age: 30,
  height: 180,
  weight: 80,
  goal: null,
  equipment: [],
  limitations: [],
  units: 'metric',
  timeZone: 'UTC',
  savedAt: '2026-11-20T10:00:00.000Z',
  health: { pregnancy: null, pregnancyWeeks: null, weeksSinceBirth: null, usedToHighImpact: false, conditions: [] },
};
const CONFIG = {
  publicUrl: 'http://localhost',
  solanaCluster: 'devnet',
  solanaRpcUrl: 'x',
  treasuryAddress: 'x',
  aiEngine: 'LOCAL',
  twitterLogin: true,
};
const WALLET_MEMBER = makeUser({ xLinked: false, twitterHandle: null });

/** A fake API for /profile; `linkCode` answers POST /api/auth/twitter/link-code. */
function serve(user: UserView, options: { twitterLogin?: boolean; linkCode?: () => Response } = {}) {
  const posted: string[] = [];
  mockFetch((url, request) => {
    const path = new URL(url).pathname;
    if (request.method === 'POST') posted.push(path);
    if (path === '/api/user') return jsonResponse(user);
    if (path === '/api/config') return jsonResponse({ ...CONFIG, twitterLogin: options.twitterLogin ?? true });
    if (path === '/api/profile') return jsonResponse(PROFILE);
    if (path === '/api/auth/twitter/link-code')
      return options.linkCode?.() ?? jsonResponse({ code: 'c'.repeat(48), expiresAt: '2026-12-02T03:00:00.000Z' });
    return jsonResponse([]);
  });
  const store = signedInStore(user);
  renderApp('/profile', store);
  return { store, posted };
}

describe('the profile’s X ACCOUNT row', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    window.history.replaceState(null, '', '/');
  });

  it('shows LINKED @handle for a member with X linked', async () => {
    serve(makeUser({ xLinked: true, twitterHandle: 'kai_lift' }));
    expect((await screen.findByTestId('x-account-status')).textContent).toMatch(/^LINKED @kai_lift/);
    expect(screen.queryByRole('button', { name: 'LINK_X_ACCOUNT' })).toBeNull();
  });

  it('offers LINK_X_ACCOUNT with the reason, and navigates to X with a single-use link code', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, href: window.location.href });
    const { posted } = serve(WALLET_MEMBER);
    const button = await screen.findByRole('button', { name: 'LINK_X_ACCOUNT' });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    expect(document.getElementById(button.getAttribute('aria-describedby')!)!.textContent).toBe(
      'Posts earn credits only from your own X account.',
    );
    await userEvent.click(button);
    await waitFor(() => expect(assign).toHaveBeenCalledWith(`/api/auth/twitter?link=${'c'.repeat(48)}`));
    expect(posted).toEqual(['/api/auth/twitter/link-code']);
  });

  it('says why LINK_X_ACCOUNT is off when the server has no X app configured', async () => {
    serve(WALLET_MEMBER, { twitterLogin: false });
    const button = await screen.findByRole('button', { name: 'LINK_X_ACCOUNT' });
    await waitFor(() =>
      expect(document.getElementById(button.getAttribute('aria-describedby')!)!.textContent).toMatch(
        /Linking X is not available on this server\.$/,
      ),
    );
    expect((button as HTMLButtonElement).disabled).toBe(true);
  });

  it('toasts the return from X, linked or why not, and takes the parameters out of the address', async () => {
    window.history.replaceState(null, '', '/profile?xLinked=kai_lift');
    const linked = serve(makeUser({ xLinked: true, twitterHandle: 'kai_lift' }));
    await waitFor(() =>
      expect(linked.store.getState().toast.current).toMatchObject({
        title: 'X Account Linked!',
        description: expect.stringContaining('@kai_lift'),
      }),
    );
    expect(window.location.search).toBe('');
  });

  it('toasts a refused link with the server’s reason', async () => {
    window.history.replaceState(
      null,
      '',
      '/profile?error=This%20X%20account%20is%20already%20linked%20to%20another%20member&code=X_ACCOUNT_TAKEN',
    );
    const refused = serve(WALLET_MEMBER);
    await waitFor(() =>
      expect(refused.store.getState().toast.current).toMatchObject({
        title: 'X Account Not Linked',
        description: 'This X account is already linked to another member',
        variant: 'destructive',
      }),
    );
    expect(window.location.search).toBe('');
  });
});
