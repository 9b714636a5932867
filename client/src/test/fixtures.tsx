import type { ActivityView, UserView } from '@contract';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { vi } from 'vitest';

import { routes } from '../app/routes';
import { type AppStore, createAppStore } from '../app/store';
import { startSession } from '../features/auth/session';

export function makeUser(overrides: Partial<UserView> = {}): UserView {
  return {
    id: '65f0c0ffee0000000000beef',
    username: 'kai_lift',
    walletAddress: null,
    twitterHandle: 'kai_lift',
    xLinked: true,
    sweatCredits: 120,
    pendingCredits: 0,
    dailyStreak: 3,
    currentStreak: 3,
    longestStreak: 9,
    profileRank: 'ROOKIE',
    fitnessLevel: 'intermediate',
    height: 180,
    weight: 77.5,
    age: 31,
    goal: null,
    equipment: [],
    limitations: [],
    units: 'metric',
    timeZone: 'UTC',
    totalWorkouts: 12,
    latestBmi: 23.92,
    referralLink: 'http://localhost:3000/ref/kai_lift',
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** An imported activity as GET /api/activities answers it (a verdict's `activity` is the same without id and day). */
export function makeActivity(overrides: Partial<ActivityView> = {}): ActivityView {
  return {
    id: '65f0c0ffee0000000000a001',
    day: '2026-11-23',
    format: 'fit',
    kind: 'running',
    startedAt: '2026-11-23T07:30:00.000Z',
    durationSeconds: 2100,
    distanceMeters: 6012.3,
    heartRateAvg: 142,
    heartRateMax: 171,
    calories: 385,
    steps: 5880,
    device: 'Garmin fr255Music',
    ...overrides,
  };
}

/** What GET /api/credits/packages answers: the server's table (docs/product.md). */
export const CREDIT_PACKAGES = [
  { credits: 100, sol: 0.001, usd: 0.2, lamports: 1_000_000 },
  { credits: 500, sol: 0.005, usd: 0.95, lamports: 5_000_000 },
  { credits: 1000, sol: 0.009, usd: 1.8, lamports: 9_000_000 },
  { credits: 2500, sol: 0.02, usd: 4.25, lamports: 20_000_000 },
];

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** Replaces fetch; each call answers with `respond(url, request)`. */
export function mockFetch(respond: (url: string, request: Request) => Response | Promise<Response>) {
  const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    return Promise.resolve(respond(request.url, request));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export function signedInStore(user: UserView = makeUser()): AppStore {
  const store = createAppStore();
  store.dispatch(startSession(user, 'session-token'));
  return store;
}

export function renderApp(path: string, store: AppStore = signedInStore()) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  return {
    store,
    router,
    ...render(
      <Provider store={store}>
        <RouterProvider router={router} />
      </Provider>,
    ),
  };
}
