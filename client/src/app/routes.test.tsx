import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { signedOut } from '../features/auth/authSlice';
import { jsonResponse, makeUser, mockFetch, renderApp, signedInStore } from '../test/fixtures';
import { screenAt } from './routes';
import { createAppStore } from './store';

const CONFIG = {
  publicUrl: 'http://localhost:3000',
  solanaCluster: 'devnet',
  solanaRpcUrl: 'https://api.devnet.solana.com',
  treasuryAddress: '11111111111111111111111111111111',
  aiEngine: 'SWEAT_LOCAL_COACH_V1',
  twitterLogin: false,
};

describe('routes', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows LOADING_SYSTEM... while the session is checked', () => {
    renderApp('/', createAppStore());
    expect(screen.getByText('LOADING_SYSTEM...')).toBeTruthy();
  });

  it('shows only the login screen to a signed-out visitor, whatever the path', async () => {
    mockFetch(() => jsonResponse(CONFIG));
    const store = createAppStore();
    store.dispatch(signedOut());
    renderApp('/credits', store);

    expect(await screen.findByRole('button', { name: 'CONNECT_PHANTOM_WALLET' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    expect(((await screen.findByRole('button', { name: 'SIGN_IN_WITH_X' })) as HTMLButtonElement).disabled).toBe(true);
    expect(await screen.findByText(/SWEAT_LOCAL_COACH_V1/)).toBeTruthy();
  });

  it('answers an unknown path with the Page Not Found card, titled as the page, and a link home', async () => {
    renderApp('/no/such/page');
    const card = await screen.findByRole('region', { name: 'Page Not Found' });
    expect(within(card).getByRole('heading', { level: 1 }).textContent).toBe('Page Not Found');
    expect(within(card).getByRole('link').getAttribute('href')).toBe('/');
  });

  it.each([
    ['signed in', () => signedInStore()],
    [
      'signed out',
      () => {
        const store = createAppStore();
        store.dispatch(signedOut());
        return store;
      },
    ],
  ])('starts every page (%s) with a skip link to its main content', async (_, makeStore) => {
    mockFetch(() => jsonResponse(CONFIG));
    renderApp('/about', makeStore());
    await userEvent.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(document.activeElement).toBe(skip);
    await userEvent.click(skip);
    expect(document.activeElement).toBe(await screen.findByRole('main'));
  });

  it.each([
    ['/workouts', 'TRAINING_MODULE'],
    ['/programs', 'PROGRAMS'],
    ['/progress', 'ANALYTICS_MODULE'],
    ['/credits', 'CREDITS_AND_REWARDS'],
    ['/about', 'ABOUT_SWEAT_CREDITS'],
    ['/dashboard', 'SWEAT_CREDITS_SYS'],
  ])('renders %s with its title', async (path, title) => {
    // The progress page's log charts read their own shape; every other read may answer the config.
    mockFetch((url) => jsonResponse(url.endsWith('/api/log/progress') ? { weeks: [], e1rm: [], volume: [] } : CONFIG));
    renderApp(path);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(title);
  });

  it('shows the top nav links and the username, and LOGOUT returns to the login screen', async () => {
    mockFetch(() => jsonResponse(CONFIG));
    const { store } = renderApp('/about', signedInStore(makeUser({ username: 'kai_lift' })));
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['DASHBOARD', 'WORKOUTS', 'PROGRAMS', 'PROGRESS', 'CREDITS', 'PROFILE', 'ABOUT']);
    expect(screen.getByText('kai_lift')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'LOGOUT' }));
    expect(await screen.findByRole('button', { name: 'CONNECT_PHANTOM_WALLET' })).toBeTruthy();
    expect(store.getState().auth.status).toBe('signedOut');
    expect(localStorage.getItem('authToken')).toBeNull();
  });

  it("keeps SIGN_OUT_EVERYWHERE in the username's menu; it ends every session on the server", async () => {
    const fetchMock = mockFetch((url) => jsonResponse(url.endsWith('/logout-all') ? { ok: true } : CONFIG));
    const { store } = renderApp('/about', signedInStore(makeUser({ username: 'kai_lift' })));
    await userEvent.click(screen.getByText('kai_lift'));
    await userEvent.click(screen.getByRole('button', { name: 'SIGN_OUT_EVERYWHERE' }));
    expect(await screen.findByRole('button', { name: 'CONNECT_PHANTOM_WALLET' })).toBeTruthy();
    expect(store.getState().auth.status).toBe('signedOut');
    expect(fetchMock.mock.calls.map(([request]) => new URL((request as Request).url).pathname)).toContain(
      '/api/auth/logout-all',
    );
  });
});

describe('screenAt', () => {
  it("finds the code-split screen of a path, the dashboard's at / and /dashboard", () => {
    expect(screenAt('/')).toBe(screenAt('/dashboard'));
    expect(screenAt('/workouts/')).not.toBeNull();
    expect(screenAt('/workouts')).not.toBe(screenAt('/credits'));
  });

  it('answers null for other paths, including names every object has', () => {
    for (const path of ['/nope', '/constructor', '/toString', '/__proto__']) expect(screenAt(path)).toBeNull();
  });
});
